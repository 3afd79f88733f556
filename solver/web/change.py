"""The *Mid-match change* page: a new request after round k redesigns the rest and keeps the results.

The same path as the guide's second story: the match file's own spec (rosters, event, rules,
scoring, its requests) with the new requests and ``[played] match`` naming the file, so that the
rounds played are kept exactly, with their results and history
(:func:`~scheveningen.solver.io.specdraft.draft_from_record`), designed by the job runner and
written back over the file (refused when that would lose a result or a history entry: a result
entered meanwhile in a later round, say) or as a new file beside it.
"""

from __future__ import annotations

from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from scheveningen.models.formats.matchrecord import MatchRecord
from scheveningen.solver.io.specdraft import REQUEST_HELP, DraftError, draft_from_record, load_draft, record_requests
from scheveningen.solver.match.generated import GeneratedMatchError, write_generated, write_new_match_file
from scheveningen.solver.web.common import desk, match_of, whole_number
from scheveningen.solver.web.forms import MAX_TIME_LIMIT
from scheveningen.solver.web.jobs import Busy
from scheveningen.solver.web.render import page
from scheveningen.solver.web.round_page import heading
from scheveningen.solver.web.security import Refused, checked_form


def rounds_played(record: MatchRecord) -> int:
    """The rounds up to the last with a result: what the form proposes to keep."""
    return max((r for r, _ in record.results), default=0)


async def show_change(request: Request) -> Response:
    opened = await run_in_threadpool(match_of, request)
    return _page(request, opened.id, opened.record, {})


def _page(
    request: Request, mid: str, record: MatchRecord, values: dict[str, str], status: int = 200, error: str | None = None
) -> Response:
    return page(
        request,
        "change.html",
        status,
        title="Mid-match change",
        mid=mid,
        heading=heading(record),
        rounds=record.rounds,
        played=values.get("played", str(rounds_played(record))),
        requests=values.get("requests", ""),
        time_limit=values.get("time_limit", "10"),
        save=values.get("save", "replace"),
        own=record_requests(record),
        request_help=REQUEST_HELP,
        max_time=MAX_TIME_LIMIT,
        error=error,
    )


async def design_change(request: Request) -> Response:
    the_desk = desk(request)
    form = await checked_form(request, the_desk.guard)
    opened = await run_in_threadpool(match_of, request)
    record, path = opened.record, opened.path
    values = {key: value for key, value in form.multi_items() if isinstance(value, str)}
    try:
        played = whole_number(values.get("played", ""), "the rounds played", 0, record.rounds)
        time_limit = float(whole_number(values.get("time_limit", "10"), "the time limit (seconds)", 1, MAX_TIME_LIMIT))
        draft = draft_from_record(record, path, played, values.get("requests", ""))
        setup = await run_in_threadpool(load_draft, draft)
    except (DraftError, Refused) as error:
        message = error.message if isinstance(error, Refused) else str(error)
        return _page(request, opened.id, record, values, 400, message.replace(str(path.resolve()), opened.id))
    replace = values.get("save", "replace") != "new"

    def write(new: MatchRecord) -> str:
        if replace:
            try:
                write_generated(new, path)
            except GeneratedMatchError as error:
                raise GeneratedMatchError(
                    f"{str(error).split(' that ')[0].replace(str(path), opened.id)} that the new design would lose "
                    "(entered meanwhile?): nothing was written; save the new design as a new file instead"
                ) from None
            return opened.id
        return the_desk.served.add(write_new_match_file(new, the_desk.served.folder, Path(opened.id).stem))

    try:
        job = the_desk.jobs.start(f"the rest of {heading(record)}", setup, time_limit, write)
    except Busy as busy:
        message = f"A design is already running (/jobs/{busy.job.id}); wait for it or cancel it."
        return _page(request, opened.id, record, values, 409, message)
    return RedirectResponse(f"/jobs/{job.id}", 303)
