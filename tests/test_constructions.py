"""The direct constructions keep every rule, with the break counts their docstrings promise."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models.constructions import construct, cyclic_checkerboard, half_blocks, mirrored_double
from models.symmetry import normalise, relabel, reverse_colours
from solver.verifier import verify

MULTIPLES_OF_FOUR = list(range(4, 101, 4))
ODD = list(range(3, 102, 2))


@pytest.mark.parametrize("n", MULTIPLES_OF_FOUR)
def test_half_blocks_keep_every_rule_with_n_breaks(n: int) -> None:
    verdict = verify(half_blocks(n))
    assert verdict.ok, verdict.violations()[:3]
    assert verdict.metrics.total_breaks == n
    assert verdict.metrics.breaks_by_team["A"] == 0


@pytest.mark.parametrize("n", ODD)
def test_cyclic_checkerboard_keeps_every_rule_with_2n_minus_2_breaks(n: int) -> None:
    verdict = verify(cyclic_checkerboard(n))
    assert verdict.ok, verdict.violations()[:3]
    assert verdict.metrics.total_breaks == 2 * (n - 1)


@pytest.mark.parametrize("n", [3, 4, 5, 8, 9, 12, 13, 16, 25, 40])
def test_mirrored_double_keeps_every_rule_with_twice_the_breaks(n: int) -> None:
    single = construct(n)
    assert single is not None
    double = mirrored_double(single)
    verdict = verify(double, double=True)
    assert verdict.ok, verdict.violations()[:3]
    assert verdict.metrics.total_breaks == 2 * verify(single).metrics.total_breaks


@pytest.mark.parametrize("n", [1, 2, 6, 10, 14, 98])
def test_no_construction_where_none_is_known(n: int) -> None:
    assert construct(n) is None


def test_constructions_reject_sizes_outside_their_class() -> None:
    with pytest.raises(ValueError, match="multiple of 4"):
        half_blocks(6)
    with pytest.raises(ValueError, match="odd"):
        cyclic_checkerboard(8)


def _normal_form_holds(schedule) -> bool:  # type: ignore[no-untyped-def]
    first = schedule.rounds[0]
    n = schedule.boards
    whites = [g.a_white for g in first]
    return (
        all(g.b_player.number == k for k, g in enumerate(first, start=1))
        and sum(whites) >= (n + 1) // 2
        and whites == sorted(whites, reverse=True)
    )


@settings(max_examples=40, deadline=None, derandomize=True)
@given(n=st.sampled_from([3, 4, 5, 7, 8, 9, 12]), seed=st.integers(0, 10**6), flip=st.booleans())
def test_normalise_reaches_the_normal_form_and_keeps_the_metrics(n: int, seed: int, flip: bool) -> None:
    base = construct(n)
    assert base is not None
    rng = random.Random(seed)
    a_perm = list(range(1, n + 1))
    b_perm = list(range(1, n + 1))
    rng.shuffle(a_perm)
    rng.shuffle(b_perm)
    scrambled = relabel(
        base, dict(zip(range(1, n + 1), a_perm, strict=False)), dict(zip(range(1, n + 1), b_perm, strict=False))
    )
    if flip:
        scrambled = reverse_colours(scrambled)
    normal = normalise(scrambled)
    assert _normal_form_holds(normal)
    before, after = verify(scrambled), verify(normal)
    assert after.ok
    assert after.metrics.total_breaks == before.metrics.total_breaks
    assert sorted(after.metrics.breaks_per_player.values()) == sorted(before.metrics.breaks_per_player.values())
