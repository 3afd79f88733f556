"""The README stays true: its Python example runs, and CI runs its test command."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_python_example_runs(capsys) -> None:  # type: ignore[no-untyped-def]
    blocks = re.findall(r"```python\n(.*?)```", README, flags=re.DOTALL)
    assert blocks, "the README has a Python example"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "Round 1\t" in out


def test_ci_runs_the_readme_test_command() -> None:
    commands = re.findall(r"```sh\n(.*?)\n```", README, flags=re.DOTALL)
    assert len(commands) == 2, "exactly two set-up commands"
    assert "schev generate" in commands[0]
    assert commands[1] in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
