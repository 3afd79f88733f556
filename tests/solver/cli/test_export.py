"""``schev export``: every format from a match file, written atomically; a bad match file is one line
and exit 2, with no output file left behind."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from export_fixtures import make_record

from scheveningen.models.domain.match import TeamInfo
from scheveningen.models.domain.roster import Event
from scheveningen.solver.cli.main import main
from scheveningen.solver.export import EXPORTERS, export


@pytest.fixture
def match_file(tmp_path: Path) -> Path:
    path = tmp_path / "match.json"
    path.write_text(make_record("single", played_rounds=0.5).to_json(), encoding="utf-8")
    return path


@pytest.mark.parametrize("fmt", sorted(EXPORTERS))
def test_export_writes_each_format_to_a_file(fmt: str, match_file: Path, tmp_path: Path) -> None:
    out = tmp_path / f"out.{fmt}"
    assert main(["export", str(match_file), "--format", fmt, "--output", str(out)]) == 0
    record = make_record("single", played_rounds=0.5)
    assert out.read_bytes() == export(record, fmt).encode("utf-8")
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary file left


def test_export_prints_to_standard_output(match_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", str(match_file), "--format", "md"]) == 0
    assert capsys.readouterr().out == export(make_record("single", played_rounds=0.5), "md")


def test_trf_on_standard_output_keeps_cr_lf(match_file: Path, capfdbinary: pytest.CaptureFixture[bytes]) -> None:
    assert main(["export", str(match_file), "--format", "trf"]) == 0
    out = capfdbinary.readouterr().out
    assert out.count(b"\r\n") == out.count(b"\n") > 10


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("not json", "not valid JSON"),
        ('{"format": "scheveningen-match/9"}', "not supported"),
        (None, "no such file"),
    ],
)
def test_a_bad_match_file_is_one_line_and_exit_2(
    content: str | None, says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "bad.json"
    if content is not None:
        source.write_text(content, encoding="utf-8")
    out = tmp_path / "out.html"
    assert main(["export", str(source), "--format", "html", "--output", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("schev: error: ") and err.count("\n") == 1 and says in err
    assert not out.exists()


def test_a_schedule_edited_to_break_a_rule_is_not_exported(
    match_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(match_file.read_text(encoding="utf-8"))
    data["schedule"][0][0] = data["schedule"][1][0]  # round 1 board 1 repeats round 2's game
    match_file.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "out.trf"
    assert main(["export", str(match_file), "--format", "trf", "--output", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("schev: error: ") and "verifier" in err
    assert not out.exists()


def test_export_writes_text_by_default_and_refuses_other_formats(
    match_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", str(match_file)]) == 0
    assert capsys.readouterr().out == export(make_record("single", played_rounds=0.5), "text")
    for fmt in ("pdf", "json"):
        assert main(["export", str(match_file), "--format", fmt]) == 2
        assert "invalid choice" in capsys.readouterr().err


def test_a_trf_export_notes_what_a_rating_report_lacks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    full = make_record("single")
    path = tmp_path / "full.json"
    path.write_text(full.to_json(), encoding="utf-8")
    assert main(["export", str(path), "--format", "trf", "--output", str(tmp_path / "a.trf")]) == 0
    err = capsys.readouterr().err
    assert "[event]" not in err  # the fixture's event is complete
    # The fixture leaves out the FIDE id of every fourth player: A4 and B4 on 4 boards.
    assert "2 players have no FIDE id" in err and "Nguyễn, Thị Minh; Pipe | Name, Ann" in err
    bare = tmp_path / "bare.json"
    bare.write_text(replace(full, event=Event()).to_json(), encoding="utf-8")
    assert main(["export", str(bare), "--format", "trf", "--output", str(tmp_path / "b.trf")]) == 0
    err = capsys.readouterr().err
    assert "no name, site, federation, start, end, chief_arbiter, round_dates" in err
    assert (tmp_path / "b.trf").exists()


@pytest.mark.parametrize("kind", ["single", "double", "unequal"])
def test_every_format_works_without_rosters_or_event(kind: str) -> None:
    from scheveningen.solver.io.trf_reader import read_trf

    plain = make_record(kind, played_rounds=0.5, rosters=False)
    match = replace(plain.match, team_a=TeamInfo(), team_b=TeamInfo())
    record = replace(plain, match=match, event=Event())
    for fmt in EXPORTERS:
        text = export(record, fmt)
        assert "Team A" in text
    trf = export(record, "trf")
    assert trf.startswith("012 Team A - Team B\r\n062 ")
    back = read_trf(trf)
    assert back.schedule == record.schedule and back.results == dict(record.results)
