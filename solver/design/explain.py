"""Why no schedule exists: whether the requests can hold at all, and a minimal conflicting set of
requests (and, with ``strict``, rules) found from CP-SAT's infeasibility cores.

When the requests cannot hold even with every rule relaxed (or, with ``strict``, together with the
rules), the result explains why with a minimal set: dropping any one member makes the rest possible.
"""

from __future__ import annotations

import time

from ortools.sat.python import cp_model

from scheveningen.models.cpsat.cpsolver import new_solver
from scheveningen.models.cpsat.model import MatchModel, ModelOptions
from scheveningen.models.domain.match import Match, Request
from scheveningen.models.domain.rules import Rule
from scheveningen.solver.design.params import Result, Status
from scheveningen.solver.design.relax import rules_off
from scheveningen.solver.design.results import empty
from scheveningen.solver.design.run import DesignRun
from scheveningen.solver.run import stop
from scheveningen.solver.run.params import DesignParams


def requests_can_hold(run: DesignRun) -> bool:
    """Can the requests hold at all, with every rule relaxed?  (Unknown counts as yes.)"""
    mm = MatchModel.build(run.model_options(match=rules_off(run.match), objective="none", symmetry_breaking=False))
    mm.set_objective()
    _solver, status = run.solve(mm)
    return status != cp_model.INFEASIBLE


def explained(run: DesignRun) -> Result:
    """An infeasible result with a minimal set of conflicting requests (and rules, when strict).

    The model is rebuilt for the explanation only when there is room before the deadline; the
    result is infeasible (that is proven) either way."""
    core = (
        None
        if not run.room_to_build()
        else minimal_conflict(run.match, strict=run.params.strict, params=run.params, deadline=run.deadline)
    )
    if core is None:
        run.messages.append("the requests cannot all hold; the time limit ran out before the reasons were found")
        return empty(run, Status.INFEASIBLE)
    lines = [_describe(item, run.match) for item in core]
    if not core:
        lines = ["no schedule keeps the house rules for this match, even without requests"]
    return empty(run, Status.INFEASIBLE, tuple(lines))


def _describe(item: Request | Rule, match: Match) -> str:
    if isinstance(item, Rule):
        return item.named(match.rules)
    return item.describe()


def minimal_conflict(match: Match, strict: bool, params: DesignParams, deadline: float) -> list[Request | Rule] | None:
    """A minimal set of requests (and, when ``strict``, rules 1-3) that cannot hold together.

    Each request is posted behind an assumption literal; CP-SAT's infeasibility
    core gives a first set, which is shrunk by deletion: drop one member, and if
    the rest is still infeasible, keep the smaller core.  Dropping any member of
    the returned set makes the remaining ones feasible.  ``None`` when the time
    ran out.  Rules are kept as they are set unless ``strict`` is false, in
    which case they are switched off (a relaxed rule can always be broken).
    """
    target = match if strict else rules_off(match)
    options = ModelOptions(
        boards=match.boards,
        double=match.double,
        objective="none",
        symmetry_breaking=False,
        match=target,
        assumptions=True,
        rule_assumptions=strict,
    )
    mm = MatchModel.build(options)
    literal_of: dict[int, cp_model.IntVar] = {lit.index: lit for lit, _r in mm.request_literals}
    literal_of.update({lit.index: lit for lit in mm.rule_literals.values()})

    def infeasible_core(assumed: list[cp_model.IntVar]) -> list[cp_model.IntVar] | bool | None:
        left = deadline - time.monotonic()
        if left <= 0.05:
            return None  # the time limit is up: no reasons rather than an overrun
        mm.model.clear_assumptions()
        mm.model.add_assumptions(assumed)
        solver = new_solver(workers=1, seed=params.seed, seconds=left)  # cores are reported by the single-thread search
        status = stop.solve(solver, mm.model)
        if status == cp_model.INFEASIBLE:
            return [literal_of[i] for i in solver.sufficient_assumptions_for_infeasibility() if i in literal_of]
        return False if status in (cp_model.OPTIMAL, cp_model.FEASIBLE) else None

    found = infeasible_core(list(literal_of.values()))
    if not isinstance(found, list):
        return None if found is None else []
    core = found
    index = 0
    while index < len(core):
        trial = core[:index] + core[index + 1 :]
        smaller = infeasible_core(trial)
        if smaller is None:
            return None
        if not isinstance(smaller, list):
            index += 1
        else:
            keep = {lit.index for lit in smaller}
            core = [lit for lit in trial if lit.index in keep]
    names: dict[int, Request | Rule] = {lit.index: request for lit, request in mm.request_literals}
    names.update({lit.index: rule for rule, lit in mm.rule_literals.items()})
    return [names[lit.index] for lit in core]
