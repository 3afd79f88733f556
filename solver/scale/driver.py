"""Organisers' matches at scale: start from an image of the best design, repair it, improve it by LNS.

The one-model search cannot build the full model quickly past about 60 boards, and with requests its
symmetry breaking and the constructions are off, so past about 16 boards it rarely finds a schedule at
all.  This stage (entries of the strategy table, ``solver/design/strategies.py``, which says when it applies)
handles equal teams, a single round, with requests, from ``SCALE_MIN_BOARDS`` boards on (double rounds come
here too, folded into a single round or as they are, from ``solver/design/stages/at_scale.py``):

1. **start** (``solver/scale/start.py``): the image of the best known design or the direct construction, under
   renumbering, team swap, colour and round reversal, that keeps the most requests; played rounds that
   are an image of the design's first rounds continue the design.  An image keeping every request has
   the plain match's best known breaks and is answered at once;
2. **repair** (``solver/scale/lns/repair.py``): where the image misses requests, the rounds and games concerned are
   freed and re-solved with every request and rules 0-3 hard, growing the freed part until a schedule
   is found; after a deviating played round with requests the image misses, where that finds nothing
   near the image, the played rounds are mended first, as for them alone, and the requests then
   (``repair_deviation_and_requests``);
3. **improve** (``solver/scale/lns/improve.py``): large-neighbourhood search within the time left.

Requests that cannot hold are explained at once, without the full model: two that contradict each
other on their face (:func:`obvious_conflict`), or a set that leaves a round or a player no way to pair
everybody (``solver/scale/conflicts.py``, Hall's theorem).  Rules the fixed colours (played rounds, colour
wishes, the White of a meeting) already break are relaxed by their least excess, counted without a
solver (``conflicts.least_excess``): with ``--strict`` that is the explanation; otherwise, where the
played rounds alone force it, the repair and the search keep the rule everywhere else; where the
requests force it, :func:`_recoloured` reaches a schedule with exactly that excess (a walk of games
with their colours reversed, a few rounds re-solved, a cycle switch of one player's games, or the
colours chosen again, ``solver/scale/recolour.py``) and the search then accepts only schedules with that
excess.  Rules 1 and 3 stay in the re-solved parts, each within its excess: rule 3 as the boards out
of balance, rule 1 as the number of players out of balance, whichever (the player the wishes put
past the balance and the team mate who must make up the team's total); rule 2 is left out of the
parts and checked on each answer.  The image to start from keeps as many colour wishes as an image
can, found greedily (no image keeps them all, so the solver is not asked to prove that).

The time limit is shared out (a quarter at most for the start, 95% of what is left for the repair, 40%
below :data:`FULL_MODEL_BOARDS` boards without played rounds, where the full model is a fallback), and
with a work limit each part is capped in deterministic time as well, so one worker and a work limit give
the same schedule on every run.  ``None`` means this stage found nothing (requests that may be
impossible); the caller then falls back to the full model, which explains an impossible set of requests.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from scheveningen.models.bounds.played import PlayedRules, relaxed_break_bound
from scheveningen.models.bounds.proven import even_break_bound, played_break_bound, proven_break_bound
from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import Match, PlayedRound, Request
from scheveningen.models.domain.rules import Rule, Search, honours
from scheveningen.models.domain.schedule import Colour, Player, Schedule, Team
from scheveningen.solver.run import stop
from scheveningen.solver.run.params import DesignParams, ProgressCallback
from scheveningen.solver.scale.conflicts import in_priority_order, least_excess, pairing_conflict, rule_witness
from scheveningen.solver.scale.lns.budget import Budget, SearchLog
from scheveningen.solver.scale.lns.improve import improve
from scheveningen.solver.scale.lns.part import solve_part
from scheveningen.solver.scale.lns.repair import repair, repair_deviation_and_requests
from scheveningen.solver.scale.recolour import flip_walks, missed_colour_rounds, recolour, row_swaps
from scheveningen.solver.scale.start import Start, bases, find_start
from scheveningen.solver.verify.verifier import rule_excess, verify

#: Below this many boards the full model is quick enough to be a fallback when the repair fails.
FULL_MODEL_BOARDS = 24

#: Rule 3 forced by colour requests: on these many boards (from, below) the repair with rule 3 off goes
#: first (its colours, moved already, make the least excess easy to reach: 40 and 60 boards answered
#: where the image alone was not); outside, a window of rounds around the image's miss is solved
#: first: quick below (16-24 boards, a fraction of a second, where the repaired schedule's many
#: unbalanced rounds make big parts), and above the repair's parts cost too much (100 boards).
#: Measured with benchmarks/conflicts.py and tests/solver/scale/test_forced_scale.py.
REPAIR_FIRST = (32, 80)

#: Up to this many boards the bound adds the computed one of ``models/bounds/played.py`` (played rounds), with
#: :data:`BOUND_WORK` of CP-SAT's deterministic time, and without a work limit at most
#: :data:`BOUND_SHARE` of the time limit (its wall-clock time is 5-10 times its deterministic time on a
#: loaded machine); only when the repaired schedule is above the analytic bound and is not the image of
#: a design keeping every request (which is answered at once).  It proves its optimum in about 0.2-0.5
#: there (10-14 boards, deviation cases), 2 breaks above the analytic bound on about half of them; from
#: 20 boards on it needs 1.5 to 15 and more (benchmarks/results/custom_scale/custom_scale_deviation_bounds.md).
BOUND_BOARDS = 16
BOUND_WORK = 0.5
BOUND_SHARE = 0.05

#: Seconds kept back at the end for verifying and printing the schedule (more at 100 boards).
MARGIN = 0.8


def played_bound(match: Match, relaxed: frozenset[Rule] | None = None) -> int:
    """The played rounds' breaks plus a bound for the rest (``models.bounds.played_break_bound``);
    0 without played rounds.  ``relaxed`` None: only rule 0 is assumed, so it holds whatever rules are
    relaxed.  Otherwise rules 1 and 2, where the match keeps them and they are not in ``relaxed``, add
    what they force on each player's rounds still to come (docs/bounds.md, "Bounds for a match with
    played rounds")."""
    if not match.played or not match.equal_teams:
        return 0
    played = [[(g.a_player.number, g.b_player.number, g.a_white) for g in p.games] for p in match.played]
    if relaxed is None:
        return played_break_bound(match.boards, match.rounds, played, double=match.double)
    rules = kept_rules(match, relaxed)
    return played_break_bound(
        match.boards, match.rounds, played, rules.colour_balance, rules.max_run, double=match.double
    )


def kept_rules(match: Match, relaxed: frozenset[Rule]) -> PlayedRules:
    """Rules 1-3 as ``match`` keeps them, less ``relaxed``: what a bound for the match may use (a
    bound that uses fewer rules than the match keeps holds all the more)."""

    def kept(rule: Rule) -> bool:
        return rule.on(match.rules) and rule not in relaxed

    return PlayedRules(
        colour_balance=kept(Rule.COLOUR_BALANCE),
        max_run=match.rules.max_run if kept(Rule.NO_THREE_IN_A_ROW) else 0,
        board_balance=kept(Rule.BOARD_BALANCE),
    )


def covers(match: Match) -> bool:
    """Whether every search of this stage honours every rule ``match`` switches on (the registry's
    :class:`Search`: the images and repair, the LNS, the counts of forced relaxations, the
    recolouring); where not, :func:`design_at_scale` answers ``None`` and the full model designs the
    match."""
    return all(honours(search, match.rules) for search in SEARCHES)


#: The searches this stage relies on.
SEARCHES = (Search.SCALE, Search.LNS, Search.CONFLICTS, Search.RECOLOUR)


def spec_bound(
    match: Match, relaxed: frozenset[Rule] = frozenset(), work: float = 0.0, seconds: float | None = None
) -> int:
    """A proven lower bound on breaks for ``match`` (equal teams, rules 1-3 as the match sets them,
    less ``relaxed``): the plain bound when rule 3 holds (requests only remove schedules), and
    :func:`played_bound` with the rules kept.  ``work`` > 0 (CP-SAT's deterministic time) adds the
    computed bound of ``models/bounds/played.py`` for a single round with played rounds, on one worker,
    so the same match gives the same bound on every run (``seconds``, if given, caps its wall-clock time
    too: the bound stays proven, but may then depend on the machine's load)."""
    bound = 0
    rules = kept_rules(match, relaxed)
    if rules.board_balance:
        bound = proven_break_bound(match.boards, match.double, rules.colour_balance)
    played = played_bound(match, relaxed)
    if work > 0 and match.played and match.equal_teams and not match.double:
        games = [[(g.a_player.number, g.b_player.number, g.a_white) for g in p.games] for p in match.played]
        computed = relaxed_break_bound(match.boards, games, rules, work=work, floor=played, seconds=seconds)
        played = max(played, computed or 0)
    return even_break_bound(max(bound, played))


def bound_work(match: Match, params: DesignParams) -> tuple[float, float | None]:
    """The work and seconds :func:`spec_bound` may spend on the computed bound: none past
    :data:`BOUND_BOARDS` boards; with a work limit, work only (the same bound on every run)."""
    if match.boards > BOUND_BOARDS or not match.played:
        return 0.0, None
    return BOUND_WORK, None if params.work_limit is not None else params.time_limit * BOUND_SHARE


@dataclass
class ScaleResult:
    """A verified-to-be schedule with its bound, or (``schedule`` None) an explanation of impossibility."""

    schedule: Schedule | None
    lower_bound: int
    messages: list[str] = field(default_factory=list)
    log: SearchLog | None = None
    explanation: tuple[str, ...] = ()
    relaxed: dict[Rule, int] = field(default_factory=dict)


def obvious_conflict(match: Match) -> list[Request] | None:
    """Two requests that contradict each other on their face, or ``None``.

    The same pair meeting in two rounds (three, in a double round: then the three are returned), a
    player meeting two opponents in one round, a meeting in a round its pair avoids, or two colours
    for one player in one round (meetings with White and played rounds included).  Each request alone
    can hold (with every rule relaxed), so they are a minimal conflicting set, found without building
    the full model (which takes minutes at 100 boards).
    """
    times = 2 if match.double else 1  # a pair's meetings
    meetings: dict[tuple[int, int], dict[int, Request]] = {}  # by pair: its rounds, with a request naming each
    opponent: dict[tuple[str, int, int], tuple[int, Request]] = {}
    colour: dict[tuple[Player, int], tuple[bool, Request]] = {}
    facts: list[tuple[Request, int, int, int, bool | None]] = []
    for played in match.played:
        facts += [(played, g.a_player.number, g.b_player.number, played.round, g.a_white) for g in played.games]
    for meet in match.meets:
        facts.append((meet, meet.a, meet.b, meet.round, None if meet.white is None else meet.white is Team.A))
    for request, a, b, r, a_white in facts:
        seen = meetings.setdefault((a, b), {})
        if r not in seen and len(seen) == times:
            return [*seen.values(), request]
        seen.setdefault(r, request)
        for key, other in ((("A", a, r), b), (("B", b, r), a)):
            held = opponent.get(key)
            if held is not None and held[0] != other:
                return [held[1], request]
            opponent[key] = (other, request)
        if a_white is not None:
            for player, white in ((Player(Team.A, a), a_white), (Player(Team.B, b), not a_white)):
                had = colour.get((player, r))
                if had is not None and had[0] != white:
                    return [had[1], request]
                colour[player, r] = (white, request)
    for wish in match.colours:
        had = colour.get((wish.player, wish.round))
        white = wish.colour is Colour.WHITE
        if had is not None and had[0] != white:
            return [had[1], wish]
        colour[wish.player, wish.round] = (white, wish)
    for avoid in match.avoids:
        for r, request in meetings.get((avoid.a, avoid.b), {}).items():
            if r in avoid.rounds:
                return [request, avoid]
    return None


def design_at_scale(
    match: Match,
    params: DesignParams,
    started: float | None = None,
    progress: ProgressCallback | None = None,
    recolouring: bool = True,
    lower_bound: int | None = None,
    start: Start | None = None,
) -> ScaleResult | None:
    """Start, repair and improve as described above; ``None`` when no schedule keeping the requests was found.

    ``params`` gives the time and work limits, the workers and the seed; ``started`` is when the
    design began (the time limit counts from there); ``progress`` is told (breaks, bound, seconds) at
    each improvement.  An interrupt (``solver/run/stop.py``) ends the search with the best so far.
    ``recolouring`` false returns ``None`` where the requests force a rule to break.  ``lower_bound``
    replaces :func:`spec_bound` as the bound reported and aimed at (a folded double round,
    ``models/constructions/folding.py``, whose own bound holds for paired schedules only).  ``start``: the image
    to start from, when the caller has already looked for it.  ``None`` too for a match that switches on
    a rule this stage does not know (:func:`covers`).
    """
    if not covers(match):
        return None
    started = time.monotonic() if started is None else started
    time_limit, work_limit, workers, seed = params.time_limit, params.work_limit, params.workers, params.seed
    conflict = obvious_conflict(match) or pairing_conflict(match)
    if conflict is not None:
        return ScaleResult(None, 0, explanation=tuple(request.describe() for request in conflict))
    deadline = started + time_limit - MARGIN - 2e-7 * match.boards**3
    forced = least_excess(match)
    if forced and params.strict:
        rule = min(forced, key=lambda rule: rule.priority)
        witness = [request.describe() for request in rule_witness(match, rule)]
        return ScaleResult(None, 0, explanation=(*witness, rule.named(match.rules)))
    if not bases(match):
        return None
    if forced != least_excess(replace(match, meets=(), avoids=(), colours=()), team_totals=False):
        # The requests, not the played rounds alone, force a relaxation: the search below exempts only
        # what the played rounds break, so the pairings come from the match without its colour
        # requests and the colours are chosen again (solver/scale/recolour.py).
        if not recolouring:
            return None
        return _recoloured(match, params, started, deadline, forced, progress)
    relax = frozenset(forced)
    excess = forced.get(Rule.BOARD_BALANCE, 0)

    def work(share: float) -> float | None:
        return None if work_limit is None else work_limit * share

    if start is None:
        start = find_start(match, max(time_limit / 4, 0.1), seed, workers, work(0.125))
    if start is None:
        return None
    messages = [f"started from {start.base}, relabelled ({start.symmetry.describe()})"]
    if start.missed:
        messages[0] += f"; {len(start.missed)} request(s) kept by no image found were repaired"
    # Without a repaired start there is nothing to improve, so the repair may take most of the time;
    # below FULL_MODEL_BOARDS the full model (the caller's fallback) can still use what it leaves,
    # unless rounds were played: after a deviation the repair needs some 3 s at 14 boards and the
    # full model, when it had to take over, ended at 58-74 breaks where the repair gives 28-40.
    share = 0.4 if match.boards < FULL_MODEL_BOARDS and not match.played else 0.95
    repair_deadline = time.monotonic() + max((deadline - time.monotonic()) * share, 0.2)
    if start.played_rounds_fitted < len(match.played) and any(not isinstance(q, PlayedRound) for q in start.missed):
        # A deviating played round and requests the image misses: the repairs of the deviation keep the
        # image's colours near it and can fail with requests pinned there, so mended in turn too.
        grid, in_turn, _used = repair_deviation_and_requests(
            match, start.grid, repair_deadline, work(0.25), workers, seed, relax, excess
        )
        if in_turn:
            messages.append("the played rounds mended first, then the requests")
    else:
        grid, _used = repair(match, start.grid, repair_deadline, work(0.25), workers, seed, relax, excess)
    if grid is None:
        return None
    bound = spec_bound(match, relax) if lower_bound is None else lower_bound
    if lower_bound is None and grid.breaks() > bound and not (start.exact and not relax):
        bound = spec_bound(match, relax, *bound_work(match, params))

    def keeps(schedule: Schedule) -> bool:
        """Every request kept, and every rule but the forced ones, which break exactly as forced."""
        verdict = verify(schedule, match=match, declared_relaxed=forced)
        measured = {rule: rule_excess(schedule, rule, match.rules) for rule in forced}
        good = verdict.ok and not verdict.requests and measured == forced
        if good and progress is not None:
            progress(verdict.metrics.total_breaks, bound, time.monotonic() - started)
        return good

    if not keeps(grid.to_schedule()):
        return None
    log = None
    if start.exact and not relax:
        # The image keeps every request with the best known breaks of the plain match, which the
        # requests can only raise: the search would be looking for a better plain design.
        messages.append("the relabelled design keeps every request")
    elif match.rules.objective == "breaks" and grid.breaks() > bound:

        def accept(candidate: Grid) -> bool:
            return keeps(candidate.to_schedule())

        before = grid.breaks()
        grid, log = improve(match, grid, deadline, work(0.625), workers, seed, bound, accept, relax, excess)
        if log.improvements:
            messages.append(f"the search improved the start from {before} to {grid.breaks()} breaks")
    return ScaleResult(grid.to_schedule(), bound, messages, log, relaxed=dict(forced))


def _recoloured(
    match: Match,
    params: DesignParams,
    started: float,
    deadline: float,
    forced: dict[Rule, int],
    progress: ProgressCallback | None,
) -> ScaleResult | None:
    """Requests force a relaxation that the repair cannot exempt (it exempts what the played rounds
    break): reach a schedule breaking each rule by exactly its least excess another way, then improve.

    1. the match with the forced rules switched off is started and repaired: every request kept, the
       other rules too;
    2. that schedule is brought to the least excess: a few rounds around the trouble re-solved
       (pairings and colours, rule 3 within its least excess; rules 1 and 2 off there, checked after),
       widening; else every colour chosen again (``solver/scale/recolour.py``); the image that keeps the
       most requests is tried so first, then the repaired one, then the pairings of the match without
       its colour requests, coloured again;
    3. large-neighbourhood search as usual, accepting only schedules with exactly the least excess.
    """
    work = None if params.work_limit is None else params.work_limit / 5
    workers, seed = params.workers, params.seed
    # The search keeps rule 3 within a given excess itself, and rule 1 within its excess in players
    # (whichever players); rule 2 is switched off in it and checked on each answer.
    off = {rule.setting: rule.off for rule in forced if rule is Rule.NO_THREE_IN_A_ROW and rule.setting is not None}
    searched = replace(match, rules=match.rules.with_values(off))
    relax = frozenset(forced) & {Rule.BOARD_BALANCE}
    excess = forced.get(Rule.BOARD_BALANCE, 0)
    colour_excess = forced.get(Rule.COLOUR_BALANCE)

    def exact(grid: Grid) -> bool:
        schedule = grid.to_schedule()
        verdict = verify(schedule, match=match, declared_relaxed=forced)
        measured = {rule: rule_excess(schedule, rule, match.rules) for rule in forced}
        return verdict.ok and not verdict.requests and measured == forced

    def least(base: Grid, share: float) -> Grid | None:
        """``base`` (every request kept but the colours) brought to exactly the least excess, if found
        within ``share`` of the time left: a walk of games with their colours reversed
        (``recolour.flip_walks``), a few rounds re-solved with the forced rules kept within their
        excess, one player's games exchanged with a team mate's over a cycle of rounds
        (``recolour.row_swaps``), then the colours chosen again."""
        if not missed_colour_rounds(match, base) and exact(base):
            return base
        stop_at = time.monotonic() + (deadline - time.monotonic()) * share
        walked = flip_walks(match, base, forced, exact, time.monotonic() + (stop_at - time.monotonic()) / 8)
        if walked is not None:
            return walked
        found, nearest = _least_excess_part(
            match,
            searched,
            base,
            time.monotonic() + (stop_at - time.monotonic()) * 0.9,
            work,
            workers,
            seed,
            relax,
            excess,
            exact,
            colour_excess,
        )
        if found is None:
            found = row_swaps(match, base, exact, time.monotonic() + (stop_at - time.monotonic()) / 4)
        if found is None:
            found = recolour(match, nearest or base, forced, stop_at, work, workers, seed)
        return found

    # The repair below keeps every request with the forced rules switched off altogether.
    variant = replace(
        searched,
        rules=replace(
            searched.rules,
            board_balance=searched.rules.board_balance and not relax,
            colour_balance=searched.rules.colour_balance and colour_excess is None,
        ),
    )

    def from_image() -> tuple[Grid | None, str]:
        """The image keeping the most requests (rule 2 off where forced), its misses re-solved."""
        start = find_start(searched, max((deadline - time.monotonic()) / 8, 0.1), seed, workers, work, False)
        if start is None:
            return None, ""
        return least(start.grid, 0.85), f"started from {start.base}, relabelled ({start.symmetry.describe()})"

    def from_repair() -> tuple[Grid | None, str]:
        """The same with rule 3 off too, repaired to keep every request, then brought to the least excess."""
        start = find_start(variant, max((deadline - time.monotonic()) / 8, 0.1), seed, workers, work, False)
        if start is None:
            return None, ""
        repair_deadline = time.monotonic() + (deadline - time.monotonic()) / 4
        base, _used = repair(variant, start.grid, repair_deadline, work, workers, seed)
        if base is None:
            return None, ""
        return least(base, 0.5), f"started from {start.base}, relabelled ({start.symmetry.describe()}), repaired"

    def from_colourless(share: float) -> tuple[Grid | None, str]:
        """The pairings of the match without its colour requests, every colour chosen again."""
        stripped = replace(match, colours=(), meets=tuple(replace(meet, white=None) for meet in match.meets))
        part = (deadline - time.monotonic()) * share / 2
        sub_params = replace(params, time_limit=max(time.monotonic() + part - started + MARGIN, 0.1), work_limit=work)
        paired = design_at_scale(stripped, sub_params, started, recolouring=False)
        if paired is None or paired.schedule is None:
            return None, ""
        stop_at = time.monotonic() + (deadline - time.monotonic()) * share
        grid = recolour(match, Grid.from_schedule(paired.schedule), forced, stop_at, work, workers, seed)
        return grid, "; ".join(paired.messages)

    # Rule 3 forced: a round's whites must move, which the repair with rule 3 off does best; rule 2
    # alone: a run inside an alternating design, which recolouring every round does best.
    def colourless_first() -> tuple[Grid | None, str]:
        return from_colourless(0.7)

    def colourless_last() -> tuple[Grid | None, str]:
        return from_colourless(1.0)

    attempts: list[Callable[[], tuple[Grid | None, str]]]
    if relax and REPAIR_FIRST[0] <= match.boards < REPAIR_FIRST[1]:
        attempts = [from_repair, from_image, colourless_last]
    elif relax:
        attempts = [from_image, from_repair, colourless_last]
    elif set(forced) == {Rule.NO_THREE_IN_A_ROW}:
        attempts = [colourless_first, from_image, from_repair]
    else:
        attempts = [from_image, from_repair, colourless_last]
    grid: Grid | None = None
    messages: list[str] = []
    for attempt in attempts:
        if deadline - time.monotonic() <= 0 or stop.requested():
            break
        grid, message = attempt()
        if grid is not None:
            messages = [message]
            break
    if grid is None or not exact(grid):
        return None
    if in_priority_order(match):
        messages.append("brought to the least relaxation the requests force")
    else:
        messages.append("brought to the relaxation counting shows the requests force, keeping rule 3's team totals")
    bound = spec_bound(match, frozenset(forced))
    if grid.breaks() > bound:
        bound = spec_bound(match, frozenset(forced), *bound_work(match, params))
    log = None
    if match.rules.objective == "breaks" and grid.breaks() > bound:
        before = grid.breaks()
        grid, log = improve(searched, grid, deadline, work, workers, seed, bound, exact, relax, excess, colour_excess)
        if log.improvements:
            messages.append(f"the search improved it from {before} to {grid.breaks()} breaks")
    schedule = grid.to_schedule()
    if progress is not None:
        progress(verify(schedule).metrics.total_breaks, bound, time.monotonic() - started)
    return ScaleResult(schedule, bound, messages, log, relaxed=dict(forced))


def _least_excess_part(
    match: Match,
    searched: Match,
    grid: Grid,
    deadline: float,
    work: float | None,
    workers: int,
    seed: int,
    relax: frozenset[Rule],
    excess: int,
    exact: Callable[[Grid], bool],
    colour_excess: int | None = None,
) -> tuple[Grid | None, Grid | None]:
    """Re-solve a few rounds (pairings and colours, ``solver/scale/lns/part.py``) near those where ``grid``
    misses a colour request or is out of board balance, the forced rules kept within their least
    excess (rule 3 by ``excess``, rule 1 by ``colour_excess`` players), until a schedule passes
    ``exact``: (that schedule, None), or (None, the last schedule found that keeps every request).

    The parts: the trouble rounds with one, two or four neighbours each side, and the trouble rounds
    with the rounds half the match away, their colours and their neighbours' (in the direct
    construction for n = 0 mod 4 a player meets the two B blocks in different halves, so moving a
    player's colour needs rounds of both halves).  With rule 1 forced the mirrored part goes first,
    else the narrow windows.  Each part has a share of the time left and of the work."""
    n, k, rounds = grid.n, len(match.played), grid.rounds
    trouble = missed_colour_rounds(match, grid)
    trouble |= {r for r in range(rounds) if not n // 2 <= sum(grid.white[r]) <= (n + 1) // 2}
    nearest = None

    def near(centres: set[int], width: int) -> set[int]:
        return {s for r in centres for s in range(r - width, r + width + 1) if k <= s < rounds}

    mirrored = trouble | {(r + rounds // 2) % rounds for r in trouble}
    # (pairings freed, colours freed, share of the time left).  A part either has no solution, which
    # CP-SAT proves at once, or needs a second or two at 100 boards, so the likely one gets most of
    # the time.  Rule 1 forced (a player's colours fixed past the balance): the mirrored rounds, which
    # is where a colour can move in the direct construction; rule 3 (a round's whites): nearby rounds.
    parts: list[tuple[set[int], set[int], float]]
    if colour_excess is not None:
        parts = [(mirrored, near(mirrored, 1), 0.7), (near(trouble, 1), near(trouble, 1), 0.0)]
        parts.append((near(trouble, 2), near(trouble, 2), 0.0))
    else:
        parts = [(near(trouble, 1), near(trouble, 1), 0.0), (near(trouble, 2), near(trouble, 2), 0.7)]
        parts.append((near(mirrored, 1), near(mirrored, 1), 0.7))
    parts.append((near(trouble, 4), near(trouble, 4), 0.0))
    for index, (free, colours, weight) in enumerate(parts):
        left = deadline - time.monotonic()
        # A bigger part takes too long to build: |F|^2 n meeting variables (about 1 s for 16 rounds of 100).
        if left <= 0 or stop.requested() or len(free) > 16 or 4e-5 * len(free) ** 2 * n > left:
            break
        share = left * weight if weight else left / (len(parts) - index)
        budget = Budget(share, 1e9 if work is None else work * max(weight, 0.25), workers, seed)
        result = solve_part(
            searched,
            grid,
            free - set(range(k)),
            colours,
            budget,
            relaxed=relax,
            board_excess=excess,
            colour_excess=colour_excess,
        )
        if result.grid is not None:
            if exact(result.grid):
                return result.grid, None
            nearest = result.grid
    return None, nearest
