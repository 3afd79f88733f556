"""The alternating layout (models/constructions/positions/) and the 2-board bound (models/bounds/proven.py).

The schedules are counted by the verifier, which shares no code with the layout; the bound's claim
(no schedule without a break keeping rule 3 on 2 boards when both sizes are even and both divided by
their gcd are odd) is checked against a small CP-SAT model written here, on tiny sizes.
"""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

import pytest
from ortools.sat.python import cp_model

from scheveningen.models.bounds.proven import two_board_zero_possible, unequal_break_bound
from scheveningen.models.constructions.positions import build, one_apart, search, team_b
from scheveningen.models.constructions.positions.build import NoPlacement, switched_layout
from scheveningen.models.constructions.positions.layout import (
    group_phases,
    least_pairs,
    position_class,
    position_group,
    zero_possible,
)
from scheveningen.models.constructions.positions.one_apart import one_apart_closed
from scheveningen.models.constructions.positions.rounds import unclash_b
from scheveningen.models.constructions.positions.search import alternating_schedule, oriented_layout
from scheveningen.models.constructions.positions.states import bands, paces, place_by_states
from scheveningen.models.constructions.positions.team_a import class_zero_takers, place_by_flow, rotation
from scheveningen.models.constructions.positions.team_b import deal_in_order, koenig_deal
from scheveningen.models.constructions.sitouts import Outcome, zero_break_modes
from scheveningen.models.constructions.unequal.dispatch import construct_unequal
from scheveningen.solver.verify.verifier import verify


def alternating_exists(p: int, q: int) -> bool:
    """Whether p against q on 2 boards has a schedule in which every player alternates, keeping rule 3
    (team A White on exactly one board a round) and sitting out in turn; CP-SAT, rules 1-2 not posted."""
    rounds = p * q // 2
    model = cp_model.CpModel()
    meet = {(a, b, r): model.new_bool_var("") for a in range(p) for b in range(q) for r in range(rounds)}
    a_white = {(a, b, r): model.new_bool_var("") for a in range(p) for b in range(q) for r in range(rounds)}
    for a in range(p):
        for b in range(q):
            model.add_exactly_one(meet[a, b, r] for r in range(rounds))
            for r in range(rounds):
                model.add_implication(a_white[a, b, r], meet[a, b, r])
    for r in range(rounds):
        model.add(sum(meet[a, b, r] for a in range(p) for b in range(q)) == 2)
        model.add(sum(a_white[a, b, r] for a in range(p) for b in range(q)) == 1)
    for team, size in ((0, p), (1, q)):
        for i in range(size):
            plays, white = [], []
            for r in range(rounds):
                games = [meet[i, b, r] for b in range(q)] if team == 0 else [meet[a, i, r] for a in range(p)]
                whites = [a_white[i, b, r] for b in range(q)] if team == 0 else [a_white[a, i, r] for a in range(p)]
                x, w = model.new_bool_var(""), model.new_bool_var("")
                model.add(sum(games) == x)
                if team == 0:
                    model.add(sum(whites) == w)
                else:  # a B player has White where it plays and team A has not
                    model.add(sum(games) - sum(whites) == w)
                plays.append(x)
                white.append(w)
            for t in range(1, rounds + 1):  # in turn: floor or ceil of the share after every round
                model.add_linear_constraint(sum(plays[:t]), 2 * t // size, -(-2 * t // size))
            for r in range(rounds):
                for later in range(r + 1, rounds):
                    # consecutive games (none between) have different colours
                    model.add(white[r] + white[later] == 1).only_enforce_if(
                        [plays[r], plays[later], *(~x for x in plays[r + 1 : later])]
                    )
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = 30
    status = solver.solve(model)
    assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE)
    return status != cp_model.INFEASIBLE


@pytest.mark.parametrize("p, q", [(2, 6), (4, 4), (2, 4), (3, 4), (4, 8)])
def test_two_board_claim_matches_an_exhaustive_model(p: int, q: int) -> None:
    assert alternating_exists(p, q) == two_board_zero_possible(p, q)


def test_the_closed_form_condition_is_the_layout_count() -> None:
    for p in range(2, 31):
        for q in range(2, 31):
            if (p * q) % 2 == 0:
                assert zero_possible(p, q) == two_board_zero_possible(p, q), (p, q)
            elif zero_possible(p, q):  # both odd: only when prime to each other
                assert math.gcd(p, q) == 1


@pytest.mark.parametrize(
    "p, q, k",
    [
        (13, 14, 2),
        (5, 6, 2),
        (9, 14, 2),
        (11, 14, 2),
        (77, 20, 4),
        (27, 24, 6),
        (7, 9, 3),
        (52, 17, 13),
        (21, 8, 8),
        (75, 16, 10),  # the rotation balanced by exchanges
    ],
)
def test_alternating_layout_has_no_break(p: int, q: int, k: int) -> None:
    check_no_break(p, q, k)


def refusing(reason: str) -> Any:
    """A stand-in for a step that the test says is never reached: it fails with ``reason``."""

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(reason)

    return refused


def check_no_break(p: int, q: int, k: int) -> None:
    """The layout is built for the size, the verifier accepts it and counts no break."""
    schedule = alternating_schedule(p, q, k)
    assert schedule is not None
    verdict = verify(schedule)
    assert verdict.ok, verdict.violations()
    assert verdict.metrics.total_breaks == 0
    assert (schedule.team_a, schedule.team_b, schedule.boards) == (p, q, k)


@pytest.mark.parametrize("p, q", [(6, 10), (10, 14), (14, 6)])
def test_two_boards_without_an_alternating_layout_meet_the_bound(p: int, q: int) -> None:
    bound = unequal_break_bound(p, q, 2, board_balance=True)
    assert bound == 2 and unequal_break_bound(p, q, 2) == 0  # rule 3 is what the proof needs
    schedule = construct_unequal(p, q, 2)
    assert schedule is not None
    verdict = verify(schedule)
    assert verdict.ok and verdict.metrics.total_breaks == bound


def test_random_sizes_are_valid_whenever_built() -> None:
    rng = random.Random(5)
    built = 0
    for _ in range(12):
        p, q = rng.randint(3, 30), rng.randint(3, 30)
        ks = [k for k in range(2, min(p, q) + 1) if (p * q) % k == 0 and not p == q == k]
        if not ks:
            continue
        k = rng.choice(ks)
        schedule = alternating_schedule(p, q, k)
        if schedule is None:
            continue
        built += 1
        verdict = verify(schedule)
        assert verdict.ok, (p, q, k, verdict.violations())
        if zero_possible(p, q):
            assert verdict.metrics.total_breaks == 0
    assert built >= 6


def test_switches_in_the_rotation_keep_every_rule() -> None:
    schedule = alternating_schedule(58, 14, 14)  # both even, 29 and 7 odd: switches needed
    assert schedule is not None
    verdict = verify(schedule)
    assert verdict.ok and verdict.metrics.total_breaks == 2


@pytest.mark.parametrize("p, q, k", [(30, 27, 27), (27, 30, 27), (41, 36, 36)])
def test_the_state_model_places_team_a_where_the_greedy_choice_cannot(p: int, q: int, k: int) -> None:
    """One team playing every round, the other's passes cut across the rounds: the class-0 takers
    chosen pass by pass leave the cut a repeat, the state model chooses them with the cut."""
    sitting, full = max(p, q), k
    phase = group_phases(sitting, full, [])
    zero = class_zero_takers(sitting, full, phase)
    assert zero is not None and place_by_flow(sitting, full, k, phase, zero) is None
    check_no_break(p, q, k)


@pytest.mark.parametrize("p, k", [(7, 6), (9, 6), (8, 7), (11, 6), (9, 7), (13, 7), (11, 9)])
def test_the_layout_has_no_break_exactly_where_the_sit_out_model_finds_one(p: int, k: int) -> None:
    """Team B playing every round: where the layout has no break in principle, the state model either
    places team A or proves it cannot, and that agrees with the sit-out model (models/constructions/sitouts.py, a
    different model of every schedule without a break keeping rules 1-3)."""
    assert zero_possible(p, k)
    try:
        oriented = oriented_layout(p, k, k, None)
        built = oriented is not None and oriented[1] == 0  # (else switching pairs, where none is proven)
    except NoPlacement:
        built = False
    found = zero_break_modes(p, k, 5.0).outcome
    assert found in (Outcome.FOUND, Outcome.NONE)
    assert built == (found is Outcome.FOUND)


@pytest.mark.parametrize("p, k", [(9, 6), (21, 18), (33, 30)])
def test_where_no_order_without_a_break_exists_switching_pairs_give_four_breaks(p: int, k: int) -> None:
    """k + 3 against k with k = 6 mod 12: the classes balance, but the state model proves that team A
    has no order without a break.  Two switching pairs at the middle are placed instead: four breaks,
    every rule kept, where the layout gave nothing and the construction the reserves' k - 4 (or, at 9
    against 6, 11)."""
    assert zero_possible(p, k)
    with pytest.raises(NoPlacement):
        switched_layout(p, k, k, [], None)
    built = alternating_schedule(p, k, k)
    assert built is not None
    verdict = verify(built)
    assert verdict.ok, verdict.violations()
    assert verdict.metrics.total_breaks == 4
    construction = construct_unequal(p, k, k)
    assert construction is not None and verify(construction).metrics.total_breaks <= 4


def test_a_proof_of_no_order_in_either_team_order_never_escapes(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[int, int]] = []

    def first_unsure_then_proven(p: int, q: int, _k: int, _deadline: float | None) -> None:
        calls.append((p, q))
        if len(calls) == 2:
            raise NoPlacement

    monkeypatch.setattr(search, "oriented_layout", first_unsure_then_proven)
    assert alternating_schedule(13, 10, 10) is None
    assert calls == [(13, 10), (10, 13)]


@pytest.mark.parametrize("p, q, k", [(14, 8, 7), (12, 14, 8), (9, 16, 6)])
def test_dealing_team_b_in_order_clears_the_repeats_the_exchanges_leave(p: int, q: int, k: int) -> None:
    """Both teams sitting out, the boards near the smaller team: after Koenig's deal and the cycle
    exchanges a B player still meets itself in a round, while the deal pass by pass has none, and
    keeps what the layout needs: every pair once, every B player once a B-pass in its own class."""
    alpha = rotation(p, q, k, [])
    assert alpha is not None
    beta = koenig_deal(p, q, alpha)
    assert beta is not None and not unclash_b(p, q, k, alpha, beta, None)
    in_order = deal_in_order(p, q, k, alpha)
    assert in_order is not None
    assert len(set(zip(alpha, in_order, strict=True))) == p * q
    first_of_class = (q + 1) // 2
    for n in range(p):
        in_pass = in_order[n * q : (n + 1) * q]
        assert sorted(in_pass) == list(range(q))
        for s in range(n * q, (n + 1) * q):
            assert (in_order[s] >= first_of_class) == (position_class(s, q) == 1)
    for r in range(p * q // k):
        assert len(set(in_order[r * k : (r + 1) * k])) == k
    check_no_break(p, q, k)


@pytest.mark.parametrize("p, q, k", [(12, 7, 6), (24, 13, 12), (7, 12, 6), (30, 17, 15), (20, 13, 10)])
def test_a_team_in_whole_rounds_goes_second_and_meets_no_repeat(p: int, q: int, k: int) -> None:
    """Both teams sitting out, one team's size a multiple of the boards: that team's passes are whole
    rounds, so dealt second it never meets itself in a round.  Koenig's deal and the cycle exchanges
    then suffice; the deal in order, the longer search and the mend model are never needed (before,
    with that team placed first, every size here went through the deal in order)."""

    forbidden = refusing("a repeat in a round where the passes are whole rounds")
    with pytest.MonkeyPatch.context() as patch:
        for name in ("deal_in_order", "search_b", "mend_model"):
            patch.setattr(build, name, forbidden)
        check_no_break(p, q, k)


@pytest.mark.parametrize("p, q, k", [(8, 9, 6), (14, 15, 10), (21, 20, 15)])
def test_where_the_greedy_deal_gets_stuck_the_model_deals_the_rest(p: int, q: int, k: int) -> None:
    """Teams one apart, both sitting out, the boards near the smaller team: the last passes of team B
    (here all of them, or all but a few) are dealt by the CP-SAT model, and the layout has no break
    (the alternating layout found nothing at these sizes before the deal in order)."""
    calls: list[bool] = []
    model = team_b.deal_window

    def counted(*args: Any, **kwargs: Any) -> list[list[int]] | None:
        window = model(*args, **kwargs)
        calls.append(window is not None)
        return window

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(team_b, "deal_window", counted)
        patch.setattr(search, "one_apart_closed", lambda *args, **kwargs: None)  # (8 against 9 has one)
        patch.setattr(build, "SEARCH_FIRST_ROUNDS", 0)  # (8 against 9 on 6 has the local search first)
        check_no_break(p, q, k)
    assert calls and calls[-1]


@pytest.mark.parametrize("p, q, k", [(70, 69, 46), (91, 92, 52)])
def test_with_rounds_under_three_quarters_of_a_team_the_local_search_clears_the_repeats(p: int, q: int, k: int) -> None:
    """Teams one apart, both sitting out, the rounds at most three quarters of the smaller team, where
    Koenig's deal and the exchanges leave repeats: the local search over the cycle exchanges clears them
    and team B is never dealt again in order (which took 5 s at 70 against 69 on 46 and found nothing
    in 9 s at 91 against 92 on 52, where the designer gave 2,274 breaks)."""
    searched: list[bool] = []
    local_search = build.search_b

    def counted(*args: Any, **kwargs: Any) -> bool:
        searched.append(local_search(*args, **kwargs))
        return searched[-1]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(build, "search_b", counted)
        patch.setattr(build, "deal_in_order", refusing("the deal in order after the local search"))
        check_no_break(p, q, k)
    assert searched


def middle_windows(p: int, q: int, k: int, lookahead: float) -> list[tuple[int, int, int]]:
    """The stretches that team B's deal in order dealt again by CP-SAT before its last passes, for the
    layout of p against q on k boards (built and checked without a break) with this lookahead weight."""
    windows: list[tuple[int, int, int]] = []
    model = team_b.deal_window

    def recorded(k: int, alpha: list[int], spots: list[list[int]], kept: list[list[int]], hi: int, *rest: Any) -> Any:
        window = model(k, alpha, spots, kept, hi, *rest)
        if window is not None:
            windows.append((len(kept), hi, len(spots)))
        return window

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(team_b, "deal_window", recorded)
        patch.setattr(team_b, "DEAL_LOOKAHEAD", lookahead)
        patch.setattr(build, "SEARCH_FIRST_ROUNDS", 0)  # the deal in order, not the local search first
        check_no_break(p, q, k)
    return [(lo, hi, passes) for lo, hi, passes in windows if hi < passes - team_b.DEAL_TAIL]


def test_a_stuck_pass_is_dealt_again_with_its_neighbours() -> None:
    """49 against 50 on 35 without the lookahead: the greedy deal gets stuck in the middle of the match;
    the model deals that stretch again (not up to the last pass), and the greedy goes on after it."""
    assert middle_windows(49, 50, 35, 0)


def test_the_lookahead_keeps_a_player_for_the_next_pass_s_part_of_a_shared_round() -> None:
    """With the lookahead the same deal never gets stuck before its last passes: the B players still
    to meet an A player of the next pass's part of a shared round are kept out of this pass's part."""
    assert not middle_windows(49, 50, 35, team_b.DEAL_LOOKAHEAD)


@pytest.mark.parametrize("p, q, k", [(35, 36, 30), (50, 49, 35)])
def test_the_state_model_follows_the_supply_of_class_0_positions(p: int, q: int, k: int) -> None:
    """Teams one apart: group 0 finds nearly all its class-0 positions in the first passes, so a
    player's class-0 count cannot keep the even pace m * ceil(q/2) / q.  Within one of its kind's own
    pace (the supply shared evenly) the state model places team A at once; the placement keeps every
    rule the layout needs: each pass holds every A player once, each player stays in its group (so
    alternates), takes ceil(q/2) class-0 positions and never plays twice in a round."""
    phase = group_phases(p, q, [])
    alpha, _proven = place_by_states(p, q, k, phase, None, 1)
    assert alpha is not None
    check_placement(alpha, p, q, k, phase)


def check_placement(alpha: list[int] | None, p: int, q: int, k: int, phase: list[list[int]]) -> None:
    """Team A's placement keeps what the layout needs: each pass holds every A player once, each
    player keeps the groups ``phase`` gives it (so alternates between switches), takes ceil(q/2)
    class-0 positions and never plays twice in a round."""
    assert alpha is not None
    for m in range(q):
        assert sorted(alpha[m * p : (m + 1) * p]) == list(range(p))
    where: dict[int, list[int]] = {}
    for s, a in enumerate(alpha):
        where.setdefault(a, []).append(s)
    for a, spots in where.items():
        assert [position_group(s, p) for s in spots] == phase[a]
        assert sum(position_class(s, q) == 0 for s in spots) == (q + 1) // 2
        assert all(s // k != t // k for s, t in itertools.pairwise(spots)), a


def test_with_switches_the_pace_ends_at_the_class_0_count_every_player_needs() -> None:
    """42 against 30 on 30 needs one switching pair (both even, 7 and 5 odd).  Then each group's supply
    of class-0 positions is off by the surplus the switches move, and a pace that follows it ends
    away from ceil(q/2); scaled to end there, the state model fits within 4 of it (it needed 6).
    The switch is the layout's own: one pair after the pass nearest the middle."""
    p, q, k = 42, 30, 30
    assert not zero_possible(p, q)
    size0 = (p + 1) // 2
    middle = min(range(1, q - 1, 2), key=lambda m: (abs(2 * (m + 1) - q), m))  # after an even number of games
    phase = group_phases(p, q, [(middle, 0, size0)])
    kinds: dict[tuple[int, ...], list[int]] = {}
    for a in range(p):
        kinds.setdefault(tuple(phase[a]), []).append(a)
    assert len(kinds) == 4
    assert all(pace[-1] == (q + 1) // 2 for pace in paces(p, q, phase, kinds).values())
    alpha, _proven = place_by_states(p, q, k, phase, None, 4)
    check_placement(alpha, p, q, k, phase)


@pytest.mark.parametrize("p, k", [(30, 28), (35, 32), (31, 28), (40, 36), (27, 24), (22, 20)])
def test_the_corridors_start_at_or_below_the_drift_the_cut_forces(p: int, k: int) -> None:
    """Team B playing every round: each pass starts p - k positions further into its round, so for
    about k / (p - k) passes the players in the pass's part of the next round keep that part, and its
    class, and the class-0 counts drift about k / (2(p - k)) from the pace each way.  A corridor
    narrower than that has no placement (proven at once), and the first corridor tried is never wider
    than the narrowest with one, so the state model solves in the narrowest that fits."""
    phase = group_phases(p, k, [])
    tried = bands(p, k, k)
    assert tried[-1] is None and all(a < b for a, b in itertools.pairwise(tried[:-1]))
    narrowest = next(band for band in range(1, k) if place_by_states(p, k, k, phase, None, band)[0] is not None)
    assert abs(narrowest - k / (2 * (p - k))) <= 1
    assert tried[0] is not None and tried[0] <= narrowest
    alpha, _proven = place_by_states(p, k, k, phase, None, narrowest)
    check_placement(alpha, p, k, k, phase)


def test_with_one_team_full_the_order_needing_fewer_switching_pairs_goes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """84 against 60 on 60: with the full team second the surplus needs two switching pairs, with it
    first one; the state model placed the sitting team with two pairs in none of 10 s, where the other
    order answers in about 3 s.  So that order is tried first, either way round the spec has them."""
    assert least_pairs(84, 60) == 2 and least_pairs(60, 84) == 1
    calls: list[tuple[int, int]] = []

    def record(p: int, q: int, _k: int, _deadline: float | None) -> None:
        calls.append((p, q))

    monkeypatch.setattr(search, "oriented_layout", record)
    monkeypatch.setattr(search, "spliced_layout", lambda *_args: None)  # as where the splices find nothing
    for size_a, size_b in ((84, 60), (60, 84)):
        calls.clear()
        assert alternating_schedule(size_a, size_b, 60) is None
        assert calls == [(60, 84), (84, 60)]
    calls.clear()
    alternating_schedule(66, 54, 54)  # one pair either way: the full team second, as before
    assert calls == [(66, 54), (54, 66)]


@pytest.mark.parametrize(
    "p, q, k, first",
    [
        (14, 9, 6, (9, 14)),  # the smaller first, whichever way round the spec has them
        (9, 14, 6, (9, 14)),
        (26, 12, 8, (12, 26)),  # both even, 13 and 6 not both odd: no switch
        (21, 20, 15, (21, 20)),  # teams one apart keep the spec's order
        (20, 21, 15, (20, 21)),
        (14, 9, 7, (9, 14)),  # a team in whole rounds (14 on 7 boards) goes second, as before
    ],
)
def test_with_both_teams_sitting_out_the_smaller_team_goes_first(
    monkeypatch: pytest.MonkeyPatch, p: int, q: int, k: int, first: tuple[int, int]
) -> None:
    """Both teams sitting out in passes that are not whole rounds, no switch needed, teams more than one
    apart: the smaller team first (team B's deal was mostly much faster so, and where it was not, by a
    second or two: benchmarks/results/unequal_coverage/unequal_team_order.md).  The other order still follows where the
    first finds nothing, and the schedule keeps the spec's teams."""
    calls: list[tuple[int, int]] = []

    def record(a: int, b: int, _k: int, _deadline: float | None) -> None:
        calls.append((a, b))

    with monkeypatch.context() as patch:
        patch.setattr(search, "oriented_layout", record)
        patch.setattr(search, "one_apart_closed", lambda *args, **kwargs: None)  # (20 against 21 has one)
        assert alternating_schedule(p, q, k) is None
    assert calls == [first, first[::-1]]
    check_no_break(p, q, k)


def test_an_order_the_splices_placed_with_its_fewest_pairs_is_not_tried_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """84 against 60 on 60: the splices place the sitting team with two pairs, the fewest with the full
    team second, so only the other order (one pair) can have fewer breaks, and only it is tried; where
    it finds nothing the spliced schedule is the answer, verified, with its 4 breaks."""
    calls: list[tuple[int, int]] = []

    def record(p: int, q: int, _k: int, _deadline: float | None) -> None:
        calls.append((p, q))

    monkeypatch.setattr(search, "oriented_layout", record)
    schedule = alternating_schedule(84, 60, 60)
    assert calls == [(60, 84)]
    assert schedule is not None and (schedule.team_a, schedule.team_b) == (84, 60)
    verdict = verify(schedule)
    assert verdict.ok and verdict.metrics.total_breaks == 4


def closed_form_games(p: int) -> list[tuple[int, int]]:
    """The games of the one-apart closed form in sequence, written out here from its definition
    (docs/bounds_unequal.md): A player (x + i) mod p at A-pass i, offset x; B player y in the first
    p/2 B-passes and p - y in the others, at B-pass n, offset y (q = p + 1)."""
    q = p + 1
    return [((s % p + s // p) % p, s % q if 2 * (s // q) < p else p - s % q) for s in range(p * q)]


@pytest.mark.parametrize("p", range(2, 101, 2))
def test_the_one_apart_closed_form_meets_every_pair_once_and_everyone_alternates(p: int) -> None:
    """The claim of the closed form for p even against p + 1, checked for every even p up to 100:
    every pair meets once, and each player's consecutive games are an odd number of positions apart
    (so, with team A White at the even positions, it alternates).  A player's consecutive games are
    close only where the B players turn round, at the middle of the sequence."""
    games = closed_form_games(p)
    assert len(set(games)) == p * (p + 1)
    for team in (0, 1):
        last: dict[int, int] = {}
        for s, game in enumerate(games):
            player = game[team]
            if player in last:
                gap = s - last[player]
                assert gap % 2 == 1
                assert gap >= p - 1 or (team == 1 and last[player] < p * (p + 1) // 2 <= s)
            last[player] = s


def closed_form_sizes(rounds_parity: int, count: int) -> list[tuple[int, int]]:
    """(p, k) for p even, both teams sitting out on k < p boards, with that parity of rounds: the
    largest k at each p, for ``count`` values of p spread from 4 to 98."""
    sizes = []
    for p in range(4, 99, 2):
        ks = [k for k in range(2, p) if p * (p + 1) % k == 0 and p * (p + 1) // k % 2 == rounds_parity]
        if ks:
            sizes.append((p, ks[-1]))
    step = max(1, len(sizes) // count)
    return sizes[::step]


@pytest.mark.parametrize("p, k", closed_form_sizes(0, 12))
def test_with_an_even_number_of_rounds_the_closed_form_is_the_schedule(p: int, k: int) -> None:
    """The middle of the sequence ends a round, so nobody meets itself in a round: the closed form is
    the schedule as it stands (no exchange is asked for), without a break, either team first."""

    forbidden = refusing("an exchange where the closed form has no repeat")
    with pytest.MonkeyPatch.context() as patch:
        for name in ("unclash_b", "mend_rounds"):  # (the closed form asks for no other exchange)
            patch.setattr(one_apart, name, forbidden)
        for size_a, size_b in ((p, p + 1), (p + 1, p)):
            schedule = one_apart_closed(size_a, size_b, k)
            assert schedule is not None
            verdict = verify(schedule)
            assert verdict.ok, verdict.violations()
            assert verdict.metrics.total_breaks == 0
            assert (schedule.team_a, schedule.team_b, schedule.boards) == (size_a, size_b, k)


@pytest.mark.parametrize("p, q, k", [(81, 80, 72), (86, 87, 58), (76, 77, 44), (85, 84, 60)])
def test_the_layout_takes_the_closed_form_with_its_middle_round_mended(p: int, q: int, k: int) -> None:
    """An odd number of rounds: the middle round's repeats are exchanged away and the layout returns
    the closed form without a break (81 against 80 on 72 had no schedule from team B's deal in 19 s;
    87 against 86 on 58 took 5 s), never dealing team B pass by pass."""

    forbidden = refusing("team B dealt where the closed form answers")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(build, "koenig_deal", forbidden)
        check_no_break(p, q, k)


def test_where_the_middle_round_stays_repeated_the_general_layout_answers() -> None:
    """14 against 15 on 10: no exchange clears the middle round, so the closed form gives nothing and
    the layout builds the schedule the general way."""
    assert one_apart_closed(14, 15, 10) is None
    check_no_break(14, 15, 10)
