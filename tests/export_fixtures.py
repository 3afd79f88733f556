"""Match records for the export tests: rosters with accents and HTML-special characters, results drawn
with a fixed seed, for a single round, a double round and unequal teams."""

from __future__ import annotations

import io
import random
from html.parser import HTMLParser

import chess.pgn

from scheveningen.models.constructions.equal import construct
from scheveningen.models.domain.match import Match, TeamInfo
from scheveningen.models.domain.results import GameResult
from scheveningen.models.domain.roster import Event, PlayerInfo
from scheveningen.models.domain.schedule import Schedule
from scheveningen.models.formats.matchrecord import MatchRecord
from scheveningen.models.formats.tables import published
from scheveningen.models.formats.textform import parse_text

# The unequal match of docs/guide.md: teams of 6 and 5 on 5 boards, 6 rounds (players sit out in turn).
UNEQUAL_TEXT = """Round 1\tB1-A1\tB4-A2\tA4-B2\tA5-B3\tB5-A6
Round 2\tA1-B4\tA2-B1\tA3-B5\tB3-A4\tB2-A5
Round 3\tA1-B2\tB5-A2\tB4-A3\tB1-A4\tA6-B3
Round 4\tB3-A1\tA3-B1\tA4-B5\tA5-B4\tB2-A6
Round 5\tA2-B2\tA3-B3\tB4-A4\tB5-A5\tB1-A6
Round 6\tA1-B5\tB3-A2\tB2-A3\tA5-B1\tA6-B4
"""

NAMES_A = (
    "Ødegård, Åse",
    "O'Neil & <Sons>",
    "Müller-Lüdenscheidt, Jürgen Maximilian Ferdinand",  # longer than the TRF's 33 name columns
    "Nguyễn, Thị Minh",
    'Smith "The Rook", John',
    "Çelik, Ayşe",
    "Dvořák, Antonín",
    "García Márquez, Gabriel",
)
NAMES_B = (
    "Carlsen, Magnus",
    "Łukasz <b>Bold</b>",
    "Årøy, Per",
    "Pipe | Name, Ann",
    "Zoë *Star* _Under_",
    "Björk, Guðmundsdóttir",
    "Kasparov, Garry",
    "Ivanchuk, Vassily",
)
TEAM_A = "Ålesund <SK> & Co"
TEAM_B = 'Bergen "Sjakk"'


def schedule_for(kind: str, boards: int = 4) -> tuple[Schedule, Match]:
    """The schedule and a plain match for ``kind``: single, double or unequal."""
    if kind == "single":
        single = published(boards) if boards <= 13 else construct(boards)
        assert single is not None
        return single, Match(boards=boards)
    if kind == "double":
        schedule = construct(boards, double=True)
        assert schedule is not None
        return schedule, Match(boards=boards, double=True)
    if kind == "unequal":
        return parse_text(UNEQUAL_TEXT).schedule, Match(boards=5, size_a=6)
    raise ValueError(kind)


def roster(names: tuple[str, ...], size: int, first_id: int, rated: bool = True) -> tuple[PlayerInfo, ...]:
    titles = ("GM", None, "WIM", None, "FM", None, "IM", None)
    return tuple(
        PlayerInfo(
            name=names[i % len(names)] + (f" {i // len(names) + 1}" if i >= len(names) else ""),
            rating=2400 - 37 * i if rated and i % 3 != 2 else None,
            fide_id=first_id + 17 * i if i % 4 != 3 else None,
            title=titles[i % len(titles)],
            federation=("NOR", "NED", "GER", "VIE")[i % 4],
            birth="1990-02-28" if i % 2 else "1985",
            sex="w" if i % 2 else "m",
        )
        for i in range(size)
    )


def make_record(
    kind: str = "single", boards: int = 4, played_rounds: float = 1.0, seed: int = 0, rosters: bool = True
) -> MatchRecord:
    """A record with results for the first ``played_rounds`` share of the rounds (a partial round after them)."""
    schedule, match = schedule_for(kind, boards)
    size_a, size_b = schedule.team_a, schedule.team_b
    roster_a = roster(NAMES_A, size_a, 1_000_001) if rosters else ()
    roster_b = roster(NAMES_B, size_b, 2_000_001, rated=False) if rosters else ()
    match = Match(
        boards=match.boards,
        double=match.double,
        size_a=match.size_a,
        size_b=match.size_b,
        team_a=TeamInfo(name=TEAM_A, players=tuple(p.name for p in roster_a)),
        team_b=TeamInfo(name=TEAM_B, players=tuple(p.name for p in roster_b)),
    )
    rounds = schedule.n_rounds
    days = [f"2026-03-{7 + r // 2:02d}" for r in range(rounds)]
    event = Event(
        name="Scheveningen <Cup> & Friends",
        site="Ålesund",
        federation="NOR",
        start=days[0],
        end=days[-1],
        round_dates=tuple(days),
        chief_arbiter="Arbiter, Ingrid",
        time_control="90 min + 30 s",
    )
    record = MatchRecord(match=match, schedule=schedule, roster_a=roster_a, roster_b=roster_b, event=event)
    rng = random.Random(seed)
    weights = [30, 30, 30, 4, 4, 2]
    complete = int(rounds * played_rounds)
    results = {}
    for r, board, _game in schedule.games():
        if r <= complete or (r == complete + 1 and board % 2 == 1 and played_rounds < 1.0):
            results[r, board] = rng.choices(list(GameResult), weights)[0]
    return record.with_results(results)


# --------------------------------------------------------------------------- reading the exports back


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.chunks: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_data(self, data: str) -> None:
        self.chunks.append(data)


def dom_text(html: str) -> tuple[list[str], list[str]]:
    """An HTML page's text chunks and start tags, as Python's own HTML parser reads them."""
    parser = _Text()
    parser.feed(html)
    return parser.chunks, parser.tags


def html_text(html: str) -> str:
    """An HTML page's text, whitespace collapsed."""
    return " ".join(" ".join(dom_text(html)[0]).split())


def read_games(text: str) -> list[chess.pgn.Game]:
    """Every game of a PGN file as python-chess reads it; a game it read with errors fails the test."""
    stream = io.StringIO(text)
    games = []
    while (game := chess.pgn.read_game(stream)) is not None:
        assert not game.errors, game.errors
        games.append(game)
    return games
