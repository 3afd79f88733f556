"""Teams one apart, the smaller even, both sitting out: the alternating layout written down in closed
form, without a break.

Team A moves one offset to the left each pass and team B turns round at the middle of the sequence
(:func:`one_apart_closed` has the formulas); only the middle round can repeat a player, and then the
cheap exchanges of ``rounds`` undo it.  None of the searches of the general layout is needed.
"""

from __future__ import annotations

from scheveningen.models.constructions.positions.rounds import cut_into_rounds, mend_rounds, unclash_b
from scheveningen.models.domain.schedule import Schedule
from scheveningen.models.domain.symmetry import swap_teams


def one_apart_closed(size_a: int, size_b: int, boards: int, deadline: float | None = None) -> Schedule | None:
    """Teams one apart, the smaller even, both sitting out: the layout in closed form, no break.

    Let the smaller team (p, even) be the layout's team A and the larger (q = p + 1, odd) its team B.
    With s = i*p + x = n*q + y (A-pass i, offset x; B-pass n, offset y):

    * alpha(s) = (x + i) mod p: A player a holds offset (a - i) mod p in A-pass i, one to the left
      each pass, wrapping from 0 to p - 1.  Its consecutive positions are p - 1 or 2p - 1 apart: odd,
      so it alternates, and at least k apart, so never twice in a round;
    * beta(s) = y in the first p/2 B-passes and q - 1 - y in the others: B player b holds offset b,
      then q - 1 - b.  Its consecutive positions are q apart, or 2q - 1 - 2b across the middle of the
      sequence: odd either way, so it alternates, and twice in a round only there.

    Every pair meets once (docs/bounds_unequal.md, "Teams one apart in closed form", has the proof, and
    ``tests/models/constructions/test_positions.py`` checks it for every even p up to 100).  The middle of the sequence,
    position p*q/2, ends a round when the match has an even number of rounds, and then no player is
    twice in a round at all; otherwise the middle round's repeats are undone by the cheap exchanges of
    the general layout (:func:`unclash_b`, :func:`mend_rounds`), in a tenth of a second.  ``None`` for
    other sizes, or when some repeat stays (90 against 91 on 78): the general layout then takes over
    with its time nearly whole.  (Its model of exchanges, ``rounds.mend_model``, would mend one more size
    of the 393 up to 100 a side, 44 against 45 on 36, but spends up to 2 s where it cannot, which the
    general layout needs: 90 against 91 on 78 took 9.5 to 9.9 s in all before.)"""
    p, q, k = min(size_a, size_b), max(size_a, size_b), boards
    if q != p + 1 or p % 2 or not 2 <= k < p or (p * q) % k:
        return None
    half0 = (q + 1) // 2
    alpha, beta = [0] * (p * q), [0] * (p * q)
    for s in range(p * q):
        i, x = divmod(s, p)
        n, y = divmod(s, q)
        alpha[s] = (x + i) % p
        b = y if 2 * n < p else q - 1 - y
        # B player b has class b mod 2 (position_class: y mod 2 for odd q); the layout numbers class 0 first
        beta[s] = b // 2 if b % 2 == 0 else half0 + b // 2
    if (p * q // k) % 2 and not (
        unclash_b(p, q, k, alpha, beta, deadline) or mend_rounds(p, q, k, alpha, beta, deadline)
    ):
        return None
    built = cut_into_rounds(p, q, k, alpha, beta)
    return built if size_a == p else swap_teams(built)
