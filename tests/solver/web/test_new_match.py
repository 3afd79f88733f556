"""The New match page: a typed match with rosters is designed and written as a new file (never over one);
a bad field comes back filled in with the spec reader's sentence; impossible requests are named."""

from __future__ import annotations

import re
from pathlib import Path

from web_cases import desk_client, finished, form_token, match_folder

from scheveningen.solver.io.matchfile import read_match_file
from scheveningen.solver.web.forms import DEFAULTS


def test_a_typed_match_is_designed_and_written_as_a_new_file(tmp_path: Path) -> None:
    folder = match_folder(tmp_path, name="Oslo-Bergen.json")
    before = (folder / "Oslo-Bergen.json").read_bytes()
    client = desk_client(folder)
    fields = {**DEFAULTS, "csrf": form_token(client, "/new"), "boards": "4", "name_A": "Oslo", "name_B": "Bergen",
              "roster_A": "Ann\nBo\nCy\nDi", "event_name": "Oslo - Bergen",
              "requests": "meet Ann B2 round 3"}  # fmt: skip
    upload = {"upload_B": ("bergen.csv", b"name,rating\nEva,2100\nFinn,2000\nGro,1900\nHal,1800\n", "text/csv")}
    answer = client.post("/new", data=fields, files=upload, follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"].startswith("/jobs/")
    page = finished(client, answer.headers["location"])
    made = re.search(r'id="made">([^<]+)<', page)
    assert made and made[1] == "Oslo-Bergen-2.json", page
    assert (folder / "Oslo-Bergen.json").read_bytes() == before
    record = read_match_file(folder / made[1])
    assert record.roster_b[0].name == "Eva" and record.game(3, next(
        b for b in range(1, 5) if record.game(3, b).a_player.number == 1)).b_player.number == 2  # fmt: skip
    assert client.get(f"/m/{made[1]}/round").status_code == 200


def test_a_bad_field_comes_back_filled_in_with_the_spec_readers_sentence(tmp_path: Path) -> None:
    client = desk_client(match_folder(tmp_path))
    fields = {**DEFAULTS, "csrf": form_token(client, "/new"), "boards": "4", "name_A": "Oslo <x>",
              "roster_A": "name,rating\nAnn,strong\n"}  # fmt: skip
    answer = client.post("/new", data=fields)
    assert answer.status_code == 400
    assert "team-A.csv:2: player 1: rating: must be a whole number, got &#39;strong&#39;" in answer.text
    assert 'value="Oslo &lt;x&gt;"' in answer.text and "Ann,strong" in answer.text


def test_impossible_requests_show_the_smallest_set_that_cannot_hold(tmp_path: Path) -> None:
    client = desk_client(match_folder(tmp_path))
    fields = {**DEFAULTS, "csrf": form_token(client, "/new"), "boards": "4",
              "requests": "meet A1 B2 round 1\nmeet A1 B3 round 1"}  # fmt: skip
    answer = client.post("/new", data=fields, follow_redirects=False)
    page = finished(client, answer.headers["location"])
    assert "impossible: these 2 requests cannot hold together:" in page
    assert "- meet A1-B2 in round 1" in page and "- meet A1-B3 in round 1" in page
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.json"]
