"""Small organisers' matches (equal teams, a single round, requests, 3 to 11 boards) through the
organisers' stage, with the full model improving an answer above the bound (``stages/at_scale.py``)."""

from __future__ import annotations

import random

import pytest

from scheveningen.models.domain.match import ColourWish, Match, Meet
from scheveningen.models.domain.rules import Rule
from scheveningen.models.domain.schedule import Colour, Player, Schedule, Team
from scheveningen.models.formats.tables import best
from scheveningen.solver.design import DesignParams, Outcome, Status, design_match
from scheveningen.solver.design.stages import at_scale
from scheveningen.solver.scale.driver import ScaleResult
from scheveningen.solver.verify.verifier import verify


def kept(schedule: Schedule, match: Match) -> bool:
    verdict = verify(schedule, match=match)
    return verdict.ok and not verdict.relaxed and not verdict.requests


def test_requests_read_off_the_design_on_ten_boards_are_answered_optimal() -> None:
    # The full model alone ended "feasible" at 30-36 breaks against the bound of 18 after 5 s.
    design = best(10)
    rng = random.Random(10)
    games = [(r, design.rounds[r][rng.randrange(10)]) for r in rng.sample(range(10), 5)]
    match = Match(boards=10, meets=tuple(Meet(g.a_player.number, g.b_player.number, r + 1) for r, g in games))
    result = design_match(match, DesignParams(time_limit=5, work_limit=2.0, workers=1))
    assert result.status is Status.OPTIMAL and result.breaks == result.lower_bound == 18
    assert result.schedule is not None and kept(result.schedule, match)


def heavy(boards: int, seed: int) -> Match:
    """n meets and n colour wishes at random: no image of the design keeps them all."""
    rng = random.Random(seed * 1000 + boards)
    meets: list[Meet] = []
    used: set[tuple[int, int]] = set()
    while len(meets) < boards:
        a, b, r = (rng.randrange(1, boards + 1) for _ in range(3))
        if (a, r) not in used and (b, -r) not in used:
            used |= {(a, r), (b, -r)}
            meets.append(Meet(a, b, r))
    colours = [
        ColourWish(
            Player(Team.A if rng.random() < 0.5 else Team.B, rng.randrange(1, boards + 1)),
            rng.randrange(1, boards + 1),
            Colour.WHITE if rng.random() < 0.5 else Colour.BLACK,
        )
        for _ in range(boards)
    ]
    return Match(boards=boards, meets=tuple(meets), colours=tuple(colours))


def test_the_full_model_improves_on_the_organisers_stage_above_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    match = heavy(8, 0)
    stage: list[ScaleResult] = []
    design_at_scale = at_scale.design_at_scale

    def recorded(*args: object, **kwargs: object) -> ScaleResult | None:
        found = design_at_scale(*args, **kwargs)  # type: ignore[arg-type]
        if found is not None:
            stage.append(found)
        return found

    monkeypatch.setattr(at_scale, "design_at_scale", recorded)
    result = design_match(match, DesignParams(time_limit=6, work_limit=3.0, workers=1))
    [found] = stage
    assert found.schedule is not None and not found.relaxed
    stage_breaks = verify(found.schedule, match=match).metrics.total_breaks
    assert stage_breaks > found.lower_bound  # above the bound: handed to the full model
    assert result.schedule is not None and kept(result.schedule, match)
    assert result.breaks is not None and result.breaks < stage_breaks
    assert verify(result.schedule).metrics.total_breaks == result.breaks
    assert found.lower_bound <= result.lower_bound <= result.breaks


def test_two_boards_with_a_request_relax_rule_three_by_the_least_past_the_organisers_stage() -> None:
    match = Match(boards=2, meets=(Meet(1, 1, 1),))
    result = design_match(match, DesignParams(time_limit=5, workers=1))
    assert result.relaxed == {Rule.BOARD_BALANCE: 2}
    assert all(
        record.name != "organisers' stage at scale" or record.outcome is Outcome.SKIPPED for record in result.stages
    )
    assert result.schedule is not None and verify(result.schedule, match=match, declared_relaxed=result.relaxed).ok
