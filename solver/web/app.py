"""The desk's application: its pages' routes, the guard before them, and a clear page for every refusal.

:func:`create_app` builds a Starlette application over what ``schev serve PATH`` serves (a folder of
match files, or one).  Every route is a page module's function; every change is a POST with a form
token; a refusal (:class:`~.security.Refused`), an unknown address or method, and any bug end as a
short page with the status and one sentence, never a traceback.
"""

from __future__ import annotations

import logging
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from scheveningen.solver.web import change, display, downloads, home, new_match, progress, round_page, standings_page
from scheveningen.solver.web.common import Desk
from scheveningen.solver.web.folder import Served
from scheveningen.solver.web.jobs import Jobs
from scheveningen.solver.web.render import STATIC, error_page
from scheveningen.solver.web.security import Guard, GuardMiddleware, Refused

_LOG = logging.getLogger("scheveningen.web")

ROUTES = [
    Route("/", home.show_home),
    Route("/new", new_match.show_new, methods=["GET"]),
    Route("/new", new_match.design_new, methods=["POST"]),
    Route("/jobs/{job}", progress.show_job, methods=["GET"]),
    Route("/jobs/{job}/cancel", progress.cancel_job, methods=["POST"]),
    Route("/m/{mid}/round", round_page.show_round, methods=["GET"]),
    Route("/m/{mid}/round/{r:int}", round_page.show_round, methods=["GET"]),
    Route("/m/{mid}/round/{r:int}", round_page.save_round, methods=["POST"]),
    Route("/m/{mid}/standings", standings_page.show_standings),
    Route("/m/{mid}/standings.json", downloads.standings_data),
    Route("/m/{mid}/history", standings_page.show_history),
    Route("/m/{mid}/downloads", downloads.show_downloads),
    Route("/m/{mid}/print", downloads.printable),
    Route("/m/{mid}/download/{fmt}", downloads.download),
    Route("/m/{mid}/display", display.show_display),
    Route("/m/{mid}/version", display.version),
    Route("/m/{mid}/change", change.show_change, methods=["GET"]),
    Route("/m/{mid}/change", change.design_change, methods=["POST"]),
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
]


async def _refused(request: Request, error: Exception) -> Response:
    assert isinstance(error, Refused)
    return error_page(request, error.status, error.message, _mid(request))


async def _http(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    messages = {404: "there is no such page", 405: "this page does not take that kind of request"}
    return error_page(request, error.status_code, messages.get(error.status_code, str(error.detail)))


async def _bug(request: Request, error: Exception) -> Response:
    _LOG.error("internal error on %s %s", request.method, request.url.path, exc_info=error)
    return error_page(request, 500, "internal error (please report it); nothing was changed by this request")


def _mid(request: Request) -> str | None:
    mid = request.path_params.get("mid")
    return str(mid) if mid is not None and request.app.state.desk.served.path(str(mid)) else None


def create_app(path: str | Path, guard: Guard | None = None) -> Starlette:
    """The desk over the folder or match file at ``path``, guarded by ``guard`` (loopback, no token,
    by default)."""
    guard = guard or Guard()
    app = Starlette(
        routes=ROUTES,
        middleware=[Middleware(GuardMiddleware, guard=guard)],
        exception_handlers={Refused: _refused, HTTPException: _http, Exception: _bug},
    )
    app.state.desk = Desk(Served.of(path), guard, Jobs())
    return app
