"""The rotation layout, where both teams sit out, and the colour-only model over fixed pairings.

The games are laid out in one sequence of p*q positions, k a round; position s seats A player s mod
p against B player (s + floor(s/L)) mod q, L = lcm(p, q) (:func:`rotation_pairs`).  By the Chinese
remainder theorem each block of L positions pairs A and B players whose difference is fixed mod
gcd(p, q), and the shift of one each block runs through every difference, so every pair meets
exactly once; a round's k positions hold k different players of each team (k < q, or the rounds
align with the blocks when k = q); and both teams sit out in turn because each walks round its
players cyclically (team B skipping one player a block, a different one each time).

The colours are chosen by a colour-only CP-SAT model over the fixed pairings (p*q Booleans), rules
1-3 hard, fewest breaks, started from the colouring that alternates along the positions
(:func:`rotation_schedule`; :func:`recolour` for any schedule's pairings), or with one team's players
alternating perfectly and a model over signs alone (:func:`rotation_alternating_schedule`).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ortools.sat.python import cp_model
from ortools.sat.python.cp_model_helper import Literal as BoolLit

from scheveningen.models.constructions.unequal.helpers import add_break_literals, model_solver, past_deadline
from scheveningen.models.domain.schedule import Schedule, Team
from scheveningen.models.domain.symmetry import swap_teams


def rotation_pairs(size_a: int, size_b: int, boards: int) -> list[list[tuple[int, int]]]:
    """The games (A player, B player), from 1, round by round, of the rotation layout.

    Position s (from 0) seats A player s mod p against B player (s + floor(s / L)) mod q,
    L = lcm(p, q); round r holds positions r*k .. r*k + k - 1 (module docstring).
    """
    p, q, k = size_a, size_b, boards
    block = math.lcm(p, q)
    rounds = p * q // k
    return [[(s % p + 1, (s + s // block) % q + 1) for s in range(r * k, (r + 1) * k)] for r in range(rounds)]


def rotation_schedule(size_a: int, size_b: int, boards: int) -> Schedule | None:
    """The rotation layout coloured by a colour-only CP-SAT model (module docstring)."""
    pairs = rotation_pairs(size_a, size_b, boards)
    return _coloured(pairs, size_a, size_b, lambda r, i: (r * boards + i) % 2 == 0)


def _coloured(
    pairs: list[list[tuple[int, int]]], size_a: int, size_b: int, hint: Callable[[int, int], bool]
) -> Schedule | None:
    """Colours for fixed pairings (game i of round r between ``pairs[r][i]``, players from 1) by a
    colour-only CP-SAT model: rules 1-3 hard, the fewest breaks, started from ``hint(r, i)`` (A has
    White); ``None`` when it finds none within its work, or the deadline has passed."""
    if past_deadline():
        return None
    boards = len(pairs[0])
    model = cp_model.CpModel()
    white = [[model.new_bool_var(f"a_white[r{r + 1},g{i + 1}]") for i in range(boards)] for r in range(len(pairs))]
    games_of: dict[tuple[Team, int], list[BoolLit]] = {}
    for r, games in enumerate(pairs):
        for i, (a, b) in enumerate(games):
            games_of.setdefault((Team.A, a), []).append(white[r][i])
            games_of.setdefault((Team.B, b), []).append(~white[r][i])
            model.add_hint(white[r][i], hint(r, i))
    breaks: list[cp_model.IntVar] = []
    for (team, number), whites in sorted(games_of.items()):
        count = len(whites)
        model.add_linear_constraint(sum(whites), count // 2, (count + 1) // 2)  # rule 1
        breaks += add_break_literals(model, whites, f"{team.value}{number}")
    for row in white:  # rule 3, each round and over the match
        model.add_linear_constraint(sum(row), boards // 2, (boards + 1) // 2)
    total = boards * len(pairs)
    model.add_linear_constraint(sum(w for row in white for w in row), total // 2, (total + 1) // 2)
    solver = _rules_then_fewest_breaks(model, breaks, size_a * size_b)
    if solver is None:
        return None
    pairings = [
        [(a, b, solver.boolean_value(white[r][i])) for i, (a, b) in enumerate(games)] for r, games in enumerate(pairs)
    ]
    return Schedule.from_pairings(pairings, team_a=size_a, team_b=size_b)


def _rules_then_fewest_breaks(
    model: cp_model.CpModel, breaks: list[cp_model.IntVar], size: int, fewest: bool = True
) -> cp_model.CpSolver | None:
    """Solve a colour model (its rules posted, no objective yet) for the fewest ``breaks``: the rules
    alone first, since with the objective the search can spend all its work without a first schedule
    where the rules alone take a fraction of a second (26 against 14 on 13 boards, 94 against 93 on
    62); then the fewest breaks from the model's own hints, as before (not from that schedule: started
    there, the search ends at more breaks in the same time, 69 against 68 on 51: 1,541 against 1,139),
    kept if it has fewer.  The solver holding the schedule, or ``None`` when the rules find none
    within the work; without ``fewest``, the rules' schedule alone."""
    solver = model_solver(size)
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    if not fewest:
        return solver
    first_breaks = sum(solver.boolean_value(brk) for brk in breaks)
    model.minimize(sum(breaks))
    better = model_solver(size)
    if better.solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE) and better.objective_value < first_breaks:
        return better
    return solver


def rotation_alternating_schedule(size_a: int, size_b: int, boards: int, fewest: bool = True) -> Schedule | None:
    """Both teams sitting out: the rotation layout with one team's players alternating perfectly.

    In the rotation layout (module docstring) A player a plays the positions a, a + p, a + 2p, ...
    Give position s the colour c(s) = beta(s mod p) xor (floor(s/p) mod 2) for A, beta a sign for each
    residue: every A player then alternates game by game, so rules 1 and 2 hold for team A and it
    never breaks, whatever beta is.  A small CP-SAT model over beta alone (p Booleans) keeps rule 3 in
    every round and over the match and rules 1 and 2 for team B, with team B's fewest breaks.  It is
    tried as it stands and with the teams' roles swapped (team B alternating); ``None`` when neither
    has an answer within its work.  Where the re-cut has none this often has (44 against 87 on 29
    boards: 43 breaks; 15 against 26 on 6: 72), though with many breaks at some sizes.  Without
    ``fewest`` the first schedule keeping the rules is taken (a few tenths of a second at 94 against 93
    on 62, where the fewest breaks take 8 s more).
    """
    for swapped in (False, True):
        p, q = (size_b, size_a) if swapped else (size_a, size_b)
        built = _alternating_rotation(p, q, boards, fewest)
        if built is not None:
            return swap_teams(built) if swapped else built
    return None


def _alternating_rotation(p: int, q: int, k: int, fewest: bool = True) -> Schedule | None:
    pairs = rotation_pairs(p, q, k)
    model = cp_model.CpModel()
    beta = [model.new_bool_var(f"beta[{i}]") for i in range(p)]

    def a_white(s: int) -> BoolLit:
        return ~beta[s % p] if (s // p) % 2 else beta[s % p]

    total = p * q
    for r in range(total // k):  # rule 3, each round and over the match
        model.add_linear_constraint(sum(a_white(s) for s in range(r * k, (r + 1) * k)), k // 2, (k + 1) // 2)
    model.add_linear_constraint(sum(a_white(s) for s in range(total)), total // 2, (total + 1) // 2)
    b_whites: dict[int, list[BoolLit]] = {}
    for s in range(total):
        b_whites.setdefault(pairs[s // k][s % k][1], []).append(~a_white(s))
    breaks: list[cp_model.IntVar] = []
    for b, whites in sorted(b_whites.items()):
        model.add_linear_constraint(sum(whites), len(whites) // 2, (len(whites) + 1) // 2)  # rule 1
        breaks += add_break_literals(model, whites, f"B{b}")
    solver = _rules_then_fewest_breaks(model, breaks, total, fewest)
    if solver is None:
        return None
    pairings = [
        [(a, b, solver.boolean_value(a_white(r * k + i))) for i, (a, b) in enumerate(games)]
        for r, games in enumerate(pairs)
    ]
    return Schedule.from_pairings(pairings, team_a=p, team_b=q)


def recolour(schedule: Schedule) -> Schedule | None:
    """The colour-only model (:func:`_coloured`) over ``schedule``'s pairings, started from its colours
    (which need not keep rule 3)."""
    if past_deadline():
        return None
    pairs = [[(game.a_player.number, game.b_player.number) for game in games] for games in schedule.rounds]
    colours = [[game.a_white for game in games] for games in schedule.rounds]
    return _coloured(pairs, schedule.team_a, schedule.team_b, lambda r, i: colours[r][i])
