"""One design run: the match, the parameters, the clock and the messages its stages share.

Every CP-SAT solve of a design goes through :meth:`DesignRun.solve` (the deadline, the workers, the
seed, the work limit, the stop flag and the progress reports in one place); :meth:`DesignRun.model_options`
gives the options of a model of the run's match or of a variant of it; :meth:`DesignRun.room_to_build`
says whether a full model can still be built before the deadline.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scheveningen.models.domain.match import Match, Objective
from scheveningen.models.domain.rules import Rule
from scheveningen.models.domain.schedule import Schedule
from scheveningen.solver.design.params import Result
from scheveningen.solver.run import stop
from scheveningen.solver.run.params import DesignParams, ProgressCallback

if TYPE_CHECKING:  # OR-Tools is loaded by the first model built, not by a run that never searches
    from ortools.sat.python import cp_model

    from scheveningen.models.cpsat.model import MatchModel, ModelOptions
    from scheveningen.solver.verify.verifier import Verdict


@dataclass(frozen=True)
class Start:
    """A verified schedule to start from (or to answer with), and its breaks.  ``verdict``: the
    verifier's verdict on it for the run's own match, where the check that admitted it was that
    one, so that answering with the start checks it once (a 100-board check is a noticeable part
    of a plain design's whole run)."""

    schedule: Schedule
    breaks: int
    verdict: Verdict | None = None


@dataclass
class DesignRun:
    """What one design run carries through the stages of the strategy table.

    ``use_start`` false makes the model search from nothing (no construction, no shortcut stage).
    ``plain_start`` is the plain match's construction or best known design, once the table's "plain
    start" entry has looked for it; ``first`` is the answer for the variant of the match that the
    entry being run had designed first (``Strategy.first`` in ``solver/design/strategies.py``).
    """

    match: Match
    params: DesignParams
    progress: ProgressCallback | None
    use_start: bool = True
    started: float = field(default_factory=time.monotonic)
    messages: list[str] = field(default_factory=list)
    plain_start: Start | None = None
    first: Result | None = None

    @property
    def deadline(self) -> float:
        return self.started + self.params.time_limit

    @property
    def objective(self) -> Objective:
        return self.match.rules.objective

    @property
    def shortcuts(self) -> bool:
        """Whether the stages before the full model may answer: a start is wanted and ``params.scale``."""
        return self.use_start and self.params.scale

    def first_answer(self) -> Result:
        """The answer for the variant of the match designed first (``first``, set by the table)."""
        if self.first is None:
            raise RuntimeError("the strategy table designs the variant before the entry that uses it runs")
        return self.first

    def out_of_time(self) -> bool:
        """A stop was requested or the deadline has passed."""
        return stop.requested() or time.monotonic() >= self.deadline

    def room_to_build(self) -> bool:
        """Whether a full model can be built, and searched a little, before the deadline.

        Building cannot be interrupted and grows as n cubed, so a stage that has no room says
        so instead of overrunning the time limit (the estimate is doubled for a loaded machine).
        After a stop request (an interrupt) nothing more is built.
        """
        if stop.requested():
            return False
        if 2 * build_seconds(self.match) < self.deadline - time.monotonic():
            return True
        self.messages.append(
            f"the time limit leaves no room to build the model for {self.match.boards} boards "
            f"(about {2 * build_seconds(self.match):.0f} s); a longer --time-limit may find a schedule"
        )
        return False

    def model_options(
        self,
        relaxed: frozenset[Rule] = frozenset(),
        match: Match | None = None,
        objective: Objective | None = None,
        symmetry_breaking: bool | None = None,
    ) -> ModelOptions:
        """The options of a model of this run's match (or of ``match``, a variant of it)."""
        from scheveningen.models.cpsat.model import ModelOptions

        match = self.match if match is None else match
        return ModelOptions(
            boards=match.boards,
            double=match.double,
            relaxed=relaxed,
            formulation=self.params.formulation,
            objective=self.objective if objective is None else objective,
            symmetry_breaking=self.params.symmetry_breaking if symmetry_breaking is None else symmetry_breaking,
            match=match,
        )

    def solve(
        self, mm: MatchModel, show_progress: bool = False, incumbent: float = math.inf
    ) -> tuple[cp_model.CpSolver, cp_model.CpSolverStatus]:
        from scheveningen.models.cpsat.cpsolver import new_solver
        from scheveningen.solver.run.progress import SolveProgress

        solver = new_solver(
            workers=self.params.workers,
            seed=self.params.seed,
            seconds=max(self.deadline - time.monotonic(), 0.01),
            work=self.params.work_limit,
        )
        if show_progress and self.progress is not None:
            reporter = SolveProgress(self.progress, self.started, incumbent)
            solver.best_bound_callback = reporter.on_bound
            return solver, stop.solve(solver, mm.model, reporter)
        return solver, stop.solve(solver, mm.model)


def build_seconds(match: Match) -> float:
    """A generous estimate of the time to build the full model (it grows as n cubed;
    40 boards took 0.9 s on the 2-core benchmark machine).  With players sitting out, the break
    literals span pairs of rounds, (p + q) * rounds^2 of them (58 against 14 on 14: 24 s)."""
    estimate = 2.5e-5 * match.size_a * match.size_b * match.rounds
    if not match.equal_teams:
        estimate = max(estimate, 1e-4 * (match.size_a + match.size_b) * match.rounds**2)
    return estimate
