"""The FIDE rating report: a Tournament Report File (TRF-16 with the TRF-2026 team records).

Layout (FIDE handbook C.04 annex, TRF-16 and TRF-2026); columns are 1-based and counted in
characters, the text is UTF-8 and every line ends in CR LF:

* header: ``012`` name, ``022`` city, ``032`` federation, ``042``/``052`` start and end
  (``YYYY/MM/DD``), ``062`` players, ``072`` rated players, ``082`` teams, ``092`` type in words,
  ``102`` chief arbiter, ``122`` time control, ``132`` round dates (``YY/MM/DD`` at 92-99,
  102-109, ...), ``142`` rounds, ``192`` the encoded type: ``FIDE_SCHEVENINGEN``,
  ``FIDE_DOUBLESCHEVENINGEN`` for a double round, ``CUSTOM_SCHEVENINGEN`` for unequal teams
  (which the FIDE system does not cover).  A header whose value the match file lacks is left out.
* TRF-2026 headers: ``222`` the encoded time control (``5400+30``; periods ``M/S+I`` joined by
  ``:``), when the event's time control can be read as one; ``202`` the FIDE tie-break code that
  breaks a level match (``BC`` board count, ``BBE`` bottom-board elimination; left out for
  ``tiebreak = "none"``) and ``212`` the standings' definition, ``PTS`` then the ``202`` codes.
* ``001`` a player: starting rank (team A's players 1..p in board order, then team B's), sex,
  title, name, rating, federation, FIDE id, birth, points, rank, and per round a 10-column block
  from column 92: opponent's starting rank, colour ``w``/``b``, result (``1 = 0``, forfeits
  ``+ -``).  A game without a result yet, and a round the player sits out, leave the block blank
  (blank means no opponent, no colour, and no points), so the points always equal the results.
* ``013`` (TRF-16) and ``310`` (TRF-2026) team records list each team's players in its default
  board order (team A: A1, A2, ...; team B: B1, B2, ...); ``310`` also has match points, game
  points and rank, counted as :mod:`scheveningen.solver.match.standings` counts them.
* ``300`` records (TRF-2026): for every round in which a team's board order differs from the first
  boards of its ``310`` order (team B nearly every round; team A only when it has players sitting
  out), the players on boards 1, 2, ... in that round.
* For a round with games not yet played, a comment line ``### scheveningen-plan R WB...`` gives
  team A's colour on each board, so the whole schedule travels in the file; other readers skip
  ``###`` lines, and :mod:`scheveningen.solver.io.trf_reader` reads them.
"""

from __future__ import annotations

from scheveningen.models.domain.results import GameResult
from scheveningen.models.domain.schedule import Player, Team
from scheveningen.models.formats.matchrecord import MatchRecord
from scheveningen.solver.export.common import competition_ranks, match_title, team_ranks
from scheveningen.solver.io.trf_reader import PLAN_PREFIX
from scheveningen.solver.match.standings import standings

EOL = "\r\n"

# A player's result code for each game result, White's first.
_CODES: dict[GameResult, tuple[str, str]] = {
    GameResult.WHITE_WINS: ("1", "0"),
    GameResult.BLACK_WINS: ("0", "1"),
    GameResult.DRAW: ("=", "="),
    GameResult.WHITE_WINS_FORFEIT: ("+", "-"),
    GameResult.BLACK_WINS_FORFEIT: ("-", "+"),
    GameResult.DOUBLE_FORFEIT: ("-", "-"),
}


class _Line:
    """A fixed-column line, written by 1-based column."""

    def __init__(self, code: str) -> None:
        self.chars: list[str] = list(code)

    def put(self, column: int, text: str, width: int, right: bool = False) -> None:
        text = text[:width]
        text = text.rjust(width) if right else text.ljust(width)
        end = column - 1 + width
        if len(self.chars) < end:
            self.chars.extend(" " * (end - len(self.chars)))
        self.chars[column - 1 : end] = list(text)

    def text(self) -> str:
        return "".join(self.chars).rstrip()


def _date(iso: str, short: bool = False) -> str:
    return iso[2:].replace("-", "/") if short else iso.replace("-", "/")


def tournament_type(record: MatchRecord) -> str:
    """The ``192`` code for this match."""
    if not record.schedule.equal_teams:
        return "CUSTOM_SCHEVENINGEN"
    return "FIDE_DOUBLESCHEVENINGEN" if record.match.double else "FIDE_SCHEVENINGEN"


def starting_ranks(record: MatchRecord) -> dict[Player, int]:
    """Team A's players 1..p in board order, then team B's."""
    players = record.schedule.players(Team.A) + record.schedule.players(Team.B)
    return {player: rank for rank, player in enumerate(players, start=1)}


def rating_report_gaps(record: MatchRecord) -> list[str]:
    """What FIDE needs in a rating report that the match file lacks, one sentence each.

    The TRF marks the tournament name, city, federation, dates, chief arbiter and round dates, and
    every player's FIDE id, as mandatory for rating; the export still writes the file without them.
    """
    event = record.event
    fields = [
        ("name", event.name),
        ("site", event.site),
        ("federation", event.federation),
        ("start", event.start),
        ("end", event.end),
        ("chief_arbiter", event.chief_arbiter),
        ("round_dates", event.round_dates),
    ]
    gaps = []
    missing = [key for key, value in fields if not value]
    if missing:
        gaps.append(f"the [event] table has no {', '.join(missing)}, which a FIDE rating report needs")
    no_id = [record.player_info(p) for p in record.schedule.all_players() if record.player_info(p).fide_id is None]
    if no_id:
        count = len(no_id)
        gaps.append(
            f"{count} player{'s have' if count != 1 else ' has'} no FIDE id (a rating report needs one for "
            f"every player): {'; '.join(info.name for info in no_id[:3])}{'; ...' if count > 3 else ''}"
        )
    return gaps


def export_trf(record: MatchRecord) -> str:
    """The TRF text, lines ending in CR LF."""
    lines = _header(record)
    lines += _players(record)
    lines += _teams(record)
    lines += _board_orders(record)
    lines += _plans(record)
    return "".join(line + EOL for line in lines)


def _header(record: MatchRecord) -> list[str]:
    event, schedule = record.event, record.schedule
    players = schedule.all_players()
    rated = sum(1 for p in players if record.player_info(p).rating is not None)
    kind = "Scheveningen team match" + (", double round" if record.match.double else "")
    values: list[tuple[str, str | None]] = [
        ("012", match_title(record)),
        ("022", event.site),
        ("032", event.federation),
        ("042", _date(event.start) if event.start else None),
        ("052", _date(event.end) if event.end else None),
        ("062", str(len(players))),
        ("072", str(rated)),
        ("082", "2"),
        ("092", kind),
        ("102", event.chief_arbiter),
        ("122", event.time_control),
        ("222", event.encoded_time_control()),
    ]
    lines = [f"{code} {value}" for code, value in values if value]
    if event.round_dates:
        line = _Line("132")
        for r, day in enumerate(event.round_dates, start=1):
            line.put(92 + 10 * (r - 1), _date(day, short=True), 8)
        lines.append(line.text())
    lines.append(f"142 {record.rounds}")
    lines.append(f"192 {tournament_type(record)}")
    codes = tiebreak_codes(record)
    if codes:
        lines.append(f"202 {','.join(codes)}")
    lines.append(f"212 {','.join(['PTS', *codes])}")
    return lines


#: The FIDE tie-break code (Tie-Break Regulations, C.07) of each ``[scoring] tiebreak``.
TIEBREAK_CODES = {"board-count": "BC", "elimination": "BBE", "none": None}


def tiebreak_codes(record: MatchRecord) -> list[str]:
    """The ``202`` codes: the FIDE tie-breaks the scoring applies, in order (none for ``none``)."""
    code = TIEBREAK_CODES[record.scoring.tiebreak]
    return [code] if code else []


def _players(record: MatchRecord) -> list[str]:
    ranks = starting_ranks(record)
    points = {score.player: score.points for score in standings(record).players}
    places = competition_ranks(points)
    blocks: dict[Player, dict[int, tuple[int, str, str]]] = {p: {} for p in ranks}
    for (r, board), result in record.results.items():
        game = record.game(r, board)
        white_code, black_code = _CODES[result]
        blocks[game.white][r] = (ranks[game.black], "w", white_code)
        blocks[game.black][r] = (ranks[game.white], "b", black_code)
    lines = []
    for player, rank in ranks.items():
        info = record.player_info(player)
        line = _Line("001")
        line.put(5, str(rank), 4, right=True)
        line.put(10, info.sex or "", 1)
        line.put(11, info.title or "", 3)
        line.put(15, info.name, 33)
        line.put(49, str(info.rating) if info.rating else "", 4, right=True)
        line.put(54, info.federation or "", 3)
        line.put(58, str(info.fide_id) if info.fide_id else "", 11, right=True)
        line.put(70, _date(info.birth) if info.birth else "", 10)
        line.put(81, f"{points[player]:.1f}", 4, right=True)
        line.put(86, str(places[player]), 4, right=True)
        for r, (opponent, colour, code) in sorted(blocks[player].items()):
            column = 92 + 10 * (r - 1)
            line.put(column, str(opponent), 4, right=True)
            line.put(column + 5, colour, 1)
            line.put(column + 7, code, 1)
        lines.append(line.text())
    return lines


def _teams(record: MatchRecord) -> list[str]:
    ranks = starting_ranks(record)
    score = standings(record)
    board_points = {Team.A: score.points_a, Team.B: score.points_b}
    match_points = {Team.A: score.match_points_a, Team.B: score.match_points_b}
    team_rank = team_ranks(score)
    lines = []
    for team in Team:
        line = _Line("013")
        line.put(5, record.team_name(team), 32)
        for i, player in enumerate(record.schedule.players(team)):
            line.put(37 + 5 * i, str(ranks[player]), 4, right=True)
        lines.append(line.text())
    for number, team in enumerate(Team, start=1):
        line = _Line("310")
        line.put(5, str(number), 3, right=True)
        line.put(9, record.team_name(team), 32)
        line.put(55, f"{match_points[team]:.1f}", 6, right=True)
        line.put(62, f"{board_points[team]:.1f}", 6, right=True)
        line.put(69, str(team_rank[team]), 3, right=True)
        for i, player in enumerate(record.schedule.players(team)):
            line.put(74 + 5 * i, str(ranks[player]), 4, right=True)
        lines.append(line.text())
    return lines


def _board_orders(record: MatchRecord) -> list[str]:
    ranks = starting_ranks(record)
    lines = []
    for r, games in enumerate(record.schedule.rounds, start=1):
        for number, team in enumerate(Team, start=1):
            seated = [game.a_player if team is Team.A else game.b_player for game in games]
            default = record.schedule.players(team)[: record.boards]
            if seated == default:
                continue
            line = _Line("300")
            line.put(5, str(r), 3, right=True)
            line.put(9, str(number), 3, right=True)
            line.put(13, str(3 - number), 3, right=True)
            for i, player in enumerate(seated):
                line.put(17 + 5 * i, f"{ranks[player]:04d}", 4)
            lines.append(line.text())
    return lines


def _plans(record: MatchRecord) -> list[str]:
    lines = []
    for r, games in enumerate(record.schedule.rounds, start=1):
        if not record.round_complete(r):
            colours = "".join("W" if game.a_white else "B" for game in games)
            lines.append(f"{PLAN_PREFIX} {r} {colours}")
    return lines
