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

**Several reserves** (:func:`reserves_schedule`): an odd number p > k + 1 of A players sitting out in
turn (the caller's rotation), k even.  Every A player still plays k games, so the same team B and the
same steps (a) and (b) apply; only A's choices differ: every colour sequence over the rounds the
player plays with at most one break and exactly h Whites, read as phases.  u's phases are X on rounds
1..c and Y after, c nearest p/4 first.  For p = k + 3 it finds k - 4 breaks and for p = k + 5, k - 8
at nearly every even k (the more sit-outs, the more free changes of phase), where the constructions
before had about 3k; a few small sizes get none (9 against 6, 15 against 10, 19 against 14), and
p = k + 7 only some sizes (``benchmarks/results/reserves.md``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import networkx as nx
from ortools.sat.python import cp_model

from scheveningen.models.schedule import Schedule

#: Deterministic time for each of the two models (both finish well within it up to 100 boards).
RESERVE_WORK = 5.0

#: How many of u's phase patterns the reserves' match tries before giving up.
RESERVES_TRIES = 4


@dataclass(frozen=True)
class _Choice:
    """An A player's phases: ``x_rounds`` the rounds (from 1) it plays in phase X, ``breaks`` its
    breaks (0 or 1)."""

    x_rounds: frozenset[int]
    breaks: int


def special_phases(k: int) -> list[bool]:
    """u's phase round by round in the reserve match (index r - 1, True for X); v has the other."""
    rounds, h = k + 1, k // 2
    if k % 4 == 0:
        return [r <= k // 4 for r in range(1, rounds + 1)]
    return [r <= 2 or r >= h + 2 for r in range(1, rounds + 1)]


def _reserve_choices(k: int, z: int) -> list[_Choice]:
    """A_z's phases in the reserve match: first-block lengths h - 1, h, h + 1 with z + L odd, either
    phase first (module docstring)."""
    rounds, h = k + 1, k // 2
    out: list[_Choice] = []
    for length in (h - 1, h, h + 1):
        if (z + length) % 2 == 0:
            continue
        first = frozenset((z + t - 1) % rounds + 1 for t in range(1, length + 1))
        rest = frozenset((z + t - 1) % rounds + 1 for t in range(length + 1, k + 1))
        breaks = 0 if z + length == rounds else 1
        out.extend((_Choice(first, breaks), _Choice(rest, breaks)))
    return out


def _one_break_choices(played: list[int], h: int) -> list[_Choice]:
    """Every colour sequence over the rounds ``played`` (from 1, in order) with at most one break and
    exactly h Whites (rule 1; with one break rule 2 holds), as phases, with h - 1 to h + 1 X rounds."""
    out: dict[frozenset[int], int] = {}
    for first_white in (True, False):
        for at in [None, *range(len(played) - 1)]:
            white, whites, x_rounds = first_white, 0, []
            for i, r in enumerate(played):
                if i and at != i - 1:
                    white = not white
                whites += white
                if white == (r % 2 == 1):  # phase X: White in odd rounds, Black in even ones
                    x_rounds.append(r)
            if whites == h and h - 1 <= len(x_rounds) <= h + 1:
                key = frozenset(x_rounds)
                out[key] = min(out.get(key, 1), 0 if at is None else 1)
    return [_Choice(x, b) for x, b in sorted(out.items(), key=lambda item: (item[1], sorted(item[0])))]


def _can_meet_specials(played: list[int], choice: _Choice, u_x: list[bool], h: int) -> bool:
    """Whether an A player, so phased, has rounds to meet u and v as its count of X rounds requires.

    It meets u in phase X where u is Y and v in phase X where u is X (v is then Y); in phase Y the
    other way round.  With x X rounds it needs x - (h - 1) of the two meetings in phase X: both
    (x = h + 1), none (h - 1), or one, and then both in rounds of the same kind of u (both where u is
    X or both where u is Y: one meeting in each phase there)."""

    def some(u_is_x: bool, a_is_x: bool) -> bool:
        return any(u_x[r - 1] == u_is_x and (r in choice.x_rounds) == a_is_x for r in played)

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


def _phases(
    options: dict[int, list[_Choice]], rounds: int, h: int, work: float, deadline: float | None
) -> dict[int, _Choice] | None:
    """(a): a choice for every A player, h of them in phase X in every round, fewest with a break."""
    model = cp_model.CpModel()
    picks: dict[int, list[tuple[_Choice, cp_model.IntVar]]] = {}
    in_x: dict[int, list[cp_model.IntVar]] = {r: [] for r in range(1, rounds + 1)}
    breaking: list[cp_model.IntVar] = []
    for a, choices in options.items():
        if not choices:
            return None
        literals = [model.new_bool_var(f"choice[{a},{i}]") for i in range(len(choices))]
        model.add_exactly_one(literals)
        picks[a] = list(zip(choices, literals, strict=True))
        for choice, literal in picks[a]:
            for r in choice.x_rounds:
                in_x[r].append(literal)
            if choice.breaks:
                breaking.append(literal)
    for r in range(1, rounds + 1):
        model.add(sum(in_x[r]) == h)
    model.minimize(sum(breaking))
    solver = _solver(work, deadline)
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return {a: next(c for c, lit in choices if solver.boolean_value(lit)) for a, choices in picks.items()}


def _specials(
    played: dict[int, list[int]],
    u_x: list[bool],
    chosen: dict[int, _Choice],
    h: int,
    work: float,
    deadline: float | None,
) -> dict[tuple[int, int], str] | None:
    """(b): for every round the A player meeting u and the one meeting v; ``{(a, r): "u" or "v"}``."""
    model = cp_model.CpModel()
    meets: dict[tuple[int, int, str], cp_model.IntVar] = {}
    for a, rounds in played.items():
        for r in rounds:
            # u meets the A player when their phases differ; v (phase not u's) when they agree.
            special = "u" if (r in chosen[a].x_rounds) != u_x[r - 1] else "v"
            meets[a, r, special] = model.new_bool_var(f"meets[{a},{r},{special}]")
    for special in "uv":
        for r in range(1, len(u_x) + 1):
            model.add_exactly_one(lit for (_a, rr, s), lit in meets.items() if rr == r and s == special)
        for a in played:
            model.add_exactly_one(lit for (aa, _r, s), lit in meets.items() if aa == a and s == special)
    for a in played:
        in_x = [lit for (aa, r, _s), lit in meets.items() if aa == a and r in chosen[a].x_rounds]
        model.add(sum(in_x) == len(chosen[a].x_rounds) - (h - 1))
    solver = _solver(work, deadline)
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return {(a, r): s for (a, r, s), lit in meets.items() if solver.boolean_value(lit)}


def _split(cells: list[tuple[int, int]], degree: int) -> list[dict[int, int]]:
    """A ``degree``-regular bipartite graph of (A player, round) cells as ``degree`` perfect
    matchings {player: round}, by Hopcroft-Karp on integer nodes (the same on every run)."""
    players = sorted({a for a, _r in cells})
    offset = 1 + max(players, default=0)
    left = sorted(cells)
    out = []
    for _ in range(degree):
        graph = nx.Graph()
        graph.add_nodes_from(players)
        graph.add_edges_from((a, offset + r) for a, r in left)
        found = nx.bipartite.hopcroft_karp_matching(graph, top_nodes=players)
        matching = {a: found[a] - offset for a in players if a in found}
        if len(matching) < len(players):
            raise RuntimeError("the alternators' games do not form a regular graph (bug)")
        out.append(matching)
        taken = set(matching.items())
        left = [cell for cell in left if cell not in taken]
    return out


def _design(
    k: int,
    played: dict[int, list[int]],
    options: dict[int, list[_Choice]],
    u_x: list[bool],
    work: float,
    deadline: float | None,
) -> Schedule | None:
    """Steps (a) and (b) for u's phases ``u_x``, then the alternators' games by Koenig."""
    rounds, h = len(u_x), k // 2
    chosen = _phases(options, rounds, h, work, deadline)
    if chosen is None:
        return None
    specials = _specials(played, u_x, chosen, h, work, deadline)
    if specials is None:
        return None
    opponent = {(a, r): (k - 1 if s == "u" else k) for (a, r), s in specials.items()}
    # The other X-phase games go to team B's Y players h..2h - 2, the Y-phase ones to X players 1..h - 1.
    for a_x, first in ((True, h), (False, 1)):
        cells = [
            (a, r)
            for a, rs in played.items()
            for r in rs
            if (r in chosen[a].x_rounds) == a_x and (a, r) not in opponent
        ]
        for number, matching in enumerate(_split(cells, h - 1)):
            for a, r in matching.items():
                opponent[a, r] = first + number
    pairings = []
    for r in range(1, rounds + 1):
        row = []
        for a in sorted(played):
            if r in played[a]:
                row.append((a, opponent[a, r], (r in chosen[a].x_rounds) == (r % 2 == 1)))
        pairings.append(row)
    return Schedule.from_pairings(pairings, team_a=len(played), team_b=k)


def reserve_schedule(k: int, work: float = RESERVE_WORK, deadline: float | None = None) -> Schedule | None:
    """k + 1 A players against k B players on k boards (k even, at least 4), rules 1-3 kept, with k + 1
    (k = 0 mod 4) or k + 2 breaks (module docstring); ``None`` if a model does not answer in its work.

    A player z sits out round z.  Team B: players 1..h - 1 are X (White in odd rounds), h..2h - 2 are
    Y, 2h - 1 is u and 2h is v."""
    if k < 4 or k % 2:
        raise ValueError(f"reserve_schedule needs an even number of boards from 4, got {k}")
    u_x = special_phases(k)
    played = {z: [r for r in range(1, k + 2) if r != z] for z in range(1, k + 2)}
    options = {z: [c for c in _reserve_choices(k, z) if _can_meet_specials(played[z], c, u_x, k // 2)] for z in played}
    return _design(k, played, options, u_x, work, deadline)


def _u_candidates(rounds: int) -> list[list[bool]]:
    """u's phases to try for the reserves' match, most promising first: X on rounds 1..c and Y after,
    c nearest rounds/4 first (the reserve match's choice), keeping u's Whites within one of half."""
    out: list[list[bool]] = []
    for c in sorted(range(1, rounds), key=lambda c: (abs(4 * c - rounds), c)):
        u_x = [r <= c for r in range(1, rounds + 1)]
        whites = sum(x == (r % 2 == 1) for r, x in enumerate(u_x, start=1))
        if abs(2 * whites - rounds) <= 1:
            out.append(u_x)
    return out


def reserves_schedule(
    plays: list[list[bool]],
    k: int,
    tries: int = RESERVES_TRIES,
    work: float = RESERVE_WORK,
    deadline: float | None = None,
) -> Schedule | None:
    """An odd number p > k + 1 of A players (sitting out as ``plays[a][r]``, from 0, says) against an
    even number k >= 4 of B players who play every round, rules 1-3 kept, every A player with at most
    one break and team B with two (u and v); ``None`` when none of u's first ``tries`` phase patterns
    gives one within the work.

    The same phases as :func:`reserve_schedule`, with each A player's colours free among all those
    with at most one break and h Whites over the rounds it plays (:func:`_one_break_choices`)."""
    p, rounds = len(plays), len(plays[0]) if plays else 0
    if k < 4 or k % 2 or p % 2 == 0 or p <= k + 1:
        raise ValueError(
            f"reserves_schedule needs an odd number of A players above k + 1 and even k >= 4, got {p} and {k}"
        )
    h = k // 2
    played = {a + 1: [r + 1 for r in range(rounds) if plays[a][r]] for a in range(p)}
    every = {a: _one_break_choices(rs, h) for a, rs in played.items()}
    for u_x in _u_candidates(rounds)[:tries]:
        if deadline is not None and time.monotonic() >= deadline:
            return None
        options = {a: [c for c in every[a] if _can_meet_specials(played[a], c, u_x, h)] for a in played}
        if (schedule := _design(k, played, options, u_x, work, deadline)) is not None:
            return schedule
    return None
