"""What every export needs from a match record: the games as rows, the title, ranks.

The scores themselves come from :mod:`scheveningen.solver.match.standings` (the numbers ``schev standings``
prints), so every export agrees with it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from scheveningen.models.domain.results import GameResult
from scheveningen.models.domain.roster import PlayerInfo
from scheveningen.models.domain.schedule import Player, Team
from scheveningen.models.formats.matchrecord import MatchRecord
from scheveningen.solver.match.standings import Standings


@dataclass(frozen=True)
class GameRow:
    """One game of the schedule with everything a pairing sheet shows."""

    round: int
    board: int
    white: Player
    black: Player
    white_info: PlayerInfo
    black_info: PlayerInfo
    white_team: str
    black_team: str
    result: GameResult | None


def game_rows(record: MatchRecord) -> Iterator[GameRow]:
    """Every game in round and board order."""
    for r, board, game in record.schedule.games():
        yield GameRow(
            round=r,
            board=board,
            white=game.white,
            black=game.black,
            white_info=record.player_info(game.white),
            black_info=record.player_info(game.black),
            white_team=record.team_name(game.white.team),
            black_team=record.team_name(game.black.team),
            result=record.result(r, board),
        )


def team_ranks(s: Standings) -> dict[Team, int]:
    """1 for the team ahead on what decides the match (2 for the other), or on the tie-break of a
    match that ended level; 1 each when level on both."""
    by_match = s.record.scoring.decided_by == "match_points"
    key = {
        Team.A: (s.match_points_a, s.points_a) if by_match else (s.points_a, s.match_points_a),
        Team.B: (s.match_points_b, s.points_b) if by_match else (s.points_b, s.match_points_b),
    }
    if key[Team.A] == key[Team.B]:
        broken = s.tiebreak.winner if s.tiebreak is not None else None
        if broken is None:
            return {Team.A: 1, Team.B: 1}
        return {broken: 1, broken.other: 2}
    leader = Team.A if key[Team.A] > key[Team.B] else Team.B
    return {leader: 1, leader.other: 2}


def competition_ranks(points: dict[Player, float]) -> dict[Player, int]:
    """Rank by points, best first; equal points share a rank (1, 2, 2, 4)."""
    ordered = sorted(points.values(), reverse=True)
    return {player: ordered.index(value) + 1 for player, value in points.items()}


def match_title(record: MatchRecord) -> str:
    """The event's name, or "Team A - Team B"."""
    return record.event.name or f"{record.team_name(Team.A)} - {record.team_name(Team.B)}"
