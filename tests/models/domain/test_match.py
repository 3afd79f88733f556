"""Organisers' matches: requests kept, rules relaxed only when forced, impossible requests explained minimally."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from scheveningen.models.domain.match import Avoid, ColourWish, Match, MatchError, Meet, PlayedRound, RuleSettings
from scheveningen.models.domain.rules import Rule
from scheveningen.models.domain.schedule import Colour, Player, Schedule, Team
from scheveningen.solver.design import DesignParams, Status, design_match, minimal_conflict
from scheveningen.solver.verify.verifier import check_requests, verify

FAST = DesignParams(time_limit=3, workers=2)


def _game(schedule: Schedule, r: int, player: Player):  # type: ignore[no-untyped-def]
    return next(g for g in schedule.rounds[r - 1] if player in (g.white, g.black))


def _feasible(match: Match) -> bool:
    """An independent yes/no: can the match's requests and switched-on rules all hold?"""
    result = design_match(replace(match, rules=replace(match.rules, objective="none")), DesignParams(strict=True))
    return result.status is not Status.INFEASIBLE


# --------------------------------------------------------------------------- each request alone


def test_meet_with_white_is_kept() -> None:
    match = Match(boards=6, meets=(Meet(a=3, b=5, round=2, white=Team.B),))
    result = design_match(match, FAST)
    assert result.schedule is not None
    game = _game(result.schedule, 2, Player(Team.A, 3))
    assert game.b_player == Player(Team.B, 5) and game.white == Player(Team.B, 5)
    assert result.relaxed == {}


def test_avoid_is_kept() -> None:
    match = Match(boards=5, avoids=(Avoid(a=1, b=1, rounds=(1, 2, 3, 4)),))
    result = design_match(match, FAST)
    assert result.schedule is not None
    game = _game(result.schedule, 5, Player(Team.A, 1))
    assert game.b_player == Player(Team.B, 1)  # the only round left for that pair


def test_colour_wish_is_kept() -> None:
    wishes = (ColourWish(Player(Team.B, 2), 1, Colour.WHITE), ColourWish(Player(Team.A, 4), 3, Colour.BLACK))
    result = design_match(Match(boards=4, colours=wishes), FAST)
    assert result.schedule is not None
    assert _game(result.schedule, 1, Player(Team.B, 2)).white == Player(Team.B, 2)
    assert _game(result.schedule, 3, Player(Team.A, 4)).black == Player(Team.A, 4)


def test_played_rounds_are_kept_exactly_and_the_rest_designed_around_them() -> None:
    first = design_match(Match(boards=6), FAST)
    assert first.schedule is not None
    played = tuple(PlayedRound(r, first.schedule.rounds[r - 1]) for r in (1, 2))
    # Mid-match repair: after two rounds an organiser asks that A1 meets B6 in round 3.
    met = {_game(first.schedule, r, Player(Team.A, 1)).b_player.number for r in (1, 2, 3)}
    wish = Meet(a=1, b=max(set(range(1, 7)) - met), round=3)
    repaired = design_match(Match(boards=6, played=played, meets=(wish,)), FAST)
    assert repaired.schedule is not None
    assert repaired.schedule.rounds[:2] == first.schedule.rounds[:2]
    assert _game(repaired.schedule, 3, Player(Team.A, 1)).b_player == Player(Team.B, wish.b)
    assert repaired.verdict is not None and repaired.verdict.ok


def test_mixed_requests_are_all_kept() -> None:
    match = Match(
        boards=6,
        meets=(Meet(3, 5, 2, Team.A), Meet(1, 2, 1)),
        avoids=(Avoid(2, 2, (1, 2)),),
        colours=(ColourWish(Player(Team.B, 4), 6, Colour.BLACK),),
    )
    result = design_match(match, FAST)
    assert result.schedule is not None and result.verdict is not None
    assert check_requests(result.schedule, match) == []
    assert result.verdict.ok and result.relaxed == {}


# --------------------------------------------------------------------------- relaxation


def test_relaxation_happens_only_when_the_strict_model_is_infeasible_and_goes_in_priority_order() -> None:
    # Three whites running for A1 break rule 2, and 3 whites of 4 break rule 1.
    wishes = tuple(ColourWish(Player(Team.A, 1), r, Colour.WHITE) for r in (1, 2, 3))
    match = Match(boards=4, colours=wishes)
    assert design_match(match, DesignParams(time_limit=10, strict=True)).status is Status.INFEASIBLE
    result = design_match(match, FAST)
    assert result.schedule is not None
    # Rule 1 as little as it can be (A1's 3 whites of 4), then rule 2 only by A1's own forced run,
    # paid for on rule 3, the lowest priority (tests/solver/design/test_relax.py checks this against
    # an exhaustive search).
    assert result.relaxed == {Rule.COLOUR_BALANCE: 2, Rule.NO_THREE_IN_A_ROW: 1, Rule.BOARD_BALANCE: 2}
    assert result.unproven == frozenset()
    assert any("relaxed" in m for m in result.messages)
    # The verifier accepts exactly the declared relaxation.
    assert result.verdict is not None and result.verdict.ok


def test_feasible_requests_relax_nothing() -> None:
    result = design_match(Match(boards=4, colours=(ColourWish(Player(Team.A, 1), 1, Colour.BLACK),)), FAST)
    assert result.relaxed == {}


def test_switched_off_rules_are_not_checked() -> None:
    wishes = tuple(ColourWish(Player(Team.A, 1), r, Colour.WHITE) for r in (1, 2, 3))
    match = Match(boards=4, colours=wishes, rules=RuleSettings(colour_balance=False, max_run=3))
    result = design_match(match, FAST)
    assert result.relaxed == {}
    assert result.verdict is not None and result.verdict.rules[Rule.COLOUR_BALANCE].status == "off"


# --------------------------------------------------------------------------- impossible requests


def test_two_meetings_in_one_round_are_explained_minimally() -> None:
    match = Match(boards=6, meets=(Meet(1, 2, 1), Meet(1, 3, 1), Meet(4, 4, 4)))
    result = design_match(match, FAST)
    assert result.status is Status.INFEASIBLE and result.schedule is None
    assert set(result.explanation) == {"meet A1-B2 in round 1", "meet A1-B3 in round 1"}


def test_strict_explanations_name_the_rules_too() -> None:
    wishes = tuple(ColourWish(Player(Team.A, 1), r, Colour.WHITE) for r in (1, 2, 3))
    result = design_match(Match(boards=4, colours=wishes), DesignParams(time_limit=10, strict=True))
    assert result.status is Status.INFEASIBLE
    assert any(line.startswith("rule ") for line in result.explanation)


def _random_requests(rng: random.Random, n: int, count: int) -> tuple[tuple[Meet, ...], tuple[ColourWish, ...]]:
    meets, colours = [], []
    for _ in range(count):
        if rng.random() < 0.5:
            meets.append(Meet(rng.randint(1, n), rng.randint(1, n), rng.randint(1, n)))
        else:
            player = Player(rng.choice([Team.A, Team.B]), rng.randint(1, n))
            colours.append(ColourWish(player, rng.randint(1, n), rng.choice([Colour.WHITE, Colour.BLACK])))
    return tuple(meets), tuple(colours)


@pytest.mark.parametrize("seed", range(6))
def test_explanations_are_minimal_on_random_impossible_requests(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.choice([4, 5])
    meets, colours = _random_requests(rng, n, 3 * n)
    match = Match(boards=n, meets=meets, colours=colours)
    core = minimal_conflict(match, strict=False, params=FAST, deadline=__import__("time").monotonic() + 30)
    if not core:
        pytest.skip("these random requests can all hold")
    assert not _feasible(_with_requests(match, core))
    for dropped in core:
        assert _feasible(_with_requests(match, [c for c in core if c is not dropped]))


def _with_requests(match: Match, requests: list) -> Match:  # type: ignore[type-arg]
    return replace(
        match,
        rules=RuleSettings(colour_balance=False, max_run=0, board_balance=False),
        meets=tuple(r for r in requests if isinstance(r, Meet)),
        avoids=tuple(r for r in requests if isinstance(r, Avoid)),
        colours=tuple(r for r in requests if isinstance(r, ColourWish)),
        played=tuple(r for r in requests if isinstance(r, PlayedRound)),
    )


# --------------------------------------------------------------------------- seeded random specs


@pytest.mark.parametrize("seed", range(8))
def test_random_feasible_specs_verify(seed: int) -> None:
    # Requests drawn from a valid schedule can all hold; the designer must keep them all.
    rng = random.Random(1000 + seed)
    n = rng.choice([4, 5, 7, 8])
    base = verify(design_match(Match(boards=n), DesignParams(time_limit=5, workers=1, seed=seed)).schedule)  # type: ignore[arg-type]
    games = list(base.schedule.games())
    picks = rng.sample(games, k=min(len(games), n))
    meets = tuple(
        Meet(g.a_player.number, g.b_player.number, r, rng.choice([None, g.white.team])) for r, _k, g in picks[: n // 2]
    )
    colours = tuple(
        ColourWish(g.white, r, Colour.WHITE) if rng.random() < 0.5 else ColourWish(g.black, r, Colour.BLACK)
        for r, _k, g in picks[n // 2 :]
    )
    # Only feasibility is at stake here, so the search stops at the first schedule.
    match = Match(boards=n, meets=meets, colours=colours, rules=RuleSettings(objective="none"))
    result = design_match(match, DesignParams(time_limit=10, workers=2, seed=seed))
    assert result.schedule is not None and result.verdict is not None
    assert result.verdict.ok
    assert check_requests(result.schedule, match) == []


# --------------------------------------------------------------------------- unequal teams


@pytest.mark.parametrize(("p", "q", "k"), [(6, 5, 5), (5, 6, 5), (6, 4, 4), (4, 6, 3), (3, 4, 2)])
def test_unequal_teams_meet_everyone_once_and_sit_out_in_turn(p: int, q: int, k: int) -> None:
    match = Match(boards=k, size_a=p, size_b=q)
    # the structure is what is checked, not the fewest breaks: a short search is enough
    result = design_match(match, DesignParams(time_limit=1, workers=2))
    assert result.schedule is not None and result.verdict is not None
    assert result.schedule.n_rounds == p * q // k
    assert result.verdict.ok, result.verdict.violations()[:3]
    sat_out = {player: 0 for player in result.schedule.all_players()}
    for games in result.schedule.rounds:
        assert len(games) == k
        playing = {x for g in games for x in (g.white, g.black)}
        for player in sat_out:
            sat_out[player] += player not in playing
    for team in (Team.A, Team.B):
        counts = {c for player, c in sat_out.items() if player.team is team}
        assert len(counts) == 1


def test_unequal_teams_need_a_whole_number_of_rounds() -> None:
    with pytest.raises(MatchError, match="not a whole number of rounds"):
        Match(boards=3, size_a=5, size_b=5)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"meets": (Meet(7, 1, 1),)}, "A7 is not a player"),
        ({"meets": (Meet(1, 1, 7),)}, "round 7 is out of range"),
        ({"avoids": (Avoid(1, 1, ()),)}, "must list at least one round"),
        ({"colours": (ColourWish(Player(Team.B, 9), 1, Colour.WHITE),)}, "B9 is not a player"),
        ({"size_a": 5}, "fewer than the 6 boards"),
    ],
)
def test_bad_matches_name_the_problem(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(MatchError, match=message):
        Match(boards=6, **kwargs)  # type: ignore[arg-type]
