"""A schedule file in either form (solver/io/readers.py): the text form and a FIDE TRF are told apart by
content, not by name, and both give the same schedule."""

from __future__ import annotations

import pytest
from export_fixtures import make_record

from scheveningen.models.formats.tables import published, published_text
from scheveningen.models.formats.textform import ScheduleFormatError, format_text
from scheveningen.solver.export.trf import export_trf
from scheveningen.solver.io.readers import SIZES_FROM_TRF, parse_schedule, read_written


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
