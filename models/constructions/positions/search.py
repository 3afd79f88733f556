"""The alternating schedule for a size: which team goes first, how many switching pairs and where, and
which route places team A, in the time given.

:func:`alternating_schedule` is the entry point (``layout`` describes the layout).  It takes the
closed form for teams one apart (``one_apart``) where it applies; else it chooses the team order,
places team A by the splices (``models/constructions/splices.py``) where switching pairs are needed
(:func:`spliced_layout`), and then tries each order of the teams with the layout's other routes
(:func:`oriented_layout`: no switch, or switching pairs at the middle boundary, or one pair elsewhere
in the rotation, each order built by ``build``), keeping the schedule with the fewest breaks.  Where
the classes balance but the state model proves that team A has no order without a break, switching
pairs are placed instead (:func:`_pairs_instead`).
"""

from __future__ import annotations

import time

from scheveningen.models.constructions.positions.build import NoPlacement, finish, switched_layout
from scheveningen.models.constructions.positions.layout import (
    deadline_part,
    deadline_passed,
    least_pairs,
    surplus,
    switch_boundaries,
)
from scheveningen.models.constructions.positions.one_apart import one_apart_closed
from scheveningen.models.constructions.positions.team_a import rotation
from scheveningen.models.constructions.splices import spliced_order
from scheveningen.models.domain.schedule import Schedule
from scheveningen.models.domain.symmetry import swap_teams

#: The switching pairs :func:`_pairs_instead` tries, in turn, where the state model proves that no order
#: without a break exists: three, placed the faster at scale, then two for fewer breaks.  One pair is
#: left out: at k + 3 against k with k = 6 mod 12 the state model proved it has no order (21 against 18
#: in 0.2 s, 57 against 54 in 3.8 s) or found none in 15 s (81 against 78), the time two pairs need.
PAIRS_INSTEAD = (3, 2)
#: ... in this share of the layout's time left, the rest kept for the constructions after the layout
#: (the reserves' construction takes 4 s at 93 against 90, and with the pairs' whole time left gave 290
#: breaks there instead of 86).
PAIRS_SHARE = 0.8
#: ... and only where the layout's time left is at least this many times what the proof took (the
#: proof: 0.1 s at 21 against 18, 0.9 s at 69 against 66, 2 s at 93 against 90; two pairs 0.1, 1.8 and
#: more than 15 s; three pairs 0.1, 1.1 and 4 s).
PAIRS_PROOF_TIMES = 2
#: A single switching pair in the rotation is tried after this many boundaries nearest the middle ...
SWITCH_BOUNDARIES = 6
#: ... and this many places.
SWITCH_PLACES = 10
#: The share of the layout's time the splices have where both teams sit out (team B's deal can be slow,
#: and where the splices find nothing quickly the rest goes to the other orders).
SPLICE_SHARE = 0.8


def alternating_schedule(size_a: int, size_b: int, boards: int, deadline: float | None = None) -> Schedule | None:
    """Teams of ``size_a`` and ``size_b`` on ``boards`` boards laid out as alternating passes (``layout``'s
    docstring), rules 1-3 kept; ``None`` when the layout's flow or the cut into rounds finds nothing,
    or at ``deadline`` (``time.monotonic()``).  No break where ``layout.zero_possible``; otherwise the
    fewest group switches found (two breaks a pair), the teams taken in whichever order has fewer.
    Teams one apart with the smaller even take :func:`one_apart_closed` first."""
    p, q, k = size_a, size_b, boards
    if k < 1 or min(p, q) < k or (p * q) % k:
        return None
    # Teams one apart with the smaller even, both sitting out: the closed form, at once at 383 of the
    # 393 such sizes up to 100 players a side, where team B's deal below can take longer than the
    # designer's time (87 against 86 on 58: 5 s; 81 against 80 on 72: nothing in 19 s).
    if (closed := one_apart_closed(p, q, k, deadline)) is not None:
        return closed
    # A team whose passes are whole rounds goes second (its size a multiple of the boards, the team
    # playing every round first among them): team B's deal then never meets a repeat in a round and
    # is the Koenig split alone (100 against 73 on 50: 0.3 s, where team B of 73 found no deal in 30 s).
    flipped = p % k == 0 and (q % k != 0 or p == k < q)
    # Both teams sitting out in passes that are not whole rounds, no switch needed, teams more than one
    # apart: the smaller team first.  Team B's deal takes the time, and with the larger team second it
    # was the faster at 10 of 11 sizes given larger first, 6.9 s in all against 19.8 s (75 against 48 on
    # 40: 2.0 s against 7.4 s), the slower at 100 against 90 on 75 (2.7 s against 1.5 s); in the whole
    # designer 16 such sizes in both orders were all answered, 28 of 32 without a break, against 23 and
    # two exit 3 (benchmarks/results/unequal_coverage/unequal_team_order_layout.md, unequal_team_order.md).
    # Teams one apart show no such rule (the smaller first, odd: 75 against 76 on 50 in 2.6 s, nothing in
    # 20 s the other way; but 96 against 95 on 76 in 5 s with the larger first, 12 s the other way), so
    # they keep the spec's order.
    if not flipped and q % k and abs(p - q) > 1 and k < min(p, q) and not surplus(p, q):
        flipped = p > q
    if flipped:
        p, q = q, p
    # One team playing every round and switches needed: the order needing fewer switching pairs first.
    # The state model places the sitting team with two pairs slowly or not at all in the designer's
    # time (84 against 60: nothing in 10 s; 77 against 55: 8.7 s), where the other order, one pair
    # short of the surplus, answers with two in 3 to 8 s (4 breaks either way).
    if k in (p, q) and least_pairs(q, p) < least_pairs(p, q):
        p, q, flipped = q, p, not flipped
    # Switches needed: team A placed by splicing designed paths (models/constructions/splices.py).  With
    # one team playing every round (that team second) in well under a second at 100 players, at every
    # such size up to 100 where the sitting team's size is not a multiple of the boards, and with the
    # fewest pairs at all but 7 of 493 (benchmarks/results/unequal_splices/unequal_splices.md).  With both
    # teams sitting out team B's deal can take seconds, so the splices get SPLICE_SHARE of the time there.
    # An order is tried after them only where it can have fewer breaks.
    best: tuple[Schedule, int, bool] | None = None  # a schedule, its breaks, whether the teams are swapped
    if p != q and surplus(p, q):
        if k in (p, q):
            sitting, full = (p, q) if q == k else (q, p)
            spliced = spliced_layout(sitting, full, k, deadline)
            swapped = flipped != (q != k)
        else:
            # the order with fewer pairs; on a tie the larger team second, whose deal is mostly the
            # faster (98 against 90 on 63: 21 s, 90 against 98: 2.6 s)
            other_first = (least_pairs(q, p), q > p) < (least_pairs(p, q), p > q)
            a, b = (q, p) if other_first else (p, q)
            spliced, swapped = spliced_layout(a, b, k, deadline_part(deadline, SPLICE_SHARE)), flipped != other_first
        if spliced is not None:
            best = (*spliced, swapped)
    for a, b, swapped in ((p, q, flipped), (q, p, not flipped)):
        # the fewest breaks the order can have; where the first needs a switching pair, so does the second
        if best is not None and best[1] <= 2 * max(1, least_pairs(a, b)):
            break
        if deadline_passed(deadline):
            break
        try:
            found = oriented_layout(a, b, k, deadline)
        except NoPlacement:
            break  # and so in the other order (the layout's family is the same, colours reversed)
        if found is not None and (best is None or found[1] < best[1]):
            best = (*found, swapped)
        if found is not None and found[1] and not surplus(a, b):
            break  # switching pairs where no order without one was proven: the same in the other order
    if best is None:
        return None
    return swap_teams(best[0]) if best[2] else best[0]


def spliced_layout(p: int, q: int, k: int, deadline: float | None) -> tuple[Schedule, int] | None:
    """The layout with team A placed by :func:`~scheveningen.models.constructions.splices.spliced_order`, with the
    fewest switching pairs or one more, and its breaks."""
    least, extra, boundaries = least_pairs(p, q), surplus(p, q), switch_boundaries(q)
    for pairs in (least, least + 1):
        alpha = spliced_order(p, q, k, pairs, extra, boundaries, deadline)
        if alpha is not None and (built := finish(p, q, k, alpha, deadline)) is not None:
            return built, 2 * pairs
    return None


def oriented_layout(p: int, q: int, k: int, deadline: float | None) -> tuple[Schedule, int] | None:
    """The layout with team A's groups as given (switches on team A's side), and its breaks.  Where
    ``layout.zero_possible`` but the state model proves that none without a break exists, switching pairs
    instead (:func:`_pairs_instead`, with team B playing every round), and :class:`NoPlacement` when
    they are not placed either."""
    if surplus(p, q) == 0:
        started = time.monotonic()
        try:
            built = switched_layout(p, q, k, [], deadline)
        except NoPlacement:
            # The pairs take about as long again as the proof, or twice as long: where the time left is
            # shorter they would only take it from the constructions after the layout.
            # Only with team B playing every round, where it was measured (k + 3 against k); where both
            # teams sit out the constructions after the layout need its time.
            proof = time.monotonic() - started
            if q != k or (deadline is not None and deadline - time.monotonic() < PAIRS_PROOF_TIMES * proof):
                raise
            if (paired := _pairs_instead(p, q, k, deadline)) is None:
                raise
            return paired
        return (built, 0) if built is not None else None
    boundaries = switch_boundaries(q)
    if not boundaries:
        return None
    size0 = (p + 1) // 2
    pairs_max = min(size0, p - size0)
    least = least_pairs(p, q)
    tries = sorted({t for t in (least, least + 1, least + 2, 2 * least, 4 * least, pairs_max) if 1 <= t <= pairs_max})

    def pairs_at_middle(pairs: int) -> list[tuple[int, int, int]]:
        return [(boundaries[0], i, size0 + i) for i in range(pairs)]

    def by_states() -> Schedule | None:
        try:
            return switched_layout(p, q, k, pairs_at_middle(tries[0]), deadline, states=True)
        except NoPlacement:
            return None

    # The pairs to try at the middle, fewest first; None: the state model placing team A for the
    # fewest.  Team B playing every round, the state model orders team A where the cheaper orders do
    # not, so it comes second, before more pairs, which the cheaper orders sometimes place but at more
    # breaks (84 against 60: 4, 52 against 44: 52, where the state model gives 2).
    steps: list[int | None] = [tries[0], None, *tries[1:]] if q == k else list(tries)
    for pairs in steps:
        if deadline_passed(deadline):
            return None
        if pairs is None:
            if (built := by_states()) is not None:
                return built, 2 * tries[0]
        elif (built := switched_layout(p, q, k, pairs_at_middle(pairs), deadline)) is not None:
            return built, 2 * pairs
    # One pair elsewhere: which two neighbours in the rotation switch, and after which pass, decides
    # how many class-0 positions move between the groups.
    for m in boundaries[:SWITCH_BOUNDARIES]:
        for i in range(1, min(pairs_max, SWITCH_PLACES)):
            if deadline_passed(deadline):
                return None
            alpha = rotation(p, q, k, [(m, i, size0 + i)])
            if alpha is not None and (built := finish(p, q, k, alpha, deadline)) is not None:
                return built, 2
    # Last, the fewest pairs again with the state model placing team A (seconds at 60 players).
    if q != k and not deadline_passed(deadline) and (built := by_states()) is not None:
        return built, 2 * tries[0]
    return None


def _pairs_instead(p: int, q: int, k: int, deadline: float | None) -> tuple[Schedule, int] | None:
    """Where the classes balance (no surplus) but the state model proves that team A has no order
    without a switch: switching pairs at the middle boundary, placed by the state model (each pair one
    player of each group exchanging groups, so the classes stay balanced; two breaks a pair), the counts
    of :data:`PAIRS_INSTEAD` in turn, each later one only to do better, all in :data:`PAIRS_SHARE` of
    the time left.  k + 3 against k with k = 6 mod 12 is such a size: three pairs are placed faster than
    two at scale (69 against 66: 1.1 s against 1.8 s; 93 against 90: 4 s against nothing in 15 s), two
    give four breaks (21 against 18: 0.1 s; 57 against 54: 0.8 s), where the reserves' construction
    gives k - 4 (14 to 86).  ``None`` when none is placed in time."""
    boundaries = switch_boundaries(q)
    if not boundaries:
        return None
    size0 = (p + 1) // 2
    end = deadline_part(deadline, PAIRS_SHARE)
    best: tuple[Schedule, int] | None = None
    for pairs in PAIRS_INSTEAD:
        if pairs > min(size0, p - size0) or (best is not None and 2 * pairs >= best[1]):
            continue
        if deadline_passed(end):
            break
        try:
            built = switched_layout(p, q, k, [(boundaries[0], i, size0 + i) for i in range(pairs)], end, states=True)
        except NoPlacement:
            continue
        if built is not None:
            best = (built, 2 * pairs)
    return best
