"""The crosstable of a match: team A's players down, team B's across, and where and how they meet.

Each cell lists the games of that pair (two in a double round): the round, the colour of team A's
player (``W`` or ``B``) and, once the result is in, that player's score (``1``, ``½``, ``0``; ``+``
and ``-`` for forfeits won and lost), written ``R3 W ½`` as on the printed page.
"""

from __future__ import annotations

from dataclasses import dataclass

from scheveningen.models.domain.results import GameResult
from scheveningen.models.domain.schedule import Player, Team
from scheveningen.models.formats.matchrecord import MatchRecord

#: Team A's player's score from the game's result and whether that player had White.
A_SIDE = {
    (GameResult.WHITE_WINS, True): "1",
    (GameResult.WHITE_WINS, False): "0",
    (GameResult.BLACK_WINS, True): "0",
    (GameResult.BLACK_WINS, False): "1",
    (GameResult.DRAW, True): "½",
    (GameResult.DRAW, False): "½",
    (GameResult.WHITE_WINS_FORFEIT, True): "+",
    (GameResult.WHITE_WINS_FORFEIT, False): "-",
    (GameResult.BLACK_WINS_FORFEIT, True): "-",
    (GameResult.BLACK_WINS_FORFEIT, False): "+",
    (GameResult.DOUBLE_FORFEIT, True): "-",
    (GameResult.DOUBLE_FORFEIT, False): "-",
}


@dataclass(frozen=True)
class Crosstable:
    """Rows (team A) and columns (team B) in board order, and each pair's games in words."""

    rows: tuple[Player, ...]
    columns: tuple[Player, ...]
    cells: dict[tuple[Player, Player], tuple[str, ...]]

    def cell(self, a: Player, b: Player) -> tuple[str, ...]:
        return self.cells.get((a, b), ())


def crosstable(record: MatchRecord) -> Crosstable:
    """The crosstable of the match with the results recorded so far."""
    schedule = record.schedule
    meetings: dict[tuple[Player, Player], list[str]] = {}
    for r, board, game in schedule.games():
        result = record.result(r, board)
        code = A_SIDE[result, game.a_white] if result is not None else ""
        colour = "W" if game.a_white else "B"
        meetings.setdefault((game.a_player, game.b_player), []).append(f"R{r} {colour}" + (f" {code}" if code else ""))
    return Crosstable(
        rows=tuple(schedule.players(Team.A)),
        columns=tuple(schedule.players(Team.B)),
        cells={pair: tuple(games) for pair, games in meetings.items()},
    )
