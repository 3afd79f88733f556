"""Equal teams with requests through the organisers' stage (``solver/scale/driver.py``: start from an
image of the best design, repair, improve by large-neighbourhood search): a single round as it is,
and a double round as an image of its construction, folded into a single round, or as it is."""

from __future__ import annotations

import time
from dataclasses import replace

from scheveningen.models.constructions.folding import fold_match, unfold
from scheveningen.models.domain.grid import Grid
from scheveningen.solver.design.params import Result, Status
from scheveningen.solver.design.results import empty, proven_bound, verify_and_report
from scheveningen.solver.design.run import DesignRun, Start
from scheveningen.solver.design.stages.search import search, search_beside
from scheveningen.solver.scale.conflicts import in_priority_order
from scheveningen.solver.scale.driver import FULL_MODEL_BOARDS, MARGIN, design_at_scale
from scheveningen.solver.scale.start import find_start

#: From this many boards on a double round with requests that has no paired schedule found goes
#: through the organisers' stage on the double round itself (:func:`double_with_requests`); below,
#: the full model, which proves the optimum there (5 boards, deviations in a played round, seeds
#: 50-53 of ``custom_scale.py``: all four optimal, two only feasible from the stage).  At 7 boards the
#: stage gave 16, 10 where the full model had 18, 18 for a wrong pairing after the second round of a pair.
DOUBLE_SCALE_BOARDS = 6

#: Below :data:`DOUBLE_SCALE_BOARDS` boards, the share of the time limit the folded design may use.
SMALL_FOLD_SHARE = 0.2

#: A single round below this many boards (at most ``FULL_MODEL_BOARDS``), "breaks" objective: the organisers'
#: stage has :data:`HANDOFF_STAGE_SHARE` of the time limit, and where its answer keeps every rule but is
#: above the proven bound, the full model searches with the time left and the answer is the better of
#: the two (:func:`at_scale`).  From 12 boards the stage keeps the whole time, as before: at 12-23 boards
#: requests read off an image, or n/2 meets and n/2 colour wishes at random, are answered at the bound at
#: once either way, and of n meets and n colour wishes (mostly impossible there) the two answered cases
#: moved by noise with the full model beside it (12 boards: 50 breaks, 52 and 48 with it; 16: 112, 100 and 108).
HANDOFF_BOARDS = min(12, FULL_MODEL_BOARDS)

#: The organisers' stage's share of the time limit (and of the work limit) where the full model may improve
#: on its answer: an image keeping every request answers in milliseconds, and at 8-10 boards with n meets
#: and n colour wishes the full model from nothing did better with the time than the stage's search
#: (8 boards: 16-22 breaks against 20-24 with 30 % for the stage).
HANDOFF_STAGE_SHARE = 0.1


def at_scale(run: DesignRun) -> Result | None:
    """A single round of equal teams with requests, through the organisers' stage; ``None`` where it
    found nothing (requests that may be impossible: the full model then explains them).

    Below :data:`HANDOFF_BOARDS` boards, with the "breaks" objective, the stage has
    :data:`HANDOFF_STAGE_SHARE` of the time: an answer at the proven bound is given at once; one above
    it, and every rule and request kept, is set beside the full model's (``search_beside``: the one with
    fewer breaks is the answer); one that relaxes a rule gives ``None``, so that the full model and the
    least relaxation in priority order (``solver/design/relax.py``) design the match, as they did below
    12 boards before this stage took them."""
    handoff = run.match.boards < HANDOFF_BOARDS and run.objective == "breaks"
    params = run.params
    if handoff:
        # the stage keeps back MARGIN seconds for printing, which the full model uses here
        stage_seconds = min(params.time_limit * HANDOFF_STAGE_SHARE + MARGIN, params.time_limit)
        work = None if params.work_limit is None else params.work_limit * HANDOFF_STAGE_SHARE
        params = replace(params, time_limit=stage_seconds, work_limit=work)
    scaled = design_at_scale(run.match, params, run.started, run.progress)
    if scaled is None:
        return None
    if scaled.schedule is None:
        run.messages.extend(scaled.messages)
        return empty(run, Status.INFEASIBLE, scaled.explanation)
    if handoff and scaled.relaxed:
        return None
    breaks = Grid.from_schedule(scaled.schedule).breaks()
    if handoff and breaks > scaled.lower_bound and not run.out_of_time():
        return search_beside(run, Start(scaled.schedule, breaks), scaled.lower_bound, scaled.messages)
    run.messages.extend(scaled.messages)
    # the counts met are the least in priority order unless rule 1's team term kept rule 3 at its price
    unproven = frozenset() if in_priority_order(run.match) else frozenset(scaled.relaxed)
    return verify_and_report(run, scaled.schedule, scaled.lower_bound, scaled.relaxed, unproven=unproven)


def double_with_requests(run: DesignRun) -> Result | None:
    """A double round of equal teams with requests (rounds played included), in three steps.

    1. An image of the double-round construction keeping every request, answered at once
       (renumbering each team, swapping the teams, reversing the colours or the order of the rounds
       keep its breaks and rules: ``start.find_start``, within a quarter of the time; played rounds
       as printed continue it).
    2. Otherwise the match folded into a single round (``models/constructions/folding.py``: a paired double round,
       each round's games played again at once with colours reversed, is a single round with rules
       1 and 2 free), designed by the organisers' stage (``solver/scale/driver.py``: start, repair,
       neighbourhood search) and unfolded.  The bound reported and aimed at is the double round's own.
    3. Where the requests fold to nothing (they ask for something no paired schedule has: a wrong
       pairing in the second round of a pair, say) or the folded design finds nothing, from
       :data:`DOUBLE_SCALE_BOARDS` boards on the organisers' stage on the double round itself (the
       image of step 1, repaired by freeing rounds, then the neighbourhood search; its parts count
       each pair's two meetings, one with each colour).

    With the "fair" objective only step 1 is taken.  ``None`` where none of them gives a schedule; the
    full model then searches with the time left.
    """
    match, params = run.match, run.params
    seconds = max((run.deadline - time.monotonic()) / 4, 0.1)
    work = None if params.work_limit is None else params.work_limit / 8
    start = find_start(match, seconds, params.seed, params.workers, work)
    if start is not None and start.exact:
        run.messages.append(f"started from {start.base}, relabelled ({start.symmetry.describe()})")
        return verify_and_report(run, start.grid.to_schedule())
    if match.rules.objective == "fair":
        return None
    folded = fold_match(match)
    bound = proven_bound(match, {})
    small = match.boards < DOUBLE_SCALE_BOARDS
    if folded is not None:
        # Below DOUBLE_SCALE_BOARDS the full model, seeded with the unfolded schedule, gets most of
        # the time: it can prove the optimum there (5 boards, a wrong pairing or colours reversed in a
        # played round: 10, above the bound with played rounds, 8), or find a schedule that is not paired.
        share = params
        if small:
            work_share = None if params.work_limit is None else params.work_limit * SMALL_FOLD_SHARE
            share = replace(params, time_limit=params.time_limit * SMALL_FOLD_SHARE, work_limit=work_share)
        found = design_at_scale(folded, share, run.started, run.progress, recolouring=False, lower_bound=bound)
        if found is not None and found.schedule is not None and not found.relaxed:
            # The fold kept every rule and request of the folded match, so the unfolded schedule keeps
            # the double round's (models/constructions/folding.py); verify_and_report checks it, loudly.
            schedule = unfold(found.schedule)
            run.messages.append(
                "designed as a paired double round (each round's games again, colours reversed), "
                "folded into a single round where rules 1 and 2 hold by themselves"
            )
            run.messages.extend(f"the folded single round: {message}" for message in found.messages)
            breaks = Grid.from_schedule(found.schedule).breaks()  # the fold's breaks are the double round's
            if small and breaks > bound and run.objective == "breaks":
                return search(run, Start(schedule, breaks))
            return verify_and_report(run, schedule, bound)
    if small:
        return None
    found = design_at_scale(match, params, run.started, run.progress, recolouring=False, start=start)
    if found is None:
        return None
    run.messages.extend(found.messages)
    if found.schedule is None:
        return empty(run, Status.INFEASIBLE, found.explanation)
    return verify_and_report(run, found.schedule, found.lower_bound, found.relaxed)
