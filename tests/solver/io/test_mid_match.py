"""A spec's ``[played] match = FILE``: which rounds of the match file it takes as played, what it carries
over (results, history), and every refusal naming the spec, the key and the problem."""

from __future__ import annotations

from pathlib import Path

import pytest
from match_cases import four_boards

from scheveningen.models.domain.results import GameResult
from scheveningen.models.formats.matchrecord import MatchRecord
from scheveningen.solver.io.matchfile import write_match_file
from scheveningen.solver.io.spec import SpecError, load_match_setup

W, B, D = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW


def spec_naming(tmp_path: Path, record: MatchRecord, played: str, boards: int = 4) -> Path:
    write_match_file(record, tmp_path / "m.json")
    spec = tmp_path / "new.toml"
    spec.write_text(f'boards = {boards}\n[played]\nmatch = "m.json"\n{played}', encoding="utf-8")
    return spec


def test_the_rounds_with_results_are_played_and_their_results_and_history_carried(tmp_path: Path) -> None:
    record = four_boards().with_round(1, [W, B, D, W]).with_round(2, [D] * 4).with_result(1, 1, B, force=True)
    setup = load_match_setup(spec_naming(tmp_path, record, ""))
    assert [p.games for p in setup.match.played] == list(record.schedule.rounds[:2])
    assert setup.results == record.results and setup.history == record.history


def test_rounds_k_takes_the_first_k_rounds_with_what_results_they_have(tmp_path: Path) -> None:
    record = four_boards().with_round(1, [W, B, D, W]).with_result(2, 3, D)
    setup = load_match_setup(spec_naming(tmp_path, record, "rounds = 3\n"))
    assert [p.games for p in setup.match.played] == list(record.schedule.rounds[:3])
    assert setup.results == record.results
    setup = load_match_setup(spec_naming(tmp_path, four_boards(), ""))
    assert setup.match.played == () and setup.results == {}  # nothing played yet


@pytest.mark.parametrize(
    ("record", "played", "boards", "message"),
    [
        (four_boards().with_result(2, 3, D), "", 4, "m.json: round 1 has no result on boards 1, 2, 3, 4"),
        (four_boards().with_round(1, [W] * 4).with_result(2, 3, D), "", 4, "round 2 has no result on boards 1, 2, 4"),
        (four_boards().with_round(2, [W] * 4), "rounds = 1\n", 4, "has results in round 2, after the 1 round taken"),
        (four_boards(), "rounds = 5\n", 4, "played.rounds: must be between 0 and 4, got 5"),
        (four_boards(), 'file = "x.txt"\n', 4, "give either match or file"),
        (four_boards(), "", 5, "has 4 boards, the match 5"),
    ],
)  # fmt: skip
def test_a_match_file_that_cannot_be_taken_as_played_is_refused(
    tmp_path: Path, record: MatchRecord, played: str, boards: int, message: str
) -> None:
    with pytest.raises(SpecError) as caught:
        load_match_setup(spec_naming(tmp_path, record, played, boards))
    assert "new.toml" in str(caught.value) and message in str(caught.value)


def test_an_unreadable_match_file_is_refused_naming_it(tmp_path: Path) -> None:
    spec = tmp_path / "new.toml"
    spec.write_text('boards = 4\n[played]\nmatch = "none.json"\n', encoding="utf-8")
    with pytest.raises(SpecError, match=r"played\.match.*none\.json"):
        load_match_setup(spec)


def test_the_history_of_a_round_designed_anew_is_not_carried(tmp_path: Path) -> None:
    record = four_boards().with_round(1, [W, B, D, W]).with_result(1, 2, W, force=True)
    record = record.with_result(3, 1, W).without_result(3, 1, force=True)
    assert [c.round for c in record.history] == [1, 3]
    setup = load_match_setup(spec_naming(tmp_path, record, "rounds = 2\n"))
    assert setup.history == record.history[:1] and setup.results == record.results
