"""The games of a schedule read once, as plain integers, for every check of the verifier to share.

A player is read as a *code*: ``k`` for ``Ak`` and ``-k`` for ``Bk``, so that a game is three small
integers ``(board, White's code, Black's code)`` and a game between the teams is one whose codes have
opposite signs.  Integers hash and compare in C: a 100-board double round (20,000 games) is read, and
its colours sorted out player by player, in a few hundredths of a second, where the same work on
player objects took several times longer.

The reading keeps the games exactly as written (boards as numbered, games in the order given, faults
and all), so that it serves a damaged file as well as a designed schedule.  Nothing here judges the
games: the checks in ``completeness.py`` and ``verifier.py`` do.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property

from scheveningen.models.domain.schedule import GameSides, Player, Schedule, Team
from scheveningen.models.domain.written import WrittenSchedule

#: What the verifier reads: a well-formed schedule, or the games as a file writes them.
Checkable = Schedule | WrittenSchedule

#: One game as read: (board, White's code, Black's code).
CodedGame = tuple[int, int, int]


def code_of(player: Player) -> int:
    """``k`` for ``Ak``, ``-k`` for ``Bk``."""
    return player.number if player.team is Team.A else -player.number


def player_of(code: int) -> Player:
    """The player a code names."""
    return Player(Team.A, code) if code > 0 else Player(Team.B, -code)


@dataclass(frozen=True, eq=False)
class Colours:
    """One player's games in the order played: the round of each, and whether the player had White."""

    rounds: list[int]
    whites: list[bool]

    @property
    def games(self) -> int:
        return len(self.whites)

    @property
    def white_count(self) -> int:
        return sum(self.whites)

    @cached_property
    def _same(self) -> list[bool]:
        """Whether each game after the first has the colour of the one before (in C, over the whole list)."""
        whites = self.whites
        return list(map(operator.eq, whites, whites[1:]))

    def breaks(self) -> int:
        """Games in a row with the same colour (a round sat out does not separate them)."""
        return self._same.count(True)

    @cached_property
    def longest_run(self) -> int:
        """The most games in a row with one colour (0 for a player without games)."""
        same = self._same
        if True not in same:
            return 1 if self.whites else 0
        if not any(map(operator.and_, same, same[1:])):
            return 2  # a break, but never two in a row: the house rules' usual case, told without the runs
        return max(length for _start, length in self.runs)

    @cached_property
    def runs(self) -> tuple[tuple[int, int], ...]:
        """Each stretch of one colour as (index of its first game, its length), in order."""
        out = []
        start = 0
        for _white, group in itertools.groupby(self.whites):
            length = len(list(group))
            out.append((start, length))
            start += length
        return tuple(out)


@dataclass(frozen=True, eq=False)
class Reading:
    """A schedule's games as codes, round by round, with the sizes it answers for.

    ``rounds[r]`` holds round ``r + 1``'s games as written; ``boards``, ``team_a`` and ``team_b``
    are the schedule's (stated or guessed) sizes.
    """

    boards: int
    team_a: int
    team_b: int
    rounds: tuple[tuple[CodedGame, ...], ...]

    @property
    def n_rounds(self) -> int:
        return len(self.rounds)

    @property
    def equal_teams(self) -> bool:
        return self.team_a == self.team_b == self.boards

    def codes(self) -> list[int]:
        """Every player of the two teams, team A first, each in number order."""
        return [*range(1, self.team_a + 1), *range(-1, -self.team_b - 1, -1)]

    @cached_property
    def colours(self) -> dict[int, Colours]:
        """Every team player's games in the order played (see :class:`Colours`); a round the player sits
        out has none, a round the player (wrongly) plays twice has two.  Codes outside the teams are
        left out (rule 0 names them).  In the order of :meth:`codes`."""
        out = {code: Colours([], []) for code in self.codes()}
        played = {code: (colours.rounds.append, colours.whites.append) for code, colours in out.items()}
        for r, games in enumerate(self.rounds, start=1):
            for _board, white, black in games:
                sides = played.get(white)
                if sides is not None:
                    sides[0](r)
                    sides[1](True)
                sides = played.get(black)
                if sides is not None:
                    sides[0](r)
                    sides[1](False)
        return out

    @cached_property
    def a_whites(self) -> tuple[tuple[int, int], ...]:
        """Each round's (games between the teams, of which team A has White)."""
        out = []
        for games in self.rounds:
            mixed = a_white = 0
            for _board, white, black in games:
                if (white > 0) != (black > 0):
                    mixed += 1
                    a_white += white > 0
            out.append((mixed, a_white))
        return tuple(out)


def _placed(schedule: Checkable) -> Iterator[Iterable[tuple[int, GameSides]]]:
    """Each round's games with their boards: by position in a schedule, as numbered in the written form."""
    if isinstance(schedule, Schedule):
        for games in schedule.rounds:
            yield enumerate(games, start=1)
    else:
        for written in schedule.rounds:
            yield ((game.board, game) for game in written)


def _coded(schedule: Checkable) -> tuple[tuple[CodedGame, ...], ...]:
    team_a = Team.A
    return tuple(
        tuple(
            (
                board,
                game.white.number if game.white.team is team_a else -game.white.number,
                game.black.number if game.black.team is team_a else -game.black.number,
            )
            for board, game in placed
        )
        for placed in _placed(schedule)
    )


#: The schedule last read and its reading: every check of one verification reads the same schedule,
#: and reading it once keeps a 100-board check fast.  The schedule itself is held, so that its
#: identity cannot be taken by another object while it is remembered.
_last: list[tuple[Checkable, Reading]] = []


def read(schedule: Checkable) -> Reading:
    """The schedule's games as codes (the same reading again for the schedule last read)."""
    if _last and _last[0][0] is schedule:
        return _last[0][1]
    reading = Reading(schedule.boards, schedule.team_a, schedule.team_b, _coded(schedule))
    _last[:] = [(schedule, reading)]
    return reading
