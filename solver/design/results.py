"""A design's answer packaged as a :class:`Result`: every schedule verified, its status and the best
proven bound; results without a schedule; the bounds the answer reports.

Every schedule a design returns passes through :func:`verify_and_report`; if the verifier rejects
what the model produced, :class:`DesignBugError` is raised, since that can only be a bug in the model.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from scheveningen.models.bounds.proven import even_break_bound, proven_break_bound, unequal_break_bound
from scheveningen.models.domain.match import Match, Objective
from scheveningen.models.domain.rules import Rule, relaxable
from scheveningen.models.domain.schedule import Schedule
from scheveningen.models.formats.tables import best_sizes, best_stated_bound
from scheveningen.solver.design.params import DesignBugError, Result, Status
from scheveningen.solver.design.run import DesignRun
from scheveningen.solver.verify.verifier import Verdict, rule_excess, verify

if TYPE_CHECKING:  # a result is packaged without loading OR-Tools where nothing was searched
    from ortools.sat.python import cp_model

    from scheveningen.models.cpsat.model import MatchModel


def verify_and_report(
    run: DesignRun,
    schedule: Schedule,
    solver_bound: int = 0,
    relaxed: dict[Rule, int] | None = None,
    fairness_proven: bool = False,
    least: set[Rule] | None = None,
    notes: dict[Rule, str] | None = None,
    unproven: frozenset[Rule] = frozenset(),
    verdict: Verdict | None = None,
) -> Result:
    """Verify the schedule, then package it with its status and the best proven bound.

    Every schedule a design returns passes through here; a verifier rejection raises
    :class:`DesignBugError`.  A relaxed rule in ``least`` is relaxed by the schedule's breaks (rule 2
    with runs of one): the least possible only where they meet the proven bound, and the message
    says which; the bound is the one that holds whatever the lower rules do (:func:`least_bound`).
    ``notes`` replace the message's account of a relaxation (after "relaxed: ") where less is proven
    than "necessary, and the least possible".  The rules relaxed by an amount not proven the least
    (those with a note, those in ``least`` above the bound, and those in ``unproven``, said "not proven
    the least") are the result's ``unproven``.

    The status is ``optimal`` when the breaks meet the proven bound and, with the
    "fair" objective, the solver also proved the split between the teams best.  ``verdict``, where
    given, is the verifier's verdict on ``schedule`` for the run's match (with nothing relaxed), which
    the caller has already: it is not checked again.
    """
    match = run.match
    relaxed = relaxed or {}
    if verdict is None or relaxed:
        verdict = verify(schedule, double=match.double, match=match, declared_relaxed=relaxed)
    problems = [v.message for v in verdict.violations() if v.rule not in relaxed]
    problems += [f"request not kept: {text}" for text in verdict.requests]
    for rule, amount in relaxed.items():
        measured = rule_excess(schedule, rule, match.rules)
        if measured != amount:
            problems.append(f"rule {int(rule)} was to be broken by {amount} but is broken by {measured}")
    if problems or not verdict.ok:
        raise DesignBugError(
            f"the verifier rejected the designed {match.boards}-board schedule; this is a bug in the model: "
            + "; ".join(problems[:10] or ["verdict not ok"])
        )
    breaks = verdict.metrics.total_breaks
    bound = min(proven_bound(match, relaxed, solver_bound), breaks)
    not_least = set(notes or {}) | (unproven & set(relaxed))
    for rule, amount in relaxed.items():
        how = "not proven the least" if rule in unproven else "the least possible"
        if rule in (least or set()) and amount > (necessary := least_bound(match, relaxed, rule)):
            # the bound with the lower rules kept does not bound the least in priority order
            how = f"at least {necessary} is proven necessary"
            if amount <= bound:
                how += f" whatever the lower rules do, {amount} with them kept: not proven the least in priority order"
            elif bound > necessary:
                how += f" (at least {bound} is proven necessary with the lower rules kept)"
            not_least.add(rule)
        said = (notes or {}).get(rule) or (
            "no schedule keeps it together with the higher rules"
            f"{and_requests(match)}; this one breaks it by {amount}, {how}"
        )
        run.messages.append(f"{rule.named(match.rules)} relaxed: {said}")
    optimal = breaks == bound and run.objective != "none"
    if run.objective == "fair":
        optimal = optimal and (fairness_proven or split_forced(match, breaks, relaxed))
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
        unproven=frozenset(not_least),
    )


def least_bound(match: Match, relaxed: dict[Rule, int], rule: Rule) -> int:
    """The proven lower bound on breaks whatever the rules less important than ``rule`` do: for a rule
    broken by the schedule's breaks (rule 2 with runs of one), its least excess in priority order may
    not lean on a lower rule, which the lexicographic order lets go before it."""
    lower = {other: 1 for other in relaxable() if other.priority > rule.priority}
    return proven_bound(match, {**relaxed, **lower})


def empty(run: DesignRun, status: Status, explanation: tuple[str, ...] = ()) -> Result:
    """A result without a schedule (``infeasible`` with its explanation, or ``unknown``)."""
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


def unknown(run: DesignRun) -> Result:
    """Nothing found within the time limit, and nothing proven impossible."""
    run.messages.append("no schedule found within the time limit, and none proven impossible; try a longer limit")
    return empty(run, Status.UNKNOWN)


def and_requests(match: Match) -> str:
    """The words " and the requests" where the match has any, for the relaxation messages."""
    return " and the requests" if match.has_requests else ""


def solver_bound(mm: MatchModel, solver: cp_model.CpSolver, objective: Objective) -> int:
    """The solver's proven lower bound on breaks (0 when nothing was minimised)."""
    if objective == "none":
        return 0
    bound = solver.best_objective_bound
    if objective == "fair":
        bound //= len(mm.brk) + 1
    return max(0, math.ceil(bound - 1e-6))


def proven_bound(match: Match, relaxed: dict[Rule, int], solver_bound: int = 0) -> int:
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
    if match.played:  # the bound of the rounds played (its search is loaded only where there are some)
        from scheveningen.solver.scale.driver import played_bound

        bound = max(bound, played_bound(match))
    if match.rules.board_balance and Rule.BOARD_BALANCE not in relaxed:
        colour_balance = match.rules.colour_balance and Rule.COLOUR_BALANCE not in relaxed
        bound = max(bound, proven_break_bound(match.boards, match.double, colour_balance))
    plain = match.rules.as_written
    if plain and not match.double and not relaxed and match.boards in best_sizes():
        bound = max(bound, best_stated_bound(match.boards))
    return even_break_bound(bound)


def split_forced(match: Match, breaks: int, relaxed: dict[Rule, int] | None = None) -> bool:
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
