"""Teams with a few reserves: the phase construction beside the one it replaced, in one run.

Team A of p players against team B of k players on k boards, team B playing every round, p - k odd
and small (one reserve, three, five, seven): the commonest unequal matches.  For each size this runs,
side by side,

* ``new``: ``models/constructions/reserve.py`` (:func:`reserve_schedule` for p = k + 1 and even k,
  :func:`reserves_schedule` over the rotation's sit-outs otherwise; the designer takes it for one
  reserve on even k, and for three or five, on odd k up to ``RESERVES_ODD_CELLS``);
* ``previous``: ``models/constructions/unequal/full_side.py: full_side_schedule``, the construction the designer used
  for these sizes before (the extended equal design for one reserve on even k, the extended or
  grouped bases for more; board classes, blocks or pairs for odd k);

and checks every schedule with the verifier (solver/verify/verifier.py), with the proven lower bound beside.

    python benchmarks/reserves.py [--boards 4-98] [--reserves 1,3,5,7] [--name reserves]

Writes benchmarks/results/reserves/<name>.{md,csv}; exits 1 if a schedule fails the verifier.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from _common import load_average, machine_lines, markdown_table, parse_sizes, results_dir, write_results

from scheveningen.models.bounds.proven import unequal_break_bound
from scheveningen.models.constructions.reserve import reserve_schedule, reserves_schedule
from scheveningen.models.constructions.unequal.full_side import full_side_schedule
from scheveningen.models.constructions.unequal.helpers import rotation_plays
from scheveningen.models.domain.schedule import Schedule
from scheveningen.solver.verify.verifier import verify

OUT = results_dir(__file__)


def _new(p: int, k: int) -> Schedule | None:
    if p == k + 1 and k % 2 == 0:
        return reserve_schedule(k)
    return reserves_schedule(rotation_plays(p, k, p), k)


def _run(build: Callable[[int, int], Schedule | None], p: int, k: int) -> tuple[str, str, float, bool]:
    """(breaks or '-', verdict, seconds, failed the verifier)."""
    started = time.perf_counter()
    schedule = build(p, k)
    seconds = time.perf_counter() - started
    if schedule is None:
        return "-", "none found", seconds, False
    verdict = verify(schedule)
    if not verdict.ok:
        return "-", "FAILS THE VERIFIER", seconds, True
    return str(verdict.metrics.total_breaks), "ok", seconds, False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=parse_sizes, default=parse_sizes("4-98"), help="k (default 4-98)")
    parser.add_argument("--reserves", type=parse_sizes, default=parse_sizes("1,3,5,7"), help="odd p - k (1,3,5,7)")
    parser.add_argument("--name", default="reserves")
    args = parser.parse_args()
    sizes = [(k + m, k) for m in args.reserves for k in args.boards if k >= 4 and m % 2 and k + m <= 100]
    provenance = machine_lines(sys.argv)
    header = ["p", "k", "p - k", "bound", "new", "new s", "previous", "previous s"]
    rows: list[list[str]] = []
    failed = False
    tally: dict[tuple[int, str], list[int]] = {}  # (p - k, parity of k) -> sizes, built, fewer, more
    for p, k in sizes:
        new = _run(_new, p, k)
        old = _run(full_side_schedule, p, k)
        failed = failed or new[3] or old[3]
        bound = unequal_break_bound(p, k, k, board_balance=True)
        new_cell = new[0] if new[1] == "ok" else new[1]
        old_cell = old[0] if old[1] == "ok" else old[1]
        rows.append([str(p), str(k), str(p - k), str(bound), new_cell, f"{new[2]:.2f}", old_cell, f"{old[2]:.2f}"])
        count = tally.setdefault((p - k, "odd" if k % 2 else "even"), [0, 0, 0, 0])
        count[0] += 1
        count[1] += new[0] != "-"
        count[2] += new[0] != "-" and (old[0] == "-" or int(new[0]) < int(old[0]))
        count[3] += new[0] != "-" and old[0] != "-" and int(new[0]) > int(old[0])
        print(" | ".join(rows[-1]), flush=True)
    summary = [
        f"- p - k = {m}, {parity} k: {c[0]} sizes, the new construction built {c[1]}, fewer breaks than the "
        f"previous on {c[2]}, more on {c[3]}."
        for (m, parity), c in sorted(tally.items())
    ]
    markdown = [
        "# A few reserves: the phase construction and the previous one (`reserves.py`)",
        "",
        *provenance,
        "",
        f"Load average at the end: {load_average()}.",
        *summary,
        "",
        "`bound`: the proven lower bound (`unequal_break_bound`, 0 where none is known); `new`, `previous`: breaks of",
        "each construction's schedule, every one checked by the verifier (`none found`: the construction gave up",
        "within its work); seconds are wall time in this process.",
        "",
        *markdown_table(header, rows),
        "",
    ]
    write_results(OUT, args.name, markdown, header, rows)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
