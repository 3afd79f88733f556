"""The CP-SAT match model (models/cpsat/model.py), solved on small boards: the schedule it finds is
accepted by the independent verifier with as many breaks as the model's objective says; symmetry
breaking, the break cuts and the channelled formulation leave the optimum where it is; a request is
kept; and a setting no schedule can meet is proven infeasible.

Every solve has one worker and a deterministic work limit (each one here takes well under a second)."""

from __future__ import annotations

import pytest
from ortools.sat.python import cp_model

from scheveningen.models.cpsat.cpsolver import new_solver
from scheveningen.models.cpsat.model import MatchModel, ModelOptions
from scheveningen.models.domain.match import Avoid, ColourWish, Match, Meet, RuleSettings
from scheveningen.models.domain.rules import Rule
from scheveningen.models.domain.schedule import Colour, Player, Schedule, Team
from scheveningen.solver.verify.verifier import verify

WORK_LIMIT = 10.0  # deterministic seconds; the largest solve below needs about 0.2
TIME_LIMIT = 30.0  # a safety net only: every solve here ends on a proof long before

SIZES = [(3, False), (4, False), (5, False), (6, False), (3, True), (4, True)]
SIZE_IDS = [f"{n}{'-double' if double else ''}" for n, double in SIZES]


def solve(mm: MatchModel) -> tuple[cp_model.CpSolver, cp_model.CpSolverStatus]:
    solver = new_solver(workers=1, seed=0, seconds=TIME_LIMIT, work=WORK_LIMIT)
    return solver, solver.solve(mm.model)


def optimum(options: ModelOptions) -> tuple[Schedule, int]:
    """The schedule and the proven fewest breaks of the model these options build."""
    mm = MatchModel.build(options)
    mm.set_objective()
    solver, status = solve(mm)
    assert status == cp_model.OPTIMAL, solver.status_name(status)
    return mm.schedule_from(solver), round(solver.objective_value)


@pytest.fixture(scope="module")
def optima() -> dict[tuple[int, bool], tuple[Schedule, int]]:
    """The default model's optimum for every size, solved once for the module."""
    return {(n, double): optimum(ModelOptions(boards=n, double=double)) for n, double in SIZES}


@pytest.mark.parametrize(("boards", "double"), SIZES, ids=SIZE_IDS)
def test_the_models_schedule_passes_the_verifier_with_the_objectives_breaks(
    boards: int, double: bool, optima: dict[tuple[int, bool], tuple[Schedule, int]]
) -> None:
    schedule, breaks = optima[boards, double]
    assert schedule.boards == boards
    assert schedule.n_rounds == boards * (2 if double else 1)
    verdict = verify(schedule, double=double)
    assert verdict.ok, [v.message for v in verdict.violations()]
    assert all(rule_verdict.holds for rule_verdict in verdict.rules.values())
    assert verdict.metrics.total_breaks == breaks == schedule.breaks()


@pytest.mark.parametrize(("boards", "double"), SIZES, ids=SIZE_IDS)
def test_symmetry_breaking_keeps_the_optimum(
    boards: int, double: bool, optima: dict[tuple[int, bool], tuple[Schedule, int]]
) -> None:
    _schedule, breaks = optimum(ModelOptions(boards=boards, double=double, symmetry_breaking=False))
    assert breaks == optima[boards, double][1]


@pytest.mark.parametrize(("boards", "double"), [(3, False), (4, False), (3, True), (4, True)])
def test_symmetry_breaking_keeps_the_optimum_without_the_break_cuts(boards: int, double: bool) -> None:
    with_symmetry = optimum(ModelOptions(boards=boards, double=double, break_bound_cut=False))
    without = optimum(ModelOptions(boards=boards, double=double, break_bound_cut=False, symmetry_breaking=False))
    assert with_symmetry[1] == without[1]


@pytest.mark.parametrize("boards", [4, 5])
def test_the_channelled_formulation_has_the_same_optimum(
    boards: int, optima: dict[tuple[int, bool], tuple[Schedule, int]]
) -> None:
    schedule, breaks = optimum(ModelOptions(boards=boards, formulation="channelled"))
    assert breaks == optima[boards, False][1]
    assert verify(schedule).ok


@pytest.mark.parametrize(("boards", "double"), [(4, False), (5, False), (3, True)])
def test_fewer_breaks_than_the_optimum_is_proven_infeasible(
    boards: int, double: bool, optima: dict[tuple[int, bool], tuple[Schedule, int]]
) -> None:
    mm = MatchModel.build(ModelOptions(boards=boards, double=double, break_bound_cut=False))
    mm.limit_breaks(optima[boards, double][1] - 1)
    _solver, status = solve(mm)
    assert status == cp_model.INFEASIBLE


def test_a_meet_request_is_kept_with_its_colour() -> None:
    match = Match(boards=4, meets=(Meet(a=2, b=3, round=2, white=Team.B),))
    mm = MatchModel.build(ModelOptions(boards=4, match=match))
    mm.set_objective()
    solver, status = solve(mm)
    assert status == cp_model.OPTIMAL
    schedule = mm.schedule_from(solver)
    games = [game for game in schedule.rounds[1] if game.a_player == Player(Team.A, 2)]
    assert len(games) == 1 and games[0].b_player == Player(Team.B, 3)
    assert games[0].white == Player(Team.B, 3)
    verdict = verify(schedule, match=match)
    assert verdict.ok and verdict.requests == ()
    assert verdict.metrics.total_breaks == round(solver.objective_value)


def test_avoid_and_colour_requests_are_kept() -> None:
    a1 = Player(Team.A, 1)
    match = Match(
        boards=4,
        avoids=(Avoid(a=1, b=1, rounds=(1, 2)),),
        colours=(ColourWish(player=a1, round=1, colour=Colour.BLACK),),
    )
    mm = MatchModel.build(ModelOptions(boards=4, match=match))
    mm.set_objective()
    solver, status = solve(mm)
    assert status == cp_model.OPTIMAL
    schedule = mm.schedule_from(solver)
    assert schedule.colour_sequence(a1)[0] is Colour.BLACK
    for games in schedule.rounds[:2]:
        assert all(game.a_player != a1 or game.b_player != Player(Team.B, 1) for game in games)
    assert verify(schedule, match=match).requests == ()


def test_two_games_for_one_player_in_a_round_is_proven_infeasible() -> None:
    match = Match(boards=4, meets=(Meet(a=1, b=1, round=1), Meet(a=1, b=2, round=1)))
    mm = MatchModel.build(ModelOptions(boards=4, match=match))
    mm.set_objective()
    _solver, status = solve(mm)
    assert status == cp_model.INFEASIBLE


@pytest.mark.parametrize("boards", [3, 4, 5])
def test_no_breaks_at_all_with_board_balance_is_proven_infeasible(boards: int) -> None:
    # Runs of one game only: every colour alternates, so all of team A shares one colour in round 1.
    match = Match(boards=boards, rules=RuleSettings(max_run=1))
    mm = MatchModel.build(ModelOptions(boards=boards, match=match, break_bound_cut=False))
    mm.set_objective()
    _solver, status = solve(mm)
    assert status == cp_model.INFEASIBLE


def test_two_boards_single_round_cannot_keep_every_rule() -> None:
    mm = MatchModel.build(ModelOptions(boards=2))
    mm.set_objective()
    _solver, status = solve(mm)
    assert status == cp_model.INFEASIBLE


def test_an_objective_of_none_still_finds_a_schedule_the_verifier_accepts() -> None:
    mm = MatchModel.build(ModelOptions(boards=5, objective="none"))
    mm.set_objective()
    solver, status = solve(mm)
    assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    assert verify(mm.schedule_from(solver)).ok


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"boards": 0}, "boards must be at least 1, got 0"),
        ({"boards": 4, "relaxed": frozenset({Rule.COMPLETE})}, r"can be relaxed, got \[0\]"),
        ({"boards": 4, "match": Match(boards=5)}, "boards and double must agree with the match"),
        ({"boards": 4, "match": Match(boards=4, double=True)}, "boards and double must agree with the match"),
    ],
)
def test_inconsistent_options_are_refused(options: dict[str, object], says: str) -> None:
    with pytest.raises(ValueError, match=says):
        ModelOptions(**options)  # type: ignore[arg-type]
