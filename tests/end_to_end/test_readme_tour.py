"""The README's tour and organiser's match, and the guide's sections on designing, checking, organisers'
matches and unequal teams, replayed in one folder: the files they show are written, the files their
commands make are made, and what the tool prints must be what they print (apart from the "Designed by"
line, which names versions and the worker count)."""

from __future__ import annotations

from pathlib import Path

import pytest
from doc_blocks import GUIDE, README, console_blocks, replay, section

from scheveningen.solver.cli.main import main

TOUR = section(README, "## A tour of the command line", "### Running the match")
GUIDE_TOUR = section(GUIDE, "## Designing: options and output", "## Running the match")


def _steps(text: str) -> list[tuple[str, str]]:
    return [step for block in console_blocks(text) for step in block]


@pytest.mark.slow
def test_the_tour_runs_as_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    readme_steps = _steps(TOUR)
    assert [c.split()[1] for c, _ in readme_steps if c.startswith("schev")] == [
        "table", "generate", "verify", "compare", "generate"
    ]  # fmt: skip
    steps = readme_steps + _steps(GUIDE_TOUR)  # the guide's blocks come after the README's
    assert sum(c.startswith("schev generate") for c, _ in steps) == 5
    assert [c for c, _ in steps if c.startswith("schev verify")] == [
        "schev verify dropped.txt | head -7", "schev verify broken8.txt"
    ]  # fmt: skip
    replay(steps, main, capsys.readouterr)


def test_every_file_the_tour_reads_is_shown_or_made_before() -> None:
    """A file a command reads is shown by a ``cat`` block or written by an earlier command (``>``)."""
    made: set[str] = set()
    for command, _ in _steps(TOUR) + _steps(GUIDE_TOUR):
        words = command.split()
        if words[0] == "cat" and words[1] not in made:
            made.add(words[1])
        elif ">" in words:
            made.add(words[words.index(">") + 1])
        for word in words[1:]:
            if word.endswith((".txt", ".toml", ".csv", ".json")) and ">" not in words:
                assert word in made, f"{command}: {word} is neither shown nor made before"


def test_each_spec_of_the_readme_and_the_guide_has_its_own_name() -> None:
    """Followed in one folder, the README and the guide never write two different files of one name."""
    shown: dict[str, str] = {}
    for text in (README, GUIDE):
        for command, output in _steps(text):
            if command.startswith("cat "):
                name = command.split()[1]
                assert shown.setdefault(name, output) == output, f"two different files named {name}"
