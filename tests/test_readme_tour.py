"""The README's tour and organiser's match, replayed: every console block whose input files the README
shows is run, and what the tool prints must be what the README prints (apart from the "Designed by"
line, which names versions and the worker count)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from readme_console import console_blocks, console_steps

from scheveningen.solver.cli import main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
TOUR = README.split("## A tour of the command line", 1)[1].split("### Running the match", 1)[0]
UNSHOWN_FILES = ("broken8.txt", "dropped.txt")  # described in words only, so not replayed here


def _steps() -> list[tuple[str, str]]:
    steps = console_steps(console_blocks(TOUR))
    return [(c, out) for c, out in steps if not any(name in c for name in UNSHOWN_FILES)]


def _plain(text: str) -> str:
    return re.sub(r"^# Designed by .*$", "# Designed by", text, flags=re.MULTILINE)


@pytest.mark.slow
def test_the_tour_runs_as_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    steps = _steps()
    assert sum(c.startswith("schev generate") for c, _ in steps) == 5
    for command, expected in steps:
        words = shlex.split(command)
        target = None
        if ">" in words:
            words, target = words[: words.index(">")], words[words.index(">") + 1]
        if words[0] == "printf" and target is not None:
            Path(target).write_text(words[1].encode().decode("unicode_escape"), encoding="utf-8")
            continue
        if words[0] == "cat":
            if Path(words[1]).exists():
                assert _plain(Path(words[1]).read_text(encoding="utf-8")) == _plain(expected), command
            else:
                Path(words[1]).write_text(expected, encoding="utf-8")
            continue
        assert words[0] == "schev", command
        code = main(words[1:])
        out, err = capsys.readouterr()
        if target is not None:
            Path(target).write_text(out, encoding="utf-8")
            out = ""
        assert _plain(out + err) == _plain(expected), command
        assert code == (1 if "impossible" in expected else 0), command
