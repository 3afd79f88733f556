"""A schedule as written (models/domain/written.py): a well-formed schedule survives the round trip, and
every fault of shape makes :meth:`WrittenSchedule.strict` refuse it."""

from __future__ import annotations

import dataclasses

import pytest

from scheveningen.models.domain.schedule import Player, Team
from scheveningen.models.domain.written import WrittenGame, WrittenSchedule
from scheveningen.models.formats.tables import published


def a(number: int) -> Player:
    return Player(Team.A, number)


def b(number: int) -> Player:
    return Player(Team.B, number)


def with_round(written: WrittenSchedule, r: int, games: tuple[WrittenGame, ...]) -> WrittenSchedule:
    rounds = list(written.rounds)
    rounds[r] = games
    return dataclasses.replace(written, rounds=tuple(rounds))


@pytest.mark.parametrize("n", [2, 5, 9])
def test_a_well_formed_schedule_round_trips_through_the_written_form(n: int) -> None:
    schedule = published(n)
    written = WrittenSchedule.of(schedule)
    assert written.sizes_stated
    assert written.strict() == schedule


def test_games_are_listed_as_written_with_round_and_board() -> None:
    schedule = published(3)
    written = WrittenSchedule.of(schedule)
    listed = [(r, board, (game.white, game.black)) for r, board, game in written.games()]
    assert listed == [(r, board, (game.white, game.black)) for r, board, game in schedule.games()]


def test_strict_accepts_games_written_out_of_board_order() -> None:
    schedule = published(4)
    written = WrittenSchedule.of(schedule)
    shuffled = with_round(written, 1, tuple(reversed(written.rounds[1])))
    assert shuffled.strict() == schedule


def test_a_short_round_is_not_a_schedule() -> None:
    written = WrittenSchedule.of(published(4))
    assert with_round(written, 2, written.rounds[2][:3]).strict() is None


def test_a_board_written_twice_is_not_a_schedule() -> None:
    written = WrittenSchedule.of(published(3))
    games = written.rounds[0]
    twice = (games[0], dataclasses.replace(games[1], board=1), games[2])
    assert with_round(written, 0, twice).strict() is None


def test_a_game_between_teammates_is_not_a_schedule() -> None:
    written = WrittenSchedule.of(published(2))
    teammates = (WrittenGame(a(1), a(2), 1), WrittenGame(b(1), b(2), 2))
    assert with_round(written, 0, teammates).strict() is None


def test_a_player_twice_in_a_round_is_not_a_schedule() -> None:
    written = WrittenSchedule.of(published(2))
    twice = (WrittenGame(a(1), b(1), 1), WrittenGame(b(1), a(2), 2))
    assert with_round(written, 0, twice).strict() is None


def test_a_player_beyond_the_stated_team_size_is_not_a_schedule() -> None:
    written = WrittenSchedule.of(published(2))
    outside = (WrittenGame(a(1), b(3), 1), WrittenGame(b(1), a(2), 2))
    assert with_round(written, 0, outside).strict() is None


def test_fewer_players_than_boards_is_not_a_schedule() -> None:
    written = WrittenSchedule.of(published(3))
    assert dataclasses.replace(written, team_b=2).strict() is None


def test_a_mixed_game_knows_its_a_player_and_whether_a_has_white() -> None:
    game = WrittenGame(b(2), a(1), 3)
    assert game.mixed
    assert (game.a_player, game.b_player) == (a(1), b(2))
    assert not game.a_white
    assert WrittenGame(a(1), b(2), 3).a_white


def test_a_game_between_teammates_is_not_mixed_and_gives_team_a_no_white() -> None:
    game = WrittenGame(a(1), a(2), 1)
    assert not game.mixed
    assert not game.a_white
    assert {game.a_player, game.b_player} == {a(1), a(2)}
    b_game = WrittenGame(b(1), b(2), 1)
    assert (b_game.a_player, b_game.b_player) == (b(1), b(2))
