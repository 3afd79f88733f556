"""The grid: an equal-teams schedule as plain lists, the array form every search works on.

The searches over organisers' matches (the start, the repair, the large-neighbourhood search,
recolouring) touch every game many times, so they hold a schedule as two lists of rows indexed from 0
rather than as :class:`~scheveningen.models.domain.schedule.Schedule`'s games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scheveningen.models.domain.schedule import Colour, Game, Player, Schedule, Team, count_breaks


@dataclass
class Grid:
    """An equal-teams schedule as lists: ``opp[r][a]`` is A player ``a``'s opponent in round ``r``
    and ``white[r][a]`` whether ``a`` has White (0-based players and rounds)."""

    opp: list[list[int]]
    white: list[list[bool]]

    @property
    def n(self) -> int:
        return len(self.opp[0])

    @property
    def rounds(self) -> int:
        return len(self.opp)

    @classmethod
    def from_schedule(cls, schedule: Schedule) -> Grid:
        return cls.from_rounds(schedule.rounds, schedule.boards)

    @classmethod
    def from_rounds(cls, rounds: Sequence[Sequence[Game]], n: int) -> Grid:
        """The grid of these rounds of ``n`` games each (a whole schedule, or the rounds played so far)."""
        opp = [[0] * n for _ in rounds]
        white = [[False] * n for _ in rounds]
        for r, games in enumerate(rounds):
            for game in games:
                a = game.a_player.number - 1
                opp[r][a] = game.b_player.number - 1
                white[r][a] = game.a_white
        return cls(opp, white)

    def to_schedule(self) -> Schedule:
        pairings = [[(a + 1, self.opp[r][a] + 1, self.white[r][a]) for a in range(self.n)] for r in range(self.rounds)]
        return Schedule.from_pairings(pairings)

    def copy(self) -> Grid:
        return Grid([list(row) for row in self.opp], [list(row) for row in self.white])

    def inverse(self, r: int) -> list[int]:
        """``inverse(r)[b]``: B player ``b``'s opponent in round ``r``."""
        out = [0] * self.n
        for a, b in enumerate(self.opp[r]):
            out[b] = a
        return out

    def colour_of(self, player: Player, r: int) -> Colour:
        """``player``'s colour in round ``r`` (0-based round; the player by its code)."""
        if player.team is Team.A:
            white = self.white[r][player.number - 1]
        else:
            white = not self.white[r][self.inverse(r)[player.number - 1]]
        return Colour.WHITE if white else Colour.BLACK

    def colours(self) -> tuple[list[list[bool]], list[list[bool]]]:
        """Per player the White flags round by round: (team A's rows, team B's rows)."""
        n = self.n
        a_rows = [[self.white[r][a] for r in range(self.rounds)] for a in range(n)]
        b_rows = [[False] * self.rounds for _ in range(n)]
        for r in range(self.rounds):
            for a, b in enumerate(self.opp[r]):
                b_rows[b][r] = not self.white[r][a]
        return a_rows, b_rows

    def breaks(self) -> int:
        a_rows, b_rows = self.colours()
        return sum(count_breaks(row) for row in (*a_rows, *b_rows))
