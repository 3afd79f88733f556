"""What every export needs from a match record: the games as rows, and the score so far.

Scores count recorded results only: a game without a result adds nothing.  Board points are the
players' points (a forfeit win counts 1, a double forfeit 0 for both); a round earns match points
once all its games have results, under the record's :class:`~scheveningen.models.matchrecord.Scoring`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from scheveningen.models.matchrecord import MatchRecord
from scheveningen.models.results import GameResult
from scheveningen.models.roster import PlayerInfo
from scheveningen.models.schedule import Player, Team


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


def player_points(record: MatchRecord) -> dict[Player, float]:
    """Each player's points from the results recorded so far."""
    points = {player: 0.0 for player in record.schedule.all_players()}
    for (r, board), result in record.results.items():
        game = record.game(r, board)
        points[game.white] += result.white_points
        points[game.black] += result.black_points
    return points


def round_points(record: MatchRecord, r: int) -> dict[Team, float]:
    """Board points of each team in round ``r`` from the results recorded so far."""
    totals = {Team.A: 0.0, Team.B: 0.0}
    for board in range(1, record.boards + 1):
        result = record.result(r, board)
        if result is None:
            continue
        game = record.game(r, board)
        totals[game.white.team] += result.white_points
        totals[game.black.team] += result.black_points
    return totals


def team_totals(record: MatchRecord) -> tuple[dict[Team, float], dict[Team, float]]:
    """Board points and match points of each team; match points only for rounds with every result."""
    board_points = {Team.A: 0.0, Team.B: 0.0}
    match_points = {Team.A: 0.0, Team.B: 0.0}
    for r in range(1, record.rounds + 1):
        points = round_points(record, r)
        for team in Team:
            board_points[team] += points[team]
        if record.round_complete(r):
            for team in Team:
                match_points[team] += record.scoring.match_points(points[team], points[team.other])
    return board_points, match_points


def team_ranks(record: MatchRecord) -> dict[Team, int]:
    """1 for the team ahead by what decides the match (2 for the other), 1 each when level."""
    board_points, match_points = team_totals(record)
    if record.scoring.decided_by == "match_points":
        key = {team: (match_points[team], board_points[team]) for team in Team}
    else:
        key = {team: (board_points[team], match_points[team]) for team in Team}
    if key[Team.A] == key[Team.B]:
        return {Team.A: 1, Team.B: 1}
    leader = Team.A if key[Team.A] > key[Team.B] else Team.B
    return {leader: 1, leader.other: 2}


def competition_ranks(points: dict[Player, float]) -> dict[Player, int]:
    """Rank by points, best first; equal points share a rank (1, 2, 2, 4)."""
    ordered = sorted(points.values(), reverse=True)
    return {player: ordered.index(value) + 1 for player, value in points.items()}


def match_title(record: MatchRecord) -> str:
    """The event's name, or "Team A - Team B"."""
    return record.event.name or f"{record.team_name(Team.A)} - {record.team_name(Team.B)}"
