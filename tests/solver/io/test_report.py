"""Results, verdicts and comparisons as text and JSON, and safe output files (solver/io/report.py)."""

from __future__ import annotations

import dataclasses
import json
from importlib import metadata
from pathlib import Path

import pytest

from scheveningen.models.domain.schedule import Game, Schedule
from scheveningen.models.formats.tables import published
from scheveningen.models.formats.textform import parse_text
from scheveningen.solver.design import DesignParams, Result, design
from scheveningen.solver.io.report import (
    TOOL,
    comparison_data,
    comparison_text,
    fingerprint_data,
    fingerprint_text,
    games_as_json,
    installed_version,
    json_document,
    ortools_version,
    result_data,
    result_header,
    result_text,
    tool_version,
    verdict_data,
    verdict_text,
    write_output,
)
from scheveningen.solver.verify.compare import compare
from scheveningen.solver.verify.equivalence import canonical_form
from scheveningen.solver.verify.verifier import verify


@pytest.fixture(scope="module")
def result() -> Result:
    found = design(5, DesignParams(time_limit=10, workers=1, seed=3))
    assert found.schedule is not None
    return found


def broken() -> Schedule:
    """The 4-board table with one game's colours reversed: rule 3 no longer holds in round 1."""
    schedule = published(4)
    first = list(schedule.rounds[0])
    first[0] = Game(first[0].black, first[0].white)
    return dataclasses.replace(schedule, rounds=(tuple(first), *schedule.rounds[1:]))


# --------------------------------------------------------------------------- a design


def test_the_json_report_carries_the_tool_and_ortools_versions(result: Result) -> None:
    data = result_data(result)
    assert data["tool"] == {"name": TOOL, "version": tool_version()}
    assert data["ortools_version"] == ortools_version() == metadata.version("ortools")
    assert tool_version() == metadata.version("scheveningen")


def test_an_installed_version_is_read_from_the_first_record_along_the_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    (first / "some_tool-2.0.1.dist-info").mkdir(parents=True)
    (second / "some_tool-1.0.dist-info").mkdir(parents=True)
    (second / "some_toolkit-9.9.dist-info").mkdir(parents=True)
    monkeypatch.setattr("sys.path", [str(tmp_path / "missing"), str(first), str(second)])
    assert installed_version("Some-Tool") == "2.0.1"
    assert installed_version("some.toolkit") == "9.9"
    assert installed_version("no-such-tool") == "unknown"


def test_the_json_report_carries_the_parameters_with_objective_and_double(result: Result) -> None:
    parameters = result_data(result)["parameters"]
    assert isinstance(parameters, dict)
    assert parameters == result.parameters()
    assert (parameters["seed"], parameters["workers"], parameters["time_limit"]) == (3, 1, 10)
    assert (parameters["objective"], parameters["double"]) == ("breaks", False)


def test_the_json_report_lists_every_game_and_the_verdict(result: Result) -> None:
    data = json.loads(json.dumps(result_data(result)))  # plain JSON all the way down
    assert result.schedule is not None
    assert len(data["games"]) == 5 * result.schedule.n_rounds
    assert data["breaks"] == result.breaks == data["metrics"]["breaks"]
    assert data["verification"]["ok"] is True
    assert data["status"] == result.status.value


def test_the_text_form_of_a_design_reads_back_as_the_same_schedule(result: Result) -> None:
    parsed = parse_text(result_text(result))
    assert parsed.schedule == result.schedule
    assert any(f"Designed by {TOOL}" in line for line in parsed.comments)


def test_the_header_names_the_tool_versions_seed_and_status(result: Result) -> None:
    header = "\n".join(result_header(result))
    assert f"{TOOL} {tool_version()} (OR-Tools CP-SAT {ortools_version()}), seed 3, 1 worker(s)" in header
    assert f"Status: {result.status.value}; breaks {result.breaks}; lower bound {result.lower_bound}." in header


def test_a_result_without_a_schedule_has_no_text_form(result: Result) -> None:
    with pytest.raises(ValueError, match="without a schedule"):
        result_text(dataclasses.replace(result, schedule=None))


def test_every_command_writes_one_json_document_with_its_status_and_exit_code() -> None:
    document = json.loads(json_document("verify", "ok", 0, ["fine"], {"boards": 4}))
    assert document == {
        "tool": {"name": TOOL, "version": tool_version()},
        "command": "verify",
        "boards": 4,
        "status": "ok",
        "exit_code": 0,
        "messages": ["fine"],
    }


# --------------------------------------------------------------------------- verdicts and comparisons


def test_the_verdict_text_says_ok_and_names_each_rule() -> None:
    text = verdict_text(verify(published(6)), "n06.txt")
    assert text.startswith("schedule: n06.txt 6 boards, 6 rounds\nverdict: ok\n")
    for number in range(4):
        assert f"rule {number} " in text
    assert f"rule 4 fewest breaks: {published(6).breaks()} breaks" in text


def test_the_verdict_text_of_a_broken_schedule_says_broken_and_lists_the_violation() -> None:
    verdict = verify(broken())
    assert not verdict.ok
    text = verdict_text(verdict)
    assert "verdict: BROKEN" in text
    assert "rule 3 board balance: broken" in text
    assert any(line.startswith("  - ") for line in text.splitlines())


def test_the_verdict_data_carries_the_games_and_the_team_sizes() -> None:
    data = verdict_data(verify(published(3)), "n03.txt")
    assert (data["file"], data["boards"], data["rounds"], data["ok"]) == ("n03.txt", 3, 3, True)
    assert data["teams"] == {"A": 3, "B": 3}
    assert data["games"] == games_as_json(published(3))


def test_games_as_json_lists_round_board_white_and_black() -> None:
    games = games_as_json(published(2))
    first = published(2).rounds[0][0]
    assert games[0] == {"round": 1, "board": 1, "white": str(first.white), "black": str(first.black)}
    assert len(games) == 4


def test_a_comparison_of_a_schedule_with_itself_is_the_same_on_every_row() -> None:
    comparison = compare(published(5), published(5), "one", "two")
    text = comparison_text(comparison)
    lines = text.splitlines()
    assert lines[0].split() == ["one", "two", "better"]
    assert all(line.endswith("same") for line in lines[2 : 2 + len(comparison.rows)])
    assert comparison_data(comparison)["equivalent"] is True


def test_the_fingerprint_is_printed_alone_and_as_data() -> None:
    form = canonical_form(published(4))
    assert fingerprint_text(form) == form.fingerprint + "\n"
    data = fingerprint_data(form, "n04.txt")
    assert (data["file"], data["boards"], data["rounds"]) == ("n04.txt", 4, 4)
    assert data["fingerprint"] == form.fingerprint


# --------------------------------------------------------------------------- output files


def test_write_output_writes_the_file_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old\n", encoding="utf-8")
    write_output("new\n", str(target))
    assert target.read_text(encoding="utf-8") == "new\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_write_output_to_a_dash_prints(capsys: pytest.CaptureFixture[str]) -> None:
    write_output("to stdout\n", "-")
    write_output("also\n", None)
    assert capsys.readouterr().out == "to stdout\nalso\n"


def test_a_failed_write_names_the_file_asked_for(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "out.txt"
    with pytest.raises(OSError) as caught:
        write_output("text\n", str(target))
    assert caught.value.filename == str(target)
    assert not (tmp_path / "missing").exists()
