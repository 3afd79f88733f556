"""The arbiter walk-through in docs/guide.md, replayed: the files it shows are written, its commands
run, and their output must match what the guide prints. The README's brief walk-through runs as
printed too, with the guide's spec, and each of its steps is one of the guide's."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from doc_blocks import GUIDE, README, console_blocks, execute, replay, section

from scheveningen.solver.cli.main import main


def _walk_through() -> list[tuple[str, str]]:
    blocks = console_blocks(section(GUIDE, "## Running the match", "\n## "))
    assert blocks, "the walk-through has a console block"
    return blocks[0]


def test_the_walk_through_runs_as_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    steps = _walk_through()
    assert [c.split()[1] for c, _ in steps if c.startswith("schev")] == [
        "generate", "result", "result", "result", "history", "result", "standings"
    ]  # fmt: skip
    replay(steps, main, capsys.readouterr, generate_args=("--workers", "2"))
    assert os.path.exists("match.json")


def test_the_readme_brief_runs_as_printed_and_is_the_guides(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (brief,) = console_blocks(section(README, "### Running the match", "\n### "))
    commands = [c for c, _ in brief]
    assert commands[0].startswith("schev generate") and any("--board" in c for c in commands)
    assert any(c.startswith("schev history") for c in commands)
    walk_through = _walk_through()
    for command, shown in walk_through:
        if command.startswith("cat "):
            execute(command, shown, main, capsys.readouterr)
    replay(brief, main, capsys.readouterr, generate_args=("--workers", "2"))
    guide_steps = [step for block in console_blocks(GUIDE) for step in block]
    for step in brief:
        assert step in guide_steps, step[0]
