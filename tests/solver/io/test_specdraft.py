"""A spec drafted from form fields (solver/io/specdraft.py): read by the spec reader with its checks and
messages; rosters typed as names or CSV; request lines; a match file's own spec for a mid-match change."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from match_cases import four_boards

from scheveningen.models.domain.match import Meet
from scheveningen.models.domain.results import GameResult
from scheveningen.models.domain.schedule import Team
from scheveningen.solver.io.matchfile import write_match_file
from scheveningen.solver.io.specdraft import (
    DraftError,
    SpecDraft,
    TeamDraft,
    draft_from_record,
    load_draft,
    request_tables,
    roster_csv,
    spec_files,
    toml_value,
)


def test_a_draft_with_rosters_event_and_requests_reads_as_the_spec_it_writes() -> None:
    draft = SpecDraft(
        boards=3,
        team_a=TeamDraft("Oslo <script>", "Ann\nBo\n\nCy\n"),
        team_b=TeamDraft("Bergen", 'name,rating\n"Øre, Åse",2300\nLie,2050\nMoe,\n'),
        event={"name": 'The "big" one', "round_dates": "2026-03-07, 2026-03-07 2026-03-08"},
        rules={"max_run": 2},
        scoring={"win": 3, "draw": 1, "loss": 0},
        requests='meet Cy "Øre, Åse" round 2 white Cy\n# a comment\navoid A1 B2 rounds 1 2\ncolour B3 black round 1',
    )
    setup = load_draft(draft)
    assert setup.match.team(Team.A).name == "Oslo <script>"
    assert [p.name for p in setup.roster_a] == ["Ann", "Bo", "Cy"] and setup.roster_b[0].rating == 2300
    assert setup.event.name == 'The "big" one' and setup.event.round_dates[2] == "2026-03-08"
    assert setup.match.meets == (Meet(a=3, b=1, round=2, white=Team.A),)
    assert len(setup.match.avoids) == 1 and len(setup.match.colours) == 1 and setup.scoring.win == 3


@pytest.mark.parametrize(
    ("draft", "message"),
    [
        (SpecDraft(boards=3, requests="meet A1 B9 round 1"), "unknown player 'B9'"),
        (SpecDraft(boards=3, requests="meet A1 B2 in 1"), "request line 1: a meet names two players and a round"),
        (SpecDraft(boards=3, requests="swap A1 B2"), "request line 1: starts with 'swap'"),
        (SpecDraft(boards=3, requests='meet "A1 B2 round 1'), "request line 1: No closing quotation"),
        (SpecDraft(boards=3, team_a=TeamDraft("A", "name,rating\nAnn,abc\n")), "team-A.csv:2: player 1: rating"),
        (SpecDraft(boards=3, event={"round_dates": "2026-03-07"}), "one date a round"),
    ],
)
def test_a_bad_draft_is_refused_with_the_spec_readers_message_and_no_temporary_path(
    draft: SpecDraft, message: str
) -> None:
    with pytest.raises(DraftError, match=message) as refused:
        load_draft(draft)
    assert "schev-draft-" not in str(refused.value)


def test_toml_strings_are_escaped_so_no_name_can_add_a_key() -> None:
    name = 'x"\nboards = 99\n\\'
    assert tomllib.loads(f"v = {toml_value(name)}")["v"] == name
    assert tomllib.loads(f"v = {toml_value([1, 2.5, True])}")["v"] == [1, 2.5, True]


def test_a_roster_is_csv_when_its_first_line_is_a_header_and_names_otherwise() -> None:
    assert roster_csv("name,rating\nAnn,2000\n") == "name,rating\nAnn,2000\n"
    assert roster_csv("Berg, Kari\nAnn\n") == 'name\n"Berg, Kari"\nAnn\n'
    assert roster_csv("  \n") == ""
    assert request_tables("") == {"meet": [], "avoid": [], "colour": []}


def test_a_match_files_own_spec_takes_its_played_rounds_and_keeps_its_requests(tmp_path: Path) -> None:
    record = four_boards().with_round(1, [GameResult.DRAW] * 4)
    path = tmp_path / "match.json"
    write_match_file(record, path)
    draft = draft_from_record(record, path, None, "meet A2 B4 round 4")
    assert "[played]" in spec_files(draft)["match.toml"]
    setup = load_draft(draft)
    assert len(setup.match.played) == 1 and setup.results == record.results
    assert setup.match.meets == (Meet(a=2, b=4, round=4),)
    assert [p.name for p in setup.roster_b] == [p.name for p in record.roster_b]
    assert setup.event.name == "Oslo - Bergen"
