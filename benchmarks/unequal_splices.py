"""One team playing every round and the layout needing switching pairs: team A placed by splices,
beside the layout's previous route, in one run.

Team A of p players sits out in turn against team B of k playing every round (q = k), where the
alternating layout (``models/constructions/positions/``) needs switching pairs (``least_pairs(p, k) >= 1``) and p
is not a multiple of k (such a team goes second instead).  For every such size this runs

* ``splices``: ``positions.search.spliced_layout``, team A placed by designed switcher paths
  (``models/constructions/splices.py``) with the fewest pairs or one more, team B dealt, each schedule checked by the
  verifier (solver/verify/verifier.py);

and, on ``--compare N`` seeded sizes among them, beside it

* ``previous``: ``search.oriented_layout``, the route the layout took for them before (the cheaper orders,
  then the state model over the players' states), with ``--time-limit`` seconds.

    python benchmarks/unequal_splices.py [--boards 4-99] [--compare 40] [--seed 1] [--time-limit 10]
        [--name unequal_splices] [--out-dir DIR]

Writes <out-dir>/<name>.{md,csv,png} (default out-dir benchmarks/results/unequal_splices); exits 1 if a
schedule fails the verifier.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from _common import finish_plot, load_average, machine_lines, markdown_table, parse_sizes, results_dir, write_results

from scheveningen.models.constructions.positions.layout import least_pairs
from scheveningen.models.constructions.positions.search import oriented_layout, spliced_layout
from scheveningen.models.domain.schedule import Schedule
from scheveningen.solver.verify.verifier import verify

OUT = results_dir(__file__)


def sizes(boards: list[int]) -> list[tuple[int, int]]:
    """(p, k) for every k given and p from k + 1 to 100 where the layout needs a switching pair."""
    return [(p, k) for k in boards for p in range(k + 1, 101) if p % k and least_pairs(p, k)]


def measure(built: tuple[Schedule, int] | None, seconds: float) -> tuple[str, str, bool]:
    """(breaks or a word, seconds, failed the verifier)."""
    if built is None:
        return "none", f"{seconds:.2f}", False
    verdict = verify(built[0])
    if not verdict.ok or verdict.metrics.total_breaks != built[1]:
        return "FAILS THE VERIFIER", f"{seconds:.2f}", True
    return str(built[1]), f"{seconds:.2f}", False


def run_splices(p: int, k: int) -> tuple[str, str, bool]:
    started = time.perf_counter()
    built = spliced_layout(p, k, k, None)
    return measure(built, time.perf_counter() - started)


def run_previous(p: int, k: int, time_limit: float) -> tuple[str, str, bool]:
    started = time.perf_counter()
    built = oriented_layout(p, k, k, time.monotonic() + time_limit)
    return measure(built, time.perf_counter() - started)


def spread(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    return f"slowest {ordered[-1]:.2f} s, median {ordered[len(ordered) // 2]:.2f} s."


def plot(path: Path, rows: list[list[str]]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 4.5))
    for label, marker, result, column in (("splices", "o", 4, 5), ("previous route", "x", 6, 7)):
        for answered in (True, False):
            points = [
                (int(r[0]) * int(r[1]), float(r[column]))
                for r in rows
                if r[column] != "-" and (r[result] != "none") == answered
            ]
            if points:
                style = marker if answered else "r" + marker
                name = label if answered else f"{label}: nothing found"
                size = 3 if answered else 5
                ax.plot([x for x, _ in points], [y for _, y in points], style, markersize=size, label=name)
    ax.set_xscale("log")
    ax.set_yscale("log")
    title = "Switching pairs with one team playing every round"
    finish_plot(fig, ax, path, "games p * k", "seconds (team A placed, team B dealt)", title)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=parse_sizes, default=parse_sizes("4-99"), help="k (default 4-99)")
    parser.add_argument("--compare", type=int, default=40, help="seeded sizes to run the previous route on too")
    parser.add_argument("--seed", type=int, default=1, help="which sizes --compare takes")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds for the previous route")
    parser.add_argument("--name", default="unequal_splices")
    parser.add_argument("--out-dir", type=Path, default=OUT)
    args = parser.parse_args()
    chosen = sizes(args.boards)
    compared = set(random.Random(args.seed).sample(chosen, min(args.compare, len(chosen))))
    provenance = machine_lines(sys.argv)
    header = ["p", "k", "p - k", "fewest pairs", "splices", "splices s", "previous", "previous s"]
    rows: list[list[str]] = []
    failed = False
    for p, k in chosen:
        new = run_splices(p, k)
        old = run_previous(p, k, args.time_limit) if (p, k) in compared else ("-", "-", False)
        failed = failed or new[2] or old[2]
        least = least_pairs(p, k)
        rows.append([str(p), str(k), str(p - k), str(least), new[0], new[1], old[0], old[1]])
        print(" | ".join(rows[-1]), flush=True)
    built = [r for r in rows if r[4].isdigit()]
    fewest = [r for r in built if int(r[4]) == 2 * int(r[3])]
    summary = [
        f"- splices: {len(built)} of {len(rows)} sizes built, {len(fewest)} with the fewest pairs (2 breaks a pair); "
        + spread([float(r[5]) for r in rows])
    ]
    both = [r for r in rows if r[6] != "-"]
    if both:
        old_built = [r for r in both if r[6].isdigit()]
        fewer = sum(1 for r in old_built if r[4].isdigit() and int(r[6]) < int(r[4]))
        more = sum(1 for r in old_built if r[4].isdigit() and int(r[6]) > int(r[4]))
        summary.append(
            f"- previous route, on {len(both)} of them with {args.time_limit:g} s: {len(old_built)} built; "
            f"fewer breaks than the splices at {fewer}, more at {more}; " + spread([float(r[7]) for r in both])
        )
    markdown = [
        "# Switching pairs with one team playing every round: splices and the previous route (`unequal_splices.py`)",
        "",
        *provenance,
        "",
        f"Load average at the end: {load_average()}.",
        *summary,
        "",
        "`fewest pairs`: the fewest switching pairs that can move group 0's surplus with team B playing every round;",
        "`splices`, `previous`: the breaks of each route's schedule, every one checked by the verifier",
        "(`none`: nothing found, for the previous route within the time limit; `-`: not run); seconds are wall",
        "time in this process, team A placed and team B dealt.",
        "",
        f"![seconds by size]({args.name}.png)",
        "",
        *markdown_table(header, rows),
        "",
    ]
    args.out_dir.mkdir(parents=True, exist_ok=True)
    write_results(args.out_dir, args.name, markdown, header, rows)
    plot(args.out_dir / f"{args.name}.png", rows)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
