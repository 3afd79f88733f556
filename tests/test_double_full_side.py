"""Double rounds with one team playing every round: no break at all (models/double_full_side.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scheveningen.models import double_full_side
from scheveningen.models.bounds import double_full_break_free, unequal_break_bound
from scheveningen.models.double_full_side import (
    MODEL_PLAYERS,
    SECOND_HALVES,
    direct_double,
    one_reserve_classes,
    one_reserve_double,
    rotation_double,
    two_board_double,
)
from scheveningen.models.match import Match
from scheveningen.models.sitouts import Outcome, zero_break_modes
from scheveningen.models.unequal import construct_unequal
from scheveningen.solver.design import DesignParams, Status, design_match
from scheveningen.solver.verifier import verify


@pytest.mark.parametrize("k", [*range(1, 26), 40, 41, 99])
def test_one_reserve_double_keeps_every_rule_without_a_break(k: int) -> None:
    schedule = one_reserve_double(k)
    assert (schedule.team_a, schedule.team_b, schedule.boards, len(schedule.rounds)) == (k + 1, k, k, 2 * k + 2)
    verdict = verify(schedule, double=True)
    assert verdict.ok and not verdict.relaxed, [v.message for v in verdict.violations()[:3]]
    assert verdict.metrics.total_breaks == 0


@pytest.mark.parametrize("k", range(1, 30))
def test_one_reserve_classes_have_the_counts_the_proof_claims(k: int) -> None:
    # The counts of docs/bounds_unequal.md checked on the modes themselves, apart from the verifier:
    # one sit-out in each half, of opposite parity; x X-mode players in every round; x X-mode rounds
    # of each parity for every player.
    plays, x_mode = one_reserve_classes(k)
    p, x, rounds = k + 1, k // 2, 2 * k + 2
    for a in range(p):
        out = [t for t in range(rounds) if not plays[a][t]]
        assert len(out) == 2 and out[0] < p <= out[1] and (out[1] - out[0]) % 2 == 1
        for parity in (0, 1):
            assert sum(x_mode[a, t] for t in range(parity, rounds, 2) if plays[a][t]) == x
    for t in range(rounds):
        assert sum(not plays[a][t] for a in range(p)) == 1
        assert sum(x_mode[a, t] for a in range(p) if plays[a][t]) == x


@pytest.mark.parametrize(
    ("p", "k", "second"), [(9, 6, "_again"), (50, 40, "_again"), (8, 4, "_reversed"), (10, 7, "_exchanged"),
                           (64, 45, "_exchanged")]
)  # fmt: skip
def test_each_second_half_of_the_rotation_answers_some_size(
    p: int, k: int, second: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Only the named second half is tried: each of the three is needed somewhere.
    only = tuple(f for f in SECOND_HALVES if f.__name__ == second)
    monkeypatch.setattr(double_full_side, "SECOND_HALVES", only)
    schedule = rotation_double(p, k)
    assert schedule is not None
    verdict = verify(schedule, double=True)
    assert verdict.ok and not verdict.relaxed and verdict.metrics.total_breaks == 0


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 39), st.integers(1, 30))
def test_whatever_the_direct_double_round_builds_keeps_every_rule_with_the_fewest_breaks(k: int, extra: int) -> None:
    p = k + extra
    schedule = direct_double(p, k)
    if schedule is not None:
        verdict = verify(schedule, double=True)
        fewest = 2 if k == 2 and p % 4 == 2 else 0  # two boards, p = 2 mod 4: two_board_double
        assert verdict.ok and not verdict.relaxed and verdict.metrics.total_breaks == fewest
        assert (schedule.team_a, schedule.team_b, len(schedule.rounds)) == (p, k, 2 * p)


@pytest.mark.parametrize(("p", "k"), [(5, 3), (6, 4), (9, 6), (8, 2)])
def test_the_double_round_sit_out_model_finds_no_break_schedules(p: int, k: int) -> None:
    schedule = double_full_side.modelled_double(p, k, work=5.0)
    assert schedule is not None
    verdict = verify(schedule, double=True)
    assert verdict.ok and verdict.metrics.total_breaks == 0


def test_the_alternation_criterion_holds_wherever_a_schedule_without_a_break_is_built() -> None:
    # The criterion is necessary (bounds.py: double_full_break_free); a size it rules out with a
    # schedule built would be a wrong proof.  The rotations are tried here whatever it says.
    built = ruled_out = 0
    for k in range(1, 25):
        for p in range(k + 1, 31):
            schedule = one_reserve_double(k) if p == k + 1 else rotation_double(p, k)
            if schedule is not None:
                built += 1
                assert double_full_break_free(p, k), (p, k)
            ruled_out += not double_full_break_free(p, k)
    assert built > 300 and ruled_out > 30


@pytest.mark.parametrize(("p", "k"), [(6, 2), (10, 2), (12, 4), (10, 6), (20, 12), (60, 44)])
def test_the_criterion_rules_out_no_break_and_the_bound_says_so(p: int, k: int) -> None:
    assert not double_full_break_free(p, k)
    bound = 2 if k == 2 else 1  # two boards: the breaks are even
    assert unequal_break_bound(p, k, k, double=True, board_balance=True) == bound
    assert unequal_break_bound(k, p, k, double=True, board_balance=True) == bound
    assert unequal_break_bound(p, k, k, double=True, board_balance=False) == 0
    if k <= 4:  # the model agrees (it settles these in well under a second)
        assert zero_break_modes(p, k, 5.0, double=True).outcome is Outcome.NONE


@pytest.mark.parametrize("p", range(6, 101, 4))
def test_two_boards_p_2_mod_4_double_has_the_two_breaks_the_bound_forces(p: int) -> None:
    schedule = two_board_double(p)
    verdict = verify(schedule, double=True)
    assert verdict.ok and not verdict.relaxed and verdict.metrics.total_breaks == 2
    assert direct_double(p, 2) is not None
    assert unequal_break_bound(p, 2, 2, double=True, board_balance=True) == 2


def test_the_designer_answers_two_boards_double_optimal_where_it_had_nothing() -> None:
    # 70 against 2 on 2 boards, double round: exit 3 after the whole limit before (the full model)
    match = Match(boards=2, double=True, size_b=70)
    result = design_match(match, DesignParams(time_limit=5, workers=1))
    assert result.status is Status.OPTIMAL and result.breaks == result.lower_bound == 2
    assert result.schedule is not None and verify(result.schedule, double=True).ok


@pytest.mark.parametrize(("p", "k"), [(6, 2), (9, 3)])
def test_the_model_proves_some_sizes_need_a_break(p: int, k: int) -> None:
    # c*k against k with c = 3: no double round without a break keeps rule 3 (proven by the model);
    # modelled_double then gives nothing (6 against 2 gets two_board_double's 2 breaks instead).
    assert zero_break_modes(p, k, 5.0, double=True).outcome is Outcome.NONE
    assert p <= MODEL_PLAYERS and double_full_side.modelled_double(p, k, work=5.0) is None


@pytest.mark.parametrize(("size_a", "size_b", "boards"), [(13, 12, 12), (12, 13, 12), (9, 6, 6), (6, 9, 6)])
def test_construct_unequal_double_has_no_break_in_either_team_order(size_a: int, size_b: int, boards: int) -> None:
    # Before: the single round and its mirror, 26 breaks at 13 against 12 and 22 at 9 against 6.
    schedule = construct_unequal(size_a, size_b, boards, double=True)
    assert schedule is not None and (schedule.team_a, schedule.team_b) == (size_a, size_b)
    verdict = verify(schedule, double=True)
    assert verdict.ok and verdict.metrics.total_breaks == 0


def test_the_designer_reports_the_bound_of_one_where_no_double_round_is_without_a_break() -> None:
    # 10 against 6: the alternation criterion; 9 against 3: the model's proof, recorded in the process.
    for size_a, boards in ((10, 6), (9, 3)):
        match = Match(boards=boards, double=True, size_a=size_a)
        result = design_match(match, DesignParams(time_limit=3, workers=1))
        assert result.schedule is not None and result.lower_bound == 1 and result.breaks is not None
        assert result.breaks >= 1 and verify(result.schedule, double=True).ok


def test_the_designer_answers_one_reserve_double_optimal() -> None:
    match = Match(boards=20, double=True, size_a=21)
    result = design_match(match, DesignParams(time_limit=10, workers=1))
    assert result.status is Status.OPTIMAL and result.breaks == 0 and result.lower_bound == 0
    assert result.schedule is not None and verify(result.schedule, double=True).ok
