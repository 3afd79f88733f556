"""Direct constructions of schedules, used as solver hints and as instant answers.

Each construction is a closed formula for a whole class of sizes (plus three
small tables); the design pipeline verifies whatever they produce like any other
schedule.  Breaks by class, for a single round:

* ``n = 0 mod 4`` (:func:`half_blocks`): n, the proven lower bound, so optimal.
* ``n = 1 mod 8``, n >= 9 (:func:`half_blocks_plus_one`): n + 3 (optimal at 9).
* ``n = 5 mod 8``, n >= 13 (:func:`half_blocks_plus_one`): n + 5.
* ``n = 3 mod 4`` and n = 5 (:func:`cyclic_checkerboard`): 2(n - 1).
* ``n = 2 mod 4``, n >= 18 (:func:`half_blocks_plus_six`): n + 36.
* n = 6, 10, 14 (:func:`small_table`): the best designs found by this project's CP-SAT search
  (``models/best/``): 14 (optimal), 18, 34 breaks.
* double rounds (:func:`mirrored_double`): any single round followed by its mirror.

The two ``half_blocks_plus_*`` constructions extend :func:`half_blocks` for
``p = 4k`` boards by ``q`` new players a team (see :func:`_extend_half_blocks`):
``q`` disjoint transversals of the base are broken up so that the new players
take over their games, and ``q`` rounds inserted at the seam between the two
halves of the base replay the broken games and hold the new players' own games.
"""

from __future__ import annotations

from collections.abc import Callable

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


# --------------------------------------------------------------------------- extensions of half_blocks
#
# Notation for the base half_blocks(p), p = 2m, m = 2k: A' = A1..Am, A'' = A(m+1)..Ap,
# X = B1..Bm, Y = B(m+1)..Bp, indices i in Z_m.  The base's rounds form two halves of m
# rounds; in both halves the round at "shift" s (0 <= s < m) pairs A'[i] with
# (X in the first half, Y in the second)[i + s] and A''[i] with (Y, X)[i + s].  A' has
# White exactly in the odd rounds of each half (s even, unless the half is reordered),
# A'' in the even ones, and a B player the colour opposite to
# its opponent's: every A player alternates throughout, every B player alternates within
# each half and breaks once at the seam (X with White twice, Y with Black twice).

Pick = Callable[[int, int, int], int]
"""``pick(j, half, s)``: the base A player whose game transversal ``j`` breaks at shift ``s``."""


def _base_game(m: int, half: int, s: int, pos: int, a: int) -> tuple[int, bool]:
    """The base opponent of A player ``a`` at shift ``s`` of ``half`` (0 or 1), and whether ``a`` has White.

    The colour follows the round's place ``pos`` in its half: A' has White at even places.
    """
    first_group = a <= m
    to_x = first_group == (half == 0)
    b = (0 if to_x else m) + ((a - 1) % m + s) % m + 1
    return b, (pos % 2 == 0) == first_group


def _extend_half_blocks(
    k: int,
    pick: Pick,
    position: Callable[[int, int], int],
    inserted_a_white: Callable[[int, int, int], bool],
    block: list[list[tuple[int, bool]]],
) -> Schedule:
    """Extend half_blocks(4k) by q = len(block) players a team and q rounds at the seam.

    Transversal ``j`` (0 <= j < q) breaks, in every base round, the game of base A
    player ``a = pick(j, half, s)`` with its opponent ``b``: ``a`` meets the new B player
    ``B(p + 1 + j)`` instead and the new A player ``A(p + 1 + j)`` meets ``b``, everybody
    keeping the colour of the broken game.  So the new A player copies the colour of
    the transversal's A player and the new B player has the opposite.  Inserted round
    ``e`` replays the broken games of transversal ``e`` (``inserted_a_white(e, a, b)``
    gives the colour) and plays row ``e`` of ``block``: new A player ``j`` meets new B
    player ``block[e][j][0]`` (0-based) with White when ``block[e][j][1]``.  The base
    round at shift ``s`` of ``half`` is placed at ``position(half, s)`` in its half.

    Every pair meets exactly once by construction when each ``pick(j, ., .)`` is a
    transversal (all A players and all B players once) and no game is picked twice;
    the callers' docstrings argue the colour rules.
    """
    m = 2 * k
    p = 2 * m
    q = len(block)
    n = p + q
    halves: list[list[list[tuple[int, int, bool]]]] = [[[] for _ in range(m)], [[] for _ in range(m)]]
    replay: list[dict[int, int]] = [{} for _ in range(q)]
    for half in (0, 1):
        for s in range(m):
            pos = position(half, s)
            games = {a: _base_game(m, half, s, pos, a) for a in range(1, p + 1)}
            for j in range(q):
                a = pick(j, half, s)
                b, a_white = games[a]
                if b > p or a in replay[j]:
                    raise RuntimeError(f"transversal {j} is not one at shift {s} of half {half} (bug)")
                replay[j][a] = b
                games[a] = (p + 1 + j, a_white)
                games[p + 1 + j] = (b, a_white)
            halves[half][pos] = [(a, *games[a]) for a in range(1, n + 1)]
    inserted = []
    for extra in range(q):
        row = [(a, b, inserted_a_white(extra, a, b)) for a, b in sorted(replay[extra].items())]
        row += [(p + 1 + j, p + 1 + opp, a_white) for j, (opp, a_white) in enumerate(block[extra])]
        inserted.append(row)
    return Schedule.from_pairings(halves[0] + inserted + halves[1])


def half_blocks_plus_one(n: int) -> Schedule:
    """For n = 4k + 1, k >= 2: half_blocks(4k) plus one player a team; n + 3 breaks (n + 5 for odd k).

    One transversal of the base (indices mod m, t = s - k for s >= k):

    * first half: A'[s] - X[2s] for s < k, A''[1 + t] - Y[k + 1 + 2t] for s >= k;
    * second half: A'[k + s] - Y[k + 2s] for s < k, A''[k + 1 + t] - X[1 + 2t] for s >= k,

    so it takes k games A'-X and k games A''-Y in the first half and k games A'-Y and k
    games A''-X in the second: every A and every B player exactly once.  The new A
    player copies the colours of A' in the rounds where the transversal's player is
    in A' and of A'' elsewhere; the new B player has the opposite colours.

    Rules.  Base rounds had m A whites, so with the new A player every round has m or
    m + 1 (rule 3).  The inserted round sits at the seam, where X has White twice and
    Y Black twice: it gives X Black and Y White (and their A opponents the other
    colour), which removes every base B player's break and keeps each one alternating
    with 2k + 1 games of one colour (rules 1, 2); every base A player alternates except
    one break at the inserted round.  The new A player alternates in runs of k
    rounds: in the first half with A' for shifts s < k and with A'' after (one break),
    then Black in the inserted round, then the same in the second half.  For k even
    the second half keeps the base order of rounds, each half gives the new player k
    whites, and its four transitions around the inserted round are W, B, W: two breaks
    in all.  For k odd the second half is rotated by k rounds (shift s is played at
    position s + k), so the halves give k + 1 and k - 1 whites and the new player
    breaks once more, at the inserted round (three).  Rule 1 holds with 2k whites and
    the match total of A whites is 2k(4k + 1) + 2k = (n^2 - 1) / 2 (rule 3).

    Breaks: 4k for the base A players, 0 for the base B players, 2 + 2 (k even) or
    3 + 3 (k odd) for the new pair: n + 3 or n + 5.  n = 5 (k = 1) has no room for the
    runs and is left to :func:`cyclic_checkerboard`.
    """
    if n < 9 or n % 4 != 1:
        raise ValueError(f"half_blocks_plus_one needs n = 1 mod 4 and n >= 9, got {n}")
    k = (n - 1) // 4
    m = 2 * k

    def pick(_j: int, half: int, s: int) -> int:
        t = s - k
        if half == 0:
            return 1 + s if s < k else m + 1 + (1 + t) % m
        return 1 + (k + s) % m if s < k else m + 1 + (k + 1 + t) % m

    def position(half: int, s: int) -> int:
        return (s + k) % m if half == 1 and k % 2 == 1 else s

    def inserted_a_white(_extra: int, _a: int, b: int) -> bool:
        return b <= m  # X gets Black, Y gets White

    return _extend_half_blocks(k, pick, position, inserted_a_white, [[(0, False)]])


# The new players' own games in half_blocks_plus_six: inserted round e, new A player j
# meets new B player _SIX_BLOCK[e][j] (0-based) with White when _SIX_COLOURS[e][j] is "W".
# Found by CP-SAT for the boundary colours stated in half_blocks_plus_six (18 breaks).
_SIX_BLOCK = ("321405", "530124", "453210", "042351", "215043", "104532")
_SIX_COLOURS = ("WBBWBW", "BWWBWB", "WWBBWB", "BBWWBW", "BBWWWB", "WWBBBW")


def half_blocks_plus_six(n: int) -> Schedule:
    """For n = 4k + 6, k >= 3: half_blocks(4k) plus six players a team; n + 36 breaks.

    Six transversals T0..T5 of the base; with c_j = 2 (j mod 3) and d_j = c_j + 1,
    T_j's game at shift s is either "A' type", A'[s + c_j] against X[2s + c_j] (first
    half) or Y[2s + c_j] (second half), or "A'' type", A''[s + d_j] against
    Y[2s + d_j] (first half) or X[2s + d_j] (second half).  T0..T2 are of A' type for
    s < k in the first half and for s >= k in the second; T3..T5 the other way round.
    Over a half each T_j takes k consecutive shifts of each type, so its A' players
    run through [c_j, c_j + k) in one half and the rest in the other, and likewise for
    A'' and for B (X even / odd, Y odd / even): each is a transversal.  In one round
    the three of A' type differ in c_j (k >= 3 keeps 0, 2, 4 distinct mod 2k), so no
    game is taken twice.

    Rules.  Every base round has three transversal A players in A' and three in A'',
    hence one colour each way: with the new players each round has m + 3 = n/2 A
    whites (rule 3).  The six inserted rounds sit at the seam; base A' players get
    W B W B W B, A'' the opposite, so all base A players alternate with no break.  A
    base B player's T-partners are all in A' (even X, met in the first half; even Y,
    met in the second) or all in A'' (the odd ones), so it gets the opposite of their
    colours, 3 and 3: each base B player still breaks once, at one end of the
    inserted block (rules 1, 2).  A new A player of T0..T2 copies A' for k rounds then
    A'' for k (one break), and A'' then A' in the second half (one break); T3..T5 the
    other way round.  The halves give it 2k whites together, the inserted block 3;
    it enters the block from White and leaves it to Black (T0..T2) or the reverse
    (T3..T5); the new B players are the complements.  The 6 x 6 block between the
    new players (a small table found by CP-SAT for exactly these boundary colours)
    keeps 3 new A whites a round, 3 whites each, no three in a row across its ends,
    with 18 breaks counting the transitions into and out of it.

    Breaks: 4k (base B) + 12 * 2 (new players in base rounds) + 18 = n + 36.
    """
    if n < 18 or n % 4 != 2:
        raise ValueError(f"half_blocks_plus_six needs n = 2 mod 4 and n >= 18, got {n}")
    k = (n - 6) // 4
    m = 2 * k

    def pick(j: int, half: int, s: int) -> int:
        c = 2 * (j % 3)
        first_group = (s < k) == ((j < 3) == (half == 0))
        return 1 + (s + c) % m if first_group else m + 1 + (s + c + 1) % m

    def inserted_a_white(extra: int, a: int, _b: int) -> bool:
        return (extra % 2 == 0) == (a <= m)

    block = [
        [(int(opp), colour == "W") for opp, colour in zip(opps, colours, strict=True)]
        for opps, colours in zip(_SIX_BLOCK, _SIX_COLOURS, strict=True)
    ]
    return _extend_half_blocks(k, pick, lambda _h, s: s, inserted_a_white, block)


# Schedules for the sizes below the reach of the closed forms, found by CP-SAT (6 proven
# optimal; 10 from a 120 s run; 14 from a 150 s run, and a further 300 s found nothing
# below 34).  Each round: B opponents of A1..An, then A's colours.
#: Sizes without a closed form here that meets the published tables; they start from the
#: best design this project's search has found (models/best/, loaded through models.tables).
STORED_SIZES = (6, 10, 14)


def small_table(n: int) -> Schedule:
    """The stored best known design for n = 6, 10 or 14 (found by CP-SAT, verified when designed)."""
    if n not in STORED_SIZES:
        raise ValueError(f"no stored schedule for {n} boards; stored: {list(STORED_SIZES)}")
    from models.tables import best  # the tables module reads package data; import it only when needed

    return best(n)


def construct(n: int, double: bool = False) -> Schedule | None:
    """The best direct construction for ``n`` boards, or ``None`` where there is none (n < 3)."""
    if n < 3:
        return None
    if n % 4 == 0:
        single = half_blocks(n)
    elif n % 4 == 1 and n >= 9:
        single = half_blocks_plus_one(n)
    elif n % 2 == 1:
        single = cyclic_checkerboard(n)
    elif n in STORED_SIZES:
        single = small_table(n)
    else:
        single = half_blocks_plus_six(n)
    return mirrored_double(single) if double else single
