"""One reserve: k + 1 players against k on k boards, for even k, with about k breaks.

The commonest unequal match: one team brings a reserve.  Team A has p = k + 1 players, team B has
k, who play every round; the match has R = k + 1 rounds and each A player sits out exactly one, so
(renumbering team A) player A_z sits out round z.  Write k = 2h.

**Phases.**  A player is in phase X in a round where its colour is White in an odd round or Black in
an even one, and in phase Y otherwise.  Two players can meet only in a round where their phases
differ (then their colours differ).  A break inside a stretch of rounds a player plays is a change of
phase; across a sit-out (rounds z - 1 and z + 1 are consecutive games) it is the opposite: the same
phase on both sides is a break, a change is none.

**Team B.**  h - 1 players are X throughout and h - 1 are Y throughout (no break); the last two,
u and v, have opposite phases in every round, u following a fixed pattern U with one phase change
(k = 0 mod 4: X in rounds 1..k/4, Y after) or two (k = 2 mod 4: X in rounds 1..2 and h + 2..R, Y in
between).  So every round team B has h players in each phase, rules 1 and 2 hold for team B, and B
has 2 breaks (k = 0 mod 4) or 4.

**Team A.**  Read A_z's rounds cyclically from round z + 1 on (round R is followed by round 1).  A_z
takes phase phi on the first L of them and the other phase on the remaining k - L, with
L in {h - 1, h, h + 1} and z + L odd.  In time order that is at most one change inside a stretch of
games, plus a change across the sit-out (no break), so A_z has one break, or none when the first
block ends exactly at round R (z + L = R).  The break falls after an even number of A_z's games
(z + L odd), so A_z's k games have exactly h Whites (rule 1), and with one break there are never
three of a colour running (rule 2).

**What must be chosen.**  (a) For every z an L and a phi, such that every round has exactly h A
players in phase X.  Then every round has h Whites on each side (rule 3).  (b) For every round r, the
A player in phase X that meets whichever of u and v is in phase Y, and the A player in phase Y that
meets the other, such that every A player meets u once and v once.  Then A_z has, apart from u and v,
exactly h - 1 rounds in each phase if and only if its number of X rounds, x_z, less its meetings with
u or v while in phase X, is h - 1; this is a condition on (b).  Given (a) and (b), A's remaining
X-phase games form an (h - 1)-regular bipartite graph between A players and rounds, which splits into
h - 1 perfect matchings (Koenig), one for each Y player of team B; likewise the Y-phase games for the
X players.  So every pair meets exactly once (rule 0).

(a) is a small CP-SAT model over the at most four choices of each A player (minimising the A players
with a break); (b) is another over the possible special meetings.  Both run on one worker with a work
limit, so the schedule is the same on every run.  Breaks: k + 1 for k = 0 mod 4 (A: k - 1, B: 2),
k + 2 for k = 2 mod 4 (A: k - 2, B: 4), against the proven bound of ceil((k - 1)/2)
(``models/bounds.py: unequal_break_bound``); the construction this replaces had about 4k.  Every
schedule is checked by the verifier in the tests (``tests/test_reserve.py``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import networkx as nx
from ortools.sat.python import cp_model

from scheveningen.models.schedule import Schedule

#: Deterministic time for each of the two models (both finish well within it up to 100 boards).
RESERVE_WORK = 5.0


@dataclass(frozen=True)
class _Choice:
    """A_z's phases: the first ``length`` rounds after its sit-out (cyclically) in phase X when
    ``first_x``, the rest in the other; ``x_rounds`` the rounds (from 1) where it is X."""

    length: int
    first_x: bool
    x_rounds: frozenset[int]
    breaks: int


def special_phases(k: int) -> list[bool]:
    """u's phase round by round (index r - 1, True for X); v has the other."""
    rounds, h = k + 1, k // 2
    if k % 4 == 0:
        return [r <= k // 4 for r in range(1, rounds + 1)]
    return [r <= 2 or r >= h + 2 for r in range(1, rounds + 1)]


def _choices(k: int, z: int) -> list[_Choice]:
    """A_z's possible phases: first-block lengths h - 1, h, h + 1 with z + L odd, either phase first."""
    rounds, h = k + 1, k // 2
    out = []
    for length in (h - 1, h, h + 1):
        if (z + length) % 2 == 0 or length < 1:
            continue
        first = frozenset((z + t - 1) % rounds + 1 for t in range(1, length + 1))
        rest = frozenset((z + t - 1) % rounds + 1 for t in range(length + 1, k + 1))
        breaks = 0 if z + length == rounds else 1
        out.append(_Choice(length, True, first, breaks))
        out.append(_Choice(length, False, rest, breaks))
    return out


def _can_meet_specials(k: int, z: int, choice: _Choice, u_x: list[bool]) -> bool:
    """Whether A_z, so phased, has rounds to meet u and v as its count of X rounds requires.

    A_z in phase X meets u where u is Y and v where u is X (v is then Y); in phase Y the other way.
    With x_z X rounds it needs x_z - (h - 1) of the two meetings in phase X: both (x_z = h + 1), none
    (h - 1), or one, and then both in rounds of the same kind of u (both where u is X or both where u is
    Y: one meeting in each phase there)."""
    h = k // 2
    rounds = [r for r in range(1, k + 2) if r != z]

    def some(u_is_x: bool, a_is_x: bool) -> bool:
        return any(u_x[r - 1] == u_is_x and (r in choice.x_rounds) == a_is_x for r in rounds)

    x = len(choice.x_rounds)
    if x == h + 1:
        return some(False, True) and some(True, True)
    if x == h - 1:
        return some(True, False) and some(False, False)
    return (some(False, True) and some(False, False)) or (some(True, False) and some(True, True))


def _solver(work: float, deadline: float | None) -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.max_deterministic_time = work
    if deadline is not None:
        solver.parameters.max_time_in_seconds = max(deadline - time.monotonic(), 0.01)
    return solver


def _phases(k: int, u_x: list[bool], work: float, deadline: float | None) -> dict[int, _Choice] | None:
    """(a): a choice for every A player, h of them in phase X in every round, fewest with a break."""
    rounds, h = k + 1, k // 2
    model = cp_model.CpModel()
    picks: dict[int, list[tuple[_Choice, cp_model.IntVar]]] = {}
    in_x: dict[int, list[cp_model.IntVar]] = {r: [] for r in range(1, rounds + 1)}
    breaking: list[cp_model.IntVar] = []
    for z in range(1, rounds + 1):
        options = [c for c in _choices(k, z) if _can_meet_specials(k, z, c, u_x)]
        if not options:
            return None
        literals = [model.new_bool_var(f"choice[{z},{i}]") for i in range(len(options))]
        model.add_exactly_one(literals)
        picks[z] = list(zip(options, literals, strict=True))
        for option, literal in picks[z]:
            for r in option.x_rounds:
                in_x[r].append(literal)
            if option.breaks:
                breaking.append(literal)
    for r in range(1, rounds + 1):
        model.add(sum(in_x[r]) == h)
    model.minimize(sum(breaking))
    solver = _solver(work, deadline)
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return {z: next(c for c, lit in options if solver.boolean_value(lit)) for z, options in picks.items()}


def _specials(
    k: int, u_x: list[bool], chosen: dict[int, _Choice], work: float, deadline: float | None
) -> dict[tuple[int, int], str] | None:
    """(b): for every round the A player meeting u and the one meeting v; ``{(z, r): "u" or "v"}``."""
    rounds, h = k + 1, k // 2
    model = cp_model.CpModel()
    meets: dict[tuple[int, int, str], cp_model.IntVar] = {}
    for z in range(1, rounds + 1):
        for r in range(1, rounds + 1):
            if r == z:
                continue
            a_x = r in chosen[z].x_rounds
            # u meets A_z when their phases differ; v (phase not u's) when A_z's equals u's.
            special = "u" if a_x != u_x[r - 1] else "v"
            meets[z, r, special] = model.new_bool_var(f"meets[{z},{r},{special}]")
    for special in "uv":
        for r in range(1, rounds + 1):
            model.add_exactly_one(lit for (z, rr, s), lit in meets.items() if rr == r and s == special)
        for z in range(1, rounds + 1):
            model.add_exactly_one(lit for (zz, r, s), lit in meets.items() if zz == z and s == special)
    for z in range(1, rounds + 1):
        in_x = [lit for (zz, r, _s), lit in meets.items() if zz == z and r in chosen[z].x_rounds]
        model.add(sum(in_x) == len(chosen[z].x_rounds) - (h - 1))
    solver = _solver(work, deadline)
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return {(z, r): s for (z, r, s), lit in meets.items() if solver.boolean_value(lit)}


def _split(cells: list[tuple[int, int]], degree: int) -> list[dict[int, int]]:
    """A ``degree``-regular bipartite graph of (A player, round) cells as ``degree`` perfect
    matchings {player: round}, by Hopcroft-Karp on integer nodes (the same on every run)."""
    players = sorted({z for z, _r in cells})
    offset = 1 + max(players)
    left = sorted(cells)
    out = []
    for _ in range(degree):
        graph = nx.Graph()
        graph.add_nodes_from(players)
        graph.add_edges_from((z, offset + r) for z, r in left)
        found = nx.bipartite.hopcroft_karp_matching(graph, top_nodes=players)
        matching = {z: found[z] - offset for z in players if z in found}
        if len(matching) < len(players):
            raise RuntimeError("the alternators' games do not form a regular graph (bug)")
        out.append(matching)
        taken = set(matching.items())
        left = [cell for cell in left if cell not in taken]
    return out


def reserve_schedule(k: int, work: float = RESERVE_WORK, deadline: float | None = None) -> Schedule | None:
    """k + 1 A players against k B players on k boards (k even, at least 4), rules 1-3 kept, with k + 1
    (k = 0 mod 4) or k + 2 breaks (module docstring); ``None`` if a model does not answer in its work.

    A player z sits out round z.  Team B: players 1..h - 1 are X (White in odd rounds), h..2h - 2 are
    Y, 2h - 1 is u and 2h is v."""
    if k < 4 or k % 2:
        raise ValueError(f"reserve_schedule needs an even number of boards from 4, got {k}")
    rounds, h = k + 1, k // 2
    u_x = special_phases(k)
    chosen = _phases(k, u_x, work, deadline)
    if chosen is None:
        return None
    specials = _specials(k, u_x, chosen, work, deadline)
    if specials is None:
        return None
    opponent: dict[tuple[int, int], int] = {(z, r): (k - 1 if s == "u" else k) for (z, r), s in specials.items()}
    # The other X-phase games go to team B's Y players h..2h - 2, the Y-phase ones to X players 1..h - 1.
    for a_x, first in ((True, h), (False, 1)):
        cells = [
            (z, r)
            for z in range(1, rounds + 1)
            for r in range(1, rounds + 1)
            if r != z and (r in chosen[z].x_rounds) == a_x and (z, r) not in opponent
        ]
        for number, matching in enumerate(_split(cells, h - 1)):
            for z, r in matching.items():
                opponent[z, r] = first + number
    pairings = []
    for r in range(1, rounds + 1):
        row = []
        for z in range(1, rounds + 1):
            if z != r:
                a_x = r in chosen[z].x_rounds
                row.append((z, opponent[z, r], a_x == (r % 2 == 1)))  # X: White in odd rounds
        pairings.append(row)
    return Schedule.from_pairings(pairings, team_a=k + 1, team_b=k)
