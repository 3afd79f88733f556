"""What a Scheveningen schedule is: players, games, rounds.

Two teams, A and B, meet on ``boards`` boards.  Player ``Ak`` always sits at
board ``k``; in every round each board hosts one game between an A player and
a B player, and one of the two has White.  A schedule is the list of rounds,
each round the list of its games in board order.  A *break* is two games in a
row of one player with the same colour (:func:`count_breaks`).

These types carry no solver code: the CP-SAT formulation, the verifier and the
text/JSON readers all build on them, and nothing here imports OR-Tools.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum

from scheveningen.models.domain.wording import counted


class Team(StrEnum):
    """The two sides of a match."""

    A = "A"
    B = "B"

    @property
    def other(self) -> Team:
        return Team.B if self is Team.A else Team.A


class Colour(StrEnum):
    """A player's colour in one game."""

    WHITE = "white"
    BLACK = "black"

    @property
    def other(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE

    @property
    def letter(self) -> str:
        return "W" if self is Colour.WHITE else "B"


def count_breaks(colours: Sequence[Colour] | Sequence[bool]) -> int:
    """The breaks in one player's colours, game by game (colours, or whether the player has White):
    a break is two games in a row with the same colour."""
    return int(sum(map(operator.eq, colours, colours[1:])))


_PLAYER_CODE = re.compile(r"^([AB])([1-9][0-9]*)$")


@dataclass(frozen=True, order=True)
class Player:
    """A player named by team and number, written ``A3`` or ``B12``."""

    team: Team
    number: int

    def __post_init__(self) -> None:
        if self.number < 1:
            raise ValueError(f"player number must be 1 or more, got {self.number} for team {self.team.value}")

    def __hash__(self) -> int:
        # The generated hash hashes (team, number), and an enum member hashes its name in Python code:
        # players key every count of a check, and this one is several times quicker (and the same in
        # every process).  Equal players hash alike: the team and the number decide it.
        return self.number if self.team is Team.A else -self.number

    @classmethod
    def parse(cls, code: str) -> Player:
        """Read a code such as ``A3``; raises ``ValueError`` naming the code otherwise."""
        match = _PLAYER_CODE.match(code.strip())
        if match is None:
            raise ValueError(f"{code!r} is not a player code (expected A or B followed by a number, e.g. A3)")
        return cls(Team(match.group(1)), int(match.group(2)))

    def __str__(self) -> str:
        # A StrEnum formats as its value, in C (``.value`` goes through Python code: slow over 20,000 games).
        return f"{self.team}{self.number}"


class GameSides:
    """A game's two players by colour, shared by :class:`Game` and the written form's game
    (``models/domain/written.py``); the dataclass using it supplies the two fields."""

    white: Player
    black: Player

    def colour_of(self, player: Player) -> Colour:
        """The colour ``player`` has in this game; ``ValueError`` when the player does not play in it."""
        if player == self.white:
            return Colour.WHITE
        if player == self.black:
            return Colour.BLACK
        raise ValueError(f"{player} does not play in {self}")

    def __str__(self) -> str:
        return f"{self.white}-{self.black}"


@dataclass(frozen=True)
class Game(GameSides):
    """One game: ``white`` has White against ``black``; one of them is from each team."""

    white: Player
    black: Player

    def __post_init__(self) -> None:
        if self.white.team is self.black.team:
            raise ValueError(f"a game needs one player from each team, got {self.white}-{self.black}")

    @property
    def a_player(self) -> Player:
        return self.white if self.white.team is Team.A else self.black

    @property
    def b_player(self) -> Player:
        return self.black if self.white.team is Team.A else self.white

    @property
    def a_white(self) -> bool:
        """True when the team A player has White."""
        return self.white.team is Team.A


class TeamSizes:
    """The rounds and team sizes a schedule answers for, shared by :class:`Schedule` and the
    written form (``models/domain/written.py``); the dataclass using it supplies the four fields."""

    boards: int
    rounds: Sequence[Sequence[object]]
    team_a: int
    team_b: int

    @property
    def n_rounds(self) -> int:
        return len(self.rounds)

    def team_size(self, team: Team) -> int:
        return self.team_a if team is Team.A else self.team_b

    @property
    def equal_teams(self) -> bool:
        """True in the classic system: both teams have exactly one player a board."""
        return self.team_a == self.team_b == self.boards

    def players(self, team: Team) -> list[Player]:
        return [Player(team, number) for number in range(1, self.team_size(team) + 1)]

    def all_players(self) -> list[Player]:
        return self.players(Team.A) + self.players(Team.B)


@dataclass(frozen=True)
class Schedule(TeamSizes):
    """A whole match: ``rounds[r][i]`` is the game on board ``i + 1`` of round ``r + 1``.

    ``boards`` is the number of games a round; ``team_a`` and ``team_b`` are the
    team sizes (both equal to ``boards`` in the classic system, the default).  The
    class only checks shape; whether the schedule keeps the house rules is the
    verifier's business.
    """

    boards: int
    rounds: tuple[tuple[Game, ...], ...]
    team_a: int = 0
    team_b: int = 0

    def __post_init__(self) -> None:
        if self.boards < 1:
            raise ValueError(f"a schedule needs at least 1 board, got {self.boards}")
        if self.team_a == 0:
            object.__setattr__(self, "team_a", self.boards)
        if self.team_b == 0:
            object.__setattr__(self, "team_b", self.boards)
        if min(self.team_a, self.team_b) < self.boards:
            raise ValueError(
                f"{self.boards} boards need at least {self.boards} players a team, got {self.team_a} and {self.team_b}"
            )
        for index, games in enumerate(self.rounds, start=1):
            if len(games) != self.boards:
                raise ValueError(f"round {index} has {counted(len(games), 'game')}, expected {self.boards}")

    def games(self) -> Iterator[tuple[int, int, Game]]:
        """Every game as ``(round, board, game)`` with 1-based round and board."""
        for r, games in enumerate(self.rounds, start=1):
            for b, game in enumerate(games, start=1):
                yield r, b, game

    def colour_sequence(self, player: Player) -> list[Colour | None]:
        """The player's colour round by round; ``None`` where the player does not play."""
        sequence: list[Colour | None] = []
        for games in self.rounds:
            colour = None
            for game in games:
                if player in (game.white, game.black):
                    colour = game.colour_of(player)
                    break
            sequence.append(colour)
        return sequence

    def breaks(self) -> int:
        """Every player's breaks over the games it plays (the games either side of a round sat out are in a row)."""
        whites: dict[Player, list[bool]] = {}
        for games in self.rounds:
            for game in games:
                whites.setdefault(game.white, []).append(True)
                whites.setdefault(game.black, []).append(False)
        return sum(count_breaks(row) for row in whites.values())

    @classmethod
    def from_pairings(cls, pairings: list[list[tuple[int, int, bool]]], team_a: int = 0, team_b: int = 0) -> Schedule:
        """Build from rounds of ``(a_number, b_number, a_has_white)`` triples in board order."""
        # One object a player, shared by all its games (players are immutable): half the objects to build.
        a_players: dict[int, Player] = {}
        b_players: dict[int, Player] = {}
        rounds = []
        for pairs in pairings:
            games = []
            for a, b, a_white in pairs:
                pa = a_players.get(a)
                if pa is None:
                    pa = a_players[a] = Player(Team.A, a)
                pb = b_players.get(b)
                if pb is None:
                    pb = b_players[b] = Player(Team.B, b)
                games.append(Game(pa, pb) if a_white else Game(pb, pa))
            rounds.append(tuple(games))
        boards = len(pairings[0]) if pairings else 0
        return cls(boards=boards, rounds=tuple(rounds), team_a=team_a, team_b=team_b)
