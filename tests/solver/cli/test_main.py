"""The ``schev`` dispatcher (solver/cli/main.py): bad usage is exit 2 without a traceback, output files
are written whole or not at all, and a real process exits with the reply's code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from cli_cases import PAIR_TWICE, VALID, run, write


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
    # files in test_common.py (BAD_INPUTS, a bad player code among them); one bad file checks that.
    path = write(tmp_path, "bad.txt", b"\xff\xfe\x00garbage\x80")
    done = run_process("verify", str(path))
    assert done.returncode == 2
    assert done.stdout == b""
    stderr = done.stderr.decode()
    assert "Traceback" not in stderr
    assert len(stderr.splitlines()) == 1
    assert stderr.startswith(f"schev: error: {path}")
