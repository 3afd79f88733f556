"""The Mid-match change page: a request after round 1 redesigns the rest, keeps round 1, its results and
history, and writes over the file only when nothing would be lost."""

from __future__ import annotations

from pathlib import Path

from match_cases import four_boards
from web_cases import desk_client, finished, form_token, match_folder

from scheveningen.models.domain.results import GameResult
from scheveningen.solver.io.matchfile import read_match_file

W, B, D = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW


def test_a_request_after_round_one_keeps_what_was_played(tmp_path: Path) -> None:
    record = four_boards().with_round(1, [W, B, D, W]).with_result(1, 1, D, force=True)
    folder = match_folder(tmp_path, record)
    client = desk_client(folder)
    page = client.get("/m/club.json/change")
    assert 'name="played" id="played" min="0" max="4" value="1"' in page.text
    fields = {"csrf": form_token(client, "/m/club.json/change"), "played": "1", "time_limit": "10",
              "requests": "meet A2 B3 round 4 white B3", "save": "replace"}  # fmt: skip
    answer = client.post("/m/club.json/change", data=fields, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    assert 'id="made">club.json<' in finished(client, answer.headers["location"])
    after = read_match_file(folder / "club.json")
    assert after.schedule.rounds[0] == record.schedule.rounds[0]
    assert after.results == record.results and after.history == record.history
    game = next(after.game(4, b) for b in range(1, 5) if after.game(4, b).a_player.number == 2)
    assert str(game) == "B3-A2"


def test_a_request_that_cannot_be_read_comes_back_with_its_reason(tmp_path: Path) -> None:
    client = desk_client(match_folder(tmp_path))
    fields = {"csrf": form_token(client, "/m/club.json/change"), "played": "0", "requests": "meet A9 B1 round 2"}
    answer = client.post("/m/club.json/change", data=fields)
    assert answer.status_code == 400 and "unknown player" in answer.text and "meet A9 B1 round 2" in answer.text
