"""Exact minimum breaks for one reserve: k + 1 against k on k boards, beside the proven bound.

Team A of k + 1 players against team B of k on k boards, single round: k + 1 rounds, team B plays
every round and each A player sits out exactly one.  Renumbering team A so that A player a sits out
round a loses no schedule, and this script's own CP-SAT model (it shares nothing with solver/ or
models/) fixes that, which is what lets it prove optima that the general model of
``unequal_minima.py`` leaves open (7 against 6: FEASIBLE after 45 s there).

The model works on *modes*: a player is in mode + in a round where its colour is the one the
White-in-odd-rounds alternation has there (docs/bounds_unequal.md).  ``nu[b, r]`` is B player b's mode,
``mu[a, r]`` A player a's in the rounds it plays, ``meet[a, b, r]`` their games; opponents have
opposite modes, and a colour is White exactly when the mode matches the round's parity.  Breaks,
rule 1, rule 2 and rule 3 (each round and over the match) are posted on those colours, over the games
a player actually plays.  Symmetry: B's mode rows in decreasing order (renumbering team B).  Every
schedule found is checked by the project's verifier, and its breaks against the bound that
``models/bounds/proven.py: unequal_break_bound`` claims for the rules kept.

    python benchmarks/one_reserve_minima.py [--boards 3,4,5,6,7] [--rules none,3,1+3,1-3]
        [--time-limit 120] [--workers 2]

Writes benchmarks/results/one_reserve_minima/one_reserve_minima.{md,csv}; exits 1 if a schedule fails the verifier or
an optimum is below the claimed bound.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

from _common import load_average, machine_lines, markdown_table, parse_sizes, results_dir, write_results
from ortools.sat.python import cp_model

from scheveningen.models.bounds.proven import unequal_break_bound
from scheveningen.models.domain.schedule import Schedule
from scheveningen.solver.verify.verifier import verify

RESULTS = results_dir(__file__)
HEADER = ["k", "rules", "status", "breaks", "proven bound", "claimed bound", "seconds", "check"]
#: Rule sets: (rule 1, rule 2, rule 3).
RULE_SETS = {
    "none": (False, False, False),
    "3": (False, False, True),
    "1+3": (True, False, True),
    "1-3": (True, True, True),
}


def minimum(
    k: int, rules: tuple[bool, bool, bool], time_limit: float, workers: int
) -> tuple[str, int | None, int, Schedule | None, float]:
    """CP-SAT's status, the breaks found, its proven bound, the schedule and the seconds."""
    rule_1, rule_2, rule_3 = rules
    rounds = range(k + 1)
    team_a, team_b = range(k + 1), range(k)
    model = cp_model.CpModel()
    mu = {(a, r): model.new_bool_var(f"mu[{a},{r}]") for a in team_a for r in rounds if r != a}
    nu = {(b, r): model.new_bool_var(f"nu[{b},{r}]") for b in team_b for r in rounds}
    meet = {
        (a, b, r): model.new_bool_var(f"meet[{a},{b},{r}]") for a in team_a for b in team_b for r in rounds if r != a
    }
    for a in team_a:
        for b in team_b:
            model.add_exactly_one(meet[a, b, r] for r in rounds if r != a)
    for r in rounds:
        for b in team_b:
            model.add_exactly_one(meet[a, b, r] for a in team_a if a != r)
        for a in team_a:
            if a != r:
                model.add_exactly_one(meet[a, b, r] for b in team_b)
    for (a, b, r), x in meet.items():  # opposite modes
        model.add_bool_or([~x, mu[a, r], nu[b, r]])
        model.add_bool_or([~x, ~mu[a, r], ~nu[b, r]])

    def white(mode: cp_model.IntVar, r: int) -> cp_model.IntVar | cp_model.NotBooleanVariable:
        return mode if r % 2 == 0 else ~mode  # round r + 1 odd: White in mode +

    sequences = [[white(nu[b, r], r) for r in rounds] for b in team_b]
    sequences += [[white(mu[a, r], r) for r in rounds if r != a] for a in team_a]
    breaks = []
    for games in sequences:
        for first, second in itertools.pairwise(games):
            same = model.new_bool_var("")
            model.add_bool_or([first, second, same])
            model.add_bool_or([~first, ~second, same])
            breaks.append(same)
        if rule_2:
            for one, two, three in zip(games, games[1:], games[2:], strict=False):
                model.add_bool_or([one, two, three])
                model.add_bool_or([~one, ~two, ~three])
        if rule_1:
            model.add_linear_constraint(sum(games), len(games) // 2, (len(games) + 1) // 2)
    if rule_3:
        for r in rounds:
            model.add_linear_constraint(sum(white(mu[a, r], r) for a in team_a if a != r), k // 2, (k + 1) // 2)
        total = k * (k + 1)
        model.add_linear_constraint(sum(white(mu[a, r], r) for a, r in mu), total // 2, (total + 1) // 2)
    for b in range(k - 1):  # B's mode rows in decreasing order, read as binary numbers
        weights = [2 ** (k - r) for r in rounds]
        model.add(
            sum(w * nu[b, r] for w, r in zip(weights, rounds, strict=True))
            >= sum(w * nu[b + 1, r] for w, r in zip(weights, rounds, strict=True))
        )
    model.minimize(sum(breaks))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = workers
    started = time.monotonic()
    status = solver.solve(model)
    seconds = time.monotonic() - started
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return solver.status_name(status), None, round(solver.best_objective_bound), None, seconds
    pairings = []
    for r in rounds:
        row = []
        for b in team_b:
            a = next(a for a in team_a if a != r and solver.boolean_value(meet[a, b, r]))
            row.append((a + 1, b + 1, solver.boolean_value(mu[a, r]) == (r % 2 == 0)))
        pairings.append(row)
    schedule = Schedule.from_pairings(pairings, team_a=k + 1, team_b=k)
    found = round(solver.objective_value)
    return solver.status_name(status), found, round(solver.best_objective_bound), schedule, seconds


def check(
    schedule: Schedule | None, breaks: int | None, rules: tuple[bool, bool, bool], claimed: int, optimal: bool
) -> str:
    """'ok', or what is wrong: the verifier's breaks or a rule that should hold, or an optimum below the bound."""
    if schedule is None:
        return "ok"
    verdict = verify(schedule)
    broken = {int(v.rule) for v in verdict.violations()}
    wanted = {rule for rule, on in zip((1, 2, 3), rules, strict=True) if on} | {0}
    if broken & wanted:
        return f"FAIL: rules {sorted(broken & wanted)} broken"
    if verdict.metrics.total_breaks != breaks:
        return f"FAIL: the verifier counts {verdict.metrics.total_breaks} breaks"
    if optimal and breaks is not None and breaks < claimed:
        return f"FAIL: optimum {breaks} below the claimed bound {claimed}"
    return "ok"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--boards", type=parse_sizes, default=[3, 4, 5, 6, 7], help="k values (default 3,4,5,6,7)")
    parser.add_argument("--rules", default=",".join(RULE_SETS), help=f"rule sets (default {','.join(RULE_SETS)})")
    parser.add_argument("--time-limit", type=float, default=120.0, help="seconds per solve (default 120)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out-dir", type=Path, default=RESULTS)
    parser.add_argument("--name", default="one_reserve_minima")
    args = parser.parse_args(argv)
    names = [name.strip() for name in args.rules.split(",") if name.strip()]
    unknown = [name for name in names if name not in RULE_SETS]
    if unknown:
        parser.error(f"unknown rule set(s) {', '.join(unknown)}; known: {', '.join(RULE_SETS)}")
    header = machine_lines([sys.argv[0], *(argv if argv is not None else sys.argv[1:])])
    header.append(
        f"- Each solve: this script's mode model, A player a sitting out round a, {args.workers} workers, "
        f"{args.time_limit:g} s"
    )
    print("\n".join(header), flush=True)
    rows: list[list[str]] = []
    for k in args.boards:
        for name in names:
            rules = RULE_SETS[name]
            claimed = unequal_break_bound(k + 1, k, k, board_balance=rules[2], colour_balance=rules[0])
            status, breaks, bound, schedule, seconds = minimum(k, rules, args.time_limit, args.workers)
            verdict = check(schedule, breaks, rules, claimed, status == "OPTIMAL")
            row = [
                str(k),
                name,
                status,
                "-" if breaks is None else str(breaks),
                str(bound),
                str(claimed),
                f"{seconds:.1f}",
                verdict,
            ]
            rows.append(row)
            print(" | ".join(row), flush=True)
    failed = [row for row in rows if row[-1] != "ok"]
    summary = [
        f"Load average at the end: {load_average()}.",
        f"- {sum(1 for row in rows if row[2] == 'OPTIMAL')} of {len(rows)} solves proven optimal; "
        f"optimum equal to the claimed bound at {sum(1 for row in rows if row[2] == 'OPTIMAL' and row[3] == row[5])}; "
        f"checks failed: {len(failed)}.",
    ]
    markdown = [
        "# One reserve: exact minima beside the proven bound (`one_reserve_minima.py`)",
        "",
        *header,
        "",
        *summary,
        "",
        "`rules`: the house rules kept (none; rule 3; rules 1 and 3; rules 1-3); `breaks`: the best found, the "
        "minimum where `status` is OPTIMAL; `proven bound`: CP-SAT's; `claimed bound`: `unequal_break_bound` for "
        "those rules; `check`: the verifier agrees and no optimum is below the claimed bound.",
        "",
        *markdown_table(HEADER, rows),
    ]
    args.out_dir.mkdir(parents=True, exist_ok=True)
    write_results(args.out_dir, args.name, markdown, HEADER, rows)
    print("\n".join(summary))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
