"""Lower bounds for a match whose first rounds are played (docs/bounds.md, "Bounds for a match with
played rounds"): the analytic bound of ``models/bounds/proven.py`` with rules 1 and 2, and the computed
relaxation of ``models/bounds/played.py``.

Each bound is checked against complete schedules that start with the played rounds (relabelled
designs, and schedules the designer finds after a deviation), and each is shown strictly stronger
than the one before it on a case.
"""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from scale_cases import deviation_match

from scheveningen.models.bounds.played import (
    PlayedRules,
    continuation,
    continuations,
    differ_within,
    hall_ranges,
    relaxed_break_bound,
)
from scheveningen.models.bounds.proven import played_break_bound, proven_break_bound, suffix_breaks_needed
from scheveningen.models.constructions.equal import construct
from scheveningen.models.constructions.folding import unfold
from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import Match, PlayedRound
from scheveningen.models.domain.schedule import Schedule
from scheveningen.solver.design import DesignParams, design_match
from scheveningen.solver.scale.driver import spec_bound
from scheveningen.solver.scale.start import Symmetry, bases
from scheveningen.solver.verify.verifier import verify

ALL_RULES = PlayedRules(colour_balance=True, max_run=2, board_balance=True)


def games(schedule: Schedule, k: int) -> list[list[tuple[int, int, bool]]]:
    return [[(g.a_player.number, g.b_player.number, g.a_white) for g in rnd] for rnd in schedule.rounds[:k]]


# --------------------------------------------------------------------------- the pieces, by brute force


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    played=st.lists(st.booleans(), min_size=1, max_size=7),
    left=st.integers(min_value=1, max_value=6),
    colour_balance=st.booleans(),
    max_run=st.sampled_from([0, 2, 3]),
)
def test_the_need_is_the_fewest_breaks_of_any_continuation(
    played: list[bool], left: int, colour_balance: bool, max_run: int
) -> None:
    rounds = len(played) + left
    best = None
    for rest in itertools.product([True, False], repeat=left):
        whole = [*played, *rest]
        if colour_balance and not rounds // 2 <= sum(whole) <= (rounds + 1) // 2:
            continue
        runs = [1]
        for i in range(1, rounds):
            runs.append(runs[-1] + 1 if whole[i] == whole[i - 1] else 1)
        if max_run and max(runs[len(played) :]) > max_run:
            continue
        breaks = sum(whole[i] == whole[i + 1] for i in range(len(played) - 1, rounds - 1))
        best = breaks if best is None else min(best, breaks)
    assert suffix_breaks_needed(played, rounds, colour_balance, max_run) == (best or 0)


def test_the_hall_ranges_name_exactly_the_continuations_that_differ_inside_the_set() -> None:
    for left in range(2, 8):
        names = continuations(left)
        assert len({continuation(*name, left) for name in names}) == len(names) == 2 * left
        for mine in names:
            for first, end in itertools.combinations(range(left + 1), 2):
                for inside in (True, False):
                    if (inside and end - first == left) or (not inside and not 0 < first < end < left):
                        continue
                    rounds = frozenset(range(first, end))
                    rounds = rounds if inside else frozenset(range(left)) - rounds
                    want = {other for other in names if differ_within(mine, other, left, rounds)}
                    ranges = hall_ranges(mine, left, first, end, inside)
                    got = {(kind, t) for kind, lo, hi in ranges for t in range(lo, hi + 1)}
                    assert got == want


def test_differ_within_agrees_with_the_colours() -> None:
    left = 6
    for mine, other in itertools.product(continuations(left), repeat=2):
        pairs = zip(continuation(*mine, left), continuation(*other, left), strict=True)
        differ = {j for j, (x, y) in enumerate(pairs) if x != y}
        for size in range(left + 1):
            for rounds in itertools.combinations(range(left), size):
                assert differ_within(mine, other, left, frozenset(rounds)) == (bool(differ) and differ <= set(rounds))


# --------------------------------------------------------------------------- never above a real schedule


@settings(max_examples=15, deadline=None, derandomize=True)
@given(
    n=st.integers(min_value=4, max_value=20),
    fraction=st.floats(min_value=0.05, max_value=0.95),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_the_bounds_never_exceed_the_breaks_of_a_design_that_starts_with_the_played_rounds(
    n: int, fraction: float, seed: int
) -> None:
    rng = random.Random(seed)
    _name, base = bases(Match(boards=n))[0]
    a, b = list(range(n)), list(range(n))
    rng.shuffle(a)
    rng.shuffle(b)
    schedule = Symmetry(tuple(a), tuple(b), *(rng.random() < 0.5 for _ in range(3))).apply(base).to_schedule()
    breaks = verify(schedule).metrics.total_breaks
    k = max(1, min(n - 1, round(fraction * n)))
    prefix = games(schedule, k)
    assert played_break_bound(n, n, prefix) <= played_break_bound(n, n, prefix, True, 2) <= breaks
    match = Match(boards=n, played=tuple(PlayedRound(round=r + 1, games=g) for r, g in enumerate(schedule.rounds[:k])))
    assert spec_bound(match) <= breaks
    if n <= 9:
        relaxed = relaxed_break_bound(n, prefix, ALL_RULES, work=0.1)
        assert relaxed is None or relaxed <= breaks


def test_the_bounds_never_exceed_the_breaks_after_a_deviation() -> None:
    # A schedule the designer finds (every rule kept) for deviating played rounds on 8 boards.
    match = deviation_match(8, 0, True)
    result = design_match(match, DesignParams(time_limit=20, work_limit=0.5, workers=1))
    assert result.schedule is not None
    verdict = verify(result.schedule, match=match)
    assert verdict.ok and not verdict.relaxed
    prefix = games(result.schedule, len(match.played))
    relaxed = relaxed_break_bound(8, prefix, ALL_RULES, work=0.3)
    assert relaxed is not None and relaxed <= verdict.metrics.total_breaks
    assert spec_bound(match, work=0.3) <= verdict.metrics.total_breaks


# --------------------------------------------------------------------------- stronger than before


def test_rules_1_and_2_raise_the_bound_after_colours_reversed() -> None:
    # 20 boards, colours reversed in round 6: the old bound (rule 0 and the plain match's) is 24.
    match = deviation_match(20, 1, True)
    prefix = [[(g.a_player.number, g.b_player.number, g.a_white) for g in p.games] for p in match.played]
    old = max(proven_break_bound(20), played_break_bound(20, 20, prefix))
    new = played_break_bound(20, 20, prefix, True, 2)
    assert new > old
    assert spec_bound(match) == new
    # Without rules 1 and 2 the bound claims no more than before.
    assert played_break_bound(20, 20, prefix, False, 0) == played_break_bound(20, 20, prefix)


def test_the_relaxation_raises_the_bound_past_the_analytic_one_and_is_reproducible() -> None:
    # 10 boards, colours reversed in round 3: rules 1 and 2 and the matching argument give 14; the
    # continuations with Hall's condition 16 (optimal in about 0.2 deterministic seconds).
    match = deviation_match(10, 0, True)
    prefix = [[(g.a_player.number, g.b_player.number, g.a_white) for g in p.games] for p in match.played]
    analytic = played_break_bound(10, 10, prefix, True, 2)
    relaxed = relaxed_break_bound(10, prefix, ALL_RULES, work=0.4, floor=analytic)
    assert relaxed is not None and relaxed > analytic
    assert relaxed_break_bound(10, prefix, ALL_RULES, work=0.4, floor=analytic) == relaxed
    # Without rules 1-3 the relaxation claims less: colours alone do not force as much.
    assert (relaxed_break_bound(10, prefix, PlayedRules(), work=0.4) or 0) < relaxed


@settings(max_examples=15, deadline=None, derandomize=True)
@given(
    n=st.integers(min_value=3, max_value=16),
    fraction=st.floats(min_value=0.05, max_value=0.95),
    seed=st.integers(min_value=0, max_value=10**6),
    unfolded=st.booleans(),
)
def test_the_double_round_bound_never_exceeds_the_breaks_of_a_double_round_that_starts_with_the_played_rounds(
    n: int, fraction: float, seed: int, unfolded: bool
) -> None:
    # An image of the double-round construction, or the unfolding of an image of the plain single round
    # (another paired double round, models/constructions/folding.py): a pair met once so far must meet again.
    rng = random.Random(seed)
    built = construct(n, double=True)
    assert built is not None
    base = Grid.from_schedule(unfold(bases(Match(boards=n))[0][1].to_schedule()) if unfolded else built)
    a, b = list(range(n)), list(range(n))
    rng.shuffle(a)
    rng.shuffle(b)
    schedule = Symmetry(tuple(a), tuple(b), *(rng.random() < 0.5 for _ in range(3))).apply(base).to_schedule()
    breaks = verify(schedule, double=True).metrics.total_breaks
    k = max(1, min(2 * n - 1, round(fraction * 2 * n)))
    prefix = games(schedule, k)
    assert played_break_bound(n, 2 * n, prefix, double=True) <= breaks
    assert played_break_bound(n, 2 * n, prefix, True, 2, double=True) <= breaks
    played = tuple(PlayedRound(round=r + 1, games=g) for r, g in enumerate(schedule.rounds[:k]))
    assert spec_bound(Match(boards=n, double=True, played=played)) <= breaks
