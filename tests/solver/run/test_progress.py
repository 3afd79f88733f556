"""The progress a CP-SAT search reports (solver/run/progress.py)."""

from __future__ import annotations

import time

from ortools.sat.python import cp_model

from scheveningen.models.cpsat.cpsolver import new_solver
from scheveningen.solver.run.progress import SolveProgress


def test_every_solution_reports_its_objective_the_bound_and_the_time_since_the_start() -> None:
    model = cp_model.CpModel()
    x = [model.new_bool_var(f"x{i}") for i in range(8)]
    model.add(sum(x) >= 3)
    model.minimize(sum(x))
    calls: list[tuple[float, float, float]] = []
    started = time.monotonic()
    reporter = SolveProgress(lambda o, b, t: calls.append((o, b, t)), started, 100.0)
    solver = new_solver(workers=1, seed=0)
    solver.best_bound_callback = reporter.on_bound
    assert solver.solve(model, reporter) == cp_model.OPTIMAL
    assert calls, "the search reported its solutions"
    assert calls[-1][0] == 3  # the last report is the optimum
    assert all(bound <= objective for objective, bound, _t in calls)
    assert all(0 <= t <= time.monotonic() - started for _o, _b, t in calls)


def test_a_better_bound_alone_is_reported_with_the_incumbent_so_far() -> None:
    calls: list[tuple[float, float, float]] = []
    reporter = SolveProgress(lambda o, b, t: calls.append((o, b, t)), time.monotonic(), 12.0)
    reporter.on_bound(7.0)
    assert [(o, b) for o, b, _t in calls] == [(12.0, 7.0)]
