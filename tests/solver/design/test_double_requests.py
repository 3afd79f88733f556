"""Double rounds with requests that no image of the construction keeps (issue 10): the folded design
(solver/design/stages/at_scale.py, models/constructions/folding.py) and the organisers' stage on the double round
itself, whose parts
(solver/scale/lns/part.py) count each pair's two meetings, one with each colour."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scale_cases import played_then_requests, random_image

from scheveningen.models.constructions.equal import construct
from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import Match, Meet, PlayedRound
from scheveningen.models.domain.schedule import Game, Player, Schedule
from scheveningen.solver.design import DesignParams, Status, design_match
from scheveningen.solver.design.stages.at_scale import DOUBLE_SCALE_BOARDS
from scheveningen.solver.scale.driver import obvious_conflict
from scheveningen.solver.scale.lns.budget import Budget
from scheveningen.solver.scale.lns.part import solve_part
from scheveningen.solver.scale.lns.rules import rules_kept
from scheveningen.solver.scale.start import Symmetry
from scheveningen.solver.verify.verifier import verify


def image(schedule: Schedule, rng: random.Random) -> Grid:
    n = schedule.boards
    a, b = list(range(n)), list(range(n))
    rng.shuffle(a)
    rng.shuffle(b)
    return Symmetry(tuple(a), tuple(b), rng.random() < 0.5, rng.random() < 0.5, False).apply(
        Grid.from_schedule(schedule)
    )


def double_grid(n: int, rng: random.Random) -> Grid:
    built = construct(n, double=True)
    assert built is not None
    return Grid.from_schedule(random_image(built, rng))


def with_opponent(game: Game, b: Player) -> Game:
    return Game(game.a_player, b) if game.a_white else Game(b, game.a_player)


def swapped_in(games: tuple[Game, ...], i: int, j: int) -> tuple[Game, ...]:
    """Boards i and j (0-based) swap opponents, every A player keeping its colour."""
    out = list(games)
    out[i], out[j] = with_opponent(games[i], games[j].b_player), with_opponent(games[j], games[i].b_player)
    return tuple(out)


def reversed_in(games: tuple[Game, ...], i: int, j: int) -> tuple[Game, ...]:
    out = list(games)
    for k in (i, j):
        out[k] = Game(games[k].black, games[k].white)
    return tuple(out)


def kept(schedule: Schedule | None, match: Match) -> bool:
    assert schedule is not None
    verdict = verify(schedule, double=True, match=match)
    return verdict.ok and not verdict.relaxed and not verdict.requests


# --------------------------------------------------------------------------- the parts


@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    n=st.integers(min_value=3, max_value=9),
    rng=st.randoms(use_true_random=False),
    played=st.integers(min_value=0, max_value=6),
)
def test_a_double_round_part_keeps_rule_0_twice_over_and_is_never_worse(
    n: int, rng: random.Random, played: int
) -> None:
    # Freeing a few rounds' pairings, a window's colours or a few players' games of an image of the
    # construction, with some rounds played as it printed them: every answer meets each pair twice,
    # once with each colour, keeps rules 1-3, and has at most the image's breaks.
    grid = double_grid(n, rng)
    schedule = grid.to_schedule()
    match = Match(boards=n, double=True, played=tuple(PlayedRound(r + 1, schedule.rounds[r]) for r in range(played)))
    unplayed = list(range(played, grid.rounds))
    free = set(rng.sample(unplayed, min(3, len(unplayed))))
    colours = set(rng.sample(unplayed, min(4, len(unplayed))))
    players = {r: set(rng.sample(range(n), min(3, n))) for r in rng.sample(unplayed, min(4, len(unplayed)))}
    result = solve_part(match, grid, free, colours, Budget(10, 5, 1, 0), grid.breaks(), free_players=players)
    assert result.grid is not None, result.reason
    assert rules_kept(match, result.grid)
    assert kept(result.grid.to_schedule(), match)
    assert result.grid.breaks() <= grid.breaks()


def test_a_pair_meeting_twice_with_one_colour_breaks_rule_0_of_a_double_round() -> None:
    grid = double_grid(6, random.Random(1))
    match = Match(boards=6, double=True)
    assert rules_kept(match, grid)
    grid.white[1] = [not w for w in grid.white[1]]  # round 2 repeats round 1's games with round 1's colours
    assert not rules_kept(match, grid)
    assert not verify(grid.to_schedule(), double=True).ok


def test_a_part_whose_fixed_games_meet_a_pair_twice_with_one_colour_has_no_solution() -> None:
    grid = double_grid(6, random.Random(2))
    grid.white[1] = [not w for w in grid.white[1]]
    result = solve_part(Match(boards=6, double=True), grid, {5, 6}, set(), Budget(5, 5, 1, 0))
    assert result.status == "infeasible"


def test_a_double_round_pair_may_be_asked_to_meet_twice_but_not_three_times() -> None:
    twice = Match(boards=4, double=True, meets=(Meet(1, 1, 1), Meet(1, 1, 6)))
    assert obvious_conflict(twice) is None
    thrice = Match(boards=4, double=True, meets=(Meet(1, 1, 1), Meet(1, 1, 6), Meet(1, 1, 8)))
    assert obvious_conflict(thrice) == list(thrice.meets)
    assert obvious_conflict(Match(boards=4, meets=(Meet(1, 1, 1), Meet(1, 1, 3)))) is not None


# --------------------------------------------------------------------------- the designer


def deviated(n: int, seed: int, colours: bool) -> tuple[Match, int]:
    """An image of the construction with its first rounds played, the last of them deviating: two
    boards swapping opponents in the second round of a round pair (no paired schedule keeps that), or
    two games with colours reversed in the first round of one; and the construction's breaks."""
    rng = random.Random(seed)
    grid = double_grid(n, rng)
    schedule = grid.to_schedule()
    k = 2 * (n // 3) + (1 if colours else 2)
    rounds = [schedule.rounds[r] for r in range(k)]
    whites = [i for i, g in enumerate(rounds[-1]) if g.a_white]
    blacks = [i for i, g in enumerate(rounds[-1]) if not g.a_white]
    i, j = rng.choice(whites), rng.choice(blacks)
    rounds[-1] = reversed_in(rounds[-1], i, j) if colours else swapped_in(rounds[-1], i, j)
    played = tuple(PlayedRound(r + 1, games) for r, games in enumerate(rounds))
    return Match(boards=n, double=True, played=played), grid.breaks()


@pytest.mark.parametrize(("n", "seed", "colours"), [(10, 3, False), (9, 4, True)])
def test_a_deviating_played_round_is_repaired_reproducibly(n: int, seed: int, colours: bool) -> None:
    # Colours reversed in the first round of a round pair: designed as a paired double round (folded).
    # A wrong pairing in the second round: no paired schedule continues it (models/constructions/folding.py), and the
    # full model found nothing in 10 s from 12 boards on; the organisers' stage on the double round
    # answers.  Both reproducibly with one worker and a work limit.
    assert n >= DOUBLE_SCALE_BOARDS
    match, plain = deviated(n, seed, colours)
    params = DesignParams(time_limit=60, workers=1, work_limit=2)
    first, again = design_match(match, params), design_match(match, params)
    assert first.status in (Status.FEASIBLE, Status.OPTIMAL) and kept(first.schedule, match)
    assert first.schedule == again.schedule
    assert plain <= first.lower_bound <= first.breaks <= plain + 8
    assert any("paired double round" in message for message in first.messages) == colours


def test_below_the_stage_the_full_model_seeded_with_the_paired_answer_proves_it() -> None:
    # 5 boards, colours reversed in the first round of a round pair: the folded design answers in a
    # fifth of the time and the full model, seeded with it, proves its breaks optimal (the bound with
    # played rounds alone is lower).
    n = 5
    assert n < DOUBLE_SCALE_BOARDS
    match, plain = deviated(n, 1, colours=True)
    result = design_match(match, DesignParams(time_limit=30, workers=2))
    assert result.status is Status.OPTIMAL and kept(result.schedule, match)
    assert result.breaks is not None and result.breaks >= plain
    assert any("paired double round" in message for message in result.messages)


def test_a_double_round_played_as_an_image_with_later_requests_it_keeps_is_answered_by_that_image() -> None:
    # 40 boards, seed 0: the start kept the 26 played rounds but missed four requests (it looked at 16
    # of the 400 images of each variant reproducing them), and the folded design answered instead.
    match, source = played_then_requests(40, 0, double=True)
    result = design_match(match, DesignParams(time_limit=30, work_limit=5.0, workers=1, seed=0))
    assert result.schedule is not None
    verdict = verify(result.schedule, match=match)
    assert verdict.ok and not verdict.relaxed and not verdict.requests
    assert result.status is Status.OPTIMAL and result.breaks == verify(source, match=match).metrics.total_breaks
    assert result.messages[0].startswith("started from the direct construction for 40 boards (double round)")
    assert not any("folded" in message for message in result.messages)
