"""Teams one apart with the smaller odd: can the passes' orders move little enough to skip the cut?

The alternating layout (models/constructions/positions/) writes the games as one sequence, team A (p players, p odd)
in passes of p positions and team B (q = p + 1) in passes of q, team A White at the even positions.
Every player alternates when its offset moves by an even number of places from one A-pass to the next
(team A) or by an odd number from one B-pass to the next (team B).  If moreover no offset moves back
by more than ``back_a`` places (team A) or ``back_b`` (team B), a player's consecutive games are at
least min(p - back_a, q - back_b) positions apart, so no cut into rounds of k games at or below that
repeats a player, whatever k: such a layout would be a closed form for every k up to there, as
``one_apart_closed`` is for the smaller team even.

For each p and each pair of limits this script asks CP-SAT (its own model, written here) for the
passes' orders: every A-pass and B-pass a permutation, each player's moves within the limits, every
pair meeting exactly once; the first pass of each team fixed to the identity (a renumbering).  It
records the answer (a layout exists, none exists, or unknown at the time limit) and the time, and
writes benchmarks/results/one_apart_motions/<name>.{md,csv}.  ``back_a = 0`` fixes team A's order (an even move that
never goes back is no move at all).

    python benchmarks/one_apart_motions.py [--sizes 7,9,11] [--limits 0:7,2:1,2:3,4:5] [--time-limit 120]
        [--workers 2] [--name one_apart_motions]
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

from _common import load_average, machine_lines, markdown_table, parse_sizes, results_dir, write_results
from ortools.sat.python import cp_model

RESULTS = results_dir(__file__)
HEADER = ["p", "q", "back A", "back B", "safe up to k", "answer", "seconds"]


def motions_model(p: int, back_a: int, back_b: int) -> cp_model.CpModel:
    """The model of the module docstring for p against p + 1."""
    q = p + 1
    model = cp_model.CpModel()
    # at_a[i][x][a]: A player a at offset x of A-pass i (q passes); at_b[n][y][b] likewise (p passes)
    at_a = [[[model.new_bool_var("") for _ in range(p)] for _ in range(p)] for _ in range(q)]
    at_b = [[[model.new_bool_var("") for _ in range(q)] for _ in range(q)] for _ in range(p)]
    for grid, size in ((at_a, p), (at_b, q)):
        for cells in grid:
            for offset in range(size):
                model.add_exactly_one(cells[offset])
            for player in range(size):
                model.add_exactly_one(cells[offset][player] for offset in range(size))
    for grid, size, parity, back in ((at_a, p, 0, back_a), (at_b, q, 1, back_b)):
        for here, there in itertools.pairwise(grid):
            for offset in range(size):
                allowed = [o for o in range(size) if (o - offset) % 2 == parity and o - offset >= -back]
                for player in range(size):
                    model.add_bool_or([~here[offset][player], *(there[o][player] for o in allowed)])
    meets: dict[tuple[int, int], list[cp_model.IntVar]] = {}
    for s in range(p * q):
        i, x = divmod(s, p)
        n, y = divmod(s, q)
        for a in range(p):
            for b in range(q):
                meet = model.new_bool_var("")
                model.add_implication(meet, at_a[i][x][a])
                model.add_implication(meet, at_b[n][y][b])
                model.add_bool_or([meet, ~at_a[i][x][a], ~at_b[n][y][b]])
                meets.setdefault((a, b), []).append(meet)
    for lits in meets.values():
        model.add_exactly_one(lits)
    for x in range(p):
        model.add(at_a[0][x][x] == 1)
    for y in range(q):
        model.add(at_b[0][y][y] == 1)
    return model


def parse_limits(text: str) -> list[tuple[int, int]]:
    """``A:B,A:B,...``: how far back team A's and team B's offsets may move."""
    out = []
    for item in text.split(","):
        parts = item.strip().split(":")
        if len(parts) != 2 or not all(part.isdigit() for part in parts):
            raise argparse.ArgumentTypeError(f"{item!r} is not A:B")
        out.append((int(parts[0]), int(parts[1])))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", type=parse_sizes, default=[7, 9, 11], help="odd p (default 7,9,11)")
    parser.add_argument("--limits", type=parse_limits, default=parse_limits("0:7,2:1,2:3,4:5"))
    parser.add_argument("--time-limit", type=float, default=120.0, help="seconds for each model")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out-dir", type=Path, default=RESULTS)
    parser.add_argument("--name", default="one_apart_motions")
    args = parser.parse_args(argv)
    if any(p % 2 == 0 or p < 3 for p in args.sizes):
        parser.error("--sizes takes odd p from 3")
    header = machine_lines([sys.argv[0], *(argv if argv is not None else sys.argv[1:])])
    print("\n".join(header), flush=True)
    rows = []
    for p in args.sizes:
        for back_a, back_b in args.limits:
            solver = cp_model.CpSolver()
            solver.parameters.max_time_in_seconds = args.time_limit
            solver.parameters.num_workers = args.workers
            started = time.monotonic()
            status = solver.solve(motions_model(p, back_a, back_b))
            answer = {cp_model.OPTIMAL: "exists", cp_model.FEASIBLE: "exists", cp_model.INFEASIBLE: "none"}
            safe = max(0, min(p - back_a, p + 1 - back_b))
            row = [p, p + 1, back_a, back_b, safe, answer.get(status, "unknown"), f"{time.monotonic() - started:.1f}"]
            rows.append([str(value) for value in row])
            print(" | ".join(rows[-1]), flush=True)
    summary = [f"Load average at the end: {load_average()} (timings on a shared machine are noisy)."]
    markdown = [
        "# Teams one apart, the smaller odd: passes whose orders move little (`one_apart_motions.py`)",
        "",
        *header,
        "",
        *summary,
        "",
        "`back A`, `back B`: how many offsets back a player of each team may move from one pass to the next "
        "(team A by an even number of places, team B by an odd number); `safe up to k`: no round of at most "
        "that many games can then hold a player twice; `answer`: whether CP-SAT found such a layout meeting "
        "every pair once (`exists`), proved there is none (`none`), or neither in the time (`unknown`).",
        "",
        *markdown_table(HEADER, rows),
        "",
    ]
    args.out_dir.mkdir(parents=True, exist_ok=True)
    write_results(args.out_dir, args.name, markdown, HEADER, rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
