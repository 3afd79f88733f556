"""The arbiter's match: the match, its rosters and event, the verified schedule and the results.

A :class:`MatchSetup` is what a spec gives before any design: the :class:`Match`
(sizes, team names, rules, requests), the two rosters, the :class:`Event` and
the :class:`Scoring`.  A :class:`MatchRecord` adds the designed schedule and the
results recorded so far; it is what the match file (``docs/matchfile.md``)
holds, written by :meth:`MatchRecord.to_json` and read by
:meth:`MatchRecord.from_json`.

Conventions:

* A roster is a tuple of :class:`PlayerInfo` in board order: entry ``k - 1``
  is player ``Ak`` (or ``Bk``).  A team named by names alone (the spec's
  ``players = [...]``) gets a roster of those names; an empty roster means no
  names at all, and :meth:`MatchRecord.player_info` then names the player by
  its code.
* Results are keyed by ``(round, board)``, 1-based, and always from White's
  side.  A player who sits out a round (unequal teams) has no game and so no
  result in it.
* Changing or clearing a recorded result appends a :class:`ResultChange` to
  the record's ``history`` (when, round, board, old, new); entering a first
  result does not.
* Everything here checks *shape*: the schedule fits the match, every result
  belongs to a game.  Whether the schedule keeps the house rules is the
  verifier's business, and :mod:`scheveningen.solver.io.matchfile` runs it on every
  match file read (models never import the solver).

Every problem is a :class:`MatchRecordError` (a ``ValueError``) whose message
names what is wrong; reading a file adds where (:class:`MatchFileError`).
"""

from __future__ import annotations

import datetime
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

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
from scheveningen.models.domain.results import GameResult, ResultError
from scheveningen.models.domain.roster import EVENT_FIELDS, PLAYER_FIELDS, Event, EventError, PlayerInfo, RosterError
from scheveningen.models.domain.rules import Rule, relaxable
from scheveningen.models.domain.schedule import Colour, Game, Player, Schedule, Team
from scheveningen.models.domain.wording import counted

FORMAT = "scheveningen-match/1"

DecidedBy = Literal["board_points", "match_points"]
TieBreak = Literal["board-count", "elimination", "none"]
TIEBREAKS: tuple[TieBreak, ...] = ("board-count", "elimination", "none")


class MatchRecordError(ValueError):
    """The match record is inconsistent, or a result cannot be recorded; the message says why."""


class MatchFileError(MatchRecordError):
    """A match file cannot be read; the message names the file and the problem."""


@dataclass(frozen=True)
class Scoring:
    """Match points for a round won, drawn or lost on board points, and what decides the match.

    Each round is a small match between the teams: the side with more board points
    in it wins the round and takes ``win`` match points (``draw`` each when level).
    ``decided_by`` says whether the match winner is the side with more board
    points over the whole match (the default, as Scheveningen matches are usually
    scored) or with more match points.

    ``tiebreak`` breaks a match that ends level on what decides it, with FIDE's team
    tie-breaks on the game points board by board (FIDE Handbook C.07, Tie-Break
    Regulations, team tie-breaks ``BC`` and ``BBE``): ``"board-count"`` (the default)
    weighs each game point by its board number and the lower sum wins, so a point on
    board 1 counts most; ``"elimination"`` drops the bottom board's points, then the
    next, until the totals differ; ``"none"`` leaves the match drawn.
    """

    win: float = 2.0
    draw: float = 1.0
    loss: float = 0.0
    decided_by: DecidedBy = "board_points"
    tiebreak: TieBreak = "board-count"

    def __post_init__(self) -> None:
        for key in ("win", "draw", "loss"):
            value = getattr(self, key)
            if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < math.inf:
                raise MatchRecordError(f"scoring.{key} must be a number, 0 or more, got {value!r}")
            object.__setattr__(self, key, float(value))
        if not self.win >= self.draw >= self.loss:
            raise MatchRecordError(
                f"scoring must give win >= draw >= loss, got {self.win:g}/{self.draw:g}/{self.loss:g}"
            )
        if self.decided_by not in ("board_points", "match_points"):
            raise MatchRecordError(
                f"scoring.decided_by must be 'board_points' or 'match_points', got {self.decided_by!r}"
            )
        if self.tiebreak not in TIEBREAKS:
            raise MatchRecordError(f"scoring.tiebreak must be one of {', '.join(TIEBREAKS)}, got {self.tiebreak!r}")

    def match_points(self, ours: float, theirs: float) -> float:
        """Match points for one side of a round with board points ``ours`` against ``theirs``."""
        if ours > theirs:
            return self.win
        return self.draw if ours == theirs else self.loss

    def as_dict(self) -> dict[str, object]:
        """The match file's form; ``tiebreak`` only when it is not the default (files stay as they were)."""
        out: dict[str, object] = {
            "win": json_number(self.win),
            "draw": json_number(self.draw),
            "loss": json_number(self.loss),
            "decided_by": self.decided_by,
        }
        if self.tiebreak != Scoring.tiebreak:
            out["tiebreak"] = self.tiebreak
        return out


def json_number(value: float) -> int | float:
    """Whole numbers as ints in JSON (2, not 2.0)."""
    return int(value) if value == int(value) else value


def utc_now() -> str:
    """The time now in UTC, as a history entry records it: ``2026-03-07T14:05:09Z``."""
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True)
class ResultChange:
    """One change of a recorded result, kept in the match's history: at ``when`` (UTC, ISO 8601),
    the result of ``round``, ``board`` went from ``old`` to ``new`` (``None``: cleared).

    Entering a result where there was none is not a change; changing or clearing one is.
    """

    when: str
    round: int
    board: int
    old: GameResult
    new: GameResult | None

    def __post_init__(self) -> None:
        when = self.when
        try:
            parsed = datetime.datetime.fromisoformat(when) if isinstance(when, str) else None
        except ValueError:
            parsed = None
        if parsed is None or parsed.utcoffset() != datetime.timedelta(0):
            raise MatchRecordError(f"when must be a UTC time such as 2026-03-07T14:05:09Z, got {when!r}")
        for key in ("round", "board"):
            value = getattr(self, key)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise MatchRecordError(f"{key} must be a whole number from 1, got {value!r}")
        if not isinstance(self.old, GameResult) or not (self.new is None or isinstance(self.new, GameResult)):
            raise MatchRecordError(f"old must be a result and new a result or null, got {self.old!r}, {self.new!r}")
        if self.old is self.new:
            raise MatchRecordError(f"old and new are the same result ({self.old.value}): that is no change")

    def as_dict(self) -> dict[str, Any]:
        return {
            "when": self.when,
            "round": self.round,
            "board": self.board,
            "old": self.old.value,
            "new": None if self.new is None else self.new.value,
        }


@dataclass(frozen=True)
class MatchSetup:
    """Everything a spec says: the match, rosters in board order, event and scoring.

    ``results`` and ``history`` are what a spec's ``[played] match = FILE`` carries over from
    that match file: the played rounds' results and their history of changed results.
    """

    match: Match
    roster_a: tuple[PlayerInfo, ...] = ()
    roster_b: tuple[PlayerInfo, ...] = ()
    event: Event = field(default_factory=Event)
    scoring: Scoring = field(default_factory=Scoring)
    results: Mapping[tuple[int, int], GameResult] = field(default_factory=dict)
    history: tuple[ResultChange, ...] = ()

    def __post_init__(self) -> None:
        played = len(self.match.played)
        for r, board in self.results:
            if not (1 <= r <= played and 1 <= board <= self.match.boards):
                raise MatchRecordError(f"a result carried over for round {r}, board {board}: not a played game")
        _fill_rosters(self)
        _check_rosters(self.match, self.roster_a, self.roster_b)
        if self.event.round_dates and len(self.event.round_dates) != self.match.rounds:
            raise MatchRecordError(
                f"event.round_dates has {len(self.event.round_dates)} dates, but the match has "
                f"{self.match.rounds} rounds (one date a round)"
            )
        if self.event.round_times and len(self.event.round_times) != self.match.rounds:
            raise MatchRecordError(
                f"event.round_times has {len(self.event.round_times)} times, but the match has "
                f"{self.match.rounds} rounds (one time a round)"
            )

    def roster(self, team: Team) -> tuple[PlayerInfo, ...]:
        return self.roster_a if team is Team.A else self.roster_b


def _fill_rosters(owner: MatchSetup | MatchRecord) -> None:
    """A team named by names alone gets a roster of those names, so that both forms read back the same."""
    for team, attr in ((Team.A, "roster_a"), (Team.B, "roster_b")):
        names = owner.match.team(team).players
        if names and not getattr(owner, attr):
            try:
                object.__setattr__(owner, attr, tuple(PlayerInfo(name) for name in names))
            except RosterError as error:
                raise MatchRecordError(f"team {team.value}: {error}") from None


def _check_rosters(match: Match, roster_a: tuple[PlayerInfo, ...], roster_b: tuple[PlayerInfo, ...]) -> None:
    for team, roster in ((Team.A, roster_a), (Team.B, roster_b)):
        if not roster:
            continue
        size = match.size(team)
        if len(roster) != size:
            raise MatchRecordError(f"team {team.value}'s roster lists {len(roster)} players but the team has {size}")
        names = match.team(team).players
        if names and names != tuple(p.name for p in roster):
            raise MatchRecordError(f"team {team.value}'s roster names differ from the match's player names")


@dataclass(frozen=True)
class MatchRecord:
    """A designed match and its results so far.

    ``relaxed`` lists the house rules the designer relaxed (and by how much), so
    that the verifier accepts the schedule when the file is read back; ``design``
    is free information about how the schedule was made (status, breaks, bound,
    seed, versions), kept in the file as written.
    """

    match: Match
    schedule: Schedule
    roster_a: tuple[PlayerInfo, ...] = ()
    roster_b: tuple[PlayerInfo, ...] = ()
    event: Event = field(default_factory=Event)
    scoring: Scoring = field(default_factory=Scoring)
    results: Mapping[tuple[int, int], GameResult] = field(default_factory=dict)
    relaxed: Mapping[Rule, int] = field(default_factory=dict)
    design: Mapping[str, Any] = field(default_factory=dict)
    history: tuple[ResultChange, ...] = ()

    def __post_init__(self) -> None:
        _fill_rosters(self)
        MatchSetup(self.match, self.roster_a, self.roster_b, self.event, self.scoring)  # the same checks
        match, schedule = self.match, self.schedule
        if (schedule.boards, schedule.team_a, schedule.team_b) != (match.boards, match.size_a, match.size_b):
            raise MatchRecordError(
                f"the schedule is for {schedule.team_a} against {schedule.team_b} players on {schedule.boards} "
                f"boards, the match for {match.size_a} against {match.size_b} on {match.boards}"
            )
        if schedule.n_rounds != match.rounds:
            raise MatchRecordError(f"the schedule has {schedule.n_rounds} rounds, the match {match.rounds}")
        results = dict(self.results)
        for (r, board), result in results.items():
            self._check_game(r, board)
            if not isinstance(result, GameResult):
                raise MatchRecordError(f"round {r}, board {board}: {result!r} is not a GameResult")
        object.__setattr__(self, "results", dict(sorted(results.items())))
        for change in self.history:
            if not isinstance(change, ResultChange):
                raise MatchRecordError(f"history: {change!r} is not a ResultChange")
            self._check_game(change.round, change.board)
        object.__setattr__(self, "history", tuple(self.history))
        for rule, amount in self.relaxed.items():
            if rule not in relaxable() or amount < 1:
                raise MatchRecordError(f"relaxed: rule {rule!r} by {amount!r} is not a relaxation")
        object.__setattr__(self, "relaxed", dict(sorted(self.relaxed.items())))
        object.__setattr__(self, "design", dict(self.design))

    # ------------------------------------------------------------------ construction

    @classmethod
    def start(
        cls,
        setup: MatchSetup,
        schedule: Schedule,
        relaxed: Mapping[Rule, int] | None = None,
        design: Mapping[str, Any] | None = None,
    ) -> MatchRecord:
        """A new record for a freshly designed schedule, with no results yet."""
        return cls(
            match=setup.match,
            schedule=schedule,
            roster_a=setup.roster_a,
            roster_b=setup.roster_b,
            event=setup.event,
            scoring=setup.scoring,
            relaxed=dict(relaxed or {}),
            design=dict(design or {}),
            results=setup.results,
            history=setup.history,
        )

    # ------------------------------------------------------------------ who and what

    @property
    def rounds(self) -> int:
        return self.schedule.n_rounds

    @property
    def boards(self) -> int:
        return self.schedule.boards

    def roster(self, team: Team) -> tuple[PlayerInfo, ...]:
        return self.roster_a if team is Team.A else self.roster_b

    def team_name(self, team: Team) -> str:
        """The team's name, or "Team A" / "Team B" when the spec gave none."""
        return self.match.team(team).name or f"Team {team.value}"

    def player_info(self, player: Player) -> PlayerInfo:
        """The player's details; without a roster, just a name (the match's, or the code)."""
        roster = self.roster(player.team)
        if roster:
            return roster[player.number - 1]
        names = self.match.team(player.team).players
        return PlayerInfo(name=names[player.number - 1] if names else str(player))

    def game(self, r: int, board: int) -> Game:
        """The game on ``board`` in round ``r``; :class:`MatchRecordError` when there is none."""
        self._check_game(r, board)
        return self.schedule.rounds[r - 1][board - 1]

    def _check_game(self, r: int, board: int) -> None:
        if not 1 <= r <= self.schedule.n_rounds:
            raise MatchRecordError(f"there is no round {r} (the match has rounds 1 to {self.schedule.n_rounds})")
        if not 1 <= board <= self.schedule.boards:
            raise MatchRecordError(f"there is no board {board} (the match has boards 1 to {self.schedule.boards})")

    def result(self, r: int, board: int) -> GameResult | None:
        return self.results.get((r, board))

    def round_complete(self, r: int) -> bool:
        return all((r, board) in self.results for board in range(1, self.boards + 1))

    @property
    def complete(self) -> bool:
        """True when every game of the match has a result."""
        return len(self.results) == self.rounds * self.boards

    # ------------------------------------------------------------------ recording results

    def with_result(
        self, r: int, board: int, result: GameResult, force: bool = False, when: str | None = None
    ) -> MatchRecord:
        """A copy with one more result; changing a recorded result needs ``force``."""
        return self.with_results({(r, board): result}, force=force, when=when)

    def without_result(self, r: int, board: int, force: bool = False, when: str | None = None) -> MatchRecord:
        """A copy with the result of ``r``, ``board`` cleared (kept in the history, at ``when``: now
        unless given); clearing a recorded result needs ``force``, clearing none changes nothing."""
        game = self.game(r, board)
        old = self.results.get((r, board))
        if old is None:
            return self
        if not force:
            raise MatchRecordError(
                f"round {r}, board {board} ({game.white}-{game.black}) has the result {old.value}; "
                "use --force to clear it"
            )
        results = {key: value for key, value in self.results.items() if key != (r, board)}
        change = ResultChange(when or utc_now(), r, board, old, None)
        return replace(self, results=results, history=(*self.history, change))

    def with_round(
        self, r: int, results: Sequence[GameResult], force: bool = False, when: str | None = None
    ) -> MatchRecord:
        """A copy with a whole round's results, one a board in board order."""
        if not 1 <= r <= self.rounds:
            raise MatchRecordError(f"there is no round {r} (the match has rounds 1 to {self.rounds})")
        if len(results) != self.boards:
            raise MatchRecordError(f"round {r} has {self.boards} boards; got {counted(len(results), 'result')}")
        new = {(r, board): res for board, res in enumerate(results, start=1)}
        return self.with_results(new, force=force, when=when)

    def with_results(
        self, new: Mapping[tuple[int, int], GameResult], force: bool = False, when: str | None = None
    ) -> MatchRecord:
        """A copy with these results; all or nothing: any problem raises and nothing is recorded.

        Each result changed is kept in the history, at ``when`` (now unless given)."""
        merged = dict(self.results)
        changes: list[ResultChange] = []
        for (r, board), result in new.items():
            game = self.game(r, board)
            old = merged.get((r, board))
            if old is not None and old is not result and not force:
                raise MatchRecordError(
                    f"round {r}, board {board} ({game.white}-{game.black}) already has the result {old.value}; "
                    f"use --force to change it to {result.value}"
                )
            if old is not None and old is not result:
                changes.append(ResultChange(when or utc_now(), r, board, old, result))
            merged[(r, board)] = result
        return replace(self, results=merged, history=(*self.history, *changes))

    # ------------------------------------------------------------------ the match file

    def to_json(self) -> str:
        """The match file's text (``docs/matchfile.md``), ending in a newline."""
        return _dump(self.as_dict(), 0) + "\n"

    def as_dict(self) -> dict[str, Any]:
        match = self.match
        data: dict[str, Any] = {"format": FORMAT}
        if not self.event.is_empty:
            data["event"] = self.event.as_dict()
        data["boards"] = match.boards
        data["double"] = match.double
        data["teams"] = {team.value: self._team_dict(team) for team in Team}
        data["rules"] = match.rules.as_dict()
        requests = _requests_dict(match)
        if requests:
            data["requests"] = requests
        data["scoring"] = self.scoring.as_dict()
        design = dict(self.design)
        if self.relaxed:
            design["relaxed"] = {rule.key: amount for rule, amount in self.relaxed.items()}
        if design:
            data["design"] = design
        data["schedule"] = [[str(game) for game in games] for games in self.schedule.rounds]
        data["results"] = [
            {"round": r, "board": board, "result": result.value} for (r, board), result in self.results.items()
        ]
        if self.history:
            data["history"] = [change.as_dict() for change in self.history]
        return data

    def _team_dict(self, team: Team) -> dict[str, Any]:
        out: dict[str, Any] = {}
        info = self.match.team(team)
        if info.name:
            out["name"] = info.name
        out["size"] = self.match.size(team)
        roster = self.roster(team)
        if roster:
            out["players"] = [p.as_dict() for p in roster]
        elif info.players:
            out["players"] = [{"name": name} for name in info.players]
        return out

    @classmethod
    def from_json(cls, text: str, source: str = "match file") -> MatchRecord:
        """Read a match file strictly; :class:`MatchFileError` names the file and the problem.

        This checks the structure only; :func:`scheveningen.solver.io.matchfile.read_match_file`
        also runs the verifier on the schedule.
        """
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise MatchFileError(f"{source}:{error.lineno}:{error.colno}: not valid JSON: {error.msg}") from None
        try:
            return _from_dict(data)
        except (MatchRecordError, MatchError, RosterError, EventError, ResultError, ValueError) as error:
            raise MatchFileError(f"{source}: {error}") from None


# --------------------------------------------------------------------------- writing


def _dump(value: Any, depth: int) -> str:
    """JSON laid out for people: objects one key a line; a list of plain values, or a flat object, on one line."""
    flat = not isinstance(value, dict | list) or (
        all(not isinstance(v, dict | list) for v in (value.values() if isinstance(value, dict) else value))
        and (isinstance(value, list) or depth > 0)
    )
    if flat:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    pad, inner = "  " * depth, "  " * (depth + 1)
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {_dump(v, depth + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{pad}}}" if items else "{}"
    return "[\n" + ",\n".join(f"{inner}{_dump(v, depth + 1)}" for v in value) + f"\n{pad}]" if value else "[]"


def _requests_dict(match: Match) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if match.meets:
        out["meet"] = [
            {"a": m.a, "b": m.b, "round": m.round, **({"white": m.white.value} if m.white else {})} for m in match.meets
        ]
    if match.avoids:
        out["avoid"] = [{"a": v.a, "b": v.b, "rounds": list(v.rounds)} for v in match.avoids]
    if match.colours:
        out["colour"] = [{"player": str(c.player), "round": c.round, "colour": c.colour.value} for c in match.colours]
    if match.played:
        out["played"] = [[str(game) for game in p.games] for p in match.played]
    return out


# --------------------------------------------------------------------------- strict reading


_TOP_KEYS = (
    "format",
    "event",
    "boards",
    "double",
    "teams",
    "rules",
    "requests",
    "scoring",
    "design",
    "schedule",
    "results",
    "history",
)
_TEAM_KEYS = ("name", "size", "players")
_REQUEST_KEYS = ("meet", "avoid", "colour", "played")
_SCORING_KEYS = ("win", "draw", "loss", "decided_by", "tiebreak")
_RESULT_KEYS = ("round", "board", "result")
_HISTORY_KEYS = ("when", "round", "board", "old", "new")


def _object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise MatchRecordError(f"{where} must be an object, got {type(value).__name__}")
    return value


def _table(value: Any, where: str, allowed: Sequence[str]) -> dict[str, Any]:
    table = _object(value, where)
    for key in table:
        if key not in allowed:
            raise MatchRecordError(f"{where}: unknown key {key!r} (expected one of: {', '.join(allowed)})")
    return table


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MatchRecordError(f"{where} must be a whole number, got {value!r}")
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise MatchRecordError(f"{where} must be true or false, got {value!r}")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise MatchRecordError(f"{where} must be a list, got {type(value).__name__}")
    return value


def _str(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise MatchRecordError(f"{where} must be a string, got {value!r}")
    return value


def _game(text: Any, where: str) -> Game:
    text = _str(text, where)
    white, sep, black = text.partition("-")
    try:
        if not sep:
            raise ValueError("expected WHITE-BLACK, e.g. A1-B2")
        return Game(Player.parse(white), Player.parse(black))
    except ValueError as error:
        raise MatchRecordError(f"{where}: {text!r} is not a game ({error})") from None


def _from_dict(data: Any) -> MatchRecord:
    if not isinstance(data, dict):
        raise MatchRecordError("a match file is a JSON object")
    version = data.get("format")
    if version != FORMAT:
        if isinstance(version, str) and version.startswith("scheveningen-match/"):
            raise MatchRecordError(
                f"format {version!r} is not supported (this version of scheveningen reads {FORMAT!r})"
            )
        raise MatchRecordError(f'not a scheveningen match file ("format" must be {FORMAT!r}, got {version!r})')
    _table(data, "the match file", _TOP_KEYS)
    for key in ("boards", "teams", "schedule"):
        if key not in data:
            raise MatchRecordError(f"{key!r} is missing")
    boards = _int(data["boards"], "boards")
    double = _bool(data.get("double", False), "double")
    teams = _table(data["teams"], "teams", ("A", "B"))
    infos: dict[Team, TeamInfo] = {}
    sizes: dict[Team, int] = {}
    rosters: dict[Team, tuple[PlayerInfo, ...]] = {}
    for team in Team:
        where = f"teams.{team.value}"
        table = _table(teams.get(team.value, {}), where, _TEAM_KEYS)
        sizes[team] = _int(table.get("size", boards), f"{where}.size")
        roster = []
        for i, entry in enumerate(_list(table.get("players", []), f"{where}.players"), start=1):
            entry = _table(entry, f"{where}.players[{i}]", PLAYER_FIELDS)
            try:
                roster.append(PlayerInfo(**entry))
            except (RosterError, TypeError) as error:
                raise MatchRecordError(f"{where}.players[{i}]: {error}") from None
        rosters[team] = tuple(roster)
        infos[team] = TeamInfo(name=_str(table.get("name", ""), f"{where}.name"), players=tuple(p.name for p in roster))
    rules = RuleSettings.from_mapping(_object(data.get("rules", {}), "rules"), "rules")
    requests = _table(data.get("requests", {}), "requests", _REQUEST_KEYS)
    match = Match(
        boards=boards,
        double=double,
        size_a=sizes[Team.A],
        size_b=sizes[Team.B],
        team_a=infos[Team.A],
        team_b=infos[Team.B],
        rules=rules,
        **_read_requests(requests),
    )
    event = _read_event(data.get("event", {}))
    scoring_table = _table(data.get("scoring", {}), "scoring", _SCORING_KEYS)
    scoring = Scoring(**scoring_table)
    design = data.get("design", {})
    if not isinstance(design, dict):
        raise MatchRecordError("design must be an object")
    design = dict(design)
    relaxed = _read_relaxed(design.pop("relaxed", {}))
    schedule = _read_schedule(data["schedule"], match)
    record = MatchRecord(
        match=match,
        schedule=schedule,
        roster_a=rosters[Team.A],
        roster_b=rosters[Team.B],
        event=event,
        scoring=scoring,
        relaxed=relaxed,
        design=design,
    )
    results: dict[tuple[int, int], GameResult] = {}
    for i, entry in enumerate(_list(data.get("results", []), "results"), start=1):
        where = f"results[{i}]"
        entry = _table(entry, where, _RESULT_KEYS)
        for key in _RESULT_KEYS:
            if key not in entry:
                raise MatchRecordError(f"{where}: {key!r} is missing")
        r, board = _int(entry["round"], f"{where}.round"), _int(entry["board"], f"{where}.board")
        try:
            record.game(r, board)
        except MatchRecordError as error:
            raise MatchRecordError(f"{where}: a result for a game that does not exist: {error}") from None
        if (r, board) in results:
            raise MatchRecordError(f"{where}: round {r}, board {board} has a second result")
        try:
            results[(r, board)] = GameResult.parse(_str(entry["result"], f"{where}.result"))
        except ResultError as error:
            raise MatchRecordError(f"{where}: {error}") from None
    return replace(record, results=results, history=_read_history(data.get("history", []), record))


def _read_history(value: Any, record: MatchRecord) -> tuple[ResultChange, ...]:
    history = []
    for i, entry in enumerate(_list(value, "history"), start=1):
        where = f"history[{i}]"
        entry = _table(entry, where, _HISTORY_KEYS)
        for key in _HISTORY_KEYS:
            if key not in entry:
                raise MatchRecordError(f"{where}: {key!r} is missing")
        r, board = _int(entry["round"], f"{where}.round"), _int(entry["board"], f"{where}.board")
        when, old_text = _str(entry["when"], f"{where}.when"), _str(entry["old"], f"{where}.old")
        new_text = None if entry["new"] is None else _str(entry["new"], f"{where}.new")
        try:
            record.game(r, board)
            old, new = GameResult.parse(old_text), None if new_text is None else GameResult.parse(new_text)
            history.append(ResultChange(when, r, board, old, new))
        except (MatchRecordError, ResultError) as error:
            raise MatchRecordError(f"{where}: {error}") from None
    return tuple(history)


def _read_requests(requests: dict[str, Any]) -> dict[str, Any]:
    meets, avoids, colours, played = [], [], [], []
    for i, entry in enumerate(_list(requests.get("meet", []), "requests.meet"), start=1):
        where = f"requests.meet[{i}]"
        entry = _table(entry, where, ("a", "b", "round", "white"))
        white = entry.get("white")
        if white not in (None, "A", "B"):
            raise MatchRecordError(f'{where}.white must be "A" or "B", got {white!r}')
        meets.append(
            Meet(
                a=_int(entry.get("a"), f"{where}.a"),
                b=_int(entry.get("b"), f"{where}.b"),
                round=_int(entry.get("round"), f"{where}.round"),
                white=Team(white) if white else None,
            )
        )
    for i, entry in enumerate(_list(requests.get("avoid", []), "requests.avoid"), start=1):
        where = f"requests.avoid[{i}]"
        entry = _table(entry, where, ("a", "b", "rounds"))
        rounds = tuple(_int(r, f"{where}.rounds") for r in _list(entry.get("rounds"), f"{where}.rounds"))
        avoids.append(Avoid(a=_int(entry.get("a"), f"{where}.a"), b=_int(entry.get("b"), f"{where}.b"), rounds=rounds))
    for i, entry in enumerate(_list(requests.get("colour", []), "requests.colour"), start=1):
        where = f"requests.colour[{i}]"
        entry = _table(entry, where, ("player", "round", "colour"))
        colour = entry.get("colour")
        if colour not in ("white", "black"):
            raise MatchRecordError(f'{where}.colour must be "white" or "black", got {colour!r}')
        try:
            player = Player.parse(_str(entry.get("player"), f"{where}.player"))
        except ValueError as error:
            raise MatchRecordError(f"{where}.player: {error}") from None
        colours.append(
            ColourWish(player=player, round=_int(entry.get("round"), f"{where}.round"), colour=Colour(colour))
        )
    for i, games in enumerate(_list(requests.get("played", []), "requests.played"), start=1):
        where = f"requests.played[{i}]"
        played.append(
            PlayedRound(
                round=i,
                games=tuple(_game(g, f"{where}[{k}]") for k, g in enumerate(_list(games, where), start=1)),
            )
        )
    return {"meets": tuple(meets), "avoids": tuple(avoids), "colours": tuple(colours), "played": tuple(played)}


def _read_event(value: Any) -> Event:
    table = _table(value, "event", EVENT_FIELDS)
    fields = dict(table)
    if "round_dates" in fields:
        fields["round_dates"] = tuple(_list(fields["round_dates"], "event.round_dates"))
    if "round_times" in fields:
        fields["round_times"] = tuple(_list(fields["round_times"], "event.round_times"))
    try:
        return Event(**fields)
    except EventError as error:
        raise MatchRecordError(f"event: {error}") from None


def _read_relaxed(value: Any) -> dict[Rule, int]:
    keys = {rule.key: rule for rule in relaxable()}
    table = _table(value, "design.relaxed", tuple(keys))
    return {keys[key]: _int(amount, f"design.relaxed.{key}") for key, amount in table.items()}


def _read_schedule(value: Any, match: Match) -> Schedule:
    rounds = []
    for r, games in enumerate(_list(value, "schedule"), start=1):
        where = f"schedule[{r}]"
        rounds.append(tuple(_game(g, f"{where}[{k}]") for k, g in enumerate(_list(games, where), start=1)))
    for r, games in enumerate(rounds, start=1):
        for board, game in enumerate(games, start=1):
            for player in (game.white, game.black):
                if player.number > match.size(player.team):
                    raise MatchRecordError(
                        f"schedule round {r}, board {board}: {player} is not a player "
                        f"(team {player.team.value} has {match.size(player.team)})"
                    )
    try:
        return Schedule(boards=match.boards, rounds=tuple(rounds), team_a=match.size_a, team_b=match.size_b)
    except ValueError as error:
        raise MatchRecordError(f"schedule: {error}") from None
