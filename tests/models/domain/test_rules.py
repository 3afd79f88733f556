"""The rule registry: each rule defined once, encoded once by the model and once by the verifier.

A toy rule, defined only here, shows what adding a rule takes: one registry entry, its model
forms (hard and relaxed) and its verifier check (and excess).  tests/end_to_end/test_toy_rule.py runs another
such rule through the whole command line.
"""

from __future__ import annotations

import dataclasses

import pytest
from ortools.sat.python import cp_model

from scheveningen.models.constructions.equal import construct
from scheveningen.models.cpsat.model import RULE_FORMS, BoolLiteral, MatchModel, ModelOptions, RuleForms
from scheveningen.models.domain import rules as rules_module
from scheveningen.models.domain.match import ColourWish, Match, MatchError, RuleSettings
from scheveningen.models.domain.rules import (
    RULES,
    Rule,
    Search,
    by_priority,
    honours,
    kept_by,
    relaxable,
    rule_numbered,
    switchable,
    unhonoured,
)
from scheveningen.models.domain.schedule import Colour, Player, Schedule, Team
from scheveningen.models.domain.symmetry import reverse_colours
from scheveningen.solver.io.report import verdict_text
from scheveningen.solver.scale.conflicts import FORCED_EXCESS, WITNESSES
from scheveningen.solver.scale.lns.rules import GRID_CHECKS, PART_FORMS
from scheveningen.solver.scale.recolour import COLOUR_FORMS
from scheveningen.solver.verify.equivalence import symmetry_names
from scheveningen.solver.verify.verifier import RULE_CHECKS, RuleCheck, rule_excess, verify
from scheveningen.solver.verify.violations import Violation

B1 = Player(Team.B, 1)

# --------------------------------------------------------------------------- a toy rule, defined only here

TOY = Rule(
    number=5,
    key="b1_opens_with_white",
    title="B1 opens with White",
    description="player B1 has White in round 1",
    priority=5,
    relaxable=True,
    kept_by_colour_reversal=False,
)


def _toy_hard(mm: MatchModel, enforce: list[BoolLiteral]) -> None:
    mm.model.add_bool_or([mm.b_white[1, 1]]).only_enforce_if(enforce)


def _toy_relaxed(mm: MatchModel) -> list[cp_model.IntVar]:
    broken = mm.model.new_bool_var("b1_opens_with_black")
    mm.model.add_bool_or([mm.b_white[1, 1], broken])
    return [broken]


def _toy_check(schedule: Schedule, _settings: RuleSettings, _double: bool) -> list[Violation]:
    colour = next(game.colour_of(B1) for game in schedule.rounds[0] if B1 in (game.white, game.black))
    return [] if colour is Colour.WHITE else [Violation(TOY, "B1 has Black in round 1", "B1", 1)]


def _toy_excess(schedule: Schedule, settings: RuleSettings) -> int:
    return len(_toy_check(schedule, settings, False))


TOY_FORMS = {**RULE_FORMS, TOY: RuleForms(_toy_hard, _toy_relaxed)}
TOY_CHECKS = {**RULE_CHECKS, TOY: RuleCheck(_toy_check, _toy_excess)}


def _solve(mm: MatchModel) -> tuple[cp_model.CpSolver, cp_model.CpSolverStatus]:
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = 10
    solver.parameters.num_workers = 1
    return solver, solver.solve(mm.model)


# --------------------------------------------------------------------------- the registry itself


def test_model_and_verifier_cover_the_registry_exactly() -> None:
    assert set(RULE_FORMS) == set(RULES) == set(RULE_CHECKS)
    for rule in RULES:
        assert (RULE_FORMS[rule].relaxed is not None) == rule.relaxable, rule
        assert (RULE_CHECKS[rule].excess is not None) == rule.relaxable, rule


def test_numbers_names_and_keys_users_see_are_unchanged() -> None:
    assert [(int(r), r.key, r.title) for r in RULES] == [
        (0, "complete", "complete"),
        (1, "colour_balance", "colour balance"),
        (2, "no_three_in_a_row", "no three in a row"),
        (3, "board_balance", "board balance"),
        (4, "fewest_breaks", "fewest breaks"),
    ]
    assert [rule_numbered(n) for n in range(5)] == list(RULES)
    assert relaxable() == [Rule.COLOUR_BALANCE, Rule.NO_THREE_IN_A_ROW, Rule.BOARD_BALANCE]


def test_each_setting_reads_its_default_and_switches_its_rule() -> None:
    assert [rule.setting for rule in switchable()] == ["colour_balance", "max_run", "board_balance"]
    for rule in RULES:
        if rule.setting is None:
            assert rule.on(RuleSettings())
            continue
        assert RuleSettings().value(rule.setting) == rule.default and rule.on(RuleSettings())
        assert not rule.on(RuleSettings().with_values({rule.setting: rule.off}))  # False, or 0 for max_run
    assert RuleSettings().with_values({"max_run": 0}) == RuleSettings(max_run=0)


def test_a_setting_with_no_field_of_its_own_is_read_from_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    switched = dataclasses.replace(TOY, number=7, key="switched_toy", setting="switched_toy", default=False)
    monkeypatch.setattr(rules_module, "RULES", (*RULES, switched))
    assert RuleSettings().value("switched_toy") is False and not switched.on(RuleSettings())
    on = RuleSettings.from_mapping({"switched_toy": True, "max_run": 3})
    assert on.value("switched_toy") is True and switched.on(on) and on.max_run == 3
    assert on.as_dict() == {
        "colour_balance": True,
        "max_run": 3,
        "board_balance": True,
        "switched_toy": True,
        "objective": "breaks",
    }
    assert on.with_values({"switched_toy": False}) == RuleSettings(max_run=3)  # the default is not stored
    with pytest.raises(MatchError, match=r"rules\.switched_toy"):
        RuleSettings.from_mapping({"switched_toy": 2})


def test_rule_2_is_titled_by_what_max_run_allows() -> None:
    titles = {k: Rule.NO_THREE_IN_A_ROW.title_for(RuleSettings(max_run=k)) for k in (0, 1, 2, 3)}
    assert titles == {
        0: "no three in a row",  # off: the rule's own name
        1: "no run longer than 1",
        2: "no three in a row",
        3: "no run longer than 3",
    }
    assert Rule.BOARD_BALANCE.title_for(RuleSettings(board_balance=False)) == "board balance"
    schedule = construct(4)
    assert schedule is not None
    as_written = verdict_text(verify(schedule, match=Match(boards=4)))
    four_allowed = verdict_text(verify(schedule, match=Match(boards=4, rules=RuleSettings(max_run=3))))
    assert "rule 2 no three in a row: holds" in as_written
    assert "rule 2 no run longer than 3: holds" in four_allowed and "three in a row" not in four_allowed


def test_priority_is_separate_from_the_number_users_see() -> None:
    urgent = dataclasses.replace(TOY, priority=-1)  # a new rule more important than rule 0 keeps number 5
    assert by_priority([*RULES, urgent])[0] is urgent
    assert sorted([urgent, *RULES])[-1] is urgent  # users still see it last, as rule 5
    assert int(urgent) == 5


def test_symmetries_are_asked_of_the_registry() -> None:
    assert kept_by(colour_reversal=True) and kept_by(team_swap=True) and kept_by(round_reversal=True)
    assert not kept_by(colour_reversal=True, rules=[*RULES, TOY])
    assert kept_by(team_swap=True, rules=[*RULES, TOY])
    assert kept_by(round_reversal=True, rules=[*RULES, TOY])


def test_compare_and_fingerprint_use_only_the_symmetries_every_registered_rule_is_kept_by(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    every = ["renumber team A", "renumber team B", "swap teams", "reverse colours", "reverse rounds"]
    assert symmetry_names(allow_reversal=True) == every
    forward_only = dataclasses.replace(TOY, kept_by_round_reversal=False)  # nor, as the toy, by colour reversal
    monkeypatch.setattr(rules_module, "RULES", (*RULES, forward_only))
    assert symmetry_names(allow_reversal=True) == ["renumber team A", "renumber team B", "swap teams"]


# --------------------------------------------------------------------------- the searches ask the registry


def test_a_new_rule_is_honoured_by_no_search_but_the_model() -> None:
    for search in Search:
        assert honours(search, RuleSettings())
        assert unhonoured(search, RuleSettings(), [*RULES, TOY]) == [TOY]  # the toy has no setting: always on
        assert honours(search, RuleSettings(colour_balance=False, max_run=0, board_balance=False), RULES)


def test_the_searches_encode_exactly_the_relaxable_rules_the_registry_says_they_honour() -> None:
    def honouring(search: Search) -> set[Rule]:
        return {rule for rule in relaxable() if search in rule.honoured_by}

    assert set(FORCED_EXCESS) == set(WITNESSES) == honouring(Search.CONFLICTS)
    assert set(COLOUR_FORMS) == honouring(Search.RECOLOUR)
    assert set(GRID_CHECKS) == set(PART_FORMS) == honouring(Search.LNS)


def test_rule_excess_reads_the_settings_and_the_checks_it_is_given() -> None:
    schedule = construct(4)
    assert schedule is not None
    flipped = reverse_colours(schedule)
    assert sorted(rule_excess(s, TOY, RuleSettings(), TOY_CHECKS) for s in (schedule, flipped)) == [0, 1]
    runs = [rule_excess(schedule, Rule.NO_THREE_IN_A_ROW, RuleSettings(max_run=k)) for k in (1, 2)]
    assert runs[0] > 0 and runs[1] == 0


# --------------------------------------------------------------------------- adding a rule: the toy


def test_a_new_rule_is_posted_by_the_model_and_checked_by_the_verifier() -> None:
    options = ModelOptions(4, symmetry_breaking=False, rules=TOY_FORMS)
    mm = MatchModel.build(options)
    mm.set_objective()
    solver, status = _solve(mm)
    assert status == cp_model.OPTIMAL
    schedule = mm.schedule_from(solver)
    verdict = verify(schedule, checks=TOY_CHECKS)
    assert verdict.ok and verdict.rules[TOY].status == "holds"
    assert verdict.as_dict()["rules"]["b1_opens_with_white"]["rule"] == 5  # type: ignore[index]
    # The verifier's check is its own: the same schedule with every colour reversed breaks the rule.
    flipped = verify(reverse_colours(schedule), checks=TOY_CHECKS)
    assert not flipped.ok and [v.message for v in flipped.rules[TOY].violations] == ["B1 has Black in round 1"]
    # Without the toy in the checks, the verifier knows nothing of it.
    assert TOY not in verify(reverse_colours(schedule)).rules


def test_a_new_rule_relaxes_by_its_own_penalty_and_the_verifier_agrees() -> None:
    match = Match(boards=4, colours=(ColourWish(B1, 1, Colour.BLACK),))  # a request the toy cannot keep
    hard = MatchModel.build(ModelOptions(4, match=match, rules=TOY_FORMS))
    assert _solve(hard)[1] == cp_model.INFEASIBLE
    relaxed = MatchModel.build(ModelOptions(4, match=match, relaxed=frozenset({TOY}), rules=TOY_FORMS))
    relaxed.minimise_penalty(TOY)
    solver, status = _solve(relaxed)
    assert status == cp_model.OPTIMAL and round(solver.objective_value) == 1
    verdict = verify(relaxed.schedule_from(solver), match=match, declared_relaxed={TOY: 1}, checks=TOY_CHECKS)
    assert verdict.ok and verdict.rules[TOY].status == "relaxed"


def test_only_relaxable_rules_can_be_relaxed() -> None:
    with pytest.raises(ValueError, match="only rules 1, 2, 3 can be relaxed"):
        ModelOptions(4, relaxed=frozenset({Rule.COMPLETE}))


# --------------------------------------------------------------------------- symmetry breaking asks the registry

A_LEADS_LESS = Rule(
    number=6,
    key="a_fewer_whites_in_round_one",
    title="A has fewer whites in round 1",
    description="team A has White on at most floor(n/2) boards in round 1",
    priority=6,
    kept_by_colour_reversal=False,  # reversing the colours gives A the larger half
)


def _fewer_hard(mm: MatchModel, enforce: list[BoolLiteral]) -> None:
    n = mm.options.boards
    mm.model.add(sum(mm.a_white[1, a] for a in range(1, n + 1)) <= n // 2).only_enforce_if(enforce)


def _fewer_check(schedule: Schedule, _settings: RuleSettings, _double: bool) -> list[Violation]:
    whites = sum(1 for game in schedule.rounds[0] if game.a_white)
    return [] if whites <= schedule.boards // 2 else [Violation(A_LEADS_LESS, f"team A has {whites} whites", round=1)]


def test_symmetry_breaking_leaves_out_colour_reversal_when_a_rule_is_not_kept_by_it() -> None:
    # On 3 boards symmetry breaking by colour reversal would give team A two whites in round 1,
    # which this rule forbids: the model stays feasible only because it asks the registry.
    forms = {**RULE_FORMS, A_LEADS_LESS: RuleForms(_fewer_hard)}
    mm = MatchModel.build(ModelOptions(3, symmetry_breaking=True, rules=forms))
    mm.set_objective()
    solver, status = _solve(mm)
    assert status == cp_model.OPTIMAL
    checks = {**RULE_CHECKS, A_LEADS_LESS: RuleCheck(_fewer_check)}
    verdict = verify(mm.schedule_from(solver), checks=checks)
    assert verdict.ok and verdict.rules[A_LEADS_LESS].holds
    assert verdict.metrics.total_breaks == 4  # the optimum for 3 boards is unchanged
