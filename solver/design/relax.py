"""The least relaxation, lexicographic in priority order, when no schedule keeps every house rule with
the requests.

The house rules: when no schedule keeps rules 1-3 together with the requests (proven infeasible by
CP-SAT, not merely not found in time), every relaxable rule the match switches on is posted in its
relaxed form and the excesses are minimised lexicographically: the most important rule's excess
first, then, with it fixed at that least amount, the next rule's, and so on, and finally breaks with
every amount fixed.  A rule that can hold thus keeps excess 0 before any less important rule is
considered, and no less important rule is ever kept at the price of a more important one.  A stage
the time limit stops before its least is proven keeps the amount it found, and the answer says the
amount is not proven the least (``Result.unproven``).  :func:`only_rules` and :func:`rules_off`
give the variants of a match with some or none of the relaxable rules switched on.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from ortools.sat.python import cp_model

from scheveningen.models.cpsat.model import MatchModel
from scheveningen.models.domain.match import Match
from scheveningen.models.domain.rules import Rule, relaxable
from scheveningen.models.domain.schedule import Schedule
from scheveningen.solver.design.params import Result
from scheveningen.solver.design.results import and_requests, solver_bound, unknown, verify_and_report
from scheveningen.solver.design.run import DesignRun
from scheveningen.solver.verify.verifier import rule_excess


@dataclass
class Lexicographic:
    """The stages of a lexicographic relaxation so far: each settled rule's least amount (0 where it
    holds), the proven lower bound on it, and the last schedule a stage found."""

    amounts: dict[Rule, int] = field(default_factory=dict)
    bounds: dict[Rule, int] = field(default_factory=dict)
    schedule: Schedule | None = None

    def proven(self, rule: Rule) -> bool:
        """Whether the stage of ``rule`` proved its amount the least."""
        return rule in self.amounts and self.bounds.get(rule, 0) >= self.amounts[rule]

    def soft(self, rules: list[Rule]) -> frozenset[Rule]:
        """The rules a stage posts relaxed: all but those settled at 0, which are posted hard."""
        return frozenset(rule for rule in rules if self.amounts.get(rule, 1) > 0)


def design_relaxed(run: DesignRun) -> Result:
    """The rules cannot all hold: break them as little as possible, lexicographically by priority.

    Each relaxable rule the match switches on, most important first, is broken as little as possible
    with every rule before it fixed at its least amount and every rule after it free (relaxed); a rule
    that can hold gets 0 and is then posted hard.  Then breaks are minimised with every amount fixed.
    Where the time runs out before a stage proves its least, the amount found is kept and said to be
    unproven; rules not reached are measured on the last schedule found, unproven too.
    """
    rules = [rule for rule in relaxable() if rule.on(run.match.rules)]
    stages = _least_in_order(run, rules)
    if stages.schedule is None:
        return unknown(run)
    schedule, bound, fair = stages.schedule, 0, False
    if run.room_to_build():
        mm = _stage_model(run, rules, stages)
        mm.set_objective()
        solver, status = run.solve(mm, show_progress=True)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            schedule = mm.schedule_from(solver)
            bound = solver_bound(mm, solver, run.objective)
            fair = status == cp_model.OPTIMAL
    measured = {rule: rule_excess(schedule, rule, run.match.rules) for rule in rules}
    relaxed = {rule: amount for rule, amount in measured.items() if amount > 0}
    unproven = {rule for rule in relaxed if not stages.proven(rule) or measured[rule] != stages.amounts[rule]}
    notes = {rule: _unproven_note(run.match, rule, relaxed[rule], stages.bounds.get(rule, 0)) for rule in unproven}
    if len(relaxed) > 1:
        run.messages.append(_in_priority_order(relaxed, unproven))
    return verify_and_report(run, schedule, bound, relaxed, fairness_proven=fair, notes=notes)


def _least_in_order(run: DesignRun, rules: list[Rule]) -> Lexicographic:
    """One stage a rule, most important first: minimise its excess with the rules before it fixed (at
    most the amount found, where the stage was stopped before proving it the least).  The stages stop
    where one finds no schedule or there is no room to build another model."""
    stages = Lexicographic()
    for rule in rules:
        if not run.room_to_build():
            break
        mm = _stage_model(run, rules, stages)
        mm.minimise_penalty(rule)
        solver, status = run.solve(mm)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        stages.amounts[rule] = round(solver.objective_value)
        bound = math.ceil(solver.best_objective_bound - 1e-6)
        stages.bounds[rule] = stages.amounts[rule] if status == cp_model.OPTIMAL else max(0, bound)
        stages.schedule = mm.schedule_from(solver)
    return stages


def _stage_model(run: DesignRun, rules: list[Rule], stages: Lexicographic) -> MatchModel:
    """The model of one stage: the settled rules fixed at their amounts (hard where 0), the others
    relaxed, hinted with the last schedule found (or the plain match's start)."""
    mm = MatchModel.build(run.model_options(stages.soft(rules)))
    for rule, amount in stages.amounts.items():
        if amount > 0:
            mm.fix_penalty(rule, amount)
    hint = stages.schedule or (run.plain_start.schedule if run.plain_start is not None else None)
    if hint is not None and run.match.equal_teams:
        mm.hint(hint)
    return mm


def _unproven_note(match: Match, rule: Rule, amount: int, bound: int) -> str:
    """What a relaxation message says of a rule whose least was not proven in the time."""
    if bound > 0:
        return (
            f"no schedule keeps it together with the higher rules{and_requests(match)}; this one breaks it by "
            f"{amount}, at least {bound} is proven necessary: not proven the least"
        )
    return (
        f"no schedule keeping it together with the higher rules{and_requests(match)} was found in the time; "
        f"this one breaks it by {amount}: not proven the least"
    )


def _in_priority_order(relaxed: dict[Rule, int], unproven: set[Rule]) -> str:
    """The relaxation as a whole, and what "least" means for it: lexicographic, by priority."""
    ordered = sorted(relaxed, key=lambda rule: rule.priority)
    amounts = ", ".join(
        f"rule {int(rule)} broken by {relaxed[rule]}" if i == 0 else f"rule {int(rule)} by {relaxed[rule]}"
        for i, rule in enumerate(ordered)
    )
    order = f"rule {int(ordered[0])} first, " + ", ".join(f"then {int(rule)}" for rule in ordered[1:])
    if unproven:
        which = [str(int(rule)) for rule in sorted(unproven, key=lambda rule: rule.priority)]
        named = f"rule {which[0]}" if len(which) == 1 else f"rules {', '.join(which[:-1])} and {which[-1]}"
        return f"{amounts}: not proven the least in priority order ({order}; {named} not proven in the time)"
    return f"{amounts}: the least in priority order ({order})"


def only_rules(match: Match, rules: list[Rule]) -> Match:
    """The match with just ``rules`` of the relaxable rules switched on (as the match sets them)."""
    off = {rule.setting: rule.off for rule in relaxable() if rule not in rules and rule.setting is not None}
    return replace(match, rules=match.rules.with_values(off))


def rules_off(match: Match) -> Match:
    """The match with every relaxable rule switched off (the requests alone)."""
    return only_rules(match, [])
