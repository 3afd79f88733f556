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

from dataclasses import dataclass, field
from typing import Literal

from scheveningen.models.domain.schedule import Colour, Game, Player, Team

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


@dataclass(frozen=True)
class RuleSettings:
    """Which house rules apply; the defaults are the house rules as written."""

    colour_balance: bool = True
    max_run: int = 2  # the longest run of one colour allowed (rule 2 as written: 2); 0 turns the rule off
    board_balance: bool = True
    objective: Objective = "breaks"

    def __post_init__(self) -> None:
        if self.objective not in ("breaks", "fair", "none"):
            raise MatchError("rules.objective", f"must be 'breaks', 'fair' or 'none', got {self.objective!r}")
        if self.max_run < 0:
            raise MatchError("rules.max_run", f"must be 0 (off) or more, got {self.max_run}")

    @property
    def as_written(self) -> bool:
        """Every house rule as the house rules write it (whatever the objective)."""
        return self == RuleSettings(objective=self.objective)

    @property
    def no_three_in_a_row(self) -> bool:
        """Whether rule 2 holds at least as written: runs of one colour are at most two long."""
        return 0 < self.max_run <= 2


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
                    f"team {team.value} has {size} players, fewer than the {self.boards} boards it must fill",
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
                raise MatchError(where, f"has {len(played.games)} games, expected {self.boards}")
            seen: set[Player] = set()
            for board, game in enumerate(played.games, start=1):
                for player in (game.white, game.black):
                    self._check_player(player, f"{where}, board {board}")
                    if player in seen:
                        raise MatchError(where, f"{player} plays twice")
                    seen.add(player)
                if self.equal_teams and game.a_player.number != board:
                    raise MatchError(where, f"board {board} must seat A{board}, found {game}")
