"""*Print and downloads*: the printable page and every export of a match, as ``schev export`` writes them.

``/m/ID/print`` is the printable HTML page (a pairing sheet a round, each on its own page, the
crosstable, colour sheets and standings); ``/m/ID/download/FORMAT`` one of :data:`DOWNLOADS` as a
file to save: the FIDE rating report (TRF), PGN, CSV, Markdown, the standings as JSON (``schev
standings --format json``), or the match file itself.  The page lists what a rating report still
needs (:func:`~scheveningen.solver.export.trf.rating_report_gaps`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from scheveningen.models.formats.matchrecord import MatchRecord
from scheveningen.solver.export import export
from scheveningen.solver.export.trf import rating_report_gaps
from scheveningen.solver.io.report import json_document
from scheveningen.solver.match.standings import standings
from scheveningen.solver.match.standings_format import standings_dict
from scheveningen.solver.web.common import match_of
from scheveningen.solver.web.render import page
from scheveningen.solver.web.round_page import heading
from scheveningen.solver.web.security import Refused


def _exported(fmt: str) -> Callable[[MatchRecord], str]:
    return lambda record: export(record, fmt)


def standings_document(record: MatchRecord) -> str:
    """The standings as ``schev standings --format json`` writes them, byte for byte."""
    return json_document("standings", "ok", 0, [], standings_dict(standings(record)))


#: Each download: its name in the address, what the page calls it, the file's extension and type,
#: and how it is written.
DOWNLOADS: dict[str, tuple[str, str, str, Callable[[MatchRecord], str]]] = {
    "trf": ("FIDE rating report (TRF)", ".trf", "text/plain", _exported("trf")),
    "pgn": ("PGN game skeletons (for a broadcast)", ".pgn", "application/x-chess-pgn", _exported("pgn")),
    "csv": ("Pairings and results (CSV)", ".csv", "text/csv", _exported("csv")),
    "md": ("Pairings and results (Markdown)", ".md", "text/markdown", _exported("md")),
    "json": ("Standings (JSON)", "-standings.json", "application/json", standings_document),
    "txt": ("Pairings (text)", ".txt", "text/plain", _exported("text")),
    "match": ("The match file itself (JSON)", ".json", "application/json", MatchRecord.to_json),
}


async def show_downloads(request: Request) -> Response:
    opened = await run_in_threadpool(match_of, request)
    return page(
        request,
        "downloads.html",
        title="Print and downloads",
        mid=opened.id,
        heading=heading(opened.record),
        downloads=[(key, label) for key, (label, *_rest) in DOWNLOADS.items()],
        gaps=rating_report_gaps(opened.record),
    )


async def printable(request: Request) -> Response:
    opened = await run_in_threadpool(match_of, request)
    return HTMLResponse(export(opened.record, "html"))


async def download(request: Request) -> Response:
    fmt = str(request.path_params.get("fmt", ""))
    if fmt not in DOWNLOADS:
        raise Refused(404, f"there is no download {fmt!r}; the page lists them all")
    opened = await run_in_threadpool(match_of, request)
    _label, ext, media, write = DOWNLOADS[fmt]
    name = Path(opened.id).stem + ext
    text = write(opened.record)
    return Response(
        text.encode("utf-8"),
        media_type=f"{media}; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


async def standings_data(request: Request) -> Response:
    """The standings as ``schev standings --format json`` writes them (shown, not saved)."""
    opened = await run_in_threadpool(match_of, request)
    return Response(standings_document(opened.record).encode("utf-8"), media_type="application/json")
