"""The *Standings* and *History* pages, with the numbers of ``schev standings`` and ``schev history``.

Standings: the score and verdict, the tie-break of a level match, the score round by round (board
and match points, running), each player's points, games and performance, and the crosstable; the
same rows as every standings format (:func:`round_row`, :func:`player_row`), and
``/m/ID/standings.json`` is byte for byte ``schev standings --format json``.  History: every change
of a recorded result, oldest first (:func:`~scheveningen.solver.match.history.history_lines`).
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from scheveningen.models.domain.schedule import Team
from scheveningen.solver.match.crosstable import crosstable
from scheveningen.solver.match.history import NO_HISTORY, history_lines
from scheveningen.solver.match.standings import standings
from scheveningen.solver.match.standings_format import (
    PLAYER_HEADER,
    player_row,
    points,
    round_row,
    tiebreak_line,
    verdict,
)
from scheveningen.solver.web.common import match_of
from scheveningen.solver.web.render import page
from scheveningen.solver.web.round_page import heading, score_line


async def show_standings(request: Request) -> Response:
    opened = await run_in_threadpool(match_of, request)
    record = opened.record
    st = standings(record)
    sc = record.scoring
    table = crosstable(record)
    return page(
        request,
        "standings.html",
        title="Standings",
        mid=opened.id,
        heading=heading(record),
        score=score_line(record, st),
        verdict=verdict(st),
        match_points=f"Match points {points(st.match_points_a)} - {points(st.match_points_b)} "
        f"({points(sc.win)}/{points(sc.draw)}/{points(sc.loss)} for a round won/drawn/lost); "
        f"{st.recorded} of {st.games} results in.",
        tiebreak=tiebreak_line(st),
        round_header=[
            "round",
            f"{record.team_name(Team.A)}-{record.team_name(Team.B)}",
            "running",
            "match points",
            "running",
            "",
        ],
        round_rows=[round_row(rs) for rs in st.rounds],
        player_header=PLAYER_HEADER,
        teams=[
            (f"{record.team_name(team)} (team {team.value})", [player_row(p) for p in st.team_players(team)])
            for team in Team
        ],
        cross_a=record.team_name(Team.A),
        cross_b=record.team_name(Team.B),
        cross_columns=[(str(b), record.player_info(b).name) for b in table.columns],
        cross_rows=[
            (str(a), record.player_info(a).name, [table.cell(a, b) for b in table.columns]) for a in table.rows
        ],
    )


async def show_history(request: Request) -> Response:
    opened = await run_in_threadpool(match_of, request)
    return page(
        request,
        "history.html",
        title="History",
        mid=opened.id,
        heading=heading(opened.record),
        lines=history_lines(opened.record),
        none=NO_HISTORY,
    )
