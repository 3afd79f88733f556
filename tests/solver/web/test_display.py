"""The Display page: large, read-only, and current: a result entered with ``schev result`` changes the
version it polls and shows on its next load."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from match_cases import four_boards
from web_cases import desk_client, match_folder


def test_a_result_from_the_command_line_shows_on_the_display(tmp_path: Path) -> None:
    folder = match_folder(tmp_path)
    client = desk_client(folder)
    page = client.get("/m/club.json/display")
    assert 'http-equiv="refresh"' in page.text and "<form" not in page.text and "<nav>" not in page.text
    assert 'id="result-2">\u2013<' in page.text
    version = client.get("/m/club.json/version").text
    assert version and version in page.text
    subprocess.run(
        [
            sys.executable,
            "-m",
            "scheveningen",
            "result",
            str(folder / "club.json"),
            "--round",
            "1",
            "--board",
            "2",
            "0-1",
        ],
        check=True,
        capture_output=True,
    )
    assert client.get("/m/club.json/version").text != version
    page = client.get("/m/club.json/display")
    assert 'id="result-2">0-1<' in page.text and "Bergen leads 1-0" in page.text


def test_a_team_name_with_a_full_stop_shows_whole_in_the_score(tmp_path: Path) -> None:
    # The score and the verdict were once cut from one sentence at its first ". ".
    record = four_boards()
    record = replace(record, match=replace(record.match, team_a=replace(record.match.team_a, name="SK St. Olav")))
    client = desk_client(match_folder(tmp_path, record))
    page = client.get("/m/club.json/display").text
    assert '<p class="score" id="score">SK St. Olav 0 - 0 Bergen</p>' in page
