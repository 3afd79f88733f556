"""The repair: an image of a known design turned into a schedule keeping every request and rule.

:func:`repair` turns an image of a known design that misses some requests (``solver/scale/start.py``)
into a schedule keeping them all: the played rounds are written in; the rounds where the pairs already
played meet again and the rounds of the unkept meetings and avoids are freed, with every game of the
players the damage touches and the colours near it; when that part has no solution, wider colour
windows and then more rounds are freed, up to all unplayed rounds (:func:`repair_by_rounds`).

:func:`repair_played_first` mends a deviating played round and requests the image misses in turn: the
played rounds as for them alone, then the requests from that schedule; :func:`repair_deviation_and_requests`
tries the repair of both at once first and mends in turn where that finds nothing near the image.

After played rounds that deviate from every image (the last played round had two boards swap
opponents, or two games played with colours reversed) a few players' colours are *flipped* against the
image (``solver/scale/lns/damage.py``), and the round-freeing repair, which frees rounds with all their
colours, lets the breaks run wild.  The repairs that re-pair unplayed rounds with every colour kept but
the flipped players' go first then: the exchange of two flipped team mates' games
(``solver/scale/lns/exchange.py``, first after every swap of opponents across colours, at any size),
scattered rounds and windows (``solver/scale/lns/pairings.py``, which says why a deviation is hard to
repair).  They reason about a single round (each pair meets once); a double round goes to the
round-freeing repair and the windows.

After colours reversed (both teams' players flipped) scattered rounds go first, on three quarters of the
repair's time, and the windows on 85% of what is left unless the one-change level was reached; after a
swap of opponents (one team's players flipped) the windows first, on 35% (after most swaps they are
quick and reach the image's breaks: 60 boards seed 0, 64, where scattered rounds ended at 68), then
scattered rounds (60 boards seed 2: no window in the time, 104 before, now 68).  The better is kept; when
neither finds a schedule, the round-freeing repair and the windows run as before.  Measured with
``--time-limit 10`` on 2 cores, side by side with the previous code
(benchmarks/results/custom_scale/custom_scale_deviation*.md): colours reversed at 37, 46, 58 boards
(unseen seeds) 50, 68-70, 78-82 against 72, 120, 144 (the design's 40, 54, 66; targets 50, 67, 82); 40
and 60 boards 52 and 72-76 against 52-56 and 76; 14-30 boards the same or up to 6 better (noise: one
14-board case ends at 28-46 on repeated runs of either code); swaps of opponents the same within 2
breaks but 60 boards seed 2, 104 to 68.

*From 70 boards* (:data:`LARGE_DEVIATION_BOARDS`) the windows that repair a swap must be some 25 rounds
wide (90 boards) and were not solved in the time, so scattered rounds go first after a swap as well; and
after colours reversed :func:`recolour_opening` comes first: the colours of the first two to six
unplayed rounds chosen again with every pairing kept, found in a tenth of a second at 80-100 boards,
at 16 breaks above the image at 80 and up to some 60 at 90.  Scattered rounds then look for better in
the time left.  Seeded deviations at 80, 90 and 100 boards (seeds 71-78, never run while this was
tuned; benchmarks/results/custom_scale/custom_scale_80_100_unseen.md): colours reversed 12 of 12
answered (5 before), swaps 4 of 12 (3 before): the flipped players need a colour change in the first
unplayed round, which the colours of a few rounds alone cannot give in a design where nearly everybody
alternates (each change passes to the opponent and on), and neither a colour window after mending
the pairs along alternating paths nor one exchange of the games of two rounds along a cycle found
one there; the exchanges (``solver/scale/lns/exchange.py``) answer every one of those swaps.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import replace

from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import Match
from scheveningen.models.domain.rules import Rule
from scheveningen.solver.scale.lns import part
from scheveningen.solver.scale.lns.budget import Budget, first_wall, spent, work_cap
from scheveningen.solver.scale.lns.damage import affected_players, damaged_rounds, flipped_players, with_played
from scheveningen.solver.scale.lns.exchange import exchange_phases
from scheveningen.solver.scale.lns.neighbourhoods import players_games
from scheveningen.solver.scale.lns.pairings import repair_pairings, repair_scattered
from scheveningen.solver.scale.lns.rules import rules_kept

#: Shares of the repair's time and work for the first of the two repairs when players are flipped: the
#: windows after a swap of opponents, scattered rounds after colours reversed (:func:`repair`); the
#: second has 85% of what is left.  Measured: benchmarks/results/custom_scale/custom_scale_deviation*.md.
WINDOWS_SHARE = 0.35
SCATTERED_SHARE = 0.75


#: From this many boards a deviation is repaired with scattered rounds first, whatever it flipped (the
#: windows that repair a swap of opponents at 60 boards must be some 25 rounds wide at 90 and are not
#: solved in the time), and colours reversed get :func:`recolour_opening` first.
LARGE_DEVIATION_BOARDS = 70
#: Share of the repair's time and work for :func:`exchange_phases` (it stops at its first schedule).
EXCHANGE_SHARE = 0.5
#: Widths of the windows :func:`recolour_opening` tries.
OPENING_WIDTHS = (2, 3, 4, 6)
#: Share of the repair's time and work for the played rounds in :func:`repair_played_first`.
PLAYED_FIRST_SHARE = 0.7
#: Share of the time and work for the repair of both at once in :func:`repair_deviation_and_requests`.
BOTH_FIRST_SHARE = 0.4


def repair(
    match: Match,
    grid: Grid,
    deadline: float,
    work: float | None,
    workers: int,
    seed: int,
    relaxed: frozenset[Rule] = frozenset(),
    board_excess: int = 0,
) -> tuple[Grid | None, float]:
    """A schedule keeping every request and rules 0-3, as near ``grid`` as found; (None, work) if none.

    Frees the damaged rounds' pairings and every unplayed round's colours; while that part has no
    solution (or none is found in its share of the time), frees more unplayed rounds, chosen from
    the seed, up to all of them (:func:`repair_by_rounds`).  After played rounds that flip players'
    colours against the image, :func:`exchange_phases` (after a swap of opponents), then
    :func:`repair_scattered` and :func:`repair_pairings` (in the order the module docstring gives), the
    best kept; when neither finds a schedule, and after
    other deviations, the round-freeing repair, found in a third of the time and work, is the
    fallback: :func:`repair_pairings` then has most of what is left, and the better of the two is
    returned.
    """
    k = len(match.played)
    current = with_played(match, grid)
    if not relaxed and rules_kept(match, current):
        return current, 0.0
    if not k:
        return repair_by_rounds(match, grid, current, deadline, work, workers, seed, relaxed, board_excess)
    used = 0.0
    flipped = flipped_players(match, grid, current)
    # The repairs for flipped players reason about a single round (each pair meets once); a double
    # round goes to the round-freeing repair and the windows below.
    if (flipped[0] or flipped[1]) and not match.double:
        options: list[Grid] = []
        # Two kinds of repair, the better kept.  After a swap of opponents (one team's players flipped)
        # the windows first, on a share: they are quick where they work (up to 30 boards, and after
        # most swaps), and scattered rounds only when they end above the image's breaks plus two a
        # flipped player.  After colours reversed (both teams' players flipped) scattered rounds
        # first, on most of the time (at 40-60 boards the only part solved in it), then the windows.
        enough = grid.breaks() + 2 * (len(flipped[0]) + len(flipped[1]))

        def attempt(repair: Callable[..., tuple[Grid | None, float]], lead: tuple[object, ...], share: float) -> None:
            """One kind of repair (``lead``: its arguments before the deadline) on ``share`` of what is left."""
            nonlocal used
            end = time.monotonic() + (deadline - time.monotonic()) * share
            budget = None if work is None else max((work - used) * share, 0.001)
            found, more = repair(*lead, end, budget, workers, seed, relaxed, board_excess)
            used += more
            if found is not None:
                options.append(found)

        windows = (repair_pairings, (match, grid, current))
        scattered = (repair_scattered, (match, grid, current, flipped))
        both = bool(flipped[0]) and bool(flipped[1])
        large = match.boards >= LARGE_DEVIATION_BOARDS
        if not both:
            # After a swap of opponents the two flipped team mates exchange their games in a few
            # rounds, found in a few tenths of a second at any size (16-100 boards: the image's breaks
            # plus two to six), so that there is an answer before the repairs below look for a better
            # one (80-100 boards, 12 seeded swaps: they had answered 4 in the time).
            attempt(exchange_phases, (match, current, flipped), EXCHANGE_SHARE)
        if both and large:
            # Colours reversed in a large match: the colours of the first unplayed rounds chosen
            # again, pairings kept, is found at once (80-100 boards: a tenth of a second, 16 breaks
            # above the image at 80), where scattered rounds often found nothing in the time.
            attempt(recolour_opening, (match, current), 1.0)
        # Scattered rounds first after colours reversed, and in a large match after a swap as well:
        # the windows that repair a swap at 60 boards must be some 25 rounds wide at 90 and were not
        # solved in the time (80-100 boards, 12 seeded swaps: 4 answered against 3).
        steps = (
            ((scattered, SCATTERED_SHARE), (windows, 0.85))
            if both or large
            else ((windows, WINDOWS_SHARE), (scattered, 0.85))
        )
        for (repair, lead), share in steps:
            if not options or min(g.breaks() for g in options) > enough:
                attempt(repair, lead, share)
        if options:
            return min(options, key=lambda g: g.breaks()), used

    def run(repair: Callable[..., tuple[Grid | None, float]], end: float, budget: float | None) -> Grid | None:
        """``repair`` from the current schedule until ``end`` with ``budget`` work; its work is counted."""
        nonlocal used
        found, more = repair(match, grid, current, end, budget, workers, seed, relaxed, board_excess)
        used += more
        return found

    third = time.monotonic() + (deadline - time.monotonic()) / 3
    fallback = run(repair_by_rounds, third, None if work is None else max(work / 3 - used, 0.001))
    # Most of what is left, but not all: when no window is solved, the search improves the fallback.
    share = time.monotonic() + (deadline - time.monotonic()) * 0.85
    found = run(repair_pairings, share, None if work is None else max(work - used, 0.0))
    options = [g for g in (found, fallback) if g is not None]
    if options:
        return min(options, key=lambda g: g.breaks()), used
    again = run(repair_by_rounds, deadline, None if work is None else max(work - used, 0.001))
    return again, used


def repair_played_first(
    match: Match,
    grid: Grid,
    deadline: float,
    work: float | None,
    workers: int,
    seed: int,
    relaxed: frozenset[Rule] = frozenset(),
    board_excess: int = 0,
) -> tuple[Grid | None, float]:
    """Played rounds that deviate from the image ``grid`` and requests it misses, mended in turn: the
    played rounds first, as for them alone (:func:`repair` of the match without its meet, avoid and
    colour requests), on :data:`PLAYED_FIRST_SHARE` of the time and work, then the requests from that
    schedule, which keeps every played round; (None, work) when either finds nothing.

    The deviation's repairs re-pair rounds near it with the image's colours kept but a few players';
    a request pinned in one of those rounds (a meeting the image has elsewhere) can leave none of
    their parts a solution (88 boards, a double round: no schedule, or 184 breaks where the played
    rounds alone are mended at 112).  Mended first, the schedule keeps the requests the image kept
    away from the deviation, and the few it misses are mended as for requests alone.
    """
    alone = replace(match, meets=(), avoids=(), colours=())
    first_deadline = time.monotonic() + (deadline - time.monotonic()) * PLAYED_FIRST_SHARE
    first_work = None if work is None else work * PLAYED_FIRST_SHARE
    mended, used = repair(alone, grid, first_deadline, first_work, workers, seed, relaxed, board_excess)
    if mended is None:
        return None, used
    found, more = repair(
        match, mended, deadline, None if work is None else max(work - used, 0.001), workers, seed, relaxed, board_excess
    )
    return found, used + more


def repair_deviation_and_requests(
    match: Match,
    grid: Grid,
    deadline: float,
    work: float | None,
    workers: int,
    seed: int,
    relaxed: frozenset[Rule] = frozenset(),
    board_excess: int = 0,
) -> tuple[Grid | None, bool, float]:
    """Played rounds that deviate from the image ``grid`` and requests it misses: (schedule, whether it
    was mended in turn, work).

    :func:`repair` of both at once first, on :data:`BOTH_FIRST_SHARE` of the time and work: up to 60
    boards it mends most such matches in a second or two, and near the image (40 boards: 42 breaks
    where mending in turn gives 44).  Where it finds nothing, or a schedule above the image's breaks
    plus two a flipped player (the level of any repair keeping the others' colours; 88 boards, a
    double round: 490 against the image's 88), :func:`repair_played_first` has the rest, and the
    better of the two is kept.
    """
    current = with_played(match, grid)
    flipped = flipped_players(match, grid, current)
    enough = grid.breaks() + 2 * (len(flipped[0]) + len(flipped[1]))
    first_deadline = time.monotonic() + (deadline - time.monotonic()) * BOTH_FIRST_SHARE
    first_work = None if work is None else work * BOTH_FIRST_SHARE
    found, used = repair(match, grid, first_deadline, first_work, workers, seed, relaxed, board_excess)
    if found is not None and found.breaks() <= enough:
        return found, False, used
    rest = None if work is None else max(work - used, 0.001)
    turned, more = repair_played_first(match, grid, deadline, rest, workers, seed, relaxed, board_excess)
    if turned is not None and (found is None or turned.breaks() < found.breaks()):
        return turned, True, used + more
    return found, False, used + more


def repair_by_rounds(
    match: Match,
    grid: Grid,
    current: Grid,
    deadline: float,
    work: float | None,
    workers: int,
    seed: int,
    relaxed: frozenset[Rule] = frozenset(),
    board_excess: int = 0,
) -> tuple[Grid | None, float]:
    """The damaged rounds and the affected players' games freed, then more and more rounds (see
    :func:`repair`); ``current`` is the image ``grid`` with the played rounds written in."""
    rng = random.Random(seed)
    k = len(match.played)
    used = 0.0
    unplayed = list(range(k, grid.rounds))
    free = damaged_rounds(match, current)
    a_players, b_players = affected_players(match, grid, current)
    # First the damaged rounds and every game of the players the damage touches, with the colours
    # near the damage (and just after the played rounds), which keeps the rest of the image; then
    # wider colour windows; then more rounds' pairings, chosen from the seed.
    near = {s for r in free | {k} for s in (r - 1, r, r + 1) if k <= s < grid.rounds}
    near |= {wish.round - 1 for wish in match.colours} | {m.round - 1 for m in match.meets}
    near &= set(unplayed)
    wider = {s for r in near for s in range(r - 3, r + 4) if k <= s < grid.rounds}
    games = players_games(current, unplayed, a_players, b_players)
    stages: list[tuple[set[int], set[int], dict[int, set[int]]]] = [
        (set(free), near, games),
        (set(free), wider, games),
    ]
    while True:
        left = deadline - time.monotonic()
        if spent(left, work, used):
            return None, used
        if stages:
            free, colours, games = stages.pop(0)
        else:
            rest = [r for r in unplayed if r not in free]
            if not rest:
                return None, used
            free = free | set(rng.sample(rest, min(max(2, len(free)), len(rest))))
            colours = {s for r in free | near for s in (r - 1, r, r + 1) if k <= s < grid.rounds}
        everything = free >= set(unplayed)
        cap = 1e9 if everything else 2.0 + 0.5 * len(free)
        if work is not None:
            cap = min(cap, max(work - used, 0.001))
        budget = Budget(left if everything else left / 2, cap, workers, seed)
        result = part.solve_part(
            match, current, free, colours, budget, free_players=games, relaxed=relaxed, board_excess=board_excess
        )
        used += result.work
        if result.grid is not None:
            return result.grid, used


def recolour_opening(
    match: Match,
    current: Grid,
    deadline: float,
    work: float | None,
    workers: int,
    seed: int,
    relaxed: frozenset[Rule] = frozenset(),
    board_excess: int = 0,
) -> tuple[Grid | None, float]:
    """After colours reversed in the last played round: every colour of the first few unplayed rounds
    chosen again, every pairing kept (:func:`solve_part`, colours only, fewest breaks found in a short
    budget).  ``current`` is the image with the played rounds written in.

    The flipped players must change colour in the first unplayed round; with every colour of a few
    rounds free their opponents and team mates can follow, at the cost of a few breaks more than the
    repairs that re-pair rounds reach when they have the time.  (None, work) when no width works.
    """
    k = len(match.played)
    used = 0.0
    for width in OPENING_WIDTHS:
        left = deadline - time.monotonic()
        if spent(left, work, used):
            break
        window = set(range(k, min(k + width, current.rounds)))
        cap = work_cap(0.5, work, used)
        result = part.solve_part(
            match,
            current,
            set(),
            window,
            Budget(first_wall(left, work), cap, workers, seed),
            relaxed=relaxed,
            board_excess=board_excess,
        )
        used += result.work
        if result.grid is not None:
            return result.grid, used
    return None, used
