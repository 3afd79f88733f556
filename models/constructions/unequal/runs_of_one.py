"""Schedules with no break at all where team B plays every round (q = k < p), from the sit-out model
of ``models/constructions/sitouts.py``, whose answer, sit-outs and modes, is exactly a class
schedule (``paired.py``) in which team A never breaks: with rules 1-3 (:func:`zero_break_schedule`),
or with rule 3 broken by as little as found, every player's runs of one colour
(:func:`runs_of_one_single`).
"""

from __future__ import annotations

from scheveningen.models.bounds.proven import one_full_break_free, record_no_break_free
from scheveningen.models.constructions.classes import from_classes
from scheveningen.models.constructions.double_full_side import (
    SIGN_WORK,
    RunsOfOne,
    alternating_signs,
    class_ladder,
    rotation_sit_outs,
)
from scheveningen.models.constructions.sitouts import Modes, Outcome, zero_break_modes
from scheveningen.models.constructions.unequal.helpers import DEADLINE
from scheveningen.models.domain.schedule import Schedule

#: :func:`zero_break_schedule` is tried up to this many A players (the sit-out model's p*p Booleans
#: rarely settle past about 20; benchmarks/results/unequal_minima/unequal_minima.md) ...
ZERO_BREAK_PLAYERS = 20
#: ... with this much deterministic time.
ZERO_BREAK_WORK = 0.5


def zero_break_schedule(p: int, k: int) -> Schedule | None:
    """p against k on k boards, team B playing every round, with no break at all and rules 1-3 kept,
    from the sit-out model (``models/constructions/sitouts.py``); ``None`` when it finds none within its work."""
    found = zero_break_modes(p, k, ZERO_BREAK_WORK, DEADLINE.get())
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
