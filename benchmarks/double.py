"""Double rounds: what `schev generate N --double` designs, next to the proven bound and the older designs.

For each N the script puts side by side, all counted by the verifier:

* designed: ``design(N, DesignParams(...), double=True)``, what ``schev generate N --double`` returns
  (the direct construction, docs/bounds.md section 6), with its status, proven bound and wall time;
* mirrored: the single-round start followed by its mirror image, the double round this project
  designed before (twice the single round's breaks);
* search alone (small N only): the main CP-SAT model with no start and no bound as a cut, for the
  same time limit, as a user without the construction would get.

    python benchmarks/double.py [--sizes 2-100] [--time-limit 10] [--workers 1] [--search-sizes 3-10]

Writes benchmarks/results/double/double.{md,csv,png}; exits 1 if a designed schedule fails the verifier or
has more breaks than the proven bound.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import astuple, dataclass
from pathlib import Path

from _common import finish_plot, machine_lines, markdown_table, parse_sizes, results_dir, write_results
from ortools.sat.python import cp_model

from scheveningen.models.bounds.proven import proven_break_bound
from scheveningen.models.constructions.equal import construct, mirrored_double
from scheveningen.models.cpsat.model import MatchModel, ModelOptions
from scheveningen.models.formats.tables import best, best_sizes
from scheveningen.solver.design import DesignParams, design
from scheveningen.solver.verify.verifier import verify

RESULTS = results_dir(__file__)
HEADER = ["N", "bound", "designed", "status", "design s", "mirrored", "search alone", "search status"]


@dataclass(frozen=True)
class Row:
    n: int
    bound: int
    designed: int | None
    status: str
    seconds: float
    mirrored: int | None
    searched: int | None
    search_status: str

    def cells(self) -> list[str]:
        return ["-" if c is None else str(c) for c in astuple(self)]


def mirrored_breaks(n: int) -> int | None:
    """Breaks of the best mirrored single round (the construction or a stored table), if any keeps every rule."""
    singles = [s for s in (construct(n), best(n) if n in best_sizes() else None) if s is not None]
    found = []
    for single in singles:
        verdict = verify(mirrored_double(single), double=True)
        if verdict.ok and not verdict.relaxed:
            found.append(verdict.metrics.total_breaks)
    return min(found) if found else None


def search_alone(n: int, seconds: float, workers: int, seed: int) -> tuple[int | None, str]:
    """The main model from scratch: best verified breaks within the time limit, and the status."""
    mm = MatchModel.build(ModelOptions(n, double=True, break_bound_cut=False))
    mm.set_objective()
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    status = solver.solve(mm.model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None, solver.status_name(status)
    verdict = verify(mm.schedule_from(solver), double=True)
    return (verdict.metrics.total_breaks if verdict.ok else None), solver.status_name(status)


def plot(rows: list[Row], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 4.5))
    ax.plot([r.n for r in rows], [r.bound for r in rows], "k-", label="proven lower bound")
    for label, marker, values in (
        ("designed (schev generate N --double)", "o", [(r.n, r.designed) for r in rows]),
        ("mirrored single round", "x", [(r.n, r.mirrored) for r in rows]),
        ("CP-SAT search alone", "s", [(r.n, r.searched) for r in rows]),
    ):
        points = [(n, b) for n, b in values if b is not None]
        if points:
            ax.plot([n for n, _ in points], [b for _, b in points], marker, markersize=3, label=label)
    finish_plot(fig, ax, path, "boards N", "breaks", "Double round: breaks by size")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=parse_sizes, default=parse_sizes("2-100"))
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per design and per search")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--search-sizes", type=parse_sizes, default=parse_sizes("3-10"))
    args = parser.parse_args()
    rows: list[Row] = []
    failed = False
    for n in args.sizes:
        started = time.perf_counter()
        result = design(n, DesignParams(time_limit=args.time_limit, workers=args.workers, seed=args.seed), double=True)
        elapsed = time.perf_counter() - started
        bound = proven_break_bound(n, double=True)
        verdict = verify(result.schedule, double=True) if result.schedule is not None else None
        breaks = verdict.metrics.total_breaks if verdict is not None and verdict.ok else None
        if breaks is None or breaks > bound or verdict is None or verdict.relaxed:
            failed = True
        searched, search_status = (None, "not run")
        if n in args.search_sizes:
            searched, search_status = search_alone(n, args.time_limit, args.workers, args.seed)
        row = Row(n, bound, breaks, result.status.value, round(elapsed, 2), mirrored_breaks(n), searched, search_status)
        rows.append(row)
        print(" | ".join(row.cells()), flush=True)
    optimal = sum(1 for r in rows if r.designed == r.bound)
    markdown = [
        "# Double rounds: designed, proven bound, mirrored single round, search alone",
        "",
        *machine_lines(sys.argv),
        f"- Time limit {args.time_limit:g} s per design and per search, workers {args.workers}, seed {args.seed}",
        "",
        "`bound` is the proven lower bound (docs/bounds.md: n for even N, n + 3 for odd N >= 5, 4 for N = 3);",
        "`designed` is what `schev generate N --double` returns, verified; `design s` its wall time in",
        "process (timings are noisy on a shared machine); `mirrored` the single-round start followed by its",
        "mirror, the double round designed before; `search alone` the main CP-SAT model with no start and no",
        "bound as a cut, within the same time limit (`-`: no schedule, or not run).",
        "",
        *markdown_table(HEADER, [r.cells() for r in rows]),
        "",
        f"Designed at the proven bound (optimal): {optimal} of {len(rows)} sizes.",
        "",
    ]
    write_results(RESULTS, "double", markdown, HEADER, [list(astuple(r)) for r in rows])
    plot(rows, RESULTS / "double.png")
    if failed:
        print("a designed double round failed the verifier or exceeded the proven bound", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
