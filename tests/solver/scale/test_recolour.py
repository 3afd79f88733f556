"""Colours chosen again for fixed pairings (solver/scale/recolour.py): every fixed colour kept, and each of
rules 1-3 broken by exactly the least excess that counting (solver/scale/conflicts.py) says is forced."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from scale_cases import round_unbalanced, three_whites, whites_exceed

from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import ColourWish, Match
from scheveningen.models.domain.rules import Rule
from scheveningen.models.domain.schedule import Colour, Player, Team
from scheveningen.models.formats.tables import best
from scheveningen.solver.scale.conflicts import least_excess
from scheveningen.solver.scale.recolour import missed_colour_rounds, missed_colours, recolour, row_swaps
from scheveningen.solver.scale.start import find_start
from scheveningen.solver.verify.verifier import rule_excess, verify

RELAXABLE = (Rule.COLOUR_BALANCE, Rule.NO_THREE_IN_A_ROW, Rule.BOARD_BALANCE)


CASES: list[tuple[Callable[[int], Match], int, Rule]] = [
    (whites_exceed, 10, Rule.COLOUR_BALANCE),
    (three_whites, 8, Rule.NO_THREE_IN_A_ROW),
    (round_unbalanced, 10, Rule.BOARD_BALANCE),
]


@pytest.mark.parametrize(("build", "n", "rule"), CASES, ids=[f"rule{int(rule)}" for _b, _n, rule in CASES])
def test_recolour_reaches_the_least_excess_counting_says(build: Callable[[int], Match], n: int, rule: Rule) -> None:
    match = build(n)
    forced = least_excess(match)
    assert set(forced) == {rule}
    start = find_start(match, 5.0, keep_all=False)
    assert start is not None and start.missed  # no image keeps every wish
    # One worker and a work limit: the same answer on every run; the deadline only a safety net.
    grid = recolour(match, start.grid, forced, time.monotonic() + 60, 0.3, 1, 0)
    assert grid is not None
    assert not missed_colours(match, grid)
    assert grid.opp == start.grid.opp  # only the colours change
    schedule = grid.to_schedule()
    for other in RELAXABLE:
        assert rule_excess(schedule, other) == forced.get(other, 0)
    verdict = verify(schedule, match=match, declared_relaxed=forced)
    assert verdict.ok and not verdict.requests


def test_missed_colours_name_the_player_and_round_a_wish_is_missed_in() -> None:
    grid = Grid.from_schedule(best(6))
    a_white = grid.white[2][3]  # A4's colour in round 3
    wished = Colour.BLACK if a_white else Colour.WHITE
    match = Match(boards=6, colours=(ColourWish(Player(Team.A, 4), 3, wished),))
    assert missed_colours(match, grid) == {(Team.A, 3, 2)}
    assert missed_colour_rounds(match, grid) == {2}


def test_a_grid_keeping_every_wish_misses_nothing() -> None:
    grid = Grid.from_schedule(best(6))
    b_colour = grid.colour_of(Player(Team.B, 2), 4)
    match = Match(boards=6, colours=(ColourWish(Player(Team.B, 2), 5, b_colour),))
    assert missed_colours(match, grid) == set()
    assert missed_colour_rounds(match, grid) == set()


def test_row_swaps_apply_only_when_one_player_misses_colours() -> None:
    grid = Grid.from_schedule(best(6))
    wishes = []
    for team, p in ((Team.A, 1), (Team.B, 2)):
        has = grid.colour_of(Player(team, p), 0)
        wishes.append(ColourWish(Player(team, p), 1, has.other))
    match = Match(boards=6, colours=tuple(wishes))
    assert len({(team, p) for team, p, _r in missed_colours(match, grid)}) == 2
    assert row_swaps(match, grid, lambda _grid: True, time.monotonic() + 10) is None
