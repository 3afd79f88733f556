"""One self-contained HTML page for printing: pairing sheets, crosstable, colour sheets, standings.

The page has no external resources (no scripts, fonts or images), so it prints the same anywhere.
Print CSS sets A4 and starts every round's pairing sheet on a new page; the crosstable and the
colour sheets, which grow with the number of rounds, are set on landscape pages.  Every team and
player name, and every event field, is HTML-escaped.

Sections:

* a pairing sheet per round: board, White, rating, Black, rating, result (blank to fill in when
  not recorded); each player with title, team and FIDE id; the round's date and starting time, the
  match score before the round and, once games are in, the round's score; a legend of the result
  forms (forfeits ``+-``, ``-+``, ``--``) and lines for the signatures of the arbiter and both
  captains;
* the crosstable, team A's players down, team B's across: in each cell the round in which they
  meet, team A's player's colour, and the result from that player's side where known (two
  entries in a double round);
* a colour sheet a team: each player's colour and opponent round by round (``-`` when sitting out);
* standings from the results recorded so far, with the numbers of ``schev standings``: the score
  round by round and running, the verdict and any tie-break, and each player's points, games
  (forfeits included) and performance rating.
"""

from __future__ import annotations

from html import escape

from scheveningen.models.domain.results import GameResult
from scheveningen.models.domain.schedule import Colour, Player, Team
from scheveningen.models.formats.matchrecord import MatchRecord
from scheveningen.solver.export.common import game_rows, match_title
from scheveningen.solver.match.crosstable import crosstable
from scheveningen.solver.match.standings import Standings, standings
from scheveningen.solver.match.standings_format import PLAYER_HEADER, player_row, tiebreak_line, verdict
from scheveningen.solver.match.standings_format import points as _points

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
table.pairings td.num, table.pairings th.num { width: 17mm; }
table.pairings td { padding: 0.7mm 1.4mm; font-size: 9.5pt; }
th { white-space: nowrap; }
table.cross th, table.colours th { white-space: normal; }
table.cross, table.colours { table-layout: fixed; }
table.cross th.corner, table.cross td.name, table.colours th.name, table.colours td.name { width: 42mm; }
.team { display: block; font-size: 8pt; color: #333; }
.code { font-size: 8pt; color: #333; }
table.cross th, table.cross td, table.colours th, table.colours td { font-size: 7.5pt; padding: 0.6mm 0.8mm;
         text-align: center; }
table.cross th.name, table.cross td.name, table.colours td.name { text-align: left; }
td.w { background: #fff; }
span.opp { display: block; font-size: 6pt; color: #333; white-space: nowrap; }
td.b { background: #d0d0d0; }
p.note { font-size: 8.5pt; color: #333; }
p.legend { font-size: 8pt; margin: 2mm 0 0 0; }
table.signatures { margin-top: 4mm; border-collapse: separate; border-spacing: 5mm 0; }
table.signatures td { border: none; border-top: 0.3mm solid #000; padding-top: 0.8mm; font-size: 8pt; width: 33%; }
table.signatures tr.space td { border: none; height: 9mm; padding: 0; }
.fide { display: block; font-size: 7.5pt; color: #333; }
table + h2 { margin-top: 5mm; }
@media screen { .sheet { max-width: 270mm; margin: 8mm auto; } }
"""

def _e(text: object) -> str:
    return escape(str(text), quote=True)


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
    score = standings(record)
    parts += _pairing_sheets(record, title, score)
    parts += _crosstable(record)
    parts += _colour_sheet(record, title)
    parts += _standings(record, title, score)
    parts += ["</body>", "</html>"]
    return "\n".join(parts) + "\n"


def _meta(record: MatchRecord) -> str:
    event = record.event
    bits = [event.site, event.start and (f"{event.start} to {event.end}" if event.end else event.start)]
    bits += [event.time_control and f"time control {event.time_control}"]
    bits += [event.chief_arbiter and f"chief arbiter {event.chief_arbiter}"]
    return " · ".join(_e(bit) for bit in bits if bit)


def _pairing_sheets(record: MatchRecord, title: str, score: Standings) -> list[str]:
    names = {team: record.team_name(team) for team in Team}
    by_round: dict[int, list[str]] = {}
    for row in game_rows(record):
        white, black = row.white_info, row.black_info
        by_round.setdefault(row.round, []).append(
            "<tr>"
            f'<td class="board">{row.board}</td>'
            f"<td>{_name(row.white, white.name, white.title)}"
            f'<span class="team">{_e(row.white_team)}</span></td>'
            f'<td class="num">{_e(white.rating or "")}{_fide_id(white.fide_id)}</td>'
            f"<td>{_name(row.black, black.name, black.title)}"
            f'<span class="team">{_e(row.black_team)}</span></td>'
            f'<td class="num">{_e(black.rating or "")}{_fide_id(black.fide_id)}</td>'
            f'<td class="res">{_e(_result_text(row.result))}</td>'
            "</tr>"
        )
    parts = []
    meta = _meta(record)
    for r in range(1, record.rounds + 1):
        start = record.event.round_start(r)
        date = f" · {_e(start)}" if start else ""
        rs = score.rounds[r - 1]
        line = (
            f'<p class="meta">Score this round: {_e(names[Team.A])} {_points(rs.points_a)} &ndash; '
            f"{_points(rs.points_b)} {_e(names[Team.B])}{'' if rs.complete else ' (so far)'}</p>"
            if rs.recorded
            else ""
        )
        before = _score_before(record, score, r)
        parts += [
            f'<section class="sheet round" id="round-{r}">',
            f"<h1>{_e(title)}</h1>",
            f'<p class="meta">{meta}</p>' if meta else "",
            f"<h2>Round {r} of {record.rounds}{date}: {_e(names[Team.A])} &ndash; {_e(names[Team.B])}</h2>",
            f'<p class="meta">{before}</p>',
            '<table class="pairings">',
            '<thead><tr><th>Board</th><th>White</th><th class="num">Rating<span class="fide">FIDE ID</span></th>'
            '<th>Black</th><th class="num">Rating<span class="fide">FIDE ID</span></th><th>Result</th></tr></thead>',
            "<tbody>",
            *by_round[r],
            "</tbody>",
            "</table>",
            line,
            f'<p class="legend">{_LEGEND}</p>',
            _SIGNATURES.format(a=_e(names[Team.A]), b=_e(names[Team.B])),
            "</section>",
        ]
    return [part for part in parts if part]


_LEGEND = (
    "Results from White&rsquo;s side: 1-0 White wins, ½-½ draw, 0-1 Black wins; forfeits (game not played): "
    "+- White wins, Black absent; -+ Black wins, White absent; -- neither played, no points."
)
_SIGNATURES = (
    '<table class="signatures"><tbody><tr class="space"><td></td><td></td><td></td></tr>'
    "<tr><td>Arbiter</td><td>Captain, {a}</td><td>Captain, {b}</td></tr></tbody></table>"
)


def _score_before(record: MatchRecord, score: Standings, r: int) -> str:
    """The running match score before round ``r``: board points, and match points when rounds are complete."""
    a, b = _e(record.team_name(Team.A)), _e(record.team_name(Team.B))
    if r == 1:
        return f"Match score before this round: {a} 0 &ndash; 0 {b}"
    prev = score.rounds[r - 2]
    return (
        f"Match score before this round: {a} {_points(prev.running_a)} &ndash; {_points(prev.running_b)} {b} "
        f"(match points {_points(prev.running_match_a)} &ndash; {_points(prev.running_match_b)})"
    )


def _fide_id(fide_id: int | None) -> str:
    """A FIDE id under the rating, in the column headed "Rating / FIDE ID"."""
    return f'<span class="fide">{fide_id}</span>' if fide_id else ""


def _label(record: MatchRecord, player: Player) -> str:
    """Code, name and rating; the name only when it is more than the code."""
    info = record.player_info(player)
    name = f" {_e(info.name)}" if info.name != str(player) else ""
    rating = f" {info.rating}" if info.rating else ""
    return f'<span class="code">{_e(player)}</span>{name}{rating}'


def _name(player: Player, name: str, title: str | None = None) -> str:
    """A name on a pairing sheet, after the title, followed by the player's code when it is not the name."""
    shown = (f"<strong>{_e(title)}</strong> " if title else "") + _e(name)
    return shown if name == str(player) else f'{shown} <span class="code">{_e(player)}</span>'


def _crosstable(record: MatchRecord) -> list[str]:
    table = crosstable(record)
    head = "".join(f'<th class="name">{_label(record, b)}</th>' for b in table.columns)
    rows = []
    for a in table.rows:
        cells = "".join(f"<td>{'<br>'.join(_e(m) for m in table.cell(a, b))}</td>" for b in table.columns)
        rows.append(f'<tr><td class="name">{_label(record, a)}</td>{cells}</tr>')
    return [
        '<section class="sheet wide crosstable" id="crosstable">',
        f"<h2>Crosstable: {_e(record.team_name(Team.A))} (down) against {_e(record.team_name(Team.B))} (across)</h2>",
        '<p class="note">Each cell: the round they meet in, the colour of the player on the left (W or B) and, '
        "where known, that player's result (1, ½, 0; + and &minus; for forfeits).</p>",
        '<table class="cross">',
        f'<thead><tr><th class="name corner"></th>{head}</tr></thead>',
        "<tbody>",
        *rows,
        "</tbody>",
        "</table>",
        "</section>",
    ]


def _colour_sheet(record: MatchRecord, title: str) -> list[str]:
    """A page a team: each player's colour and opponent round by round."""
    schedule = record.schedule
    head = "".join(f"<th>{r}</th>" for r in range(1, schedule.n_rounds + 1))
    opponents: dict[tuple[Player, int], Player] = {}
    for r, _board, game in schedule.games():
        opponents[game.white, r] = game.black
        opponents[game.black, r] = game.white
    parts = []
    for team in Team:
        rows = []
        for player in schedule.players(team):
            cells = []
            for r, colour in enumerate(schedule.colour_sequence(player), start=1):
                if colour is None:
                    cells.append("<td>-</td>")
                else:
                    css = "w" if colour is Colour.WHITE else "b"
                    opponent = opponents[player, r]
                    cells.append(f'<td class="{css}">{colour.letter}<span class="opp">{opponent.number}</span></td>')
            rows.append(f'<tr><td class="name">{_label(record, player)}</td>{"".join(cells)}</tr>')
        parts += [
            f'<section class="sheet wide colours" id="colours-{team.value.lower()}">',
            f"<h2>Colours round by round: {_e(record.team_name(team))}</h2>",
            f'<p class="note">{_e(title)}. W White, B Black, with the opponent&rsquo;s number; - sits out.</p>',
            '<table class="colours">',
            f'<thead><tr><th class="name">Player</th>{head}</tr></thead>',
            "<tbody>",
            *rows,
            "</tbody>",
            "</table>",
            "</section>",
        ]
    return parts


def _standings(record: MatchRecord, title: str, score: Standings) -> list[str]:
    """The score round by round and each player's, as ``schev standings`` counts them."""
    names = {team: record.team_name(team) for team in Team}
    rows = []
    for rs in score.rounds:
        if not rs.recorded:
            rows.append(f'<tr><td class="num">{rs.round}</td><td colspan="4">not played yet</td></tr>')
            continue
        match_points = (
            f"{_points(rs.match_points_a)} &ndash; {_points(rs.match_points_b or 0.0)}"
            if rs.match_points_a is not None
            else "(incomplete)"
        )
        rows.append(
            f'<tr><td class="num">{rs.round}</td>'
            f'<td class="num">{_points(rs.points_a)} &ndash; {_points(rs.points_b)}</td>'
            f'<td class="num">{_points(rs.running_a)} &ndash; {_points(rs.running_b)}</td>'
            f'<td class="num">{match_points}</td>'
            f'<td class="num">{_points(rs.running_match_a)} &ndash; {_points(rs.running_match_b)}</td></tr>'
        )
    player_rows = []
    for p in score.players:
        _code, _full_name, rating, total, games, performance = player_row(p)
        player_rows.append(
            f"<tr><td>{_label(record, p.player)}</td><td>{_e(names[p.player.team])}</td>"
            f'<td class="num">{_e(rating)}</td><td class="num">{_e(total)}</td><td class="num">{_e(games)}</td>'
            f'<td class="num">{_e(performance)}</td></tr>'
        )
    header = "".join(f'<th class="num">{_e(h.capitalize())}</th>' for h in PLAYER_HEADER[2:])
    broken = tiebreak_line(score)
    scoring = record.scoring
    return [
        '<section class="sheet standings" id="standings">',
        f"<h2>Standings: {_e(title)}</h2>",
        f'<p class="meta">Board points: {_e(names[Team.A])} {_points(score.points_a)} &ndash; '
        f"{_points(score.points_b)} {_e(names[Team.B])}. Match points "
        f"({_points(scoring.win)}/{_points(scoring.draw)}/{_points(scoring.loss)} a round): "
        f"{_points(score.match_points_a)} &ndash; {_points(score.match_points_b)}.</p>",
        f'<p class="meta"><strong>{_e(verdict(score))}</strong></p>',
        f'<p class="meta">{_e(broken)}</p>' if broken else "",
        "<table>",
        f'<thead><tr><th class="num">Round</th><th class="num">{_e(names[Team.A])} &ndash; {_e(names[Team.B])}</th>'
        '<th class="num">Running</th><th class="num">Match points</th><th class="num">Running</th></tr></thead>',
        "<tbody>",
        *rows,
        "</tbody>",
        "</table>",
        "<h2>Players</h2>",
        "<table>",
        f"<thead><tr><th>Player</th><th>Team</th>{header}</tr></thead>",
        "<tbody>",
        *player_rows,
        "</tbody>",
        "</table>",
        '<p class="note">Points and games count every result, forfeits too; the performance rating '
        "(FIDE's method, against rated opponents) leaves forfeits out.</p>",
        "</section>",
    ]
