"""A regular bipartite graph split into perfect matchings, without a graph library.

A ``d``-regular bipartite graph always has a perfect matching (Hall's condition holds), and taking
one away leaves a ``(d - 1)``-regular graph, so ``d`` perfect matchings in turn use up every edge
(Koenig's edge-colouring theorem).  Each is found by augmenting paths (Kuhn's algorithm) after a
greedy first pass, in index order throughout, so the split is the same in every process.  The
constructions call this for graphs of up to about a hundred nodes a side; a plain design that needs it
(``models/constructions/equal.py``, n = 2 mod 4) then loads no graph library.
"""

from __future__ import annotations


def perfect_matching(adjacency: list[list[int]]) -> list[int]:
    """A perfect matching of the bipartite graph whose left node ``i`` is joined to the right nodes
    ``adjacency[i]``: the right node matched to each left node.  ``ValueError`` where there is none."""
    left_of: dict[int, int] = {}
    right_of: list[int | None] = [None] * len(adjacency)
    for i, rights in enumerate(adjacency):  # greedy first pass
        for r in rights:
            if r not in left_of:
                left_of[r], right_of[i] = i, r
                break
    for i in range(len(adjacency)):
        if right_of[i] is not None:
            continue
        # Depth-first search for an augmenting path from i: alternately an edge out of the matching
        # (to a right node not yet seen) and the matching edge back from that right node.
        seen: set[int] = set()
        reached_from: dict[int, int] = {}
        stack = [(i, iter(adjacency[i]))]
        free_right: int | None = None
        while stack and free_right is None:
            left, rights = stack[-1]
            for r in rights:
                if r in seen:
                    continue
                seen.add(r)
                reached_from[r] = left
                if r not in left_of:
                    free_right = r
                else:
                    stack.append((left_of[r], iter(adjacency[left_of[r]])))
                break
            else:
                stack.pop()
        if free_right is None:
            raise ValueError(f"the graph has no perfect matching (left node {i} cannot be matched)")
        r = free_right
        while True:  # flip the path: every right node on it takes the left node it was reached from
            left = reached_from[r]
            previous = right_of[left]
            left_of[r], right_of[left] = left, r
            if left == i:
                break
            if previous is None:
                raise ValueError("an augmenting path passed an unmatched left node")  # cannot happen
            r = previous
    return [r for r in right_of if r is not None]


def split_into_matchings(adjacency: list[list[int]], degree: int) -> list[list[int]]:
    """Split a ``degree``-regular bipartite graph (left node ``i`` joined to ``adjacency[i]``) into
    ``degree`` perfect matchings: ``matchings[k][i]`` is the right node matched to ``i`` in the k-th.
    ``ValueError`` where the graph is not ``degree``-regular on the left."""
    if any(len(rights) != degree or len(set(rights)) != degree for rights in adjacency):
        raise ValueError(f"not a {degree}-regular bipartite graph")
    remaining = [sorted(rights) for rights in adjacency]
    matchings = []
    for _ in range(degree):
        matching = perfect_matching(remaining)
        for i, r in enumerate(matching):
            remaining[i].remove(r)
        matchings.append(matching)
    return matchings
