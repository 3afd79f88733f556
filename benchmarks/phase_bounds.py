"""Computer proofs of lower bounds: "no schedule with at most K breaks on N boards", two models side by side.

For each case N:K the phase formulation (``scheveningen.models.phases``, rows of phases sorted)
and the main model (``scheveningen.models.cpsat``, round 1 fixed by symmetry breaking) are asked
for a plain N-board schedule keeping every rule with at most K breaks.  Neither gets
the analytic bound as a cut, so an INFEASIBLE answer is an independent check of the
proofs in docs/bounds.md (each case sits at the analytic bound minus 2; 10:14 is fact 7 for
10 boards).  A FEASIBLE answer is verified and would refute the bound: the script
then exits with status 1.

    python benchmarks/phase_bounds.py [--case 5:6,6:12,7:8,10:14:1500] [--time-limit 120] [--workers 2]
        [--skip-main] [--main-cap SECONDS]
    python benchmarks/phase_bounds.py --split N:K[:SECONDS]   (one proof, split by alternators)
    python benchmarks/phase_bounds.py --double --case 5:6,7:8   (double rounds, fact 9)
    python benchmarks/phase_bounds.py --split 7:8:SECONDS --spare 2 --double   (fact 9, 7 boards, split)

A case may carry its own time limit in seconds (N:K:SECONDS).  Writes
benchmarks/results/phase_bounds.{md,csv} (``--double``: phase_bounds_double.{md,csv};
``--split``: phase_split_N_K.{md,csv}, with ``--double`` phase_split_double_N_K.{md,csv}).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from _common import machine_lines, markdown_table, write_results
from ortools.sat.python import cp_model

from scheveningen.models.bounds import analytic_break_bound
from scheveningen.models.cpsat import MatchModel, ModelOptions
from scheveningen.models.phases import (
    PhaseModel,
    games_spread,
    phase_teams,
    row_fits,
    row_fits_twice,
    rows_fitting,
    team_rows,
)
from scheveningen.models.schedule import Schedule
from scheveningen.solver.verifier import verify

RESULTS = Path(__file__).resolve().parent / "results"
DEFAULT_CASES = "5:6,6:12,7:8,10:14:1500"


def parse_cases(text: str, default_seconds: float) -> list[tuple[int, int, float]]:
    cases = []
    for item in text.split(","):
        parts = item.strip().split(":")
        if len(parts) not in (2, 3):
            raise SystemExit(f"a case is N:K or N:K:SECONDS, got {item!r}")
        n, k = int(parts[0]), int(parts[1])
        cases.append((n, k, float(parts[2]) if len(parts) == 3 else default_seconds))
    return cases


class Built(Protocol):
    """A built model of either kind: the CP-SAT model and a way to read its schedule."""

    model: cp_model.CpModel

    def schedule_from(self, solver: cp_model.CpSolver) -> Schedule: ...


def run(built: Built, k: int, seconds: float, args: argparse.Namespace) -> tuple[str, float, bool]:
    """Solve; return the status, the seconds taken, and whether a verified schedule with at most k breaks came out."""
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = args.workers
    solver.parameters.random_seed = args.seed
    started = time.perf_counter()
    status = solver.status_name(solver.solve(built.model))
    elapsed = time.perf_counter() - started
    refutes = False
    if status in ("FEASIBLE", "OPTIMAL"):
        verdict = verify(built.schedule_from(solver), double=args.double)
        refutes = verdict.ok and verdict.metrics.total_breaks <= k
    return status, elapsed, refutes


def finish(stem: str, markdown: list[str], header: list[str], csv_rows: list[list], refuted: bool) -> int:
    """Write the results; exit status 1 when a bound was refuted."""
    write_results(RESULTS, stem, markdown, header, csv_rows)
    if refuted:
        print("a schedule within a bound was found and verified: the bound is wrong", file=sys.stderr)
        return 1
    return 0


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
    seen, cases = set(), []
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


_TEAMS: dict[tuple[int, int, int, tuple[tuple[int, str], ...], bool], list[tuple[str, ...]]] = {}


def teams_of(
    n: int, plus: int, minus: int, shapes: tuple[tuple[int, str], ...], double: bool = False
) -> list[tuple[str, ...]]:
    key = (n, plus, minus, shapes, double)
    if key not in _TEAMS:
        _TEAMS[key] = list(phase_teams(n, plus, minus, shapes, double=double))
    return _TEAMS[key]


def enumerated_case(
    n: int, k: int, counts: tuple[int, int, int, int], seconds: float, args: argparse.Namespace
) -> tuple[str, float, bool, str]:
    """A case whose budget leaves few breaks to spare: try every set of phases that spends it.

    Every player but the alternators changes phase once, except the special players of
    :func:`shape_cases`.  For each way to choose them, every team of phases of B
    (:func:`phase_teams`) is taken in turn, and team A is built only from the rows that can meet
    every B player in different rounds of the same phase (``row_fits``: a row failing it fails
    with this B whatever the rest of A).  Each pair is then checked for B's rows the same way,
    then for the games between each kind of row (``games_spread``), and the rest go to the phase
    model with the phases fixed.  Returns the status (INFEASIBLE when every set of phases is), the
    seconds taken, whether a schedule within the bound was found and verified, and how the sets
    of phases were settled.

    Many sets of B allow the same rows of A (30 boards: 10,185 sets of B, 197 sets of rows), so
    the sets of B are grouped by the rows they allow and A's teams are listed once a group
    (:func:`settle_group`); the pairs and their checks are the same.
    """
    started = time.perf_counter()
    tally = Tally()
    shapes = shape_cases(n, k, counts)
    groups: dict[tuple[tuple[tuple[int, str], ...], frozenset[str]], list[tuple[str, ...]]] = {}
    for shapes_a, shapes_b in shapes:
        candidates = team_rows(n, shapes_a, args.double)
        for team_b in teams_of(n, counts[2], counts[3], shapes_b, args.double):
            if args.double:
                allowed = frozenset(row for row in candidates if row_fits_twice(row, team_b))
            else:
                allowed = frozenset(rows_fitting(candidates, team_b))
            groups.setdefault((shapes_a, allowed), []).append(team_b)
    deadline = time.time() + seconds
    with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else contextlib.nullcontext() as pool:
        jobs = [(n, k, counts, *key, teams_b, deadline, args) for key, teams_b in groups.items()]
        if pool is None:
            results: Iterator[Tally] = (settle_group(*job) for job in jobs)
        else:
            futures = [pool.submit(settle_group, *job) for job in jobs]
            results = (future.result() for future in futures)
        for part in results:
            tally.add(part)
            if part.status != "INFEASIBLE":
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
    return tally.status, time.perf_counter() - started, tally.refutes, how


@dataclass
class Tally:
    """How the pairs of one group of sets of B were settled (:func:`settle_group`)."""

    teams_b: int = 0
    pairs: int = 0
    unmatched: int = 0
    crowded: int = 0
    solved: int = 0
    status: str = "INFEASIBLE"
    refutes: bool = False

    def add(self, other: Tally) -> None:
        """Count ``other``'s pairs in; its status wins when it is not INFEASIBLE."""
        self.teams_b += other.teams_b
        self.pairs += other.pairs
        self.unmatched += other.unmatched
        self.crowded += other.crowded
        self.solved += other.solved
        if other.status != "INFEASIBLE":
            self.status, self.refutes = other.status, other.refutes


def settle_group(
    n: int,
    k: int,
    counts: tuple[int, int, int, int],
    shapes_a: tuple[tuple[int, str], ...],
    allowed: frozenset[str],
    teams_b: list[tuple[str, ...]],
    deadline: float,
    args: argparse.Namespace,
) -> Tally:
    """Every set of phases of A with ``shapes_a`` made of ``allowed`` rows, against each set of B that
    allows exactly those rows (:func:`enumerated_case`); runs in a worker process with ``--jobs``.
    ``deadline`` (``time.time()``) bounds the phase-model runs."""
    tally = Tally()
    fits = row_fits_twice if args.double else row_fits
    teams_a = list(phase_teams(n, counts[0], counts[1], shapes_a, args.double, allowed=allowed.__contains__))
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
                continue
            if games_spread(team_a, team_b, args.double) == "INFEASIBLE":
                tally.crowded += 1
                continue
            model = PhaseModel.build(n, at_most=k, patterns=(team_a, team_b), double=args.double)
            tally.status, _, tally.refutes = run(model, k, max(deadline - time.time(), 0.1), args)
            tally.solved += 1
            if tally.status != "INFEASIBLE":
                return tally
    return tally


def split_proof(n: int, k: int, seconds: float, args: argparse.Namespace) -> int:
    """Prove "no N-board schedule with at most K breaks" case by case; write phase_split_N_K.md
    (``--double``: a double round, phase_split_double_N_K.md)."""
    rows, csv_rows, proved, refuted = [], [], True, False
    for counts in alternator_cases(n, k, double=args.double):
        if k - least_breaks(n, counts) <= args.spare:
            status, elapsed, refutes, how = enumerated_case(n, k, counts, seconds, args)
        else:
            built = PhaseModel.build(n, at_most=k, alternators=counts, double=args.double)
            status, elapsed, refutes = run(built, k, seconds, args)
            how = "phase model, alternators fixed"
        refuted = refuted or refutes
        proved = proved and status == "INFEASIBLE"
        cells = [*counts, status, round(elapsed, 1), how]
        rows.append([str(c) for c in cells])
        csv_rows.append(cells)
        print(" | ".join(rows[-1]), flush=True)
    header = ["A+", "A-", "B+", "B-", "status", "seconds", "how"]
    conclusion = f"at least {k + 2} breaks for {n} boards" if proved else "not proved: some cases are open"
    kind = "a double round" if args.double else "a schedule"
    double_lines = (
        [
            "",
            "Double round (`--double`): 2N rounds, every pair meets twice, once with each colour. Rule 1 gives",
            "every player exactly N Whites, so every row has as many + rounds at odd as at even positions (a player",
            "changing phase once does so after an even number of rounds). An A player and a B player need a round",
            "of shared phase where A has White and one where A has Black, and Hall's condition asks each player",
            "for its 2N games (each opponent once with each colour) in 2N different rounds, each shared in phase",
            "with A's colour right (`row_fits_twice`); `games_spread` counts each pair of rows' games with each",
            "colour apart.",
            "Facts 3 and 6 (n = 2 mod 4) are single-round facts and are not used.",
        ]
        if args.double
        else []
    )
    markdown = [
        f"# Proof split by perfect alternators: {n} boards, at most {k} breaks"
        + (", double round" if args.double else ""),
        "",
        *machine_lines(sys.argv),
        f"- Workers {args.workers}, seed {args.seed}, {seconds:g} s per case, {args.jobs} process(es)",
        "",
        "Each case fixes how many players of each team alternate perfectly with each phase (the others",
        f"must break) and asks the phase model for {kind} keeping rules 0-3 with at most K breaks.",
        "Every other player changes phase at least once, and for even N a team with p + and q - alternators",
        "has p + E+ = q + E- (E+/E-: players changing phase an even number of times, + or - in round 1),",
        f"which costs |p - q| more breaks. A case with at most {args.spare} break(s) to spare beyond these",
        "(`--spare`) is settled by enumeration: for every way to spend the spare breaks on players changing",
        "phase more than once (`shape_cases`), every set of phases of team B that keeps rules 1 and 2 in every",
        "row and rule 3's count of + players in every round is taken in turn (`phase_teams`), and every such",
        "set of team A built from the rows that can meet each B player in a different round where the two",
        "share a phase (Hall's condition, `row_fits`; a row failing it fails whatever the rest of A). A pair",
        "fails where some B player fails the same condition, or where the games between two kinds of row",
        "cannot be spread over the rounds (`games_spread`: a small CP-SAT model counting, for each pair of",
        "distinct rows and each round, how many of their games fall there; every schedule gives a solution).",
        "Each other pair goes to the phase model with the phases fixed.",
        "Every other case goes to the phase model with the alternators fixed.",
        "The cases cover every schedule (see `alternator_cases`), so INFEASIBLE everywhere proves the bound.",
        *double_lines,
        "",
        *markdown_table(header, rows),
        "",
        f"Conclusion: {conclusion}.",
        "",
    ]
    stem = f"phase_split_double_{n}_{k}" if args.double else f"phase_split_{n}_{k}"
    return finish(stem, markdown, header, csv_rows, refuted)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", default=DEFAULT_CASES, help=f"N:K[:SECONDS], comma-separated ({DEFAULT_CASES})")
    parser.add_argument("--time-limit", type=float, default=120.0, help="seconds per model and case (default 120)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--skip-main", action="store_true", help="run only the phase model (long proofs)")
    parser.add_argument("--main-cap", type=float, default=None, help="at most this many seconds for the main model")
    parser.add_argument("--split", default=None, help="N:K[:SECONDS]: one proof split by alternators, and nothing else")
    parser.add_argument(
        "--spare",
        type=int,
        default=0,
        help="--split: enumerate the phases of cases with at most this many breaks to spare (default 0: tight only)",
    )
    parser.add_argument("--double", action="store_true", help="double rounds (2N rounds, each pair twice)")
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="--split: settle the sets of phases of B in this many local processes (default 1)",
    )
    args = parser.parse_args()
    if args.split is not None:
        return split_proof(*parse_cases(args.split, args.time_limit)[0], args)
    rows, csv_rows, refuted = [], [], False
    for n, k, seconds in parse_cases(args.case, args.time_limit):
        phase_status, phase_time, refutes = run(PhaseModel.build(n, at_most=k, double=args.double), k, seconds, args)
        refuted = refuted or refutes
        main_status, main_time = "not run", 0.0
        if not args.skip_main:
            main_model = MatchModel.build(ModelOptions(n, double=args.double, break_bound_cut=False))
            main_model.limit_breaks(k)
            cap = seconds if args.main_cap is None else min(seconds, args.main_cap)
            main_status, main_time, refutes = run(main_model, k, cap, args)
            refuted = refuted or refutes
        proved = "INFEASIBLE" in (phase_status, main_status)
        conclusion = f"at least {k + 2} breaks" if proved else "open"
        analytic = analytic_break_bound(n, double=args.double)
        cells = [n, k, analytic, phase_status, round(phase_time, 1), main_status, round(main_time, 1), conclusion]
        rows.append([str(c) for c in cells])
        csv_rows.append(cells)
        print(" | ".join(rows[-1]), flush=True)
    header = ["N", "at most K breaks", "analytic bound", "phase model", "phase s", "main model", "main s", "conclusion"]
    kind = "double rounds" if args.double else "single rounds"
    about = (
        "a double round (2N rounds, every pair twice, once with each colour) keeping rules 0-3 with at most K "
        "breaks, without the bound as a cut. INFEASIBLE from either model proves N boards need at least K + 2 "
        "breaks (totals are even). With K = N + 1 for odd N it checks fact 9 of docs/bounds.md."
        if args.double
        else "a plain N-board schedule keeping rules 0-3 with at most K breaks, without the analytic bound as a "
        "cut. INFEASIBLE from either model proves N boards need at least K + 2 breaks (totals are even). Where K "
        "is the analytic bound minus 2, INFEASIBLE is an independent check of the proofs in docs/bounds.md "
        "(10:14 is fact 7 for 10 boards); 6:12 goes past the analytic bound (10) to the 6-board optimum, 14."
    )
    markdown = [
        f"# Computer proofs of lower bounds, {kind}: phase model and main model side by side",
        "",
        *machine_lines(sys.argv),
        f"- Workers {args.workers}, seed {args.seed}; time limit per model and case as in the command",
        "",
        f"Each case asks both CP-SAT models for {about}",
        "",
        *markdown_table(header, rows),
        "",
    ]
    return finish("phase_bounds_double" if args.double else "phase_bounds", markdown, header, csv_rows, refuted)


if __name__ == "__main__":
    sys.exit(main())
