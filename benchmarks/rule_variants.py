"""The whole designer on small matches with the house rules changed: does every kind of input get an answer?

Seeded cases, side by side in one run with another install (``--baseline PYTHON``): teams of 2 to
``--largest`` players (unequal unless ``--equal``), k any number of boards up to the smaller team
dividing p*q, single or double round, and one of the rule variants an organiser can ask for
(:data:`VARIANTS`: the rules as written, runs of one colour, rule 1 off, rule 3 off, runs of one with
rule 3 off).  Each case is ``schev generate --spec FILE --time-limit T --format json`` in a fresh
process; the printed games are checked by the verifier against the case's rules, accepting only the
relaxations the designer declared.  The table gives the exit code (3: nothing found), the status,
breaks, bound, the rules relaxed (rule: excess) and the whole process's seconds.

    python benchmarks/rule_variants.py [--cases 80] [--seed 1] [--largest 14] [--time-limit 5]
        [--baseline PYTHON] [--name rule_variants]

Writes benchmarks/results/rule_variants/<name>.{md,csv}; exits 1 if a printed schedule fails the verifier.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from _common import (
    generate_json,
    load_average,
    machine_lines,
    markdown_table,
    results_dir,
    schedule_of_json,
    write_results,
)

from scheveningen.models.domain.match import Match, RuleSettings
from scheveningen.models.domain.rules import rule_numbered
from scheveningen.solver.verify.verifier import verify

RESULTS = results_dir(__file__)

#: name -> the [rules] table's lines and the settings the verifier checks.
VARIANTS: dict[str, tuple[str, RuleSettings]] = {
    "as written": ("", RuleSettings()),
    "runs of one": ("max_run = 1", RuleSettings(max_run=1)),
    "rule 1 off": ("colour_balance = false", RuleSettings(colour_balance=False)),
    "rule 3 off": ("board_balance = false", RuleSettings(board_balance=False)),
    "runs of one, rule 3 off": ("max_run = 1\nboard_balance = false", RuleSettings(max_run=1, board_balance=False)),
}

Case = tuple[int, int, int, bool, str]  # p, q, k, double, variant
RUN = ["exit", "status", "valid", "breaks", "bound", "relaxed", "seconds"]
HEADER = ["p", "q", "k", "round", "rules", *RUN]


def cases(seed: int, count: int, largest: int, equal: bool) -> list[Case]:
    rng = random.Random(seed)
    sizes = [
        (p, q, k)
        for p in range(2, largest + 1)
        for q in range(2, largest + 1)
        if (p == q) == equal
        for k in range(2, min(p, q) + 1)
        if (p * q) % k == 0
    ]
    return [(*rng.choice(sizes), rng.random() < 0.5, rng.choice(list(VARIANTS))) for _ in range(count)]


def run_case(case: Case, time_limit: float, python: str = sys.executable) -> list[str]:
    """One whole ``schev generate`` process for the case, run by ``python``: the :data:`RUN` columns."""
    p, q, k, double, variant = case
    lines, settings = VARIANTS[variant]
    spec = f"boards = {k}\ndouble = {str(double).lower()}\n[teams.A]\nsize = {p}\n[teams.B]\nsize = {q}\n"
    code, doc, seconds = generate_json(f"{spec}[rules]\n{lines}\n", time_limit, python)
    relaxed = {rule_numbered(int(entry["rule"])): int(entry["excess"]) for entry in doc.get("relaxed") or []}
    valid = "-"
    if doc.get("games"):
        match = Match(boards=k, double=double, size_a=p, size_b=q, rules=settings)
        verdict = verify(schedule_of_json(doc, p, q), match=match, declared_relaxed=relaxed)
        valid = "yes" if verdict.ok else "NO"
    said = ", ".join(f"{int(rule)}: {excess}" for rule, excess in sorted(relaxed.items())) or "-"
    return [
        str(code), str(doc.get("status", "-")), valid, str(doc.get("breaks", "-")),
        str(doc.get("lower_bound", "-")), said, f"{seconds:.2f}",
    ]  # fmt: skip


def summary(rows: list[list[str]], offset: int) -> str:
    """One line on the runs whose columns start at ``offset``."""
    runs = [row[offset : offset + len(RUN)] for row in rows]
    exits: dict[str, int] = {}
    for run in runs:
        exits[run[0]] = exits.get(run[0], 0) + 1
    answered = sum(1 for run in runs if run[2] == "yes")
    slowest = max((float(run[6]) for run in runs), default=0.0)
    return (
        f"{answered} of {len(runs)} answered with a verified schedule; exits "
        + ", ".join(f"{code}: {n}" for code, n in sorted(exits.items()))
        + f"; invalid: {sum(1 for run in runs if run[2] == 'NO')}; slowest {slowest:.2f} s"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=80, help="how many seeded cases (default 80)")
    parser.add_argument("--seed", type=int, default=1, help="seed for the cases (default 1)")
    parser.add_argument("--largest", type=int, default=14, help="the largest team (default 14)")
    parser.add_argument("--equal", action="store_true", help="equal teams instead of unequal ones")
    parser.add_argument("--time-limit", type=float, default=5.0, help="the designer's --time-limit (default 5)")
    parser.add_argument("--baseline", help="another install's python, run beside on every case")
    parser.add_argument("--out-dir", type=Path, default=RESULTS)
    parser.add_argument("--name", default="rule_variants")
    args = parser.parse_args(argv)
    header = [f"# Every kind of input (`rule_variants.py`): {args.cases} seeded cases", ""]
    header += machine_lines(sys.argv)
    header.append(
        f"- Each case: `schev generate --spec FILE --time-limit {args.time_limit:g} --format json`, whole process"
    )
    if args.baseline:
        header.append(f"- Baseline beside it: the same run by `{args.baseline}` (another install)")
    columns = HEADER + ([f"before {name}" for name in RUN] if args.baseline else [])
    print("\n".join(header), flush=True)
    rows = []
    for case in cases(args.seed, args.cases, args.largest, args.equal):
        p, q, k, double, variant = case
        row = [str(p), str(q), str(k), "double" if double else "single", variant, *run_case(case, args.time_limit)]
        if args.baseline:
            row += run_case(case, args.time_limit, args.baseline)
        rows.append(row)
        print(" | ".join(row), flush=True)
    lines = [*header, "", f"Load average at the end: {load_average()} (timings on a shared machine are noisy).", ""]
    lines.append(f"- now: {summary(rows, len(HEADER) - len(RUN))}.")
    if args.baseline:
        lines.append(f"- before: {summary(rows, len(HEADER))}.")
    lines += [
        "",
        "`exit`: the process's exit code (3: nothing found); `valid`: the printed games pass the verifier with "
        "the case's rules, the declared relaxations allowed; `relaxed`: rule: excess as the JSON declares it.",
        "",
        *markdown_table(columns, rows),
    ]
    write_results(args.out_dir, args.name, lines, columns, rows)
    return 1 if any("NO" in (row[7], row[7 + len(RUN)] if args.baseline else "") for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
