"""The history in words (solver/match/history.py), as ``schev history`` prints it."""

from __future__ import annotations

from match_cases import four_boards

from scheveningen.models.domain.results import GameResult
from scheveningen.solver.match.history import history_lines


def test_each_change_is_one_line_oldest_first_and_a_clear_says_cleared() -> None:
    record = (
        four_boards()
        .with_result(1, 2, GameResult.DRAW)
        .with_result(1, 2, GameResult.WHITE_WINS, force=True, when="2026-03-07T16:12:44Z")
        .without_result(1, 2, force=True, when="2026-03-07T16:13:00Z")
    )
    assert history_lines(record) == [
        "2026-03-07T16:12:44Z round 1 board 2 (A2-B2): 1/2-1/2 -> 1-0",
        "2026-03-07T16:13:00Z round 1 board 2 (A2-B2): 1-0 -> cleared",
    ]
    assert history_lines(four_boards()) == []
