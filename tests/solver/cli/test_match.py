"""The arbiter's commands end to end: generate a match file from a spec with rosters, record results,
show standings; every refused result leaves the file byte for byte as it was."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from match_cases import ALL, double_unequal, four_boards

from scheveningen.models.domain.results import GameResult
from scheveningen.models.formats.matchrecord import MatchRecord
from scheveningen.solver.cli.main import main
from scheveningen.solver.io.matchfile import read_match_file, write_match_file


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


SPEC = """\
boards = 3

[teams.A]
name = "Oslo"
roster = "oslo.csv"

[teams.B]
name = "Bergen <B&B>"
size = 4
[[teams.B.player]]
name = "Øre, Åse"
rating = 2100
[[teams.B.player]]
name = "Lie, Per"
rating = 2000
[[teams.B.player]]
name = "Vik, Kari"
[[teams.B.player]]
name = "Moe, Tor"
rating = 1900

[event]
name = "Oslo - Bergen"
round_dates = ["2026-03-07", "2026-03-07", "2026-03-08", "2026-03-08"]

[scoring]
win = 3
"""

OSLO_CSV = 'name,rating,title\n"Carlsen, Magnus",2830,GM\n"Hansen, Ann",2200,\n"Berg, Bo",,\n'


def test_an_arbiters_match_from_spec_to_standings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "match.toml").write_text(SPEC, encoding="utf-8")
    (tmp_path / "oslo.csv").write_text(OSLO_CSV, encoding="utf-8")
    match_file = str(tmp_path / "match.json")
    code, out, err = run(capsys, "generate", "--spec", str(tmp_path / "match.toml"), "--output", match_file,
                         "--workers", "1", "--time-limit", "5", "--quiet")  # fmt: skip
    assert (code, out) == (0, ""), err
    record = read_match_file(match_file)
    assert record.roster_a[0].name == "Carlsen, Magnus" and record.roster_b[2].rating is None
    assert record.scoring.win == 3 and record.event.round_dates[3] == "2026-03-08"
    assert record.design["status"] in ("optimal", "feasible") and not record.results
    for r in range(1, record.rounds + 1):
        code, out, err = run(capsys, "result", match_file, "--round", str(r), "1-0", "½-½", "-+")
        assert code == 0, err
        assert f"round {r} board 3:" in out and "match score: Oslo" in out
    code, out, err = run(capsys, "standings", match_file, "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["match_status"] == "finished" and data["results_recorded"] == 12
    board_a = data["teams"]["A"]["board_points"]
    assert board_a + data["teams"]["B"]["board_points"] == 12  # every game gives one point in all
    for fmt in ("text", "md", "html"):
        code, out, err = run(capsys, "standings", match_file, "--format", fmt)
        assert code == 0 and "Oslo" in out, err
        assert ("Bergen &lt;B&amp;B&gt;" if fmt == "html" else "Bergen <B&B>") in out


def _match_file(tmp_path: Path, record: MatchRecord | None = None) -> Path:
    path = tmp_path / "match.json"
    write_match_file(record or four_boards().with_round(1, [GameResult.DRAW] * 4), path)
    return path


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--round", "2", "1-0", "0-1", "2-0", "1-0"], "result 3: '2-0' is not a result"),
        (["--round", "2", "1-0", "0-1", "1-0"], "round 2 has 4 boards; got 3 results"),
        (["--round", "2", "1-0", "0-1", "1-0", "1-0", "1-0"], "round 2 has 4 boards; got 5 results"),
        (["--round", "5", "1-0", "0-1", "1-0", "1-0"], "there is no round 5 (the match has rounds 1 to 4)"),
        (["--round", "0", "1-0", "0-1", "1-0", "1-0"], "there is no round 0"),
        (["--round", "2", "--board", "5", "1-0"], "there is no board 5 (the match has boards 1 to 4)"),
        (["--round", "2", "--board", "1", "1-0", "0-1"], "--board 1 takes one result, got 2"),
        (["--round", "1", "--board", "3", "1-0"], "board 3 (B3-A3) already has the result 1/2-1/2; use --force"),
        (["--round", "1", "1-0", "=", "=", "="], "round 1, board 1 (A1-B1) already has the result 1/2-1/2"),
        (["--round", "1", "--board", "2", "1:0"], "'1:0' is not a result"),
        (["--round", "x", "1-0"], "--round: 'x' is not a whole number"),
        (["1-0", "0-1", "1-0", "1-0"], "give the round: --round R"),
        (["--round", "2"], "give the results"),
        (["--round", "2", "--board"], "--board needs a number"),
    ],
)  # fmt: skip
def test_every_refused_result_leaves_the_file_untouched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    path = _match_file(tmp_path)
    before = path.read_bytes()
    code, _, err = run(capsys, "result", str(path), *argv)
    assert code == 2
    assert message in err and err.count("\n") <= 2 and "Traceback" not in err
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["match.json"]  # no temporary file left


def test_a_damaged_match_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _match_file(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["format"] = "scheveningen-match/9"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    for argv in (["result", str(path), "--round", "2", "1-0", "1-0", "1-0", "1-0"], ["standings", str(path)]):
        code, _, err = run(capsys, *argv)
        assert code == 2 and "format 'scheveningen-match/9' is not supported" in err
    assert path.read_bytes() == before
    code, _, err = run(capsys, "standings", str(tmp_path / "none.json"))
    assert code == 2 and "no such file" in err


def test_results_are_recorded_and_changed_only_with_force(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _match_file(tmp_path)
    code, out, _ = run(capsys, "result", str(path), "--round", "2", "-+", "--", "+-", "=")
    assert code == 0
    assert "round 2 board 1: Øre, Åse (B2) - Carlsen, Magnus (A1) -+" not in out  # B2 is Lie, Per
    assert "round 2 board 1: Lie, Per (B2) - Carlsen, Magnus (A1) -+" in out
    record = read_match_file(path)
    assert [record.result(2, b) for b in range(1, 5)] == [GameResult.parse(t) for t in ("-+", "--", "+-", "=")]
    code, out, _ = run(capsys, "result", str(path), "--round", "2", "--board", "2", "0-1", "--force")
    assert code == 0 and read_match_file(path).result(2, 2) is GameResult.BLACK_WINS
    before = path.read_bytes()
    code, out, _ = run(capsys, "result", str(path), "--round", "2", "--board", "2", "0-1")
    assert code == 0 and "(already recorded)" in out and path.read_bytes() == before
    code, out, _ = run(capsys, "result", str(path), "--round", "3", "--board", "4", "1-0", "--format", "json")
    data = json.loads(out)
    assert data["recorded"] == [{"board": 4, "white": "B2", "black": "A4", "result": "1-0"}]
    assert data["changed"] == [4]


def test_standings_scoring_can_be_changed_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _match_file(tmp_path, four_boards().with_round(1, [GameResult.WHITE_WINS] * 3 + [GameResult.DRAW]))
    code, out, _ = run(capsys, "standings", str(path), "--format", "json", "--points", "3/1/0")
    assert code == 0 and json.loads(out)["teams"]["A"]["match_points"] == 3
    code, _, err = run(capsys, "standings", str(path), "--points", "3-1-0")
    assert code == 2 and "--points: '3-1-0' is not W/D/L" in err
    code, _, err = run(capsys, "standings", str(path), "--points", "0/1/2")
    assert code == 2 and "win >= draw >= loss" in err
    for bad in ("inf/1/0", "nan/1/0", "2/1/-1"):
        code, _, err = run(capsys, "standings", str(path), "--points", bad)
        assert code == 2 and "must be a number, 0 or more" in err, bad
    out_file = tmp_path / "standings.html"
    code, _, _ = run(capsys, "standings", str(path), "--format", "html", "--output", str(out_file))
    assert code == 0 and out_file.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("name", sorted(ALL))
def test_double_rounds_and_unequal_teams_take_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    record = ALL[name]()
    path = _match_file(tmp_path, record)
    for r in range(1, record.rounds + 1):
        code, _, err = run(capsys, "result", str(path), "--round", str(r), *(["1-0"] * record.boards))
        assert code == 0, err
    back = read_match_file(path)
    assert back.complete and back.schedule == record.schedule
    code, out, _ = run(capsys, "standings", str(path), "--format", "json")
    assert json.loads(out)["match_status"] == "finished"


def test_generate_writes_a_plain_match_file_and_keeps_the_json_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match_file = tmp_path / "m.json"
    code, _, err = run(capsys, "generate", "3", "--double", "--output", str(match_file), "--workers", "1", "-q")
    assert code == 0, err
    record = read_match_file(match_file)
    assert record.match.double and record.rounds == 6 and record.roster_a == ()
    report = tmp_path / "report.json"
    code, _, _ = run(capsys, "generate", "3", "--format", "json", "--output", str(report), "--workers", "1", "-q")
    assert code == 0 and "games" in json.loads(report.read_text(encoding="utf-8"))  # the design report, as before
    assert double_unequal().rounds == 6


def test_result_refuses_standard_input_since_it_rewrites_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Read from '-', the updated match file and the summary both went to standard output, one after the
    # other, so neither could be used; the file argument of `result` must be a file it can rewrite.
    path = _match_file(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(path.read_text(encoding="utf-8")))
    code, out, err = run(capsys, "result", "-", "--round", "2", "1-0", "0-1", "1-0", "1-0")
    assert code == 2
    assert out == ""
    assert "standard input" in err and err.count("\n") == 1 and "Traceback" not in err


def test_generate_reads_a_spec_from_standard_input_once_for_the_match_file(tmp_path: Path) -> None:
    # The spec was read for the design and again for the match file; standard input, empty the second
    # time, then failed with "boards: is required" after the schedule was designed.
    spec = 'boards = 3\n[teams.A]\nname = "Oslo"\nplayers = ["Ann", "Bo", "Cy"]\n[scoring]\nwin = 3\n'
    match_file = tmp_path / "m.json"
    argv = ["generate", "--spec", "-", "--output", str(match_file), "--workers", "1", "--time-limit", "5", "-q"]
    done = subprocess.run(
        [sys.executable, "-m", "scheveningen", *argv],
        input=spec.encode(),
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, b""), done.stderr.decode()
    record = read_match_file(match_file)
    assert record.match.team_a.name == "Oslo" and record.roster_a[2].name == "Cy"
    assert record.scoring.win == 3 and record.rounds == 3
