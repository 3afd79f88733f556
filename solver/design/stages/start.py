"""The plain start: a verified construction or best known design to start the full model from, or to
answer with where searching cannot improve it.

This stage runs before any search and loads no solver: a plain match that the direct construction
answers (every plain size, single and double round) is designed without importing OR-Tools.
"""

from __future__ import annotations

import time

from scheveningen.models.constructions.equal import alternating, construct, half_blocks, mirrored_double
from scheveningen.models.domain.match import Match
from scheveningen.models.domain.rules import Search, honours
from scheveningen.models.domain.schedule import Schedule
from scheveningen.models.formats.tables import best, best_sizes
from scheveningen.solver.design.params import DesignBugError, Result
from scheveningen.solver.design.results import proven_bound, split_forced, verify_and_report
from scheveningen.solver.design.run import DesignRun, Start, build_seconds
from scheveningen.solver.run import stop
from scheveningen.solver.verify.verifier import verify


def plain_start(run: DesignRun) -> Result | None:
    """Look for the plain start (:func:`compute_start`, kept as ``run.plain_start`` for the search) and
    answer with it where searching cannot improve it (:func:`start_suffices`)."""
    run.plain_start = compute_start(run.match)
    start = run.plain_start
    if start is not None and start_suffices(run, start):
        return verify_and_report(run, start.schedule, verdict=start.verdict)
    return None


def compute_start(match: Match) -> Start | None:
    """The best verified schedule to start from for a plain match; ``None`` when there is none.

    That is the direct construction, or the best known design (found by an earlier,
    longer search of this model, models/best/) where it has fewer breaks, each checked
    by the verifier like any design.  Both keep every rule as written, so they are starts too
    where the match switches rules off or allows longer runs of a colour (the search then looks
    only for fewer breaks); not where it asks for runs of one (``max_run = 1``).  Without rule 3
    every player can alternate perfectly (``alternating``, no break at all); without rule 1,
    ``half_blocks`` has n breaks for n = 2 mod 4 too, the fewest possible.

    A candidate that breaks a rule the constructions honour (the registry's
    :attr:`Search.CONSTRUCTIONS`) is a bug; one that breaks only a rule they do not know is no start,
    and where the match switches such a rule on, a candidate is a start only where the verifier finds
    that it keeps the match's rules.
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
    known = honours(Search.CONSTRUCTIONS, match.rules)
    for name, candidate, kept in candidates:
        verdict = verify(candidate, double=match.double, match=kept)
        if not verdict.ok:
            broken = [rule for rule, held in verdict.rules.items() if not (held.acceptable or held.off)]
            if any(Search.CONSTRUCTIONS in rule.honoured_by for rule in broken):
                problems = "; ".join(v.message for v in verdict.violations()[:5])
                raise DesignBugError(
                    f"the {name} for {match.boards} boards breaks the rules; this is a bug: {problems}"
                )
            continue  # it breaks only rules the constructions do not know
        # A start must keep every rule (on 2 boards the rules as written cannot all hold); one that
        # keeps them as written keeps the match's looser ones too, but not a rule the constructions
        # do not know, which the match itself is checked for.
        if not verdict.relaxed and (known or _keeps(candidate, match)):
            # Checked against the match itself, or against the rules as written where the match keeps
            # them (no requests here): the same verdict, which the answer then reuses.
            same = kept is match or (kept is None and match.rules.as_written)
            verified.append(Start(candidate, verdict.metrics.total_breaks, verdict if same else None))
    return min(verified, key=lambda start: start.breaks, default=None)


def _keeps(candidate: Schedule, match: Match) -> bool:
    """Whether the verifier finds that ``candidate`` keeps every rule ``match`` switches on, none relaxed."""
    verdict = verify(candidate, double=match.double, match=match)
    return verdict.ok and not verdict.relaxed


def start_suffices(run: DesignRun, start: Start) -> bool:
    """Whether the start is the answer: nothing to minimise, the proven bound already met, or
    no time to build and search the full model (said in a message)."""
    if run.objective == "none":
        return True
    if run.objective == "breaks" and start.breaks == proven_bound(run.match, {}):
        return True
    if (
        run.objective == "fair"
        and start.breaks == proven_bound(run.match, {})
        and split_forced(run.match, start.breaks)
    ):
        return True
    if stop.requested():  # an interrupt: the verified start is the best so far
        return True
    if build_seconds(run.match) * 4 > run.deadline - time.monotonic():
        run.messages.append(
            f"the time limit leaves no room to search {run.match.boards} boards; "
            "this is the direct construction (a longer --time-limit may find fewer breaks)"
        )
        return True
    return False
