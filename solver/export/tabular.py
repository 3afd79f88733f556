"""The pairings as a table, a row per game: plain text for the terminal, CSV for spreadsheets,
Markdown for notices and chats.

Columns: round, board, White (code, name, team, rating), Black (the same), and the result from
White's side (empty until recorded).
"""

from __future__ import annotations

import csv
import io

from scheveningen.models.domain.schedule import Team
from scheveningen.models.formats.matchrecord import MatchRecord
from scheveningen.solver.export.common import GameRow, game_rows, match_title

CSV_COLUMNS = (
    "round",
    "board",
    "white_code",
    "white",
    "white_team",
    "white_rating",
    "black_code",
    "black",
    "black_team",
    "black_rating",
    "result",
)


def export_csv(record: MatchRecord) -> str:
    """A header row, then one row a game (RFC 4180 quoting, CR LF line ends)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for row in game_rows(record):
        writer.writerow(
            [
                row.round,
                row.board,
                str(row.white),
                row.white_info.name,
                row.white_team,
                row.white_info.rating or "",
                str(row.black),
                row.black_info.name,
                row.black_team,
                row.black_info.rating or "",
                row.result.value if row.result else "",
            ]
        )
    return out.getvalue()


_MARKDOWN_SPECIAL = set("\\`*_[]<>|&~#")


def _cell(text: str) -> str:
    """Markdown table cell text, shown as written: pipes, emphasis marks, brackets and HTML escaped."""
    return "".join("\\" + ch if ch in _MARKDOWN_SPECIAL else ch for ch in text)


def _player(code: str, name: str, rating: int | None) -> str:
    shown = name if name == code else f"{name} ({code})"
    return _cell(shown + (f" {rating}" if rating else ""))


def export_md(record: MatchRecord) -> str:
    """One Markdown table of every game."""
    lines = [
        "| Round | Board | White | White team | Black | Black team | Result |",
        "|---:|---:|---|---|---|---|:---:|",
    ]
    for row in game_rows(record):
        lines.append(
            f"| {row.round} | {row.board} | {_player(str(row.white), row.white_info.name, row.white_info.rating)} "
            f"| {_cell(row.white_team)} | {_player(str(row.black), row.black_info.name, row.black_info.rating)} "
            f"| {_cell(row.black_team)} | {row.result.value if row.result else ''} |"
        )
    return "\n".join(lines) + "\n"


def _text_player(code: str, name: str, rating: int | None) -> str:
    shown = name if name == code else f"{name} ({code})"
    return shown + (f" {rating}" if rating else "")


def export_text(record: MatchRecord) -> str:
    """The pairings round by round, aligned in columns: board, White, Black, result."""
    a, b = record.team_name(Team.A), record.team_name(Team.B)
    lines = [match_title(record), f"{a} (team A) - {b} (team B): {record.boards} boards, {record.rounds} rounds"]
    rounds: dict[int, list[GameRow]] = {}
    for row in game_rows(record):
        rounds.setdefault(row.round, []).append(row)
    for r, rows in rounds.items():
        date = f" ({record.event.round_dates[r - 1]})" if record.event.round_dates else ""
        cells = [
            (
                str(row.board),
                _text_player(str(row.white), row.white_info.name, row.white_info.rating),
                _text_player(str(row.black), row.black_info.name, row.black_info.rating),
                row.result.value if row.result else "",
            )
            for row in rows
        ]
        widths = [max(len(cell[i]) for cell in cells) for i in range(3)]
        lines += ["", f"Round {r}{date}"]
        for board, white, black, result in cells:
            line = f"  {board.rjust(widths[0])}  {white.ljust(widths[1])}  {black.ljust(widths[2])}  {result}"
            lines.append(line.rstrip())
    return "\n".join(lines) + "\n"
