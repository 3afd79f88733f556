"""One "stop requested" flag that every search in the process obeys.

An interrupt (Ctrl-C, SIGTERM) must end the search but keep what it found: the command line
calls :func:`request`, every CP-SAT solve started through :func:`solve` is told to stop
(``stop_search``: it returns at once with its best solution so far), a solve started after the
request is given no time at all, and any search loop (a large-neighbourhood search, a sequence
of stages) checks :func:`requested` between its steps and returns its best so far.

The flag is process-wide: one process runs one design.  :func:`reset` clears it (tests, and
the command line before a run).
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the stop flag is set by commands that have not loaded a solver
    from ortools.sat.python import cp_model

_requested = threading.Event()
_lock = threading.Lock()
_active: set[cp_model.CpSolver] = set()


def request() -> None:
    """Ask every search to stop now and return its best so far (safe from any thread)."""
    _requested.set()
    _stop_active()


def requested() -> bool:
    """True once a stop has been requested: a search loop returns its best so far."""
    return _requested.is_set()


def reset() -> None:
    """Clear the request (before a new run)."""
    _requested.clear()


def wait(seconds: float) -> bool:
    """Sleep up to ``seconds``, waking early on a stop request; True when a stop was requested."""
    return _requested.wait(seconds)


def solve(
    solver: cp_model.CpSolver, model: cp_model.CpModel, callback: cp_model.CpSolverSolutionCallback | None = None
) -> cp_model.CpSolverStatus:
    """``solver.solve(model, callback)``, stopped by :func:`request`.

    CP-SAT's own Ctrl-C handler is switched off (the command line installs one for SIGINT and
    SIGTERM alike).  A request that arrives before the C++ search has started is repeated by
    :func:`_stop_active` until the solve returns.
    """
    solver.parameters.catch_sigint_signal = False
    if _requested.is_set():
        solver.parameters.max_time_in_seconds = 0.0
    with _lock:
        _active.add(solver)
    try:
        return solver.solve(model, callback)
    finally:
        with _lock:
            _active.discard(solver)


def _stop_active() -> None:
    """Tell every running solve to stop, and keep telling it until it has returned: a solve
    registered a moment before its search starts ignores ``stop_search``.  A :func:`reset` ends the
    telling, so that the solves of the next run are left alone."""

    def keep_stopping() -> None:
        deadline = time.monotonic() + 5.0
        while time.monotonic() < deadline and _requested.is_set():
            with _lock:
                solvers = list(_active)
            if not solvers:
                return
            for solver in solvers:
                solver.stop_search()
            time.sleep(0.05)

    threading.Thread(target=keep_stopping, name="stop-search", daemon=True).start()
