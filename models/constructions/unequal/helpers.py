"""What the unequal-teams constructions share: the rotation's sit-outs, the construction's deadline,
the small models' solver and their break literals, and break counts.

Every small model runs on one worker with a deterministic work limit (:data:`WORK_LIMIT`), so a
construction is the same on every run and every machine; the wall limit (:data:`WALL_LIMIT`) and
the construction's deadline (:data:`DEADLINE`, set by ``dispatch.construct_unequal``) only cut a
search short, which then gives ``None`` rather than run over.
"""

from __future__ import annotations

import contextvars
import itertools
import time

from ortools.sat.python import cp_model
from ortools.sat.python.cp_model_helper import Literal as BoolLit

from scheveningen.models.cpsat.cpsolver import new_solver
from scheveningen.models.domain.schedule import Player, Schedule, count_breaks
from scheveningen.models.domain.symmetry import swap_teams

#: CP-SAT's deterministic time for the small models, per 500 cells (and once more): the same
#: result on every machine when it, not the clock, stops the search.
WORK_LIMIT = 0.5
#: A wall-clock safety net only; the work limit stops the search first.
WALL_LIMIT = 8.0
#: The group's class model in ``grouped.grouped_schedule`` stops here: its first answers come early.
#: (The class model of ``paired.solve_classes`` gives its second search at least this much.)
GROUP_WORK_LIMIT = 0.6


def rotation_plays(size: int, boards: int, rounds: int) -> list[list[bool]]:
    """``plays[player][round]`` (from 0): in round r the players r*k .. r*k+k-1 (mod size) play.

    After t rounds the rotation has dealt t*k games round the circle of players, so each
    player has played floor or ceil of t*k/size: sit-outs go in turn.
    """
    plays = [[False] * rounds for _ in range(size)]
    for r in range(rounds):
        for j in range(boards):
            plays[(r * boards + j) % size][r] = True
    return plays


#: The wall-clock deadline (time.monotonic) of the construction under way, if the caller set one.
DEADLINE: contextvars.ContextVar[float | None] = contextvars.ContextVar("unequal_deadline", default=None)


def past_deadline() -> bool:
    """Whether the construction under way has a deadline, and it has passed."""
    deadline = DEADLINE.get()
    return deadline is not None and time.monotonic() >= deadline


def model_solver(size: int = 0, grace: float = 0.0) -> cp_model.CpSolver:
    """One worker, seed 0, a work limit growing with the model's ``size`` (its cells), capped by the
    wall limit and by the construction's deadline, ``grace`` seconds after it."""
    solver = new_solver(workers=1, seed=0, work=WORK_LIMIT * (1 + size / 500))
    deadline = DEADLINE.get()
    left = WALL_LIMIT if deadline is None else min(WALL_LIMIT, deadline + grace - time.monotonic())
    solver.parameters.max_time_in_seconds = max(left, 0.01)
    return solver


def add_break_literals(model: cp_model.CpModel, whites: list[BoolLit], name: str) -> list[cp_model.IntVar]:
    """A literal per pair of consecutive games, true when both have the same colour; and rule 2:
    no two breaks in a row (no three games of one colour running)."""
    breaks = []
    for i, (x, y) in enumerate(itertools.pairwise(whites)):
        brk = model.new_bool_var(f"break[{name},g{i + 1}]")
        model.add_bool_or([x, y, brk])
        model.add_bool_or([~x, ~y, brk])
        model.add_bool_or([~brk, x, ~y])
        model.add_bool_or([~brk, ~x, y])
        breaks.append(brk)
    for first, second in itertools.pairwise(breaks):
        model.add_bool_or([~first, ~second])
    return breaks


def schedule_breaks(schedule: Schedule) -> int:
    """Breaks over the games each player plays (one pass over the games)."""
    colours: dict[Player, list[bool]] = {}
    for games in schedule.rounds:
        for game in games:
            colours.setdefault(game.a_player, []).append(game.a_white)
            colours.setdefault(game.b_player, []).append(not game.a_white)
    return sum(count_breaks(row) for row in colours.values())


def sit_out_windows(p: int, m: int) -> list[range]:
    """Sitting out m of p rounds in turn: after t rounds a player has sat out floor or ceil of t*m/p,
    so its j-th sit-out (from 1) falls in rounds floor((j-1)p/m) + 1 .. ceil(jp/m), counted from 1;
    the j-th range here, counted from 0."""
    return [range((j - 1) * p // m, -(-j * p // m)) for j in range(1, m + 1)]


def as_large_first(schedule: Schedule | None, swap: bool) -> Schedule | None:
    """A schedule built with the larger team as team A, in the caller's order: its teams swapped when
    ``swap``."""
    return swap_teams(schedule) if schedule is not None and swap else schedule
