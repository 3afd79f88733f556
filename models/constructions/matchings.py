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


def perfect_matching(adjacency: list[list[int]]) -> list[int]:
    """A maximum matching of the bipartite graph whose left node ``i`` is joined to the right nodes
    ``adjacency[i]``, as the right node matched to each left node; ``ValueError`` where it is not
    perfect (some left node unmatched)."""
    nonempty = [rights for rights in adjacency if rights]
    if nonempty and min(map(min, nonempty)) < 0:
        raise ValueError("right nodes are numbered from 0")
    size = len(adjacency)
    free = size  # the "left node" of an unmatched right node: its layer is the shortest augmenting length
    unset = -1
    right_of = [unset] * size
    left_of = [free] * (max(map(max, nonempty), default=0) + 1)
    # Layer of each left node in the current phase, and of ``free`` last; plain lists of integers
    # (``far`` for "not reached") keep a 100-board construction's 94 matchings quick.
    far = size + 2
    layer = [far] * (size + 1)

    def layered() -> bool:
        """Lay out the phase's layers; whether an augmenting path exists.

        The breadth-first search stops as soon as it reaches an unmatched right node, at layer ``L``:
        every left node of a layer below ``L`` is laid out by then, and a node of layer ``L`` or more
        can never lie on a shortest augmenting path, so the paths found are those of the full layering."""
        queue = []
        for i in range(size):
            if right_of[i] == unset:
                layer[i] = 0
                queue.append(i)
            else:
                layer[i] = far
        layer[free] = far
        for i in queue:  # the queue grows while it is read
            step = layer[i] + 1
            for r in adjacency[i]:
                mate = left_of[r]
                if layer[mate] == far:
                    layer[mate] = step
                    if mate == free:
                        return True
                    queue.append(mate)
        return False

    def augmented(i: int) -> bool:
        """Follow the layers from left node ``i`` to an unmatched right node, flipping the path."""
        if i == free:
            return True
        step = layer[i] + 1
        for r in adjacency[i]:
            mate = left_of[r]
            if layer[mate] == step and augmented(mate):
                left_of[r], right_of[i] = i, r
                return True
        layer[i] = far  # a dead end for the rest of the phase
        return False

    while layered():
        for i in range(size):
            if right_of[i] == unset:
                augmented(i)
    unmatched = [i for i, r in enumerate(right_of) if r == unset]
    if unmatched:
        raise ValueError(f"the graph has no perfect matching (left node {unmatched[0]} cannot be matched)")
    return right_of


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
