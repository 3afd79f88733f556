"""Rosters, event and scoring in the spec: player tables, roster CSV files, and one clear error for
every malformed detail, naming the file, the line and the key."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scheveningen.models.domain.roster import PLAYER_FIELDS, TITLES, Event, PlayerInfo
from scheveningen.models.formats.matchrecord import Scoring
from scheveningen.solver.io.spec import SpecError, load_match_setup, parse_match_setup, parse_spec

SPEC = """\
boards = 2

[teams.A]
name = "Oslo"

[[teams.A.player]]
name = "Carlsen, Magnus"
rating = 2830
fide_id = 1503014
title = "GM"
federation = "NOR"
birth = "1990-11-30"
sex = "m"

[[teams.A.player]]
name = "Hou, Yifan"
title = "WGM"
birth = 1994-02-27
sex = "w"

[teams.B]
players = ["Ann", "Bo"]

[event]
name = "Test match"
site = "Oslo"
federation = "NOR"
start = 2026-03-07
end = "2026-03-08"
round_dates = ["2026-03-07", 2026-03-08]
chief_arbiter = "Hansen, Ola"
time_control = "90+30"

[scoring]
win = 3
draw = 1
loss = 0
decided_by = "match_points"
"""


def test_player_tables_event_and_scoring_are_read() -> None:
    setup = parse_match_setup(SPEC)
    assert setup.roster_a == (
        PlayerInfo("Carlsen, Magnus", 2830, 1503014, "GM", "NOR", "1990-11-30", "m"),
        PlayerInfo("Hou, Yifan", title="WGM", birth="1994-02-27", sex="w"),
    )
    assert setup.roster_b == (PlayerInfo("Ann"), PlayerInfo("Bo"))  # the old list keeps working
    assert setup.match.team_a.players == ("Carlsen, Magnus", "Hou, Yifan")
    assert setup.event == Event(
        "Test match", "Oslo", "NOR", "2026-03-07", "2026-03-08", ("2026-03-07", "2026-03-08"), "Hansen, Ola", "90+30"
    )
    assert setup.scoring == Scoring(3, 1, 0, "match_points")
    assert parse_spec(SPEC) == setup.match


def test_names_from_player_tables_work_in_requests() -> None:
    text = SPEC + '\n[[meet]]\nplayers = ["Hou, Yifan", "Ann"]\nround = 1\n'
    meet = parse_spec(text).meets[0]
    assert (meet.a, meet.b, meet.round) == (2, 1, 1)


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        ("rating = 2830", "rating = 4000", "spec:8: teams.A.player[1].rating: must be a whole number from 1 to 3999"),
        ("rating = 2830", 'rating = "2830"', "spec:8: teams.A.player[1].rating: must be a whole number, got str"),
        ("fide_id = 1503014", "fide_id = -5", "spec:9: teams.A.player[1].fide_id: must be a positive whole number"),
        ('title = "GM"', 'title = "gm"', "spec:10: teams.A.player[1].title: must be one of GM IM FM CM"),
        ('federation = "NOR"\nbirth', 'federation = "Norway"\nbirth', "spec:11: teams.A.player[1].federation:"),
        ('birth = "1990-11-30"', 'birth = "30.11.1990"', "spec:12: teams.A.player[1].birth: must be a year YYYY"),
        ('sex = "w"', 'sex = "female"', "spec:19: teams.A.player[2].sex: must be 'm' or 'w', got 'female'"),
        ('name = "Hou, Yifan"', 'nmae = "Hou, Yifan"', "spec:16: teams.A.player[2].nmae: unknown key"),
        ('name = "Hou, Yifan"\n', "", "spec:15: teams.A.player[2].name: is required"),
        ('name = "Oslo"', 'name = "Oslo"\nplayers = ["X", "Y"]', "teams.A.player: give the players one way only"),
        ('start = 2026-03-07', 'start = "2026-03-32"', "spec:28: event.start: '2026-03-32' is not a real calendar"),
        ('end = "2026-03-08"', 'end = "2026-03-06"', "spec:29: event.end: '2026-03-06' is before start"),
        ('round_dates = ["2026-03-07", 2026-03-08]', 'round_dates = ["2026-03-07"]',
         "spec:30: event.round_dates: has 1 dates, but the match has 2 rounds"),
        ('round_dates = ["2026-03-07", 2026-03-08]', 'round_dates = ["2026-03-08", "2026-03-07"]',
         "event.round_dates: round_dates[2] '2026-03-07' is before the date of round 1"),
        ('federation = "NOR"\nstart', 'federation = "no"\nstart', "spec:27: event.federation: must be three"),
        ('site = "Oslo"', "site = 7", "spec:26: event.site: must be a string"),
        ('site = "Oslo"', 'venue = "Oslo"', "spec:26: event.venue: unknown key"),
        ("win = 3", "win = -3", "spec:35: scoring.win: must be a number, 0 or more"),
        ("win = 3", "win = 0.5", "scoring: scoring must give win >= draw >= loss"),
        ('decided_by = "match_points"', 'decided_by = "games"', "spec:38: scoring.decided_by: must be"),
    ],
)  # fmt: skip
def test_malformed_details_name_line_and_key(old: str, new: str, where: str) -> None:
    assert old in SPEC
    with pytest.raises(SpecError) as caught:
        parse_match_setup(SPEC.replace(old, new, 1))
    assert where in str(caught.value)


ROSTER_CSV = """\
name,rating,fide_id,title,federation,birth,sex
"Carlsen, Magnus",2830,1503014,GM,NOR,1990-11-30,m
"Øre, Åse",,,,NOR,1999,w
"""


def _spec_with_csv(tmp_path: Path, csv_text: str | bytes) -> Path:
    folder = tmp_path / "event"
    folder.mkdir(parents=True)
    roster = folder / "oslo.csv"
    if isinstance(csv_text, bytes):
        roster.write_bytes(csv_text)
    else:
        roster.write_text(csv_text, encoding="utf-8")
    spec = folder / "match.toml"
    spec.write_text('boards = 2\n\n[teams.A]\nname = "Oslo"\nroster = "oslo.csv"\n', encoding="utf-8")
    return spec


def test_a_roster_csv_is_read_relative_to_the_spec(tmp_path: Path) -> None:
    setup = load_match_setup(_spec_with_csv(tmp_path, ROSTER_CSV))
    assert setup.roster_a == (
        PlayerInfo("Carlsen, Magnus", 2830, 1503014, "GM", "NOR", "1990-11-30", "m"),
        PlayerInfo("Øre, Åse", federation="NOR", birth="1999", sex="w"),
    )
    # Columns in any order, only name required, a byte order mark and blank lines tolerated.
    other = '\ufeffrating,name\r\n2100,"Berg, Bo"\r\n\r\n,"Dahl, Cy"\r\n'
    assert load_match_setup(_spec_with_csv(tmp_path / "2", other)).roster_a == (
        PlayerInfo("Berg, Bo", 2100),
        PlayerInfo("Dahl, Cy"),
    )


@pytest.mark.parametrize(
    ("csv_text", "problem"),
    [
        (ROSTER_CSV.replace("2830", "28x0"), "oslo.csv:2: player 1: rating: must be a whole number, got '28x0'"),
        (ROSTER_CSV.replace(",w\n", ",x\n"), "oslo.csv:3: player 2: sex: must be 'm' or 'w', got 'x'"),
        (ROSTER_CSV.replace("GM", "GMI"), "oslo.csv:2: player 1: title: must be one of"),
        (ROSTER_CSV.replace("1999", "99"), "oslo.csv:3: player 2: birth: must be a year YYYY"),
        (ROSTER_CSV.replace(",NOR,1999", ",N0R,1999"), ":3: player 2: federation: must be three upper-case"),
        (ROSTER_CSV.replace("fide_id", "fide"), "oslo.csv:1: unknown column 'fide'"),
        (ROSTER_CSV.replace("name,", "surname,"), "oslo.csv:1: unknown column 'surname'"),
        ("rating\n2100\n2200\n", "oslo.csv:1: the header has no 'name' column"),
        (ROSTER_CSV.replace("m\n", "m,extra\n"), "oslo.csv:2: player 1: has 8 cells, the header 7"),
        ('name\n"A\n', "not valid CSV"),
        ("", "oslo.csv: is empty"),
        ("name\n", "oslo.csv: lists no players"),
        (ROSTER_CSV + "\"Third, One\"\n", "oslo.csv:4: player 3: has 1 cells, the header 7"),
        (b"name\n\xff\xfe\n", "not a text file"),
    ],
)  # fmt: skip
def test_malformed_roster_files_name_file_line_and_column(tmp_path: Path, csv_text: str | bytes, problem: str) -> None:
    spec = _spec_with_csv(tmp_path, csv_text)
    with pytest.raises(SpecError) as caught:
        load_match_setup(spec)
    message = str(caught.value)
    assert message.startswith(f"{spec}:5: teams.A.roster: ")
    assert problem in message


def test_a_roster_of_the_wrong_length_is_refused(tmp_path: Path) -> None:
    spec = _spec_with_csv(tmp_path, ROSTER_CSV + '"Third, One",,,,,,\n')
    spec.write_text('boards = 2\n[teams.A]\nsize = 2\nroster = "oslo.csv"\n', encoding="utf-8")
    with pytest.raises(SpecError, match=r":4: teams\.A\.roster: lists 3 players but the team's size is 2"):
        load_match_setup(spec)
    missing = tmp_path / "m.toml"
    missing.write_text('boards = 2\n[teams.B]\nroster = "none.csv"\n', encoding="utf-8")
    with pytest.raises(SpecError, match=r"m.toml:3: teams.B.roster: .*none.csv: no such file"):
        load_match_setup(missing)


_names = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=20
).filter(lambda s: s.strip() == s and s != "")
_players = st.builds(
    PlayerInfo,
    name=_names,
    rating=st.none() | st.integers(1, 3999),
    fide_id=st.none() | st.integers(1, 99_999_999_999),
    title=st.none() | st.sampled_from(TITLES),
    federation=st.none() | st.from_regex(r"\A[A-Z]{3}\Z"),
    birth=st.none() | st.sampled_from(["1990", "2001-02-28", "1964-12-31"]),
    sex=st.none() | st.sampled_from(["m", "w"]),
)


@settings(max_examples=30, deadline=None)
@given(st.lists(_players, min_size=2, max_size=2, unique_by=lambda p: p.name.casefold()))
def test_any_roster_written_by_a_csv_writer_reads_back(
    tmp_path_factory: pytest.TempPathFactory, roster: list[PlayerInfo]
) -> None:
    if any(re.fullmatch(r"[ABab][0-9]+", p.name) for p in roster):
        return  # names that look like another player's code are refused, on purpose
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(PLAYER_FIELDS)
    for p in roster:
        writer.writerow(["" if getattr(p, key) is None else getattr(p, key) for key in PLAYER_FIELDS])
    spec = _spec_with_csv(tmp_path_factory.mktemp("csv"), buffer.getvalue())
    assert load_match_setup(spec).roster_a == tuple(roster)
