"""One order of the teams and one set of switches to a schedule: team A's orders tried in turn, team B
dealt to each, the repeats in a round undone.

:func:`switched_layout` tries team A's orders for the switches given (``team_a``'s rotation and flow,
then the state model of ``states``, which raises :class:`NoPlacement` where it proves that none
exists); :func:`finish` deals team B to one order (``team_b``) and undoes the repeats (``rounds``):
the cheap exchanges first, then a local search or team B dealt again in order, then the game
exchanges again.
"""

from __future__ import annotations

import time
from fractions import Fraction

from scheveningen.models.constructions.positions.layout import deadline_part, deadline_passed, group_phases
from scheveningen.models.constructions.positions.rounds import (
    cut_into_rounds,
    mend_model,
    mend_rounds,
    search_b,
    unclash_b,
)
from scheveningen.models.constructions.positions.states import bands, place_by_states
from scheveningen.models.constructions.positions.team_a import class_zero_takers, place_by_flow, rotation
from scheveningen.models.constructions.positions.team_b import deal_in_order, koenig_deal
from scheveningen.models.domain.schedule import Schedule

#: The share of the time left that :func:`finish` gives :func:`search_b` before team B is dealt again in
#: order, where the rounds are at most three quarters of the smaller team (on 24 seeded sizes of 60 to
#: 100 a side, 0.55 to 0.76 of it: all 24 laid out against 22, 22.5 s in all
#: against 60.8 s: benchmarks/results/unequal_coverage/unequal_search_first_layout.md).
SEARCH_FIRST_SHARE = 0.25
#: ... the rounds' size, as a share of the smaller team, up to which it does (with larger rounds it
#: stalled at hundreds of repeats, where the deal in order answers: 90 against 91 on 78, 84 against
#: 88 on 77).
SEARCH_FIRST_ROUNDS = Fraction(3, 4)
#: CP-SAT's deterministic time for :func:`mend_model`'s first try, before team B is dealt again in order,
#: made up to this many games (p*q): beyond, building the model alone takes about a second (88 against 64
#: on 44: 1.2 s, failing).
MEND_FIRST_WORK = 0.3
MEND_FIRST_GAMES = 4000


class NoPlacement(Exception):
    """No placement of team A's players keeps them alternating and out of repeats, for the groups
    given: proven by ``states.place_by_states``'s model, so nothing else need be tried for them."""


def switched_layout(
    p: int, q: int, k: int, switches: list[tuple[int, int, int]], deadline: float | None = None, states: bool = False
) -> Schedule | None:
    """The schedule of p against q on k boards for these ``switches`` (m, a0, a1: A players a0 of
    group 0 and a1 of group 1 exchange groups after pass m, two breaks): team A's order (the rotation
    where it fits, else placed pass by pass after the class-0 flow), team B dealt by the colouring, the
    repeats in a round mended; ``None`` when the flow has no answer or a repeat stays.  ``states``: only
    the state model's order, the others having been tried for these switches already.  Raises
    :class:`NoPlacement` when the state model proves that team A has no placement for them."""
    orders: list[list[int]] = []
    if not states and (rotated := rotation(p, q, k, switches)) is not None:
        orders.append(rotated)
    phase = group_phases(p, q, switches)
    zero = class_zero_takers(p, q, phase)
    if zero is not None:
        placed = None if states else place_by_flow(p, q, k, phase, zero)
        # With switches the state model takes seconds (66 against 54: 8 s) and the cheaper orders often
        # answer first: ``search.oriented_layout`` asks for it (``states``) only when they have not.
        for band in bands(p, q, k) if not switches or states else ():
            if placed is not None or deadline_passed(deadline):
                break
            placed, proven = place_by_states(p, q, k, phase, deadline, band)
            if proven and band is None and not orders:
                raise NoPlacement
        if placed is not None:
            orders.append(placed)
    for alpha in orders:
        if (built := finish(p, q, k, alpha, deadline)) is not None:
            return built
    return None


def finish(p: int, q: int, k: int, alpha: list[int], deadline: float | None) -> Schedule | None:
    """Team B dealt to team A's order ``alpha`` and every round's repeats undone, or ``None``."""
    beta = koenig_deal(p, q, alpha)
    if beta is None:
        return None
    # The cycle exchanges, then the game exchanges, both cheap (64 against 19 on 16: 0.3 s in all, where
    # the deal in order takes 3 s); then team B dealt again in order (which leaves no repeat) ...
    mended = unclash_b(p, q, k, alpha, beta, deadline) or mend_rounds(p, q, k, alpha, beta, deadline)
    if not (mended or (p * q <= MEND_FIRST_GAMES and mend_model(p, q, k, alpha, beta, deadline, MEND_FIRST_WORK))):
        # With rounds of at most three quarters of the smaller team, the local search over the cycle
        # exchanges clears the repeats in about a second where the deal in order takes seconds or
        # misses the time (91 against 92 on 52: 0.7 s against nothing in 9 s); with larger rounds it
        # stalls at hundreds of repeats and the deal in order goes first.
        if k <= SEARCH_FIRST_ROUNDS * min(p, q):
            searched = list(beta)
            search_b(p, q, k, alpha, searched, deadline_part(deadline, SEARCH_FIRST_SHARE))
            if mend_rounds(p, q, k, alpha, searched, deadline):
                return cut_into_rounds(p, q, k, alpha, searched)
        in_order = deal_in_order(p, q, k, alpha, deadline)
        beta = beta if in_order is None else in_order
    if not (mend_rounds(p, q, k, alpha, beta, deadline) or mend_model(p, q, k, alpha, beta, deadline)):
        # ... or a longer search for its repeats (half the time left), then the game exchanges again
        half = None if deadline is None else time.monotonic() + (deadline - time.monotonic()) / 2
        search_b(p, q, k, alpha, beta, half)
        if not (mend_rounds(p, q, k, alpha, beta, deadline) or mend_model(p, q, k, alpha, beta, deadline)):
            return None
    return cut_into_rounds(p, q, k, alpha, beta)
