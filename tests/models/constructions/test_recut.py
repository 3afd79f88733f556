"""The re-cut (models/constructions/recut.py): both teams sitting out, from a match in which one team plays
every round."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scheveningen.models.constructions.equal import construct
from scheveningen.models.constructions.recut import recut
from scheveningen.models.constructions.unequal.both_sit_out import both_sit_out_schedule
from scheveningen.models.constructions.unequal.dispatch import construct_unequal
from scheveningen.models.constructions.unequal.full_side import full_side_schedule
from scheveningen.models.domain.match import Match
from scheveningen.models.domain.schedule import Colour, Player, Schedule
from scheveningen.models.domain.symmetry import reverse_rounds
from scheveningen.solver.design import DesignParams, Status, design_match
from scheveningen.solver.verify.verifier import verify

# (p, q, k), both above k: equal teams of reserves, either team the larger, k dividing p*q or not a
# divisor of either, small k and k near the smaller team.
SIZES = [(14, 14, 4), (12, 12, 8), (10, 12, 6), (12, 16, 6), (16, 12, 6), (8, 13, 4), (48, 36, 12), (99, 40, 24)]


def _played(schedule: Schedule, player: Player) -> list[Colour]:
    return [c for c in schedule.colour_sequence(player) if c is not None]


@pytest.mark.parametrize(("p", "q", "k"), SIZES)
def test_both_teams_sitting_out_keep_every_rule(p: int, q: int, k: int) -> None:
    schedule = both_sit_out_schedule(p, q, k)
    assert schedule is not None
    assert (schedule.team_a, schedule.team_b, schedule.boards, schedule.n_rounds) == (p, q, k, p * q // k)
    verdict = verify(schedule)
    assert verdict.ok and not verdict.relaxed, [v.message for v in verdict.violations()[:3]]


@pytest.mark.parametrize(("base", "k"), [(construct(10), 4), (full_side_schedule(16, 12), 6), (construct(12), 9)])
def test_every_player_keeps_the_base_colours_in_order(base: Schedule | None, k: int) -> None:
    assert base is not None
    schedule = recut(base, k)
    assert schedule is not None
    for player in base.all_players():
        assert _played(schedule, player) == _played(base, player)
    assert verify(schedule).metrics.total_breaks == verify(base).metrics.total_breaks


# Equal teams with reserves: every n up to 16 and every k below n dividing n*n.
RESERVES = [(n, k) for n in range(3, 17) for k in range(2, n) if (n * n) % k == 0]


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(RESERVES), st.booleans())
def test_equal_designs_recut_for_reserves_keep_rules_and_colours(size: tuple[int, int], backwards: bool) -> None:
    n, k = size
    base = construct(n)
    assert base is not None
    if backwards:
        base = reverse_rounds(base)
    schedule = recut(base, k)
    assert schedule is not None
    assert verify(schedule).ok
    for player in base.all_players():
        assert _played(schedule, player) == _played(base, player)


def test_a_base_whose_colours_leave_no_order_gives_none_not_a_wrong_schedule() -> None:
    # 56 against 49 re-cut to 8 boards: round 2's seven A players behind must make up, with the one
    # game carried over from round 1 (forced White by round 1's count), a round of four Whites; they
    # have four Whites of their own.
    base = full_side_schedule(56, 49)
    assert base is not None
    assert recut(base, 8) is None


@pytest.mark.parametrize("k", [10, 0, 3])
def test_recut_refuses_what_it_cannot_cut(k: int) -> None:
    base = construct(10)
    assert base is not None
    with pytest.raises(ValueError, match=f"cannot re-cut 10 against 10 on 10 boards into {k} boards"):
        recut(base, k)


def test_designer_answers_a_club_match_with_reserves_on_both_sides() -> None:
    # 14 against 14 on 4 boards (49 rounds) ended in exit 3 before the re-cut.
    result = design_match(Match(boards=4, size_a=14, size_b=14), DesignParams(time_limit=5, workers=1))
    assert result.status in (Status.OPTIMAL, Status.FEASIBLE) and result.schedule is not None
    assert verify(result.schedule).ok
    assert construct_unequal(14, 14, 4) is not None
