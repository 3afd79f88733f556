"""The page of a design running: its progress line, refreshed every second, and a cancel; then
what it made (a link to the new match) or why it made nothing (the requests that cannot hold)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from scheveningen.solver.web.common import desk
from scheveningen.solver.web.render import page
from scheveningen.solver.web.security import Refused, checked_form


async def show_job(request: Request) -> Response:
    job = desk(request).jobs.get(str(request.path_params.get("job", "")))
    if job is None:
        raise Refused(404, "there is no such design (the server remembers the last few only)")
    return page(request, "job.html", title=f"Designing {job.title}", job=job, mid=job.made)


async def cancel_job(request: Request) -> Response:
    the_desk = desk(request)
    await checked_form(request, the_desk.guard)
    job = the_desk.jobs.cancel(str(request.path_params.get("job", "")))
    if job is None:
        raise Refused(404, "there is no such design")
    return RedirectResponse(f"/jobs/{job.id}", 303)
