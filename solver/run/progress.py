"""The progress a CP-SAT search reports: breaks of the best schedule so far, the proven bound, time.

A search of a design run (``solver/design/run.py``) hands this to the solver; it calls the run's
:data:`~scheveningen.solver.run.params.ProgressCallback` on every new solution and every better bound.
"""

from __future__ import annotations

import time

from ortools.sat.python import cp_model

from scheveningen.solver.run.params import ProgressCallback


class SolveProgress(cp_model.CpSolverSolutionCallback):
    """Reports (breaks, bound, seconds) on every new solution and every better bound."""

    def __init__(self, callback: ProgressCallback, started: float, incumbent: float) -> None:
        super().__init__()
        self._callback = callback
        self._started = started
        self._objective = incumbent
        self._bound = 0.0

    def on_solution_callback(self) -> None:
        self._objective = self.objective_value
        self._bound = self.best_objective_bound
        self._report()

    def on_bound(self, bound: float) -> None:
        self._bound = bound
        self._report()

    def _report(self) -> None:
        self._callback(self._objective, self._bound, time.monotonic() - self._started)
