"""Team B dealt to team A's order: Koenig's split of each class, and the deal pass by pass.

:func:`koenig_deal`: for class c the graph between A players and B-passes, an edge per class-c
position, is regular (degree the class's size), so its edges split into perfect matchings, one per B
player of the class (by alternating paths here): each B player plays once per B-pass and meets every
A player once.  It knows nothing of the rounds; the repeats it leaves are undone in ``rounds``.

:func:`deal_in_order`: where those exchanges leave repeats, team B dealt again B-pass by B-pass, each
player near its last offset and never twice in a round (a linear assignment a pass), a few passes
together by CP-SAT where one pass finds no deal (:func:`deal_window`), and the last ones together.
"""

from __future__ import annotations

from ortools.graph.python import linear_sum_assignment
from ortools.sat.python import cp_model

from scheveningen.models.constructions.positions.layout import deadline_passed, position_class
from scheveningen.models.constructions.sitouts import one_worker_solver

#: How far back :func:`_deal_class` re-deals where a pass finds no deal, in turn (0: from the pass
#: itself) ...
DEAL_BACKS = (0, 4, 8, 16, 32)
#: ... how many passes on from the stuck pass it re-deals ...
DEAL_AHEAD = 2
#: ... the last passes it deals in one model ...
DEAL_TAIL = 16
#: ... CP-SAT's deterministic time for each such model ...
DEAL_WORK = 10.0
#: ... and the largest model (passes times the class's size squared).
DEAL_CELLS = 100_000
#: The weight, in offsets, of a position in a round shared with the next pass, for a B player that is
#: one of the few left to meet an A player of the next pass's part of that round (shared out among
#: them), with teams one apart: the deal then seldom finds that part with nobody left to take it (90
#: against 91 on 78: 22 passes dealt again by CP-SAT, where it was 56; 8 s against 23 s).  Other
#: sizes deal without it: 84 against 88 on 77 took 9 s with it, 1.6 s without.
DEAL_LOOKAHEAD = 18


def koenig_deal(p: int, q: int, alpha: list[int]) -> list[int] | None:
    """beta(s): for each class c, colour the edges (A player, B-pass) of its positions so that no two
    edges at a vertex share a colour (Koenig's alternating paths); colour i of class c is B player
    c * ceil(q/2) + i.  ``None`` if the graph is not regular (a bug upstream)."""
    sizes = ((q + 1) // 2, q // 2)
    beta = [-1] * (p * q)
    for cls in (0, 1):
        colours = sizes[cls]
        at_a = [[-1] * colours for _ in range(p)]  # colour -> position, at each A player
        at_b = [[-1] * colours for _ in range(p)]  # colour -> position, at each B-pass
        colour_of: dict[int, int] = {}
        for s in range(p * q):
            if position_class(s, q) != cls:
                continue
            u, v = alpha[s], s // q
            if -1 not in at_a[u] or -1 not in at_b[v]:
                return None
            x = at_a[u].index(-1)
            y = at_b[v].index(-1)
            if at_b[v][x] != -1:
                # swap x and y along the path from v: v -x- A -y- B -x- ... (it never reaches u, which
                # lacks x), after which x is free at v too
                path = []
                node, at_b_side, want = v, True, x
                while True:
                    edge = (at_b if at_b_side else at_a)[node][want]
                    if edge == -1:
                        break
                    path.append(edge)
                    node = alpha[edge] if at_b_side else edge // q
                    at_b_side = not at_b_side
                    want = y if want == x else x
                for edge in path:
                    old = colour_of[edge]
                    at_a[alpha[edge]][old] = -1
                    at_b[edge // q][old] = -1
                for edge in path:
                    new = y if colour_of[edge] == x else x
                    colour_of[edge] = new
                    at_a[alpha[edge]][new] = edge
                    at_b[edge // q][new] = edge
            colour_of[s] = x
            at_a[u][x] = s
            at_b[v][x] = s
        for s, colour in colour_of.items():
            beta[s] = cls * sizes[0] + colour
    return beta


def deal_in_order(p: int, q: int, k: int, alpha: list[int], deadline: float | None = None) -> list[int] | None:
    """beta(s) dealt B-pass by B-pass so that no round repeats a B player, or ``None``.

    For each class c, the class-c positions of B-pass n go to the class's B players (one each, so
    every player keeps its class, alternates and sits out in turn), a player only to a position whose
    A player it has not met and which is in another round than its position in pass n - 1 (the only
    earlier position that can share a round with it, since k <= q).  After the p passes every B player
    has met every A player once.  :func:`_deal_class` deals one class.

    ``build.finish`` asks for it when ``rounds.unclash_b`` leaves repeats: 84 against 88 on 77 boards and
    88 against 64 on 44, where Koenig's deal keeps hundreds of repeats that no exchange undoes, and
    teams one apart (49 against 50 on 35, 87 against 88 on 66)."""
    sizes = ((q + 1) // 2, q // 2)
    beta = [-1] * (p * q)
    for cls in (0, 1):
        spots = [[s for s in range(n * q, (n + 1) * q) if position_class(s, q) == cls] for n in range(p)]
        dealt = _deal_class(q, k, alpha, spots, deadline, DEAL_LOOKAHEAD if abs(p - q) == 1 else 0)
        if dealt is None:
            return None
        for deal in dealt:
            for player, s in enumerate(deal):
                beta[s] = cls * sizes[0] + player
    return beta


def _deal_class(
    q: int, k: int, alpha: list[int], spots: list[list[int]], deadline: float | None, lookahead: float = 0
) -> list[list[int]] | None:
    """One class's deal for :func:`deal_in_order`: ``deal[player]``, its position, for each pass.

    Pass by pass a linear assignment (:func:`_deal_pass`).  Where a pass finds none, the passes from
    :data:`DEAL_BACKS` back to :data:`DEAL_AHEAD` on are dealt again together by CP-SAT
    (:func:`deal_window`), further back each time that finds nothing; the last :data:`DEAL_TAIL`
    passes are dealt together from the start, where every A player left must be met.  ``None`` when
    a window finds nothing even from the furthest back, when a window would exceed
    :data:`DEAL_CELLS`, or at the deadline.  ``lookahead``: :data:`DEAL_LOOKAHEAD` or 0."""
    passes, size = len(spots), len(spots[0])
    dealt: list[list[int]] = []
    met: list[set[int]] = [set() for _ in range(size)]
    while len(dealt) < passes:
        if deadline_passed(deadline):
            return None
        n = len(dealt)
        if passes - n > DEAL_TAIL:
            deal = _deal_pass(q, k, alpha, spots[n], spots[n + 1], met, dealt[-1] if dealt else None, lookahead)
            if deal is not None:
                dealt.append(deal)
                for player, s in enumerate(deal):
                    met[player].add(alpha[s])
                continue
        for back in DEAL_BACKS:
            lo = max(0, n - back)
            hi = passes if passes - n <= DEAL_TAIL else min(passes, n + DEAL_AHEAD)
            if (hi - lo) * size * size > DEAL_CELLS:
                return None
            hint = dealt[lo:] + _deal_loosely(q, k, alpha, spots[n:hi], met, dealt[-1] if dealt else None)
            window = deal_window(k, alpha, spots, dealt[:lo], hi, hint, deadline)
            if window is not None:
                break
            if lo == 0:
                return None
        else:
            return None
        dealt = dealt[:lo] + window
        met = [{alpha[deal[player]] for deal in dealt} for player in range(size)]
    return dealt


def _deal_pass(
    q: int,
    k: int,
    alpha: list[int],
    here: list[int],
    after: list[int],
    met: list[set[int]],
    last: list[int] | None,
    lookahead: float = 0,
) -> list[int] | None:
    """One pass of :func:`_deal_class`: ``deal[player]``, its position in ``here``, or ``None``.  A
    linear assignment (OR-Tools), each player to a position whose A player it has not met (``met``),
    outside the round of its ``last`` position, its offset in the pass changing as little as
    possible (the nearer the rotation, in which nobody repeats, the fewer players are left with no
    position later).  A position in a round that goes on into the next pass (``after``) is taken only
    by a player that has a position there outside that round, with an A player it will not have met,
    and costs it ``lookahead`` offsets times its share of the A players there it could meet."""
    size = len(here)
    deal = linear_sum_assignment.SimpleLinearSumAssignment()
    shared = {s // k for s in after}
    # A player in this pass's part of the shared round cannot take the next pass's part of it.  For
    # each A player there, the fewer B players left to meet it, the dearer that round for each of them.
    dear = [0.0] * size
    if lookahead:
        joined = shared & {s // k for s in here}
        for t in after:
            if t // k in joined:
                left = [player for player in range(size) if alpha[t] not in met[player]]
                for player in left:
                    dear[player] += lookahead * q / len(left)
    for player in range(size):
        arcs = 0
        for j, s in enumerate(here):
            a = alpha[s]
            if a in met[player] or (last is not None and last[player] // k == s // k):
                continue
            if s // k in shared and not any(
                t // k != s // k and alpha[t] != a and alpha[t] not in met[player] for t in after
            ):
                continue
            cost = 0 if last is None else abs(s - last[player] - q)
            deal.add_arc_with_cost(player, j, cost + (round(dear[player]) if s // k in shared else 0))
            arcs += 1
        if not arcs:  # (the solver would also count one node fewer and answer for the rest)
            return None
    if deal.num_nodes() != size or deal.solve() != deal.OPTIMAL:
        return None
    return [here[deal.right_mate(player)] for player in range(size)]


def _deal_loosely(
    q: int, k: int, alpha: list[int], spots: list[list[int]], met: list[set[int]], last: list[int] | None
) -> list[list[int]]:
    """A hint for :func:`deal_window`: ``spots``' passes dealt on from ``last`` as :func:`_deal_pass`
    deals them, but with a player meeting an A player again or playing twice in a round only dear,
    not forbidden, so that every pass gets a deal.  Started from it, the model finds a deal sooner
    (64 against 63 on 56: 7 s against 9 s in all its windows)."""
    met = [set(seen) for seen in met]
    dealt: list[list[int]] = []
    for here in spots:
        deal = linear_sum_assignment.SimpleLinearSumAssignment()
        for player in range(len(here)):
            for j, s in enumerate(here):
                cost = 0 if last is None else abs(s - last[player] - q) + 300 * (last[player] // k == s // k)
                deal.add_arc_with_cost(player, j, cost + 1000 * (alpha[s] in met[player]))
        deal.solve()  # complete with every arc: always optimal
        last = [here[deal.right_mate(player)] for player in range(len(here))]
        dealt.append(last)
        for player, s in enumerate(last):
            met[player].add(alpha[s])
    return dealt


def deal_window(
    k: int,
    alpha: list[int],
    spots: list[list[int]],
    kept: list[list[int]],
    hi: int,
    hint: list[list[int]],
    deadline: float | None,
) -> list[list[int]] | None:
    """Passes ``len(kept)`` .. ``hi`` - 1 dealt together by CP-SAT: a Boolean per player and position of
    its class whose A player it did not meet in ``kept``, each position one player and each player one
    position a pass, each A player met at most once (exactly once when the window runs to the last
    pass), no player twice in a round; started from ``hint`` (the passes dealt there before).  One
    worker, :data:`DEAL_WORK` deterministic seconds; ``None`` when it finds nothing or at the deadline
    (checked while building too)."""
    size = len(spots[0])
    final = hi == len(spots)
    met = [{alpha[deal[player]] for deal in kept} for player in range(size)]
    model = cp_model.CpModel()
    take: dict[tuple[int, int], cp_model.IntVar] = {}
    by_met: dict[tuple[int, int], list[cp_model.IntVar]] = {}
    by_round: dict[tuple[int, int], list[cp_model.IntVar]] = {}
    for n in range(len(kept), hi):
        if deadline_passed(deadline):
            return None
        for player in range(size):
            lits = []
            for s in spots[n]:
                if alpha[s] in met[player] or (n == len(kept) and kept and kept[-1][player] // k == s // k):
                    continue
                x = take[player, s] = model.new_bool_var(f"take[{player},{s}]")
                lits.append(x)
                by_met.setdefault((player, alpha[s]), []).append(x)
                by_round.setdefault((player, s // k), []).append(x)
            if not lits:
                return None
            model.add_exactly_one(lits)
        for s in spots[n]:
            model.add_exactly_one(take[player, s] for player in range(size) if (player, s) in take)
    for lits in by_met.values():
        if final:
            model.add_exactly_one(lits)
        elif len(lits) > 1:
            model.add_at_most_one(lits)
    for lits in by_round.values():
        if len(lits) > 1:
            model.add_at_most_one(lits)
    for deal in hint:
        for player, s in enumerate(deal):
            if (player, s) in take:
                model.add_hint(take[player, s], True)
    solver = one_worker_solver(DEAL_WORK, deadline)
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [
        [
            next(s for s in spots[n] if (player, s) in take and solver.boolean_value(take[player, s]))
            for player in range(size)
        ]
        for n in range(len(kept), hi)
    ]
