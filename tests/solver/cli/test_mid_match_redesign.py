"""A change in mid-match, end to end: a new spec naming the match file keeps the rounds played, their
results and the history, and the redesigned match keeps the new request."""

from __future__ import annotations

from pathlib import Path

import pytest

from scheveningen.models.domain.schedule import Game, Player, Team
from scheveningen.solver.cli.main import main
from scheveningen.solver.io.matchfile import read_match_file

SPEC = """\
boards = 6
[teams.A]
name = "Oslo"
[teams.B]
name = "Bergen"
"""

ROUND_RESULTS = [["1-0", "0-1", "=", "1-0", "=", "0-1"], ["=", "=", "1-0", "+-", "0-1", "1-0"], ["0-1"] * 6]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_request_added_after_three_rounds_is_designed_around_the_rounds_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    design = ("--workers", "1", "--time-limit", "10", "--quiet")
    (tmp_path / "m.toml").write_text(SPEC, encoding="utf-8")
    old_file = tmp_path / "m.json"
    code, _, err = run(capsys, "generate", "--spec", str(tmp_path / "m.toml"), "--output", str(old_file), *design)
    assert code == 0, err
    for r, results in enumerate(ROUND_RESULTS, start=1):
        code, _, err = run(capsys, "result", str(old_file), "--round", str(r), *results)
        assert code == 0, err
    code, _, err = run(capsys, "result", str(old_file), "--round", "2", "--board", "1", "1-0", "--force")
    assert code == 0, err
    old = read_match_file(old_file)
    # A1 meets in round 6 an opponent: ask for that game in round 5 instead
    a1 = Player(Team.A, 1)
    (opponent,) = [g.white if g.black == a1 else g.black for g in old.schedule.rounds[5] if a1 in (g.white, g.black)]
    assert not any({g.white, g.black} == {a1, opponent} for g in old.schedule.rounds[4])
    new_spec = SPEC + f'[[meet]]\nplayers = ["A1", "{opponent}"]\nround = 5\n[played]\nmatch = "m.json"\n'
    (tmp_path / "new.toml").write_text(new_spec, encoding="utf-8")
    new_file = tmp_path / "new.json"
    code, _, err = run(capsys, "generate", "--spec", str(tmp_path / "new.toml"), "--output", str(new_file), *design)
    assert code == 0, err
    new = read_match_file(new_file)  # verified, the request included
    assert new.schedule.rounds[:3] == old.schedule.rounds[:3]
    assert new.results == old.results and len(new.results) == 18
    assert new.history == old.history and len(new.history) == 1
    assert any(g in (Game(a1, opponent), Game(opponent, a1)) for g in new.schedule.rounds[4])
    assert [(m.a, m.b, m.round) for m in new.match.meets] == [(1, opponent.number, 5)]
    # redesigning in place loses nothing, so it needs no --force
    before = old_file.read_bytes()
    code, _, err = run(capsys, "generate", "--spec", str(tmp_path / "new.toml"), "--output", str(old_file), *design)
    assert code == 0, err
    assert old_file.read_bytes() != before and read_match_file(old_file).results == old.results
