"""The arbiter walk-through in docs/guide.md, replayed: the files it shows are written, its commands
run, and their output must match what the guide prints. The README's brief walk-through is the guide's
first steps, line for line."""

from __future__ import annotations

import os
import shlex
from pathlib import Path

import pytest
from doc_blocks import GUIDE, README, console_blocks, section

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
        "generate", "result", "result", "result", "result", "standings"
    ]  # fmt: skip
    for command, expected in steps:
        words = shlex.split(command)
        if words[0] == "cat":
            Path(words[1]).write_text(expected, encoding="utf-8")
            continue
        assert words[0] == "schev"
        code = main([*words[1:], *(["--workers", "2"] if words[1] == "generate" else [])])
        out, err = capsys.readouterr()
        assert out + err == expected, command
        assert code == (2 if "error" in expected else 0), command
    assert os.path.exists("match.json")


def test_the_readme_brief_is_the_walk_throughs_first_steps() -> None:
    (brief,) = console_blocks(section(README, "### Running the match", "\n### "))
    commands = [c for c, _ in brief]
    assert commands[0].startswith("schev generate") and any("--board" in c for c in commands)
    steps = [step for step in _walk_through() if not step[0].startswith("cat ")]
    assert brief == steps[: len(brief)]
