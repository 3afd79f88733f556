"""The independent verifier: one function a house rule, each returning every violation.

Nothing here comes from the CP-SAT model: the checks read the schedule as an
arbiter would, game by game, so that a bug in the model cannot hide behind the
same bug in the check.  Rule 4 (fewest breaks) has no pass/fail meaning on its
own; the verifier counts breaks and reports them with the other metrics.

Every rule of the registry (models/domain/rules.py) is checked through its entry
in :data:`RULE_CHECKS`, which the verifier reads when it is called: the checks, the
excess of a relaxed rule (:func:`rule_excess`) and what the tiny sizes allow
(:func:`attainable`) all go through it, with the match's rule settings.

Where the relaxable rules cannot all hold for a size, the verifier proves it by
itself (an exhaustive search over every complete schedule, done for the tiny
sizes where that is possible) and accepts a schedule that relaxes the
lowest-priority rule by no more than the least amount any complete schedule needs.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache

from scheveningen.models.domain.match import Avoid, ColourWish, Match, Meet, PlayedRound, RuleSettings
from scheveningen.models.domain.rules import Rule, relaxable
from scheveningen.models.domain.schedule import Colour, Game, Player, Schedule, Team
from scheveningen.models.domain.written import WrittenSchedule
from scheveningen.solver.verify.completeness import check_complete
from scheveningen.solver.verify.reading import Checkable, player_of, read
from scheveningen.solver.verify.violations import Violation


@dataclass(frozen=True)
class RuleVerdict:
    """Whether one rule holds, with every violation; ``excuse`` when it cannot hold for this size."""

    rule: Rule
    violations: tuple[Violation, ...]
    excuse: str | None = None
    off: bool = False

    @property
    def holds(self) -> bool:
        return not self.violations

    @property
    def acceptable(self) -> bool:
        """Holds, or is broken only as little as the size forces."""
        return self.holds or self.excuse is not None

    @property
    def status(self) -> str:
        if self.rule.counted:
            return "counted"  # an objective, not a pass/fail rule: see the metrics
        if self.off:
            return "off"
        if self.holds:
            return "holds"
        return "relaxed" if self.excuse is not None else "broken"


@dataclass(frozen=True)
class Metrics:
    """Colour statistics of a schedule."""

    breaks_per_player: dict[str, int]
    breaks_by_team: dict[str, int]
    total_breaks: int
    longest_run_per_player: dict[str, int]
    longest_run: int
    whites_per_player: dict[str, int]
    games_per_player: dict[str, int]
    a_whites_per_round: list[int]
    a_whites_total: int
    b_whites_total: int
    board_balance_excess: int

    def as_dict(self) -> dict[str, object]:
        return {
            "breaks": self.total_breaks,
            "breaks_by_team": dict(self.breaks_by_team),
            "breaks_per_player": dict(self.breaks_per_player),
            "longest_run": self.longest_run,
            "longest_run_per_player": dict(self.longest_run_per_player),
            "whites_per_player": dict(self.whites_per_player),
            "a_whites_per_round": list(self.a_whites_per_round),
            "a_whites_total": self.a_whites_total,
            "b_whites_total": self.b_whites_total,
            "board_balance_excess": self.board_balance_excess,
        }


@dataclass(frozen=True)
class Verdict:
    """The verifier's full answer for one schedule."""

    schedule: Checkable
    double: bool
    rules: dict[Rule, RuleVerdict]
    metrics: Metrics
    notes: tuple[str, ...] = field(default=())
    requests: tuple[str, ...] = field(default=())  # requests the schedule does not keep
    settings: RuleSettings = field(default_factory=RuleSettings)  # the rule settings checked

    def title(self, rule: Rule) -> str:
        """The rule's title under the settings checked (rule 2 with ``max_run = 3``: "no run longer than 3")."""
        return rule.title_for(self.settings)

    @property
    def complete(self) -> bool:
        return self.rules[Rule.COMPLETE].holds

    @property
    def ok(self) -> bool:
        """Complete, every request kept, and every rule holds, is off, or is relaxed as allowed."""
        return (
            self.complete
            and not self.requests
            and all(verdict.acceptable or verdict.off for verdict in self.rules.values())
        )

    @property
    def relaxed(self) -> list[Rule]:
        return [rule for rule, verdict in self.rules.items() if verdict.status == "relaxed"]

    def violations(self) -> list[Violation]:
        return [v for verdict in self.rules.values() for v in verdict.violations]

    def as_dict(self) -> dict[str, object]:
        return {
            "ok": self.ok,
            "double": self.double,
            "rules": {
                rule.key: {
                    "rule": int(rule),
                    "status": verdict.status,
                    **({"excuse": verdict.excuse} if verdict.excuse else {}),
                    "violations": [v.as_dict() for v in verdict.violations],
                }
                for rule, verdict in self.rules.items()
            },
            "requests_broken": list(self.requests),
            "metrics": self.metrics.as_dict(),
            "notes": list(self.notes),
        }


# --------------------------------------------------------------------------- helpers


# Breaks and runs are the verifier's own count (reading.py), not models.domain.schedule.count_breaks:
# the verifier is the independent check, sharing no model code.


def infer_double(schedule: Checkable) -> bool:
    """A double round has twice as many rounds as a single one of the same teams."""
    single = schedule.team_a * schedule.team_b / schedule.boards
    return schedule.n_rounds == 2 * single and single == int(single) and schedule.n_rounds > 0


# --------------------------------------------------------------------------- requests


def check_requests(schedule: Schedule, match: Match) -> list[str]:
    """Every request of the match that the schedule does not keep, described."""
    games: dict[tuple[int, Player], Game] = {}
    for r, _board, played in schedule.games():
        games[r, played.white] = played
        games[r, played.black] = played
    out = []
    for request in match.requests():
        if isinstance(request, Meet):
            a, b = Player(Team.A, request.a), Player(Team.B, request.b)
            game = games.get((request.round, a))
            if game is None or game.b_player != b:
                out.append(f"{request.describe()}: not kept")
            elif request.white is not None and game.white.team is not request.white:
                out.append(f"{request.describe()}: {game.white} has White")
        elif isinstance(request, Avoid):
            a, b = Player(Team.A, request.a), Player(Team.B, request.b)
            for r in request.rounds:
                game = games.get((r, a))
                if game is not None and game.b_player == b:
                    out.append(f"{request.describe()}: they meet in round {r}")
        elif isinstance(request, ColourWish):
            game = games.get((request.round, request.player))
            if game is None:
                out.append(f"{request.describe()}: {request.player} does not play in round {request.round}")
            elif game.colour_of(request.player) is not request.colour:
                out.append(f"{request.describe()}: {request.player} has {request.colour.other.value}")
        elif isinstance(request, PlayedRound) and (
            request.round > schedule.n_rounds or set(schedule.rounds[request.round - 1]) != set(request.games)
        ):
            out.append(f"{request.describe()}: changed")
    return out


# --------------------------------------------------------------------------- rules 1-3


def check_colour_balance(schedule: Checkable) -> list[Violation]:
    """Rule 1: each player's whites and blacks differ by at most 1."""
    out = []
    for code, colours in read(schedule).colours.items():
        whites = colours.white_count
        blacks = colours.games - whites
        if abs(whites - blacks) > 1:
            player = player_of(code)
            out.append(Violation(Rule.COLOUR_BALANCE, f"{player} has {whites} whites and {blacks} blacks", str(player)))
    return out


_NUMBER_WORDS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}


def check_no_three_in_a_row(schedule: Checkable, max_run: int = 2) -> list[Violation]:
    """Rule 2: nobody has the same colour in more than ``max_run`` (normally 2) consecutive games.

    Every window of ``max_run + 1`` consecutive games in one colour is one violation;
    rounds a player sits out are skipped.
    """
    out = []
    window = max_run + 1
    count = _NUMBER_WORDS.get(window, str(window))
    for code, colours in read(schedule).colours.items():
        if colours.longest_run < window:
            continue
        for begin, length in colours.runs:
            if length < window:
                continue
            player = player_of(code)
            colour = Colour.WHITE if colours.whites[begin] else Colour.BLACK
            for start in range(begin, begin + length - window + 1):
                first, last = colours.rounds[start], colours.rounds[start + window - 1]
                out.append(
                    Violation(
                        Rule.NO_THREE_IN_A_ROW,
                        f"{player} has {colour.value} {count} games running (rounds {first} to {last})",
                        str(player),
                        last,
                    )
                )
    return out


def check_board_balance(schedule: Checkable) -> list[Violation]:
    """Rule 3: team A has White on floor(g/2) or ceil(g/2) of a round's g games between the
    teams, and the teams' whites over the match differ by at most 1."""
    out = []
    a_total = b_total = 0
    for r, (played, a_whites) in enumerate(read(schedule).a_whites, start=1):
        a_total += a_whites
        b_total += played - a_whites
        low, high = played // 2, (played + 1) // 2
        if not low <= a_whites <= high:
            wanted = f"{low}" if low == high else f"{low} or {high}"
            out.append(
                Violation(
                    Rule.BOARD_BALANCE,
                    f"team A has White on {a_whites} of {played} boards in round {r} (expected {wanted})",
                    round=r,
                )
            )
    if abs(a_total - b_total) > 1:
        out.append(Violation(Rule.BOARD_BALANCE, f"over the match team A has {a_total} whites and team B {b_total}"))
    return out


def board_balance_excess(schedule: Checkable) -> int:
    """How far rule 3 is from holding: boards beyond the allowed range summed over rounds,
    plus the whites by which the teams' totals differ beyond 1."""
    excess = 0
    a_total = b_total = 0
    for played, a_whites in read(schedule).a_whites:
        a_total += a_whites
        b_total += played - a_whites
        excess += max(0, played // 2 - a_whites, a_whites - (played + 1) // 2)
    return excess + max(0, abs(a_total - b_total) - 1)


# --------------------------------------------------------------------------- metrics


def metrics(schedule: Checkable) -> Metrics:
    """Breaks, runs and whites per player, team and round."""
    reading = read(schedule)
    breaks = {}
    runs = {}
    whites = {}
    games = {}
    by_team = {Team.A.value: 0, Team.B.value: 0}
    for code, colours in reading.colours.items():
        name = str(player_of(code))
        breaks[name] = colours.breaks()
        runs[name] = colours.longest_run
        whites[name] = colours.white_count
        games[name] = colours.games
        by_team[Team.A.value if code > 0 else Team.B.value] += breaks[name]
    a_per_round = [a for _played, a in reading.a_whites]
    a_total = sum(a_per_round)
    return Metrics(
        breaks_per_player=breaks,
        breaks_by_team=by_team,
        total_breaks=sum(breaks.values()),
        longest_run_per_player=runs,
        longest_run=max(runs.values(), default=0),
        whites_per_player=whites,
        games_per_player=games,
        a_whites_per_round=a_per_round,
        a_whites_total=a_total,
        b_whites_total=sum(played for played, _a in reading.a_whites) - a_total,
        board_balance_excess=board_balance_excess(schedule),
    )


# --------------------------------------------------------------------------- what tiny sizes allow


@dataclass(frozen=True)
class Attainable:
    """What the best complete schedules of one tiny size can keep under some settings, found by exhaustion."""

    keeps: frozenset[Rule]
    least_excess: dict[Rule, int]
    schedules_examined: int


EXHAUSTIVE_LIMIT = 3


def attainable(
    boards: int,
    double: bool,
    settings: RuleSettings | None = None,
    checks: Mapping[Rule, RuleCheck] | None = None,
) -> Attainable | None:
    """Enumerate every complete schedule of ``boards`` boards (equal teams), ``None`` when too large.

    Priority is lexicographic over the relaxable rules of ``checks`` (:data:`RULE_CHECKS` by default)
    that ``settings`` (the rules as written by default) switch on, most important first: keep the
    first if any schedule can, then among those keep the second if any can, and so on.  For a rule
    that cannot be kept the least excess (its measure in ``checks``, under ``settings``) over all
    schedules that keep the higher rules is recorded.
    """
    if boards > EXHAUSTIVE_LIMIT or (double and boards > 2):
        return None
    checks = _checks(checks)
    # The objective is no rule: every objective shares one enumeration.
    settings = replace(RuleSettings() if settings is None else settings, objective=RuleSettings().objective)
    ranked = tuple((rule, checks[rule]) for rule in relaxable(checks) if rule.on(settings))
    return _attainable(boards, double, settings, ranked)


@cache
def _attainable(
    boards: int, double: bool, settings: RuleSettings, ranked: tuple[tuple[Rule, RuleCheck], ...]
) -> Attainable:
    """:func:`attainable` for the rules ``ranked`` (most important first, each with its check), kept
    once computed: the enumeration takes seconds on 3 boards."""
    n = boards
    rounds = 2 * n if double else n
    matchings = list(itertools.permutations(range(1, n + 1)))
    checks = dict(ranked)
    candidates: list[tuple[int, ...]] = []  # each ranked rule's excess, in priority order
    examined = 0
    for perms in itertools.product(matchings, repeat=rounds):
        counts = Counter((a, b) for perm in perms for a, b in enumerate(perm, start=1))
        if any(counts[(a, b)] != (2 if double else 1) for a in range(1, n + 1) for b in range(1, n + 1)):
            continue
        for colours in itertools.product((True, False), repeat=rounds * n):
            pairings = [
                [(a, perm[a - 1], colours[r * n + a - 1]) for a in range(1, n + 1)] for r, perm in enumerate(perms)
            ]
            schedule = Schedule.from_pairings(pairings)
            if double and check_complete(schedule, True):
                continue
            examined += 1
            candidates.append(tuple(_excess(schedule, rule, settings, checks) for rule in checks))
    keeps = set()
    least: dict[Rule, int] = {}
    pool = candidates
    for index, rule in enumerate(checks):
        best = min(c[index] for c in pool)
        if best == 0:
            keeps.add(rule)
        else:
            least[rule] = best
        pool = [c for c in pool if c[index] == best]
    return Attainable(keeps=frozenset(keeps), least_excess=least, schedules_examined=examined)


# --------------------------------------------------------------------------- the rule registry, checked


@dataclass(frozen=True)
class RuleCheck:
    """The verifier's side of one registry rule: its check and, for a relaxable rule, its excess.

    ``check(schedule, settings, double)`` returns every violation; ``excess(schedule, settings)``
    says how far the schedule is from keeping the rule (0 when it holds), the amount the designer
    minimises when the rule must be relaxed.
    """

    check: Callable[[Checkable, RuleSettings, bool], list[Violation]]
    excess: Callable[[Checkable, RuleSettings], int] | None = None


def _complete(schedule: Checkable, _settings: RuleSettings, double: bool) -> list[Violation]:
    return check_complete(schedule, double)


def _colour_balance(schedule: Checkable, _settings: RuleSettings, _double: bool) -> list[Violation]:
    return check_colour_balance(schedule)


def _colour_balance_excess(schedule: Checkable, _settings: RuleSettings) -> int:
    return len(check_colour_balance(schedule))


def _runs(schedule: Checkable, settings: RuleSettings, _double: bool) -> list[Violation]:
    return check_no_three_in_a_row(schedule, settings.max_run)


def _runs_excess(schedule: Checkable, settings: RuleSettings) -> int:
    return len(check_no_three_in_a_row(schedule, settings.max_run))


def _board_balance(schedule: Checkable, _settings: RuleSettings, _double: bool) -> list[Violation]:
    return check_board_balance(schedule)


def _board_balance_excess(schedule: Checkable, _settings: RuleSettings) -> int:
    return board_balance_excess(schedule)


def _counted(_schedule: Checkable, _settings: RuleSettings, _double: bool) -> list[Violation]:
    return []  # fewest breaks is an objective: the metrics count the breaks


#: Every rule of the registry (models/domain/rules.py), checked as an arbiter would.
RULE_CHECKS: Mapping[Rule, RuleCheck] = {
    Rule.COMPLETE: RuleCheck(_complete),
    Rule.COLOUR_BALANCE: RuleCheck(_colour_balance, _colour_balance_excess),
    Rule.NO_THREE_IN_A_ROW: RuleCheck(_runs, _runs_excess),
    Rule.BOARD_BALANCE: RuleCheck(_board_balance, _board_balance_excess),
    Rule.FEWEST_BREAKS: RuleCheck(_counted),
}


def _checks(checks: Mapping[Rule, RuleCheck] | None) -> Mapping[Rule, RuleCheck]:
    """``checks``, or :data:`RULE_CHECKS` as it is now (read at each call, so that a rule added for a
    test counts)."""
    return RULE_CHECKS if checks is None else checks


def _excess(
    schedule: Checkable, rule: Rule, settings: RuleSettings, checks: Mapping[Rule, RuleCheck] | None = None
) -> int:
    measure = _checks(checks)[rule].excess
    if measure is None:
        raise ValueError(f"rule {int(rule)} has no excess measure")
    return measure(schedule, settings)


# --------------------------------------------------------------------------- the verdict


def rule_excess(
    schedule: Checkable,
    rule: Rule,
    settings: RuleSettings | None = None,
    checks: Mapping[Rule, RuleCheck] | None = None,
) -> int:
    """How much a schedule breaks a relaxable rule under ``settings`` (a match's rules; by default as
    the house rules write them), as its excess in ``checks`` (:data:`RULE_CHECKS`) measures it:
    players out of balance (rule 1), over-long runs (rule 2), the board-balance excess (rule 3)."""
    return _excess(schedule, rule, RuleSettings() if settings is None else settings, checks)


def verify(
    schedule: Checkable,
    double: bool | None = None,
    match: Match | None = None,
    declared_relaxed: dict[Rule, int] | None = None,
    checks: Mapping[Rule, RuleCheck] | None = None,
) -> Verdict:
    """Check every rule separately, and the match's requests, and collect the metrics.

    ``match`` brings the rule settings (a rule can be switched off, the run length
    changed) and the requests.  ``declared_relaxed`` lists rules a designer says it had
    to relax, with the amount; such a rule is accepted if broken by no more than that.
    Without a match, for the tiny sizes where it is possible, the verifier itself
    proves by exhaustion which rules cannot hold and accepts the least relaxation.
    ``checks`` are the rules checked, :data:`RULE_CHECKS` unless a caller adds one.

    ``schedule`` may be a :class:`WrittenSchedule`, the games exactly as a file writes them:
    rule 0 then names every fault of shape (short rounds, players twice in a round or sitting
    out, games between teammates, pairs meeting twice or never) and rules 1-4 are checked on
    the games as they stand.
    """
    checks = _checks(checks)
    settings = match.rules if match is not None else RuleSettings()
    if double is None:
        double = match.double if match is not None else infer_double(schedule)
    found: dict[Rule, list[Violation]] = {}
    for rule in sorted(checks):
        if not rule.counted and rule.on(settings):
            found[rule] = checks[rule].check(schedule, settings, double)
    stats = metrics(schedule)
    notes: list[str] = []
    if isinstance(schedule, WrittenSchedule) and not schedule.sizes_stated and not schedule.equal_teams:
        notes.append(
            f"team sizes {schedule.team_a} and {schedule.team_b} are the largest player numbers seen; "
            "if the match plans other sizes, state them (schev verify --teams P Q)"
        )
    excuses: dict[Rule, str] = {}
    broken = [rule for rule in found if rule.relaxable and found[rule]]
    plain = match is None or (not match.has_requests and match.rules.as_written)
    if broken and not found[Rule.COMPLETE] and schedule.equal_teams and plain:
        facts = attainable(schedule.boards, double, settings, checks)
        if facts is not None:
            for rule in broken:
                if rule in facts.keeps or rule not in facts.least_excess:
                    continue
                amount = _excess(schedule, rule, settings, checks)
                least = facts.least_excess[rule]
                higher = [r for r in relaxable(checks) if r.priority < rule.priority]
                higher_kept = all(not found.get(r) or r not in facts.keeps for r in higher)
                if amount <= least and higher_kept:
                    excuses[rule] = (
                        f"no complete schedule on {schedule.boards} boards"
                        f"{' (double round)' if double else ''} keeps rule {int(rule)} together with the "
                        f"higher rules (all {facts.schedules_examined} were examined); this one breaks it by "
                        f"{amount}, the least possible"
                    )
                    notes.append(f"{rule.named(settings)} relaxed: {excuses[rule]}")
    for rule, declared in (declared_relaxed or {}).items():
        if rule in broken and rule not in excuses:
            amount = _excess(schedule, rule, settings, checks)
            if amount <= declared:
                excuses[rule] = f"declared relaxed by the designer, broken by {amount}"
                notes.append(f"{rule.named(settings)} relaxed as declared, broken by {amount}")
    rules = {}
    for rule in sorted(checks):
        if rule.counted:
            rules[rule] = RuleVerdict(rule, ())
        elif rule in found:
            rules[rule] = RuleVerdict(rule, tuple(found[rule]), excuses.get(rule))
        else:
            rules[rule] = RuleVerdict(rule, (), off=True)
    kept: tuple[str, ...] = ()
    if match is not None:
        strict = schedule if isinstance(schedule, Schedule) else schedule.strict()
        if strict is not None:
            kept = tuple(check_requests(strict, match))
        else:
            kept = tuple(f"{request.describe()}: not checked (rule 0 fails)" for request in match.requests())
    return Verdict(
        schedule=schedule,
        double=double,
        rules=rules,
        metrics=stats,
        notes=tuple(notes),
        requests=kept,
        settings=settings,
    )
