"""Helpers every benchmark script shares: where results go, size ranges, the run's provenance, Markdown tables.

The scripts are run as ``python benchmarks/NAME.py``, so this module is imported as ``_common``.  Each script
writes into its own folder, ``benchmarks/results/NAME/`` (:func:`results_dir`).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import ortools

#: The folder that holds one folder of results per benchmark script.
RESULTS_ROOT = Path(__file__).resolve().parent / "results"


def results_dir(script: str) -> Path:
    """The default output folder of the benchmark script at ``script`` (pass ``__file__``):
    ``benchmarks/results/<script name without .py>/``."""
    return RESULTS_ROOT / Path(script).stem


def parse_sizes(text: str) -> list[int]:
    """'2-13', '4,6,8' or '2-5,9' -> sorted sizes."""
    sizes: set[int] = set()
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        if "-" in part:
            low, high = (int(x) for x in part.split("-", 1))
            if low > high:
                raise argparse.ArgumentTypeError(f"empty size range {part!r}")
            sizes.update(range(low, high + 1))
        else:
            sizes.add(int(part))
    if not sizes:
        raise argparse.ArgumentTypeError(f"no sizes in {text!r}")
    return sorted(sizes)


def code_version() -> str:
    """The git commit, and which files under models/ and solver/ differ from it (the code that was measured)."""
    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "models", "solver"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split("\n")
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git checkout)"
    changed = sorted(line[3:] for line in dirty if line.strip())
    return f"git {head}" + (f" with uncommitted changes to {', '.join(changed)}" if changed else " (clean)")


def machine_lines(argv: list[str]) -> list[str]:
    """Machine, software, date and the exact command line, as Markdown bullet points."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    now = datetime.datetime.now(datetime.UTC).replace(microsecond=0).isoformat()
    return [
        f"- Date: {now}",
        f"- Command: `python {shlex.join(argv)}`",
        f"- Code: {code_version()}",
        f"- Machine: nproc={usable} ({cpu}), {platform.system()} {platform.release()}",
        f"- Python {platform.python_version()} ({sys.executable}), OR-Tools {ortools.__version__}",
        f"- Load average at start (1/5/15 min): {load_average()} (other work on the machine slows every timing)",
    ]


def load_average() -> str:
    try:
        return "/".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def markdown_table(header: list[str], rows: list[list[str]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines


def write_results(out_dir: Path, stem: str, markdown: list[str], csv_header: list[str], csv_rows: list[list]) -> None:
    """Write ``stem.md`` (the lines given) and ``stem.csv`` (header and rows) into ``out_dir`` (made if missing)."""
    import csv

    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / f"{stem}.md").write_text("\n".join(markdown), encoding="utf-8")
    with open(out_dir / f"{stem}.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(csv_header)
        writer.writerows(csv_rows)


def generate_json(spec_text: str, time_limit: float, python: str = sys.executable) -> tuple[int, dict[str, Any], float]:
    """One whole ``schev generate --spec FILE --time-limit T --format json`` process over ``spec_text``, run
    by ``python`` (another install's interpreter for a baseline): its exit code, its JSON (``{}`` if it
    printed none) and its wall seconds."""
    with tempfile.TemporaryDirectory() as tmp:
        spec = Path(tmp) / "spec.toml"
        spec.write_text(spec_text)
        command = [python, "-m", "scheveningen", "generate", "--spec", str(spec)]
        command += ["--time-limit", f"{time_limit:g}", "--format", "json"]
        started = time.monotonic()
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        seconds = time.monotonic() - started
    try:
        doc = json.loads(done.stdout)
    except json.JSONDecodeError:
        doc = {}
    return done.returncode, doc, seconds


def schedule_of_json(doc: dict[str, Any], size_a: int, size_b: int) -> Any:
    """The :class:`~scheveningen.models.domain.schedule.Schedule` of ``schev generate --format json``'s games."""
    from scheveningen.models.domain.schedule import Schedule

    rounds: dict[int, list[tuple[int, str, str]]] = {}
    for game in doc["games"]:
        rounds.setdefault(game["round"], []).append((game["board"], game["white"], game["black"]))
    pairings = []
    for r in sorted(rounds):
        row = []
        for _board, white, black in sorted(rounds[r]):
            a_white = white.startswith("A")
            a, b = (white, black) if a_white else (black, white)
            row.append((int(a[1:]), int(b[1:]), a_white))
        pairings.append(row)
    return Schedule.from_pairings(pairings, team_a=size_a, team_b=size_b)


def finish_plot(fig: Any, ax: Any, path: Path, xlabel: str, ylabel: str, title: str) -> None:
    """Label a matplotlib figure's one axes, add the legend and write it to ``path`` (120 dpi)."""
    import matplotlib.pyplot as plt

    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
