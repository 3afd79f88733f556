"""Literals mixed with constants (models/cpsat/literals.py): negation, and clauses that post only what
can still change, or report that they cannot hold."""

from __future__ import annotations

from ortools.sat.python import cp_model

from scheveningen.models.cpsat.cpsolver import new_solver
from scheveningen.models.cpsat.literals import add_clause, negate


def constraints(model: cp_model.CpModel) -> int:
    return len(model.proto.constraints)


def test_negate_flips_a_constant() -> None:
    assert negate(True) is False
    assert negate(False) is True


def test_negate_of_a_variable_is_its_negation_and_negating_twice_gives_it_back() -> None:
    model = cp_model.CpModel()
    x = model.new_bool_var("x")
    model.add_bool_or([negate(x)])  # x must be false
    solver = new_solver(workers=1)
    assert solver.solve(model) == cp_model.OPTIMAL
    assert not solver.boolean_value(x)
    assert solver.boolean_value(negate(x))
    twice = negate(negate(x))
    assert not isinstance(twice, bool) and twice.index == x.index


def test_a_clause_with_a_true_constant_holds_and_posts_nothing() -> None:
    model = cp_model.CpModel()
    x = model.new_bool_var("x")
    assert add_clause(model, [x, True, False])
    assert constraints(model) == 0


def test_a_clause_of_false_constants_cannot_hold_and_posts_nothing() -> None:
    model = cp_model.CpModel()
    assert not add_clause(model, [False, False])
    assert not add_clause(model, [])
    assert constraints(model) == 0


def test_a_mixed_clause_posts_its_free_literals_only() -> None:
    model = cp_model.CpModel()
    x, y = model.new_bool_var("x"), model.new_bool_var("y")
    assert add_clause(model, [False, x])
    assert add_clause(model, [negate(x), False, y])
    assert constraints(model) == 2
    assert [len(c.bool_or.literals) for c in model.proto.constraints] == [1, 2]
    solver = new_solver(workers=1)
    assert solver.solve(model) == cp_model.OPTIMAL
    assert solver.boolean_value(x) and solver.boolean_value(y)  # x forced, then y by the second clause
