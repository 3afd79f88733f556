"""Colour requests that force rule 1 or rule 3 at scale: answered by the scale path (solver/scale/driver.py)
with exactly the least excess (solver/scale/conflicts.py), on the rigid direct construction for n = 0 mod 4."""

from __future__ import annotations

import time

import pytest
from scale_cases import round_unbalanced, whites_exceed

from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import Match
from scheveningen.models.domain.rules import Rule
from scheveningen.solver.design import DesignParams
from scheveningen.solver.scale.conflicts import least_excess
from scheveningen.solver.scale.driver import design_at_scale
from scheveningen.solver.scale.recolour import flip_walks
from scheveningen.solver.scale.start import find_start
from scheveningen.solver.verify.verifier import rule_excess, verify

#: One worker and a work limit: the same schedule on every run; the time limit only a safety net.
PARAMS = DesignParams(time_limit=60, work_limit=0.5, workers=1)


@pytest.mark.parametrize(
    ("build", "n", "rule"),
    [(whites_exceed, 20, Rule.COLOUR_BALANCE), (round_unbalanced, 16, Rule.BOARD_BALANCE)],
)
def test_a_forced_relaxation_is_answered_at_scale_with_the_least_excess(build: object, n: int, rule: Rule) -> None:
    assert callable(build)
    match: Match = build(n)
    forced = least_excess(match)
    assert set(forced) == {rule}
    result = design_at_scale(match, PARAMS)
    assert result is not None and result.schedule is not None, "the scale path found nothing"
    assert result.relaxed == forced
    schedule = result.schedule
    verdict = verify(schedule, match=match, declared_relaxed=result.relaxed)
    assert verdict.ok and not verdict.requests
    for other in (Rule.COLOUR_BALANCE, Rule.NO_THREE_IN_A_ROW, Rule.BOARD_BALANCE):
        assert rule_excess(schedule, other) == forced.get(other, 0)
    if rule is Rule.COLOUR_BALANCE:  # one worker and a work limit: the same schedule again
        again = design_at_scale(match, PARAMS)
        assert again is not None and again.schedule == schedule


def test_colour_wishes_that_cannot_all_hold_are_placed_without_the_solver() -> None:
    # n/2 + 1 A players White in one round: every image gives n/2 of them White there, no more.
    match = round_unbalanced(24)
    start = find_start(match, 5.0, keep_all=False)
    assert start is not None and len(start.missed) == 1
    # One player's n/2 + 1 Whites: an image keeps all but one of them.
    start = find_start(whites_exceed(24), 5.0, keep_all=False)
    assert start is not None and len(start.missed) == 1


def test_a_walk_of_reversed_games_gives_a_player_a_wished_colour_and_keeps_the_rules() -> None:
    # On 13 boards a player's seven Whites keep rule 1, but no image of the design keeps them all.
    match = whites_exceed(13)
    assert least_excess(match) == {}
    start = find_start(match, 5.0, keep_all=False)
    assert start is not None and start.missed

    def kept(grid: Grid) -> bool:
        verdict = verify(grid.to_schedule(), match=match)
        return verdict.ok and not verdict.requests

    assert not kept(start.grid)
    walked = flip_walks(match, start.grid, {}, kept, time.monotonic() + 30)
    assert walked is not None and kept(walked)
    assert walked.opp == start.grid.opp  # only colours were reversed
    rows = zip(walked.white, start.grid.white, strict=True)
    changed = sum(a != b for row, other in rows for a, b in zip(row, other, strict=True))
    assert 0 < changed <= 6
