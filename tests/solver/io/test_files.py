"""Reading the user's text files (solver/io/files.py): one clear sentence naming the file for each way
reading can fail, and nothing over the size limit read whole."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from scheveningen.solver.io.files import (
    MAX_FILE_BYTES,
    MAX_SPEC_BYTES,
    STDIN,
    UnreadableFileError,
    display_name,
    read_text_file,
)


def test_a_text_file_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "schedule.txt"
    path.write_text("Round 1\tA1-B1\nÆøå\n", encoding="utf-8")
    assert read_text_file(path, "schedule") == "Round 1\tA1-B1\nÆøå\n"
    assert read_text_file(str(path), "schedule") == "Round 1\tA1-B1\nÆøå\n"


def test_a_file_of_exactly_the_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "full.txt"
    path.write_bytes(b"x" * 1000)
    assert read_text_file(path, "schedule", max_bytes=1000) == "x" * 1000


def test_an_over_size_file_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    path = tmp_path / "huge.log"
    path.write_bytes(b"y" * (MAX_FILE_BYTES + 1))
    with pytest.raises(UnreadableFileError) as caught:
        read_text_file(path, "schedule")
    assert str(caught.value) == f"{path}: too large (over 4 MB); no input is that long"


def test_a_spec_has_its_own_smaller_limit(tmp_path: Path) -> None:
    path = tmp_path / "spec.toml"
    path.write_bytes(b"#" * (MAX_SPEC_BYTES + 1))
    assert MAX_SPEC_BYTES < MAX_FILE_BYTES
    with pytest.raises(UnreadableFileError, match=r"too large \(over 2 MB\)"):
        read_text_file(path, "match spec", max_bytes=MAX_SPEC_BYTES)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.txt"
    with pytest.raises(UnreadableFileError, match=f"^{re.escape(str(path))}: no such file$"):
        read_text_file(path, "schedule")


def test_a_directory_is_not_the_file_expected(tmp_path: Path) -> None:
    with pytest.raises(UnreadableFileError, match="is a directory, not a match spec"):
        read_text_file(tmp_path, "match spec")


def test_binary_data_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "image.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    with pytest.raises(UnreadableFileError, match="not a text file \\(it holds binary data\\), not a schedule"):
        read_text_file(path, "schedule")


def test_text_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes("Åse Ødegård".encode("latin-1"))
    with pytest.raises(UnreadableFileError, match="not a text file \\(it is not UTF-8\\)"):
        read_text_file(path, "schedule")


def test_a_dash_reads_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("Round 1\tA1-B1\n"))
    assert read_text_file(STDIN, "schedule") == "Round 1\tA1-B1\n"


def test_over_size_standard_input_is_refused_and_called_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"z" * 101), encoding="utf-8"))
    with pytest.raises(UnreadableFileError, match=r"^standard input: too large"):
        read_text_file(STDIN, "schedule", max_bytes=100)


def test_messages_call_a_dash_standard_input() -> None:
    assert display_name("-") == "standard input"
    assert display_name(Path("a/b.txt")) == str(Path("a/b.txt"))
