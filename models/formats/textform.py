"""The published text form of a schedule, read leniently and written exactly.

One line a round; game ``k`` of a line is played on board ``k``; ``X-Y`` means
``X`` has White.  Lines starting with ``#`` are comments, and a line may start
with ``Round r``.  Games are separated by tabs or spaces.  The writer produces
exactly the layout of the published tables: ``Round r`` and the games joined
by tabs.

Two readers share one tokenizer.  :func:`parse_text` wants a well-formed
:class:`Schedule` and refuses anything else, naming the first bad line (the
published tables, played rounds in a spec, ``compare``).  :func:`read_written`
takes any text that looks like a schedule, faults and all, into a
:class:`WrittenSchedule` for the verifier to report on; it refuses only text
that is not a schedule: no games, a token that is not a game or a player code,
rounds whose labels run backwards, or a size beyond :data:`MAX_SIZE`.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass

from scheveningen.models.domain.schedule import Game, Player, Schedule, Team
from scheveningen.models.domain.wording import counted
from scheveningen.models.domain.written import WrittenGame, WrittenSchedule

_ROUND_PREFIX = re.compile(r"^round\s+(\d+)\s*[:.]?\s*", re.IGNORECASE)
_GAME = re.compile(r"^([A-Za-z]\w*)\s*-\s*([A-Za-z]\w*)$")
# Only real line ends count, so that a line number matches what an editor shows
# (str.splitlines also splits at form feeds, U+2028 and other separators).
_LINE_END = re.compile(r"\r\n|\r|\n")
# What the header written by `schev generate` and the published tables states.
_HEADER_BOARDS = re.compile(r"\bon (\d{1,9}) boards?\b", re.IGNORECASE)
_HEADER_TEAMS = re.compile(r"\bteams of (\d{1,9}) and (\d{1,9}) players\b", re.IGNORECASE)
_HEADER_EQUAL = re.compile(r"\bwhere player Ak always sits\b", re.IGNORECASE)

#: The most boards, players a team or rounds a written schedule may have: far beyond any match
#: (the designer stops at 100), and small enough that checking it takes seconds, not hours.
MAX_SIZE = 500


class ScheduleFormatError(ValueError):
    """The text is not a schedule; the message names the line and the problem."""

    def __init__(self, line: int | None, problem: str, source: str = "", column: int | None = None) -> None:
        # The place as compilers write it: ``file:line:col: problem`` (``file:line:``, ``file:`` where
        # less is known; ``line N:`` with no file name).
        place = "" if line is None else f"{line}:" + ("" if column is None else f"{column}:")
        where = f"{source}:{place} " if source else (f"line {place} " if place else "")
        super().__init__(f"{where}{problem}")
        self.line = line
        self.column = column
        self.problem = problem


@dataclass(frozen=True)
class ParsedText:
    """A schedule together with the comment lines that preceded it."""

    schedule: Schedule
    comments: tuple[str, ...]


@dataclass(frozen=True)
class ParsedWritten:
    """The games as written, the comment lines, and how the team sizes were found."""

    written: WrittenSchedule
    comments: tuple[str, ...]
    sizes_from: str  # "header", "option" or "players seen"


@dataclass(frozen=True)
class _Row:
    line: int
    label: int | None
    games: tuple[tuple[Player, Player], ...]


def _tokenize(text: str, source: str) -> tuple[list[str], list[_Row]]:
    """Comment lines and game rows; a token that is not a game raises :class:`ScheduleFormatError`."""
    text = text.removeprefix("\ufeff")  # the byte order mark some editors put before UTF-8 text
    comments: list[str] = []
    rows: list[_Row] = []
    for line_no, raw in enumerate(_LINE_END.split(text), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            comments.append(raw.rstrip("\n"))
            continue
        label = None
        prefix = _ROUND_PREFIX.match(line)
        if prefix is not None:
            label = int(prefix.group(1))
            line = line[prefix.end() :]
        # Spaces around the dash are allowed ("A1 - B1"), so glue them first.
        tokens = re.sub(r"\s*-\s*", "-", line).split()
        rows.append(_Row(line_no, label, tuple(_parse_game(token, line_no, source) for token in tokens)))
    return comments, rows


def parse_text(text: str, source: str = "") -> ParsedText:
    """Read a well-formed schedule; raise :class:`ScheduleFormatError` naming the first bad line."""
    comments, rows = _tokenize(text, source)
    rounds: list[tuple[Game, ...]] = []
    sizes = {Team.A: 0, Team.B: 0}
    largest_on: dict[Team, int] = {}
    for row in rows:
        line_no = row.line
        if row.label is not None and row.label != len(rounds) + 1:
            raise ScheduleFormatError(
                line_no, f"round {row.label} is out of order (expected round {len(rounds) + 1})", source
            )
        if not row.games:
            raise ScheduleFormatError(line_no, f"round {len(rounds) + 1} has no games", source)
        games = []
        for white, black in row.games:
            try:
                games.append(Game(white, black))
            except ValueError as error:
                raise ScheduleFormatError(line_no, f"in '{white}-{black}': {error}", source) from None
        if rounds and len(games) != len(rounds[0]):
            raise ScheduleFormatError(
                line_no,
                f"round {len(rounds) + 1} has {counted(len(games), 'game')} but round 1 has {len(rounds[0])}",
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
    games_total = boards * len(rounds)
    for team, size in sizes.items():
        # A team of `size` players needs at least `size` games, and checking a team far larger
        # than the file would take as long as its size squared: reject such a number here.
        if size > games_total:
            raise ScheduleFormatError(
                largest_on[team],
                f"{team.value}{size} cannot play in this match: a team of {size} players needs at least "
                f"{size} games, but the file has {games_total}",
                source,
            )
    try:
        schedule = Schedule(
            boards=boards, rounds=tuple(rounds), team_a=max(sizes[Team.A], boards), team_b=max(sizes[Team.B], boards)
        )
    except ValueError as error:
        raise ScheduleFormatError(None, str(error), source) from None
    return ParsedText(schedule=schedule, comments=tuple(comments))


def read_written(text: str, source: str = "", teams: tuple[int, int] | None = None) -> ParsedWritten:
    """Read any text that looks like a schedule, faults and all, for the verifier.

    *Rounds*: a line is a round; ``Round r`` labels may skip numbers (the rounds skipped are
    empty, hence short) but never run backwards or repeat.  *Boards*: the header's "on N
    boards", else the most common number of games a line (the larger on a tie).  *Team sizes*:
    ``teams`` (the ``--teams P Q`` option), else the header ("teams of P and Q players", or
    "where player Ak always sits" for one player a board), else the largest number seen in each
    team (at least the boards).  With stated sizes a missing game cannot pass for a planned
    sit-out.  *Board of a game*: its place in the line; in a line shorter than the boards with
    equal teams, the board of its A player (board k seats Ak), so that a dropped game does not
    shift the rest.
    """
    comments, rows = _tokenize(text, source)
    rounds: list[tuple[int, tuple[tuple[Player, Player], ...]]] = []  # (line, games)
    for row in rows:
        number = len(rounds) + 1
        if row.label is not None:
            if row.label < number:
                raise ScheduleFormatError(
                    row.line, f"round {row.label} is out of order (round {number} or later expected)", source
                )
            if row.label > MAX_SIZE * 2:
                raise ScheduleFormatError(row.line, f"round {row.label}: at most {MAX_SIZE * 2} rounds", source)
            while len(rounds) + 1 < row.label:
                rounds.append((row.line, ()))  # a round skipped: it has no games
        rounds.append((row.line, row.games))
    if not any(games for _line, games in rounds):
        raise ScheduleFormatError(None, "no games found (expected lines such as 'Round 1\tA1-B1\tB2-A2')", source)
    if len(rounds) > 2 * MAX_SIZE:
        raise ScheduleFormatError(None, f"{len(rounds)} rounds: at most {2 * MAX_SIZE} are supported", source)
    boards = _stated_boards(comments, source)
    if boards is None:
        counts = Counter(len(games) for _line, games in rounds if games)
        boards = max(counts, key=lambda length: (counts[length], length))
    if boards > MAX_SIZE:
        raise ScheduleFormatError(None, f"{boards} boards: at most {MAX_SIZE} are supported", source)
    sizes_from = "option" if teams is not None else "header"
    sizes = teams if teams is not None else _stated_teams(comments, boards)
    if sizes is None:
        sizes_from = "players seen"
        largest = {Team.A: boards, Team.B: boards}
        for line, games in rounds:
            for pair in games:
                for player in pair:
                    if player.number > MAX_SIZE:
                        raise ScheduleFormatError(
                            line, f"{player}: at most {MAX_SIZE} players a team are supported", source
                        )
                    largest[player.team] = max(largest[player.team], player.number)
        sizes = (largest[Team.A], largest[Team.B])
    if max(sizes) > MAX_SIZE:
        raise ScheduleFormatError(
            None, f"teams of {sizes[0]} and {sizes[1]} players: at most {MAX_SIZE} players a team are supported", source
        )
    for team, size in zip((Team.A, Team.B), sizes, strict=True):
        if size < boards:
            raise ScheduleFormatError(
                None,
                f"team {team.value} has {counted(size, 'player')}, fewer than the {boards} boards it must fill",
                source,
            )
    equal = sizes[0] == sizes[1] == boards
    written_rounds = []
    for _line, games in rounds:
        written_rounds.append(tuple(_place(games, boards, equal)))
    written = WrittenSchedule(
        boards, tuple(written_rounds), sizes[0], sizes[1], sizes_stated=sizes_from != "players seen"
    )
    return ParsedWritten(written=written, comments=tuple(comments), sizes_from=sizes_from)


def _place(games: tuple[tuple[Player, Player], ...], boards: int, equal: bool) -> list[WrittenGame]:
    """Each game with its board: by position, or in a short line of equal teams by its A player."""
    if equal and len(games) < boards:
        a_numbers = [_a_number(white, black) for white, black in games]
        numbers = [n for n in a_numbers if n is not None]
        if len(numbers) == len(games) and len(set(numbers)) == len(numbers) and max(numbers, default=0) <= boards:
            return [WrittenGame(white, black, n) for (white, black), n in zip(games, numbers, strict=True)]
    return [WrittenGame(white, black, board) for board, (white, black) in enumerate(games, start=1)]


def _a_number(white: Player, black: Player) -> int | None:
    teams = (white.team, black.team)
    if teams == (Team.A, Team.B):
        return white.number
    if teams == (Team.B, Team.A):
        return black.number
    return None


def _stated_boards(comments: list[str], source: str) -> int | None:
    for comment in comments:
        found = _HEADER_BOARDS.search(comment)
        if found is not None:
            boards = int(found.group(1))
            if not 1 <= boards <= MAX_SIZE:
                raise ScheduleFormatError(
                    None, f"the header states {boards} boards (1 to {MAX_SIZE} supported)", source
                )
            return boards
    return None


def _stated_teams(comments: list[str], boards: int) -> tuple[int, int] | None:
    for comment in comments:
        found = _HEADER_TEAMS.search(comment)
        if found is not None:
            return int(found.group(1)), int(found.group(2))
        if _HEADER_EQUAL.search(comment):
            return boards, boards
    return None


@functools.lru_cache(maxsize=1024)
def _player(code: str) -> Player:
    """A player code read once: a 100-board double round names each of its 200 players 200 times."""
    return Player.parse(code)


def _parse_game(token: str, line_no: int, source: str) -> tuple[Player, Player]:
    match = _GAME.match(token)
    if match is None:
        raise ScheduleFormatError(line_no, f"{token!r} is not a game (expected White-Black, e.g. A1-B2)", source)
    try:
        return _player(match.group(1)), _player(match.group(2))
    except ValueError as error:
        raise ScheduleFormatError(line_no, f"in {token!r}: {error}", source) from None


def format_text(schedule: Schedule, comments: tuple[str, ...] | list[str] = ()) -> str:
    """Write the text form exactly as the published tables are written."""
    lines = [c if c.startswith("#") else f"# {c}" for c in comments]
    # Each player's name written once and looked up by the player object's identity (the schedule keeps
    # every player alive meanwhile): a 100-board double round names its 200 players 40,000 times.
    names: dict[int, str] = {}
    for r, games in enumerate(schedule.rounds, start=1):
        line = [f"Round {r}"]
        for game in games:
            white, black = game.white, game.black
            w = names.get(id(white))
            if w is None:
                w = names[id(white)] = str(white)
            b = names.get(id(black))
            if b is None:
                b = names[id(black)] = str(black)
            line.append(f"{w}-{b}")
        lines.append("\t".join(line))
    return "\n".join(lines) + "\n"
