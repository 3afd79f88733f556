"""The least relaxation, in priority order, when no schedule keeps every house rule with the requests.

The house rules: when no schedule keeps rules 1-3 together with the requests (proven infeasible by
CP-SAT, not merely not found in time), the lowest-priority rule is relaxed first; each relaxed rule
is broken by the least amount possible (a stage that minimises just that rule's penalty), then
breaks are minimised with those amounts fixed.  :func:`only_rules` and :func:`rules_off` give the
variants of a match with some or none of the relaxable rules switched on.
"""

from __future__ import annotations

from dataclasses import replace

from ortools.sat.python import cp_model

from scheveningen.models.cpsat.model import MatchModel
from scheveningen.models.domain.match import Match
from scheveningen.models.domain.rules import Rule, relaxable
from scheveningen.solver.design.params import Result
from scheveningen.solver.design.results import solver_bound, unknown, verify_and_report
from scheveningen.solver.design.run import DesignRun


def design_relaxed(run: DesignRun) -> Result:
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
        return unknown(run)
    amounts = _least_relaxation(run, relax)
    if amounts is None:
        return unknown(run)  # a rule must not be relaxed further than it has to be
    if not run.room_to_build():
        return unknown(run)
    mm = MatchModel.build(run.model_options(frozenset(relax)))
    for rule, amount in amounts.items():
        mm.fix_penalty(rule, amount)
    mm.set_objective()
    solver, status = run.solve(mm, show_progress=True)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return unknown(run)
    bound = solver_bound(mm, solver, run.objective)
    return verify_and_report(run, mm.schedule_from(solver), bound, amounts, fairness_proven=status == cp_model.OPTIMAL)


def _rules_to_relax(run: DesignRun) -> list[Rule] | None:
    """The relaxable rules that cannot be kept, most important first; ``None`` when unknown.

    Called once the full model has proven that no schedule keeps every rule with the requests: where
    every rule before the last is kept, the last is relaxed without a trial of its own (it would be that
    same model, which without symmetry breaking can take far longer to prove impossible again)."""
    match = run.match
    kept: list[Rule] = []
    relax: list[Rule] = []
    switched_on = [rule for rule in relaxable() if rule.on(match.rules)]
    for rule in switched_on:
        if rule is switched_on[-1] and not relax:
            relax.append(rule)
            break
        if not run.room_to_build():
            return None
        trial = run.model_options(match=only_rules(match, [*kept, rule]), objective="none", symmetry_breaking=False)
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


def only_rules(match: Match, rules: list[Rule]) -> Match:
    """The match with just ``rules`` of the relaxable rules switched on (as the match sets them)."""
    off = {rule.setting: rule.off for rule in relaxable() if rule not in rules and rule.setting is not None}
    return replace(match, rules=match.rules.with_values(off))


def rules_off(match: Match) -> Match:
    """The match with every relaxable rule switched off (the requests alone)."""
    return only_rules(match, [])
