"""The PGN export read by python-chess: one game a board and round, the tags right."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from export_fixtures import TEAM_A, TEAM_B, make_record, read_games

from scheveningen.models.domain.results import GameResult
from scheveningen.models.domain.roster import Event
from scheveningen.solver.export.pgn import export_pgn

SEVEN = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
PGN_RESULT = {
    None: "*",
    GameResult.WHITE_WINS: "1-0",
    GameResult.BLACK_WINS: "0-1",
    GameResult.DRAW: "1/2-1/2",
    GameResult.WHITE_WINS_FORFEIT: "1-0",
    GameResult.BLACK_WINS_FORFEIT: "0-1",
    GameResult.DOUBLE_FORFEIT: "*",
}


def unescape(value: str) -> str:
    """A tag value as PGN means it: python-chess keeps the standard's \\" and \\\\ escapes as written."""
    return re.sub(r"\\(.)", r"\1", value)


@pytest.mark.parametrize("kind", ["single", "double", "unequal"])
@pytest.mark.parametrize("rosters", [True, False])
def test_pgn_has_one_game_a_board_and_round_with_the_tags_right(kind: str, rosters: bool) -> None:
    record = make_record(kind, played_rounds=0.5, seed=5, rosters=rosters)
    text = export_pgn(record)
    games = read_games(text)
    assert len(games) == record.rounds * record.boards
    expected = list(record.schedule.games())
    for game, (r, board, scheduled) in zip(games, expected, strict=True):
        headers = {name: unescape(value) for name, value in game.headers.items()}
        white, black = record.player_info(scheduled.white), record.player_info(scheduled.black)
        assert headers["Round"] == f"{r}.{board}"
        assert headers["Board"] == str(board)
        assert headers["White"] == white.name and headers["Black"] == black.name
        assert headers["WhiteTeam"] == record.team_name(scheduled.white.team)
        assert headers["BlackTeam"] == record.team_name(scheduled.black.team)
        assert headers["Result"] == PGN_RESULT[record.result(r, board)]
        assert headers["Event"] == record.event.name
        assert headers["Site"] == record.event.site
        assert headers["Date"] == record.event.round_dates[r - 1].replace("-", ".")
        for side, info in (("White", white), ("Black", black)):
            assert headers.get(f"{side}Elo") == (str(info.rating) if info.rating else None)
            assert headers.get(f"{side}FideId") == (str(info.fide_id) if info.fide_id else None)
            assert headers.get(f"{side}Title") == info.title
        assert list(game.mainline_moves()) == []
    # The Seven Tag Roster comes first, in its order, in every game; no tag is empty.
    for block in text.strip().split("\n\n")[::2]:
        names = re.findall(r'^\[(\w+) "', block, flags=re.MULTILINE)
        assert names[:7] == SEVEN
        assert not re.search(r' ""\]', block)


def test_pgn_without_event_data_uses_the_placeholders() -> None:
    record = make_record("single")
    bare = replace(record, event=Event())
    game = read_games(export_pgn(bare))[0]
    assert game.headers["Site"] == "?" and game.headers["Date"] == "????.??.??"
    assert unescape(game.headers["Event"]) == f"{TEAM_A} - {TEAM_B}"
