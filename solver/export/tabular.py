"""The pairings as a table, a row per game: plain text for the terminal, CSV for spreadsheets,
Markdown for notices and chats.

Every form gives the round's date and starting time (when the event has them), and each player's
code, title, name, team, rating and FIDE id, with the result from White's side (empty until
recorded).  The text form is the pairing sheet for a terminal or a plain printer: each round opens
with the match score before it and closes with lines for the arbiter's and both captains'
signatures, and a legend of the result forms ends the page.
"""

from __future__ import annotations

import csv
import io

from scheveningen.models.domain.roster import PlayerInfo
from scheveningen.models.domain.schedule import Team
from scheveningen.models.domain.wording import counted
from scheveningen.models.formats.matchrecord import MatchRecord
from scheveningen.solver.export.common import GameRow, game_rows, match_title
from scheveningen.solver.match.standings import standings
from scheveningen.solver.match.standings_format import points

CSV_COLUMNS = (
    "round",
    "date",
    "time",
    "board",
    "white_code",
    "white_title",
    "white",
    "white_team",
    "white_rating",
    "white_fide_id",
    "black_code",
    "black_title",
    "black",
    "black_team",
    "black_rating",
    "black_fide_id",
    "result",
)

#: What the result forms mean, for the foot of a pairing sheet.
LEGEND = (
    "Results from White's side: 1-0 White wins, 1/2-1/2 draw, 0-1 Black wins. Forfeits (game not played): "
    "+- White wins, Black absent; -+ Black wins, White absent; -- neither played, no points."
)


def export_csv(record: MatchRecord) -> str:
    """A header row, then one row a game (RFC 4180 quoting, CR LF line ends)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    event = record.event
    for row in game_rows(record):
        writer.writerow(
            [
                row.round,
                event.round_dates[row.round - 1] if event.round_dates else "",
                event.round_times[row.round - 1] if event.round_times else "",
                row.board,
                str(row.white),
                row.white_info.title or "",
                row.white_info.name,
                row.white_team,
                row.white_info.rating or "",
                row.white_info.fide_id or "",
                str(row.black),
                row.black_info.title or "",
                row.black_info.name,
                row.black_team,
                row.black_info.rating or "",
                row.black_info.fide_id or "",
                row.result.value if row.result else "",
            ]
        )
    return out.getvalue()


_MARKDOWN_SPECIAL = set("\\`*_[]<>|&~#")


def _cell(text: str) -> str:
    """Markdown table cell text, shown as written: pipes, emphasis marks, brackets and HTML escaped."""
    return "".join("\\" + ch if ch in _MARKDOWN_SPECIAL else ch for ch in text)


def _shown(code: str, info: PlayerInfo) -> str:
    """Title, name (with the code when the name is more than it), rating and FIDE id."""
    shown = info.name if info.name == code else f"{info.name} ({code})"
    if info.title:
        shown = f"{info.title} {shown}"
    if info.rating:
        shown += f" {info.rating}"
    if info.fide_id:
        shown += f", FIDE ID {info.fide_id}"
    return shown


def export_md(record: MatchRecord) -> str:
    """One Markdown table of every game."""
    lines = [
        "| Round | Date | Board | White | White team | Black | Black team | Result |",
        "|---:|---|---:|---|---|---|---|:---:|",
    ]
    for row in game_rows(record):
        lines.append(
            f"| {row.round} | {record.event.round_start(row.round) or ''} | {row.board} "
            f"| {_cell(_shown(str(row.white), row.white_info))} | {_cell(row.white_team)} "
            f"| {_cell(_shown(str(row.black), row.black_info))} | {_cell(row.black_team)} "
            f"| {row.result.value if row.result else ''} |"
        )
    return "\n".join(lines) + "\n"


def export_text(record: MatchRecord) -> str:
    """The pairing sheets round by round, aligned in columns: board, White, Black, result."""
    a, b = record.team_name(Team.A), record.team_name(Team.B)
    lines = [
        match_title(record),
        f"{a} (team A) - {b} (team B): {counted(record.boards, 'board')}, {counted(record.rounds, 'round')}",
    ]
    score = standings(record)
    rounds: dict[int, list[GameRow]] = {}
    for row in game_rows(record):
        rounds.setdefault(row.round, []).append(row)
    for r, rows in rounds.items():
        start = record.event.round_start(r)
        date = f" ({start})" if start else ""
        before = (0.0, 0.0) if r == 1 else (score.rounds[r - 2].running_a, score.rounds[r - 2].running_b)
        cells = [
            (
                str(row.board),
                _shown(str(row.white), row.white_info),
                _shown(str(row.black), row.black_info),
                row.result.value if row.result else "",
            )
            for row in rows
        ]
        widths = [max(len(cell[i]) for cell in cells) for i in range(3)]
        lines += [
            "",
            f"Round {r}{date}",
            f"  Score before this round: {a} {points(before[0])} - {points(before[1])} {b}",
        ]
        for board, white, black, result in cells:
            line = f"  {board.rjust(widths[0])}  {white.ljust(widths[1])}  {black.ljust(widths[2])}  {result}"
            lines.append(line.rstrip())
        lines.append(f"  Arbiter ______________  Captain {a} ______________  Captain {b} ______________")
    lines += ["", LEGEND]
    return "\n".join(lines) + "\n"
