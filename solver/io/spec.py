"""Read a match spec (TOML) into a :class:`scheveningen.models.domain.match.Match`.

The format (every table and key optional except ``boards``)::

    boards = 6                  # games per round; team sizes default to this
    double = false              # true: every pair meets twice, once with each colour

    [teams.A]                   # name, player names in board order, size
    name = "Oslo"
    players = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
    size = 6

    # A roster with details instead of names: one [[teams.X.player]] table a player, in board order
    # [[teams.B.player]]
    # name = "Carlsen, Magnus"  # "Surname, Given names"; the only required key
    # rating = 2830             # 1 to 3999
    # fide_id = 1503014
    # title = "GM"              # GM IM FM CM WGM WIM WFM WCM
    # federation = "NOR"        # three upper-case letters
    # birth = "1990-11-30"      # or a year: "1990"
    # sex = "m"                 # "m" or "w"
    # ... or a CSV file (relative to the spec) whose header row names the same columns
    # (name required), one player a row in board order:
    # [teams.B]
    # roster = "team_b.csv"

    [event]                     # all optional; dates YYYY-MM-DD
    name = "Oslo - Bergen"
    site = "Oslo"
    federation = "NOR"
    start = "2026-03-07"
    end = "2026-03-08"
    round_dates = ["2026-03-07", "2026-03-07", "2026-03-08", "2026-03-08", "2026-03-08", "2026-03-08"]
    chief_arbiter = "Hansen, Ola"
    time_control = "90+30"      # free text; read as 90 minutes + 30 seconds a move
    time_control_code = "5400+30"   # optional: PGN TimeControl / TRF 222 form, when the text is not MIN+SEC
    round_times = ["10:00", "16:00", "10:00", "14:00", "18:00", "21:00"]   # HH:MM, one a round

    [scoring]                   # match points for a round won, drawn, lost on board points
    win = 2
    draw = 1
    loss = 0
    decided_by = "board_points" # what decides the match: "board_points" or "match_points"
    tiebreak = "board-count"    # a level match: "board-count" (FIDE BC), "elimination" (FIDE BBE) or "none"

    [rules]                     # the house rules; these are the defaults
    colour_balance = true
    max_run = 2                 # longest run of one colour; 0 turns the rule off
    board_balance = true
    objective = "breaks"        # "breaks", "fair" or "none"

    [[meet]]                    # these two meet in this round
    players = ["A3", "B5"]
    round = 2
    white = "A3"                # optional

    [[avoid]]                   # these two do not meet in any of these rounds
    players = ["A1", "B1"]
    rounds = [1, 2, 3]

    [[colour]]                  # this player has this colour in this round
    player = "B2"
    round = 1
    colour = "white"            # or "black"

    [played]                    # rounds already played, kept exactly
    rounds = ["A1-B1 A2-B2 B3-A3 B4-A4 B5-A5 A6-B6"]   # or: file = "played.txt"
    # ... or a match file (relative to the spec): its rounds with results (each one complete),
    # or with rounds = K its first K rounds; a match file designed from this spec keeps
    # those rounds' results and history
    # match = "match.json"
    # rounds = 3

Player codes are ``A1..Ap`` and ``B1..Bq``; a name given under ``teams`` may
be used wherever a code is.  Every error is a :class:`SpecError` naming the
file, the line and the key (for a roster CSV: the CSV file, its line and the
column).  :func:`load_spec` gives the :class:`Match`; :func:`load_match_setup`
also the rosters, the event and the scoring (a
:class:`scheveningen.models.formats.matchrecord.MatchSetup`).
"""

from __future__ import annotations

import csv
import datetime
import io
import re
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from scheveningen.models.domain.match import (
    Avoid,
    ColourWish,
    Match,
    MatchError,
    Meet,
    PlayedRound,
    RuleSettings,
    TeamInfo,
)
from scheveningen.models.domain.roster import EVENT_FIELDS, PLAYER_FIELDS, Event, EventError, PlayerInfo, RosterError
from scheveningen.models.domain.schedule import Colour, Player, Team
from scheveningen.models.domain.wording import counted
from scheveningen.models.formats.matchrecord import TIEBREAKS, MatchRecord, MatchRecordError, MatchSetup, Scoring
from scheveningen.models.formats.textform import ScheduleFormatError, parse_text
from scheveningen.solver.io.files import MAX_SPEC_BYTES, UnreadableFileError, display_name, read_text_file
from scheveningen.solver.io.matchfile import read_match_file


class SpecError(ValueError):
    """The spec cannot be read; the message names the file, line and key."""


_TOP_KEYS = {"boards", "double", "teams", "rules", "meet", "avoid", "colour", "played", "event", "scoring"}
_TEAM_KEYS = {"name", "players", "size", "player", "roster"}
_MEET_KEYS = {"players", "round", "white"}
_AVOID_KEYS = {"players", "rounds"}
_COLOUR_KEYS = {"player", "round", "colour"}
_PLAYED_KEYS = {"rounds", "file", "match"}

_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\"' -]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\"'-]+)\s*=")


class _Lines:
    """Where each table and key of a TOML text starts, for error messages."""

    def __init__(self, text: str) -> None:
        self._where: dict[str, int] = {}
        counts: dict[str, int] = {}
        table = ""
        for number, line in enumerate(text.splitlines(), start=1):
            header = _HEADER.match(line)
            if header:
                name = header.group(2).replace('"', "").replace("'", "").strip()
                if header.group(1) == "[[":
                    counts[name] = counts.get(name, 0) + 1
                    name = f"{name}[{counts[name]}]"
                table = name
                self._where.setdefault(table, number)
                continue
            key = _KEY.match(line)
            if key:
                path = f"{table}.{key.group(1)}" if table else key.group(1)
                self._where.setdefault(path, number)

    def line(self, path: str) -> int | None:
        """The line of ``path`` (e.g. ``meet[2].round``), or of its nearest enclosing table."""
        while path:
            if path in self._where:
                return self._where[path]
            path = path.rpartition(".")[0]
        return None


@dataclass
class _Reader:
    source: str
    lines: _Lines

    def fail(self, path: str, problem: str) -> SpecError:
        line = self.lines.line(path)
        where = f"{self.source}:{line}" if line is not None else self.source
        return SpecError(f"{where}: {path}: {problem}")

    @contextmanager
    def match_errors(self) -> Iterator[None]:
        """Report a :class:`MatchError` raised inside as a spec error at the line of its path."""
        try:
            yield
        except MatchError as error:
            raise self.fail(error.path, error.problem) from None

    def check_keys(self, table: dict[str, Any], allowed: set[str], path: str) -> None:
        for key in table:
            if key not in allowed:
                full = f"{path}.{key}" if path else key
                raise self.fail(full, f"unknown key (expected one of: {', '.join(sorted(allowed))})")

    def get(
        self, table: dict[str, Any], key: str, kind: type | tuple[type, ...], path: str, default: Any = None
    ) -> Any:
        full = f"{path}.{key}" if path else key
        if key not in table:
            if default is _REQUIRED:
                raise self.fail(full, "is required")
            return default
        value = table[key]
        # bool is an int in Python; never accept one for the other.
        if isinstance(value, bool) != (kind is bool) or not isinstance(value, kind):
            raise self.fail(full, f"must be {_kind_name(kind)}, got {_describe(value)}")
        return value


_REQUIRED = object()


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {bool: "true or false", int: "a whole number", str: "a string", list: "a list", dict: "a table"}
    return names.get(kind, str(kind)) if isinstance(kind, type) else " or ".join(names[k] for k in kind)


def _describe(value: Any) -> str:
    return f"{type(value).__name__} {value!r}"


def load_spec(path: str | Path) -> Match:
    """Read a spec file (``-``: standard input); raise :class:`SpecError` naming the problem."""
    return load_match_setup(path).match


def parse_spec(text: str, source: str = "spec", base: Path | None = None) -> Match:
    """Read spec text; ``base`` is the folder a ``played.file`` is relative to."""
    return parse_match_setup(text, source, base).match


def load_match_setup(path: str | Path) -> MatchSetup:
    """Read a spec file with its rosters, event and scoring; raise :class:`SpecError` naming the problem."""
    path = Path(path)
    try:
        text = read_text_file(path, "spec file", MAX_SPEC_BYTES)
    except UnreadableFileError as error:
        raise SpecError(str(error)) from None
    return parse_match_setup(text, source=display_name(path), base=path.parent)


def parse_match_setup(text: str, source: str = "spec", base: Path | None = None) -> MatchSetup:
    """Read spec text into the match, rosters, event and scoring; ``base`` is the folder files are relative to."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        place = re.fullmatch(r"(.*) \(at line (\d+), column (\d+)\)", str(error), flags=re.DOTALL)
        if place:  # file:line:col: message
            raise SpecError(f"{source}:{place[2]}:{place[3]}: not valid TOML: {place[1]}") from None
        raise SpecError(f"{source}: not valid TOML: {error}") from None
    reader = _Reader(source, _Lines(text))
    reader.check_keys(data, _TOP_KEYS, "")
    boards = reader.get(data, "boards", int, "", _REQUIRED)
    if not 1 <= boards <= 100:
        raise reader.fail("boards", f"must be between 1 and 100, got {boards}")
    double = reader.get(data, "double", bool, "", False)
    teams = reader.get(data, "teams", dict, "", {})
    reader.check_keys(teams, {"A", "B"}, "teams")
    infos: dict[Team, TeamInfo] = {}
    sizes: dict[Team, int] = {}
    rosters: dict[Team, tuple[PlayerInfo, ...]] = {}
    for team in (Team.A, Team.B):
        path = f"teams.{team.value}"
        table = reader.get(teams, team.value, dict, "teams", {})
        reader.check_keys(table, _TEAM_KEYS, path)
        name = reader.get(table, "name", str, path, "")
        rosters[team] = read_roster(reader, table, path, base)
        players = [p.name for p in rosters[team]] or reader.get(table, "players", list, path, [])
        for i, player in enumerate(players, start=1):
            if not isinstance(player, str) or not player.strip():
                raise reader.fail(f"{path}.players", f"player {i} must be a non-empty string, got {_describe(player)}")
        size = reader.get(table, "size", int, path, len(players) or boards)
        if size < boards or size > 100:
            raise reader.fail(f"{path}.size", f"must be between the {boards} boards and 100, got {size}")
        infos[team] = TeamInfo(name=name, players=tuple(p.strip() for p in players))
        sizes[team] = size
    # Match validates what it can (team sizes and names, whole rounds, rule settings, requests);
    # a MatchError names the spec path, so it is reported at its line like every other error.
    with reader.match_errors():
        shape = Match(
            boards=boards,
            double=double,
            size_a=sizes[Team.A],
            size_b=sizes[Team.B],
            team_a=infos[Team.A],
            team_b=infos[Team.B],
        )
    names = _player_names(reader, infos)
    with reader.match_errors():
        rules = RuleSettings.from_mapping(reader.get(data, "rules", dict, "", {}), "rules")
    ctx = _Context(reader, names, sizes, shape.rounds)
    meets = tuple(ctx.meet(t, i) for i, t in enumerate(_array(reader, data, "meet"), start=1))
    avoids = tuple(ctx.avoid(t, i) for i, t in enumerate(_array(reader, data, "avoid"), start=1))
    colours = tuple(ctx.colour(t, i) for i, t in enumerate(_array(reader, data, "colour"), start=1))
    played = ctx.played(reader.get(data, "played", dict, "", {}), boards, base)
    carried = ctx.carried  # [played] match = FILE: the results and history carried over
    with reader.match_errors():
        match = replace(shape, rules=rules, meets=meets, avoids=avoids, colours=colours, played=played)
    event = read_event(reader, reader.get(data, "event", dict, "", {}), match.rounds)
    scoring = read_scoring(reader, reader.get(data, "scoring", dict, "", {}))
    try:
        return MatchSetup(
            match,
            rosters[Team.A],
            rosters[Team.B],
            event,
            scoring,
            results=carried.results if carried else {},
            history=carried.history if carried else (),
        )
    except MatchRecordError as error:
        raise SpecError(f"{source}: {error}") from None


#: The most [[meet]], [[avoid]] or [[colour]] tables of each kind: a 100-board match has 10,000
#: pairs and 20,000 player-rounds, so no sensible spec comes near; a larger one is refused at once.
MAX_REQUESTS = 20_000


def _array(reader: _Reader, data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise reader.fail(key, f"must be written as [[{key}]] tables")
    if len(value) > MAX_REQUESTS:
        raise reader.fail(key, f"{len(value)} [[{key}]] tables; at most {MAX_REQUESTS} are supported")
    return value


def _player_names(reader: _Reader, infos: dict[Team, TeamInfo]) -> dict[str, Player]:
    names: dict[str, Player] = {}
    for team, info in infos.items():
        for number, name in enumerate(info.players, start=1):
            key = name.casefold()
            if key in names:
                raise reader.fail(f"teams.{team.value}.players", f"the name {name!r} is given twice")
            if re.fullmatch(r"[ABab][0-9]+", name) and Player.parse(name.upper()) != Player(team, number):
                raise reader.fail(f"teams.{team.value}.players", f"the name {name!r} looks like another player's code")
            names[key] = Player(team, number)
    return names


@dataclass
class _Context:
    reader: _Reader
    names: dict[str, Player]
    sizes: dict[Team, int]
    rounds: int
    carried: MatchRecord | None = None  # [played] match = FILE: that match, cut to the rounds played

    def player(self, value: Any, path: str) -> Player:
        if not isinstance(value, str):
            raise self.reader.fail(path, f"must be a player code or name, got {_describe(value)}")
        player = self.names.get(value.strip().casefold())
        if player is None:
            try:
                player = Player.parse(value.upper())
            except ValueError:
                raise self.reader.fail(path, f"unknown player {value!r} (not a code such as A3, nor a name)") from None
        if player.number > self.sizes[player.team]:
            raise self.reader.fail(
                path, f"unknown player {value!r}: team {player.team.value} has {self.sizes[player.team]} players"
            )
        return player

    def round(self, value: Any, path: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.reader.fail(path, f"must be a round number, got {_describe(value)}")
        return value  # Match checks the range

    def pair(self, table: dict[str, Any], path: str) -> tuple[Player, Player]:
        players = self.reader.get(table, "players", list, path, _REQUIRED)
        if len(players) != 2:
            raise self.reader.fail(f"{path}.players", f"must name two players, got {len(players)}")
        first, second = (self.player(p, f"{path}.players") for p in players)
        if first.team is second.team:
            raise self.reader.fail(f"{path}.players", f"{first} and {second} are in the same team")
        return (first, second) if first.team is Team.A else (second, first)

    def meet(self, table: dict[str, Any], index: int) -> Meet:
        path = f"meet[{index}]"
        self.reader.check_keys(table, _MEET_KEYS, path)
        a, b = self.pair(table, path)
        r = self.round(self.reader.get(table, "round", int, path, _REQUIRED), f"{path}.round")
        white = None
        if "white" in table:
            player = self.player(table["white"], f"{path}.white")
            if player not in (a, b):
                raise self.reader.fail(f"{path}.white", f"{player} does not play in this game ({a}-{b})")
            white = player.team
        return Meet(a=a.number, b=b.number, round=r, white=white)

    def avoid(self, table: dict[str, Any], index: int) -> Avoid:
        path = f"avoid[{index}]"
        self.reader.check_keys(table, _AVOID_KEYS, path)
        a, b = self.pair(table, path)
        rounds = self.reader.get(table, "rounds", list, path, _REQUIRED)
        if len(rounds) > self.rounds:
            raise self.reader.fail(f"{path}.rounds", f"lists {len(rounds)} rounds, but the match has {self.rounds}")
        return Avoid(a=a.number, b=b.number, rounds=tuple(self.round(r, f"{path}.rounds") for r in rounds))

    def colour(self, table: dict[str, Any], index: int) -> ColourWish:
        path = f"colour[{index}]"
        self.reader.check_keys(table, _COLOUR_KEYS, path)
        player = self.player(self.reader.get(table, "player", str, path, _REQUIRED), f"{path}.player")
        r = self.round(self.reader.get(table, "round", int, path, _REQUIRED), f"{path}.round")
        colour = self.reader.get(table, "colour", str, path, _REQUIRED).strip().lower()
        if colour not in ("white", "black"):
            raise self.reader.fail(f"{path}.colour", f"must be 'white' or 'black', got {colour!r}")
        return ColourWish(player=player, round=r, colour=Colour(colour))

    def played(self, table: dict[str, Any], boards: int, base: Path | None) -> tuple[PlayedRound, ...]:
        if not table:
            return ()
        self.reader.check_keys(table, _PLAYED_KEYS, "played")
        if "match" in table:
            return self.played_match(table, boards, base)
        if ("rounds" in table) == ("file" in table):
            raise self.reader.fail("played", "give either rounds or file")
        if "rounds" in table:
            lines = self.reader.get(table, "rounds", list, "played", _REQUIRED)
            for i, line in enumerate(lines, start=1):
                if not isinstance(line, str):
                    raise self.reader.fail("played.rounds", f"round {i} must be a string, got {_describe(line)}")
            text = "\n".join(f"Round {i} {line}" for i, line in enumerate(lines, start=1))
            source, path = "played.rounds", "played.rounds"
        else:
            name = self.reader.get(table, "file", str, "played", _REQUIRED)
            file = (base or Path(".")) / name
            try:
                text = read_text_file(file, "schedule file")
            except UnreadableFileError as error:
                raise self.reader.fail("played.file", str(error)) from None
            source, path = str(file), "played.file"
        try:
            parsed = parse_text(text, source=source).schedule
        except ScheduleFormatError as error:
            raise self.reader.fail(path, str(error)) from None
        if parsed.boards != boards:
            raise self.reader.fail(
                path,
                f"the played rounds have {counted(parsed.boards, 'game')} a round, "
                f"the match {counted(boards, 'board')}",
            )
        if parsed.n_rounds > self.rounds:
            raise self.reader.fail(
                path,
                f"{counted(parsed.n_rounds, 'round')} played, but the match has {self.rounds}",
            )
        out = []
        for r, games in enumerate(parsed.rounds, start=1):
            for game in games:
                for player in (game.white, game.black):
                    if player.number > self.sizes[player.team]:
                        raise self.reader.fail(path, f"round {r}: unknown player {player}")
            out.append(PlayedRound(round=r, games=games))
        return tuple(out)

    def played_match(self, table: dict[str, Any], boards: int, base: Path | None) -> tuple[PlayedRound, ...]:
        """``[played] match = FILE`` (``rounds = K``): the match file's rounds with results, or its first K;
        their results and history are kept in :attr:`carried`."""
        if "file" in table:
            raise self.reader.fail("played", "give either match or file")
        file = (base or Path(".")) / self.reader.get(table, "match", str, "played", _REQUIRED)
        try:
            record = read_match_file(file)
        except MatchRecordError as error:
            raise self.reader.fail("played.match", str(error)) from None
        if record.boards != boards:
            raise self.reader.fail("played.match", f"{file} has {record.boards} boards, the match {boards}")
        for team in (Team.A, Team.B):
            if record.match.size(team) != self.sizes[team]:
                raise self.reader.fail(
                    "played.match",
                    f"{file}: team {team.value} has {record.match.size(team)} players, here {self.sizes[team]}",
                )
        entered = sorted({r for r, _ in record.results})
        if "rounds" in table:
            taken = self.reader.get(table, "rounds", int, "played", _REQUIRED)
            if not 0 <= taken <= min(record.rounds, self.rounds):
                raise self.reader.fail(
                    "played.rounds", f"must be between 0 and {min(record.rounds, self.rounds)}, got {taken}"
                )
            later = [r for r in entered if r > taken]
            if later:
                raise self.reader.fail(
                    "played.rounds",
                    f"{file} has results in round {later[0]}, "
                    f"after the {counted(taken, 'round')} taken: "
                    "they would be lost (take that round too, or clear its results with schev result --clear)",
                )
        else:
            taken = entered[-1] if entered else 0
            for r in range(1, taken + 1):
                if not record.round_complete(r):
                    missing = [b for b in range(1, boards + 1) if record.result(r, b) is None]
                    raise self.reader.fail(
                        "played.match",
                        f"{file}: round {r} has no result on board{'s' if len(missing) > 1 else ''} "
                        f"{', '.join(map(str, missing))}: enter them, or name the rounds played with rounds = K",
                    )
            if taken > self.rounds:
                raise self.reader.fail(
                    "played.match", f"{file} has {taken} rounds played, but the match has {self.rounds}"
                )
        self.carried = MatchRecord(
            match=record.match,
            schedule=record.schedule,
            results={key: result for key, result in record.results.items() if key[0] <= taken},
            history=tuple(c for c in record.history if c.round <= taken),  # later rounds are redesigned
        )
        return tuple(PlayedRound(round=r, games=record.schedule.rounds[r - 1]) for r in range(1, taken + 1))


# --------------------------------------------------------------------------- rosters, event and scoring
#
# Kept apart from the match's own keys: they describe who plays and where, not the schedule.

_SCORING_KEYS = {"win", "draw", "loss", "decided_by", "tiebreak"}


def read_roster(reader: _Reader, table: dict[str, Any], path: str, base: Path | None) -> tuple[PlayerInfo, ...]:
    """A team's roster from ``[[teams.X.player]]`` tables or a ``roster`` CSV file; () when neither is given."""
    given = [key for key in ("players", "player", "roster") if key in table]
    if len(given) > 1:
        raise reader.fail(f"{path}.{given[1]}", f"give the players one way only, not both {given[0]} and {given[1]}")
    if "player" in table:
        entries = table["player"]
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            raise reader.fail(f"{path}.player", f"must be written as [[{path}.player]] tables")
        roster = tuple(_player_from_toml(reader, entry, f"{path}.player[{i}]") for i, entry in enumerate(entries, 1))
    elif "roster" in table:
        name = reader.get(table, "roster", str, path)
        roster = _roster_from_csv(reader, f"{path}.roster", (base or Path(".")) / name)
    else:
        return ()
    size = table.get("size")
    if isinstance(size, int) and not isinstance(size, bool) and size != len(roster):
        key = "player" if "player" in table else "roster"
        raise reader.fail(f"{path}.{key}", f"lists {len(roster)} players but the team's size is {size}")
    return roster


def _player_from_toml(reader: _Reader, entry: dict[str, Any], path: str) -> PlayerInfo:
    reader.check_keys(entry, set(PLAYER_FIELDS), path)
    if "name" not in entry:
        raise reader.fail(f"{path}.name", "is required (the player's name, 'Surname, Given names')")
    fields: dict[str, Any] = {}
    for key, value in entry.items():
        if key == "birth" and isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
            value = value.isoformat()  # an unquoted TOML date
        kind: type = int if key in ("rating", "fide_id") else str
        if isinstance(value, bool) or not isinstance(value, kind):
            raise reader.fail(f"{path}.{key}", f"must be {_kind_name(kind)}, got {_describe(value)}")
        fields[key] = value
    try:
        return PlayerInfo(**fields)
    except RosterError as error:
        raise reader.fail(f"{path}.{error.field}", _problem(error)) from None


def _problem(error: RosterError | EventError) -> str:
    """The message without its leading field name, which the path already gives."""
    text = str(error)
    for prefix in (f"{error.field}: ", f"{error.field} "):
        if text.startswith(prefix):
            return text[len(prefix) :]
    return text


def _roster_from_csv(reader: _Reader, path: str, file: Path) -> tuple[PlayerInfo, ...]:
    """Read a roster CSV: a header row of column names (``name`` required), then one player a row."""
    try:
        text = read_text_file(file, "roster file").removeprefix("\ufeff")
    except UnreadableFileError as error:
        raise reader.fail(path, str(error)) from None
    rows = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        header = [column.strip() for column in next(rows)]
    except StopIteration:
        raise reader.fail(path, f"{file}: is empty (expected a header row: {', '.join(PLAYER_FIELDS)})") from None
    except csv.Error as error:
        raise reader.fail(path, f"{file}:1: not valid CSV ({error})") from None
    for column in header:
        if column not in PLAYER_FIELDS:
            raise reader.fail(path, f"{file}:1: unknown column {column!r} (expected: {', '.join(PLAYER_FIELDS)})")
    if len(set(header)) != len(header):
        raise reader.fail(path, f"{file}:1: a column is named twice")
    if "name" not in header:
        raise reader.fail(path, f"{file}:1: the header has no 'name' column")
    players: list[PlayerInfo] = []
    try:
        for cells in rows:
            line = rows.line_num
            if not any(cell.strip() for cell in cells):
                continue
            where = f"{file}:{line}: player {len(players) + 1}"
            if len(cells) != len(header):
                raise reader.fail(path, f"{where}: has {len(cells)} cells, the header {len(header)}")
            fields: dict[str, Any] = {}
            for column, cell in zip(header, cells, strict=True):
                cell = cell.strip()
                if not cell:
                    continue
                if column in ("rating", "fide_id"):
                    if not re.fullmatch(r"[0-9]+", cell):
                        raise reader.fail(path, f"{where}: {column}: must be a whole number, got {cell!r}")
                    fields[column] = int(cell)
                else:
                    fields[column] = cell
            try:
                players.append(PlayerInfo(**fields))
            except TypeError:
                raise reader.fail(path, f"{where}: name: is required") from None
            except RosterError as error:
                raise reader.fail(path, f"{where}: {error.field}: {_problem(error)}") from None
    except csv.Error as error:
        raise reader.fail(path, f"{file}:{rows.line_num}: not valid CSV ({error})") from None
    if not players:
        raise reader.fail(path, f"{file}: lists no players")
    return tuple(players)


def read_event(reader: _Reader, table: dict[str, Any], rounds: int) -> Event:
    """The ``[event]`` table; dates may be strings or TOML dates."""
    reader.check_keys(table, set(EVENT_FIELDS), "event")
    fields: dict[str, Any] = {}
    for key, value in table.items():
        path = f"event.{key}"
        if key == "round_dates":
            if not isinstance(value, list):
                raise reader.fail(path, f"must be a list of dates, one a round, got {_describe(value)}")
            value = tuple(_date_text(reader, v, f"{path}[{i}]") for i, v in enumerate(value, start=1))
            if len(value) != rounds:
                raise reader.fail(path, f"has {len(value)} dates, but the match has {rounds} rounds (one date a round)")
        elif key == "round_times":
            if not isinstance(value, list):
                raise reader.fail(path, f"must be a list of times HH:MM, one a round, got {_describe(value)}")
            value = tuple(_time_text(v) for v in value)
            if len(value) != rounds:
                raise reader.fail(path, f"has {len(value)} times, but the match has {rounds} rounds (one time a round)")
        elif key in ("start", "end"):
            value = _date_text(reader, value, path)
        elif not isinstance(value, str):
            raise reader.fail(path, f"must be a string, got {_describe(value)}")
        fields[key] = value
    try:
        return Event(**fields)
    except EventError as error:
        raise reader.fail(f"event.{error.field}", _problem(error)) from None


def _time_text(value: Any) -> Any:
    """A TOML time (``10:00:00``, unquoted) as ``HH:MM``; anything else as written, for the event to check."""
    if isinstance(value, datetime.time) and not value.second and not value.microsecond:
        return value.strftime("%H:%M")
    return value


def _date_text(reader: _Reader, value: Any, path: str) -> str:
    if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
        return value.isoformat()
    if not isinstance(value, str):
        raise reader.fail(path, f"must be a date YYYY-MM-DD, got {_describe(value)}")
    return value


def read_scoring(reader: _Reader, table: dict[str, Any]) -> Scoring:
    """The ``[scoring]`` table: match points for a round won, drawn, lost, and what decides the match."""
    reader.check_keys(table, _SCORING_KEYS, "scoring")
    fields: dict[str, Any] = {}
    for key, value in table.items():
        if key == "decided_by":
            if value not in ("board_points", "match_points"):
                raise reader.fail("scoring.decided_by", f"must be 'board_points' or 'match_points', got {value!r}")
        elif key == "tiebreak":
            if value not in TIEBREAKS:
                raise reader.fail("scoring.tiebreak", f"must be one of {', '.join(TIEBREAKS)}, got {value!r}")
        elif isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise reader.fail(f"scoring.{key}", f"must be a number, 0 or more, got {_describe(value)}")
        fields[key] = value
    try:
        return Scoring(**fields)
    except MatchRecordError as error:
        raise reader.fail("scoring", str(error)) from None
