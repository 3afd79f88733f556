"""The design pipeline: build the CP-SAT model, solve, relax if the rules force it, verify.

``design(boards, DesignParams(...))`` returns a :class:`Result`.  The schedule in
a result has always passed the independent verifier; if the verifier rejects
what the model produced, :class:`DesignBugError` is raised, since that can
only be a bug in the model.

Relaxation follows the house rules: when no schedule keeps rules 1-3 together
(proven infeasible by CP-SAT, not merely not found in time), the lowest
priority rule is relaxed first; each relaxed rule is broken by the least
amount possible (a stage that minimises just that rule's penalty), then
breaks are minimised with those amounts fixed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from enum import StrEnum

from ortools.sat.python import cp_model

from models.constructions import construct
from models.cpsat import Formulation, MatchModel, MatchModelSpec, Objective, analytic_break_bound
from models.rules import RELAXABLE, Rule
from models.schedule import Schedule
from models.symmetry import normalise
from solver.verifier import (
    Verdict,
    board_balance_excess,
    check_colour_balance,
    check_no_three_in_a_row,
    verify,
)

MIN_BOARDS = 1
MAX_BOARDS = 100

#: Called with (breaks of the incumbent, proven bound, seconds elapsed) as the solve improves.
ProgressCallback = Callable[[float, float, float], None]


class Status(StrEnum):
    """How a design ended."""

    OPTIMAL = "optimal"  # breaks proven minimal
    FEASIBLE = "feasible"  # a verified schedule; breaks not proven minimal
    INFEASIBLE = "infeasible"  # proven: no schedule exists
    UNKNOWN = "unknown"  # nothing found within the time limit


class DesignBugError(RuntimeError):
    """The verifier rejected a schedule produced by the model: a bug, never user error."""


class DesignInputError(ValueError):
    """The request itself is out of range."""


@dataclass(frozen=True)
class DesignParams:
    """Solve parameters.

    ``workers=1`` with a given seed searches deterministically; the schedule is
    then the same on every run that stops on a proof or on ``work_limit``
    (CP-SAT's deterministic time, the same on every machine), whereas a
    wall-clock ``time_limit`` may stop a slower machine earlier.
    """

    time_limit: float = 10.0
    work_limit: float | None = None
    seed: int = 0
    workers: int = 8
    objective: Objective = "breaks"
    formulation: Formulation = "boolean"
    double: bool = False
    strict: bool = False
    symmetry_breaking: bool = True

    def __post_init__(self) -> None:
        if not self.time_limit > 0:
            raise DesignInputError(f"time limit must be positive, got {self.time_limit}")
        if self.work_limit is not None and not self.work_limit > 0:
            raise DesignInputError(f"work limit must be positive, got {self.work_limit}")
        if self.workers < 1:
            raise DesignInputError(f"workers must be at least 1, got {self.workers}")
        if self.objective not in ("breaks", "fair", "none"):
            raise DesignInputError(f"objective must be breaks, fair or none, got {self.objective!r}")
        if self.formulation not in ("boolean", "channelled"):
            raise DesignInputError(f"formulation must be boolean or channelled, got {self.formulation!r}")


@dataclass(frozen=True)
class Result:
    """The outcome of a design: the verified schedule (if any), status, breaks and bound."""

    boards: int
    status: Status
    schedule: Schedule | None
    breaks: int | None
    lower_bound: int
    relaxed: dict[Rule, int]
    verdict: Verdict | None
    params: DesignParams
    wall_time: float
    messages: tuple[str, ...] = field(default=())

    def parameters(self) -> dict[str, object]:
        return asdict(self.params)


class _Progress(cp_model.CpSolverSolutionCallback):
    def __init__(self, callback: ProgressCallback, started: float) -> None:
        super().__init__()
        self._callback = callback
        self._started = started

    def on_solution_callback(self) -> None:
        self._callback(self.objective_value, self.best_objective_bound, time.monotonic() - self._started)


def _solver(params: DesignParams, seconds: float) -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(seconds, 0.01)
    solver.parameters.num_workers = params.workers
    solver.parameters.random_seed = params.seed
    if params.work_limit is not None:
        solver.parameters.max_deterministic_time = params.work_limit
    return solver


def _solve(
    mm: MatchModel, params: DesignParams, deadline: float, progress: ProgressCallback | None, started: float
) -> tuple[cp_model.CpSolver, int]:
    solver = _solver(params, deadline - time.monotonic())
    status = solver.solve(mm.model, _Progress(progress, started)) if progress is not None else solver.solve(mm.model)
    return solver, status


def _measured_excess(schedule: Schedule, rule: Rule) -> int:
    """What the verifier counts for a relaxed rule, in the model's penalty units."""
    if rule is Rule.COLOUR_BALANCE:
        return len(check_colour_balance(schedule))
    if rule is Rule.NO_THREE_IN_A_ROW:
        return len(check_no_three_in_a_row(schedule))
    return board_balance_excess(schedule)


def design(boards: int, params: DesignParams | None = None, progress: ProgressCallback | None = None) -> Result:
    """Design a break-minimal schedule for ``boards`` boards under the house rules."""
    params = params or DesignParams()
    if not MIN_BOARDS <= boards <= MAX_BOARDS:
        raise DesignInputError(f"boards must be between {MIN_BOARDS} and {MAX_BOARDS}, got {boards}")
    started = time.monotonic()
    deadline = started + params.time_limit
    messages: list[str] = []

    def spec(relaxed: frozenset[Rule]) -> MatchModelSpec:
        return MatchModelSpec(
            boards=boards,
            double=params.double,
            relaxed=relaxed,
            formulation=params.formulation,
            objective=params.objective,
            symmetry_breaking=params.symmetry_breaking,
        )

    relaxed: dict[Rule, int] = {}
    start = _verified_construction(boards, params)
    if start is not None and params.objective == "none":
        return _result(boards, start, 0, relaxed, params, started, messages, fairness_proven=False)
    # Strict: rules 1-3 all hard.  Otherwise climb the ladder {}, {3}, {3, 2}, {3, 2, 1},
    # moving up only when the rung below is proven infeasible.  A construction keeps
    # rules 1-3, so with one in hand the first rung is known to be feasible.
    ladder = [frozenset()] if params.strict else [frozenset(RELAXABLE[:i]) for i in range(len(RELAXABLE) + 1)]
    for relax in ladder:
        if relax:
            least = _least_relaxation(spec(relax), params, deadline, started)
            if least is None:
                continue
            relaxed, proven = least
            if not proven:
                messages.append("the time limit ran out before the relaxation was proven least")
        mm = MatchModel.build(spec(relax))
        for rule, amount in relaxed.items():
            mm.fix_penalty(rule, amount)
        mm.set_objective()
        incumbent = start if not relax else None
        if incumbent is not None:
            # Search only for schedules better than the construction: with the "breaks"
            # objective, proving there is none proves the construction optimal.
            mm.hint(normalise(incumbent) if params.symmetry_breaking else incumbent)
            known = _breaks(incumbent)
            mm.limit_breaks(known - 1 if params.objective == "breaks" else known)
        solver, status = _solve(mm, params, deadline, progress, started)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            bound = _solver_bound(mm, solver, params)
            schedule = mm.schedule_from(solver)
            proven = status == cp_model.OPTIMAL
            return _result(boards, schedule, bound, relaxed, params, started, messages, fairness_proven=proven)
        if incumbent is not None:
            if status == cp_model.INFEASIBLE and params.objective == "breaks":
                bound = _breaks(incumbent)
            else:
                bound = min(_solver_bound(mm, solver, params), _breaks(incumbent))
            return _result(boards, incumbent, bound, relaxed, params, started, messages, fairness_proven=False)
        if status == cp_model.INFEASIBLE:
            continue
        messages.append("no schedule found within the time limit; try a longer --time-limit")
        return _empty(boards, Status.UNKNOWN, params, started, messages)
    return _empty(boards, Status.INFEASIBLE, params, started, messages)


def _breaks(schedule: Schedule) -> int:
    return verify(schedule).metrics.total_breaks


def _verified_construction(boards: int, params: DesignParams) -> Schedule | None:
    """The direct construction for this size, checked by the verifier like any design."""
    schedule = construct(boards, params.double)
    if schedule is None:
        return None
    verdict = verify(schedule, double=params.double)
    if not verdict.ok:
        problems = "; ".join(v.message for v in verdict.violations()[:5])
        raise DesignBugError(f"the construction for {boards} boards breaks the rules; this is a bug: {problems}")
    return schedule


def _solver_bound(mm: MatchModel, solver: cp_model.CpSolver, params: DesignParams) -> int:
    """The solver's proven lower bound on breaks (0 when nothing was minimised)."""
    if params.objective == "none":
        return 0
    bound = solver.best_objective_bound
    if params.objective == "fair":
        bound //= len(mm.brk) + 1
    return max(0, math.ceil(bound - 1e-6))


def _least_relaxation(
    spec: MatchModelSpec, params: DesignParams, deadline: float, started: float
) -> tuple[dict[Rule, int], bool] | None:
    """Minimise each relaxed rule's penalty, highest priority first, fixing each in turn.

    Returns the amounts and whether each was proven least, or ``None`` when this
    rung is infeasible or nothing was found in time.
    """
    fixed: dict[Rule, int] = {}
    proven = True
    for rule in sorted(spec.relaxed):
        mm = MatchModel.build(spec)
        for done, amount in fixed.items():
            mm.fix_penalty(done, amount)
        mm.minimise_penalty(rule)
        solver, status = _solve(mm, params, deadline, None, started)
        if status == cp_model.INFEASIBLE:
            return None
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        proven = proven and status == cp_model.OPTIMAL
        fixed[rule] = round(solver.objective_value)
    return fixed, proven


def _result(
    boards: int,
    schedule: Schedule,
    solver_bound: int,
    relaxed: dict[Rule, int],
    params: DesignParams,
    started: float,
    messages: list[str],
    fairness_proven: bool,
) -> Result:
    """Verify the schedule, then package it with its status and the best proven bound.

    The status is ``optimal`` when the breaks meet the proven bound and, with the
    "fair" objective, the solver also proved the split between the teams best.
    """
    verdict = verify(schedule, double=params.double)
    problems = [v.message for v in verdict.violations() if v.rule not in relaxed]
    for rule, amount in relaxed.items():
        measured = _measured_excess(schedule, rule)
        if measured != amount:
            problems.append(f"rule {int(rule)} was to be broken by {amount} but is broken by {measured}")
    if problems:
        raise DesignBugError(
            f"the verifier rejected the designed {boards}-board schedule; this is a bug in the model: "
            + "; ".join(problems[:10])
        )
    breaks = verdict.metrics.total_breaks
    bound = solver_bound
    if Rule.BOARD_BALANCE not in relaxed:
        bound = max(bound, analytic_break_bound(boards, params.double))
    bound = min(bound, breaks)
    for rule, amount in relaxed.items():
        messages.append(
            f"rule {int(rule)} ({rule.title}) relaxed: no schedule on {boards} boards keeps rules 1-3 together; "
            f"this one breaks it by {amount}, the least possible"
        )
    optimal = breaks == bound and params.objective != "none"
    if params.objective == "fair":
        optimal = optimal and fairness_proven
    final = Status.OPTIMAL if optimal else Status.FEASIBLE
    return Result(
        boards=boards,
        status=final,
        schedule=schedule,
        breaks=breaks,
        lower_bound=bound,
        relaxed=relaxed,
        verdict=verdict,
        params=params,
        wall_time=time.monotonic() - started,
        messages=tuple(messages),
    )


def _empty(boards: int, status: Status, params: DesignParams, started: float, messages: list[str]) -> Result:
    return Result(
        boards=boards,
        status=status,
        schedule=None,
        breaks=None,
        lower_bound=0,
        relaxed={},
        verdict=None,
        params=params,
        wall_time=time.monotonic() - started,
        messages=tuple(messages),
    )
