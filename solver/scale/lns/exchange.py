"""Exchanges after a swap of opponents across colours: two flipped team mates trade their games.

After two boards swapped opponents across colours in the last played round, the two flipped B
players (or A players) had opposite colours there, so each now alternates in the other's phase and can
meet only the other's kind of opponents.  :func:`exchange_phases` lets the two exchange their games,
opponents and colours (:func:`swap_roles`), in the first unplayed round or rounds and again in the
last few: the shortest such exchange (:func:`exchange_plans`) after which each can still meet everyone
it has left in rounds of opposite colours (Hall's condition, :func:`can_meet_everyone`); the pairs the
exchange makes meet twice are re-paired in the exchanged and damaged rounds with every colour kept.
That costs the image's breaks plus two to six (16-100 boards) and takes a few tenths of a second; the
repairs tried after it (``solver/scale/lns/repair.py``) then look for better in the time left.  With
it every one of the twelve seeded swaps at 80-100 boards is answered (image plus six: 86, 104, 106 at
80, 90, 100 boards).  After colours reversed (players of both teams flipped) the same exchange in both
teams passes Hall's condition but its part was infeasible at 80 boards however many rounds were
added, so it is not tried there.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator

import networkx as nx

from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import Match
from scheveningen.models.domain.rules import Rule
from scheveningen.solver.scale.lns import part
from scheveningen.solver.scale.lns.budget import Budget, first_wall, spent, work_cap
from scheveningen.solver.scale.lns.damage import damaged_rounds
from scheveningen.solver.scale.lns.rules import row_keeps_rules

#: Exchanges of at most this many rounds are tried first by :func:`exchange_phases`, cheapest in breaks
#: first, then the longer ones (fewer breaks, but a part too large to solve at 80-100 boards).
SHORT_EXCHANGE = 8
#: Exchanges that :func:`exchange_phases` re-pairs before giving up, and the plans it checks
#: (:func:`everyone_met`) to find that many.
EXCHANGE_TRIES = 6
EXCHANGE_CHECKS = 60


def exchange_plans(
    match: Match, rows: list[list[bool]], first: int, p: int, q: int, relaxed: frozenset[Rule]
) -> Iterator[tuple[int, list[int]]]:
    """The sets of unplayed rounds in which two team mates ``p`` and ``q`` may exchange their colours,
    as (their breaks after the exchange, the rounds), in the order :func:`exchange_phases` tries them:
    those of at most :data:`SHORT_EXCHANGE` rounds first, then the others (listed only when asked
    for), each kind cheapest first, then shortest.

    A set is the rounds from ``first`` (the first unplayed one) up to some round and from a later
    round to the end, either part possibly empty: an exchange reaching the end costs one change of
    colour fewer than one in the middle.  Only sets after which both players keep rule 1 and rule 2
    (in the unplayed rounds) are listed.
    """
    total = len(rows[p])
    run = match.rules.max_run if Rule.NO_THREE_IN_A_ROW.on(match.rules) else 0
    balance = Rule.COLOUR_BALANCE.on(match.rules) and Rule.COLOUR_BALANCE not in relaxed

    def fits(row: list[bool]) -> bool:
        return row_keeps_rules(row, balance, run, max(0, first - run))

    def plans(short: bool) -> list[tuple[int, int, list[int]]]:
        found = []
        for end in range(first, total + 1):
            for again in range(end, total + 1):
                size = end - first + total - again
                if size == 0 or (size <= SHORT_EXCHANGE) != short:
                    continue
                rounds = [*range(first, end), *range(again, total)]
                new_p, new_q = list(rows[p]), list(rows[q])
                for r in rounds:
                    new_p[r], new_q[r] = rows[q][r], rows[p][r]
                if fits(new_p) and fits(new_q):
                    cost = sum(row[r] == row[r + 1] for row in (new_p, new_q) for r in range(total - 1))
                    found.append((cost, size, rounds))
        return sorted(found, key=lambda plan: plan[:2])

    for short in (True, False):
        for cost, _size, rounds in plans(short):
            yield cost, rounds


def can_meet_everyone(own: list[bool], others: list[list[bool]], met: set[int], first: int) -> bool:
    """Whether a player with colours ``own`` can meet every opponent not in ``met`` in its own unplayed
    round (from ``first``) where the two have opposite colours (``others``: the opponents' rows):
    Hall's condition, by a maximum matching of opponents to rounds."""
    todo = [o for o in range(len(others)) if o not in met]
    graph = nx.Graph()
    graph.add_nodes_from(("o", o) for o in todo)
    graph.add_edges_from((("o", o), ("r", r)) for o in todo for r in range(first, len(own)) if others[o][r] != own[r])
    matching = nx.bipartite.hopcroft_karp_matching(graph, top_nodes=[("o", o) for o in todo])
    return all(("o", o) in matching for o in todo)


def everyone_met(grid: Grid, a_players: set[int], b_players: set[int], first: int) -> bool:
    """Whether each of the given players can still meet everyone it has not met in the rounds before
    ``first``, in a round from ``first`` where the two have opposite colours in ``grid``
    (:func:`can_meet_everyone`)."""
    rows_a, rows_b = grid.colours()
    checks = [(rows_a[a], rows_b, {grid.opp[r][a] for r in range(first)}) for a in a_players]
    checks += [(rows_b[b], rows_a, {grid.inverse(r)[b] for r in range(first)}) for b in b_players]
    return all(can_meet_everyone(own, others, met, first) for own, others, met in checks)


def exchange_phases(
    match: Match,
    current: Grid,
    flipped: tuple[set[int], set[int]],
    deadline: float,
    work: float | None,
    workers: int,
    seed: int,
    relaxed: frozenset[Rule] = frozenset(),
    board_excess: int = 0,
) -> tuple[Grid | None, float]:
    """After two boards swapped opponents across colours (two players of one team flipped): the two
    flipped team mates exchange their games, opponents and colours, in a few unplayed rounds, and the
    pairs that then meet twice are re-paired with every colour kept.

    In a design where nearly everybody alternates, the two flipped players had opposite colours in the
    deviating round, so each now alternates in the other's phase: it must change colour in the first
    unplayed round, and can then meet only the other's kind of opponents.  Exchanging the two
    players' games from that round on gives each the colours it needs for a while; the exchange ends
    where their colours fit again, and starts again near the end so that each meets as many opponents
    of each kind as it has left (:func:`everyone_met` checks that before any model is built).  The
    pairs the exchange makes meet twice are then re-paired in the exchanged and damaged rounds alone,
    every player keeping its colour in every round (:func:`solve_part` with no colour free: a matching
    problem whose solutions all have the exchanged grid's breaks).  A short exchange costs a few breaks
    more than a long one, but its part is small: 80-100 boards, some ten rounds solved in a few tenths
    of a second, where the long exchange (a part of some 35 rounds) was not solved in 30 s.  After
    colours reversed (players of both teams flipped) no exchange of this shape lets the flipped players
    meet everyone (80 boards), so none is tried.  (None, work) when no exchange works.
    """
    k = len(match.played)
    teams = [team for team in flipped if team]
    if not k or len(teams) != 1 or len(teams[0]) != 2:
        return None, 0.0
    p, q = sorted(teams[0])
    a_rows, b_rows = current.colours()
    rows = a_rows if flipped[0] else b_rows
    a_pair, b_pair = ({p, q}, set()) if flipped[0] else (set(), {p, q})
    used = 0.0
    tries = 0
    for checked, (_cost, rounds) in enumerate(exchange_plans(match, rows, k, p, q, relaxed)):
        left = deadline - time.monotonic()
        if spent(left, work, used):
            break
        if tries >= EXCHANGE_TRIES or checked >= EXCHANGE_CHECKS:
            break
        grid = swap_roles(current, rounds, a_pair, b_pair)
        if not everyone_met(grid, a_pair, b_pair, k):
            continue
        tries += 1
        free = set(rounds) | damaged_rounds(match, grid)
        cap = work_cap(1.0, work, used)
        result = part.solve_part(
            match,
            grid,
            free,
            set(),
            Budget(first_wall(left, work), cap, workers, seed),
            relaxed=relaxed,
            board_excess=board_excess,
            colour_players=(set(), set()),
            minimise=False,
        )
        used += result.work
        if result.grid is not None:
            return result.grid, used
    return None, used


def swap_roles(grid: Grid, rounds: Iterable[int], a_players: set[int], b_players: set[int]) -> Grid:
    """``grid`` with two players of a team exchanging their games (opponents and colours) in ``rounds``
    (:func:`repair_pairings`: every round from the first unplayed one), for each team with exactly two
    players given; the pairs met are then repaired.

    After a colour reversal in the last played round the flipped players' colour sequences have a
    break there; in a design of alternating players two flipped players of one team had opposite
    colours, so each continuing with the other's games keeps alternating (only their pairs change).
    """
    a_map, b_map = list(range(grid.n)), list(range(grid.n))
    for team, mapping in ((a_players, a_map), (b_players, b_map)):
        if len(team) == 2:
            x, y = sorted(team)
            mapping[x], mapping[y] = y, x
    out = grid.copy()
    for r in rounds:
        for a in range(grid.n):
            out.opp[r][a_map[a]] = b_map[grid.opp[r][a]]
            out.white[r][a_map[a]] = grid.white[r][a]
    return out
