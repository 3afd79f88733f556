"""One team playing every round, with no break at all: a model over sit-outs alone.

Team B of k players plays every round, team A of p > k players sits out in turn (p rounds).  A
schedule without a break exists exactly when the A players' sit-outs and a sign for each can be
chosen so that two counts come out right (docs/bounds_unequal.md, "When a schedule without any break
exists"):

* with no break every player alternates.  Team B's players fall into class X (White in rounds 1, 3,
  ...) and Y; let x = |X|.  An A player alternating game by game, with colour e * (-1)^j in its game
  j (from 0), plays that game in round j + s, s the rounds it has sat out before, and has the colour
  opposite to X's there exactly when e * (-1)^s = -1: it is then *in X-mode* and can meet X players
  only, otherwise Y players only.  Each sit-out toggles the mode;
* every A player must be in X-mode in exactly x of its k games (it meets each X player once), and
  every round must have exactly x A players in X-mode (each X player plays every round).

Given such sit-outs and signs, the X-mode games form an x-regular bipartite graph between A players and
rounds, which splits into x perfect matchings, one for each X player (Koenig), and likewise the others
for Y (``models/constructions/classes.py`` does this for the class model, whose classes these modes
are).  Rules 1-3 hold when x = floor(k/2): every player alternates, and team B, so team A, has
floor(k/2) or ceil(k/2) Whites in every round.

The model has a Boolean for each (A player, round): plays or sits out, in turn (after t rounds a player
has played floor(t*k/p) or ceil(t*k/p) games), k players a round; and one for the mode in each round,
chained through the parity of the sit-outs so far.  CP-SAT answers it in under a second up to about 15
against 10 and is proven infeasible as fast for some sizes (9 against 6), which then need a break;
past about 20 players a side it rarely finishes, and the constructions take over
(``benchmarks/results/unequal_minima/unequal_minima.md``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import Enum

from ortools.sat.python import cp_model

from scheveningen.models.cpsat.cpsolver import new_solver


class Outcome(Enum):
    """What the model found: a pattern, a proof that there is none, or neither within its work."""

    FOUND = "found"
    NONE = "none"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Modes:
    """The answer: ``plays[a][r]`` (A player a, from 0, plays round r) and ``x_mode[a, r]`` for the
    rounds it plays (True: it meets an X player there), for ``x`` X players.  ``outcome`` says whether
    there is one."""

    outcome: Outcome
    x: int
    plays: list[list[bool]]
    x_mode: dict[tuple[int, int], bool]


def zero_break_modes(
    p: int, k: int, work: float, deadline: float | None = None, x: int | None = None, double: bool = False
) -> Modes:
    """Sit-outs and modes for a schedule of ``p`` A players against ``k`` B players (who play every
    round) on ``k`` boards with no break, ``x`` of B's players in class X: by default floor(k/2),
    which keeps rules 1-3 (module docstring); other values keep only rules 0 and 2.  One CP-SAT worker,
    seed 0 and ``work`` seconds of deterministic time, so the same answer on every machine; the wall
    clock stops it at ``deadline`` (``time.monotonic()``) if that comes first.

    ``double``: a double round (2p rounds, each pair twice), where an A player is in X-mode in exactly
    x rounds of each parity: it meets each X player once in an odd round and once in an even one, in
    X-mode both times, so once with each colour (``models/constructions/double_full_side.py``)."""
    if not 1 <= k < p:
        raise ValueError(f"zero_break_modes needs more A players than boards, got {p} on {k}")
    x = k // 2 if x is None else x
    if not 0 <= x <= k:
        raise ValueError(f"class X has 0 to {k} players, got {x}")
    model = cp_model.CpModel()
    players, rounds = range(p), range(2 * p if double else p)
    plays = {(a, r): model.new_bool_var(f"plays[A{a + 1},r{r + 1}]") for a in players for r in rounds}
    sign = [model.new_bool_var(f"sign[A{a + 1}]") for a in players]
    x_mode: dict[tuple[int, int], cp_model.IntVar] = {}
    for a in players:
        for t in range(1, len(rounds) + 1):  # in turn: floor or ceil of t*k/p games after t rounds
            model.add_linear_constraint(sum(plays[a, r] for r in range(t)), t * k // p, -(-t * k // p))
        # Renumbering team A: the players of round 1 are A1..Ak.
        model.add(plays[a, 0] == (1 if a < k else 0))
        odd = None  # parity of the rounds sat out before round r (None: zero, before round 1)
        for r in rounds:
            if r > 0:
                flipped = model.new_bool_var(f"odd[A{a + 1},r{r + 1}]")
                if odd is None:  # odd after round 1 = sat out round 1
                    model.add(flipped == 1 - plays[a, 0])
                else:  # flipped = odd xor (sat out round r - 1)
                    model.add_bool_xor([flipped, odd, plays[a, r - 1]])
                odd = flipped
            mode = model.new_bool_var(f"x_mode[A{a + 1},r{r + 1}]")
            model.add_implication(mode, plays[a, r])
            if odd is None:  # mode <-> plays and sign
                model.add_implication(mode, sign[a])
                model.add_bool_or([~plays[a, r], mode, ~sign[a]])
            else:  # mode <-> plays and (sign xor odd)
                model.add_bool_or([~mode, sign[a], odd])
                model.add_bool_or([~mode, ~sign[a], ~odd])
                model.add_bool_or([~plays[a, r], mode, sign[a], ~odd])
                model.add_bool_or([~plays[a, r], mode, ~sign[a], odd])
            x_mode[a, r] = mode
        if double:
            for parity in (0, 1):
                model.add(sum(x_mode[a, r] for r in rounds[parity::2]) == x)
        else:
            model.add(sum(x_mode[a, r] for r in rounds) == x)
        if 2 * x == k and not double:
            # Implied: an alternating A player with x = k/2 X-mode games is White in its X-mode games
            # in even rounds (from 1) and its other games in odd rounds, as many of each kind in odd
            # rounds: an even number of games in odd rounds.
            half = model.new_int_var(0, k, f"half[A{a + 1}]")
            model.add(sum(plays[a, r] for r in range(0, p, 2)) == 2 * half)
    for r in rounds:
        model.add(sum(plays[a, r] for a in players) == k)
        model.add(sum(x_mode[a, r] for a in players) == x)
    if 2 * x == k:
        model.add(sign[0] == 1)  # reversing every colour keeps x = k/2 and flips every sign
    solver = one_worker_solver(work, deadline)
    status = solver.solve(model)
    if status == cp_model.INFEASIBLE:
        return Modes(Outcome.NONE, x, [], {})
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Modes(Outcome.UNKNOWN, x, [], {})
    grid = [[solver.boolean_value(plays[a, r]) for r in rounds] for a in players]
    modes = {(a, r): solver.boolean_value(x_mode[a, r]) for a in players for r in rounds if grid[a][r]}
    return Modes(Outcome.FOUND, x, grid, modes)


def one_worker_solver(work: float, deadline: float | None = None) -> cp_model.CpSolver:
    """A CP-SAT solver on one worker with seed 0 and ``work`` deterministic seconds, so that a model
    gets the same answer on every run; ``deadline`` (``time.monotonic()``), if given, caps it too."""
    solver = new_solver(workers=1, seed=0, work=work)
    if deadline is not None:
        solver.parameters.max_time_in_seconds = max(deadline - time.monotonic(), 0.01)
    return solver
