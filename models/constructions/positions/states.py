"""Team A's order by a model over the players' states: the class-0 takers chosen together with the
cut into rounds, where the cheaper orders (``team_a``) find nothing, and a proof where no order exists.

:func:`place_by_states` is the model (CP-SAT over how many players of each kind and state take each
stretch of a pass); :func:`bands` gives the corridors around each kind's pace (:func:`paces`) it is
tried in, narrowest first, the last without one, where its ``proven`` is exact.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

from ortools.sat.python import cp_model

from scheveningen.models.constructions.positions.layout import class_zero_supply, position_class, position_group
from scheveningen.models.constructions.sitouts import one_worker_solver

#: CP-SAT's deterministic time for :func:`place_by_states`.
CLASS_WORK = 5.0
#: How many corridors :func:`bands` tries one apart, and the steps between the wider ones after them.
BAND_STEPS = (1, 1, 1, 1, 2, 4, 8)


def place_by_states(
    p: int, q: int, k: int, phase: list[list[int]], deadline: float | None, band: int | None = None
) -> tuple[list[int] | None, bool]:
    """alpha(s) where the greedy class-0 choice leaves ``team_a.place_by_flow`` no answer: the class-0 takers
    and the cut into rounds chosen together.  Cut pass m into *segments*, the stretches inside one round
    and one B-pass: in a segment every position of one group has the same class (group + B-pass - m,
    mod 2).  A player's *state* before a pass is its class-0 positions so far and whether it sat in the
    last round of the previous pass when that round also holds this pass's start (then it must not take
    this pass's segments in that round).  Players with the same groups in every pass are alike, so only
    how many of each state take each segment matters: a small integer model (CP-SAT, one worker,
    :data:`CLASS_WORK`) whose unknowns are those numbers, every segment's positions of each group
    filled, every player ending with ceil(q/2) class-0 positions.  The players are then dealt to the
    segments state by state.  A ``band`` keeps every count within that far of its kind's pace
    (:func:`paces`), which keeps the model small.  ``(None, proven)`` when the model finds nothing,
    ``proven`` when it shows that nothing exists (an exact statement without a ``band``)."""
    need = (q + 1) // 2
    kinds: dict[tuple[int, ...], list[int]] = {}
    for a in range(p):
        kinds.setdefault(tuple(phase[a]), []).append(a)
    segments, first_round = _segments(p, q, k)
    pace_of = paces(p, q, phase, kinds)

    model = cp_model.CpModel()
    # take[kind, m, c, barred, i]: players of that kind and state taking segment i of pass m
    take: dict[tuple[tuple[int, ...], int, int, bool, int], cp_model.IntVar] = {}
    into: dict[tuple[tuple[int, ...], int, int, bool], list[cp_model.IntVar]] = {}
    filling: dict[tuple[int, int, int], list[cp_model.IntVar]] = {}  # (m, segment, group) -> takers
    for kind, members in kinds.items():
        for m in range(q):
            for c in _corridor(m, q, need, band, pace_of[kind][m]):
                for barred in (False, True):
                    if m == 0 and (c or barred):
                        continue
                    arriving = into.get((kind, m, c, barred), [])
                    if m and not arriving:
                        continue
                    here = []
                    for i, (r, lo, _hi) in enumerate(segments[m]):
                        if barred and r == first_round[m]:
                            continue
                        cls = (kind[m] + lo // q - m) % 2
                        c_next = c + (cls == 0)
                        if c_next not in _corridor(m + 1, q, need, band, pace_of[kind][m + 1]):
                            continue
                        var = model.new_int_var(0, len(members), "")
                        take[kind, m, c, barred, i] = var
                        filling.setdefault((m, i, kind[m]), []).append(var)
                        here.append(var)
                        late = m + 1 < q and r == first_round[m + 1]
                        into.setdefault((kind, m + 1, c_next, late), []).append(var)
                    if m == 0:
                        model.add(sum(here) == len(members))
                    else:
                        model.add(sum(here) == sum(arriving))
    for m in range(q):
        for i, (_r, lo, hi) in enumerate(segments[m]):
            for group in (0, 1):
                size = sum(1 for s in range(lo, hi) if position_group(s, p) == group)
                model.add(sum(filling.get((m, i, group), [])) == size)
    solver = one_worker_solver(CLASS_WORK, deadline)
    # The search here branches almost without a conflict and spends its time in the linear relaxation,
    # which by default takes its constraints in lazily, re-solving as it goes: given them all at once it
    # needs a third to a half of the time (78 against 66, a switching pair: 2.3 s against 5.8 s; 90
    # against 78: 3.0 s against 8.3 s), and the same answers.
    solver.parameters.add_lp_constraints_lazily = False
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None, status == cp_model.INFEASIBLE
    alpha = [-1] * (p * q)
    state = {a: (0, False) for a in range(p)}
    for m in range(q):
        dealt: list[list[list[int]]] = [[[], []] for _ in segments[m]]  # players per segment and group
        for kind, members in kinds.items():
            for (c, barred), group_of_state in _by_state(members, state).items():
                queue = iter(group_of_state)
                for i in range(len(segments[m])):
                    taking = take.get((kind, m, c, barred, i))
                    for _ in range(solver.value(taking) if taking is not None else 0):
                        dealt[i][kind[m]].append(next(queue))
        for i, (r, lo, hi) in enumerate(segments[m]):
            late = m + 1 < q and r == first_round[m + 1]
            for group in (0, 1):
                spots = [s for s in range(lo, hi) if position_group(s, p) == group]
                for s, a in zip(spots, dealt[i][group], strict=True):
                    alpha[s] = a
                    c, _ = state[a]
                    state[a] = (c + (position_class(s, q) == 0), late)
    return alpha, False


def _segments(p: int, q: int, k: int) -> tuple[list[list[tuple[int, int, int]]], list[int]]:
    """Each pass cut into *segments*, (round, first position, end) of its stretches inside one round
    and one B-pass; and the round each pass shares with the previous one (-1 where none)."""
    segments: list[list[tuple[int, int, int]]] = []
    for m in range(q):
        cuts = sorted({m * p, (m + 1) * p} | {t for t in range(m * p + 1, (m + 1) * p) if t % k == 0 or t % q == 0})
        segments.append([(lo // k, lo, hi) for lo, hi in itertools.pairwise(cuts)])
    return segments, [m * p // k if (m * p) % k else -1 for m in range(q)]


def paces(
    p: int, q: int, phase: list[list[int]], kinds: dict[tuple[int, ...], list[int]]
) -> dict[tuple[int, ...], list[Fraction]]:
    """For each kind of player (its groups pass by pass), the class-0 positions a member takes before
    each pass m = 0..q if every pass shares its group's class-0 positions evenly among the group's
    members: the pace a member keeps where the supply allows it.  The supply is not even over the
    match: with teams one apart (49 against 50 on 35) nearly all of group 0's positions are class 0
    in the first passes and few in the last, so the class-0 counts climb fast and then stall."""
    supply = class_zero_supply(p, q)
    need = (q + 1) // 2
    members = [[sum(1 for a in range(p) if phase[a][m] == group) for group in (0, 1)] for m in range(q)]
    out: dict[tuple[int, ...], list[Fraction]] = {}
    for kind in kinds:
        pace = [Fraction(0)]
        for m in range(q):
            pace.append(pace[-1] + Fraction(supply[m][kind[m]], members[m][kind[m]]))
        # Where players switch, a group's supply is not ceil(q/2) a member (the surplus the switches
        # move); scaled to end there, as every member must (66 against 54: the model fits within 4
        # of it in 2.5 s, where unscaled only 6 fits, in 4 s after 2.6 s proving 4 empty).
        out[kind] = [x * need / pace[-1] for x in pace] if pace[-1] else pace
    return out


def _corridor(m: int, q: int, need: int, band: int | None, pace: Fraction) -> range:
    """The class-0 counts a player may have before pass m: those from which ``need`` is still reachable,
    and, given a ``band``, at most that far from its kind's ``pace`` (:func:`paces`)."""
    low, high = max(0, need - (q - m)), min(m, need)
    if band is not None:
        low, high = max(low, math.floor(pace) - band), min(high, math.ceil(pace) + band)
    return range(low, high + 1)


def bands(p: int, q: int, k: int) -> list[int | None]:
    """The corridors :func:`place_by_states` tries in turn, narrowest first, then ``None`` (every
    count: exact).  A corridor too narrow is proven so in a tenth of a second or two, and the narrowest
    that fits solves fastest (86 against 70: 1.1 s within 2 of the pace, 3.2 s within 4), so the first
    few are one apart.  Where team B plays every round (q = k < p), each pass starts p - k positions
    further into its round, and for about k / (p - k) passes a player that took the pass's part in the
    next round must take it again, of the same class: the counts drift from the pace by about
    k / (2(p - k)) each way, the band a schedule needs (97 against 94: 16; 97 against 90: 6; 86
    against 70 with a switching pair: 2), so the corridors start a little below that."""
    start = max(1, k // (2 * (p - k)) - 2) if q == k < p else 1
    out: list[int | None] = []
    for step in BAND_STEPS:
        out.append(start)
        start += step
    return [*out, None]


def _by_state(members: list[int], state: dict[int, tuple[int, bool]]) -> dict[tuple[int, bool], list[int]]:
    out: dict[tuple[int, bool], list[int]] = {}
    for a in members:
        out.setdefault(state[a], []).append(a)
    return out
