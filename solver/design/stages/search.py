"""The full model's search: the CP-SAT model with every rule, seeded with a start (``stages/start.py``)."""

from __future__ import annotations

import math

from ortools.sat.python import cp_model

from scheveningen.models.cpsat.model import MatchModel
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
