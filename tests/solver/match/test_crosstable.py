"""The crosstable (solver/match/crosstable.py): every pair meets where the schedule says, with team A's
colour and score."""

from __future__ import annotations

from match_cases import double_three, four_boards

from scheveningen.models.domain.results import GameResult
from scheveningen.models.domain.schedule import Player, Team
from scheveningen.solver.match.crosstable import crosstable


def test_each_pair_has_its_round_colour_and_team_as_score() -> None:
    record = four_boards().with_round(
        1, [GameResult.WHITE_WINS, GameResult.DRAW, GameResult.WHITE_WINS_FORFEIT, GameResult.BLACK_WINS]
    )
    table = crosstable(record)
    a1, b1 = Player(Team.A, 1), Player(Team.B, 1)
    a3, b3 = Player(Team.A, 3), Player(Team.B, 3)
    assert table.cell(a1, b1) == ("R1 W 1",)
    assert table.cell(a3, b3) == ("R1 B -",)  # B3 had White and won by forfeit
    assert sum(len(table.cell(a, b)) for a in table.rows for b in table.columns) == 16
    assert len(table.cell(a1, b1)) == 1


def test_a_double_round_has_two_games_a_pair_one_with_each_colour() -> None:
    table = crosstable(double_three())
    cells = [table.cell(a, b) for a in table.rows for b in table.columns]
    assert all(len(games) == 2 and {g.split()[1] for g in games} == {"W", "B"} for games in cells)
