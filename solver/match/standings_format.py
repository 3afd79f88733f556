"""Standings as text, JSON, Markdown and HTML; the numbers come from :mod:`scheveningen.solver.match.standings`.

Points are written with ``½`` in text, Markdown and HTML (``2½``, ``½``) and as
numbers in JSON.  The HTML is one self-contained page (no scripts, no external
files) with every name escaped.  Every format shows the same rows and numbers: the
round table (:func:`round_row`), the players (:data:`PLAYER_HEADER`,
:func:`player_row`; "games" counts every result, forfeits too), the verdict and,
for a match that ended level, the tie-break (:func:`tiebreak_line`).
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from typing import Any

from scheveningen.models.domain.schedule import Team
from scheveningen.models.domain.wording import counted
from scheveningen.models.formats.matchrecord import json_number
from scheveningen.solver.match.standings import PlayerScore, RoundScore, Standings, TieBreakScore


def points(value: float) -> str:
    """Half points as ``½``: 2.5 -> ``2½``, 0.5 -> ``½``, 3.0 -> ``3``."""
    whole = int(value)
    if value == whole:
        return str(whole)
    if abs(value - whole - 0.5) < 1e-9:
        return f"{whole}½" if whole else "½"
    return f"{value:g}"


def verdict(s: Standings) -> str:
    """One sentence: who won, or who leads, or that nothing has been played."""
    rec = s.record
    a, b = rec.team_name(Team.A), rec.team_name(Team.B)
    by_match = rec.scoring.decided_by == "match_points"
    lead_a, lead_b = (s.match_points_a, s.match_points_b) if by_match else (s.points_a, s.points_b)
    unit = "match points" if by_match else "board points"
    left = s.games - s.recorded
    if s.recorded == 0:
        return "No results yet."
    if s.decided:
        early = "" if left == 0 else f" (decided with {counted(left, 'game')} still to play)"
        if s.winner is None:
            return f"The match is drawn, {points(lead_a)}-{points(lead_b)} on {unit}."
        winner, loser = (a, b) if s.winner is Team.A else (b, a)
        if lead_a == lead_b:
            return (
                f"{winner} won against {loser} on the tie-break, level at {points(lead_a)}-{points(lead_b)} on {unit}."
            )
        high, low = max(lead_a, lead_b), min(lead_a, lead_b)
        return f"{winner} won against {loser}, {points(high)}-{points(low)} on {unit}{early}."
    still = f"{counted(left, 'game')} to play"
    if lead_a == lead_b:
        return f"Level at {points(lead_a)}-{points(lead_b)} on {unit}, {still}."
    leader = a if lead_a > lead_b else b
    return f"{leader} leads {points(max(lead_a, lead_b))}-{points(min(lead_a, lead_b))} on {unit}, {still}."


def tiebreak_line(s: Standings) -> str | None:
    """The tie-break of a match that ended level, in words with both sides' values; None otherwise."""
    tb: TieBreakScore | None = s.tiebreak
    if tb is None:
        return None
    a, b = s.record.team_name(Team.A), s.record.team_name(Team.B)
    if tb.method == "board-count":
        detail = (
            f"board count (FIDE BC: game points times board number, the lower wins) "
            f"{a} {points(tb.a[0])} - {points(tb.b[0])} {b}"
        )
    else:
        shown = tb.dropped or len(tb.a)
        steps = [
            f"without the bottom {counted(k, 'board')} {points(x)}-{points(y)}"
            for k, (x, y) in enumerate(zip(tb.a[:shown], tb.b[:shown], strict=True), start=1)
        ]
        detail = f"bottom-board elimination (FIDE BBE), {a}-{b}: " + ", ".join(steps or ["one board, nothing to drop"])
    return f"Tie-break: {detail}" + ("." if tb.winner is not None else "; level too, so the match is drawn.")


def round_row(rs: RoundScore) -> list[str]:
    if rs.recorded == 0:
        return [str(rs.round), "-", "-", "-", "-", "no results yet"]
    mp = "-" if rs.match_points_a is None else f"{points(rs.match_points_a)}-{points(rs.match_points_b or 0)}"
    status = "" if rs.complete else f"{rs.recorded}/{counted(rs.games, 'result')}"
    return [
        str(rs.round),
        f"{points(rs.points_a)}-{points(rs.points_b)}",
        f"{points(rs.running_a)}-{points(rs.running_b)}",
        mp,
        f"{points(rs.running_match_a)}-{points(rs.running_match_b)}",
        status,
    ]


_ROUND_HEADER = ["round", "score", "running", "match points", "running", ""]
PLAYER_HEADER = ["no.", "name", "rating", "points", "games", "performance"]


def player_row(p: PlayerScore) -> list[str]:
    perf = "" if p.performance is None else str(p.performance)
    if p.performance is not None and p.rated_games != p.played:
        perf += f" ({p.rated_games} rated)"
    return [
        str(p.player),
        p.info.name,
        "" if p.info.rating is None else str(p.info.rating),
        points(p.points),
        str(p.results),
        perf,
    ]


def _title(s: Standings) -> str:
    rec = s.record
    return rec.event.name or f"{rec.team_name(Team.A)} - {rec.team_name(Team.B)}"


def _score_line(s: Standings) -> str:
    rec = s.record
    a, b = rec.team_name(Team.A), rec.team_name(Team.B)
    sc = rec.scoring
    return (
        f"{a} {points(s.points_a)} - {points(s.points_b)} {b} on board points; "
        f"match points {points(s.match_points_a)} - {points(s.match_points_b)} "
        f"({points(sc.win)}/{points(sc.draw)}/{points(sc.loss)} for a round won/drawn/lost); "
        f"{s.recorded} of {counted(s.games, 'result')}"
    )


def _table_text(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in [header, *rows]]


def standings_text(s: Standings) -> str:
    rec = s.record
    lines = [_title(s), _score_line(s), verdict(s), *filter(None, [tiebreak_line(s)]), ""]
    header = list(_ROUND_HEADER)
    header[1] = f"{rec.team_name(Team.A)}-{rec.team_name(Team.B)}"
    lines += _table_text(header, [round_row(rs) for rs in s.rounds])
    for team in Team:
        lines += ["", f"{rec.team_name(team)} (team {team.value})"]
        lines += _table_text(PLAYER_HEADER, [player_row(p) for p in s.team_players(team)])
    return "\n".join(lines) + "\n"


def standings_markdown(s: Standings) -> str:
    rec = s.record

    def row(cells: list[str]) -> str:
        return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"

    lines = [f"# {_title(s)}", "", _score_line(s) + ".", "", f"**{verdict(s)}**", ""]
    if tiebreak_line(s):
        lines += [str(tiebreak_line(s)), ""]
    header = list(_ROUND_HEADER)
    header[1] = f"{rec.team_name(Team.A)}-{rec.team_name(Team.B)}"
    lines += [row(header), row(["---"] * len(header))]
    lines += [row(round_row(rs)) for rs in s.rounds]
    for team in Team:
        lines += ["", f"## {rec.team_name(team)} (team {team.value})", ""]
        lines += [row(PLAYER_HEADER), row(["---"] * len(PLAYER_HEADER))]
        lines += [row(player_row(p)) for p in s.team_players(team)]
    return "\n".join(lines) + "\n"


def standings_html(s: Standings) -> str:
    rec = s.record
    e = html.escape

    def table(header: list[str], rows: list[list[str]]) -> str:
        head = "".join(f"<th>{e(c)}</th>" for c in header)
        body = "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in r) + "</tr>" for r in rows)
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"

    header = list(_ROUND_HEADER)
    header[1] = f"{rec.team_name(Team.A)}-{rec.team_name(Team.B)}"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{e(_title(s))}: standings</title>",
        "<style>body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse;margin:.5em 0 1.5em}"
        "th,td{border:1px solid #999;padding:.2em .6em;text-align:left}th{background:#eee}"
        "@media print{@page{size:A4;margin:15mm}}</style>",
        "</head><body>",
        f"<h1>{e(_title(s))}</h1>",
        f"<p>{e(_score_line(s))}.</p>",
        f"<p><strong>{e(verdict(s))}</strong></p>",
        *([f"<p>{e(tiebreak_line(s) or '')}</p>"] if s.tiebreak else []),
        "<h2>Rounds</h2>",
        table(header, [round_row(rs) for rs in s.rounds]),
    ]
    for team in Team:
        parts.append(f"<h2>{e(rec.team_name(team))} (team {team.value})</h2>")
        parts.append(table(PLAYER_HEADER, [player_row(p) for p in s.team_players(team)]))
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def standings_dict(s: Standings) -> dict[str, Any]:
    rec = s.record

    def team(t: Team) -> dict[str, Any]:
        return {
            "name": rec.team_name(t),
            "board_points": json_number(s.points_a if t is Team.A else s.points_b),
            "match_points": json_number(s.match_points_a if t is Team.A else s.match_points_b),
        }

    def player(p: PlayerScore) -> dict[str, Any]:
        return {
            "player": str(p.player),
            **p.info.as_dict(),
            "points": json_number(p.points),
            "results": p.results,
            "played": p.played,
            "rated_games": p.rated_games,
            "opponents_average": p.opponents_average,
            "performance": p.performance,
            "games": [
                {
                    "round": g.round,
                    "board": g.board,
                    "opponent": str(g.opponent),
                    "colour": "white" if g.white else "black",
                    "result": None if g.result is None else g.result.value,
                    "points": None if g.points is None else json_number(g.points),
                }
                for g in p.games
            ],
        }

    return {
        "match_status": s.status,
        "decided": s.decided,
        "winner": None if s.winner is None else s.winner.value,
        "summary": verdict(s),
        "results_recorded": s.recorded,
        "games": s.games,
        "scoring": {**rec.scoring.as_dict(), "tiebreak": rec.scoring.tiebreak},
        "tiebreak": None
        if s.tiebreak is None
        else {
            "method": s.tiebreak.method,
            "A": [json_number(v) for v in s.tiebreak.a],
            "B": [json_number(v) for v in s.tiebreak.b],
            "winner": None if s.tiebreak.winner is None else s.tiebreak.winner.value,
        },
        "teams": {t.value: team(t) for t in Team},
        "rounds": [
            {
                "round": rs.round,
                "board_points": {"A": json_number(rs.points_a), "B": json_number(rs.points_b)},
                "results_recorded": rs.recorded,
                "complete": rs.complete,
                "match_points": None
                if rs.match_points_a is None
                else {"A": json_number(rs.match_points_a), "B": json_number(rs.match_points_b or 0)},
                "running_board_points": {"A": json_number(rs.running_a), "B": json_number(rs.running_b)},
                "running_match_points": {"A": json_number(rs.running_match_a), "B": json_number(rs.running_match_b)},
            }
            for rs in s.rounds
        ],
        "players": [player(p) for p in s.players],
    }


def standings_json(s: Standings) -> str:
    return json.dumps(standings_dict(s), indent=2, ensure_ascii=False) + "\n"


FORMATTERS: dict[str, Callable[[Standings], str]] = {
    "text": standings_text,
    "json": standings_json,
    "md": standings_markdown,
    "html": standings_html,
}
