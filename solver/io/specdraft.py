"""A match spec drafted from plain fields (a form), written as TOML and read by the spec reader.

The web page's *new match* and *mid-match change* take what an arbiter types: the boards, team
names, rosters (one name a line, or CSV with a header row, typed, pasted or uploaded), the event,
the rules and scoring, and requests one a line::

    meet A3 B5 round 2            # these two meet in round 2
    meet "Kari Berg" B1 round 4 white "Kari Berg"
    avoid A1 B1 rounds 1 2 3      # not in these rounds
    colour B2 white round 1       # this player has this colour (also: color)

A :class:`SpecDraft` holds them; :func:`spec_files` writes the spec (``match.toml``) and the
rosters (``team-A.csv``, ``team-B.csv``) that ``schev generate --spec`` would read, and
:func:`load_draft` reads them with :func:`~scheveningen.solver.io.spec.load_match_setup`, so every
check and every message is the command line's.  A mid-match change (:func:`draft_from_record`)
drafts the spec of a match file with its rosters, event, rules and requests, and ``[played] match``
naming the file: the rest of the match is designed anew around the rounds played, their results and
history kept, as in the guide's second story.  Every problem is a :class:`DraftError`.
"""

from __future__ import annotations

import csv
import io
import math
import shlex
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scheveningen.models.domain.roster import EVENT_FIELDS, PLAYER_FIELDS
from scheveningen.models.domain.schedule import Team
from scheveningen.models.formats.matchrecord import MatchRecord, MatchSetup

SPEC_NAME = "match.toml"
LIST_FIELDS = ("round_dates", "round_times")


class DraftError(ValueError):
    """The drafted match cannot be read; the message says where (a request line, a spec key) and why."""


@dataclass(frozen=True)
class TeamDraft:
    """A team as typed: its name and its roster (empty: players known by their codes only), and its
    size where it has more players than boards and no roster (``None``: as many as the boards)."""

    name: str = ""
    roster: str = ""
    size: int | None = None


@dataclass(frozen=True)
class SpecDraft:
    """A match as typed.  ``event`` maps :data:`EVENT_FIELDS` to text (``round_dates`` and
    ``round_times`` separated by commas, spaces or new lines); ``rules`` and ``scoring`` are the
    spec's ``[rules]`` and ``[scoring]`` tables; ``requests`` the request lines; ``played_match``
    and ``played_rounds`` the spec's ``[played] match`` and ``rounds``."""

    boards: int
    team_a: TeamDraft = field(default_factory=TeamDraft)
    team_b: TeamDraft = field(default_factory=TeamDraft)
    double: bool = False
    event: Mapping[str, str] = field(default_factory=dict)
    rules: Mapping[str, bool | int | str] = field(default_factory=dict)
    scoring: Mapping[str, float | str] = field(default_factory=dict)
    requests: str = ""
    played_match: Path | None = None
    played_rounds: int | None = None

    def team(self, team: Team) -> TeamDraft:
        return self.team_a if team is Team.A else self.team_b


# --------------------------------------------------------------------------- TOML written by hand


def toml_value(value: object) -> str:
    """A TOML value: a string (escaped), a whole or decimal number, true/false, or a list of them."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise DraftError(f"{value!r} is not a number a spec can hold")
        return str(int(value)) if value == int(value) else repr(value)
    if isinstance(value, str):
        return '"' + "".join(_escaped(ch) for ch in value) + '"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    raise DraftError(f"{value!r} cannot be written in a spec")


def _escaped(ch: str) -> str:
    if ch in '"\\':
        return "\\" + ch
    if ord(ch) < 0x20 or ord(ch) == 0x7F:
        return f"\\u{ord(ch):04x}"
    return ch


def _table(lines: list[str], header: str, values: Mapping[str, object]) -> None:
    lines += ["", header, *(f"{key} = {toml_value(value)}" for key, value in values.items())]


# --------------------------------------------------------------------------- rosters


def roster_csv(text: str) -> str:
    """A roster as CSV: ``text`` as it is when its first line is a header naming a ``name`` column,
    else one name a line (empty lines skipped), written as a one-column CSV."""
    text = text.removeprefix("\ufeff")
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        return ""
    try:
        header = [cell.strip().lower() for cell in next(csv.reader([lines[0]]))]
    except csv.Error:
        header = []
    if "name" in header and all(cell in PLAYER_FIELDS for cell in header):
        return "\n".join(lines) + "\n"
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["name"])
    for line in lines:
        writer.writerow([line.strip()])
    return out.getvalue()


# --------------------------------------------------------------------------- requests


def request_tables(text: str) -> dict[str, list[dict[str, Any]]]:
    """The ``[[meet]]``, ``[[avoid]]`` and ``[[colour]]`` tables of the request lines; a line that is
    empty or starts with ``#`` is skipped.  :class:`DraftError` names the line and what was expected."""
    tables: dict[str, list[dict[str, Any]]] = {"meet": [], "avoid": [], "colour": []}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            words = shlex.split(line, comments=True)
        except ValueError as error:
            raise DraftError(f"request line {number}: {error} ({line.strip()!r})") from None
        if not words:
            continue
        kind = words[0].lower()
        try:
            if kind == "meet":
                tables["meet"].append(_meet(words[1:]))
            elif kind == "avoid":
                tables["avoid"].append(_avoid(words[1:]))
            elif kind in ("colour", "color"):
                tables["colour"].append(_colour(words[1:]))
            else:
                raise ValueError(f"starts with {words[0]!r}, not meet, avoid or colour")
        except ValueError as error:
            raise DraftError(f"request line {number}: {error} ({line.strip()!r}); {REQUEST_HELP}") from None
    return tables


REQUEST_HELP = (
    "write 'meet P Q round R', 'meet P Q round R white P', 'avoid P Q rounds R1 R2 ...' or "
    "'colour P white|black round R', a player by code (A3) or by name in quotes"
)


def _number(word: str) -> int:
    if not word.isdigit():
        raise ValueError(f"{word!r} is not a round number")
    return int(word)


def _meet(words: Sequence[str]) -> dict[str, Any]:
    if len(words) not in (4, 6) or words[2].lower() != "round" or (len(words) == 6 and words[4].lower() != "white"):
        raise ValueError("a meet names two players and a round")
    table: dict[str, Any] = {"players": [words[0], words[1]], "round": _number(words[3])}
    if len(words) == 6:
        table["white"] = words[5]
    return table


def _avoid(words: Sequence[str]) -> dict[str, Any]:
    if len(words) < 4 or words[2].lower() not in ("round", "rounds"):
        raise ValueError("an avoid names two players and the rounds")
    return {"players": [words[0], words[1]], "rounds": [_number(w) for w in words[3:]]}


def _colour(words: Sequence[str]) -> dict[str, Any]:
    if len(words) != 4 or words[1].lower() not in ("white", "black") or words[2].lower() != "round":
        raise ValueError("a colour names a player, white or black, and a round")
    return {"player": words[0], "round": _number(words[3]), "colour": words[1].lower()}


# --------------------------------------------------------------------------- the spec


def _event_values(event: Mapping[str, str]) -> dict[str, object]:
    values: dict[str, object] = {}
    for key in EVENT_FIELDS:
        text = event.get(key, "").strip()
        if not text:
            continue
        values[key] = text.replace(",", " ").split() if key in LIST_FIELDS else text
    return values


def spec_files(draft: SpecDraft) -> dict[str, str]:
    """The files of the drafted spec by name: ``match.toml`` and a roster CSV a team that has one."""
    files: dict[str, str] = {}
    lines = [f"boards = {toml_value(draft.boards)}"]
    if draft.double:
        lines.append("double = true")
    for team in Team:
        typed = draft.team(team)
        values: dict[str, object] = {}
        if typed.name.strip():
            values["name"] = typed.name.strip()
        csv_text = roster_csv(typed.roster)
        if csv_text:
            files[f"team-{team.value}.csv"] = csv_text
            values["roster"] = f"team-{team.value}.csv"
        elif typed.size is not None:
            values["size"] = typed.size
        if values:
            _table(lines, f"[teams.{team.value}]", values)
    event = _event_values(draft.event)
    if event:
        _table(lines, "[event]", event)
    if draft.rules:
        _table(lines, "[rules]", dict(draft.rules))
    if draft.scoring:
        _table(lines, "[scoring]", dict(draft.scoring))
    if draft.played_match is not None:
        played: dict[str, object] = {"match": str(draft.played_match)}
        if draft.played_rounds is not None:
            played["rounds"] = draft.played_rounds
        _table(lines, "[played]", played)
    for kind, tables in request_tables(draft.requests).items():
        for table in tables:
            _table(lines, f"[[{kind}]]", table)
    files[SPEC_NAME] = "\n".join(lines) + "\n"
    return files


def load_draft(draft: SpecDraft) -> MatchSetup:
    """The match the draft describes, read by the spec reader from its files in a temporary folder;
    :class:`DraftError` with the reader's message (file names relative to that folder)."""
    from scheveningen.solver.io.spec import SpecError, load_match_setup

    files = spec_files(draft)
    with tempfile.TemporaryDirectory(prefix="schev-draft-") as folder:
        for name, text in files.items():
            (Path(folder) / name).write_text(text, encoding="utf-8")
        try:
            return load_match_setup(Path(folder) / SPEC_NAME)
        except SpecError as error:
            raise DraftError(str(error).replace(f"{folder}/", "")) from None


# --------------------------------------------------------------------------- a match file's own spec


def _roster_text(record: MatchRecord, team: Team) -> str:
    roster = record.roster(team)
    if not roster:
        return ""
    columns = [key for key in PLAYER_FIELDS if any(getattr(p, key) is not None for p in roster)]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for player in roster:
        writer.writerow(["" if getattr(player, key) is None else getattr(player, key) for key in columns])
    return out.getvalue()


def record_requests(record: MatchRecord) -> str:
    """The match file's requests as request lines (players by code)."""
    match = record.match
    lines = []
    for meet in match.meets:
        white = f" white {meet.white.value}{meet.a if meet.white is Team.A else meet.b}" if meet.white else ""
        lines.append(f"meet A{meet.a} B{meet.b} round {meet.round}{white}")
    for avoid in match.avoids:
        lines.append(f"avoid A{avoid.a} B{avoid.b} rounds {' '.join(str(r) for r in avoid.rounds)}")
    for wish in match.colours:
        lines.append(f"colour {wish.player} {wish.colour.value} round {wish.round}")
    return "\n".join(lines)


def draft_from_record(record: MatchRecord, path: Path, rounds: int | None, requests: str = "") -> SpecDraft:
    """The spec of the match file at ``path`` with ``[played] match`` naming it (``rounds``: the
    first rounds taken as played; ``None``: those with results) and the new ``requests`` after its own."""
    event = {key: value for key, value in record.event.as_dict().items() if key in EVENT_FIELDS}
    typed_event = {key: " ".join(v) if isinstance(v, list) else str(v) for key, v in event.items()}
    scoring: dict[str, float | str] = {
        "win": record.scoring.win,
        "draw": record.scoring.draw,
        "loss": record.scoring.loss,
        "decided_by": record.scoring.decided_by,
        "tiebreak": record.scoring.tiebreak,
    }
    rules = {key: value for key, value in record.match.rules.as_dict().items() if isinstance(value, bool | int | str)}
    teams = {
        team: TeamDraft(record.match.team(team).name, _roster_text(record, team), record.match.size(team))
        for team in Team
    }
    own = record_requests(record)
    return SpecDraft(
        boards=record.boards,
        team_a=teams[Team.A],
        team_b=teams[Team.B],
        double=record.match.double,
        event=typed_event,
        rules=rules,
        scoring=scoring,
        requests="\n".join(part for part in (own, requests) if part.strip()),
        played_match=Path(path).resolve(),
        played_rounds=rounds,
    )
