"""The application: every page renders and is one click from the navigation bar; an unknown address,
a wrong method or a damaged match file gets a short page, never a traceback."""

from __future__ import annotations

import re
from pathlib import Path

from web_cases import desk_client, match_folder

PAGES = ["round", "standings", "history", "downloads", "display", "change"]


def test_every_page_renders_and_the_navigation_reaches_each_in_one_click(tmp_path: Path) -> None:
    client = desk_client(match_folder(tmp_path))
    home = client.get("/")
    assert home.status_code == 200 and "club.json" in home.text and "Oslo - Bergen" in home.text
    round_page = client.get("/m/club.json/round")
    links = set(re.findall(r"<nav>.*?</nav>", round_page.text, re.S)[0].split('href="')[1:])
    targets = {link.split('"')[0] for link in links}
    assert targets == {"/", "/new", *(f"/m/club.json/{page}" for page in PAGES)}
    for target in targets | {"/m/club.json/print", "/m/club.json/standings.json"}:
        answer = client.get(target)
        assert answer.status_code == 200, target
    assert client.get("/static/style.css").status_code == 200


def test_an_unknown_address_a_wrong_method_and_a_damaged_file_get_short_pages(tmp_path: Path) -> None:
    folder = match_folder(tmp_path)
    client = desk_client(folder)
    assert client.get("/nothing").status_code == 404
    assert client.post("/m/club.json/standings").status_code == 405
    (folder / "club.json").write_text('{"format": "scheveningen-match/1", "boards": "x"}', encoding="utf-8")
    damaged = client.get("/m/club.json/round")
    assert damaged.status_code == 400 and "club.json cannot be read" in damaged.text
    assert str(folder) not in damaged.text
    for answer in (damaged, client.get("/nothing")):
        assert "Traceback" not in answer.text and "<nav>" in answer.text
