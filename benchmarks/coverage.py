"""Coverage and time: time to the first valid schedule, N = 2..100, this tool against a plain CP-SAT model.

For every size two things run one after the other on the same machine in the
same run:

(a) this tool as a user meets it: ``schev generate N --time-limit 1 --format json``
    in a fresh process, timed from launch to exit (Python start-up and imports
    included), with the status, breaks and lower bound read from its JSON and
    the schedule re-checked by ``scheveningen.solver.verify.verifier.verify``;
(b) the plain one-model CP-SAT baseline: ``MatchModel.build(ModelOptions(N,
    objective="none", symmetry_breaking=False, break_bound_cut=False))``, no
    objective, no hint, no construction, solved with
    ``stop_after_first_solution``, build plus solve capped at ``--baseline-limit``
    seconds (in this process, so without start-up).  The model grows as N^3 in
    build time and memory, so sizes above ``--baseline-max-n`` are recorded as
    "skipped", not run.

    python benchmarks/coverage.py [--time-limit 1] [--workers 8] [--sizes 2-100]
                                  [--baseline-limit 60] [--baseline-max-n 40] [--quick]

Writes benchmarks/results/coverage/coverage.{md,csv,png} (``--quick`` writes
``coverage_quick.*``).  Exit status 1 if any schedule fails verification, or the
tool gives no schedule, crashes or hangs for a size.
"""

from __future__ import annotations

import argparse
import json
import shlex
import shutil
import subprocess
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from _common import load_average, machine_lines, markdown_table, parse_sizes, results_dir, write_results
from ortools.sat.python import cp_model

from scheveningen.models.cpsat.model import MatchModel, ModelOptions
from scheveningen.models.domain.schedule import Game, Player, Schedule
from scheveningen.solver.verify.verifier import verify

RESULTS = results_dir(__file__)
NAME = "coverage"


# --------------------------------------------------------------------------- the tool, as a process


def schev_command() -> list[str]:
    """The installed ``schev`` entry point, or ``python -m scheveningen`` when it is not on PATH."""
    found = shutil.which("schev")
    return [found] if found else [sys.executable, "-m", "scheveningen"]


def startup_seconds(command: list[str], repeats: int = 3) -> float:
    """Fastest of a few ``schev --version`` runs: process start-up plus every import, no design."""
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        subprocess.run([*command, "--version"], capture_output=True, check=False)
        best = min(best, time.perf_counter() - started)
    return best


def schedule_from_json(games: list[dict[str, object]]) -> Schedule:
    """Rebuild a schedule from the ``games`` list of ``schev generate --format json``."""
    rounds: dict[int, dict[int, Game]] = {}
    for game in games:
        white, black = Player.parse(str(game["white"])), Player.parse(str(game["black"]))
        rounds.setdefault(int(game["round"]), {})[int(game["board"])] = Game(white, black)
    ordered = [tuple(boards[b] for b in sorted(boards)) for _r, boards in sorted(rounds.items())]
    return Schedule(boards=len(ordered[0]), rounds=tuple(ordered))


@dataclass
class ToolRun:
    wall_s: float  # whole process, launch to exit
    exit_code: int | None  # None: killed after the process timeout
    status: str
    breaks: int | None
    lower_bound: int | None
    design_s: float | None  # design() wall time as the tool reports it
    verified: bool | None
    note: str

    @property
    def failed(self) -> bool:
        return self.verified is not True


def run_tool(command: list[str], n: int, time_limit: float, workers: int, seed: int, timeout: float) -> ToolRun:
    argv = [*command, "generate", str(n), "--time-limit", f"{time_limit:g}", "--workers", str(workers)]
    argv += ["--seed", str(seed), "--format", "json", "--quiet"]
    started = time.perf_counter()
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return ToolRun(
            time.perf_counter() - started, None, "HUNG", None, None, None, None, f"killed after {timeout:g} s"
        )
    wall = time.perf_counter() - started
    try:
        data = json.loads(done.stdout)
    except json.JSONDecodeError:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return ToolRun(wall, done.returncode, "ERROR", None, None, None, None, f"exit {done.returncode}: {tail}"[:200])
    notes = [str(m) for m in data.get("messages", [])]
    verified: bool | None = None
    if data.get("games"):
        try:
            verdict = verify(schedule_from_json(data["games"]))
            verified = verdict.ok and verdict.metrics.total_breaks == data["breaks"]
            if not verdict.ok:
                notes.insert(0, "**schedule FAILS verification**")
            elif verdict.metrics.total_breaks != data["breaks"]:
                notes.insert(
                    0, f"**verifier counts {verdict.metrics.total_breaks} breaks, tool says {data['breaks']}**"
                )
        except Exception as error:  # a malformed schedule is a failure too, reported, not raised
            traceback.print_exc()
            verified = False
            notes.insert(0, f"**unreadable schedule: {error!r}**"[:200])
    else:
        notes.insert(0, f"**no schedule (exit {done.returncode})**")
    return ToolRun(
        wall,
        done.returncode,
        str(data.get("status")),
        data.get("breaks"),
        data.get("lower_bound"),
        data.get("wall_time"),
        verified,
        "; ".join(notes),
    )


# --------------------------------------------------------------------------- the plain CP-SAT baseline


@dataclass
class BaselineRun:
    status: str  # solved / infeasible / timeout / skipped / ERROR / FAIL
    build_s: float | None
    solve_s: float | None
    breaks: int | None
    verified: bool | None
    note: str = ""

    @property
    def total_s(self) -> float | None:
        if self.build_s is None or self.solve_s is None:
            return None
        return self.build_s + self.solve_s


def run_baseline(n: int, limit: float, workers: int, seed: int) -> BaselineRun:
    started = time.perf_counter()
    try:
        mm = MatchModel.build(ModelOptions(n, objective="none", symmetry_breaking=False, break_bound_cut=False))
        mm.set_objective()
        build = time.perf_counter() - started
        solver = cp_model.CpSolver()
        solver.parameters.max_time_in_seconds = max(limit - build, 0.01)
        solver.parameters.num_workers = workers
        solver.parameters.random_seed = seed
        solver.parameters.stop_after_first_solution = True
        solving = time.perf_counter()
        status = solver.solve(mm.model)
        solve = time.perf_counter() - solving
    except Exception as error:
        traceback.print_exc()
        return BaselineRun("ERROR", None, None, None, None, f"{error!r}"[:200])
    if status == cp_model.INFEASIBLE:
        return BaselineRun("infeasible", build, solve, None, None, "proven: no schedule keeps rules 1-3 (none relaxed)")
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return BaselineRun("timeout", build, solve, None, None, f"no solution within {limit:g} s")
    verdict = verify(mm.schedule_from(solver))
    if not verdict.ok:
        return BaselineRun("FAIL", build, solve, verdict.metrics.total_breaks, False, "**FAILS verification**")
    return BaselineRun("solved", build, solve, verdict.metrics.total_breaks, True)


# --------------------------------------------------------------------------- rows, table, plot


@dataclass
class Row:
    n: int
    tool: ToolRun
    base: BaselineRun

    def cells(self) -> list[str]:
        def show(value: object, fmt: str = "") -> str:
            return "-" if value is None else format(value, fmt)

        t, b = self.tool, self.base
        tool_ok = "-" if t.verified is None else ("ok" if t.verified else "**FAIL**")
        base_ok = "-" if b.verified is None else ("ok" if b.verified else "**FAIL**")
        return [
            str(self.n),
            f"{t.wall_s:.2f}",
            show(t.design_s, ".2f"),
            t.status,
            show(t.breaks),
            show(t.lower_bound),
            tool_ok,
            b.status,
            show(b.build_s, ".2f"),
            show(b.total_s, ".2f"),
            show(b.breaks),
            base_ok,
            "; ".join(x for x in (t.note, b.note) if x),
        ]

    def csv_row(self) -> list[object]:
        t, b = self.tool, self.base

        def rounded(value: float | None) -> str:
            return "" if value is None else f"{value:.3f}"

        return [
            self.n,
            rounded(t.wall_s),
            rounded(t.design_s),
            t.exit_code,
            t.status,
            t.breaks,
            t.lower_bound,
            t.verified,
            t.note,
            b.status,
            rounded(b.build_s),
            rounded(b.solve_s),
            rounded(b.total_s),
            b.breaks,
            b.verified,
            b.note,
        ]


HEADER = [
    "N",
    "tool s (process)",
    "tool s (design)",
    "tool status",
    "breaks",
    "lower bound",
    "verified",
    "baseline",
    "build s",
    "build+solve s",
    "breaks",
    "verified",
    "notes",
]
CSV_HEADER = [
    "n",
    "tool_process_s",
    "tool_design_s",
    "tool_exit_code",
    "tool_status",
    "tool_breaks",
    "tool_lower_bound",
    "tool_verified",
    "tool_notes",
    "baseline_status",
    "baseline_build_s",
    "baseline_solve_s",
    "baseline_total_s",
    "baseline_breaks",
    "baseline_verified",
    "baseline_notes",
]


def plot(rows: list[Row], path: Path, title: str, baseline_limit: float, startup: float) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(10, 5.5), dpi=120)
    tool = [(r.n, r.tool.wall_s) for r in rows if r.tool.verified]
    if tool:
        ax.plot(
            *zip(*tool, strict=True), "o-", color="tab:blue", markersize=3.5, label="schev generate (whole process)"
        )
    solved = [(r.n, r.base.total_s) for r in rows if r.base.status == "solved"]
    if solved:
        ax.plot(
            *zip(*solved, strict=True), "s-", color="tab:orange", markersize=3.5, label="plain CP-SAT: build + solve"
        )
    timeouts = [(r.n, r.base.total_s or baseline_limit) for r in rows if r.base.status == "timeout"]
    if timeouts:
        ax.plot(*zip(*timeouts, strict=True), "x", color="red", markersize=9, mew=2, label="plain CP-SAT: time-out")
    other = [(r.n, r.base.total_s) for r in rows if r.base.status in ("infeasible", "ERROR", "FAIL") and r.base.total_s]
    if other:
        ax.plot(*zip(*other, strict=True), "^", color="gray", label="plain CP-SAT: infeasible/error")
    failed = [(r.n, r.tool.wall_s) for r in rows if r.tool.failed]
    if failed:
        ax.plot(*zip(*failed, strict=True), "X", color="red", markersize=10, label="schev: FAILED")
    run_base = [r.n for r in rows if r.base.status != "skipped"]
    if run_base and len(run_base) < len(rows):
        ax.axvline(max(run_base) + 0.5, color="gray", linestyle=":", linewidth=1)
        ax.text(
            max(run_base) + 1,
            0.03,
            "baseline skipped beyond",
            fontsize=8,
            color="gray",
            transform=ax.get_xaxis_transform(),
        )
    ax.axhline(baseline_limit, color="orange", linestyle=":", linewidth=1)
    ax.text(
        rows[-1].n, baseline_limit, f"baseline cap {baseline_limit:g} s", fontsize=8, color="tab:orange", ha="right"
    )
    ax.axhline(startup, color="tab:blue", linestyle="--", linewidth=0.8, alpha=0.6)
    ax.text(rows[-1].n, startup, f"start-up alone {startup:.2f} s", fontsize=8, color="tab:blue", ha="right", va="top")
    ax.set_yscale("log")
    ax.set_xlabel("boards N")
    ax.set_ylabel("time to first valid schedule, s (log)")
    ax.set_title(title, fontsize=10)
    ax.grid(True, which="both", alpha=0.25)
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=1.0, help="schev --time-limit per size (default 1)")
    parser.add_argument("--workers", type=int, default=8, help="CP-SAT workers for both (default 8)")
    parser.add_argument("--seed", type=int, default=0, help="CP-SAT random seed (default 0)")
    parser.add_argument("--sizes", type=parse_sizes, default=None, help="e.g. 2-100 (default 2-100; quick 2-12)")
    parser.add_argument(
        "--baseline-limit",
        type=float,
        default=None,
        help="seconds for the baseline's build+solve (default 60; quick 10)",
    )
    parser.add_argument(
        "--baseline-max-n", type=int, default=None, help="skip the baseline above this N (default 40; quick 12)"
    )
    parser.add_argument("--quick", action="store_true", help="smoke run: small sizes, short limit, *_quick outputs")
    parser.add_argument(
        "--out-dir", type=Path, default=RESULTS, help="where results go (default benchmarks/results/coverage)"
    )
    args = parser.parse_args(argv)
    sizes = args.sizes if args.sizes is not None else (list(range(2, 13)) if args.quick else list(range(2, 101)))
    baseline_limit = args.baseline_limit if args.baseline_limit is not None else (10.0 if args.quick else 60.0)
    baseline_max_n = args.baseline_max_n if args.baseline_max_n is not None else (12 if args.quick else 40)
    process_timeout = max(120.0, 20 * args.time_limit)
    stem = NAME + ("_quick" if args.quick else "")
    args.out_dir.mkdir(parents=True, exist_ok=True)

    command = schev_command()
    header_lines = machine_lines([sys.argv[0], *argv])
    startup = startup_seconds(command)
    tool_line = (
        f"- Tool: `{shlex.join([Path(command[0]).name, *command[1:]])} generate N --time-limit {args.time_limit:g} "
        f"--workers {args.workers} --seed {args.seed} --format json --quiet`, one fresh process per N, timed launch "
        f"to exit; start-up alone (`schev --version`, fastest of 3) takes {startup:.2f} s"
    )
    base_line = (
        f"- Baseline: one CP-SAT model, no objective, no symmetry breaking, no break-bound cut, no hint; "
        f"`stop_after_first_solution`, {args.workers} workers, seed {args.seed}; build + solve capped at "
        f"{baseline_limit:g} s; run for N <= {baseline_max_n}, skipped above"
    )
    print("\n".join([*header_lines, tool_line, base_line]))
    print()
    print(" | ".join(HEADER), flush=True)
    started = time.perf_counter()
    rows: list[Row] = []
    for n in sizes:
        tool = run_tool(command, n, args.time_limit, args.workers, args.seed, process_timeout)
        if n <= baseline_max_n:
            base = run_baseline(n, baseline_limit, args.workers, args.seed)
        else:
            base = BaselineRun("skipped", None, None, None, None)
        row = Row(n, tool, base)
        rows.append(row)
        print(" | ".join(row.cells()), flush=True)
    elapsed = time.perf_counter() - started

    failures = [r for r in rows if r.tool.failed or r.base.status in ("FAIL", "ERROR")]
    good = [r for r in rows if not r.tool.failed]
    lines = [f"This tool gave a verified schedule for {len(good)} of {len(rows)} sizes (N = {sizes[0]}..{sizes[-1]})."]
    for cap in sorted({min(64, sizes[-1]), sizes[-1]}):
        within = [r for r in good if r.n <= cap]
        if within:
            worst = max(within, key=lambda r: r.tool.wall_s)
            lines.append(
                f"Slowest whole-process time for N <= {cap}: {worst.tool.wall_s:.2f} s (N = {worst.n}); "
                f"median {sorted(r.tool.wall_s for r in within)[len(within) // 2]:.2f} s."
            )
    optimal = [r for r in good if r.tool.status == "optimal"]
    lines.append(f"Tool status optimal (breaks = proven lower bound) on {len(optimal)} of {len(good)} sizes.")
    ran = [r for r in rows if r.base.status != "skipped"]
    solved = [r for r in ran if r.base.status == "solved"]
    if ran:
        text = f"Plain CP-SAT baseline: run on {len(ran)} sizes (N <= {baseline_max_n}), solved {len(solved)}"
        counts = {s: sum(1 for r in ran if r.base.status == s) for s in ("timeout", "infeasible", "ERROR", "FAIL")}
        text += "".join(f", {s} {c}" for s, c in counts.items() if c)
        if solved:
            largest = max(solved, key=lambda r: r.n)
            slowest = max(solved, key=lambda r: r.base.total_s or 0.0)
            text += (
                f"; largest N solved {largest.n} in {largest.base.total_s:.2f} s "
                f"(build {largest.base.build_s:.2f} s); slowest {slowest.base.total_s:.2f} s at N = {slowest.n}"
            )
            compared = [r for r in solved if not r.tool.failed]
            faster = sum(1 for r in compared if r.tool.wall_s < (r.base.total_s or 0.0))
            text += (
                f". The tool's whole process was faster than the baseline's in-process build+solve on {faster} of "
                f"{len(compared)} sizes both solved; the baseline's first schedules have "
                f"{sum(r.base.breaks or 0 for r in compared)} breaks in total against the tool's "
                f"{sum(r.tool.breaks or 0 for r in compared)}"
            )
        lines.append(text + ".")
    skipped = [r.n for r in rows if r.base.status == "skipped"]
    if skipped:
        where = f"{skipped[0]}" if len(skipped) == 1 else f"{skipped[0]}..{skipped[-1]}"
        lines.append(f"Baseline skipped (not run) for {len(skipped)} size(s), N = {where}.")
    lines.append(f"Whole benchmark: {elapsed / 60:.1f} minutes.")
    if failures:
        lines.append("**FAILURES: N = " + ", ".join(str(r.n) for r in failures) + "**")
    lines.append(f"Load average at the end: {load_average()}.")
    summary = " ".join(lines)
    print()
    print(summary)

    md = [
        "# Coverage and time to the first valid schedule",
        "",
        *header_lines,
        tool_line,
        base_line,
        "",
        "`tool s (process)` is what a user waits for: launch to exit of `schev generate`, Python start-up and "
        "imports included. `tool s (design)` is the `wall_time` the tool reports for `design()` alone. The "
        "baseline's `build+solve s` is measured inside this (already started) Python process, so it excludes "
        "start-up: the comparison favours the baseline by about the start-up time. Every schedule, from either "
        "side, is checked by `scheveningen.solver.verify.verifier.verify`; `breaks` and `lower bound` of the tool "
        "are from its JSON "
        "and the verifier's count must agree. Baseline status: `solved` (first solution found and verified), "
        "`timeout` (none within the cap), `infeasible` (proven: no schedule keeps rules 1-3; the tool relaxes a "
        "rule there instead), `skipped` (not run: N above the baseline cut-off).",
        "",
        *markdown_table(HEADER, [r.cells() for r in rows]),
        "",
        summary,
        "",
        f"![time to first valid schedule]({stem}.png)",
        "",
    ]
    write_results(args.out_dir, stem, md, CSV_HEADER, [r.csv_row() for r in rows])
    plot(
        rows,
        args.out_dir / f"{stem}.png",
        f"Time to the first valid schedule: schev --time-limit {args.time_limit:g} vs plain CP-SAT "
        f"(cap {baseline_limit:g} s), {args.workers} workers",
        baseline_limit,
        startup,
    )
    print(f"wrote {args.out_dir / stem}.{{md,csv,png}}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
