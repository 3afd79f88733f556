"""The published text form of a schedule, read leniently and written exactly.

One line a round; game ``k`` of a line is played on board ``k``; ``X-Y`` means
``X`` has White.  Lines starting with ``#`` are comments, and a line may start
with ``Round r``.  Games are separated by tabs or spaces.  The writer produces
exactly the layout of the published tables: ``Round r`` and the games joined
by tabs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scheveningen.models.schedule import Game, Player, Schedule, Team

_ROUND_PREFIX = re.compile(r"^round\s+(\d+)\s*[:.]?\s*", re.IGNORECASE)
_GAME = re.compile(r"^([A-Za-z]\w*)\s*-\s*([A-Za-z]\w*)$")
# Only real line ends count, so that a line number matches what an editor shows
# (str.splitlines also splits at form feeds, U+2028 and other separators).
_LINE_END = re.compile(r"\r\n|\r|\n")


class ScheduleFormatError(ValueError):
    """The text is not a schedule; the message names the line and the problem."""

    def __init__(self, line: int | None, problem: str, source: str = "") -> None:
        where = f"{source}:" if source else ""
        where += f"line {line}: " if line is not None else (" " if source else "")
        super().__init__(f"{where}{problem}")
        self.line = line
        self.problem = problem


@dataclass(frozen=True)
class ParsedText:
    """A schedule together with the comment lines that preceded it."""

    schedule: Schedule
    comments: tuple[str, ...]


def parse_text(text: str, source: str = "") -> ParsedText:
    """Read the text form; raise :class:`ScheduleFormatError` naming the first bad line."""
    text = text.removeprefix("\ufeff")  # the byte order mark some editors put before UTF-8 text
    comments: list[str] = []
    rounds: list[tuple[Game, ...]] = []
    sizes = {Team.A: 0, Team.B: 0}
    largest_on: dict[Team, int] = {}
    for line_no, raw in enumerate(_LINE_END.split(text), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            comments.append(raw.rstrip("\n"))
            continue
        prefix = _ROUND_PREFIX.match(line)
        if prefix is not None:
            number = int(prefix.group(1))
            if number != len(rounds) + 1:
                raise ScheduleFormatError(
                    line_no, f"round {number} is out of order (expected round {len(rounds) + 1})", source
                )
            line = line[prefix.end() :]
        # Spaces around the dash are allowed ("A1 - B1"), so glue them first.
        tokens = re.sub(r"\s*-\s*", "-", line).split()
        if not tokens:
            raise ScheduleFormatError(line_no, f"round {len(rounds) + 1} has no games", source)
        games = []
        for token in tokens:
            games.append(_parse_game(token, line_no, source))
        if rounds and len(games) != len(rounds[0]):
            raise ScheduleFormatError(
                line_no,
                f"round {len(rounds) + 1} has {len(games)} games but round 1 has {len(rounds[0])}",
                source,
            )
        seen: dict[Player, int] = {}
        for board, game in enumerate(games, start=1):
            for player in (game.white, game.black):
                if player in seen:
                    raise ScheduleFormatError(
                        line_no,
                        f"{player} plays twice in round {len(rounds) + 1} (boards {seen[player]} and {board})",
                        source,
                    )
                seen[player] = board
                if player.number > sizes[player.team]:
                    sizes[player.team] = player.number
                    largest_on[player.team] = line_no
        rounds.append(tuple(games))
    if not rounds:
        raise ScheduleFormatError(None, "no rounds found (expected lines such as 'Round 1\tA1-B1\tB2-A2')", source)
    boards = len(rounds[0])
    total_games = boards * len(rounds)
    for team, size in sizes.items():
        # A team of `size` players needs at least `size` games, and checking a team far larger
        # than the file would take as long as its size squared: reject such a number here.
        if size > total_games:
            raise ScheduleFormatError(
                largest_on[team],
                f"{team.value}{size} cannot play in this match: a team of {size} players needs at least "
                f"{size} games, but the file has {total_games}",
                source,
            )
    try:
        schedule = Schedule(
            boards=boards, rounds=tuple(rounds), team_a=max(sizes[Team.A], boards), team_b=max(sizes[Team.B], boards)
        )
    except ValueError as error:
        raise ScheduleFormatError(None, str(error), source) from None
    return ParsedText(schedule=schedule, comments=tuple(comments))


def _parse_game(token: str, line_no: int, source: str) -> Game:
    match = _GAME.match(token)
    if match is None:
        raise ScheduleFormatError(line_no, f"{token!r} is not a game (expected White-Black, e.g. A1-B2)", source)
    try:
        white = Player.parse(match.group(1))
        black = Player.parse(match.group(2))
        return Game(white, black)
    except ValueError as error:
        raise ScheduleFormatError(line_no, f"in {token!r}: {error}", source) from None


def format_text(schedule: Schedule, comments: tuple[str, ...] | list[str] = ()) -> str:
    """Write the text form exactly as the published tables are written."""
    lines = [c if c.startswith("#") else f"# {c}" for c in comments]
    for r, games in enumerate(schedule.rounds, start=1):
        lines.append("\t".join([f"Round {r}", *(str(game) for game in games)]))
    return "\n".join(lines) + "\n"
