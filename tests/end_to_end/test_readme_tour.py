"""The README's tour and organiser's match, and the guide's sections on designing, checking, organisers'
matches and unequal teams, replayed: every console block whose input files they show is run, and what
the tool prints must be what they print (apart from the "Designed by" line, which names versions and
the worker count)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from doc_blocks import GUIDE, README, console_blocks, section

from scheveningen.solver.cli.main import main

TOUR = section(README, "## A tour of the command line", "### Running the match")
GUIDE_TOUR = section(GUIDE, "## Designing: options and output", "## Running the match")
UNSHOWN_FILES = ("broken8.txt", "dropped.txt")  # described in words only, so not replayed here


def _steps(text: str) -> list[tuple[str, str]]:
    steps = [step for block in console_blocks(text) for step in block]
    return [(c, out) for c, out in steps if not any(name in c for name in UNSHOWN_FILES)]


def _plain(text: str) -> str:
    return re.sub(r"^# Designed by .*$", "# Designed by", text, flags=re.MULTILINE)


@pytest.mark.slow
def test_the_tour_runs_as_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    readme_steps = _steps(TOUR)
    assert [c.split()[1] for c, _ in readme_steps if c.startswith("schev")] == [
        "table", "generate", "compare", "generate"
    ]  # fmt: skip
    steps = readme_steps + _steps(GUIDE_TOUR)  # the guide's blocks come after the README's
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
