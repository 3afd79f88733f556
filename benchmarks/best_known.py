"""Search for the best designs and keep them as the "best known" tables (models/best/).

For each size, runs the designer with a long time limit and writes
``models/best/nNN.txt`` when there is no file yet, the new design has fewer
breaks, or it ties and comes with a higher proven lower bound (other ties keep
the old file, so the tables only improve).  Every design is
verified before it is written.  Also writes a summary table to
``benchmarks/results/best_known/best_known.md``.

    python benchmarks/best_known.py --sizes 2-14 --time-limit 120
"""

from __future__ import annotations

import argparse
import datetime
import platform
import sys
from importlib import metadata
from pathlib import Path

from _common import results_dir

from scheveningen.models.formats.tables import PUBLISHED_SIZES, best, best_sizes, best_stated_bound, published
from scheveningen.models.formats.textform import format_text
from scheveningen.solver.design import DesignParams, design
from scheveningen.solver.verify.verifier import verify

ROOT = Path(__file__).resolve().parent.parent
BEST = ROOT / "models" / "formats" / "best"
RESULTS = results_dir(__file__)


def _sizes(text: str) -> list[int]:
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="2-14", help="e.g. 2-14 (default)")
    parser.add_argument("--time-limit", type=float, default=120.0)
    parser.add_argument("--workers", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rows = []
    for n in _sizes(args.sizes):
        params = DesignParams(time_limit=args.time_limit, workers=args.workers, seed=args.seed)
        result = design(n, params)
        if result.schedule is None:
            print(f"{n}: no schedule ({result.status})", flush=True)
            return 1
        verdict = verify(result.schedule)
        if not verdict.ok and not result.relaxed:
            print(f"{n}: VERIFICATION FAILED", flush=True)
            return 1
        old = verify(best(n)).metrics.total_breaks if n in best_sizes() else None
        published_breaks = verify(published(n)).metrics.total_breaks if n in PUBLISHED_SIZES else None
        assert result.breaks is not None
        written = (
            old is None or result.breaks < old or (result.breaks == old and result.lower_bound > best_stated_bound(n))
        )
        if written:
            command = f"schev generate {n} --time-limit {args.time_limit:g} --seed {args.seed} --workers {args.workers}"
            header = [
                f"# Scheveningen system: best known schedule for a match on {n} boards.",
                "# One line a round; game k is played on board k, where player Ak always sits.",
                '# In "X-Y", X has White.',
                f"# Breaks: {result.breaks}; lower bound: {result.lower_bound}"
                + (f"; published table: {published_breaks}." if published_breaks is not None else "."),
                f"# Obtained by: {command} ({result.status.value}), "
                f"scheveningen {metadata.version('scheveningen')}, OR-Tools {metadata.version('ortools')}, "
                f"{datetime.date.today().isoformat()}; verified.",
            ]
            for rule, amount in result.relaxed.items():
                header.append(f"# Relaxed: rule {int(rule)} ({rule.title}), broken by {amount}, the least possible.")
            (BEST / f"n{n:02d}.txt").write_text(format_text(result.schedule, header), encoding="utf-8")
        best_now = result.breaks if written else old
        rows.append((n, published_breaks, result.breaks, old, best_now, result.lower_bound, result.status.value))
        print(rows[-1], flush=True)
    RESULTS.mkdir(parents=True, exist_ok=True)
    lines = [
        "# Best known designs",
        "",
        f"- Date: {datetime.datetime.now().isoformat(timespec='seconds')}",
        f"- Command: `python {' '.join(sys.argv)}`",
        f"- Python {platform.python_version()}, OR-Tools {metadata.version('ortools')}",
        "",
        "| N | published | this run | previous best | best known | lower bound | status |",
        "|---|---|---|---|---|---|---|",
    ]
    for n, pub, now, old, best_now, bound, status in rows:
        cells = [n, pub if pub is not None else "", now, old if old is not None else "", best_now, bound, status]
        lines.append("| " + " | ".join(str(c) for c in cells) + " |")
    (RESULTS / "best_known.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
