"""Running the desk: loopback by default, a token and more names beyond it; and a bounded load check on
loopback against ``schev serve`` in a subprocess: 20 clients post 400 results at once, each recorded
exactly once, with no server error."""

from __future__ import annotations

import http.client
import re
import threading
import urllib.parse
from pathlib import Path

from web_cases import served

from scheveningen.models.domain.match import Match
from scheveningen.models.formats.matchrecord import MatchRecord, MatchSetup
from scheveningen.solver.design import DesignParams, design_match
from scheveningen.solver.io.matchfile import read_match_file, write_match_file
from scheveningen.solver.web.server import address, is_loopback, prepare


def test_loopback_needs_no_token_and_any_other_host_gets_one(tmp_path: Path) -> None:
    plan = prepare(tmp_path, None, 0)
    assert plan.host == "127.0.0.1" and plan.guard.token is None and address(plan, 8044) == "http://127.0.0.1:8044/"
    assert is_loopback("localhost") and is_loopback("::1")
    wide = prepare(tmp_path, "0.0.0.0", 8044)
    assert wide.guard.token and address(wide, 8044).endswith(f"/?token={wide.guard.token}")
    assert {"127.0.0.1", "localhost", "0.0.0.0"} <= wide.guard.hosts


CLIENTS, BOARDS = 20, 20  # a 20-board match has 400 games: one post each


def load_match(folder: Path) -> Path:
    match = Match(boards=BOARDS)
    result = design_match(match, DesignParams(time_limit=5, workers=1))
    assert result.schedule is not None
    path = folder / "load.json"
    write_match_file(MatchRecord.start(MatchSetup(match), result.schedule), path)
    return path


class Client:
    """One browser: its own connection and cookie, the form token of its page."""

    def __init__(self, url: str) -> None:
        parts = urllib.parse.urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=60)
        self.cookie = ""

    def request(self, method: str, path: str, body: str | None = None) -> tuple[int, str]:
        headers = {"Cookie": self.cookie} if self.cookie else {}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        text = response.read().decode("utf-8")
        for name, value in response.getheaders():
            if name.lower() == "set-cookie" and value.startswith("schev_csrf="):
                self.cookie = value.split(";", 1)[0]
        return response.status, text


def enter_round(url: str, r: int, statuses: list[int]) -> None:
    """Open round r and post each board's result on its own, as a steward at each board would."""
    client = Client(url)
    status, page = client.request("GET", f"/m/load.json/round/{r}")
    statuses.append(status)
    token = re.search(r'name="csrf" value="([^"]+)"', page)
    shown = dict(re.findall(r'name="(v\d+)" value="([^"]*)"', page))
    assert token is not None
    for board in range(1, BOARDS + 1):
        form = {"csrf": token[1], f"r{board}": "1-0", f"v{board}": shown[f"v{board}"]}
        status, _ = client.request("POST", f"/m/load.json/round/{r}", urllib.parse.urlencode(form))
        statuses.append(status)


def test_twenty_clients_posting_four_hundred_results_at_once_record_each_exactly_once(tmp_path: Path) -> None:
    path = load_match(tmp_path)
    statuses: list[int] = []
    with served(tmp_path) as url:
        threads = [threading.Thread(target=enter_round, args=(url, r, statuses)) for r in range(1, CLIENTS + 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=300)
    assert len(statuses) == CLIENTS * (BOARDS + 1)  # one page and 20 posts a client
    assert not [s for s in statuses if s >= 500]
    assert sorted(set(statuses)) == [200, 303]
    record = read_match_file(path)
    assert len(record.results) == CLIENTS * BOARDS and record.history == ()
    assert all(result.value == "1-0" for result in record.results.values())
