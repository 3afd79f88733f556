"""The full model's search: the CP-SAT model with every rule, seeded with a start (``stages/start.py``)."""

from __future__ import annotations

import math

from ortools.sat.python import cp_model

from scheveningen.models.cpsat.model import MatchModel
from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.symmetry import normalise
from scheveningen.solver.design.params import Result
from scheveningen.solver.design.results import solver_bound, unknown, verify_and_report
from scheveningen.solver.design.run import DesignRun, Start
from scheveningen.solver.scale.unequal import hint_schedule


def search(run: DesignRun, start: Start | None) -> Result | None:
    """Search the full model with every rule; ``None`` when it proves that no schedule keeps them all.

    With a start, only schedules better than it are searched for (with the "breaks"
    objective, proving there is none proves the start optimal), and the start is the answer
    when none is found.
    """
    if start is None and not run.room_to_build():
        return unknown(run)
    mm = MatchModel.build(run.model_options())
    mm.set_objective()
    if start is not None:
        if not run.match.equal_teams:
            hint_schedule(mm, start.schedule)
        else:
            mm.hint(normalise(start.schedule) if run.params.symmetry_breaking else start.schedule)
        mm.limit_breaks(start.breaks - 1 if run.objective == "breaks" else start.breaks)
    solver, status = run.solve(mm, show_progress=True, incumbent=math.inf if start is None else start.breaks)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        bound = solver_bound(mm, solver, run.objective)
        return verify_and_report(run, mm.schedule_from(solver), bound, fairness_proven=status == cp_model.OPTIMAL)
    if start is not None:
        if status == cp_model.INFEASIBLE and run.objective == "breaks":
            bound = start.breaks
        else:
            bound = min(solver_bound(mm, solver, run.objective), start.breaks)
        return verify_and_report(run, start.schedule, bound)
    if status != cp_model.INFEASIBLE:
        return unknown(run)
    return None


def search_beside(run: DesignRun, other: Start, bound: int, messages: list[str]) -> Result:
    """The full model searched from nothing (as :func:`search` without a start, the "breaks" objective)
    beside another stage's verified answer ``other`` keeping every rule and request, with ``bound`` proven
    for the run's match: the model's schedule where it has fewer breaks, else ``other``, with its
    ``messages``.  The answer is never worse than either alone; seeding the model with ``other`` instead
    led it to more breaks (10 boards with 3 rounds played and a meet: 30 against 28 from nothing)."""
    solver = status = mm = None
    if run.room_to_build():
        mm = MatchModel.build(run.model_options())
        mm.set_objective()
        solver, status = run.solve(mm, show_progress=True)
    if mm is not None and solver is not None and status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        bound = max(bound, solver_bound(mm, solver, run.objective))
        schedule = mm.schedule_from(solver)
        if Grid.from_schedule(schedule).breaks() < other.breaks:
            return verify_and_report(run, schedule, bound)
    elif mm is not None and solver is not None and status == cp_model.UNKNOWN:
        bound = max(bound, solver_bound(mm, solver, run.objective))
    run.messages.extend(messages)
    return verify_and_report(run, other.schedule, min(bound, other.breaks))
