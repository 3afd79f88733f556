"""The listing: match files only, named by an id from the folder; no request names a file outside it."""

from __future__ import annotations

from pathlib import Path

import pytest
from web_cases import desk_client, match_folder

from scheveningen.solver.web.folder import Served, file_version


def test_the_listing_holds_the_match_files_and_nothing_else(tmp_path: Path) -> None:
    folder = match_folder(tmp_path)
    (folder / "notes.json").write_text('{"a": 1}', encoding="utf-8")
    (folder / ".club.json.tmp").write_text('{"format": "scheveningen-match/1"}', encoding="utf-8")
    (folder / "sub").mkdir()
    served = Served.of(folder)
    assert [entry.id for entry in served.listing()] == ["club.json"]
    assert served.path("club.json") == folder / "club.json"
    assert served.path("notes.json") is None and served.path("../club.json") is None


def test_one_match_file_served_lists_it_and_the_files_the_server_made(tmp_path: Path) -> None:
    folder = match_folder(tmp_path)
    match_folder(folder, name="other.json")
    served = Served.of(folder / "club.json")
    assert [entry.id for entry in served.listing()] == ["club.json"]
    served.add(folder / "other.json")
    assert [entry.id for entry in served.listing()] == ["club.json", "other.json"]


@pytest.mark.parametrize(
    "address",
    [
        "/m/..%2Fclub.json/round",
        "/m/%2Ftmp%2Fclub.json/round",
        "/m/../club.json/round",
        "/m/%2e%2e%2Fsecret.json/standings",
        "/m//etc/passwd/round",
        "/m/notes.json/download/match",
        "/m/club.json/download/..%2F..%2Fetc%2Fpasswd",
    ],
)
def test_no_request_names_a_file_outside_the_listing(tmp_path: Path, address: str) -> None:
    folder = tmp_path / "served"
    folder.mkdir()
    match_folder(folder)
    match_folder(tmp_path, name="secret.json")
    (folder / "notes.json").write_text('{"a": 1}', encoding="utf-8")
    answer = desk_client(folder).get(address)
    assert answer.status_code == 404
    assert "scheveningen-match" not in answer.text and "Traceback" not in answer.text


def test_the_version_changes_when_the_file_is_rewritten(tmp_path: Path) -> None:
    folder = match_folder(tmp_path)
    before = file_version(folder / "club.json")
    match_folder(folder)
    assert file_version(folder / "club.json") != before and file_version(folder / "none.json") == ""
