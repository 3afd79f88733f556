"""``schev table`` (solver/cli/table.py): the published tables as published, with their JSON verdicts."""

from __future__ import annotations

import json

import pytest
from cli_cases import run, schedule_from_games

from scheveningen.models.formats.tables import published, published_text


def test_table_json_has_verdict_and_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "table", "6", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["ok"] is True
    assert data["file"] == "published table n06"
    assert data["metrics"]["breaks"] == 16
    assert schedule_from_games(data["games"]) == published(6)


def test_table_json_for_two_boards_shows_rule_three_relaxed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "table", "2", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["ok"] is True
    assert data["rules"]["colour_balance"]["status"] == "holds"
    assert data["rules"]["no_three_in_a_row"]["status"] == "holds"
    assert data["rules"]["board_balance"]["status"] == "relaxed"
    assert "no complete schedule on 2 boards" in data["rules"]["board_balance"]["excuse"]
    assert "excuse" not in data["rules"]["colour_balance"]


def test_table_prints_the_published_text_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "table", "13")
    assert code == 0
    assert out == published_text(13)


def test_table_best_prints_the_best_known_design(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "table", "10", "--best", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["file"] == "best known table n10"
    assert data["ok"] is True and data["metrics"]["breaks"] < 28  # the published n10 has 28


def test_a_table_outside_the_published_sizes_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "table", "14")
    assert code == 2
    assert "14" in err and "Traceback" not in err
