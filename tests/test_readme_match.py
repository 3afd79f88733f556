"""The README's arbiter walk-through, replayed: the files it shows are written, its commands run, and
their output must match what the README prints."""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest
from readme_console import console_steps

from scheveningen.solver.cli import main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _walk_through() -> list[tuple[str, str]]:
    section = README.split("### Running the match", 1)[1].split("\n### ", 1)[0]
    block = re.search(r"```console\n(.*?)```", section, flags=re.DOTALL)
    assert block is not None, "the walk-through has a console block"
    return console_steps([block.group(1)])


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
