"""The export lines of docs/guide.md, replayed after its arbiter walk-through: the files are written, and the
notes, the Markdown table and the check of the TRF are as printed."""

from __future__ import annotations

from pathlib import Path

import pytest
from doc_blocks import GUIDE, console_blocks, replay, section

from scheveningen.solver.cli.main import main


def test_the_export_lines_run_as_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (walk_through,) = console_blocks(section(GUIDE, "## Running the match", "\n## "))
    (exports,) = console_blocks(section(GUIDE, "## Exports", None))
    replay(walk_through, main, capsys.readouterr, generate_args=("--workers", "2"))
    assert [c.split()[1] for c, _ in exports] == ["export", "export", "export", "verify"]
    replay(exports, main, capsys.readouterr)
    assert Path("match.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert Path("match.trf").read_bytes().startswith(b"012 Oslo - Bergen\r\n")
