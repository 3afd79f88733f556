"""The limits of the large-neighbourhood search and what it records.

:class:`Budget` holds the limits of one sub-solve (wall seconds, CP-SAT's deterministic time, workers,
seed); :class:`SearchLog` what :func:`~scheveningen.solver.scale.lns.improve.improve` did.  The helpers
share a repair's time and work out among its sub-solves: :func:`spent` says when a repair must stop
(no time left, its work limit used up, or an interrupt: ``solver/run/stop.py``), :func:`work_cap`
caps one sub-solve's work by what is left, and :func:`first_wall` gives the wall time of a sub-solve
looking for a first solution.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scheveningen.solver.run import stop


@dataclass(frozen=True)
class Budget:
    """Limits for one sub-solve: wall seconds, deterministic time, workers and seed."""

    seconds: float
    work: float
    workers: int = 1
    seed: int = 0


@dataclass
class SearchLog:
    iterations: int = 0
    improvements: int = 0
    work: float = 0.0
    history: list[tuple[float, int]] = field(default_factory=list)  # (seconds, breaks) at each improvement


def spent(left: float, work: float | None, used: float) -> bool:
    """Whether a repair must stop: no wall time ``left``, its work limit used up, or an interrupt."""
    return left <= 0 or (work is not None and used >= work) or stop.requested()


def work_cap(cap: float, work: float | None, used: float) -> float:
    """A sub-solve's deterministic time: ``cap``, or what is left of the repair's work limit when that
    is less (at least 0.001)."""
    return cap if work is None else max(min(cap, work - used), 0.001)


#: The wall seconds of a sub-solve looking for a first solution, when no work limit is given.
FIRST_WALL = 2.0


def first_wall(left: float, work: float | None) -> float:
    """The wall time of a sub-solve looking for a first solution: what is left, at most
    :data:`FIRST_WALL`; under a work limit no wall cap of its own, so that one worker gives one answer."""
    return left if work is not None else min(left, FIRST_WALL)
