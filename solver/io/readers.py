"""A schedule file in any form the tool writes, told apart by content: the text form, a FIDE TRF,
the design report (``schev generate --format json``) and the match file (``docs/matchfile.md``).

:func:`read_schedule_file` reads any of them (or the form named by ``--from``) into a
:class:`ScheduleFile`: the games as written, for the verifier, or with ``complete`` a well-formed
schedule (``compare`` and ``fingerprint`` need one); and, when the file records it, the match it
was designed for (rule settings and requests) with the rules the designer declared relaxed.

How the form is told: a JSON document starts with ``{`` (or ``[``), which no schedule in the text
form does; it is a match file when its ``"format"`` says so, a design report when its
``"command"`` is ``generate``.  A TRF's first record starts with a 3-digit code (``012``,
``001``, ...); the text form starts with ``#``, ``Round`` or a game such as ``A1-B1``, never with
digits.  A TRF always gives a whole, well-formed schedule (the reader checks every game from both
sides), with the team sizes from its team records.

Every problem is a :class:`~scheveningen.models.formats.textform.ScheduleFormatError` whose message
names the file (``source``) and the problem.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from scheveningen.models.domain.match import Match, MatchError, RuleSettings
from scheveningen.models.domain.rules import Rule, relaxable
from scheveningen.models.domain.schedule import Player, Schedule, Team
from scheveningen.models.domain.written import WrittenGame, WrittenSchedule
from scheveningen.models.formats import textform
from scheveningen.models.formats.matchrecord import FORMAT as MATCH_FORMAT
from scheveningen.models.formats.matchrecord import MatchRecord, MatchRecordError
from scheveningen.models.formats.textform import MAX_SIZE, ParsedText, ParsedWritten, ScheduleFormatError
from scheveningen.solver.io.trf_reader import looks_like_trf, read_trf

TEXT, DESIGN_JSON, MATCH, TRF = "text", "json", "match", "trf"
#: The forms, by the names ``--from`` takes.
FORMS = (TEXT, DESIGN_JSON, MATCH, TRF)

SIZES_FROM_TRF = "team records"
SIZES_FROM_MATCH = "match file"
SIZES_FROM_DESIGN = "design report"
SIZES_FROM_OPTION = "option"


@dataclass(frozen=True)
class ScheduleFile:
    """A schedule file as read: its form, the games and, when the file records one, its match.

    ``written`` holds the games as written (faults and all, for the verifier); ``schedule`` the
    well-formed schedule they make (``None`` when their shape is faulty; always set when read with
    ``complete``).  ``match`` is the match the file records (a match file's, or a design report's
    that records its rule settings), ``None`` for the text form and a TRF; ``relaxed`` the rules
    the designer declared relaxed, with the amount.  ``sizes_from`` says where the team sizes
    came from (``option``, ``header``, ``players seen``, ``team records``, ``match file`` or
    ``design report``).
    """

    form: str
    written: WrittenSchedule
    schedule: Schedule | None
    comments: tuple[str, ...] = ()
    sizes_from: str = "header"
    match: Match | None = None
    relaxed: Mapping[Rule, int] = field(default_factory=dict)


def detect_form(text: str) -> str:
    """The form of ``text``, told by content: ``json`` or ``match`` for a JSON document (a design
    report, or anything else that is not a match file), ``trf`` or ``text``."""
    if _looks_like_json(text):
        try:
            return _json_form(json.loads(text.removeprefix("\ufeff")))
        except json.JSONDecodeError:
            return DESIGN_JSON  # reading it names the fault
    return TRF if looks_like_trf(text) else TEXT


def _looks_like_json(text: str) -> bool:
    return text.removeprefix("\ufeff").lstrip().startswith(("{", "["))


def _json_form(data: Any) -> str:
    """A match file has a ``"format"`` (and no ``"command"``); anything else is read as a design report."""
    return MATCH if isinstance(data, dict) and "format" in data and "command" not in data else DESIGN_JSON


def read_schedule_file(
    text: str,
    source: str = "",
    form: str | None = None,
    teams: tuple[int, int] | None = None,
    complete: bool = False,
) -> ScheduleFile:
    """Read ``text`` in ``form`` (one of :data:`FORMS`; ``None``: told by content).

    ``teams`` (the ``--teams P Q`` option) gives the team sizes of the games as written, over the
    file's own (a TRF keeps its team records).  With ``complete`` the games must make a
    well-formed schedule.  Raises :class:`ScheduleFormatError` naming ``source`` and the problem.
    """
    forced = form is not None
    data: Any = None
    if form is None and _looks_like_json(text):
        data = _json(text, source)  # read once: it tells the form and gives the contents
        form = _json_form(data)
    elif form is None:
        form = TRF if looks_like_trf(text) else TEXT
    if form not in FORMS:
        raise ValueError(f"unknown form {form!r} (expected one of: {', '.join(FORMS)})")
    if form == TRF:
        trf = read_trf(text, source)
        return ScheduleFile(TRF, WrittenSchedule.of(trf.schedule), trf.schedule, trf.comments, SIZES_FROM_TRF)
    if form == TEXT:
        if complete:
            parsed = textform.parse_text(text, source)
            written = WrittenSchedule.of(parsed.schedule)
            return ScheduleFile(TEXT, written, parsed.schedule, parsed.comments, "header")
        lenient = textform.read_written(text, source, teams)
        return ScheduleFile(TEXT, lenient.written, lenient.written.strict(), lenient.comments, lenient.sizes_from)
    if data is None:
        data = _json(text, source)
    found = _match_file(text, data, source, forced) if form == MATCH else _design_report(data, source, forced)
    if teams is not None:
        written = replace(found.written, team_a=teams[0], team_b=teams[1], sizes_stated=True)
        found = replace(found, written=written, schedule=written.strict(), sizes_from=SIZES_FROM_OPTION)
    if complete and found.schedule is None:
        raise ScheduleFormatError(None, "the games do not make a complete schedule", source)
    return found


def parse_schedule(text: str, source: str = "", form: str | None = None) -> ParsedText:
    """The well-formed schedule in ``text``, in any form; raises :class:`ScheduleFormatError`."""
    found = read_schedule_file(text, source, form, complete=True)
    assert found.schedule is not None  # read_schedule_file checks it with complete
    return ParsedText(schedule=found.schedule, comments=found.comments)


def read_written(
    text: str, source: str = "", teams: tuple[int, int] | None = None, form: str | None = None
) -> ParsedWritten:
    """The games as written, for the verifier, in any form (see :func:`read_schedule_file`)."""
    found = read_schedule_file(text, source, form, teams)
    return ParsedWritten(found.written, found.comments, found.sizes_from)


# --------------------------------------------------------------------------- JSON


def _json(text: str, source: str) -> Any:
    try:
        return json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as error:
        raise ScheduleFormatError(error.lineno, f"not valid JSON: {error.msg}", source, error.colno) from None


def _neither(source: str) -> ScheduleFormatError:
    return ScheduleFormatError(
        None,
        "a JSON document that is neither a design report (schev generate --format json) nor a match file "
        f'("format": "{MATCH_FORMAT}")',
        source,
    )


def _match_file(text: str, data: Any, source: str, forced: bool) -> ScheduleFile:
    """A match file's schedule, match and declared relaxations (the structure checked, not the rules:
    that is the verifier's report)."""
    if not isinstance(data, dict) or "format" not in data:
        if forced:
            raise ScheduleFormatError(None, f'not a match file (it has no "format": "{MATCH_FORMAT}")', source)
        raise _neither(source)
    try:
        record = MatchRecord.from_json(text, source=source or "match file")
    except MatchRecordError as error:  # the message names the source already
        raise ScheduleFormatError(None, str(error)) from None
    written = WrittenSchedule.of(record.schedule)
    return ScheduleFile(MATCH, written, record.schedule, (), SIZES_FROM_MATCH, record.match, dict(record.relaxed))


def _design_report(data: Any, source: str, forced: bool) -> ScheduleFile:
    """The games of a design report, with its match when it records the rule settings."""
    if not isinstance(data, dict) or data.get("command") != "generate":
        if forced:
            problem = 'not a design report (it has no "command": "generate"; schev generate --format json writes one)'
            raise ScheduleFormatError(None, problem, source)
        raise _neither(source)

    def fault(problem: str) -> ScheduleFormatError:
        return ScheduleFormatError(None, problem, source)

    def whole(value: Any, where: str, least: int = 1, most: int = MAX_SIZE) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise fault(f"{where} must be a whole number, got {value!r}")
        if not least <= value <= most:
            raise fault(f"{where} must be between {least} and {most}, got {value}")
        return value

    games = data.get("games")
    if not isinstance(games, list):
        raise fault(f"games must be a list, got {games!r}")
    if not games:
        raise fault(f"the design report holds no schedule (status {data.get('status')!r})")
    boards = whole(data.get("boards"), "boards")
    teams = data.get("teams")
    if not isinstance(teams, dict):
        raise fault(f"teams must be an object, got {teams!r}")
    sizes = []
    for team in Team:
        entry = teams.get(team.value)
        size = entry.get("size") if isinstance(entry, dict) else None
        sizes.append(whole(size, f"teams.{team.value}.size", least=boards))
    rounds: dict[int, list[WrittenGame]] = {}
    for i, entry in enumerate(games, start=1):
        where = f"games[{i}]"
        if not isinstance(entry, dict):
            raise fault(f"{where} must be an object, got {entry!r}")
        r = whole(entry.get("round"), f"{where}.round", most=2 * MAX_SIZE)
        board = whole(entry.get("board"), f"{where}.board")
        players = []
        for side in ("white", "black"):
            code = entry.get(side)
            try:
                player = Player.parse(code) if isinstance(code, str) else None
            except ValueError as error:
                raise fault(f"{where}.{side}: {error}") from None
            if player is None:
                raise fault(f"{where}.{side} must be a player code such as A3, got {code!r}")
            whole(player.number, f"{where}.{side}'s number")
            players.append(player)
        rounds.setdefault(r, []).append(WrittenGame(players[0], players[1], board))
    written = WrittenSchedule(
        boards, tuple(tuple(rounds.get(r, ())) for r in range(1, max(rounds) + 1)), sizes[0], sizes[1]
    )
    match = None
    if "rules" in data:
        rules = data["rules"]
        if not isinstance(rules, dict):
            raise fault(f"rules must be an object, got {rules!r}")
        double = data.get("double", False)
        try:
            settings = RuleSettings.from_mapping(rules)
            match = Match(boards=boards, double=double is True, size_a=sizes[0], size_b=sizes[1], rules=settings)
        except MatchError as error:
            raise fault(str(error)) from None
    return ScheduleFile(
        DESIGN_JSON, written, written.strict(), (), SIZES_FROM_DESIGN, match, _relaxed(data.get("relaxed", []), fault)
    )


def _relaxed(value: Any, fault: Callable[[str], ScheduleFormatError]) -> dict[Rule, int]:
    """A design report's ``relaxed`` list: each ``{"rule": n, "excess": k}``."""
    if not isinstance(value, list):
        raise fault(f"relaxed must be a list, got {value!r}")
    by_number = {int(rule): rule for rule in relaxable()}
    out: dict[Rule, int] = {}
    for i, entry in enumerate(value, start=1):
        number = entry.get("rule") if isinstance(entry, dict) else None
        amount = entry.get("excess") if isinstance(entry, dict) else None
        if number not in by_number or isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            raise fault(f"relaxed[{i}] must name a relaxable rule and its excess, got {entry!r}")
        out[by_number[number]] = amount
    return out
