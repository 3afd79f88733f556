"""Exact minimum breaks for small unequal teams where one team plays every round.

Team A of p players against team B of k players on k boards, single round: p rounds, team B plays
every round, each A player plays k games and sits out p - k rounds in turn (after every round
teammates' sit-out counts differ by at most one).  Colours, runs and breaks count the games a
player actually plays.  This script's own CP-SAT model (it shares nothing with solver/ or
models/constructions/unequal/) finds the fewest breaks, with rules 1-3 (colour balance, never three of a colour
in a row, board balance) or with none of them (rule 0 and the sit-outs in turn only), and every
schedule it finds is checked by the project's verifier (solver/verify/verifier.py).

The model: ``meet[a, b, r]`` (A player a meets B player b in round r), each pair once, each B
player once a round; ``plays[a, r]`` their sum over b, in turn; ``col_b[b, r]`` B's colour each
round; ``col_a[a, r]`` A's colour in a round it plays and its last colour in a round it sits out
(carried over), so a break of an A player is a round it plays with the colour carried from its last
game.  Symmetry breaking (harmless: each step maps any schedule to one of the same breaks that keeps
the same rules): flipping every colour makes some B player White in round 1; renumbering team A makes
A1..Ak the round-1 players, those against a White B player first, and puts the A players who sit
out round 1 but play round 2 before those who sit out both; renumbering team B makes Bi the
opponent of Ai in round 1.

A second model (``zero_break_pattern``) decides whether a schedule without any break exists, over
the sit-outs alone (p*p Booleans), so it reaches larger sizes; each schedule it yields is built and
verified.

    python benchmarks/unequal_minima.py [--time-limit 60] [--sizes 5x4,7x4,...] [--zero-sizes 13x6,...]
        [--zero-limit 20] [--no-rules] [--rule-3] [--name unequal_minima]

Writes benchmarks/results/unequal_minima/<name>.{md,csv} and <name>_zero.csv; exits 1 if a schedule fails the
verifier or the two models disagree.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from _common import load_average, machine_lines, markdown_table, results_dir, write_results
from ortools.sat.python import cp_model

from scheveningen.models.bounds.proven import unequal_break_bound
from scheveningen.models.constructions.sitouts import Outcome, zero_break_modes
from scheveningen.models.constructions.unequal.runs_of_one import schedule_from_modes
from scheveningen.models.domain.schedule import Schedule
from scheveningen.solver.verify.verifier import verify

RESULTS = results_dir(__file__)
HEADER = ["p", "k", "rules", "status", "best", "A", "B", "proven bound", "no break", "claimed bound", "seconds"]
ZERO_HEADER = ["p", "k", "p, k mod 4", "no break, rules 1-3", "seconds", "no break, no rule", "seconds", "bound"]
ZERO_WORDS = {"OPTIMAL": "yes", "INFEASIBLE": "no", "UNKNOWN": "unknown"}
RULE_WORDS: dict[bool | tuple[bool, bool, bool], str] = {True: "1-3", False: "none", (False, False, True): "3"}
DEFAULT_SIZES = "5x4,6x4,7x4,9x4,11x4,12x4,6x2,10x2,9x3,6x5,7x5,8x5,7x6,8x6,9x6,10x6,11x6,8x7,10x7,9x8,11x8"
ZERO_SIZES = "13x4,15x4,20x4,15x5,13x6,14x6,15x6,17x6,18x6,21x7,13x8,15x8,17x8,19x8,13x10,14x10,15x10,15x12"


@dataclass(frozen=True)
class Minimum:
    """One solve: CP-SAT's status, the best schedule's breaks (and by team) and the proven bound."""

    status: str
    best: int | None
    breaks_a: int | None
    breaks_b: int | None
    bound: int
    schedule: Schedule | None
    seconds: float


def minimum_breaks(
    p: int,
    k: int,
    rules: bool | tuple[bool, bool, bool],
    time_limit: float = 60.0,
    workers: int = 1,
    symmetry: bool = True,
    extra: str = "",
) -> Minimum:
    """The fewest breaks of p against k on k boards (team B plays every round), CP-SAT with one worker.

    ``rules``: rules 1-3 all on (True) or off (False), or each of rules 1, 2, 3 on or off.
    ``extra`` adds constraints for experiments: ``"b_alternate"`` makes every B player alternate.
    """
    rule1, rule2, rule3 = (rules, rules, rules) if isinstance(rules, bool) else rules
    if not 1 <= k <= p:
        raise ValueError(f"need 1 <= k <= p, got p={p}, k={k}")
    rounds = p
    model = cp_model.CpModel()
    A, B, R = range(p), range(k), range(rounds)
    meet = {(a, b, r): model.new_bool_var(f"m{a}_{b}_{r}") for a in A for b in B for r in R}
    plays = {(a, r): model.new_bool_var(f"p{a}_{r}") for a in A for r in R}
    col_a = {(a, r): model.new_bool_var(f"ca{a}_{r}") for a in A for r in R}
    col_b = {(b, r): model.new_bool_var(f"cb{b}_{r}") for b in B for r in R}
    for a in A:
        for b in B:
            model.add_exactly_one(meet[a, b, r] for r in R)
    for b in B:
        for r in R:
            model.add_exactly_one(meet[a, b, r] for a in A)
    for a in A:
        for r in R:
            model.add(sum(meet[a, b, r] for b in B) == plays[a, r])
        for t in range(1, rounds + 1):  # in turn: after t rounds floor or ceil of t*k/p games
            model.add_linear_constraint(sum(plays[a, r] for r in range(t)), t * k // p, -(-t * k // p))
    for r in R:
        model.add(sum(plays[a, r] for a in A) == k)
    # Opponents have opposite colours.
    for (a, b, r), m in meet.items():
        model.add_bool_or([~m, col_a[a, r], col_b[b, r]])
        model.add_bool_or([~m, ~col_a[a, r], ~col_b[b, r]])
    breaks: list[cp_model.IntVar] = []
    breaks_a: list[cp_model.IntVar] = []
    for a in A:
        started = plays[a, 0]
        last_break: cp_model.IntVar | None = None
        for r in range(1, rounds):
            # Sitting out carries the colour of the last game over.
            model.add(col_a[a, r] == col_a[a, r - 1]).only_enforce_if(~plays[a, r])
            brk = model.new_bool_var(f"ba{a}_{r}")
            if started is not None:
                # plays, has played before, same colour as carried -> break (brk is at least the truth).
                model.add_bool_or([~plays[a, r], ~started, col_a[a, r], col_a[a, r - 1], brk])
                model.add_bool_or([~plays[a, r], ~started, ~col_a[a, r], ~col_a[a, r - 1], brk])
            breaks_a.append(brk)
            if rule2:
                # Rule 2: no break in two consecutive games; carried "the last game was a break".
                carried = model.new_bool_var(f"lb{a}_{r}")
                model.add(carried == brk).only_enforce_if(plays[a, r])
                if last_break is None:
                    model.add(carried == 0).only_enforce_if(~plays[a, r])
                else:
                    model.add(carried == last_break).only_enforce_if(~plays[a, r])
                    model.add_bool_or([~plays[a, r], ~brk, ~last_break])
                last_break = carried
            now = model.new_bool_var(f"st{a}_{r}")
            model.add_bool_or([~now, started, plays[a, r]])
            model.add_implication(started, now)
            model.add_implication(plays[a, r], now)
            started = now
    breaks_b: list[cp_model.IntVar] = []
    for b in B:
        for r in range(1, rounds):
            brk = model.new_bool_var(f"bb{b}_{r}")
            model.add_bool_or([col_b[b, r], col_b[b, r - 1], brk])
            model.add_bool_or([~col_b[b, r], ~col_b[b, r - 1], brk])
            breaks_b.append(brk)
            if extra == "b_alternate":
                model.add(brk == 0)
            if rule2 and r >= 2:
                model.add_bool_or([col_b[b, r], col_b[b, r - 1], col_b[b, r - 2]])
                model.add_bool_or([~col_b[b, r], ~col_b[b, r - 1], ~col_b[b, r - 2]])
    breaks = breaks_a + breaks_b
    if rule1:
        whites_a = {}
        for a in A:
            for r in R:
                w = model.new_bool_var(f"wa{a}_{r}")
                model.add_implication(w, plays[a, r])
                model.add_implication(w, col_a[a, r])
                model.add_bool_or([~plays[a, r], ~col_a[a, r], w])
                whites_a[a, r] = w
            model.add_linear_constraint(sum(whites_a[a, r] for r in R), k // 2, (k + 1) // 2)  # rule 1, A
        for b in B:
            model.add_linear_constraint(sum(col_b[b, r] for r in R), p // 2, (p + 1) // 2)  # rule 1, B
    if rule3:
        for r in R:  # rule 3: team B (so team A) White on floor or ceil of k/2 boards a round
            model.add_linear_constraint(sum(col_b[b, r] for b in B), k // 2, (k + 1) // 2)
        total = p * k  # and over the match the teams' Whites differ by at most one
        model.add_linear_constraint(sum(col_b.values()), total // 2, (total + 1) // 2)
    if symmetry:
        model.add_bool_or([col_b[b, 0] for b in B])
        for a in A:
            model.add(plays[a, 0] == (1 if a < k else 0))
        for a in range(k):
            model.add(meet[a, a, 0] == 1)
        for a in range(k - 1):
            model.add_implication(col_b[a + 1, 0], col_b[a, 0])
        if rounds > 1:
            for a in range(k, p - 1):
                model.add_implication(plays[a + 1, 1], plays[a, 1])
    model.minimize(sum(breaks))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.max_time_in_seconds = time_limit
    started_at = time.monotonic()
    status = solver.solve(model)
    seconds = time.monotonic() - started_at
    name = solver.status_name(status)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        bound = round(solver.best_objective_bound) if status != cp_model.INFEASIBLE else -1
        return Minimum(name, None, None, None, bound, None, seconds)
    pairings = []
    for r in R:
        row = []
        for b in B:
            a = next(a for a in A if solver.boolean_value(meet[a, b, r]))
            row.append((a + 1, b + 1, not solver.boolean_value(col_b[b, r])))
        pairings.append(row)
    schedule = Schedule.from_pairings(pairings, team_a=p, team_b=k)
    best = round(solver.objective_value)
    bound = round(solver.best_objective_bound)
    return Minimum(
        name,
        best,
        sum(solver.value(x) for x in breaks_a),
        sum(solver.value(x) for x in breaks_b),
        bound,
        schedule,
        seconds,
    )


def zero_break_pattern(p: int, k: int, rules: bool, time_limit: float = 60.0) -> tuple[str, Schedule | None]:
    """Whether p against k on k boards has a schedule with no break: the sit-out model of
    ``models/constructions/sitouts.py`` (its docstring has the argument), for x = floor(k/2) X players with rules 1-3
    (reversing every colour covers ceil(k/2)), and for every x from 0 to floor(k/2) without rules
    (floor(k/2) first), each tried for ``time_limit`` seconds.  Returns "OPTIMAL" (a feasible pattern)
    with the schedule without a break built from it (for the verifier), "INFEASIBLE" (no schedule
    without a break), or "UNKNOWN"."""
    statuses = []
    for x in [k // 2] if rules else [k // 2, *range(k // 2)]:  # the likeliest first
        found = zero_break_modes(p, k, work=1e9, deadline=time.monotonic() + time_limit, x=x)
        if found.outcome is Outcome.FOUND:
            return "OPTIMAL", schedule_from_modes(p, k, found)
        statuses.append("INFEASIBLE" if found.outcome is Outcome.NONE else "UNKNOWN")
    return ("INFEASIBLE" if all(s == "INFEASIBLE" for s in statuses) else "UNKNOWN"), None


def check(result: Minimum, rules: bool | tuple[bool, bool, bool]) -> list[str]:
    """The verifier's complaints about the schedule found (none when it keeps what was asked),
    and whether its breaks are the ones the model counted."""
    if result.schedule is None:
        return []
    flags = (rules, rules, rules) if isinstance(rules, bool) else rules
    kept = {0} | {number for number, on in enumerate(flags, start=1) if on}
    verdict = verify(result.schedule, double=False)
    problems = [str(v) for v in verdict.violations() if int(v.rule) in kept]
    if verdict.metrics.total_breaks != result.best:
        problems.append(f"verifier counts {verdict.metrics.total_breaks} breaks, the model {result.best}")
    return problems


def parse_pairs(text: str) -> list[tuple[int, int]]:
    out = []
    for part in text.split(","):
        p, _, k = part.strip().partition("x")
        out.append((int(p), int(k)))
    return out


def bound_text(p: int, k: int) -> str:
    """The proven bound with rule 3 (what ``unequal_break_bound`` returns when told rule 3 holds)."""
    return str(unequal_break_bound(p, k, k, board_balance=True))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per exact solve (default 60)")
    parser.add_argument("--sizes", default=DEFAULT_SIZES, help=f"p x k pairs solved exactly (default {DEFAULT_SIZES})")
    parser.add_argument(
        "--zero-sizes", default=ZERO_SIZES, help=f"p x k pairs asked only for a schedule with no break ({ZERO_SIZES})"
    )
    parser.add_argument("--zero-limit", type=float, default=20.0, help="seconds per no-break model (default 20)")
    parser.add_argument("--no-rules", action="store_true", help="also solve exactly with rules 1-3 off")
    parser.add_argument("--rule-3", action="store_true", help="also solve exactly with rule 3 alone")
    parser.add_argument("--out-dir", type=Path, default=RESULTS)
    parser.add_argument("--name", default="unequal_minima")
    args = parser.parse_args(argv)
    header = machine_lines([sys.argv[0], *(argv if argv is not None else sys.argv[1:])])
    header.append(
        f"- Exact: this script's CP-SAT model, 1 worker, {args.time_limit:g} s a solve; no break: the sit-out "
        f"model of `zero_break_pattern`, 1 worker, {args.zero_limit:g} s for each class size tried"
    )
    print("\n".join(header), flush=True)
    rows: list[list[str]] = []
    bad = 0
    for p, k in parse_pairs(args.sizes):
        rule_sets: list[bool | tuple[bool, bool, bool]] = [True]
        rule_sets += [False] if args.no_rules else []
        rule_sets += [(False, False, True)] if args.rule_3 else []
        for rules in rule_sets:
            result = minimum_breaks(p, k, rules, args.time_limit)
            problems = check(result, rules)
            # Rules 1 and 2 hold in every schedule without a break, so rule 3 decides.
            rule_3 = rules if isinstance(rules, bool) else rules[2]
            zero, schedule = zero_break_pattern(p, k, rule_3, args.zero_limit)
            problems += zero_problems(zero, schedule, rule_3, result)
            bad += bool(problems)
            for problem in problems:
                print(f"FAIL {p} against {k}: {problem}", file=sys.stderr)
            row = [
                str(p),
                str(k),
                RULE_WORDS[rules],
                result.status + (" FAIL" if problems else ""),
                "-" if result.best is None else str(result.best),
                "-" if result.breaks_a is None else str(result.breaks_a),
                "-" if result.breaks_b is None else str(result.breaks_b),
                "-" if result.bound < 0 else str(result.bound),
                ZERO_WORDS[zero],
                bound_text(p, k) if rule_3 else str(unequal_break_bound(p, k, k)),
                f"{result.seconds:.1f}",
            ]
            rows.append(row)
            print(" | ".join(row), flush=True)
    zero_rows: list[list[str]] = []
    for p, k in parse_pairs(args.zero_sizes) if args.zero_sizes else []:
        row = [str(p), str(k), f"{p % 4}, {k % 4}"]
        for rules in (True, False):
            started_at = time.monotonic()
            zero, schedule = zero_break_pattern(p, k, rules, args.zero_limit)
            problems = zero_problems(zero, schedule, rules, None)
            bad += bool(problems)
            for problem in problems:
                print(f"FAIL {p} against {k}: {problem}", file=sys.stderr)
            row += [ZERO_WORDS[zero] + (" FAIL" if problems else ""), f"{time.monotonic() - started_at:.1f}"]
        row.append(bound_text(p, k))
        zero_rows.append(row)
        print(" | ".join(row), flush=True)
    summary = [f"Load average at the end: {load_average()}.", f"- schedules failing the verifier: {bad}."]
    markdown = [
        "# Fewest breaks, p against k on k boards, team B playing every round (`unequal_minima.py`)",
        "",
        *header,
        "",
        *summary,
        "",
        "## Exact minima",
        "",
        "`status`: CP-SAT's (OPTIMAL: `best` is the minimum; FEASIBLE: the minimum lies between `proven bound` and "
        "`best`; INFEASIBLE: no schedule keeps the rules); `A`, `B`: each team's breaks in the schedule found; "
        "`no break`: whether a schedule without a break exists (the sit-out model; `yes` schedules are built and "
        "verified); `claimed bound`: `models/bounds/proven.py: unequal_break_bound` "
        "(told that rule 3 holds when it does).",
        "",
        *markdown_table(HEADER, rows),
        "",
    ]
    if zero_rows:
        markdown += [
            "## Schedules without a break, larger sizes",
            "",
            "`yes`: a schedule with no break, built from the sit-out model's answer and verified; `no`: CP-SAT "
            "proved that none exists (so at least 1 break); `unknown`: neither within the time.",
            "",
            *markdown_table(ZERO_HEADER, zero_rows),
            "",
        ]
    args.out_dir.mkdir(parents=True, exist_ok=True)
    write_results(args.out_dir, args.name, markdown, HEADER, rows)
    if zero_rows:
        with open(args.out_dir / f"{args.name}_zero.csv", "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(ZERO_HEADER)
            writer.writerows(zero_rows)
    print("\n".join(summary))
    return 1 if bad else 0


def zero_problems(zero: str, schedule: Schedule | None, rules: bool, exact: Minimum | None) -> list[str]:
    """The verifier's complaints about a schedule built without a break, and any disagreement with the exact model."""
    problems = []
    if schedule is not None:
        verdict = verify(schedule, double=False)
        problems += [str(v) for v in verdict.violations() if rules or int(v.rule) == 0]
        if verdict.metrics.total_breaks:
            problems.append(f"the schedule meant to have no break has {verdict.metrics.total_breaks}")
    known = exact is not None and exact.status == "OPTIMAL" and zero != "UNKNOWN"
    if known and exact is not None and (exact.best == 0) != (zero == "OPTIMAL"):
        problems.append(f"exact minimum {exact.best}, but the no-break model says {zero}")
    return problems


if __name__ == "__main__":
    sys.exit(main())
