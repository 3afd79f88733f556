"""The design pipeline: build the CP-SAT model, solve, relax if the rules force it, verify.

``design_match(match, DesignParams(...))`` designs an organiser's match (team
sizes, rule settings, requests); ``design(boards, params, objective=..., double=...)``
is the plain ``boards``-board match.  Both return a :class:`Result`.  A schedule in a result
has always passed the independent verifier; if the verifier rejects what the
model produced, :class:`DesignBugError` is raised, since that can only be a
bug in the model.

Relaxation follows the house rules: when no schedule keeps rules 1-3 together
with the requests (proven infeasible by CP-SAT, not merely not found in time),
the lowest-priority rule is relaxed first; each relaxed rule is broken by the
least amount possible (a stage that minimises just that rule's penalty), then
breaks are minimised with those amounts fixed.  When the requests cannot hold
even with every rule relaxed (or, with ``strict``, together with the rules),
the result explains why with a minimal set of conflicting requests and rules.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from enum import StrEnum
from typing import Any

from ortools.sat.python import cp_model

from scheveningen.models.bounds.proven import even_break_bound, proven_break_bound, unequal_break_bound
from scheveningen.models.constructions import two_boards
from scheveningen.models.constructions.double_full_side import runs_of_one_double
from scheveningen.models.constructions.equal import alternating, construct, half_blocks, mirrored_double
from scheveningen.models.constructions.folding import fold_match, unfold
from scheveningen.models.constructions.unequal import (
    construct_unequal,
    layout_dealt,
    layout_unequal,
    runs_of_one_single,
)
from scheveningen.models.cpsat.cpsolver import new_solver
from scheveningen.models.cpsat.model import Formulation, MatchModel, ModelOptions, Objective
from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import Match, MatchError, Request, RuleSettings
from scheveningen.models.domain.rules import Rule, relaxable
from scheveningen.models.domain.schedule import Schedule
from scheveningen.models.domain.symmetry import normalise, swap_teams
from scheveningen.models.formats.tables import best, best_sizes, best_stated_bound
from scheveningen.solver.run import stop
from scheveningen.solver.scale import driver as scale
from scheveningen.solver.scale.start import find_start
from scheveningen.solver.scale.unequal import hint_schedule, improve_colours, unequal_start
from scheveningen.solver.verify.verifier import Verdict, rule_excess, verify

MIN_BOARDS = 1
MAX_BOARDS = 100

#: Called with (breaks of the incumbent, proven bound, seconds elapsed) as the solve improves.
ProgressCallback = Callable[[float, float, float], None]


class Status(StrEnum):
    """How a design ended."""

    OPTIMAL = "optimal"  # breaks proven minimal
    FEASIBLE = "feasible"  # a verified schedule; breaks not proven minimal
    INFEASIBLE = "infeasible"  # proven: no schedule keeps the requests (see Result.explanation)
    UNKNOWN = "unknown"  # nothing found within the time limit


class DesignBugError(RuntimeError):
    """The verifier rejected a schedule produced by the model: a bug, never user error."""


class DesignInputError(ValueError):
    """The request itself is out of range."""


@dataclass(frozen=True)
class DesignParams:
    """Solve parameters.

    ``workers=1`` with a given seed searches deterministically; the schedule is
    then the same on every run that stops on a proof or on ``work_limit``
    (CP-SAT's deterministic time, the same on every machine), whereas a
    wall-clock ``time_limit`` may stop a slower machine earlier.
    What to design, including ``objective`` and ``double``, is the :class:`Match`'s.
    """

    time_limit: float = 10.0
    work_limit: float | None = None
    seed: int = 0
    workers: int = 8
    formulation: Formulation = "boolean"
    strict: bool = False
    symmetry_breaking: bool = True
    # start-then-improve: equal teams with requests (solver/scale/driver.py), unequal teams (solver/scale/unequal.py)
    scale: bool = True

    def __post_init__(self) -> None:
        if not self.time_limit > 0:
            raise DesignInputError(f"time limit must be positive, got {self.time_limit}")
        if self.work_limit is not None and not self.work_limit > 0:
            raise DesignInputError(f"work limit must be positive, got {self.work_limit}")
        if self.workers < 1:
            raise DesignInputError(f"workers must be at least 1, got {self.workers}")
        if self.formulation not in ("boolean", "channelled"):
            raise DesignInputError(f"formulation must be boolean or channelled, got {self.formulation!r}")


@dataclass(frozen=True)
class Result:
    """The outcome of a design: the verified schedule (if any), status, breaks, bound and reasons."""

    match: Match
    status: Status
    schedule: Schedule | None
    breaks: int | None
    lower_bound: int
    relaxed: dict[Rule, int]
    verdict: Verdict | None
    params: DesignParams
    wall_time: float
    messages: tuple[str, ...] = field(default=())
    explanation: tuple[str, ...] = field(default=())

    @property
    def boards(self) -> int:
        return self.match.boards

    def parameters(self) -> dict[str, object]:
        """The solve parameters, with the match's objective and double among them (as reports list them)."""
        fields: dict[str, object] = {}
        for key, value in asdict(self.params).items():
            fields[key] = value
            if key == "workers":
                fields["objective"] = self.match.rules.objective
            elif key == "formulation":
                fields["double"] = self.match.double
        return fields


class _Progress(cp_model.CpSolverSolutionCallback):
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


@dataclass(frozen=True)
class Start:
    """A verified schedule to start from (or to answer with), and its breaks."""

    schedule: Schedule
    breaks: int


@dataclass
class DesignRun:
    """What one design run carries through its stages: the match, the parameters, the clock and
    the messages for the user.  Every CP-SAT solve of a design goes through :meth:`solve`."""

    match: Match
    params: DesignParams
    progress: ProgressCallback | None
    started: float = field(default_factory=time.monotonic)
    messages: list[str] = field(default_factory=list)

    @property
    def deadline(self) -> float:
        return self.started + self.params.time_limit

    @property
    def objective(self) -> Objective:
        return self.match.rules.objective

    def room_to_build(self) -> bool:
        """Whether a full model can be built, and searched a little, before the deadline.

        Building cannot be interrupted and grows as n cubed, so a stage that has no room says
        so instead of overrunning the time limit (the estimate is doubled for a loaded machine).
        After a stop request (an interrupt) nothing more is built.
        """
        if stop.requested():
            return False
        if 2 * _build_seconds(self.match) < self.deadline - time.monotonic():
            return True
        self.messages.append(
            f"the time limit leaves no room to build the model for {self.match.boards} boards "
            f"(about {2 * _build_seconds(self.match):.0f} s); a longer --time-limit may find a schedule"
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
        solver = new_solver(
            workers=self.params.workers,
            seed=self.params.seed,
            seconds=max(self.deadline - time.monotonic(), 0.01),
            work=self.params.work_limit,
        )
        if show_progress and self.progress is not None:
            reporter = _Progress(self.progress, self.started, incumbent)
            solver.best_bound_callback = reporter.on_bound
            return solver, stop.solve(solver, mm.model, reporter)
        return solver, stop.solve(solver, mm.model)


def design(
    boards: int,
    params: DesignParams | None = None,
    progress: ProgressCallback | None = None,
    *,
    objective: Objective = "breaks",
    double: bool = False,
    use_start: bool = True,
) -> Result:
    """Design a break-minimal schedule for the plain ``boards``-board match under the house rules:
    ``Match(boards, double, rules=RuleSettings(objective=objective))``, designed by :func:`design_match`."""
    if not MIN_BOARDS <= boards <= MAX_BOARDS:
        raise DesignInputError(f"boards must be between {MIN_BOARDS} and {MAX_BOARDS}, got {boards}")
    try:
        match = Match(boards=boards, double=double, rules=RuleSettings(objective=objective))
    except MatchError as error:
        raise DesignInputError(str(error)) from None
    return design_match(match, params, progress, use_start=use_start)


def design_match(
    match: Match,
    params: DesignParams | None = None,
    progress: ProgressCallback | None = None,
    *,
    use_start: bool = True,
) -> Result:
    """Design ``match``: keep its requests, keep or least-relax the rules, minimise breaks.

    The stages, each a function below: :func:`compute_start` (a verified schedule to start
    from, unless ``use_start`` is false, which makes the model search from nothing);
    :func:`_start_suffices` (answer with the start when searching cannot improve it);
    :func:`_requests_can_hold`; :func:`search` (the full model, seeded with the start);
    :func:`_design_relaxed` (only when the rules cannot all hold); and :func:`verify_and_report`,
    through which every schedule returned passes.  Equal teams with requests from
    ``scale.MIN_BOARDS`` boards on first go through :func:`scale.design_at_scale` (start from an
    image of the best design, repair, improve by large-neighbourhood search; ``params.scale``).
    """
    _check_size(match)
    run = DesignRun(match, params or DesignParams(), progress)
    if use_start and run.params.scale and (fair := _fair_after_breaks(run)) is not None:
        return fair
    if run.params.scale and scale.applies(match):
        scaled = scale.design_at_scale(match, run.params, run.started, progress)
        if scaled is not None:
            run.messages.extend(scaled.messages)
            if scaled.schedule is None:
                return _empty(run, Status.INFEASIBLE, scaled.explanation)
            return verify_and_report(run, scaled.schedule, scaled.lower_bound, scaled.relaxed)
    if use_start and run.params.scale and (paired := _against_two_relaxed(run)) is not None:
        return paired
    if use_start and run.params.scale and (alternated := _runs_of_one(run)) is not None:
        return alternated
    if use_start and run.params.scale and (runs := _runs_of_one_unequal(run)) is not None:
        return runs
    if use_start and run.params.scale and (doubled := _double_with_requests(run)) is not None:
        return doubled
    if use_start and run.params.scale and not match.equal_teams:
        answered = unequal_stage(run)
        if answered is not None:
            return answered
    start = compute_start(match) if use_start else None
    if start is not None and _start_suffices(run, start):
        return verify_and_report(run, start.schedule)
    if start is None and not run.room_to_build():
        return _unknown(run)
    if match.has_requests and not run.params.strict and not _requests_can_hold(run):
        return _explained(run)
    if stop.requested() or time.monotonic() >= run.deadline:
        return _unknown(run)
    found = search(run, start)
    if found is not None:
        return found
    if run.params.strict:
        return _explained(run)
    return _design_relaxed(run)


def _against_two_relaxed(run: DesignRun) -> Result | None:
    """p = 2 mod 4 against 2 on 2 boards, single round, no requests, rules 1 and 3 on: no schedule
    keeps both, so rule 3 is relaxed by the least possible, 2, with the fewest breaks, 2, both proven
    (``models/constructions/two_boards.py``): answered at once, where the full model cannot prove either in time
    from about 10 players on.  ``None`` for every other match."""
    match, rules = run.match, run.match.rules
    if not (
        two_boards.applies(match.size_a, match.size_b, match.boards)
        and not match.double
        and not match.has_requests
        and rules.colour_balance
        and rules.board_balance
        and rules.max_run != 1  # its runs are of 2 at most; the proofs do not use rule 2
    ):
        return None
    schedule = two_boards.relaxed_against_two(match.size_a, match.size_b)
    return verify_and_report(run, schedule, two_boards.BREAKS, {Rule.BOARD_BALANCE: two_boards.BOARD_BALANCE_EXCESS})


#: With the "fair" objective and requests, the stages that minimise breaks get this share of the time;
#: the full model splits the breaks between the teams with the rest, where it can be built.
FAIR_BREAKS_SHARE = 0.7


def _fair_after_breaks(run: DesignRun) -> Result | None:
    """The "fair" objective (fewest breaks, then split evenly between the teams) with requests, where
    the full model alone is weak: from ``scale.MIN_BOARDS`` boards, double rounds, runs of one colour
    and unequal teams.

    The stages of the "breaks" objective (the organisers' stage, double rounds, runs of one, unequal
    teams) design the match first.  Then, for a single round below ``scale.FULL_MODEL_BOARDS``
    boards, the full model splits the breaks between the teams with the time left
    (1 - :data:`FAIR_BREAKS_SHARE`), seeded with that schedule and never with more breaks
    (:func:`search`); otherwise the schedule is the answer, and ``feasible`` says that its split is
    not proven the fairest.  Before this, 40 boards with three
    requests and "fair" ended with exit 3 after 10 s, where "breaks" answered at once.
    ``None`` where this does not apply or the first design found nothing (the full model then tries).
    """
    match = run.match
    if match.rules.objective != "fair" or not match.has_requests:
        return None
    if match.equal_teams and not match.double and match.rules.max_run != 1 and match.boards < scale.MIN_BOARDS:
        return None
    params = run.params
    # The full model improves the split only where it is quick enough (single rounds below
    # scale.FULL_MODEL_BOARDS); elsewhere it would spend the time left and change nothing.
    split = not match.double and match.boards < scale.FULL_MODEL_BOARDS
    share = FAIR_BREAKS_SHARE if split else 1.0
    work = None if params.work_limit is None else params.work_limit * share
    first = design_match(
        replace(match, rules=replace(match.rules, objective="breaks")),
        replace(params, time_limit=params.time_limit * share, work_limit=work),
        run.progress,
    )
    if first.status == Status.INFEASIBLE:
        run.messages.extend(first.messages)
        return _empty(run, Status.INFEASIBLE, first.explanation)
    if first.schedule is None or first.breaks is None:
        return None
    run.messages.extend(first.messages)
    run.messages.append("fewest breaks first (as with --objective breaks), then the split between the teams")
    if split and not first.relaxed and run.room_to_build():
        return search(run, Start(first.schedule, first.breaks))
    return verify_and_report(run, first.schedule, first.lower_bound, first.relaxed)


def _runs_of_one(run: DesignRun) -> Result | None:
    """Equal teams, ``max_run = 1`` (nobody has one colour twice running): answered with no break,
    rule 3 (when on) relaxed by what it breaks it by, the least possible.  Without requests that is
    :func:`alternating`, at once; with requests, the organisers' stage (``solver/scale/driver.py``) designs
    the match with rule 3 off, where :func:`alternating` is a base to map onto the requests.  ``None``
    for every other match, and where that stage finds nothing or the requests break rule 2.

    Every player then alternates perfectly.  An A player with White in odd rounds meets only B
    players with Black in odd rounds (a game has one White), so if one A player is W-first all
    of team B is B-first and all of team A W-first: team A has White on every board in odd rounds
    and on none in even ones (or the reverse), in every such schedule, and rule 3's excess is the
    same for all.  The full model could not find one in 10 s on 30 boards (exit 3), with or without
    a request.
    """
    match = run.match
    if not match.equal_teams or match.rules.max_run != 1:
        return None
    if not match.has_requests:
        schedule = alternating(match.boards, match.double)
    elif match.rules.objective == "fair":
        return None
    else:
        loose = replace(match, rules=replace(match.rules, board_balance=False))
        found = scale.design_at_scale(loose, run.params, run.started, run.progress, recolouring=False)
        if found is None or found.schedule is None or found.relaxed:
            return None
        run.messages.extend(found.messages)
        schedule = found.schedule
    relaxed = {}
    if match.rules.board_balance and match.boards > 1:
        relaxed[Rule.BOARD_BALANCE] = rule_excess(schedule, Rule.BOARD_BALANCE, match.rules.max_run)
    return verify_and_report(run, schedule, 0, relaxed)


def _runs_of_one_unequal(run: DesignRun) -> Result | None:
    """Unequal teams, single round, ``max_run = 1``, where every schedule has a break whatever the
    rules (k + 1 against k: at least k - 1, ``models/bounds/proven.py: unequal_break_bound``): no schedule
    has runs of one only, whichever lower rules are relaxed, so rule 2 as asked is relaxed.  With
    ``max_run = 1`` each break is one run too long, so rule 2 is broken by the schedule's breaks: the
    match is designed with rule 2 as written (runs of two), and the least relaxation is the fewest
    breaks with the other rules kept, proven where the breaks meet the bound (every odd k and
    k = 0 mod 4 for k + 1 against k).  Before, the full model searched the whole time limit for a
    schedule that cannot exist and answered nothing (6 against 5 on 5 boards).  Double rounds, and
    single rounds where no bound forces a break, go to :func:`_without_a_break_or_relaxed`.
    """
    match = run.match
    if match.equal_teams or match.rules.max_run != 1:
        return None
    if match.double:  # no bound forces a break whatever the rules
        return _without_a_break_or_relaxed(run)
    forced = unequal_break_bound(match.size_a, match.size_b, match.boards)
    if forced == 0:
        return _without_a_break_or_relaxed(run)
    looser = design_match(_with_runs_of_two(match), run.params, run.progress)
    run.messages.extend(looser.messages)
    if looser.schedule is None:
        return _empty(run, looser.status, looser.explanation)
    relaxed = {**looser.relaxed, Rule.NO_THREE_IN_A_ROW: rule_excess(looser.schedule, Rule.NO_THREE_IN_A_ROW, 1)}
    run.messages.append(
        f"runs of one colour cannot hold for {match.size_a} against {match.size_b} on {match.boards} boards: "
        f"every schedule has at least {forced} break{'s' if forced > 1 else ''}"
    )
    return verify_and_report(run, looser.schedule, looser.lower_bound, relaxed, least={Rule.NO_THREE_IN_A_ROW})


def _with_runs_of_two(match: Match) -> Match:
    return replace(match, rules=replace(match.rules, max_run=2))


def _without_a_break_or_relaxed(run: DesignRun) -> Result | None:
    """Unequal teams with runs of one where no bound rules out a schedule without a break whatever the
    rules.  Before, these ended in exit 3 wherever the construction had a break (10 against 6 on 6
    boards, double round; 14 against 2 on 2; 6 against 10 on 5; 12 against 4, single round).

    * The construction (``models/constructions/unequal.py``), taken where it has no break: rules 1-3 kept.
    * One team playing every round: ``runs_of_one_double`` (or for a single round
      ``runs_of_one_single``, the sit-out model up to 20 players) tries class X from floor(k/2) down;
      rule 3 is broken by floor(k/2) - x boards a round, the same for every schedule without a break
      with that x, so the first x found gives the least excess where every nearer one is proven to have
      none (docs/bounds_unequal.md, claim 5).
    * Otherwise rule 2 relaxed by the construction's breaks (:func:`_rule_2_relaxed`), said to be
      necessary only where every x is proven to have none.

    The messages say what is proven and what is not.  ``None`` where no construction answers or none
    can be mapped onto the requests: the other stages go on."""
    match = run.match
    p, q, k = match.size_a, match.size_b, match.boards
    deadline = _construction_deadline(run)
    built = construct_unequal(p, q, k, match.double, deadline)
    if built is None:
        return None
    if (kept := _kept(run, built)) is not None:
        return kept
    none_proven = False
    if k in (p, q):
        ladder = runs_of_one_double if match.double else runs_of_one_single
        found = ladder(max(p, q), k, deadline=deadline)
        if found.schedule is not None:
            oriented = found.schedule if q == k else swap_teams(found.schedule)
            # rule 3 is checked by the excess below, not by the mapping
            free = replace(match, rules=replace(match.rules, board_balance=False))
            mapped = unequal_start(free, None, None, lambda *_: oriented)
            if mapped is not None:
                return _runs_of_one_full_side(run, mapped, found.proven)
        none_proven = found.schedule is None and found.proven
    if none_proven:
        return _rule_2_relaxed(run, built, True)
    searched, infeasible = _searched_first(run)
    if searched is not None:
        return searched
    return _rule_2_relaxed(run, built, False, infeasible)


#: Before rule 2 is relaxed without a proof, the full model searches with this share of the time left
#: (the rest is ample for mapping the construction; at a half, 6 against 6 on 2 boards had no room to build).
RUNS_SEARCH_SHARE = 0.9


def _searched_first(run: DesignRun) -> tuple[Result | None, bool]:
    """The full model with every rule, given :data:`RUNS_SEARCH_SHARE` of the time left, where it can be
    built: small matches it settles quickly (6 against 6 on 2 boards, double round, rule 3 off: no
    break in about a second, where the construction has 28).  Its schedule if it finds one; where it
    proves there is none, the rules relaxed by the least possible (:func:`_design_relaxed`) if that
    finishes in the time left.  Returns the result (``None`` without a schedule, the trials' messages
    dropped) and whether the model proved that no schedule keeps every rule."""
    left = run.deadline - time.monotonic()
    sub = replace(run.params, time_limit=run.params.time_limit - left + RUNS_SEARCH_SHARE * left)
    found = search(DesignRun(run.match, sub, run.progress, started=run.started), None)
    infeasible = found is None
    if found is None:
        found = _design_relaxed(DesignRun(run.match, run.params, run.progress, started=run.started))
    if found.schedule is None:
        return None, infeasible
    return replace(found, params=run.params, messages=(*run.messages, *found.messages)), infeasible


def _construction_deadline(run: DesignRun) -> float:
    """When the unequal teams' construction must answer (:data:`UNEQUAL_CONSTRUCTION_SHARE`)."""
    match = run.match
    dealt = layout_dealt(match.size_a, match.size_b, match.boards)
    share = DEALT_CONSTRUCTION_SHARE if dealt else UNEQUAL_CONSTRUCTION_SHARE
    return run.started + run.params.time_limit * share


def _kept(run: DesignRun, built: Schedule) -> Result | None:
    """The construction ``built`` mapped onto the requests where it keeps every rule (with runs of one:
    where it has no break), else ``None``."""
    strict = unequal_start(run.match, None, None, lambda *_: built)
    return None if strict is None else verify_and_report(run, strict)


def _rule_2_relaxed(run: DesignRun, built: Schedule, none_proven: bool, infeasible: bool = False) -> Result | None:
    """Unequal teams with runs of one, the construction ``built`` breaking them: mapped onto the
    requests with rule 2 relaxed by its breaks (each an over-long run), said to be necessary only with
    ``none_proven``; ``infeasible``: the full model proved that no schedule keeps every rule, but
    which to relax was not settled in time.  Before, such matches ended in exit 3 wherever the
    construction had a break and the full model found nothing in time (10 against 6 on 5 boards,
    single round; 6 against 10 on 3, double; 8 against 8 on 4, single).  ``None`` where no renumbering
    keeps the requests."""
    match = run.match
    schedule = unequal_start(_with_runs_of_two(match), None, None, lambda *_: built)
    if schedule is None:
        return None
    relaxed = {Rule.NO_THREE_IN_A_ROW: rule_excess(schedule, Rule.NO_THREE_IN_A_ROW, 1)}
    # (every class proven to have no schedule without a break does not happen up to 100 a side: the
    # criterion leaves some class at every size, and the model's proofs are for 12 players at most)
    proven = "" if none_proven else ", though none is proven impossible"
    sizes = f"{match.size_a} against {match.size_b} on {match.boards} boards{', double round' if match.double else ''}"
    requests = _and_requests(match)
    note = (
        f"no schedule with runs of one colour{requests} was found for {sizes}{proven}; "
        f"this one breaks it by {relaxed[Rule.NO_THREE_IN_A_ROW]}"
    )
    if infeasible:
        note = (
            f"the full model proved that no schedule of {sizes} keeps runs of one colour with the other "
            f"rules{requests}, but which rule to relax by how little was not settled in the time; this one "
            f"breaks it by {relaxed[Rule.NO_THREE_IN_A_ROW]}"
        )
    return verify_and_report(run, schedule, 0, relaxed, notes={Rule.NO_THREE_IN_A_ROW: note})


def _runs_of_one_full_side(run: DesignRun, schedule: Schedule, least: bool) -> Result:
    """:func:`_without_a_break_or_relaxed`'s answer without a break: rule 3 relaxed by what the
    schedule breaks it by, with what is proven of that said."""
    match = run.match
    excess = rule_excess(schedule, Rule.BOARD_BALANCE, 1) if match.rules.board_balance else 0
    if not excess:
        return verify_and_report(run, schedule)
    relaxed = {Rule.BOARD_BALANCE: excess}
    if least:  # every class nearer k/2, k/2 itself included, proven to have no schedule without a break
        return verify_and_report(run, schedule, 0, relaxed)
    colours = match.rules.colour_balance
    # a bound above 0 with rule 3 kept: no schedule without a break keeps it (claims 3 and 5, x = k/2)
    rule_3_ruled_out = unequal_break_bound(match.size_a, match.size_b, match.boards, match.double, True, colours)
    requests = _and_requests(match)
    if rule_3_ruled_out:
        note = (
            f"no schedule keeps it with runs of one colour{requests}; this one breaks it by {excess}, the least "
            "found (a smaller excess is not proven impossible)"
        )
    else:
        note = (
            f"no schedule keeping it with runs of one colour{requests} was found, though none is proven "
            f"impossible; this one breaks it by {excess}"
        )
    return verify_and_report(run, schedule, 0, relaxed, notes={Rule.BOARD_BALANCE: note})


def _double_with_requests(run: DesignRun) -> Result | None:
    """A double round of equal teams with requests (rounds played included), in three steps.

    1. An image of the double-round construction keeping every request, answered at once
       (renumbering each team, swapping the teams, reversing the colours or the order of the rounds
       keep its breaks and rules: ``start.find_start``, within a quarter of the time; played rounds
       as printed continue it).
    2. Otherwise the match folded into a single round (``models/constructions/folding.py``: a paired double round,
       each round's games played again at once with colours reversed, is a single round with rules
       1 and 2 free), designed by the organisers' stage (``solver/scale/driver.py``: start, repair,
       neighbourhood search) and unfolded.  The bound reported and aimed at is the double round's own.
    3. Where the requests fold to nothing (they ask for something no paired schedule has: a wrong
       pairing in the second round of a pair, say) or the folded design finds nothing, from
       :data:`DOUBLE_SCALE_BOARDS` boards on the organisers' stage on the double round itself (the
       image of step 1, repaired by freeing rounds, then the neighbourhood search; its parts count
       each pair's two meetings, one with each colour).

    ``None`` where none of them gives a schedule; the full model then searches with the time left.
    """
    match, params = run.match, run.params
    if not (match.double and match.equal_teams and match.has_requests) or match.rules.max_run == 1 or match.boards < 2:
        return None
    seconds = max((run.deadline - time.monotonic()) / 4, 0.1)
    work = None if params.work_limit is None else params.work_limit / 8
    start = find_start(match, seconds, params.seed, params.workers, work)
    if start is not None and start.exact:
        run.messages.append(f"started from {start.base}, relabelled ({start.symmetry.describe()})")
        return verify_and_report(run, start.grid.to_schedule())
    if match.rules.objective == "fair":
        return None
    folded = fold_match(match)
    bound = _proven_bound(match, {})
    small = match.boards < DOUBLE_SCALE_BOARDS
    if folded is not None:
        # Below DOUBLE_SCALE_BOARDS the full model, seeded with the unfolded schedule, gets most of
        # the time: it can prove the optimum there (5 boards, a wrong pairing or colours reversed in a
        # played round: 10, above the bound with played rounds, 8), or find a schedule that is not paired.
        share = params
        if small:
            work_share = None if params.work_limit is None else params.work_limit * SMALL_FOLD_SHARE
            share = replace(params, time_limit=params.time_limit * SMALL_FOLD_SHARE, work_limit=work_share)
        found = scale.design_at_scale(folded, share, run.started, run.progress, recolouring=False, lower_bound=bound)
        if found is not None and found.schedule is not None and not found.relaxed:
            # The fold kept every rule and request of the folded match, so the unfolded schedule keeps
            # the double round's (models/constructions/folding.py); verify_and_report checks it, loudly.
            schedule = unfold(found.schedule)
            run.messages.append(
                "designed as a paired double round (each round's games again, colours reversed), "
                "folded into a single round where rules 1 and 2 hold by themselves"
            )
            run.messages.extend(f"the folded single round: {message}" for message in found.messages)
            breaks = Grid.from_schedule(found.schedule).breaks()  # the fold's breaks are the double round's
            if small and breaks > bound and run.objective == "breaks":
                return search(run, Start(schedule, breaks))
            return verify_and_report(run, schedule, bound)
    if small:
        return None
    found = scale.design_at_scale(match, params, run.started, run.progress, recolouring=False, start=start)
    if found is None:
        return None
    run.messages.extend(found.messages)
    if found.schedule is None:
        return _empty(run, Status.INFEASIBLE, found.explanation)
    return verify_and_report(run, found.schedule, found.lower_bound, found.relaxed)


#: From this many boards on a double round with requests that has no paired schedule found goes
#: through the organisers' stage on the double round itself (:func:`_double_with_requests`); below,
#: the full model, which proves the optimum there (5 boards, deviations in a played round, seeds
#: 50-53 of ``custom_scale.py``: all four optimal, two only feasible from the stage).  At 7 boards the
#: stage gave 16, 10 where the full model had 18, 18 for a wrong pairing after the second round of a pair.
DOUBLE_SCALE_BOARDS = 6

#: Below :data:`DOUBLE_SCALE_BOARDS` boards, the share of the time limit the folded design may use.
SMALL_FOLD_SHARE = 0.2


def _check_size(match: Match) -> None:
    if match.boards > MAX_BOARDS or max(match.size_a, match.size_b) > MAX_BOARDS:
        raise DesignInputError(f"at most {MAX_BOARDS} boards and players a team, got {match.boards} boards")


def compute_start(match: Match) -> Start | None:
    """The best verified schedule to start from for a plain match; ``None`` when there is none.

    That is the direct construction, or the best known design (found by an earlier,
    longer search of this model, models/best/) where it has fewer breaks, each checked
    by the verifier like any design.  Both keep every rule as written, so they are starts too
    where the match switches rules off or allows longer runs of a colour (the search then looks
    only for fewer breaks); not where it asks for runs of one (``max_run = 1``).  Without rule 3
    every player can alternate perfectly (``alternating``, no break at all); without rule 1,
    ``half_blocks`` has n breaks for n = 2 mod 4 too, the fewest possible.
    """
    if not match.equal_teams or match.has_requests or match.rules.max_run == 1:
        return None
    # (name, schedule, the match whose rules it is built to keep: None for the rules as written)
    candidates: list[tuple[str, Schedule, Match | None]] = []
    schedule = construct(match.boards, match.double)
    if schedule is not None:
        candidates.append(("construction", schedule, None))
    if not match.rules.board_balance:
        candidates.append(("alternating construction", alternating(match.boards, match.double), match))
    if not match.rules.colour_balance and not match.double and match.boards % 4 == 2:
        candidates.append(("half-blocks construction", half_blocks(match.boards), match))
    if match.boards in best_sizes():
        single = best(match.boards)
        # A single round that relaxes a rule (2 boards) is no base for a double one, which need not.
        if not (match.double and verify(single).relaxed):
            candidates.append(("best known table", mirrored_double(single) if match.double else single, None))
    verified = []
    for name, candidate, kept in candidates:
        verdict = verify(candidate, double=match.double, match=kept)
        if not verdict.ok:
            problems = "; ".join(v.message for v in verdict.violations()[:5])
            raise DesignBugError(f"the {name} for {match.boards} boards breaks the rules; this is a bug: {problems}")
        # A start must keep every rule (on 2 boards the rules as written cannot all hold); one that
        # keeps them as written keeps the match's looser ones too.
        if not verdict.relaxed:
            verified.append(Start(candidate, verdict.metrics.total_breaks))
    return min(verified, key=lambda start: start.breaks, default=None)


#: The share of the time limit (from the process's start) that the unequal teams' construction may
#: use; the colour search improves its answer in the rest.  Sizes whose layout must deal team B with
#: both teams sitting out (models/constructions/unequal.py ``layout_dealt``) get more: the layout decides
#: the answer there, and the colour search cannot close the gap from the insurance schedule in the rest
#: (78 against 77 on 66 boards: the layout finds no break in 5-6 s, which three quarters of 10 s missed after start-up
#: and the insurance, leaving 2079 breaks).  Elsewhere the constructions that come after a layout which gives
#: up can run past the deadline, and the rest absorbs that (90 against 94 on 90: 11.45 s in all with
#: 90% for the construction, 10.64 s with 75%; benchmarks/results/unequal_share.md).
UNEQUAL_CONSTRUCTION_SHARE = 0.75
DEALT_CONSTRUCTION_SHARE = 0.9
#: Where the constructions found nothing and the full model has no time, the alternating layout alone
#: gets the time left, if at least this much, up to this margin before the deadline (for verifying and
#: writing the answer).
LAST_LAYOUT_SECONDS = 1.0
LAST_LAYOUT_MARGIN = 0.5


def unequal_stage(run: DesignRun) -> Result | None:
    """Unequal teams: start from their construction mapped onto the requests (``solver/scale/unequal.py``).

    The start is the answer when it meets the proven bound or nothing is minimised; when the
    time left cannot build the full model, colour windows are re-solved until the deadline
    (never worse than the start); otherwise the full model searches for fewer breaks than
    the start, as for equal teams.  ``None`` when there is no start: the stages go on as before.
    After an interrupt the start is the answer.
    """
    # The construction may use most of the time limit (the largest odd against even sizes take a few
    # seconds, and without it there is no answer at all); the rest improves it.
    why: list[str] = []
    match = run.match
    schedule = unequal_start(match, _construction_deadline(run), why)
    left = run.deadline - time.monotonic()
    if schedule is None and left > LAST_LAYOUT_SECONDS and _build_seconds(match) * 4 > left:
        # Nothing from the constructions, and no time for the full model: the alternating layout alone
        # in the time left (98 against 90 on 63: team B's deal needs more than the layout's share inside
        # the construction).
        schedule = unequal_start(match, run.deadline - LAST_LAYOUT_MARGIN, None, layout_unequal)
    if schedule is None:
        run.messages.extend(
            f"{reason}; the full model searches instead, which finds schedules only for small teams" for reason in why
        )
        return None
    start = Start(schedule, verify(schedule, double=run.match.double).metrics.total_breaks)
    bound = _proven_bound(run.match, {})
    if run.objective == "none" or start.breaks <= bound or stop.requested():
        return verify_and_report(run, schedule)
    if _build_seconds(run.match) * 4 > run.deadline - time.monotonic():
        improved = improve_colours(
            run.match, schedule, run.deadline, run.params.seed, run.params.work_limit, bound, stop.requested
        )
        return verify_and_report(run, improved)
    return search(run, start)


def _split_forced(match: Match, breaks: int, relaxed: dict[Rule, int] | None = None) -> bool:
    """Whether every schedule with ``breaks`` breaks has them all in one team, so that the "fair"
    objective's split is the same for all: even n, equal teams, rule 3 kept, n breaks.  Then exactly n
    players alternate perfectly, and by fact 3 of docs/bounds.md one whole team does."""
    return (
        match.equal_teams
        and match.boards % 2 == 0
        and breaks == match.boards
        and match.rules.board_balance
        and Rule.BOARD_BALANCE not in (relaxed or {})
    )


def _start_suffices(run: DesignRun, start: Start) -> bool:
    """Whether the start is the answer: nothing to minimise, the proven bound already met, or
    no time to build and search the full model (said in a message)."""
    if run.objective == "none":
        return True
    if run.objective == "breaks" and start.breaks == _proven_bound(run.match, {}):
        return True
    if (
        run.objective == "fair"
        and start.breaks == _proven_bound(run.match, {})
        and _split_forced(run.match, start.breaks)
    ):
        return True
    if stop.requested():  # an interrupt: the verified start is the best so far
        return True
    if _build_seconds(run.match) * 4 > run.deadline - time.monotonic():
        run.messages.append(
            f"the time limit leaves no room to search {run.match.boards} boards; "
            "this is the direct construction (a longer --time-limit may find fewer breaks)"
        )
        return True
    return False


def search(run: DesignRun, start: Start | None) -> Result | None:
    """Search the full model with every rule; ``None`` when it proves that no schedule keeps them all.

    With a start, only schedules better than it are searched for (with the "breaks"
    objective, proving there is none proves the start optimal), and the start is the answer
    when none is found.
    """
    if start is None and not run.room_to_build():
        return _unknown(run)
    mm = MatchModel.build(run.model_options())
    mm.set_objective()
    if start is not None:
        if not run.match.equal_teams:
            hint_schedule(mm, start.schedule)
        else:
            mm.hint(normalise(start.schedule) if run.params.symmetry_breaking else start.schedule)
        mm.limit_breaks(start.breaks - 1 if run.objective == "breaks" else start.breaks)
    solver, status = run.solve(mm, show_progress=True, incumbent=math.inf if start is None else start.breaks)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        bound = _solver_bound(mm, solver, run.objective)
        return verify_and_report(run, mm.schedule_from(solver), bound, fairness_proven=status == cp_model.OPTIMAL)
    if start is not None:
        if status == cp_model.INFEASIBLE and run.objective == "breaks":
            bound = start.breaks
        else:
            bound = min(_solver_bound(mm, solver, run.objective), start.breaks)
        return verify_and_report(run, start.schedule, bound)
    if status != cp_model.INFEASIBLE:
        return _unknown(run)
    return None


def _design_relaxed(run: DesignRun) -> Result:
    """The rules cannot all hold: keep each rule that can be kept, in priority order, relax the rest least.

    A relaxable rule is kept when the requests, the rules kept so far and it can hold
    together (the lower rules switched off); otherwise it is relaxed.  So a rule is
    relaxed only when it cannot hold with the requests and the higher rules that
    are kept, and with the lower rules it is then no more possible.  Each relaxed
    rule is then broken as little as possible, in priority order, and finally
    breaks are minimised with those amounts fixed.
    """
    relax = _rules_to_relax(run)
    if relax is None:
        return _unknown(run)
    amounts = _least_relaxation(run, relax)
    if amounts is None:
        return _unknown(run)  # a rule must not be relaxed further than it has to be
    if not run.room_to_build():
        return _unknown(run)
    mm = MatchModel.build(run.model_options(frozenset(relax)))
    for rule, amount in amounts.items():
        mm.fix_penalty(rule, amount)
    mm.set_objective()
    solver, status = run.solve(mm, show_progress=True)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return _unknown(run)
    bound = _solver_bound(mm, solver, run.objective)
    return verify_and_report(run, mm.schedule_from(solver), bound, amounts, fairness_proven=status == cp_model.OPTIMAL)


def _rules_to_relax(run: DesignRun) -> list[Rule] | None:
    """The relaxable rules that cannot be kept, most important first; ``None`` when unknown."""
    match = run.match
    kept: list[Rule] = []
    relax: list[Rule] = []
    for rule in relaxable():
        if not rule.on(match.rules):
            continue
        if not run.room_to_build():
            return None
        trial = run.model_options(match=_only_rules(match, [*kept, rule]), objective="none", symmetry_breaking=False)
        mm = MatchModel.build(trial)
        mm.set_objective()
        _solver, status = run.solve(mm)
        if status == cp_model.INFEASIBLE:
            relax.append(rule)
        elif status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            kept.append(rule)
        else:
            return None
    # Infeasible together yet each feasible cannot happen, but never guess.
    return relax or None


def _least_relaxation(run: DesignRun, relax: list[Rule]) -> dict[Rule, int] | None:
    """Each rule in ``relax`` broken as little as possible, in priority order; ``None`` when unproven."""
    amounts: dict[Rule, int] = {}
    for rule in relax:
        if not run.room_to_build():
            return None
        mm = MatchModel.build(run.model_options(frozenset(relax)))
        for done, amount in amounts.items():
            mm.fix_penalty(done, amount)
        mm.minimise_penalty(rule)
        solver, status = run.solve(mm)
        if status != cp_model.OPTIMAL:
            return None
        amounts[rule] = round(solver.objective_value)
    return amounts


def _only_rules(match: Match, rules: list[Rule]) -> Match:
    """The match with just ``rules`` of the relaxable rules switched on (as the match sets them)."""
    off: dict[str, Any] = {}
    for rule in relaxable():
        if rule not in rules and rule.setting is not None:
            off[rule.setting] = type(getattr(match.rules, rule.setting))()  # False, or 0 for max_run
    return replace(match, rules=replace(match.rules, **off))


def _build_seconds(match: Match) -> float:
    """A generous estimate of the time to build the full model (it grows as n cubed;
    40 boards took 0.9 s on the 2-core benchmark machine).  With players sitting out, the break
    literals span pairs of rounds, (p + q) * rounds^2 of them (58 against 14 on 14: 24 s)."""
    estimate = 2.5e-5 * match.size_a * match.size_b * match.rounds
    if not match.equal_teams:
        estimate = max(estimate, 1e-4 * (match.size_a + match.size_b) * match.rounds**2)
    return estimate


def _rules_off(match: Match) -> Match:
    return _only_rules(match, [])


def _requests_can_hold(run: DesignRun) -> bool:
    """Can the requests hold at all, with every rule relaxed?  (Unknown counts as yes.)"""
    mm = MatchModel.build(run.model_options(match=_rules_off(run.match), objective="none", symmetry_breaking=False))
    mm.set_objective()
    _solver, status = run.solve(mm)
    return status != cp_model.INFEASIBLE


def _solver_bound(mm: MatchModel, solver: cp_model.CpSolver, objective: Objective) -> int:
    """The solver's proven lower bound on breaks (0 when nothing was minimised)."""
    if objective == "none":
        return 0
    bound = solver.best_objective_bound
    if objective == "fair":
        bound //= len(mm.brk) + 1
    return max(0, math.ceil(bound - 1e-6))


def _proven_bound(match: Match, relaxed: dict[Rule, int], solver_bound: int = 0) -> int:
    """The best proven lower bound on breaks: the solver's, the proven one, the plain match's.

    The analytic bound needs rule 3 (and, for n = 2 mod 4, rule 1) to hold; the bounds
    proven by computer need rules 1, 2 and 3.  A best known table states what the search
    that found it proved for the plain single round keeping every rule; requests only
    remove schedules, so that holds with requests too.  With equal teams the total of
    breaks is even, so the bound rounds up to even.
    """
    bound = solver_bound
    if not match.equal_teams:
        balance = match.rules.board_balance and Rule.BOARD_BALANCE not in relaxed
        colours = match.rules.colour_balance and Rule.COLOUR_BALANCE not in relaxed
        unequal = unequal_break_bound(
            match.size_a, match.size_b, match.boards, match.double, board_balance=balance, colour_balance=colours
        )
        return max(bound, unequal)
    bound = max(bound, scale.played_bound(match))
    if match.rules.board_balance and Rule.BOARD_BALANCE not in relaxed:
        colour_balance = match.rules.colour_balance and Rule.COLOUR_BALANCE not in relaxed
        bound = max(bound, proven_break_bound(match.boards, match.double, colour_balance))
    plain = match.rules.as_written
    if plain and not match.double and not relaxed and match.boards in best_sizes():
        bound = max(bound, best_stated_bound(match.boards))
    return even_break_bound(bound)


def verify_and_report(
    run: DesignRun,
    schedule: Schedule,
    solver_bound: int = 0,
    relaxed: dict[Rule, int] | None = None,
    fairness_proven: bool = False,
    least: set[Rule] | None = None,
    notes: dict[Rule, str] | None = None,
) -> Result:
    """Verify the schedule, then package it with its status and the best proven bound.

    Every schedule a design returns passes through here; a verifier rejection raises
    :class:`DesignBugError`.  A relaxed rule in ``least`` is relaxed by the schedule's breaks (rule 2
    with runs of one): the least possible only where they meet the proven bound, and the message
    says which.  ``notes`` replace the message's account of a relaxation (after "relaxed: ") where
    less is proven than "necessary, and the least possible".

    The status is ``optimal`` when the breaks meet the proven bound and, with the
    "fair" objective, the solver also proved the split between the teams best.
    """
    match = run.match
    relaxed = relaxed or {}
    verdict = verify(schedule, double=match.double, match=match, declared_relaxed=relaxed)
    problems = [v.message for v in verdict.violations() if v.rule not in relaxed]
    problems += [f"request not kept: {text}" for text in verdict.requests]
    for rule, amount in relaxed.items():
        measured = rule_excess(schedule, rule, match.rules.max_run)
        if measured != amount:
            problems.append(f"rule {int(rule)} was to be broken by {amount} but is broken by {measured}")
    if problems or not verdict.ok:
        raise DesignBugError(
            f"the verifier rejected the designed {match.boards}-board schedule; this is a bug in the model: "
            + "; ".join(problems[:10] or ["verdict not ok"])
        )
    breaks = verdict.metrics.total_breaks
    bound = min(_proven_bound(match, relaxed, solver_bound), breaks)
    for rule, amount in relaxed.items():
        how = "the least possible"
        if rule in (least or set()) and amount > bound:
            how = f"at least {bound} is proven necessary"
        said = (notes or {}).get(rule) or (
            "no schedule keeps it together with the higher rules"
            f"{_and_requests(match)}; this one breaks it by {amount}, {how}"
        )
        run.messages.append(f"rule {int(rule)} ({rule.title_for(match.rules)}) relaxed: {said}")
    optimal = breaks == bound and run.objective != "none"
    if run.objective == "fair":
        optimal = optimal and (fairness_proven or _split_forced(match, breaks, relaxed))
    return Result(
        match=match,
        status=Status.OPTIMAL if optimal else Status.FEASIBLE,
        schedule=schedule,
        breaks=breaks,
        lower_bound=bound,
        relaxed=relaxed,
        verdict=verdict,
        params=run.params,
        wall_time=time.monotonic() - run.started,
        messages=tuple(run.messages),
    )


def _and_requests(match: Match) -> str:
    """The words " and the requests" where the match has any, for the relaxation messages."""
    return " and the requests" if match.has_requests else ""


def _empty(run: DesignRun, status: Status, explanation: tuple[str, ...] = ()) -> Result:
    return Result(
        match=run.match,
        status=status,
        schedule=None,
        breaks=None,
        lower_bound=0,
        relaxed={},
        verdict=None,
        params=run.params,
        wall_time=time.monotonic() - run.started,
        messages=tuple(run.messages),
        explanation=explanation,
    )


def _unknown(run: DesignRun) -> Result:
    run.messages.append("no schedule found within the time limit, and none proven impossible; try a longer limit")
    return _empty(run, Status.UNKNOWN)


def _explained(run: DesignRun) -> Result:
    """An infeasible result with a minimal set of conflicting requests (and rules, when strict).

    The model is rebuilt for the explanation only when there is room before the deadline; the
    result is infeasible (that is proven) either way."""
    core = (
        None
        if not run.room_to_build()
        else minimal_conflict(run.match, strict=run.params.strict, params=run.params, deadline=run.deadline)
    )
    if core is None:
        run.messages.append("the requests cannot all hold; the time limit ran out before the reasons were found")
        return _empty(run, Status.INFEASIBLE)
    lines = [_describe(item, run.match) for item in core]
    if not core:
        lines = ["no schedule keeps the house rules for this match, even without requests"]
    return _empty(run, Status.INFEASIBLE, tuple(lines))


def _describe(item: Request | Rule, match: Match) -> str:
    if isinstance(item, Rule):
        return f"rule {int(item)} ({item.title_for(match.rules)})"
    return item.describe()


def minimal_conflict(match: Match, strict: bool, params: DesignParams, deadline: float) -> list[Request | Rule] | None:
    """A minimal set of requests (and, when ``strict``, rules 1-3) that cannot hold together.

    Each request is posted behind an assumption literal; CP-SAT's infeasibility
    core gives a first set, which is shrunk by deletion: drop one member, and if
    the rest is still infeasible, keep the smaller core.  Dropping any member of
    the returned set makes the remaining ones feasible.  ``None`` when the time
    ran out.  Rules are kept as they are set unless ``strict`` is false, in
    which case they are switched off (a relaxed rule can always be broken).
    """
    target = match if strict else _rules_off(match)
    options = ModelOptions(
        boards=match.boards,
        double=match.double,
        objective="none",
        symmetry_breaking=False,
        match=target,
        assumptions=True,
        rule_assumptions=strict,
    )
    mm = MatchModel.build(options)
    literal_of: dict[int, cp_model.IntVar] = {lit.index: lit for lit, _r in mm.request_literals}
    literal_of.update({lit.index: lit for lit in mm.rule_literals.values()})

    def infeasible_core(assumed: list[cp_model.IntVar]) -> list[cp_model.IntVar] | bool | None:
        left = deadline - time.monotonic()
        if left <= 0.05:
            return None  # the time limit is up: no reasons rather than an overrun
        mm.model.clear_assumptions()
        mm.model.add_assumptions(assumed)
        solver = new_solver(workers=1, seed=params.seed, seconds=left)  # cores are reported by the single-thread search
        status = stop.solve(solver, mm.model)
        if status == cp_model.INFEASIBLE:
            return [literal_of[i] for i in solver.sufficient_assumptions_for_infeasibility() if i in literal_of]
        return False if status in (cp_model.OPTIMAL, cp_model.FEASIBLE) else None

    found = infeasible_core(list(literal_of.values()))
    if not isinstance(found, list):
        return None if found is None else []
    core = found
    index = 0
    while index < len(core):
        trial = core[:index] + core[index + 1 :]
        smaller = infeasible_core(trial)
        if smaller is None:
            return None
        if not isinstance(smaller, list):
            index += 1
        else:
            keep = {lit.index for lit in smaller}
            core = [lit for lit in trial if lit.index in keep]
    names: dict[int, Request | Rule] = {lit.index: request for lit, request in mm.request_literals}
    names.update({lit.index: rule for rule, lit in mm.rule_literals.items()})
    return [names[lit.index] for lit in core]
