"""Reading a TRF back (solver/io/trf_reader.py): a TRF the export writes reads back to the same
schedule, results, names and title; ``looks_like_trf`` tells a TRF from the text form; and a
malformed TRF is refused with a TrfFormatError naming the source, the line and the problem."""

from __future__ import annotations

import dataclasses

import pytest
from export_fixtures import TEAM_A, TEAM_B, make_record

from scheveningen.models.formats.matchrecord import MatchRecord
from scheveningen.models.formats.textform import ScheduleFormatError, format_text
from scheveningen.solver.export.trf import export_trf
from scheveningen.solver.io.trf_reader import TrfFormatError, looks_like_trf, read_trf

NAME_COLUMNS = 33  # a 001 line's name field, columns 15-47


def lines_of(record: MatchRecord) -> list[str]:
    """The exported TRF as lines (the export ends every line in CR LF, the last one too)."""
    return export_trf(record).split("\r\n")


def first_player_line(lines: list[str]) -> int:
    return next(i for i, line in enumerate(lines) if line.startswith("001"))


def refusal(text: str) -> TrfFormatError:
    with pytest.raises(TrfFormatError) as caught:
        read_trf(text, "x.trf")
    return caught.value


# --------------------------------------------------------------------------- reading back the export


@pytest.mark.parametrize(
    ("kind", "boards", "played"),
    [
        ("single", 3, 1.0),
        ("single", 4, 0.0),
        ("single", 5, 0.5),
        ("single", 6, 1.0),
        ("double", 3, 0.5),
        ("double", 4, 1.0),
        ("unequal", 5, 0.5),
        ("unequal", 5, 1.0),
    ],
)
def test_an_exported_trf_reads_back_to_the_same_schedule_and_results(kind: str, boards: int, played: float) -> None:
    record = make_record(kind, boards=boards, played_rounds=played, seed=boards)
    back = read_trf(export_trf(record))
    assert back.schedule == record.schedule
    assert (back.schedule.team_a, back.schedule.team_b) == (record.schedule.team_a, record.schedule.team_b)
    assert back.results == dict(record.results)


def test_an_unplayed_match_reads_back_from_the_plan_lines_alone() -> None:
    record = dataclasses.replace(make_record("double", boards=3), results={}, history=())
    back = read_trf(export_trf(record))
    assert back.schedule == record.schedule and back.results == {}


def test_the_names_and_the_title_read_back_as_the_columns_hold_them() -> None:
    record = make_record("unequal", played_rounds=0.5)
    back = read_trf(export_trf(record))
    assert back.team_names == (TEAM_A, TEAM_B)
    assert back.tournament == "Scheveningen <Cup> & Friends"
    assert set(back.player_names) == set(record.schedule.all_players())
    for player, name in back.player_names.items():
        assert name == record.player_info(player).name[:NAME_COLUMNS].rstrip()


def test_a_byte_order_mark_and_foreign_comment_lines_are_no_obstacle() -> None:
    record = make_record("single", boards=4, played_rounds=0.5)
    lines = lines_of(record)
    lines.insert(2, "### written by another program")
    back = read_trf("\ufeff" + "\n".join(lines))
    assert back.schedule == record.schedule and back.results == dict(record.results)
    assert back.comments == ("### written by another program",)


# --------------------------------------------------------------------------- telling a TRF from the text form


def test_an_exported_trf_looks_like_a_trf() -> None:
    assert looks_like_trf(export_trf(make_record("single", boards=4)))


def test_the_text_form_of_the_same_schedule_does_not_look_like_a_trf() -> None:
    record = make_record("single", boards=4)
    assert not looks_like_trf(format_text(record.schedule))


@pytest.mark.parametrize(
    "text",
    [
        "\ufeff012 Match\n001    1",
        "\n\n   \n### a comment\n012 Match\n",
        "### scheveningen-plan 1 WB\r\n001    1 m    Name\r\n",
        "142 5",
        "001",
    ],
)
def test_the_first_line_that_is_not_blank_or_a_comment_decides_trf(text: str) -> None:
    assert looks_like_trf(text)


@pytest.mark.parametrize(
    "text",
    ["", "\n\n", "### only comments\n### here\n", "Round 1\tA1-B1\tB2-A2\n012 Match", "0120 Match", "12 Match", "abc"],
)
def test_text_without_a_record_code_first_is_not_a_trf(text: str) -> None:
    assert not looks_like_trf(text)


# --------------------------------------------------------------------------- malformed files


def test_a_line_without_a_record_code_is_refused_by_its_number() -> None:
    lines = lines_of(make_record("single", boards=4))
    lines.insert(4, "garbage in the middle")
    error = refusal("\r\n".join(lines))
    assert error.line == 5
    # The message quotes the line's first 20 characters.
    assert str(error) == "x.trf:5: 'garbage in the middl' does not start with a 3-digit record code"


def test_a_starting_rank_used_twice_is_refused_at_the_second_line() -> None:
    lines = lines_of(make_record("single", boards=4))
    at = first_player_line(lines)
    lines.insert(at + 1, lines[at])
    error = refusal("\r\n".join(lines))
    assert error.line == at + 2
    assert f"x.trf:{at + 2}: starting rank 1 is used twice" in str(error)


def test_a_colour_that_is_not_w_b_or_dash_is_refused_naming_the_round_and_line() -> None:
    lines = lines_of(make_record("single", boards=4))
    at = first_player_line(lines)
    colour = 92 + 5 - 1  # round 1's colour column
    assert lines[at][colour] in "wb"
    lines[at] = lines[at][:colour] + "x" + lines[at][colour + 1 :]
    error = refusal("\r\n".join(lines))
    assert error.line == at + 1
    assert "round 1: colour 'x' is not w, b or -" in str(error)


def test_points_that_are_not_a_number_are_refused_naming_the_columns() -> None:
    lines = lines_of(make_record("single", boards=4))
    at = first_player_line(lines) + 1
    lines[at] = lines[at][:80] + "abcd" + lines[at][84:]
    error = refusal("\r\n".join(lines))
    assert error.line == at + 1
    assert "points 'abcd' (columns 81-84) are not a number" in str(error)


def test_points_that_disagree_with_the_results_are_refused_at_the_players_line() -> None:
    lines = lines_of(make_record("single", boards=4, played_rounds=1.0))
    at = first_player_line(lines)
    points = float(lines[at][80:84])
    lines[at] = lines[at][:80] + f"{points + 1:4.1f}" + lines[at][84:]
    error = refusal("\r\n".join(lines))
    assert error.line == at + 1
    assert f"points {points + 1:g} (columns 81-84), but the results add up to {points:g}" in str(error)


def test_a_plan_line_without_colours_is_refused_by_its_number() -> None:
    lines = lines_of(make_record("single", boards=4, played_rounds=0.5))
    at = next(i for i, line in enumerate(lines) if line.startswith("### scheveningen-plan"))
    lines[at] = "### scheveningen-plan round three"
    error = refusal("\r\n".join(lines))
    assert error.line == at + 1
    assert "a scheveningen-plan line needs a round and team A's colours" in str(error)


def test_a_trf_without_player_lines_is_refused_without_a_line_number() -> None:
    lines = [line for line in lines_of(make_record("single", boards=4)) if not line.startswith("001")]
    error = refusal("\r\n".join(lines))
    assert error.line is None
    assert str(error) == "x.trf: no player lines (001) found"


def test_a_player_in_no_team_is_refused_at_the_players_line() -> None:
    lines = [line for line in lines_of(make_record("single", boards=3)) if not line.startswith(("013", "300"))]
    at = next(i for i, line in enumerate(lines) if line.startswith("310"))
    # Team A's record lists only its first two players: the third is in no team.
    lines[at] = lines[at][: 73 + 4 + 5]
    error = refusal("\r\n".join(lines))
    third = first_player_line(lines) + 2
    assert error.line == third + 1
    assert "(rank 3) is in no team" in str(error)


def test_a_trf_format_error_is_a_schedule_format_error() -> None:
    error = refusal("not a trf")
    assert isinstance(error, ScheduleFormatError) and isinstance(error, ValueError)
    assert error.line == 1
