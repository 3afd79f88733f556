"""The tie-break of a level match (FIDE's team tie-breaks BC and BBE) against hand-computed matches, how
the spec and the match file set it, and every standings format showing the same numbers."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from export_fixtures import html_text
from match_cases import four_boards

from scheveningen.models.domain.results import GameResult
from scheveningen.models.domain.schedule import Team
from scheveningen.models.formats.matchrecord import MatchFileError, MatchRecord, MatchRecordError, Scoring
from scheveningen.solver.export.common import team_ranks
from scheveningen.solver.export.html import export_html
from scheveningen.solver.io.spec import SpecError, parse_match_setup
from scheveningen.solver.match.standings import board_points, standings
from scheveningen.solver.match.standings_format import FORMATTERS, standings_dict, tiebreak_line, verdict

R = GameResult.parse

# The published 4-board table (tests/match_cases.py): R1 A1-B1 A2-B2 B3-A3 B4-A4, then all draws.
# "1-0 0-1 = =": A1 wins on board 1, B2 wins on board 2: level 8-8, A's extra point on board 1.
TOP_BOARD_FOR_A = ["1-0 0-1 = =", "= = = =", "= = = =", "= = = ="]
# "1-0 0-1 1-0 0-1": A wins boards 1 and 4, B boards 2 and 3: board counts 20-20, B ahead without board 4.
ENDS_FOR_A = ["1-0 0-1 1-0 0-1", "= = = =", "= = = =", "= = = ="]


def played(record: MatchRecord, rounds: list[str], tiebreak: str | None = None) -> MatchRecord:
    for r, line in enumerate(rounds, start=1):
        record = record.with_round(r, [R(t) for t in line.split()])
    if tiebreak is not None:
        record = replace(record, scoring=Scoring(tiebreak=tiebreak))  # type: ignore[arg-type]
    return record


def test_board_points_are_counted_board_by_board() -> None:
    per_board = board_points(played(four_boards(), TOP_BOARD_FOR_A))
    assert per_board[Team.A] == (2.5, 1.5, 2.0, 2.0)
    assert per_board[Team.B] == (1.5, 2.5, 2.0, 2.0)


def test_board_count_is_the_default_and_a_point_on_board_one_weighs_most() -> None:
    s = standings(played(four_boards(), TOP_BOARD_FOR_A))
    assert (s.points_a, s.points_b) == (8, 8)
    assert s.tiebreak is not None and s.tiebreak.method == "board-count"
    # A: 2.5*1 + 1.5*2 + 2*3 + 2*4 = 19.5; B: 1.5*1 + 2.5*2 + 2*3 + 2*4 = 20.5; the lower wins.
    assert (s.tiebreak.a, s.tiebreak.b) == ((19.5,), (20.5,))
    assert s.decided and s.winner is Team.A and not s.drawn
    assert verdict(s) == "Oslo won against Bergen on the tie-break, level at 8-8 on board points."
    assert tiebreak_line(s) == (
        "Tie-break: board count (FIDE BC: game points times board number, the lower wins) Oslo 19½ - 20½ Bergen."
    )
    assert team_ranks(s) == {Team.A: 1, Team.B: 2}


def test_elimination_drops_the_bottom_boards_until_the_totals_differ() -> None:
    s = standings(played(four_boards(), TOP_BOARD_FOR_A, "elimination"))
    assert s.tiebreak is not None and s.tiebreak.method == "elimination"
    # Without board 4: 6-6; without boards 3 and 4: 4-4; board 1 alone: 2.5-1.5.
    assert (s.tiebreak.a, s.tiebreak.b) == ((6, 4, 2.5), (6, 4, 1.5))
    assert s.tiebreak.dropped == 3 and s.winner is Team.A
    line = tiebreak_line(s)
    assert line is not None and line.endswith("without the bottom 3 boards 2½-1½.")


def test_the_two_tie_breaks_can_disagree() -> None:
    by_count = standings(played(four_boards(), ENDS_FOR_A))
    assert by_count.tiebreak is not None and (by_count.tiebreak.a, by_count.tiebreak.b) == ((20,), (20,))
    assert by_count.drawn and by_count.winner is None
    assert verdict(by_count) == "The match is drawn, 8-8 on board points."
    assert (tiebreak_line(by_count) or "").endswith("level too, so the match is drawn.")
    assert team_ranks(by_count) == {Team.A: 1, Team.B: 1}
    by_elimination = standings(played(four_boards(), ENDS_FOR_A, "elimination"))
    assert by_elimination.winner is Team.B and by_elimination.tiebreak is not None
    assert by_elimination.tiebreak.dropped == 1  # without board 4: 5.5-6.5


def test_no_tie_break_leaves_a_level_match_drawn() -> None:
    s = standings(played(four_boards(), TOP_BOARD_FOR_A, "none"))
    assert s.drawn and s.winner is None and s.tiebreak is None and tiebreak_line(s) is None


def test_the_tie_break_waits_for_the_last_result_and_a_decided_match_needs_none() -> None:
    unfinished = standings(played(four_boards(), TOP_BOARD_FOR_A[:3]))  # 6-6 with a round to play
    assert not unfinished.decided and unfinished.tiebreak is None and unfinished.winner is None
    won = standings(played(four_boards(), ["1-0 1-0 0-1 0-1", *TOP_BOARD_FOR_A[1:]]))
    assert won.winner is Team.A and won.tiebreak is None


def test_the_tie_break_breaks_a_level_match_on_match_points_too() -> None:
    record = played(four_boards(), TOP_BOARD_FOR_A)
    s = standings(replace(record, scoring=Scoring(decided_by="match_points")))
    assert (s.match_points_a, s.match_points_b) == (4, 4)
    assert (
        s.winner is Team.A and verdict(s) == "Oslo won against Bergen on the tie-break, level at 4-4 on match points."
    )


def test_a_scoring_refuses_an_unknown_tie_break() -> None:
    with pytest.raises(MatchRecordError, match=r"scoring\.tiebreak must be one of board-count, elimination, none"):
        Scoring(tiebreak="coin toss")  # type: ignore[arg-type]


def test_the_match_file_keeps_a_tie_break_other_than_the_default() -> None:
    record = played(four_boards(), TOP_BOARD_FOR_A, "elimination")
    text = record.to_json()
    assert '"tiebreak": "elimination"' in text
    back = MatchRecord.from_json(text)
    assert back.scoring.tiebreak == "elimination"
    default = played(four_boards(), TOP_BOARD_FOR_A)
    assert "tiebreak" not in default.to_json()  # files without the key read as the default
    assert MatchRecord.from_json(default.to_json()).scoring.tiebreak == "board-count"
    with pytest.raises(MatchFileError, match=r"scoring\.tiebreak must be one of"):
        MatchRecord.from_json(text.replace('"elimination"', '"coin"'))


SPEC = """boards = 4
[scoring]
tiebreak = {value}
"""


@pytest.mark.parametrize("value", ["board-count", "elimination", "none"])
def test_the_spec_sets_the_tie_break(value: str) -> None:
    assert parse_match_setup(SPEC.format(value=f'"{value}"')).scoring.tiebreak == value


def test_the_spec_refuses_an_unknown_tie_break_naming_the_key() -> None:
    with pytest.raises(SpecError, match=r"scoring\.tiebreak.*must be one of board-count, elimination, none"):
        parse_match_setup(SPEC.format(value='"coin toss"'))


@pytest.mark.parametrize("tiebreak", ["board-count", "elimination"])
def test_every_format_shows_the_same_verdict_and_tie_break(tiebreak: str) -> None:
    s = standings(played(four_boards(), TOP_BOARD_FOR_A, tiebreak))
    line, said = tiebreak_line(s), verdict(s)
    assert line is not None
    for name in ("text", "md"):
        out = FORMATTERS[name](s)
        assert said in out and line in out, name
    page = html_text(FORMATTERS["html"](s))
    assert said in page and line in page
    export = html_text(export_html(s.record))
    assert said in export and line in export
    data = json.loads(FORMATTERS["json"](s))
    assert data["summary"] == said and data["winner"] == "A"
    assert data["tiebreak"]["method"] == tiebreak and data["scoring"]["tiebreak"] == tiebreak
    assert data["tiebreak"]["A"] == [v for v in standings_dict(s)["tiebreak"]["A"]]


def text_games(text: str, team: str) -> dict[str, str]:
    """The games column of a team's player table in the text standings, read under its header."""
    lines = text.splitlines()
    start = lines.index(team) + 1
    column = lines[start].index("games")
    out = {}
    for line in lines[start + 1 :]:
        if not line.strip():
            break
        out[line.split()[0]] = line[column:].split()[0]
    return out


def html_games(page: str, row_start: str) -> dict[str, str]:
    """The games cell (the fifth) of each player row whose first cell starts with ``row_start``."""
    out = {}
    for row in re.findall(rf"<tr><td>{row_start}.*?</tr>", page):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
        out[re.sub(r"<[^>]+>", " ", cells[0]).split()[0]] = cells[4]
    return out


def test_every_format_counts_a_players_games_alike_forfeits_included() -> None:
    # Round 4: B4 wins by forfeit on board 1, a double forfeit on board 2, B2 by forfeit on board 3.
    record = played(four_boards(), ["1-0 = 1-0 0-1", "= = = =", "0-1 0-1 1-0 1-0", "+- -- -+ 1-0"])
    s = standings(record)
    games = {str(p.player): str(p.results) for p in s.players}
    a1 = s.players[0]
    assert (games["A1"], a1.played) == ("4", 3)  # a forfeit is a result, not a game played
    data = json.loads(FORMATTERS["json"](s))
    assert {p["player"]: str(p["results"]) for p in data["players"]} == games
    text = FORMATTERS["text"](s)
    assert {**text_games(text, "Oslo (team A)"), **text_games(text, "Bergen (team B)")} == games
    md_rows = [line for line in FORMATTERS["md"](s).splitlines() if re.match(r"\| [AB][0-9] \|", line)]
    assert {row.split("|")[1].strip(): row.split("|")[5].strip() for row in md_rows} == games
    assert html_games(FORMATTERS["html"](s), "[AB][0-9]</td>") == games
    assert html_games(export_html(record), '<span class="code">') == games
