"""Model formulations and options side by side: boolean vs channelled, symmetry breaking, construction hint.

For each size N and each variant the CP-SAT model is built directly through
``scheveningen.models.cpsat.model`` (not through ``scheveningen.solver.design``, so that the hint can be left
out and nothing but the model differs between variants), breaks are
minimised with rules 1-3 hard, and the run reports: model build time, the
numbers of variables and constraints in the proto, time to the first
solution (from a solution callback), the first and best breaks, the solver's
bound, the status, and the time to the proven optimum when it was reached.
Every schedule is checked by ``scheveningen.solver.verify.verifier.verify``; a failure, or a
break count that differs from the solver's objective, is printed loudly and
makes the script exit with status 1.

Variants: formulation ``boolean`` (meeting literals only) or ``channelled``
(plus integer opponent variables with AllDifferent, channelled to the
meeting literals), each with and without symmetry breaking, and with and
without the direct construction (``scheveningen.models.constructions.equal.construct``) as a
solution hint.  Sizes without a construction (N = 2 mod 4) have no hinted
variants.  Unlike ``design()``, the hinted variants do not also require
fewer breaks than the construction: the hint is only a hint.

    python benchmarks/formulations.py [--time-limit 10] [--workers 8] [--sizes 4-10] [--quick]

Writes benchmarks/results/formulations/formulations.{md,csv,png} (``--quick`` writes
``formulations_quick.*``).
"""

from __future__ import annotations

import argparse
import csv
import math
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from _common import machine_lines, markdown_table, parse_sizes, results_dir
from ortools.sat.python import cp_model

from scheveningen.models.constructions.equal import construct
from scheveningen.models.cpsat.model import MatchModel, ModelOptions
from scheveningen.models.domain.schedule import Schedule
from scheveningen.models.domain.symmetry import normalise
from scheveningen.solver.verify.verifier import verify

RESULTS = results_dir(__file__)
NAME = "formulations"


# --------------------------------------------------------------------------- variants and runs


@dataclass(frozen=True)
class Variant:
    formulation: str  # "boolean" | "channelled"
    symmetry: bool
    hint: bool

    @property
    def label(self) -> str:
        parts = ["bool" if self.formulation == "boolean" else "chan"]
        parts.append("sym" if self.symmetry else "nosym")
        if self.hint:
            parts.append("hint")
        return "+".join(parts)


VARIANTS = [
    Variant(formulation, symmetry, hint)
    for formulation in ("boolean", "channelled")
    for symmetry in (True, False)
    for hint in (False, True)
]


@dataclass
class Run:
    n: int
    variant: Variant
    build_s: float
    variables: int
    constraints: int
    status: str
    solve_s: float
    first_s: float | None
    first_breaks: int | None
    best_breaks: int | None
    best_found_s: float | None
    bound: int | None
    solutions: int
    verified: str  # "ok", "FAIL: ...", or "-" when there is no schedule
    breaks_a: int | None
    breaks_b: int | None

    @property
    def optimum_s(self) -> float | None:
        return self.solve_s if self.status == "OPTIMAL" else None

    @property
    def failed(self) -> bool:
        return self.verified.startswith("FAIL")

    def cells(self) -> list[str]:
        def show(value: object, fmt: str = "") -> str:
            return "-" if value is None else format(value, fmt)

        verified = f"**{self.verified}**" if self.failed else self.verified
        return [
            str(self.n),
            self.variant.label,
            f"{self.build_s:.3f}",
            str(self.variables),
            str(self.constraints),
            show(self.first_s, ".2f"),
            show(self.first_breaks),
            show(self.best_breaks),
            show(self.bound),
            self.status,
            show(self.optimum_s, ".2f"),
            f"{show(self.breaks_a)}/{show(self.breaks_b)}",
            verified,
        ]


HEADER = [
    "N",
    "variant",
    "build s",
    "vars",
    "constraints",
    "first sol s",
    "first breaks",
    "best breaks",
    "bound",
    "status",
    "optimum s",
    "A/B",
    "verified",
]


class Recorder(cp_model.CpSolverSolutionCallback):
    """Records (solver wall time, objective) for every improving solution."""

    def __init__(self) -> None:
        super().__init__()
        self.solutions: list[tuple[float, float]] = []

    def on_solution_callback(self) -> None:
        self.solutions.append((self.wall_time, self.objective_value))


def _opponent_vars(mm: MatchModel) -> dict[tuple[int, int], cp_model.IntVar]:
    """The channelled formulation's opponent variables, found by name in the proto (they are not kept on mm)."""
    found = {}
    for index, var in enumerate(mm.model.Proto().variables):
        if var.name.startswith("opp[r"):
            round_part, board_part = var.name[len("opp[r") : -1].split(",A")
            found[int(round_part), int(board_part)] = mm.model.get_int_var_from_proto_index(index)
    return found


def _add_hint(mm: MatchModel, start: Schedule) -> None:
    mm.hint(start)
    if mm.options.formulation == "channelled":
        opponents = {(r, board): game.b_player.number for r, board, game in start.games()}
        for key, var in _opponent_vars(mm).items():
            mm.model.add_hint(var, opponents[key])


def run_variant(n: int, variant: Variant, time_limit: float, workers: int, seed: int) -> Run:
    started = time.perf_counter()
    options = ModelOptions(boards=n, formulation=variant.formulation, symmetry_breaking=variant.symmetry)
    mm = MatchModel.build(options)
    mm.set_objective()
    if variant.hint:
        start = construct(n)
        assert start is not None, "hinted variants are only run where a construction exists"
        _add_hint(mm, normalise(start) if variant.symmetry else start)
    build_s = time.perf_counter() - started
    proto = mm.model.Proto()
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    recorder = Recorder()
    status = solver.solve(mm.model, recorder)
    status_name = solver.status_name(status)
    best = bound = None
    breaks_a = breaks_b = None
    verified = "-"
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        best = round(solver.objective_value)
        bound = max(0, math.ceil(solver.best_objective_bound - 1e-6))
        verdict = verify(mm.schedule_from(solver))
        breaks_a, breaks_b = verdict.metrics.breaks_by_team["A"], verdict.metrics.breaks_by_team["B"]
        problems = [v.message for v in verdict.violations()]
        if verdict.metrics.total_breaks != best:
            problems.insert(0, f"verifier counts {verdict.metrics.total_breaks} breaks, solver says {best}")
        verified = "ok" if verdict.ok and not problems else "FAIL: " + "; ".join(problems[:3])
        if verified != "ok":
            print(f"\n!!!!! VERIFICATION FAILED for N={n} {variant.label}: {verified}\n", file=sys.stderr, flush=True)
    first_s, first_breaks = (
        (recorder.solutions[0][0], round(recorder.solutions[0][1])) if recorder.solutions else (None, None)
    )
    best_found_s = recorder.solutions[-1][0] if recorder.solutions else None
    return Run(
        n=n,
        variant=variant,
        build_s=build_s,
        variables=len(proto.variables),
        constraints=len(proto.constraints),
        status=status_name,
        solve_s=solver.wall_time,
        first_s=first_s,
        first_breaks=first_breaks,
        best_breaks=best,
        best_found_s=best_found_s,
        bound=bound,
        solutions=len(recorder.solutions),
        verified=verified,
        breaks_a=breaks_a,
        breaks_b=breaks_b,
    )


# --------------------------------------------------------------------------- summary and plot


@dataclass
class Score:
    variant: Variant
    sizes: int
    optimal: int
    best_known: int  # sizes where this variant's breaks equal the fewest any variant found
    total_breaks: int | None  # over sizes where it found something
    mean_first_s: float | None
    total_solve_s: float  # time limit counted for runs that did not finish

    def cells(self) -> list[str]:
        return [
            self.variant.label,
            f"{self.optimal}/{self.sizes}",
            f"{self.best_known}/{self.sizes}",
            "-" if self.total_breaks is None else str(self.total_breaks),
            "-" if self.mean_first_s is None else f"{self.mean_first_s:.2f}",
            f"{self.total_solve_s:.1f}",
        ]


SCORE_HEADER = ["variant", "optimal", "fewest breaks", "sum breaks", "mean first sol s", "total solve s"]


def scores(runs: list[Run], sizes: list[int]) -> tuple[list[Score], list[int]]:
    """Rank variants on the sizes every one of them ran (hinted variants skip N = 2 mod 4)."""
    common = [n for n in sizes if all(any(r.n == n and r.variant == v for r in runs) for v in VARIANTS)]
    fewest = {}
    for n in common:
        found = [r.best_breaks for r in runs if r.n == n and r.best_breaks is not None]
        fewest[n] = min(found) if found else None
    out = []
    for v in VARIANTS:
        mine = [r for r in runs if r.variant == v and r.n in common]
        found = [r for r in mine if r.best_breaks is not None]
        firsts = [r.first_s for r in mine if r.first_s is not None]
        out.append(
            Score(
                variant=v,
                sizes=len(mine),
                optimal=sum(1 for r in mine if r.status == "OPTIMAL"),
                best_known=sum(1 for r in mine if r.best_breaks is not None and r.best_breaks == fewest[r.n]),
                total_breaks=sum(r.best_breaks for r in found) if len(found) == len(mine) and mine else None,
                mean_first_s=sum(firsts) / len(firsts) if firsts else None,
                total_solve_s=sum(r.solve_s for r in mine),
            )
        )
    out.sort(key=lambda s: (-s.optimal, -s.best_known, s.total_solve_s))
    return out, common


def plot(runs: list[Run], sizes: list[int], path: Path, title: str, time_limit: float) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    colours = {
        Variant("boolean", True, False): "#1f77b4",
        Variant("boolean", True, True): "#aec7e8",
        Variant("boolean", False, False): "#2ca02c",
        Variant("boolean", False, True): "#98df8a",
        Variant("channelled", True, False): "#d62728",
        Variant("channelled", True, True): "#ff9896",
        Variant("channelled", False, False): "#ff7f0e",
        Variant("channelled", False, True): "#ffbb78",
    }
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(12, 8.5), dpi=110, sharex=True)
    width = 0.8 / len(VARIANTS)
    for i, v in enumerate(VARIANTS):
        offset = (i - (len(VARIANTS) - 1) / 2) * width
        for r in runs:
            if r.variant != v:
                continue
            x = sizes.index(r.n) + offset
            if r.best_breaks is not None:
                top.bar(x, r.best_breaks, width, color=colours[v], edgecolor="black", linewidth=0.4)
            if r.status == "OPTIMAL":
                bottom.bar(x, max(r.solve_s, 1e-3), width, color=colours[v], edgecolor="black", linewidth=0.4)
            else:
                bottom.bar(x, time_limit, width, color="white", edgecolor=colours[v], hatch="///", linewidth=1.0)
            if r.failed:
                top.annotate("FAIL", (x, r.best_breaks or 0), color="red", ha="center", va="bottom", fontsize=8)
    for i, v in enumerate(VARIANTS):
        offset = (i - (len(VARIANTS) - 1) / 2) * width
        for n in sizes:
            if not any(r.n == n and r.variant == v for r in runs):
                x = sizes.index(n) + offset
                top.text(x, 0.2, "n/a", rotation=90, ha="center", va="bottom", fontsize=7, color="gray")
    for n in sizes:
        bounds = [r.bound for r in runs if r.n == n and r.bound is not None]
        if bounds:
            i = sizes.index(n)
            top.hlines(max(bounds), i - 0.45, i + 0.45, colors="black", linestyles="--", linewidth=1)
    top.set_ylabel("best breaks found")
    top.set_title(title, fontsize=10)
    top.grid(True, axis="y", alpha=0.3)
    bottom.set_yscale("log")
    bottom.set_ylabel("time to proven optimum, s (log)")
    bottom.axhline(time_limit, color="gray", linestyle=":", linewidth=1)
    bottom.grid(True, axis="y", alpha=0.3)
    bottom.set_xticks(range(len(sizes)))
    bottom.set_xticklabels([f"N={n}" for n in sizes])
    handles = [Patch(facecolor=colours[v], edgecolor="black", label=v.label) for v in VARIANTS]
    handles.append(Patch(facecolor="white", edgecolor="gray", hatch="///", label="not proven in time limit"))
    handles.append(plt.Line2D([], [], color="black", linestyle="--", label="best proven bound"))
    fig.legend(handles=handles, loc="lower center", ncol=5, fontsize=8, frameon=False)
    fig.tight_layout(rect=(0, 0.07, 1, 1))
    fig.savefig(path)
    plt.close(fig)


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per solve (default 10; quick 3)")
    parser.add_argument("--workers", type=int, default=8, help="CP-SAT workers (default 8)")
    parser.add_argument("--seed", type=int, default=0, help="CP-SAT random seed (default 0)")
    parser.add_argument("--sizes", type=parse_sizes, default=None, help="e.g. 4-10 or 4,6,8 (default 4-10; quick 4-6)")
    parser.add_argument("--quick", action="store_true", help="smoke run: small sizes, short limit, *_quick outputs")
    parser.add_argument(
        "--out-dir", type=Path, default=RESULTS, help="where results go (default benchmarks/results/formulations)"
    )
    args = parser.parse_args(argv)
    time_limit = args.time_limit if args.time_limit is not None else (3.0 if args.quick else 10.0)
    sizes = args.sizes if args.sizes is not None else (list(range(4, 7)) if args.quick else list(range(4, 11)))
    stem = NAME + ("_quick" if args.quick else "")
    args.out_dir.mkdir(parents=True, exist_ok=True)

    header_lines = machine_lines([sys.argv[0], *argv])
    print("\n".join(header_lines))
    print(f"- time limit {time_limit:g} s per solve, workers {args.workers}, seed {args.seed}")
    print()
    print(" | ".join(HEADER), flush=True)
    runs: list[Run] = []
    skipped: list[str] = []
    for n in sizes:
        has_construction = construct(n) is not None
        for v in VARIANTS:
            if v.hint and not has_construction:
                skipped.append(f"N={n} {v.label}")
                continue
            run = run_variant(n, v, time_limit, args.workers, args.seed)
            runs.append(run)
            print(" | ".join(run.cells()), flush=True)

    ranking, common = scores(runs, sizes)
    failures = [r for r in runs if r.failed]
    print()
    print(f"Ranking over N = {', '.join(map(str, common)) or '(none)'} (sizes where every variant ran):")
    print(" | ".join(SCORE_HEADER))
    for s in ranking:
        print(" | ".join(s.cells()))
    # The same ranking without the hint (all sizes), so N = 2 mod 4 counts too.
    unhinted = [r for r in runs if not r.variant.hint]
    plain = {}
    for v in (v for v in VARIANTS if not v.hint):
        mine = [r for r in unhinted if r.variant == v]
        plain[v] = (sum(1 for r in mine if r.status == "OPTIMAL"), sum(r.solve_s for r in mine))
    plain_order = sorted(plain, key=lambda v: (-plain[v][0], plain[v][1]))
    plain_line = "Without hints, on every size: " + "; ".join(
        f"{v.label} {plain[v][0]} optimal in {plain[v][1]:.1f} s total" for v in plain_order
    )
    print(plain_line)
    verdict_line = (
        f"**{len(failures)} schedules FAILED verification: "
        + ", ".join(f"N={r.n} {r.variant.label}" for r in failures)
        + "**"
        if failures
        else f"All {sum(1 for r in runs if r.verified == 'ok')} schedules found passed the verifier."
    )
    print(verdict_line)

    md = [
        "# CP-SAT formulations and options",
        "",
        *header_lines,
        f"- Time limit {time_limit:g} s per solve, workers {args.workers}, seed {args.seed}; rules 1-3 hard, "
        "objective: minimise breaks",
        "",
        "Variants: `bool` = Boolean meeting variables only; `chan` = plus integer opponent variables with "
        "AllDifferent channelled to them; `sym`/`nosym` = with/without symmetry breaking; `hint` = the direct "
        "construction given as a solution hint (normalised when symmetry breaking is on; no hinted runs for "
        "N = 2 mod 4, which has no construction). Times are the solver's wall time; `first sol s` comes from "
        "a solution callback; `optimum s` is given only when the optimum was proven. `bound` is the solver's "
        "objective bound (the model includes the analytic bound as a cut). `A/B` are the verifier's break "
        "counts per team for the best schedule.",
        "",
        *markdown_table(HEADER, [r.cells() for r in runs]),
        "",
    ]
    if skipped:
        md += [f"Not run (no construction to hint): {', '.join(skipped)}.", ""]
    md += [
        f"## Ranking over N = {', '.join(map(str, common)) or '(none)'}",
        "",
        "Sorted by sizes proven optimal, then sizes where the variant matched the fewest breaks any variant "
        "found, then total solve time (the time limit counts for an unfinished run).",
        "",
        *markdown_table(SCORE_HEADER, [s.cells() for s in ranking]),
        "",
        plain_line,
        "",
        verdict_line,
        "",
        f"![best breaks and time to optimum]({stem}.png)",
        "",
    ]
    (args.out_dir / f"{stem}.md").write_text("\n".join(md), encoding="utf-8")
    with open(args.out_dir / f"{stem}.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            [
                "n",
                "formulation",
                "symmetry_breaking",
                "hint",
                "build_s",
                "variables",
                "constraints",
                "first_solution_s",
                "first_breaks",
                "best_breaks",
                "best_found_s",
                "bound",
                "status",
                "optimum_s",
                "solve_s",
                "solutions",
                "breaks_a",
                "breaks_b",
                "verified",
            ]
        )
        for r in runs:
            writer.writerow(
                [
                    r.n,
                    r.variant.formulation,
                    r.variant.symmetry,
                    r.variant.hint,
                    f"{r.build_s:.4f}",
                    r.variables,
                    r.constraints,
                    "" if r.first_s is None else f"{r.first_s:.4f}",
                    r.first_breaks,
                    r.best_breaks,
                    "" if r.best_found_s is None else f"{r.best_found_s:.4f}",
                    r.bound,
                    r.status,
                    "" if r.optimum_s is None else f"{r.optimum_s:.4f}",
                    f"{r.solve_s:.4f}",
                    r.solutions,
                    r.breaks_a,
                    r.breaks_b,
                    r.verified,
                ]
            )
    plot(
        runs,
        sizes,
        args.out_dir / f"{stem}.png",
        f"Best breaks (top) and time to proven optimum (bottom) per variant; {time_limit:g} s limit, "
        f"{args.workers} workers",
        time_limit,
    )
    print(f"wrote {args.out_dir / stem}.{{md,csv,png}}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
