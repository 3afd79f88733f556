"""The arbiter's paper: round times, titles and FIDE ids, the score before each round, the forfeit legend
and signature lines on the pairing sheets; PGN's TimeControl, Time and Termination tags read back by
python-chess; the TRF-2026 time-control and tie-break records read back independently."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import replace

import pytest
from export_fixtures import html_text, make_record, read_games

from scheveningen.models.domain.results import GameResult
from scheveningen.models.domain.roster import Event, EventError
from scheveningen.models.domain.schedule import Team
from scheveningen.models.formats.matchrecord import MatchRecord, MatchRecordError, Scoring
from scheveningen.solver.export.html import export_html
from scheveningen.solver.export.pgn import export_pgn
from scheveningen.solver.export.tabular import export_csv, export_md, export_text
from scheveningen.solver.export.trf import export_trf
from scheveningen.solver.io.spec import SpecError, parse_match_setup
from scheveningen.solver.io.trf_reader import read_trf
from scheveningen.solver.match.standings import standings
from scheveningen.solver.match.standings_format import points

TIMES = ("10:00", "15:30", "09:00", "14:00")


def timed(record: MatchRecord, code: str | None = None) -> MatchRecord:
    """The record with a starting time for every round (and a time-control code, if given)."""
    times = tuple(TIMES[(r - 1) % len(TIMES)] for r in range(1, record.rounds + 1))
    return replace(record, event=replace(record.event, round_times=times, time_control_code=code))


# --------------------------------------------------------------------------- the event's round times


def test_round_times_are_hh_mm_one_a_round() -> None:
    assert Event(round_times=("10:00", "23:59")).round_times == ("10:00", "23:59")
    for bad in ("9:00", "24:00", "10:60", "10h"):
        with pytest.raises(EventError, match=r"round_times\[1\] must be a time HH:MM"):
            Event(round_times=(bad,))
    record = make_record("single")
    with pytest.raises(MatchRecordError, match=r"event\.round_times has 1 times, but the match has 4 rounds"):
        replace(record, event=Event(round_times=("10:00",)))


def test_the_match_file_keeps_the_round_times_and_time_control_code() -> None:
    record = timed(make_record("single"), "40/6000+30:900+30")
    back = MatchRecord.from_json(record.to_json())
    assert back.event.round_times == TIMES and back.event.time_control_code == "40/6000+30:900+30"


SPEC = """boards = 2
[event]
round_dates = ["2026-12-05", "2026-12-05"]
round_times = {times}
time_control = "90+30"
"""


def test_the_spec_reads_round_times_quoted_or_as_toml_times() -> None:
    quoted = parse_match_setup(SPEC.format(times='["10:00", "16:00"]'))
    assert quoted.event.round_times == ("10:00", "16:00")
    bare = parse_match_setup(SPEC.format(times="[10:00:00, 16:00:00]"))
    assert bare.event.round_times == ("10:00", "16:00")
    with pytest.raises(SpecError, match=r"round_times.*has 1 times, but the match has 2 rounds"):
        parse_match_setup(SPEC.format(times='["10:00"]'))
    with pytest.raises(SpecError, match="round_times"):
        parse_match_setup(SPEC.format(times='["ten", "16:00"]'))


@pytest.mark.parametrize(
    ("text", "code"),
    [("90+30", "5400+30"), ("90 min + 30 s", "5400+30"), ("3+2", "180+2"), ("90", "5400"), ("G/90 + 30", None)],
)
def test_the_time_control_is_encoded_from_min_plus_sec(text: str, code: str | None) -> None:
    assert Event(time_control=text).encoded_time_control() == code


def test_a_time_control_code_is_checked_and_wins_over_the_text() -> None:
    assert Event(time_control="90+30", time_control_code="40/6000+30:900+30").encoded_time_control() == (
        "40/6000+30:900+30"
    )
    with pytest.raises(EventError, match="time_control_code must be periods"):
        Event(time_control_code="90 min")


# --------------------------------------------------------------------------- pairing sheets


def sheets(page: str) -> list[str]:
    """The text of each round's pairing sheet, whitespace collapsed."""
    out = []
    for section in re.findall(r'<section class="sheet round".*?</section>', page, flags=re.S):
        out.append(html_text(section))
    return out


def test_html_pairing_sheets_carry_times_titles_ids_the_score_before_legend_and_signatures() -> None:
    record = timed(make_record("double", boards=4, played_rounds=0.5, seed=3))
    score = standings(record)
    pages = sheets(export_html(record))
    assert len(pages) == record.rounds
    a, b = record.team_name(Team.A), record.team_name(Team.B)
    for r, text in enumerate(pages, start=1):
        assert "Rating FIDE ID" in text
        assert f"Round {r} of {record.rounds} · {record.event.round_dates[r - 1]} {TIMES[(r - 1) % 4]}" in text
        running = (0.0, 0.0) if r == 1 else (score.rounds[r - 2].running_a, score.rounds[r - 2].running_b)
        assert f"Match score before this round: {a} {points(running[0])} \N{EN DASH} {points(running[1])} {b}" in text
        assert "+- White wins, Black absent" in text and "-+ Black wins, White absent" in text
        assert "-- neither played, no points" in text
        assert "Arbiter" in text and f"Captain, {a}" in text and f"Captain, {b}" in text
        for game in record.schedule.rounds[r - 1]:
            for player in (game.white, game.black):
                info = record.player_info(player)
                if info.title:
                    assert f"{info.title} {info.name}" in text
                if info.fide_id:  # under the rating, in the column headed "Rating FIDE ID"
                    assert str(info.fide_id) in text


def test_text_sheets_show_times_titles_ids_the_score_before_and_signatures() -> None:
    record = timed(make_record("single", boards=4, played_rounds=0.5))
    text = export_text(record)
    first = record.player_info(record.schedule.rounds[0][0].white)
    assert f"Round 1 ({record.event.round_dates[0]} 10:00)" in text
    assert f"{first.title} {first.name}" in text and f"FIDE ID {first.fide_id}" in text
    assert text.count("Score before this round:") == record.rounds
    assert text.count("Arbiter ____") == record.rounds
    assert "-+ Black wins, White absent" in text


def test_csv_rows_have_the_date_time_titles_and_fide_ids() -> None:
    record = timed(make_record("unequal", played_rounds=0.5))
    rows = list(csv.DictReader(io.StringIO(export_csv(record), newline="")))
    for row, (r, _board, game) in zip(rows, record.schedule.games(), strict=True):
        assert (row["date"], row["time"]) == (record.event.round_dates[r - 1], TIMES[(r - 1) % 4])
        for side, player in (("white", game.white), ("black", game.black)):
            info = record.player_info(player)
            assert row[f"{side}_title"] == (info.title or "")
            assert row[f"{side}_fide_id"] == (str(info.fide_id) if info.fide_id else "")


def test_markdown_rows_have_the_date_and_time_titles_and_fide_ids() -> None:
    record = timed(make_record("single", played_rounds=1.0))
    lines = export_md(record).splitlines()[2:]
    for line, (r, _board, game) in zip(lines, record.schedule.games(), strict=True):
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        assert cells[1] == f"{record.event.round_dates[r - 1]} {TIMES[(r - 1) % 4]}"
        white = record.player_info(game.white)
        if white.title:
            assert cells[3].startswith(white.title + " ")
        assert (f"FIDE ID {white.fide_id}" in cells[3]) == (white.fide_id is not None)


# --------------------------------------------------------------------------- PGN


def test_pgn_has_time_control_time_and_forfeits_marked_read_by_python_chess() -> None:
    record = timed(make_record("single", boards=4, played_rounds=1.0, seed=2))
    record = record.with_results(
        {
            (1, 1): GameResult.WHITE_WINS_FORFEIT,
            (1, 2): GameResult.BLACK_WINS_FORFEIT,
            (1, 3): GameResult.DOUBLE_FORFEIT,
            (1, 4): GameResult.DRAW,
        },
        force=True,
    )
    games = read_games(export_pgn(record))
    assert len(games) == record.rounds * record.boards
    for game, (r, board, _game) in zip(games, record.schedule.games(), strict=True):
        assert game.headers["TimeControl"] == "5400+30"  # "90 min + 30 s" in the fixture's event
        assert game.headers["Time"] == TIMES[(r - 1) % 4] + ":00"
        result = record.result(r, board)
        if result is not None and result.is_forfeit:
            assert game.headers["Termination"] == "rules infraction"
            assert list(game.mainline_moves()) == []
        else:
            assert "Termination" not in game.headers
    first, second, double, drawn = games[:4]
    assert (first.headers["Result"], second.headers["Result"]) == ("1-0", "0-1")
    assert "forfeit" in first.comment and "not played" in second.comment
    assert double.headers["Result"] == "*" and "Both players forfeited" in double.comment
    assert drawn.headers["Result"] == "1/2-1/2"


def test_pgn_without_a_readable_time_control_leaves_the_tag_out() -> None:
    record = make_record("single")
    bare = replace(record, event=replace(record.event, time_control="G/90 + 30"))
    assert all("TimeControl" not in game.headers for game in read_games(export_pgn(bare)))
    coded = replace(bare, event=replace(bare.event, time_control_code="40/6000+30:900+30"))
    assert {game.headers["TimeControl"] for game in read_games(export_pgn(coded))} == {"40/6000+30:900+30"}


# --------------------------------------------------------------------------- TRF


def trf_header(text: str) -> dict[str, str]:
    """The header records (code -> value) of a TRF, read by columns: code at 1-3, a blank, the value."""
    out = {}
    for line in text.split("\r\n"):
        if re.match(r"^[0-9]{3} ", line) and line[:3] not in ("001", "013", "132", "300", "310"):
            out[line[:3]] = line[4:]
    return out


@pytest.mark.parametrize(
    ("tiebreak", "codes_202", "codes_212"),
    [("board-count", "BC", "PTS,BC"), ("elimination", "BBE", "PTS,BBE"), ("none", None, "PTS")],
)
def test_trf_writes_the_encoded_time_control_and_tie_breaks(
    tiebreak: str, codes_202: str | None, codes_212: str
) -> None:
    record = make_record("double", boards=4, played_rounds=0.5)
    record = replace(record, scoring=Scoring(tiebreak=tiebreak))  # type: ignore[arg-type]
    text = export_trf(record)
    header = trf_header(text)
    assert header["222"] == "5400+30" and header["122"] == "90 min + 30 s"
    assert header.get("202") == codes_202 and header["212"] == codes_212
    back = read_trf(text, "match.trf")  # the project's reader still reads the match unchanged
    assert back.schedule.rounds == record.schedule.rounds and back.results == dict(record.results)


def test_trf_without_a_readable_time_control_has_no_222() -> None:
    record = make_record("single")
    bare = replace(record, event=replace(record.event, time_control="G/90"))
    assert "222" not in trf_header(export_trf(bare))


def test_the_trf_team_ranks_follow_the_tie_break_of_a_level_match() -> None:
    record = replace(make_record("single", boards=4), results={})
    level = record.with_results(
        {
            (r, board): (
                (GameResult.WHITE_WINS if game.a_white else GameResult.BLACK_WINS)
                if (r, board) == (1, 1)
                else (GameResult.BLACK_WINS if game.a_white else GameResult.WHITE_WINS)
                if (r, board) == (1, 2)
                else GameResult.DRAW
            )
            for r, board, game in record.schedule.games()
        }
    )
    s = standings(level)
    assert s.points_a == s.points_b and s.winner is not None
    ranks = {line[8:40].strip(): int(line[68:71]) for line in export_trf(level).split("\r\n") if line.startswith("310")}
    winner = record.team_name(s.winner)
    assert ranks[winner[:32]] == 1 and sorted(ranks.values()) == [1, 2]
