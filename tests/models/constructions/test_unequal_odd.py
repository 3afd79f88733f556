"""Odd k against more players, gcd 1, team B playing every round: the closed forms keep every rule;
odd_odd_schedule (odd p) has no break, even_odd_schedule (even p) one per A player at most."""

from __future__ import annotations

import math

import pytest

from scheveningen.models.constructions.unequal.board_classes import even_odd_schedule, odd_odd_schedule
from scheveningen.solver.verify.verifier import verify

# Sizes the class model over the rotation handles (small), and some where it finds nothing within
# the construction's budget (from about 63 boards), up to 100 a side.
SIZES = [(3, 1), (5, 3), (7, 5), (9, 5), (15, 7), (21, 13), (91, 71), (85, 73), (99, 97)]


@pytest.mark.parametrize(("p", "k"), SIZES)
def test_odd_odd_schedule_keeps_every_rule_without_breaks(p: int, k: int) -> None:
    schedule = odd_odd_schedule(p, k)
    assert schedule is not None
    assert (schedule.team_a, schedule.team_b, schedule.boards, schedule.n_rounds) == (p, k, k, p)
    verdict = verify(schedule)
    assert verdict.ok, verdict
    assert verdict.metrics.total_breaks == 0


def test_odd_odd_schedule_every_small_size() -> None:
    """Every odd p > k odd, gcd 1, with p < 40: built, verified, no break; and None for the rest."""
    for k in range(1, 38, 2):
        for p in range(k + 1, 40):
            schedule = odd_odd_schedule(p, k)
            if p % 2 == 0 or math.gcd(p, k) > 1:
                assert schedule is None, (p, k)
                continue
            assert schedule is not None, (p, k)
            verdict = verify(schedule)
            assert verdict.ok and verdict.metrics.total_breaks == 0, (p, k, verdict)


def test_odd_odd_schedule_team_b_alternates_from_its_first_round() -> None:
    """The module's convention: the first floor(k/2) B players (X) have White in odd rounds (from
    1), the others in even rounds."""
    p, k = 13, 9
    schedule = odd_odd_schedule(p, k)
    assert schedule is not None
    for r, games in enumerate(schedule.rounds):
        for game in games:
            assert (not game.a_white) == ((game.b_player.number <= k // 2) == (r % 2 == 0)), (r, game)


@pytest.mark.parametrize(("p", "k"), [(9, 3), (15, 5), (99, 33), (8, 5), (9, 9), (5, 7), (10, 4)])
def test_odd_odd_schedule_none_outside_its_sizes(p: int, k: int) -> None:
    assert odd_odd_schedule(p, k) is None


@pytest.mark.parametrize(("p", "k"), [(2, 1), (4, 3), (8, 5), (12, 7), (20, 13), (80, 77), (100, 97)])
def test_even_odd_schedule_keeps_every_rule_with_a_break_at_most_a_player(p: int, k: int) -> None:
    schedule = even_odd_schedule(p, k)
    assert schedule is not None
    assert (schedule.team_a, schedule.team_b, schedule.boards, schedule.n_rounds) == (p, k, k, p)
    verdict = verify(schedule)
    assert verdict.ok, verdict
    assert verdict.metrics.total_breaks <= p


def test_even_odd_schedule_every_small_size() -> None:
    """Every even p > k odd, gcd 1, with p < 36: built, verified, a break per A player at most;
    and None for the rest."""
    for k in range(1, 34, 2):
        for p in range(k + 1, 36):
            schedule = even_odd_schedule(p, k)
            if p % 2 or math.gcd(p, k) > 1:
                assert schedule is None, (p, k)
                continue
            assert schedule is not None, (p, k)
            verdict = verify(schedule)
            assert verdict.ok and verdict.metrics.total_breaks <= p, (p, k, verdict)
