"""Team A's order inside its passes, by the cheaper routes: the rotation, and the pass-by-pass flow.

Each A player keeps its group (``layout``) pass by pass, between switches, so alternates; what is
left is which member of a group takes which of its positions in each A-pass, so that every player
holds ceil(q/2) positions of class 0 and none plays twice in a round (only possible where a round
holds a pass boundary).  Tried in this order by ``build``:

* :func:`rotation`: team A in the same order every pass where that balances the classes
  (consecutive positions are then p or p +- 1 apart, at least k when k < p), perhaps after a few
  exchanges of neighbours in single passes;
* :func:`class_zero_takers` then :func:`place_by_flow`: which members take the class-0 positions of
  each pass (greedy, or a max flow with switches), then each pass placed with a small flow for the
  players at its end, who must stay out of the next pass's part of their round.

Where both find nothing, the model over the players' states (``states``) chooses the class-0 takers
together with the cut, and proves when no order exists; with switching pairs the splices
(``models/constructions/splices.py``) come first.
"""

from __future__ import annotations

import networkx as nx

from scheveningen.models.constructions.positions.layout import class_zero_supply, position_class, position_group


def rotation(p: int, q: int, k: int, switches: list[tuple[int, int, int]] | None = None) -> list[int] | None:
    """Team A in the same order in every pass (p odd), or with neighbours (offsets 2i, 2i + 1)
    exchanged in every other pass (p even): consecutive positions of a player are p or p +- 1 apart,
    an odd distance, and at least k when k < p, so no round holds a player twice.  A switch (m, a0, a1)
    here exchanges the places of A players 2 a0 and 2 a0 + 1 (both players of one switch) for good after
    pass m: one break each, their positions p +- 1 apart, so an even distance.  Only when every A
    player then holds ceil(q/2) positions of class 0, perhaps after a few exchanges
    (:func:`_balance_rotation`); ``None`` otherwise, or when k = p does not align."""
    if k > p or (k == p and p % k):
        return None
    alpha = [0] * (p * q)
    for s in range(p * q):
        m, x = divmod(s, p)
        alpha[s] = x if p % 2 else x ^ (m & 1)
    busy: list[set[int]] = [set() for _ in range(p)]
    for m, a0, _a1 in switches or []:
        u, v = 2 * a0, 2 * a0 + 1
        if v >= p or k == p:
            return None
        for s in range((m + 1) * p, p * q):
            if alpha[s] in (u, v):
                alpha[s] = u + v - alpha[s]
        busy[u] |= {m, m + 1}
        busy[v] |= {m, m + 1}
    count = [0] * p
    for s in range(p * q):
        count[alpha[s]] += position_class(s, q) == 0
    need = (q + 1) // 2
    if k == p:
        return alpha if all(c == need for c in count) else None
    return alpha if _balance_rotation(p, q, k, alpha, count, busy) else None


def _balance_rotation(p: int, q: int, k: int, alpha: list[int], count: list[int], busy: list[set[int]]) -> bool:
    """Make every count of class-0 positions ceil(q/2) by exchanging, in single passes, two players of
    one group (positions of one parity) at most p - k apart, one with too many on a class-0 position and
    one with too few on a class-1 position.  A player then sits at most p - k places early or late in
    one pass and in its own place in the passes either side (it deviates in no two passes within two of
    each other, nor next to its switch), so its consecutive positions stay at least k apart, in
    different rounds; parities, so colours, are kept.  False (``alpha`` partly changed) when some count
    cannot be mended so."""
    need = (q + 1) // 2
    reach = p - k
    where = {(alpha[s], s // p): s for s in range(p * q)}
    for u in range(p):
        while count[u] > need:
            done = False
            for v in sorted(range(p), key=lambda v: (abs(v - u), v)):
                if abs(v - u) > reach + 2:
                    break
                if v == u or count[v] >= need:
                    continue
                for m in range(q):
                    if {m - 1, m, m + 1} & (busy[u] | busy[v]):
                        continue
                    su, sv = where[u, m], where[v, m]
                    if (
                        (su - sv) % 2
                        or abs(su - sv) > reach
                        or position_class(su, q) != 0
                        or position_class(sv, q) != 1
                    ):
                        continue
                    alpha[su], alpha[sv] = v, u
                    where[u, m], where[v, m] = sv, su
                    busy[u].add(m)
                    busy[v].add(m)
                    count[u] -= 1
                    count[v] += 1
                    done = True
                    break
                if done:
                    break
            if not done:
                return False
    return all(c == need for c in count)


def class_zero_takers(p: int, q: int, phase: list[list[int]]) -> list[list[bool]] | None:
    """``zero[a][m]``: A player a takes a class-0 position in A-pass m; each takes ceil(q/2) in all,
    and each pass's class-0 positions of a group go to that many of its members (``phase``: each
    player's group pass by pass, :func:`~scheveningen.models.constructions.positions.layout.group_phases`).
    Greedy (fewest so far first) when nobody switches, else a max flow; ``None`` when no choice gives
    every player ceil(q/2)."""
    need = (q + 1) // 2
    supply = class_zero_supply(p, q)
    if all(len(set(row)) == 1 for row in phase):
        zero = [[False] * q for _ in range(p)]
        count = [0] * p
        for m in range(q):
            for group in (0, 1):
                members = sorted((a for a in range(p) if phase[a][m] == group), key=lambda a: (count[a], a))
                for a in members[: supply[m][group]]:
                    zero[a][m] = True
                    count[a] += 1
        return zero if all(c == need for c in count) else None
    graph = nx.DiGraph()
    source, sink = -1, -2

    def node(m: int, group: int) -> int:
        return p + 2 * m + group

    for m in range(q):
        for group in (0, 1):
            if supply[m][group]:
                graph.add_edge(source, node(m, group), capacity=supply[m][group])
        for a in range(p):
            graph.add_edge(node(m, phase[a][m]), a, capacity=1)
    for a in range(p):
        graph.add_edge(a, sink, capacity=need)
    value, flow = nx.maximum_flow(graph, source, sink)
    if value != p * need:
        return None
    return [[flow[node(m, phase[a][m])].get(a, 0) == 1 for m in range(q)] for a in range(p)]


def place_by_flow(p: int, q: int, k: int, phase: list[list[int]], zero: list[list[bool]]) -> list[int] | None:
    """alpha(s): in each A-pass the members of each group take its positions, the class-0 takers the
    class-0 ones (a *place* is such a group and class).  A round can hold the end of one pass and the
    start of the next; the players at that end (the pass's *late* positions) must not take the next
    pass's positions in the round (its *early* ones).  Pass by pass, a small flow (:func:`_late_counts`)
    decides how many players of each place, barred or not, and with each place in the next pass, take
    the late positions, so that the barred players stay off the early positions and the next pass has
    room outside its early positions for this pass's late players.  ``None`` when that has no answer."""
    n = p * q

    def shared(lo: int) -> int:
        """Positions from ``lo`` (a pass start) to the end of the round holding it (none if aligned)."""
        return 0 if lo % k == 0 else min(k - lo % k, p)

    def place(s: int) -> tuple[int, int]:
        return position_group(s, p), position_class(s, q)

    def place_of(a: int, m: int) -> tuple[int, int]:
        return phase[a][m], 0 if zero[a][m] else 1

    places = [(0, 0), (0, 1), (1, 0), (1, 1)]
    alpha = [-1] * n
    barred: set[int] = set()  # players at the late positions of the previous pass
    for m in range(q):
        lo, hi = m * p, (m + 1) * p
        early_end = lo + shared(lo)
        late_start = hi - (k - shared(hi)) if m + 1 < q and shared(hi) else hi
        room = dict.fromkeys(places, 0)  # the next pass's positions outside its early ones, per place
        if late_start < hi:
            for s in range(hi + shared(hi), hi + p):
                room[place(s)] += 1
        spots = {pl: [s for s in range(lo, hi) if place(s) == pl] for pl in places}
        members = {pl: [a for a in range(p) if place_of(a, m) == pl] for pl in places}
        if any(len(spots[pl]) != len(members[pl]) for pl in places):
            return None
        late_of = {pl: [s for s in spots[pl] if s >= late_start] for pl in places}
        early_of = {pl: [s for s in spots[pl] if s < early_end] for pl in places}
        kinds: dict[tuple[tuple[int, int], tuple[int, int], bool], list[int]] = {}
        if late_start < hi:
            for pl in places:
                for a in members[pl]:
                    kinds.setdefault((pl, place_of(a, m + 1), a in barred), []).append(a)
        counts = _late_counts(
            {pl: len(late_of[pl]) for pl in places},
            {pl: sum(1 for a in members[pl] if a not in barred) - len(early_of[pl]) for pl in places},
            room,
            {key: len(players) for key, players in kinds.items()},
        )
        if counts is None:
            return None
        late_players: set[int] = set()
        for pl in places:
            late = [a for key, players in sorted(kinds.items()) if key[0] == pl for a in players[: counts.get(key, 0)]]
            rest = [a for a in members[pl] if a not in late]
            early = [a for a in rest if a not in barred][: len(early_of[pl])]
            if len(early) < len(early_of[pl]):
                return None
            middle = [a for a in rest if a not in early]
            order = iter(middle)
            late_iter, early_iter = iter(late), iter(early)
            for s in spots[pl]:
                if s >= late_start:
                    alpha[s] = next(late_iter)
                elif s < early_end:
                    alpha[s] = next(early_iter)
                else:
                    alpha[s] = next(order)
            late_players.update(late)
        barred = late_players
    return alpha


def _late_counts(
    late: dict[tuple[int, int], int],
    spare: dict[tuple[int, int], int],
    room: dict[tuple[int, int], int],
    kinds: dict[tuple[tuple[int, int], tuple[int, int], bool], int],
) -> dict[tuple[tuple[int, int], tuple[int, int], bool], int] | None:
    """How many players of each kind (place, next place, barred) take the late positions: ``late[pl]``
    of each place, at most ``room[next]`` with each next place, and at most ``spare[pl]`` unbarred ones
    of each place (the rest fill its early positions).  A max flow; ``None`` when it falls short."""
    if not any(late.values()):
        return {}
    if any(value < 0 for value in spare.values()):
        return None
    # Integer nodes (source 0, sink 1): their hashes, unlike strings', are the same in every process,
    # so the flow, and the schedule built from it, are too.
    places = sorted({*late, *room, *(key[0] for key in kinds), *(key[1] for key in kinds)})
    index = {pl: i for i, pl in enumerate(places)}
    size = len(places)

    def late_node(pl: tuple[int, int]) -> int:
        return 2 + index[pl]

    def unbarred_node(pl: tuple[int, int]) -> int:
        return 2 + size + index[pl]

    def next_node(pl: tuple[int, int]) -> int:
        return 2 + 2 * size + index[pl]

    def kind_node(pl: tuple[int, int], nxt: tuple[int, int], is_barred: bool) -> int:
        return 2 + 3 * size + 2 * (size * index[pl] + index[nxt]) + is_barred

    graph = nx.DiGraph()
    for pl, count in late.items():
        if count:
            graph.add_edge(0, late_node(pl), capacity=count)
            graph.add_edge(late_node(pl), unbarred_node(pl), capacity=spare[pl])
    for (pl, nxt, is_barred), count in kinds.items():
        if not late.get(pl):
            continue
        start = late_node(pl) if is_barred else unbarred_node(pl)
        graph.add_edge(start, kind_node(pl, nxt, is_barred), capacity=count)
        graph.add_edge(kind_node(pl, nxt, is_barred), next_node(nxt), capacity=count)
    for nxt, count in room.items():
        graph.add_edge(next_node(nxt), 1, capacity=count)
    if 0 not in graph or 1 not in graph:
        return None
    value, flow = nx.maximum_flow(graph, 0, 1)
    if value != sum(late.values()):
        return None
    return {
        (pl, nxt, is_barred): flow[late_node(pl) if is_barred else unbarred_node(pl)][kind_node(pl, nxt, is_barred)]
        for (pl, nxt, is_barred) in kinds
        if late.get(pl)
    }
