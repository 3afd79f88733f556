"""The CSV export read by the csv module, the Markdown table and the text listing: a row per game with
names shown as written."""

from __future__ import annotations

import csv
import io
import re

import pytest
from export_fixtures import make_record

from scheveningen.models.domain.results import GameResult
from scheveningen.models.formats.matchrecord import MatchRecord
from scheveningen.solver.export.tabular import CSV_COLUMNS, export_csv, export_md, export_text


def csv_rows(record: MatchRecord) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(export_csv(record), newline="")))


@pytest.mark.parametrize("kind", ["single", "double", "unequal"])
def test_csv_has_a_row_a_game_with_names_and_results(kind: str) -> None:
    record = make_record(kind, played_rounds=0.5)
    rows = csv_rows(record)
    assert list(rows[0]) == list(CSV_COLUMNS)
    assert len(rows) == record.rounds * record.boards
    for row, (r, board, game) in zip(rows, record.schedule.games(), strict=True):
        assert (int(row["round"]), int(row["board"])) == (r, board)
        assert (row["white_code"], row["black_code"]) == (str(game.white), str(game.black))
        assert row["white"] == record.player_info(game.white).name
        assert row["black"] == record.player_info(game.black).name
        result = record.result(r, board)
        assert row["result"] == (result.value if result else "")


def test_markdown_is_one_table_row_a_game_and_names_cannot_break_it() -> None:
    record = make_record("single", played_rounds=1.0)
    lines = export_md(record).splitlines()
    assert len(lines) == 2 + record.rounds * record.boards
    for line in lines:
        # Eight cells: nine unescaped pipes.
        assert len(re.findall(r"(?<!\\)\|", line)) == 9
    assert r"Pipe \| Name, Ann" in export_md(record)
    assert r"Łukasz \<b\>Bold\</b\>" in export_md(record)


@pytest.mark.parametrize("kind", ["single", "double", "unequal"])
def test_text_lists_every_round_and_game_with_names_and_results(kind: str) -> None:
    record = make_record(kind, played_rounds=0.5)
    text = export_text(record)
    *blocks, legend = text.split("\n\n")[1:]
    assert len(blocks) == record.rounds
    assert legend.startswith("Results from White's side") and "+-" in legend and "--" in legend
    for r, block in enumerate(blocks, start=1):
        heading, before, *lines, signatures = block.strip("\n").split("\n")
        assert heading == f"Round {r} ({record.event.round_dates[r - 1]})"
        assert before.strip().startswith("Score before this round:")
        assert "Arbiter" in signatures and signatures.count("Captain") == 2
        assert len(lines) == record.boards
        for board, (line, game) in enumerate(zip(lines, record.schedule.rounds[r - 1], strict=True), start=1):
            assert line.split()[0] == str(board)
            white, black = record.player_info(game.white).name, record.player_info(game.black).name
            assert white in line and black in line and line.index(white) < line.index(black)
            result = record.result(r, board)
            if result is not None:
                assert line.endswith("  " + result.value)
            else:
                assert not line.endswith(tuple(r.value for r in GameResult))
