"""Reading a FIDE Tournament Report File (TRF-16, with TRF-2026 team records) back into a schedule.

A Scheveningen match run in another program (Swiss-Manager, Vega, ...) comes back as a TRF: one
``001`` line a player with, per round, the opponent's starting rank, the colour and the result, and
team records saying who plays for whom in which board order.  This reader rebuilds the schedule
(board by board, round by round) and the results from it, so that ``schev verify`` and
``schev compare`` can check the match.

Layout (FIDE handbook C.04 annex, TRF-16 and TRF-2026; columns are 1-based and counted in
characters; lines end in CR, LF or CR LF; ``###`` starts a comment line):

* ``001``: 5-8 starting rank, 15-47 name, 81-84 points; round r in the 10 columns from
  92 + 10 (r - 1): opponent's starting rank (4, blank or ``0000`` for none), a blank, the colour
  (``w``, ``b``, ``-`` or blank), a blank, the result (``1 = 0``, forfeits ``+ -``, unrated
  ``W D L``, byes ``H F U Z``, blank meaning ``Z``);
* ``310`` (TRF-2026): 5-7 team number, 9-40 name, the players' starting ranks in the team's order
  at 74-77, 79-82, ...; ``013`` (TRF-16): 5-36 name, the players at 37-40, 42-45, ...;
* ``300`` (TRF-2026): 5-7 round, 9-11 team, 13-15 opponent team, the players on boards 1, 2, ...
  at 17-20, 22-25, ... for a round where the team plays out of its default order.

The first team (lowest ``310`` team number, or first ``013`` line) is team A, the second team B;
a player's number in the schedule is the position in the team record.  A round without a ``300``
record for a team takes the board order from the opponents of the other team's players (TRF-16
files have no ``300`` records), or the default order.  Games not played yet have blank round
entries; their colours come from the ``### scheveningen-plan`` comment lines that
``schev export --format trf`` writes (other readers skip comments).  Every game is checked from
both sides, and every player's points must equal the sum of the results, as careful readers demand.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from scheveningen.models.domain.results import GameResult
from scheveningen.models.domain.schedule import Game, Player, Schedule, Team
from scheveningen.models.formats.textform import ScheduleFormatError

_LINE_END = re.compile(r"\r\n|\r|\n")
MAX_TEAM = 100  # players a team, as for the designer
_RECORD = re.compile(r"^(\d{3})(?: |$)")
PLAN_PREFIX = "### scheveningen-plan"
_PLAN = re.compile(r"^### scheveningen-plan\s+(\d+)\s+([WB]+)\s*$")

# Points a result earns under the default scoring (record 162 absent).
_POINTS = {"1": 1.0, "+": 1.0, "W": 1.0, "F": 1.0, "U": 1.0, "=": 0.5, "D": 0.5, "H": 0.5}
_PLAYED = set("10=+-WDL")
_BYES = set("HFUZ")
# The result a game's white player's code means, written from White's side as on a pairing sheet,
# with the code the black player must have.
_FROM_WHITE = {
    "1": ("1-0", "0"),
    "0": ("0-1", "1"),
    "=": ("1/2-1/2", "="),
    "W": ("1-0", "L"),
    "L": ("0-1", "W"),
    "D": ("1/2-1/2", "D"),
}


class TrfFormatError(ScheduleFormatError):
    """The text is not a TRF this reader can turn into a schedule; the message says where and why."""


def looks_like_trf(text: str) -> bool:
    """True when the first line that is not blank or a comment starts with a 3-digit record code."""
    for raw in _LINE_END.split(text.removeprefix("\ufeff")):
        line = raw.rstrip()
        if not line or line.startswith("###"):
            continue
        return _RECORD.match(line) is not None
    return False


@dataclass(frozen=True)
class TrfEntry:
    """One round of a player's ``001`` line."""

    opponent: int | None
    colour: str  # "w", "b" or "-"
    result: str  # one of the result codes, " " when blank


@dataclass(frozen=True)
class TrfPlayer:
    """A ``001`` line."""

    rank: int
    name: str
    points: float | None
    entries: tuple[TrfEntry, ...]
    line: int


@dataclass(frozen=True)
class TrfMatch:
    """What the TRF says about the match: the schedule, the results and the names."""

    schedule: Schedule
    results: dict[tuple[int, int], GameResult]  # (round, board) -> the result from White's side
    tournament: str
    team_names: tuple[str, str]
    player_names: dict[Player, str] = field(default_factory=dict)
    comments: tuple[str, ...] = ()


def _field(line: str, first: int, last: int) -> str:
    """Columns ``first`` to ``last`` (1-based, inclusive) of a line, blank beyond its end."""
    return line[first - 1 : last].ljust(last - first + 1)


def _number(text: str, what: str, line_no: int, source: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    # str.isdigit also accepts digits int() refuses (superscripts such as '¹'): ASCII digits only.
    if not (text.isascii() and text.isdigit()):
        raise TrfFormatError(line_no, f"{what} {text!r} is not a number", source)
    return int(text)


def _ranks(line: str, first: int, line_no: int, source: str) -> list[int]:
    """Starting ranks in 4 columns every 5 from column ``first``; 0 for an empty board."""
    ranks = []
    column = first
    while column <= len(line.rstrip()):
        value = _number(_field(line, column, column + 3), "starting rank", line_no, source)
        if value is None:
            break
        ranks.append(value)
        column += 5
    return ranks


def _parse_player(line: str, line_no: int, source: str) -> TrfPlayer:
    rank = _number(_field(line, 5, 8), "starting rank", line_no, source)
    if rank is None or rank < 1:
        raise TrfFormatError(line_no, "a 001 line needs its starting rank in columns 5-8", source)
    points_text = _field(line, 81, 84).strip()
    try:
        points = float(points_text) if points_text else None
    except ValueError:
        raise TrfFormatError(line_no, f"points {points_text!r} (columns 81-84) are not a number", source) from None
    entries: list[TrfEntry] = []
    column = 92
    while column <= len(line.rstrip()):
        block = _field(line, column, column + 7)
        opponent = _number(block[0:4], f"round {len(entries) + 1} opponent", line_no, source)
        colour = block[5].lower() if block[5] != " " else "-"
        result = block[7].upper() if block[7] in "wdlhfuz" else block[7]
        if colour not in "wb-":
            raise TrfFormatError(line_no, f"round {len(entries) + 1}: colour {block[5]!r} is not w, b or -", source)
        if result not in _PLAYED | _BYES | {" "}:
            raise TrfFormatError(line_no, f"round {len(entries) + 1}: {block[7]!r} is not a result code", source)
        entries.append(TrfEntry(opponent or None, colour, result))
        column += 10
    return TrfPlayer(rank, _field(line, 15, 47).strip(), points, tuple(entries), line_no)


@dataclass
class _Team:
    number: int
    name: str
    ranks: list[int]
    line: int


def read_trf(text: str, source: str = "") -> TrfMatch:
    """Rebuild the schedule and the results; raise :class:`TrfFormatError` naming the first problem."""
    players: dict[int, TrfPlayer] = {}
    teams_310: list[_Team] = []
    teams_013: list[_Team] = []
    orders: dict[tuple[int, int], tuple[list[int], int]] = {}  # (round, team number) -> (ranks, line)
    plans: dict[int, str] = {}
    tournament = ""
    declared_rounds = 0
    comments: list[str] = []
    for line_no, raw in enumerate(_LINE_END.split(text.removeprefix("\ufeff")), start=1):
        line = raw.rstrip("\n")
        if not line.strip():
            continue
        if line.startswith("###"):
            plan = _PLAN.match(line)
            if plan is not None:
                plans[int(plan.group(1))] = plan.group(2)
            elif line.startswith(PLAN_PREFIX):
                raise TrfFormatError(line_no, "a scheveningen-plan line needs a round and team A's colours", source)
            else:
                comments.append(line)
            continue
        record = _RECORD.match(line)
        if record is None:
            raise TrfFormatError(line_no, f"{line[:20]!r} does not start with a 3-digit record code", source)
        code = record.group(1)
        if code == "001":
            player = _parse_player(line, line_no, source)
            if player.rank in players:
                raise TrfFormatError(line_no, f"starting rank {player.rank} is used twice", source)
            players[player.rank] = player
        elif code == "012":
            tournament = line[4:].strip()
        elif code == "142":
            declared_rounds = _number(line[4:], "number of rounds", line_no, source) or 0
        elif code == "310":
            number = _number(_field(line, 5, 7), "team number", line_no, source)
            if number is None:
                raise TrfFormatError(line_no, "a 310 line needs its team number in columns 5-7", source)
            teams_310.append(_Team(number, _field(line, 9, 40).strip(), _ranks(line, 74, line_no, source), line_no))
        elif code == "013":
            number = len(teams_013) + 1
            teams_013.append(_Team(number, _field(line, 5, 36).strip(), _ranks(line, 37, line_no, source), line_no))
        elif code == "300":
            round_no = _number(_field(line, 5, 7), "round", line_no, source)
            team_no = _number(_field(line, 9, 11), "team number", line_no, source)
            if round_no is None or team_no is None or round_no < 1:
                raise TrfFormatError(line_no, "a 300 line needs a round (5-7) and a team number (9-11)", source)
            if (round_no, team_no) in orders:
                raise TrfFormatError(line_no, f"a second 300 line for team {team_no} in round {round_no}", source)
            orders[round_no, team_no] = (_ranks(line, 17, line_no, source), line_no)
    teams = sorted(teams_310, key=lambda team: team.number) or teams_013
    return _build(players, teams, orders, plans, tournament, declared_rounds, comments, source)


def _build(
    players: dict[int, TrfPlayer],
    teams: list[_Team],
    orders: dict[tuple[int, int], tuple[list[int], int]],
    plans: dict[int, str],
    tournament: str,
    declared_rounds: int,
    comments: list[str],
    source: str,
) -> TrfMatch:
    if not players:
        raise TrfFormatError(None, "no player lines (001) found", source)
    if len(teams) != 2:
        raise TrfFormatError(
            None, f"a Scheveningen match needs exactly 2 team records (310 or 013), found {len(teams)}", source
        )
    team_of: dict[int, tuple[Team, int]] = {}
    for side, team in zip((Team.A, Team.B), teams, strict=True):
        if not team.ranks:
            raise TrfFormatError(team.line, f"team {team.name or team.number} lists no players", source)
        if len(team.ranks) > MAX_TEAM:
            raise TrfFormatError(
                team.line,
                f"team {team.name or team.number} lists {len(team.ranks)} players; at most {MAX_TEAM}",
                source,
            )
        for position, rank in enumerate(team.ranks, start=1):
            if rank not in players:
                raise TrfFormatError(team.line, f"team {team.name or team.number}: no 001 line for rank {rank}", source)
            if rank in team_of:
                raise TrfFormatError(team.line, f"starting rank {rank} is in both teams", source)
            team_of[rank] = (side, position)
    for rank, player in players.items():
        if rank not in team_of:
            raise TrfFormatError(player.line, f"{player.name or rank} (rank {rank}) is in no team", source)
        _check_points(player, source)
    number_of = {team.number: side for side, team in zip((Team.A, Team.B), teams, strict=True)}
    for (round_no, team_no), (ranks, line_no) in orders.items():
        if team_no not in number_of:
            raise TrfFormatError(line_no, f"300 line for team {team_no}, which has no team record", source)
        side = number_of[team_no]
        for rank in ranks:
            if rank == 0:
                raise TrfFormatError(
                    line_no, f"round {round_no}: an empty board (0000) has no place in a Scheveningen match", source
                )
            if team_of.get(rank, (None,))[0] is not side:
                raise TrfFormatError(line_no, f"round {round_no}: rank {rank} does not play for this team", source)
    n_rounds = max(
        [declared_rounds, *plans, *(r for r, _ in orders)]
        + [max((i + 1 for i, e in enumerate(p.entries) if e.opponent), default=0) for p in players.values()]
    )
    if n_rounds == 0:
        raise TrfFormatError(
            None, "no rounds: no player has an opponent and no 300 or plan lines say who plays", source
        )
    boards = _board_count(players, teams, orders, plans, n_rounds, source)
    rounds: list[tuple[Game, ...]] = []
    results: dict[tuple[int, int], GameResult] = {}
    for round_no in range(1, n_rounds + 1):
        lineup_a, lineup_b = _lineups(round_no, players, teams, orders, boards, source)
        games = []
        for board, (a_rank, b_rank) in enumerate(zip(lineup_a, lineup_b, strict=True), start=1):
            a_white, result = _game(round_no, board, players[a_rank], players[b_rank], plans, source)
            pa = Player(Team.A, team_of[a_rank][1])
            pb = Player(Team.B, team_of[b_rank][1])
            games.append(Game(pa, pb) if a_white else Game(pb, pa))
            if result is not None:
                results[round_no, board] = GameResult(result)
        _check_sitting_out(round_no, players, set(lineup_a) | set(lineup_b), source)
        rounds.append(tuple(games))
    try:
        schedule = Schedule(boards, tuple(rounds), team_a=len(teams[0].ranks), team_b=len(teams[1].ranks))
    except ValueError as error:
        raise TrfFormatError(None, str(error), source) from None
    names = {Player(side, position): players[rank].name for rank, (side, position) in team_of.items()}
    return TrfMatch(schedule, results, tournament, (teams[0].name, teams[1].name), names, tuple(comments))


def _check_points(player: TrfPlayer, source: str) -> None:
    total = sum(_POINTS.get(entry.result, 0.0) for entry in player.entries)
    if player.points is not None and abs(player.points - total) > 1e-9:
        raise TrfFormatError(
            player.line,
            f"{player.name or player.rank}: points {player.points:g} (columns 81-84), "
            f"but the results add up to {total:g}",
            source,
        )


def _board_count(
    players: dict[int, TrfPlayer],
    teams: list[_Team],
    orders: dict[tuple[int, int], tuple[list[int], int]],
    plans: dict[int, str],
    n_rounds: int,
    source: str,
) -> int:
    """Games a round: the length of the 300 and plan lines, else the most players of team A paired in a round."""
    counts = {len(ranks) for ranks, _ in orders.values()} | {len(colours) for colours in plans.values()}
    if len(counts) > 1:
        raise TrfFormatError(None, f"the 300 and plan lines give different numbers of boards: {sorted(counts)}", source)
    if counts:
        return counts.pop()
    paired = [
        sum(1 for rank in teams[0].ranks if _entry(players[rank], round_no).opponent)
        for round_no in range(1, n_rounds + 1)
    ]
    return max(paired) or min(len(teams[0].ranks), len(teams[1].ranks))


def _entry(player: TrfPlayer, round_no: int) -> TrfEntry:
    if round_no <= len(player.entries):
        return player.entries[round_no - 1]
    return TrfEntry(None, "-", " ")


def _lineups(
    round_no: int,
    players: dict[int, TrfPlayer],
    teams: list[_Team],
    orders: dict[tuple[int, int], tuple[list[int], int]],
    boards: int,
    source: str,
) -> tuple[list[int], list[int]]:
    """Who plays on which board for each team: the 300 line, else the other team's opponents, else the default.

    Without any 300 line in the round, team A's board order is its players who play in the round, in
    team order (the fixed board order of TRF-16), and team B's follows their opponents.
    """
    given = [orders.get((round_no, team.number)) for team in teams]
    lineups: list[list[int] | None] = [list(g[0]) if g else None for g in given]

    def opponents(of: list[int]) -> list[int] | None:
        found = [_entry(players[rank], round_no).opponent for rank in of]
        return [rank for rank in found if rank is not None] if all(found) else None

    if lineups[0] is None and lineups[1] is None:
        # No 300 lines (a TRF-16 file): team A's players who play this round, in team order.
        paired = [rank for rank in teams[0].ranks if _entry(players[rank], round_no).opponent is not None]
        lineups[0] = paired if len(paired) == boards else teams[0].ranks[:boards]
    for side, other in ((1, 0), (0, 1)):
        if lineups[side] is None:
            known = lineups[other]
            assert known is not None
            lineups[side] = opponents(known) or teams[side].ranks[:boards]
    lineup_a, lineup_b = lineups
    assert lineup_a is not None and lineup_b is not None
    for lineup, team in ((lineup_a, teams[0]), (lineup_b, teams[1])):
        if len(lineup) != boards:
            raise TrfFormatError(
                None,
                f"round {round_no}: team {team.name or team.number} has {len(lineup)} boards, not {boards}",
                source,
            )
        if len(set(lineup)) != len(lineup):
            raise TrfFormatError(
                None, f"round {round_no}: team {team.name or team.number} seats a player twice", source
            )
    return lineup_a, lineup_b


def _game(
    round_no: int, board: int, a: TrfPlayer, b: TrfPlayer, plans: dict[int, str], source: str
) -> tuple[bool, str | None]:
    """Whether A has White on this board, and the result from White's side (None when not played yet)."""
    ea, eb = _entry(a, round_no), _entry(b, round_no)
    where = f"round {round_no} board {board} ({a.name or a.rank} - {b.name or b.rank})"
    if ea.opponent is None and eb.opponent is None:
        plan = plans.get(round_no)
        if ea.result.strip() or eb.result.strip():
            raise TrfFormatError(a.line, f"{where}: a result without an opponent in a round where both play", source)
        if plan is None or len(plan) < board:
            raise TrfFormatError(
                a.line, f"{where}: the game is not played yet and no plan line gives its colours", source
            )
        return plan[board - 1] == "W", None
    if ea.opponent != b.rank or eb.opponent != a.rank:
        raise TrfFormatError(
            a.line if ea.opponent != b.rank else b.line,
            f"{where}: the board order pairs them, but their 001 lines name opponents "
            f"{ea.opponent or 'none'} and {eb.opponent or 'none'}",
            source,
        )
    if {ea.colour, eb.colour} != {"w", "b"}:
        raise TrfFormatError(a.line, f"{where}: colours {ea.colour} and {eb.colour} (expected one w and one b)", source)
    white, black = (ea, eb) if ea.colour == "w" else (eb, ea)
    result = _result(white.result, black.result)
    if result is _MISMATCH:
        raise TrfFormatError(
            a.line, f"{where}: results {white.result!r} (White) and {black.result!r} (Black) do not agree", source
        )
    return ea.colour == "w", result


_MISMATCH = "mismatch"


def _result(white: str, black: str) -> str | None:
    if white == " " and black == " ":
        return None
    if white in _FROM_WHITE:
        text, expected = _FROM_WHITE[white]
        return text if black == expected else _MISMATCH
    forfeits = {("+", "-"): "+-", ("-", "+"): "-+", ("-", "-"): "--"}
    return forfeits.get((white, black), _MISMATCH)


def _check_sitting_out(round_no: int, players: dict[int, TrfPlayer], seated: set[int], source: str) -> None:
    for rank, player in players.items():
        if rank not in seated and _entry(player, round_no).opponent is not None:
            raise TrfFormatError(
                player.line,
                f"round {round_no}: {player.name or rank} has an opponent but is not in the board order",
                source,
            )
