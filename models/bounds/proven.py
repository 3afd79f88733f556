"""Proven lower bounds on breaks, as the designer and the model's cuts use them.

The proofs are in docs/bounds.md (facts 1-13); the computer-proven ones are re-run by
``benchmarks/phase_bounds.py``.  This module knows nothing about CP-SAT.
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING

from scheveningen.models.domain.schedule import count_breaks

if TYPE_CHECKING:
    from scheveningen.models.domain.match import Match


def analytic_break_bound(boards: int, double: bool = False, colour_balance: bool = True) -> int:
    """A proven lower bound on breaks with equal teams and rule 3 in every round (proofs in docs/bounds.md).

    Breaks always come in an even total.  A player with no break alternates perfectly;
    at most n players can (n odd too), and for n = 2 mod 4 in a single round with rule 1
    at most n - 1.  Hence n for n = 0 mod 4, n + 2 for n = 2 mod 4 (n for a double round
    or without rule 1) and n + 1 for odd n.  For a single round, case analyses of the
    schedules with n + 1 breaks (odd n >= 5), n + 2 (n = 2 mod 4, n >= 6), n + 4
    (n = 2 mod 4, n >= 10) and n + 6 (n = 2 mod 4, n >= 14), which would need nearly n
    perfect alternators and nearly every other player breaking once, rule them out: n + 3,
    n + 4, n + 6 and n + 8 (facts 5, 6, 7 and 13; rule 2 is not needed).  For a double
    round with odd n >= 5 the same analysis of n + 1 breaks, with rule 1, gives n + 3 (fact 9).
    """
    if boards < 2:
        return 0
    if boards % 2 == 1:
        if boards >= 5 and (not double or colour_balance):
            return boards + 3
        return boards + 1
    if boards % 4 == 2 and colour_balance and not double:
        if boards >= 14:
            return boards + 8
        return boards + 6 if boards >= 10 else boards + 4 if boards >= 6 else boards + 2
    return boards


# Single-round bounds proven by computer, past the analytic ones, with rules 1 and 3 in force
# (docs/bounds.md, fact 8); ``benchmarks/phase_bounds.py --split N:N+6 --spare 2 --no-rule-2``
# re-proves them for N = 6 and 10, a proof split by perfect alternators (and, with rule 2 kept,
# case 6:12 and ``--split 10:16``).  From 14 boards on fact 13 proves n + 8 by hand (in
# ``analytic_break_bound``), which the construction meets.
COMPUTER_PROVEN_BOUNDS = {6: 14, 10: 18}

# The sizes at which the same split re-proves fact 13 by computer (docs/bounds.md, fact 10: every
# case INFEASIBLE, records in benchmarks/results/phase_bounds/phase_split_N_K.md): a check of the hand proof.
SPLIT_CHECKED_SIZES = tuple(range(14, 99, 4))

# One reserve, k + 1 against k on k boards with rules 1 and 3, k = 2 mod 4: minima proven by computer
# above the analytic k + 1 (docs/bounds_unequal.md, "How tight"), which the reserves' construction
# meets.  ``benchmarks/one_reserve_minima.py --boards K --rules 1+3`` re-proves them with its own model
# (A player a sitting out round a); the tests re-run k = 6 (a few seconds).
ONE_RESERVE_PROVEN = {6: 8}


def proven_break_bound(boards: int, double: bool = False, colour_balance: bool = True) -> int:
    """The best proven lower bound on breaks with equal teams and rule 3 in every round.

    The analytic bound, raised for the sizes of :data:`COMPUTER_PROVEN_BOUNDS` when the
    match is a single round keeping rule 1 as well.  No bound here needs rule 2.
    """
    bound = analytic_break_bound(boards, double, colour_balance)
    if not double and colour_balance:
        bound = max(bound, COMPUTER_PROVEN_BOUNDS.get(boards, 0))
    return bound


def even_break_bound(bound: int) -> int:
    """Round a lower bound on breaks up to the next even number.

    With equal teams every player plays every round, and the total of breaks is even:
    a player's breaks are (rounds - 1) minus its colour changes, whose parity says
    whether its first and last colours differ; every round has n whites among the 2n
    players, so as many players go from White to Black as from Black to White over the
    match, and the players whose first and last colours differ are an even number.
    """
    return bound + bound % 2


# --------------------------------------------------------------------------- bounds for a match with played rounds
# (issue 10; appended by i10)


def played_break_bound(
    boards: int,
    rounds: int,
    played: list[list[tuple[int, int, bool]]],
    colour_balance: bool = False,
    max_run: int = 0,
    double: bool = False,
) -> int:
    """A lower bound on the breaks of any complete equal-teams schedule that starts with ``played``.

    ``played[r]`` lists round r + 1's games as ``(a, b, a_has_white)`` with 1-based numbers; ``rounds``
    is the whole match's length.  With the defaults no rule but rule 0 is assumed (every pair meets
    exactly once and everybody plays every round), so the bound holds whichever of rules 1-3 are kept;
    ``colour_balance`` (rule 1) and ``max_run`` (rule 2, runs at most that long; 0: off) add what those
    rules force on each player alone (docs/bounds.md, "Bounds for a match with played rounds").

    The breaks inside the played rounds are fixed.  Each player needs at least :func:`suffix_breaks_needed` breaks
    after the last played round k (0 without rules 1 and 2).  Call a player *clean* if it has no break from round k
    to the end: its colour alternates from round k on.  A clean A player and a clean B player with the same colour
    in round k have the same colour in every later round, so they cannot meet after round k; if they have not met by
    round k they never meet, which rule 0 forbids (in a ``double`` round: if they have not met twice by round k).
    So the clean players are an independent set of the graph G joining an A player and a B player who have not met
    (twice), share their colour in round k and need no break by themselves; the players of G not clean, each with at
    least one break still to come, number at least the size of G's smallest vertex cover, which in a bipartite graph
    is the size of a largest matching (Konig's theorem).  A player outside G adds its own need; one inside needs
    none.  Breaks total an even number (fact 1), so the bound is rounded up to even.
    """
    k = len(played)
    if k == 0:
        return 0
    white: dict[tuple[str, int], list[bool]] = {}
    met: dict[tuple[int, int], int] = {}  # each pair's meetings so far
    for games in played:
        for a, b, a_white in games:
            white.setdefault(("A", a), []).append(a_white)
            white.setdefault(("B", b), []).append(not a_white)
            met[a, b] = met.get((a, b), 0) + 1
    times = 2 if double else 1
    fixed = sum(count_breaks(seq) for seq in white.values())
    if k >= rounds:
        return fixed
    need = {player: suffix_breaks_needed(seq, rounds, colour_balance, max_run) for player, seq in white.items()}
    last = {player: seq[-1] for player, seq in white.items()}
    edges: dict[int, list[int]] = {
        a: [
            b
            for b in range(1, boards + 1)
            if met.get((a, b), 0) < times and last["B", b] == last["A", a] and not need["B", b]
        ]
        for a in range(1, boards + 1)
        if not need["A", a]
    }
    return even_break_bound(fixed + sum(need.values()) + matching_size(edges))


def suffix_breaks_needed(colours: list[bool], rounds: int, colour_balance: bool, max_run: int) -> int:
    """The fewest breaks a player whose first games had ``colours`` (True: White) needs in the rest of a
    ``rounds``-round match, counting the break between its last played game and the next: what rule 1
    (``colour_balance``: its Whites and Blacks differ by at most 1 at the end) and rule 2 (``max_run``
    > 0: no run of one colour longer than that, the played games included) force on this player alone.
    0 when neither rule is given (alternating from the last played colour on breaks nothing), and 0 too
    when no continuation keeps the rules (no schedule keeping them starts so: no claim is made)."""
    left = rounds - len(colours)
    if left <= 0 or not colours or not (colour_balance or max_run > 0):
        return 0
    low, high = (rounds // 2, (rounds + 1) // 2) if colour_balance else (0, rounds)
    # Alternating from the last played colour on breaks nothing and keeps rule 2; most players end so.
    if low <= sum(colours) + (left + (not colours[-1])) // 2 <= high:
        return 0
    run = 1
    while run < len(colours) and colours[-run - 1] == colours[-1]:
        run += 1
    impossible = rounds * rounds
    # best[(colour, run, whites)]: fewest breaks so far; a dynamic programme over the rounds left.
    best: dict[tuple[bool, int, int], int] = {(colours[-1], run, sum(colours)): 0}
    for _ in range(left):
        step: dict[tuple[bool, int, int], int] = {}
        for (last, length, whites), breaks in best.items():
            for colour in (True, False):
                same = colour == last
                state = (colour, length + 1 if same else 1, whites + colour)
                if (max_run > 0 and state[1] > max_run) or state[2] > high:
                    continue
                if breaks + same < step.get(state, impossible):
                    step[state] = breaks + same
        best = step
    return min((b for (_c, _r, whites), b in best.items() if whites >= low), default=0)


def matching_size(edges: dict[int, list[int]]) -> int:
    """The size of a largest matching of a bipartite graph (left vertex -> right neighbours), by augmenting paths."""
    partner: dict[int, int] = {}

    def augment(a: int, seen: set[int]) -> bool:
        for b in edges[a]:
            if b in seen:
                continue
            seen.add(b)
            if b not in partner or augment(partner[b], seen):
                partner[b] = a
                return True
        return False

    return sum(augment(a, set()) for a in edges)


def unequal_break_bound(
    size_a: int,
    size_b: int,
    boards: int,
    double: bool = False,
    board_balance: bool = False,
    colour_balance: bool = False,
) -> int:
    """A proven lower bound on breaks for teams of unequal size (0 where none is known).

    *One team of k players, the other of k + 1, on k boards, single round: at least k - 1
    breaks, whatever rules hold.*  Call the k-player team B and the other A.  The match has
    k + 1 rounds; B's players play every round, A's play k games each, so each A player sits
    out exactly one round z(a), and as each round has k games, exactly one A player sits out
    each round: the z(a) are the rounds 1..k + 1, each once.

    Say a player is in mode + in a round where its colour is the one the White-in-odd-rounds
    alternation has there, and in mode - otherwise.  Opponents have opposite colours, so they
    are in opposite modes.  Between games in consecutive rounds a break is a change of mode;
    around a sit-out, between rounds z - 1 and z + 1 (the same parity), a break is keeping the
    mode.  B's players in mode + all match form class X, those in mode - all match class Y, and
    the beta others change mode at least once: a *closer* changes once, from - to +, after
    round t (- in 1..t, + in t + 1..k + 1); an *opener* once from + to -; the rest at least twice.

    Take an A player a without a break, sitting out round z.  Its mode is constant before z
    and after z and, when z is neither 1 nor k + 1, different on the two sides.  Call a
    *X-first* if it is - in every round before z and + in every round after (one side may be
    empty), *Y-first* otherwise.  An X-first a meets X (mode +) only before z and Y only after,
    and it plays every round before z, so z - 1 = |X| + the number of B breakers it meets
    before z (*early* for a).  A closer meets an X-first a before z only in a round of
    t + 1..z - 1, and after z only in z + 1..t: so it is early for a exactly when t <= z - 2,
    and t is neither z - 1 nor z.  Let c(z) be the number of closers with t <= z - 2 and
    h(a) = z - 1 - |X| - c(z), the number of B breakers other than closers early for a, so
    0 <= h(a) <= beta - #closers.  For X-first a and a' with z < z',
    h(a') - h(a) = (z' - z) - #(closers with z - 1 <= t <= z' - 2), and as no closer has t in
    {z - 1, z, z' - 1, z'}, those closers have t in z + 1..z' - 2: at most max(0, z' - z - 2),
    so h(a') - h(a) >= min(2, z' - z) >= 1.  The X-first A players without a break thus have
    different h: there are at most beta - #closers + 1 of them.  Likewise (reverse every
    colour: X and Y, closers and openers change places) at most beta - #openers + 1 Y-first.
    So at most 2 beta - #closers - #openers + 2 A players have no break, while B's breaks are at
    least #closers + #openers + 2 (beta - #closers - #openers) = 2 beta - #closers - #openers: at
    most B's breaks + 2 A players have no break.  Every other A player breaks, so the breaks are
    at least B's + (k + 1 - B's - 2) = k - 1.  No house rule is used, only rule 0 (sitting out
    in turn follows from the sizes).  The bound is the minimum with no rule for k = 2..5 (CP-SAT
    optima 1, 2, 3, 4) and with rules 1-3 for odd k, where the designer meets it;
    ``tests/models/constructions/test_unequal.py`` checks the optima and the step "A players without a break <= B's
    breaks + 2" on schedules.  (An earlier version of this bound,
    ceil((k - 1) / 2), counted only the values z can take.)

    *The same sizes with k even and rule 3 kept (``board_balance``): at least k breaks.*  Team
    A then has exactly k/2 Whites every round; its players in mode + are White in odd rounds
    and those in mode - in even ones, and the latter are as many as B's players in mode +, so
    B has exactly k/2 players in mode + in every round.  Its breakers therefore have a constant
    number s = k/2 - |X| in mode + and s' = k/2 - |Y| in mode - in every round, beta = s + s'.
    An A player without a break has z - 1 = |X| + (breakers early for it) if it is X-first and
    |Y| + (breakers early for it) if Y-first, so its z lies in |X| + 1..|X| + 1 + beta or in
    |Y| + 1..|Y| + 1 + beta; the z being different, at most beta + 1 + | |X| - |Y| | =
    beta + 1 + |s - s'| A players have no break.  As many breakers are in mode + in round 1 as
    in round k + 1, so as many go from + there to - as from - to +, at most min(s, s') each, and
    every other breaker changes at least twice: B has at least 2 beta - 2 min(s, s') =
    beta + |s - s'| breaks, at least the A players without a break less 1.  So the breaks are at
    least k.  It is the minimum with rule 3 alone for k = 4 and 6 (``benchmarks/one_reserve_minima.py``).

    *The same sizes with k >= 4 even and rules 1 and 3 kept (``colour_balance`` too): at least
    k + 1 breaks.*  k breaks would need equality all through the last proof.  Take s <= s'
    (reversing every colour exchanges them).  Then the breakers are s openers, s closers and
    d = s' - s *dips* (- then + then -, two changes); every round of U = |Y| + 1..|X| + 1 + beta
    (both windows, 2 s' + 1 rounds) is the sit-out of an A player without a break; every other
    A player breaks once.  With s breakers in mode + in every round, the openers that have
    changed before round r, O(r), are as many as the closers that have, C(r), plus the dips in
    mode + in round r: O(r) >= C(r).  Of the A players without a break s' + 1 are of one kind
    and s' of the other (at most s' + 1 each, by the proof of k - 1); playing the rounds
    backwards keeps the rules and, k + 1 being odd, the modes, and exchanges X-first and
    Y-first, so say s' + 1 are X-first.  Their h take every value 0..s' one step at a time, so
    (h(a') - h(a) >= min(2, z' - z)) their z are consecutive, z0..z0 + s', with
    C(z0 - 1) = z0 - 1 - |X| from h = 0 at z0.  The Y-first fill the rest of U: L = |Y| + 1..z0 - 1
    and R above the block.  |L| = z0 - 1 - |Y| >= d, as z0 >= |X| + 1.  If L is not empty, no
    opener changes after a round t with z - 1 <= t <= z for a z of L, that is in |Y|..z0 - 1, and
    h' = |Y| + 1 - 1 - |Y| - O(|Y|) >= 0 at |Y| + 1 leaves none before: O(z0 - 1) = 0 and
    |L| - d = C(z0 - 1) <= 0.  So |L| = d and R has s rounds up to |Y| + 2 s' + 1, inside the
    Y window (which ends at |Y| + 1 + s + s') only if s = 0 or d = 0.  If s = 0 no breaker is
    ever in mode +, so there is no dip either.  If d = 0 and s >= 1, O = C in every round, so
    openers and closers change after the same rounds; the X-first block |Y| + 1..|Y| + 1 + s with
    C(|Y|) = 0 leaves every closer, hence every opener, changing after round |Y| + s + 2 or
    later, and the Y-first of R push the openers past |Y| + 2 s + 1; the Y-first at |Y| + 2 s + 1
    then has h' = 2 s, above its largest, beta - #openers = s.  So beta = 0: |X| = |Y| = k/2, only
    the A player sitting out round k/2 + 1 has no break, and every other A player meets X in k/2
    rounds of mode - and Y in k/2 of mode +, breaking once.  The one sitting out round k/2 + 2
    (at most k) cannot: keeping its mode across the sit-out puts every round in one mode, and
    changing it there, its other change leaves k/2 rounds of each mode only right after round 1,
    so its games are a stretch of 1 and one of k - 1 and it has k/2 + 1 of its first colour,
    against rule 1.  So the breaks are at least k + 1.  The reserves' construction has k + 1 for
    k = 0 mod 4 (checked for every such k up to 96), so that is the minimum there; for
    k = 2 mod 4 it has k + 2, the optimum where :data:`ONE_RESERVE_PROVEN` has it, proven by computer
    (7 against 6: 8, ``benchmarks/one_reserve_minima.py``), and returned there.

    *One team of k >= 2 players, the other of c*k with c >= 3 odd, on k boards, single
    round, rule 3 kept (``board_balance``): at least k breaks for even k, (k + 1)/2 +
    max(0, (k - c)/2) for odd k* (:func:`multiple_break_bound`, docs/bounds_unequal.md).  Rule 3 is not assumed
    unless the caller says it holds: without it 9 against 3 and 12 against 4 have schedules
    with no break.

    *One team of k playing every round where the sit-out model has proven (in this process) that no
    schedule without a break exists, rule 3 kept: at least 1* (:func:`record_no_break_free`).

    *One team of k playing every round, the other of p > k sitting out in turn, rule 3 kept, where
    T(p, k) is not 1 (p and k odd) or not 0 (otherwise): at least 1* (:func:`one_full_break_free`).

    *Two boards, both team sizes even, each divided by their gcd odd, rule 3 kept: at least 2
    breaks* (:func:`two_board_zero_possible`; the proof is ``models/constructions/positions/layout.py``'s docstring).

    *Double round, one team of k playing every round, the other of p > k sitting out in turn, rule 3
    kept, where the double alternation sum rules out a schedule without a break
    (:func:`double_full_break_free`) or the double round's sit-out model has proven there is none
    (``record_no_break_free(..., double=True)``): at least 1; on two boards with p even, at least 2.*
    With rule 3 on two boards the full team's two players have opposite colours in every round, so
    the same breaks.  The other team's players play four games, two of each colour, and have an even
    number of breaks exactly when their first and last colours differ; sitting out in turn, each plays
    once in the first p/2 rounds and once in the last p/2, and each of those stretches has p/2 games
    of each colour, so the players White first and last are as many as those Black first and last.
    So the breaks are even.

    Elsewhere (other double rounds, or other sizes) no bound above 0 is proven: for many sizes
    schedules with no break at all exist (``models/constructions/unequal/`` builds them, for example
    16 against 12 on 12 boards; ``benchmarks/unequal_minima.py`` finds them for 7, 9 or 11
    against 4 and 11 to 17 against 6), so 0 is then the truth, not a gap in the theory.
    """
    small, large = sorted((size_a, size_b))
    if double:
        if not (board_balance and small == boards < large):
            return 0
        if (large, boards) not in _NO_BREAK_FREE_DOUBLE and double_full_break_free(large, boards):
            return 0
        return 2 if boards == 2 and large % 2 == 0 else 1  # two boards: the breaks are even
    if boards == 2 and board_balance and not two_board_zero_possible(size_a, size_b):
        return 2
    if small != boards:
        return 0
    bound = 0
    if large == boards + 1:
        bound = boards - 1
        if board_balance and boards % 2 == 0:
            bound = boards + 1 if colour_balance and boards >= 4 else boards
            if colour_balance:
                bound = max(bound, ONE_RESERVE_PROVEN.get(boards, 0))
    if board_balance:
        bound = max(bound, multiple_break_bound(large, boards))
        if (large, boards) in _NO_BREAK_FREE or (large > boards and not one_full_break_free(large, boards)):
            bound = max(bound, 1)
    return bound


@functools.cache
def alternation_sum(p: int, k: int, double: bool = False) -> int:
    """T(p, k): the sum over s < p*k of (-1)^(floor(s/p) + floor(s/k)); with ``double``, T2(p, k), the
    same sum over s < 2*p*k (the double round's 2p rounds)."""
    return sum(-1 if (s // p + s // k) % 2 else 1 for s in range((2 if double else 1) * p * k))


def one_full_break_free(p: int, k: int, x: int | None = None) -> bool:
    """Whether p players sitting out in turn against k who play every round (k boards, single round)
    may have a schedule without a break keeping rule 3: only where T(p, k) (:func:`alternation_sum`)
    is 1 for p and k odd, 0 otherwise.  False is a proof that every such schedule breaks.

    Proof.  The match has p rounds.  Sitting out in turn, each A player has played floor(tk/p) or
    ceil(tk/p) games after t rounds, so every A player's j-th game (from 0) comes in a round no earlier
    than every A player's (j-1)-th: list the games round by round, inside a round by the A player's
    game number, and position s (from 0) holds A's game number floor(s/p) in round floor(s/k).  Give an
    A player's game j the sign e = c (-1)^j and a B player's game in round r the sign f = c' (-1)^r,
    c, c' = +1 for White, -1 for Black.  The two players of a game have opposite colours, so
    e * f = -(-1)^(floor(s/p) + floor(s/k)) at its position, and the sum of e * f over the games is
    -T(p, k), whatever the schedule.  Without a break every player alternates, e is e(a) for all of A
    player a's games and f is f(b) for all of B player b's, and every pair meets once: the sum is
    (sum of e(a)) * (sum of f(b)), so T = -E * F with E, F those sums.  B's players have colour
    f(b) (-1)^r in round r, so round r has (k + (-1)^r F) / 2 B Whites, and rule 3 (floor(k/2) or
    ceil(k/2) A Whites in every round) makes F = 0 for even k (so T = 0) and F = +-1 for odd k.  An
    alternating player's Whites less Blacks are its sign over an odd number of games, 0 over an even
    one, and the teams' totals are opposite: for odd k, A's players play k games each, E + (F if p
    odd, else 0) = 0, so T = F^2 = 1 for odd p and T = 0 for even p.  Only rule 0, sitting out in turn
    and rule 3 are used.  These are the sizes where the alternating layout has a switching pair (T is
    computed in closed form there, ``models/constructions/positions/``); elsewhere nothing is claimed.

    With ``x`` (the B players White in the odd rounds; by default floor(k/2), rule 3) the same without
    rule 3: F = +-(k - 2x), and with the totals E (k odd) + F (p odd) = 0, T = -E F needs T = (k - 2x)^2
    for k and p odd, T = 0 for k odd and p even, x = k/2 and T = 0 for k even and p odd, and for both
    even T = E (k - 2x) with E even and |E| <= p (docs/bounds_unequal.md, claim 5)."""
    x = k // 2 if x is None else x
    t, f = alternation_sum(p, k), k - 2 * x
    if k % 2:
        return t == (f * f if p % 2 else 0)
    if p % 2 or f == 0:
        return f == 0 and t == 0
    return t % f == 0 and (t // f) % 2 == 0 and abs(t // f) <= p


def double_full_break_free(p: int, k: int, x: int | None = None) -> bool:
    """Whether p players sitting out in turn against k who play every round (k boards, double round)
    may have a schedule without a break with x of the k in class X (White in the odd rounds; by
    default x = floor(k/2), which keeps rule 3): only where T2 = T2(p, k) (:func:`alternation_sum`
    with ``double``) is 2 E (k - 2x) for some E with |E| <= p and E = p mod 2; for even k and rule 3
    that is T2 = 0.  False is a proof that every such schedule breaks.

    Proof: as :func:`one_full_break_free`, over the 2p rounds.  Sitting out in turn, position s (from
    0) of the games listed round by round, inside a round by the A player's game number, holds A's game
    number floor(s/p) in round floor(s/k), so with the signs e = c (-1)^j (A's game j) and
    f = c' (-1)^r (B's game in round r) the sum of e * f over the games is -T2, whatever the schedule.
    Without a break e is e(a) over all of A player a's 2k games and f is f(b) over B player b's 2p, and
    every pair meets twice: the sum is 2 E F, E and F the sums of e(a) and f(b).  F is +-(k - 2x), the
    B players alternating from White less those from Black, so T2 = -+2 E (k - 2x), E a sum of p terms
    +-1.  Rule 3 makes x = floor(k/2) or ceil(k/2): F = 0 for even k, so T2 = 0, and F = +-1 for odd k,
    so T2 = -+2E.  Only rule 0 and sitting out in turn are used (and rule 3 for the default x).  With
    the default x it rules out 438 of the 4,950 sizes up to 100 a side, and it holds at every size
    where ``models/constructions/double_full_side.py`` builds a schedule without a break
    (``tests/models/constructions/test_double_full_side.py``); with other x it bounds how little rule 3
    can be broken with runs of one colour
    (:func:`~scheveningen.models.constructions.double_full_side.runs_of_one_double`)."""
    x = k // 2 if x is None else x
    t = alternation_sum(p, k, double=True)
    f = k - 2 * x
    if f == 0:
        return t == 0
    if t % (2 * f):
        return False
    e = t // (2 * f)
    return abs(e) <= p and (e - p) % 2 == 0


#: Sizes (p, k: p players against k who play every round, single round) for which the sit-out model
#: (``models/constructions/sitouts.py``) has proven, by CP-SAT's exhaustive INFEASIBLE, that no schedule without a
#: break keeps rule 3.  Filled as the constructions run (``record_no_break_free``); a process that has
#: not tried the size simply claims nothing.
_NO_BREAK_FREE: set[tuple[int, int]] = set()
#: The same for double rounds (the double round's sit-out model, ``double=True``).
_NO_BREAK_FREE_DOUBLE: set[tuple[int, int]] = set()


def record_no_break_free(p: int, k: int, double: bool = False) -> None:
    """Note that p against k (k players playing every round) has no schedule without a break keeping
    rule 3, as the sit-out model proved with x = floor(k/2) X players.  Why that is a proof: with no
    break every player alternates and team B splits into x players White in odd rounds and k - x White
    in even ones; rule 3 puts floor(k/2) or ceil(k/2) A Whites in round 1, so x is floor(k/2) or
    ceil(k/2), and reversing every colour (which keeps rule 3) exchanges the two; the model's criterion
    is exact for a given x (docs/bounds_unequal.md, "When a schedule without any break exists") and its
    symmetry breaking (renumbering team A, reversing colours when 2x = k) and its cut (an even number of
    games in odd rounds when 2x = k) hold for some schedule whenever one exists.  So
    :func:`unequal_break_bound` may then claim 1 with rule 3.  The same holds for the double round's
    model (``double``), which keeps the renumbering and the colour reversal and has no cut."""
    (_NO_BREAK_FREE_DOUBLE if double else _NO_BREAK_FREE).add((p, k))


def recorded_no_break_free(p: int, k: int, double: bool = False) -> bool:
    """Whether :func:`record_no_break_free` noted p against k in this process (a proof, as there)."""
    return (p, k) in (_NO_BREAK_FREE_DOUBLE if double else _NO_BREAK_FREE)


def two_board_zero_possible(size_a: int, size_b: int) -> bool:
    """Whether teams of these sizes on 2 boards have a schedule without a break keeping rule 3 (and
    then rules 1 and 2 as well): the number of games p*q is even, and the sizes are not both even with
    both p/g and q/g odd, g = gcd(p, q).  Where they are, every schedule keeping rule 3 has an even
    number of breaks, at least 2.  Proof and construction: ``models/constructions/positions/``."""
    p, q = size_a, size_b
    if (p * q) % 2:
        return False
    if p % 2 or q % 2:
        return True
    g = math.gcd(p, q)
    return (p // g) % 2 == 0 or (q // g) % 2 == 0


def multiple_break_bound(p: int, k: int) -> int:
    """Breaks at least, with rule 3, when p = c*k players (c >= 3 odd) face k who play every round.

    Team B (k players) plays all p rounds; team A's p = c*k players sit out in turn, so after
    the rounds c*j each has played exactly j games: each plays exactly once in every *block*
    of c consecutive rounds, its j-th game in block j.  An A player without a break alternates
    game by game, so its colour depends only on the block: kind P is White in the odd blocks and
    Black in the even ones, kind N the reverse.  For a B player b let P(b) be the number of
    rounds where b is Black in an odd block or White in an even one: b meets each P player in
    such a round, one a round, so there are at most P(b) players of kind P, and at most
    p - P(b) of kind N.  Hence at least max P - min P A players break (the spread S).

    A B player without a break is of class X (White in odd rounds) or Y.  A block has c rounds
    (odd) and block j starts on a round of j's parity, so X is Black (c - 1)/2 times in an odd
    block and White (c - 1)/2 times in an even one: P(X) = (p - k)/2, P(Y) = (p + k)/2.  With
    an X and a Y in team B, S >= k: k A players break (no rule needed).

    Rule 3: call b X-like in a round where it has X's colour; B's Whites in an odd round, its
    Blacks in an even one, are the X-like players, so each round has floor(k/2) or ceil(k/2)
    of them.  If team B has no Y (or, alike, no X) and x >= 1 X players, x < ceil(k/2): with
    x = ceil(k/2) every round's X-like players would be the X players alone, so the other
    floor(k/2) >= 1 would be Y-like throughout, Y players.  So at least k - x >= floor(k/2) + 1
    B players break.  For even k each round has k/2 B players Black, so P(b) averages p/2 over
    team B, and as P(X) = p/2 - k/2 some b has P(b) >= p/2 + 1: S >= k/2 + 1, in all k + 2.
    For odd k each round has (k - 1)/2 or (k + 1)/2 B players Black, so P averages at least
    p(k - 1)/(2k) while P(X) = (p - k)/2: S >= (k - c)/2 (with only Y players alike, from
    P(Y) = (p + k)/2 and an average of at most p(k + 1)/(2k)), in all (k + 1)/2 + (k - c)/2
    when c < k.  With no X and no Y all k B players break.  So at least k breaks for even k
    and (k + 1)/2 + max(0, (k - c)/2) for odd k.  Only rule 0, sitting out in turn and rule 3
    are used.  0 for other sizes (no claim).
    """
    if k < 2 or p % k or (p // k) % 2 == 0 or p // k < 3:
        return 0
    c = p // k
    return k if k % 2 == 0 else (k + 1) // 2 + max(0, (k - c) // 2)


def forced_unequal_breaks(match: Match) -> int:
    """The breaks every single round of ``match``'s unequal teams has whatever the rules (k + 1 against
    k: at least k - 1, :func:`unequal_break_bound` with no rule assumed); 0 for a double round."""
    return 0 if match.double else unequal_break_bound(match.size_a, match.size_b, match.boards)
