"""The large-neighbourhood search (solver/scale/lns/): the part model, the repair, the search and the
pieces they are made of, each answer checked by the verifier.  Small sizes: a few seconds in all."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import ColourWish, Match, Meet, PlayedRound
from scheveningen.models.domain.schedule import Colour, Game, Player, Team
from scheveningen.solver.scale.lns.budget import Budget, spent, work_cap
from scheveningen.solver.scale.lns.damage import damaged_rounds, flipped_players, with_played
from scheveningen.solver.scale.lns.exchange import can_meet_everyone, swap_roles
from scheveningen.solver.scale.lns.improve import improve
from scheveningen.solver.scale.lns.neighbourhoods import choose, players_games
from scheveningen.solver.scale.lns.part import solve_part
from scheveningen.solver.scale.lns.repair import repair, repair_deviation_and_requests, repair_played_first
from scheveningen.solver.scale.lns.rules import row_keeps_rules, rules_kept
from scheveningen.solver.scale.start import bases
from scheveningen.solver.verify.verifier import verify

N = 12
INF = float("inf")


def design(n: int = N) -> Grid:
    """The best design of ``n`` boards as a grid (every rule kept)."""
    return bases(Match(boards=n))[0][1].copy()


def kept(grid: Grid, match: Match) -> bool:
    """The verifier's word: every rule and every request kept, nothing relaxed."""
    verdict = verify(grid.to_schedule(), match=match)
    return verdict.ok and not verdict.relaxed and not verdict.requests


def missed_requests(grid: Grid) -> Match:
    """A match whose requests ``grid`` does not keep: A1 meets another B player in round 1, and A2
    has the other colour in round 3."""
    b = (grid.opp[0][0] + 1) % grid.n
    colour = Colour.BLACK if grid.white[2][1] else Colour.WHITE
    return Match(
        boards=grid.n,
        meets=(Meet(a=1, b=b + 1, round=1),),
        colours=(ColourWish(Player(Team.A, 2), 3, colour),),
    )


def played_with_colours_reversed(grid: Grid, k: int) -> Match:
    """The first ``k`` rounds of ``grid`` played, the last with the colours of two games reversed: the
    first where A has White and the first where A has Black (so the round stays in board balance)."""
    schedule = grid.to_schedule()
    rounds = [list(games) for games in schedule.rounds[:k]]
    for a_white in (True, False):
        i = next(i for i, game in enumerate(rounds[-1]) if game.a_white is a_white)
        rounds[-1][i] = Game(rounds[-1][i].black, rounds[-1][i].white)
    return Match(boards=grid.n, played=tuple(PlayedRound(r + 1, tuple(games)) for r, games in enumerate(rounds)))


# --------------------------------------------------------------------------- rules


def test_the_rules_check_agrees_with_the_verifier_on_a_design_and_a_broken_grid() -> None:
    grid = design()
    match = Match(boards=N)
    assert rules_kept(match, grid) and kept(grid, match)
    broken = grid.copy()
    broken.white[4][0] = not broken.white[4][0]  # round 5 out of board balance
    assert not rules_kept(match, broken) and not kept(broken, match)


def test_a_row_keeps_rules_1_and_2_only_when_balanced_and_without_long_runs() -> None:
    assert row_keeps_rules([True, False, True, False], colour_balance=True, max_run=2)
    assert not row_keeps_rules([True, True, True, False], colour_balance=False, max_run=2)
    assert not row_keeps_rules([True, True, False, True, True, True], colour_balance=False, max_run=2, first=3)
    assert row_keeps_rules([True, True, True, False, False, False], colour_balance=True, max_run=0)
    assert not row_keeps_rules([True, True, False, True], colour_balance=True, max_run=2)


# --------------------------------------------------------------------------- the part model


def test_a_part_changes_only_its_freed_rounds_and_keeps_every_rule() -> None:
    grid = design()
    match = Match(boards=N)
    free, colours = {3, 4, 5}, {2, 3, 4, 5, 6}
    result = solve_part(match, grid, free, colours, Budget(10, 2.0, 1, 0), grid.breaks())
    assert result.grid is not None and result.status in ("optimal", "feasible")
    for r in range(N):
        if r not in free:
            assert result.grid.opp[r] == grid.opp[r]
        if r not in free | colours:
            assert result.grid.white[r] == grid.white[r]
    assert result.grid.breaks() <= grid.breaks()
    assert kept(result.grid, match)


def test_a_part_keeps_a_requested_meeting_in_a_freed_round() -> None:
    grid = design()
    b = (grid.opp[3][0] + 1) % N  # A1 meets another B player in round 4 than the design's, with Black
    match = Match(boards=N, meets=(Meet(a=1, b=b + 1, round=4, white=Team.B),))
    met = next(r for r in range(N) if grid.opp[r][0] == b)
    free = {2, 3, 4, 5, met}
    result = solve_part(match, grid, free, set(), Budget(10, 2.0, 1, 0))
    assert result.grid is not None
    assert result.grid.opp[3][0] == b and not result.grid.white[3][0]
    assert all(result.grid.opp[r] == grid.opp[r] for r in range(N) if r not in free)
    assert kept(result.grid, match)


def test_a_part_whose_fixed_colours_run_too_long_has_no_solution() -> None:
    grid = design()
    for r in range(3):
        grid.white[r][0] = True  # A1 White three rounds running, none of them freed
    result = solve_part(Match(boards=N), grid, {6, 7}, set(), Budget(10, 1.0, 1, 0))
    assert result.grid is None and result.status == "infeasible"
    assert result.reason == "a fixed run of one colour is too long"


def test_a_part_with_every_colour_kept_changes_no_colour_and_no_break() -> None:
    grid = design()
    match = Match(boards=N)
    result = solve_part(match, grid, set(range(4, 10)), set(), Budget(10, 2.0, 1, 0), colour_players=(set(), set()))
    assert result.grid is not None
    assert result.grid.colours() == grid.colours() and result.grid.breaks() == grid.breaks()
    assert kept(result.grid, match)


# --------------------------------------------------------------------------- the repair


def test_the_repair_makes_a_schedule_keep_requests_it_did_not() -> None:
    grid = design()
    match = missed_requests(grid)
    assert not rules_kept(match, grid) and not kept(grid, match)
    repaired, work = repair(match, grid, INF, 2.0, 1, 0)
    assert repaired is not None and work > 0
    assert rules_kept(match, repaired) and kept(repaired, match)


def test_the_repair_continues_a_deviating_played_round_with_every_rule_kept() -> None:
    grid = design()
    match = played_with_colours_reversed(grid, 4)
    repaired, _work = repair(match, grid, INF, 2.0, 1, 0)
    assert repaired is not None and kept(repaired, match)
    played = with_played(match, grid)
    assert repaired.opp[:4] == played.opp[:4] and repaired.white[:4] == played.white[:4]


def deviation_and_requests(grid: Grid) -> Match:
    """The first 4 rounds of ``grid`` played, the last with two games' colours reversed, and requests
    the schedule mended for the played rounds keeps and ``grid`` does not: two of the games that repair
    changed, as meetings with their colours, and a colour wish far from the deviation."""
    alone = played_with_colours_reversed(grid, 4)
    mended, _work = repair(alone, grid, INF, 2.0, 1, 0)
    assert mended is not None
    changed = [
        (r, a)
        for r in range(4, N)
        for a in range(N)
        if (mended.opp[r][a], mended.white[r][a]) != (grid.opp[r][a], grid.white[r][a])
    ]
    meets = tuple(
        Meet(a=a + 1, b=mended.opp[r][a] + 1, round=r + 1, white=Team.A if mended.white[r][a] else Team.B)
        for r, a in changed[:: max(1, len(changed) // 2)][:2]
    )
    wish = ColourWish(Player(Team.A, 1), N, Colour.WHITE if mended.white[N - 1][0] else Colour.BLACK)
    match = replace(alone, meets=meets, colours=(wish,))
    assert len(meets) == 2 and not kept(with_played(match, grid), match)
    return match


def test_a_deviation_and_requests_the_image_misses_are_mended_in_turn_keeping_both() -> None:
    grid = design()
    match = deviation_and_requests(grid)
    found, work = repair_played_first(match, grid, INF, 2.0, 1, 0)
    assert found is not None and work > 0 and kept(found, match)
    played = with_played(match, grid)
    assert found.opp[:4] == played.opp[:4] and found.white[:4] == played.white[:4]


def test_a_deviation_and_requests_take_the_repair_at_once_when_near_the_image_else_the_better() -> None:
    grid = design()
    match = deviation_and_requests(grid)
    found, in_turn, work = repair_deviation_and_requests(match, grid, INF, 2.0, 1, 0)
    assert found is not None and work > 0 and kept(found, match)
    # the same sub-repairs with the same work (one worker, a work limit: the same answers)
    at_once, used = repair(match, grid, INF, 0.8, 1, 0)
    flipped = flipped_players(match, grid, with_played(match, grid))
    if at_once is not None and at_once.breaks() <= grid.breaks() + 2 * (len(flipped[0]) + len(flipped[1])):
        assert not in_turn and found == at_once
    else:
        turned, _work = repair_played_first(match, grid, INF, 2.0 - used, 1, 0)
        best = min((g for g in (at_once, turned) if g is not None), key=lambda g: g.breaks())
        assert found.breaks() == best.breaks()


def test_with_one_worker_and_a_work_limit_the_repair_gives_the_same_schedule_twice() -> None:
    grid = design()
    match = played_with_colours_reversed(grid, 4)
    first, _ = repair(match, grid, INF, 1.0, 1, 3)
    again, _ = repair(match, grid, INF, 1.0, 1, 3)
    assert first is not None and first == again


# --------------------------------------------------------------------------- the search


def test_the_search_never_increases_the_breaks_and_keeps_every_request() -> None:
    start = design()
    for r in (1, 2):  # every game of rounds 2 and 3 with colours reversed: every rule kept, 48 breaks more
        start.white[r] = [not white for white in start.white[r]]
    colour = Colour.WHITE if start.white[1][1] else Colour.BLACK
    match = Match(
        boards=N,
        meets=(Meet(a=1, b=start.opp[5][0] + 1, round=6),),
        colours=(ColourWish(Player(Team.A, 2), 2, colour),),
    )
    assert kept(start, match)
    accepted: list[int] = []

    def accept(candidate: Grid) -> bool:
        accepted.append(candidate.breaks())
        return kept(candidate, match)

    best, log = improve(match, start, INF, 0.5, 1, 0, 0, accept)
    assert log.improvements > 0 and best.breaks() < start.breaks() and kept(best, match)
    assert all(b < a for a, b in zip([start.breaks(), *accepted], accepted, strict=False))
    assert [breaks for _seconds, breaks in log.history] == accepted


def test_the_search_stops_at_once_at_its_lower_bound() -> None:
    grid = design()
    best, log = improve(Match(boards=N), grid, INF, 1.0, 1, 0, grid.breaks())
    assert best is grid and log.iterations == 0


# --------------------------------------------------------------------------- the pieces


@pytest.mark.parametrize("played", [0, 4])
def test_a_neighbourhood_never_frees_a_played_round(played: int) -> None:
    grid = design()
    rng = random.Random(5)
    size = {"rounds": 3, "colours": 6, "players": 4, "pairings": 6}
    kinds: set[str] = set()
    for _ in range(60):
        step = choose(rng, grid, played, size)
        kinds.add(step.kind)
        assert all(played <= r < N for r in step.free | step.colours | set(step.games))
        assert (step.colour_players is not None) == (step.kind == "pairings")
    assert kinds == {"rounds", "players", "colours", *(["pairings"] if played else [])}


def test_a_players_neighbourhood_frees_every_game_of_its_players() -> None:
    grid = design()
    games = players_games(grid, list(range(N)), {0}, {5})
    for r, chosen in games.items():
        assert 0 in chosen and grid.inverse(r)[5] in chosen


def test_colours_reversed_in_a_played_round_flip_their_players_and_damage_no_round() -> None:
    grid = design()
    match = played_with_colours_reversed(grid, 4)
    current = with_played(match, grid)
    reversed_boards = [a for a in range(N) if current.white[3][a] != grid.white[3][a]]
    assert len(reversed_boards) == 2
    assert flipped_players(match, grid, current) == (set(reversed_boards), {grid.opp[3][a] for a in reversed_boards})
    assert damaged_rounds(match, current) == set()


def test_a_swap_of_opponents_damages_the_rounds_where_the_new_pairs_meet_again() -> None:
    grid = design()
    swapped = grid.copy()
    swapped.opp[0][0], swapped.opp[0][1] = grid.opp[0][1], grid.opp[0][0]
    again = {r for r in range(1, N) for a, b in ((0, grid.opp[0][1]), (1, grid.opp[0][0])) if grid.opp[r][a] == b}
    assert damaged_rounds(Match(boards=N), swapped) == again | {0}


def test_two_team_mates_exchanging_their_games_twice_is_no_change() -> None:
    grid = design()
    once = swap_roles(grid, range(3, N), {2, 7}, set())
    assert once != grid
    assert swap_roles(once, range(3, N), {2, 7}, set()) == grid


def test_a_player_can_meet_everyone_only_with_a_round_of_opposite_colours_for_each() -> None:
    own = [True, False, True, False]
    assert can_meet_everyone(own, [[False] * 4, [True] * 4], set(), 0)
    assert not can_meet_everyone(own, [[True, True, True, False], [True, True, True, False]], set(), 0)
    assert can_meet_everyone(own, [[True, True, True, False], [True, True, True, False]], {0}, 0)


def test_a_sub_solve_never_gets_more_work_than_is_left() -> None:
    assert work_cap(0.5, None, 10.0) == 0.5
    assert work_cap(0.5, 1.0, 0.8) == pytest.approx(0.2)
    assert work_cap(0.5, 1.0, 1.5) == 0.001
    assert spent(0.0, None, 0.0) and spent(1.0, 1.0, 1.0) and not spent(1.0, 2.0, 1.0)
