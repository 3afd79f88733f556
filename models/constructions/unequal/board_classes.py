"""Odd k prime to p, team B playing every round, in closed form: B player j plays board j in every
round, and the boards' classes (X, White in even rounds from 0, or Y, in odd ones) alternate
(:func:`odd_odd_schedule`, odd p: no break at all) or are split with one edge of the board cycle
unsatisfied (:func:`even_odd_schedule`, even p: at most one break per A player).

The sit-outs are the rotation's (``helpers.rotation_plays``); A's colour in each game is the
opposite of its opponent's, as in ``paired.py``.
"""

from __future__ import annotations

import math

from scheveningen.models.domain.schedule import Schedule


def odd_odd_schedule(p: int, k: int) -> Schedule | None:
    """Odd p against odd k with gcd(p, k) = 1, team B playing every round, in closed form with no
    break at all; ``None`` for any other p and k.

    The sit-outs are the rotation's (:func:`rotation_plays`): in round r (from 0) board j holds A
    player (j + r*k) mod p, which goes round the circle of A players, so sit-outs go in turn.  B
    player j plays board j in every round, so it meets A players j, j + k, j + 2k, ... (mod p):
    every one of them once, as k is prime to p.  The B players on odd boards (there are (k - 1)/2)
    are the X of the module docstring, White in even rounds (from 0), those on even boards the Y,
    White in odd rounds: each alternates, and each round team B has (k - 1)/2 or (k + 1)/2 Whites,
    (k*p - 1)/2 over the match, and team A the rest (rule 3).

    Every A player alternates perfectly too.  Its board goes down by k each round (mod p): from a
    board below k, which it plays, it wraps round once, and then goes down by k through the boards
    k .. p - 1, where it sits out, until it plays again.  So between two games d rounds apart its
    board changes by p - d*k, of the parity of d + 1 (p and k odd): the classes of its opponents
    differ exactly when d is even, and the parities of the rounds exactly when d is odd, so its
    colour, which is White exactly when the class is X and the round odd or the class Y and the
    round even, changes every time.  With k games, an odd number, that is (k - 1)/2 or (k + 1)/2
    Whites (rule 1), no two games of one colour in a row (rule 2) and no break.  As k is prime to
    p, an A player meets each board's B player once, so (k - 1)/2 times X, as the count wants.

    (With gcd(p, k) = g > 1 an A player plays only the boards of its residue mod g, each g times, so
    it meets X a multiple of g times, never (k - 1)/2: there is nothing here for those sizes.)
    """
    if p % 2 == 0 or k % 2 == 0 or p <= k or math.gcd(p, k) != 1:
        return None
    return _board_schedule(p, k, [j % 2 == 1 for j in range(k)])


def even_odd_schedule(p: int, k: int) -> Schedule | None:
    """Even p against odd k with gcd(p, k) = 1, team B playing every round, in closed form with at
    most one break for each A player; ``None`` for any other p and k.

    As in :func:`odd_odd_schedule`: the rotation's sit-outs, B player j on board j in every round
    (meeting every A player once), alternating, the boards split into (k - 1)/2 of class X (White in
    even rounds, from 0) and (k + 1)/2 of class Y; only the split differs.  Follow an A player's
    boards from game to game: from board b it goes down by k (mod p) each round until it is below k
    again, d rounds later, and so it runs through the cycle of all k boards (k is prime to p) once
    in every p rounds, the same cycle for every A player.  Its colour changes between the two games
    exactly when the classes of the two boards differ and d is even, or agree and d is odd.  Ask
    every edge of the cycle for that: the number of edges asking for a change of class is the number
    with d even, of the parity of the sum of the d, p, and of k edges: odd, so round the cycle no
    split of the boards gives every edge what it asks.  Give it to all but one edge v: the classes
    are then fixed, given the class of board 0, and every A player breaks at most once, where it
    crosses v (not if v is where its cycle closes, from its last game to its first).  With k games,
    an odd number, one break leaves (k - 1)/2 or (k + 1)/2 Whites (rule 1) and no three games of
    one colour in a row (rule 2).

    The count wants (k - 1)/2 boards of class X (each A player then meets X that often, and so does
    every round).  Let n(v) be the boards of class X with board 0 of class Y.  Moving v one edge on
    changes the class of the one board between the two edges, so n moves by one; and v on the
    cycle's first edge (from board 0) turns every other board over against v on its last (back to
    board 0), so n(first) + n(last) = k - 1.  Between the two there is a v with n(v) = (k - 1)/2.
    Turning every board over keeps the changes, so a v with n(v) = (k + 1)/2 does as well, board 0
    then of class X.  Of all these v the one where the most A players' cycles close is taken (the
    first such one on a tie).
    """
    if p % 2 or k % 2 == 0 or p <= k or math.gcd(p, k) != 1:
        return None
    cycle = _board_cycle(p, k)
    # Where each A player's cycle closes: the board of its last game (it then goes on to its first).
    closing = [0] * k
    for a in range(p):
        last = max(r for r in range(p) if (a - r * k) % p < k)
        closing[(a - last * k) % p] += 1
    best: tuple[int, list[bool]] | None = None
    for v in range(k):
        x_class = [False] * k
        cls = False
        for i, (_board, d) in enumerate(cycle[:-1]):
            cls ^= (d % 2 == 0) != (i == v)  # the class changes unless d is odd, except at v
            x_class[cycle[i + 1][0]] = cls
        if sum(x_class) == k // 2 + 1:  # the other way round: board 0 of class X
            x_class = [not x for x in x_class]
        if sum(x_class) == k // 2 and (best is None or closing[cycle[v][0]] > best[0]):
            best = closing[cycle[v][0]], x_class
    if best is None:
        raise RuntimeError(f"no split of the boards for {p} against {k} (bug: one always exists)")
    return _board_schedule(p, k, best[1])


def _board_cycle(p: int, k: int) -> list[tuple[int, int]]:
    """An A player's boards in the order it plays them under the rotation, from board 0, each with
    the rounds d to its next game: (board, d), once round the cycle (all k boards when gcd(p, k) = 1)."""
    out: list[tuple[int, int]] = []
    board = 0
    while True:
        d, nxt = 1, (board - k) % p
        while nxt >= k:
            d, nxt = d + 1, (nxt - k) % p
        out.append((board, d))
        board = nxt
        if board == 0:
            return out


def _board_schedule(p: int, k: int, x_class: list[bool]) -> Schedule:
    """The rotation's games with B player j on board j in every round, of class X (White in even
    rounds, from 0) where ``x_class[j]``, else Y; A has the other colour."""
    x_boards = [j for j in range(k) if x_class[j]]
    y_boards = [j for j in range(k) if not x_class[j]]
    # B player numbers: X first, as everywhere in this package, then Y.
    b_of_board = dict(zip([*x_boards, *y_boards], range(1, k + 1), strict=True))
    pairings = []
    for r in range(p):
        row = []
        for j in range(k):
            a_white = x_class[j] != (r % 2 == 0)  # opposite to B's
            row.append(((j + r * k) % p + 1, b_of_board[j], a_white))
        pairings.append(sorted(row))
    return Schedule.from_pairings(pairings, team_a=p, team_b=k)
