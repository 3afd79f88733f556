"""The *Display* page: read-only, large type, for a screen in the playing hall.

It shows the match score, the verdict and the round being played (the first without every result)
with its results, and keeps itself current: a tiny script asks ``/m/ID/version`` every two seconds
and reloads the page when the match file changed (a result entered on the page or with ``schev
result``); without JavaScript, the page reloads itself every :data:`REFRESH` seconds.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from scheveningen.solver.match.standings import standings
from scheveningen.solver.match.standings_format import verdict
from scheveningen.solver.web.common import match_of, path_of
from scheveningen.solver.web.folder import file_version
from scheveningen.solver.web.render import page
from scheveningen.solver.web.round_page import current_round, games_of, heading, match_score, round_when

#: Seconds between reloads without JavaScript.
REFRESH = 15


async def show_display(request: Request) -> Response:
    opened = await run_in_threadpool(match_of, request)
    record = opened.record
    asked = request.query_params.get("round", "")
    r = int(asked) if asked.isdigit() and 1 <= int(asked) <= record.rounds else current_round(record)
    st = standings(record)
    return page(
        request,
        "display.html",
        title="Display",
        mid=opened.id,
        heading=heading(record),
        score=match_score(record, st),
        verdict=verdict(st),
        round=r,
        rounds=record.rounds,
        when=round_when(record, r),
        games=games_of(record, r),
        version=file_version(opened.path),
        refresh=REFRESH,
    )


async def version(request: Request) -> Response:
    """What changes whenever the match file is rewritten: the display reloads when it does."""
    _mid, path = path_of(request)
    return PlainTextResponse(file_version(path))
