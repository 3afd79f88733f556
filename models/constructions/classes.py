"""From classes to a schedule: one team playing every round, its games split into perfect matchings.

Team B of k players plays every round; B players 1..x are class X (White in odd rounds), the others
class Y (White in even rounds).  A *classes* answer says, for every A player and round, whether the
player plays and, if so, whether it meets an X or a Y player (``Classes``: ``plays[a][r]`` and
``meets_x[a, r]``).  Where every A player meets each class as often as it has players (once each, or
once in each parity of round in a double round) and every round has x X-meetings, the X-meetings form
a regular bipartite graph between A players and rounds, which splits into perfect matchings (Koenig),
one for each X player; likewise for Y.  ``models/constructions/unequal/`` and
``models/constructions/double_full_side.py`` find the classes; this module turns them into the schedule.
"""

from __future__ import annotations

import networkx as nx

from scheveningen.models.domain.schedule import Schedule

Classes = tuple[list[list[bool]], dict[tuple[int, int], bool]]


def from_classes(p: int, k: int, found: Classes, x_size: int | None = None) -> Schedule:
    """The schedule of classes (module docstring): each class's games split into perfect matchings;
    B players 1..``x_size`` (by default floor(k/2)) are class X, White in odd rounds.

    With 2p rounds (a double round) each class's games in the odd rounds and those in the even rounds
    split separately, so an A player meets each B player of its class once in a round of each parity,
    with the same mode: once with each colour."""
    plays, meets_x = found
    rounds = len(plays[0])
    parities = (0, 1) if rounds == 2 * p else (None,)
    x_size = k // 2 if x_size is None else x_size
    opponent: dict[tuple[int, int], int] = {}
    for wanted, first, count in ((True, 0, x_size), (False, x_size, k - x_size)):
        for parity in parities:
            cells = [(a, r) for (a, r), value in meets_x.items() if value == wanted and parity in (None, r % 2)]
            for number, matching in enumerate(perfect_matchings(cells, count)):
                for a, r in matching:
                    opponent[a, r] = first + number
    pairings = []
    for r in range(rounds):
        row = []
        for a in range(p):
            if plays[a][r]:
                b = opponent[a, r]
                b_white = (b < x_size) == (r % 2 == 0)
                row.append((a + 1, b + 1, not b_white))
        pairings.append(row)
    return Schedule.from_pairings(pairings, team_a=p, team_b=k)


def perfect_matchings(cells: list[tuple[int, int]], degree: int) -> list[list[tuple[int, int]]]:
    """Split a ``degree``-regular bipartite graph (A player, round) into perfect matchings.

    A regular bipartite graph has a perfect matching (Hall) and removing it leaves a
    regular graph, so ``degree`` rounds of Hopcroft-Karp split it.
    """
    left = sorted(cells)
    players = sorted({a for a, _r in cells})
    out = []
    for _ in range(degree):
        matching = bipartite_matching(players, left)
        if len(matching) < len(players):
            raise RuntimeError("the class graph is not regular (bug)")
        out.append(sorted(matching.items()))
        chosen = set(matching.items())
        left = [cell for cell in left if cell not in chosen]
    return out


def bipartite_matching(players: list[int], cells: list[tuple[int, int]]) -> dict[int, int]:
    """A maximum matching of ``players`` to rounds over ``cells`` (player, round), by Hopcroft-Karp.

    Integer nodes (player a, round r as offset + r): their hashes, unlike strings', are the same in
    every process, so the matching, and the schedule built from it, are too.
    """
    offset = 1 + max([*players, *(a for a, _r in cells)], default=0)
    graph = nx.Graph()
    graph.add_nodes_from(players)
    graph.add_edges_from((a, offset + r) for a, r in cells)
    matching = nx.bipartite.hopcroft_karp_matching(graph, top_nodes=players)
    return {a: matching[a] - offset for a in players if a in matching}
