"""A schedule as written: the games of each round exactly as a file gives them, faults and all.

:class:`scheveningen.models.domain.schedule.Schedule` only holds well-formed schedules (every round full,
every game between the two teams); the designer produces nothing else.  A file that an arbiter
edited by hand can hold a short round, a player twice in a round or a game between two players
of one team, and the verifier must still read it and report each fault.  A
:class:`WrittenSchedule` holds such a file: each round is the list of its games as written, each
game knows its board, and the team sizes are either stated (by the file's header or the user) or
guessed from the largest player numbers.

Nothing here judges the games: that is the verifier's business.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from scheveningen.models.domain.schedule import Game, GameSides, Player, Schedule, Team, TeamSizes


@dataclass(frozen=True)
class WrittenGame(GameSides):
    """One game as written: ``white`` has White against ``black`` on ``board``; the two may be teammates."""

    white: Player
    black: Player
    board: int

    @property
    def mixed(self) -> bool:
        """True for a proper game, between a player of each team."""
        return self.white.team is not self.black.team

    @property
    def a_player(self) -> Player:
        """The team A player (the White player of a game between two B players is returned)."""
        return self.black if self.black.team is Team.A and self.white.team is Team.B else self.white

    @property
    def b_player(self) -> Player:
        return self.white if self.a_player is self.black else self.black

    @property
    def a_white(self) -> bool:
        """True when team A has White against team B (False for a game between teammates)."""
        return self.mixed and self.white.team is Team.A


@dataclass(frozen=True)
class WrittenSchedule(TeamSizes):
    """``rounds[r]`` holds the games of round ``r + 1`` as written, each with its board.

    ``boards`` is the number of boards the match is played on; a round may hold fewer or more
    games.  ``team_a`` and ``team_b`` are the team sizes; ``sizes_stated`` says whether they were
    stated (file header or option) rather than guessed from the player numbers seen.
    """

    boards: int
    rounds: tuple[tuple[WrittenGame, ...], ...]
    team_a: int
    team_b: int
    sizes_stated: bool = True

    @classmethod
    def of(cls, schedule: Schedule) -> WrittenSchedule:
        """A well-formed schedule, as it would be written."""
        rounds = tuple(
            tuple(WrittenGame(game.white, game.black, board) for board, game in enumerate(games, start=1))
            for games in schedule.rounds
        )
        return cls(schedule.boards, rounds, schedule.team_a, schedule.team_b)

    def games(self) -> Iterator[tuple[int, int, WrittenGame]]:
        """Every game as ``(round, board, game)``, in the order written."""
        for r, games in enumerate(self.rounds, start=1):
            for game in games:
                yield r, game.board, game

    def strict(self) -> Schedule | None:
        """The well-formed :class:`Schedule` these games make, or ``None`` when the shape is faulty:
        a round not full, a board twice, a game between teammates, a player twice in a round or
        outside the stated team sizes."""
        if self.boards < 1 or min(self.team_a, self.team_b) < self.boards:
            return None
        boards = list(range(1, self.boards + 1))
        team_a = Team.A
        rounds = []
        for games in self.rounds:
            on = [game.board for game in games]
            if on != boards and sorted(on) != boards:
                return None
            # Players counted as integers (k for Ak, -k for Bk), which hash in C: quick over 20,000 games.
            seen: set[int] = set()
            for game in games:
                white, black = game.white, game.black
                if white.team is black.team:
                    return None
                a, b = (white, black) if white.team is team_a else (black, white)
                if a.number > self.team_a or b.number > self.team_b:
                    return None
                seen.add(a.number)
                seen.add(-b.number)
            if len(seen) != 2 * len(games):
                return None
            ordered = games if on == boards else sorted(games, key=lambda game: game.board)
            rounds.append(tuple(Game(game.white, game.black) for game in ordered))
        return Schedule(boards=self.boards, rounds=tuple(rounds), team_a=self.team_a, team_b=self.team_b)
