"""One self-contained HTML page for printing: pairing sheets, crosstable, colour sheets, standings.

The page has no external resources (no scripts, fonts or images), so it prints the same anywhere.
Print CSS sets A4 and starts every round's pairing sheet on a new page; the crosstable and the
colour sheets, which grow with the number of rounds, are set on landscape pages.  Every team and
player name, and every event field, is HTML-escaped.

Sections:

* a pairing sheet per round: board, White, rating, Black, rating, result (blank to fill in when
  not recorded), with the team names and the round's date and score;
* the crosstable, team A's players down, team B's across: in each cell the round in which they
  meet, team A's player's colour, and the result from that player's side where known (two
  entries in a double round);
* a colour sheet: each player's colour round by round (``-`` when sitting out);
* standings from the results recorded so far: the score round by round, running, and each
  player's points.  (Computed here from the results; ``schev standings`` adds performance
  ratings.)
"""

from __future__ import annotations

from html import escape

from scheveningen.models.matchrecord import MatchRecord
from scheveningen.models.results import GameResult
from scheveningen.models.schedule import Colour, Player, Team
from scheveningen.solver.export.common import game_rows, match_title, player_points, round_points, team_totals

_CSS = """
@page { size: A4 portrait; margin: 12mm; }
@page wide { size: A4 landscape; margin: 10mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 10.5pt; color: #000;
       margin: 0; }
.sheet { padding: 0; }
.sheet + .sheet { break-before: page; page-break-before: always; }
.wide { page: wide; }
h1 { font-size: 15pt; margin: 0 0 2mm 0; }
h2 { font-size: 13pt; margin: 0 0 3mm 0; }
p.meta { margin: 0 0 3mm 0; font-size: 9.5pt; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 0.3mm solid #444; padding: 1.2mm 1.6mm; text-align: left; vertical-align: middle;
         overflow-wrap: anywhere; }
th { background: #e8e8e8; }
tr { break-inside: avoid; page-break-inside: avoid; }
td.num, th.num { text-align: right; white-space: nowrap; }
td.res { text-align: center; width: 18mm; font-weight: bold; }
td.board { width: 14mm; text-align: center; }
th { white-space: nowrap; }
table.cross th, table.colours th { white-space: normal; }
table.cross td.name, table.colours td.name { width: 42mm; }
.team { display: block; font-size: 8pt; color: #333; }
.code { font-size: 8pt; color: #333; }
table.cross th, table.cross td, table.colours th, table.colours td { font-size: 7.5pt; padding: 0.6mm 0.8mm;
         text-align: center; }
table.cross th.name, table.cross td.name, table.colours td.name { text-align: left; }
td.w { background: #fff; }
td.b { background: #d0d0d0; }
p.note { font-size: 8.5pt; color: #333; }
@media screen { .sheet { max-width: 270mm; margin: 8mm auto; } }
"""

_A_SIDE = {  # team A's player's result code from the game result and whether A had White
    (GameResult.WHITE_WINS, True): "1",
    (GameResult.WHITE_WINS, False): "0",
    (GameResult.BLACK_WINS, True): "0",
    (GameResult.BLACK_WINS, False): "1",
    (GameResult.DRAW, True): "½",
    (GameResult.DRAW, False): "½",
    (GameResult.WHITE_WINS_FORFEIT, True): "+",
    (GameResult.WHITE_WINS_FORFEIT, False): "-",
    (GameResult.BLACK_WINS_FORFEIT, True): "-",
    (GameResult.BLACK_WINS_FORFEIT, False): "+",
    (GameResult.DOUBLE_FORFEIT, True): "-",
    (GameResult.DOUBLE_FORFEIT, False): "-",
}


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _points(value: float) -> str:
    whole = int(value)
    if value == whole:
        return str(whole)
    return f"{whole}½" if whole else "½"


def _result_text(result: GameResult | None) -> str:
    if result is None:
        return ""
    return "½-½" if result is GameResult.DRAW else result.value


def export_html(record: MatchRecord) -> str:
    """The whole page."""
    title = match_title(record)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>{_e(title)}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
    ]
    parts += _pairing_sheets(record, title)
    parts += _crosstable(record, title)
    parts += _colour_sheet(record, title)
    parts += _standings(record, title)
    parts += ["</body>", "</html>"]
    return "\n".join(parts) + "\n"


def _meta(record: MatchRecord) -> str:
    event = record.event
    bits = [event.site, event.start and (f"{event.start} to {event.end}" if event.end else event.start)]
    bits += [event.time_control and f"time control {event.time_control}"]
    bits += [event.chief_arbiter and f"chief arbiter {event.chief_arbiter}"]
    return " · ".join(_e(bit) for bit in bits if bit)


def _pairing_sheets(record: MatchRecord, title: str) -> list[str]:
    names = {team: record.team_name(team) for team in Team}
    by_round: dict[int, list[str]] = {}
    for row in game_rows(record):
        white, black = row.white_info, row.black_info
        by_round.setdefault(row.round, []).append(
            "<tr>"
            f'<td class="board">{row.board}</td>'
            f"<td>{_name(row.white, white.name)}"
            f'<span class="team">{_e(row.white_team)}</span></td>'
            f'<td class="num">{_e(white.rating or "")}</td>'
            f"<td>{_name(row.black, black.name)}"
            f'<span class="team">{_e(row.black_team)}</span></td>'
            f'<td class="num">{_e(black.rating or "")}</td>'
            f'<td class="res">{_e(_result_text(row.result))}</td>'
            "</tr>"
        )
    parts = []
    meta = _meta(record)
    for r in range(1, record.rounds + 1):
        date = f" · {_e(record.event.round_dates[r - 1])}" if record.event.round_dates else ""
        points = round_points(record, r)
        played = any(record.result(r, b) is not None for b in range(1, record.boards + 1))
        score = (
            f'<p class="meta">Score this round: {_e(names[Team.A])} {_points(points[Team.A])} &ndash; '
            f"{_points(points[Team.B])} {_e(names[Team.B])}{'' if record.round_complete(r) else ' (so far)'}</p>"
            if played
            else ""
        )
        parts += [
            f'<section class="sheet round" id="round-{r}">',
            f"<h1>{_e(title)}</h1>",
            f'<p class="meta">{meta}</p>' if meta else "",
            f"<h2>Round {r} of {record.rounds}{date}: {_e(names[Team.A])} &ndash; {_e(names[Team.B])}</h2>",
            "<table>",
            '<thead><tr><th>Board</th><th>White</th><th class="num">Rating</th><th>Black</th>'
            '<th class="num">Rating</th><th>Result</th></tr></thead>',
            "<tbody>",
            *by_round[r],
            "</tbody>",
            "</table>",
            score,
            "</section>",
        ]
    return [part for part in parts if part]


def _label(record: MatchRecord, player: Player) -> str:
    """Code, name and rating; the name only when it is more than the code."""
    info = record.player_info(player)
    name = f" {_e(info.name)}" if info.name != str(player) else ""
    rating = f" {info.rating}" if info.rating else ""
    return f'<span class="code">{_e(player)}</span>{name}{rating}'


def _name(player: Player, name: str) -> str:
    """A name on a pairing sheet, followed by the player's code when it is not the name itself."""
    return _e(name) if name == str(player) else f'{_e(name)} <span class="code">{_e(player)}</span>'


def _crosstable(record: MatchRecord, title: str) -> list[str]:
    schedule = record.schedule
    meetings: dict[tuple[Player, Player], list[str]] = {}
    for r, board, game in schedule.games():
        a, b = game.a_player, game.b_player
        result = record.result(r, board)
        code = _A_SIDE[result, game.a_white] if result is not None else ""
        colour = "W" if game.a_white else "B"
        meetings.setdefault((a, b), []).append(f"R{r} {colour}" + (f" {code}" if code else ""))
    head = "".join(f'<th class="name">{_label(record, b)}</th>' for b in schedule.players(Team.B))
    rows = []
    for a in schedule.players(Team.A):
        cells = "".join(
            f"<td>{'<br>'.join(_e(m) for m in meetings.get((a, b), []))}</td>" for b in schedule.players(Team.B)
        )
        rows.append(f'<tr><td class="name">{_label(record, a)}</td>{cells}</tr>')
    return [
        '<section class="sheet wide crosstable" id="crosstable">',
        f"<h2>Crosstable: {_e(record.team_name(Team.A))} (down) against {_e(record.team_name(Team.B))} (across)</h2>",
        '<p class="note">Each cell: the round they meet in, the colour of the player on the left (W or B) and, '
        "where known, that player's result (1, ½, 0; + and &minus; for forfeits).</p>",
        '<table class="cross">',
        f'<thead><tr><th class="name"></th>{head}</tr></thead>',
        "<tbody>",
        *rows,
        "</tbody>",
        "</table>",
        "</section>",
    ]


def _colour_sheet(record: MatchRecord, title: str) -> list[str]:
    """A page a team: each player's colour round by round."""
    schedule = record.schedule
    head = "".join(f"<th>{r}</th>" for r in range(1, schedule.n_rounds + 1))
    parts = []
    for team in Team:
        rows = []
        for player in schedule.players(team):
            cells = []
            for colour in schedule.colour_sequence(player):
                if colour is None:
                    cells.append("<td>-</td>")
                else:
                    css = "w" if colour is Colour.WHITE else "b"
                    cells.append(f'<td class="{css}">{colour.letter}</td>')
            rows.append(f'<tr><td class="name">{_label(record, player)}</td>{"".join(cells)}</tr>')
        parts += [
            f'<section class="sheet wide colours" id="colours-{team.value.lower()}">',
            f"<h2>Colours round by round: {_e(record.team_name(team))}</h2>",
            f'<p class="note">{_e(title)}. W White, B Black, - sits out.</p>',
            '<table class="colours">',
            f'<thead><tr><th class="name">Player</th>{head}</tr></thead>',
            "<tbody>",
            *rows,
            "</tbody>",
            "</table>",
            "</section>",
        ]
    return parts


def _standings(record: MatchRecord, title: str) -> list[str]:
    names = {team: record.team_name(team) for team in Team}
    rows = []
    running = {Team.A: 0.0, Team.B: 0.0}
    for r in range(1, record.rounds + 1):
        points = round_points(record, r)
        if not any(record.result(r, b) is not None for b in range(1, record.boards + 1)):
            rows.append(f'<tr><td class="num">{r}</td><td colspan="4">not played yet</td></tr>')
            continue
        for team in Team:
            running[team] += points[team]
        state = "" if record.round_complete(r) else " (incomplete)"
        rows.append(
            f'<tr><td class="num">{r}</td><td class="num">{_points(points[Team.A])}</td>'
            f'<td class="num">{_points(points[Team.B])}</td>'
            f'<td class="num">{_points(running[Team.A])} &ndash; {_points(running[Team.B])}</td><td>{state}</td></tr>'
        )
    board_points, match_points = team_totals(record)
    scores = player_points(record)
    games = {player: 0 for player in scores}
    for (r, board), result in record.results.items():
        if not result.is_forfeit:
            game = record.game(r, board)
            games[game.white] += 1
            games[game.black] += 1
    player_rows = []
    for team in Team:
        for player in record.schedule.players(team):
            player_rows.append(
                f"<tr><td>{_label(record, player)}</td><td>{_e(names[team])}</td>"
                f'<td class="num">{_points(scores[player])}</td><td class="num">{games[player]}</td></tr>'
            )
    return [
        '<section class="sheet standings" id="standings">',
        f"<h2>Standings: {_e(title)}</h2>",
        f'<p class="meta">Board points: {_e(names[Team.A])} {_points(board_points[Team.A])} &ndash; '
        f"{_points(board_points[Team.B])} {_e(names[Team.B])}. Match points "
        f"({_points(record.scoring.win)}/{_points(record.scoring.draw)}/{_points(record.scoring.loss)}): "
        f"{_points(match_points[Team.A])} &ndash; {_points(match_points[Team.B])}.</p>",
        "<table>",
        f'<thead><tr><th class="num">Round</th><th class="num">{_e(names[Team.A])}</th>'
        f'<th class="num">{_e(names[Team.B])}</th><th class="num">Running</th><th></th></tr></thead>',
        "<tbody>",
        *rows,
        "</tbody>",
        "</table>",
        "<h2>Players</h2>",
        "<table>",
        '<thead><tr><th>Player</th><th>Team</th><th class="num">Points</th>'
        '<th class="num">Games played</th></tr></thead>',
        "<tbody>",
        *player_rows,
        "</tbody>",
        "</table>",
        '<p class="note">Computed from the results recorded so far; forfeits count as points but not as games '
        "for rating.</p>",
        "</section>",
    ]
