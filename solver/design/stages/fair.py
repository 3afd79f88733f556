"""The "fair" objective with requests (fewest breaks, then split evenly between the teams) where the
full model alone is weak: the match is designed for fewest breaks first, then the split is searched."""

from __future__ import annotations

from dataclasses import replace

from scheveningen.models.domain.match import Match
from scheveningen.solver.design.params import Result, Status
from scheveningen.solver.design.results import empty, verify_and_report
from scheveningen.solver.design.run import DesignRun, Start
from scheveningen.solver.design.stages.search import search
from scheveningen.solver.scale.driver import FULL_MODEL_BOARDS

#: With the "fair" objective and requests, the stages that minimise breaks get this share of the time;
#: the full model splits the breaks between the teams with the rest, where it can be built.
FAIR_BREAKS_SHARE = 0.7


def _splits(match: Match) -> bool:
    """Whether the full model improves the split: only where it is quick enough (single rounds below
    ``FULL_MODEL_BOARDS``); elsewhere it would spend the time left and change nothing."""
    return not match.double and match.boards < FULL_MODEL_BOARDS


def breaks_first(run: DesignRun) -> DesignRun:
    """The match with the "breaks" objective, to be designed first by the strategy table: with
    :data:`FAIR_BREAKS_SHARE` of the time and work where the split is searched after, else all of
    it, on a clock of its own."""
    match, params = run.match, run.params
    share = FAIR_BREAKS_SHARE if _splits(match) else 1.0
    work = None if params.work_limit is None else params.work_limit * share
    return DesignRun(
        replace(match, rules=replace(match.rules, objective="breaks")),
        replace(params, time_limit=params.time_limit * share, work_limit=work),
        run.progress,
    )


def split_after_breaks(run: DesignRun) -> Result | None:
    """The answer for the fewest breaks (:func:`breaks_first`, designed by the table) is the start:
    for a single round below ``FULL_MODEL_BOARDS`` boards, the full model splits the breaks between the
    teams with the time left, seeded with that schedule and never with more breaks (:func:`search`);
    otherwise the schedule is the answer, and ``feasible`` says that its split is not proven the
    fairest.  Before this, 40 boards with three requests and "fair" ended with exit 3 after 10 s,
    where "breaks" answered at once.  ``None`` where the first design found nothing (the full model
    then tries)."""
    first = run.first_answer()
    if first.status == Status.INFEASIBLE:
        run.messages.extend(first.messages)
        return empty(run, Status.INFEASIBLE, first.explanation)
    if first.schedule is None or first.breaks is None:
        return None
    run.messages.extend(first.messages)
    run.messages.append("fewest breaks first (as with --objective breaks), then the split between the teams")
    if _splits(run.match) and not first.relaxed and run.room_to_build():
        return search(run, Start(first.schedule, first.breaks))
    return verify_and_report(run, first.schedule, first.lower_bound, first.relaxed, unproven=first.unproven)
