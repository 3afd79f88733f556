"""``schev verify``, ``compare`` and ``fingerprint`` (solver/cli/check.py): every fault named with exit 1,
the JSON verdict, and the side-by-side comparison with a published table or another file."""

from __future__ import annotations

import io
import json
import re
import sys
from importlib import metadata
from pathlib import Path

import pytest
from cli_cases import PAIR_TWICE, THREE_IN_A_ROW, VALID, run, schedule_from_games, write

from scheveningen.models.formats.tables import published, published_text


def test_mutated_files_differ_from_the_table() -> None:
    assert PAIR_TWICE != VALID
    assert published_text(5) != THREE_IN_A_ROW


def test_verify_valid_file_exits_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "n06.txt", VALID)
    code, out, err = run(capsys, "verify", str(path))
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == f"schedule: {path} 6 boards, 6 rounds"
    assert "verdict: ok" in out
    assert "breaks: 16 (team A 8, team B 8)" in out


def test_verify_names_a_pair_meeting_twice_and_exits_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "pair.txt", PAIR_TWICE)
    code, out, err = run(capsys, "verify", str(path))
    assert (code, err) == (1, "")
    assert "verdict: BROKEN" in out
    assert "rule 0 complete: broken" in out
    assert "  - A1 and B4 meet 2 times (expected 1): round 1 board 1, round 4 board 1" in out
    assert "rule 1 colour balance: holds" in out


def test_verify_names_three_in_a_row_and_exits_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "three.txt", THREE_IN_A_ROW)
    code, out, _err = run(capsys, "verify", str(path))
    assert code == 1
    assert "rule 2 no three in a row: broken" in out
    assert "  - A1 has black three games running (rounds 2 to 4)" in out


def test_verify_reads_standard_input(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(VALID))
    code, out, _err = run(capsys, "verify", "-")
    assert code == 0
    assert out.startswith("schedule: standard input 6 boards")


def test_verify_double_flag_on_a_single_round_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "n06.txt", VALID)
    code, out, _err = run(capsys, "verify", str(path), "--double")
    assert code == 1
    assert "needs 12" in out


def test_verify_json_has_rules_metrics_and_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "n06.txt", VALID)
    code, out, _err = run(capsys, "verify", str(path), "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["ok"] is True
    assert data["file"] == str(path)
    assert (data["boards"], data["rounds"], data["double"]) == (6, 6, False)
    assert set(data["rules"]) == {"complete", "colour_balance", "no_three_in_a_row", "board_balance", "fewest_breaks"}
    assert {rule["status"] for rule in data["rules"].values()} == {"holds", "counted"}
    assert data["rules"]["fewest_breaks"]["status"] == "counted"
    assert data["metrics"]["breaks"] == 16
    assert data["metrics"]["a_whites_per_round"] == [3] * 6
    assert data["tool"] == {"name": "scheveningen", "version": metadata.version("scheveningen")}
    assert schedule_from_games(data["games"]) == published(6)


def test_verify_json_of_broken_file_lists_the_violation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "three.txt", THREE_IN_A_ROW)
    code, out, _err = run(capsys, "verify", str(path), "--format", "json")
    assert code == 1
    data = json.loads(out)
    assert data["ok"] is False
    rule = data["rules"]["no_three_in_a_row"]
    assert rule["status"] == "broken"
    assert {"rule": 2, "player": "A1", "round": 4} in [
        {k: v for k, v in violation.items() if k != "message"} for violation in rule["violations"]
    ]
    assert data["rules"]["colour_balance"]["status"] == "holds"


def comparison_rows(out: str) -> dict[str, tuple[str, ...]]:
    """The text table as {row name: (left, right[, better])}; columns are two or more spaces apart.

    The table ends at the first blank line (the equivalence verdict follows it)."""
    table = out.split("\n\n")[0]
    return {
        fields[0]: tuple(fields[1:])
        for fields in (re.split(r"\s{2,}", line.strip()) for line in table.splitlines()[1:])
    }


def test_compare_against_a_published_size_shows_which_is_better(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "pair.txt", PAIR_TWICE)
    code, out, err = run(capsys, "compare", str(path), "--against", "6")
    assert (code, err) == (0, "")
    header = out.splitlines()[0].split()
    assert header == [str(path), "published", "n06", "better"]
    rows = comparison_rows(out)
    assert rows["verdict"] == ("BROKEN", "ok")
    assert rows["rule violations"] == ("4", "0", "published n06")
    assert rows["breaks"] == ("16", "16", "same")
    assert rows["longest colour run"] == ("2", "2", "same")


def test_compare_against_another_file_names_the_better_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write(tmp_path, "good.txt", VALID)
    bad = write(tmp_path, "bad.txt", PAIR_TWICE)
    code, out, _err = run(capsys, "compare", str(good), "--against", str(bad))
    assert code == 0
    assert comparison_rows(out)["rule violations"] == ("0", "4", str(good))


def test_compare_identical_schedules_is_same_everywhere(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "n06.txt", VALID)
    code, out, _err = run(capsys, "compare", str(path), "--against", "6")
    assert code == 0
    rows = comparison_rows(out)
    assert rows.pop("verdict") == ("ok", "ok")
    assert {row[2] for row in rows.values()} == {"same"}


def test_compare_json_has_rows_and_both_verdicts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "pair.txt", PAIR_TWICE)
    code, out, _err = run(capsys, "compare", str(path), "--against", "6", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert (data["left"], data["right"]) == (str(path), "published n06")
    rows = {row["metric"]: row for row in data["rows"]}
    assert rows["rule violations"] == {"metric": "rule violations", "left": 4, "right": 0, "better": "right"}
    assert rows["breaks"]["better"] == "same"
    assert data["left_verdict"]["ok"] is False
    assert data["right_verdict"]["ok"] is True


@pytest.mark.parametrize("size", ["0", "1", "14", "99"])
def test_compare_against_a_size_without_a_table_is_exit_two(
    size: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "n06.txt", VALID)
    code, out, err = run(capsys, "compare", str(path), "--against", size)
    assert (code, out) == (2, "")
    assert err == (
        f"schev: error: --against {size}: there is no published table for {size} boards "
        "(published tables cover 2 to 13)\n"
    )


def test_compare_against_a_superscript_size_is_a_missing_file_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "n06.txt", VALID)
    code, _out, err = run(capsys, "compare", str(path), "--against", "1²")
    assert code == 2
    assert err == "schev: error: 1²: no such file\n"


def test_compare_against_a_missing_file_is_exit_two(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "n06.txt", VALID)
    code, _out, err = run(capsys, "compare", str(path), "--against", str(tmp_path / "nope.txt"))
    assert code == 2
    assert err == f"schev: error: {tmp_path / 'nope.txt'}: no such file\n"
