"""The *Matches* page: the match files served, each with its title and how many results are in."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from scheveningen.models.formats.matchrecord import MatchRecordError
from scheveningen.solver.io.matchfile import read_match_file
from scheveningen.solver.web.common import desk
from scheveningen.solver.web.render import page
from scheveningen.solver.web.round_page import heading


def _entries(request: Request) -> list[dict[str, str]]:
    out = []
    for entry in desk(request).served.listing():
        try:
            record = read_match_file(entry.path)
        except MatchRecordError as error:
            out.append(
                {"id": entry.id, "title": "cannot be read", "progress": str(error).replace(str(entry.path), entry.id)}
            )
            continue
        done = len(record.results)
        out.append({"id": entry.id, "title": heading(record), "progress": f"{done} of {record.rounds * record.boards}"})
    return out


async def show_home(request: Request) -> Response:
    entries = await run_in_threadpool(_entries, request)
    return page(request, "home.html", title="Matches", entries=entries, folder=str(desk(request).served.folder))
