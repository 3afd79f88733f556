"""The design table: every design verifies, relaxes only what the size forces, and is no worse than published."""

from __future__ import annotations

import contextlib
import io
import json
from dataclasses import replace

import pytest
from ortools.sat.python import cp_model

from scheveningen.models.bounds.proven import analytic_break_bound
from scheveningen.models.cpsat.model import MatchModel, ModelOptions
from scheveningen.models.domain.match import Avoid, ColourWish, Match, Meet, RuleSettings
from scheveningen.models.domain.rules import Rule
from scheveningen.models.domain.schedule import Colour, Player, Schedule, Team
from scheveningen.models.formats.tables import published
from scheveningen.solver.cli import main as cli
from scheveningen.solver.design import (
    STRATEGIES,
    DesignBugError,
    DesignInputError,
    DesignParams,
    Outcome,
    Status,
    design,
    design_match,
)
from scheveningen.solver.design.stages.start import compute_start
from scheveningen.solver.verify.verifier import verify

#: Every size now starts from a construction or a best known table; these get more search time.
SEARCH_SIZES = {6: 5.0, 10: 5.0}


@pytest.mark.parametrize("n", range(2, 14))
def test_design_verifies_and_is_no_worse_than_the_published_table(n: int) -> None:
    result = design(n, DesignParams(time_limit=SEARCH_SIZES.get(n, 3.0), workers=2))
    assert result.schedule is not None and result.verdict is not None
    assert result.verdict.complete
    published_breaks = verify(published(n)).metrics.total_breaks
    assert result.breaks is not None and result.breaks <= published_breaks
    assert result.lower_bound <= result.breaks
    assert verify(result.schedule).metrics.total_breaks == result.breaks
    if result.status is Status.OPTIMAL:
        assert result.breaks == result.lower_bound


def test_two_boards_relax_board_balance_only_and_say_so() -> None:
    result = design(2, DesignParams(time_limit=5, workers=1))
    assert result.relaxed == {Rule.BOARD_BALANCE: 2}
    assert any("relaxed" in message for message in result.messages)
    assert result.verdict is not None
    assert result.verdict.rules[Rule.COLOUR_BALANCE].holds
    assert result.verdict.rules[Rule.NO_THREE_IN_A_ROW].holds
    # The verifier proves on its own that the relaxation was forced and least.
    assert result.verdict.rules[Rule.BOARD_BALANCE].status == "relaxed"
    assert result.verdict.ok


def test_two_boards_strict_is_proven_impossible() -> None:
    result = design(2, DesignParams(time_limit=5, workers=1, strict=True))
    assert result.status is Status.INFEASIBLE
    assert result.schedule is None


@pytest.mark.parametrize(("size_a", "size_b"), [(2, 2), (6, 2), (2, 10)])
def test_strict_refuses_p_against_two_on_two_boards_naming_rules_1_and_3(size_a: int, size_b: int) -> None:
    # The shortcut's proof (models/constructions/two_boards.py) answers without a search; before, it
    # relaxed rule 3 even with --strict.
    match = Match(boards=2, size_a=size_a, size_b=size_b)
    result = design_match(match, DesignParams(time_limit=5, workers=1, strict=True))
    assert result.status is Status.INFEASIBLE and result.schedule is None
    assert result.explanation == ("rule 1 (colour balance)", "rule 3 (board balance)")


@pytest.mark.parametrize("n", [3, 4, 5])
def test_sizes_that_keep_every_rule_relax_nothing(n: int) -> None:
    result = design(n, DesignParams(time_limit=5, workers=1))
    assert result.relaxed == {}
    assert result.verdict is not None and result.verdict.ok
    assert not result.verdict.relaxed


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_small_sizes_are_proven_optimal(n: int) -> None:
    # Without the construction start, so the model itself finds and proves the optimum.
    result = design(n, DesignParams(time_limit=10, workers=2), use_start=False)
    assert result.status is Status.OPTIMAL
    assert result.breaks == result.lower_bound


def test_the_search_alone_beats_the_published_six_board_table() -> None:
    # The published 6-board table has 16 breaks; 14 is optimal.  Without any starting
    # schedule (no construction, no stored table) the model must find fewer than 16 itself.
    result = design(6, DesignParams(time_limit=20, workers=2), use_start=False)
    assert result.breaks is not None and result.breaks < verify(published(6)).metrics.total_breaks


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_double_rounds_verify(n: int) -> None:
    result = design(n, DesignParams(time_limit=5, workers=2), double=True)
    assert result.schedule is not None and result.verdict is not None
    assert result.schedule.n_rounds == 2 * n
    assert result.verdict.double and result.verdict.ok
    assert result.relaxed == {}


def _team_gap(result) -> int:  # type: ignore[no-untyped-def]
    by_team = result.verdict.metrics.breaks_by_team
    return abs(by_team["A"] - by_team["B"])


@pytest.mark.parametrize("n", [3, 4, 5])
def test_fair_objective_keeps_the_fewest_breaks_and_proves_the_best_split(n: int) -> None:
    plain = design(n, DesignParams(time_limit=10, workers=2))
    fair = design(n, DesignParams(time_limit=10, workers=2), objective="fair")
    assert fair.breaks == plain.breaks
    assert fair.status is Status.OPTIMAL
    assert _team_gap(fair) <= _team_gap(plain)
    if n % 2:
        # Odd sizes admit an even split of the fewest breaks.
        assert _team_gap(fair) == 0


@pytest.mark.parametrize(("n", "double"), [(12, False), (40, False), (8, True), (20, True)])
def test_fair_objective_at_n_breaks_is_optimal_at_once(n: int, double: bool) -> None:
    # With n breaks (even n, rule 3) exactly n players alternate and, by fact 3, one whole team does: every
    # schedule with the fewest breaks has them all in the other team, so the construction's split is the fairest.
    fair = design(n, DesignParams(time_limit=10, workers=1), objective="fair", double=double)
    assert fair.status is Status.OPTIMAL and fair.breaks == n
    assert _team_gap(fair) == n


def test_with_n_breaks_the_solver_finds_no_fairer_split() -> None:
    # The fact behind the shortcut, proved by the full model alone: 4 boards, fewest breaks 4, gap 4.
    fair = design(4, DesignParams(time_limit=30, workers=2), objective="fair", use_start=False)
    assert fair.status is Status.OPTIMAL and fair.breaks == 4 and _team_gap(fair) == 4


@pytest.mark.parametrize(("boards", "double"), [(16, False), (30, False), (10, True)])
def test_fair_objective_with_requests_keeps_the_breaks_of_the_breaks_objective(boards: int, double: bool) -> None:
    # "fair" with a meeting, an avoid and a colour wish: the stages of the breaks objective first, then
    # (single rounds below 24 boards) the split, never with more breaks. 16 boards used to end at 92
    # breaks after 10 s and 40 boards at exit 3, where "breaks" answered at once.
    fair = Match(
        boards=boards,
        double=double,
        rules=RuleSettings(objective="fair"),
        meets=(Meet(a=1, b=5, round=3),),
        avoids=(Avoid(a=2, b=7, rounds=(1, 2, 3, 4)),),
        colours=(ColourWish(Player(Team.A, 3), 10, Colour.WHITE),),
    )
    params = DesignParams(time_limit=4, workers=1, work_limit=2)
    breaks_first = design_match(replace(fair, rules=RuleSettings()), params)
    result = design_match(fair, params)
    assert result.schedule is not None and result.breaks is not None and breaks_first.breaks is not None
    assert result.breaks <= breaks_first.breaks
    assert result.status in (Status.OPTIMAL, Status.FEASIBLE)
    verdict = verify(result.schedule, double=double, match=fair)
    assert verdict.ok and not verdict.requests


def test_fair_objective_with_impossible_requests_is_infeasible() -> None:
    # Two meetings of A1 in one round cannot hold whatever the objective.
    match = Match(
        boards=12, rules=RuleSettings(objective="fair"), meets=(Meet(a=1, b=1, round=2), Meet(a=1, b=2, round=2))
    )
    result = design_match(match, DesignParams(time_limit=4, workers=1, work_limit=2))
    assert result.status is Status.INFEASIBLE and result.schedule is None


@pytest.mark.parametrize("n", [4, 6])
def test_objective_none_returns_a_valid_schedule(n: int) -> None:
    result = design(n, DesignParams(time_limit=10, workers=2), objective="none")
    assert result.verdict is not None and result.verdict.ok
    assert result.status is Status.FEASIBLE


@pytest.mark.parametrize("formulation", ["boolean", "channelled"])
@pytest.mark.parametrize("symmetry_breaking", [True, False])
def test_formulations_and_symmetry_breaking_agree_on_the_optimum(formulation: str, symmetry_breaking: bool) -> None:
    # Without symmetry breaking the solver proves optima only for the smallest sizes in time.
    for n in (3, 4, 5) if symmetry_breaking else (3, 4):
        params = DesignParams(
            time_limit=10,
            workers=2,
            formulation=formulation,
            symmetry_breaking=symmetry_breaking,  # type: ignore[arg-type]
        )
        result = design(n, params, use_start=False)  # the model alone, in the formulation named
        assert result.status is Status.OPTIMAL
        assert result.breaks == {3: 4, 4: 4, 5: 8}[n]


@pytest.mark.parametrize("seed", [0, 7])
def test_one_worker_with_a_seed_and_a_work_limit_is_reproducible(seed: int) -> None:
    # Without a start, 8 boards are not solved to optimality within the work limit, so the
    # schedule is whatever the search reaches when the limit stops it.
    params = DesignParams(time_limit=60, work_limit=0.5, workers=1, seed=seed)
    first, second = design(8, params, use_start=False), design(8, params, use_start=False)
    assert first.status is Status.FEASIBLE
    assert first.schedule is not None
    assert first.schedule == second.schedule
    assert first.breaks == second.breaks and first.lower_bound == second.lower_bound


def test_a_model_bug_is_reported_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self, solver) -> Schedule:  # type: ignore[no-untyped-def]
        good = published(4)
        first = good.rounds[0]
        swapped = (type(first[0])(first[0].black, first[0].white), *first[1:])  # still complete, colours off
        return Schedule(good.boards, (swapped, *good.rounds[1:]))

    monkeypatch.setattr(MatchModel, "schedule_from", broken)
    # A request rules out the direct construction, and without the organisers' stage (which answers
    # with an image of the design from 3 boards) the schedule must come from the model.
    match = Match(boards=4, meets=(Meet(a=1, b=1, round=1),))
    with pytest.raises(DesignBugError, match="verifier rejected"):
        design_match(match, DesignParams(time_limit=5, workers=1, scale=False))


@pytest.mark.parametrize("kwargs", [{"time_limit": 0}, {"workers": 0}])
def test_bad_parameters_are_named(kwargs: dict[str, object]) -> None:
    with pytest.raises(DesignInputError):
        DesignParams(**kwargs)  # type: ignore[arg-type]


def test_a_bad_objective_is_named() -> None:
    with pytest.raises(DesignInputError, match="objective"):
        design(4, objective="speed")  # type: ignore[arg-type]


def test_the_match_is_the_home_of_objective_and_double_and_the_parameters_report_them() -> None:
    result = design(4, DesignParams(time_limit=5, workers=1), objective="none", double=True)
    assert (result.match.rules.objective, result.match.double) == ("none", True)
    assert result.schedule is not None and result.schedule.n_rounds == 8
    assert list(result.parameters()) == [
        "time_limit", "work_limit", "seed", "workers", "objective", "formulation", "double", "strict",
        "symmetry_breaking", "scale",
    ]  # fmt: skip
    assert (result.parameters()["objective"], result.parameters()["double"]) == ("none", True)


@pytest.mark.parametrize("n", [0, 101])
def test_sizes_out_of_range_are_refused(n: int) -> None:
    with pytest.raises(DesignInputError, match="between 1 and 100"):
        design(n)


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8])
def test_the_analytic_bound_holds_on_every_schedule_the_model_finds(n: int) -> None:
    # Proven in docs/bounds.md; the model is built without the bound as a cut and without a start,
    # so every schedule it finds (verified independently) is a fresh test of the proof.
    options = ModelOptions(n, break_bound_cut=False)
    mm = MatchModel.build(options)
    mm.set_objective()
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = 2
    solver.parameters.num_workers = 2
    assert solver.solve(mm.model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    verdict = verify(mm.schedule_from(solver))
    assert verdict.ok
    assert verdict.metrics.total_breaks >= analytic_break_bound(n)


def test_progress_reports_breaks_and_bound_while_solving() -> None:
    calls: list[tuple[float, float, float]] = []
    # 11 against 10 players on 10 boards: the start (12) is above the proven bound (11), so the solver
    # searches.
    match = Match(boards=10, size_a=11, size_b=10)
    params = DesignParams(time_limit=5, workers=2)
    result = design_match(match, params, progress=lambda o, b, t: calls.append((o, b, t)))
    assert calls, "the solver reported progress"
    assert all(bound <= objective for objective, bound, _t in calls)
    assert min(objective for objective, _b, _t in calls) >= result.breaks  # type: ignore[operator]
    assert [t for _o, _b, t in calls] == sorted(t for _o, _b, t in calls)


@pytest.mark.parametrize(
    ("rules", "boards", "plain"),
    [(RuleSettings(max_run=3), 10, 18), (RuleSettings(colour_balance=False), 12, 12), (RuleSettings(max_run=0), 6, 14)],
)
def test_a_match_with_looser_rules_starts_from_the_plain_design(rules: RuleSettings, boards: int, plain: int) -> None:
    # The construction keeps every rule as written, so it keeps looser ones too: switching a rule off or
    # allowing longer runs never gives more breaks than the plain match (12 boards without rule 1 used
    # to search from nothing and return 42 breaks in 5 s).
    result = design_match(Match(boards=boards, rules=rules), DesignParams(time_limit=1, workers=1))
    assert result.schedule is not None and result.breaks is not None and result.breaks <= plain
    assert verify(result.schedule, match=Match(boards=boards, rules=rules)).ok


def test_runs_of_one_colour_get_no_plain_start() -> None:
    # max_run = 1 is stricter than rule 2: the plain design, with its breaks, would not keep it.
    assert compute_start(Match(boards=6, rules=RuleSettings(max_run=1))) is None
    assert compute_start(Match(boards=6, rules=RuleSettings(max_run=3))) is not None


@pytest.mark.parametrize(("boards", "double"), [(2, False), (7, True), (30, False), (30, True)])
def test_without_rule_3_everyone_alternates_and_the_answer_is_optimal_at_once(boards: int, double: bool) -> None:
    # Rule 3 off: the alternating construction has no break. 30 boards used to search from the plain
    # construction and return 38 breaks in 10 s.
    match = Match(boards=boards, double=double, rules=RuleSettings(board_balance=False))
    result = design_match(match, DesignParams(time_limit=1, workers=1))
    assert result.status is Status.OPTIMAL and result.breaks == result.lower_bound == 0
    assert result.schedule is not None and verify(result.schedule, double=double, match=match).ok


def test_runs_of_one_are_answered_at_once_with_everyone_alternating() -> None:
    # max_run = 1: every player alternates, so team A has White on every board or on none each round
    # and rule 3 is relaxed by the same amount in every such schedule. 30 boards used to exit 3.
    match = Match(boards=30, rules=RuleSettings(max_run=1))
    result = design_match(match, DesignParams(time_limit=1, workers=1))
    assert result.schedule is not None and result.breaks == 0
    assert set(result.relaxed) == {Rule.BOARD_BALANCE} and result.relaxed[Rule.BOARD_BALANCE] == 450
    assert verify(result.schedule, match=match, declared_relaxed=result.relaxed).ok


@pytest.mark.parametrize(("boards", "double"), [(30, False), (13, True)])
def test_runs_of_one_with_requests_map_the_alternating_schedule_onto_them(boards: int, double: bool) -> None:
    # A meeting, an avoid and a colour wish with max_run = 1: the organisers' stage designs the match with
    # rule 3 off, from an image of the alternating schedule, and rule 3 is relaxed by the forced amount.
    # 30 boards with a request used to exit 3.
    match = Match(
        boards=boards,
        double=double,
        rules=RuleSettings(max_run=1),
        meets=(Meet(a=1, b=2, round=3),),
        avoids=(Avoid(a=2, b=3, rounds=(1, 2)),),
        colours=(ColourWish(Player(Team.B, 4), 2, Colour.WHITE),),
    )
    plain = design_match(replace(match, meets=(), avoids=(), colours=()), DesignParams(time_limit=1, workers=1))
    result = design_match(match, DesignParams(time_limit=10, workers=1, work_limit=2))
    assert result.status is Status.OPTIMAL and result.breaks == 0
    assert result.relaxed == plain.relaxed and set(result.relaxed) == {Rule.BOARD_BALANCE}
    assert result.schedule is not None
    verdict = verify(result.schedule, double=double, match=match, declared_relaxed=result.relaxed)
    assert verdict.ok and not verdict.requests


@pytest.mark.parametrize("double", [False, True])
def test_runs_of_one_relax_rule_3_as_little_as_the_full_model_does(double: bool) -> None:
    match = Match(boards=6, double=double, rules=RuleSettings(max_run=1))
    quick = design_match(match, DesignParams(time_limit=30, workers=2))
    searched = design_match(match, DesignParams(time_limit=30, workers=2), use_start=False)
    assert quick.relaxed == searched.relaxed and quick.breaks == searched.breaks == 0


@pytest.mark.parametrize("boards", [10, 26])
def test_without_rule_1_two_mod_four_sizes_get_n_breaks_at_once(boards: int) -> None:
    # half_blocks breaks only rule 1 and has n breaks, the bound without it; 26 boards used to return
    # the plain construction's 34 after a 10 s search.
    match = Match(boards=boards, rules=RuleSettings(colour_balance=False))
    result = design_match(match, DesignParams(time_limit=1, workers=1))
    assert result.status is Status.OPTIMAL and result.breaks == result.lower_bound == boards


@pytest.mark.parametrize("boards", [2, 3])
@pytest.mark.parametrize("double", [False, True])
@pytest.mark.parametrize(
    "rules",
    [
        RuleSettings(colour_balance=False),
        RuleSettings(board_balance=False),
        RuleSettings(max_run=0),
        RuleSettings(max_run=3),
    ],
)
def test_tiny_matches_with_looser_rules_are_designed_and_verified(
    boards: int, double: bool, rules: RuleSettings
) -> None:
    # The 2-board table relaxes rule 3, which the rules as written excuse there; it must not be taken
    # for a bug when a rule is switched off (it was: 2 boards without rule 1 raised DesignBugError).
    match = Match(boards=boards, double=double, rules=rules)
    result = design_match(match, DesignParams(time_limit=2, workers=1))
    assert result.schedule is not None
    assert verify(result.schedule, double=double, match=match, declared_relaxed=result.relaxed).ok


# --------------------------------------------------------------------------- the strategy table and its record


def test_the_stages_tried_are_the_table_in_order_down_to_the_one_that_answered() -> None:
    result = design(5, DesignParams(time_limit=5, workers=1))
    names = [stage.name for stage in result.stages]
    assert names == [strategy.name for strategy in STRATEGIES[: len(names)]]
    assert all(stage.outcome is Outcome.SKIPPED for stage in result.stages[:-1])
    assert result.stages[-1].name == "plain start" and result.stages[-1].outcome is Outcome.ANSWERED
    assert all(stage.within is None for stage in result.stages)


def test_without_a_start_the_shortcuts_are_skipped_and_the_full_model_answers() -> None:
    result = design(4, DesignParams(time_limit=10, workers=1), use_start=False)
    outcomes = {stage.name: stage.outcome for stage in result.stages}
    assert outcomes["plain start"] is Outcome.SKIPPED
    assert outcomes["no room to build the full model"] is Outcome.NO_ANSWER
    assert result.stages[-1].name == "full model search" and result.stages[-1].outcome is Outcome.ANSWERED


def test_an_entry_that_designs_a_variant_first_lists_the_variants_stages_within_it() -> None:
    # "fair" with a request on a double round: designed for fewest breaks first (an image of the double
    # round's construction), then that answer is the fair one.
    match = Match(boards=6, double=True, rules=RuleSettings(objective="fair"), meets=(Meet(a=1, b=5, round=3),))
    result = design_match(match, DesignParams(time_limit=10, workers=1, work_limit=2))
    fair, *variant = result.stages
    assert fair.within is None and fair.outcome is Outcome.ANSWERED and result.schedule is not None
    assert variant and all(stage.within == fair.name for stage in variant)
    assert variant[-1].name == "double round with requests" and variant[-1].outcome is Outcome.ANSWERED


def _schev(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_the_json_report_lists_the_stages_tried_and_verbose_prints_them() -> None:
    code, out, err = _schev("generate", "5", "--workers", "1", "--format", "json", "--verbose")
    stages = json.loads(out)["stages"]
    assert code == 0
    assert [stage["name"] for stage in stages] == [strategy.name for strategy in STRATEGIES[: len(stages)]]
    assert all(set(stage) == {"name", "seconds", "outcome", "within"} for stage in stages)
    assert stages[-1]["outcome"] == "answered"
    printed = [line.rpartition(" (")[0] for line in err.splitlines() if line.startswith("schev: stage ")]
    assert printed == [f"schev: stage {stage['name']}: {stage['outcome']}" for stage in stages]
    _code, _out, quiet = _schev("generate", "5", "--workers", "1", "--format", "json")
    assert not any(line.startswith("schev: stage ") for line in quiet.splitlines())


def test_every_public_name_of_the_design_package_loads() -> None:
    # The package loads its names when first used (PEP 562): one missing from its table would fail
    # only where it is imported.
    import scheveningen.solver.design as package

    assert package.__all__
    for name in package.__all__:
        assert getattr(package, name) is not None, name
    assert set(package.__all__) <= set(dir(package))
