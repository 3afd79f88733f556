"""An organiser's match: team sizes, names, house-rule settings and requests.

A :class:`Match` is plain data, validated on construction; every problem is a
:class:`MatchError` whose message names the field and the value.  The TOML
reader in ``scheveningen.solver.io.spec`` builds one from a file, and Python users build one
directly::

    Match(boards=6, meets=(Meet(a=3, b=5, round=2),))

Requests are hard: the designer either keeps every one or explains which of
them cannot hold together.  Players are numbered ``A1..Ap`` and ``B1..Bq``;
with equal teams player ``Ak`` sits at board ``k``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from scheveningen.models.domain.rules import SettingValue, rule_set_by, switchable
from scheveningen.models.domain.schedule import Colour, Game, Player, Team
from scheveningen.models.domain.wording import counted

#: What the designer minimises: the breaks, the breaks shared fairly, or nothing (any schedule).
Objective = Literal["breaks", "fair", "none"]


class MatchError(ValueError):
    """The match description is inconsistent; the message names the field.

    ``path`` is the field as a match spec (TOML) spells it, e.g. ``meet[2].round``, and
    ``problem`` the rest of the message, so the spec reader can point at the line.
    """

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


@dataclass(frozen=True)
class TeamInfo:
    """A team's name and its players' names in board order (both optional)."""

    name: str = ""
    players: tuple[str, ...] = ()


#: How :meth:`RuleSettings.from_mapping` names the type a setting must have.
_KIND_NAMES = {bool: "true or false", int: "a whole number", str: "a string"}


#: The rule settings that are fields of :class:`RuleSettings`; every other rule's setting is in ``others``.
_RULE_FIELDS = ("colour_balance", "max_run", "board_balance")
_OWN = (*_RULE_FIELDS, "objective")


@dataclass(frozen=True)
class RuleSettings:
    """Which house rules apply; the defaults are the house rules as written.

    Each rule of the registry (``models/domain/rules.py``) names its setting; rules 1-3 have a field
    here, any other rule's setting is kept in ``others`` (only where it differs from the rule's
    default), so a rule is added in the registry alone.  :meth:`value` reads any of them."""

    colour_balance: bool = True
    max_run: int = 2  # the longest run of one colour allowed (rule 2 as written: 2); 0 turns the rule off
    board_balance: bool = True
    objective: Objective = "breaks"
    others: tuple[tuple[str, SettingValue], ...] = ()  # (setting, value) of the rules without a field

    def __post_init__(self) -> None:
        if self.objective not in ("breaks", "fair", "none"):
            raise MatchError("rules.objective", f"must be 'breaks', 'fair' or 'none', got {self.objective!r}")
        if self.max_run < 0:
            raise MatchError("rules.max_run", f"must be 0 (off) or more, got {self.max_run}")
        object.__setattr__(self, "others", _other_settings(self.others))

    def value(self, setting: str) -> SettingValue:
        """The value of a rule's setting (``KeyError`` for a setting no rule has)."""
        if setting in _RULE_FIELDS:
            value: SettingValue = getattr(self, setting)
            return value
        return dict(self.others).get(setting, rule_set_by(setting).default)

    def with_values(self, values: Mapping[str, object]) -> RuleSettings:
        """These settings with ``values`` (rule settings, and ``objective``, by key) changed."""
        own = {key: value for key, value in values.items() if key in _OWN}
        others = {**dict(self.others), **{key: value for key, value in values.items() if key not in _OWN}}
        return replace(self, **own, others=tuple(others.items()))  # type: ignore[arg-type]

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, object], where: str = "rules") -> RuleSettings:
        """The settings a table gives (a spec's ``[rules]``, a match file's ``"rules"``); a key left out
        keeps its default.  Each key is a field, its value of its default's type (a whole number is
        never a truth value, nor the reverse); a :class:`MatchError` names the key as ``where.key``."""
        names = _keys()
        for key in mapping:
            if key not in names:
                raise MatchError(f"{where}.{key}", f"unknown key (expected one of: {', '.join(sorted(names))})")
        defaults = cls().as_dict()
        values: dict[str, Any] = {}
        for name in names:
            default = defaults[name]
            value = mapping.get(name, default)
            kind = type(default)
            if isinstance(value, bool) != (kind is bool) or not isinstance(value, kind):
                got = f"{type(value).__name__} {value!r}"
                raise MatchError(f"{where}.{name}", f"must be {_KIND_NAMES[kind]}, got {got}")
            values[name] = value
        try:
            return cls().with_values(values)
        except MatchError as error:  # a value out of range: named under ``where`` too
            raise MatchError(f"{where}.{error.path.rpartition('.')[2]}", error.problem) from None

    def as_dict(self) -> dict[str, object]:
        """The settings by key, as :meth:`from_mapping` reads them."""
        return {**{key: self.value(key) for key in _keys()[:-1]}, "objective": self.objective}

    @property
    def as_written(self) -> bool:
        """Every house rule as the house rules write it (whatever the objective)."""
        return self == RuleSettings(objective=self.objective)


def _keys() -> list[str]:
    """The keys of a ``[rules]`` table: every rule's setting, in the order users see the rules, then
    ``objective``."""
    return [*(rule.setting for rule in switchable() if rule.setting is not None), "objective"]


def _other_settings(others: tuple[tuple[str, SettingValue], ...]) -> tuple[tuple[str, SettingValue], ...]:
    """The settings of rules without a field, checked (each a rule's setting, of its default's type,
    a number not below 0) and in the registry's order, those at their default left out."""
    given = dict(others)
    out = []
    for rule in switchable():
        if rule.setting is None or rule.setting in _OWN or rule.setting not in given:
            continue
        value = given.pop(rule.setting)
        if isinstance(value, bool) != isinstance(rule.default, bool) or not isinstance(value, int):
            raise MatchError(f"rules.{rule.setting}", f"must be of the type of {rule.default!r}, got {value!r}")
        if value < 0:
            raise MatchError(f"rules.{rule.setting}", f"must be 0 (off) or more, got {value}")
        if value != rule.default:
            out.append((rule.setting, value))
    for setting in given:
        raise MatchError(f"rules.{setting}", "no rule has this setting")
    return tuple(out)


@dataclass(frozen=True)
class Meet:
    """``Aa`` and ``Bb`` meet in ``round``; ``white`` optionally fixes who has White."""

    a: int
    b: int
    round: int
    white: Team | None = None

    def describe(self) -> str:
        white = "" if self.white is None else f", A{self.a}" if self.white is Team.A else f", B{self.b}"
        return f"meet A{self.a}-B{self.b} in round {self.round}{white + ' White' if white else ''}"


@dataclass(frozen=True)
class Avoid:
    """``Aa`` and ``Bb`` do not meet in any of ``rounds``."""

    a: int
    b: int
    rounds: tuple[int, ...]

    def describe(self) -> str:
        listed = ", ".join(str(r) for r in self.rounds)
        return f"A{self.a} and B{self.b} do not meet in round{'s' if len(self.rounds) > 1 else ''} {listed}"


@dataclass(frozen=True)
class ColourWish:
    """``player`` plays with ``colour`` in ``round``."""

    player: Player
    round: int
    colour: Colour

    def describe(self) -> str:
        return f"{self.player} has {self.colour.value} in round {self.round}"


@dataclass(frozen=True)
class PlayedRound:
    """A round already played, kept exactly as it was."""

    round: int
    games: tuple[Game, ...]

    def describe(self) -> str:
        return f"round {self.round} as played ({' '.join(str(g) for g in self.games)})"


Request = Meet | Avoid | ColourWish | PlayedRound


@dataclass(frozen=True)
class Match:
    """A match to design: ``boards`` games a round between teams of ``size_a`` and ``size_b``."""

    boards: int
    double: bool = False
    size_a: int = 0
    size_b: int = 0
    team_a: TeamInfo = field(default_factory=TeamInfo)
    team_b: TeamInfo = field(default_factory=TeamInfo)
    rules: RuleSettings = field(default_factory=RuleSettings)
    meets: tuple[Meet, ...] = ()
    avoids: tuple[Avoid, ...] = ()
    colours: tuple[ColourWish, ...] = ()
    played: tuple[PlayedRound, ...] = ()

    def __post_init__(self) -> None:
        if self.boards < 1:
            raise MatchError("boards", f"must be at least 1, got {self.boards}")
        for attr in ("size_a", "size_b"):
            if getattr(self, attr) == 0:
                object.__setattr__(self, attr, self.boards)
        for team, size in ((Team.A, self.size_a), (Team.B, self.size_b)):
            if size < self.boards:
                raise MatchError(
                    f"teams.{team.value}.size",
                    f"team {team.value} has {counted(size, 'player')}, "
                    f"fewer than the {self.boards} boards it must fill",
                )
            info = self.team(team)
            if info.players and len(info.players) != size:
                raise MatchError(
                    f"teams.{team.value}.players", f"names {len(info.players)} players but the team has {size}"
                )
        if (self.size_a * self.size_b) % self.boards:
            raise MatchError(
                "teams",
                f"{self.size_a} against {self.size_b} players on {self.boards} boards is not a whole number of "
                f"rounds ({self.size_a * self.size_b} games / {self.boards} a round)",
            )
        self._check_requests()

    # ------------------------------------------------------------------ derived facts

    @property
    def single_rounds(self) -> int:
        return self.size_a * self.size_b // self.boards

    @property
    def rounds(self) -> int:
        return self.single_rounds * (2 if self.double else 1)

    @property
    def equal_teams(self) -> bool:
        return self.size_a == self.size_b == self.boards

    def size(self, team: Team) -> int:
        return self.size_a if team is Team.A else self.size_b

    def team(self, team: Team) -> TeamInfo:
        return self.team_a if team is Team.A else self.team_b

    def requests(self) -> list[Request]:
        return [*self.played, *self.meets, *self.avoids, *self.colours]

    @property
    def has_requests(self) -> bool:
        return bool(self.requests())

    # ------------------------------------------------------------------ validation

    def _check_player(self, player: Player, where: str) -> None:
        size = self.size(player.team)
        if not 1 <= player.number <= size:
            raise MatchError(where, f"{player} is not a player (team {player.team.value} has {size} players)")

    def _check_round(self, r: int, where: str) -> None:
        if not 1 <= r <= self.rounds:
            raise MatchError(where, f"round {r} is out of range (the match has rounds 1 to {self.rounds})")

    def _check_requests(self) -> None:
        # Each request is named by its path in a match spec (TOML), e.g. meet[2].round.
        for i, meet in enumerate(self.meets, start=1):
            self._check_player(Player(Team.A, meet.a), f"meet[{i}].players")
            self._check_player(Player(Team.B, meet.b), f"meet[{i}].players")
            self._check_round(meet.round, f"meet[{i}].round")
        for i, avoid in enumerate(self.avoids, start=1):
            self._check_player(Player(Team.A, avoid.a), f"avoid[{i}].players")
            self._check_player(Player(Team.B, avoid.b), f"avoid[{i}].players")
            if not avoid.rounds:
                raise MatchError(f"avoid[{i}].rounds", "must list at least one round")
            for r in avoid.rounds:
                self._check_round(r, f"avoid[{i}].rounds")
        for i, wish in enumerate(self.colours, start=1):
            self._check_player(wish.player, f"colour[{i}].player")
            self._check_round(wish.round, f"colour[{i}].round")
        for i, played in enumerate(self.played, start=1):
            where = f"played round {i}"
            if played.round != i:
                raise MatchError(where, f"played rounds must be rounds 1, 2, ... in order, got round {played.round}")
            self._check_round(played.round, where)
            if len(played.games) != self.boards:
                raise MatchError(
                    where,
                    f"has {counted(len(played.games), 'game')}, expected {self.boards}",
                )
            seen: set[Player] = set()
            for board, game in enumerate(played.games, start=1):
                for player in (game.white, game.black):
                    self._check_player(player, f"{where}, board {board}")
                    if player in seen:
                        raise MatchError(where, f"{player} plays twice")
                    seen.add(player)
                if self.equal_teams and game.a_player.number != board:
                    raise MatchError(where, f"board {board} must seat A{board}, found {game}")
