"""What every page of the desk shares: the served folder, the guard and the design job of the
application (:class:`Desk`), and the match a request names, read afresh from its file.

A page names its match by the id in its URL (``/m/{mid}/...``); :func:`match_of` looks it up in the
listing (:class:`~.folder.Served`) and reads and verifies the file, or refuses with a
:class:`~.security.Refused` that the application shows as a clear page (404: no such match; 400:
the file cannot be read, with the reader's sentence).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from starlette.requests import Request

from scheveningen.models.formats.matchrecord import MatchRecord, MatchRecordError
from scheveningen.solver.io.matchfile import read_match_file
from scheveningen.solver.web.folder import Served
from scheveningen.solver.web.jobs import Jobs
from scheveningen.solver.web.security import Guard, Refused


@dataclass(frozen=True)
class Desk:
    """The application's own state: what it serves, its guard, and the design job running (if any)."""

    served: Served
    guard: Guard
    jobs: Jobs


def desk(request: Request) -> Desk:
    found: Desk = request.app.state.desk
    return found


@dataclass(frozen=True)
class Opened:
    """A match a request names: its id, its file and its record as the file holds it now."""

    id: str
    path: Path
    record: MatchRecord


def path_of(request: Request) -> tuple[str, Path]:
    """The id in the URL and its file; :class:`Refused` (404) when the listing has no such match."""
    mid = str(request.path_params.get("mid", ""))
    path = desk(request).served.path(mid)
    if path is None:
        raise Refused(404, "there is no such match file here (see the list of matches)")
    return mid, path


def match_of(request: Request) -> Opened:
    """The match the URL names, read and verified now."""
    mid, path = path_of(request)
    try:
        record = read_match_file(path)
    except MatchRecordError as error:
        raise Refused(400, f"{mid} cannot be read: {str(error).replace(str(path), mid)}") from None
    return Opened(mid, path, record)


def whole_number(text: object, what: str, least: int = 1, most: int = 10_000) -> int:
    """A form's whole number in ``least..most``; :class:`Refused` (400) naming ``what`` otherwise."""
    value = str(text or "").strip()
    if not value.lstrip("-").isdigit() or not least <= int(value) <= most:
        raise Refused(400, f"{what} must be a whole number from {least} to {most}, got {value!r}")
    return int(value)
