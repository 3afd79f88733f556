"""Model size: variables, constraints, build time and memory of the CP-SAT model against N, with growth exponents.

For every size N the model ``scheveningen.solver.design`` builds is built in a fresh Python
process (so memory does not accumulate from one size to the next):
``MatchModel.build(ModelOptions(N, symmetry_breaking=True))`` followed by
``set_objective()`` (minimise breaks).  Reported per N: the numbers of
variables and constraints in the proto, the build time (fastest of
``--repeats`` builds; the first build is given too), the peak resident memory
of the process (``resource.getrusage(RUSAGE_SELF).ru_maxrss``) after the first
build and its increase over the process after imports, and the peak of
Python-side allocations during a build under ``tracemalloc`` (a separate build,
since tracing slows allocation; it does not see the C++ side of OR-Tools, which
the RSS figure does).  A least-squares line through log(quantity) against
log(N), over the sizes N >= ``--fit-min``, gives the growth exponent
("variables grow as N^3.0").

    python benchmarks/model_size.py [--sizes 4,6,8,10,12,16,20,24,32,40,48,64] [--repeats 3] [--fit-min 8] [--quick]

Writes benchmarks/results/model_size/model_size.{md,csv,png} (``--quick`` writes
``model_size_quick.*``).  Nothing is solved, so there is no schedule to verify;
exit status 1 if a measurement fails (a build raises, the subprocess dies).
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from _common import load_average, machine_lines, markdown_table, parse_sizes, results_dir, write_results

RESULTS = results_dir(__file__)
NAME = "model_size"
DEFAULT_SIZES = "4,6,8,10,12,16,20,24,32,40,48,64"
QUICK_SIZES = "4,6,8,10,12,16"


# --------------------------------------------------------------------------- one measurement (in a fresh process)


def measure(n: int, repeats: int) -> dict[str, object]:
    """Build the model for ``n`` boards and measure it; runs in the child process."""
    import gc
    import resource
    import tracemalloc

    from scheveningen.models.cpsat.model import MatchModel, ModelOptions

    def build() -> MatchModel:
        mm = MatchModel.build(ModelOptions(n, symmetry_breaking=True))
        mm.set_objective()
        return mm

    gc.collect()
    rss_imports = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    started = time.perf_counter()
    mm = build()
    first = time.perf_counter() - started
    rss_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    proto = mm.model.Proto()
    variables, constraints = len(proto.variables), len(proto.constraints)
    rounds = mm.options.rounds
    del proto, mm
    gc.collect()
    times = [first]
    for _ in range(repeats - 1):
        started = time.perf_counter()
        mm = build()
        times.append(time.perf_counter() - started)
        del mm
        gc.collect()
    tracemalloc.start()
    mm = build()
    _current, traced_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del mm
    return {
        "n": n,
        "rounds": rounds,
        "variables": variables,
        "constraints": constraints,
        "build_s": min(times),
        "first_build_s": first,
        "rss_imports_mib": rss_imports / 1024,
        "rss_peak_mib": rss_peak / 1024,
        "traced_peak_mib": traced_peak / 2**20,
    }


@dataclass
class Row:
    n: int
    rounds: int | None = None
    variables: int | None = None
    constraints: int | None = None
    build_s: float | None = None
    first_build_s: float | None = None
    rss_imports_mib: float | None = None
    rss_peak_mib: float | None = None
    traced_peak_mib: float | None = None
    process_s: float = 0.0
    error: str = ""

    @property
    def rss_delta_mib(self) -> float | None:
        if self.rss_peak_mib is None or self.rss_imports_mib is None:
            return None
        return self.rss_peak_mib - self.rss_imports_mib

    def cells(self) -> list[str]:
        def show(value: float | int | None, fmt: str) -> str:
            return "-" if value is None else format(value, fmt)

        return [
            str(self.n),
            show(self.variables, ","),
            show(self.constraints, ","),
            show(self.build_s, ".3f"),
            show(self.first_build_s, ".3f"),
            show(self.traced_peak_mib, ".1f"),
            show(self.rss_peak_mib, ".0f"),
            show(self.rss_delta_mib, ".0f"),
            f"{self.process_s:.1f}",
            f"**{self.error}**" if self.error else "",
        ]

    def csv_row(self) -> list[object]:
        def rounded(value: float | None, digits: int) -> str:
            return "" if value is None else f"{value:.{digits}f}"

        return [
            self.n,
            self.rounds,
            self.variables,
            self.constraints,
            rounded(self.build_s, 4),
            rounded(self.first_build_s, 4),
            rounded(self.traced_peak_mib, 2),
            rounded(self.rss_imports_mib, 1),
            rounded(self.rss_peak_mib, 1),
            rounded(self.rss_delta_mib, 1),
            rounded(self.process_s, 2),
            self.error,
        ]


HEADER = [
    "N",
    "variables",
    "constraints",
    "build s (best)",
    "build s (first)",
    "Python peak MiB (tracemalloc)",
    "peak RSS MiB",
    "RSS increase MiB",
    "process s",
    "error",
]
CSV_HEADER = [
    "n",
    "rounds",
    "variables",
    "constraints",
    "build_s",
    "first_build_s",
    "tracemalloc_peak_mib",
    "rss_after_imports_mib",
    "rss_peak_mib",
    "rss_increase_mib",
    "process_s",
    "error",
]


def run_size(n: int, repeats: int, timeout: float) -> Row:
    argv = [sys.executable, str(Path(__file__).resolve()), "--measure", str(n), "--repeats", str(repeats)]
    started = time.perf_counter()
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return Row(n, process_s=time.perf_counter() - started, error=f"killed after {timeout:g} s")
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return Row(n, process_s=elapsed, error=f"exit {done.returncode}: {tail}"[:200])
    data = json.loads(done.stdout.strip().splitlines()[-1])
    return Row(**data, process_s=elapsed)


# --------------------------------------------------------------------------- growth exponents


@dataclass
class Fit:
    label: str
    exponent: float
    coefficient: float
    r2: float
    points: int

    def predict(self, n: float) -> float:
        return self.coefficient * n**self.exponent


def fit_power(label: str, points: list[tuple[int, float | None]], fit_min: int) -> Fit | None:
    """Least-squares line through (log N, log y) for N >= fit_min: y ~ c * N^k."""
    usable = [(math.log(n), math.log(y)) for n, y in points if n >= fit_min and y is not None and y > 0]
    if len(usable) < 2:
        return None
    xs, ys = zip(*usable, strict=True)
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    if sxx == 0:
        return None
    slope = sum((x - mx) * (y - my) for x, y in usable) / sxx
    intercept = my - slope * mx
    total = sum((y - my) ** 2 for y in ys)
    residual = sum((y - (intercept + slope * x)) ** 2 for x, y in usable)
    r2 = 1 - residual / total if total > 0 else 1.0
    return Fit(label, slope, math.exp(intercept), r2, len(usable))


def plot(rows: list[Row], fits: dict[str, Fit | None], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=(15, 5), dpi=110)
    panels = [
        (axes[0], "proto size", [("variables", "o", "tab:blue"), ("constraints", "s", "tab:green")]),
        (axes[1], "build time, s", [("build_s", "o", "tab:orange")]),
        (
            axes[2],
            "memory, MiB",
            [("rss_delta_mib", "o", "tab:red"), ("traced_peak_mib", "s", "tab:purple")],
        ),
    ]
    names = {
        "variables": "variables",
        "constraints": "constraints",
        "build_s": "build time (best)",
        "rss_delta_mib": "peak RSS increase (fresh process)",
        "traced_peak_mib": "Python peak (tracemalloc)",
    }
    ns = [r.n for r in rows if not r.error]
    for ax, ylabel, series in panels:
        for key, marker, colour in series:
            points = [(r.n, getattr(r, key)) for r in rows if not r.error and getattr(r, key)]
            if not points:
                continue
            fit = fits.get(key)
            label = names[key] + (f": ~ N^{fit.exponent:.2f}" if fit else "")
            ax.plot(*zip(*points, strict=True), marker, color=colour, label=label)
            if fit:
                xs = [n for n in ns if n >= min(ns)]
                ax.plot(xs, [fit.predict(n) for n in xs], "--", color=colour, linewidth=1, alpha=0.7)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("boards N (log)")
        ax.set_ylabel(ylabel + " (log)")
        ax.set_xticks(ns)
        ax.set_xticklabels([str(n) for n in ns], fontsize=7)
        ax.minorticks_off()
        ax.grid(True, which="major", alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes", type=parse_sizes, default=None, help=f"e.g. 4-12 (default {DEFAULT_SIZES}; quick {QUICK_SIZES})"
    )
    parser.add_argument("--repeats", type=int, default=3, help="builds per size for the build time (default 3)")
    parser.add_argument("--fit-min", type=int, default=8, help="fit exponents over N >= this (default 8)")
    parser.add_argument(
        "--timeout", type=float, default=1800.0, help="seconds per size before giving up (default 1800)"
    )
    parser.add_argument("--quick", action="store_true", help="smoke run: small sizes, *_quick outputs")
    parser.add_argument(
        "--out-dir", type=Path, default=RESULTS, help="where results go (default benchmarks/results/model_size)"
    )
    parser.add_argument("--measure", type=int, default=None, help=argparse.SUPPRESS)  # the child process
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    if args.measure is not None:
        print(json.dumps(measure(args.measure, args.repeats)))
        return 0
    sizes = args.sizes if args.sizes is not None else parse_sizes(QUICK_SIZES if args.quick else DEFAULT_SIZES)
    stem = NAME + ("_quick" if args.quick else "")
    args.out_dir.mkdir(parents=True, exist_ok=True)

    header_lines = machine_lines([sys.argv[0], *argv])
    spec_line = (
        "- Model: `MatchModel.build(ModelOptions(N, symmetry_breaking=True))` + `set_objective()` (Boolean "
        "formulation, rules 1-3 hard, break-bound cut, minimise breaks), one fresh Python process per N; build "
        f"time is the fastest of {args.repeats} build(s); exponents fitted over N >= {args.fit_min}"
    )
    print("\n".join([*header_lines, spec_line]))
    print()
    print(" | ".join(HEADER), flush=True)
    rows: list[Row] = []
    for n in sizes:
        row = run_size(n, args.repeats, args.timeout)
        rows.append(row)
        print(" | ".join(row.cells()), flush=True)

    good = [r for r in rows if not r.error]
    keys = ["variables", "constraints", "build_s", "rss_delta_mib", "traced_peak_mib"]
    fits = {key: fit_power(key, [(r.n, getattr(r, key)) for r in good], args.fit_min) for key in keys}
    wording = {
        "variables": "variables grow as",
        "constraints": "constraints grow as",
        "build_s": "build time grows as",
        "rss_delta_mib": "peak resident memory (increase over the process after imports) grows as",
        "traced_peak_mib": "Python-side allocations (tracemalloc peak) grow as",
    }
    fit_lines = []
    for key in keys:
        fit = fits[key]
        if fit is None:
            fit_lines.append(f"- {wording[key]}: not enough sizes >= {args.fit_min} to fit")
        else:
            text = (
                f"- {wording[key]} N^{fit.exponent:.2f} (least squares on log-log over {fit.points} sizes "
                f"N >= {args.fit_min}, R^2 = {fit.r2:.4f})"
            )
            last = [(r.n, getattr(r, key)) for r in sorted(good, key=lambda r: r.n) if getattr(r, key)][-2:]
            if len(last) == 2 and last[0][0] < last[1][0]:
                (n1, y1), (n2, y2) = last
                slope = math.log(y2 / y1) / math.log(n2 / n1)
                text += f"; local slope between N = {n1} and {n2}: {slope:.2f}"
            fit_lines.append(text)
    failures = [r for r in rows if r.error]
    largest = max(good, key=lambda r: r.n) if good else None
    summary = []
    if largest is not None:
        summary.append(
            f"At N = {largest.n} the model has {largest.variables:,} variables and {largest.constraints:,} "
            f"constraints, builds in {largest.build_s:.2f} s and raises the process's peak RSS by "
            f"{largest.rss_delta_mib:.0f} MiB (to {largest.rss_peak_mib:.0f} MiB)."
        )
    summary.append(f"Load average at the end: {load_average()}.")
    if failures:
        summary.append("**FAILURES: N = " + ", ".join(f"{r.n} ({r.error})" for r in failures) + "**")
    print()
    print("\n".join(fit_lines))
    print(" ".join(summary))

    md = [
        "# Model size and build cost against N",
        "",
        *header_lines,
        spec_line,
        "",
        "`variables` and `constraints` are counted in the model proto. `build s` covers `MatchModel.build` and "
        "`set_objective()` (no solve). `Python peak MiB` is tracemalloc's peak during a separate build (Python "
        "allocations only; OR-Tools keeps the proto in C++, which tracemalloc does not see). `peak RSS MiB` is "
        "`ru_maxrss` of the fresh process after its first build, and `RSS increase` subtracts the process's "
        "`ru_maxrss` after imports, before building. `process s` is the whole child process (imports, "
        "all builds). The meeting literals alone number N^3 (N rounds of N x N pairs), so N^3 is the leading "
        "term of the variable count; the lower-order terms (colours, breaks: O(N^2)) pull a fit over small N "
        "below 3, and the local slope between the two largest sizes shows where the growth is heading.",
        "",
        *markdown_table(HEADER, [r.cells() for r in rows]),
        "",
        "Growth exponents:",
        "",
        *fit_lines,
        "",
        " ".join(summary),
        "",
        f"![model size, log-log]({stem}.png)",
        "",
    ]
    write_results(args.out_dir, stem, md, CSV_HEADER, [r.csv_row() for r in rows])
    if good:
        plot(
            rows,
            fits,
            args.out_dir / f"{stem}.png",
            f"CP-SAT model size and build cost against N (log-log; dashed: fit over N >= {args.fit_min})",
        )
    print(f"wrote {args.out_dir / stem}.{{md,csv,png}}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
