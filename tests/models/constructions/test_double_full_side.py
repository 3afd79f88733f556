"""Double rounds with one team playing every round: no break at all (models/constructions/double_full_side.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scheveningen.models.bounds.proven import double_full_break_free, unequal_break_bound
from scheveningen.models.constructions import double_full_side
from scheveningen.models.constructions.double_full_side import (
    MODEL_PLAYERS,
    SECOND_HALVES,
    direct_double,
    one_reserve_classes,
    one_reserve_double,
    rotation_double,
    runs_of_one_double,
    two_board_double,
)
from scheveningen.models.constructions.sitouts import Outcome, zero_break_modes
from scheveningen.models.constructions.unequal.dispatch import construct_unequal
from scheveningen.models.domain.match import Match, RuleSettings
from scheveningen.models.domain.rules import Rule
from scheveningen.solver.design import DesignParams, Status, design_match
from scheveningen.solver.verify.verifier import rule_excess, verify


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


# --------------------------------------------------------------------------- runs of one colour


def test_the_criterion_for_each_class_size_holds_wherever_the_rotation_builds() -> None:
    # bounds.py: double_full_break_free(p, k, x) is necessary for a schedule without a break with x B
    # players in class X; a class size it rules out with a rotation built would be a wrong proof.
    built = ruled_out = 0
    for k in range(2, 13):
        for p in range(k + 1, 21):
            for x in range(k + 1):
                allowed = double_full_break_free(p, k, x)
                ruled_out += not allowed
                if rotation_double(p, k, x=x) is not None:
                    built += 1
                    assert allowed, (p, k, x)
    assert built > 200 and ruled_out > 200


@pytest.mark.parametrize(("p", "k", "x"), [(10, 6, 3), (10, 6, 1), (14, 2, 1), (12, 4, 2)])
def test_the_model_finds_nothing_where_the_criterion_rules_a_class_out(p: int, k: int, x: int) -> None:
    assert not double_full_break_free(p, k, x)
    assert zero_break_modes(p, k, 2.0, x=x, double=True).outcome is not Outcome.FOUND


@pytest.mark.parametrize(
    ("p", "k", "x"),
    # 10 against 6: x = 3 ruled out by the criterion, 2 built; 14 against 2: only x = 0 is left by
    # the criterion; 12 against 4 and 9 against 3: the larger x ruled out by the criterion or the model
    [(10, 6, 2), (14, 2, 0), (12, 4, 0), (9, 3, 0)],
)
def test_runs_of_one_break_rule_3_by_the_least_the_class_sizes_allow(p: int, k: int, x: int) -> None:
    found = runs_of_one_double(p, k)
    assert found.schedule is not None and found.x == x and found.proven
    match = Match(boards=k, double=True, size_a=p, rules=RuleSettings(max_run=1, board_balance=False))
    verdict = verify(found.schedule, match=match)
    assert verdict.ok and verdict.metrics.total_breaks == 0
    # every round has floor(k/2) - x boards too many or too few Whites for team A
    assert rule_excess(found.schedule, Rule.BOARD_BALANCE, RuleSettings(max_run=1)) == 2 * p * (k // 2 - x)


@given(st.integers(2, 12), st.integers(1, 40))
@settings(max_examples=25, deadline=None)
def test_runs_of_one_schedules_keep_rules_0_to_2_with_the_excess_their_class_gives(k: int, extra: int) -> None:
    p = k + extra
    found = runs_of_one_double(p, k, work=0.5)
    if found.schedule is None:
        return
    match = Match(boards=k, double=True, size_a=p, rules=RuleSettings(max_run=1, board_balance=False))
    verdict = verify(found.schedule, match=match)
    assert verdict.ok and verdict.metrics.total_breaks == 0
    assert rule_excess(found.schedule, Rule.BOARD_BALANCE, RuleSettings(max_run=1)) == 2 * p * (k // 2 - found.x)
    assert double_full_break_free(p, k, found.x)


@pytest.mark.parametrize(("size_a", "size_b"), [(10, 6), (6, 10)])
def test_the_designer_relaxes_rule_3_for_runs_of_one_where_it_ended_in_exit_3(size_a: int, size_b: int) -> None:
    # 10 against 6 on 6 boards, double round, max_run = 1: exit 3 after the whole limit before
    match = Match(boards=6, double=True, size_a=size_a, size_b=size_b, rules=RuleSettings(max_run=1))
    result = design_match(match, DesignParams(time_limit=5, workers=1))
    assert result.status is Status.OPTIMAL and result.breaks == 0 and result.schedule is not None
    assert result.relaxed == {Rule.BOARD_BALANCE: 20}
    assert any("breaks it by 20, the least possible" in message for message in result.messages)
    assert verify(result.schedule, match=match, declared_relaxed=result.relaxed).ok


def test_the_designer_says_what_is_not_proven_of_a_runs_of_one_relaxation() -> None:
    # 6 against 10 on 3 boards: both teams sit out, no bound is known, the construction breaks: rule 2
    # relaxed by its breaks, said to be unproven
    match = Match(boards=3, double=True, size_a=6, size_b=10, rules=RuleSettings(max_run=1))
    result = design_match(match, DesignParams(time_limit=5, workers=1))
    assert result.schedule is not None and result.breaks
    assert result.relaxed == {Rule.NO_THREE_IN_A_ROW: result.breaks}
    assert any("though none is proven impossible" in message for message in result.messages)
    assert verify(result.schedule, match=match, declared_relaxed=result.relaxed).ok
