"""Even p against odd k, team B playing every round: pairs of A players, one group, and one B player
Z apart whose opponents keep rule 1 (:func:`odd_k_schedule`).

Team B's other k - 1 players alternate in classes X and Y (``paired.py``); the sit-outs come from the
pass pattern (``passes.py``) with the parities of :func:`_z_targets`, Z's opponents from a perfect
matching (:func:`_z_opponents`), and the classes from a small model (:func:`_z_model`).
"""

from __future__ import annotations

import math
import time

from ortools.sat.python import cp_model
from ortools.sat.python.cp_model_helper import Literal as BoolLit

from scheveningen.models.constructions.classes import bipartite_matching, from_classes
from scheveningen.models.constructions.unequal.helpers import DEADLINE, add_break_literals, model_solver
from scheveningen.models.constructions.unequal.passes import PASS_GROUP_SIZES, pass_pattern
from scheveningen.models.domain.schedule import Game, Player, Schedule, Team

#: Each of :func:`odd_k_schedule`'s class model searches (any answer, then fewer breaks) stops here.
Z_WORK_LIMIT = 1.0


def odd_k_schedule(p: int, k: int) -> Schedule | None:
    """Even p against odd k, team B playing every round: pairs, a group, and one B player Z apart;
    ``None`` when the class model finds nothing within its work limit.

    Team B's other k - 1 players alternate, half White in odd rounds (X) and half in even ones (Y),
    and Z alternates as X does.  The sit-outs come from :func:`pass_pattern` (pairs sitting out
    together, in turn; with odd k no parity is needed: an A player's k games give (k - 1)/2 or
    (k + 1)/2 Whites whatever the parity of its games in even rounds), and Z's opponents from a
    perfect matching of rounds and the A players playing them (every A player plays k rounds and
    every round has k players: Koenig).  Then a class model, each A game against X or Y, with
    (k - 1)/2 of each a round and a player: partners of a pair meet opposite classes in every
    round where both play X or Y players (one variable for the two), which leaves free only the
    group's games and, in the two rounds where Z meets one of a pair, the other's.  Any answer is
    searched first, then the fewest breaks (the designer's colour search improves on it).
    """
    m = p - k
    if p % 2 or k % 2 == 0 or m < 1 or k < 3:
        raise ValueError(f"odd_k_schedule needs even p, odd k >= 3 and p > k, got {p} and {k}")
    smallest = max(2, math.ceil(p / m) + (math.ceil(p / m) % 2))  # an odd number of the group out a round
    for g in range(smallest, min(p, smallest + 2 * PASS_GROUP_SIZES), 2):
        deadline = DEADLINE.get()
        if deadline is not None and time.monotonic() >= deadline:
            return None
        pairs = (p - g) // 2
        targets = _z_targets(p, k, g)
        rows = pass_pattern(p, k, g, targets=targets) if targets is not None else None
        if rows is None:
            continue
        plays = [rows[unit // 2] for unit in range(2 * pairs)] + rows[pairs:]
        schedule = _z_schedule(p, k, plays, pairs)
        if schedule is not None:
            return schedule
    return None


def _z_targets(p: int, k: int, g: int) -> tuple[list[int], list[int]] | None:
    """Sit-outs in even rounds mod 2 for each pair and each member of :func:`odd_k_schedule`, so
    that the matching of :func:`_z_opponents` exists; ``None`` if no split of parities works.

    Call G a row's games in even rounds (from 0).  Every pair meets Z once in an even round and once
    in an odd one, so (:func:`_z_opponents`) a pair with G even adds one on the side of even rounds,
    a pair with G odd one on the other side; the group's g/2 games against Z in even rounds then
    balance them only if (pairs with G even) - (pairs with G odd) = (members with G odd) - g/2.
    And the G of all players add up to k*p/2, so the members with G odd are as many as that mod 2.
    """
    pairs = (p - g) // 2
    options = sorted(range(g + 1), key=lambda n: (abs(2 * n - g), n))
    for odd_members in options:
        even_pairs, rest = divmod(pairs + odd_members - g // 2, 2)
        if (odd_members - k * p // 2) % 2 or rest or not 0 <= even_pairs <= pairs:
            continue
        # sit-outs in even rounds = p/2 - G
        pair_want = [(p // 2 - (0 if i < even_pairs else 1)) % 2 for i in range(pairs)]
        member_want = [(p // 2 - (1 if i < odd_members else 0)) % 2 for i in range(g)]
        return pair_want, member_want
    return None


def _z_schedule(p: int, k: int, plays: list[list[bool]], pairs: int) -> Schedule | None:
    """The matching and class model of :func:`odd_k_schedule` over ``plays`` (players 2i and 2i + 1
    a pair for i < ``pairs``)."""
    z_round = _z_opponents(p, plays, pairs)
    if z_round is None:
        return None
    found: dict[tuple[int, int], bool] | None = None
    # Any answer first, with rule 2 as clauses on each three games running and no break literals
    # (half the variables, and it comes fast or not at all for a group size: the next is tried);
    # then the fewest breaks from there, a short search that the designer's colour search continues.
    for objective in (False, True):
        model, cls, _breaks = _z_model(p, k, plays, pairs, z_round, objective)
        if found is not None:
            for key, lit in cls.items():
                if isinstance(lit, cp_model.IntVar):
                    model.add_hint(lit, found[key])
        solver = model_solver(len(cls))
        solver.parameters.max_deterministic_time = min(solver.parameters.max_deterministic_time, Z_WORK_LIMIT)
        if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        found = {key: solver.boolean_value(lit) for key, lit in cls.items()}
    if found is None:
        return None
    base_plays = [[plays[a][r] and z_round[a] != r for r in range(p)] for a in range(p)]
    base = from_classes(p, k - 1, (base_plays, found))
    new_rounds = []
    for r, games in enumerate(base.rounds):
        a = next(a for a in range(p) if z_round[a] == r)
        opponent, z = Player(Team.A, a + 1), Player(Team.B, k)
        extra = Game(opponent, z) if r % 2 == 1 else Game(z, opponent)  # Z has White in even rounds (from 0)
        new_rounds.append(tuple(sorted([*games, extra], key=lambda g: g.a_player.number)))
    return Schedule(k, tuple(new_rounds), p, k)


def _z_opponents(p: int, plays: list[list[bool]], pairs: int) -> dict[int, int] | None:
    """A player -> the round it meets Z in :func:`odd_k_schedule`: one a round, a round it plays.

    Rule 1 needs a balance here.  An A player's Whites are its games against X in odd rounds (from
    0), against Y in even ones, and against Z in odd ones, and it has (k - 1)/2 games against X and
    as many against Y; so with d = (games against Y) - (games against X) in even rounds, its Whites
    are (k - 1)/2 + d + [Z in an odd round], and rule 1 asks d + [Z odd] to be 0 or 1.  d has the
    parity of its X and Y games in even rounds, so it is 0 when those are even, and +1 or -1,
    whichever rule 1 leaves, when they are odd.  Every round has as many games against X as against
    Y, so the d sum to 0: as many players with an odd number of such games meet Z in an even round
    as in an odd one.

    The partners of a pair (players 2i and 2i + 1, i < ``pairs``) meet opposite classes wherever
    neither meets Z, so their d cancel there, and each has one free game, in the round the other
    meets Z, against opposite classes (each has (k - 1)/2 games against X).  Worked through, both
    meeting Z in odd rounds needs their common games in even rounds to be even, both in even rounds
    needs them odd, and one in each always works: the model asks for one in each.  A small model
    finds such a matching."""
    # The balance holds by itself once every pair is split (the parities from _z_targets make the
    # group's share come out right), so first a plain matching in which each pair's first player meets
    # Z in an even round and the second in an odd one, or the other way round.
    even_games = [sum(plays[a][r] for r in range(0, p, 2)) for a in range(p)]
    for first_even in (0, 1):
        # the round parity each pair's player needs (first_even: the first of a pair in an even round)
        cells = [
            (a, r)
            for a in range(p)
            for r in range(p)
            if plays[a][r] and (a >= 2 * pairs or (r % 2 == 1) == (a % 2 != first_even))
        ]
        z_round = bipartite_matching(list(range(p)), cells)
        if len(z_round) == p and sum(_z_side(even_games[a], r) for a, r in z_round.items()) == 0:  # a guard
            return z_round
    model = cp_model.CpModel()
    z = {(a, r): model.new_bool_var(f"meets_z[A{a + 1},r{r + 1}]") for a in range(p) for r in range(p) if plays[a][r]}
    for r in range(p):
        model.add_exactly_one(v for (_a, rr), v in z.items() if rr == r)
    for a in range(p):
        model.add_exactly_one(v for (aa, _r), v in z.items() if aa == a)
    plus = [v for (a, r), v in z.items() if _z_side(even_games[a], r) == 1]
    minus = [v for (a, r), v in z.items() if _z_side(even_games[a], r) == -1]
    model.add(sum(plus) == sum(minus))
    for first in range(0, 2 * pairs, 2):
        model.add_exactly_one(v for (a, r), v in z.items() if a in (first, first + 1) and r % 2 == 0)
    solver = model_solver(len(z))
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return {a: r for (a, r), v in z.items() if solver.boolean_value(v)}


def _z_model(
    p: int, k: int, plays: list[list[bool]], pairs: int, z_round: dict[int, int], objective: bool
) -> tuple[cp_model.CpModel, dict[tuple[int, int], BoolLit], list[cp_model.IntVar]]:
    """The class model of :func:`odd_k_schedule`: (model, (A player, round) -> meets X, break
    literals), fewest breaks when ``objective``, else rule 2 as clauses alone."""
    x_size = (k - 1) // 2
    model = cp_model.CpModel()
    cls: dict[tuple[int, int], BoolLit] = {}
    for a in range(p):
        for r in range(p):
            if not plays[a][r] or z_round[a] == r:
                continue
            mate = a ^ 1 if a < 2 * pairs else None
            if mate is not None and a % 2 == 1 and z_round[mate] != r:
                cls[a, r] = ~cls[mate, r]  # partners meet opposite classes
            else:
                cls[a, r] = model.new_bool_var(f"meets_x[A{a + 1},r{r + 1}]")
    for r in range(p):
        model.add(sum(cls[a, r] for a in range(p) if (a, r) in cls) == x_size)
    breaks: list[cp_model.IntVar] = []
    for a in range(p):
        mine = [r for r in range(p) if plays[a][r]]
        model.add(sum(cls[a, r] for r in mine if (a, r) in cls) == x_size)
        # A has White against X (and against Z, who alternates as X does) in odd rounds (from 0),
        # against Y in even ones.
        whites: list[BoolLit] = []
        for r in mine:
            if (a, r) not in cls:
                whites.append(model.new_constant(r % 2))
            else:
                whites.append(cls[a, r] if r % 2 == 1 else ~cls[a, r])
        model.add_linear_constraint(sum(whites), k // 2, (k + 1) // 2)  # rule 1
        if objective:
            breaks += add_break_literals(model, whites, f"A{a + 1}")
        else:
            for x, y, w in zip(whites, whites[1:], whites[2:], strict=False):  # rule 2
                model.add_bool_or([x, y, w])
                model.add_bool_or([~x, ~y, ~w])
    if objective:
        model.minimize(sum(breaks))
    return model, cls, breaks


def _z_side(even_games: int, z_round: int) -> int:
    """A player's share of the balance of :func:`_z_opponents`: +1 or -1 when its X and Y games in
    even rounds are odd in number (Z in an even round leaves ``even_games`` - 1 of them, in an odd
    one ``even_games``), by Z's round, else 0."""
    if z_round % 2 == 0:
        return 1 if even_games % 2 == 0 else 0
    return -1 if even_games % 2 == 1 else 0
