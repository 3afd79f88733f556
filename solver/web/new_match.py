"""The *New match* page: a match typed (or its rosters uploaded), designed, and written as a new file.

The form (:mod:`.forms`) becomes a spec that the spec reader reads with every check of ``schev
generate --spec`` (:func:`~scheveningen.solver.io.specdraft.load_draft`); a refusal comes back as
the form, filled in, with the reader's sentence.  A readable match is designed by the job runner
(:mod:`.jobs`), whose page shows the progress; the match file is written as a new file in the
served folder, named after the event or the teams, never over an existing one
(:func:`~scheveningen.solver.match.generated.write_new_match_file`).
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from scheveningen.models.domain.schedule import Team
from scheveningen.models.formats.matchrecord import MatchRecord
from scheveningen.solver.io.specdraft import REQUEST_HELP, DraftError, load_draft
from scheveningen.solver.match.generated import write_new_match_file
from scheveningen.solver.web.common import desk
from scheveningen.solver.web.forms import MAX_TIME_LIMIT, draft_of, time_limit_of, typed_values
from scheveningen.solver.web.jobs import Busy
from scheveningen.solver.web.render import page
from scheveningen.solver.web.security import Refused, checked_form


def _form_page(request: Request, values: dict[str, str], status: int = 200, error: str | None = None) -> Response:
    running = desk(request).jobs.running()
    return page(
        request,
        "new.html",
        status,
        title="New match",
        values=values,
        error=error,
        request_help=REQUEST_HELP,
        max_time=MAX_TIME_LIMIT,
        running=running.id if running else None,
    )


async def show_new(request: Request) -> Response:
    return _form_page(request, typed_values(None))


async def design_new(request: Request) -> Response:
    the_desk = desk(request)
    form = await checked_form(request, the_desk.guard)
    values = typed_values(form)
    try:
        draft = await draft_of(form)
        time_limit = time_limit_of(form)
        setup = await run_in_threadpool(load_draft, draft)
    except (DraftError, Refused) as error:
        status = error.status if isinstance(error, Refused) else 400
        return _form_page(request, values, status, str(error.message if isinstance(error, Refused) else error))
    match = setup.match
    title = setup.event.name or f"{match.team(Team.A).name or 'Team A'} - {match.team(Team.B).name or 'Team B'}"

    def write(record: MatchRecord) -> str:
        return the_desk.served.add(write_new_match_file(record, the_desk.served.folder, title))

    try:
        job = the_desk.jobs.start(title, setup, time_limit, write)
    except Busy as busy:
        return _form_page(
            request, values, 409, f"A design is already running (/jobs/{busy.job.id}); wait for it or cancel it."
        )
    return RedirectResponse(f"/jobs/{job.id}", 303)
