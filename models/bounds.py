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
