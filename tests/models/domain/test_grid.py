"""The grid, the array form every search works on (models/domain/grid.py): it holds a schedule exactly,
and its colours and breaks are the schedule's."""

from __future__ import annotations

import pytest

from scheveningen.models.constructions.equal import construct
from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.schedule import Player, Schedule, Team
from scheveningen.models.formats.tables import published

SIZES = [2, 3, 5, 8, 11]


def design(n: int) -> Schedule:
    return published(n)


@pytest.mark.parametrize("n", SIZES)
def test_a_grid_round_trips_a_schedule(n: int) -> None:
    schedule = design(n)
    assert Grid.from_schedule(schedule).to_schedule() == schedule


def test_a_double_round_round_trips_too() -> None:
    schedule = construct(6, double=True)
    assert schedule is not None
    grid = Grid.from_schedule(schedule)
    assert (grid.n, grid.rounds) == (6, 12)
    assert grid.to_schedule() == schedule


@pytest.mark.parametrize("n", SIZES)
def test_the_grid_counts_the_schedules_breaks(n: int) -> None:
    schedule = design(n)
    assert Grid.from_schedule(schedule).breaks() == schedule.breaks()


@pytest.mark.parametrize("n", SIZES)
def test_colour_of_every_player_is_the_schedules_colour(n: int) -> None:
    schedule = design(n)
    grid = Grid.from_schedule(schedule)
    for player in schedule.all_players():
        sequence = schedule.colour_sequence(player)
        assert [grid.colour_of(player, r) for r in range(grid.rounds)] == sequence


@pytest.mark.parametrize("n", SIZES)
def test_colours_give_each_players_whites_round_by_round(n: int) -> None:
    schedule = design(n)
    a_rows, b_rows = Grid.from_schedule(schedule).colours()
    for team, rows in ((Team.A, a_rows), (Team.B, b_rows)):
        for number, row in enumerate(rows, start=1):
            colours = schedule.colour_sequence(Player(team, number))
            assert row == [colour is not None and colour.letter == "W" for colour in colours]


@pytest.mark.parametrize("n", SIZES)
def test_inverse_names_each_b_players_opponent(n: int) -> None:
    schedule = design(n)
    grid = Grid.from_schedule(schedule)
    for r, games in enumerate(schedule.rounds):
        inverse = grid.inverse(r)
        for game in games:
            assert inverse[game.b_player.number - 1] == game.a_player.number - 1


def test_from_rounds_holds_only_the_rounds_given() -> None:
    schedule = design(6)
    grid = Grid.from_rounds(schedule.rounds[:2], 6)
    assert grid.rounds == 2
    assert grid.opp == Grid.from_schedule(schedule).opp[:2]


def test_a_copy_is_independent_of_the_original() -> None:
    grid = Grid.from_schedule(design(4))
    copy = grid.copy()
    copy.white[0][0] = not copy.white[0][0]
    copy.opp[1][0], copy.opp[1][1] = copy.opp[1][1], copy.opp[1][0]
    assert grid == Grid.from_schedule(design(4))
    assert copy != grid
