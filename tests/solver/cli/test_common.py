"""Reading a schedule file for a command (solver/cli/common.py): a bad, missing or unreadable file is
one clear line and exit 2 (never a traceback), and a damaged schedule is pointed to ``schev verify``."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_cases import VALID, run, write

from scheveningen.models.formats.tables import published_text

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
