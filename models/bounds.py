"""Proven lower bounds on breaks, as the designer and the model's cuts use them.

The proofs are in docs/bounds.md (facts 1-9); the computer-proven ones are re-run by
``benchmarks/phase_bounds.py``.  This module knows nothing about CP-SAT.
"""

from __future__ import annotations


def analytic_break_bound(boards: int, double: bool = False, colour_balance: bool = True) -> int:
    """A proven lower bound on breaks with equal teams and rule 3 in every round (proofs in docs/bounds.md).

    Breaks always come in an even total.  A player with no break alternates perfectly;
    at most n players can (n odd too), and for n = 2 mod 4 in a single round with rule 1
    at most n - 1.  Hence n for n = 0 mod 4, n + 2 for n = 2 mod 4 (n for a double round
    or without rule 1) and n + 1 for odd n.  For a single round, case analyses of the
    schedules with n + 1 breaks (odd n >= 5), n + 2 (n = 2 mod 4, n >= 6) and n + 4
    (n = 2 mod 4, n >= 10), which would need nearly n perfect alternators and nearly every
    other player breaking once, rule them out: n + 3, n + 4 and n + 6.  For a double round
    with odd n >= 5 the same analysis of n + 1 breaks, with rule 1, gives n + 3 (fact 9).
    """
    if boards < 2:
        return 0
    if boards % 2 == 1:
        if boards >= 5 and (not double or colour_balance):
            return boards + 3
        return boards + 1
    if boards % 4 == 2 and colour_balance and not double:
        return boards + 6 if boards >= 10 else boards + 4 if boards >= 6 else boards + 2
    return boards


# Single-round bounds proven by computer, past the analytic ones, with rules 1, 2 and 3 all in
# force (docs/bounds.md, facts 8 and 10); ``benchmarks/phase_bounds.py`` re-proves them: case
# 6:12, and ``--split 10:16`` and ``--split 14:20:1200 --spare 2``, proofs split by perfect
# alternators.
COMPUTER_PROVEN_BOUNDS = {6: 14, 10: 18, 14: 22}


def proven_break_bound(
    boards: int, double: bool = False, colour_balance: bool = True, no_three_in_a_row: bool = True
) -> int:
    """The best proven lower bound on breaks with equal teams and rule 3 in every round.

    The analytic bound, raised for the sizes of :data:`COMPUTER_PROVEN_BOUNDS` when the
    match is a single round keeping rules 1 and 2 as well.
    """
    bound = analytic_break_bound(boards, double, colour_balance)
    if not double and colour_balance and no_three_in_a_row:
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


def played_break_bound(boards: int, rounds: int, played: list[list[tuple[int, int, bool]]]) -> int:
    """A lower bound on the breaks of any complete equal-teams schedule that starts with ``played``.

    ``played[r]`` lists round r + 1's games as ``(a, b, a_has_white)`` with 1-based numbers; ``rounds``
    is the whole match's length.  No rule but rule 0 is assumed (every pair meets exactly once and
    everybody plays every round), so the bound holds whichever of rules 1-3 are kept.

    The breaks inside the played rounds are fixed.  After the last played round k, call a player
    *clean* if it has no break from round k to the end: its colour alternates from round k on.  A clean
    A player and a clean B player with the same colour in round k have the same colour in every later
    round, so they cannot meet after round k; if they have not met by round k they never meet, which
    rule 0 forbids.  So the clean players are an independent set of the graph G joining an A player and a
    B player who have not met and share their colour in round k, and the others, each with at least one
    break still to come, number at least the size of G's smallest vertex cover, which in a bipartite
    graph is the size of a largest matching (Konig's theorem).  G falls into two parts, the players
    with White in round k and those with Black.  Breaks total an even number (fact 1), so the bound is
    rounded up to even.
    """
    k = len(played)
    if k == 0:
        return 0
    white: dict[tuple[str, int], list[bool]] = {}
    met: set[tuple[int, int]] = set()
    for games in played:
        for a, b, a_white in games:
            white.setdefault(("A", a), []).append(a_white)
            white.setdefault(("B", b), []).append(not a_white)
            met.add((a, b))
    fixed = sum(seq[i] == seq[i + 1] for seq in white.values() for i in range(len(seq) - 1))
    if k >= rounds:
        return fixed
    last = {player: seq[-1] for player, seq in white.items()}
    edges: dict[int, list[int]] = {
        a: [b for b in range(1, boards + 1) if (a, b) not in met and last["B", b] == last["A", a]]
        for a in range(1, boards + 1)
    }
    return even_break_bound(fixed + _matching_size(edges))


def _matching_size(edges: dict[int, list[int]]) -> int:
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
