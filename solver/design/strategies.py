"""The strategy table of a design, read top to bottom, and :func:`design_match`, which walks it.

``design_match(match, DesignParams(...))`` designs an organiser's match (team sizes, rule settings,
requests); ``design(boards, params, objective=..., double=...)`` is the plain ``boards``-board match.
Both return a :class:`Result`, whose ``stages`` list the entries tried.

The table is the only dispatcher.  :func:`design_match` tries its entries in order: an entry whose
``applies`` is false is skipped; otherwise its ``run`` answers (a verified schedule, a proof that none
exists, or "unknown") or gives ``None``, and the next entry is tried.  The last entry always answers.
An entry with ``first`` names a variant of the match (fewest breaks before the "fair" split, runs of
two before runs of one are relaxed): the table designs that variant from its top, on a clock of its
own, and then the entry runs with the variant's answer as ``run.first`` (one loop walks the table for
the match and its variants: no recursion).  No stage calls :func:`design_match`.  Every threshold
that decides whether an entry applies is defined here, and each entry names the thresholds of its
stage.

The shortcut entries (all but the organisers' stage, down to the plain start) need ``use_start`` and
``params.scale`` (:attr:`DesignRun.shortcuts`); ``use_start`` false makes the full model search from
nothing.  Every schedule returned has passed the verifier (``solver/design/results.py``).

Each entry names the searches besides the CP-SAT model that its stage relies on (``searches``, the
registry's :class:`~scheveningen.models.domain.rules.Search`): for a match that switches on a rule one
of them does not honour (a rule added in the registry alone), the entry is skipped, so that the full
model, which knows every rule, designs the match.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from scheveningen.models.bounds.proven import forced_unequal_breaks
from scheveningen.models.constructions import two_boards
from scheveningen.models.domain.match import Match, MatchError, Objective, RuleSettings
from scheveningen.models.domain.rules import Search, honours
from scheveningen.solver.design.params import (
    MAX_BOARDS,
    MIN_BOARDS,
    DesignBugError,
    Outcome,
    Result,
    StageRecord,
    Status,
    check_size,
)
from scheveningen.solver.design.results import unknown
from scheveningen.solver.design.run import DesignRun
from scheveningen.solver.design.stages.start import plain_start
from scheveningen.solver.run.params import DesignInputError, DesignParams, ProgressCallback

#: Equal teams, a single round, with requests go through the organisers' stage (``solver/scale/driver.py``)
#: from this many boards on.  From 3 boards an image of the plain design keeping the requests answers at
#: once where the full model alone ended 5 s above the bound (n/2 requests read off an image, 8-11
#: boards: 10-38 breaks against 8-18); below ``at_scale.HANDOFF_BOARDS`` the full model then improves an
#: answer above the bound.  On 2 boards the rules as written cannot all hold (rule 3 is relaxed,
#: ``models/constructions/two_boards.py``), which the stage's counts of forced relaxations do not know.
SCALE_MIN_BOARDS = 3

#: The "fair" objective with requests designs for fewest breaks first from this many boards on (a single
#: round of equal teams with runs of two; below, the full model designs the split at once).
FAIR_BREAKS_FIRST_BOARDS = 12


@dataclass(frozen=True)
class Strategy:
    """One entry of the table: when it ``applies``, what it runs, and the thresholds of its stage.

    ``first``, where set, gives a variant of the match that the table designs before ``run``, which
    finds that answer as ``run.first``.  ``searches``: the searches besides the CP-SAT model that the
    stage relies on; the entry runs only where each honours every rule the match switches on.
    ``thresholds`` words the sizes and time shares that decide what the stage does (read from the
    stage's own constants, so called only when wanted: it loads the stage)."""

    name: str
    applies: Callable[[DesignRun], bool]
    run: Callable[[DesignRun], Result | None]
    thresholds: Callable[[], str] | None = None
    first: Callable[[DesignRun], DesignRun] | None = None
    searches: frozenset[Search] = frozenset()

    def applies_to(self, run: DesignRun) -> bool:
        """Whether the entry runs for ``run``: every search it relies on honours the match's rules,
        and it ``applies``."""
        return all(honours(search, run.match.rules) for search in self.searches) and self.applies(run)


#: The searches the shortcut stages rely on (their proofs, and the constructions they answer with),
#: and those of the organisers' stage (images of a design, repaired and improved by the LNS, with the
#: forced relaxations counted and the colours chosen again).
_SHORTCUTS = frozenset({Search.SHORTCUTS, Search.CONSTRUCTIONS})
_AT_SCALE = frozenset({Search.SCALE, Search.LNS, Search.CONFLICTS, Search.RECOLOUR})


def _always(_run: DesignRun) -> bool:
    return True


def _fair_with_requests(run: DesignRun) -> bool:
    """The "fair" objective with requests where the full model alone is weak: from
    :data:`FAIR_BREAKS_FIRST_BOARDS` boards, double rounds, runs of one colour and unequal teams."""
    match = run.match
    small_plain = match.equal_teams and not match.double and match.rules.max_run != 1
    return (
        run.shortcuts
        and match.rules.objective == "fair"
        and match.has_requests
        and not (small_plain and match.boards < FAIR_BREAKS_FIRST_BOARDS)
    )


def _organisers_single_round(run: DesignRun) -> bool:
    """Equal teams, a single round, requests, from :data:`SCALE_MIN_BOARDS` boards, not "fair" (with
    "fair", from :data:`FAIR_BREAKS_FIRST_BOARDS` boards, the variant designed first for breaks comes here)."""
    match = run.match
    return (
        run.params.scale
        and match.equal_teams
        and not match.double
        and match.has_requests
        and match.boards >= SCALE_MIN_BOARDS
        and match.rules.objective in ("breaks", "none")
    )


def _against_two(run: DesignRun) -> bool:
    """p = 2 mod 4 against 2 on 2 boards, a single round, no requests, rules 1 and 3 on, runs of two
    or more (the proofs of ``models/constructions/two_boards.py`` do not use rule 2)."""
    match, rules = run.match, run.match.rules
    return (
        run.shortcuts
        and two_boards.applies(match.size_a, match.size_b, match.boards)
        and not match.double
        and not match.has_requests
        and rules.colour_balance
        and rules.board_balance
        and rules.max_run != 1
    )


def _runs_of_one_equal(run: DesignRun) -> bool:
    """Equal teams with ``max_run = 1``, unless "fair" with requests (designed for breaks first)."""
    match = run.match
    fair_with_requests = match.has_requests and match.rules.objective == "fair"
    return run.shortcuts and match.equal_teams and match.rules.max_run == 1 and not fair_with_requests


def _runs_of_one_unequal(run: DesignRun) -> bool:
    return run.shortcuts and not run.match.equal_teams and run.match.rules.max_run == 1


def _runs_of_one_no_break_forced(run: DesignRun) -> bool:
    return _runs_of_one_unequal(run) and forced_unequal_breaks(run.match) == 0


def _runs_of_one_breaks_forced(run: DesignRun) -> bool:
    return _runs_of_one_unequal(run) and forced_unequal_breaks(run.match) > 0


def _double_with_requests(run: DesignRun) -> bool:
    """Equal teams, a double round of 2 boards or more, requests, runs of two or more."""
    match = run.match
    return (
        run.shortcuts
        and match.double
        and match.equal_teams
        and match.has_requests
        and match.rules.max_run != 1
        and match.boards >= 2
    )


def _unequal_teams(run: DesignRun) -> bool:
    return run.shortcuts and not run.match.equal_teams


# --------------------------------------------------------------------------- the stages, loaded when they run
# A stage's module is imported when its entry first runs (most load OR-Tools and the searches at
# scale), so that a plain match which the plain start answers is designed without loading a solver.
# The thresholds are words for ``--verbose`` and the docs, read from the stages' own constants.


def _fair_split(run: DesignRun) -> Result | None:
    from scheveningen.solver.design.stages import fair

    return fair.split_after_breaks(run)


def _fair_breaks_first(run: DesignRun) -> DesignRun:
    from scheveningen.solver.design.stages import fair

    return fair.breaks_first(run)


def _fair_thresholds() -> str:
    from scheveningen.solver.design.stages import fair
    from scheveningen.solver.scale.driver import FULL_MODEL_BOARDS

    return (
        f"from {FAIR_BREAKS_FIRST_BOARDS} boards for a single round of equal teams with runs of two; the split is "
        f"searched for single rounds below {FULL_MODEL_BOARDS} boards, with {1 - fair.FAIR_BREAKS_SHARE:.0%} "
        "of the time"
    )


def _at_scale(run: DesignRun) -> Result | None:
    from scheveningen.solver.design.stages import at_scale

    return at_scale.at_scale(run)


def _at_scale_thresholds() -> str:
    from scheveningen.solver.design.stages import at_scale
    from scheveningen.solver.scale.driver import FULL_MODEL_BOARDS

    return (
        f"from {SCALE_MIN_BOARDS} boards; below {FULL_MODEL_BOARDS} the full model is its fallback; below "
        f"{at_scale.HANDOFF_BOARDS}, with {at_scale.HANDOFF_STAGE_SHARE:.0%} of the time, the full model "
        "improves an answer above the bound"
    )


def _against_two_relaxed(run: DesignRun) -> Result | None:
    from scheveningen.solver.design.stages import shortcuts

    return shortcuts.against_two_relaxed(run)


def _runs_of_one(run: DesignRun) -> Result | None:
    from scheveningen.solver.design.stages import shortcuts

    return shortcuts.runs_of_one(run)


def _unequal_without_a_break(run: DesignRun) -> Result | None:
    from scheveningen.solver.design.stages import unequal

    return unequal.without_a_break_or_relaxed(run)


def _unequal_runs_thresholds() -> str:
    from scheveningen.solver.design.stages import unequal

    return (
        f"the construction within {unequal.UNEQUAL_CONSTRUCTION_SHARE:.0%} of the time limit "
        f"({unequal.DEALT_CONSTRUCTION_SHARE:.0%} where team B is dealt); the full model then "
        f"{unequal.RUNS_SEARCH_SHARE:.0%} of the time left"
    )


def _unequal_runs_of_one_relaxed(run: DesignRun) -> Result | None:
    from scheveningen.solver.design.stages import unequal

    return unequal.runs_of_one_relaxed(run)


def _unequal_runs_of_two(run: DesignRun) -> DesignRun:
    from scheveningen.solver.design.stages import unequal

    return unequal.runs_of_two(run)


def _double_with_requests_stage(run: DesignRun) -> Result | None:
    from scheveningen.solver.design.stages import at_scale

    return at_scale.double_with_requests(run)


def _double_thresholds() -> str:
    from scheveningen.solver.design.stages import at_scale

    return (
        f"at scale on the double round itself from {at_scale.DOUBLE_SCALE_BOARDS} boards; below, the folded "
        f"design has {at_scale.SMALL_FOLD_SHARE:.0%} of the time and the full model the rest"
    )


def _unequal_stage(run: DesignRun) -> Result | None:
    from scheveningen.solver.design.stages import unequal

    return unequal.unequal_stage(run)


def _unequal_thresholds() -> str:
    from scheveningen.solver.design.stages import unequal

    return (
        f"the construction within {unequal.UNEQUAL_CONSTRUCTION_SHARE:.0%} of the time limit "
        f"({unequal.DEALT_CONSTRUCTION_SHARE:.0%} where team B is dealt); the layout alone with "
        f"{unequal.LAST_LAYOUT_SECONDS:g} s left or more"
    )


def _no_room(run: DesignRun) -> Result | None:
    return None if run.room_to_build() else unknown(run)


def _requests_impossible(run: DesignRun) -> Result | None:
    from scheveningen.solver.design.explain import explained, requests_can_hold

    return None if requests_can_hold(run) else explained(run)


def _out_of_time(run: DesignRun) -> Result | None:
    return unknown(run) if run.out_of_time() else None


def _full_model(run: DesignRun) -> Result | None:
    from scheveningen.solver.design.stages.search import search

    return search(run, run.plain_start)


def _strict_explanation(run: DesignRun) -> Result | None:
    from scheveningen.solver.design.explain import explained

    return explained(run)


def _least_relaxation(run: DesignRun) -> Result | None:
    from scheveningen.solver.design.relax import design_relaxed

    return design_relaxed(run)


#: The table, in the order tried.
STRATEGIES: tuple[Strategy, ...] = (
    # "fair" with requests where the full model alone is weak: the table designs for fewest breaks first.
    Strategy(
        "fewest breaks first, then the fair split",
        _fair_with_requests,
        _fair_split,
        thresholds=_fair_thresholds,
        first=_fair_breaks_first,
        searches=frozenset({Search.SHORTCUTS}),
    ),
    # Equal teams, a single round, requests: start from an image of the best design, repair, improve.
    Strategy(
        "organisers' stage at scale",
        _organisers_single_round,
        _at_scale,
        thresholds=_at_scale_thresholds,
        searches=_AT_SCALE,
    ),
    # Proven answers known at once.
    Strategy("p = 2 mod 4 against 2 on 2 boards", _against_two, _against_two_relaxed, searches=_SHORTCUTS),
    Strategy("runs of one, equal teams", _runs_of_one_equal, _runs_of_one, searches=_SHORTCUTS | _AT_SCALE),
    Strategy(
        "runs of one, unequal teams, no break forced",
        _runs_of_one_no_break_forced,
        _unequal_without_a_break,
        thresholds=_unequal_runs_thresholds,
        searches=_SHORTCUTS,
    ),
    # Every schedule has breaks, so runs of one cannot hold: the table designs runs of two first.
    Strategy(
        "runs of one, unequal teams, breaks forced",
        _runs_of_one_breaks_forced,
        _unequal_runs_of_one_relaxed,
        first=_unequal_runs_of_two,
        searches=_SHORTCUTS,
    ),
    Strategy(
        "double round with requests",
        _double_with_requests,
        _double_with_requests_stage,
        thresholds=_double_thresholds,
        searches=_SHORTCUTS | _AT_SCALE,
    ),
    Strategy(
        "unequal teams",
        _unequal_teams,
        _unequal_stage,
        thresholds=_unequal_thresholds,
        searches=_SHORTCUTS,
    ),
    # The plain match's construction or best known design, the answer where searching cannot improve it.
    Strategy("plain start", lambda run: run.use_start, plain_start),
    # The full model: "unknown" where it cannot be built in time, an explanation where the requests
    # cannot hold even without the rules, else the search (seeded with the plain start).
    Strategy("no room to build the full model", lambda run: run.plain_start is None, _no_room),
    Strategy(
        "requests impossible without the rules",
        lambda run: run.match.has_requests and not run.params.strict,
        _requests_impossible,
    ),
    Strategy("out of time", _always, _out_of_time),
    Strategy("full model search", _always, _full_model),
    # No schedule keeps every rule: with --strict, why; otherwise the least relaxation in priority order.
    Strategy("strict explanation", lambda run: run.params.strict, _strict_explanation),
    Strategy("least relaxation", _always, _least_relaxation),
)


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

    The entries of :data:`STRATEGIES` are tried in order; ``use_start`` false skips the constructions
    and shortcuts (the model searches from nothing).  The result lists the entries tried.
    """
    check_size(match)
    return _walk(DesignRun(match, params or DesignParams(), progress, use_start=use_start))


@dataclass
class _Frame:
    """A run the table is designing: the match asked for, or a variant an entry asked for first.
    ``within``: the entries that asked for it (outermost first); ``next``: the next entry to try;
    ``waiting``: the entry of this frame waiting for a variant, when it began, and its record's slot."""

    run: DesignRun
    within: str | None
    next: int = 0
    waiting: tuple[Strategy, float, int] | None = None


def _walk(run: DesignRun) -> Result:
    """The table walked for ``run``, and for the variants its entries design first, in one loop."""
    records: list[StageRecord] = []
    frames = [_Frame(run, None)]
    answer: Result | None = None
    while True:
        frame = frames[-1]
        if answer is None:  # try the frame's next entry
            if frame.next == len(STRATEGIES):
                raise DesignBugError("no entry of the strategy table answered; the last one always must")
            strategy = STRATEGIES[frame.next]
            frame.next += 1
            began = time.monotonic()
            if not strategy.applies_to(frame.run):
                records.append(StageRecord(strategy.name, time.monotonic() - began, Outcome.SKIPPED, frame.within))
                continue
            if strategy.first is not None:  # design the variant first, from the top of the table
                frame.waiting = (strategy, began, len(records))
                records.append(StageRecord(strategy.name, 0.0, Outcome.NO_ANSWER, frame.within))
                within = strategy.name if frame.within is None else f"{frame.within} > {strategy.name}"
                frames.append(_Frame(strategy.first(frame.run), within))
                continue
            answer = strategy.run(frame.run)
            records.append(
                StageRecord(strategy.name, time.monotonic() - began, _outcome(frame.run, answer), frame.within)
            )
            continue
        frames.pop()  # the frame's run is answered
        if not frames:
            return replace(answer, stages=tuple(records))
        frame = frames[-1]
        if frame.waiting is None:
            raise DesignBugError("a variant was designed for no entry")
        strategy, began, slot = frame.waiting
        frame.waiting = None
        frame.run.first = answer
        answer = strategy.run(frame.run)
        records[slot] = StageRecord(strategy.name, time.monotonic() - began, _outcome(frame.run, answer), frame.within)


def _outcome(run: DesignRun, answer: Result | None) -> Outcome:
    if answer is None:
        return Outcome.TIMED_OUT if run.out_of_time() else Outcome.NO_ANSWER
    return Outcome.TIMED_OUT if answer.status is Status.UNKNOWN else Outcome.ANSWERED
