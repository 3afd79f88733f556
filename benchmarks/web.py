"""The web page under load: many browsers at once against ``schev serve``, time per kind of request.

A hall's stewards enter results as games end while a display polls and someone reads the standings.
This starts ``schev serve`` in a subprocess on a free loopback port over a fresh match of ``--boards``
boards (one round a client, so ``--clients`` times ``--boards`` games), and runs ``--clients`` client
threads at once, each with its own connection and cookie: it opens its round, then for each board posts
the result (with the form token), and after each post reads the display and, every fifth post, the
standings.  It times every request and reports, per kind (GET round, POST result, GET display, GET
standings), the count, the median, the 95th percentile and the slowest, and checks that every result
was recorded exactly once and no request failed.  Only loopback is ever contacted; the run is bounded
by its counts and stops by itself.

    python benchmarks/web.py [--clients 20] [--boards 20]

Writes benchmarks/results/web/web.{md,csv,png}.  Exit status 1 if a result is missing or doubled, or a
request answered with a server error.
"""

from __future__ import annotations

import argparse
import http.client
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

from _common import machine_lines, markdown_table, results_dir, write_results

KINDS = ("GET round", "POST result", "GET display", "GET standings")


def make_match(folder: Path, boards: int, rounds_needed: int) -> Path:
    from scheveningen.models.domain.match import Match
    from scheveningen.models.formats.matchrecord import MatchRecord, MatchSetup
    from scheveningen.solver.design import DesignParams, design_match
    from scheveningen.solver.io.matchfile import write_match_file

    match = Match(boards=boards)
    if match.rounds < rounds_needed:
        raise SystemExit(f"a {boards}-board match has {match.rounds} rounds, fewer than {rounds_needed} clients")
    result = design_match(match, DesignParams(time_limit=10, workers=1))
    assert result.schedule is not None
    path = folder / "bench.json"
    write_match_file(MatchRecord.start(MatchSetup(match), result.schedule), path)
    return path


def start_server(folder: Path) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "scheveningen", "serve", str(folder), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    for _ in range(10):
        found = re.search(r"(http://\S+)", process.stdout.readline())
        if found:
            return process, found[1]
    process.kill()
    raise SystemExit("schev serve did not start")


class Client:
    def __init__(self, url: str, timings: dict[str, list[float]], statuses: list[int], lock: threading.Lock) -> None:
        parts = urllib.parse.urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=120)
        self.cookie, self.timings, self.statuses, self.lock = "", timings, statuses, lock

    def request(self, kind: str, method: str, path: str, body: str | None = None) -> str:
        headers = {"Cookie": self.cookie} if self.cookie else {}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        started = time.perf_counter()
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        text = response.read().decode("utf-8")
        seconds = time.perf_counter() - started
        for name, value in response.getheaders():
            if name.lower() == "set-cookie" and value.startswith("schev_csrf="):
                self.cookie = value.split(";", 1)[0]
        with self.lock:
            self.timings[kind].append(seconds)
            self.statuses.append(response.status)
        return text


def steward(
    url: str, r: int, boards: int, timings: dict[str, list[float]], statuses: list[int], lock: threading.Lock
) -> None:
    client = Client(url, timings, statuses, lock)
    page = client.request("GET round", "GET", f"/m/bench.json/round/{r}")
    token = re.search(r'name="csrf" value="([^"]+)"', page)
    shown = dict(re.findall(r'name="(v\d+)" value="([^"]*)"', page))
    if token is None:
        return
    for board in range(1, boards + 1):
        form = {"csrf": token[1], f"r{board}": "1-0", f"v{board}": shown[f"v{board}"]}
        client.request("POST result", "POST", f"/m/bench.json/round/{r}", urllib.parse.urlencode(form))
        client.request("GET display", "GET", "/m/bench.json/display")
        if board % 5 == 0:
            client.request("GET standings", "GET", "/m/bench.json/standings")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=20, help="client threads at once (default 20)")
    parser.add_argument("--boards", type=int, default=20, help="boards of the match: posts a client (default 20)")
    parser.add_argument("--out", type=Path, default=results_dir(__file__), help="output folder")
    args = parser.parse_args()
    from scheveningen.solver.io.matchfile import read_match_file

    timings: dict[str, list[float]] = {kind: [] for kind in KINDS}
    statuses: list[int] = []
    lock = threading.Lock()
    with tempfile.TemporaryDirectory() as tmp:
        path = make_match(Path(tmp), args.boards, args.clients)
        process, url = start_server(Path(tmp))
        try:
            started = time.perf_counter()
            threads = [
                threading.Thread(target=steward, args=(url, r, args.boards, timings, statuses, lock))
                for r in range(1, args.clients + 1)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=600)
            wall = time.perf_counter() - started
        finally:
            process.terminate()
            process.wait(timeout=30)
        record = read_match_file(path)
    expected = args.clients * args.boards
    failures = sum(1 for s in statuses if s >= 500)
    exact = len(record.results) == expected and not record.history
    rows, csv_rows = [], []
    for kind in KINDS:
        values = timings[kind]
        if not values:
            continue
        median, p95, worst = statistics.median(values), percentile(values, 0.95), max(values)
        rows.append([kind, str(len(values)), f"{median * 1000:.1f}", f"{p95 * 1000:.1f}", f"{worst * 1000:.1f}"])
        csv_rows.append([kind, len(values), round(median * 1000, 2), round(p95 * 1000, 2), round(worst * 1000, 2)])
    header = ["request", "count", "median ms", "95th percentile ms", "slowest ms"]
    markdown = [
        "# The web page under load",
        "",
        f"`schev serve` on loopback, {args.clients} client threads at once, a {args.boards}-board match: "
        f"{expected} result posts (each followed by a display read; the standings every fifth post), "
        f"{len(statuses)} requests in {wall:.1f} s of wall time.",
        "",
        *markdown_table(header, rows),
        "",
        f"Results recorded: {len(record.results)} of {expected}, history entries {len(record.history)} "
        f"({'each exactly once' if exact else 'NOT each exactly once'}); server errors: {failures}.",
        "",
        "Every post reads, verifies and rewrites the match file under its lock (fsync included), so posts wait "
        "for each other: the file, not the server, is the one store.",
        "",
        "## Run",
        "",
        *machine_lines(sys.argv),
        "",
    ]
    write_results(args.out, "web", markdown, header, csv_rows)
    plot(args.out / "web.png", timings)
    print("\n".join(markdown))
    return 0 if exact and failures == 0 else 1


def plot(path: Path, timings: dict[str, list[float]]) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib not installed: no plot", file=sys.stderr)
        return
    fig, ax = plt.subplots(figsize=(7, 4))
    kinds = [kind for kind in KINDS if timings[kind]]
    ax.boxplot([[v * 1000 for v in timings[kind]] for kind in kinds], whis=(5, 95), showfliers=False)
    ax.set_xticks(range(1, len(kinds) + 1), kinds)
    ax.set_ylabel("response time (ms), whiskers 5th-95th percentile")
    ax.set_title("schev serve under load: time per request")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


if __name__ == "__main__":
    sys.exit(main())
