"""Published standard tables against designed schedules, N = 2..13.

For every size: the published table's breaks (team A / team B, counted by the
independent verifier), the designer's breaks (team split), its status, the
proven lower bound, its wall time, and whether the design has no more breaks
than the published table (the acceptance check: "with --time-limit 20 the
design never has more breaks than the published table").

    python benchmarks/published_vs_designed.py [--time-limit 20] [--workers 8] [--sizes 2-13] [--quick]

Writes benchmarks/results/published_vs_designed/published_vs_designed.{md,csv,png} (``--quick``
writes ``published_vs_designed_quick.*`` instead, so a smoke run never
overwrites the real results).  Exit status 1 if any design has more breaks
than the published table, fails verification or raises.
"""

from __future__ import annotations

import argparse
import csv
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path

from _common import machine_lines, markdown_table, parse_sizes, results_dir

from scheveningen.models.formats.tables import PUBLISHED_SIZES, published
from scheveningen.solver.design import DesignParams, design
from scheveningen.solver.verify.verifier import verify

RESULTS = results_dir(__file__)
NAME = "published_vs_designed"


# --------------------------------------------------------------------------- the benchmark


@dataclass
class Row:
    n: int
    pub_breaks: int | None
    pub_a: int | None
    pub_b: int | None
    des_breaks: int | None
    des_a: int | None
    des_b: int | None
    status: str
    lower_bound: int | None
    wall_time: float
    ok: bool | None  # designed <= published
    notes: str

    def cells(self) -> list[str]:
        def show(value: object) -> str:
            return "-" if value is None else str(value)

        verdict = "-" if self.ok is None else ("yes" if self.ok else "**NO**")
        return [
            str(self.n),
            show(self.pub_breaks),
            f"{show(self.pub_a)}/{show(self.pub_b)}",
            show(self.des_breaks),
            f"{show(self.des_a)}/{show(self.des_b)}",
            self.status,
            show(self.lower_bound),
            f"{self.wall_time:.1f}",
            verdict,
            self.notes,
        ]


HEADER = [
    "N",
    "published",
    "pub A/B",
    "designed",
    "des A/B",
    "status",
    "lower bound",
    "wall s",
    "designed <= published",
    "notes",
]
CSV_HEADER = [
    "n",
    "published_breaks",
    "published_a",
    "published_b",
    "designed_breaks",
    "designed_a",
    "designed_b",
    "status",
    "lower_bound",
    "wall_time_s",
    "designed_le_published",
    "notes",
]


def run_size(n: int, params: DesignParams) -> Row:
    pub_breaks = pub_a = pub_b = None
    notes: list[str] = []
    if n in PUBLISHED_SIZES:
        pub = verify(published(n))
        pub_breaks = pub.metrics.total_breaks
        pub_a, pub_b = pub.metrics.breaks_by_team["A"], pub.metrics.breaks_by_team["B"]
        if not pub.ok:
            notes.append("published table FAILS verification")
        if pub.relaxed:
            notes.append("published relaxes rule " + ",".join(str(int(r)) for r in pub.relaxed))
    else:
        notes.append("no published table")
    try:
        result = design(n, params)
    except Exception as error:  # a DesignBugError or anything else: report it loudly, keep going
        traceback.print_exc()
        return Row(n, pub_breaks, pub_a, pub_b, None, None, None, "ERROR", None, 0.0, False, f"{error!r}"[:200])
    des_a = des_b = None
    ok: bool | None = None
    if result.schedule is not None:
        verdict = verify(result.schedule)  # independent re-check of what design() returned
        if not verdict.ok:
            notes.append("**designed schedule FAILS verification**")
        if verdict.metrics.total_breaks != result.breaks:
            notes.append(f"**verifier counts {verdict.metrics.total_breaks} breaks, design says {result.breaks}**")
        des_a, des_b = verdict.metrics.breaks_by_team["A"], verdict.metrics.breaks_by_team["B"]
        if pub_breaks is not None:
            ok = verdict.ok and result.breaks is not None and result.breaks <= pub_breaks
    elif pub_breaks is not None:
        ok = False
    if result.relaxed:
        notes.append(
            "design relaxes " + ", ".join(f"rule {int(r)} by {amount}" for r, amount in sorted(result.relaxed.items()))
        )
    notes.extend(result.messages[:1] if not result.relaxed else [])
    return Row(
        n,
        pub_breaks,
        pub_a,
        pub_b,
        result.breaks,
        des_a,
        des_b,
        str(result.status),
        result.lower_bound if result.schedule is not None else None,
        result.wall_time,
        ok,
        "; ".join(notes),
    )


def plot(rows: list[Row], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 5), dpi=120)
    series = [
        ("published", [r.pub_breaks for r in rows], "s-", "tab:red"),
        ("designed", [r.des_breaks for r in rows], "o-", "tab:blue"),
        ("proven lower bound", [r.lower_bound for r in rows], "v--", "tab:gray"),
    ]
    for label, values, style, colour in series:
        points = [(r.n, v) for r, v in zip(rows, values, strict=True) if v is not None]
        if points:
            xs, ys = zip(*points, strict=True)
            ax.plot(xs, ys, style, label=label, color=colour, markersize=7 if label == "published" else 5)
    for r in rows:
        if r.ok is False:
            ax.annotate("worse!", (r.n, r.des_breaks or 0), color="red", ha="center", va="bottom")
    ax.set_xlabel("boards N")
    ax.set_ylabel("breaks")
    ax.set_xticks([r.n for r in rows])
    ax.set_title(title, fontsize=10)
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per size (default 20; quick 5)")
    parser.add_argument("--workers", type=int, default=8, help="CP-SAT workers (default 8)")
    parser.add_argument("--seed", type=int, default=0, help="CP-SAT random seed (default 0)")
    parser.add_argument("--sizes", type=parse_sizes, default=None, help="e.g. 2-13 or 4,6,8 (default 2-13; quick 2-8)")
    parser.add_argument("--quick", action="store_true", help="smoke run: small sizes, short limit, *_quick outputs")
    parser.add_argument(
        "--out-dir",
        type=Path,
        default=RESULTS,
        help="where results go (default benchmarks/results/published_vs_designed)",
    )
    args = parser.parse_args(argv)
    time_limit = args.time_limit if args.time_limit is not None else (5.0 if args.quick else 20.0)
    sizes = args.sizes if args.sizes is not None else (list(range(2, 9)) if args.quick else list(range(2, 14)))
    params = DesignParams(time_limit=time_limit, seed=args.seed, workers=args.workers)
    stem = NAME + ("_quick" if args.quick else "")
    args.out_dir.mkdir(parents=True, exist_ok=True)

    header_lines = machine_lines([sys.argv[0], *argv])
    print("\n".join(header_lines))
    print(f"- design(N, {params})")
    print()
    print(" | ".join(HEADER), flush=True)
    rows: list[Row] = []
    for n in sizes:
        row = run_size(n, params)
        rows.append(row)
        print(" | ".join(row.cells()), flush=True)

    failures = [r for r in rows if r.ok is False or r.status == "ERROR" or "**" in r.notes]
    compared = [r for r in rows if r.ok is not None]
    summary = (
        f"Designed <= published on {sum(1 for r in compared if r.ok)} of {len(compared)} sizes; "
        f"strictly fewer breaks on {sum(1 for r in compared if r.ok and r.des_breaks < r.pub_breaks)}; "
        f"proven optimal on {sum(1 for r in rows if r.status == 'optimal')} of {len(rows)}."
    )
    if failures:
        summary += " **FAILURES: N = " + ", ".join(str(r.n) for r in failures) + "**"
    print()
    print(summary)

    md = [
        "# Published tables vs designed schedules",
        "",
        *header_lines,
        f"- Design parameters: time limit {time_limit:g} s per size (whole pipeline), workers {args.workers}, "
        f"seed {args.seed}, formulation {params.formulation}, symmetry breaking {params.symmetry_breaking}",
        "",
        "Breaks are counted by `scheveningen.solver.verify.verifier.verify` on both schedules; A/B is the split "
        "between "
        "the teams. "
        "`lower bound` is the bound proven by the designer (solver bound or the analytic bound); "
        "`optimal` means designed breaks equal that bound.",
        "",
        *markdown_table(HEADER, [r.cells() for r in rows]),
        "",
        summary,
        "",
        f"![breaks per N]({stem}.png)",
        "",
    ]
    (args.out_dir / f"{stem}.md").write_text("\n".join(md), encoding="utf-8")
    with open(args.out_dir / f"{stem}.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(CSV_HEADER)
        for r in rows:
            writer.writerow(
                [
                    r.n,
                    r.pub_breaks,
                    r.pub_a,
                    r.pub_b,
                    r.des_breaks,
                    r.des_a,
                    r.des_b,
                    r.status,
                    r.lower_bound,
                    f"{r.wall_time:.3f}",
                    r.ok,
                    r.notes,
                ]
            )
    plot(
        rows,
        args.out_dir / f"{stem}.png",
        f"Breaks per N: published vs designed (time limit {time_limit:g} s, {args.workers} workers)",
    )
    print(f"wrote {args.out_dir / stem}.{{md,csv,png}}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
