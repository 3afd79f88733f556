"""The one place solvers are made (models/cpsat/cpsolver.py): SIGINT left alone, the parameters given
set, CP-SAT's defaults kept for the others."""

from __future__ import annotations

from ortools.sat.python import cp_model

from scheveningen.models.cpsat.cpsolver import new_solver


def test_a_new_solver_leaves_sigint_to_the_command_line() -> None:
    assert cp_model.CpSolver().parameters.catch_sigint_signal  # CP-SAT's own default, which new_solver turns off
    assert not new_solver(workers=1).parameters.catch_sigint_signal


def test_the_parameters_given_are_set() -> None:
    solver = new_solver(workers=3, seed=17, seconds=2.5, work=0.75)
    params = solver.parameters
    assert (params.num_workers, params.random_seed) == (3, 17)
    assert (params.max_time_in_seconds, params.max_deterministic_time) == (2.5, 0.75)


def test_parameters_not_given_keep_cp_sats_defaults() -> None:
    default = cp_model.CpSolver().parameters
    params = new_solver(workers=2).parameters
    assert params.random_seed == default.random_seed
    assert params.max_time_in_seconds == default.max_time_in_seconds
    assert params.max_deterministic_time == default.max_deterministic_time


def test_a_new_solver_solves_a_model() -> None:
    model = cp_model.CpModel()
    x = model.new_int_var(0, 10, "x")
    model.add(x >= 4)
    model.minimize(x)
    solver = new_solver(workers=1, seed=0, seconds=10)
    assert solver.solve(model) == cp_model.OPTIMAL
    assert solver.value(x) == 4
