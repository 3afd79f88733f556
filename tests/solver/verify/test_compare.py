"""Two schedules side by side (solver/verify/compare.py): whether they are the same design, and their
metrics row by row, lower better."""

from __future__ import annotations

import dataclasses

from scheveningen.models.domain.schedule import Game, Schedule
from scheveningen.models.domain.symmetry import relabel, reverse_colours, reverse_rounds, swap_teams
from scheveningen.models.formats.tables import best, published
from scheveningen.solver.verify.compare import Row, compare


def relabelled(schedule: Schedule) -> Schedule:
    n = schedule.boards
    a_map = {k: n + 1 - k for k in range(1, n + 1)}
    b_map = {k: k % n + 1 for k in range(1, n + 1)}
    return swap_teams(reverse_colours(relabel(schedule, a_map, b_map)))


def test_two_relabelled_schedules_are_the_same_design() -> None:
    schedule = published(7)
    comparison = compare(schedule, relabelled(schedule))
    assert comparison.equivalence is not None and comparison.equivalence.equivalent
    assert comparison.equivalence.witness is not None
    assert all(row.better == "same" for row in comparison.rows)


def test_the_same_schedule_reversed_in_time_is_the_same_design_only_when_reversal_is_allowed() -> None:
    schedule = published(6)  # not symmetric in time, unlike several other tables
    backwards = reverse_rounds(schedule)
    strict = compare(schedule, backwards)
    loose = compare(schedule, backwards, allow_reversal=True)
    assert strict.equivalence is not None and not strict.equivalence.equivalent
    assert loose.equivalence is not None and loose.equivalence.equivalent


def test_designs_with_different_breaks_are_not_the_same_and_the_row_says_which_is_better() -> None:
    fewer, more = best(9), published(9)
    assert fewer.breaks() < more.breaks()
    comparison = compare(more, fewer, "published", "best")
    assert comparison.equivalence is not None and not comparison.equivalence.equivalent
    breaks = next(row for row in comparison.rows if row.name == "breaks")
    assert (breaks.left, breaks.right, breaks.better) == (more.breaks(), fewer.breaks(), "right")


def test_a_broken_schedule_counts_its_rule_violations() -> None:
    schedule = published(4)
    first = list(schedule.rounds[0])
    first[0] = Game(first[0].black, first[0].white)
    broken = dataclasses.replace(schedule, rounds=(tuple(first), *schedule.rounds[1:]))
    comparison = compare(schedule, broken)
    assert comparison.left.ok and not comparison.right.ok
    violations = next(row for row in comparison.rows if row.name == "rule violations")
    assert violations.left == 0 < violations.right
    assert violations.better == "left"


def test_the_comparison_as_data_names_both_sides_and_every_row() -> None:
    comparison = compare(published(6), relabelled(published(6)), "mine", "theirs")
    data = comparison.as_dict()
    assert (data["left"], data["right"], data["equivalent"]) == ("mine", "theirs", True)
    rows = data["rows"]
    assert isinstance(rows, list) and [row["metric"] for row in rows] == [row.name for row in comparison.rows]
    assert "breaks" in [row.name for row in comparison.rows]


def test_lower_is_better_on_every_row() -> None:
    assert Row("breaks", 3, 5).better == "left"
    assert Row("breaks", 5, 3).better == "right"
    assert Row("breaks", 4, 4).better == "same"
