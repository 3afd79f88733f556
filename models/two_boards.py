"""Two boards, any team sizes: schedules in closed form, with no break wherever one exists.

Teams of p (team A) and q (team B) players on 2 boards play p*q/2 rounds (p*q even); players sit
out in turn, and colours and breaks count the games a player plays.  Rule 3 on 2 boards says team A
has White on exactly one board each round.

**Positions.**  Write the games as one sequence of p*q *positions*, two a round: position 2r is
round r's game in which team A has White, 2r + 1 the one in which team B has.  Let alpha(s) be the A
player and beta(s) the B player of position s.  Then A has White at the even positions and B at the
odd ones, whatever the sequences, so rule 3 holds; a player *alternates* (never breaks) exactly when
any two of its consecutive positions are an odd distance apart; and the schedule is complete when
s -> (alpha(s), beta(s)) hits every pair once.  Conversely every schedule keeping rule 3 is of this
form (put the game with A's White first in each round), so this describes all of them.

**Passes.**  With q even, team B sits out in turn exactly when each *B-pass* of q positions
(q/2 rounds) holds every B player once.  A B player then alternates exactly when its offset in the
pass changes parity from one pass to the next (the distance is q minus one offset plus the other).
So B splits into two halves of q/2 players: *class c(s) = (s + floor(s/q)) mod 2* of a position says
which half plays there.  Likewise team A in *A-passes* of p positions: with p even, a player's offset
parity must change from pass to pass, and the position's *group* g(s) = (s + floor(s/p)) mod 2 is
constant along an alternating player; with p odd the distance between passes is p minus one offset
plus the other, odd exactly when the offsets have the same parity, and g(s) (= the offset's parity)
is again constant.  Group 0 has ceil(p/2) players, group 1 floor(p/2), one position each per pass.

**What is left** is which group member takes which position of its group in each A-pass, so that
every A player has exactly q/2 positions of class 0 (it meets each B half once per player), and then
which B player of the half takes each position.  The second is a bipartite edge colouring: for class
c, the graph between A players and B-passes with an edge per class-c position is (q/2)-regular, so
its edges split into q/2 perfect matchings (Koenig), one for each B player of the half: every B
player plays once per pass and meets every A player once.  The first is a flow (each pass gives its
group's class-0 positions to members, at most one each; each player takes q/2 in all).

**When there is no break.**  With every player alternating the groups never change, and the flow
has an answer exactly when group 0's positions hold ceil(p/2) * q/2 of class 0 (greedy: give the
class-0 positions of each pass to the members with the fewest so far).  Counting with signs
X(s) = (-1)^g(s), Y(s) = (-1)^c(s), that number is (pq + sum X + sum Y + sum XY)/4, with sum Y = 0
(q even), sum X = q for odd p and 0 for even p, and sum XY = sum_s (-1)^(floor(s/p) + floor(s/q)).

* p odd, q even: s -> pq - 1 - s maps floor(s/p) to q - 1 - floor(s/p) and floor(s/q) to
  p - 1 - floor(s/q), so it changes the sign of every term (p + q is odd) and has no fixed point:
  sum XY = 0, and **every p odd against q even (or the teams swapped) has a schedule with no break**
  keeping rules 1-3 (alternation gives rules 1 and 2).
* p and q even, with g = gcd(p, q), p = g p', q = g q': grouping s by floor(s/g) the sum is g times
  the sum over t < g p' q' of (-1)^(floor(t/p') + floor(t/q')).  Shifting t by p'q' adds q' and p'
  to the floors.  If one of p', q' is even (then g is even) each shift changes the sign, the g
  stretches of p'q' cancel in pairs: no break.  If both are odd the shift keeps the sign, so the sum
  is g * g * S with S a sum of p'q' (odd) terms +-1, odd, so not 0: **no schedule keeping rule 3 is
  without a break** (the argument used rule 3, completeness and sitting out in turn only).  Also,
  with p and q even and rule 3, the breaks are even in number: each A-pass has p/2 even offsets, so
  as many A players keep an even offset from one pass to the next as keep an odd one (each such
  player breaks), and the same for team B.  So those sizes need at least 2 breaks.

**With breaks (p, q even, p', q' odd).**  A player may *switch* group at the boundary after its
game 2j (an even number of games, so that its two alternating stretches have even length and rule 1
holds exactly; no three in a row since switches are never adjacent), one break.  A switch from group
0 to 1 pairs with one from 1 to 0 at the same boundary, keeping the groups' sizes.  The flow then
decides whether the switches chosen leave every player q/2 positions of class 0; the module tries 1,
2, ... pairs at the boundaries nearest the middle and keeps the first that works, in both
orientations of the teams.
"""

from __future__ import annotations

import time

import networkx as nx

from scheveningen.models.bounds import two_board_zero_possible
from scheveningen.models.schedule import Schedule
from scheveningen.models.symmetry import swap_teams


def two_board_schedule(size_a: int, size_b: int, deadline: float | None = None) -> Schedule | None:
    """Teams of ``size_a`` and ``size_b`` players on 2 boards, rules 1-3 kept (module docstring).

    No break where one team has an odd number of players, or both even with size/gcd even for one;
    otherwise (both even, size/gcd odd for both) the fewest group switches found, two breaks each.
    ``None`` for sizes below 2 or an odd number of games, or when no switches tried work.
    """
    p, q = size_a, size_b
    if min(p, q) < 2 or (p * q) % 2:
        return None
    if q % 2:  # the even team is team B of the construction
        built = _even_b(q, p, deadline)
        return swap_teams(built[0]) if built is not None else None
    best = _even_b(p, q, deadline)
    if best is not None and best[1] <= two_board_break_bound(p, q):
        return best[0]
    if p % 2 == 0:
        other = _even_b(q, p, deadline)
        if other is not None and (best is None or other[1] < best[1]):
            return swap_teams(other[0])
    return best[0] if best is not None else None


def two_board_break_bound(size_a: int, size_b: int) -> int:
    """A lower bound on the breaks of any schedule of these teams on 2 boards keeping rule 3
    (completeness and sitting out in turn assumed, no other rule): 2 where no schedule without a
    break exists (both sizes even, the breaks then even in number), else 0."""
    return 0 if two_board_zero_possible(size_a, size_b) else 2


def _group(s: int, p: int) -> int:
    return (s + s // p) % 2


def _class(s: int, q: int) -> int:
    return (s + s // q) % 2


def _even_b(p: int, q: int, deadline: float | None = None) -> tuple[Schedule, int] | None:
    """Team B of even size q; team A of p (any parity).  The zero-break layout when it exists, else
    (p even) pairs of group switches at the boundary nearest the middle: from the fewest that can move
    group 0's surplus of class-0 positions (each pair moves at most q/2 of it), more while the flow
    finds no answer, within ``deadline`` (``time.monotonic()``).  With the schedule, its breaks."""
    if two_board_zero_possible(p, q):
        built = _build(p, q, [])
        return (built, 0) if built is not None else None
    if p % 2:
        return None
    half = q // 2
    # Boundaries after an even number of games: after pass m with m odd.  Nearest the middle first.
    boundaries = sorted(range(1, q - 1, 2), key=lambda m: (abs(m + 1 - half), m))
    if not boundaries:
        return None
    surplus = sum(1 for s in range(p * q) if _group(s, p) == 0 and _class(s, q) == 0) - (p // 2) * half
    least = max(1, -(-surplus // half))
    tries = sorted({t for t in (least, least + 1, least + 2, 2 * least, 4 * least, p // 2) if 1 <= t <= p // 2})
    for pairs in tries:
        if deadline is not None and time.monotonic() > deadline:
            return None
        switches = [(boundaries[0], i, p // 2 + i) for i in range(pairs)]
        built = _build(p, q, switches)
        if built is not None:
            return built, 2 * pairs
    return None


def _phases(p: int, q: int, switches: list[tuple[int, int, int]]) -> list[list[int]] | None:
    """``phase[a][m]``: the group of A player a in A-pass m, with group 0 the first ceil(p/2)
    players, and each switch (m, a0, a1) exchanging a0 (group 0) and a1 (group 1) after pass m."""
    size0 = (p + 1) // 2
    phase = [[0 if a < size0 else 1] * q for a in range(p)]
    for m, a0, a1 in switches:
        if phase[a0][m] != 0 or phase[a1][m] != 1:
            return None
        for later in range(m + 1, q):
            phase[a0][later] = 1
            phase[a1][later] = 0
    return phase


def _class_zero_choice(p: int, q: int, phase: list[list[int]]) -> list[list[bool]] | None:
    """``zero[a][m]``: A player a takes a class-0 position in A-pass m.  Each (pass, group) gives its
    class-0 positions to as many of its members; each player takes q/2 in all.  A max flow."""
    half = q // 2
    if all(len(set(row)) == 1 for row in phase):
        return _greedy_zero(p, q, phase)
    graph = nx.DiGraph()
    source, sink = -1, -2

    def node(m: int, group: int) -> int:
        return p + 2 * m + group

    for m in range(q):
        for group in (0, 1):
            supply = sum(1 for s in range(m * p, (m + 1) * p) if _group(s, p) == group and _class(s, q) == 0)
            if supply:
                graph.add_edge(source, node(m, group), capacity=supply)
        for a in range(p):
            graph.add_edge(node(m, phase[a][m]), a, capacity=1)
    for a in range(p):
        graph.add_edge(a, sink, capacity=half)
    value, flow = nx.maximum_flow(graph, source, sink)
    if value != p * half:
        return None
    return [[flow[node(m, phase[a][m])].get(a, 0) == 1 for m in range(q)] for a in range(p)]


def _greedy_zero(p: int, q: int, phase: list[list[int]]) -> list[list[bool]] | None:
    """The flow without switches: each pass gives its group's class-0 positions to the members with
    the fewest so far (ties to the lower number), which keeps the members' counts within one of each
    other, so they all end at q/2 exactly when the group's total is right."""
    zero = [[False] * q for _ in range(p)]
    count = [0] * p
    for m in range(q):
        for group in (0, 1):
            supply = sum(1 for s in range(m * p, (m + 1) * p) if _group(s, p) == group and _class(s, q) == 0)
            members = sorted((a for a in range(p) if phase[a][m] == group), key=lambda a: (count[a], a))
            for a in members[:supply]:
                zero[a][m] = True
                count[a] += 1
    return zero if all(c == q // 2 for c in count) else None


def _build(p: int, q: int, switches: list[tuple[int, int, int]]) -> Schedule | None:
    phase = _phases(p, q, switches)
    if phase is None:
        return None
    zero = _class_zero_choice(p, q, phase)
    if zero is None:
        return None
    alpha = _place_a(p, q, phase, zero)
    if alpha is None:
        return None
    beta = _deal_b(p, q, alpha)
    pairings = [
        [(alpha[2 * r] + 1, beta[2 * r] + 1, True), (alpha[2 * r + 1] + 1, beta[2 * r + 1] + 1, False)]
        for r in range(p * q // 2)
    ]
    return Schedule.from_pairings(pairings, team_a=p, team_b=q)


def _place_a(p: int, q: int, phase: list[list[int]], zero: list[list[bool]]) -> list[int] | None:
    """alpha(s) for every position: in each A-pass, the members of each group take its positions, the
    class-0 takers the class-0 ones.  With p odd a pass may begin inside a round (its first position
    odd), whose other position ends the previous pass: both are group 0, and the two players must
    differ; a clash is undone by exchanging one of them with a player of the same group and class in
    its pass.  ``None`` when no such exchange exists."""
    alpha = [-1] * (p * q)
    for m in range(q):
        lo, hi = m * p, (m + 1) * p
        for group in (0, 1):
            for cls in (0, 1):
                spots = [s for s in range(lo, hi) if _group(s, p) == group and _class(s, q) == cls]
                players = [a for a in range(p) if phase[a][m] == group and zero[a][m] == (cls == 0)]
                if len(spots) != len(players):
                    return None
                for s, a in zip(spots, players, strict=True):
                    alpha[s] = a
        if lo % 2 and alpha[lo - 1] == alpha[lo] and not _unclash(p, q, alpha, lo):
            return None
    return alpha


def _unclash(p: int, q: int, alpha: list[int], lo: int) -> bool:
    """Exchange the player at ``lo`` (a pass's first position, sharing its round with ``lo - 1``) with
    another of its pass, same group and class, or else the player at ``lo - 1`` with one of the previous
    pass, without making a new clash; False when neither can."""
    for at, first, last in ((lo, lo + 1, lo + p), (lo - 1, lo - p, lo - 1)):
        for s in range(first, last):
            if _group(s, p) != _group(at, p) or _class(s, q) != _class(at, q):
                continue
            alpha[at], alpha[s] = alpha[s], alpha[at]
            if _round_ok(alpha, s) and _round_ok(alpha, at):
                return True
            alpha[at], alpha[s] = alpha[s], alpha[at]
    return False


def _round_ok(alpha: list[int], s: int) -> bool:
    """The round of position s holds two different A players (so far as both are placed)."""
    other = alpha[s ^ 1] if (s ^ 1) < len(alpha) else -1
    return other == -1 or other != alpha[s]


def _deal_b(p: int, q: int, alpha: list[int]) -> list[int]:
    """beta(s): for each class, colour the edges (A player, B-pass) of its positions with q/2 colours
    so that no two edges at a vertex share one (Koenig's alternating paths); colour i of class c is
    B player c*q/2 + i."""
    half = q // 2
    beta = [-1] * (p * q)
    for cls in (0, 1):
        at_a = [[-1] * half for _ in range(p)]  # colour -> position, at each A player
        at_b = [[-1] * half for _ in range(p)]  # colour -> position, at each B-pass
        colour_of: dict[int, int] = {}
        for s in range(p * q):
            if _class(s, q) != cls:
                continue
            u, v = alpha[s], s // q
            x = at_a[u].index(-1)
            y = at_b[v].index(-1)
            if at_b[v][x] != -1:
                # flip the x/y path from v: v -x- A -y- B -x- ...; it never reaches u (u lacks x)
                path = []
                node, side, want = v, 1, x
                while True:
                    table = at_b if side else at_a
                    edge = table[node][want]
                    if edge == -1:
                        break
                    path.append(edge)
                    node = alpha[edge] if side else edge // q
                    side ^= 1
                    want = y if want == x else x
                for edge in path:
                    old = colour_of[edge]
                    new = y if old == x else x
                    a_node, b_node = alpha[edge], edge // q
                    if at_a[a_node][old] == edge:
                        at_a[a_node][old] = -1
                    if at_b[b_node][old] == edge:
                        at_b[b_node][old] = -1
                for edge in path:
                    old = colour_of[edge]
                    new = y if old == x else x
                    colour_of[edge] = new
                    at_a[alpha[edge]][new] = edge
                    at_b[edge // q][new] = edge
            colour_of[s] = x
            at_a[u][x] = s
            at_b[v][x] = s
        for s, colour in colour_of.items():
            beta[s] = cls * half + colour
    return beta
