"""The improvement loop of the large-neighbourhood search: a schedule keeping everything, made better.

:func:`improve` repeats: choose a neighbourhood from the seed (``solver/scale/lns/neighbourhoods.py``),
solve it with at most the current breaks in it (``solver/scale/lns/part.py``), keep the result when it
is no worse.  Every sub-solve is capped in deterministic time, so with one worker the sequence of
schedules depends only on the seed; the loop stops at the time limit, at the work limit
(deterministic time summed over the sub-solves), at the lower bound or on an interrupt
(``solver/run/stop.py``: every sub-solve is stopped too, and the best so far is kept).  The returned
schedule is never worse than the start.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import Match
from scheveningen.models.domain.rules import Rule
from scheveningen.solver.run import stop
from scheveningen.solver.scale.lns import part
from scheveningen.solver.scale.lns.budget import Budget, SearchLog
from scheveningen.solver.scale.lns.neighbourhoods import choose

#: Deterministic time of one step's sub-solve (less when the work limit has less left).
STEP_WORK = 0.4


def improve(
    match: Match,
    grid: Grid,
    deadline: float,
    work: float | None,
    workers: int,
    seed: int,
    lower_bound: int,
    accept: Callable[[Grid], bool] | None = None,
    relaxed: frozenset[Rule] = frozenset(),
    board_excess: int = 0,
    colour_excess: int | None = None,
) -> tuple[Grid, SearchLog]:
    """Large-neighbourhood search from ``grid`` (which keeps every request and rule); never worse.

    Each step frees a few rounds' pairings (with the colours of those rounds and their
    neighbours), a few players' games, or a window of rounds' colours, chosen where the breaks
    are (after played rounds, also a window of rounds re-paired with every colour kept but those of
    the players with the most breaks); re-solves that part with at most the current breaks; and
    moves there.  ``accept`` (the
    verifier, in the designer) must approve each new best schedule.  ``colour_excess``: rule 1 may be
    broken by that many players, whichever (requests that force it,
    :func:`~scheveningen.solver.scale.lns.part.solve_part`).
    """
    rng = random.Random(seed)
    log = SearchLog()
    started = time.monotonic()
    k = len(match.played)
    unplayed = list(range(k, grid.rounds))
    best, best_breaks = grid, grid.breaks()
    current, current_breaks = grid, best_breaks
    size = {"rounds": 3, "colours": max(4, min(len(unplayed), 8)), "players": 4, "pairings": 6}
    if len(unplayed) < 2:
        return best, log
    while best_breaks > lower_bound:
        if time.monotonic() >= deadline or (work is not None and log.work >= work) or stop.requested():
            break
        step = choose(rng, current, k, size)
        kind = step.kind
        left = deadline - time.monotonic()
        cap = STEP_WORK if work is None else min(STEP_WORK, max(work - log.work, 0.001))
        result = part.solve_part(
            match,
            current,
            step.free,
            step.colours,
            Budget(left, cap, workers, rng.randrange(1 << 30)),
            current_breaks,
            free_players=step.games,
            relaxed=relaxed,
            board_excess=board_excess,
            colour_players=step.colour_players,
            colour_excess=colour_excess,
        )
        log.iterations += 1
        log.work += result.work
        # Neighbourhoods solved to optimality grow; those that time out shrink.
        if result.status == "optimal":
            size[kind] = min(size[kind] + 1, grid.n if kind in ("players", "pairings") else len(unplayed))
        elif result.status == "unknown":
            size[kind] = max(size[kind] - 1, 2)
        if result.grid is None:
            continue
        breaks = result.grid.breaks()
        if breaks > current_breaks:
            continue
        current, current_breaks = result.grid, breaks
        if breaks < best_breaks and (accept is None or accept(result.grid)):
            best, best_breaks = result.grid, breaks
            log.improvements += 1
            log.history.append((time.monotonic() - started, breaks))
    return best, log
