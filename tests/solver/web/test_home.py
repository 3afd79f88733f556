"""The Matches page lists each match file with its title and results, and says so when one cannot be read."""

from __future__ import annotations

from pathlib import Path

from web_cases import desk_client, match_folder


def test_the_matches_are_listed_with_their_progress(tmp_path: Path) -> None:
    folder = match_folder(tmp_path)
    (folder / "bad.json").write_text('{"format": "scheveningen-match/1"}', encoding="utf-8")
    page = desk_client(folder).get("/").text
    assert "Oslo - Bergen" in page and "0 of 16" in page
    assert "bad.json" in page and "cannot be read" in page
