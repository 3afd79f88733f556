"""Reserves, k + 1 (or k + 3, k + 5) against k on k boards (models/constructions/reserve.py): every rule kept, the
breaks the docstring states, and the construction chosen for those sizes."""

from __future__ import annotations

import itertools

import pytest

from scheveningen.models.bounds.proven import unequal_break_bound
from scheveningen.models.constructions.reserve import reserve_schedule, reserves_schedule, special_phases
from scheveningen.models.constructions.unequal.dispatch import construct_unequal
from scheveningen.models.constructions.unequal.full_side import full_side_schedule, one_team_full
from scheveningen.models.constructions.unequal.helpers import rotation_plays
from scheveningen.models.domain.schedule import Player, Schedule, Team
from scheveningen.solver.verify.verifier import verify


def _breaks(colours: list[bool]) -> int:
    return sum(a == b for a, b in itertools.pairwise(colours))


def _whites(schedule: Schedule, player: Player) -> list[bool]:
    sequence = schedule.colour_sequence(player)
    return [c.letter == "W" for c in sequence if c is not None]


@pytest.mark.parametrize("k", [4, 6, 8, 10, 12, 14, 16, 18, 30, 32])
def test_every_rule_with_the_stated_breaks(k: int) -> None:
    schedule = reserve_schedule(k)
    assert schedule is not None
    verdict = verify(schedule)
    assert verdict.ok, verdict
    assert (schedule.team_a, schedule.team_b, schedule.boards, schedule.n_rounds) == (k + 1, k, k, k + 1)
    a_breaks = [_breaks(_whites(schedule, Player(Team.A, z))) for z in range(1, k + 2)]
    b_breaks = [_breaks(_whites(schedule, Player(Team.B, j))) for j in range(1, k + 1)]
    assert max(a_breaks) <= 1
    assert sum(b_breaks) == (2 if k % 4 == 0 else 4)
    assert sum(b_breaks[: k - 2]) == 0  # the alternators never break, only u and v
    expected = k + 1 if k % 4 == 0 else k + 2
    assert verdict.metrics.total_breaks == sum(a_breaks) + sum(b_breaks) == expected
    assert unequal_break_bound(k + 1, k, k) <= expected


@pytest.mark.parametrize("k", [6, 12])
def test_player_z_sits_out_round_z(k: int) -> None:
    schedule = reserve_schedule(k)
    assert schedule is not None
    for z in range(1, k + 2):
        sequence = schedule.colour_sequence(Player(Team.A, z))
        assert [r for r, c in enumerate(sequence, start=1) if c is None] == [z]


def test_the_special_pair_keeps_rule_one() -> None:
    for k in range(4, 101, 2):
        phases = special_phases(k)
        whites = sum(x == (r % 2 == 1) for r, x in enumerate(phases, start=1))
        assert whites in (k // 2, k // 2 + 1), k
        changes = sum(a != b for a, b in itertools.pairwise(phases))
        assert changes == (1 if k % 4 == 0 else 2)


def test_the_same_schedule_every_time() -> None:
    assert reserve_schedule(20) == reserve_schedule(20)


@pytest.mark.parametrize("k", [2, 3, 7])
def test_sizes_outside_the_construction_are_refused(k: int) -> None:
    with pytest.raises(ValueError, match="even number of boards from 4"):
        reserve_schedule(k)


@pytest.mark.parametrize(("p", "q"), [(13, 12), (12, 13)])
def test_the_unequal_designer_takes_it_for_one_reserve(p: int, q: int) -> None:
    schedule = construct_unequal(p, q, 12)
    assert schedule is not None
    verdict = verify(schedule)
    assert verdict.ok and verdict.metrics.total_breaks == 13


@pytest.mark.parametrize(("p", "k"), [(11, 8), (17, 12), (23, 20), (25, 20)])
def test_several_reserves_keep_every_rule_with_one_break_at_most_each(p: int, k: int) -> None:
    plays = rotation_plays(p, k, p)
    schedule = reserves_schedule(plays, k)
    assert schedule is not None
    verdict = verify(schedule)
    assert verdict.ok, verdict
    for a in range(1, p + 1):
        sequence = schedule.colour_sequence(Player(Team.A, a))
        assert [c is not None for c in sequence] == plays[a - 1]  # the caller's sit-outs, in turn
        assert _breaks(_whites(schedule, Player(Team.A, a))) <= 1
    b_breaks = [_breaks(_whites(schedule, Player(Team.B, j))) for j in range(1, k + 1)]
    assert sum(b_breaks[: k - 2]) == 0 and sum(b_breaks) == 2  # only u and v, one change of phase each


@pytest.mark.parametrize(("p", "k"), [(12, 8), (9, 8), (13, 7)])
def test_several_reserves_refuse_other_sizes(p: int, k: int) -> None:
    with pytest.raises(ValueError, match="odd number of A players above k \\+ 1"):
        reserves_schedule(rotation_plays(p, k, p), k)


@pytest.mark.parametrize(("p", "k"), [(23, 20), (26, 21)])
def test_one_team_full_takes_it_for_three_reserves(p: int, k: int) -> None:
    # Where one team plays every round (construct_unequal tries the alternating layout of
    # models/constructions/positions/ before this, which has no break at 26 against 21 but none at all at 23
    # against 20): the reserves' construction, not the extended base or the board classes.
    schedule = one_team_full(p, k)
    before = full_side_schedule(p, k)  # the extended base (even k) or the board classes (odd k)
    assert schedule is not None and before is not None
    verdict = verify(schedule)
    assert verdict.ok and verdict.metrics.total_breaks == reserves_breaks(p, k) < verify(before).metrics.total_breaks


def reserves_breaks(p: int, k: int) -> int:
    schedule = reserves_schedule(rotation_plays(p, k, p), k)
    assert schedule is not None
    return verify(schedule).metrics.total_breaks


@pytest.mark.parametrize(("p", "k"), [(12, 9), (18, 15), (26, 21)])
def test_reserves_on_odd_boards_have_one_special(p: int, k: int) -> None:
    schedule = reserves_schedule(rotation_plays(p, k, p), k)
    assert schedule is not None
    verdict = verify(schedule)
    assert verdict.ok, verdict
    assert max(_breaks(_whites(schedule, Player(Team.A, a))) for a in range(1, p + 1)) <= 1
    b_breaks = [_breaks(_whites(schedule, Player(Team.B, j))) for j in range(1, k + 1)]
    assert sum(b_breaks[: k - 1]) == 0 and b_breaks[k - 1] == 1  # w alone, one change of phase
    assert sum(_whites(schedule, Player(Team.B, k))) == p // 2  # rule 1 for w, exactly
