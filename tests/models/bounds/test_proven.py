"""The proven lower bounds on breaks (docs/bounds.md, facts 1-9): checked against random
schedules, the solver run without the bound as a cut, and the constructions that meet them."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from scheveningen.models.bounds.proven import (
    SPLIT_CHECKED_SIZES,
    analytic_break_bound,
    even_break_bound,
    proven_break_bound,
)
from scheveningen.models.constructions.equal import phase_matchings
from scheveningen.models.cpsat.model import MatchModel, ModelOptions
from scheveningen.models.domain.match import Match, Meet, RuleSettings
from scheveningen.models.domain.schedule import Schedule, Team
from scheveningen.models.formats.tables import best_stated_bound
from scheveningen.solver.design import DesignParams, design, design_match
from scheveningen.solver.verify.verifier import verify


@st.composite
def any_complete_schedule(draw: st.DrawFn) -> tuple[Schedule, bool]:
    """A complete schedule of equal teams with arbitrary colours: no rule but rule 0 holds."""
    n = draw(st.integers(min_value=1, max_value=9))
    double = draw(st.booleans())
    rows = draw(st.permutations(range(n)))
    cols = draw(st.permutations(range(n)))
    order = draw(st.permutations(range(n)))
    pairs = [[(a + 1, cols[(rows[a] + order[r]) % n] + 1) for a in range(n)] for r in range(n)]
    flips = draw(st.lists(st.booleans(), min_size=n * n, max_size=n * n))
    rounds = [[(a, b, flips[r * n + a - 1]) for a, b in row] for r, row in enumerate(pairs)]
    if double:
        # The second leg replays the pairings in another order, each pair with its other colour.
        leg = draw(st.permutations(range(n)))
        rounds += [[(a, b, not white) for a, b, white in rounds[r]] for r in leg]
    return Schedule.from_pairings(rounds), double


@settings(max_examples=200, deadline=None, derandomize=True)
@given(case=any_complete_schedule())
def test_breaks_are_even_in_every_complete_schedule_of_equal_teams(case: tuple[Schedule, bool]) -> None:
    schedule, double = case
    verdict = verify(schedule, double=double)
    assert verdict.complete
    assert verdict.metrics.total_breaks % 2 == 0


def test_even_bound_rounds_up() -> None:
    assert [even_break_bound(b) for b in range(6)] == [0, 2, 2, 4, 4, 6]


def test_analytic_bound_by_class() -> None:
    assert [analytic_break_bound(n) for n in range(1, 15)] == [0, 4, 4, 4, 8, 10, 10, 8, 12, 16, 14, 12, 16, 22]
    # Fact 13: n + 8 for n = 2 mod 4 from 14 boards on, every n, with rules 1 and 3 only.
    assert [analytic_break_bound(n) for n in (14, 18, 98, 102, 1002)] == [22, 26, 106, 110, 1010]
    assert analytic_break_bound(102, colour_balance=False) == analytic_break_bound(102, double=True) == 102
    assert analytic_break_bound(10, double=True) == 10
    assert analytic_break_bound(10, colour_balance=False) == 10
    # Fact 9: an odd double round needs n + 3 with rule 1, n + 1 (fact 4) without; 3 boards need 4.
    assert analytic_break_bound(9, double=True) == 12
    assert analytic_break_bound(9, double=True, colour_balance=False) == 10
    assert [analytic_break_bound(n, double=True) for n in range(2, 8)] == [2, 4, 4, 8, 6, 10]


def _optimum_without_cut(n: int, double: bool = False, colour_balance: bool = True) -> int:
    match = Match(boards=n, double=double, rules=RuleSettings(colour_balance=colour_balance))
    mm = MatchModel.build(ModelOptions(n, double=double, match=match, break_bound_cut=False))
    mm.set_objective()
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = 60
    # One worker: the optimum is proven all the same, and on 6 boards (the one solve that takes
    # seconds) in about the same time as with two, at half the CPU, which the other test worker needs.
    solver.parameters.num_workers = 1
    status = solver.solve(mm.model)
    assert status == cp_model.OPTIMAL
    schedule = mm.schedule_from(solver)
    verdict = verify(schedule, double=double, match=match)
    assert verdict.ok
    return verdict.metrics.total_breaks


@pytest.mark.parametrize(("n", "double"), [(3, False), (4, False), (5, False), (6, False), (3, True), (4, True)])
def test_solver_optimum_without_the_cut_respects_the_bound(n: int, double: bool) -> None:
    assert _optimum_without_cut(n, double) >= analytic_break_bound(n, double)


def test_the_two_mod_four_bound_needs_colour_balance() -> None:
    # Without rule 1, six boards need only six breaks: the n + 2 argument uses rule 1.
    optimum = _optimum_without_cut(6, colour_balance=False)
    assert analytic_break_bound(6, colour_balance=False) <= optimum < analytic_break_bound(6)


def test_the_odd_bound_does_not_need_colour_balance() -> None:
    # The n + 3 case analysis uses rule 3 alone.
    assert _optimum_without_cut(5, colour_balance=False) >= analytic_break_bound(5) == 8


@pytest.mark.parametrize("n", [3, 5, 13, 21, 39, 99])
def test_odd_sizes_are_proven_optimal_by_the_bound_alone(n: int) -> None:
    # The construction meets the analytic bound, so no search is needed, whatever the time limit.
    result = design(n, DesignParams(time_limit=1, workers=1))
    assert result.status.value == "optimal"
    assert result.breaks == result.lower_bound == analytic_break_bound(n)


@pytest.mark.parametrize("n", [2, 3, 5, 7, 9, 10, 60])
def test_double_rounds_are_proven_optimal_by_the_bound_alone(n: int) -> None:
    # The double-round constructions meet the proven bound, so no search is needed.
    result = design(n, DesignParams(time_limit=1, workers=1), double=True)
    assert result.status.value == "optimal"
    assert result.breaks == result.lower_bound == analytic_break_bound(n, double=True)


def test_the_odd_double_bound_is_not_claimed_without_colour_balance() -> None:
    match = Match(boards=5, double=True, rules=RuleSettings(colour_balance=False))
    result = design_match(match, DesignParams(time_limit=1, workers=1))
    assert result.verdict.ok
    assert result.lower_bound is not None and result.lower_bound < analytic_break_bound(5, double=True)


def test_computer_proven_bounds_raise_six_and_ten_boards_only_with_rule_1() -> None:
    analytic = [analytic_break_bound(n) for n in range(1, 103)]
    proven = [proven_break_bound(n) for n in range(1, 103)]
    assert [n for n in range(1, 103) if proven[n - 1] != analytic[n - 1]] == [6, 10]
    assert (proven_break_bound(6), proven_break_bound(10), proven_break_bound(14)) == (14, 18, 22)
    assert proven_break_bound(10, double=True) == analytic_break_bound(10, double=True)
    assert proven_break_bound(10, colour_balance=False) == analytic_break_bound(10, colour_balance=False)


def test_ten_boards_are_proven_optimal_at_eighteen() -> None:
    result = design(10, DesignParams(time_limit=2, workers=2))
    assert result.status.value == "optimal"
    assert result.breaks == result.lower_bound == 18


def test_fourteen_boards_are_proven_optimal_at_twenty_two() -> None:
    # docs/bounds.md, fact 13 (and fact 10 by computer): no 20 breaks; the best known design has 22.
    result = design(14, DesignParams(time_limit=1, workers=1))
    assert result.status.value == "optimal"
    assert result.breaks == result.lower_bound == 22


@pytest.mark.parametrize("n", [10, *SPLIT_CHECKED_SIZES])
def test_every_size_proven_by_the_split_has_its_record(n: int) -> None:
    # A bound claimed or checked by computer must have the run that proves it: every case INFEASIBLE.
    record = Path(__file__).resolve().parents[3] / "benchmarks/results/phase_bounds" / f"phase_split_{n}_{n + 6}.csv"
    with record.open(newline="") as handle:
        cases = list(csv.DictReader(handle))
    assert cases and {case["status"] for case in cases} == {"INFEASIBLE"}
    assert proven_break_bound(n) == n + 8


@pytest.mark.parametrize("n", [n for n in SPLIT_CHECKED_SIZES if n > 14])
def test_two_mod_four_sizes_are_answered_at_once_as_optimal(n: int) -> None:
    # docs/bounds.md, fact 13 (fact 10 checks it by computer up to 98 boards): no single round with
    # n + 6 breaks, and the construction has n + 8, so the designer needs no search.
    assert n % 4 == 2 and n + 8 == proven_break_bound(n)
    result = design(n, DesignParams(time_limit=1, workers=1))
    assert result.status.value == "optimal"
    assert result.breaks == result.lower_bound == n + 8


@pytest.mark.parametrize("n", [102, 110])
def test_the_construction_meets_fact_13_past_the_sizes_schev_takes(n: int) -> None:
    # Fact 13 holds for every n = 2 mod 4 from 14 on, so phase_matchings is optimal past 100 boards too.
    verdict = verify(phase_matchings(n))
    assert verdict.ok and verdict.metrics.total_breaks == analytic_break_bound(n) == n + 8


@pytest.mark.parametrize(("n", "bound"), [(6, 14), (10, 18), (14, 22), (18, 26)])
def test_the_bounds_hold_with_three_in_a_row_allowed(n: int, bound: int) -> None:
    # No bound needs rule 2: facts 8 (by the split without rule 2, tests/solver/bounds/test_split.py) and 13. The
    # designs keep rule 2 anyway, so relaxing it leaves them optimal.
    match = Match(boards=n, rules=RuleSettings(max_run=3))
    result = design_match(match, DesignParams(time_limit=2, workers=1))
    assert result.status.value == "optimal"
    assert result.breaks == result.lower_bound == bound


def test_the_two_mod_four_bounds_are_not_claimed_without_colour_balance() -> None:
    match = Match(boards=10, rules=RuleSettings(colour_balance=False))
    result = design_match(match, DesignParams(time_limit=2, workers=2))
    assert result.lower_bound is not None and result.lower_bound < analytic_break_bound(10)


def test_a_match_with_requests_inherits_the_plain_match_bound() -> None:
    # Requests only remove schedules: 6 boards never do better than the plain optimum, 14.
    match = Match(boards=6, meets=(Meet(a=3, b=5, round=2, white=Team.A),))
    result = design_match(match, DesignParams(time_limit=1, workers=2))
    assert result.lower_bound is not None and result.lower_bound >= best_stated_bound(6) == 14
