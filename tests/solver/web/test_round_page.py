"""The Round page: results entered, a change confirmed first, a clear, a stale form answered "changed
meanwhile" with nothing recorded, and every change in the history."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from web_cases import desk_client, form_token, match_folder, versions

from scheveningen.models.domain.results import GameResult
from scheveningen.solver.io.matchfile import read_match_file

ROUND = "/m/club.json/round/1"


def post(client, token: str, shown: dict[str, str], **results: str):  # type: ignore[no-untyped-def]
    return client.post(ROUND, data={"csrf": token, **shown, **results}, follow_redirects=False)


def test_results_are_entered_then_a_change_asks_for_confirmation_and_lands_in_the_history(tmp_path: Path) -> None:
    folder = match_folder(tmp_path)
    client = desk_client(folder)
    token = form_token(client, ROUND)
    answer = post(client, token, versions(client, ROUND), r1="1-0", r2="1/2-1/2", r3="", r4="")
    assert answer.status_code == 303 and answer.headers["location"].endswith("round/1?saved=1,2")
    assert "Saved: board 1 1-0, board 2 ½-½." in client.get(answer.headers["location"]).text
    record = read_match_file(folder / "club.json")
    assert record.result(1, 1) is GameResult.WHITE_WINS and record.result(1, 3) is None
    # Changing board 1 (already in) and entering board 3: the page asks first, and records nothing yet.
    shown = versions(client, ROUND)
    before = (folder / "club.json").read_bytes()
    asked = post(client, token, shown, r1="0-1", r2="1/2-1/2", r3="+-", r4="")
    assert asked.status_code == 200 and "Change results already in?" in asked.text
    assert "board 1 (A1-B1): change 1-0 → 0-1" in asked.text and "board 3 (B3-A3): enter \u2013 → +-" in asked.text
    assert (folder / "club.json").read_bytes() == before
    confirmed = post(client, token, shown, r1="0-1", r3="+-", confirm="1")
    assert confirmed.status_code == 303
    record = read_match_file(folder / "club.json")
    assert record.result(1, 1) is GameResult.BLACK_WINS and record.result(1, 3) is GameResult.WHITE_WINS_FORFEIT
    assert [(c.board, c.old.value, c.new) for c in record.history] == [(1, "1-0", GameResult.BLACK_WINS)]
    history = client.get("/m/club.json/history").text
    assert "round 1 board 1 (A1-B1): 1-0 -&gt; 0-1" in history


def test_a_result_is_cleared_after_confirmation_and_the_clear_is_in_the_history(tmp_path: Path) -> None:
    folder = match_folder(tmp_path)
    client = desk_client(folder)
    token = form_token(client, ROUND)
    post(client, token, versions(client, ROUND), r2="0-1")
    shown = versions(client, ROUND)
    assert "clear 0-1 → \u2013" in post(client, token, shown, r2="").text
    assert post(client, token, shown, r2="", confirm="1").status_code == 303
    record = read_match_file(folder / "club.json")
    assert record.result(1, 2) is None and record.history[-1].new is None
    assert "cleared" in client.get("/m/club.json/history").text


def test_a_form_shown_before_another_change_gets_changed_meanwhile_and_records_nothing(tmp_path: Path) -> None:
    folder = match_folder(tmp_path)
    first, second = desk_client(folder), desk_client(folder)
    token_1, token_2 = form_token(first, ROUND), form_token(second, ROUND)
    shown_1, shown_2 = versions(first, ROUND), versions(second, ROUND)
    assert post(first, token_1, shown_1, r4="1-0").status_code == 303
    before = (folder / "club.json").read_bytes()
    stale = post(second, token_2, shown_2, r4="0-1", r1="1-0")
    assert stale.status_code == 409 and "Changed meanwhile: board 4 of round 1" in stale.text
    assert (folder / "club.json").read_bytes() == before
    # The answer shows the current state, so sending it again works.
    assert 'value="1-0" selected' in stale.text.split('id="board-4"')[1].split("</tr>")[0]
    # Other boards of the same round entered from another browser are no conflict.
    assert post(second, token_2, versions(second, ROUND), r1="1-0").status_code == 303
    assert len(read_match_file(folder / "club.json").results) == 2


def test_a_result_entered_with_the_command_line_makes_the_open_form_stale(tmp_path: Path) -> None:
    folder = match_folder(tmp_path)
    client = desk_client(folder)
    token, shown = form_token(client, ROUND), versions(client, ROUND)
    done = subprocess.run(
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
            "=",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert post(client, token, shown, r2="1-0").status_code == 409
    assert read_match_file(folder / "club.json").result(1, 2) is GameResult.DRAW


def test_a_bad_result_or_round_gets_a_clear_page_and_changes_nothing(tmp_path: Path) -> None:
    folder = match_folder(tmp_path)
    client = desk_client(folder)
    token, shown = form_token(client, ROUND), versions(client, ROUND)
    before = (folder / "club.json").read_bytes()
    bad = post(client, token, shown, r1="2-0")
    assert bad.status_code == 400 and "&#39;2-0&#39; is not a result" in bad.text and "Traceback" not in bad.text
    missing = client.get("/m/club.json/round/9")
    assert missing.status_code == 404 and "there is no round 9" in missing.text
    assert (folder / "club.json").read_bytes() == before
