"""Computer proofs of lower bounds: "no schedule with at most K breaks on N boards", two models side by side.

For each case N:K the phase formulation (``scheveningen.models.bounds.phases``, rows of phases sorted)
and the main model (``scheveningen.models.cpsat.model``, round 1 fixed by symmetry breaking) are asked
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
    python benchmarks/phase_bounds.py --survivors N:K --spare 2   (the split's pairs passing Hall's condition)
    python benchmarks/phase_bounds.py --split N:K --spare 2 --no-rule-2   (the split for rules 1 and 3 only)

A case may carry its own time limit in seconds (N:K:SECONDS).  Writes
benchmarks/results/phase_bounds/phase_bounds.{md,csv} (``--double``: phase_bounds_double.{md,csv};
``--split``: phase_split_N_K.{md,csv}, with ``--double`` phase_split_double_N_K.{md,csv};
``--survivors``: phase_survivors_N_K.{md,csv}).  ``--no-rule-2`` (with ``--split`` or
``--survivors`` only) drops rule 2 from the enumerated rows and puts ``rules13_`` before N in the
file name (phase_split_rules13_N_K.{md,csv}), so the records with rule 2 are kept.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import Counter

from _common import machine_lines, markdown_table, results_dir, write_results

from scheveningen.models.bounds.phases import PhaseModel
from scheveningen.models.bounds.proven import analytic_break_bound
from scheveningen.models.cpsat.model import MatchModel, ModelOptions
from scheveningen.solver.bounds.split import SplitOptions, hall_survivors, solve_within
from scheveningen.solver.bounds.split import split_proof as run_split

RESULTS = results_dir(__file__)
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


def options_of(args: argparse.Namespace, seconds: float | None = None) -> SplitOptions:
    """The split's options from the command line (``seconds``: this case's time limit)."""
    return SplitOptions(
        spare=args.spare,
        double=args.double,
        seconds=args.time_limit if seconds is None else seconds,
        workers=args.workers,
        seed=args.seed,
        jobs=args.jobs,
        rule_2=not args.no_rule_2,
    )


def run(built: PhaseModel | MatchModel, k: int, seconds: float, args: argparse.Namespace) -> tuple[str, float, bool]:
    """Solve; return the status, the seconds taken, and whether a verified schedule with at most k breaks came out."""
    return solve_within(built, k, seconds, options_of(args, seconds))


def finish(stem: str, markdown: list[str], header: list[str], csv_rows: list[list], refuted: bool) -> int:
    """Write the results; exit status 1 when a bound was refuted."""
    write_results(RESULTS, stem, markdown, header, csv_rows)
    if refuted:
        print("a schedule within a bound was found and verified: the bound is wrong", file=sys.stderr)
        return 1
    return 0


def split_proof(n: int, k: int, seconds: float, args: argparse.Namespace) -> int:
    """Prove "no N-board schedule with at most K breaks" case by case; write phase_split_N_K.md
    (``--double``: a double round, phase_split_double_N_K.md; ``--no-rule-2``: rules 1 and 3 only,
    phase_split_rules13_N_K.md)."""
    rows, csv_rows, proved, refuted = [], [], True, False
    for case in run_split(n, k, options_of(args, seconds)):
        refuted = refuted or case.refutes
        proved = proved and case.status == "INFEASIBLE"
        cells = [*case.counts, case.status, round(case.seconds, 1), case.how]
        rows.append([str(c) for c in cells])
        csv_rows.append(cells)
        print(" | ".join(rows[-1]), flush=True)
    header = ["A+", "A-", "B+", "B-", "status", "seconds", "how"]
    conclusion = f"at least {k + 2} breaks for {n} boards" if proved else "not proved: some cases are open"
    kind = "a double round" if args.double else "a schedule"
    rules = "rule 1" if args.no_rule_2 else "rules 1 and 2"
    rule_2_lines = (
        [
            "",
            "Rule 2 dropped (`--no-rule-2`): the bound is claimed for rules 0, 1 and 3 only. The rows enumerated",
            "may change phase at two consecutive round gaps (`rows_with_changes(..., rule_2=False)`); the limits",
            "on the alternators (facts 2, 3 and 6 and the count) use rules 1 and 3 only and stay. The phase model",
            "imposes rule 2, so a case not enumerated, and a pair passing every check with a row that breaks",
            "rule 2, are marked UNSETTLED, never INFEASIBLE (pairs whose rows all keep rule 2 still go to it).",
        ]
        if args.no_rule_2
        else []
    )
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
        + (", double round" if args.double else "")
        + (", rules 1 and 3 (no rule 2)" if args.no_rule_2 else ""),
        "",
        *machine_lines(sys.argv),
        f"- Workers {args.workers}, seed {args.seed}, {seconds:g} s per case, {args.jobs} process(es)",
        "",
        "Each case fixes how many players of each team alternate perfectly with each phase (the others",
        f"must break) and asks the phase model for {kind} keeping rules 0-3 with at most K breaks"
        + (" (here rule 2 dropped: see below)." if args.no_rule_2 else "."),
        "Every other player changes phase at least once, and for even N a team with p + and q - alternators",
        "has p + E+ = q + E- (E+/E-: players changing phase an even number of times, + or - in round 1),",
        f"which costs |p - q| more breaks. A case with at most {args.spare} break(s) to spare beyond these",
        "(`--spare`) is settled by enumeration: for every way to spend the spare breaks on players changing",
        f"phase more than once (`shape_cases`), every set of phases of team B that keeps {rules} in every",
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
        *rule_2_lines,
        "",
        *markdown_table(header, rows),
        "",
        f"Conclusion: {conclusion}.",
        "",
    ]
    stem = f"phase_split{'_double' if args.double else ''}{'_rules13' if args.no_rule_2 else ''}_{n}_{k}"
    return finish(stem, markdown, header, csv_rows, refuted)


def runs(row: str) -> str:
    """A row of phases as its runs: "+7 -11" is + for 7 rounds, then - for 11."""
    return " ".join(f"{sign}{len(list(group))}" for sign, group in itertools.groupby(row))


def team_runs(team: tuple[str, ...]) -> str:
    """A team of rows as how many players have each row of runs."""
    return ", ".join(f"{count} x {shape}" for shape, count in sorted(Counter(runs(row) for row in team).items()))


def survivors(n: int, k: int, args: argparse.Namespace) -> int:
    """List the pairs of teams of phases that pass Hall's condition (what only ``games_spread`` or the
    phase model settles); write phase_survivors_N_K.md."""
    rows = []
    for counts, team_a, team_b in hall_survivors(n, k, options_of(args)):
        rows.append([", ".join(map(str, counts)), team_runs(team_b), team_runs(team_a)])
    markdown = [
        f"# Pairs of teams of phases that pass Hall's condition: {n} boards, at most {k} breaks",
        "",
        *machine_lines(sys.argv),
        "",
        f"The split of fact 10 (docs/bounds.md) with at most {args.spare} break(s) to spare"
        + (", rule 2 dropped (`--no-rule-2`: rules 1 and 3 only)" if args.no_rule_2 else "")
        + "; each pair below passes",
        "Hall's condition for every player, so only `games_spread` (or the phase model) rules it out. A row is",
        'written as its runs: "+7 -11" is + for 7 rounds, then - for 11.',
        "",
        f"{len(rows)} pairs.",
        "",
        *markdown_table(["A+, A-, B+, B-", "team B", "team A"], rows),
        "",
    ]
    stem = f"phase_survivors{'_rules13' if args.no_rule_2 else ''}_{n}_{k}"
    write_results(RESULTS, stem, markdown, ["case", "team B", "team A"], rows)
    print(f"{len(rows)} pairs pass Hall's condition")
    return 0


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
    parser.add_argument(
        "--survivors",
        default=None,
        help="N:K: list the pairs of the split that pass Hall's condition, and nothing else",
    )
    parser.add_argument("--double", action="store_true", help="double rounds (2N rounds, each pair twice)")
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="--split: settle the sets of phases of B in this many local processes (default 1)",
    )
    parser.add_argument(
        "--no-rule-2",
        action="store_true",
        help="--split/--survivors: drop rule 2 (no three in a row) from the enumerated rows, proving the bound for "
        "rules 1 and 3 only; cases or pairs left to the phase model, which imposes rule 2, are UNSETTLED; the "
        "record is phase_split_rules13_N_K (phase_survivors_rules13_N_K)",
    )
    args = parser.parse_args()
    if args.no_rule_2 and args.split is None and args.survivors is None:
        parser.error("--no-rule-2 needs --split or --survivors (the phase and main models impose rule 2)")
    if args.survivors is not None:
        return survivors(*parse_cases(args.survivors, args.time_limit)[0][:2], args)
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
