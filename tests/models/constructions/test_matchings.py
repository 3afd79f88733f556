"""The split of a regular bipartite graph into perfect matchings (models/constructions/matchings.py)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scheveningen.models.constructions.matchings import perfect_matching, split_into_matchings


def _regular_graph(size: int, degree: int, seed: int) -> list[list[int]]:
    """A degree-regular bipartite graph on size + size nodes: the union of disjoint permutations (a
    random Latin rectangle's rows, built by shifting a random permutation)."""
    rng = random.Random(seed)
    order = list(range(size))
    rng.shuffle(order)
    shifts = rng.sample(range(size), degree)
    return [sorted(order[(i + s) % size] for s in shifts) for i in range(size)]


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 40), st.data())
def test_the_split_uses_every_edge_once_in_perfect_matchings(size: int, data: st.DataObject) -> None:
    degree = data.draw(st.integers(1, size))
    graph = _regular_graph(size, degree, data.draw(st.integers(0, 10**6)))
    matchings = split_into_matchings(graph, degree)
    assert len(matchings) == degree
    for matching in matchings:
        assert sorted(matching) == list(range(size))  # every right node once: perfect
        assert all(r in graph[i] for i, r in enumerate(matching))  # only edges of the graph
    for i in range(size):
        assert sorted(m[i] for m in matchings) == graph[i]  # every edge exactly once


def test_a_matching_takes_an_augmenting_path_where_the_first_phase_blocks() -> None:
    # The first phase matches 0-0, and 1 has nothing left; the augmenting path 1-0-0-1 fixes it.
    assert perfect_matching([[0, 1], [0]]) == [1, 0]


def test_a_graph_without_a_perfect_matching_is_refused() -> None:
    with pytest.raises(ValueError, match="no perfect matching"):
        perfect_matching([[0], [0]])


def test_a_graph_that_is_not_regular_is_refused() -> None:
    with pytest.raises(ValueError, match="2-regular"):
        split_into_matchings([[0, 1], [1]], 2)


def test_the_split_is_the_same_on_every_call() -> None:
    graph = _regular_graph(30, 7, 1)
    assert split_into_matchings(graph, 7) == split_into_matchings([list(r) for r in graph], 7)


def _matching_with_full_layers(adjacency: list[list[int]]) -> list[int | None]:
    """Hopcroft and Karp's algorithm with every phase's layering run to the end (the textbook form,
    written here independently): the matching the quicker layering must reproduce exactly."""
    right_of: list[int | None] = [None] * len(adjacency)
    left_of: dict[int, int] = {}
    layer: dict[int | None, float] = {}
    inf = float("inf")

    def layered() -> bool:
        queue = [i for i in range(len(adjacency)) if right_of[i] is None]
        for i in range(len(adjacency)):
            layer[i] = 0 if right_of[i] is None else inf
        layer[None] = inf
        for i in queue:
            if layer[i] < layer[None]:
                for r in adjacency[i]:
                    mate = left_of.get(r)
                    if layer[mate] == inf:
                        layer[mate] = layer[i] + 1
                        if mate is not None:
                            queue.append(mate)
        return layer[None] != inf

    def augmented(i: int | None) -> bool:
        if i is None:
            return True
        for r in adjacency[i]:
            mate = left_of.get(r)
            if layer[mate] == layer[i] + 1 and augmented(mate):
                left_of[r], right_of[i] = i, r
                return True
        layer[i] = inf
        return False

    while layered():
        for i in range(len(adjacency)):
            if right_of[i] is None:
                augmented(i)
    return right_of


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 25), st.floats(0.05, 0.6), st.randoms(use_true_random=False))
def test_the_quicker_layering_finds_exactly_the_textbook_matching(
    size: int, density: float, rng: random.Random
) -> None:
    graph = [[r for r in range(size + rng.randint(0, 2)) if rng.random() < density] for _ in range(size)]
    for rights in graph:
        rng.shuffle(rights)
    expected = _matching_with_full_layers(graph)
    if None in expected:
        with pytest.raises(ValueError, match="no perfect matching"):
            perfect_matching(graph)
    else:
        assert perfect_matching(graph) == expected
