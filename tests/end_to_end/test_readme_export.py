"""The export lines of docs/guide.md, replayed after its arbiter walk-through: the files are written, and the
notes, the Markdown table and the check of the TRF are as printed."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from doc_blocks import GUIDE, console_blocks, section

from scheveningen.solver.cli.main import main


def test_the_export_lines_run_as_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (walk_through,) = console_blocks(section(GUIDE, "## Running the match", "\n## "))
    (exports,) = console_blocks(section(GUIDE, "## Exports", None))
    for command, expected in walk_through:
        words = shlex.split(command)
        if words[0] == "cat":
            Path(words[1]).write_text(expected, encoding="utf-8")
        else:
            main([*words[1:], *(["--workers", "2"] if words[1] == "generate" else [])])
    capsys.readouterr()
    assert [shlex.split(c)[1] for c, _ in exports] == ["export", "export", "export", "verify"]
    for command, expected in exports:
        words, head = shlex.split(command), None
        if "|" in words:  # "... | head -N": the first N lines
            head = int(words[-1].lstrip("-"))
            words = words[: words.index("|")]
        assert main(words[1:]) == 0, command
        captured = capsys.readouterr()
        out = captured.out + captured.err
        if head is not None:
            out = "".join(out.splitlines(keepends=True)[:head])
        assert out == expected, command
    assert Path("match.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert Path("match.trf").read_bytes().startswith(b"012 Oslo - Bergen\r\n")
