"""The process-wide stop flag (solver/run/stop.py): set, read and cleared; every solve started through
:func:`stop.solve` obeys it, before the search and during it.

The only timing asserted is a generous timeout (no speed claim): a solve stopped by the flag must end
long before the time limit it was given."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from ortools.sat.python import cp_model

from scheveningen.models.cpsat.cpsolver import new_solver
from scheveningen.solver.run import stop

#: A limit no solve below reaches unless the stop is ignored.
LONG = 120.0


@pytest.fixture(autouse=True)
def cleared() -> Iterator[None]:
    stop.reset()
    yield
    stop.reset()


def hard_model() -> cp_model.CpModel:
    """A model CP-SAT does not finish in seconds: pigeons into fewer holes, with the LP relaxation off."""
    model = cp_model.CpModel()
    pigeons, holes = 30, 29
    x = [[model.new_bool_var(f"x{p},{h}") for h in range(holes)] for p in range(pigeons)]
    for row in x:
        model.add_bool_or(row)
    for h in range(holes):
        for p in range(pigeons):
            for q in range(p + 1, pigeons):
                model.add_bool_or([~x[p][h], ~x[q][h]])
    return model


def long_solver() -> cp_model.CpSolver:
    solver = new_solver(workers=1, seconds=LONG)
    solver.parameters.linearization_level = 0
    solver.parameters.cp_model_presolve = False
    solver.parameters.symmetry_level = 0
    return solver


def test_the_flag_is_off_until_requested_and_off_again_after_reset() -> None:
    assert not stop.requested()
    stop.request()
    assert stop.requested()
    stop.reset()
    assert not stop.requested()


def test_wait_returns_at_once_with_true_once_a_stop_is_requested() -> None:
    assert stop.wait(0.0) is False
    stop.request()
    assert stop.wait(LONG) is True


def test_a_solve_started_after_the_request_is_given_no_time() -> None:
    stop.request()
    solver = long_solver()
    status = stop.solve(solver, hard_model())
    assert solver.parameters.max_time_in_seconds == 0.0
    assert status == cp_model.UNKNOWN


def test_a_solve_without_a_request_keeps_its_time_limit_and_leaves_sigint_alone() -> None:
    model = cp_model.CpModel()
    x = model.new_int_var(0, 3, "x")
    model.maximize(x)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = 7.0
    assert stop.solve(solver, model) == cp_model.OPTIMAL
    assert solver.value(x) == 3
    assert solver.parameters.max_time_in_seconds == 7.0
    assert not solver.parameters.catch_sigint_signal


def test_a_request_from_another_thread_ends_a_running_solve() -> None:
    solver = long_solver()
    timer = threading.Timer(0.5, stop.request)
    timer.start()
    try:
        status = stop.solve(solver, hard_model())
    finally:
        timer.cancel()
    assert stop.requested()
    assert status == cp_model.UNKNOWN  # neither a solution nor a proof of none
    assert solver.wall_time < LONG / 2  # ended by the request, not by the limit


def test_a_reset_ends_the_stopping_so_the_next_solve_runs_to_its_answer() -> None:
    """After a request, solves that start are told to stop for a few seconds; a reset (a new run, the
    next test) ends that, so a solve right after it finds its answer instead of being cut short."""
    timer = threading.Timer(0.3, stop.request)
    timer.start()
    try:
        stop.solve(long_solver(), hard_model())
    finally:
        timer.cancel()
    stop.reset()
    model = cp_model.CpModel()
    x = [model.new_int_var(0, 40, f"x{i}") for i in range(40)]
    model.add_all_different(x)
    model.maximize(sum(x))
    solver = new_solver(workers=1, seconds=LONG)
    assert stop.solve(solver, model) == cp_model.OPTIMAL
