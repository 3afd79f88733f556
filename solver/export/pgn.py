"""One PGN game skeleton a board and round: the file a broadcast or a database import starts from.

Tags: the Seven Tag Roster always, in its order (Event, Site, Date, Round, White, Black, Result),
then Board, WhiteTeam, BlackTeam, WhiteTitle, BlackTitle, WhiteElo, BlackElo, WhiteFideId,
BlackFideId, Time (the round's starting time, ``HH:MM:SS``), TimeControl (the PGN standard's
form, e.g. ``5400+30``, from the event's time control) and Termination where known.  ``Round`` is
``round.board``; ``Date`` is the round's date (``????.??.??`` when unknown); ``Site`` is ``?`` when
unknown.  ``Result`` is ``*`` until the game has a result.

A forfeit (the game was not played) has no moves, a comment saying so, and ``Termination "rules
infraction"``: the PGN standard's value for an administrative forfeit, a player failing the event's
regulations (here, not being at the board).  One player forfeiting is scored ``1-0`` or ``0-1``.
Both forfeiting gives no winner and no points; PGN's ``Result`` has no value for that (``0-0`` is
not legal PGN), so it is ``*`` ("unknown"), which also keeps the game out of anything that rates
games, and the comment says that both players forfeited.
"""

from __future__ import annotations

from scheveningen.models.domain.results import GameResult
from scheveningen.models.formats.matchrecord import MatchRecord
from scheveningen.solver.export.common import GameRow, game_rows, match_title

_PGN_RESULT = {
    GameResult.WHITE_WINS: "1-0",
    GameResult.BLACK_WINS: "0-1",
    GameResult.DRAW: "1/2-1/2",
    GameResult.WHITE_WINS_FORFEIT: "1-0",
    GameResult.BLACK_WINS_FORFEIT: "0-1",
    GameResult.DOUBLE_FORFEIT: "*",
}
_FORFEIT_TERMINATION = "rules infraction"
_FORFEIT_NOTE = {
    GameResult.WHITE_WINS_FORFEIT: "White wins by forfeit; the game was not played.",
    GameResult.BLACK_WINS_FORFEIT: "Black wins by forfeit; the game was not played.",
    GameResult.DOUBLE_FORFEIT: "Both players forfeited; the game was not played: no result, no points.",
}


def _quote(value: str) -> str:
    """A tag value with backslash and double quote escaped, as PGN requires."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _tags(record: MatchRecord, row: GameRow) -> list[tuple[str, str]]:
    event = record.event
    date = event.round_dates[row.round - 1].replace("-", ".") if event.round_dates else "????.??.??"
    result = _PGN_RESULT[row.result] if row.result is not None else "*"
    tags = [
        ("Event", match_title(record)),
        ("Site", event.site or "?"),
        ("Date", date),
        ("Round", f"{row.round}.{row.board}"),
        ("White", row.white_info.name),
        ("Black", row.black_info.name),
        ("Result", result),
        ("Board", str(row.board)),
        ("WhiteTeam", row.white_team),
        ("BlackTeam", row.black_team),
    ]
    forfeit = row.result is not None and row.result.is_forfeit
    time = event.round_times[row.round - 1] + ":00" if event.round_times else None
    optional: list[tuple[str, object]] = [
        ("WhiteTitle", row.white_info.title),
        ("BlackTitle", row.black_info.title),
        ("WhiteElo", row.white_info.rating),
        ("BlackElo", row.black_info.rating),
        ("WhiteFideId", row.white_info.fide_id),
        ("BlackFideId", row.black_info.fide_id),
        ("Time", time),
        ("TimeControl", event.encoded_time_control()),
        ("Termination", _FORFEIT_TERMINATION if forfeit else None),
    ]
    return tags + [(name, str(value)) for name, value in optional if value is not None]


def export_pgn(record: MatchRecord) -> str:
    """Every game of the match as a PGN skeleton, games separated by a blank line."""
    games = []
    for row in game_rows(record):
        tags = _tags(record, row)
        result = dict(tags)["Result"]
        note = _FORFEIT_NOTE.get(row.result) if row.result is not None else None
        movetext = f"{{{note}}} {result}" if note else result
        games.append("\n".join(f"[{name} {_quote(value)}]" for name, value in tags) + "\n\n" + movetext + "\n")
    return "\n".join(games)
