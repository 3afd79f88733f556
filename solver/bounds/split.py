"""The split proof: "no N-board schedule with at most K breaks", case by case.

Every player who is not a perfect alternator breaks at least once, so a schedule with few breaks has
many alternators, and facts 2, 3 and 6 of docs/bounds.md and rule 3 limit how many of each phase
each team can have.  Each case fixes those counts (:func:`alternator_cases`).  A case with few
breaks to spare is settled by enumerating every set of phases it allows, pair by pair, with two
necessary conditions (Hall's condition for each player, :func:`~scheveningen.models.bounds.phases.row_fits`;
the games between kinds of row spread over the rounds,
:func:`~scheveningen.models.bounds.phases.games_spread`) and the phase model with the phases fixed for the
pairs that pass both; any other case goes to the phase model with the alternators fixed.  Every
schedule falls in some case, so INFEASIBLE in every case proves the bound; a schedule found within
it is verified and refutes the bound.

``SplitOptions(rule_2=False)`` drops rule 2 (no three in a row) and proves the bound for rules 1 and 3
alone: the rows enumerated may change phase at two consecutive round gaps.  The limits of
:func:`alternator_cases` and the count of :func:`team_shapes` use rules 1 and 3 only, so they stay;
the phase model imposes rule 2, so it settles nothing there but pairs whose rows all keep rule 2
anyway, and the rest is marked ``UNSETTLED``, never INFEASIBLE.

``benchmarks/phase_bounds.py --split N:K`` runs it and writes the record; the tests re-run it for
the sizes that take seconds.
"""

from __future__ import annotations

import contextlib
import itertools
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Protocol

from ortools.sat.python import cp_model

from scheveningen.models.bounds.phases import (
    PhaseModel,
    games_spread,
    keeps_rule_2,
    phase_teams,
    row_fits,
    row_fits_twice,
    rows_fitting,
    team_rows,
)
from scheveningen.models.cpsat.cpsolver import new_solver
from scheveningen.models.domain.schedule import Schedule
from scheveningen.solver.verify.verifier import verify


@dataclass(frozen=True)
class SplitOptions:
    """How a split proof runs: ``spare`` breaks to spare at most for a case to be enumerated (more
    go to the phase model with the alternators fixed), a ``double`` round, ``seconds`` for each
    phase-model run, CP-SAT ``workers`` and ``seed``, and ``jobs`` local processes for the groups
    of an enumerated case.  ``rule_2=False``: rule 2 dropped (rules 1 and 3 only, see the module)."""

    spare: int = 2
    double: bool = False
    seconds: float = 1200.0
    workers: int = 1
    seed: int = 0
    jobs: int = 1
    rule_2: bool = True


#: The status of a case or pair the split cannot settle without rule 2 (the phase model imposes it).
UNSETTLED = "UNSETTLED"


@dataclass(frozen=True)
class CaseResult:
    """One case of a split proof: the alternator counts (A+, A-, B+, B-), the CP-SAT status
    (INFEASIBLE: no schedule in this case), the seconds taken, whether a verified schedule within
    the bound was found, and how the case was settled."""

    counts: tuple[int, int, int, int]
    status: str
    seconds: float
    refutes: bool
    how: str
    tally: Tally | None = None  # an enumerated case's counts of sets and pairs


def split_proof(n: int, k: int, options: SplitOptions) -> Iterator[CaseResult]:
    """Each case of "no ``n``-board schedule with at most ``k`` breaks", settled in turn."""
    for counts in alternator_cases(n, k, double=options.double):
        if k - least_breaks(n, counts) <= options.spare:
            yield enumerated_case(n, k, counts, options)
        elif not options.rule_2:
            # The phase model would impose rule 2 on every player: its INFEASIBLE proves nothing here.
            how = "not enumerated (too many breaks to spare), and the phase model imposes rule 2: unsettled"
            yield CaseResult(counts, UNSETTLED, 0.0, False, how)
        else:
            built = PhaseModel.build(n, at_most=k, alternators=counts, double=options.double)
            status, elapsed, refutes = solve_within(built, k, options.seconds, options)
            yield CaseResult(counts, status, elapsed, refutes, "phase model, alternators fixed")


class Built(Protocol):
    """A built model of either kind: the CP-SAT model and a way to read its schedule."""

    model: cp_model.CpModel

    def schedule_from(self, solver: cp_model.CpSolver) -> Schedule: ...


def solve_within(built: Built, k: int, seconds: float, options: SplitOptions) -> tuple[str, float, bool]:
    """Solve; return the status, the seconds taken, and whether a verified schedule with at most k breaks came out."""
    solver = new_solver(workers=options.workers, seed=options.seed, seconds=seconds)
    started = time.perf_counter()
    status = solver.status_name(solver.solve(built.model))
    elapsed = time.perf_counter() - started
    refutes = False
    if status in ("FEASIBLE", "OPTIMAL"):
        verdict = verify(built.schedule_from(solver), double=options.double)
        refutes = verdict.ok and verdict.metrics.total_breaks <= k
    return status, elapsed, refutes


def alternator_cases(n: int, k: int, double: bool = False) -> list[tuple[int, int, int, int]]:
    """Every (A+, A-, B+, B-) count of perfect alternators a schedule with at most k breaks can have.

    Each other player breaks at least once, so at least 2n - k alternate; a team has at most
    ceil(n/2) of one phase (rule 3); alternators of A and B with opposite phases never meet
    (docs/bounds.md, fact 2).  For even n, a team with p + and q - alternators has at least |p - q|
    players who change phase an even number of times, at least twice (docs/bounds.md, fact 8), each
    one more break.  For n = 2 mod 4 a team has at most n/2 - 1 alternators of a phase (fact 3)
    and at most n - 3 in all (fact 6).  One case per orbit of colour reversal and of swapping
    the teams with colour reversal, both of which keep the rules and the breaks.  ``double``: the
    limits of fact 3 and fact 6 for n = 2 mod 4 are single-round facts and are not used (a double
    round keeps the rest: rule 3's cap, fact 2 and the count of fact 8 hold as written).
    """
    cap = (n + 1) // 2
    seen: set[tuple[int, int, int, int]] = set()
    cases: list[tuple[int, int, int, int]] = []
    for a_plus, a_minus, b_plus, b_minus in itertools.product(range(cap + 1), repeat=4):
        least = 2 * n - (a_plus + a_minus + b_plus + b_minus)
        if n % 2 == 0:
            least += abs(a_plus - a_minus) + abs(b_plus - b_minus)
        if (a_plus and b_minus) or (a_minus and b_plus) or least > k:
            continue
        if (
            n % 4 == 2
            and not double
            and (max(a_plus, a_minus, b_plus, b_minus) >= n // 2 or max(a_plus + a_minus, b_plus + b_minus) > n - 3)
        ):
            continue
        if a_plus + a_minus > n or b_plus + b_minus > n:
            continue
        orbit = {
            (a_plus, a_minus, b_plus, b_minus),
            (a_minus, a_plus, b_minus, b_plus),
            (b_plus, b_minus, a_plus, a_minus),
            (b_minus, b_plus, a_minus, a_plus),
        }
        if not orbit & seen:
            seen |= orbit
            cases.append(min(orbit))
    return sorted(cases)


def least_breaks(n: int, counts: tuple[int, int, int, int]) -> int:
    """The fewest breaks a case allows: one for every player who is not an alternator and, for even
    n, one more for each of the |p - q| players per team that change phase an even number of times."""
    least = 2 * n - sum(counts)
    if n % 2 == 0:
        least += abs(counts[0] - counts[1]) + abs(counts[2] - counts[3])
    return least


def team_shapes(n: int, plus: int, minus: int, extra: int) -> list[tuple[tuple[int, str], ...]]:
    """The players beyond one phase change a team can have with exactly ``extra`` breaks more than
    one per player who is not an alternator: multisets of (changes >= 2, first phase).

    For even n the team has n/2 + players in its first and last rounds, so p + E+ = q + E-, where
    E+ (E-) counts the players changing phase an even number of times that start with + (-).
    """
    found = []

    def grow(left: int, smallest: tuple[int, str], chosen: list[tuple[int, str]]) -> None:
        if left == 0:
            e_plus = sum(1 for c, f in chosen if c % 2 == 0 and f == "+")
            e_minus = sum(1 for c, f in chosen if c % 2 == 0 and f == "-")
            if n % 2 or plus + e_plus == minus + e_minus:
                found.append(tuple(chosen))
            return
        for changes in range(2, left + 2):
            for first in "+-":
                shape = (changes, first)
                if shape >= smallest and len(chosen) < n - plus - minus:
                    grow(left - (changes - 1), shape, [*chosen, shape])

    grow(extra, (0, "+"), [])
    return found


def shape_cases(
    n: int, k: int, counts: tuple[int, int, int, int]
) -> list[tuple[tuple[tuple[int, str], ...], tuple[tuple[int, str], ...]]]:
    """Every way the break budget k can be spent beyond one break a non-alternator, as the special
    players of team A and of team B (:func:`team_shapes`); the total of breaks is even (fact 1)."""
    spare = k - (2 * n - sum(counts))
    cases = []
    for extra_a in range(spare + 1):
        for extra_b in range(spare - extra_a + 1):
            if (extra_a + extra_b + 2 * n - sum(counts)) % 2:
                continue
            for shapes_a in team_shapes(n, counts[0], counts[1], extra_a):
                for shapes_b in team_shapes(n, counts[2], counts[3], extra_b):
                    cases.append((shapes_a, shapes_b))
    return cases


_TEAMS: dict[tuple[int, int, int, tuple[tuple[int, str], ...], bool, bool], list[tuple[str, ...]]] = {}


def teams_of(
    n: int, plus: int, minus: int, shapes: tuple[tuple[int, str], ...], double: bool = False, rule_2: bool = True
) -> list[tuple[str, ...]]:
    key = (n, plus, minus, shapes, double, rule_2)
    if key not in _TEAMS:
        _TEAMS[key] = list(phase_teams(n, plus, minus, shapes, double=double, rule_2=rule_2))
    return _TEAMS[key]


def enumerated_case(n: int, k: int, counts: tuple[int, int, int, int], options: SplitOptions) -> CaseResult:
    """A case whose budget leaves few breaks to spare: try every set of phases that spends it.

    Every player but the alternators changes phase once, except the special players of
    :func:`shape_cases`.  For each way to choose them, every team of phases of B
    (:func:`phase_teams`) is taken in turn, and team A is built only from the rows that can meet
    every B player in different rounds of the same phase (``row_fits``: a row failing it fails
    with this B whatever the rest of A).  Each pair is then checked for B's rows the same way,
    then for the games between each kind of row (``games_spread``), and the rest go to the phase
    model with the phases fixed.  The status is INFEASIBLE when every set of phases is; ``how`` and
    ``tally`` say how the sets of phases were settled.  Without rule 2 (``options.rule_2``) a pair
    with a row breaking rule 2 that passes every check is not given to the phase model, which imposes
    rule 2: it is counted unsettled, the case's status is ``UNSETTLED``, and the enumeration goes on.

    Many sets of B allow the same rows of A (30 boards: 10,185 sets of B, 197 sets of rows), so
    the sets of B are grouped by the rows they allow and A's teams are listed once a group
    (:func:`settle_group`); the pairs and their checks are the same.
    """
    started = time.perf_counter()
    tally = Tally()
    shapes = shape_cases(n, k, counts)
    groups = _groups(n, counts, shapes, options.double, options.rule_2)
    deadline = time.time() + options.seconds
    with ProcessPoolExecutor(options.jobs) if options.jobs > 1 else contextlib.nullcontext() as pool:
        jobs = [(n, k, counts, *key, teams_b, deadline, options) for key, teams_b in groups.items()]
        if pool is None:
            results: Iterator[Tally] = (settle_group(*job) for job in jobs)
        else:
            futures = [pool.submit(settle_group, *job) for job in jobs]
            results = (future.result() for future in futures)
        for part in results:
            tally.add(part)
            if part.status not in ("INFEASIBLE", UNSETTLED):
                if pool is not None:
                    pool.shutdown(cancel_futures=True)
                break
    special = "; ".join(f"A {list(a)} B {list(b)}" for a, b in shapes if a or b)
    how = (
        f"{tally.teams_b} sets of phases of B in {len(shapes)} ways to spend the breaks (players changing phase "
        f"more than once: {special or 'none'}); {tally.pairs} sets of A from the rows that can meet all of B: "
        f"{tally.unmatched} where a B player cannot meet all its opponents, {tally.crowded} where the games of two "
        f"kinds of row cannot be spread over the rounds, {tally.solved} solved with the phases fixed"
    )
    if tally.unsettled:
        how += f", {tally.unsettled} unsettled (rows breaking rule 2, which the phase model imposes)"
    return CaseResult(counts, tally.status, time.perf_counter() - started, tally.refutes, how, tally)


Group = tuple[tuple[tuple[int, str], ...], frozenset[str]]  # A's special players, the rows of A allowed


def _groups(
    n: int,
    counts: tuple[int, int, int, int],
    shapes: list[tuple[tuple[tuple[int, str], ...], tuple[tuple[int, str], ...]]],
    double: bool,
    rule_2: bool = True,
) -> dict[Group, list[tuple[str, ...]]]:
    """Every set of phases of B of a case with these ways to spend the breaks (:func:`shape_cases`),
    grouped by A's special players and the rows of A that can meet every player of that B (Hall's
    condition for one A player).  ``rule_2=False``: rows of both teams without rule 2."""
    groups: dict[Group, list[tuple[str, ...]]] = {}
    for shapes_a, shapes_b in shapes:
        candidates = team_rows(n, shapes_a, double, rule_2=rule_2)
        for team_b in teams_of(n, counts[2], counts[3], shapes_b, double, rule_2):
            if double:
                allowed = frozenset(row for row in candidates if row_fits_twice(row, team_b))
            else:
                allowed = frozenset(rows_fitting(candidates, team_b))
            groups.setdefault((shapes_a, allowed), []).append(team_b)
    return groups


def _hall_pairs(
    n: int,
    counts: tuple[int, int, int, int],
    group: Group,
    teams_b: list[tuple[str, ...]],
    double: bool,
    tally: Tally,
    rule_2: bool = True,
) -> Iterator[tuple[tuple[str, ...], tuple[str, ...]]]:
    """The pairs (team A, team B) of a group in which every B player passes Hall's condition too;
    ``tally`` counts the sets of B, the pairs and those failing.  ``rule_2=False``: A's rows without rule 2."""
    shapes_a, allowed = group
    fits = row_fits_twice if double else row_fits
    teams_a = list(phase_teams(n, counts[0], counts[1], shapes_a, double, allowed=allowed.__contains__, rule_2=rule_2))
    fitted: dict[tuple[int, str], bool] = {}  # (which team of A, a row of B): does the row fit
    for team_b in teams_b:
        tally.teams_b += 1
        for index, team_a in enumerate(teams_a):
            tally.pairs += 1
            unfit = False
            for row in set(team_b):
                if (index, row) not in fitted:
                    fitted[index, row] = fits(row, team_a)
                if not fitted[index, row]:
                    unfit = True
                    break
            if unfit:
                tally.unmatched += 1
            else:
                yield team_a, team_b


def hall_survivors(
    n: int, k: int, options: SplitOptions
) -> Iterator[tuple[tuple[int, int, int, int], tuple[str, ...], tuple[str, ...]]]:
    """Every pair of teams of phases of the enumerated cases (at most ``options.spare`` breaks to spare)
    that passes Hall's condition for every player: (the case's alternator counts, team A, team B).
    These are the pairs only ``games_spread`` or the phase model can settle."""
    for counts in alternator_cases(n, k, double=options.double):
        if k - least_breaks(n, counts) <= options.spare:
            groups = _groups(n, counts, shape_cases(n, k, counts), options.double, options.rule_2)
            for group, teams_b in groups.items():
                for team_a, team_b in _hall_pairs(n, counts, group, teams_b, options.double, Tally(), options.rule_2):
                    yield counts, team_a, team_b


@dataclass
class Tally:
    """How the pairs of one group of sets of B were settled (:func:`settle_group`)."""

    teams_b: int = 0
    pairs: int = 0
    unmatched: int = 0
    crowded: int = 0
    solved: int = 0
    unsettled: int = 0  # pairs left open without rule 2 (the phase model imposes it)
    status: str = "INFEASIBLE"
    refutes: bool = False

    def add(self, other: Tally) -> None:
        """Count ``other``'s pairs in; its status wins when it is not INFEASIBLE, except that UNSETTLED
        does not hide a status the phase model gave (FEASIBLE, UNKNOWN)."""
        self.teams_b += other.teams_b
        self.pairs += other.pairs
        self.unmatched += other.unmatched
        self.crowded += other.crowded
        self.solved += other.solved
        self.unsettled += other.unsettled
        if other.status != "INFEASIBLE" and (other.status != UNSETTLED or self.status == "INFEASIBLE"):
            self.status, self.refutes = other.status, other.refutes


def settle_group(
    n: int,
    k: int,
    counts: tuple[int, int, int, int],
    shapes_a: tuple[tuple[int, str], ...],
    allowed: frozenset[str],
    teams_b: list[tuple[str, ...]],
    deadline: float,
    options: SplitOptions,
) -> Tally:
    """Every set of phases of A with ``shapes_a`` made of ``allowed`` rows, against each set of B that
    allows exactly those rows (:func:`enumerated_case`); runs in a worker process with ``--jobs``.
    ``deadline`` (``time.time()``) bounds the phase-model runs.  Without rule 2 a pair that passes
    every check and has a row breaking rule 2 is counted unsettled (the phase model imposes rule 2,
    so its INFEASIBLE would prove nothing); pairs whose rows all keep rule 2 still go to it."""
    tally = Tally()
    pairs = _hall_pairs(n, counts, (shapes_a, allowed), teams_b, options.double, tally, options.rule_2)
    for team_a, team_b in pairs:
        if games_spread(team_a, team_b, options.double) == "INFEASIBLE":
            tally.crowded += 1
            continue
        if not options.rule_2 and not all(keeps_rule_2(row) for row in {*team_a, *team_b}):
            tally.unsettled += 1
            if tally.status == "INFEASIBLE":
                tally.status = UNSETTLED
            continue
        model = PhaseModel.build(n, at_most=k, patterns=(team_a, team_b), double=options.double)
        status, _, refutes = solve_within(model, k, max(deadline - time.time(), 0.1), options)
        tally.solved += 1
        if status != "INFEASIBLE":
            tally.status, tally.refutes = status, refutes
            return tally
    return tally
