"""Shared helpers of the web page's tests: a folder with a match file, a test client on the desk,
the form token of a page, and a ``schev serve`` process on a free loopback port."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from match_cases import four_boards
from starlette.testclient import TestClient

from scheveningen.models.formats.matchrecord import MatchRecord
from scheveningen.solver.io.matchfile import write_match_file
from scheveningen.solver.web.app import create_app
from scheveningen.solver.web.security import LOOPBACK, Guard

#: The Host of Starlette's test client, served besides loopback's names.
TEST_HOSTS = LOOPBACK | {"testserver"}


def match_folder(tmp_path: Path, record: MatchRecord | None = None, name: str = "club.json") -> Path:
    """A folder holding one match file (the 4-board Oslo - Bergen match unless given)."""
    write_match_file(record or four_boards(), tmp_path / name)
    return tmp_path


def desk_client(folder: Path, guard: Guard | None = None) -> TestClient:
    """A test client on the desk over ``folder``; server errors come back as pages, not exceptions."""
    return TestClient(create_app(folder, guard or Guard(hosts=TEST_HOSTS)), raise_server_exceptions=False)


def form_token(client: TestClient, url: str) -> str:
    """The form token a page carries (the client keeps the cookie it belongs to)."""
    page = client.get(url)
    assert page.status_code == 200, page.text
    found = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert found, f"no form token on {url}"
    return found[1]


def versions(client: TestClient, url: str) -> dict[str, str]:
    """The hidden fields v1, v2, ... of a round page: the version of each game it shows."""
    return dict(re.findall(r'name="(v\d+)" value="([^"]*)"', client.get(url).text))


def finished(client: TestClient, location: str) -> str:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        page = client.get(location).text
        if 'http-equiv="refresh"' not in page:
            return page
        assert 'id="progress"' in page and 'id="cancel"' in page
        time.sleep(0.1)
    raise AssertionError("the design did not finish")


@contextmanager
def served(path: Path, *args: str) -> Iterator[str]:
    """``schev serve PATH --port 0`` in a subprocess; yields its address, stops it afterwards."""
    process = subprocess.Popen(
        [sys.executable, "-m", "scheveningen", "serve", str(path), "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        deadline = time.monotonic() + 60
        line = ""
        while time.monotonic() < deadline:
            line = process.stdout.readline()
            found = re.search(r"(http://\S+)", line)
            if found:
                yield found[1]
                return
            if process.poll() is not None:
                break
        raise AssertionError(f"schev serve did not start: {line!r} {process.stderr.read() if process.stderr else ''}")
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
