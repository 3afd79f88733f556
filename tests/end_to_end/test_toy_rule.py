"""A rule added the way docs/rules.md says, and nothing else: the registry entry, the model's form and
the verifier's check, all defined here and registered for each test's duration.

The toy: no player has White in both the first and the last round, switched on by
``white_not_first_and_last = true`` in a spec's ``[rules]``.  No search besides the CP-SAT model
honours it, so every other stage is skipped for a match that switches it on; the command line
(run in-process, so that the registration applies) keeps it where it can hold and relaxes it by
the least where it cannot, and never ends in an internal error (exit 70).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from ortools.sat.python import cp_model

from scheveningen.models.cpsat import model as cpsat_model
from scheveningen.models.cpsat.model import BoolLiteral, MatchModel, RuleForms
from scheveningen.models.domain import rules as registry
from scheveningen.models.domain.match import RuleSettings
from scheveningen.models.domain.rules import Rule, Search, honours, relaxable
from scheveningen.models.domain.symmetry import reverse_colours
from scheveningen.models.formats.textform import format_text, parse_text
from scheveningen.solver.cli.main import main
from scheveningen.solver.verify import verifier
from scheveningen.solver.verify.completeness import as_written
from scheveningen.solver.verify.reading import Checkable
from scheveningen.solver.verify.verifier import RuleCheck, attainable
from scheveningen.solver.verify.violations import Violation

# --------------------------------------------------------------------------- the toy, defined only here

TOY = Rule(
    number=5,
    key="white_not_first_and_last",
    title="not White first and last",
    description="no player has White in both the first and the last round",
    priority=5,
    setting="white_not_first_and_last",
    default=False,  # off unless [rules] switches it on
    relaxable=True,
    kept_by_colour_reversal=False,  # a player with Black first and last would have White in both
)


def _toy_hard(mm: MatchModel, enforce: list[BoolLiteral]) -> None:
    last = mm.options.rounds
    for player in mm.all_players():
        mm.model.add_bool_or([~mm.colour(player, 1), ~mm.colour(player, last)]).only_enforce_if(enforce)


def _toy_relaxed(mm: MatchModel) -> list[cp_model.IntVar]:
    last = mm.options.rounds
    penalties = []
    for team, number in mm.all_players():
        both = mm.model.new_bool_var(f"white_first_and_last[{team}{number}]")
        mm.model.add_bool_or([~mm.colour((team, number), 1), ~mm.colour((team, number), last), both])
        penalties.append(both)
    return penalties


def _toy_check(rule: Rule) -> RuleCheck:
    """The verifier's check of ``rule`` (the toy, or a variant of it), as an arbiter reads the games."""

    def check(schedule: Checkable, _settings: RuleSettings, _double: bool) -> list[Violation]:
        rounds = as_written(schedule).rounds
        if not rounds:
            return []
        both = {game.white for game in rounds[0]} & {game.white for game in rounds[-1]}
        return [
            Violation(rule, f"{player} has White in the first and the last round", str(player))
            for player in sorted(both, key=lambda p: (p.team.value, p.number))
        ]

    def excess(schedule: Checkable, settings: RuleSettings) -> int:
        return len(check(schedule, settings, False))

    return RuleCheck(check, excess)


def _register(monkeypatch: pytest.MonkeyPatch, rule: Rule) -> None:
    """``rule`` with the toy's encodings in the registry, the model and the verifier, until the test ends."""
    monkeypatch.setattr(registry, "RULES", (*registry.RULES, rule))
    monkeypatch.setattr(cpsat_model, "RULE_FORMS", {**cpsat_model.RULE_FORMS, rule: RuleForms(_toy_hard, _toy_relaxed)})
    monkeypatch.setattr(verifier, "RULE_CHECKS", {**verifier.RULE_CHECKS, rule: _toy_check(rule)})


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[Rule]:
    _register(monkeypatch, TOY)
    yield TOY


@pytest.fixture
def toy_on_by_default(monkeypatch: pytest.MonkeyPatch) -> Iterator[Rule]:
    """The same rule on unless ``[rules]`` switches it off: what ``verify`` and ``compare``, which read no
    settings, then check."""
    rule = dataclasses.replace(TOY, default=True)
    _register(monkeypatch, rule)
    yield rule


# --------------------------------------------------------------------------- running the command line


def _schev(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, object]]:
    """``schev ARGV --format json`` in this process: the exit code and the JSON document."""
    capsys.readouterr()
    code = main([*argv, "--format", "json"])
    return code, json.loads(capsys.readouterr().out)


def _spec(tmp_path: Path, text: str) -> str:
    path = tmp_path / "match.toml"
    path.write_text(text + "\n[rules]\nwhite_not_first_and_last = true\n", encoding="utf-8")
    return str(path)


def _limits(work: float) -> tuple[str, ...]:
    """One worker and a deterministic limit on each solve (``work``, CP-SAT's deterministic time),
    which makes each run repeatable; the time limit is far enough never to cut a solve short."""
    return ("--time-limit", "120", "--work-limit", str(work), "--workers", "1", "--quiet")


def _design(capsys: pytest.CaptureFixture[str], tmp_path: Path, spec: str, work: float = 5) -> dict[str, object]:
    """The JSON report of designing ``spec`` with the toy switched on; the run must give a schedule."""
    code, report = _schev(capsys, "generate", "--spec", _spec(tmp_path, spec), *_limits(work))
    assert code == 0, report["messages"]
    return report


def _status(report: dict[str, object], rule: Rule) -> str:
    verification = report["verification"]
    assert isinstance(verification, dict)
    status = verification["rules"][rule.key]
    assert status["rule"] == int(rule)
    return str(status["status"])


def _messages(report: dict[str, object]) -> list[str]:
    messages = report["messages"]
    assert isinstance(messages, list)
    return [str(message) for message in messages]


def _outcomes(report: dict[str, object]) -> dict[str, str]:
    """How each entry of the design's strategy table ended, by name."""
    stages = report["stages"]
    assert isinstance(stages, list)
    return {str(stage["name"]): str(stage["outcome"]) for stage in stages}


def _relaxed(report: dict[str, object]) -> dict[str, int]:
    relaxed = report["relaxed"]
    assert isinstance(relaxed, list)
    return {entry["name"]: entry["excess"] for entry in relaxed}


# --------------------------------------------------------------------------- the registry asks nothing more


def test_the_toy_is_a_setting_of_the_rules_table_that_round_trips(toy: Rule) -> None:
    settings = RuleSettings.from_mapping({"white_not_first_and_last": True})
    assert toy.on(settings) and not toy.on(RuleSettings())
    assert not settings.as_written and RuleSettings().as_written
    assert settings.as_dict()["white_not_first_and_last"] is True
    assert RuleSettings.from_mapping(settings.as_dict()) == settings
    assert relaxable()[-1] is toy  # the least important: relaxed first


def test_no_search_but_the_model_honours_the_toy_where_it_is_on(toy: Rule) -> None:
    on = RuleSettings.from_mapping({"white_not_first_and_last": True})
    for search in Search:
        assert honours(search, RuleSettings())  # off: every search as before
        assert not honours(search, on)


def test_what_tiny_sizes_allow_is_found_for_the_toy_too(toy_on_by_default: Rule) -> None:
    # One board, one round: whoever has White has it in the first and the last round.
    facts = attainable(1, False)
    assert facts is not None and facts.least_excess == {toy_on_by_default: 1}
    switched_off = attainable(1, False, RuleSettings.from_mapping({"white_not_first_and_last": False}))
    assert switched_off is not None and toy_on_by_default not in switched_off.least_excess


# --------------------------------------------------------------------------- the command line


def test_a_plain_six_board_match_relaxes_the_toy_by_the_least(
    toy: Rule, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # No 6-board schedule keeps the toy together with rules 1-3 (the full model proves it): the toy,
    # the least important, is relaxed, by one player, the least, and the others hold.
    report = _design(capsys, tmp_path, "boards = 6")
    assert _relaxed(report) == {toy.key: 1} and _status(report, toy) == "relaxed"
    assert all(_status(report, rule) == "holds" for rule in relaxable()[:-1])
    assert any(f"rule 5 ({toy.title}) relaxed" in message for message in _messages(report))


def test_a_sixteen_board_match_with_a_request_keeps_the_toy_through_the_full_model(
    toy: Rule, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    report = _design(capsys, tmp_path, 'boards = 16\n[[meet]]\nplayers = ["A3", "B5"]\nround = 2', work=5)
    assert _status(report, toy) == "holds" and _relaxed(report) == {}
    verification = report["verification"]
    assert isinstance(verification, dict) and verification["ok"] and verification["requests_broken"] == []
    # The organisers' stage, which would take this match without the toy, does not know it.
    outcomes = _outcomes(report)
    assert outcomes["organisers' stage at scale"] == "skipped: does not apply"
    assert outcomes["full model search"] == "answered"


def test_a_double_round_keeps_the_toy(toy: Rule, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    report = _design(capsys, tmp_path, "boards = 4\ndouble = true")
    assert _status(report, toy) == "holds" and _relaxed(report) == {}
    assert report["rounds"] == 8


def test_an_unequal_match_keeps_the_toy(toy: Rule, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    report = _design(capsys, tmp_path, "boards = 6\n[teams.A]\nsize = 7\n[teams.B]\nsize = 6", work=2)
    assert _status(report, toy) == "holds" and _relaxed(report) == {}
    assert report["teams"] == {
        "A": {"name": "", "size": 7, "players": []},
        "B": {"name": "", "size": 6, "players": []},
    }


def test_requests_that_break_the_toy_relax_it_by_the_least(
    toy: Rule, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    wishes = "".join(
        f'\n[[colour]]\nplayer = "{p}"\nround = {r}\ncolour = "white"' for p in ("A1", "B2") for r in (1, 6)
    )
    report = _design(capsys, tmp_path, "boards = 6" + wishes)
    assert _relaxed(report) == {toy.key: 2}  # A1 and B2, the two players the wishes force
    assert _status(report, toy) == "relaxed"
    assert any(f"rule 5 ({toy.title}) relaxed" in message for message in _messages(report))


def test_a_match_where_the_toy_cannot_hold_relaxes_it_by_the_least(
    toy: Rule, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    report = _design(capsys, tmp_path, "boards = 1")  # one round: its White player has White first and last
    assert _relaxed(report) == {toy.key: 1} and _status(report, toy) == "relaxed"


def _table(capsys: pytest.CaptureFixture[str], tmp_path: Path, boards: int) -> Path:
    """The published table for ``boards`` boards, written to a file (``schev table``)."""
    capsys.readouterr()
    assert main(["table", str(boards)]) == 0
    path = tmp_path / f"table{boards}.txt"
    path.write_text(capsys.readouterr().out, encoding="utf-8")
    return path


def _rule_verdict(verdict: dict[str, object], rule: Rule) -> dict[str, object]:
    rules = verdict["rules"]
    assert isinstance(rules, dict)
    found = rules[rule.key]
    assert isinstance(found, dict) and found["rule"] == int(rule)
    return found


def test_verify_checks_the_toy_on_a_file(
    toy_on_by_default: Rule, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    designed = tmp_path / "designed.txt"
    assert main(["generate", "8", *_limits(2), "--output", str(designed)]) == 0
    code, verdict = _schev(capsys, "verify", str(designed))
    assert code == 0 and verdict["ok"] and _rule_verdict(verdict, toy_on_by_default)["status"] == "holds"
    capsys.readouterr()
    assert main(["verify", str(designed)]) == 0
    assert f"rule 5 {toy_on_by_default.title}: holds" in capsys.readouterr().out
    # The published 6-board table keeps rules 1-3, so it breaks the toy, which no such schedule keeps.
    code, verdict = _schev(capsys, "verify", str(_table(capsys, tmp_path, 6)))
    broken = _rule_verdict(verdict, toy_on_by_default)
    assert code == 1 and not verdict["ok"] and broken["status"] == "broken"
    violations = broken["violations"]
    assert isinstance(violations, list) and violations
    assert all(v["rule"] == 5 and v["message"].endswith("White in the first and the last round") for v in violations)


def test_fingerprint_leaves_out_colour_reversal_which_the_toy_is_not_kept_by(
    toy: Rule, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    table = _table(capsys, tmp_path, 6)
    flipped = tmp_path / "flipped.txt"
    flipped.write_text(format_text(reverse_colours(parse_text(table.read_text()).schedule)), encoding="utf-8")
    code, left = _schev(capsys, "fingerprint", str(table))
    assert code == 0
    code, right = _schev(capsys, "fingerprint", str(flipped))
    assert code == 0
    assert left["symmetries"] == ["renumber team A", "renumber team B", "swap teams"]
    assert left["fingerprint"] != right["fingerprint"]  # reversing the colours may break the toy


def test_without_the_toy_colour_reversal_is_a_symmetry_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    table = _table(capsys, tmp_path, 6)
    flipped = tmp_path / "flipped.txt"
    flipped.write_text(format_text(reverse_colours(parse_text(table.read_text()).schedule)), encoding="utf-8")
    left, right = _schev(capsys, "fingerprint", str(table))[1], _schev(capsys, "fingerprint", str(flipped))[1]
    symmetries = left["symmetries"]
    assert isinstance(symmetries, list) and "reverse colours" in symmetries
    assert left["fingerprint"] == right["fingerprint"]
