"""Start-up: every command as a whole process, against the bare interpreter, in one run.

An organiser's call (print a table, check a file, record a result, the standings, an export, a plain
design) should answer at the speed of a lookup.  This times each command from launch to exit, Python's
own start-up included, and reads its peak memory (the child's maximum resident set, from ``wait4``),
against ``python -c pass`` run by the same interpreter in the same run.  The runs are interleaved (one
of each command, then the next round), so a change in the machine's load touches every row alike; the
median and the slowest of ``--repeat`` runs are reported.

The commands run in a scratch folder over files made first (not timed): a published table, a design
report, a match file with results and its TRF.  ``result`` gets a fresh copy of the match file for each
run (the copy is not timed).  ``generate N`` is timed for plain sizes that the direct construction (or
a stored design) answers, single and double round: those load no solver.

With ``--baseline PYTHON`` every command also runs under another install's interpreter (for example a
virtual environment with an earlier commit installed), side by side.

    python benchmarks/startup.py [--repeat 15] [--baseline PYTHON] [--quick]
    python benchmarks/startup.py --sweep [--repeat 10]

Writes benchmarks/results/startup/startup.{md,csv,png} (``--quick``: ``startup_quick.*``).
``--sweep`` times instead ``generate N`` and ``generate N --double`` for every plain size from 2 to
100 (none of them searches), interleaved in the same way, and writes ``startup_sweep.{md,csv,png}``:
the slowest sizes first, and a plot of every size.  Exit
status 1 if a command fails, or if a command that never searches takes more than the targets
(``--max-seconds`` 0.15 median, ``--max-mib`` 40 peak).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from _common import machine_lines, markdown_table, results_dir, write_results

#: (label, arguments after ``schev``); "python -c pass" is the bare interpreter.
BARE = "python -c pass"
COMMANDS: list[tuple[str, list[str]]] = [
    ("schev --help", ["--help"]),
    ("schev --version", ["--version"]),
    ("table 8", ["table", "8"]),
    ("table 13 --best", ["table", "13", "--best"]),
    ("verify (text)", ["verify", "n13.txt"]),
    ("verify (match file)", ["verify", "match.json"]),
    ("verify (TRF)", ["verify", "match.trf"]),
    ("compare", ["compare", "design.json", "--against", "12"]),
    ("fingerprint", ["fingerprint", "n13.txt"]),
    ("result", ["result", "copy.json", "--round", "2", "--board", "1", "1-0"]),
    ("standings", ["standings", "match.json"]),
    ("standings --format html", ["standings", "match.json", "--format", "html"]),
    ("history", ["history", "match.json"]),
    ("export --format html", ["export", "match.json", "--format", "html"]),
    ("export --format trf", ["export", "match.json", "--format", "trf"]),
    ("export --format pgn", ["export", "match.json", "--format", "pgn"]),
    ("export --format csv", ["export", "match.json", "--format", "csv"]),
    *((f"generate {n}", ["generate", str(n)]) for n in (3, 8, 14, 40, 75, 98, 100)),
    *((f"generate {n} --double", ["generate", str(n), "--double"]) for n in (8, 40, 99, 100)),
]
QUICK = {"schev --help", "table 8", "verify (text)", "standings", "export --format trf", "generate 8", "generate 100"}


def _script(python: str) -> list[str]:
    """How to run ``schev`` under ``python``: its install's console script, else ``python -m``."""
    script = Path(python).parent / "schev"
    return [str(script)] if script.exists() else [python, "-m", "scheveningen"]


def _run(argv: list[str], folder: Path) -> tuple[float, float, int]:
    """Wall seconds, peak resident MiB and exit code of one process."""
    started = time.perf_counter()
    child = subprocess.Popen(argv, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    return seconds, usage.ru_maxrss / 1024, child.returncode


def _prepare(folder: Path, schev: list[str]) -> None:
    steps = [
        ["table", "13", "--output", "n13.txt"],
        ["generate", "12", "--format", "json", "--output", "design.json"],
        ["generate", "12", "--output", "match.json"],
        ["result", "match.json", "--round", "1", *["1-0", "0-1", "1/2-1/2", "+-"] * 3],
        ["export", "match.json", "--format", "trf", "--output", "match.trf"],
    ]
    for step in steps:
        subprocess.run([*schev, *step], cwd=folder, check=True, capture_output=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=15, help="runs of each command (median reported; >= 10)")
    parser.add_argument("--baseline", metavar="PYTHON", help="also run every command under this interpreter")
    parser.add_argument("--max-seconds", type=float, default=0.15, help="target: median whole-process seconds")
    parser.add_argument("--max-mib", type=float, default=40.0, help="target: peak MiB")
    parser.add_argument("--quick", action="store_true", help="a few commands, 10 runs each")
    parser.add_argument("--sweep", action="store_true", help="generate N, single and double, for every N from 2 to 100")
    parser.add_argument("--out", type=Path, default=results_dir(__file__))
    args = parser.parse_args()
    if args.sweep:
        return _sweep(args)
    repeat = 10 if args.quick else max(args.repeat, 10)
    commands = [c for c in COMMANDS if not args.quick or c[0] in QUICK]
    installs = {"this": sys.executable}
    if args.baseline:
        installs["baseline"] = args.baseline
    lines = ["# Start-up: each command as a whole process, against the bare interpreter", ""]
    lines += machine_lines(sys.argv)
    lines.append(f"- Runs per command: {repeat}, interleaved; median and slowest, wall seconds and peak MiB")
    samples: dict[tuple[str, str], list[tuple[float, float, int]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folders = {}
        for name, python in installs.items():
            folders[name] = Path(tmp) / name
            folders[name].mkdir()
            _prepare(folders[name], _script(python))
        for _ in range(repeat):
            for name, python in installs.items():
                folder, schev = folders[name], _script(python)
                samples.setdefault((name, BARE), []).append(_run([python, "-c", "pass"], folder))
                for label, argv in commands:
                    if label == "result":
                        shutil.copyfile(folder / "match.json", folder / "copy.json")
                    samples.setdefault((name, label), []).append(_run([*schev, *argv], folder))
    header = ["command", "median s", "slowest s", "times the interpreter", "peak MiB"]
    if args.baseline:
        header += ["baseline median s", "baseline peak MiB", "speed-up"]
    rows, csv_rows, failed, over = [], [], [], []
    bare = statistics.median(s for s, _m, _c in samples[("this", BARE)])
    base_bare = statistics.median(s for s, _m, _c in samples[("baseline", BARE)]) if args.baseline else 0.0
    for label in [BARE, *(c[0] for c in commands)]:
        runs = samples[("this", label)]
        median = statistics.median(s for s, _m, _c in runs)
        slowest = max(s for s, _m, _c in runs)
        peak = max(m for _s, m, _c in runs)
        if any(c != 0 for _s, _m, c in runs):
            failed.append(label)
        if label != BARE and (median > args.max_seconds or peak > args.max_mib):
            over.append(label)
        row = [f"`{label}`", f"{median:.3f}", f"{slowest:.3f}", f"{median / bare:.1f}", f"{peak:.1f}"]
        csv_row: list[object] = [label, round(median, 4), round(slowest, 4), round(peak, 1)]
        if args.baseline:
            base = samples[("baseline", label)]
            base_median = statistics.median(s for s, _m, _c in base)
            base_peak = max(m for _s, m, _c in base)
            row += [f"{base_median:.3f}", f"{base_peak:.1f}", f"{base_median / median:.1f} times"]
            csv_row += [round(base_median, 4), round(base_peak, 1)]
        rows.append(row)
        csv_rows.append(csv_row)
    lines += [
        f"- Bare interpreter (`python -c pass`): {bare:.3f} s"
        + (f"; the baseline's: {base_bare:.3f} s" if args.baseline else ""),
        f"- Targets for every command: at most {args.max_seconds:g} s (median) and {args.max_mib:g} MiB (peak)",
        "",
        *markdown_table(header, rows),
        "",
        f"Over a target: {', '.join(over) if over else 'none'}.  Failed: {', '.join(failed) if failed else 'none'}.",
        "",
    ]
    stem = "startup_quick" if args.quick else "startup"
    csv_header = ["command", "median_s", "slowest_s", "peak_mib"]
    if args.baseline:
        csv_header += ["baseline_median_s", "baseline_peak_mib"]
    write_results(args.out, stem, lines, csv_header, csv_rows)
    _plot(args.out / f"{stem}.png", rows, args.max_seconds, args.max_mib, bool(args.baseline))
    print("\n".join(lines))
    return 1 if failed or over else 0


SWEEP_SIZES = range(2, 101)


def _sweep(args: argparse.Namespace) -> int:
    """Every plain size 2-100, single and double round, as a whole process; the slowest first."""
    repeat = max(args.repeat, 10)
    schev = _script(sys.executable)
    kinds: tuple[tuple[str, list[str]], ...] = (("single", []), ("double", ["--double"]))
    samples: dict[tuple[int, str], list[tuple[float, float, int]]] = {}
    bare: list[tuple[float, float, int]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(repeat):
            bare.append(_run([sys.executable, "-c", "pass"], Path(tmp)))
            for n in SWEEP_SIZES:
                for kind, extra in kinds:
                    samples.setdefault((n, kind), []).append(_run([*schev, "generate", str(n), *extra], Path(tmp)))
    results = []
    for (n, kind), runs in samples.items():
        median = statistics.median(s for s, _m, _c in runs)
        results.append((median, max(s for s, _m, _c in runs), max(m for _s, m, _c in runs), n, kind, runs))
    failed = [f"{n} {kind}" for *_x, n, kind, runs in results if any(c != 0 for _s, _m, c in runs)]
    over = [
        f"{n} {kind}" for median, _s, peak, n, kind, _r in results if median > args.max_seconds or peak > args.max_mib
    ]
    ranked = sorted(results, key=lambda row: -row[0])
    lines = ["# Start-up of every plain design: `generate N`, single and double round, N = 2 to 100", ""]
    lines += machine_lines(sys.argv)
    lines += [
        f"- Runs per command: {repeat}, interleaved; median and slowest wall seconds, peak MiB",
        f"- Bare interpreter (`python -c pass`): {statistics.median(s for s, _m, _c in bare):.3f} s",
        f"- Targets: at most {args.max_seconds:g} s (median) and {args.max_mib:g} MiB (peak)",
        f"- Every size: median {min(r[0] for r in results):.3f} to {ranked[0][0]:.3f} s, "
        f"peak at most {max(r[2] for r in results):.1f} MiB",
        "",
        "The fifteen slowest:",
        "",
        *markdown_table(
            ["command", "median s", "slowest s", "peak MiB"],
            [
                [f"`generate {n}{' --double' if kind == 'double' else ''}`", f"{m:.3f}", f"{s:.3f}", f"{p:.1f}"]
                for m, s, p, n, kind, _r in ranked[:15]
            ],
        ),
        "",
        f"Over a target: {', '.join(over) if over else 'none'}.  Failed: {', '.join(failed) if failed else 'none'}.",
        "",
    ]
    csv_rows: list[list[object]] = [
        [n, kind, round(m, 4), round(s, 4), round(p, 1)]
        for m, s, p, n, kind, _r in sorted(results, key=lambda r: (r[4], r[3]))
    ]
    write_results(args.out, "startup_sweep", lines, ["boards", "kind", "median_s", "slowest_s", "peak_mib"], csv_rows)
    _plot_sweep(args.out / "startup_sweep.png", results, args.max_seconds)
    print("\n".join(lines))
    return 1 if failed or over else 0


def _plot_sweep(
    path: Path, results: Sequence[tuple[float, float, float, int, str, object]], max_seconds: float
) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axis = plt.subplots(figsize=(9, 4.5))
    for kind in ("single", "double"):
        points = sorted((n, median) for median, _s, _p, n, k, _r in results if k == kind)
        axis.plot([n for n, _m in points], [m for _n, m in points], marker=".", label=f"{kind} round")
    axis.axhline(max_seconds, color="red", linestyle="--", label=f"target {max_seconds:g} s")
    axis.set_xlabel("boards")
    axis.set_ylabel("median wall seconds, whole process")
    axis.set_ylim(bottom=0)
    axis.legend(loc="upper left")
    axis.set_title("schev generate N: every plain size, Python's start-up included")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def _plot(path: Path, rows: list[list[str]], max_seconds: float, max_mib: float, baseline: bool) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [row[0].strip("`") for row in rows]
    seconds = [float(row[1]) for row in rows]
    mib = [float(row[4]) for row in rows]
    y = list(range(len(labels)))
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 0.32 * len(labels) + 1.5), sharey=True)
    height = 0.4 if baseline else 0.7
    left.barh([v - (height / 2 if baseline else 0) for v in y], seconds, height=height, label="this install")
    right.barh([v - (height / 2 if baseline else 0) for v in y], mib, height=height, label="this install")
    if baseline:
        left.barh([v + height / 2 for v in y], [float(row[5]) for row in rows], height=height, label="baseline")
        right.barh([v + height / 2 for v in y], [float(row[6]) for row in rows], height=height, label="baseline")
    left.axvline(max_seconds, color="red", linestyle="--", label=f"target {max_seconds:g} s")
    right.axvline(max_mib, color="red", linestyle="--", label=f"target {max_mib:g} MiB")
    left.set_yticks(y, labels)
    left.invert_yaxis()
    left.set_xlabel("median wall seconds, whole process")
    right.set_xlabel("peak resident MiB")
    left.legend(loc="lower right")
    right.legend(loc="lower right")
    fig.suptitle("schev start-up: every command against the bare interpreter")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


if __name__ == "__main__":
    sys.exit(main())
