"""``schev generate`` (solver/cli/design.py): a quick design that records how it was made, and a search
that finds nothing said once with exit 3."""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path

import pytest
from cli_cases import run, schedule_from_games

from scheveningen.solver.verify.verifier import verify


def test_generate_three_boards_json_records_how_it_was_made(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "generate", "3", "--time-limit", "5", "--workers", "1", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["tool"] == {"name": "scheveningen", "version": metadata.version("scheveningen")}
    assert data["ortools_version"] == metadata.version("ortools")
    params = data["parameters"]
    assert (params["time_limit"], params["workers"], params["seed"], params["double"]) == (5.0, 1, 0, False)
    assert data["status"] in ("optimal", "feasible")
    assert isinstance(data["lower_bound"], int)
    assert 0 <= data["lower_bound"] <= data["breaks"]
    schedule = schedule_from_games(data["games"])
    assert (schedule.boards, schedule.n_rounds) == (3, 3)
    verdict = verify(schedule)
    assert verdict.ok
    assert verdict.metrics.total_breaks == data["breaks"]
    assert data["verification"]["ok"] is True


def test_no_schedule_in_time_is_said_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 96 against 92 on 69 boards: no construction answers within 0.5 s and the time leaves no room to
    # build the model: exit 3 (double rounds with requests, the example before, are now answered from
    # the relabelled construction). The CLI used to add its own "no schedule found within 0.5 s" after
    # the designer's message.
    spec = tmp_path / "hard.toml"
    spec.write_text("boards = 69\n[teams.A]\nsize = 96\n[teams.B]\nsize = 92\n", encoding="utf-8")
    code, out, err = run(capsys, "generate", "--spec", str(spec), "--time-limit", "0.5", "--workers", "1")
    assert code == 3 and out == ""
    assert err.count("no schedule found") == 1


def test_rules_that_cannot_hold_together_are_called_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "generate", "2", "--strict")
    assert code == 1
    assert "impossible: these 2 rules cannot hold together:\n  - rule 1 (colour balance)\n  - rule 3" in err
