"""A schedule file in any form the tool writes (solver/io/readers.py): the text form, a FIDE TRF, a design
report and a match file are told apart by content, not by name, and all give the same schedule; a match file
(or a design report that records them) brings its rule settings and requests."""

from __future__ import annotations

import json

import pytest
from export_fixtures import make_record

from scheveningen.models.domain.match import ColourWish, Match, RuleSettings
from scheveningen.models.domain.rules import Rule
from scheveningen.models.domain.schedule import Colour, Player, Schedule
from scheveningen.models.domain.written import WrittenSchedule
from scheveningen.models.formats.matchrecord import MatchRecord
from scheveningen.models.formats.tables import published, published_text
from scheveningen.models.formats.textform import ScheduleFormatError, format_text
from scheveningen.solver.export.trf import export_trf
from scheveningen.solver.io.readers import (
    DESIGN_JSON,
    MATCH,
    SIZES_FROM_DESIGN,
    SIZES_FROM_MATCH,
    SIZES_FROM_TRF,
    TEXT,
    TRF,
    detect_form,
    parse_schedule,
    read_schedule_file,
    read_written,
)
from scheveningen.solver.io.report import games_as_json


@pytest.mark.parametrize("kind", ["single", "double", "unequal"])
def test_a_trf_is_read_as_a_trf_and_gives_the_records_schedule(kind: str) -> None:
    record = make_record(kind)
    assert parse_schedule(export_trf(record), "match.trf").schedule == record.schedule


def test_a_text_schedule_is_read_as_text() -> None:
    parsed = parse_schedule(published_text(5), "n05.txt")
    assert parsed.schedule == published(5)
    assert any("Source" in line for line in parsed.comments)


def test_the_form_is_told_by_content_not_by_the_files_name() -> None:
    record = make_record("single")
    assert parse_schedule(export_trf(record), "schedule.txt").schedule == record.schedule
    assert parse_schedule(format_text(published(4)), "match.trf").schedule == published(4)


def test_the_trf_and_the_text_form_of_one_schedule_read_the_same() -> None:
    record = make_record("single", boards=6)
    from_trf = parse_schedule(export_trf(record)).schedule
    from_text = parse_schedule(format_text(record.schedule)).schedule
    assert from_trf == from_text == record.schedule


def test_written_games_of_a_trf_carry_the_team_sizes_from_its_team_records() -> None:
    record = make_record("unequal")
    parsed = read_written(export_trf(record), "match.trf")
    assert parsed.sizes_from == SIZES_FROM_TRF
    assert (parsed.written.team_a, parsed.written.team_b) == (6, 5)
    assert parsed.written.strict() == record.schedule


def test_written_games_of_a_text_file_keep_a_fault_for_the_verifier() -> None:
    text = "Round 1\tA1-B1\tB2-A2\nRound 2\tA1-B2\tA2-B2\n"  # B2 twice in round 2
    parsed = read_written(text, "faulty.txt")
    assert parsed.sizes_from == "players seen"
    assert len(parsed.written.rounds) == 2
    assert parsed.written.strict() is None


def test_text_that_is_neither_form_is_refused_with_the_source_named() -> None:
    with pytest.raises(ScheduleFormatError, match=r"notes\.txt"):
        parse_schedule("this is not a schedule\n", "notes.txt")


# --------------------------------------------------------------------------- every form the tool writes


def _design_report(schedule: Schedule, **extra: object) -> str:
    """A design report as ``schev generate --format json`` writes one, with the fields the reader reads."""
    document: dict[str, object] = {
        "command": "generate",
        "status": "optimal",
        "boards": schedule.boards,
        "rounds": schedule.n_rounds,
        "double": False,
        "teams": {"A": {"name": "", "size": schedule.team_a}, "B": {"name": "", "size": schedule.team_b}},
        "relaxed": [],
        "games": games_as_json(schedule),
        **extra,
    }
    return json.dumps(document, indent=2)


def _runs_of_three() -> Schedule:
    """The published 5-board table with rounds 4 and 5 swapped: a player has a run of three colours."""
    table = published(5)
    rounds = (*table.rounds[:3], table.rounds[4], table.rounds[3])
    return Schedule(boards=5, rounds=rounds, team_a=5, team_b=5)


def test_each_form_is_told_by_content() -> None:
    record = make_record("single")
    assert detect_form(format_text(record.schedule)) == TEXT
    assert detect_form(export_trf(record)) == TRF
    assert detect_form(record.to_json()) == MATCH
    assert detect_form(_design_report(record.schedule)) == DESIGN_JSON


@pytest.mark.parametrize("kind", ["single", "double", "unequal"])
def test_all_four_forms_of_one_schedule_give_that_schedule(kind: str) -> None:
    record = make_record(kind)
    texts = [format_text(record.schedule), export_trf(record), record.to_json(), _design_report(record.schedule)]
    for text in texts:
        assert parse_schedule(text, "schedule").schedule == record.schedule
        assert read_schedule_file(text, "schedule").written.rounds == WrittenSchedule.of(record.schedule).rounds


def test_a_match_file_brings_its_rule_settings_requests_and_relaxations() -> None:
    record = MatchRecord(
        match=Match(
            boards=5, rules=RuleSettings(max_run=3), colours=(ColourWish(Player.parse("A1"), 1, Colour.WHITE),)
        ),
        schedule=_runs_of_three(),
        relaxed={Rule.BOARD_BALANCE: 1},
    )
    found = read_schedule_file(record.to_json(), "match.json")
    assert found.form == MATCH
    assert found.match == record.match
    assert dict(found.relaxed) == {Rule.BOARD_BALANCE: 1}
    assert found.sizes_from == SIZES_FROM_MATCH


def test_a_design_report_brings_its_rule_settings_only_when_it_records_them() -> None:
    schedule = _runs_of_three()
    assert read_schedule_file(_design_report(schedule), "g.json").match is None
    recorded = _design_report(schedule, rules={"max_run": 3})
    found = read_schedule_file(recorded, "g.json")
    assert found.match is not None
    assert found.match.rules.max_run == 3
    assert found.sizes_from == SIZES_FROM_DESIGN


def test_a_design_reports_declared_relaxations_are_read() -> None:
    text = _design_report(published(2), relaxed=[{"rule": 3, "name": "board_balance", "excess": 1}])
    assert dict(read_schedule_file(text, "g.json").relaxed) == {Rule.BOARD_BALANCE: 1}


def test_a_faulty_design_report_keeps_its_faults_for_the_verifier_but_is_no_complete_schedule() -> None:
    games = games_as_json(published(4))
    games[1]["black"] = games[0]["black"]  # one player twice in round 1
    text = _design_report(published(4), games=games)
    found = read_schedule_file(text, "g.json")
    assert found.schedule is None
    assert len(found.written.rounds[0]) == 4
    with pytest.raises(ScheduleFormatError, match=r"g\.json: the games do not make a complete schedule"):
        read_schedule_file(text, "g.json", complete=True)


def test_team_sizes_given_as_an_option_replace_a_match_files_own() -> None:
    found = read_schedule_file(make_record("single").to_json(), "match.json", teams=(4, 5))
    assert (found.written.team_a, found.written.team_b, found.sizes_from) == (4, 5, "option")


def test_a_named_form_is_read_as_that_form_whatever_the_content() -> None:
    record = make_record("single")
    with pytest.raises(ScheduleFormatError, match=r"g\.json:1: '\{' is not a game"):
        read_schedule_file(_design_report(record.schedule), "g.json", form=TEXT)
    with pytest.raises(ScheduleFormatError, match=r"match\.json: not a design report"):
        read_schedule_file(record.to_json(), "match.json", form=DESIGN_JSON)
    with pytest.raises(ScheduleFormatError, match=r"g\.json: not a match file"):
        read_schedule_file(_design_report(record.schedule), "g.json", form=MATCH)
    with pytest.raises(ScheduleFormatError, match=r"s\.txt:1: .* 3-digit record code"):
        read_schedule_file(format_text(record.schedule), "s.txt", form=TRF)
    assert read_schedule_file(export_trf(record), "s.trf", form=TRF).schedule == record.schedule


def test_an_unknown_form_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown form 'xml'"):
        read_schedule_file(published_text(4), "s.txt", form="xml")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('{"boards": 4,', "not valid JSON"),
        ('{"boards": 4}', "neither a design report .* nor a match file"),
        ("[1, 2]", "neither a design report .* nor a match file"),
        ('{"format": "scheveningen-match/9"}', "format 'scheveningen-match/9' is not supported"),
        ('{"command": "generate", "status": "infeasible", "games": []}', "holds no schedule"),
        (
            '{"command": "generate", "boards": 2, "teams": {"A": {"size": 2}, "B": {"size": 2}}, '
            '"games": [{"round": 1, "board": 1, "white": "C1", "black": "B1"}]}',
            r"games\[1\]\.white",
        ),
    ],
)
def test_a_json_that_gives_no_schedule_is_refused_with_the_file_and_the_problem(text: str, problem: str) -> None:
    with pytest.raises(ScheduleFormatError, match=rf"^bad\.json:(\d+:\d+:)? .*{problem}"):
        read_schedule_file(text, "bad.json")
