"""The score of a match from its results: rounds, running totals, players, performance, the winner.

Each round is a small match between the teams.  The board points of a round are
the game points of the results recorded in it (a forfeit counts as the result it
gives, ``--`` as 0 for both).  A round whose every game has a result gives match
points by :class:`scheveningen.models.formats.matchrecord.Scoring` (default 2 for the round won, 1
drawn, 0 lost); running totals add up the rounds in order.  The match winner is
the side with more board points over the whole match (or more match points, when
the scoring says so); it is known when every result is in, or earlier when the
leader's margin is larger than what the games (rounds) still to play could
change: each game left can move the board-point margin by at most 1, each
unfinished round the match-point margin by at most ``win - loss``.

A match that ends level on what decides it is broken by the scoring's
``tiebreak``, FIDE's team tie-breaks applied to the game points board by board
(FIDE Handbook C.07, Tie-Break Regulations, the team tie-breaks Board Count
``BC`` and Bottom-Board Elimination ``BBE``):

* ``board-count`` (the default): each side's game points on each board, over all
  rounds, multiplied by the board number and summed; the **lower** sum wins, so a
  point won on board 1 weighs most.
* ``elimination``: the bottom board's points are dropped and the totals compared,
  then the two bottom boards', and so on up to board 1; the first difference
  decides, the higher total winning.
* ``none``: the match is drawn.

When the tie-break is level too, the match is drawn.

A player's score counts every result, forfeits too.  The **performance rating**
follows FIDE's method (FIDE Handbook B.02, FIDE Rating Regulations, table 8.1(a),
"conversion from fractional score p into rating difference dp"; also used by
the title regulations B.01): Rp = Ra + dp, where Ra is the average rating of the
opponents, rounded to the nearest whole number, p the fractional score against
them rounded to two decimals (halves up), and dp read from the table.  Only
games actually played count (forfeits are not rated) and only against opponents
with a known rating; a player with no such game has no performance.  For a score
of 100% the table gives dp = +800, and for 0% dp = -800 (the table's end rows;
an older edition left them indeterminate), so Rp is then Ra + 800 or Ra - 800.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from scheveningen.models.domain.results import GameResult
from scheveningen.models.domain.roster import PlayerInfo
from scheveningen.models.domain.schedule import Player, Team
from scheveningen.models.formats.matchrecord import MatchRecord, TieBreak

# dp for p = 0.50, 0.51, ..., 1.00 (FIDE Rating Regulations, table 8.1(a)); dp(1 - p) = -dp(p).
_DP_UPPER = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)  # fmt: skip


def rating_difference(p: float) -> int:
    """FIDE's dp for a fractional score ``p`` (0 to 1), rounded to two decimals first."""
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"a fractional score is between 0 and 1, got {p}")
    hundredths = math.floor(p * 100 + 0.5 + 1e-9)
    if hundredths >= 50:
        return _DP_UPPER[hundredths - 50]
    return -_DP_UPPER[50 - hundredths]


def performance_rating(opponent_ratings: list[int], score: float) -> int | None:
    """Rp = Ra + dp for ``score`` points against opponents with these ratings; None without opponents."""
    if not opponent_ratings:
        return None
    average = math.floor(sum(opponent_ratings) / len(opponent_ratings) + 0.5)
    return average + rating_difference(score / len(opponent_ratings))


@dataclass(frozen=True)
class RoundScore:
    """One round: board points (A, B), the results recorded, and, once complete, match points."""

    round: int
    points_a: float
    points_b: float
    recorded: int
    games: int
    match_points_a: float | None  # None until every game of the round has a result
    match_points_b: float | None
    running_a: float  # board points after this round
    running_b: float
    running_match_a: float  # match points after this round (complete rounds only)
    running_match_b: float

    @property
    def complete(self) -> bool:
        return self.recorded == self.games


@dataclass(frozen=True)
class GameLine:
    """One of a player's games from the player's side: round, board, opponent, colour, points."""

    round: int
    board: int
    opponent: Player
    white: bool
    result: GameResult | None
    points: float | None  # None while the game has no result


@dataclass(frozen=True)
class PlayerScore:
    """A player's score, games and performance."""

    player: Player
    info: PlayerInfo
    points: float
    results: int  # games with a result, forfeits included
    played: int  # games actually played (not forfeits)
    rated_games: int  # played games against a rated opponent, the performance's basis
    rated_points: float
    opponents_average: int | None
    performance: int | None
    games: tuple[GameLine, ...]


@dataclass(frozen=True)
class TieBreakScore:
    """The tie-break of a level match: each side's values and who it favours (None: level too).

    ``board-count``: one value a side, the board count (lower wins).  ``elimination``: the totals
    with the bottom board dropped, then the two bottom boards, ... (higher wins at the first
    difference); ``dropped`` says how many bottom boards were dropped when it decided.
    """

    method: TieBreak
    a: tuple[float, ...]
    b: tuple[float, ...]
    winner: Team | None
    dropped: int = 0


def board_points(record: MatchRecord) -> dict[Team, tuple[float, ...]]:
    """Each side's game points on board 1, 2, ..., over every round (results recorded so far)."""
    points = {team: [0.0] * record.boards for team in Team}
    for (r, board), result in record.results.items():
        game = record.game(r, board)
        a_points = result.white_points if game.a_white else result.black_points
        b_points = result.black_points if game.a_white else result.white_points
        points[Team.A][board - 1] += a_points
        points[Team.B][board - 1] += b_points
    return {team: tuple(values) for team, values in points.items()}


def tie_break(record: MatchRecord) -> TieBreakScore | None:
    """The scoring's tie-break on the results so far; None when it is ``none``."""
    method = record.scoring.tiebreak
    if method == "none":
        return None
    per_board = board_points(record)
    a, b = per_board[Team.A], per_board[Team.B]
    if method == "board-count":
        count_a = sum(k * p for k, p in enumerate(a, start=1))
        count_b = sum(k * p for k, p in enumerate(b, start=1))
        winner = None if count_a == count_b else (Team.A if count_a < count_b else Team.B)
        return TieBreakScore(method, (count_a,), (count_b,), winner)
    totals_a = tuple(sum(a[: record.boards - dropped]) for dropped in range(1, record.boards))
    totals_b = tuple(sum(b[: record.boards - dropped]) for dropped in range(1, record.boards))
    for dropped, (ta, tb) in enumerate(zip(totals_a, totals_b, strict=True), start=1):
        if ta != tb:
            return TieBreakScore(method, totals_a, totals_b, Team.A if ta > tb else Team.B, dropped)
    return TieBreakScore(method, totals_a, totals_b, None)


Status = Literal["not started", "in progress", "finished"]


@dataclass(frozen=True)
class Standings:
    """The whole picture; ``winner`` is None while undecided or when the match is drawn."""

    record: MatchRecord
    rounds: tuple[RoundScore, ...]
    points_a: float
    points_b: float
    match_points_a: float
    match_points_b: float
    players: tuple[PlayerScore, ...]  # team A in board order, then team B
    recorded: int
    games: int
    winner: Team | None
    decided: bool  # the winner (or a draw) can no longer change
    tiebreak: TieBreakScore | None = None  # set when the match ended level and the scoring breaks ties

    @property
    def status(self) -> Status:
        if self.recorded == 0:
            return "not started"
        return "finished" if self.recorded == self.games else "in progress"

    @property
    def drawn(self) -> bool:
        return self.decided and self.winner is None

    def team_players(self, team: Team) -> tuple[PlayerScore, ...]:
        return tuple(p for p in self.players if p.player.team is team)


def standings(record: MatchRecord) -> Standings:
    """Score the match from the record's results."""
    scoring = record.scoring
    rounds: list[RoundScore] = []
    run_a = run_b = run_ma = run_mb = 0.0
    for r in range(1, record.rounds + 1):
        pa = pb = 0.0
        recorded = 0
        for board, game in enumerate(record.schedule.rounds[r - 1], start=1):
            result = record.result(r, board)
            if result is None:
                continue
            recorded += 1
            a_points = result.white_points if game.a_white else result.black_points
            b_points = result.black_points if game.a_white else result.white_points
            pa += a_points
            pb += b_points
        run_a += pa
        run_b += pb
        ma = mb = None
        if recorded == record.boards:
            ma, mb = scoring.match_points(pa, pb), scoring.match_points(pb, pa)
            run_ma += ma
            run_mb += mb
        rounds.append(RoundScore(r, pa, pb, recorded, record.boards, ma, mb, run_a, run_b, run_ma, run_mb))
    recorded_total = len(record.results)
    games_total = record.rounds * record.boards
    if scoring.decided_by == "board_points":
        margin, swing = run_a - run_b, float(games_total - recorded_total)
    else:
        unfinished = sum(1 for rs in rounds if not rs.complete)
        margin, swing = run_ma - run_mb, unfinished * (scoring.win - scoring.loss)
    finished = recorded_total == games_total
    decided = finished or abs(margin) > swing
    winner = None
    broken = None
    if decided and margin != 0:
        winner = Team.A if margin > 0 else Team.B
    elif decided:
        broken = tie_break(record)
        winner = broken.winner if broken is not None else None
    players = tuple(_player_score(record, p) for p in record.schedule.all_players())
    return Standings(
        record=record,
        rounds=tuple(rounds),
        points_a=run_a,
        points_b=run_b,
        match_points_a=run_ma,
        match_points_b=run_mb,
        players=players,
        recorded=recorded_total,
        games=games_total,
        winner=winner,
        decided=decided,
        tiebreak=broken,
    )


def _player_score(record: MatchRecord, player: Player) -> PlayerScore:
    lines: list[GameLine] = []
    points = rated_points = 0.0
    results = played = 0
    ratings: list[int] = []
    for r, board, game in record.schedule.games():
        if player not in (game.white, game.black):
            continue
        white = game.white == player
        opponent = game.black if white else game.white
        result = record.result(r, board)
        mine = None
        if result is not None:
            mine = result.white_points if white else result.black_points
            points += mine
            results += 1
            if not result.is_forfeit:
                played += 1
                rating = record.player_info(opponent).rating
                if rating is not None:
                    ratings.append(rating)
                    rated_points += mine
        lines.append(GameLine(r, board, opponent, white, result, mine))
    average = math.floor(sum(ratings) / len(ratings) + 0.5) if ratings else None
    return PlayerScore(
        player=player,
        info=record.player_info(player),
        points=points,
        results=results,
        played=played,
        rated_games=len(ratings),
        rated_points=rated_points,
        opponents_average=average,
        performance=performance_rating(ratings, rated_points),
        games=tuple(lines),
    )
