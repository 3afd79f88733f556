"""Who plays and where: a player's details, and the event's.

A :class:`PlayerInfo` is one line of a team's roster, in board order (the first
is player ``A1`` or ``B1``); an :class:`Event` is the tournament header an
arbiter fills in once.  Both are plain frozen data, validated on construction:
every problem is a :class:`RosterError` (players) or :class:`EventError` (the
event), both ``ValueError`` subclasses, whose message names the field and
quotes the value.

The fields are the ones FIDE's rating report (TRF) carries, written as FIDE
writes them:

* ``name``: "Surname, Given names" (any non-empty text is accepted, so the old
  spec's short names keep working);
* ``rating``: a whole number, 1 to 3999 (the TRF rating column has four digits);
* ``fide_id``: a positive whole number of at most 11 digits (the TRF column);
* ``title``: one of ``GM IM FM CM WGM WIM WFM WCM``;
* ``federation``: three upper-case letters, e.g. ``NOR``;
* ``birth``: ``YYYY`` or ``YYYY-MM-DD`` (a real calendar date);
* ``sex``: ``m`` or ``w``, the TRF letters.

Event dates are ISO dates (``YYYY-MM-DD``); ``round_dates`` has one date a
round, never going backwards (a double round may play two rounds a day), and
``round_times`` one starting time a round, ``HH:MM`` on the 24-hour clock (the
time of day on that round's date).  How many rounds there are is the match's
business: :mod:`scheveningen.models.formats.matchrecord` checks that both lists
have one entry for each.

``time_control`` is free text as the arbiter writes it (``90+30``, ``90 min +
30 s``); ``time_control_code`` is the same written in the encoded form of PGN's
``TimeControl`` tag and the TRF's ``222`` record: periods ``S``, ``S+I``,
``M/S`` or ``M/S+I`` (moves, seconds, increment in seconds) joined by ``:``,
e.g. ``5400+30`` or ``40/6000+30:900+30``.  :meth:`Event.encoded_time_control`
gives the code, or reads it from ``time_control`` when that is written
``MIN+SEC`` (``90+30``, the chess convention: minutes, then seconds a move) or
with units (``90 min + 30 s``).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

TITLES = ("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM")
SEXES = ("m", "w")
MAX_RATING = 3999
MAX_FIDE_ID = 99_999_999_999

_FEDERATION = re.compile(r"^[A-Z]{3}$")
_YEAR = re.compile(r"^[0-9]{4}$")
_DATE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
_TIME = re.compile(r"^([01][0-9]|2[0-3]):[0-5][0-9]$")
_PERIOD = r"(?:[1-9][0-9]*/)?[1-9][0-9]*(?:\+[0-9]+)?"
_TIME_CONTROL_CODE = re.compile(rf"^{_PERIOD}(?::{_PERIOD})*$")
_MIN_PLUS_SEC = re.compile(
    r"^\s*([1-9][0-9]{0,2})\s*(?:min(?:utes?)?|m|')?\s*(?:\+\s*([0-9]{1,3})\s*(?:s(?:ec(?:onds?)?)?|\")?)?\s*$",
    re.IGNORECASE,
)


class RosterError(ValueError):
    """A player's details are malformed; the message names the field and the value.

    ``field`` is the field's name (e.g. ``rating``), for readers that say where it was written.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


class EventError(ValueError):
    """The event's details are malformed; the message names the field and the value (``field``)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def parse_date(text: str) -> datetime.date:
    """An ISO date ``YYYY-MM-DD``; ``ValueError`` (plain sentence) when it is not a real one."""
    if not _DATE.match(text):
        raise ValueError(f"{text!r} is not a date written YYYY-MM-DD")
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a real calendar date") from None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class PlayerInfo:
    """One player's details; only ``name`` is required."""

    name: str
    rating: int | None = None
    fide_id: int | None = None
    title: str | None = None
    federation: str | None = None
    birth: str | None = None
    sex: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise RosterError("name", f"name must be a non-empty string, got {self.name!r}")
        if any(ord(ch) < 32 for ch in self.name):
            raise RosterError("name", f"name must be one line of text without control characters, got {self.name!r}")
        if self.name != self.name.strip():
            object.__setattr__(self, "name", self.name.strip())
        if self.rating is not None and (not _is_int(self.rating) or not 1 <= self.rating <= MAX_RATING):
            raise RosterError("rating", f"rating must be a whole number from 1 to {MAX_RATING}, got {self.rating!r}")
        if self.fide_id is not None and (not _is_int(self.fide_id) or not 1 <= self.fide_id <= MAX_FIDE_ID):
            raise RosterError(
                "fide_id", f"fide_id must be a positive whole number of at most 11 digits, got {self.fide_id!r}"
            )
        if self.title is not None and self.title not in TITLES:
            raise RosterError("title", f"title must be one of {' '.join(TITLES)}, got {self.title!r}")
        if self.federation is not None and (
            not isinstance(self.federation, str) or not _FEDERATION.match(self.federation)
        ):
            raise RosterError(
                "federation", f"federation must be three upper-case letters (e.g. NOR), got {self.federation!r}"
            )
        if self.birth is not None:
            self._check_birth(self.birth)
        if self.sex is not None and self.sex not in SEXES:
            raise RosterError("sex", f"sex must be 'm' or 'w', got {self.sex!r}")

    @staticmethod
    def _check_birth(birth: object) -> None:
        if isinstance(birth, str) and _YEAR.match(birth):
            return
        if isinstance(birth, str):
            try:
                parse_date(birth)
                return
            except ValueError:
                pass
        raise RosterError("birth", f"birth must be a year YYYY or a date YYYY-MM-DD, got {birth!r}")

    @property
    def birth_year(self) -> int | None:
        return int(self.birth[:4]) if self.birth else None

    def as_dict(self) -> dict[str, object]:
        """The details given, in field order, without the empty ones (the match file's form)."""
        out: dict[str, object] = {"name": self.name}
        for key in ("rating", "fide_id", "title", "federation", "birth", "sex"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out


#: The columns of a roster: the keys of a ``[[teams.A.player]]`` table and the header of a roster CSV.
PLAYER_FIELDS = ("name", "rating", "fide_id", "title", "federation", "birth", "sex")


@dataclass(frozen=True)
class Event:
    """The tournament header; every field optional."""

    name: str | None = None
    site: str | None = None
    federation: str | None = None
    start: str | None = None
    end: str | None = None
    round_dates: tuple[str, ...] = ()
    chief_arbiter: str | None = None
    time_control: str | None = None
    time_control_code: str | None = None
    round_times: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for key in ("name", "site", "chief_arbiter", "time_control"):
            value = getattr(self, key)
            if value is not None and (not isinstance(value, str) or any(ord(ch) < 32 for ch in value)):
                raise EventError(key, f"{key} must be one line of text, got {value!r}")
        if self.federation is not None and (
            not isinstance(self.federation, str) or not _FEDERATION.match(self.federation)
        ):
            raise EventError(
                "federation", f"federation must be three upper-case letters (e.g. NED), got {self.federation!r}"
            )
        start = self._date("start", self.start)
        end = self._date("end", self.end)
        if start and end and end < start:
            raise EventError("end", f"end {self.end!r} is before start {self.start!r}")
        if not isinstance(self.round_dates, tuple):
            object.__setattr__(self, "round_dates", tuple(self.round_dates))
        previous: datetime.date | None = None
        for i, text in enumerate(self.round_dates, start=1):
            day = self._date(f"round_dates[{i}]", text)
            if day is None:
                raise EventError("round_dates", f"round_dates[{i}] must be a date YYYY-MM-DD, got None")
            if previous is not None and day < previous:
                raise EventError("round_dates", f"round_dates[{i}] {text!r} is before the date of round {i - 1}")
            if start and day < start:
                raise EventError("round_dates", f"round_dates[{i}] {text!r} is before the start {self.start!r}")
            if end and day > end:
                raise EventError("round_dates", f"round_dates[{i}] {text!r} is after the end {self.end!r}")
            previous = day
        if self.time_control_code is not None and (
            not isinstance(self.time_control_code, str) or not _TIME_CONTROL_CODE.match(self.time_control_code)
        ):
            raise EventError(
                "time_control_code",
                "time_control_code must be periods S, S+I, M/S or M/S+I (moves, seconds, increment) joined by ':', "
                f"e.g. 5400+30, got {self.time_control_code!r}",
            )
        if not isinstance(self.round_times, tuple):
            object.__setattr__(self, "round_times", tuple(self.round_times))
        for i, text in enumerate(self.round_times, start=1):
            if not isinstance(text, str) or not _TIME.match(text):
                raise EventError("round_times", f"round_times[{i}] must be a time HH:MM (24-hour clock), got {text!r}")

    def encoded_time_control(self) -> str | None:
        """The time control in PGN's ``TimeControl`` / TRF ``222`` form, or None when it cannot be read."""
        if self.time_control_code:
            return self.time_control_code
        if not self.time_control:
            return None
        found = _MIN_PLUS_SEC.match(self.time_control)
        if not found:
            return None
        seconds = int(found[1]) * 60
        return f"{seconds}+{int(found[2])}" if found[2] is not None else str(seconds)

    def round_start(self, r: int) -> str | None:
        """Round ``r``'s date and time as written on a sheet (``2026-03-07 10:00``), what is known of them."""
        parts = []
        if self.round_dates:
            parts.append(self.round_dates[r - 1])
        if self.round_times:
            parts.append(self.round_times[r - 1])
        return " ".join(parts) or None

    @staticmethod
    def _date(key: str, text: object) -> datetime.date | None:
        if text is None:
            return None
        if not isinstance(text, str):
            raise EventError(key.partition("[")[0], f"{key} must be a date YYYY-MM-DD, got {text!r}")
        try:
            return parse_date(text)
        except ValueError as error:
            raise EventError(key.partition("[")[0], f"{key}: {error}") from None

    @property
    def is_empty(self) -> bool:
        return self == Event()

    def as_dict(self) -> dict[str, object]:
        """The fields given, without the empty ones (the match file's form)."""
        out: dict[str, object] = {}
        for key in ("name", "site", "federation", "start", "end"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.round_dates:
            out["round_dates"] = list(self.round_dates)
        for key in ("chief_arbiter", "time_control", "time_control_code"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.round_times:
            out["round_times"] = list(self.round_times)
        return out


EVENT_FIELDS = (
    "name",
    "site",
    "federation",
    "start",
    "end",
    "round_dates",
    "chief_arbiter",
    "time_control",
    "time_control_code",
    "round_times",
)
