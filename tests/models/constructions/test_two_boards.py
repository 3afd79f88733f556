"""p = 2 mod 4 against 2 on 2 boards (models/constructions/two_boards.py): rule 3 relaxed by 2 with 2 breaks.

The schedules are checked by the verifier; the two claims the designer reports as proven (rule 3
cannot be broken by less than 2, and then 2 breaks are the fewest) by a small CP-SAT model written
here, which shares nothing with the construction or the designer's model.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ortools.sat.python import cp_model

from scheveningen.models.constructions.two_boards import (
    BOARD_BALANCE_EXCESS,
    BREAKS,
    applies,
    breaks,
    relaxed_against_two,
)
from scheveningen.models.domain.match import RuleSettings
from scheveningen.models.domain.rules import Rule
from scheveningen.solver.cli.main import main
from scheveningen.solver.verify.verifier import rule_excess, verify


@pytest.mark.parametrize("p", [6, 10, 14, 18, 30, 98])
@pytest.mark.parametrize("pair_first", [False, True])
def test_the_construction_breaks_only_rule_3_by_2_with_2_breaks(p: int, pair_first: bool) -> None:
    size_a, size_b = (2, p) if pair_first else (p, 2)
    schedule = relaxed_against_two(size_a, size_b)
    assert (schedule.team_a, schedule.team_b, schedule.boards) == (size_a, size_b, 2)
    verdict = verify(schedule)
    assert {v.rule for v in verdict.violations()} == {Rule.BOARD_BALANCE}
    assert rule_excess(schedule, Rule.BOARD_BALANCE, RuleSettings(max_run=2)) == BOARD_BALANCE_EXCESS
    assert verdict.metrics.total_breaks == BREAKS


def test_only_p_2_mod_4_against_2_on_2_boards_applies() -> None:
    assert applies(6, 2, 2) and applies(2, 10, 2) and applies(2, 2, 2)
    assert not any(applies(*size) for size in [(4, 2, 2), (8, 2, 2), (6, 4, 2), (6, 3, 3), (2, 2, 3)])
    with pytest.raises(ValueError, match="2 mod 4"):
        relaxed_against_two(8, 2)


def test_two_against_two_breaks_rule_3_by_2_with_no_break_the_least_the_verifier_finds_by_exhaustion() -> None:
    schedule = relaxed_against_two(2, 2)
    # Without a match the verifier examines every 2-board schedule itself, and excuses a relaxation
    # only where it is the least possible with the higher rules kept.
    verdict = verify(schedule)
    assert verdict.ok
    assert set(verdict.relaxed) == {Rule.BOARD_BALANCE}
    assert "the least possible" in verdict.rules[Rule.BOARD_BALANCE].excuse
    assert rule_excess(schedule, Rule.BOARD_BALANCE, RuleSettings()) == BOARD_BALANCE_EXCESS
    assert verdict.metrics.total_breaks == breaks(2, 2) == 0


def fewest(p: int, excess_at_most: int, breaks_at_most: int | None = None) -> str:
    """p against 2 on 2 boards, sitting out in turn, rules 1 and 2 kept, rule 3 broken by at most
    ``excess_at_most``: INFEASIBLE, or the fewest breaks as ``OPTIMAL <n>`` (one worker)."""
    rounds = p
    model = cp_model.CpModel()
    meet = {(a, b, r): model.new_bool_var("") for a in range(p) for b in range(2) for r in range(rounds)}
    a_white = {key: model.new_bool_var("") for key in meet}
    for a in range(p):
        for b in range(2):
            model.add_exactly_one(meet[a, b, r] for r in range(rounds))
        for key in [(a, b, r) for b in range(2) for r in range(rounds)]:
            model.add_implication(a_white[key], meet[key])
        model.add(sum(a_white[a, b, r] for b in range(2) for r in range(rounds)) == 1)  # rule 1: 1 of 2
        for t in range(1, rounds + 1):  # in turn: each A player has played floor or ceil of 2t/p games
            played = sum(meet[a, b, r] for b in range(2) for r in range(t))
            model.add_linear_constraint(played, 2 * t // p, -(-2 * t // p))
    deviation = []
    for r in range(rounds):
        for b in range(2):
            model.add_exactly_one(meet[a, b, r] for a in range(p))
        whites = sum(a_white[a, b, r] for a in range(p) for b in range(2))
        off = model.new_int_var(0, 1, "")
        model.add_abs_equality(off, whites - 1)
        deviation.append(off)
    model.add(sum(deviation) <= excess_at_most)  # A's and B's totals are equal under rule 1
    breaks = []
    for b in range(2):
        white = [model.new_bool_var("") for _ in range(rounds)]
        for r in range(rounds):
            model.add(white[r] + sum(a_white[a, b, r] for a in range(p)) == 1)
        model.add(sum(white) == p // 2)  # rule 1
        for r in range(rounds - 2):  # rule 2
            model.add_bool_or([white[r], white[r + 1], white[r + 2]])
            model.add_bool_or([~white[r], ~white[r + 1], ~white[r + 2]])
        for r in range(rounds - 1):
            same = model.new_bool_var("")
            model.add(white[r] == white[r + 1]).only_enforce_if(same)
            model.add(white[r] != white[r + 1]).only_enforce_if(~same)
            breaks.append(same)
    if breaks_at_most is not None:
        model.add(sum(breaks) <= breaks_at_most)
    model.minimize(sum(breaks))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = 60
    status = solver.solve(model)
    if status == cp_model.OPTIMAL:
        return f"OPTIMAL {round(solver.objective_value)}"
    return solver.status_name(status)


@pytest.mark.parametrize("p", [6, 10])
def test_the_proofs_against_a_model_of_every_schedule(p: int) -> None:
    assert fewest(p, 1) == "INFEASIBLE"  # rule 3 cannot be broken by less than 2 (nor kept)
    assert fewest(p, 2, breaks_at_most=1) == "INFEASIBLE"  # and then 2 breaks are the fewest


def test_the_designer_answers_at_once_with_rule_3_relaxed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The command's own entry point, called in this process: what is checked is the designer's answer
    # and what the command prints (a real process of `schev generate` is tests/end_to_end/test_interrupt.py's).
    spec = tmp_path / "spec.toml"
    spec.write_text("boards = 2\n[teams.A]\nsize = 2\n[teams.B]\nsize = 18\n")
    code = main(["generate", "--spec", str(spec), "--time-limit", "5", "--format", "json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    doc = json.loads(out)
    assert (doc["status"], doc["breaks"], doc["lower_bound"]) == ("optimal", 2, 2)
    assert [(entry["rule"], entry["excess"]) for entry in doc["relaxed"]] == [(3, 2)]
    assert "relaxed" in err
