"""Print and downloads: the printable page, and every export as a file, the TRF read back by the
project's TRF reader with every result as recorded."""

from __future__ import annotations

from pathlib import Path

from match_cases import four_boards
from web_cases import desk_client, match_folder

from scheveningen.models.domain.results import GameResult
from scheveningen.solver.export import export
from scheveningen.solver.io.trf_reader import read_trf
from scheveningen.solver.web.downloads import DOWNLOADS


def test_every_export_downloads_as_a_file_and_the_trf_reads_back(tmp_path: Path) -> None:
    record = four_boards().with_round(
        1, [GameResult.WHITE_WINS, GameResult.DRAW, GameResult.WHITE_WINS_FORFEIT, GameResult.BLACK_WINS]
    )
    client = desk_client(match_folder(tmp_path, record))
    page = client.get("/m/club.json/downloads").text
    assert "FIDE id" in page  # what a rating report still needs
    for fmt in DOWNLOADS:
        answer = client.get(f"/m/club.json/download/{fmt}")
        assert answer.status_code == 200 and 'attachment; filename="club' in answer.headers["content-disposition"]
        assert f'href="/m/club.json/download/{fmt}"' in page
    trf = client.get("/m/club.json/download/trf").text
    assert trf == export(record, "trf")
    read = read_trf(trf, source="club.trf")
    assert read.schedule == record.schedule and dict(read.results) == {k: v.value for k, v in record.results.items()}
    assert client.get("/m/club.json/print").text == export(record, "html")
    assert client.get("/m/club.json/download/pdf").status_code == 404
