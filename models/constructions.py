"""Direct constructions of schedules, used as solver hints and as instant answers.

Each construction is a closed formula for a whole class of sizes; the design
pipeline verifies whatever they produce like any other schedule.

* ``n`` divisible by 4 (:func:`half_blocks`): breaks = n, which meets the proven
  lower bound, so these are optimal.
* ``n`` odd (:func:`cyclic_checkerboard`): the classic cyclic table, 2(n - 1) breaks.
* double rounds (:func:`mirrored_double`): any single round followed by its mirror.

``n = 2 mod 4`` has no construction here yet; the solver starts from scratch.
"""

from __future__ import annotations

from models.schedule import Schedule


def half_blocks(n: int) -> Schedule:
    """For n = 2m with m even: team A never breaks, each B player breaks once.

    A1..Am have White in odd rounds, A(m+1)..An in even rounds, so every A
    player alternates.  B is split in X = B1..Bm and Y = B(m+1)..Bn.  In rounds
    1..m, X meets A1..Am and Y meets A(m+1)..An (each pair of blocks as a cyclic
    Latin square); in rounds m+1..n the blocks cross.  A B player takes the
    colour opposite to its opponent's, so it alternates within each half of the
    match and breaks once, at the seam.  With m even each half gives it m/2
    whites, so rule 1 holds; rule 3 holds as A has White on m boards a round.
    """
    if n < 4 or n % 4:
        raise ValueError(f"half_blocks needs a multiple of 4 boards, got {n}")
    m = n // 2
    pairings = []
    for r in range(1, n + 1):
        shift = (r - 1) % m
        crossed = r > m
        row = []
        for a in range(1, n + 1):
            first_half = a <= m
            offset = m if first_half == crossed else 0
            b = offset + ((a - 1) % m + shift) % m + 1
            a_white = (r % 2 == 1) == first_half
            row.append((a, b, a_white))
        pairings.append(row)
    return Schedule.from_pairings(pairings)


def cyclic_checkerboard(n: int) -> Schedule:
    """For odd n = 2m + 1: Aa meets Bb in round ((b - a) mod n) + 1.

    The colour of a pair follows a checkerboard (A has White when a + b is
    even), reversed in one corner: for b >= n + 2 - a when a <= m + 1 and for
    b >= n + 1 - a otherwise.  Without the corner every player would meet
    opponents of one parity in every other round and lose colour balance; the
    corner moves each player's one or two breaks to where they keep rules 1-3,
    2(n - 1) breaks in total.  This is the construction behind the published
    tables for odd sizes.
    """
    if n < 3 or n % 2 == 0:
        raise ValueError(f"cyclic_checkerboard needs an odd number of boards of 3 or more, got {n}")
    m = (n - 1) // 2
    pairings = []
    for r in range(1, n + 1):
        row = []
        for a in range(1, n + 1):
            b = (a - 1 + r - 1) % n + 1
            corner = b >= (n + 2 - a if a <= m + 1 else n + 1 - a)
            a_white = ((a + b) % 2 == 0) != corner
            row.append((a, b, a_white))
        pairings.append(row)
    return Schedule.from_pairings(pairings)


def mirrored_double(single: Schedule) -> Schedule:
    """A double round: the single round, then its rounds in reverse order with colours reversed.

    Every pair meets once with each colour; each player's second half mirrors
    the first with colours reversed, so the seam adds no break and no run.
    """
    second = [tuple(type(g)(g.black, g.white) for g in games) for games in reversed(single.rounds)]
    return Schedule(single.boards, single.rounds + tuple(second), single.team_a, single.team_b)


def construct(n: int, double: bool = False) -> Schedule | None:
    """The best direct construction for ``n`` boards, or ``None`` where there is none."""
    if n % 4 == 0:
        single = half_blocks(n)
    elif n % 2 == 1 and n >= 3:
        single = cyclic_checkerboard(n)
    else:
        return None
    return mirrored_double(single) if double else single
