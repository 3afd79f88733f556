"""Direct constructions for teams of unequal size: p against q players on k boards.

A match of teams of p (team A) and q (team B) players on k boards, k <= min(p, q) and
k dividing p*q, plays p*q/k rounds; players sit out in turn (after every round the
numbers of rounds teammates have sat out differ by at most one), and colours, runs and
breaks count the games a player actually plays (docs/guide.md, "Unequal teams").  The
full CP-SAT model has p*q*(p*q/k) meeting variables and stops finding anything past a
couple of dozen players; the constructions here work at every size up to 100 a side.

**One team plays every round** (q = k < p, or p = k < q with the teams swapped,
:func:`full_side_schedule`), built *phases first* as the equal-team constructions are:

* team B's k players all alternate perfectly, never break: the first floor(k/2) ("X")
  have White in odd rounds, the others ("Y") in even rounds, so team B, and so team A,
  has floor(k/2) or ceil(k/2) Whites in every round, and over the match the teams'
  Whites differ by at most one (rule 3);
* team A sits out in turn by a rotation: in round r (from 0) the A players r*k .. r*k+k-1
  (mod p) play, so after every round each has played floor or ceil of its share;
* every game of an A player gets a *class*, X or Y, the class of its opponent; A's
  colour in that game is then fixed (opposite to the opponent's), and a small CP-SAT
  model over these classes alone (p*k Booleans) chooses them so that each round has
  exactly |X| games against X and each A player exactly |X| games against X, keeping
  rules 1 and 2 for team A and with the fewest breaks;
* the games against X then form an |X|-regular bipartite graph between A players and
  rounds, which splits into |X| perfect matchings (Koenig); matching i is B player i's
  games, so it meets every A player once, one a round.  Likewise for Y.  So every pair
  meets exactly once (rule 0), and all breaks are team A's.

**Odd p against even k** has no class schedule when p = k + 1, and the class model rarely finishes
at scale otherwise (docs/bounds_unequal.md).  There :func:`extended_schedule` takes the nearest base
below with a closed form (the paired classes, or the equal design on k boards) and adds one A
player and one round at a time (:func:`with_extra_a`): the new player takes over one game in each
round it plays, and the players it displaces meet their opponents again in the new round, with the
same colours.  This covers p = k + 1 at every size and small p - k; it is valid but has many breaks
(about 4k for k + 1 against k), which the designer's colour search then lowers.

**Odd p against even k, and p = k = 2 mod 4** also come as pairs and one group
(:func:`grouped_schedule`), with the sit-outs in closed form (:func:`_pass_pattern`); **even p against
odd k** as pairs and a group against k - 1 of team B, with one B player apart whose opponents keep
rule 1 (:func:`odd_k_schedule`).  **Odd k with g = gcd(p, k) = 1**: B player j on board j all match, the
boards' classes alternating (:func:`odd_odd_schedule`, no break at all for odd p) or split with one
edge of the board cycle unsatisfied (:func:`even_odd_schedule`, at most one break per A player for
even p).  **Odd k with g > 1** (for odd p the rotation's sit-outs then leave the class model no
answer) as g blocks of rounds, each pairing the g groups of A with the g groups of B in copies of the
small match p/g against k/g (:func:`blocks_schedule`).

**With no break at all** (:func:`one_team_full`, tried before the families above): the paired
classes where they apply; for teams of up to :data:`ZERO_BREAK_PLAYERS` players where no bound rules
it out, the sit-out model of ``models/constructions/sitouts.py``, whose answer, sit-outs and modes, is exactly a
class schedule in which team A never breaks (:func:`zero_break_schedule`); and for even k the blocks
of copies of a smaller match p/g against k/g for a common factor g, whose copies come from here too.

**Both teams sit out**: first the match of the same teams on as many boards as the smaller team has
players, re-cut into rounds of k games (:func:`both_sit_out_schedule`, ``models/constructions/recut.py``: every
player keeps its colours in order, so the breaks are that match's); where that has no answer, the
rotation layout (:func:`rotation_schedule`): the games are laid out in one
sequence of p*q positions, k a round; position s seats A player s mod p against B player
(s + floor(s/L)) mod q, L = lcm(p, q).  By the Chinese remainder theorem each block of L
positions pairs A and B players whose difference is fixed mod gcd(p, q), and the shift
of one each block runs through every difference, so every pair meets exactly once; a
round's k positions hold k different players of each team (k < q, or the rounds align
with the blocks when k = q); and both teams sit out in turn because each walks round
its players cyclically (team B skipping one player a block, a different one each time).
The colours are chosen by a colour-only CP-SAT model over the fixed pairings (p*q
Booleans), rules 1-3 hard, fewest breaks, started from the colouring that alternates
along the positions.

Both models run on one worker with a deterministic work limit, so a construction is
the same on every run and every machine; when no colouring keeping rules 1-3 is found
within it, there is no construction (``None``) and the designer searches as before.
A double round where one team plays every round comes from ``models/constructions/double_full_side.py`` where it
can have no break (one reserve always; most other sizes by rotation); otherwise, and where both teams
sit out, a double round is the single round followed by its mirror (:func:`mirrored_double`).
"""

from __future__ import annotations

import bisect
import contextvars
import functools
import itertools
import math
import operator
import time
from collections.abc import Callable
from dataclasses import dataclass

import networkx as nx
from ortools.sat.python import cp_model
from ortools.sat.python.cp_model_helper import Literal as BoolLit

from scheveningen.models.bounds.proven import (
    one_full_break_free,
    record_no_break_free,
    unequal_break_bound,
)
from scheveningen.models.constructions.classes import Classes, bipartite_matching, from_classes
from scheveningen.models.constructions.double_full_side import (
    SIGN_WORK,
    RunsOfOne,
    alternating_signs,
    class_ladder,
    direct_double,
    modelled_double,
    rotation_sit_outs,
)
from scheveningen.models.constructions.equal import construct, mirrored_double
from scheveningen.models.constructions.positions import alternating_schedule, one_apart_closed, zero_possible
from scheveningen.models.constructions.recut import recut
from scheveningen.models.constructions.reserve import reserve_schedule, reserves_schedule
from scheveningen.models.constructions.sitouts import Modes, Outcome, zero_break_modes
from scheveningen.models.cpsat.cpsolver import new_solver
from scheveningen.models.domain.schedule import Game, Player, Schedule, Team
from scheveningen.models.domain.symmetry import reverse_colours, reverse_rounds, swap_teams

#: CP-SAT's deterministic time for the small models, per 500 cells (and once more): the same
#: result on every machine when it, not the clock, stops the search.
WORK_LIMIT = 0.5
#: The class model's first search, for the fewest breaks from the alternators' hint, stops here.
CLASS_FIRST_WORK = 1.5
#: The group's class model in :func:`grouped_schedule` stops here: its first answers come early.
GROUP_WORK_LIMIT = 0.6
#: Each group size's sit-out model in :func:`grouped_schedule` stops here, leaving time for the next.
PATTERN_WORK_LIMIT = 1.0
#: :func:`grouped_schedule` tries the pass pattern for this many odd group sizes from the smallest ...
PASS_GROUP_SIZES = 12
#: ... and the pairs' and group's colours for at most this many of the patterns found.
PASS_GROUP_TRIES = 3
#: Above this many cells (p*k), :func:`full_side_schedule` tries the closed forms before the class model.
CLASS_MODEL_CELLS = 500
#: Each of :func:`odd_k_schedule`'s class model searches (any answer, then fewer breaks) stops here.
Z_WORK_LIMIT = 1.0
#: Above this many cells (p*k), even p against odd k with a common factor takes the blocks alone.
BLOCKS_ALONE_CELLS = 3000
#: The alternating layout (models/constructions/positions.py), tried first, has this share of the time left ...
ALTERNATING_SHARE = 0.3
#: ... and this share up to this many games (p*q), where the other layouts need less than the rest;
#: beyond, they need more (90 against 91 on 78: over 5 s).  (Where team B is dealt, :func:`layout_dealt`,
#: the layout has all the time at any size.)
SMALL_ALTERNATING_SHARE = 0.45
SMALL_GAMES = 4000
#: ... and where one team plays every round and the layout can have no break, tried first ...
FULL_SIDE_ALTERNATING_SHARE = 0.6
#: ... or with one switching pair (two breaks) where it cannot: the state model placing team A takes 4
#: to 6 s from about 60 players, and the team's own constructions, in the time left, give tens to
#: hundreds of breaks (90 against 66: 160, 90 against 78: 196, 98 against 86: 41; each 2 with this
#: share in a first trial, where 0.6 missed it).
FULL_SIDE_SWITCH_SHARE = 0.8
#: ... and where both teams sit out and team B must be dealt (:func:`layout_dealt`), after the rotation
#: layout's quick schedule: all of it, since the others seldom do better than that schedule in what a
#: quarter would leave them (64 against 63 on 56: 1,323 breaks either way; 91 against 76 on 52: 2,335),
#: and the layouts at about 4 s (76 against 75 on 60, 78 against 77 on 66) missed three quarters of it
#: in some runs.  The others still run where the layout gives up early.
DEALT_SHARE = 1.0
#: A wall-clock safety net only; the work limit stops the search first.
WALL_LIMIT = 8.0
#: Seconds past the construction's deadline until which :func:`with_extra_a` still tries its first
#: assignment model (so at most that much over, however many players it adds): it
#: takes 2 to 3.5 s at 90 to 100 players, and the designer's quarter of the time limit after the
#: construction absorbs it (90 against 93 on 90: 11.2 s for the whole process, 290 breaks).
DISPLACE_GRACE = 3.0
#: :func:`zero_break_schedule` is tried up to this many A players (the sit-out model's p*p Booleans
#: rarely settle past about 20; benchmarks/results/unequal_minima.md) ...
ZERO_BREAK_PLAYERS = 20
#: ... with this much deterministic time.
ZERO_BREAK_WORK = 0.5

#: Odd p against even k with p - k from 3 to this many A players more: the reserves' construction
#: (``models/constructions/reserve.py``) first; it finds a schedule at nearly every even k for 3 and 5, and only
#: now and then for 7 (``benchmarks/results/reserves.md``).
RESERVES_MAX = 5

#: ... and for odd k (even p) up to this many cells p*k: its model over
#: every one-break colouring takes seconds beyond (66 against 61: 14 s on two busy cores).
RESERVES_ODD_CELLS = 2500

#: Under a deadline, above this many cells p*k the reserves' construction runs after full_side_schedule.
RESERVES_FIRST_CELLS = 2500


@dataclass(frozen=True)
class UnequalSize:
    """Teams of ``size_a`` and ``size_b`` players on ``boards`` boards (validated)."""

    size_a: int
    size_b: int
    boards: int

    def __post_init__(self) -> None:
        if self.boards < 1 or min(self.size_a, self.size_b) < self.boards:
            raise ValueError(
                f"{self.boards} boards need at least {self.boards} players a team, got {self.size_a} and {self.size_b}"
            )
        if (self.size_a * self.size_b) % self.boards:
            raise ValueError(
                f"{self.size_a} against {self.size_b} on {self.boards} boards is not a whole number of rounds"
            )

    @property
    def rounds(self) -> int:
        return self.size_a * self.size_b // self.boards


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
_DEADLINE: contextvars.ContextVar[float | None] = contextvars.ContextVar("unequal_deadline", default=None)


def _past_deadline() -> bool:
    deadline = _DEADLINE.get()
    return deadline is not None and time.monotonic() >= deadline


def _solver(size: int = 0, grace: float = 0.0) -> cp_model.CpSolver:
    """One worker, seed 0, a work limit growing with the model's ``size`` (its cells), capped by the
    wall limit and by the construction's deadline, ``grace`` seconds after it."""
    solver = new_solver(workers=1, seed=0, work=WORK_LIMIT * (1 + size / 500))
    deadline = _DEADLINE.get()
    left = WALL_LIMIT if deadline is None else min(WALL_LIMIT, deadline + grace - time.monotonic())
    solver.parameters.max_time_in_seconds = max(left, 0.01)
    return solver


def _add_break_literals(model: cp_model.CpModel, whites: list[BoolLit], name: str) -> list[cp_model.IntVar]:
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


def one_team_full(size_a: int, boards: int) -> Schedule | None:
    """Team A of ``size_a`` players against team B of ``boards`` players, who play every round: the
    closed form of the paired classes where it applies (no break); for small teams where no bound
    rules it out, a schedule with no break from the sit-out model (:func:`zero_break_schedule`); for
    even k with a common factor g, the blocks of copies of p/g against k/g (:func:`blocks_schedule`,
    whose small copies come from here too, so often with no break) when they have no break or fewer
    than :func:`full_side_schedule`, which covers every other case.  Under the construction's deadline
    the blocks are tried after the other constructions, in the time left."""
    return _one_team_full(size_a, boards)[0]


def _one_team_full(p: int, k: int) -> tuple[Schedule | None, bool]:
    """:func:`one_team_full`, and whether its answer is :func:`full_side_schedule`'s."""
    if p <= k:
        raise ValueError(f"one_team_full needs more A players than boards, got {p} on {k}")
    if paired_classes(p, k) is not None:
        return full_side_schedule(p, k), True
    if p == k + 1 and k % 2 == 0 and k >= 4 and (reserve := reserve_schedule(k, deadline=_DEADLINE.get())):
        return reserve, False  # about k breaks, where the extended base below has about 4k
    small = p <= ZERO_BREAK_PLAYERS and unequal_break_bound(p, k, k) == 0
    if small and (schedule := zero_break_schedule(p, k)) is not None:
        return schedule, False
    # Under a deadline the other constructions first and the blocks only in the time left: the blocks
    # take seconds at scale (90 against 70: 5 s for 640 breaks), after which the class model of
    # full_side_schedule had no time left and its closed-form fallback gave 950 breaks where it finds
    # 212, and the construction ran 2.5 s past its deadline.
    fallback = _reserves_or_full_side(p, k) if _DEADLINE.get() is not None else None
    blocks: tuple[int, Schedule] | None = None  # the fewest breaks of the blocks tried, and the schedule
    if k % 2 == 0:
        # Copies small enough for the sit-out model first (most likely without a break), then the
        # smallest copies, g = gcd(p, k) of them.
        g = math.gcd(p, k)
        for groups in [d for d in range(2, g) if g % d == 0 and p // d <= ZERO_BREAK_PLAYERS] + [g] * (g > 1):
            if _past_deadline():
                break
            if (found := blocks_schedule(p, k, groups)) is None:
                continue
            breaks = _schedule_breaks(found)
            if breaks == 0:
                return found, False
            if blocks is None or breaks < blocks[0]:
                blocks = (breaks, found)
    schedule, from_full_side = fallback if fallback is not None else _reserves_or_full_side(p, k)
    if blocks is not None and (schedule is None or blocks[0] < _schedule_breaks(schedule)):
        return blocks[1], False
    return schedule, from_full_side


def _reserves_or_full_side(p: int, k: int) -> tuple[Schedule | None, bool]:
    """A few reserves (p - k = 3 or 5, odd k up to :data:`RESERVES_ODD_CELLS`): the reserves'
    construction (``models/constructions/reserve.py``, every A player with at most one break: about k - 4 breaks,
    where full_side_schedule's extended or grouped bases have about 3k for even k, its blocks or pairs
    up to 3k and its board classes p - 1 for odd k).  Under a deadline and beyond
    :data:`RESERVES_FIRST_CELLS` its phases' model can take seconds, so full_side_schedule goes first
    and the reserves get what time is left; otherwise the reserves go first.  Also whether the answer is
    full_side_schedule's."""
    fits = (p - k) % 2 == 1 and 3 <= p - k <= RESERVES_MAX and k >= 4
    if not fits or (k % 2 == 1 and p * k > RESERVES_ODD_CELLS):
        return full_side_schedule(p, k), True
    deadline = _DEADLINE.get()
    if deadline is None or p * k <= RESERVES_FIRST_CELLS:
        # At most half the time left, so that full_side_schedule still has time if it finds none.
        share = None if deadline is None else time.monotonic() + max(deadline - time.monotonic(), 0) / 2
        if (schedule := reserves_schedule(rotation_plays(p, k, p), k, deadline=share)) is not None:
            return schedule, False
        return full_side_schedule(p, k), True
    fallback = full_side_schedule(p, k)
    better = reserves_schedule(rotation_plays(p, k, p), k, deadline=deadline) if time.monotonic() < deadline else None
    if better is not None and (fallback is None or _schedule_breaks(better) < _schedule_breaks(fallback)):
        return better, False
    return fallback, True


def zero_break_schedule(p: int, k: int) -> Schedule | None:
    """p against k on k boards, team B playing every round, with no break at all and rules 1-3 kept,
    from the sit-out model (``models/constructions/sitouts.py``); ``None`` when it finds none within its work."""
    found = zero_break_modes(p, k, ZERO_BREAK_WORK, _DEADLINE.get())
    if found.outcome is Outcome.NONE:  # a proof: the designer may report a lower bound of 1
        record_no_break_free(p, k)
    return schedule_from_modes(p, k, found) if found.outcome is Outcome.FOUND else None


def runs_of_one_single(p: int, k: int, work: float = ZERO_BREAK_WORK, deadline: float | None = None) -> RunsOfOne:
    """p against k on k boards, team B playing every round, single round, with no break at all (runs
    of one colour) and rule 3 broken by as little as found, for each size x of class X from floor(k/2)
    down: skipped where :func:`~scheveningen.models.bounds.proven.one_full_break_free` rules it out (a proof),
    then the rotation's sit-outs with signs that fit (``alternating_signs``), then up to
    :data:`ZERO_BREAK_PLAYERS` A players the sit-out model (``models/constructions/sitouts.py``).  As in a double
    round (docs/bounds_unequal.md, claim 5), team B alternating has x Whites in the odd rounds and
    k - x in the even ones, so rule 3 is broken by floor(k/2) - x boards in every round (and, for odd
    p, the teams' totals differ by k - 2x), the same for every schedule with that x: the first x found
    has the least excess when every larger one was ruled out (``proven``)."""
    sits = rotation_sit_outs(p, p - k)
    rotation = [[not out for out in row] for row in sits]

    def built(x: int) -> Schedule | None:
        # the rotation's sit-outs with signs that fit, in milliseconds at any size
        for size in sorted({x, k - x}):
            modes = alternating_signs(sits, size, SIGN_WORK, deadline, double=False)
            if modes is not None:
                return from_classes(p, k, (rotation, modes), size)
        return None

    def modelled(x: int) -> tuple[Outcome, Schedule | None]:
        found = zero_break_modes(p, k, work, deadline, x=x)
        return found.outcome, schedule_from_modes(p, k, found) if found.outcome is Outcome.FOUND else None

    def allowed(x: int) -> bool:
        return one_full_break_free(p, k, x)

    return class_ladder(p, k, False, allowed, built, modelled if p <= ZERO_BREAK_PLAYERS else None, deadline)


def schedule_from_modes(p: int, k: int, found: Modes) -> Schedule:
    """The schedule with no break that the sit-out model's answer describes: its X-mode games split
    into one perfect matching for each X player, the others for the Y players
    (:func:`~scheveningen.models.constructions.classes.from_classes`)."""
    if found.outcome is not Outcome.FOUND:
        raise ValueError(f"no sit-outs to build from: the model's outcome is {found.outcome.value}")
    return from_classes(p, k, (found.plays, found.x_mode), found.x)


def full_side_schedule(size_a: int, boards: int) -> Schedule | None:
    """Team A of ``size_a`` players against team B of ``boards`` players, who play every round.

    See the module docstring: the classes come from :func:`paired_classes` in closed form
    where it applies, otherwise from the class model; ``None`` when that finds no
    assignment keeping rules 1 and 2 for team A within its work limit.
    """
    p, k = size_a, boards
    if p <= k:
        raise ValueError(f"full_side_schedule needs more A players than boards, got {p} on {k}")
    found = paired_classes(p, k)
    if found is not None:
        return from_classes(p, k, found)
    if k % 2 == 1 and p % 2 == 1:
        # Odd p against odd k: with no common factor the board classes give no break at all; with one,
        # the rotation's sit-outs have the wrong parity count (docs/bounds_unequal.md), so the class
        # model below cannot succeed, and blocks of the smaller match take over.
        return odd_odd_schedule(p, k) if math.gcd(p, k) == 1 else blocks_schedule(p, k)
    if k % 2 == 0 and p % 2 == 1:
        # Odd p against even k: no class schedule exists when p = k + 1 (docs/bounds_unequal.md), and
        # the class model rarely finishes at scale otherwise: pairs and one odd group, or a closed-form
        # base extended by one A player and a round.
        m = p - k
        if m <= 3:  # one added player's displaced games fit in turn (docs/bounds_unequal.md)
            return extended_schedule(p, k) or (grouped_schedule(p, k) if m == 3 else None)
        return grouped_schedule(p, k) or extended_schedule(p, k)
    # Even p: odd k extends the paired classes on k - 1 boards by a B player, or takes the board
    # classes with one break per A player (no common factor), blocks (a common factor), or pairs, a
    # group and a B player apart (odd_k_schedule); p = k = 2 mod 4 takes pairs and a group.  The class
    # model below does better where it finishes, so it goes first for small sizes with no closed form
    # that is as good.
    closed_form: list[Callable[[], Schedule | None]] = []
    # (paired classes need p and k - 1 even, so odd p never has this base)
    paired_base = k % 2 == 1 and k >= 3 and paired_classes(p, k - 1) is not None
    if paired_base:
        closed_form.append(lambda: _with_extra_b_or_none(full_side_schedule(p, k - 1)))
    if k % 2 and math.gcd(p, k) > 1:
        closed_form.append(lambda: _blocks_or_better(p, k))
    if k % 2 and math.gcd(p, k) == 1:
        closed_form.append(lambda: even_odd_schedule(p, k))
    if k % 2 and k >= 3 and p % 2 == 0:
        closed_form.append(lambda: odd_k_schedule(p, k))
    if k % 2 == 0 and p % 2 == 0:
        closed_form.append(lambda: grouped_schedule(p, k))
    # (even_odd_schedule, at most one break per A player, beats the class model from small sizes on)
    first = p * k > CLASS_MODEL_CELLS or paired_base or (k % 2 == 1 and math.gcd(p, k) == 1)
    for build in closed_form if first else ():
        if (schedule := build()) is not None:
            return schedule
    # The class model, over the rotation (odd k) or sit-outs that make the count possible (even k).
    pattern = even_pattern(p, k) if k % 2 == 0 else rotation_plays(p, k, p)
    found = _solve_classes(p, k, pattern) if pattern is not None else None
    if found is not None:
        return from_classes(p, k, found)
    for build in () if first else closed_form:
        if (schedule := build()) is not None:
            return schedule
    return extended_schedule(p, k) if k % 2 == 0 else None


def _blocks_or_better(p: int, k: int) -> Schedule | None:
    """Even p against odd k with a common factor: the blocks, in a fraction of a second; where their
    junctions leave more than one break per A player (many small blocks) and the size is moderate,
    also :func:`odd_k_schedule`, and whichever has fewer breaks.  (Above :data:`BLOCKS_ALONE_CELLS`
    odd_k_schedule takes most of the budget and has more breaks than the blocks at every size tried.)"""
    blocks = blocks_schedule(p, k)
    breaks = _schedule_breaks(blocks) if blocks is not None else 0
    if blocks is not None and (breaks <= p or p * k > BLOCKS_ALONE_CELLS):
        return blocks
    other = odd_k_schedule(p, k)
    if blocks is None or (other is not None and _schedule_breaks(other) < breaks):
        return other
    return blocks


def _schedule_breaks(schedule: Schedule) -> int:
    """Breaks over the games each player plays (one pass over the games)."""
    colours: dict[Player, list[bool]] = {}
    for games in schedule.rounds:
        for game in games:
            colours.setdefault(game.a_player, []).append(game.a_white)
            colours.setdefault(game.b_player, []).append(not game.a_white)
    return sum(_breaks(row) for row in colours.values())


def _with_extra_b_or_none(base: Schedule | None) -> Schedule | None:
    return with_extra_b(base) if base is not None else None


def blocks_schedule(p: int, k: int, groups: int | None = None) -> Schedule | None:
    """p against k, team B playing every round, for g = ``groups`` > 1 dividing both (by default
    gcd(p, k)): g blocks of p/g rounds, in each of which the g groups of p/g A players meet the g
    groups of k/g B players side by side, each group pairing a copy of one small match p/g against
    k/g; ``None`` when the small match has no construction whose team B alternates, or an A group's
    rows cannot be dealt keeping rules 1 and 2 (for even k this happens when p/g and k/g are odd:
    each A group then gets the same copy in every block, and its rows' Whites cannot even out).

    In block b, A group i meets B group (i + b) mod g (a cyclic Latin square), so every pair meets
    once and team B plays every round.  Each copy keeps its A players' sit-outs in turn inside the
    block, and at a block's end every A player has sat out the same number of rounds, so sit-outs go
    in turn over the match.  Team B's players alternate perfectly across blocks: a B group's players
    White in the block's first round are fixed by the global alternation, and the copy is the small
    match or its colour reversal, whichever has that many B players White in its first round.  With k
    odd the small match has (k/g - 1)/2 or (k/g + 1)/2 of them; (g - 1)/2 groups take the larger
    count, so every round team A has (k - 1)/2 or (k + 1)/2 Whites and the match's totals differ by at
    most one (rule 3).  Which A player of a group takes which row of its copy is chosen block by block
    by a small assignment model: rule 2 across the blocks' junctions, every player's Whites within
    one of half its games after every block (rule 1 at the end), and the fewest breaks at junctions.
    A copy's rows keep their own breaks.  (The parity argument of docs/bounds_unequal.md is why odd p
    against odd k needs this when g > 1: the rotation's sit-outs have the wrong count of odd rows.)
    """
    g = math.gcd(p, k) if groups is None else groups
    if g == 1 or p <= k or p % g or k % g or (k % 2 == 0 and (p // g) % 2 == (k // g) % 2 == 1):
        return None
    small_p, small_k = p // g, k // g
    base = one_team_full(small_p, small_k)
    if base is None:
        return None
    copies = [_block_copy(base), _block_copy(reverse_colours(base))]
    if any(copy is None for copy in copies):
        return None
    # B group j's players White in the match's first round: floor(small_k/2), and one more in the first
    # `larger` groups, so that team B has floor(k/2) in all.
    larger = k // 2 - g * (small_k // 2)
    starts_white = [set(range(j * small_k, j * small_k + small_k // 2 + (j < larger))) for j in range(g)]
    state: list[list[bool]] = [[] for _ in range(p)]  # each A player's colours so far
    pairings: list[list[tuple[int, int, bool]]] = [[] for _ in range(p)]
    for block in range(g):
        offset = block * small_p
        for i in range(g):
            j = (i + block) % g
            group_b = range(j * small_k, (j + 1) * small_k)
            white_now = sorted(b for b in group_b if (b in starts_white[j]) == (offset % 2 == 0))
            copy = next(c for c in copies if c is not None and len(c.b_white_first) == len(white_now))
            black_now = sorted(b for b in group_b if b not in white_now)
            b_map = dict(zip(copy.b_white_first, white_now, strict=True)) | dict(
                zip(copy.b_black_first, black_now, strict=True)
            )
            rows = _deal_rows(copy, state[i * small_p : (i + 1) * small_p], final=block == g - 1)
            if rows is None:
                return None
            for x, row in enumerate(rows):
                a = i * small_p + x
                for t, b, a_white in copy.rows[row]:
                    pairings[offset + t].append((a + 1, b_map[b] + 1, a_white))
                    state[a].append(a_white)
    ordered = [sorted(games) for games in pairings]
    return Schedule.from_pairings(ordered, team_a=p, team_b=k)


@dataclass(frozen=True)
class _Copy:
    """A small match as :func:`blocks_schedule` deals it: each A row's games as (round, B player from
    0, A White), and its B players (from 0) White, and Black, in its first round."""

    rows: list[list[tuple[int, int, bool]]]
    b_white_first: list[int]
    b_black_first: list[int]


def _block_copy(schedule: Schedule) -> _Copy | None:
    """The small match as a :class:`_Copy`; ``None`` unless every B player plays every round and
    alternates."""
    rows: list[list[tuple[int, int, bool]]] = [[] for _ in range(schedule.team_a)]
    b_colours: dict[int, list[bool]] = {}
    for r, games in enumerate(schedule.rounds):
        for game in games:
            a, b = game.a_player.number - 1, game.b_player.number - 1
            rows[a].append((r, b, game.a_white))
            b_colours.setdefault(b, []).append(not game.a_white)
    if any(len(c) != schedule.n_rounds or any(x == y for x, y in itertools.pairwise(c)) for c in b_colours.values()):
        return None
    white = sorted(b for b, c in b_colours.items() if c[0])
    return _Copy(rows, white, sorted(b for b in b_colours if b not in white))


def _deal_rows(copy: _Copy, before: list[list[bool]], final: bool) -> list[int] | None:
    """Which row of ``copy`` each A player of one group takes in one block of :func:`blocks_schedule`
    (``before``: the players' colours so far); ``None`` if no assignment keeps rule 2 and every
    player's Whites within one of half its games (in the ``final`` block: Whites and Blacks within
    one of each other, rule 1).

    A maximum-weight perfect matching (Edmonds, over integer nodes: the same in every process) of
    players and rows over the pairs that keep both, a break at the junction weighing less."""
    size = len(before)
    graph = nx.Graph()
    graph.add_nodes_from(range(2 * size))
    for x, mine in enumerate(before):
        whites, games = sum(mine), len(mine)
        for row, played in enumerate(copy.rows):
            colours = [w for _t, _b, w in played]
            joined = mine[-2:] + colours[:2]
            if any(u == v == w for u, v, w in zip(joined, joined[1:], joined[2:], strict=False)):
                continue  # three of one colour running across the junction (rule 2)
            if abs(2 * (whites + sum(colours)) - games - len(colours)) > (1 if final else 2):
                continue  # rule 1 could no longer hold at the end, or does not
            graph.add_edge(x, size + row, weight=1 if mine and mine[-1] == colours[0] else 2)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if len(matching) < size:
        return None
    rows = [0] * size
    for u, v in matching:
        x, row = min(u, v), max(u, v) - size
        rows[x] = row
    return rows


def extended_schedule(p: int, k: int) -> Schedule | None:
    """p against k on k boards, team B playing every round, by :func:`with_extra_a` applied to the
    largest base below p with a closed form: the paired classes, or the equal design on k boards."""
    base: Schedule | None = None
    size = p - 1
    while size > k:
        found = paired_classes(size, k)
        if found is not None:
            base = from_classes(size, k, found)
            break
        size -= 1
    if base is None:
        base = construct(k)
    while base is not None and base.team_a < p:
        base = with_extra_a(base)
    return base


def with_extra_b(base: Schedule) -> Schedule | None:
    """Add a B player who plays every round to a match whose team B already does; ``None`` if no fit.

    ``base`` has p A players against k - 1 B players on k - 1 boards, with the same number
    of A Whites in every round (so (k - 1) / 2 of them; any base on an even number of boards has
    that, by rule 3).  The new player B_k meets, in each round, one A player sitting out that round
    in ``base``: each A player exactly once.  A small CP-SAT model (:func:`_assign_rounds`) chooses
    whom, and B_k's colour in each round, so that sit-outs still go in turn, no A player gets three
    games of one colour running, B_k keeps rules 1 and 2, and the fewest breaks are added (B_k's
    own, and the A players': inserting a game between two of a player's games of different colours
    adds one break, next to one of its own colour none or one, at either end of its games none or
    one).  B_k alternating perfectly is the hint; letting it break where needed leaves the model
    room where the sit-out windows are narrow.  Rules: each A player now has k - 1 balanced games
    plus one (rule 1); A has (k - 1)/2 Whites a round plus its player against B_k, so floor(k/2)
    or ceil(k/2), and over the match the totals differ by at most one, as B_k's Whites do (rule 3).
    """
    p, k, rounds = base.team_a, base.boards + 1, base.n_rounds
    if base.team_b != base.boards or rounds != p:
        raise ValueError("with_extra_b needs a base whose team B plays every round")
    colours: dict[int, dict[int, bool]] = {a: {} for a in range(1, p + 1)}  # A player -> round -> White
    for r, games in enumerate(base.rounds):
        for game in games:
            colours[game.a_player.number][r] = game.a_white
    cost: dict[tuple[int, int, bool], int] = {}  # (round, A player, A White) -> breaks added
    for a, mine in colours.items():
        before = _sequence_breaks(mine)
        for r in range(rounds):
            if r in mine:
                continue
            for white in (True, False):
                after = _sequence_breaks({**mine, r: white})
                if after is not None and before is not None:
                    cost[r, a, white] = after - before
    # Where a cell keeps the player's sit-outs in turn; without a perfect matching of rounds and A
    # players over those cells (often so at scale) there is no assignment, and no model is built.
    in_turn = {(r, a) for (r, a, _w) in cost if _in_turn_with(colours[a], r, p, k)}
    if len(bipartite_matching(sorted(colours), sorted((a, r) for r, a in in_turn))) < p:
        return None
    chosen = _assign_rounds({cell: c for cell, c in cost.items() if cell[:2] in in_turn}, base, k)
    if chosen is None:
        return None
    new_rounds = []
    for r, games in enumerate(base.rounds):
        a, a_white = chosen[r]
        mate, new = Player(Team.A, a), Player(Team.B, k)
        extra = Game(mate, new) if a_white else Game(new, mate)
        new_rounds.append(tuple(sorted([*games, extra], key=lambda g: g.a_player.number)))
    return Schedule(k, tuple(new_rounds), p, k)


def _in_turn_with(played: dict[int, bool], extra: int, rounds: int, k: int) -> bool:
    """Whether a player who plays the rounds in ``played`` and round ``extra`` plays floor or ceil of
    t*k/rounds games after every t rounds (its sit-outs in turn)."""
    count = 0
    for t in range(1, rounds + 1):
        count += (t - 1) in played or t - 1 == extra
        if not t * k // rounds <= count <= -(-t * k // rounds):
            return False
    return True


def _sequence_breaks(colours: dict[int, bool]) -> int | None:
    """Breaks of a colour sequence given by round, or ``None`` when three run (rule 2)."""
    seq = [colours[r] for r in sorted(colours)]
    breaks = sum(1 for x, y in itertools.pairwise(seq) if x == y)
    if any(x == y == z for x, y, z in zip(seq, seq[1:], seq[2:], strict=False)):
        return None
    return breaks


def _assign_rounds(
    cost: dict[tuple[int, int, bool], int], base: Schedule, k: int
) -> dict[int, tuple[int, bool]] | None:
    """Round -> (A player, A White) for the new B player of :func:`with_extra_b`: a bijection over the
    allowed cells, sit-outs in turn, the new player's colours keeping rules 1 and 2, fewest breaks."""
    p, rounds = base.team_a, base.n_rounds
    model = cp_model.CpModel()
    y = {cell: model.new_bool_var(f"meets_new[r{cell[0] + 1},A{cell[1]},{'W' if cell[2] else 'B'}]") for cell in cost}
    # The cells of each round and of each player, in the order of y (one pass, not one per constraint).
    of_round: dict[int, list[tuple[bool, cp_model.IntVar]]] = {r: [] for r in range(rounds)}
    of_player: dict[int, list[tuple[int, cp_model.IntVar]]] = {a: [] for a in range(1, p + 1)}
    for (r, a, w), v in y.items():
        of_round[r].append((w, v))
        of_player[a].append((r, v))
    b_whites: list[BoolLit] = []
    for r in range(rounds):
        model.add_exactly_one([v for _w, v in of_round[r]])
        b_white = model.new_bool_var(f"new_white[r{r + 1}]")
        # B_k has White exactly when its opponent has Black.
        model.add(b_white + sum(v for w, v in of_round[r] if w) == 1)
        model.add_hint(b_white, r % 2 == 0)
        b_whites.append(b_white)
    model.add_linear_constraint(sum(b_whites), rounds // 2, (rounds + 1) // 2)  # rule 1 for B_k
    b_breaks = _add_break_literals(model, b_whites, f"B{k}")  # and rule 2
    for a in range(1, p + 1):
        model.add_exactly_one([v for _r, v in of_player[a]])
    played = dict.fromkeys(range(1, p + 1), 0)
    for t, games in enumerate(base.rounds, start=1):
        for game in games:
            played[game.a_player.number] += 1
        low, high = t * k // p, -(-t * k // p)
        for a in range(1, p + 1):
            extra = [v for r, v in of_player[a] if r < t]
            model.add_linear_constraint(sum(extra), low - played[a], high - played[a])
    model.minimize(sum(cost[cell] * v for cell, v in y.items()) + sum(b_breaks))
    solver = _solver(len(y))
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return {r: (a, w) for (r, a, w), v in y.items() if solver.boolean_value(v)}


def paired_classes(p: int, k: int) -> Classes | None:
    """Closed-form classes for even p and k with p = 0 mod 4 or k = 0 mod 4; ``None`` otherwise.

    The A players go in pairs (A1, A2), (A3, A4), ... that sit out together, by the
    rotation of :func:`rotation_plays` over the p/2 pairs with k/2 pairs a round, so
    sit-outs go in turn.  The second of a pair always meets the class the first does not,
    so every round has exactly k/2 games against X, and the two have opposite colours
    in every game: the same breaks and runs.  What is left is one sequence of k colours
    for each pair's first player, with k/2 Whites (rule 1) and k/2 games against X.

    A game against X has White exactly when played in an odd round (from 0), so the
    games against X number (games whose colour differs from [round even]) and, mod 2,
    k/2 + (games in even rounds).  The pair's rounds repeat after p/2 rounds (k/2 * p/2
    games deal the circle of pairs k/2 times), so when p/2 is even the games in even
    rounds come in twos, and when p/2 is odd exactly half of the k games are in even
    rounds: either way an even number when p = 0 mod 4 or k = 0 mod 4, which is what the
    count needs.  Start from the perfect alternator (no break) whose count is nearer
    k/2; in a stretch of consecutive rounds its class is constant, so reversing the
    colours of an even run of L games inside a stretch of the other class moves the count
    by L, keeps rule 1, and costs two breaks (one at either end of the sequence), never
    adjacent as L >= 2.  Runs are taken greedily, longest stretch first.
    """
    if p % 2 or k % 2 or (p % 4 and k % 4):
        return None
    half_p, half_k, rounds = p // 2, k // 2, p
    unit_plays = rotation_plays(half_p, half_k, rounds)
    plays = [unit_plays[a // 2] for a in range(p)]
    meets_x: dict[tuple[int, int], bool] = {}
    for unit, row in enumerate(unit_plays):
        mine = [r for r in range(rounds) if row[r]]
        colours = _colours_with_count(mine, half_k)
        if colours is None:
            return None
        for r, white in zip(mine, colours, strict=True):
            x = white == (r % 2 == 1)  # White against X exactly in odd rounds
            meets_x[2 * unit, r] = x
            meets_x[2 * unit + 1, r] = not x
    return plays, meets_x


def _colours_with_count(rounds: list[int], wanted: int) -> list[bool] | None:
    """Colours (True = White) for games in ``rounds`` with half of them White and ``wanted``
    of them against X (module docstring of :func:`paired_classes`); ``None`` when the runs run out."""
    count = len(rounds)

    def against_x(colours: list[bool]) -> int:
        return sum(1 for r, white in zip(rounds, colours, strict=True) if white == (r % 2 == 1))

    options = [[(i + start) % 2 == 0 for i in range(count)] for start in (0, 1)]
    colours = min(options, key=lambda c: abs(against_x(c) - wanted))
    need = wanted - against_x(colours)
    if need % 2:
        return None
    # Stretches: maximal runs of games in consecutive rounds (one class each).
    stretches: list[list[int]] = [[0]]
    for i in range(1, count):
        if rounds[i] == rounds[i - 1] + 1:
            stretches[-1].append(i)
        else:
            stretches.append([i])
    order = sorted(range(len(stretches)), key=lambda j: (-len(stretches[j]), j))
    edges: list[int] = []  # where a reversed run starts or ends inside the match: a break each
    for j in order:
        if need == 0:
            break
        games = stretches[j]
        first = games[0]
        is_x = colours[first] == (rounds[first] % 2 == 1)
        if is_x == (need > 0):
            continue  # reversing games against X lowers the count, and the other way round
        length = min(abs(need), len(games) - len(games) % 2)
        # Prefer a run touching an end of the match: one break instead of two.
        for run in (games[-length:], games[:length]) if games[-1] == count - 1 else (games[:length], games[-length:]):
            if length < 2:
                break
            ends = [i for i in (run[0], run[-1] + 1) if 0 < i < count]
            # Two breaks next to each other would make three games of one colour (rule 2).
            if all(abs(e - f) >= 2 for e in ends for f in edges):
                for i in run:
                    colours[i] = not colours[i]
                edges += ends
                need += -length if need > 0 else length
                break
    return colours if need == 0 else None


def _solve_classes(p: int, k: int, pattern: list[list[bool]]) -> Classes | None:
    """The class model over a fixed sit-out ``pattern`` (``pattern[a][r]``: A player a plays round r):
    which A games are against X, with rules 1 and 2 for team A and the fewest breaks."""
    rounds, x_size = p, k // 2
    model = cp_model.CpModel()
    mine = {a: [r for r in range(rounds) if pattern[a][r]] for a in range(p)}
    # cls[a, r]: A player a meets an X player in round r.
    cls = {(a, r): model.new_bool_var(f"meets_x[A{a + 1},r{r + 1}]") for a in range(p) for r in mine[a]}
    for r in range(rounds):
        model.add(sum(cls[a, r] for a in range(p) if pattern[a][r]) == x_size)
    breaks: list[cp_model.IntVar] = []
    for a in range(p):
        model.add(sum(cls[a, r] for r in mine[a]) == x_size)
        # Hint: the perfect alternator whose count of games against X is nearer |X|.
        starts = [[(i + start) % 2 == 0 for i in range(len(mine[a]))] for start in (0, 1)]
        counts = [sum(1 for r, w in zip(mine[a], ws, strict=True) if w == (r % 2 == 1)) for ws in starts]
        ws = starts[0] if abs(counts[0] - x_size) <= abs(counts[1] - x_size) else starts[1]
        for r, w in zip(mine[a], ws, strict=True):
            model.add_hint(cls[a, r], w == (r % 2 == 1))
        # X players have White in odd rounds (r even from 0), and A's colour is the opposite:
        # A has White exactly when it meets X in an even round or Y in an odd one.
        whites: list[BoolLit] = [cls[a, r] if r % 2 == 1 else ~cls[a, r] for r in mine[a]]
        model.add_linear_constraint(sum(whites), k // 2, (k + 1) // 2)  # rule 1
        breaks += _add_break_literals(model, whites, f"A{a + 1}")
    model.minimize(sum(breaks))
    solver = _solver(len(cls))
    # The fewest breaks from the alternators' hint first, but not with the whole work limit: at
    # scale that search often finds nothing, while any answer comes within a fraction of it.
    work = solver.parameters.max_deterministic_time
    solver.parameters.max_deterministic_time = min(work, CLASS_FIRST_WORK)
    status = solver.solve(model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return pattern, {key: solver.boolean_value(x) for key, x in cls.items()}
    model.clear_objective()  # type: ignore[no-untyped-call]
    model.clear_hints()  # type: ignore[no-untyped-call]
    solver = _solver(len(cls))
    solver.parameters.max_deterministic_time = max(work - CLASS_FIRST_WORK, GROUP_WORK_LIMIT)
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    found = {key: solver.boolean_value(x) for key, x in cls.items()}
    solver_used = solver.deterministic_time
    for key, var in cls.items():
        model.add_hint(var, found[key])
    model.minimize(sum(breaks))
    solver = _solver(len(cls))
    solver.parameters.max_deterministic_time = max(work - CLASS_FIRST_WORK - solver_used, 0.1)
    if solver.solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        found = {key: solver.boolean_value(x) for key, x in cls.items()}
    return pattern, found


def even_pattern(p: int, k: int) -> list[list[bool]] | None:
    """Sit-outs in turn where every A player plays an even number of games in even rounds (from 0).

    With an even number of boards the class model needs it: an A player's games against X
    number its Whites in odd rounds plus its Blacks in even ones, which must be k/2 with k/2
    Whites in all (rule 1), so its Whites and Blacks in even rounds are as many.  Found by a
    small CP-SAT model (p*p Booleans) started from the rotation; ``None`` when there is none
    within the work limit (for p = k + 1 there is none: each player sits out once).
    """
    rounds = p
    model = cp_model.CpModel()
    rotation = rotation_plays(p, k, rounds)
    plays = {(a, r): model.new_bool_var(f"plays[A{a + 1},r{r + 1}]") for a in range(p) for r in range(rounds)}
    for (a, r), var in plays.items():
        model.add_hint(var, rotation[a][r])
    for r in range(rounds):
        model.add(sum(plays[a, r] for a in range(p)) == k)
    for a in range(p):  # in turn: after t rounds, floor or ceil of t*k/p games
        for t in range(1, rounds + 1):
            model.add_linear_constraint(sum(plays[a, r] for r in range(t)), t * k // p, -(-t * k // p))
        half = model.new_int_var(0, k, f"half_even[A{a + 1}]")
        model.add(sum(plays[a, r] for r in range(0, rounds, 2)) == 2 * half)
    solver = _solver(len(plays))
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [[solver.boolean_value(plays[a, r]) for r in range(rounds)] for a in range(p)]


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
    if _past_deadline():
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
        breaks += _add_break_literals(model, whites, f"{team.value}{number}")
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
    solver = _solver(size)
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    if not fewest:
        return solver
    first_breaks = sum(solver.boolean_value(brk) for brk in breaks)
    model.minimize(sum(breaks))
    better = _solver(size)
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
        breaks += _add_break_literals(model, whites, f"B{b}")
    solver = _rules_then_fewest_breaks(model, breaks, total, fewest)
    if solver is None:
        return None
    pairings = [
        [(a, b, solver.boolean_value(a_white(r * k + i))) for i, (a, b) in enumerate(games)]
        for r, games in enumerate(pairs)
    ]
    return Schedule.from_pairings(pairings, team_a=p, team_b=q)


def construct_unequal(
    size_a: int, size_b: int, boards: int, double: bool = False, deadline: float | None = None
) -> Schedule | None:
    """The direct construction for teams of ``size_a`` and ``size_b`` on ``boards`` boards, or ``None``.

    Equal teams (both sizes equal to the boards) are not this module's business: see
    :func:`scheveningen.models.constructions.equal.construct`.  ``deadline`` (``time.monotonic()``)
    cuts the small models short, which then give ``None`` rather than run over.
    """
    token = _DEADLINE.set(deadline)
    try:
        return _construct(size_a, size_b, boards, double)
    finally:
        _DEADLINE.reset(token)


def _construct(size_a: int, size_b: int, boards: int, double: bool) -> Schedule | None:
    size = UnequalSize(size_a, size_b, boards)
    if size.size_a == size.size_b == size.boards:
        raise ValueError("equal teams: use models.constructions.construct")
    full_side = boards in (size_a, size_b)
    larger = max(size_a, size_b)
    if double and full_side:
        # One team playing every round, double round: no break at all, in milliseconds, at most
        # sizes (models/constructions/double_full_side.py: one reserve in closed form, other sizes by rotation),
        # where the mirror of the single round has its breaks twice (k + 1 against k: at least
        # 2k - 2; 13 against 12 had 26).
        built = direct_double(larger, boards, deadline=_DEADLINE.get())
        if built is not None:
            return _as_large_first(built, size_b != boards)
    single = _construct_single(size_a, size_b, boards)
    if not double:
        return single
    mirrored = None if single is None else mirrored_double(single)
    if full_side and (mirrored is None or _schedule_breaks(mirrored) > 0):
        # The double round's own sit-out model may remove every break for small teams.
        built = modelled_double(larger, boards, deadline=_DEADLINE.get())
        if built is not None:
            return _as_large_first(built, size_b != boards)
    return mirrored


def _construct_single(size_a: int, size_b: int, boards: int) -> Schedule | None:
    """The single round of :func:`_construct`: each construction in turn (comments below)."""
    bound = unequal_break_bound(size_a, size_b, boards, board_balance=True, colour_balance=True)
    # One team playing every round (boards > 2): where no bound beyond the layout's own forces breaks
    # and the paired classes' closed form does not apply, the alternating layout (models/constructions/positions.py)
    # first, taken at once without a break, or with one switching pair where it needs one: it answers
    # in about 2 s at 100 players (with a pair well under a second, models/constructions/splices.py), where the
    # team's own constructions can take all the time and leave hundreds of breaks (97 against 90: 480;
    # 66 against 54: 136).  Otherwise the team's own constructions first, which often have no break
    # (the paired classes, the sit-out model) and otherwise at most one a player (the reserves); the
    # layout after them only where they leave breaks that a bound does not force.
    single: Schedule | None = None
    first = None
    full_side = boards > 2 and boards in (size_a, size_b)
    # Where the layout cannot be without a break, one switching pair (two breaks) is its fewest; up to
    # ZERO_BREAK_PLAYERS the sit-out model, which decides whether any schedule has no break, goes first.
    fewest = 0 if zero_possible(size_a, size_b) else 2
    # The layout can meet the bound, or come within one of it: where it needs a switching pair the
    # bound is 1 (models/bounds/proven.py: one_full_break_free), and 2 is what it gives.
    layout_helps = bound < max(fewest, 1)
    layout_first = (
        full_side
        and layout_helps
        and (fewest == 0 or max(size_a, size_b) > ZERO_BREAK_PLAYERS)
        and paired_classes(max(size_a, size_b), boards) is None
    )
    if layout_first:
        share = FULL_SIDE_ALTERNATING_SHARE if fewest == 0 else FULL_SIDE_SWITCH_SHARE
        first = alternating_schedule(size_a, size_b, boards, _share(share))
        if first is not None and _schedule_breaks(first) <= fewest:
            return first
    if full_side:
        built = one_team_full(max(size_a, size_b), boards)
        single = built if built is None or size_b == boards else swap_teams(built)
        if single is not None and _schedule_breaks(single) <= bound:
            return single
    # Every player alternating, where the layout allows (models/constructions/positions.py): no break at all, and
    # on 2 boards the fewest the layout's switches give, 2 (the bound) at most sizes where none is
    # possible.  Where a bound rules out a schedule without a break (k + 1 against k, c*k against k) the layout
    # could only cost time, except on 2 boards, where its switches meet the bound.
    insurance: Schedule | None = None
    if not layout_first and (boards == 2 or layout_helps):
        # with one team playing every round nothing comes after the layout: all the time left
        share = ALTERNATING_SHARE if size_a * size_b > SMALL_GAMES else SMALL_ALTERNATING_SHARE
        if layout_dealt(size_a, size_b, boards):
            # The closed form, for teams one apart with the smaller even, answers at once (a tenth of a
            # second); elsewhere the rotation layout's first schedule keeping the rules is kept aside
            # (0.2 to 1.6 s at 45 to 100 players, wasted where the closed form answers), and the layout
            # gets all the time left: the others leave hundreds or thousands of breaks here, after
            # seconds spent on the re-cut's bases (90 against 91 on 78: 4.4 s).  (The layout tries the
            # closed form again, at most 0.15 s, at the 10 sizes up to 100 a side where it fails.)
            first = one_apart_closed(size_a, size_b, boards, _share(1.0))
            if first is None:
                built = rotation_alternating_schedule(max(size_a, size_b), min(size_a, size_b), boards, fewest=False)
                insurance = _as_large_first(built, size_a < size_b)
                share = DEALT_SHARE
        if first is None:
            first = alternating_schedule(size_a, size_b, boards, _share(1.0 if full_side else share))
    # Taken at once when nothing can do better, and on 2 boards, where the layouts below rarely answer
    # (they missed 13 against 14 and the like) and would spend the time of the colour search.
    if first is not None and (boards == 2 or _schedule_breaks(first) <= bound):
        single = first
    elif not full_side:
        sit_out = boards not in (size_a, size_b)
        single = both_sit_out_schedule(size_a, size_b, boards, insurance is not None) if sit_out else None
        if single is None and boards in (size_a, size_b):  # one team full on 2 boards
            built = one_team_full(max(size_a, size_b), boards)
            single = built if built is None or size_b == boards else swap_teams(built)
    for other in (first, insurance):
        if other is not None and (single is None or _schedule_breaks(other) < _schedule_breaks(single)):
            single = other
    if single is None:
        return None
    return single


def layout_unequal(
    size_a: int, size_b: int, boards: int, double: bool = False, deadline: float | None = None
) -> Schedule | None:
    """The alternating layout alone (``models/constructions/positions.py``), mirrored for a double round: the
    designer's last try where :func:`construct_unequal` found nothing and time is left.  Its share of the
    construction can be too short: at 98 against 90 on 63 the splices place team A at once, but team
    B's deal takes about 2 s, more than the share, and no other construction answers."""
    single = alternating_schedule(size_a, size_b, boards, deadline)
    if single is None:
        return None
    return mirrored_double(single) if double else single


def layout_dealt(size_a: int, size_b: int, boards: int) -> bool:
    """Both teams sitting out, neither team's passes whole rounds, and the alternating layout without a
    break (``zero_possible``): where the layout needs team B's deal, up to seconds, and nothing else
    comes near it (the others give the rotation layout's hundreds or thousands of breaks, after
    seconds, or nothing).  At any number of games: below :data:`SMALL_GAMES` the deal mostly takes
    well under a second, but teams one apart with many boards take up to 4 s there (63 against 62
    on 42, where the closed form fails; 64 against 63 on 56: 4 to 5.5 s), and the layout's small
    share of the time cut it short in some runs, leaving the rotation layout's 305 breaks (610 in a
    double round) where the layout has none."""
    return (
        2 < boards < min(size_a, size_b)
        and size_a % boards != 0
        and size_b % boards != 0
        and zero_possible(size_a, size_b)
    )


def _share(fraction: float) -> float | None:
    """A deadline ``fraction`` of the way from now to the construction's deadline (at least 1 s on),
    so that a layout tried first leaves the others their time; ``None`` without a deadline."""
    deadline = _DEADLINE.get()
    if deadline is None:
        return None
    now = time.monotonic()
    return min(deadline, now + max(1.0, fraction * (deadline - now)))


def both_sit_out_schedule(size_a: int, size_b: int, boards: int, rotation_first: bool = False) -> Schedule | None:
    """Both teams sitting out (boards below both sizes), in order until one answers: the match of the
    same teams on as many boards as the smaller team has players (the equal design when the teams are
    equal; :func:`one_team_full`, and :func:`full_side_schedule`'s when that differs), re-cut into
    rounds of ``boards`` games (``models/constructions/recut.py``), or played backwards and re-cut; the rotation
    layout with one team alternating (:func:`rotation_alternating_schedule`); the re-cut without rule
    3, coloured again (:func:`_recoloured`); the rotation layout coloured by the colour model
    (:func:`rotation_schedule`).  ``rotation_first``: the rotation layout with one team alternating
    before the re-cuts, a re-cut then taken only with fewer breaks (teams one apart, where the re-cut's
    bases take seconds and seldom cut).  ``None`` if none answers, or at the deadline."""
    large, small = max(size_a, size_b), min(size_a, size_b)
    deadline = _DEADLINE.get()

    @functools.cache
    def base() -> tuple[Schedule | None, bool]:
        """The base match and whether it is already the one without a break, built once when asked."""
        return (construct(small), True) if large == small else _one_team_full(large, small)

    def recut_either(start: Schedule | None) -> Schedule | None:
        if start is None:
            return None
        built = recut(start, boards, deadline)
        return built if built is not None else recut(reverse_rounds(start), boards, deadline)

    def recut_full_side() -> Schedule | None:
        # the schedule without a break may not re-cut where the constructions' does
        return None if base()[1] else recut_either(full_side_schedule(large, small))

    def recoloured_base() -> Schedule | None:
        start = base()[0]
        return _recoloured(start, boards) if start is not None else None

    recuts: list[Callable[[], Schedule | None]] = [lambda: recut_either(base()[0]), recut_full_side]
    # The rotation layouts and the re-cut coloured again may each answer where the others do not,
    # and none has the fewest breaks everywhere: the best of those answering in time.
    others: list[Callable[[], Schedule | None]] = [
        lambda: _polished(rotation_alternating_schedule(large, small, boards)),
        recoloured_base,
        lambda: _as_large_first(rotation_schedule(size_a, size_b, boards), size_a < size_b),
        lambda: _as_large_first(rotation_schedule(size_b, size_a, boards), size_b < size_a),
    ]
    best: Schedule | None = None
    best_breaks = 0
    steps = others[:1] + recuts + others[1:] if rotation_first else recuts + others
    for step in steps:
        if _past_deadline():
            break
        if (built := step()) is None:
            continue
        if step in recuts:  # a re-cut keeps its base's breaks: take it (where it has fewer)
            if best is None or _schedule_breaks(built) < best_breaks:
                best = built
            break
        breaks = _schedule_breaks(built)
        if best is None or breaks < best_breaks:
            best, best_breaks = built, breaks
            if breaks == 0:
                break
    if best is None:
        return None
    return swap_teams(best) if size_a < size_b else best


def _as_large_first(schedule: Schedule | None, swap: bool) -> Schedule | None:
    return swap_teams(schedule) if schedule is not None and swap else schedule


def _polished(schedule: Schedule | None) -> Schedule | None:
    """``schedule`` with its colours chosen again (:func:`_recolour`) when that has fewer breaks."""
    if schedule is None:
        return None
    better = _recolour(schedule)
    return better if better is not None and _schedule_breaks(better) < _schedule_breaks(schedule) else schedule


def _recoloured(base: Schedule, boards: int) -> Schedule | None:
    """The re-cut of ``base`` without rule 3 (its games and sit-outs in turn only), coloured again
    (:func:`_recolour`); ``None`` when either finds nothing.  It answers some sizes the re-cut cannot
    order (9 against 14 on 2 boards), since the colour model may change colours that the re-cut has to
    keep."""
    cut = recut(base, boards, _DEADLINE.get(), balanced=False)
    return _recolour(cut) if cut is not None else None


def _recolour(schedule: Schedule) -> Schedule | None:
    """The colour-only model (:func:`_coloured`) over ``schedule``'s pairings, started from its colours
    (which need not keep rule 3)."""
    if _past_deadline():
        return None
    pairs = [[(game.a_player.number, game.b_player.number) for game in games] for games in schedule.rounds]
    colours = [[game.a_white for game in games] for games in schedule.rounds]
    return _coloured(pairs, schedule.team_a, schedule.team_b, lambda r, i: colours[r][i])


def _sit_out_windows(p: int, m: int) -> list[range]:
    """Sitting out m of p rounds in turn: after t rounds a player has sat out floor or ceil of t*m/p,
    so its j-th sit-out (from 1) falls in rounds floor((j-1)p/m) + 1 .. ceil(jp/m), counted from 1;
    the j-th range here, counted from 0."""
    return [range((j - 1) * p // m, -(-j * p // m)) for j in range(1, m + 1)]


def _sit_out_choices(p: int, m: int, new: int) -> list[list[int]]:
    """A few ways for the new A player of :func:`with_extra_a` to sit out ``m`` of ``p`` rounds in
    turn while playing round ``new``: each sit-out earliest, latest, or in the middle of what is left
    of its window (:func:`_sit_out_windows`)."""
    windows = [[r for r in window if r != new] for window in _sit_out_windows(p, m)]
    out: list[list[int]] = []
    for pick in (0.5, 0.0, 1.0):
        chosen: list[int] = []
        for window in windows:
            options = [r for r in window if not chosen or r > chosen[-1]]
            if not options:
                break
            chosen.append(options[round(pick * (len(options) - 1))])
        if len(chosen) == m and chosen not in out:
            out.append(chosen)
    return out


def _displace_window(sat_out: set[int], rounds: int, m: int) -> range:
    """The rounds r for which sitting out ``sat_out`` and r keeps a player's sit-outs in turn."""
    first, end, count = 0, rounds, 0
    for t in range(1, rounds + 1):
        count += (t - 1) in sat_out
        low, high = t * m // rounds, -(-t * m // rounds)
        if count > high or count + 1 < low:
            return range(0)
        if count == high:
            first = t  # the extra sit-out comes after round t
        if count + 1 == low:
            end = min(end, t)  # ... and by round t
    return range(first, end)


def with_extra_a(base: Schedule) -> Schedule | None:
    """Add an A player and a round to a match whose team B plays every round; ``None`` if no fit.

    ``base`` has p - 1 A players against k B players on k boards over p - 1 rounds (the equal
    design when p - 1 = k).  A new round q is inserted, and the new player A_p sits out m = p - k
    of the p rounds, in turn, playing q.  In each other round r it plays, it takes over the game
    of one A player a_r, with a_r's opponent b_r and colours; a_r meets b_r instead in round q,
    with the colour it had in round r, and A_p meets there the one B player it has not met.  So
    every base round keeps its colours, each a_r swaps a game for one of the same colour (rule 1),
    and the A Whites of round q are A_p's Whites: rule 3 there is rule 1 for A_p.  The A players
    not displaced sit out round q.  Which a_r in each round is a small CP-SAT model
    (:func:`_displace`): no A player twice, every B player once but one, rules 1 and 2 for A_p,
    no three games of one colour running for a_r or b_r, B players' Whites still balanced, and
    every player's sit-outs in turn; fewest added breaks.  Round q is tried a quarter of the way in,
    three quarters, at the end, at the start and in the middle.
    """
    p, k = base.team_a + 1, base.boards
    if base.team_b != base.boards or base.n_rounds != p - 1:
        raise ValueError("with_extra_a needs a base whose team B plays every round, one round per A player")
    m = p - k
    for q in dict.fromkeys(((p - 1) // 4, 3 * (p - 1) // 4, p - 1, 0, (p - 1) // 2)):
        shift = [r if r < q else r + 1 for r in range(p - 1)]  # base round -> round in the new schedule
        a_col: dict[int, dict[int, bool]] = {a: {} for a in range(1, p)}  # A player -> new round -> White
        b_col: dict[int, dict[int, bool]] = {b: {} for b in range(1, k + 1)}
        opp: dict[tuple[int, int], int] = {}
        for r, games in enumerate(base.rounds):
            for game in games:
                a, b = game.a_player.number, game.b_player.number
                a_col[a][shift[r]] = game.a_white
                b_col[b][shift[r]] = not game.a_white
                opp[a, shift[r]] = b
        # Per base player: the rounds where displacing it keeps its sit-outs in turn, and whether
        # it may stay (then it sits out round q).
        may: dict[int, range] = {}
        may_stay: set[int] = set()
        for a, mine in a_col.items():
            out = {r for r in range(p) if r not in mine and r != q}
            may[a] = _displace_window(out, p, m)
            if q in may[a]:  # sitting out q instead keeps it in turn just as well
                may_stay.add(a)
        for tried, sit_outs in enumerate(_sit_out_choices(p, m, q)):
            # The first choice even up to DISPLACE_GRACE past the deadline: the base is built by then
            # (at 93 against 90, 1.7 s of 2.6 s), and where a layout before it took the construction's
            # share this is the only answer there is (90 against 93 on 90 ended in exit 3).
            deadline = _DEADLINE.get()
            grace = 0.0 if tried else DISPLACE_GRACE
            if deadline is not None and time.monotonic() >= deadline + grace:
                return None
            played = [r for r in range(p) if r not in sit_outs and r != q]
            found = _displace(a_col, b_col, opp, played, q, may, may_stay, k, grace)
            if found is None:
                continue
            chosen, b_new, new_white = found
            pairings: list[list[tuple[int, int, bool]]] = [[] for _ in range(p)]
            for r, games in enumerate(base.rounds):
                for g in games:
                    a = g.a_player.number
                    mover = chosen.get(shift[r]) == a
                    pairings[shift[r]].append((p if mover else a, g.b_player.number, g.a_white))
            pairings[q] = [(a, opp[a, r], a_col[a][r]) for r, a in sorted(chosen.items())] + [(p, b_new, new_white)]
            return Schedule.from_pairings([sorted(row) for row in pairings], team_a=p, team_b=k)
    return None


def _displace(
    a_col: dict[int, dict[int, bool]],
    b_col: dict[int, dict[int, bool]],
    opp: dict[tuple[int, int], int],
    played: list[int],
    q: int,
    may: dict[int, range],
    may_stay: set[int],
    k: int,
    grace: float = 0.0,
) -> tuple[dict[int, int], int, bool] | None:
    """The assignment model of :func:`with_extra_a`: (round -> displaced A player, the B player
    A_p meets in round q, whether A_p has White there), or ``None``; ``grace``: seconds it may run
    past the construction's deadline.

    Only a schedule is asked for, not the fewest breaks: minimising makes the model ten times
    slower at 100 players and gains little; the designer's colour search improves the result.
    """
    a_rounds = {a: sorted(mine) for a, mine in a_col.items()}
    b_rounds = {b: sorted(mine) for b, mine in b_col.items()}
    b_seq = {b: [b_col[b][r] for r in b_rounds[b]] for b in b_col}
    playing = set(played)
    cells: list[tuple[int, int]] = []  # (round, A player) that A_p may take over
    for a, rounds in a_rounds.items():
        seq, window, where = [a_col[a][r] for r in rounds], may[a], bisect.bisect(rounds, q)
        for i, r in enumerate(rounds):
            if r not in window or r not in playing:
                continue
            colour, b = seq[i], opp[a, r]
            moved = seq[:i] + seq[i + 1 :]
            at = where - (i < where)
            moved.insert(at, colour)
            b_at = bisect.bisect(b_rounds[b], q)
            b_moved = [*b_seq[b][:b_at], not colour, *b_seq[b][b_at:]]
            if (
                _runs_ok_near(moved, (min(i + (at <= i), len(moved) - 1), at))
                and _runs_ok_near(b_moved, (b_at,))
                and abs(2 * sum(b_moved) - len(b_moved)) <= 1
            ):
                cells.append((r, a))
    model = cp_model.CpModel()
    d = {cell: model.new_bool_var(f"displace[r{cell[0] + 1},A{cell[1]}]") for cell in cells}
    # y[b, white]: A_p meets b in round q, with White when ``white``.
    y: dict[tuple[int, bool], cp_model.IntVar] = {}
    for b, mine in b_seq.items():
        at = bisect.bisect(b_rounds[b], q)
        for white in (True, False):
            moved = [*mine[:at], not white, *mine[at:]]
            if _runs_ok_near(moved, (at,)) and abs(2 * sum(moved) - len(moved)) <= 1:
                y[b, white] = model.new_bool_var(f"meets_new[B{b},{'W' if white else 'B'}]")
    by_round: dict[int, list[cp_model.IntVar]] = {r: [] for r in played}
    whites_in: dict[int, list[cp_model.IntVar]] = {r: [] for r in played}
    by_a: dict[int, list[cp_model.IntVar]] = {a: [] for a in a_col}
    by_b: dict[int, list[cp_model.IntVar]] = {b: [] for b in b_col}
    for (r, a), v in d.items():
        by_round[r].append(v)
        by_a[a].append(v)
        by_b[opp[a, r]].append(v)
        if a_col[a][r]:
            whites_in[r].append(v)
    for (b, _white), v in y.items():
        by_b[b].append(v)
    for group in (*by_round.values(), *by_b.values(), list(y.values())):
        model.add_exactly_one(group) if group else model.add_bool_or([])
    for a, group in by_a.items():
        if a not in may_stay:
            model.add_exactly_one(group) if group else model.add_bool_or([])
        elif group:
            model.add_at_most_one(group)
    # A_p's colours in round order: White in round r exactly when the game it takes over has A White.
    whites: list[BoolLit] = []
    for r in sorted([*played, q]):
        new_white = model.new_bool_var(f"new_white[r{r + 1}]")
        taken_white = [v for (_b, w), v in y.items() if w] if r == q else whites_in[r]
        model.add(new_white == sum(taken_white))
        whites.append(new_white)
    model.add_linear_constraint(sum(whites), k // 2, (k + 1) // 2)  # rule 1 for A_p, so rule 3 in round q
    _add_break_literals(model, whites, "new")  # rule 2 for A_p
    solver = _solver(len(d), grace)
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    chosen = {r: a for (r, a), v in d.items() if solver.boolean_value(v)}
    b_new, white_new = next(key for key, v in y.items() if solver.boolean_value(v))
    return chosen, b_new, white_new


def _breaks(colours: list[bool]) -> int:
    return sum(map(operator.eq, colours, colours[1:]))


def _runs_ok_near(colours: list[bool], positions: tuple[int, ...]) -> bool:
    """No three of one colour running through any of ``positions`` (the rest is known to be fine)."""
    for j in positions:
        for s in range(max(0, j - 2), min(len(colours) - 2, j + 1)):
            if colours[s] == colours[s + 1] == colours[s + 2]:
                return False
    return True


def grouped_schedule(p: int, k: int) -> Schedule | None:
    """Odd p against even k (p - k >= 3), or p = k = 2 mod 4, team B playing every round: pairs of A
    players and one group; ``None`` when no group size tried gives a schedule within the work limits.

    As in :func:`paired_classes`, team B's players all alternate (half White in odd rounds, half in
    even ones), so every A player must play an even number of games in even rounds (the
    argument of :func:`even_pattern`), and two A players who sit out together and always meet
    opposite classes keep every round's count of games against X right.  With p odd not every A
    player can have a partner, and with p = k = 2 mod 4 the pairs alone cannot all have that
    parity: the (p - g)/2 pairs and a group of g players (g of p's parity) share the rounds.  The
    sit-outs come from :func:`_pass_pattern` in closed form (every row's m = p - k sit-outs in turn,
    the parity for every row, and as many of the group sitting out each round as m mod 2, so that an
    even number of the group plays), or, if that gets stuck for every group size tried, from the
    sit-out model :func:`_unit_pattern`.  Each pair's colours are then chosen in closed form
    (:func:`_colours_with_count`) or by a small model where its stretches are too short
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
        rows
        for g in range(smallest, min(p - 1, smallest + 2 * PASS_GROUP_SIZES), 2)
        if (rows := _pass_pattern(p, k, g))
    )
    searched = (
        rows
        for g in dict.fromkeys((smallest, three, smallest + 2, three + 2))
        if g < p and (rows := _unit_pattern(p, k, g))
    )
    for rows in itertools.chain(itertools.islice(closed, PASS_GROUP_TRIES), searched):
        deadline = _DEADLINE.get()
        if deadline is not None and time.monotonic() >= deadline:
            return None
        found = _pairs_and_group(p, k, rows)
        if found is not None:
            return from_classes(p, k, found)
    return None


def _pairs_and_group(p: int, k: int, rows: list[list[bool]]) -> Classes | None:
    """The classes of :func:`grouped_schedule` over sit-outs ``rows`` (pairs first, then the group).

    A pair's first player takes the closed-form colours of :func:`_colours_with_count` where they
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
        colours = _colours_with_count(mine, k // 2)
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


def odd_k_schedule(p: int, k: int) -> Schedule | None:
    """Even p against odd k, team B playing every round: pairs, a group, and one B player Z apart;
    ``None`` when the class model finds nothing within its work limit.

    Team B's other k - 1 players alternate, half White in odd rounds (X) and half in even ones (Y),
    and Z alternates as X does.  The sit-outs come from :func:`_pass_pattern` (pairs sitting out
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
        deadline = _DEADLINE.get()
        if deadline is not None and time.monotonic() >= deadline:
            return None
        pairs = (p - g) // 2
        targets = _z_targets(p, k, g)
        rows = _pass_pattern(p, k, g, targets=targets) if targets is not None else None
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
        solver = _solver(len(cls))
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
    solver = _solver(len(z))
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
            breaks += _add_break_literals(model, whites, f"A{a + 1}")
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


def _unit_pattern(p: int, k: int, g: int) -> list[list[bool]] | None:
    """The sit-outs of :func:`grouped_schedule`: ``plays[row][round]`` for the (p - g)/2 pairs, then
    the g group members; ``None`` when the model finds none within its work limit."""
    m, pairs = p - k, (p - g) // 2
    rows = pairs + g
    even_rounds = (p + 1) // 2
    # Consecutive windows share at most one round, and a row sits out a round once, so the sit-outs
    # come in order.
    windows = _sit_out_windows(p, m)
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
    solver = _solver(rows * p // 4)
    solver.parameters.max_deterministic_time = min(solver.parameters.max_deterministic_time, PATTERN_WORK_LIMIT)
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [[not any(solver.boolean_value(v) for v in out[a, r]) for r in range(p)] for a in range(rows)]


def _pass_pattern(
    p: int, k: int, g: int, parity: bool = True, targets: tuple[list[int], list[int]] | None = None
) -> list[list[bool]] | None:
    """The sit-outs of :func:`grouped_schedule` in closed form with a repair, no solver: ``plays[row]
    [round]`` for the (p - g)/2 pairs, then the g group members; ``None`` if the repair gets stuck.

    Lay the p*m sit-outs (m = p - k) out in one sequence, m a round, in m *passes* of p places each,
    and let every row take one place (a pair two next to each other in one round) in every pass:
    whatever the order inside a pass, a row's j-th sit-out then falls in the j-th pass, so after
    every round teammates' counts differ by at most one (in turn).  A pass cuts the rounds it meets
    into *chunks*; a chunk of odd size holds an odd number of group members, the rest go in twos,
    and pairs fill what is left.  Rows first take their places in the same order in every pass.
    What is left is the parity :func:`grouped_schedule` needs: every row sits out a number of even
    rounds (from 0) of the parity of (p + 1)/2.  Swapping two rows of one kind inside a pass, where
    they sit out rounds of different parity, changes both rows' parities, so the rows whose parity is
    wrong are fixed two at a time along shortest chains of such swaps (:func:`_parity_repair`); an odd
    number of wrong pairs first trades places with two group members of one round.  The group's
    wrong rows are even in number (the count of sit-outs in even rounds fixes their sum), so the
    repair always has partners; it can only fail by finding no chain.
    """
    m, pairs = p - k, (p - g) // 2
    want = (p + 1) // 2 % 2
    pair_round: list[list[int]] = []  # [pass][place]: the round of each pair's place
    member_round: list[list[int]] = []
    for j in range(m):
        chunks: list[tuple[int, int]] = []  # (round, size)
        place = j * p
        while place < (j + 1) * p:
            r = place // m
            end = min((r + 1) * m, (j + 1) * p)
            chunks.append((r, end - place))
            place = end
        members = [size % 2 for _r, size in chunks]
        extra = g - sum(members)
        if extra < 0:
            return None
        # The other members go in twos, the roomiest chunk first, round and round.
        by_room = sorted(range(len(chunks)), key=lambda c: (members[c] - chunks[c][1], c))
        while extra:
            roomy = [c for c in by_room if chunks[c][1] - members[c] >= 2]
            if not roomy:
                return None
            for c in roomy[: extra // 2]:
                members[c] += 2
                extra -= 2
        pair_round.append([r for (r, size), n in zip(chunks, members, strict=True) for _ in range((size - n) // 2)])
        member_round.append([r for (r, _size), n in zip(chunks, members, strict=True) for _ in range(n)])
    pair_rows = [list(range(pairs)) for _ in range(m)]  # [pass][place]: the row there
    member_rows = [list(range(g)) for _ in range(m)]
    # ``targets``: each pair's and each member's sit-outs in even rounds mod 2, if not all ``want``.
    pair_want, member_want = targets or ([want] * pairs, [want] * g)
    wrong = _parity_repair(pair_rows, pair_round, pair_want) if parity else []
    if wrong is None:
        return None
    if wrong and not _trade_with_members(wrong[0], (pair_rows, pair_round), (member_rows, member_round)):
        return None
    if parity and _parity_repair(member_rows, member_round, member_want) != []:
        return None
    plays = [[True] * p for _ in range(pairs + g)]
    for offset, rows_at, round_at in ((0, pair_rows, pair_round), (pairs, member_rows, member_round)):
        for at, rounds in zip(rows_at, round_at, strict=True):
            for row, r in zip(at, rounds, strict=True):
                plays[offset + row][r] = False
    return plays


def _sit_outs_by_row(rows_at: list[list[int]], round_at: list[list[int]]) -> list[list[int]]:
    """``[row][pass]``: the round a row sits out in each pass."""
    out = [[0] * len(rows_at) for _ in rows_at[0]]
    for j, (at, rounds) in enumerate(zip(rows_at, round_at, strict=True)):
        for row, r in zip(at, rounds, strict=True):
            out[row][j] = r
    return out


def _parity_repair(rows_at: list[list[int]], round_at: list[list[int]], want: list[int]) -> list[int] | None:
    """Swap rows inside passes (in place) until each row sits out ``want[row]`` mod 2 even rounds, two rows
    at a time; the rows still wrong (at most one unless stuck), or ``None`` when the repair ran long.

    A chain c -> x1 -> ... -> t of swaps, each inside one pass between rows sitting out rounds of
    different parity, changes the parity of c and t only; two swaps in a row in the same pass would
    undo each other's change, so the search forbids that.  A swap never makes a row sit out a round
    twice (rounds a pass shares with the next)."""
    passes = len(rows_at)
    sits = _sit_outs_by_row(rows_at, round_at)
    n = len(sits)
    place = [{row: i for i, row in enumerate(at)} for at in rows_at]
    wrong = {row for row in range(n) if sum(1 for r in sits[row] if r % 2 == 0) % 2 != want[row]}

    def can_swap(u: int, v: int, j: int) -> bool:
        ru, rv = sits[u][j], sits[v][j]
        return (ru - rv) % 2 == 1 and rv not in sits[u] and ru not in sits[v]

    deadline = _DEADLINE.get()
    for _ in range(4 * n + 10):
        if len(wrong) < 2:
            return sorted(wrong)
        if deadline is not None and time.monotonic() >= deadline:
            return None
        start = min(wrong)
        # Breadth first over (row, the pass of the swap that reached it).
        came: dict[tuple[int, int], tuple[int, int] | None] = {(start, -1): None}
        queue = [(start, -1)]
        found: tuple[int, int] | None = None
        for u, last in queue:
            for v in range(n):
                for j in range(passes):
                    if j != last and v != start and (v, j) not in came and can_swap(u, v, j):
                        came[v, j] = (u, last)
                        queue.append((v, j))
                        if v in wrong:
                            found = (v, j)
                            break
                if found:
                    break
            if found:
                break
        if found is None:
            return sorted(wrong)
        chain: list[tuple[int, int, int]] = []
        state: tuple[int, int] | None = found
        while state is not None and came[state] is not None:
            before = came[state]
            assert before is not None
            chain.append((before[0], state[0], state[1]))
            state = before
        if len({u for u, _v, _j in chain}) < len(chain):
            return sorted(wrong)  # the chain meets itself: not a plain swap sequence
        for u, v, j in reversed(chain):
            if not can_swap(u, v, j):
                break  # an earlier swap of the chain changed this one: search again
            pu, pv = place[j][u], place[j][v]
            rows_at[j][pu], rows_at[j][pv] = v, u
            place[j][u], place[j][v] = pv, pu
            sits[u][j], sits[v][j] = sits[v][j], sits[u][j]
            wrong ^= {u, v}
    return None


def _trade_with_members(
    pair: int, pairs: tuple[list[list[int]], list[list[int]]], members: tuple[list[list[int]], list[list[int]]]
) -> bool:
    """Move ``pair``'s place in one pass to a round of the other parity, where two group members sit
    out together, and the two members to the pair's round (in place); ``False`` if none fits."""
    (pair_rows, pair_round), (member_rows, member_round) = pairs, members
    pair_sits = _sit_outs_by_row(pair_rows, pair_round)[pair]
    member_sits = _sit_outs_by_row(member_rows, member_round)
    for j, (at, rounds) in enumerate(zip(pair_rows, pair_round, strict=True)):
        mine = rounds[at.index(pair)]
        for r in sorted(set(member_round[j])):
            both = [i for i, rr in enumerate(member_round[j]) if rr == r][:2]
            if (r - mine) % 2 == 0 or len(both) < 2 or r in pair_sits:
                continue
            if any(mine in member_sits[member_rows[j][i]] for i in both):
                continue
            rounds[at.index(pair)] = r
            for i in both:
                member_round[j][i] = mine
            return True
    return False


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
        breaks += _add_break_literals(model, whites, f"G{a + 1}")
    found: dict[tuple[int, int], bool] | None = None
    for objective in (False, True):
        if objective:
            model.minimize(sum(breaks))
        solver = _solver(len(cls))
        solver.parameters.max_deterministic_time = min(solver.parameters.max_deterministic_time, GROUP_WORK_LIMIT)
        status = solver.solve(model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break  # no answer at all, or none better than the one kept
        found = {key: solver.boolean_value(var) for key, var in cls.items()}
        for key, var in cls.items():
            model.add_hint(var, found[key])
    return found


def odd_odd_schedule(p: int, k: int) -> Schedule | None:
    """Odd p against odd k with gcd(p, k) = 1, team B playing every round, in closed form with no
    break at all; ``None`` for any other p and k.

    The sit-outs are the rotation's (:func:`rotation_plays`): in round r (from 0) board j holds A
    player (j + r*k) mod p, which goes round the circle of A players, so sit-outs go in turn.  B
    player j plays board j in every round, so it meets A players j, j + k, j + 2k, ... (mod p):
    every one of them once, as k is prime to p.  The B players on odd boards (there are (k - 1)/2)
    are the X of the module docstring, White in even rounds (from 0), those on even boards the Y,
    White in odd rounds: each alternates, and each round team B has (k - 1)/2 or (k + 1)/2 Whites,
    (k*p - 1)/2 over the match, and team A the rest (rule 3).

    Every A player alternates perfectly too.  Its board goes down by k each round (mod p): from a
    board below k, which it plays, it wraps round once, and then goes down by k through the boards
    k .. p - 1, where it sits out, until it plays again.  So between two games d rounds apart its
    board changes by p - d*k, of the parity of d + 1 (p and k odd): the classes of its opponents
    differ exactly when d is even, and the parities of the rounds exactly when d is odd, so its
    colour, which is White exactly when the class is X and the round odd or the class Y and the
    round even, changes every time.  With k games, an odd number, that is (k - 1)/2 or (k + 1)/2
    Whites (rule 1), no two games of one colour in a row (rule 2) and no break.  As k is prime to
    p, an A player meets each board's B player once, so (k - 1)/2 times X, as the count wants.

    (With gcd(p, k) = g > 1 an A player plays only the boards of its residue mod g, each g times, so
    it meets X a multiple of g times, never (k - 1)/2: there is nothing here for those sizes.)
    """
    if p % 2 == 0 or k % 2 == 0 or p <= k or math.gcd(p, k) != 1:
        return None
    return _board_schedule(p, k, [j % 2 == 1 for j in range(k)])


def even_odd_schedule(p: int, k: int) -> Schedule | None:
    """Even p against odd k with gcd(p, k) = 1, team B playing every round, in closed form with at
    most one break for each A player; ``None`` for any other p and k.

    As in :func:`odd_odd_schedule`: the rotation's sit-outs, B player j on board j in every round
    (meeting every A player once), alternating, the boards split into (k - 1)/2 of class X (White in
    even rounds, from 0) and (k + 1)/2 of class Y; only the split differs.  Follow an A player's
    boards from game to game: from board b it goes down by k (mod p) each round until it is below k
    again, d rounds later, and so it runs through the cycle of all k boards (k is prime to p) once
    in every p rounds, the same cycle for every A player.  Its colour changes between the two games
    exactly when the classes of the two boards differ and d is even, or agree and d is odd.  Ask
    every edge of the cycle for that: the number of edges asking for a change of class is the number
    with d even, of the parity of the sum of the d, p, and of k edges: odd, so round the cycle no
    split of the boards gives every edge what it asks.  Give it to all but one edge v: the classes
    are then fixed, given the class of board 0, and every A player breaks at most once, where it
    crosses v (not if v is where its cycle closes, from its last game to its first).  With k games,
    an odd number, one break leaves (k - 1)/2 or (k + 1)/2 Whites (rule 1) and no three games of
    one colour in a row (rule 2).

    The count wants (k - 1)/2 boards of class X (each A player then meets X that often, and so does
    every round).  Let n(v) be the boards of class X with board 0 of class Y.  Moving v one edge on
    changes the class of the one board between the two edges, so n moves by one; and v on the
    cycle's first edge (from board 0) turns every other board over against v on its last (back to
    board 0), so n(first) + n(last) = k - 1.  Between the two there is a v with n(v) = (k - 1)/2.
    Turning every board over keeps the changes, so a v with n(v) = (k + 1)/2 does as well, board 0
    then of class X.  Of all these v the one where the most A players' cycles close is taken (the
    first such one on a tie).
    """
    if p % 2 or k % 2 == 0 or p <= k or math.gcd(p, k) != 1:
        return None
    cycle = _board_cycle(p, k)
    # Where each A player's cycle closes: the board of its last game (it then goes on to its first).
    closing = [0] * k
    for a in range(p):
        last = max(r for r in range(p) if (a - r * k) % p < k)
        closing[(a - last * k) % p] += 1
    best: tuple[int, list[bool]] | None = None
    for v in range(k):
        x_class = [False] * k
        cls = False
        for i, (_board, d) in enumerate(cycle[:-1]):
            cls ^= (d % 2 == 0) != (i == v)  # the class changes unless d is odd, except at v
            x_class[cycle[i + 1][0]] = cls
        if sum(x_class) == k // 2 + 1:  # the other way round: board 0 of class X
            x_class = [not x for x in x_class]
        if sum(x_class) == k // 2 and (best is None or closing[cycle[v][0]] > best[0]):
            best = closing[cycle[v][0]], x_class
    if best is None:
        raise RuntimeError(f"no split of the boards for {p} against {k} (bug: one always exists)")
    return _board_schedule(p, k, best[1])


def _board_cycle(p: int, k: int) -> list[tuple[int, int]]:
    """An A player's boards in the order it plays them under the rotation, from board 0, each with
    the rounds d to its next game: (board, d), once round the cycle (all k boards when gcd(p, k) = 1)."""
    out: list[tuple[int, int]] = []
    board = 0
    while True:
        d, nxt = 1, (board - k) % p
        while nxt >= k:
            d, nxt = d + 1, (nxt - k) % p
        out.append((board, d))
        board = nxt
        if board == 0:
            return out


def _board_schedule(p: int, k: int, x_class: list[bool]) -> Schedule:
    """The rotation's games with B player j on board j in every round, of class X (White in even
    rounds, from 0) where ``x_class[j]``, else Y; A has the other colour."""
    x_boards = [j for j in range(k) if x_class[j]]
    y_boards = [j for j in range(k) if not x_class[j]]
    # B player numbers: X first, as everywhere in this module, then Y.
    b_of_board = dict(zip([*x_boards, *y_boards], range(1, k + 1), strict=True))
    pairings = []
    for r in range(p):
        row = []
        for j in range(k):
            a_white = x_class[j] != (r % 2 == 0)  # opposite to B's
            row.append(((j + r * k) % p + 1, b_of_board[j], a_white))
        pairings.append(sorted(row))
    return Schedule.from_pairings(pairings, team_a=p, team_b=k)
