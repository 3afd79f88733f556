"""A regular bipartite graph split into perfect matchings, without a graph library.

A ``d``-regular bipartite graph always has a perfect matching (Hall's condition holds), and taking
one away leaves a ``(d - 1)``-regular graph, so ``d`` perfect matchings in turn use up every edge
(Koenig's edge-colouring theorem).  Each is found by Hopcroft and Karp's algorithm (phases of a
breadth-first layering from the unmatched left nodes, then vertex-disjoint shortest augmenting paths
by depth-first search), visiting left nodes in index order and each node's neighbours in the order
given, so the split is the same in every process.  The constructions call this for graphs of up to
about a hundred nodes a side; a plain design that needs it (``models/constructions/equal.py``,
n = 2 mod 4) then loads no graph library.
"""

from __future__ import annotations

import math


def perfect_matching(adjacency: list[list[int]]) -> list[int]:
    """A maximum matching of the bipartite graph whose left node ``i`` is joined to the right nodes
    ``adjacency[i]``, as the right node matched to each left node; ``ValueError`` where it is not
    perfect (some left node unmatched)."""
    size = len(adjacency)
    right_of: list[int | None] = [None] * size
    left_of: dict[int, int] = {}
    # Layer of each left node in the current phase; the key None stands for "an unmatched right
    # node", whose layer is the length of the shortest augmenting paths.
    layer: dict[int | None, float] = {}

    def layered() -> bool:
        """Lay out the phase's layers; whether an augmenting path exists."""
        queue = []
        for i in range(size):
            layer[i] = 0 if right_of[i] is None else math.inf
            if right_of[i] is None:
                queue.append(i)
        layer[None] = math.inf
        for i in queue:  # the queue grows while it is read
            if layer[i] < layer[None]:
                for r in adjacency[i]:
                    mate = left_of.get(r)
                    if layer[mate] == math.inf:
                        layer[mate] = layer[i] + 1
                        if mate is not None:
                            queue.append(mate)
        return layer[None] != math.inf

    def augmented(i: int | None) -> bool:
        """Follow the layers from left node ``i`` to an unmatched right node, flipping the path."""
        if i is None:
            return True
        for r in adjacency[i]:
            mate = left_of.get(r)
            if layer[mate] == layer[i] + 1 and augmented(mate):
                left_of[r], right_of[i] = i, r
                return True
        layer[i] = math.inf  # a dead end for the rest of the phase
        return False

    while layered():
        for i in range(size):
            if right_of[i] is None:
                augmented(i)
    unmatched = [i for i, r in enumerate(right_of) if r is None]
    if unmatched:
        raise ValueError(f"the graph has no perfect matching (left node {unmatched[0]} cannot be matched)")
    return [r for r in right_of if r is not None]


def split_into_matchings(adjacency: list[list[int]], degree: int) -> list[list[int]]:
    """Split a ``degree``-regular bipartite graph (left node ``i`` joined to ``adjacency[i]``) into
    ``degree`` perfect matchings: ``matchings[k][i]`` is the right node matched to ``i`` in the k-th.
    ``ValueError`` where the graph is not ``degree``-regular on the left."""
    if any(len(rights) != degree or len(set(rights)) != degree for rights in adjacency):
        raise ValueError(f"not a {degree}-regular bipartite graph")
    remaining = [list(rights) for rights in adjacency]
    matchings = []
    for _ in range(degree):
        matching = perfect_matching(remaining)
        for i, r in enumerate(matching):
            remaining[i].remove(r)
        matchings.append(matching)
    return matchings
