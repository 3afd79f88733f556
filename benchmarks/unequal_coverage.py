"""Unequal teams where one team plays every round: which sizes the direct construction covers, and how.

For seeded sizes p against k on k boards (team B of k players plays every round; team A of p players
sits out in turn), side by side in one run:

* the family of the size and so which construction is tried first (paired classes, class model,
  pairs and one odd group, an added A player and round), or none when nothing was built;
* its breaks (team A, team B) and the proven lower bound (models/bounds/proven.py), all counted by the
  independent verifier;
* the wall time of the construction, with the designer's own budget for it (``UNEQUAL_CONSTRUCTION_SHARE``
  of ``--time-limit``, solver/design/stages/unequal.py) as its deadline.

The default sample is every k + 1 against k (k even, 4..98) and, for each even k, two odd p drawn from
k + 3 .. min(100, k + k/2) with a fixed seed: the sizes where the construction was missing before
(odd p against even k). ``--all`` takes every (p, k) with p odd, k even, p - k <= k/2 instead.
``--wide N`` adds N seeded sizes from each other family up to 100 a side: one team playing every
round with each parity of p and k and any p - k, and both teams sitting out (k < min(p, q)), drawn
both from every size and from club sizes (teams of at most 16).

``--sit-out N`` takes instead the sizes where both teams sit out: every club size (p <= q <= 16, k from 2
below both, k dividing p*q: 228 of them) and N sizes drawn with the seed from teams of 5 to 100 players
(k any divisor of p*q below both), as `unequal_sit_out` in the committed runs (``--sit-out 60 --seed 7
--name unequal_sit_out``).

``--cli N`` runs the whole designer instead, as a user would: ``schev generate --spec FILE --time-limit T
--format json`` in a fresh process for N seeded sizes (teams of 2 to 100 players, unequal, any k from 2 to
the smaller team dividing p*q) and the edges: 2 boards with teams one apart, k = the largest divisor of
p*q below the smaller team, and the misses of earlier runs.  It records the exit code, the whole
process's wall time, the status, breaks and bound, and checks the printed games with the verifier.

``--orders N`` runs the whole designer, as ``--cli``, on N seeded sizes where both teams sit out and no
break is needed, each in both team orders (a third of them teams one apart with the smaller odd): which
team the layout takes first decides how long team B's deal takes (``models/constructions/positions/``).  With
``--layout`` it runs the layout alone on them.

``--family N`` runs the whole designer, as ``--cli``, on N seeded sizes of issue 10's unequal kind (as
``custom_scale.py --kinds unequal`` draws them, without the requests): n from 14 to 100 boards, one
team of n players, the other of n + 2 to min(100, n + n/2), either team the larger.  ``--baseline
PYTHON`` runs each size a second time with another install's interpreter (an earlier commit installed
in its own venv) and puts its exit, breaks and seconds beside.  ``--sizes P:Q:K,...`` runs the same on
the sizes given (the weakest of an earlier run, say).  ``--layout --sizes P:Q:K,...`` runs the
alternating layout alone (``models/constructions/positions/``) on them, the time limit its deadline, each in a
fresh process, and verifies what it builds; with ``--baseline`` beside another install's layout.

``--double`` (with ``--cli``, ``--family``, ``--sizes`` or ``--orders``) makes every match a double round,
as `unequal_double` in the committed runs.

    python benchmarks/unequal_coverage.py [--time-limit 10] [--seed 1] [--all] [--wide 12] [--sit-out N]
        [--cli N] [--family N] [--orders N] [--sizes P:Q:K,...] [--layout] [--baseline PYTHON] [--name unequal_coverage]

Writes benchmarks/results/unequal_coverage/<name>.{md,csv}; exits 1 if a construction fails the verifier.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import subprocess
import sys
import time
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

from scheveningen.models.bounds.proven import unequal_break_bound
from scheveningen.models.constructions.positions.layout import zero_possible
from scheveningen.models.constructions.unequal.dispatch import construct_unequal
from scheveningen.models.constructions.unequal.full_side import CLASS_MODEL_CELLS
from scheveningen.models.constructions.unequal.paired import paired_classes
from scheveningen.models.constructions.unequal.runs_of_one import ZERO_BREAK_PLAYERS
from scheveningen.models.domain.schedule import Schedule
from scheveningen.solver.design.stages.unequal import UNEQUAL_CONSTRUCTION_SHARE
from scheveningen.solver.verify.verifier import verify

RESULTS = results_dir(__file__)
HEADER = ["p", "q", "k", "p - k", "family", "valid", "breaks", "A", "B", "bound", "seconds"]


def sizes(seed: int, every: bool, wide: int) -> list[tuple[int, int, int]]:
    """(p, q, k): team A of p, team B of q on k boards."""
    rng = random.Random(seed)
    out: list[tuple[int, int, int]] = []
    for k in range(4, 100, 2):
        odd = [p for p in range(k + 3, min(100, k + k // 2) + 1) if p % 2 == 1]
        chosen = odd if every else sorted(rng.sample(odd, min(2, len(odd))))
        out += [(k + 1, k, k)] + [(p, k, k) for p in chosen]
    if wide:
        families: dict[str, list[tuple[int, int, int]]] = {}
        for p in range(3, 101):
            for k in range(2, p):
                families.setdefault(f"full {p % 2}{k % 2}", []).append((p, k, k))
        for p in range(3, 101):
            for q in range(3, 101):
                for k in range(2, min(p, q)):
                    if (p * q) % k == 0:
                        families.setdefault("both" if max(p, q) > 16 else "both, club", []).append((p, q, k))
        for name in sorted(families):
            out += sorted(rng.sample([s for s in families[name] if s not in out], wide))
    return out


def sit_out_sizes(seed: int, count: int) -> list[tuple[int, int, int]]:
    """Every club size with both teams sitting out, then ``count`` seeded larger ones."""
    out = [(p, q, k) for p in range(3, 17) for q in range(p, 17) for k in range(2, p) if (p * q) % k == 0]
    rng = random.Random(seed)
    drawn: list[tuple[int, int, int]] = []
    while len(drawn) < count:
        p, q = rng.randint(5, 100), rng.randint(5, 100)
        ks = [k for k in range(2, min(p, q)) if (p * q) % k == 0]
        if ks:
            drawn.append((p, q, rng.choice(ks)))
    return out + drawn


#: Sizes missed by earlier runs of the designer (issue 10's list), always in the ``--cli`` sample.
EARLIER_MISSES = [
    (13, 14, 2), (5, 6, 2), (6, 10, 2), (10, 14, 2), (11, 14, 2), (90, 49, 2), (38, 41, 2), (23, 58, 2),
    (77, 20, 4), (52, 17, 13), (96, 13, 8), (41, 96, 16), (27, 24, 6), (84, 88, 77),
]  # fmt: skip
CLI_HEADER = ["p", "q", "k", "exit", "status", "valid", "breaks", "bound", "seconds"]


def cli_sizes(seed: int, count: int) -> list[tuple[int, int, int]]:
    """The earlier misses, ``count`` seeded unequal sizes, and the edges (module docstring)."""
    rng = random.Random(seed)
    out = list(EARLIER_MISSES)
    while len(out) < len(EARLIER_MISSES) + count:
        p, q = rng.randint(2, 100), rng.randint(2, 100)
        ks = [k for k in range(2, min(p, q) + 1) if (p * q) % k == 0]
        if p != q and ks and (size := (p, q, rng.choice(ks))) not in out:
            out.append(size)
    for p in sorted(rng.sample(range(3, 100), 20)):
        q = p + 1 if rng.random() < 0.5 else p - 1
        for k in (2, max(k for k in range(2, min(p, q)) if (p * q) % k == 0)):
            if (p, q, k) not in out:
                out.append((p, q, k))
    return out


def family_sizes(seed: int, count: int) -> list[tuple[int, int, int]]:
    """``count`` distinct seeded sizes of issue 10's unequal kind (module docstring)."""
    rng = random.Random(seed)
    out: list[tuple[int, int, int]] = []
    while len(out) < count:
        n = rng.randint(14, 100)
        if n + 2 > min(100, n + n // 2):
            continue
        other = rng.randint(n + 2, min(100, n + n // 2))
        size = (other, n, n) if rng.random() < 0.5 else (n, other, n)
        if size not in out:
            out.append(size)
    return out


def order_sizes(seed: int, count: int) -> list[tuple[int, int, int]]:
    """``count`` seeded sizes where both teams sit out in passes that are not whole rounds and the
    layout needs no break (``zero_possible``), teams of 40 to 100 and k from half the smaller team up,
    each in both team orders: a third teams one apart with the smaller odd, the rest any other sizes."""
    rng = random.Random(seed)
    out: list[tuple[int, int, int]] = []
    while len(out) < 2 * count:
        if len(out) < 2 * (count // 3):
            p = rng.randrange(41, 100, 2)
            q = p + 1
        else:
            p, q = rng.randint(40, 100), rng.randint(40, 100)
            if abs(p - q) <= 1:
                continue
        ks = [k for k in range(max(3, min(p, q) // 2), min(p, q)) if (p * q) % k == 0 and p % k and q % k]
        if not ks or not zero_possible(p, q):
            continue
        k = rng.choice(ks)
        if (p, q, k) not in out and (q, p, k) not in out:
            out += [(p, q, k), (q, p, k)]
    return out


def run_cli(p: int, q: int, k: int, time_limit: float, python: str = sys.executable, double: bool = False) -> list[str]:
    """One whole ``schev generate`` process for the size (a double round with ``double``), run by
    ``python`` (another install's interpreter for a baseline): the row of :data:`CLI_HEADER`."""
    doubled = "double = true\n" if double else ""
    code, doc, seconds = generate_json(
        f"boards = {k}\n{doubled}[teams.A]\nsize = {p}\n[teams.B]\nsize = {q}\n", time_limit, python
    )
    valid = "-"
    if doc.get("games"):
        # the rules the designer reported relaxed (rule 3 for 6 against 2 on 2 boards) may be broken
        relaxed = {int(entry["rule"]) for entry in doc.get("relaxed") or []}
        verdict = verify(schedule_of_json(doc, p, q), double=double)
        broken = {int(v.rule) for v in verdict.violations()}
        valid = (
            ("yes" if not broken else f"yes, rule {', '.join(map(str, sorted(broken)))} relaxed")
            if broken <= relaxed
            else "NO"
        )
    return [
        str(p), str(q), str(k), str(code), str(doc.get("status", "-")), valid,
        str(doc.get("breaks", "-")), str(doc.get("lower_bound", "-")), f"{seconds:.2f}",
    ]  # fmt: skip


#: Run by :func:`run_layout` in a fresh process (of this install or a baseline's): the layout alone.
LAYOUT_SCRIPT = """
import json, sys, time
from scheveningen.models.constructions.positions.search import alternating_schedule
p, q, k, limit = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
started = time.monotonic()
schedule = alternating_schedule(p, q, k, started + limit)
seconds = time.monotonic() - started
games = None if schedule is None else [
    [(g.a_player.number, g.b_player.number, g.a_white) for g in games] for games in schedule.rounds
]
print(json.dumps({"seconds": seconds, "games": games}))
"""
LAYOUT_HEADER = ["p", "q", "k", "valid", "breaks", "seconds"]


def run_layout(p: int, q: int, k: int, time_limit: float, python: str = sys.executable) -> list[str]:
    """The alternating layout alone (``models/constructions/positions/: alternating_schedule``) with a deadline of
    ``time_limit`` seconds, in a fresh process run by ``python``; its schedule verified here: the row of
    :data:`LAYOUT_HEADER` (``valid`` "-" when the layout found nothing)."""
    command = [python, "-c", LAYOUT_SCRIPT, str(p), str(q), str(k), f"{time_limit:g}"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    try:
        doc = json.loads(done.stdout)
    except json.JSONDecodeError:
        return [str(p), str(q), str(k), f"error {done.returncode}", "-", "-"]
    if doc["games"] is None:
        return [str(p), str(q), str(k), "-", "-", f"{doc['seconds']:.2f}"]
    verdict = verify(Schedule.from_pairings([[tuple(g) for g in rnd] for rnd in doc["games"]], team_a=p, team_b=q))
    valid = "yes" if verdict.ok else "NO"
    return [str(p), str(q), str(k), valid, str(verdict.metrics.total_breaks), f"{doc['seconds']:.2f}"]


def _begin(args: argparse.Namespace, header: list[str], each: str, columns: list[str]) -> list[str]:
    """Say what each size runs (and the baseline beside it), print the header; the table's columns,
    the last three (the baseline's) only with ``--baseline``."""
    header.append(f"- Each size: {each}")
    if args.baseline:
        header.append(f"- Baseline beside it: the same run by `{args.baseline}` (another install)")
    print("\n".join(header), flush=True)
    return columns if args.baseline else columns[:-3]


def layout_main(args: argparse.Namespace, header: list[str]) -> int:
    """``--layout --sizes ...``: the alternating layout alone on each size, beside a baseline."""
    each = f"`alternating_schedule(p, q, k)` alone, deadline {args.time_limit:g} s, fresh process"
    columns = _begin(args, header, each, [*LAYOUT_HEADER, "before valid", "before breaks", "before seconds"])
    rows = []
    for p, q, k in args.sizes:
        row = run_layout(p, q, k, args.time_limit)
        if args.baseline:
            row += run_layout(p, q, k, args.time_limit, args.baseline)[3:]
        rows.append(row)
        print(" | ".join(row), flush=True)
    summary = [
        f"Load average at the end: {load_average()} (timings on a shared machine are noisy).",
        f"- answered: {sum(1 for r in rows if r[3] == 'yes')} of {len(rows)}; invalid: "
        f"{sum(1 for r in rows if r[3] == 'NO')}; without any break: {sum(1 for r in rows if r[4] == '0')}.",
    ]
    if args.baseline:
        summary.append(
            f"- baseline: answered {sum(1 for r in rows if r[6] == 'yes')}, invalid "
            f"{sum(1 for r in rows if r[6] == 'NO')}, without any break {sum(1 for r in rows if r[7] == '0')}."
        )
    report(
        args,
        "# The alternating layout alone (`unequal_coverage.py --layout`)",
        header,
        summary,
        "`valid`: the layout's schedule passes the verifier (- where it found none in time); `seconds`: the "
        "layout's own time in its process.",
        columns,
        rows,
    )
    return 1 if any("NO" in (r[3], r[6] if len(r) > 6 else "") for r in rows) else 0


def cli_main(args: argparse.Namespace, header: list[str]) -> int:
    """``--cli N`` or ``--family N``: the whole designer on each size, one process at a time."""
    each = f"`schev generate --spec FILE --time-limit {args.time_limit:g} --format json`, whole process"
    if args.double:
        each += "; double rounds (`double = true` in the spec)"
    before_columns = ["before exit", "before status", "before breaks", "before bound", "before seconds"]
    columns = _begin(args, header, each, [*CLI_HEADER, *before_columns])
    rows = []
    if args.sizes is not None:
        chosen = args.sizes
    elif args.orders is not None:
        chosen = order_sizes(args.seed, args.orders)
    elif args.family is not None:
        chosen = family_sizes(args.seed, args.family)
    else:
        chosen = cli_sizes(args.seed, args.cli or 0)
    for p, q, k in chosen:
        row = run_cli(p, q, k, args.time_limit, double=args.double)
        if args.baseline:
            before = run_cli(p, q, k, args.time_limit, args.baseline, args.double)
            row += [before[3], before[4], before[6], before[7], before[8]]
        rows.append(row)
        print(" | ".join(row), flush=True)
    answered = [r for r in rows if r[3] == "0" and r[5].startswith("yes")]
    late = [r for r in rows if float(r[8]) > args.time_limit + 2]
    summary = [
        f"Load average at the end: {load_average()} (timings on a shared machine are noisy).",
        f"- {len(answered)} of {len(rows)} sizes answered (exit 0) with a verified schedule; "
        f"exit 3: {sum(1 for r in rows if r[3] == '3')} ("
        + (", ".join(f"{r[0]} against {r[1]} on {r[2]}" for r in rows if r[3] == "3") or "none")
        + f"); invalid: {sum(1 for r in rows if r[5] == 'NO')}; "
        "other exits: "
        + (", ".join(f"{r[0]} against {r[1]} on {r[2]}: {r[3]}" for r in rows if r[3] not in "03") or "none")
        + ".",
        f"- whole process over {args.time_limit + 2:g} s: {len(late)}"
        + (" (" + ", ".join(f"{r[0]} against {r[1]} on {r[2]}: {r[8]} s" for r in late) + ")" if late else "")
        + f"; the slowest {max((float(r[8]) for r in rows), default=0):.2f} s; median "
        f"{sorted(float(r[8]) for r in rows)[len(rows) // 2]:.2f} s.",
        f"- optimal: {sum(1 for r in rows if r[4] == 'optimal')}; without any break: "
        f"{sum(1 for r in rows if r[6] == '0')}.",
    ]
    if args.baseline:
        both = [r for r in rows if r[3] == r[9] == "0"]
        fewer = sum(1 for r in both if int(r[6]) < int(r[11]))
        more = sum(1 for r in both if int(r[6]) > int(r[11]))
        summary.append(
            f"- baseline: {sum(1 for r in rows if r[9] == '0')} answered, {sum(1 for r in rows if r[10] == 'optimal')} "
            f"optimal; where both answered ({len(both)}), fewer breaks now at {fewer}, more at {more}; "
            f"breaks summed {sum(int(r[6]) for r in both)} against {sum(int(r[11]) for r in both)} before; bounds "
            f"summed {sum(int(r[7]) for r in both)} against {sum(int(r[12]) for r in both)} before; the slowest "
            f"{max((float(r[13]) for r in rows), default=0):.2f} s before."
        )
    report(
        args,
        "# Unequal teams, the whole designer at every kind of size (`unequal_coverage.py --cli`)",
        header,
        summary,
        "`exit`: the process's exit code (3: nothing found); `valid`: the printed games pass the verifier "
        "(but for the rules the designer reported relaxed); "
        "`bound`: the lower bound the designer reported; `seconds`: the whole process.",
        columns,
        rows,
    )
    return 1 if any(r[5] == "NO" for r in rows) else 0


def report(
    args: argparse.Namespace,
    title: str,
    header: list[str],
    summary: list[str],
    legend: str,
    columns: list[str],
    rows: list[list[str]],
) -> None:
    """Write the run's Markdown (title, provenance, summary, the columns' legend, the table) and CSV
    under ``--out-dir`` as ``--name``, and print the summary."""
    markdown = [title, "", *header, "", *summary, "", legend, "", *markdown_table(columns, rows), ""]
    args.out_dir.mkdir(parents=True, exist_ok=True)
    write_results(args.out_dir, args.name, markdown, columns, rows)
    print("\n".join(summary))


def family(p: int, q: int, k: int) -> str:
    """Which family of docs/bounds_unequal.md the size falls in (the order one_team_full and then
    full_side_schedule try; the alternating layout of models/constructions/positions/ is tried before all of them
    and taken when it has no break)."""
    if k < min(p, q):
        return "both teams sit out: alternating layout, then re-cut and other layouts"
    if p < q:
        return family(q, p, k) + " (teams swapped)"
    if paired_classes(p, k) is not None:
        return "paired classes"
    if p <= ZERO_BREAK_PLAYERS and unequal_break_bound(p, k, k) == 0:
        return "no break from the sit-out model first"
    if k % 2 == 0 and math.gcd(p, k) > 1:
        return "even k, a common factor: blocks of copies first"
    if k % 2 == 0 and p % 2 == 1:
        m = p - k
        if m <= 3:
            return "odd p, even k, p - k <= 3: added A player first"
        return "odd p, even k: pairs and a group first"
    if k % 2 == 1 and p % 2 == 1:
        return "odd p, odd k: " + ("board classes" if math.gcd(p, k) == 1 else "blocks (a common factor)")
    if k % 2 == 1 and p % 2 == 0 and paired_classes(p, k - 1) is not None:
        return "even p, odd k: paired classes on k - 1 boards and a B player first"
    if k % 2 == 1 and p % 2 == 0 and math.gcd(p, k) == 1:
        return "even p, odd k: board classes"
    if k % 2 == 1 and p % 2 == 0 and p * k > CLASS_MODEL_CELLS:
        return "even p, odd k, a common factor: blocks first"
    if p * k <= CLASS_MODEL_CELLS:
        return "class model first"
    if k % 2 == 0:
        return "p = k = 2 mod 4: pairs and a group first"
    if p % 2 == 0:
        return "even p, odd k: pairs, a group and a B player apart first"
    return "class model"


def parse_sizes(text: str) -> list[tuple[int, int, int]]:
    """``P:Q:K,P:Q:K,...``: teams of P and Q on K boards."""
    out = []
    for item in text.split(","):
        parts = item.strip().split(":")
        if len(parts) != 3 or not all(part.isdigit() for part in parts):
            raise argparse.ArgumentTypeError(f"{item!r} is not P:Q:K")
        p, q, k = (int(part) for part in parts)
        out.append((p, q, k))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=10.0, help="the designer's --time-limit (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="seed for the sample of sizes (default 1)")
    parser.add_argument("--all", action="store_true", help="every odd p against even k, not a sample")
    parser.add_argument("--wide", type=int, default=0, help="add this many sizes from every other family")
    parser.add_argument("--sit-out", type=int, default=None, help="both teams sitting out: clubs and this many more")
    parser.add_argument("--cli", type=int, default=None, help="the whole designer on this many seeded sizes")
    parser.add_argument("--family", type=int, default=None, help="the designer on N sizes of issue 10's kind")
    parser.add_argument(
        "--orders", type=int, default=None, help="the designer on N sizes both sitting out, in both team orders"
    )
    parser.add_argument(
        "--sizes", type=parse_sizes, default=None, help="the designer on these sizes: P:Q:K,P:Q:K,... (as --cli)"
    )
    parser.add_argument(
        "--baseline", default=None, help="with --cli/--family/--sizes: another install's python, run beside"
    )
    parser.add_argument(
        "--layout", action="store_true", help="with --sizes: the alternating layout alone, the time limit its deadline"
    )
    parser.add_argument("--double", action="store_true", help="with --cli/--family/--sizes/--orders: double rounds")
    parser.add_argument("--out-dir", type=Path, default=RESULTS)
    parser.add_argument("--name", default="unequal_coverage")
    args = parser.parse_args(argv)
    header = machine_lines([sys.argv[0], *(argv if argv is not None else sys.argv[1:])])
    if args.layout:
        if args.sizes is None and args.orders is None:
            parser.error("--layout needs --sizes or --orders")
        if args.sizes is None:
            args.sizes = order_sizes(args.seed, args.orders)
        return layout_main(args, header)
    if args.cli is not None or args.family is not None or args.sizes is not None or args.orders is not None:
        return cli_main(args, header)
    if args.double:
        parser.error("--double needs --cli, --family, --sizes or --orders")
    # The designer's own budget for the construction where one team plays every round.
    budget = UNEQUAL_CONSTRUCTION_SHARE * args.time_limit
    header.append(f"- Each size: `construct_unequal(p, q, k)` here, deadline {budget:g} s (the designer's share)")
    print("\n".join(header), flush=True)
    rows: list[list[str]] = []
    bad = 0
    built = 0
    chosen = (
        sit_out_sizes(args.seed, args.sit_out) if args.sit_out is not None else sizes(args.seed, args.all, args.wide)
    )
    for p, q, k in chosen:
        started = time.monotonic()
        schedule = construct_unequal(p, q, k, deadline=started + budget)
        seconds = time.monotonic() - started
        bound = unequal_break_bound(p, q, k)
        if schedule is None:
            row = [str(p), str(q), str(k), str(p - k), "none", "-", "-", "-", "-", str(bound), f"{seconds:.2f}"]
        else:
            verdict = verify(schedule)
            built += verdict.ok
            bad += not verdict.ok
            metrics = verdict.metrics
            row = [
                str(p),
                str(q),
                str(k),
                str(p - k),
                family(p, q, k),
                "yes" if verdict.ok else "NO",
                str(metrics.total_breaks),
                str(metrics.breaks_by_team["A"]),
                str(metrics.breaks_by_team["B"]),
                str(bound),
                f"{seconds:.2f}",
            ]
        rows.append(row)
        print(" | ".join(row), flush=True)
    late = [r for r in rows if r[4] != "none" and float(r[-1]) > budget]
    summary = [
        f"Load average at the end: {load_average()} (timings on a shared machine are noisy).",
        f"- {built} of {len(rows)} sizes built and verified; {bad} failed the verifier; "
        f"{len(rows) - built - bad} not built within {budget:g} s: "
        + (", ".join(f"{r[0]} against {r[1]} on {r[2]}" for r in rows if r[4] == "none") or "none")
        + ".",
        f"- built past the deadline (a solve that had started finishing): {len(late)}.",
        f"- built without any break: {sum(1 for r in rows if r[5] == 'yes' and r[6] == '0')}.",
    ]
    report(
        args,
        "# Unequal teams: which sizes the direct construction covers (`unequal_coverage.py`)",
        header,
        summary,
        "`family`: which construction is tried first (docs/bounds_unequal.md); `A`, `B`: each team's breaks; "
        "`bound`: the proven lower bound (0 where none is known).",
        HEADER,
        rows,
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
