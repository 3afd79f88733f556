"""The alternating layout: the games as one sequence of positions, groups and classes, and the count
that says where no player need break.

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
boundary (a round holding one), and avoided by team A's order inside the passes (``team_a``,
``states``, ``models/constructions/splices.py``) and team B's deal (``team_b``, ``rounds``).

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
tried, from the fewest that can move group 0's surplus, in both orientations of the teams (``search``).
Before that, team A is placed by splicing (models/constructions/splices.py): the switchers' paths
designed, the others in rank order around them, their class-0 counts evened by exchanges.  Where one
team plays every round the excluded sizes have no schedule without a break at all, with rule 3, on any
number of boards (``models/bounds/proven.py: one_full_break_free``).

This module holds those definitions: a position's group and class, group 0's surplus and the
switching pairs it asks for, the boundaries a switch may follow, each player's group pass by pass;
and the deadline helpers every stage shares.
"""

from __future__ import annotations

import functools
import time


def position_group(s: int, p: int) -> int:
    """The group of position ``s`` with team A's passes of ``p``: (s + s // p) mod 2."""
    return (s + s // p) % 2


def position_class(s: int, q: int) -> int:
    """The class of position ``s`` with team B's passes of ``q``: (s + s // q) mod 2."""
    return (s + s // q) % 2


def zero_possible(size_a: int, size_b: int) -> bool:
    """Whether the layout has no break (module docstring): p + q odd; both even unless p/g and q/g are
    both odd (g = gcd); both odd and g = 1."""
    return surplus(size_a, size_b) == 0


@functools.cache
def surplus(p: int, q: int) -> int:
    """Group 0's class-0 positions beyond ceil(p/2) * ceil(q/2) (kept: the layout asks for it in both
    team orders, and :func:`zero_possible` and :func:`least_pairs` again)."""
    count = sum(1 for s in range(p * q) if position_group(s, p) == 0 and position_class(s, q) == 0)
    return count - ((p + 1) // 2) * ((q + 1) // 2)


def least_pairs(p: int, q: int) -> int:
    """The fewest switching pairs that can move group 0's surplus (each moves at most ceil(q/2) of it);
    0 where none is needed."""
    extra = surplus(p, q)
    return -(-abs(extra) // ((q + 1) // 2)) if extra else 0


def switch_boundaries(q: int) -> list[int]:
    """The passes after which team A's players may switch group, the middle first: after an even number
    of games (pass m odd) when q is even, so rule 1 holds exactly; anywhere when q is odd."""
    allowed = range(1, q - 1, 2) if q % 2 == 0 else range(0, q - 1)
    return sorted(allowed, key=lambda m: (abs(2 * (m + 1) - q), m))


def group_phases(p: int, q: int, switches: list[tuple[int, int, int]]) -> list[list[int]]:
    """``phase[a][m]``: A player a's group in A-pass m; group 0 the first ceil(p/2) players, each
    switch (m, a0, a1) exchanging a0 (group 0) and a1 (group 1) after pass m."""
    size0 = (p + 1) // 2
    phase = [[0 if a < size0 else 1] * q for a in range(p)]
    for m, a0, a1 in switches:
        for later in range(m + 1, q):
            phase[a0][later] = 1
            phase[a1][later] = 0
    return phase


def class_zero_supply(p: int, q: int) -> list[list[int]]:
    """``supply[m][group]``: the class-0 positions of that group in A-pass m."""
    out = [[0, 0] for _ in range(q)]
    for s in range(p * q):
        if position_class(s, q) == 0:
            out[s // p][position_group(s, p)] += 1
    return out


def deadline_passed(deadline: float | None) -> bool:
    """Whether ``time.monotonic()`` is past ``deadline`` (never, without one)."""
    return deadline is not None and time.monotonic() > deadline


def deadline_part(deadline: float | None, fraction: float) -> float | None:
    """The time ``fraction`` of the way from now to ``deadline``."""
    if deadline is None:
        return None
    now = time.monotonic()
    return now + fraction * max(0.0, deadline - now)
