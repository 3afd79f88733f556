"""The direct constructions keep every rule, with the break counts their docstrings promise."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scheveningen.models.bounds.proven import proven_break_bound
from scheveningen.models.constructions.equal import (
    STORED_SIZES,
    alternating,
    construct,
    doubled,
    half_blocks,
    mirrored_double,
    paired_double,
    phase_blocks,
    phase_matchings,
    small_table,
)
from scheveningen.models.domain.match import Match, RuleSettings
from scheveningen.models.domain.rules import Rule
from scheveningen.models.domain.schedule import Player, Team
from scheveningen.models.domain.symmetry import normalise, relabel, reverse_colours
from scheveningen.models.formats.tables import best_stated_breaks
from scheveningen.solver.verify.verifier import verify

# construct() is verified on every size the designer accepts (3..100); each class's own
# function also on its small sizes and just past 100.
MULTIPLES_OF_FOUR = [4, 8, 12, 16, 20, 24, 72, 100]
ODD = [*range(3, 26, 2), 79, 99, 101]
TWO_MOD_FOUR = [14, 18, 22, 26, 30, 34, 66, 78, 90, 98, 102]
ALL_SIZES = list(range(3, 101))


@pytest.mark.parametrize("n", MULTIPLES_OF_FOUR)
def test_half_blocks_keep_every_rule_with_n_breaks(n: int) -> None:
    verdict = verify(half_blocks(n))
    assert verdict.ok, verdict.violations()[:3]
    assert verdict.metrics.total_breaks == n
    assert verdict.metrics.breaks_by_team["A"] == 0


@pytest.mark.parametrize("n", ODD)
def test_phase_blocks_keep_every_rule_with_n_plus_3_breaks(n: int) -> None:
    verdict = verify(phase_blocks(n))
    assert verdict.ok, verdict.violations()[:3]
    assert verdict.metrics.total_breaks == (4 if n == 3 else n + 3)
    # all of team B but one player alternate perfectly; every A player breaks, once or twice
    b_breaks = sorted(verdict.metrics.breaks_per_player[f"B{b}"] for b in range(1, n + 1))
    assert b_breaks[:-1] == [0] * (n - 1)
    assert all(1 <= verdict.metrics.breaks_per_player[f"A{a}"] <= 2 for a in range(1, n + 1))


@pytest.mark.parametrize("n", TWO_MOD_FOUR)
def test_phase_matchings_keep_every_rule_with_n_plus_8_breaks(n: int) -> None:
    verdict = verify(phase_matchings(n))
    assert verdict.ok, verdict.violations()[:3]
    assert verdict.metrics.total_breaks == n + 8
    assert verdict.metrics.breaks_by_team == {"A": n + 2, "B": 6}
    # 2(m - 2) of team B alternate perfectly
    assert sorted(verdict.metrics.breaks_per_player[f"B{b}"] for b in range(1, n + 1)).count(0) == n - 4


@pytest.mark.parametrize("n", STORED_SIZES)
def test_small_tables_keep_every_rule_with_the_stated_breaks(n: int) -> None:
    verdict = verify(small_table(n))
    assert verdict.ok, verdict.violations()[:3]
    assert verdict.metrics.total_breaks == best_stated_breaks(n)


def expected_breaks(n: int) -> int:
    """What construct(n) promises: the formulas of the module docstring."""
    if n % 4 == 0:
        return n
    if n % 2 == 1:
        return 4 if n == 3 else n + 3
    if n in STORED_SIZES:
        return best_stated_breaks(n)
    return n + 8


@pytest.mark.parametrize("n", ALL_SIZES)
def test_construct_covers_every_size_with_the_promised_breaks(n: int) -> None:
    schedule = construct(n)
    assert schedule is not None
    verdict = verify(schedule)
    assert verdict.ok, verdict.violations()[:3]
    assert verdict.metrics.total_breaks == expected_breaks(n)


@pytest.mark.parametrize("n", [3, 4, 5, 6, 8, 9, 10, 12, 13, 16, 18, 25, 40])
def test_mirrored_double_keeps_every_rule_with_twice_the_breaks(n: int) -> None:
    single = construct(n)
    assert single is not None
    double = mirrored_double(single)
    verdict = verify(double, double=True)
    assert verdict.ok, verdict.violations()[:3]
    assert verdict.metrics.total_breaks == 2 * verify(single).metrics.total_breaks


def expected_double_breaks(n: int) -> int:
    """What construct(n, double=True) promises: the proven minimum of docs/bounds.md (facts 3, 4, 9)."""
    if n % 2 == 0:
        return n
    return 4 if n == 3 else n + 3


@pytest.mark.parametrize("n", range(2, 101))
def test_double_construction_covers_every_size_at_the_proven_bound(n: int) -> None:
    schedule = construct(n, double=True)
    assert schedule is not None
    verdict = verify(schedule, double=True)
    assert verdict.ok, verdict.violations()[:3]
    assert verdict.metrics.total_breaks == expected_double_breaks(n) == proven_break_bound(n, double=True)


@pytest.mark.parametrize("n", [2, 4, 6, 10, 14])
def test_paired_double_team_a_alternates_and_team_b_breaks_once_at_the_seam(n: int) -> None:
    schedule = paired_double(n)
    verdict = verify(schedule, double=True)
    assert verdict.ok
    assert verdict.metrics.breaks_by_team == {"A": 0, "B": n}
    for b in range(1, n + 1):
        colours = schedule.colour_sequence(Player(Team.B, b))
        assert colours[n - 1] == colours[n]  # the one break, between rounds n and n + 1


@pytest.mark.parametrize("n", [3, 4, 5, 6, 9, 10, 14])
def test_doubling_a_single_round_keeps_its_breaks_player_by_player(n: int) -> None:
    single = construct(n)
    assert single is not None
    double = doubled(single)
    verdict = verify(double, double=True)
    assert verdict.ok, verdict.violations()[:3]
    assert verdict.metrics.breaks_per_player == verify(single).metrics.breaks_per_player
    # each round is played twice running, once with each colour
    for t, games in enumerate(single.rounds):
        first, second = double.rounds[2 * t], double.rounds[2 * t + 1]
        assert {(g.a_player, g.b_player) for g in games} == {(g.a_player, g.b_player) for g in first}
        assert [(g.white, g.black) for g in first] == [(g.black, g.white) for g in second]


def test_paired_double_rejects_odd_boards() -> None:
    with pytest.raises(ValueError, match="even"):
        paired_double(7)


@pytest.mark.parametrize("n", [0, 1, 2])
def test_no_construction_below_three_boards(n: int) -> None:
    assert construct(n) is None


def test_constructions_reject_sizes_outside_their_class() -> None:
    with pytest.raises(ValueError, match="even number"):
        half_blocks(7)
    with pytest.raises(ValueError, match="odd"):
        phase_blocks(8)
    with pytest.raises(ValueError, match="2 mod 4"):
        phase_matchings(10)
    with pytest.raises(ValueError, match="no stored schedule"):
        small_table(14)


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


@pytest.mark.parametrize("double", [False, True])
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 9, 10, 17, 40])
def test_alternating_has_no_break_and_keeps_every_rule_but_rule_3(n: int, double: bool) -> None:
    schedule = alternating(n, double)
    without_rule_3 = verify(
        schedule, double=double, match=Match(boards=n, double=double, rules=RuleSettings(board_balance=False))
    )
    assert without_rule_3.ok and without_rule_3.metrics.total_breaks == 0
    as_written = verify(schedule, double=double)
    assert {v.rule for v in as_written.violations()} == ({Rule.BOARD_BALANCE} if n > 1 else set())


@pytest.mark.parametrize("n", [2, 6, 10, 14, 26, 98])
def test_half_blocks_for_two_mod_four_break_only_rule_1_with_n_breaks(n: int) -> None:
    schedule = half_blocks(n)
    as_written = verify(schedule)
    assert {v.rule for v in as_written.violations()} == {Rule.COLOUR_BALANCE}
    without_rule_1 = verify(schedule, match=Match(boards=n, rules=RuleSettings(colour_balance=False)))
    assert without_rule_1.ok and without_rule_1.metrics.total_breaks == n
