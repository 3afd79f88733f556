"""Direct constructions of schedules, used as solver hints and as instant answers.

Each construction is a closed formula for a whole class of sizes (one step of
:func:`phase_matchings` is a classical graph algorithm instead), plus two small tables;
the design pipeline verifies whatever they produce like any other schedule.  Breaks by
class, against the proven bounds of docs/bounds.md.  Single round (bounds: n for
n = 0 mod 4, n + 3 for odd n >= 5, n + 8 for n = 2 mod 4 from 6 on):

* ``n = 0 mod 4`` (:func:`half_blocks`): n, meeting the bound, so optimal.
* odd n >= 5 (:func:`phase_blocks`): n + 3, meeting the bound; n = 3: 4, optimal too.
* ``n = 2 mod 4``, n >= 14 (:func:`phase_matchings`): n + 8, optimal for every such n
  (docs/bounds.md, fact 13; at 14 the stored best design has 22 too).
* n = 6, 10 (:func:`small_table`): the best designs found by this project's CP-SAT search
  (``models/best/``): 14 and 18 breaks, also n + 8, and both optimal.

Double round (bounds: n for even n, n + 3 for odd n >= 5, 4 for n = 3), all optimal:

* even n >= 2 (:func:`paired_double`): n.
* odd n >= 3 (:func:`doubled` of :func:`phase_blocks`): n + 3 (4 for n = 3).
* :func:`mirrored_double` (a single round, then its mirror: twice the breaks) is kept as the
  base for a double round from a stored single-round table.

The constructions for odd n and for n = 2 mod 4 are built *phases first*: each player's
colour pattern is fixed (as a sequence of phases, see :func:`phase_blocks`), then the
games are placed where the phases agree.
"""

from __future__ import annotations

from scheveningen.models.constructions.matchings import split_into_matchings
from scheveningen.models.domain.schedule import Schedule


def half_blocks(n: int) -> Schedule:
    """For n = 2m with m even: team A never breaks, each B player breaks once.

    A1..Am have White in odd rounds, A(m+1)..An in even rounds, so every A
    player alternates.  B is split in X = B1..Bm and Y = B(m+1)..Bn.  In rounds
    1..m, X meets A1..Am and Y meets A(m+1)..An (each pair of blocks as a cyclic
    Latin square); in rounds m+1..n the blocks cross.  A B player takes the
    colour opposite to its opponent's, so it alternates within each half of the
    match and breaks once, at the seam.  With m even each half gives it m/2
    whites, so rule 1 holds; rule 3 holds as A has White on m boards a round.
    With m odd (n = 2 mod 4) a B player has the colour of its seam (m + 1)/2 times in each
    half, m + 1 in all against m - 1: rule 1 fails, and rules 2 and 3 hold with n breaks, the
    fewest possible without rule 1 (a start for a match that switches rule 1 off).
    """
    if n < 2 or n % 2:
        raise ValueError(f"half_blocks needs an even number of boards, got {n}")
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

    That is the proven bound (docs/bounds.md, fact 5), so the construction is optimal; the
    solver's optima for 5, 7, 9 and 11 boards agree.  Every game comes from the
    formulas below, found by reading the shape of a CP-SAT optimum for 7 boards.

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
    full_row = [x if x is not None else next(rest_b) for x in row]
    full_symbol = [x if x is not None else next(rest_a) for x in symbol]
    games = []
    for j, b in enumerate(full_row):
        for c, r in enumerate(columns):
            games.append((extra if r == b_hole[b] else r, full_symbol[(j + c) % m], b))
    return games


def mirrored_double(single: Schedule) -> Schedule:
    """A double round: the single round, then its rounds in reverse order with colours reversed.

    Every pair meets once with each colour; each player's second half mirrors
    the first with colours reversed, so the seam adds no break and no run.
    """
    second = [tuple(type(g)(g.black, g.white) for g in games) for games in reversed(single.rounds)]
    return Schedule(single.boards, single.rounds + tuple(second), single.team_a, single.team_b)


# --------------------------------------------------------------------------- double rounds


def paired_double(n: int) -> Schedule:
    """Double round for even n = 2m >= 2: n breaks, the proven minimum, with rules 1-3 kept.

    Team A alternates perfectly: P = A1..Am have White in odd rounds, Q = A(m+1)..An in
    even rounds, so team A has White on m boards every round.  Team B is split in
    X = B1..Bm and Y = B(m+1)..Bn.  The 2n rounds form n round pairs (2t - 1, 2t); in round
    pair t of the first half Xj meets P(j+t) and Yj meets Q(j+t) in both rounds (indices
    mod m, a cyclic Latin square), and in the second half X meets Q and Y meets P the same
    way; so every pair meets once with each colour.  A B player takes the colour opposite
    to its opponent's: it alternates within each half and breaks once, at the seam between
    rounds n and n + 1, with m whites in each half (rule 1).
    """
    if n < 2 or n % 2:
        raise ValueError(f"paired_double needs an even number of boards, got {n}")
    m = n // 2
    pairings = []
    for r in range(1, 2 * n + 1):
        second_half = r > n
        t = (r - 1) % n // 2 + 1
        row = []
        for a in range(n):  # 0-based: P = 0..m-1, Q = m..n-1
            in_p = a < m
            # the B player meeting A player a in round pair t: index j with j + t = a (mod m)
            j = (a % m - t) % m
            b = j if in_p != second_half else m + j  # X meets P first, Q second; Y the reverse
            row.append((a + 1, b + 1, in_p == (r % 2 == 1)))
        pairings.append(row)
    return Schedule.from_pairings(pairings)


def doubled(single: Schedule) -> Schedule:
    """A double round that plays every round of ``single`` twice running, in phases: its breaks.

    Round t of the single round becomes rounds 2t - 1 and 2t with the same games, each
    played once with each colour.  Who has White in round 2t - 1 is chosen so that every
    player keeps its phase of round t (:func:`phase_blocks`) in both rounds: an A player
    with White in round t has White in round 2t - 1 when t is odd and Black when t is even,
    and the reverse in round 2t.  A break is a change of phase, so the double round has
    exactly the single round's breaks.  Every player alternates within each pair of rounds,
    so it has n whites (rule 1) and never three in a row (rule 2); team A has as many
    whites in rounds 2t - 1 or 2t as in round t or as team B there (rule 3).
    """
    rounds = []
    for t, games in enumerate(single.rounds, start=1):
        reversed_colours = tuple(type(g)(g.black, g.white) for g in games)
        rounds += [games, reversed_colours] if t % 2 == 1 else [reversed_colours, games]
    return Schedule(single.boards, tuple(rounds), single.team_a, single.team_b)


# --------------------------------------------------------------------------- n = 2 mod 4

Label = tuple[str, int]


def _phases(n: int) -> tuple[int, int, int, list[Label], dict[Label, str], dict[str, str]]:
    """m, h, a, A labels in board order, and the phase strings ('+'/'-' per round) of A and specials."""
    m = n // 2
    h = (m - 1) // 2
    a = h + (h % 2)
    labels: list[Label] = (
        [("a", i) for i in range(h)]
        + [("b", i) for i in range(h)]
        + [("A", i) for i in range(h)]
        + [("B", i) for i in range(h)]
        + [("s", 0), ("S", 0)]
    )
    rounds = set(range(1, n + 1))
    plus = {"a": set(range(1, m)), "b": set(range(1, m + 2)), "s": set(range(3, m + 2))}
    plus["A"] = rounds - plus["a"]
    plus["B"] = rounds - plus["b"]
    plus["S"] = rounds - plus["s"]

    def word(s: set[int]) -> str:
        return "".join("+" if r in s else "-" for r in range(1, n + 1))

    z = {lab: word(plus[lab[0]]) for lab in labels}
    u1 = set(range(1, a + 1)) | set(range(n - a + 1, n + 1))
    v = {"u1": word(u1), "u1_": word(rounds - u1), "u2": word({1, 2}), "u2_": word(rounds - {1, 2})}
    return m, h, a, labels, z, v


def _special_rows(n: int, h: int) -> dict[str, list[Label]]:
    """The A player met by each special B player in rounds 1..n (runs R1 | R2 | ... | R6)."""

    def a_(i: int) -> Label:
        return ("a", i)

    def b_(i: int) -> Label:
        return ("b", i)

    def A_(i: int) -> Label:
        return ("A", i)

    def B_(i: int) -> Label:
        return ("B", i)

    s, S = ("s", 0), ("S", 0)
    if h % 2 == 0:  # a = h; runs 2, h-2, h, 2, h, h
        return {
            "u1": [S, b_(h - 2)]
            + [b_(k) for k in range(h - 2)]
            + [B_(k) for k in range(h)]
            + [a_(0), a_(1)]
            + [a_(k + 2) for k in range(h - 2)]
            + [b_(h - 1), s]
            + [A_(k) for k in range(h)],
            "u1_": [B_(1), B_(2)]
            + [B_(k + 3) for k in range(h - 3)]
            + [S]
            + [b_(k) for k in range(h)]
            + [s, A_(0)]
            + [A_(k + 1) for k in range(h - 1)]
            + [B_(0)]
            + [a_(k) for k in range(h)],
            "u2": [b_(h - 1), S]
            + [B_(k) for k in range(h - 2)]
            + [A_(k) for k in range(h)]
            + [B_(h - 2), B_(h - 1)]
            + [a_(k) for k in range(h)]
            + [b_(k) for k in range(h - 1)]
            + [s],
            "u2_": [s, B_(0)]
            + [b_((k + 1) % (h - 2)) for k in range(h - 2)]
            + [a_(k) for k in range(h)]
            + [b_(h - 2), b_(h - 1)]
            + [A_(k) for k in range(h)]
            + [B_(k + 1) for k in range(h - 1)]
            + [S],
        }
    # h odd, a = h + 1; runs 2, h-1, h-1, 2, h-1, h+1
    return {
        "u1": [S, b_(0)]
        + [b_(k + 1) for k in range(h - 1)]
        + [B_(k + 1) for k in range(h - 1)]
        + [a_(0), a_(1)]
        + [a_(k + 2) for k in range(h - 2)]
        + [s]
        + [A_(k) for k in range(h)]
        + [B_(0)],
        "u1_": [B_(1), B_(2)]
        + [B_(0)]
        + [B_(k + 2) for k in range(1, h - 2)]
        + [S]
        + [b_(k) for k in range(h - 1)]
        + [s, A_(0)]
        + [A_(k + 1) for k in range(h - 1)]
        + [a_(k) for k in range(h)]
        + [b_(h - 1)],
        "u2": [b_(h - 1), S]
        + [A_(k) for k in range(h)]
        + [B_(k - 1) for k in range(1, h - 1)]
        + [B_(h - 2), B_(h - 1)]
        + [b_(k) for k in range(h - 1)]
        + [a_((k + 1) % h) for k in range(h)]
        + [s],
        "u2_": [s, B_(0)]
        + [a_(k) for k in range(h)]
        + [b_(k - 1) for k in range(1, h - 1)]
        + [b_(h - 2), b_(h - 1)]
        + [B_(k + 1) for k in range(h - 1)]
        + [A_((k + 1) % h) for k in range(h)]
        + [S],
    }


def phase_matchings(n: int) -> Schedule:
    """For n = 2m = 2 mod 4, n >= 14: n + 8 breaks, optimal (docs/bounds.md, fact 13).

    Phases as in :func:`phase_blocks`.  With m = 2h + 1 and a the least even number
    >= h, team A is + exactly on these rounds (:func:`_phases`):

    * a_0..a_(h-1): 1..m-1, and their complements A_0..A_(h-1): m..n (one break each);
    * b_0..b_(h-1): 1..m+1, and their complements B_0..B_(h-1): m+2..n (one break each);
    * s: 3..m+1, and its complement S: 1, 2, m+2..n (two breaks each).

    Team B has m - 2 players + all match and m - 2 players - all match (no break), u1 +
    on the first a and the last a rounds, u2 + in rounds 1 and 2, and their complements
    (two and one breaks).  Every + stretch has even length and starts in an odd round,
    so every player has n/2 whites (rule 1); no middle stretch is one round long (rule
    2); every round has exactly m + players in each team (rule 3).

    Step 1, the four special B players (:func:`_special_rows`, closed form).  The rounds
    are cut into six runs of lengths 2, a-2, 2h-a, 2, 2h-a, a; in each run a special
    player meets one class of A players in index order (shifted by one where two
    specials would want the same player), always with equal phases.  The runs are chosen
    so that each A player meets the specials with phase + exactly (its + rounds) - (m - 2)
    times.

    Step 2, the alternators.  Without the special games, every round has m - 2 A players
    left with phase + and every A player has m - 2 rounds left with phase +: an
    (m - 2)-regular bipartite graph between A players and rounds.  Its split into perfect
    matchings (:func:`split_into_matchings`) gives one matching to each B player who is +
    all match, and likewise for phase -.  So every pair meets once.

    Breaks: team A 4h + 2 * 2 = n + 2, team B 2 + 2 + 1 + 1 = 6; n + 8 in all.  For 6
    and 10 boards no pairing fits these phases (CP-SAT finds none for step 1); those sizes
    use the stored best designs.
    """
    if n < 14 or n % 4 != 2:
        raise ValueError(f"phase_matchings needs n = 2 mod 4 and n >= 14, got {n}")
    m, h, _a, labels, z, v = _phases(n)
    index = {lab: i for i, lab in enumerate(labels)}
    # B players (0-based): P_0..P_{m-3}, N_0..N_{m-3}, then u1, u1_, u2, u2_.
    b_number = {"u1": 2 * m - 4, "u1_": 2 * m - 3, "u2": 2 * m - 2, "u2_": 2 * m - 1}
    opp: list[list[int | None]] = [[None] * n for _ in range(n)]  # opp[round][A] = B (0-based)
    for u, row in _special_rows(n, h).items():
        for r, lab in enumerate(row):
            if opp[r][index[lab]] is not None or z[lab][r] != v[u][r]:
                raise RuntimeError(f"special {u} clashes in round {r + 1} (bug)")
            opp[r][index[lab]] = b_number[u]
    for sign, first in (("+", 0), ("-", m - 2)):
        adj = [[r for r in range(n) if z[lab][r] == sign and opp[r][i] is None] for i, lab in enumerate(labels)]
        if any(len(rs) != m - 2 for rs in adj):
            raise RuntimeError("alternator graph is not regular (bug)")
        # The free rounds of the A players form an (m - 2)-regular bipartite graph; each perfect
        # matching of its split goes to one alternating B player.
        for c, matching in enumerate(split_into_matchings(adj, m - 2)):
            for i, r in enumerate(matching):
                opp[r][i] = first + c
    pairings = []
    for r in range(n):
        games = []
        for i, lab in enumerate(labels):
            b = opp[r][i]
            if b is None:
                raise RuntimeError(f"A{i + 1} has no opponent in round {r + 1} (bug)")
            games.append((i + 1, b + 1, (z[lab][r] == "+") == ((r + 1) % 2 == 0)))
        pairings.append(games)
    return Schedule.from_pairings(pairings)


#: Sizes below the reach of the constructions: they start from the best design this
#: project's CP-SAT search has found (models/best/, loaded through models.tables), both
#: optimal: 6 boards proven by the solver, 10 boards by the split proof of docs/bounds.md, fact 8.
STORED_SIZES = (6, 10)


def small_table(n: int) -> Schedule:
    """The stored best known design for n = 6 or 10 (found by CP-SAT, verified when designed)."""
    if n not in STORED_SIZES:
        raise ValueError(f"no stored schedule for {n} boards; stored: {list(STORED_SIZES)}")
    from scheveningen.models.formats.tables import (
        best,  # the tables module reads package data; import it only when needed
    )

    return best(n)


def alternating(n: int, double: bool = False) -> Schedule:
    """Every player alternates perfectly, so no break at all: for a match without rule 3.

    Team A has White in every odd round and team B in every even one, so rule 3 fails by as much
    as it can; rules 1 and 2 hold, every player alternating.  In round r player Aa meets
    B(a + r) (mod n), a cyclic Latin square.  A double round plays the pairings again in rounds
    n + 1..2n, each in a round of the other parity, so with the other colours: round n + s repeats
    round s for odd n, and for even n round s + 1 or s - 1 (rounds 1 and 2 swapped, 3 and 4, ...).
    """
    if n < 1:
        raise ValueError(f"alternating needs at least one board, got {n}")
    order = list(range(1, n + 1))
    if double:
        order += order if n % 2 else [s + 1 if s % 2 else s - 1 for s in range(1, n + 1)]
    pairings = []
    for r, s in enumerate(order, start=1):
        pairings.append([(a + 1, (a + s) % n + 1, r % 2 == 1) for a in range(n)])
    return Schedule.from_pairings(pairings)


def construct(n: int, double: bool = False) -> Schedule | None:
    """The best direct construction for ``n`` boards, or ``None`` where there is none (a single
    round on fewer than 3 boards)."""
    if double and n % 2 == 0 and n >= 2:
        return paired_double(n)
    if double and n % 2 == 1 and n >= 3:
        return doubled(phase_blocks(n))
    if n < 3:
        return None
    if n % 4 == 0:
        single = half_blocks(n)
    elif n % 2 == 1:
        single = phase_blocks(n)
    elif n in STORED_SIZES:
        single = small_table(n)
    else:
        single = phase_matchings(n)
    return mirrored_double(single) if double else single
