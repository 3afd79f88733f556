"""Pairs of A players and one group, team B playing every round and alternating
(:func:`grouped_schedule`): odd p against even k (p - k >= 3), and p = k = 2 mod 4.

The sit-outs come from the pass pattern (``passes.py``) or, where that gets stuck, from a small
sit-out model (:func:`_unit_pattern`); each pair's colours in closed form (``paired.py:
colours_with_count``) or by a small model, and the group's classes by the class model restricted to
the group (:func:`_row_classes`).
"""

from __future__ import annotations

import itertools
import math
import time

from ortools.sat.python import cp_model
from ortools.sat.python.cp_model_helper import Literal as BoolLit

from scheveningen.models.constructions.classes import Classes, from_classes
from scheveningen.models.constructions.unequal.helpers import (
    DEADLINE,
    GROUP_WORK_LIMIT,
    add_break_literals,
    model_solver,
    rotation_plays,
    sit_out_windows,
)
from scheveningen.models.constructions.unequal.paired import colours_with_count
from scheveningen.models.constructions.unequal.passes import PASS_GROUP_SIZES, pass_pattern
from scheveningen.models.domain.schedule import Schedule

#: Each group size's sit-out model in :func:`grouped_schedule` stops here, leaving time for the next.
PATTERN_WORK_LIMIT = 1.0
#: :func:`grouped_schedule` tries the pairs' and group's colours for at most this many of the pass
#: patterns found.
PASS_GROUP_TRIES = 3


def grouped_schedule(p: int, k: int) -> Schedule | None:
    """Odd p against even k (p - k >= 3), or p = k = 2 mod 4, team B playing every round: pairs of A
    players and one group; ``None`` when no group size tried gives a schedule within the work limits.

    As in :func:`paired_classes`, team B's players all alternate (half White in odd rounds, half in
    even ones), so every A player must play an even number of games in even rounds (the
    argument of :func:`even_pattern`), and two A players who sit out together and always meet
    opposite classes keep every round's count of games against X right.  With p odd not every A
    player can have a partner, and with p = k = 2 mod 4 the pairs alone cannot all have that
    parity: the (p - g)/2 pairs and a group of g players (g of p's parity) share the rounds.  The
    sit-outs come from :func:`pass_pattern` in closed form (every row's m = p - k sit-outs in turn,
    the parity for every row, and as many of the group sitting out each round as m mod 2, so that an
    even number of the group plays), or, if that gets stuck for every group size tried, from the
    sit-out model :func:`_unit_pattern`.  Each pair's colours are then chosen in closed form
    (:func:`colours_with_count`) or by a small model where its stretches are too short
    (:func:`_pairs_and_group`); the group's classes by the class model restricted to the group, each
    round's playing members half against X.  With odd p a round of the group needs at least one of
    it sitting out, so g >= p/m.
    """
    m = p - k
    if k % 2 or m < 2 or (p % 2 and m < 3):
        raise ValueError(f"grouped_schedule needs even k and p - k >= 3 (2 for even p), got {p} and {k}")
    # Odd p: at least one of the group sits out each round (an odd number), the smallest such groups
    # first.  Even p (p = k = 2 mod 4, where the pairs alone cannot have the parity): an even number
    # of the group sits out each round, so a group of two would sit out together like a pair.
    smallest = math.ceil(p / m) + (math.ceil(p / m) % 2 == 0) if p % 2 else 4
    # The pass pattern, in closed form, for the smallest group sizes it reaches (it needs room for a
    # member in every chunk of odd size, and more when most players sit out each round); the sit-out
    # model for about one, or about three, of the group sitting out a round, if those all fail.
    three = max(smallest + 2, round(3 * p / m) + (round(3 * p / m) % 2 == 0))
    closed = (
        rows for g in range(smallest, min(p - 1, smallest + 2 * PASS_GROUP_SIZES), 2) if (rows := pass_pattern(p, k, g))
    )
    searched = (
        rows
        for g in dict.fromkeys((smallest, three, smallest + 2, three + 2))
        if g < p and (rows := _unit_pattern(p, k, g))
    )
    for rows in itertools.chain(itertools.islice(closed, PASS_GROUP_TRIES), searched):
        deadline = DEADLINE.get()
        if deadline is not None and time.monotonic() >= deadline:
            return None
        found = _pairs_and_group(p, k, rows)
        if found is not None:
            return from_classes(p, k, found)
    return None


def _pairs_and_group(p: int, k: int, rows: list[list[bool]]) -> Classes | None:
    """The classes of :func:`grouped_schedule` over sit-outs ``rows`` (pairs first, then the group).

    A pair's first player takes the closed-form colours of :func:`colours_with_count` where they
    exist; where its stretches of consecutive rounds are too short for that (many sit-outs against
    few games), the pair's colours come from the class model with no condition on the rounds (a
    pair always meets one X and one Y player), each pair on its own."""
    g = 2 * len(rows) - p
    pairs = (p - g) // 2
    plays: list[list[bool]] = []
    meets_x: dict[tuple[int, int], bool] = {}
    hard: list[int] = []
    for unit in range(pairs):
        plays += [rows[unit], rows[unit]]
        mine = [r for r in range(p) if rows[unit][r]]
        colours = colours_with_count(mine, k // 2)
        if colours is None:
            hard.append(unit)
            continue
        for r, white in zip(mine, colours, strict=True):
            x = white == (r % 2 == 1)  # White against X exactly in odd rounds
            meets_x[2 * unit, r] = x
            meets_x[2 * unit + 1, r] = not x
    for unit in hard:
        solved = _row_classes(k, [rows[unit]], balanced=False)
        if solved is None:
            return None
        for (_row, r), x in solved.items():
            meets_x[2 * unit, r] = x
            meets_x[2 * unit + 1, r] = not x
    group = _row_classes(k, rows[pairs:], balanced=True)
    if group is None:
        return None
    for (member, r), x in group.items():
        meets_x[2 * pairs + member, r] = x
    return [*plays, *rows[pairs:]], meets_x


def _row_classes(k: int, plays: list[list[bool]], balanced: bool) -> dict[tuple[int, int], bool] | None:
    """The class model over the rows ``plays`` of :func:`grouped_schedule`: (row, round) -> meets X,
    each row k/2 games against X and k/2 Whites, rule 2, and when ``balanced`` (the group) each
    round's playing rows half against X.

    Without an objective the model answers in a fraction of its work limit even for groups of twenty
    and more members, where the model with one often finds nothing in it; so it is solved for any
    answer first, and that answer is the hint of the fewest-breaks solve, which keeps it if it finds
    nothing better."""
    model = cp_model.CpModel()
    mine = {a: [r for r, on in enumerate(row) if on] for a, row in enumerate(plays)}
    cls = {(a, r): model.new_bool_var(f"meets_x[G{a + 1},r{r + 1}]") for a in mine for r in mine[a]}
    for r in range(len(plays[0]) if balanced else 0):
        playing = [cls[a, r] for a in mine if plays[a][r]]
        model.add(2 * sum(playing) == len(playing))
    breaks: list[cp_model.IntVar] = []
    for a, rounds in mine.items():
        model.add(sum(cls[a, r] for r in rounds) == k // 2)
        # A has White exactly when it meets X in an odd round or Y in an even one (from 0).
        whites: list[BoolLit] = [cls[a, r] if r % 2 == 1 else ~cls[a, r] for r in rounds]
        model.add(sum(whites) == k // 2)
        breaks += add_break_literals(model, whites, f"G{a + 1}")
    found: dict[tuple[int, int], bool] | None = None
    for objective in (False, True):
        if objective:
            model.minimize(sum(breaks))
        solver = model_solver(len(cls))
        solver.parameters.max_deterministic_time = min(solver.parameters.max_deterministic_time, GROUP_WORK_LIMIT)
        status = solver.solve(model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break  # no answer at all, or none better than the one kept
        found = {key: solver.boolean_value(var) for key, var in cls.items()}
        for key, var in cls.items():
            model.add_hint(var, found[key])
    return found


def _unit_pattern(p: int, k: int, g: int) -> list[list[bool]] | None:
    """The sit-outs of :func:`grouped_schedule`: ``plays[row][round]`` for the (p - g)/2 pairs, then
    the g group members; ``None`` when the model finds none within its work limit."""
    m, pairs = p - k, (p - g) // 2
    rows = pairs + g
    even_rounds = (p + 1) // 2
    # Consecutive windows share at most one round, and a row sits out a round once, so the sit-outs
    # come in order.
    windows = sit_out_windows(p, m)
    model = cp_model.CpModel()
    # The hint: the rotation's sit-outs (in turn, but neither parity kept), a pair taking its first player's.
    rotation = rotation_plays(p, k, p)
    like = [2 * a if a < pairs else pairs + a for a in range(rows)]
    out: dict[tuple[int, int], list[cp_model.IntVar]] = {(a, r): [] for a in range(rows) for r in range(p)}
    for a in range(rows):
        in_even: list[cp_model.IntVar] = []
        for j, window in enumerate(windows):
            choice = [model.new_bool_var(f"sits_out[row{a + 1},#{j + 1},r{r + 1}]") for r in window]
            model.add_exactly_one(choice)
            for r, var in zip(window, choice, strict=True):
                out[a, r].append(var)
                model.add_hint(var, not rotation[like[a]][r])
                if r % 2 == 0:
                    in_even.append(var)
            for r in window:
                if len(out[a, r]) > 1:
                    model.add_at_most_one(out[a, r])
        # games in even rounds = even_rounds - sit-outs there: even
        half = model.new_int_var(0, p, f"half[row{a + 1}]")
        model.add(sum(in_even) == 2 * half + even_rounds % 2)
    for r in range(p):
        pair_out = [v for a in range(pairs) for v in out[a, r]]
        group_out = [v for a in range(pairs, rows) for v in out[a, r]]
        model.add(2 * sum(pair_out) + sum(group_out) == m)
        half = model.new_int_var(0, g, f"group_half[r{r + 1}]")
        model.add(sum(group_out) == 2 * half + m % 2)
    solver = model_solver(rows * p // 4)
    solver.parameters.max_deterministic_time = min(solver.parameters.max_deterministic_time, PATTERN_WORK_LIMIT)
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [[not any(solver.boolean_value(v) for v in out[a, r]) for r in range(p)] for a in range(rows)]
