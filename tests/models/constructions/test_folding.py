"""Paired double rounds folded into single rounds (models/constructions/folding.py): the bijection, what it keeps, and
how an organiser's requests fold."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scale_cases import random_image

from scheveningen.models.constructions.equal import construct
from scheveningen.models.constructions.folding import fold, fold_match, unfold
from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import Avoid, ColourWish, Match, Meet, PlayedRound, RuleSettings
from scheveningen.models.domain.schedule import Colour, Game, Player, Schedule, Team
from scheveningen.solver.verify.verifier import verify


def player_breaks(schedule: Schedule) -> list[int]:
    grid = Grid.from_schedule(schedule)
    a_rows, b_rows = grid.colours()
    return [sum(row[r] == row[r + 1] for r in range(len(row) - 1)) for row in (*a_rows, *b_rows)]


@pytest.mark.parametrize("n", range(2, 17))
def test_both_double_round_constructions_are_paired(n: int) -> None:
    double = construct(n, double=True)
    assert double is not None
    single = fold(double)
    assert single is not None and unfold(single) == double
    assert verify(single).metrics.total_breaks == verify(double, double=True).metrics.total_breaks


@settings(max_examples=60, deadline=None, derandomize=True)
@given(n=st.integers(min_value=3, max_value=14), rng=st.randoms(use_true_random=False))
def test_unfolding_keeps_every_rule_and_each_players_breaks(n: int, rng: random.Random) -> None:
    # Any single round keeping rules 0 and 3 (here an image of the plain construction) unfolds to a
    # double round keeping rules 0-3 (rule 1 and the match total of rule 3 by construction), with
    # each player's breaks unchanged; folding gives it back.
    base = construct(n)
    assert base is not None
    single = random_image(base, rng)
    double = unfold(single)
    verdict = verify(double, double=True)
    assert verdict.ok and not verdict.relaxed, verdict.violations()
    assert player_breaks(double) == player_breaks(single)
    assert fold(double) == single


def test_a_double_round_whose_round_pair_differs_does_not_fold() -> None:
    double = construct(6, double=True)
    assert double is not None
    rounds = list(double.rounds)
    rounds[1], rounds[3] = rounds[3], rounds[1]
    assert fold(Schedule(6, tuple(rounds))) is None


def requests_from(double: Schedule, rng: random.Random, count: int) -> Match:
    """``count`` meet, avoid and colour requests read off ``double``, and its first rounds played."""
    n = double.boards
    meets, avoids, colours = [], [], []
    for index in range(count):
        r = rng.randrange(1, 2 * n + 1)
        game = double.rounds[r - 1][rng.randrange(n)]
        a, b = game.a_player.number, game.b_player.number
        if index % 3 == 0:
            meets.append(Meet(a, b, r, rng.choice((None, Team.A if game.a_white else Team.B))))
        elif index % 3 == 1:  # another opponent than the one a meets in round r
            avoids.append(Avoid(a, b % n + 1, (r,)))
        else:
            player = rng.choice((game.white, game.black))
            colours.append(ColourWish(player, r, Colour.WHITE if player == game.white else Colour.BLACK))
    played = tuple(PlayedRound(r, double.rounds[r - 1]) for r in range(1, rng.randrange(0, 2 * n) + 1))
    return Match(boards=n, double=True, meets=tuple(meets), avoids=tuple(avoids), colours=tuple(colours), played=played)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(n=st.integers(min_value=3, max_value=12), rng=st.randoms(use_true_random=False))
def test_requests_kept_by_a_paired_double_round_are_kept_by_its_fold(n: int, rng: random.Random) -> None:
    # Requests read off a paired double round (and any number of its rounds played, odd counts
    # included) fold to a single-round match that the fold keeps, with rules 1 and 2 free; and the
    # double round keeps them, so folding loses no paired schedule.
    base = construct(n)
    assert base is not None
    double = unfold(random_image(base, rng))
    match = requests_from(double, rng, max(1, n // 2))
    assert verify(double, double=True, match=match).requests == ()
    folded = fold_match(match)
    assert folded is not None and not folded.double
    assert folded.rules == RuleSettings(colour_balance=False, max_run=0)
    single = fold(double)
    assert single is not None
    verdict = verify(single, match=folded)
    assert verdict.requests == () and not verdict.relaxed


def test_requests_no_paired_schedule_keeps_fold_to_nothing() -> None:
    a1, b1 = Player(Team.A, 1), Player(Team.B, 1)
    # One player White in both rounds of a round pair (rounds 3 and 4).
    both_white = (ColourWish(a1, 3, Colour.WHITE), ColourWish(a1, 4, Colour.WHITE))
    assert fold_match(Match(boards=4, double=True, colours=both_white)) is None
    # White in round 3 and Black in round 4 is a phase, and folds.
    alternating = (ColourWish(a1, 3, Colour.WHITE), ColourWish(a1, 4, Colour.BLACK))
    assert fold_match(Match(boards=4, double=True, colours=alternating)) is not None
    # A pair to meet in two different round pairs (rounds 1 and 5), or twice with A1 White in one pair.
    assert fold_match(Match(boards=4, double=True, meets=(Meet(1, 1, 1), Meet(1, 1, 5)))) is None
    assert fold_match(Match(boards=4, double=True, meets=(Meet(1, 1, 1, Team.A), Meet(1, 1, 2, Team.A)))) is None
    assert fold_match(Match(boards=4, double=True, meets=(Meet(1, 1, 1, Team.A), Meet(1, 1, 2, Team.B)))) is not None
    # Runs of one colour only (max_run = 1): a paired schedule has runs of two.
    runs = Match(boards=4, double=True, rules=RuleSettings(max_run=1), colours=(ColourWish(b1, 1, Colour.WHITE),))
    assert fold_match(runs) is None
    assert fold_match(Match(boards=4, colours=(ColourWish(b1, 1, Colour.WHITE),))) is None  # not a double round


def test_a_played_round_pair_with_a_wrong_pairing_does_not_fold() -> None:
    double = construct(6, double=True)
    assert double is not None
    second = list(double.rounds[1])
    g0, g1 = second[0], second[1]

    def with_opponent(game: Game, b: Player) -> Game:
        return Game(game.a_player, b) if game.a_white else Game(b, game.a_player)

    second[0], second[1] = with_opponent(g0, g1.b_player), with_opponent(g1, g0.b_player)
    played = (PlayedRound(1, double.rounds[0]), PlayedRound(2, tuple(second)))
    assert fold_match(Match(boards=6, double=True, played=played)) is None
    # The same pairing in the first round of a pair folds: it is round 1 of the fold as played.
    first = (PlayedRound(1, tuple(second)),)
    folded = fold_match(Match(boards=6, double=True, played=first))
    assert folded is not None and folded.played[0].games == tuple(second)


def test_folded_rules_keep_board_balance_and_free_rules_1_and_2() -> None:
    match = Match(boards=6, double=True, rules=RuleSettings(board_balance=False, max_run=3), meets=(Meet(1, 2, 3),))
    folded = fold_match(match)
    assert folded is not None
    assert folded.rules == RuleSettings(colour_balance=False, max_run=0, board_balance=False)
    assert folded.meets == (Meet(1, 2, 2),)
