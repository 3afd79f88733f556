"""Unequal teams: their construction mapped onto the requests, then improved (colour windows or the
full model); and runs of one colour (``max_run = 1``), answered without a break where a construction
has none, else with rule 2 relaxed by the breaks of a design with runs of two."""

from __future__ import annotations

import time
from dataclasses import replace

from scheveningen.models.bounds.proven import forced_unequal_breaks, unequal_break_bound
from scheveningen.models.constructions.double_full_side import runs_of_one_double
from scheveningen.models.constructions.unequal.dispatch import construct_unequal, layout_dealt, layout_unequal
from scheveningen.models.constructions.unequal.runs_of_one import runs_of_one_single
from scheveningen.models.domain.rules import Rule
from scheveningen.models.domain.schedule import Schedule
from scheveningen.models.domain.symmetry import swap_teams
from scheveningen.solver.design.params import Result
from scheveningen.solver.design.relax import design_relaxed
from scheveningen.solver.design.results import and_requests, empty, proven_bound, verify_and_report
from scheveningen.solver.design.run import DesignRun, Start, build_seconds
from scheveningen.solver.design.stages.search import search
from scheveningen.solver.run import stop
from scheveningen.solver.scale.unequal import improve_colours, unequal_start
from scheveningen.solver.verify.verifier import rule_excess, verify

#: The share of the time limit (from the process's start) that the unequal teams' construction may
#: use; the colour search improves its answer in the rest.  Sizes whose layout must deal team B with
#: both teams sitting out (models/constructions/unequal/dispatch.py ``layout_dealt``) get more: the layout decides
#: the answer there, and the colour search cannot close the gap from the insurance schedule in the rest
#: (78 against 77 on 66 boards: the layout finds no break in 5-6 s, which three quarters of 10 s missed after start-up
#: and the insurance, leaving 2079 breaks).  Elsewhere the constructions that come after a layout which gives
#: up can run past the deadline, and the rest absorbs that (90 against 94 on 90: 11.45 s in all with
#: 90% for the construction, 10.64 s with 75%; benchmarks/results/unequal_coverage/unequal_share.md).
UNEQUAL_CONSTRUCTION_SHARE = 0.75
DEALT_CONSTRUCTION_SHARE = 0.9
#: Where the constructions found nothing and the full model has no time, the alternating layout alone
#: gets the time left, if at least this much, up to this margin before the deadline (for verifying and
#: writing the answer).
LAST_LAYOUT_SECONDS = 1.0
LAST_LAYOUT_MARGIN = 0.5

#: Before rule 2 is relaxed without a proof, the full model searches with this share of the time left
#: (the rest is ample for mapping the construction; at a half, 6 against 6 on 2 boards had no room to build).
RUNS_SEARCH_SHARE = 0.9


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
    schedule = unequal_start(match, construction_deadline(run), why)
    left = run.deadline - time.monotonic()
    if schedule is None and left > LAST_LAYOUT_SECONDS and build_seconds(match) * 4 > left:
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
    bound = proven_bound(run.match, {})
    if run.objective == "none" or start.breaks <= bound or stop.requested():
        return verify_and_report(run, schedule)
    if build_seconds(run.match) * 4 > run.deadline - time.monotonic():
        improved = improve_colours(
            run.match, schedule, run.deadline, run.params.seed, run.params.work_limit, bound, stop.requested
        )
        return verify_and_report(run, improved)
    return search(run, start)


def construction_deadline(run: DesignRun) -> float:
    """When the unequal teams' construction must answer (:data:`UNEQUAL_CONSTRUCTION_SHARE`)."""
    match = run.match
    dealt = layout_dealt(match.size_a, match.size_b, match.boards)
    share = DEALT_CONSTRUCTION_SHARE if dealt else UNEQUAL_CONSTRUCTION_SHARE
    return run.started + run.params.time_limit * share


# --------------------------------------------------------------------------- runs of one, a break forced


def runs_of_two(run: DesignRun) -> DesignRun:
    """The match with rule 2 as written (runs of two), to be designed first by the strategy table, on
    a clock of its own."""
    match = run.match
    return DesignRun(replace(match, rules=replace(match.rules, max_run=2)), run.params, run.progress)


def runs_of_one_relaxed(run: DesignRun) -> Result:
    """Unequal teams, single round, ``max_run = 1``, where every schedule has a break whatever the
    rules (:func:`forced_unequal_breaks`): no schedule has runs of one only, whichever lower rules are relaxed,
    so rule 2 as asked is relaxed.  With ``max_run = 1`` each break is one run too long, so rule 2 is
    broken by the schedule's breaks: the match is designed with rule 2 as written (:func:`runs_of_two`,
    by the table), and the least relaxation is the fewest breaks with the other rules kept, proven
    where the breaks meet the bound (every odd k and k = 0 mod 4 for k + 1 against k).  Before, the
    full model searched the whole time limit for a schedule that cannot exist and answered nothing
    (6 against 5 on 5 boards)."""
    match = run.match
    looser = run.first_answer()
    run.messages.extend(looser.messages)
    if looser.schedule is None:
        return empty(run, looser.status, looser.explanation)
    relaxed = {
        **looser.relaxed,
        Rule.NO_THREE_IN_A_ROW: rule_excess(looser.schedule, Rule.NO_THREE_IN_A_ROW, match.rules),
    }
    forced = forced_unequal_breaks(match)
    run.messages.append(
        f"runs of one colour cannot hold for {match.size_a} against {match.size_b} on {match.boards} boards: "
        f"every schedule has at least {forced} break{'s' if forced > 1 else ''}"
    )
    return verify_and_report(
        run, looser.schedule, looser.lower_bound, relaxed, least={Rule.NO_THREE_IN_A_ROW}, unproven=looser.unproven
    )


# --------------------------------------------------------------------------- runs of one, no break forced


def without_a_break_or_relaxed(run: DesignRun) -> Result | None:
    """Unequal teams with runs of one where no bound rules out a schedule without a break whatever the
    rules (a double round, or :func:`forced_unequal_breaks` 0).  Before, these ended in exit 3 wherever the
    construction had a break (10 against 6 on 6 boards, double round; 14 against 2 on 2; 6 against 10
    on 5; 12 against 4, single round).

    * The construction (``models/constructions/unequal/``), taken where it has no break: rules 1-3 kept.
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
    deadline = construction_deadline(run)
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


def _searched_first(run: DesignRun) -> tuple[Result | None, bool]:
    """The full model with every rule, given :data:`RUNS_SEARCH_SHARE` of the time left, where it can be
    built: small matches it settles quickly (6 against 6 on 2 boards, double round, rule 3 off: no
    break in about a second, where the construction has 28).  Its schedule if it finds one; where it
    proves there is none, the rules relaxed by the least possible (:func:`design_relaxed`) if that
    finishes in the time left.  Returns the result (``None`` without a schedule, the trials' messages
    dropped) and whether the model proved that no schedule keeps every rule."""
    left = run.deadline - time.monotonic()
    sub = replace(run.params, time_limit=run.params.time_limit - left + RUNS_SEARCH_SHARE * left)
    found = search(DesignRun(run.match, sub, run.progress, started=run.started), None)
    infeasible = found is None
    if found is None:
        found = design_relaxed(DesignRun(run.match, run.params, run.progress, started=run.started))
    if found.schedule is None:
        return None, infeasible
    return replace(found, params=run.params, messages=(*run.messages, *found.messages)), infeasible


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
    schedule = unequal_start(replace(match, rules=replace(match.rules, max_run=2)), None, None, lambda *_: built)
    if schedule is None:
        return None
    relaxed = {Rule.NO_THREE_IN_A_ROW: rule_excess(schedule, Rule.NO_THREE_IN_A_ROW, match.rules)}
    # (every class proven to have no schedule without a break does not happen up to 100 a side: the
    # criterion leaves some class at every size, and the model's proofs are for 12 players at most)
    proven = "" if none_proven else ", though none is proven impossible"
    sizes = f"{match.size_a} against {match.size_b} on {match.boards} boards{', double round' if match.double else ''}"
    requests = and_requests(match)
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
    """:func:`without_a_break_or_relaxed`'s answer without a break: rule 3 relaxed by what the
    schedule breaks it by, with what is proven of that said."""
    match = run.match
    excess = rule_excess(schedule, Rule.BOARD_BALANCE, match.rules) if match.rules.board_balance else 0
    if not excess:
        return verify_and_report(run, schedule)
    relaxed = {Rule.BOARD_BALANCE: excess}
    if least:  # every class nearer k/2, k/2 itself included, proven to have no schedule without a break
        return verify_and_report(run, schedule, 0, relaxed)
    colours = match.rules.colour_balance
    # a bound above 0 with rule 3 kept: no schedule without a break keeps it (claims 3 and 5, x = k/2)
    rule_3_ruled_out = unequal_break_bound(match.size_a, match.size_b, match.boards, match.double, True, colours)
    requests = and_requests(match)
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
