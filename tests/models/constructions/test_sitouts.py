"""The sit-out model for schedules without a break (models/constructions/sitouts.py) and what the unequal-team
constructions build on it: one team playing every round with no break at all, and blocks of such
copies for even boards."""

from __future__ import annotations

import itertools
import time

import pytest

from scheveningen.models.constructions.sitouts import Outcome, zero_break_modes
from scheveningen.models.constructions.unequal import full_side, runs_of_one
from scheveningen.models.constructions.unequal.dispatch import construct_unequal
from scheveningen.models.constructions.unequal.full_side import blocks_schedule, one_team_full
from scheveningen.models.constructions.unequal.runs_of_one import zero_break_schedule
from scheveningen.models.domain.schedule import Schedule
from scheveningen.solver.verify.verifier import verify


@pytest.mark.parametrize(("p", "k"), [(11, 8), (13, 10), (10, 7), (8, 5), (7, 4)])
def test_modes_keep_both_counts_and_the_sit_outs_in_turn(p: int, k: int) -> None:
    found = zero_break_modes(p, k, work=5.0)
    assert found.outcome is Outcome.FOUND
    x = k // 2
    for a in range(p):
        row = found.plays[a]
        for t in range(1, p + 1):  # in turn: floor or ceil of t*k/p games after t rounds
            assert t * k // p <= sum(row[:t]) <= -(-t * k // p)
        assert sum(found.x_mode[a, r] for r in range(p) if row[r]) == x
        # The mode toggles exactly at each sit-out.
        played = [r for r in range(p) if row[r]]
        for r, s in itertools.pairwise(played):
            sat_out = s - r - 1
            assert found.x_mode[a, s] == (found.x_mode[a, r] ^ (sat_out % 2 == 1))
    for r in range(p):
        assert sum(found.plays[a][r] for a in range(p)) == k
        assert sum(found.x_mode.get((a, r), False) for a in range(p)) == x


@pytest.mark.parametrize(("p", "k"), [(11, 8), (13, 10), (15, 12), (10, 7), (12, 7)])
def test_schedules_without_a_break_keep_every_rule(p: int, k: int) -> None:
    schedule = zero_break_schedule(p, k)
    assert schedule is not None
    verdict = verify(schedule)
    assert verdict.ok, verdict
    assert verdict.metrics.total_breaks == 0


def test_nine_against_six_has_no_schedule_without_a_break() -> None:
    # Proven by the model at once (benchmarks/results/unequal_minima/unequal_minima.md: its minimum is 1).
    assert zero_break_modes(9, 6, work=5.0).outcome is Outcome.NONE
    schedule = one_team_full(9, 6)
    assert schedule is not None and verify(schedule).ok and verify(schedule).metrics.total_breaks > 0


def test_one_reserve_is_not_sent_to_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    # k + 1 against k has a proven bound above 0 (models/bounds/proven.py), so the model is not asked.
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the sit-out model was asked for a size the bound rules out")

    monkeypatch.setattr(runs_of_one, "zero_break_modes", refuse)
    schedule = construct_unequal(9, 8, 8)
    assert schedule is not None and verify(schedule).ok and verify(schedule).metrics.total_breaks > 0
    with pytest.raises(AssertionError, match="sit-out model was asked"):
        # no bound there, and the alternating layout, tried first where it can go without a break,
        # cannot (both even, 7 and 3 odd): the model is asked
        construct_unequal(14, 6, 6)


@pytest.mark.parametrize(("p", "k", "groups"), [(26, 16, 2), (33, 24, 3)])
def test_blocks_of_copies_without_a_break_on_even_boards(p: int, k: int, groups: int) -> None:
    schedule = blocks_schedule(p, k, groups)
    assert schedule is not None
    verdict = verify(schedule)
    assert verdict.ok, verdict
    assert verdict.metrics.total_breaks == 0
    built = construct_unequal(p, k, k)
    assert built is not None and verify(built).metrics.total_breaks == 0


def test_blocks_refuse_odd_copies_in_an_even_number_of_groups() -> None:
    # 22 against 14 in two groups: copies of 11 against 7, each A group gets the same copy in both
    # blocks and its rows' Whites cannot even out; the blocks say so rather than break rule 1.
    assert blocks_schedule(22, 14, 2) is None
    assert blocks_schedule(22, 14, 3) is None  # 3 divides neither


def test_under_a_deadline_the_blocks_wait_for_the_other_constructions(monkeypatch: pytest.MonkeyPatch) -> None:
    # 26 against 22 has no closed form and a common factor: without a deadline the blocks are tried
    # first.  Under one they come after the other constructions, and not at all once it has passed
    # (at 90 against 70 they took 5 s, and the class model after them had no time left).
    calls: list[tuple[object, ...]] = []
    original = full_side.blocks_schedule

    def spy(*args: int) -> Schedule | None:
        calls.append(args)
        return original(*args)

    monkeypatch.setattr(full_side, "blocks_schedule", spy)
    assert one_team_full(26, 22) is not None and calls == [(26, 22, 2)]
    calls.clear()
    construct_unequal(26, 22, 22, deadline=time.monotonic() - 1)
    assert calls == []


@pytest.mark.parametrize("p, k", [(13, 10), (21, 18)])
def test_the_extended_base_answers_even_once_the_deadline_has_passed(p: int, k: int) -> None:
    # k + 3 against k with k = 2 mod 4: the layout has no order, and where it spent the construction's
    # share proving so (90 against 93 on 90), the extended base came after the deadline and gave up
    # before its assignment model, so the designer had nothing (exit 3).  Its first assignment now
    # runs anyway, with a little grace, and keeps every rule.
    schedule = construct_unequal(p, k, k, deadline=time.monotonic() - 1)
    assert schedule is not None
    verdict = verify(schedule)
    assert verdict.ok, verdict
