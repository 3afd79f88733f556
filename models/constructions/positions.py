"""Every player alternating: schedules laid out as one sequence of games, cut into rounds.

Teams of p (team A) and q (team B) players on k boards play p*q/k rounds.  Write the games as one
sequence of p*q *positions*, round r holding positions r*k .. r*k + k - 1 (board i the i-th of them),
and let alpha(s) and beta(s) be the A and B players of position s.  **Team A has White exactly at
the even positions.**  Then every round has floor(k/2) or ceil(k/2) Whites of team A and the teams'
totals differ by at most one (rule 3), whatever the players; and a player *alternates* (never
breaks, so rules 1 and 2 hold) exactly when any two of its consecutive positions are an odd distance
apart.  The schedule is complete when s -> (alpha(s), beta(s)) hits every pair once.  On 2 boards
every schedule keeping rule 3 is of this form (put the game with A's White first in each round).

**Passes.**  Team A sits out in turn when its sequence is a run of *A-passes*, p positions each, each
holding every A player once (then after every position, so after every round, the players' counts
differ by at most one); likewise team B in *B-passes* of q.  An A player at offset x of pass m and
x' of pass m + 1 is p - x + x' positions on: odd when x and x' differ in parity (p even) or agree (p
odd).  Either way the position's *group* g(s) = (s + floor(s/p)) mod 2 stays the same along an
alternating player, and each pass has ceil(p/2) positions of group 0 and floor(p/2) of group 1; so
team A splits into groups of those sizes, a group's members filling its positions in every pass.
Team B likewise splits into *classes* by c(s) = (s + floor(s/q)) mod 2, of ceil(q/2) and floor(q/2).
Two positions of one player in the same round are the remaining hazard: only possible across a pass
boundary (a round holding one), and avoided by the order inside the passes: team A in the same order
every pass where that balances the classes (:func:`_rotation`; consecutive positions are then p or
p +- 1 apart, at least k when k < p), else placed pass by pass with a small flow for the players at a
pass's end (:func:`_place_a`), else with the class-0 takers chosen together with the cut by a model
over the players' states, which also proves when no order exists (:func:`_place_by_states`); team
B's repeats undone by exchanging two B players of a class along their alternating cycle
(:func:`_unclash_b`); what is left by exchanging whole games between positions of one parity in
one A-pass and one B-pass, which keeps every player's pass, colour and opponent (:func:`_mend_rounds`,
greedy, then :func:`_mend_model`, a small CP-SAT model); where repeats still stay and the rounds are
at most three quarters of the smaller team, a seeded local search over the cycle exchanges
(:func:`_search_b`, a quarter of the time left), then the game exchanges again; and else team B
dealt again pass by pass, each player near its last offset and never twice in a round, a few passes
together by CP-SAT where one pass finds no deal, and the last ones together
(:func:`_deal_b_in_order`).

**What is left.**  Which group member takes which position in each A-pass, so that every A player
holds exactly ceil(q/2) positions of class 0 (it meets each class-0 B player once): a flow, each pass
giving its group's class-0 positions to that many members.  Then which B player of the class takes
each position: for class c the graph between A players and B-passes, an edge per class-c position,
is regular (degree the class's size), so its edges split into perfect matchings, one per B player of
the class (Koenig; by alternating paths here): each B player plays once per B-pass and meets every A
player once.

**When no player breaks.**  Without switches the flow has an answer exactly when group 0's positions
hold ceil(p/2) * ceil(q/2) of class 0 (greedy: each pass's class-0 positions to the members with the
fewest so far).  With X(s) = (-1)^g(s), Y(s) = (-1)^c(s) that count is (pq + sum X + sum Y + sum XY)/4;
sum X is q for odd p (each pass sums to 1) and 0 for even p, likewise sum Y, and sum XY =
T(p, q) = sum over s < pq of (-1)^(floor(s/p) + floor(s/q)).  So the condition is T = 0 when p + q
is odd or both are even, and T = 1 when both are odd.

* p + q odd: s -> pq - 1 - s sends floor(s/p) to q - 1 - floor(s/p) and floor(s/q) to
  p - 1 - floor(s/q), changing every term's sign, with no fixed point (pq is even): T = 0.
* Both even, p = g p', q = g q', g = gcd: T = g * (the sum over t < g p'q' of
  (-1)^(floor(t/p') + floor(t/q'))); shifting t by p'q' adds q' and p' to the floors.  One of p', q'
  even (so g even): every shift flips the sign and the g stretches cancel, T = 0.  Both odd: the
  shift keeps the sign, T = g^2 * S with S a sum of p'q' (odd) terms +-1, so T != 0.
* Both odd: the same with g odd gives T = g^2 * S with S odd, so T = 1 needs g = 1 (and then S = 1:
  computed for every size up to 100, and the construction's own check covers every size it builds).

So **no break at all** for p + q odd, for both even unless p/g and q/g are both odd, and for both
odd and prime to each other, at any number of boards, as long as the cut into rounds repeats nobody.
On 2 boards the description is complete, so the excluded even sizes have no schedule without a break
keeping rule 3 (``models/bounds/proven.py: two_board_zero_possible``); for both even, breaks then come in
pairs (each A-pass has as many even offsets as odd ones, so as many players keep an even offset from
one pass to the next as keep an odd one), at least 2.

**With breaks** (the other sizes).  An A player may *switch* group between two passes, one break: after
an even number of its games when q is even (its two alternating stretches then have even length and
rule 1 holds exactly; with q odd one stretch is odd and the imbalance is one either way).  A switch
from group 0 to 1 pairs with one from 1 to 0 at the same boundary, keeping the groups' sizes, and each
player switches at most once (so never three in a row).  The flow decides whether the switches leave
every player ceil(q/2) positions of class 0; 1, 2, ... pairs at the boundary nearest the middle are
tried, from the fewest that can move group 0's surplus, in both orientations of the teams.  Before
that, team A is placed by splicing (models/constructions/splices.py): the switchers' paths designed, the others in
rank order around them, their class-0 counts evened by exchanges.  Where one team plays every round
the excluded sizes have no schedule without a break at all, with rule 3, on any number of boards
(``models/bounds/proven.py: one_full_break_free``).

**Teams one apart, the smaller even, both sitting out** need none of this: :func:`one_apart_closed`
writes alpha and beta down directly (team A one offset to the left each pass, team B turning round at
the middle of the sequence), and only the middle round can need the exchanges.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
import time
from fractions import Fraction

import networkx as nx
from ortools.graph.python import linear_sum_assignment
from ortools.sat.python import cp_model

from scheveningen.models.constructions.sitouts import one_worker_solver
from scheveningen.models.constructions.splices import position_class, position_group, spliced_order
from scheveningen.models.cpsat.cpsolver import new_solver
from scheveningen.models.domain.schedule import Schedule
from scheveningen.models.domain.symmetry import swap_teams

#: Colour exchanges :func:`_unclash_b` tries in all before leaving the rest to :func:`_mend_rounds`.
KEMPE_TRIES = 3000
#: Game exchanges :func:`_mend_rounds` tries in all before giving up.
MEND_TRIES = 200_000
#: Exchanges :func:`_search_b` tries in all.
SEARCH_TRIES = 200_000
#: The share of the time left that :func:`_finish` gives :func:`_search_b` before team B is dealt again in
#: order, where the rounds are at most three quarters of the smaller team (on 24 seeded sizes of 60 to
#: 100 a side, 0.55 to 0.76 of it: all 24 laid out against 22, 22.5 s in all
#: against 60.8 s: benchmarks/results/unequal_search_first_layout.md).
SEARCH_FIRST_SHARE = 0.25
#: ... the rounds' size, as a share of the smaller team, up to which it does (with larger rounds it
#: stalled at hundreds of repeats, where the deal in order answers: 90 against 91 on 78, 84 against
#: 88 on 77).
SEARCH_FIRST_ROUNDS = Fraction(3, 4)
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
#: CP-SAT's deterministic time for :func:`_mend_model` ...
MEND_WORK = 2.0
#: ... and for its first try, before team B is dealt again in order, made up to this many games (p*q):
#: beyond, building the model alone takes about a second (88 against 64 on 44: 1.2 s, failing).
MEND_FIRST_WORK = 0.3
MEND_FIRST_GAMES = 4000
#: How far back :func:`_deal_class` re-deals where a pass finds no deal, in turn (0: from the pass
#: itself) ...
DEAL_BACKS = (0, 4, 8, 16, 32)
#: ... how many passes on from the stuck pass it re-deals ...
DEAL_AHEAD = 2
#: ... the last passes it deals in one model ...
DEAL_TAIL = 16
#: ... CP-SAT's deterministic time for each such model ...
DEAL_WORK = 10.0
#: ... and the largest model (passes times the class's size squared).
DEAL_CELLS = 100_000
#: The weight, in offsets, of a position in a round shared with the next pass, for a B player that is
#: one of the few left to meet an A player of the next pass's part of that round (shared out among
#: them), with teams one apart: the deal then seldom finds that part with nobody left to take it (90
#: against 91 on 78: 22 passes dealt again by CP-SAT, where it was 56; 8 s against 23 s).  Other
#: sizes deal without it: 84 against 88 on 77 took 9 s with it, 1.6 s without.
DEAL_LOOKAHEAD = 18
#: CP-SAT's deterministic time for :func:`_place_by_states`.
CLASS_WORK = 5.0
#: How many corridors :func:`_bands` tries one apart, and the steps between the wider ones after them.
BAND_STEPS = (1, 1, 1, 1, 2, 4, 8)
#: The share of the layout's time the splices have where both teams sit out (team B's deal can be slow,
#: and where the splices find nothing quickly the rest goes to the other orders).
SPLICE_SHARE = 0.8


def alternating_schedule(size_a: int, size_b: int, boards: int, deadline: float | None = None) -> Schedule | None:
    """Teams of ``size_a`` and ``size_b`` on ``boards`` boards laid out as alternating passes (module
    docstring), rules 1-3 kept; ``None`` when the layout's flow or the cut into rounds finds nothing,
    or at ``deadline`` (``time.monotonic()``).  No break where :func:`zero_possible`; otherwise the
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
    # two exit 3 (benchmarks/results/unequal_team_order_layout.md, unequal_team_order.md).  Teams one
    # apart show no such rule (the smaller first, odd: 75 against 76 on 50 in 2.6 s, nothing in 20 s
    # the other way; but 96 against 95 on 76 in 5 s with the larger first, 12 s the other way), so they
    # keep the spec's order.
    if not flipped and q % k and abs(p - q) > 1 and k < min(p, q) and not _surplus(p, q):
        flipped = p > q
    if flipped:
        p, q = q, p
    # One team playing every round and switches needed: the order needing fewer switching pairs first.
    # The state model places the sitting team with two pairs slowly or not at all in the designer's
    # time (84 against 60: nothing in 10 s; 77 against 55: 8.7 s), where the other order, one pair
    # short of the surplus, answers with two in 3 to 8 s (4 breaks either way).
    if k in (p, q) and _least_pairs(q, p) < _least_pairs(p, q):
        p, q, flipped = q, p, not flipped
    # Switches needed: team A placed by splicing designed paths (models/constructions/splices.py).  With one team
    # playing every round (that team second) in well under a second at 100 players, at every such size
    # up to 100 where the sitting team's size is not a multiple of the boards, and with the fewest
    # pairs at all but 7 of 493 (benchmarks/results/unequal_splices.md).  With both teams sitting out
    # team B's deal can take seconds, so the splices get SPLICE_SHARE of the time there.  An order is
    # tried after them only where it can have fewer breaks.
    best: tuple[Schedule, int, bool] | None = None  # a schedule, its breaks, whether the teams are swapped
    if p != q and _surplus(p, q):
        if k in (p, q):
            sitting, full = (p, q) if q == k else (q, p)
            spliced = _spliced(sitting, full, k, deadline)
            swapped = flipped != (q != k)
        else:
            # the order with fewer pairs; on a tie the larger team second, whose deal is mostly the
            # faster (98 against 90 on 63: 21 s, 90 against 98: 2.6 s)
            other_first = (_least_pairs(q, p), q > p) < (_least_pairs(p, q), p > q)
            a, b = (q, p) if other_first else (p, q)
            spliced, swapped = _spliced(a, b, k, _part(deadline, SPLICE_SHARE)), flipped != other_first
        if spliced is not None:
            best = (*spliced, swapped)
    for a, b, swapped in ((p, q, flipped), (q, p, not flipped)):
        # the fewest breaks the order can have; where the first needs a switching pair, so does the second
        if best is not None and best[1] <= 2 * max(1, _least_pairs(a, b)):
            break
        if _late(deadline):
            break
        try:
            found = _oriented(a, b, k, deadline)
        except _Impossible:
            break  # and so in the other order (the layout's family is the same, colours reversed)
        if found is not None and (best is None or found[1] < best[1]):
            best = (*found, swapped)
        if found is not None and found[1] and not _surplus(a, b):
            break  # switching pairs where no order without one was proven: the same in the other order
    if best is None:
        return None
    return swap_teams(best[0]) if best[2] else best[0]


def one_apart_closed(size_a: int, size_b: int, boards: int, deadline: float | None = None) -> Schedule | None:
    """Teams one apart, the smaller even, both sitting out: the layout in closed form, no break.

    Let the smaller team (p, even) be the layout's team A and the larger (q = p + 1, odd) its team B.
    With s = i*p + x = n*q + y (A-pass i, offset x; B-pass n, offset y):

    * alpha(s) = (x + i) mod p: A player a holds offset (a - i) mod p in A-pass i, one to the left
      each pass, wrapping from 0 to p - 1.  Its consecutive positions are p - 1 or 2p - 1 apart: odd,
      so it alternates, and at least k apart, so never twice in a round;
    * beta(s) = y in the first p/2 B-passes and q - 1 - y in the others: B player b holds offset b,
      then q - 1 - b.  Its consecutive positions are q apart, or 2q - 1 - 2b across the middle of the
      sequence: odd either way, so it alternates, and twice in a round only there.

    Every pair meets once (docs/bounds_unequal.md, "Teams one apart in closed form", has the proof, and
    ``tests/test_positions.py`` checks it for every even p up to 100).  The middle of the sequence,
    position p*q/2, ends a round when the match has an even number of rounds, and then no player is
    twice in a round at all; otherwise the middle round's repeats are undone by the cheap exchanges of
    the general layout (:func:`_unclash_b`, :func:`_mend_rounds`), in a tenth of a second.  ``None`` for
    other sizes, or when some repeat stays (90 against 91 on 78): the general layout then takes over
    with its time nearly whole.  (Its model of exchanges, :func:`_mend_model`, would mend one more size
    of the 393 up to 100 a side, 44 against 45 on 36, but spends up to 2 s where it cannot, which the
    general layout needs: 90 against 91 on 78 took 9.5 to 9.9 s in all before.)"""
    p, q, k = min(size_a, size_b), max(size_a, size_b), boards
    if q != p + 1 or p % 2 or not 2 <= k < p or (p * q) % k:
        return None
    half0 = (q + 1) // 2
    alpha, beta = [0] * (p * q), [0] * (p * q)
    for s in range(p * q):
        i, x = divmod(s, p)
        n, y = divmod(s, q)
        alpha[s] = (x + i) % p
        b = y if 2 * n < p else q - 1 - y
        # B player b has class b mod 2 (position_class: y mod 2 for odd q); the layout numbers class 0 first
        beta[s] = b // 2 if b % 2 == 0 else half0 + b // 2
    if (p * q // k) % 2 and not (
        _unclash_b(p, q, k, alpha, beta, deadline) or _mend_rounds(p, q, k, alpha, beta, deadline)
    ):
        return None
    built = _schedule_of(p, q, k, alpha, beta)
    return built if size_a == p else swap_teams(built)


def _part(deadline: float | None, fraction: float) -> float | None:
    """The time ``fraction`` of the way from now to ``deadline``."""
    if deadline is None:
        return None
    now = time.monotonic()
    return now + fraction * max(0.0, deadline - now)


def _spliced(p: int, q: int, k: int, deadline: float | None) -> tuple[Schedule, int] | None:
    """The layout with team A placed by :func:`~scheveningen.models.constructions.splices.spliced_order`, with the
    fewest switching pairs or one more, and its breaks."""
    least, surplus, boundaries = _least_pairs(p, q), _surplus(p, q), _switch_boundaries(q)
    for pairs in (least, least + 1):
        alpha = spliced_order(p, q, k, pairs, surplus, boundaries, deadline)
        if alpha is not None and (built := _finish(p, q, k, alpha, deadline)) is not None:
            return built, 2 * pairs
    return None


class _Impossible(Exception):
    """No placement of team A's players keeps them alternating and out of repeats, for the groups
    given: proven by :func:`_place_by_states`'s model, so nothing else need be tried for them."""


def zero_possible(size_a: int, size_b: int) -> bool:
    """Whether the layout has no break (module docstring): p + q odd; both even unless p/g and q/g are
    both odd (g = gcd); both odd and g = 1."""
    return _surplus(size_a, size_b) == 0


def _late(deadline: float | None) -> bool:
    return deadline is not None and time.monotonic() > deadline


_group = position_group
_class = position_class


@functools.cache
def _surplus(p: int, q: int) -> int:
    """Group 0's class-0 positions beyond ceil(p/2) * ceil(q/2) (kept: the layout asks for it in both
    team orders, and :func:`zero_possible` and :func:`_least_pairs` again)."""
    count = sum(1 for s in range(p * q) if _group(s, p) == 0 and _class(s, q) == 0)
    return count - ((p + 1) // 2) * ((q + 1) // 2)


def _oriented(p: int, q: int, k: int, deadline: float | None) -> tuple[Schedule, int] | None:
    """The layout with team A's groups as given (switches on team A's side), and its breaks.  Where
    :func:`zero_possible` but the state model proves that none without a break exists, switching pairs
    instead (:func:`_pairs_instead`, with team B playing every round), and :class:`_Impossible` when
    they are not placed either."""
    surplus = _surplus(p, q)
    if surplus == 0:
        started = time.monotonic()
        try:
            built = _build(p, q, k, [], deadline)
        except _Impossible:
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
    boundaries = _switch_boundaries(q)
    if not boundaries:
        return None
    size0 = (p + 1) // 2
    pairs_max = min(size0, p - size0)
    least = _least_pairs(p, q)
    tries = sorted({t for t in (least, least + 1, least + 2, 2 * least, 4 * least, pairs_max) if 1 <= t <= pairs_max})

    def pairs_at_middle(pairs: int) -> list[tuple[int, int, int]]:
        return [(boundaries[0], i, size0 + i) for i in range(pairs)]

    def by_states() -> Schedule | None:
        try:
            return _build(p, q, k, pairs_at_middle(tries[0]), deadline, states=True)
        except _Impossible:
            return None

    # The pairs to try at the middle, fewest first; None: the state model placing team A for the
    # fewest.  Team B playing every round, the state model orders team A where the cheaper orders do
    # not, so it comes second, before more pairs, which the cheaper orders sometimes place but at more
    # breaks (84 against 60: 4, 52 against 44: 52, where the state model gives 2).
    steps: list[int | None] = [tries[0], None, *tries[1:]] if q == k else list(tries)
    for pairs in steps:
        if _late(deadline):
            return None
        if pairs is None:
            if (built := by_states()) is not None:
                return built, 2 * tries[0]
        elif (built := _build(p, q, k, pairs_at_middle(pairs), deadline)) is not None:
            return built, 2 * pairs
    # One pair elsewhere: which two neighbours in the rotation switch, and after which pass, decides
    # how many class-0 positions move between the groups.
    for m in boundaries[:SWITCH_BOUNDARIES]:
        for i in range(1, min(pairs_max, SWITCH_PLACES)):
            if _late(deadline):
                return None
            alpha = _rotation(p, q, k, [(m, i, size0 + i)])
            if alpha is not None and (built := _finish(p, q, k, alpha, deadline)) is not None:
                return built, 2
    # Last, the fewest pairs again with the state model placing team A (seconds at 60 players).
    if q != k and not _late(deadline) and (built := by_states()) is not None:
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
    boundaries = _switch_boundaries(q)
    if not boundaries:
        return None
    size0 = (p + 1) // 2
    end = _part(deadline, PAIRS_SHARE)
    best: tuple[Schedule, int] | None = None
    for pairs in PAIRS_INSTEAD:
        if pairs > min(size0, p - size0) or (best is not None and 2 * pairs >= best[1]):
            continue
        if _late(end):
            break
        try:
            built = _build(p, q, k, [(boundaries[0], i, size0 + i) for i in range(pairs)], end, states=True)
        except _Impossible:
            continue
        if built is not None:
            best = (built, 2 * pairs)
    return best


def _switch_boundaries(q: int) -> list[int]:
    """The passes after which team A's players may switch group, the middle first: after an even number
    of games (pass m odd) when q is even, so rule 1 holds exactly; anywhere when q is odd."""
    allowed = range(1, q - 1, 2) if q % 2 == 0 else range(0, q - 1)
    return sorted(allowed, key=lambda m: (abs(2 * (m + 1) - q), m))


def _least_pairs(p: int, q: int) -> int:
    """The fewest switching pairs that can move group 0's surplus (each moves at most ceil(q/2) of it);
    0 where none is needed."""
    surplus = _surplus(p, q)
    return -(-abs(surplus) // ((q + 1) // 2)) if surplus else 0


def _phases(p: int, q: int, switches: list[tuple[int, int, int]]) -> list[list[int]]:
    """``phase[a][m]``: A player a's group in A-pass m; group 0 the first ceil(p/2) players, each
    switch (m, a0, a1) exchanging a0 (group 0) and a1 (group 1) after pass m."""
    size0 = (p + 1) // 2
    phase = [[0 if a < size0 else 1] * q for a in range(p)]
    for m, a0, a1 in switches:
        for later in range(m + 1, q):
            phase[a0][later] = 1
            phase[a1][later] = 0
    return phase


def _supplies(p: int, q: int) -> list[list[int]]:
    """``supply[m][group]``: the class-0 positions of that group in A-pass m."""
    out = [[0, 0] for _ in range(q)]
    for s in range(p * q):
        if _class(s, q) == 0:
            out[s // p][_group(s, p)] += 1
    return out


def _class_zero(p: int, q: int, phase: list[list[int]]) -> list[list[bool]] | None:
    """``zero[a][m]``: A player a takes a class-0 position in A-pass m; each takes ceil(q/2) in all.
    Greedy (fewest so far first) when nobody switches, else a max flow."""
    need = (q + 1) // 2
    supply = _supplies(p, q)
    if all(len(set(row)) == 1 for row in phase):
        zero = [[False] * q for _ in range(p)]
        count = [0] * p
        for m in range(q):
            for group in (0, 1):
                members = sorted((a for a in range(p) if phase[a][m] == group), key=lambda a: (count[a], a))
                for a in members[: supply[m][group]]:
                    zero[a][m] = True
                    count[a] += 1
        return zero if all(c == need for c in count) else None
    graph = nx.DiGraph()
    source, sink = -1, -2

    def node(m: int, group: int) -> int:
        return p + 2 * m + group

    for m in range(q):
        for group in (0, 1):
            if supply[m][group]:
                graph.add_edge(source, node(m, group), capacity=supply[m][group])
        for a in range(p):
            graph.add_edge(node(m, phase[a][m]), a, capacity=1)
    for a in range(p):
        graph.add_edge(a, sink, capacity=need)
    value, flow = nx.maximum_flow(graph, source, sink)
    if value != p * need:
        return None
    return [[flow[node(m, phase[a][m])].get(a, 0) == 1 for m in range(q)] for a in range(p)]


def _segments(p: int, q: int, k: int) -> tuple[list[list[tuple[int, int, int]]], list[int]]:
    """Each pass cut into *segments*, (round, first position, end) of its stretches inside one round
    and one B-pass; and the round each pass shares with the previous one (-1 where none)."""
    segments: list[list[tuple[int, int, int]]] = []
    for m in range(q):
        cuts = sorted({m * p, (m + 1) * p} | {t for t in range(m * p + 1, (m + 1) * p) if t % k == 0 or t % q == 0})
        segments.append([(lo // k, lo, hi) for lo, hi in itertools.pairwise(cuts)])
    return segments, [m * p // k if (m * p) % k else -1 for m in range(q)]


def _place_by_states(
    p: int, q: int, k: int, phase: list[list[int]], deadline: float | None, band: int | None = None
) -> tuple[list[int] | None, bool]:
    """alpha(s) where the greedy class-0 choice leaves :func:`_place_a` no answer: the class-0 takers
    and the cut into rounds chosen together.  Cut pass m into *segments*, the stretches inside one round
    and one B-pass: in a segment every position of one group has the same class (group + B-pass - m,
    mod 2).  A player's *state* before a pass is its class-0 positions so far and whether it sat in the
    last round of the previous pass when that round also holds this pass's start (then it must not take
    this pass's segments in that round).  Players with the same groups in every pass are alike, so only
    how many of each state take each segment matters: a small integer model (CP-SAT, one worker,
    :data:`CLASS_WORK`) whose unknowns are those numbers, every segment's positions of each group
    filled, every player ending with ceil(q/2) class-0 positions.  The players are then dealt to the
    segments state by state.  A ``band`` keeps every count within that far of its kind's pace
    (:func:`_paces`), which keeps the model small.  ``(None, proven)`` when the model finds nothing,
    ``proven`` when it shows that nothing exists (an exact statement without a ``band``)."""
    need = (q + 1) // 2
    kinds: dict[tuple[int, ...], list[int]] = {}
    for a in range(p):
        kinds.setdefault(tuple(phase[a]), []).append(a)
    segments, first_round = _segments(p, q, k)
    paces = _paces(p, q, phase, kinds)

    model = cp_model.CpModel()
    # take[kind, m, c, barred, i]: players of that kind and state taking segment i of pass m
    take: dict[tuple[tuple[int, ...], int, int, bool, int], cp_model.IntVar] = {}
    into: dict[tuple[tuple[int, ...], int, int, bool], list[cp_model.IntVar]] = {}
    filling: dict[tuple[int, int, int], list[cp_model.IntVar]] = {}  # (m, segment, group) -> takers
    for kind, members in kinds.items():
        for m in range(q):
            for c in _corridor(m, q, need, band, paces[kind][m]):
                for barred in (False, True):
                    if m == 0 and (c or barred):
                        continue
                    arriving = into.get((kind, m, c, barred), [])
                    if m and not arriving:
                        continue
                    here = []
                    for i, (r, lo, _hi) in enumerate(segments[m]):
                        if barred and r == first_round[m]:
                            continue
                        cls = (kind[m] + lo // q - m) % 2
                        c_next = c + (cls == 0)
                        if c_next not in _corridor(m + 1, q, need, band, paces[kind][m + 1]):
                            continue
                        var = model.new_int_var(0, len(members), "")
                        take[kind, m, c, barred, i] = var
                        filling.setdefault((m, i, kind[m]), []).append(var)
                        here.append(var)
                        late = m + 1 < q and r == first_round[m + 1]
                        into.setdefault((kind, m + 1, c_next, late), []).append(var)
                    if m == 0:
                        model.add(sum(here) == len(members))
                    else:
                        model.add(sum(here) == sum(arriving))
    for m in range(q):
        for i, (_r, lo, hi) in enumerate(segments[m]):
            for group in (0, 1):
                size = sum(1 for s in range(lo, hi) if _group(s, p) == group)
                model.add(sum(filling.get((m, i, group), [])) == size)
    solver = one_worker_solver(CLASS_WORK, deadline)
    # The search here branches almost without a conflict and spends its time in the linear relaxation,
    # which by default takes its constraints in lazily, re-solving as it goes: given them all at once it
    # needs a third to a half of the time (78 against 66, a switching pair: 2.3 s against 5.8 s; 90
    # against 78: 3.0 s against 8.3 s), and the same answers.
    solver.parameters.add_lp_constraints_lazily = False
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None, status == cp_model.INFEASIBLE
    alpha = [-1] * (p * q)
    state = {a: (0, False) for a in range(p)}
    for m in range(q):
        dealt: list[list[list[int]]] = [[[], []] for _ in segments[m]]  # players per segment and group
        for kind, members in kinds.items():
            for (c, barred), group_of_state in _by_state(members, state).items():
                queue = iter(group_of_state)
                for i in range(len(segments[m])):
                    taking = take.get((kind, m, c, barred, i))
                    for _ in range(solver.value(taking) if taking is not None else 0):
                        dealt[i][kind[m]].append(next(queue))
        for i, (r, lo, hi) in enumerate(segments[m]):
            late = m + 1 < q and r == first_round[m + 1]
            for group in (0, 1):
                spots = [s for s in range(lo, hi) if _group(s, p) == group]
                for s, a in zip(spots, dealt[i][group], strict=True):
                    alpha[s] = a
                    c, _ = state[a]
                    state[a] = (c + (_class(s, q) == 0), late)
    return alpha, False


def _paces(
    p: int, q: int, phase: list[list[int]], kinds: dict[tuple[int, ...], list[int]]
) -> dict[tuple[int, ...], list[Fraction]]:
    """For each kind of player (its groups pass by pass), the class-0 positions a member takes before
    each pass m = 0..q if every pass shares its group's class-0 positions evenly among the group's
    members: the pace a member keeps where the supply allows it.  The supply is not even over the
    match: with teams one apart (49 against 50 on 35) nearly all of group 0's positions are class 0
    in the first passes and few in the last, so the class-0 counts climb fast and then stall."""
    supply = _supplies(p, q)
    need = (q + 1) // 2
    members = [[sum(1 for a in range(p) if phase[a][m] == group) for group in (0, 1)] for m in range(q)]
    paces: dict[tuple[int, ...], list[Fraction]] = {}
    for kind in kinds:
        pace = [Fraction(0)]
        for m in range(q):
            pace.append(pace[-1] + Fraction(supply[m][kind[m]], members[m][kind[m]]))
        # Where players switch, a group's supply is not ceil(q/2) a member (the surplus the switches
        # move); scaled to end there, as every member must (66 against 54: the model fits within 4
        # of it in 2.5 s, where unscaled only 6 fits, in 4 s after 2.6 s proving 4 empty).
        paces[kind] = [x * need / pace[-1] for x in pace] if pace[-1] else pace
    return paces


def _corridor(m: int, q: int, need: int, band: int | None, pace: Fraction) -> range:
    """The class-0 counts a player may have before pass m: those from which ``need`` is still reachable,
    and, given a ``band``, at most that far from its kind's ``pace`` (:func:`_paces`)."""
    low, high = max(0, need - (q - m)), min(m, need)
    if band is not None:
        low, high = max(low, math.floor(pace) - band), min(high, math.ceil(pace) + band)
    return range(low, high + 1)


def _bands(p: int, q: int, k: int) -> list[int | None]:
    """The corridors :func:`_place_by_states` tries in turn, narrowest first, then ``None`` (every
    count: exact).  A corridor too narrow is proven so in a tenth of a second or two, and the narrowest
    that fits solves fastest (86 against 70: 1.1 s within 2 of the pace, 3.2 s within 4), so the first
    few are one apart.  Where team B plays every round (q = k < p), each pass starts p - k positions
    further into its round, and for about k / (p - k) passes a player that took the pass's part in the
    next round must take it again, of the same class: the counts drift from the pace by about
    k / (2(p - k)) each way, the band a schedule needs (97 against 94: 16; 97 against 90: 6; 86
    against 70 with a switching pair: 2), so the corridors start a little below that."""
    start = max(1, k // (2 * (p - k)) - 2) if q == k < p else 1
    bands: list[int | None] = []
    for step in BAND_STEPS:
        bands.append(start)
        start += step
    return [*bands, None]


def _by_state(members: list[int], state: dict[int, tuple[int, bool]]) -> dict[tuple[int, bool], list[int]]:
    out: dict[tuple[int, bool], list[int]] = {}
    for a in members:
        out.setdefault(state[a], []).append(a)
    return out


def _build(
    p: int, q: int, k: int, switches: list[tuple[int, int, int]], deadline: float | None = None, states: bool = False
) -> Schedule | None:
    """The schedule for these switches: team A's order (the rotation where it fits, else placed pass by
    pass after the class-0 flow), team B dealt by the colouring, the repeats in a round mended; ``None``
    when the flow has no answer or a repeat stays.  ``states``: only the state model's order, the others
    having been tried for these switches already.  Raises :class:`_Impossible` when the state model
    proves that team A has no placement for them."""
    orders: list[list[int]] = []
    if not states and (rotation := _rotation(p, q, k, switches)) is not None:
        orders.append(rotation)
    phase = _phases(p, q, switches)
    zero = _class_zero(p, q, phase)
    if zero is not None:
        placed = None if states else _place_a(p, q, k, phase, zero)
        # With switches the state model takes seconds (66 against 54: 8 s) and the cheaper orders often
        # answer first: :func:`_oriented` asks for it (``states``) only when they have not.
        for band in _bands(p, q, k) if not switches or states else ():
            if placed is not None or _late(deadline):
                break
            placed, proven = _place_by_states(p, q, k, phase, deadline, band)
            if proven and band is None and not orders:
                raise _Impossible
        if placed is not None:
            orders.append(placed)
    for alpha in orders:
        if (built := _finish(p, q, k, alpha, deadline)) is not None:
            return built
    return None


def _finish(p: int, q: int, k: int, alpha: list[int], deadline: float | None) -> Schedule | None:
    """Team B dealt to team A's order ``alpha`` and every round's repeats undone, or ``None``."""
    beta = _deal_b(p, q, alpha)
    if beta is None:
        return None
    # The cycle exchanges, then the game exchanges, both cheap (64 against 19 on 16: 0.3 s in all, where
    # the deal in order takes 3 s); then team B dealt again in order (which leaves no repeat) ...
    mended = _unclash_b(p, q, k, alpha, beta, deadline) or _mend_rounds(p, q, k, alpha, beta, deadline)
    if not (mended or (p * q <= MEND_FIRST_GAMES and _mend_model(p, q, k, alpha, beta, deadline, MEND_FIRST_WORK))):
        # With rounds of at most three quarters of the smaller team, the local search over the cycle
        # exchanges clears the repeats in about a second where the deal in order takes seconds or
        # misses the time (91 against 92 on 52: 0.7 s against nothing in 9 s); with larger rounds it
        # stalls at hundreds of repeats and the deal in order goes first.
        if k <= SEARCH_FIRST_ROUNDS * min(p, q):
            searched = list(beta)
            _search_b(p, q, k, alpha, searched, _part(deadline, SEARCH_FIRST_SHARE))
            if _mend_rounds(p, q, k, alpha, searched, deadline):
                return _schedule_of(p, q, k, alpha, searched)
        in_order = _deal_b_in_order(p, q, k, alpha, deadline)
        beta = beta if in_order is None else in_order
    if not (_mend_rounds(p, q, k, alpha, beta, deadline) or _mend_model(p, q, k, alpha, beta, deadline)):
        # ... or a longer search for its repeats (half the time left), then the game exchanges again
        half = None if deadline is None else time.monotonic() + (deadline - time.monotonic()) / 2
        _search_b(p, q, k, alpha, beta, half)
        if not (_mend_rounds(p, q, k, alpha, beta, deadline) or _mend_model(p, q, k, alpha, beta, deadline)):
            return None
    return _schedule_of(p, q, k, alpha, beta)


def _schedule_of(p: int, q: int, k: int, alpha: list[int], beta: list[int]) -> Schedule:
    """The positions cut into rounds of k, team A White at the even positions; each round's games in
    the order of their A players, as the other constructions give them."""
    pairings = [
        sorted((alpha[s] + 1, beta[s] + 1, s % 2 == 0) for s in range(r * k, (r + 1) * k)) for r in range(p * q // k)
    ]
    return Schedule.from_pairings(pairings, team_a=p, team_b=q)


def _mend_rounds(p: int, q: int, k: int, alpha: list[int], beta: list[int], deadline: float | None = None) -> bool:
    """Undo the repeats left in rounds (a player twice in one round) by exchanging whole games.  Two
    positions of the same parity inside the same A-pass and the same B-pass can exchange their games:
    both players of each keep their pass, the parity (so their colours and alternation) and their
    opponent, so only the rounds change.  An exchange is taken when it lowers the repeats of the two
    rounds it touches, so the total falls at every step.  True when no repeat is left (False too at
    ``deadline``)."""
    n = p * q

    def repeats(r: int) -> int:
        lo, hi = r * k, (r + 1) * k
        return 2 * k - len({alpha[s] for s in range(lo, hi)}) - len({beta[s] for s in range(lo, hi)})

    def offenders(r: int) -> list[int]:
        lo, hi = r * k, (r + 1) * k
        seen_a: dict[int, int] = {}
        seen_b: dict[int, int] = {}
        out = []
        for s in range(lo, hi):
            if alpha[s] in seen_a or beta[s] in seen_b:
                out += [s, seen_a.get(alpha[s], s), seen_b.get(beta[s], s)]
            seen_a.setdefault(alpha[s], s)
            seen_b.setdefault(beta[s], s)
        return list(dict.fromkeys(out))

    pending = [r for r in range(n // k) if repeats(r)]
    tries = 0
    while pending:
        if _late(deadline):
            return False
        r = pending[0]
        if not repeats(r):
            pending.pop(0)
            continue
        moved = False
        for s in offenders(r):
            lo = max(s - s % p, s - s % q)
            hi = min(s - s % p + p, s - s % q + q)
            for t in range(lo + (s - lo) % 2, hi, 2):
                other = t // k
                if other == r:
                    continue
                tries += 1
                if tries > MEND_TRIES:
                    return False
                before = repeats(r) + repeats(other)
                alpha[s], alpha[t] = alpha[t], alpha[s]
                beta[s], beta[t] = beta[t], beta[s]
                if repeats(r) + repeats(other) < before:
                    moved = True
                    if repeats(other) and other not in pending:
                        pending.append(other)
                    break
                alpha[s], alpha[t] = alpha[t], alpha[s]
                beta[s], beta[t] = beta[t], beta[s]
            if moved:
                break
        if not moved:
            return False
    return True


def _mend_model(
    p: int, q: int, k: int, alpha: list[int], beta: list[int], deadline: float | None, work: float = MEND_WORK
) -> bool:
    """The exchanges of :func:`_mend_rounds` decided all at once by a small CP-SAT model.  A *cell* is
    the positions of one parity in one A-pass and one B-pass; its games may be ordered in any way (each
    player keeps its pass, parity and opponent).  Only a round holding a pass boundary can repeat a
    player, so the model says which of each cell's games go to its positions in such rounds, every
    such round with each player at most once; the cell's other positions take the rest.  One worker,
    a work limit: the same answer on every machine.  True (and ``alpha``, ``beta`` rearranged) when it
    finds one; False at once after the deadline (building the model takes a few tenths of a second)."""
    if _late(deadline):
        return False
    n = p * q
    straddling = {b // k for b in range(1, n) if b % k and (b % p == 0 or b % q == 0)}
    cells: dict[tuple[int, int, int], list[int]] = {}
    for s in range(n):
        cells.setdefault((s // p, s // q, s % 2), []).append(s)
    model = cp_model.CpModel()
    chosen: dict[tuple[int, int], cp_model.IntVar] = {}  # (game = its position now, round) -> in that round
    per_round_a: dict[tuple[int, int], list[cp_model.IntVar]] = {}
    per_round_b: dict[tuple[int, int], list[cp_model.IntVar]] = {}
    plans: list[tuple[list[int], dict[int, int]]] = []
    for positions in cells.values():
        spots: dict[int, int] = {}
        for s in positions:
            if s // k in straddling:
                spots[s // k] = spots.get(s // k, 0) + 1
        if not spots:
            continue
        plans.append((positions, spots))
        for r, count in spots.items():
            lits = []
            for g in positions:
                x = model.new_bool_var(f"g{g}r{r}")
                chosen[g, r] = x
                lits.append(x)
                per_round_a.setdefault((r, alpha[g]), []).append(x)
                per_round_b.setdefault((r, beta[g]), []).append(x)
            model.add(sum(lits) == count)
        for g in positions:
            model.add_at_most_one([chosen[g, r] for r in spots])
    for lits in [*per_round_a.values(), *per_round_b.values()]:
        if len(lits) > 1:
            model.add_at_most_one(lits)
    solver = new_solver(workers=1, work=work)
    if deadline is not None:
        left = deadline - time.monotonic()
        if left <= 0.1:
            return False
        solver.parameters.max_time_in_seconds = left
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return False
    games = {g: (alpha[g], beta[g]) for positions, _spots in plans for g in positions}
    for positions, spots in plans:
        placed: dict[int, list[int]] = {r: [] for r in spots}
        rest: list[int] = []
        for g in positions:
            into = next((r for r in spots if solver.boolean_value(chosen[g, r])), None)
            (placed[into] if into is not None else rest).append(g)
        for s in positions:
            g = placed[s // k].pop() if placed.get(s // k) else rest.pop()
            alpha[s], beta[s] = games[g]
    return True


def _rotation(p: int, q: int, k: int, switches: list[tuple[int, int, int]] | None = None) -> list[int] | None:
    """Team A in the same order in every pass (p odd), or with neighbours (offsets 2i, 2i + 1)
    exchanged in every other pass (p even): consecutive positions of a player are p or p +- 1 apart,
    an odd distance, and at least k when k < p, so no round holds a player twice.  A switch (m, a0, a1)
    here exchanges the places of A players 2 a0 and 2 a0 + 1 (both players of one switch) for good after
    pass m: one break each, their positions p +- 1 apart, so an even distance.  Only when every A
    player then holds ceil(q/2) positions of class 0, perhaps after a few exchanges
    (:func:`_balance_rotation`); ``None`` otherwise, or when k = p does not align."""
    if k > p or (k == p and p % k):
        return None
    alpha = [0] * (p * q)
    for s in range(p * q):
        m, x = divmod(s, p)
        alpha[s] = x if p % 2 else x ^ (m & 1)
    busy: list[set[int]] = [set() for _ in range(p)]
    for m, a0, _a1 in switches or []:
        u, v = 2 * a0, 2 * a0 + 1
        if v >= p or k == p:
            return None
        for s in range((m + 1) * p, p * q):
            if alpha[s] in (u, v):
                alpha[s] = u + v - alpha[s]
        busy[u] |= {m, m + 1}
        busy[v] |= {m, m + 1}
    count = [0] * p
    for s in range(p * q):
        count[alpha[s]] += _class(s, q) == 0
    need = (q + 1) // 2
    if k == p:
        return alpha if all(c == need for c in count) else None
    return alpha if _balance_rotation(p, q, k, alpha, count, busy) else None


def _balance_rotation(p: int, q: int, k: int, alpha: list[int], count: list[int], busy: list[set[int]]) -> bool:
    """Make every count of class-0 positions ceil(q/2) by exchanging, in single passes, two players of
    one group (positions of one parity) at most p - k apart, one with too many on a class-0 position and
    one with too few on a class-1 position.  A player then sits at most p - k places early or late in
    one pass and in its own place in the passes either side (it deviates in no two passes within two of
    each other, nor next to its switch), so its consecutive positions stay at least k apart, in
    different rounds; parities, so colours, are kept.  False (``alpha`` partly changed) when some count
    cannot be mended so."""
    need = (q + 1) // 2
    reach = p - k
    where = {(alpha[s], s // p): s for s in range(p * q)}
    for u in range(p):
        while count[u] > need:
            done = False
            for v in sorted(range(p), key=lambda v: (abs(v - u), v)):
                if abs(v - u) > reach + 2:
                    break
                if v == u or count[v] >= need:
                    continue
                for m in range(q):
                    if {m - 1, m, m + 1} & (busy[u] | busy[v]):
                        continue
                    su, sv = where[u, m], where[v, m]
                    if (su - sv) % 2 or abs(su - sv) > reach or _class(su, q) != 0 or _class(sv, q) != 1:
                        continue
                    alpha[su], alpha[sv] = v, u
                    where[u, m], where[v, m] = sv, su
                    busy[u].add(m)
                    busy[v].add(m)
                    count[u] -= 1
                    count[v] += 1
                    done = True
                    break
                if done:
                    break
            if not done:
                return False
    return all(c == need for c in count)


def _place_a(p: int, q: int, k: int, phase: list[list[int]], zero: list[list[bool]]) -> list[int] | None:
    """alpha(s): in each A-pass the members of each group take its positions, the class-0 takers the
    class-0 ones (a *place* is such a group and class).  A round can hold the end of one pass and the
    start of the next; the players at that end (the pass's *late* positions) must not take the next
    pass's positions in the round (its *early* ones).  Pass by pass, a small flow (:func:`_late_counts`)
    decides how many players of each place, barred or not, and with each place in the next pass, take
    the late positions, so that the barred players stay off the early positions and the next pass has
    room outside its early positions for this pass's late players.  ``None`` when that has no answer."""
    n = p * q

    def shared(lo: int) -> int:
        """Positions from ``lo`` (a pass start) to the end of the round holding it (none if aligned)."""
        return 0 if lo % k == 0 else min(k - lo % k, p)

    def place(s: int) -> tuple[int, int]:
        return _group(s, p), _class(s, q)

    def place_of(a: int, m: int) -> tuple[int, int]:
        return phase[a][m], 0 if zero[a][m] else 1

    places = [(0, 0), (0, 1), (1, 0), (1, 1)]
    alpha = [-1] * n
    barred: set[int] = set()  # players at the late positions of the previous pass
    for m in range(q):
        lo, hi = m * p, (m + 1) * p
        early_end = lo + shared(lo)
        late_start = hi - (k - shared(hi)) if m + 1 < q and shared(hi) else hi
        room = dict.fromkeys(places, 0)  # the next pass's positions outside its early ones, per place
        if late_start < hi:
            for s in range(hi + shared(hi), hi + p):
                room[place(s)] += 1
        spots = {pl: [s for s in range(lo, hi) if place(s) == pl] for pl in places}
        members = {pl: [a for a in range(p) if place_of(a, m) == pl] for pl in places}
        if any(len(spots[pl]) != len(members[pl]) for pl in places):
            return None
        late_of = {pl: [s for s in spots[pl] if s >= late_start] for pl in places}
        early_of = {pl: [s for s in spots[pl] if s < early_end] for pl in places}
        kinds: dict[tuple[tuple[int, int], tuple[int, int], bool], list[int]] = {}
        if late_start < hi:
            for pl in places:
                for a in members[pl]:
                    kinds.setdefault((pl, place_of(a, m + 1), a in barred), []).append(a)
        counts = _late_counts(
            {pl: len(late_of[pl]) for pl in places},
            {pl: sum(1 for a in members[pl] if a not in barred) - len(early_of[pl]) for pl in places},
            room,
            {key: len(players) for key, players in kinds.items()},
        )
        if counts is None:
            return None
        late_players: set[int] = set()
        for pl in places:
            late = [a for key, players in sorted(kinds.items()) if key[0] == pl for a in players[: counts.get(key, 0)]]
            rest = [a for a in members[pl] if a not in late]
            early = [a for a in rest if a not in barred][: len(early_of[pl])]
            if len(early) < len(early_of[pl]):
                return None
            middle = [a for a in rest if a not in early]
            order = iter(middle)
            late_iter, early_iter = iter(late), iter(early)
            for s in spots[pl]:
                if s >= late_start:
                    alpha[s] = next(late_iter)
                elif s < early_end:
                    alpha[s] = next(early_iter)
                else:
                    alpha[s] = next(order)
            late_players.update(late)
        barred = late_players
    return alpha


def _late_counts(
    late: dict[tuple[int, int], int],
    spare: dict[tuple[int, int], int],
    room: dict[tuple[int, int], int],
    kinds: dict[tuple[tuple[int, int], tuple[int, int], bool], int],
) -> dict[tuple[tuple[int, int], tuple[int, int], bool], int] | None:
    """How many players of each kind (place, next place, barred) take the late positions: ``late[pl]``
    of each place, at most ``room[next]`` with each next place, and at most ``spare[pl]`` unbarred ones
    of each place (the rest fill its early positions).  A max flow; ``None`` when it falls short."""
    if not any(late.values()):
        return {}
    if any(value < 0 for value in spare.values()):
        return None
    # Integer nodes (source 0, sink 1): their hashes, unlike strings', are the same in every process,
    # so the flow, and the schedule built from it, are too.
    places = sorted({*late, *room, *(key[0] for key in kinds), *(key[1] for key in kinds)})
    index = {pl: i for i, pl in enumerate(places)}
    size = len(places)

    def late_node(pl: tuple[int, int]) -> int:
        return 2 + index[pl]

    def unbarred_node(pl: tuple[int, int]) -> int:
        return 2 + size + index[pl]

    def next_node(pl: tuple[int, int]) -> int:
        return 2 + 2 * size + index[pl]

    def kind_node(pl: tuple[int, int], nxt: tuple[int, int], is_barred: bool) -> int:
        return 2 + 3 * size + 2 * (size * index[pl] + index[nxt]) + is_barred

    graph = nx.DiGraph()
    for pl, count in late.items():
        if count:
            graph.add_edge(0, late_node(pl), capacity=count)
            graph.add_edge(late_node(pl), unbarred_node(pl), capacity=spare[pl])
    for (pl, nxt, is_barred), count in kinds.items():
        if not late.get(pl):
            continue
        start = late_node(pl) if is_barred else unbarred_node(pl)
        graph.add_edge(start, kind_node(pl, nxt, is_barred), capacity=count)
        graph.add_edge(kind_node(pl, nxt, is_barred), next_node(nxt), capacity=count)
    for nxt, count in room.items():
        graph.add_edge(next_node(nxt), 1, capacity=count)
    if 0 not in graph or 1 not in graph:
        return None
    value, flow = nx.maximum_flow(graph, 0, 1)
    if value != sum(late.values()):
        return None
    return {
        (pl, nxt, is_barred): flow[late_node(pl) if is_barred else unbarred_node(pl)][kind_node(pl, nxt, is_barred)]
        for (pl, nxt, is_barred) in kinds
        if late.get(pl)
    }


def _deal_b_in_order(p: int, q: int, k: int, alpha: list[int], deadline: float | None = None) -> list[int] | None:
    """beta(s) dealt B-pass by B-pass so that no round repeats a B player, or ``None``.

    For each class c, the class-c positions of B-pass n go to the class's B players (one each, so
    every player keeps its class, alternates and sits out in turn), a player only to a position whose
    A player it has not met and which is in another round than its position in pass n - 1 (the only
    earlier position that can share a round with it, since k <= q).  After the p passes every B player
    has met every A player once.  :func:`_deal_class` deals one class.

    :func:`_finish` asks for it when :func:`_unclash_b` leaves repeats: 84 against 88 on 77 boards and
    88 against 64 on 44, where Koenig's deal keeps hundreds of repeats that no exchange undoes, and
    teams one apart (49 against 50 on 35, 87 against 88 on 66)."""
    sizes = ((q + 1) // 2, q // 2)
    beta = [-1] * (p * q)
    for cls in (0, 1):
        spots = [[s for s in range(n * q, (n + 1) * q) if _class(s, q) == cls] for n in range(p)]
        dealt = _deal_class(q, k, alpha, spots, deadline, DEAL_LOOKAHEAD if abs(p - q) == 1 else 0)
        if dealt is None:
            return None
        for deal in dealt:
            for player, s in enumerate(deal):
                beta[s] = cls * sizes[0] + player
    return beta


def _deal_class(
    q: int, k: int, alpha: list[int], spots: list[list[int]], deadline: float | None, lookahead: float = 0
) -> list[list[int]] | None:
    """One class's deal for :func:`_deal_b_in_order`: ``deal[player]``, its position, for each pass.

    Pass by pass a linear assignment (:func:`_deal_pass`).  Where a pass finds none, the passes from
    :data:`DEAL_BACKS` back to :data:`DEAL_AHEAD` on are dealt again together by CP-SAT
    (:func:`_deal_window`), further back each time that finds nothing; the last :data:`DEAL_TAIL`
    passes are dealt together from the start, where every A player left must be met.  ``None`` when
    a window finds nothing even from the furthest back, when a window would exceed
    :data:`DEAL_CELLS`, or at the deadline.  ``lookahead``: :data:`DEAL_LOOKAHEAD` or 0."""
    passes, size = len(spots), len(spots[0])
    dealt: list[list[int]] = []
    met: list[set[int]] = [set() for _ in range(size)]
    while len(dealt) < passes:
        if _late(deadline):
            return None
        n = len(dealt)
        if passes - n > DEAL_TAIL:
            deal = _deal_pass(q, k, alpha, spots[n], spots[n + 1], met, dealt[-1] if dealt else None, lookahead)
            if deal is not None:
                dealt.append(deal)
                for player, s in enumerate(deal):
                    met[player].add(alpha[s])
                continue
        for back in DEAL_BACKS:
            lo = max(0, n - back)
            hi = passes if passes - n <= DEAL_TAIL else min(passes, n + DEAL_AHEAD)
            if (hi - lo) * size * size > DEAL_CELLS:
                return None
            hint = dealt[lo:] + _deal_loosely(q, k, alpha, spots[n:hi], met, dealt[-1] if dealt else None)
            window = _deal_window(k, alpha, spots, dealt[:lo], hi, hint, deadline)
            if window is not None:
                break
            if lo == 0:
                return None
        else:
            return None
        dealt = dealt[:lo] + window
        met = [{alpha[deal[player]] for deal in dealt} for player in range(size)]
    return dealt


def _deal_pass(
    q: int,
    k: int,
    alpha: list[int],
    here: list[int],
    after: list[int],
    met: list[set[int]],
    last: list[int] | None,
    lookahead: float = 0,
) -> list[int] | None:
    """One pass of :func:`_deal_class`: ``deal[player]``, its position in ``here``, or ``None``.  A
    linear assignment (OR-Tools), each player to a position whose A player it has not met (``met``),
    outside the round of its ``last`` position, its offset in the pass changing as little as
    possible (the nearer the rotation, in which nobody repeats, the fewer players are left with no
    position later).  A position in a round that goes on into the next pass (``after``) is taken only
    by a player that has a position there outside that round, with an A player it will not have met,
    and costs it ``lookahead`` offsets times its share of the A players there it could meet."""
    size = len(here)
    deal = linear_sum_assignment.SimpleLinearSumAssignment()
    shared = {s // k for s in after}
    # A player in this pass's part of the shared round cannot take the next pass's part of it.  For
    # each A player there, the fewer B players left to meet it, the dearer that round for each of them.
    dear = [0.0] * size
    if lookahead:
        joined = shared & {s // k for s in here}
        for t in after:
            if t // k in joined:
                left = [player for player in range(size) if alpha[t] not in met[player]]
                for player in left:
                    dear[player] += lookahead * q / len(left)
    for player in range(size):
        arcs = 0
        for j, s in enumerate(here):
            a = alpha[s]
            if a in met[player] or (last is not None and last[player] // k == s // k):
                continue
            if s // k in shared and not any(
                t // k != s // k and alpha[t] != a and alpha[t] not in met[player] for t in after
            ):
                continue
            cost = 0 if last is None else abs(s - last[player] - q)
            deal.add_arc_with_cost(player, j, cost + (round(dear[player]) if s // k in shared else 0))
            arcs += 1
        if not arcs:  # (the solver would also count one node fewer and answer for the rest)
            return None
    if deal.num_nodes() != size or deal.solve() != deal.OPTIMAL:
        return None
    return [here[deal.right_mate(player)] for player in range(size)]


def _deal_loosely(
    q: int, k: int, alpha: list[int], spots: list[list[int]], met: list[set[int]], last: list[int] | None
) -> list[list[int]]:
    """A hint for :func:`_deal_window`: ``spots``' passes dealt on from ``last`` as :func:`_deal_pass`
    deals them, but with a player meeting an A player again or playing twice in a round only dear,
    not forbidden, so that every pass gets a deal.  Started from it, the model finds a deal sooner
    (64 against 63 on 56: 7 s against 9 s in all its windows)."""
    met = [set(seen) for seen in met]
    dealt: list[list[int]] = []
    for here in spots:
        deal = linear_sum_assignment.SimpleLinearSumAssignment()
        for player in range(len(here)):
            for j, s in enumerate(here):
                cost = 0 if last is None else abs(s - last[player] - q) + 300 * (last[player] // k == s // k)
                deal.add_arc_with_cost(player, j, cost + 1000 * (alpha[s] in met[player]))
        deal.solve()  # complete with every arc: always optimal
        last = [here[deal.right_mate(player)] for player in range(len(here))]
        dealt.append(last)
        for player, s in enumerate(last):
            met[player].add(alpha[s])
    return dealt


def _deal_window(
    k: int,
    alpha: list[int],
    spots: list[list[int]],
    kept: list[list[int]],
    hi: int,
    hint: list[list[int]],
    deadline: float | None,
) -> list[list[int]] | None:
    """Passes ``len(kept)`` .. ``hi`` - 1 dealt together by CP-SAT: a Boolean per player and position of
    its class whose A player it did not meet in ``kept``, each position one player and each player one
    position a pass, each A player met at most once (exactly once when the window runs to the last
    pass), no player twice in a round; started from ``hint`` (the passes dealt there before).  One
    worker, :data:`DEAL_WORK` deterministic seconds; ``None`` when it finds nothing or at the deadline
    (checked while building too)."""
    size = len(spots[0])
    final = hi == len(spots)
    met = [{alpha[deal[player]] for deal in kept} for player in range(size)]
    model = cp_model.CpModel()
    take: dict[tuple[int, int], cp_model.IntVar] = {}
    by_met: dict[tuple[int, int], list[cp_model.IntVar]] = {}
    by_round: dict[tuple[int, int], list[cp_model.IntVar]] = {}
    for n in range(len(kept), hi):
        if _late(deadline):
            return None
        for player in range(size):
            lits = []
            for s in spots[n]:
                if alpha[s] in met[player] or (n == len(kept) and kept and kept[-1][player] // k == s // k):
                    continue
                x = take[player, s] = model.new_bool_var(f"take[{player},{s}]")
                lits.append(x)
                by_met.setdefault((player, alpha[s]), []).append(x)
                by_round.setdefault((player, s // k), []).append(x)
            if not lits:
                return None
            model.add_exactly_one(lits)
        for s in spots[n]:
            model.add_exactly_one(take[player, s] for player in range(size) if (player, s) in take)
    for lits in by_met.values():
        if final:
            model.add_exactly_one(lits)
        elif len(lits) > 1:
            model.add_at_most_one(lits)
    for lits in by_round.values():
        if len(lits) > 1:
            model.add_at_most_one(lits)
    for deal in hint:
        for player, s in enumerate(deal):
            if (player, s) in take:
                model.add_hint(take[player, s], True)
    solver = one_worker_solver(DEAL_WORK, deadline)
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [
        [
            next(s for s in spots[n] if (player, s) in take and solver.boolean_value(take[player, s]))
            for player in range(size)
        ]
        for n in range(len(kept), hi)
    ]


def _deal_b(p: int, q: int, alpha: list[int]) -> list[int] | None:
    """beta(s): for each class c, colour the edges (A player, B-pass) of its positions so that no two
    edges at a vertex share a colour (Koenig's alternating paths); colour i of class c is B player
    c * ceil(q/2) + i.  ``None`` if the graph is not regular (a bug upstream)."""
    sizes = ((q + 1) // 2, q // 2)
    beta = [-1] * (p * q)
    for cls in (0, 1):
        colours = sizes[cls]
        at_a = [[-1] * colours for _ in range(p)]  # colour -> position, at each A player
        at_b = [[-1] * colours for _ in range(p)]  # colour -> position, at each B-pass
        colour_of: dict[int, int] = {}
        for s in range(p * q):
            if _class(s, q) != cls:
                continue
            u, v = alpha[s], s // q
            if -1 not in at_a[u] or -1 not in at_b[v]:
                return None
            x = at_a[u].index(-1)
            y = at_b[v].index(-1)
            if at_b[v][x] != -1:
                # swap x and y along the path from v: v -x- A -y- B -x- ... (it never reaches u, which
                # lacks x), after which x is free at v too
                path = []
                node, at_b_side, want = v, True, x
                while True:
                    edge = (at_b if at_b_side else at_a)[node][want]
                    if edge == -1:
                        break
                    path.append(edge)
                    node = alpha[edge] if at_b_side else edge // q
                    at_b_side = not at_b_side
                    want = y if want == x else x
                for edge in path:
                    old = colour_of[edge]
                    at_a[alpha[edge]][old] = -1
                    at_b[edge // q][old] = -1
                for edge in path:
                    new = y if colour_of[edge] == x else x
                    colour_of[edge] = new
                    at_a[alpha[edge]][new] = edge
                    at_b[edge // q][new] = edge
            colour_of[s] = x
            at_a[u][x] = s
            at_b[v][x] = s
        for s, colour in colour_of.items():
            beta[s] = cls * sizes[0] + colour
    return beta


def _exchange_cycle(
    s: int,
    b: int,
    other: int,
    alpha: list[int],
    beta: list[int],
    meet: list[list[int]],
    in_pass: list[list[int]],
    q: int,
) -> list[int]:
    """The positions that exchanging B players ``b`` and ``other`` from position ``s`` moves: alternately
    the position where the same A player meets the other B player and the position in the same pass
    (``meet[a][b]``, ``in_pass[pass][b]``), until the walk closes (a Kempe chain)."""
    cycle, t, by_a = [s], s, True
    while True:
        want = other if beta[t] == b else b
        t = meet[alpha[t]][want] if by_a else in_pass[t // q][want]
        by_a = not by_a
        if t == s:
            return cycle
        cycle.append(t)


def _unclash_b(p: int, q: int, k: int, alpha: list[int], beta: list[int], deadline: float | None = None) -> bool:
    """Make every round's B players different.  A B player can appear twice in a round only across a
    B-pass boundary.  Such a position's B player b is exchanged with another, b', of its class on their
    alternating cycle (the edges coloured b or b' form cycles, every A player and B-pass having one of
    each), so the colouring stays proper and every pair still meets once; taken when the round comes
    clear and no earlier round gets a repeat (the rounds are mended in order, so each exchange makes
    progress).  At most :data:`KEMPE_TRIES` exchanges are tried in all (and none after ``deadline``);
    False when some clash is left (for :func:`_mend_rounds`)."""
    n = p * q
    half0 = (q + 1) // 2
    meet = [[-1] * q for _ in range(p)]  # meet[a][b]: the position where A player a meets b
    in_pass = [[-1] * q for _ in range(p)]  # in_pass[j][b]: b's position in B-pass j
    for s in range(n):
        meet[alpha[s]][beta[s]] = s
        in_pass[s // q][beta[s]] = s

    def repeats(r: int) -> int:
        seen = [beta[s] for s in range(r * k, min(n, (r + 1) * k))]
        return len(seen) - len(set(seen))

    def swap(cycle: list[int], b: int, other: int) -> None:
        for t in cycle:
            beta[t] = other if beta[t] == b else b
        for t in cycle:
            meet[alpha[t]][beta[t]] = t
            in_pass[t // q][beta[t]] = t

    def cycle_of(s: int, b: int, other: int) -> list[int]:
        return _exchange_cycle(s, b, other, alpha, beta, meet, in_pass, q)

    tries = 0

    def exchange(s: int, r: int) -> bool:
        """Give position s another B player of its class, leaving round r fewer repeats and no other
        round more."""
        nonlocal tries
        b = beta[s]
        members = range(half0) if _class(s, q) == 0 else range(half0, q)
        for other in members:
            if other == b:
                continue
            tries += 1
            if tries > KEMPE_TRIES or _late(deadline):
                return False
            cycle = cycle_of(s, b, other)
            # the rounds before r must get no more repeats; later ones are mended in their turn
            touched = {t // k for t in cycle if t // k <= r} | {r}
            before = {t: repeats(t) for t in touched}
            swap(cycle, b, other)
            if repeats(r) < before[r] and all(repeats(t) <= was for t, was in before.items()):
                return True
            swap(cycle, b, other)  # an exchange undoes itself
        return False

    for j in range(1, p):
        boundary = j * q
        if boundary % k == 0:
            continue
        r = boundary // k
        while repeats(r):
            first: dict[int, int] = {}
            clash = []
            for s in range(r * k, (r + 1) * k):
                if beta[s] in first:
                    clash = [s, first[beta[s]]]
                    break
                first[beta[s]] = s
            if not any(exchange(s, r) for s in clash):
                break  # left to the search below
    return all(not repeats(j * q // k) for j in range(1, p))


def _search_b(p: int, q: int, k: int, alpha: list[int], beta: list[int], deadline: float | None) -> bool:
    """The same exchanges as a local search over all rounds at once: a random repeat, a random other B
    player of its class, taken when the repeats summed over every round do not grow (so the search
    may cross plateaus).  Seeded, so the same on every run; at most :data:`SEARCH_TRIES` tries, none
    after ``deadline``.  True when no round repeats a B player."""
    n = p * q
    half0 = (q + 1) // 2
    rounds = n // k
    meet = [[-1] * q for _ in range(p)]
    in_pass = [[-1] * q for _ in range(p)]
    for s in range(n):
        meet[alpha[s]][beta[s]] = s
        in_pass[s // q][beta[s]] = s

    def cycle_of(s: int, b: int, other: int) -> list[int]:
        return _exchange_cycle(s, b, other, alpha, beta, meet, in_pass, q)

    counts: list[dict[int, int]] = [{} for _ in range(rounds)]
    for s in range(n):
        counts[s // k][beta[s]] = counts[s // k].get(beta[s], 0) + 1
    excess = [sum(c - 1 for c in row.values()) for row in counts]
    total = sum(excess)
    rng = random.Random(0)
    r = 0

    def move(cycle: list[int], b: int, other: int) -> int:
        """Exchange b and other on the cycle; the change in the summed repeats."""
        change = 0
        for t in cycle:
            r, old = t // k, beta[t]
            new = other if old == b else b
            row = counts[r]
            change -= row[old] > 1
            row[old] -= 1
            change += row.get(new, 0) >= 1
            row[new] = row.get(new, 0) + 1
            beta[t] = new
        for t in cycle:
            meet[alpha[t]][beta[t]] = t
            in_pass[t // q][beta[t]] = t
        return change

    for tries in range(SEARCH_TRIES):
        if total == 0:
            return True
        if tries % 64 == 0 and _late(deadline):
            return False
        if tries % 16 == 0 or not excess[r]:
            r = rng.choice([t for t in range(rounds) if excess[t]])
        bad = [s for s in range(r * k, (r + 1) * k) if counts[r][beta[s]] > 1]
        s = rng.choice(bad)
        b = beta[s]
        members = range(half0) if _class(s, q) == 0 else range(half0, q)
        other = rng.choice([v for v in members if v != b]) if len(members) > 1 else b
        if other == b:
            continue
        cycle = cycle_of(s, b, other)
        change = move(cycle, b, other)
        if change > 0:
            move(cycle, b, other)  # undo: an exchange undoes itself
            continue
        total += change
        for t in {t // k for t in cycle}:
            excess[t] = sum(c - 1 for c in counts[t].values() if c > 1)
    return total == 0
