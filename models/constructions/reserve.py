"""Reserves: k + 1, k + 3 or k + 5 players against k on k boards, with about k breaks.

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
k + 2 for k = 2 mod 4 (A: k - 2, B: 4), against the proven bound of k + 1 (rules 1 and 3)
(``models/bounds/proven.py: unequal_break_bound``): optimal for k = 0 mod 4; the construction this replaced had
about 4k.  Every
schedule is checked by the verifier in the tests (``tests/models/constructions/test_reserve.py``).

**Several reserves** (:func:`reserves_schedule`): an odd number p > k + 1 of A players sitting out in
turn (the caller's rotation), k even.  Every A player still plays k games, so the same team B and the
same steps (a) and (b) apply; only A's choices differ: every colour sequence over the rounds the
player plays with at most one break and exactly h Whites, read as phases.  u's phases are X on rounds
1..c and Y after, c nearest p/4 first.  For p = k + 3 it finds k - 4 breaks and for p = k + 5, k - 8
at nearly every even k (the more sit-outs, the more free changes of phase), where the constructions
before had about 3k; a few small sizes get none (9 against 6, 15 against 10, 19 against 14), and
p = k + 7 only some sizes (``benchmarks/results/reserves/reserves.md``).

**Odd k = 2h + 1** (even p): team B has h alternators of each phase and a single special w, with one
change of phase and exactly p/2 Whites (rule 1 for w, and with it rule 3's count over the match: B's
Whites are p*h + p/2 = p*k/2).  A round then has h or h + 1 A players in phase X (h + 1 where w is in
phase Y), which keeps rule 3's per-round count; an A player's k games (odd) have at most one break
and so Whites within one of Blacks whatever the break's place; and it meets w once, in phase X
exactly when its X rounds number h + 1.  The same two models and Koenig split apply.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass

import networkx as nx
from ortools.sat.python import cp_model

from scheveningen.models.constructions.sitouts import one_worker_solver
from scheveningen.models.domain.schedule import Schedule

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


@dataclass(frozen=True)
class _Team:
    """Team B: ``alternators`` X players (numbers 1..n) and as many Y players (n + 1..2n), then the
    specials, numbered on from 2n + 1, each with its phase round by round (True for X)."""

    alternators: int
    specials: tuple[tuple[bool, ...], ...]

    def y_players_in(self, r: int) -> int:
        """Team B's players in phase Y in round r, so team A's in phase X."""
        return self.alternators + sum(not phases[r - 1] for phases in self.specials)


def special_phases(k: int) -> list[bool]:
    """u's phase round by round in the reserve match (index r - 1, True for X); v has the other."""
    rounds, h = k + 1, k // 2
    if k % 4 == 0:
        return [r <= k // 4 for r in range(1, rounds + 1)]
    return [r <= 2 or r >= h + 2 for r in range(1, rounds + 1)]


def _pair(u_x: list[bool]) -> tuple[tuple[bool, ...], ...]:
    return (tuple(u_x), tuple(not x for x in u_x))


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


def _one_break_choices(played: list[int], team: _Team) -> list[_Choice]:
    """Every colour sequence over the rounds ``played`` (from 1, in order) with at most one break and
    Whites within one of Blacks (rule 1; with one break rule 2 holds), as phases, with as many X
    rounds as team B's Y alternators plus none, some or all of the specials."""
    games = len(played)
    fewest, most = team.alternators, team.alternators + len(team.specials)
    out: dict[frozenset[int], int] = {}
    for first_white in (True, False):
        # Alternating from first_white, game i is White when first_white == (i even), and in phase X
        # when that matches its round's parity; a break after game ``at`` flips every later game.
        white = [first_white == (i % 2 == 0) for i in range(games)]
        in_x = [w == (r % 2 == 1) for w, r in zip(white, played, strict=True)]
        whites_before = list(itertools.accumulate(white, initial=0))
        x_before = list(itertools.accumulate(in_x, initial=0))
        for at in [games - 1, *range(games - 1)]:  # games - 1: no break
            later = games - at - 1
            whites = whites_before[at + 1] + later - (whites_before[games] - whites_before[at + 1])
            x_count = x_before[at + 1] + later - (x_before[games] - x_before[at + 1])
            if abs(2 * whites - games) <= 1 and fewest <= x_count <= most:
                key = frozenset(r for i, r in enumerate(played) if in_x[i] != (i > at))
                out[key] = min(out.get(key, 1), 0 if at == games - 1 else 1)
    return [_Choice(x, b) for x, b in sorted(out.items(), key=lambda item: (item[1], sorted(item[0])))]


def _can_meet_specials(played: list[int], choice: _Choice, team: _Team) -> bool:
    """Whether an A player, so phased, has rounds to meet every special as its count of X rounds
    requires: x X rounds leave x - (Y alternators) meetings with specials to play in phase X (the
    special then in phase Y), the others in phase Y; some split of the specials must have, for each,
    a round the player plays in that phase with the special in the other."""
    need = len(choice.x_rounds) - team.alternators
    if not 0 <= need <= len(team.specials):
        return False

    def some(phases: tuple[bool, ...], a_is_x: bool) -> bool:
        return any((r in choice.x_rounds) == a_is_x and phases[r - 1] != a_is_x for r in played)

    return any(
        all(some(phases, i in in_x) for i, phases in enumerate(team.specials))
        for in_x in itertools.combinations(range(len(team.specials)), need)
    )


def _phases(
    options: dict[int, list[_Choice]], team: _Team, rounds: int, work: float, deadline: float | None
) -> dict[int, _Choice] | None:
    """(a): a choice for every A player, as many in phase X in every round as team B has in phase Y,
    fewest with a break."""
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
        model.add(sum(in_x[r]) == team.y_players_in(r))
    model.minimize(sum(breaking))
    solver = one_worker_solver(work, deadline)
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return {a: next(c for c, lit in choices if solver.boolean_value(lit)) for a, choices in picks.items()}


def _specials(
    played: dict[int, list[int]], team: _Team, chosen: dict[int, _Choice], work: float, deadline: float | None
) -> dict[tuple[int, int], int] | None:
    """(b): for every round and special the A player it meets; ``{(a, r): index of the special}``."""
    model = cp_model.CpModel()
    meets: dict[tuple[int, int, int], cp_model.IntVar] = {}
    for a, rounds in played.items():
        for r in rounds:
            for i, phases in enumerate(team.specials):
                if (r in chosen[a].x_rounds) != phases[r - 1]:  # a game needs different phases
                    meets[a, r, i] = model.new_bool_var(f"meets[{a},{r},{i}]")
    by_round: dict[tuple[int, int], list[cp_model.IntVar]] = {}  # (round, special)
    by_player: dict[tuple[int, int], list[cp_model.IntVar]] = {}  # (A player, special)
    by_game: dict[tuple[int, int], list[cp_model.IntVar]] = {}  # (A player, round)
    in_x: dict[int, list[cp_model.IntVar]] = {a: [] for a in played}
    for (a, r, i), lit in meets.items():
        by_round.setdefault((r, i), []).append(lit)
        by_player.setdefault((a, i), []).append(lit)
        by_game.setdefault((a, r), []).append(lit)
        if r in chosen[a].x_rounds:
            in_x[a].append(lit)
    for i, phases in enumerate(team.specials):
        for r in range(1, len(phases) + 1):
            model.add_exactly_one(by_round.get((r, i), []))
        for a in played:
            model.add_exactly_one(by_player.get((a, i), []))
    for a in played:
        # Each A player is in one game a round, and its X rounds beyond team B's Y alternators are
        # exactly its games against specials in phase Y.
        for r in played[a]:
            model.add_at_most_one(by_game.get((a, r), []))
        model.add(sum(in_x[a]) == len(chosen[a].x_rounds) - team.alternators)
    solver = one_worker_solver(work, deadline)
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return {(a, r): i for (a, r, i), lit in meets.items() if solver.boolean_value(lit)}


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
    team: _Team,
    work: float,
    deadline: float | None,
) -> Schedule | None:
    """Steps (a) and (b) for team B as ``team`` says, then the alternators' games by Koenig."""
    rounds, n = len(team.specials[0]), team.alternators
    # The phases' model may take 60% of the time left, so that the specials' model has the rest.
    first = None if deadline is None else time.monotonic() + 0.6 * max(deadline - time.monotonic(), 0)
    chosen = _phases(options, team, rounds, work, first)
    if chosen is None:
        return None
    specials = _specials(played, team, chosen, work, deadline)
    if specials is None:
        return None
    opponent = {(a, r): 2 * n + 1 + i for (a, r), i in specials.items()}
    # The other X-phase games go to team B's Y players n + 1..2n, the Y-phase ones to its X players 1..n.
    for a_x, first in ((True, n + 1), (False, 1)):
        cells = [
            (a, r)
            for a, rs in played.items()
            for r in rs
            if (r in chosen[a].x_rounds) == a_x and (a, r) not in opponent
        ]
        for number, matching in enumerate(_split(cells, n)):
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
    team = _Team(k // 2 - 1, _pair(special_phases(k)))
    played = {z: [r for r in range(1, k + 2) if r != z] for z in range(1, k + 2)}
    options = {z: [c for c in _reserve_choices(k, z) if _can_meet_specials(played[z], c, team)] for z in played}
    return _design(k, played, options, team, work, deadline)


def _one_change(rounds: int, even_whites: bool) -> list[tuple[bool, ...]]:
    """Phases X on rounds 1..c and Y after, c nearest rounds/4 first (the reserve match's choice), with
    Whites within one of Blacks (exactly half when ``even_whites``: for a special of odd k)."""
    out: list[tuple[bool, ...]] = []
    for c in sorted(range(1, rounds), key=lambda c: (abs(4 * c - rounds), c)):
        phases = tuple(r <= c for r in range(1, rounds + 1))
        whites = sum(x == (r % 2 == 1) for r, x in enumerate(phases, start=1))
        if abs(2 * whites - rounds) <= (0 if even_whites else 1):
            out.append(phases)
    return out


def reserves_schedule(
    plays: list[list[bool]],
    k: int,
    tries: int = RESERVES_TRIES,
    work: float = RESERVE_WORK,
    deadline: float | None = None,
) -> Schedule | None:
    """p A players (sitting out as ``plays[a][r]``, from 0, says) against k >= 4 B players who play
    every round, rules 1-3 kept, every A player with at most one break and team B with one or two
    players with one change of phase; ``None`` when none of the first ``tries`` phase patterns gives
    one within the work.  Either k even and p odd above k + 1, or k odd and p even.

    Even k: the reserve match's team B (h - 1 alternators of each phase and the pair u, v).  Odd
    k = 2h + 1: h alternators of each phase and one special w, with exactly p/2 Whites (rule 1, and
    rule 3's whole-match count), so a round has h or h + 1 A players in phase X.  Each A player's
    colours are free among all those with at most one break over the rounds it plays."""
    p, rounds = len(plays), len(plays[0]) if plays else 0
    if k < 4 or (k % 2 == 0 and (p % 2 == 0 or p <= k + 1)) or (k % 2 == 1 and p % 2 == 1) or p <= k:
        raise ValueError(
            "reserves_schedule needs an odd number of A players above k + 1 against even k, or an even number "
            f"above k against odd k, with k >= 4; got {p} and {k}"
        )
    played = {a + 1: [r + 1 for r in range(rounds) if plays[a][r]] for a in range(p)}
    if k % 2 == 0:
        teams = [_Team(k // 2 - 1, _pair(list(u_x))) for u_x in _one_change(rounds, even_whites=False)]
    else:
        teams = [_Team(k // 2, (w_x,)) for w_x in _one_change(rounds, even_whites=True)]
    if not teams:
        return None
    every = {a: _one_break_choices(rs, teams[0]) for a, rs in played.items()}  # the same for every team tried
    for team in teams[:tries]:
        if deadline is not None and time.monotonic() >= deadline:
            return None
        options = {a: [c for c in every[a] if _can_meet_specials(played[a], c, team)] for a in played}
        if (schedule := _design(k, played, options, team, work, deadline)) is not None:
            return schedule
    return None
