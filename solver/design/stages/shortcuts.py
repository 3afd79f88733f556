"""Answers known at once for equal teams (and p = 2 mod 4 against 2 on 2 boards): the proven
relaxation against two players, and runs of one colour, where every player alternates."""

from __future__ import annotations

from dataclasses import replace

from scheveningen.models.constructions import two_boards
from scheveningen.models.constructions.equal import alternating
from scheveningen.models.domain.rules import Rule
from scheveningen.solver.design.params import Result, Status
from scheveningen.solver.design.results import empty, verify_and_report
from scheveningen.solver.design.run import DesignRun
from scheveningen.solver.verify.verifier import rule_excess


def against_two_relaxed(run: DesignRun) -> Result:
    """p = 2 mod 4 against 2 on 2 boards, single round, no requests, rules 1 and 3 on: no schedule
    keeps both, so rule 3 is relaxed by the least possible, 2, with the fewest breaks, 2 (none for
    the plain 2-board match, 2 against 2), both proven (``models/constructions/two_boards.py``):
    answered at once, where the full model cannot prove either in time from about 10 players on, and
    without loading a solver for the plain match.  With ``--strict`` the answer is that rules 1 and 3
    cannot hold together, by the same proof."""
    match = run.match
    if run.params.strict:  # rules 1 and 3 cannot hold together here, proven without a search
        conflict = tuple(rule.named(match.rules) for rule in (Rule.COLOUR_BALANCE, Rule.BOARD_BALANCE))
        return empty(run, Status.INFEASIBLE, conflict)
    schedule = two_boards.relaxed_against_two(match.size_a, match.size_b)
    fewest = two_boards.breaks(match.size_a, match.size_b)
    return verify_and_report(run, schedule, fewest, {Rule.BOARD_BALANCE: two_boards.BOARD_BALANCE_EXCESS})


def runs_of_one(run: DesignRun) -> Result | None:
    """Equal teams, ``max_run = 1`` (nobody has one colour twice running): answered with no break,
    rule 3 (when on) relaxed by what it breaks it by, the least possible.  Without requests that is
    :func:`alternating`, at once; with requests, the organisers' stage (``solver/scale/driver.py``) designs
    the match with rule 3 off, where :func:`alternating` is a base to map onto the requests.  ``None``
    where that stage finds nothing or the requests break rule 2.

    Every player then alternates perfectly.  An A player with White in odd rounds meets only B
    players with Black in odd rounds (a game has one White), so if one A player is W-first all
    of team B is B-first and all of team A W-first: team A has White on every board in odd rounds
    and on none in even ones (or the reverse), in every such schedule, and rule 3's excess is the
    same for all.  The full model could not find one in 10 s on 30 boards (exit 3), with or without
    a request.
    """
    match = run.match
    if not match.has_requests:
        schedule = alternating(match.boards, match.double)
    else:
        from scheveningen.solver.scale.driver import design_at_scale  # loads the searches at scale

        loose = replace(match, rules=replace(match.rules, board_balance=False))
        found = design_at_scale(loose, run.params, run.started, run.progress, recolouring=False)
        if found is None or found.schedule is None or found.relaxed:
            return None
        run.messages.extend(found.messages)
        schedule = found.schedule
    relaxed = {}
    if match.rules.board_balance and match.boards > 1:
        relaxed[Rule.BOARD_BALANCE] = rule_excess(schedule, Rule.BOARD_BALANCE, match.rules)
    return verify_and_report(run, schedule, 0, relaxed)
