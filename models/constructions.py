"""Direct constructions of schedules, used as solver hints and as instant answers.

Each construction is a closed formula for a whole class of sizes (plus three
small tables); the design pipeline verifies whatever they produce like any other
schedule.  Breaks by class, for a single round (the proven bounds are n for
n = 0 mod 4, n + 2 for n = 2 mod 4 and n + 1 for odd n):

* ``n = 0 mod 4`` (:func:`half_blocks`): n, meeting the bound, so optimal.
* odd n >= 5 (:func:`phase_blocks`): n + 3, optimal where the solver could check
  (5, 7, 9, 11); n = 3: 4, meeting the bound.
* ``n = 2 mod 4``, n >= 18 (:func:`half_blocks_plus_six`): n + 36.
* n = 6, 10, 14 (:func:`small_table`): the best designs found by this project's CP-SAT search
  (``models/best/``): 14 (optimal), 18, 34 breaks.
* double rounds (:func:`mirrored_double`): any single round followed by its mirror.

:func:`half_blocks_plus_six` extends :func:`half_blocks` for ``p = 4k`` boards by six new
players a team (see :func:`_extend_half_blocks`): six disjoint transversals of the base
are broken up so that the new players take over their games, and six rounds inserted
at the seam between the two halves of the base replay the broken games and hold the
new players' own games.
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


def phase_blocks(n: int) -> Schedule:
    """Odd n = 2m + 1 >= 3: n + 3 breaks for n >= 5 (4 for n = 3), with rules 1-3 kept.

    The solver's optima for 5, 7, 9 and 11 boards are n + 3 as well; the proven bound
    is n + 1.  Every game comes from the formulas below, found by reading the shape of
    a CP-SAT optimum for 7 boards.

    Phases.  Give every player a phase, + or -, in each round.  An A player with
    phase + has White in the even rounds and Black in the odd rounds; phase - is the
    other way round.  A B player with phase + has the colour opposite to an A player
    with phase +.  So Ai and Bj may meet in round r only when their phases in r are
    equal, and then their colours are opposite, as a game needs.  A player whose
    phase never changes alternates colours all match; each change of phase is one
    break.

    Team B: m players "B+" with phase + all match, m players "B-" with phase - all
    match (these 2m never break), and one player B* whose phase is + exactly on a
    block U of consecutive rounds.  Let a = (m + 1) / 2 and U = rounds a+1 .. a+m+1
    when m is odd (n = 3 mod 4), or a = m / 2 and U = rounds a+1 .. a+m when m is
    even (n = 1 mod 4).  In both cases U has an even number of rounds.

    Team A, by where the phase is +:
      P1 (a players): rounds 1..m+1.       P0 (m - a players): rounds 1..m.
      S1 (m - a players, a for m even): rounds m+1..n.   S0 (a players): rounds m+2..n.
      M (1 player): exactly U, the same as B*.
    Each P or S player changes phase once; M changes twice.

    B*'s games: it meets S0 in the first a rounds, then P1, then S1 and M, then P0
    (order as in ``_bstar_rounds``).  Each time the phases agree.

    Other games.  Take out B*'s games.  In every round, m A players then have phase
    + and m have phase -.  Every A player then has m rounds left with each phase.
    The B+ players play the + cells and the B- players the - cells.  Each B+ player
    meets M in its own round t of U, one not used by B*.  It meets the P players in
    rounds 1..m+1 and the S players in rounds m+1..n.  If t <= m, round m+1 goes to
    P.  If t >= m+2, it goes to S.  If t = m+1, round m+1 is M's.

    The P part is a cyclic Latin square: in round r <= m, B+ number j meets
    P number (j + r) mod m.  It is then "prolonged" into round m+1: a B+ player whose
    t falls in rounds 1..m plays in round m+1 the game the square gave it in round t.
    The P players are numbered so that the game moved out of round r is exactly the
    P player that B* took in round r.  The S part is built the same way on rounds
    m+2..n with round m+1 as the extra round.  The B- players do the same with S in
    rounds 1..m+1 and P in rounds m+1..n.  Every pair meets exactly once.

    Rules.  Rule 1: a single phase change always keeps the balance when n is odd,
    because the two alternating stretches have lengths that add to n, so one of
    them is even.  M and B* have three stretches; the middle one, U, is even.
    Rule 2: every middle stretch is at least 2 rounds long.  Rule 3: in round r,
    team A has m + [r in U] players with phase +, so it has m or m + 1 whites.  Over
    the match, team A has (n^2 - 1)/2 whites plus (even rounds of U) minus (odd
    rounds of U), which is 0.

    Breaks: 2m (P and S) + 2 (M) + 2 (B*) = n + 3.  For n = 3, M's block reaches the
    last round, so M and B* break once each: 4 = n + 1.
    """
    if n < 3 or n % 2 == 0:
        raise ValueError(f"phase_blocks needs an odd number of boards of 3 or more, got {n}")
    m = (n - 1) // 2
    odd_m = m % 2 == 1
    a = (m + 1) // 2 if odd_m else m // 2
    u_lo, u_hi = a + 1, (a + m + 1 if odd_m else a + m)
    extra = m + 1  # the round shared by the two halves (the prolongation column)

    plus = {"P1": (1, m + 1), "P0": (1, m), "S1": (m + 1, n), "S0": (m + 2, n), "M": (u_lo, u_hi)}
    bstar_rounds = _bstar_rounds(n, m, a, odd_m)
    klass: dict[int, str] = {}
    bstar_round: dict[int, int] = {}
    player = 1
    for name in ("P1", "P0", "M", "S1", "S0"):
        for r in bstar_rounds[name]:
            klass[player], bstar_round[player] = name, r
            player += 1

    def phase(p: int, r: int) -> bool:
        lo, hi = plus[klass[p]]
        return lo <= r <= hi

    b_plus = list(range(1, m + 1))
    b_star = m + 1
    b_minus = list(range(m + 2, n + 1))
    opponent: dict[tuple[int, int], int] = {}

    def play(r: int, p: int, b: int) -> None:
        if (r, p) in opponent:
            raise RuntimeError(f"A{p} given two games in round {r} (bug)")
        opponent[r, p] = b

    for p, r in bstar_round.items():
        play(r, p, b_star)
    m_player = next(p for p, name in klass.items() if name == "M")
    t_plus = [r for r in range(1, n + 1) if phase(m_player, r) and r != bstar_round[m_player]]
    t_minus = [r for r in range(1, n + 1) if not phase(m_player, r) and r != bstar_round[m_player]]
    for b, t in zip(b_plus + b_minus, t_plus + t_minus, strict=True):
        play(t, m_player, b)
    t_of = dict(zip(b_plus + b_minus, t_plus + t_minus, strict=True))

    low = list(range(1, m + 1))
    high = list(range(m + 2, n + 1))
    p_group = [p for p, name in klass.items() if name in ("P1", "P0")]
    s_group = [p for p, name in klass.items() if name in ("S1", "S0")]
    for columns, sign, group, team_b in (
        (low, True, p_group, b_plus),
        (high, True, s_group, b_plus),
        (low, False, s_group, b_minus),
        (high, False, p_group, b_minus),
    ):
        # Hole of a row = the one round of [*columns, extra] where it plays nobody in this block.
        b_hole = {b: (t_of[b] if t_of[b] in columns else extra) for b in team_b}
        a_hole = {}
        for p in group:
            rounds = [r for r in [*columns, extra] if phase(p, r) == sign and r != bstar_round[p]]
            (a_hole[p],) = set([*columns, extra]) - set(rounds)
        for r, p, b in _prolonged_square(columns, extra, b_hole, a_hole):
            play(r, p, b)

    pairings = [[(p, opponent[r, p], phase(p, r) == (r % 2 == 0)) for p in range(1, n + 1)] for r in range(1, n + 1)]
    return Schedule.from_pairings(pairings)


def _bstar_rounds(n: int, m: int, a: int, odd_m: bool) -> dict[str, list[int]]:
    """The rounds in which B* meets the players of each class of A, in order.

    These are the same as the class sizes.
    """
    if odd_m:
        return {
            "S0": list(range(1, a + 1)),
            "P1": list(range(a + 1, m + 2)),
            "S1": list(range(m + 2, a + m + 1)),
            "M": [a + m + 1],
            "P0": list(range(a + m + 2, n + 1)),
        }
    return {
        "S0": list(range(1, a + 1)),
        "P1": list(range(a + 1, m + 1)),
        "S1": list(range(m + 1, a + m + 1)),
        "P0": list(range(a + m + 1, n)),
        "M": [n],
    }


def _prolonged_square(
    columns: list[int], extra: int, b_hole: dict[int, int], a_hole: dict[int, int]
) -> list[tuple[int, int, int]]:
    """Games (round, A player, B player) of a cyclic Latin square on ``columns``, prolonged into ``extra``.

    Row j (a B player) meets symbol (j + c) mod m (an A player) in column c.  If B
    player j has its hole at column c, it plays that game in ``extra`` instead.
    The B players with holes get rows 0, 1, 2, ... in the order of their hole
    columns.  The A player whose hole is at column c is then the symbol
    (rank + c) mod m.  The holes lie in one run of at most (m + 1)/2 consecutive
    columns: the k-th gets symbol c0 + 2k, and these are all different mod m.
    Then column c of the result lacks exactly the A player whose hole is c.  The extra round holds exactly the A players
    whose holes are in ``columns``.
    """
    m = len(columns)
    col = {r: c for c, r in enumerate(columns)}
    holed = sorted((col[h], b) for b, h in b_hole.items() if h != extra)
    symbol_at_hole = {col[h]: p for p, h in a_hole.items() if h != extra}
    if sorted(symbol_at_hole) != [c for c, _ in holed]:
        raise RuntimeError("A and B holes differ (bug)")
    row: list[int | None] = [None] * m
    symbol: list[int | None] = [None] * m
    for rank, (c, b) in enumerate(holed):
        row[rank] = b
        if symbol[(rank + c) % m] is not None:
            raise RuntimeError("hole symbols collide (bug)")
        symbol[(rank + c) % m] = symbol_at_hole[c]
    rest_b = iter(b for b, h in b_hole.items() if h == extra)
    rest_a = iter(p for p, h in a_hole.items() if h == extra)
    row = [x if x is not None else next(rest_b) for x in row]
    symbol = [x if x is not None else next(rest_a) for x in symbol]
    games = []
    for j, b in enumerate(row):
        for c, r in enumerate(columns):
            games.append((extra if r == b_hole[b] else r, symbol[(j + c) % m], b))
    return games


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
    elif n % 2 == 1:
        single = phase_blocks(n)
    elif n in STORED_SIZES:
        single = small_table(n)
    else:
        single = half_blocks_plus_six(n)
    return mirrored_double(single) if double else single
