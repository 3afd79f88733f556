"""The split proof (docs/bounds.md, facts 8-10) re-run for the sizes that take seconds."""

from __future__ import annotations

import itertools

import pytest

from scheveningen.models.bounds.phases import keeps_rule_2, rows_with_changes
from scheveningen.solver.bounds import split
from scheveningen.solver.bounds.split import SplitOptions, alternator_cases, hall_survivors, split_proof

#: Fact 10's table: (sets of phases of B, pairs of teams, a B player fails Hall, games cannot be spread).
FACT_10 = {
    10: (230, 684, 654, 30),
    14: (781, 3913, 3837, 76),
    18: (1868, 13130, 12992, 138),
    22: (3675, 33223, 33007, 216),
}

#: The same split with rule 2 dropped (rules 1 and 3 only, fact 13's claim): more sets of B and pairs
#: (rows changing phase three times may do so at consecutive gaps), the same pairs left to games_spread.
#: At 6 and 10 boards it finds no schedule with n + 6 breaks either: 14 and 18 without rule 2 too.
RULES_13 = {
    6: (35, 24, 14, 10),
    10: (242, 726, 696, 30),
    14: (811, 4055, 3979, 76),
    18: (1924, 13456, 13318, 138),
}


def _totals(n: int, k: int, options: SplitOptions) -> tuple[list[str], tuple[int, int, int, int]]:
    statuses, totals = [], [0, 0, 0, 0]
    for case in split_proof(n, k, options):
        statuses.append(case.status)
        assert not case.refutes
        assert case.tally is not None  # every case of these sizes is enumerated
        for i, count in enumerate((case.tally.teams_b, case.tally.pairs, case.tally.unmatched, case.tally.crowded)):
            totals[i] += count
    return statuses, (totals[0], totals[1], totals[2], totals[3])


@pytest.mark.parametrize("n", sorted(FACT_10))
def test_no_single_round_has_n_plus_6_breaks(n: int) -> None:
    # Fact 8 (10 boards) and fact 10 (14 to 22 boards): every case of at most n + 6 breaks fails, and
    # every pair of teams fails Hall's condition or games_spread, as the table in docs/bounds.md says.
    statuses, totals = _totals(n, n + 6, SplitOptions(spare=2))
    assert statuses and set(statuses) == {"INFEASIBLE"}
    assert totals == FACT_10[n]


@pytest.mark.parametrize("n", [7, 9, 11])
def test_no_odd_double_round_has_n_plus_1_breaks(n: int) -> None:
    # Fact 9 by computer: only the case (0, 0, m, m) has pairs of teams, 6(n - 1), all failing.
    options = SplitOptions(spare=2, double=True)
    results = list(split_proof(n, n + 1, options))
    assert results and {case.status for case in results} == {"INFEASIBLE"}
    with_pairs = [case for case in results if case.tally is not None and case.tally.pairs]
    assert [case.counts for case in with_pairs] == [(0, 0, n // 2, n // 2)]
    assert with_pairs[0].tally is not None and with_pairs[0].tally.pairs == 6 * (n - 1)


@pytest.mark.parametrize(("n", "k"), [(5, 8), (6, 14), (7, 10), (10, 18)])
def test_the_split_finds_a_verified_schedule_at_the_optimum(n: int, k: int) -> None:
    # At the optimum the proof must fail: some case yields a schedule that the verifier accepts.
    results = list(split_proof(n, k, SplitOptions(spare=2, seconds=60)))
    assert any(case.refutes for case in results)
    assert all(case.status in ("INFEASIBLE", "OPTIMAL", "FEASIBLE") for case in results)


def test_alternator_cases_keep_facts_2_3_and_6() -> None:
    for counts in alternator_cases(18, 24):
        a_plus, a_minus, b_plus, b_minus = counts
        assert not (a_plus and b_minus) and not (a_minus and b_plus)  # fact 2
        assert max(counts) <= 8 and a_plus + a_minus <= 15 and b_plus + b_minus <= 15  # facts 3 and 6
    assert alternator_cases(18, 24) == [(0, 0, 6, 6), (0, 0, 6, 7), (0, 0, 6, 8), (0, 0, 7, 7), (0, 0, 7, 8)]


def _runs(row: str) -> list[int]:
    return [len(list(group)) for _sign, group in itertools.groupby(row)]


@pytest.mark.parametrize("n", [14, 18])
def test_the_pairs_passing_hall_s_condition_have_one_shape(n: int) -> None:
    # docs/bounds.md, fact 10: the pairs that only games_spread rules out number 8j^2 + 38j + 30 for
    # n = 4j + 10, and have one shape: A's players changing once do so after m - 1 or m + 1 rounds
    # and those changing twice spend m - 1 or m + 1 rounds in the middle; B's players changing once
    # do so after 2 or n - 2 rounds.
    m, j = n // 2, (n - 10) // 4
    found = list(hall_survivors(n, n + 6, SplitOptions(spare=2)))
    assert len(found) == 8 * j * j + 38 * j + 30 == FACT_10[n][3]
    for _counts, team_a, team_b in found:
        for row in team_a:
            runs = _runs(row)
            assert (len(runs) == 2 and runs[0] in (m - 1, m + 1)) or (len(runs) == 3 and runs[1] in (m - 1, m + 1))
        for row in team_b:
            runs = _runs(row)
            assert len(runs) != 2 or runs[0] in (2, n - 2)


@pytest.mark.parametrize("n", sorted(RULES_13))
def test_without_rule_2_no_single_round_has_n_plus_6_breaks(n: int) -> None:
    # Fact 13 claims n + 8 breaks with rules 1 and 3 alone (n >= 14), and fact 8's bounds for 6 and 10
    # boards rest on this run: the split without rule 2 leaves every case INFEASIBLE, every pair
    # failing Hall's condition or games_spread (none goes to the phase model).
    statuses, totals = _totals(n, n + 6, SplitOptions(spare=2, rule_2=False))
    assert statuses and set(statuses) == {"INFEASIBLE"}
    assert totals == RULES_13[n]


def test_rows_without_rule_2_may_change_phase_at_consecutive_gaps() -> None:
    kept = rows_with_changes(6, 3, "+")
    free = rows_with_changes(6, 3, "+", rule_2=False)
    assert "++-++-" in free and "++-++-" not in kept  # changes after rounds 2 and 3; rule 1 holds
    assert kept == [row for row in free if keeps_rule_2(row)]
    assert rows_with_changes(6, 3, "+") == kept  # the cache tells the two apart
    # Rule 1 alone keeps rule 2 in a row changing phase once or twice (where its + rounds, or its -
    # rounds, form one stretch, that stretch has even length), so only rows changing three times or
    # more differ.
    for changes, first in itertools.product((1, 2), "+-"):
        assert rows_with_changes(14, changes, first, rule_2=False) == rows_with_changes(14, changes, first)


def test_without_rule_2_cases_left_to_the_phase_model_are_unsettled() -> None:
    # With no break to spare enumerated, (0, 0, 5, 5) and (0, 0, 5, 6) would go to the phase model with
    # the alternators fixed, which imposes rule 2: without rule 2 they are open, not INFEASIBLE.
    statuses = {case.counts: case.status for case in split_proof(14, 20, SplitOptions(spare=0, rule_2=False))}
    assert statuses == {
        (0, 0, 4, 4): "INFEASIBLE",
        (0, 0, 4, 5): "INFEASIBLE",
        (0, 0, 4, 6): "INFEASIBLE",
        (0, 0, 5, 5): split.UNSETTLED,
        (0, 0, 5, 6): split.UNSETTLED,
    }


def test_without_rule_2_pairs_left_to_the_phase_model_are_unsettled(monkeypatch: pytest.MonkeyPatch) -> None:
    # Pretend games_spread passes every pair and every row breaks rule 2: the 19 and 11 pairs of 10 boards
    # that pass Hall's condition are then counted unsettled, never given to the phase model.
    monkeypatch.setattr(split, "games_spread", lambda *args: "FEASIBLE")
    monkeypatch.setattr(split, "keeps_rule_2", lambda row: False)
    results = {case.counts: case for case in split_proof(10, 16, SplitOptions(spare=2, rule_2=False))}
    unsettled = {
        counts: case.tally.unsettled for counts, case in results.items() if case.tally and case.tally.unsettled
    }
    assert unsettled == {(0, 0, 3, 3): 19, (0, 0, 3, 4): 11}
    for counts, case in results.items():
        assert case.status == (split.UNSETTLED if counts in unsettled else "INFEASIBLE")
        assert case.tally is not None and case.tally.solved == 0 and not case.refutes
