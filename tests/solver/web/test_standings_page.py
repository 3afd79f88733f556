"""The Standings page agrees with ``schev standings``: its JSON is byte for byte the command's, and the
players' points and the score on the page are the command's numbers."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from match_cases import four_boards
from web_cases import desk_client, match_folder

from scheveningen.models.domain.results import GameResult
from scheveningen.solver.match.standings_format import points

W, B, D, F = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW, GameResult.BLACK_WINS_FORFEIT


def test_the_pages_standings_agree_with_the_command_lines(tmp_path: Path) -> None:
    record = four_boards().with_round(1, [W, D, F, B]).with_round(2, [D, D, W, B]).with_result(3, 1, W)
    folder = match_folder(tmp_path, record)
    done = subprocess.run(
        [sys.executable, "-m", "scheveningen", "standings", str(folder / "club.json"), "--format", "json"],
        capture_output=True,
        text=True,
        check=True,
    )
    client = desk_client(folder)
    assert client.get("/m/club.json/standings.json").text == done.stdout
    data = json.loads(done.stdout)
    page = client.get("/m/club.json/standings").text
    for player in data["players"]:
        row = re.search(rf"<td>{player['player']}</td>\s*<td>[^<]*</td>\s*<td>[^<]*</td>\s*<td>([^<]*)</td>", page)
        assert row and row[1] == points(player["points"]), player["player"]
    a, b = data["teams"]["A"]["board_points"], data["teams"]["B"]["board_points"]
    assert f"Oslo {points(a)} - {points(b)} Bergen. {data['summary']}" in page
    assert "R1 W 1" in page  # the crosstable: A1 had White in round 1 and won
