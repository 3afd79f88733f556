"""Played rounds that deviate from every known design (issue 10): the last played round with two boards'
opponents swapped, or two games played with colours reversed.

The repair re-pairs windows of rounds with every colour kept but the flipped players' (solver/scale/lns/pairings.py
``repair_pairings``); these tests check that each rule and request is kept, that the breaks stay near the
plain design's, and that one worker with a work limit gives the same schedule every time.
"""

from __future__ import annotations

import pytest
from scale_cases import deviation_match

from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import Match
from scheveningen.models.domain.schedule import Schedule
from scheveningen.solver.design import DesignParams, design_match
from scheveningen.solver.scale.driver import spec_bound
from scheveningen.solver.scale.lns.damage import affected_players, flipped_players, with_played
from scheveningen.solver.scale.lns.exchange import (
    SHORT_EXCHANGE,
    can_meet_everyone,
    exchange_phases,
    exchange_plans,
    swap_roles,
)
from scheveningen.solver.scale.lns.pairings import repair_pairings
from scheveningen.solver.scale.lns.repair import recolour_opening, repair
from scheveningen.solver.scale.lns.rules import rules_kept
from scheveningen.solver.scale.start import bases, find_start
from scheveningen.solver.verify.verifier import verify


def kept(schedule: Schedule, match: Match) -> bool:
    verdict = verify(schedule, match=match)
    return verdict.ok and not verdict.relaxed and not verdict.requests


def plain_breaks(n: int) -> int:
    return bases(Match(boards=n))[0][1].breaks()


#: Measured with one worker on 14 boards (plain design 22 breaks), seeds 0-3 of both kinds: the repair
#: alone (work limit 1.5) gives 24 to 36 breaks, the whole designer (work limit 3) 24 to 34; the repair
#: before re-paired windows gave 60 to 76, and the benchmark 50 to 60.  The margin allows for changes in
#: the search's order without letting a near-random repaired start pass.
MARGIN = 18


@pytest.mark.parametrize(("seed", "colours"), [(2, False), (1, True), (2, True)])
def test_a_deviating_played_round_is_repaired_near_the_plain_breaks(seed: int, colours: bool) -> None:
    match = deviation_match(14, seed, colours)
    start = find_start(match, 5.0, 0, 1, 0.5)
    assert start is not None and not start.exact
    grid, _work = repair(match, start.grid, float("inf"), 1.5, 1, 0)
    assert grid is not None and rules_kept(match, grid)
    assert spec_bound(match) <= grid.breaks() <= plain_breaks(14) + MARGIN


def test_the_designer_answers_a_deviation_with_every_rule_kept() -> None:
    match = deviation_match(14, 1, True)
    result = design_match(match, DesignParams(time_limit=60, work_limit=3.0, workers=1, seed=0))
    assert result.schedule is not None and kept(result.schedule, match) and result.breaks is not None
    assert spec_bound(match) <= result.breaks <= plain_breaks(14) + MARGIN


def test_the_window_repair_keeps_the_image_colours_of_the_untouched_players() -> None:
    match = deviation_match(14, 1, True)
    start = find_start(match, 5.0, 0, 1, 0.5)
    assert start is not None and not start.exact
    current = with_played(match, start.grid)
    grid, _work = repair_pairings(match, start.grid, current, float("inf"), 1.0, 1, 0)
    assert grid is not None and rules_kept(match, grid)
    k = len(match.played)
    flipped = flipped_players(match, start.grid, current)
    assert all(len(team) == 2 for team in flipped)  # two games with colours reversed: two of each team
    affected = affected_players(match, start.grid, current)
    # Outside the first unplayed rounds only the flipped and the affected players may change colour.
    late = range(k + 3, grid.rounds)
    for before, after, free in zip(
        current.colours(), grid.colours(), (flipped[0] | affected[0], flipped[1] | affected[1]), strict=True
    ):
        changed = {p for p in range(grid.n) if any(before[p][r] != after[p][r] for r in late)}
        assert changed <= free


def test_a_role_swap_exchanges_two_players_games_from_a_round_on() -> None:
    grid = Grid.from_schedule(bases(Match(boards=10))[0][1].to_schedule())
    swapped = swap_roles(grid, range(4, grid.rounds), {1, 6}, {2, 3})
    assert swapped.opp[:4] == grid.opp[:4] and swapped.white[:4] == grid.white[:4]
    before_a, before_b = grid.colours()
    after_a, after_b = swapped.colours()
    for rows_before, rows_after, (x, y) in ((before_a, after_a, (1, 6)), (before_b, after_b, (2, 3))):
        assert rows_after[x][4:] == rows_before[y][4:] and rows_after[y][4:] == rows_before[x][4:]
    assert all(sorted(row) == list(range(10)) for row in swapped.opp)


def test_one_worker_with_a_work_limit_repairs_a_deviation_the_same_way() -> None:
    match = deviation_match(14, 0, False)
    start = find_start(match, 5.0, 0, 1, 0.5)
    assert start is not None
    first, _ = repair(match, start.grid, float("inf"), 1.0, 1, 0)
    again, _ = repair(match, start.grid, float("inf"), 1.0, 1, 0)
    assert first is not None and again is not None and first == again
    assert rules_kept(match, first)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_colours_reversed_are_repaired_by_choosing_the_opening_colours_again(seed: int) -> None:
    # The first repair of a large match after colours reversed: pairings kept, colours of the first
    # unplayed rounds chosen again; the flipped players change colour at once.
    match = deviation_match(20, seed, True)
    start = find_start(match, 5.0, 0, 1, 0.5)
    assert start is not None and not start.exact
    current = with_played(match, start.grid)
    assert not rules_kept(match, current)  # the image's colours do not go on from the reversed games
    grid, _work = recolour_opening(match, current, float("inf"), 2.0, 1, 0)
    assert grid is not None and rules_kept(match, grid) and kept(grid.to_schedule(), match)
    assert grid.opp == current.opp  # every pairing kept
    k = len(match.played)
    changed = {r for r in range(grid.rounds) if grid.white[r] != current.white[r]}
    assert changed and min(changed) == k and max(changed) < k + 6


def test_the_opening_recolouring_with_one_worker_and_a_work_limit_is_reproducible() -> None:
    match = deviation_match(20, 1, True)
    start = find_start(match, 5.0, 0, 1, 0.5)
    assert start is not None
    current = with_played(match, start.grid)
    first, _ = recolour_opening(match, current, float("inf"), 1.0, 1, 0)
    again, _ = recolour_opening(match, current, float("inf"), 1.0, 1, 0)
    assert first is not None and first == again


@pytest.mark.parametrize(("n", "seed"), [(16, 0), (30, 2)])
def test_a_swap_across_colours_is_repaired_by_the_flipped_team_mates_exchanging_games(n: int, seed: int) -> None:
    match = deviation_match(n, seed, False)
    start = find_start(match, 5.0, 0, 1, 0.5)
    assert start is not None and not start.exact
    current = with_played(match, start.grid)
    flipped = flipped_players(match, start.grid, current)
    assert not flipped[0] and len(flipped[1]) == 2  # the two B players' colours were swapped
    assert not rules_kept(match, current)
    grid, _work = exchange_phases(match, current, flipped, float("inf"), 2.0, 1, 0)
    assert grid is not None and rules_kept(match, grid) and kept(grid.to_schedule(), match)
    k = len(match.played)
    assert grid.opp[:k] == current.opp[:k] and grid.white[:k] == current.white[:k]
    # Every colour is the image's but the two flipped players' (pure re-pairing), at a few breaks more.
    before_a, before_b = current.colours()
    after_a, after_b = grid.colours()
    assert after_a == before_a
    assert {b for b in range(n) if after_b[b] != before_b[b]} == flipped[1]
    assert grid.breaks() <= start.grid.breaks() + 3 * len(flipped[1])


def test_the_exchange_plans_keep_rules_1_and_2_and_come_short_first() -> None:
    match = deviation_match(20, 0, False)
    start = find_start(match, 5.0, 0, 1, 0.5)
    assert start is not None
    current = with_played(match, start.grid)
    p, q = sorted(flipped_players(match, start.grid, current)[1])
    _a_rows, b_rows = current.colours()
    k = len(match.played)
    plans = list(exchange_plans(match, b_rows, k, p, q, frozenset()))
    assert plans
    sizes = [len(rounds) for _cost, rounds in plans]
    assert max(sizes[: sum(size <= SHORT_EXCHANGE for size in sizes)]) <= SHORT_EXCHANGE < max(sizes)
    for _cost, rounds in plans:
        assert rounds[0] >= k and rounds == sorted(set(rounds))
        for p_row, q_row in ((b_rows[p], b_rows[q]), (b_rows[q], b_rows[p])):
            row = [q_row[r] if r in rounds else p_row[r] for r in range(len(p_row))]
            assert abs(2 * sum(row) - len(row)) <= 1
            assert all(len(set(row[r : r + 3])) == 2 for r in range(len(row) - 2))


def test_a_player_who_cannot_meet_everyone_left_in_rounds_of_opposite_colours_is_seen() -> None:
    # Hall's condition: each opponent left needs a round of its own where the two have opposite colours.
    own = [True, False, True, False]
    others = [[False, True, False, True], [False, True, False, False], [True, True, True, True]]
    assert can_meet_everyone(own, others[:2], set(), 0)
    only_round_1 = [True, True, True, False]
    assert not can_meet_everyone(own, [only_round_1, only_round_1], set(), 0)
    assert can_meet_everyone(own, others, {2}, 0)
    assert not can_meet_everyone(own, others, set(), 2)  # only rounds 2 and 3 left for three opponents
