"""Every CP-SAT solver of the package is made here, so that none takes over Ctrl-C.

CP-SAT catches SIGINT itself unless told not to, and when such a solve returns it leaves the
*default* action for SIGINT behind, not the handler that was there before: after one solve run
that way, the next Ctrl-C kills the process with no output, instead of reaching the command line's
handler (``solver/cli/design.py``), which stops the search and keeps the best schedule so far
(``solver/run/stop.py``).  Construction steps in ``models/`` solve small models of their own, so the
rule must hold there too, not only in the searches that :func:`scheveningen.solver.run.stop.solve` runs.
"""

from __future__ import annotations

from ortools.sat.python import cp_model


def new_solver(
    *, workers: int, seed: int | None = None, seconds: float | None = None, work: float | None = None
) -> cp_model.CpSolver:
    """A CP-SAT solver with ``workers`` threads that leaves SIGINT alone; ``seed``, ``seconds`` (wall
    clock) and ``work`` (deterministic time) are set where given, CP-SAT's defaults kept otherwise."""
    solver = cp_model.CpSolver()
    solver.parameters.catch_sigint_signal = False
    solver.parameters.num_workers = workers
    if seed is not None:
        solver.parameters.random_seed = seed
    if seconds is not None:
        solver.parameters.max_time_in_seconds = seconds
    if work is not None:
        solver.parameters.max_deterministic_time = work
    return solver
