"""The organisers' stories that open docs/guide.md, replayed in one folder, one after the other: a club
match on 10 boards, a request after round 3 (the match redesigned around the rounds played, results and
history kept) and a team with a reserve. Every file they use is shown or made by their commands, and
what the tool prints must be what the guide prints."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from doc_blocks import GUIDE, console_blocks, replay, section

from scheveningen.solver.cli.main import main

STORIES = section(GUIDE, "## Story: a club match on 10 boards", "# Technical notes")


@pytest.mark.slow
def test_the_stories_run_as_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    steps = [step for block in console_blocks(STORIES) for step in block]
    commands = [c for c, _ in steps]
    assert "schev history club.json" in commands
    assert any("--clear --force" in c for c in commands)
    replay(steps, main, capsys.readouterr)
    record = json.loads(Path("club.json").read_text(encoding="utf-8"))
    assert len(record["history"]) == 2  # the correction and the clearing, carried over by the redesign
    assert len(record["results"]) == 30  # rounds 1 to 3, each game once
    assert Path("club.html").exists() and Path("club.trf").exists()
