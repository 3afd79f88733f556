"""A match as typed on the *New match* page, read into a :class:`~scheveningen.solver.io.specdraft.SpecDraft`.

The form's fields: ``boards``, ``double``, for each team ``name_A``, ``roster_A`` (typed or pasted:
one name a line, or CSV with a header row) and ``upload_A`` (a CSV file, which wins over the typed
roster), ``size_A`` (players known by code only); the event (``event_name``, ``event_site``, ...,
``event_round_dates``); the rules (``colour_balance``, ``max_run``, ``board_balance``,
``objective``); the scoring (``win``, ``draw``, ``loss``, ``decided_by``, ``tiebreak``); the
``requests``, one a line; and ``time_limit``.  :func:`typed_values` keeps what was typed, so that a
refused form comes back filled in.
"""

from __future__ import annotations

from starlette.datastructures import FormData, UploadFile

from scheveningen.models.domain.roster import EVENT_FIELDS
from scheveningen.models.domain.schedule import Team
from scheveningen.solver.io.specdraft import SpecDraft, TeamDraft
from scheveningen.solver.web.common import whole_number
from scheveningen.solver.web.security import MAX_FORM_BYTES, Refused

#: The time a design may take at most, in seconds.
MAX_TIME_LIMIT = 600
DEFAULTS: dict[str, str] = {
    "boards": "6",
    "colour_balance": "on",
    "max_run": "2",
    "board_balance": "on",
    "objective": "breaks",
    "win": "2",
    "draw": "1",
    "loss": "0",
    "decided_by": "board_points",
    "tiebreak": "board-count",
    "time_limit": "10",
}


def typed_values(form: FormData | None) -> dict[str, str]:
    """Every text field as typed (uploads left out), over the defaults for a blank form."""
    if form is None:
        return dict(DEFAULTS)
    return {key: value for key, value in form.multi_items() if isinstance(value, str)}


def _text(form: FormData, key: str) -> str:
    value = form.get(key)
    return value if isinstance(value, str) else ""


async def _upload(form: FormData, key: str) -> str:
    value = form.get(key)
    if not isinstance(value, UploadFile) or not value.filename:
        return ""
    data = await value.read(MAX_FORM_BYTES + 1)
    if len(data) > MAX_FORM_BYTES:
        raise Refused(413, f"{value.filename}: too large; a roster file may hold at most 1 MiB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused(400, f"{value.filename}: not a text file in UTF-8 (save the roster as CSV, UTF-8)") from None


def _number(form: FormData, key: str, what: str) -> float:
    text = _text(form, key).strip() or DEFAULTS[key]
    try:
        value = float(text)
    except ValueError:
        raise Refused(400, f"{what} must be a number, got {text!r}") from None
    if not 0 <= value < 1000:
        raise Refused(400, f"{what} must be a number from 0 to 999, got {text!r}")
    return value


async def draft_of(form: FormData) -> SpecDraft:
    """The match the form describes; :class:`Refused` (400) for a field no spec could hold."""
    boards = whole_number(_text(form, "boards"), "the number of boards", 1, 100)
    teams: dict[Team, TeamDraft] = {}
    for team in Team:
        roster = await _upload(form, f"upload_{team.value}") or _text(form, f"roster_{team.value}")
        size_text = _text(form, f"size_{team.value}").strip()
        size = whole_number(size_text, f"team {team.value}'s number of players", boards, 100) if size_text else None
        teams[team] = TeamDraft(_text(form, f"name_{team.value}").strip(), roster, size)
    return SpecDraft(
        boards=boards,
        team_a=teams[Team.A],
        team_b=teams[Team.B],
        double=_text(form, "double") == "on",
        event={key: _text(form, f"event_{key}") for key in EVENT_FIELDS if _text(form, f"event_{key}").strip()},
        rules={
            "colour_balance": _text(form, "colour_balance") == "on",
            "max_run": whole_number(_text(form, "max_run") or "2", "the longest run of one colour", 0, 100),
            "board_balance": _text(form, "board_balance") == "on",
            "objective": _text(form, "objective") or "breaks",
        },
        scoring={
            "win": _number(form, "win", "match points for a round won"),
            "draw": _number(form, "draw", "match points for a round drawn"),
            "loss": _number(form, "loss", "match points for a round lost"),
            "decided_by": _text(form, "decided_by") or "board_points",
            "tiebreak": _text(form, "tiebreak") or "board-count",
        },
        requests=_text(form, "requests"),
    )


def time_limit_of(form: FormData) -> float:
    """The seconds the design may take (1 to :data:`MAX_TIME_LIMIT`)."""
    return float(whole_number(_text(form, "time_limit") or "10", "the time limit (seconds)", 1, MAX_TIME_LIMIT))
