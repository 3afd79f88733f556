"""The ``schev`` command line: exit codes, one clear line for bad input (never a traceback),
JSON that parses, output files written whole or not at all, and side-by-side comparison."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from scheveningen.models.domain.schedule import Game, Player, Schedule
from scheveningen.models.formats.tables import published, published_text
from scheveningen.solver.cli.main import main
from scheveningen.solver.verify.verifier import verify

VALID = published_text(6)
# Round 1 boards 1 and 4 exchange B players: A1 meets B4 and A4 meets B1 twice; colours unchanged.
PAIR_TWICE = VALID.replace("Round 1\tA1-B1\tB2-A2\tB3-A3\tA4-B4", "Round 1\tA1-B4\tB2-A2\tB3-A3\tA4-B1")
# n05 round 3 board 1 reversed: A1 has Black in rounds 2, 3 and 4.
THREE_IN_A_ROW = published_text(5).replace("Round 3\tA1-B3", "Round 3\tB3-A1")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(directory: Path, name: str, content: str | bytes) -> Path:
    path = directory / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def schedule_from_games(games: list[dict[str, object]]) -> Schedule:
    """Rebuild a schedule from the JSON game list, without the library's readers."""
    n_rounds = max(int(g["round"]) for g in games)
    boards = max(int(g["board"]) for g in games)
    seats: list[list[Game | None]] = [[None] * boards for _ in range(n_rounds)]
    for g in games:
        white, black = Player.parse(str(g["white"])), Player.parse(str(g["black"]))
        seats[int(g["round"]) - 1][int(g["board"]) - 1] = Game(white, black)
    return Schedule(boards, tuple(tuple(r) for r in seats))  # type: ignore[arg-type]


def test_mutated_files_differ_from_the_table() -> None:
    assert PAIR_TWICE != VALID
    assert published_text(5) != THREE_IN_A_ROW


# --------------------------------------------------------------------------- verify


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


BAD_INPUTS = {
    "prose": (b"hello world\n", ":1: 'hello' is not a game"),
    "png": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00", "not a text file"),
    "utf16": (VALID.encode("utf-16"), "not a text file"),
    "nul-bytes": (b"\x00\x00\x00\x00", "not a text file (it holds binary data)"),
    "latin1": ("Round 1\tA1-B1 \u00e9\n".encode("latin-1"), "not a text file (it is not UTF-8)"),
    "empty": (b"", "no games found"),
    "comments-only": (b"# nothing here\n", "no games found"),
    "labels-only": (b"Round 1\nRound 2\n", "no games found"),
    "backwards": (b"Round 2\tA1-B1\nRound 1\tA1-B2\n", ":2: round 1 is out of order"),
    "huge-player-number": (b"Round 1\tA1-B99999999999\n", ":1: B99999999999: at most 500 players"),
    "huge-line": (b"Round 1\t" + b"A1-B1 " * 600 + b"\n", "600 boards: at most 500"),
    "bad-code": (b"Round 1\tA1-B1\tZ9-B2\n", ":1: in 'Z9-B2': 'Z9' is not a player code"),
}


@pytest.mark.parametrize("case", list(BAD_INPUTS))
def test_verify_bad_file_is_one_clear_line_and_exit_two(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content, expected = BAD_INPUTS[case]
    path = write(tmp_path, f"{case}.txt", content)
    code, out, err = run(capsys, "verify", str(path))
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith(f"schev: error: {path}")
    assert expected in err
    assert "Traceback" not in err


def test_verify_missing_file_is_exit_two(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "verify", str(tmp_path / "absent.txt"))
    assert (code, out) == (2, "")
    assert err == f"schev: error: {tmp_path / 'absent.txt'}: no such file\n"


def test_verify_directory_is_exit_two(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "verify", str(tmp_path))
    assert (code, out) == (2, "")
    assert err == f"schev: error: {tmp_path}: is a directory, not a schedule file\n"


@pytest.mark.parametrize(
    "argv",
    [[], ["frobnicate"], ["verify"], ["verify", "x.txt", "--format", "xml"], ["compare", "x.txt"], ["table"]],
    ids=["nothing", "unknown-command", "no-file", "bad-format", "no-against", "no-size"],
)
def test_usage_errors_exit_two_without_traceback(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.splitlines()[-1].startswith("schev: error: ")
    assert "Traceback" not in err


# --------------------------------------------------------------------------- JSON


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


def test_table_json_has_verdict_and_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "table", "6", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["ok"] is True
    assert data["file"] == "published table n06"
    assert data["metrics"]["breaks"] == 16
    assert schedule_from_games(data["games"]) == published(6)


def test_table_json_for_two_boards_shows_rule_three_relaxed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "table", "2", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["ok"] is True
    assert data["rules"]["colour_balance"]["status"] == "holds"
    assert data["rules"]["no_three_in_a_row"]["status"] == "holds"
    assert data["rules"]["board_balance"]["status"] == "relaxed"
    assert "no complete schedule on 2 boards" in data["rules"]["board_balance"]["excuse"]
    assert "excuse" not in data["rules"]["colour_balance"]


# --------------------------------------------------------------------------- --output


def test_output_file_holds_what_stdout_would(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "n06.txt", VALID)
    _code, printed, _err = run(capsys, "verify", str(path), "--format", "json")
    target = tmp_path / "report.json"
    code, out, err = run(capsys, "verify", str(path), "--format", "json", "--output", str(target))
    assert (code, out, err) == (0, "", "")
    assert target.read_text(encoding="utf-8") == printed
    assert sorted(p.name for p in tmp_path.iterdir()) == ["n06.txt", "report.json"]


def test_output_of_a_broken_verdict_is_still_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "pair.txt", PAIR_TWICE)
    target = tmp_path / "report.txt"
    code, out, _err = run(capsys, "verify", str(path), "-o", str(target))
    assert (code, out) == (1, "")
    assert "A1 and B4 meet 2 times" in target.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "argv",
    [
        ["verify", "{garbage}"],
        ["verify", "{missing}"],
        ["verify", "{directory}"],
        ["table", "14"],
        ["compare", "{valid}", "--against", "14"],
        ["compare", "{garbage}", "--against", "6"],
        ["compare", "{valid}", "--against", "{missing}"],
    ],
    ids=[
        "verify-garbage",
        "verify-missing",
        "verify-directory",
        "table-14",
        "against-14",
        "compare-garbage",
        "against-missing",
    ],
)
def test_output_is_not_created_when_the_run_fails(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    names = {
        "garbage": str(write(inputs, "garbage.txt", "not a schedule\n")),
        "valid": str(write(inputs, "n06.txt", VALID)),
        "missing": str(inputs / "absent.txt"),
        "directory": str(inputs),
    }
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    target = out_dir / "result.txt"
    code, out, err = run(capsys, *(arg.format(**names) for arg in argv), "--output", str(target))
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    assert list(out_dir.iterdir()) == []  # neither the file nor a temporary left behind


def test_failed_run_leaves_an_existing_output_untouched(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = write(tmp_path, "result.txt", "previous report\n")
    garbage = write(tmp_path, "garbage.txt", "A1-B1 A2\n")
    code, _out, _err = run(capsys, "verify", str(garbage), "--output", str(target))
    assert code == 2
    assert target.read_text(encoding="utf-8") == "previous report\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["garbage.txt", "result.txt"]


@pytest.mark.parametrize("where", ["missing-directory", "is-a-directory"])
def test_unwritable_output_is_a_clear_error(where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "no" / "such" / "dir.txt" if where == "missing-directory" else tmp_path
    code, _out, err = run(capsys, "table", "6", "--output", str(target))
    assert code == 2
    assert err.startswith("schev: error: ")
    assert [p.name for p in tmp_path.iterdir()] == []


# --------------------------------------------------------------------------- compare


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


# --------------------------------------------------------------------------- generate (one quick call)


def test_generate_three_boards_json_records_how_it_was_made(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "generate", "3", "--time-limit", "5", "--workers", "1", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["tool"] == {"name": "scheveningen", "version": metadata.version("scheveningen")}
    assert data["ortools_version"] == metadata.version("ortools")
    params = data["parameters"]
    assert (params["time_limit"], params["workers"], params["seed"], params["double"]) == (5.0, 1, 0, False)
    assert data["status"] in ("optimal", "feasible")
    assert isinstance(data["lower_bound"], int)
    assert 0 <= data["lower_bound"] <= data["breaks"]
    schedule = schedule_from_games(data["games"])
    assert (schedule.boards, schedule.n_rounds) == (3, 3)
    verdict = verify(schedule)
    assert verdict.ok
    assert verdict.metrics.total_breaks == data["breaks"]
    assert data["verification"]["ok"] is True


# --------------------------------------------------------------------------- a real process


def run_process(*argv: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "scheveningen", *argv], input=stdin, capture_output=True, timeout=120, check=False
    )


def test_process_verify_from_standard_input_exits_zero() -> None:
    done = run_process("verify", "-", stdin=VALID.encode())
    assert done.returncode == 0
    assert b"verdict: ok" in done.stdout
    assert done.stderr == b""


def test_process_verify_broken_file_exits_one(tmp_path: Path) -> None:
    path = write(tmp_path, "pair.txt", PAIR_TWICE)
    done = run_process("verify", str(path))
    assert done.returncode == 1
    assert b"A1 and B4 meet 2 times" in done.stdout
    assert done.stderr == b""


def test_process_bad_file_prints_one_line_and_no_traceback(tmp_path: Path) -> None:
    # A real process adds the interpreter's exit status and stderr to the in-process tests of bad
    # files above (BAD_INPUTS, a bad player code among them); one bad file checks that.
    path = write(tmp_path, "bad.txt", b"\xff\xfe\x00garbage\x80")
    done = run_process("verify", str(path))
    assert done.returncode == 2
    assert done.stdout == b""
    stderr = done.stderr.decode()
    assert "Traceback" not in stderr
    assert len(stderr.splitlines()) == 1
    assert stderr.startswith(f"schev: error: {path}")


def test_no_schedule_in_time_is_said_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 96 against 92 on 69 boards: no construction answers within 0.5 s and the time leaves no room to
    # build the model: exit 3 (double rounds with requests, the example before, are now answered from
    # the relabelled construction). The CLI used to add its own "no schedule found within 0.5 s" after
    # the designer's message.
    spec = tmp_path / "hard.toml"
    spec.write_text("boards = 69\n[teams.A]\nsize = 96\n[teams.B]\nsize = 92\n", encoding="utf-8")
    code, out, err = run(capsys, "generate", "--spec", str(spec), "--time-limit", "0.5", "--workers", "1")
    assert code == 3 and out == ""
    assert err.count("no schedule found") == 1


def test_compare_and_fingerprint_point_a_damaged_schedule_to_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A damaged schedule is refused by compare and fingerprint, which need a complete one; the message
    # used to stop at the first fault, with no word that verify reads the file and names every fault.
    lines = [line for line in published_text(4).splitlines() if not line.startswith("#")]
    lines[1] = "\t".join(lines[1].split("\t")[:3] + lines[1].split("\t")[4:])
    damaged = tmp_path / "dropped.txt"
    damaged.write_text("\n".join(lines) + "\n", encoding="utf-8")
    junk = tmp_path / "junk.txt"
    junk.write_text("hello world\n", encoding="utf-8")
    for argv in (["fingerprint", str(damaged)], ["compare", str(damaged), "--against", "4"]):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == "" and err.count("\n") == 1
        assert f"schev verify {damaged}" in err
    code, _, err = run(capsys, "fingerprint", str(junk))
    assert code == 2 and "schev verify" not in err
