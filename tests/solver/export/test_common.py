"""What every export shares (solver/export/common.py): the games as rows, team and player ranks, the title."""

from __future__ import annotations

import dataclasses

from export_fixtures import TEAM_A, TEAM_B, make_record

from scheveningen.models.domain.results import GameResult
from scheveningen.models.domain.roster import Event
from scheveningen.models.domain.schedule import Game, Player, Team
from scheveningen.models.formats.matchrecord import DecidedBy, MatchRecord, Scoring
from scheveningen.solver.export.common import competition_ranks, game_rows, match_title, team_ranks
from scheveningen.solver.match.standings import standings


def won_by(game: Game, team: Team) -> GameResult:
    return GameResult.WHITE_WINS if game.white.team is team else GameResult.BLACK_WINS


def split_record(decided_by: DecidedBy) -> MatchRecord:
    """4 boards: team A takes round 1 by 4-0, team B rounds 2 and 3 by 2.5-1.5 (one win, three draws), so
    A leads 7-5 on board points and B leads 4-2 on match points."""
    record = dataclasses.replace(make_record("single", boards=4), results={}, scoring=Scoring(decided_by=decided_by))
    results: dict[tuple[int, int], GameResult] = {}
    for board, game in enumerate(record.schedule.rounds[0], start=1):
        results[1, board] = won_by(game, Team.A)
    for r in (2, 3):
        for board, game in enumerate(record.schedule.rounds[r - 1], start=1):
            results[r, board] = won_by(game, Team.B) if board == 1 else GameResult.DRAW
    return record.with_results(results)


def test_game_rows_list_every_game_in_round_and_board_order_with_names_and_results() -> None:
    record = make_record("single", boards=4, played_rounds=0.5)
    rows = list(game_rows(record))
    assert [(row.round, row.board) for row in rows] == [(r, b) for r in range(1, 5) for b in range(1, 5)]
    for row in rows:
        game = record.game(row.round, row.board)
        assert (row.white, row.black) == (game.white, game.black)
        assert row.white_info == record.player_info(game.white)
        assert row.white_team == record.team_name(game.white.team)
        assert row.result == record.result(row.round, row.board)
    assert any(row.result is None for row in rows) and any(row.result is not None for row in rows)


def test_equal_points_share_a_rank_and_the_next_rank_is_skipped() -> None:
    players = [Player(Team.A, k) for k in range(1, 5)]
    ranks = competition_ranks(dict(zip(players, [3.0, 2.0, 2.0, 0.5], strict=True)))
    assert [ranks[p] for p in players] == [1, 2, 2, 4]


def test_the_team_ahead_on_board_points_ranks_first_when_board_points_decide() -> None:
    record = split_record("board_points")
    s = standings(record)
    assert (s.points_a, s.points_b, s.match_points_a, s.match_points_b) == (7.0, 5.0, 2.0, 4.0)
    assert team_ranks(s) == {Team.A: 1, Team.B: 2}


def test_the_team_ahead_on_match_points_ranks_first_when_match_points_decide() -> None:
    assert team_ranks(standings(split_record("match_points"))) == {Team.A: 2, Team.B: 1}


def test_level_teams_both_rank_first() -> None:
    record = dataclasses.replace(make_record("single", boards=4), results={})
    assert team_ranks(standings(record)) == {Team.A: 1, Team.B: 1}


def test_the_title_is_the_events_name_or_else_the_two_teams() -> None:
    record = make_record("single")
    assert match_title(record) == "Scheveningen <Cup> & Friends"
    unnamed = dataclasses.replace(record, event=Event())
    assert match_title(unnamed) == f"{TEAM_A} - {TEAM_B}"
