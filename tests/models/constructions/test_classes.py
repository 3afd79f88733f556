"""From classes to a schedule (models/constructions/classes.py): regular class graphs split into perfect
matchings, and the schedule built from them pairs every A player with every B player once, class X
White in odd rounds."""

from __future__ import annotations

from collections import Counter

import pytest

from scheveningen.models.constructions.classes import Classes, bipartite_matching, from_classes, perfect_matchings
from scheveningen.models.domain.rules import Rule
from scheveningen.models.domain.schedule import Colour, Player, Schedule, Team
from scheveningen.solver.verify.verifier import verify


def equal_classes(k: int, x: int) -> Classes:
    """k against k: everybody plays every round; A player a meets class X in rounds a, a+1, ... (mod k)."""
    plays = [[True] * k for _ in range(k)]
    meets_x = {(a, r): (r - a) % k < x for a in range(k) for r in range(k)}
    return plays, meets_x


def unequal_classes() -> Classes:
    """6 A players against 4 B players on 4 boards: A player a sits out rounds a and a + 1 (mod 6) and
    meets class X (2 players) in rounds a + 2 and a + 3, class Y in a + 4 and a + 5."""
    p = 6
    plays = [[(r - a) % p >= 2 for r in range(p)] for a in range(p)]
    meets_x = {(a, r): (r - a) % p in (2, 3) for a in range(p) for r in range(p) if plays[a][r]}
    return plays, meets_x


def meetings(schedule: Schedule) -> Counter[tuple[int, int]]:
    return Counter((g.a_player.number, g.b_player.number) for _r, _b, g in schedule.games())


@pytest.mark.parametrize(("k", "x"), [(4, 2), (5, 2), (6, 3)])
def test_equal_classes_give_a_complete_schedule(k: int, x: int) -> None:
    schedule = from_classes(k, k, equal_classes(k, x), x)
    assert (schedule.boards, schedule.n_rounds) == (k, k)
    assert meetings(schedule) == Counter({(a, b): 1 for a in range(1, k + 1) for b in range(1, k + 1)})
    assert verify(schedule).rules[Rule.COMPLETE].holds


@pytest.mark.parametrize(("k", "x"), [(4, 2), (5, 2), (6, 3)])
def test_class_x_has_white_in_odd_rounds_and_class_y_in_even_rounds(k: int, x: int) -> None:
    schedule = from_classes(k, k, equal_classes(k, x), x)
    for number in range(1, k + 1):
        colours = schedule.colour_sequence(Player(Team.B, number))
        odd_white = number <= x
        expected = [Colour.WHITE if (r % 2 == 0) == odd_white else Colour.BLACK for r in range(k)]
        assert colours == expected


def test_unequal_classes_pair_every_a_player_with_every_b_player_once() -> None:
    schedule = from_classes(6, 4, unequal_classes(), 2)
    assert (schedule.boards, schedule.team_a, schedule.team_b, schedule.n_rounds) == (4, 6, 4, 6)
    assert meetings(schedule) == Counter({(a, b): 1 for a in range(1, 7) for b in range(1, 5)})
    for games in schedule.rounds:
        players = [p for g in games for p in (g.white, g.black)]
        assert len(players) == len(set(players))


def test_a_regular_graph_splits_into_disjoint_perfect_matchings() -> None:
    _plays, meets_x = equal_classes(6, 3)
    cells = [cell for cell, x in meets_x.items() if x]
    matchings = perfect_matchings(cells, 3)
    assert len(matchings) == 3
    for matching in matchings:
        assert sorted(a for a, _r in matching) == list(range(6))  # every player once
        assert len({r for _a, r in matching}) == 6  # every round once
    assert sorted(cell for matching in matchings for cell in matching) == sorted(cells)


def test_a_graph_that_is_not_regular_is_reported_as_a_bug() -> None:
    with pytest.raises(RuntimeError, match="not regular"):
        perfect_matchings([(0, 0), (1, 0)], 1)


def test_a_maximum_matching_matches_as_many_players_as_the_cells_allow() -> None:
    matching = bipartite_matching([0, 1, 2], [(0, 0), (1, 0), (2, 1), (2, 2)])
    assert len(matching) == 2
    assert matching[2] in (1, 2)
    assert all((a, r) in [(0, 0), (1, 0), (2, 1), (2, 2)] for a, r in matching.items())
