"""Clearing a result, and the history of changed results: kept in the match file, checked when read,
shown by ``schev history``; and ``generate`` never silently replaces a match file holding results."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest
from match_cases import four_boards

from scheveningen.models.domain.results import GameResult
from scheveningen.models.formats.matchrecord import MatchFileError, MatchRecord, MatchRecordError, ResultChange
from scheveningen.solver.cli.main import main
from scheveningen.solver.io.matchfile import parse_match_file, read_match_file, write_match_file

W, B, D = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def match_file(tmp_path: Path) -> Path:
    path = tmp_path / "match.json"
    write_match_file(four_boards().with_round(1, [W, B, D, W]), path)
    return path


def test_a_first_result_is_not_a_change_but_changing_or_clearing_one_is() -> None:
    record = four_boards().with_result(1, 1, W, when="2026-03-07T10:00:00Z")
    assert record.history == ()
    record = record.with_result(1, 1, W, force=True)  # the same result again: no change
    assert record.history == ()
    record = record.with_result(1, 1, D, force=True, when="2026-03-07T11:00:00Z")
    record = record.without_result(1, 1, force=True, when="2026-03-07T12:00:00Z")
    assert record.result(1, 1) is None
    assert record.history == (
        ResultChange("2026-03-07T11:00:00Z", 1, 1, W, D),
        ResultChange("2026-03-07T12:00:00Z", 1, 1, D, None),
    )
    assert record.without_result(1, 1, force=False) is record  # nothing to clear: nothing changes


def test_the_history_is_written_and_read_back_and_old_files_have_none() -> None:
    record = (
        four_boards().with_round(1, [W, B, D, W]).with_round(1, [B, B, D, W], force=True, when="2026-03-07T11:00:00Z")
    )
    text = record.to_json()
    assert '{"when": "2026-03-07T11:00:00Z", "round": 1, "board": 1, "old": "1-0", "new": "0-1"}' in text
    assert parse_match_file(text) == record
    assert '"history"' not in four_boards().with_round(1, [W, B, D, W]).to_json()  # unchanged files, as before


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"when": "2026-03-07 11:00", "round": 1, "board": 1, "old": "1-0", "new": "0-1"}, "must be a UTC time"),
        ({"when": "2026-03-07T11:00:00+01:00", "round": 1, "board": 1, "old": "1-0", "new": "0-1"}, "UTC time"),
        ({"when": "2026-03-07T11:00:00Z", "round": 5, "board": 1, "old": "1-0", "new": "0-1"}, "there is no round 5"),
        ({"when": "2026-03-07T11:00:00Z", "round": 1, "board": 9, "old": "1-0", "new": "0-1"}, "no board 9"),
        ({"when": "2026-03-07T11:00:00Z", "round": 1, "board": 1, "old": "1-0", "new": "1-0"}, "that is no change"),
        ({"when": "2026-03-07T11:00:00Z", "round": 1, "board": 1, "old": None, "new": "1-0"}, "old must be a string"),
        ({"when": "2026-03-07T11:00:00Z", "round": 1, "board": 1, "old": "1-0", "new": "2-0"}, "'2-0' is not a result"),
        ({"when": "2026-03-07T11:00:00Z", "round": 1, "board": 1, "old": "1-0"}, "'new' is missing"),
        ({"when": "2026-03-07T11:00:00Z", "round": 1, "board": 1, "old": "1-0", "new": None, "by": "x"}, "unknown key"),
        ({"when": "2026-03-07T11:00:00Z", "round": "1", "board": 1, "old": "1-0", "new": None}, "must be a whole"),
    ],
)  # fmt: skip
def test_a_malformed_history_entry_is_refused_naming_it(entry: dict[str, object], message: str) -> None:
    data = json.loads(four_boards().to_json())
    data["history"] = [entry]
    with pytest.raises(MatchFileError) as caught:
        MatchRecord.from_json(json.dumps(data), source="m.json")
    assert str(caught.value).startswith("m.json: history[1]") and message in str(caught.value)
    data["history"] = {"not": "a list"}
    with pytest.raises(MatchRecordError, match="history must be a list"):
        MatchRecord.from_json(json.dumps(data))


def test_clearing_a_result_needs_force_and_is_kept_in_the_history(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = match_file(tmp_path)
    before = path.read_bytes()
    code, _, err = run(capsys, "result", str(path), "--round", "1", "--board", "2", "--clear")
    assert code == 2 and "use --force to clear it" in err and "0-1" in err
    assert path.read_bytes() == before
    for argv, message in (
        (["--round", "1", "--clear", "--force"], "--clear removes one game's result: give --board B"),
        (["--round", "1", "--board", "2", "--clear", "--force", "1-0"], "--clear takes no result"),
    ):
        code, _, err = run(capsys, "result", str(path), *argv)
        assert code == 2 and message in err and path.read_bytes() == before
    start = datetime.datetime.now(datetime.UTC).replace(microsecond=0)
    code, out, err = run(capsys, "result", str(path), "--round", "1", "--board", "2", "--clear", "--force")
    assert code == 0, err
    assert "round 1 board 2:" in out and "cleared (was 0-1)" in out
    record = read_match_file(path)
    assert record.result(1, 2) is None and record.result(1, 1) is W
    (change,) = record.history
    assert (change.round, change.board, change.old, change.new) == (1, 2, B, None)
    assert datetime.datetime.fromisoformat(change.when) >= start
    after = path.read_bytes()
    code, out, _ = run(capsys, "result", str(path), "--round", "1", "--board", "2", "--clear", "--force")
    assert code == 0 and "nothing to clear" in out and path.read_bytes() == after


def test_schev_history_shows_every_change_oldest_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = match_file(tmp_path)
    code, out, _ = run(capsys, "history", str(path))
    assert code == 0 and out == "no result has been changed or cleared\n"
    run(capsys, "result", str(path), "--round", "1", "--board", "3", "1-0", "--force")
    run(capsys, "result", str(path), "--round", "1", "--board", "3", "--clear", "--force")
    run(capsys, "result", str(path), "--round", "1", "--board", "3", "0-1")  # entered again: not a change
    code, out, _ = run(capsys, "history", str(path))
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2
    assert lines[0].endswith("round 1 board 3 (B3-A3): 1/2-1/2 -> 1-0")
    assert lines[1].endswith("round 1 board 3 (B3-A3): 1-0 -> cleared")
    code, out, _ = run(capsys, "history", str(path), "--format", "json")
    data = json.loads(out)
    assert [(h["old"], h["new"]) for h in data["history"]] == [("1/2-1/2", "1-0"), ("1-0", None)]
    assert data["file"] == str(path) and data["status"] == "ok"


# --------------------------------------------------------------------------- generate over a match file


def generate(capsys: pytest.CaptureFixture[str], output: Path, *more: str) -> tuple[int, str, str]:
    return run(capsys, "generate", "4", "--output", str(output), "--workers", "1", "--quiet", *more)


def test_generate_refuses_to_replace_a_match_file_holding_results_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = match_file(tmp_path)
    before = path.read_bytes()
    code, _, err = generate(capsys, path)
    assert code == 2 and "holds 4 results" in err and "--force" in err and str(path) in err
    assert path.read_bytes() == before
    code, _, err = generate(capsys, path, "--force")
    assert code == 0, err
    assert read_match_file(path).results == {}


def test_generate_refuses_to_lose_a_history_even_with_no_result_left(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "m.json"
    record = four_boards().with_result(1, 1, W).without_result(1, 1, force=True)
    write_match_file(record, path)
    code, _, err = generate(capsys, path)
    assert code == 2 and "holds 1 history entry" in err and "--force" in err


def test_generate_replaces_a_match_file_without_results_and_any_other_file_as_before(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "m.json"
    write_match_file(four_boards(), path)
    code, _, err = generate(capsys, path)
    assert code == 0, err
    assert read_match_file(path).roster_a == ()  # the new, plain match
    path.write_text("not json at all", encoding="utf-8")
    code, _, err = generate(capsys, path)
    assert code == 0, err
    assert read_match_file(path).results == {}


@pytest.mark.parametrize(
    "argv",
    [
        ("generate", "4", "--format", "json", "--workers", "1", "--quiet"),
        ("generate", "4", "--format", "text", "--workers", "1", "--quiet"),
        ("table", "4"),
    ],
)
def test_no_report_is_written_over_a_match_file_holding_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    path = match_file(tmp_path)
    before = path.read_bytes()
    code, _, err = run(capsys, *argv, "--output", str(path))
    assert code == 2 and "4 results" in err and "--force" in err
    assert path.read_bytes() == before


def test_force_writes_a_design_report_over_a_match_file_all_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = match_file(tmp_path)
    code, _, err = run(capsys, "generate", "4", "--format", "json", "--quiet", "--force", "--output", str(path))
    assert code == 0, err
    assert json.loads(path.read_text(encoding="utf-8"))["boards"] == 4


@pytest.mark.parametrize("fmt", ["csv", "md", "html", "trf", "pgn"])
def test_no_export_is_written_over_a_match_file_holding_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    path = match_file(tmp_path)
    before = path.read_bytes()
    code, _, err = run(capsys, "export", str(path), "--format", fmt, "--output", str(path))
    assert code == 2 and "holding 4 results" in err and "--force" in err
    assert path.read_bytes() == before


@pytest.mark.parametrize("fmt", ["csv", "md", "html", "trf", "pgn"])
def test_an_export_to_an_unwritable_place_is_one_clear_line_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    path = match_file(tmp_path)
    target = tmp_path / "no such folder" / f"out.{fmt}"
    code, _, err = run(capsys, "export", str(path), "--format", fmt, "--output", str(target))
    assert code == 2 and f"cannot write {target}" in err
    assert not target.parent.exists()
