"""Impossible requests and forced relaxations at scale (solver/scale/conflicts.py, solver/scale/recolour.py,
issue 10)."""

from __future__ import annotations

import itertools
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scheveningen.models.constructions.equal import construct
from scheveningen.models.domain.match import Avoid, ColourWish, Match, Meet, PlayedRound, Request
from scheveningen.models.domain.rules import Rule
from scheveningen.models.domain.schedule import Colour, Game, Player, Schedule, Team
from scheveningen.solver.design import DesignParams, Status, design_match, minimal_conflict
from scheveningen.solver.scale.conflicts import hall_violation, least_board_excess, least_excess, pairing_conflict
from scheveningen.solver.verify.verifier import rule_excess, verify

FAST = DesignParams(time_limit=20, work_limit=0.5, workers=1)


def white(team: Team, p: int, r: int) -> ColourWish:
    return ColourWish(Player(team, p), r, Colour.WHITE)


def explained(match: Match, strict: bool = False) -> tuple[str, ...]:
    result = design_match(match, DesignParams(time_limit=20, workers=1, strict=strict))
    assert result.status is Status.INFEASIBLE and result.schedule is None
    return result.explanation


def names(requests: list[Request]) -> set[str]:
    return {request.describe() for request in requests}


# --------------------------------------------------------------------------- the counting itself


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(1, 5).flatmap(lambda n: st.lists(st.integers(0, (1 << n) - 1), min_size=n, max_size=n)))
def test_hall_violation_finds_exactly_the_graphs_without_a_perfect_matching(adj: list[int]) -> None:
    n = len(adj)
    perfect = any(all(adj[u] >> v & 1 for u, v in enumerate(p)) for p in itertools.permutations(range(n)))
    found = hall_violation(adj)
    assert (found is None) == perfect
    if found is not None:  # a Hall set: its neighbours are all in the mask, and fewer than it
        left, reached = found
        neighbours = 0
        for u in left:
            neighbours |= adj[u]
        assert neighbours & ~reached == 0 and bin(reached).count("1") < len(set(left))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    st.integers(2, 5).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.tuples(st.integers(0, n), st.integers(0, n)).map(sorted), min_size=2, max_size=4),
        )
    )
)
def test_least_board_excess_is_the_minimum_over_every_choice(case: tuple[int, list[list[int]]]) -> None:
    n, ranges = case
    low, high, total = n // 2, (n + 1) // 2, n * len(ranges)
    best = min(
        sum(max(0, low - w, w - high) for w in choice) + max(0, abs(2 * sum(choice) - total) - 1)
        for choice in itertools.product(*(range(lo, hi + 1) for lo, hi in ranges))
    )
    assert least_board_excess(n, [(lo, hi) for lo, hi in ranges]) == best


def test_whites_past_half_need_one_more_player_out_of_balance_when_n_is_even() -> None:
    # 9 Whites of 16 for A1: with rule 3, team A's whites total 128, so another A player has 7.
    even = Match(boards=16, colours=tuple(white(Team.A, 1, r) for r in (1, 2, 4, 6, 8, 10, 12, 14, 16)))
    assert least_excess(even) == {Rule.COLOUR_BALANCE: 2}
    odd = Match(boards=15, colours=tuple(white(Team.A, 1, r) for r in (1, 2, 4, 6, 8, 10, 12, 14, 15)))
    assert least_excess(odd) == {Rule.COLOUR_BALANCE: 1}


# --------------------------------------------------------------------------- impossible requests


def test_an_avoid_covering_every_round_is_named_alone() -> None:
    avoid = Avoid(3, 5, tuple(range(1, 15)))
    match = Match(boards=14, avoids=(avoid,), meets=(Meet(1, 1, 2),))
    assert explained(match) == (avoid.describe(),)


def test_an_avoid_and_a_meeting_leaving_a_pair_no_round() -> None:
    avoid, meet = Avoid(2, 4, tuple(r for r in range(1, 15) if r != 6)), Meet(2, 7, 6)
    match = Match(boards=14, avoids=(avoid,), meets=(meet, Meet(9, 9, 1)))
    assert set(explained(match)) == names([avoid, meet])


def test_two_players_wished_the_same_colour_cannot_meet() -> None:
    meet = Meet(4, 6, 3)
    wishes = (white(Team.A, 4, 3), white(Team.B, 6, 3), white(Team.B, 1, 5))
    match = Match(boards=13, meets=(meet,), colours=wishes)
    assert set(explained(match)) == names([meet, *wishes[:2]])


def test_a_round_pinned_but_for_one_pair_that_meets_elsewhere() -> None:
    n = 12
    design = construct(n)
    assert design is not None
    games = design.rounds[4]
    meets = [Meet(g.a_player.number, g.b_player.number, 5) for g in games[1:]]
    moved = Meet(games[0].a_player.number, games[0].b_player.number, 9)
    match = Match(boards=n, meets=(*meets, moved))
    assert set(explained(match)) == names([*meets, moved])  # every one is needed


def test_more_white_wishes_in_a_round_than_games() -> None:
    n = 12
    wishes = [white(Team.A, a, 7) for a in range(1, n + 1)] + [white(Team.B, 3, 7)]
    match = Match(boards=n, colours=tuple(wishes))
    assert set(explained(match)) == names(wishes)


def test_played_rounds_repeating_a_pair_and_a_meeting_against_them() -> None:
    n = 14
    design = construct(n)
    assert design is not None
    first, second = design.rounds[0], list(design.rounds[1])
    # Round 2 as played gives A1 round 1's opponent again (swapping two boards' opponents).
    j = next(k for k, g in enumerate(second) if g.b_player == first[0].b_player)

    def with_b(game: Game, b: Player) -> Game:
        return Game(game.white, b) if game.white.team is Team.A else Game(b, game.black)

    second[0], second[j] = with_b(second[0], second[j].b_player), with_b(second[j], second[0].b_player)
    played = (PlayedRound(1, first), PlayedRound(2, tuple(second)))
    assert set(explained(Match(boards=n, played=played))) == names(list(played))
    meet = Meet(first[3].a_player.number, first[3].b_player.number, 8)
    assert set(explained(Match(boards=n, played=played[:1], meets=(meet,)))) == names([played[0], meet])


def test_every_conflict_found_is_minimal() -> None:
    wishes = [white(Team.A, a, 2) for a in range(1, 13)] + [white(Team.B, 5, 2)]
    for match in (
        Match(boards=12, colours=tuple(wishes)),
        Match(boards=12, avoids=(Avoid(1, 1, tuple(range(1, 12))),), meets=(Meet(1, 2, 12),)),
    ):
        core = pairing_conflict(match)
        assert core is not None
        for dropped in core:
            rest = [request for request in core if request is not dropped]
            smaller = Match(
                boards=12,
                meets=tuple(r for r in rest if isinstance(r, Meet)),
                avoids=tuple(r for r in rest if isinstance(r, Avoid)),
                colours=tuple(r for r in rest if isinstance(r, ColourWish)),
            )
            assert pairing_conflict(smaller) is None


def test_requests_that_can_hold_are_not_called_impossible() -> None:
    design = construct(13)
    assert design is not None
    # Requests drawn from one valid schedule: meetings, the colours of a whole round, avoids of other rounds.
    games = design.rounds[3]
    meets = tuple(Meet(g.a_player.number, g.b_player.number, 4) for g in games[:6])
    wishes = tuple(ColourWish(g.white, 4, Colour.WHITE) for g in games)
    avoids = tuple(Avoid(g.a_player.number, g.b_player.number, (1, 2, 3)) for g in games[6:])
    match = Match(boards=13, meets=meets, colours=wishes, avoids=avoids)
    assert pairing_conflict(match) is None and least_excess(match) == {}


# --------------------------------------------------------------------------- forced relaxations


def relaxed_case(kind: str, n: int) -> Match:
    if kind == "whites":  # rule 1: ceil(n/2) + 1 Whites for A2, never three running
        rounds = [1, 2, *range(4, n + 1, 2)] + ([n] if n % 2 else [])
        return Match(boards=n, colours=tuple(white(Team.A, 2, r) for r in sorted(set(rounds))[: (n + 1) // 2 + 1]))
    if kind == "run":  # rule 2: B3 White three rounds running
        return Match(boards=n, colours=tuple(white(Team.B, 3, r) for r in (5, 6, 7)))
    # rule 3: ceil(n/2) + 1 A players White in round 4
    return Match(boards=n, colours=tuple(white(Team.A, a, 4) for a in range(1, (n + 1) // 2 + 2)))


@pytest.mark.parametrize(
    ("kind", "n", "rule", "amount"),
    [
        ("whites", 13, Rule.COLOUR_BALANCE, 1),
        ("run", 16, Rule.NO_THREE_IN_A_ROW, 1),
        ("board", 15, Rule.BOARD_BALANCE, 1),
    ],
)
def test_requests_forcing_a_rule_relax_least_and_strict_names_them(kind: str, n: int, rule: Rule, amount: int) -> None:
    match = relaxed_case(kind, n)
    result = design_match(match, FAST)
    assert result.schedule is not None, result.messages
    assert result.relaxed == {rule: amount}
    verdict = verify(result.schedule, match=match, declared_relaxed=result.relaxed)
    assert verdict.ok and not verdict.requests
    assert rule_excess(result.schedule, rule) == amount
    for other in (Rule.COLOUR_BALANCE, Rule.NO_THREE_IN_A_ROW, Rule.BOARD_BALANCE):
        if other is not rule:
            assert rule_excess(result.schedule, other) == 0
    explanation = explained(match, strict=True)
    assert explanation[-1].startswith(f"rule {int(rule)} ")
    assert set(explanation[:-1]) <= names(list(match.colours)) and explanation[:-1]


def test_a_schedule_is_never_relaxed_beyond_what_it_reports() -> None:
    # The least excess is a lower bound: no schedule of these requests breaks the rule by less.
    match = relaxed_case("board", 13)
    assert least_excess(match) == {Rule.BOARD_BALANCE: 1}
    plain = construct(13) or Schedule(13, ())
    assert rule_excess(plain, Rule.BOARD_BALANCE) == 0 and verify(plain, match=match).requests


def test_the_full_model_explanation_gives_up_at_the_deadline_instead_of_overrunning() -> None:
    match = Match(boards=4, meets=(Meet(1, 1, 1), Meet(1, 1, 2)))
    assert minimal_conflict(match, strict=False, params=FAST, deadline=0.0) is None
    found = minimal_conflict(match, strict=False, params=FAST, deadline=time.monotonic() + 30)
    assert found is not None and set(found) == set(match.meets)
