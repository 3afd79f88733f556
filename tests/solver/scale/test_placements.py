"""The images reproducing played rounds as one placement a part (solver/scale/placements.py), and the one
among them keeping the most requests."""

from __future__ import annotations

import itertools
import random

from scale_cases import played_then_requests

from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import Match
from scheveningen.solver.scale.placements import fit_played, parts
from scheveningen.solver.scale.start import Symmetry, bases, fit_prefix, played_grid, renumber, unkept


def renumbered(n: int, seed: int) -> tuple[Grid, Grid]:
    """The plain design for ``n`` boards and a random renumbering of it."""
    base = bases(Match(boards=n))[0][1]
    rng = random.Random(seed)
    a, b = list(range(n)), list(range(n))
    rng.shuffle(a)
    rng.shuffle(b)
    return base, Symmetry(tuple(a), tuple(b)).apply(base)


def test_the_placements_of_the_parts_are_every_image_reproducing_the_played_rounds() -> None:
    base, image = renumbered(20, 3)
    found = parts(base, image, 3)
    assert found is not None and len(found) > 1
    combined = set()
    for choice in itertools.product(*(part.placements for part in found)):
        a_map, b_map = [-1] * 20, [-1] * 20
        for part, (a_targets, b_targets) in zip(found, choice, strict=True):
            for i, a in zip(part.a_players, a_targets, strict=True):
                a_map[i] = a
            for j, b in zip(part.b_players, b_targets, strict=True):
                b_map[j] = b
        if sorted(a_map) == list(range(20)) and sorted(b_map) == list(range(20)):
            combined.add((tuple(a_map), tuple(b_map)))
    enumerated = {(tuple(a), tuple(b)) for a, b in fit_prefix(base, image, 3, budget=10**7)}
    assert combined == enumerated and len(combined) > 16  # more than find_start used to look at


def test_no_placement_where_the_played_rounds_are_no_rounds_of_the_design() -> None:
    base, image = renumbered(20, 4)
    moved = image.copy()
    moved.opp[1], moved.white[1] = list(moved.opp[0]), [not w for w in moved.white[0]]  # round 1 again
    assert parts(base, moved, 2) is None
    assert fit_played(base, moved, 2, Match(boards=20), 1.0, 0, 1, None) is None


def test_the_fitted_image_reproduces_the_played_rounds_and_keeps_every_request() -> None:
    # 36 boards, seed 2: 324 images of each variant reproduce the 12 played rounds; the first 16, all
    # that find_start looked at, kept 15 of the 18 requests at best.
    match, source = played_then_requests(36, 2)
    target = played_grid(match.played, 36)
    k = len(match.played)
    grid = Grid.from_schedule(source)
    for flags in itertools.product((False, True), repeat=3):
        base = Symmetry(tuple(range(36)), tuple(range(36)), *flags).apply(bases(match)[0][1])
        maps = fit_played(base, target, k, match, 5.0, 0, 1, None)
        if maps is not None and not unkept(match, renumber(base, *maps)):
            break
    else:
        raise AssertionError("no variant's image keeps the played rounds and the requests")
    image = renumber(base, *maps)
    assert image.opp[:k] == grid.opp[:k] and image.white[:k] == grid.white[:k]
