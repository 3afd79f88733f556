"""The phase formulation: an independent model that must agree with the main one and the verifier."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from scheveningen.models.bounds.phases import (
    PhaseModel,
    all_can_meet,
    all_can_meet_twice,
    games_spread,
    meetings_fit,
    meetings_fit_twice,
    one_change_teams,
    phase_teams,
    phases_of,
    row_fits,
    rows_fitting,
    rows_with_changes,
    team_rows,
)
from scheveningen.models.constructions.equal import construct
from scheveningen.models.formats.tables import best
from scheveningen.solver.verify.verifier import verify


def _solve(model: PhaseModel, seconds: float = 60) -> tuple[cp_model.CpSolver, int]:
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 2
    return solver, solver.solve(model.model)


@pytest.mark.parametrize(("n", "optimum"), [(3, 4), (4, 4), (5, 8), (6, 14)])
def test_phase_model_finds_the_known_optima_and_its_schedules_verify(n: int, optimum: int) -> None:
    pm = PhaseModel.build(n)
    solver, status = _solve(pm)
    assert status == cp_model.OPTIMAL
    verdict = verify(pm.schedule_from(solver))
    assert verdict.ok, verdict.violations()[:3]
    assert verdict.metrics.total_breaks == optimum == solver.objective_value


def test_six_boards_cannot_do_with_twelve_breaks() -> None:
    _solver, status = _solve(PhaseModel.build(6, at_most=12))
    assert status == cp_model.INFEASIBLE


@pytest.mark.parametrize("n", [7, 8, 9])
def test_pattern_first_finds_pairings_for_the_phases_of_a_construction(n: int) -> None:
    base = construct(n)
    assert base is not None
    patterns = phases_of(base)
    pm = PhaseModel.build(n, patterns=patterns)
    solver, status = _solve(pm)
    assert status == cp_model.OPTIMAL
    designed = pm.schedule_from(solver)
    verdict = verify(designed)
    assert verdict.ok
    assert verdict.metrics.total_breaks == verify(base).metrics.total_breaks
    assert phases_of(designed) == patterns


def test_phases_of_reads_breaks_as_phase_changes() -> None:
    schedule = construct(12)
    assert schedule is not None
    a, b = phases_of(schedule)
    changes = sum(p[r] != p[r + 1] for p in (*a, *b) for r in range(11))
    assert changes == verify(schedule).metrics.total_breaks
    assert all(len(set(p)) == 1 for p in a)  # half_blocks: team A alternates perfectly


def test_malformed_patterns_are_refused() -> None:
    with pytest.raises(ValueError, match="patterns"):
        PhaseModel.build(4, patterns=(["++--"] * 4, ["+-"] * 4))


def test_alternator_cases_fix_the_alternators_and_force_the_others_to_break() -> None:
    pm = PhaseModel.build(6, at_most=14, alternators=(2, 1, 0, 0))
    solver, status = _solve(pm)
    assert status == cp_model.OPTIMAL
    schedule = pm.schedule_from(solver)
    assert verify(schedule).ok
    a, b = phases_of(schedule)
    assert a[:3] == ["++++++", "++++++", "------"]
    assert all(len(set(p)) == 2 for p in (*a[3:], *b))
    # one case of fact 6's proof for six boards: with three alternators, ten breaks are impossible
    _solver, status = _solve(PhaseModel.build(6, at_most=10, alternators=(2, 1, 0, 0)))
    assert status == cp_model.INFEASIBLE


def test_alternator_counts_must_fit_the_team() -> None:
    with pytest.raises(ValueError, match="alternator counts"):
        PhaseModel.build(4, alternators=(3, 2, 0, 0))


def _brute_force_teams(n: int, plus: int, minus: int) -> set[tuple[str, ...]]:
    """The teams of one_change_teams, found from colours: every multiset of one-change rows."""
    once = ["+" * k + "-" * (n - k) for k in range(1, n)] + ["-" * k + "+" * (n - k) for k in range(1, n)]

    def whites(row: str) -> list[bool]:  # as an A player: White on + in odd rounds, on - in even ones
        return [(sign == "+") == (r % 2 == 0) for r, sign in enumerate(row)]

    teams = set()
    for others in itertools.combinations_with_replacement(once, n - plus - minus):
        team = ["+" * n] * plus + ["-" * n] * minus + list(others)
        balanced = all(abs(2 * sum(whites(row)) - n) <= 1 for row in team)
        per_round = [sum(whites(row)[r] for row in team) for r in range(n)]
        if balanced and all(n // 2 <= w <= (n + 1) // 2 for w in per_round):
            teams.add(tuple(sorted(team)))
    return teams


@pytest.mark.parametrize("n", [4, 5, 6])
def test_one_change_teams_are_every_team_a_brute_force_finds(n: int) -> None:
    for plus in range(n + 1):
        for minus in range(n + 1 - plus):
            found = list(one_change_teams(n, plus, minus))
            assert len(found) == len(set(found))
            assert set(found) == _brute_force_teams(n, plus, minus), (plus, minus)


def test_fourteen_boards_case_of_six_minus_alternators_fails_by_phases_alone() -> None:
    # docs/bounds.md, fact 10, case (A+, A-, B+, B-) = (0, 0, 4, 6) with at most 20 breaks: every
    # player but the alternators changes phase once, except two B players + at both ends changing
    # twice (p + E+ = q + E-). No pair of teams of phases lets every player meet all its opponents.
    teams_a = list(phase_teams(14, 0, 0))
    teams_b = list(phase_teams(14, 4, 6, [(2, "+"), (2, "+")]))
    assert (len(teams_a), len(teams_b)) == (792, 20)
    for team_a, team_b in itertools.product(teams_a, teams_b):
        assert not all_can_meet(team_a, team_b) or not meetings_fit(team_a, team_b)


def test_ten_boards_tight_teams_are_the_expected_multisets() -> None:
    # With no alternator, five openers and five closers share their (even) switch rounds: C(8, 5)
    # multisets of {2, 4, 6, 8}; with two of each phase, three and three: C(6, 3).
    assert len(list(one_change_teams(10, 0, 0))) == 56
    assert len(list(one_change_teams(10, 2, 2))) == 20
    assert not list(one_change_teams(10, 0, 2))  # the - alternators would leave a round short of +


def test_all_can_meet_spots_players_never_in_the_same_phase() -> None:
    assert all_can_meet(["++--"], ["+--+"])
    assert not all_can_meet(["++--", "+-+-"], ["--++"])
    schedule = construct(10)
    assert schedule is not None
    assert all_can_meet(*phases_of(schedule))


def test_ten_boards_need_more_than_sixteen_breaks_in_the_tight_alternator_case() -> None:
    # The case the phase model alone leaves open (docs/bounds.md, fact 8): two alternators of each phase in
    # team B, none in A, so every other player breaks exactly once. Every set of phases fails.
    pairs = [
        (a, b)
        for a, b in itertools.product(one_change_teams(10, 0, 0), one_change_teams(10, 2, 2))
        if all_can_meet(a, b)
    ]
    assert len(pairs) == 160
    for team_a, team_b in pairs:
        # Two certificates, each enough: Hall's condition fails for some player, and CP-SAT finds
        # no pairings for these phases.
        assert not meetings_fit(team_a, team_b)
        _solver, status = _solve(PhaseModel.build(10, at_most=16, patterns=(team_a, team_b)))
        assert status == cp_model.INFEASIBLE, (team_a, team_b)


@pytest.mark.parametrize("n", [4, 5, 6, 9, 10, 14, 18, 21])
def test_the_phases_of_real_schedules_pass_hall_s_condition(n: int) -> None:
    # meetings_fit is a necessary condition: it must never reject the phases of a valid schedule.
    schedule = construct(n)
    assert schedule is not None and verify(schedule).ok
    assert meetings_fit(*phases_of(schedule))


def test_hall_s_condition_catches_too_many_opponents_for_a_short_window() -> None:
    # An A opener + on rounds 1-8 meets a B closer + from round 7 only in rounds 7 and 8 (where
    # both are +): three such closers cannot all be met. Opener/closer here are 10-round rows.
    opener, closer = "+" * 8 + "--", "-" * 6 + "++++"
    fillers_a = ["+-" * 5] * 9
    fillers_b = ["+-" * 5] * 7
    team_a, team_b = [opener, *fillers_a], [closer] * 3 + fillers_b
    assert all_can_meet(team_a, team_b)  # every pair shares a phase somewhere...
    assert not meetings_fit(team_a, team_b)  # ...but not in enough different rounds


@pytest.mark.parametrize("n", [4, 6, 8, 10, 12, 14, 18, 22, 40])
def test_alternator_imbalance_is_matched_by_players_changing_phase_an_even_number_of_times(n: int) -> None:
    # docs/bounds.md, fact 8: with m + players in round 1 and in round n, a team's + alternators plus its
    # players changing phase an even, nonzero number of times starting + equal the same for -.
    schedule = construct(n) if n > 14 else best(n)
    assert schedule is not None and verify(schedule).ok
    for team in phases_of(schedule):
        changes = [sum(x != y for x, y in itertools.pairwise(row)) for row in team]
        plus = sum(1 for row, c in zip(team, changes, strict=True) if c % 2 == 0 and row[0] == "+")
        minus = sum(1 for row, c in zip(team, changes, strict=True) if c % 2 == 0 and row[0] == "-")
        assert plus == minus


@pytest.mark.parametrize(("n", "optimum"), [(3, 4), (4, 4)])
def test_double_round_phase_model_finds_the_optima_and_its_schedules_verify(n: int, optimum: int) -> None:
    pm = PhaseModel.build(n, double=True)
    solver, status = _solve(pm)
    assert status == cp_model.OPTIMAL
    schedule = pm.schedule_from(solver)
    assert len(schedule.rounds) == 2 * n
    verdict = verify(schedule, double=True)
    assert verdict.ok, verdict.violations()[:3]
    assert verdict.metrics.total_breaks == optimum == solver.objective_value


def test_double_round_phase_model_agrees_with_the_even_bound() -> None:
    # Facts 1-3 for a double round on 6 boards: at least 6 breaks, and paired_double has 6.
    _solver, status = _solve(PhaseModel.build(6, at_most=4, double=True))
    assert status == cp_model.INFEASIBLE


def test_double_round_phases_of_the_construction_admit_pairings() -> None:
    schedule = construct(7, double=True)
    assert schedule is not None
    pm = PhaseModel.build(7, at_most=10, patterns=phases_of(schedule), double=True)
    solver, status = _solve(pm)
    assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    assert verify(pm.schedule_from(solver), double=True).ok


def _brute_force_twice_teams(n: int, plus: int, minus: int, twice: tuple[int, int]) -> set[tuple[str, ...]]:
    """one_change_teams with players changing twice, found from all rows of phases and the rules."""

    def changes(row: str) -> list[int]:
        return [r for r in range(1, n) if row[r] != row[r - 1]]

    def whites(row: str) -> list[bool]:
        return [(sign == "+") == (r % 2 == 0) for r, sign in enumerate(row)]

    rows = ["".join(p) for p in itertools.product("+-", repeat=n)]
    rows = [r for r in rows if abs(2 * sum(whites(r)) - n) <= 1]
    once = [r for r in rows if len(changes(r)) == 1]
    # exactly two changes, not in consecutive gaps (rule 2), + or - at both ends
    two = [r for r in rows if len(changes(r)) == 2 and changes(r)[1] - changes(r)[0] >= 2]
    two_plus = [r for r in two if r[0] == "+"]
    two_minus = [r for r in two if r[0] == "-"]
    teams = set()
    for a in itertools.combinations_with_replacement(once, n - plus - minus - sum(twice)):
        for b in itertools.combinations_with_replacement(two_plus, twice[0]):
            for c in itertools.combinations_with_replacement(two_minus, twice[1]):
                team = ["+" * n] * plus + ["-" * n] * minus + [*a, *b, *c]
                per_round = [sum(row[r] == "+" for row in team) for r in range(n)]
                if all(n // 2 <= k <= (n + 1) // 2 for k in per_round):
                    teams.add(tuple(sorted(team)))
    return teams


@pytest.mark.parametrize(
    ("n", "plus", "minus", "twice"), [(6, 1, 2, (1, 0)), (6, 0, 0, (1, 1)), (6, 1, 1, (1, 1)), (5, 0, 1, (1, 0))]
)
def test_teams_with_players_changing_twice_are_every_team_a_brute_force_finds(
    n: int, plus: int, minus: int, twice: tuple[int, int]
) -> None:
    found = list(one_change_teams(n, plus, minus, twice))
    assert found
    assert len(found) == len(set(found))
    assert set(found) == _brute_force_twice_teams(n, plus, minus, twice)


@pytest.mark.parametrize("changes", [1, 2, 3])
def test_double_round_rows_are_every_row_a_brute_force_finds(changes: int) -> None:
    # 5 boards, 10 rounds: rule 1 is exactly 5 Whites, rule 2 no change at two consecutive gaps.
    n, rounds = 5, 10
    expected = set()
    for signs in itertools.product("+-", repeat=rounds):
        row = "".join(signs)
        gaps = [r for r in range(1, rounds) if row[r] != row[r - 1]]
        whites = sum((sign == "+") == (r % 2 == 0) for r, sign in enumerate(row))
        if len(gaps) == changes and whites == n and all(b - a >= 2 for a, b in itertools.pairwise(gaps)):
            expected.add(row)
    found = rows_with_changes(n, changes, "+", double=True) + rows_with_changes(n, changes, "-", double=True)
    assert found and len(found) == len(set(found))
    assert set(found) == expected


@pytest.mark.parametrize("n", [5, 7])
def test_double_round_phases_of_the_construction_pass_both_meeting_checks(n: int) -> None:
    schedule = construct(n, double=True)
    assert schedule is not None
    team_a, team_b = phases_of(schedule)
    assert all_can_meet_twice(team_a, team_b) and meetings_fit_twice(team_a, team_b)
    # Swapping B's rows for A's own breaks the double games: two A rows never share every colour.
    assert not (all_can_meet_twice(team_a, team_a) and meetings_fit_twice(team_a, team_a))
    if n == 5:  # and the split's enumeration lists the construction's teams among its teams of phases
        for team in (team_a, team_b):
            changes = [sum(x != y for x, y in itertools.pairwise(row)) for row in team]
            special = [(c, row[0]) for c, row in zip(changes, team, strict=True) if c > 1]
            plus = sum(c == 0 and row[0] == "+" for c, row in zip(changes, team, strict=True))
            minus = changes.count(0) - plus
            assert tuple(sorted(team)) in set(phase_teams(n, plus, minus, special, double=True))


def test_seven_boards_double_round_with_eight_breaks_fails_in_the_case_of_six_alternators() -> None:
    # Fact 9 for 7 boards, one case of `phase_bounds.py --split 7:8 --double`: B has three + and three -
    # perfect alternators, and every other player changes phase exactly once (8 breaks, none to spare).
    teams_a = list(phase_teams(7, 0, 0, double=True))
    teams_b = list(phase_teams(7, 3, 3, double=True))
    assert teams_a and teams_b
    left = [(a, b) for a in teams_a for b in teams_b if all_can_meet_twice(a, b) and meetings_fit_twice(a, b)]
    assert 0 < len(left) < len(teams_a) * len(teams_b) // 100
    for team_a, team_b in left:
        _solver, status = _solve(PhaseModel.build(7, at_most=8, patterns=(team_a, team_b), double=True))
        assert status == cp_model.INFEASIBLE


@pytest.mark.parametrize(
    ("n", "double"),
    [
        (4, False),
        (5, False),
        (9, False),
        (10, False),
        (14, False),
        (18, False),
        (21, False),
        (5, True),
        (6, True),
        (9, True),
    ],
)
def test_games_spread_never_rejects_the_phases_of_real_schedules(n: int, double: bool) -> None:
    # games_spread is a relaxation: the games of every valid schedule are one of its solutions.
    schedule = construct(n, double=double)
    assert schedule is not None and verify(schedule, double=double).ok
    team_a, team_b = phases_of(schedule)
    assert games_spread(team_a, team_b, double) in ("OPTIMAL", "FEASIBLE")


def test_phase_teams_with_allowed_rows_are_the_teams_made_only_of_them() -> None:
    allowed = {row for row in rows_with_changes(8, 1, "+") + rows_with_changes(8, 1, "-") if row[3] == "+"}
    for plus, minus in [(0, 0), (1, 1), (2, 1)]:
        every = list(phase_teams(8, plus, minus))
        kept = list(phase_teams(8, plus, minus, allowed=lambda row: row in allowed or len(set(row)) == 1))
        assert set(kept) == {t for t in every if all(row in allowed or len(set(row)) == 1 for row in t)}
    assert not list(phase_teams(8, 1, 0, allowed=lambda row: len(set(row)) > 1))  # alternators are checked too


@settings(max_examples=60, deadline=None, derandomize=True)
@given(n=st.integers(min_value=4, max_value=16), rng=st.randoms(use_true_random=False))
def test_rows_fitting_is_row_fits_for_every_row_at_once(n: int, rng: random.Random) -> None:
    # The split proof's vectorised Hall check over kinds of opponent must agree with the matching.
    rows = team_rows(n, [(2, "+"), (3, "-")])
    for _ in range(5):
        kinds = rng.sample(rows, rng.randint(1, min(8, len(rows))))
        team = tuple(rng.choice(kinds) for _ in range(n))
        assert rows_fitting(rows, team) == {row for row in rows if row_fits(row, team)}


def test_rows_fitting_checks_many_kinds_row_by_row() -> None:
    rows = team_rows(14)
    team = tuple(rows[:14])  # fourteen kinds: past the subset check, the matching answers
    assert rows_fitting(rows, team) == {row for row in rows if row_fits(row, team)}


def test_rows_fitting_holds_past_64_rounds() -> None:
    # Rounds are bits in words of 64: 70 boards take two words.
    rng = random.Random(70)
    rows = team_rows(70)
    for _ in range(10):
        kinds = [*rng.sample(rows, 4), "+" * 70, "-" * 70]
        team = tuple(rng.choice(kinds) for _ in range(70))
        fitting = rows_fitting(rows, team)
        assert fitting == {row for row in rows if row_fits(row, team)}


def test_team_rows_are_the_rows_phase_teams_uses() -> None:
    special = [(2, "+"), (2, "-")]
    used = {row for team in phase_teams(8, 1, 1, special) for row in team}
    assert used <= set(team_rows(8, special))
    assert set(team_rows(8)) == {*rows_with_changes(8, 1, "+"), *rows_with_changes(8, 1, "-"), "+" * 8, "-" * 8}


def test_fourteen_boards_pairs_that_pass_hall_s_condition_fail_games_spread() -> None:
    # Fact 10, case (0, 0, 5, 5) with at most 20 breaks, where two A players change phase twice (one + and
    # one - at both ends): A is built, for each B, from the rows that can meet every B player
    # (row_fits). 43 pairs pass Hall's condition for every player, and games_spread rules each out;
    # the phase model with the phases fixed agrees on the first few.
    left = []
    for team_b in phase_teams(14, 5, 5):
        for team_a in phase_teams(14, 0, 0, [(2, "+"), (2, "-")], allowed=lambda row, b=team_b: row_fits(row, b)):
            if meetings_fit(team_a, team_b):
                left.append((team_a, team_b))
    assert len(left) == 43
    assert all(games_spread(team_a, team_b) == "INFEASIBLE" for team_a, team_b in left)
    for team_a, team_b in left[:3]:
        _solver, status = _solve(PhaseModel.build(14, at_most=20, patterns=(team_a, team_b)))
        assert status == cp_model.INFEASIBLE


def test_eighteen_boards_case_of_eight_minus_alternators_fails_by_phases_alone() -> None:
    # docs/bounds.md, fact 10 at 18 boards, case (0, 0, 6, 8) with at most 24 breaks: two B players + at
    # both ends change phase twice (p + E+ = q + E-), every other player but the alternators once.
    teams_b = list(phase_teams(18, 6, 8, [(2, "+"), (2, "+")]))
    assert len(teams_b) == 56
    pairs = 0
    for team_b in teams_b:
        for team_a in phase_teams(18, 0, 0, allowed=lambda row, b=team_b: row_fits(row, b)):
            pairs += 1
            assert not meetings_fit(team_a, team_b)
    assert pairs == 380
