"""The symmetries of a match without requests and the model's normal form (models/domain/symmetry.py):
each keeps rules 0-3 and every player's breaks, per the verifier."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from scheveningen.models.domain.rules import Rule
from scheveningen.models.domain.schedule import Schedule
from scheveningen.models.domain.symmetry import normalise, relabel, reverse_colours, reverse_rounds, swap_teams
from scheveningen.models.formats.tables import published
from scheveningen.solver.verify.verifier import verify

SIZES = [3, 4, 7, 10]


def shuffled_relabel(schedule: Schedule) -> Schedule:
    rng = random.Random(schedule.boards)
    a, b = list(range(1, schedule.boards + 1)), list(range(1, schedule.boards + 1))
    rng.shuffle(a)
    rng.shuffle(b)
    return relabel(schedule, dict(enumerate(a, start=1)), dict(enumerate(b, start=1)))


MAPS: dict[str, Callable[[Schedule], Schedule]] = {
    "reverse_colours": reverse_colours,
    "reverse_rounds": reverse_rounds,
    "swap_teams": swap_teams,
    "relabel": shuffled_relabel,
    "normalise": normalise,
}


@pytest.mark.parametrize("name", MAPS)
@pytest.mark.parametrize("n", SIZES)
def test_every_map_keeps_rules_zero_to_three_per_the_verifier(name: str, n: int) -> None:
    schedule = published(n)
    image = MAPS[name](schedule)
    verdict = verify(image)
    assert verdict.ok
    for rule in (Rule.COMPLETE, Rule.COLOUR_BALANCE, Rule.NO_THREE_IN_A_ROW, Rule.BOARD_BALANCE):
        assert verdict.rules[rule].holds, f"{name} broke rule {int(rule)}"


@pytest.mark.parametrize("name", MAPS)
@pytest.mark.parametrize("n", SIZES)
def test_every_map_keeps_the_breaks_and_the_longest_run(name: str, n: int) -> None:
    schedule = published(n)
    before, after = verify(schedule).metrics, verify(MAPS[name](schedule)).metrics
    assert after.total_breaks == before.total_breaks
    assert sorted(after.breaks_per_player.values()) == sorted(before.breaks_per_player.values())
    assert after.longest_run == before.longest_run


@pytest.mark.parametrize("flip", [reverse_colours, reverse_rounds, swap_teams])
def test_reversals_and_the_team_swap_undo_themselves(flip: Callable[[Schedule], Schedule]) -> None:
    schedule = published(6)
    assert flip(schedule) != schedule
    assert flip(flip(schedule)) == schedule


def test_reverse_colours_gives_every_game_the_other_white() -> None:
    schedule = published(5)
    reversed_ = reverse_colours(schedule)
    for (_r, _b, game), (_r2, _b2, other) in zip(schedule.games(), reversed_.games(), strict=True):
        assert (other.white, other.black) == (game.black, game.white)


def test_relabel_moves_each_game_to_its_new_a_players_board() -> None:
    schedule = published(4)
    image = relabel(schedule, {1: 2, 2: 1, 3: 3, 4: 4}, {1: 1, 2: 2, 3: 3, 4: 4})
    for games in image.rounds:
        assert [game.a_player.number for game in games] == [1, 2, 3, 4]
    assert image.rounds[0][1].b_player.number == schedule.rounds[0][0].b_player.number


@pytest.mark.parametrize("n", SIZES)
def test_normalise_puts_a_schedule_in_the_models_normal_form(n: int) -> None:
    image = normalise(reverse_colours(shuffled_relabel(published(n))))
    first = image.rounds[0]
    assert [game.b_player.number for game in first] == list(range(1, n + 1))  # Ak meets Bk in round 1
    whites = [game.a_white for game in first]
    assert sum(whites) >= (n + 1) // 2
    assert whites == sorted(whites, reverse=True)  # team A's White boards come first


def test_normalise_leaves_a_schedule_already_in_normal_form_alone() -> None:
    once = normalise(published(8))
    assert normalise(once) == once
