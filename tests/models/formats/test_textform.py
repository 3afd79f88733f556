"""The text form: written exactly as the published tables, read leniently, and every malformed
input rejected with a :class:`ScheduleFormatError` that names the line."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scheveningen.models.domain.schedule import Game, Player, Schedule, Team
from scheveningen.models.formats.tables import PUBLISHED_SIZES, published, published_text
from scheveningen.models.formats.textform import ScheduleFormatError, format_text, parse_text, read_written

SIZES = list(PUBLISHED_SIZES)
TWO_BOARDS = published(2)  # Round 1: A1-B1 A2-B2 / Round 2: B2-A1 B1-A2


def table_id(n: int) -> str:
    return f"n{n:02d}"


# --------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("n", SIZES, ids=table_id)
def test_published_table_round_trips_through_text(n: int) -> None:
    schedule = published(n)
    assert parse_text(format_text(schedule)).schedule == schedule


@pytest.mark.parametrize("n", SIZES, ids=table_id)
def test_writer_reproduces_published_file_exactly(n: int) -> None:
    text = published_text(n)
    parsed = parse_text(text)
    assert format_text(parsed.schedule, parsed.comments) == text


def test_writer_layout_is_round_label_and_tab_separated_games() -> None:
    assert format_text(TWO_BOARDS) == "Round 1\tA1-B1\tA2-B2\nRound 2\tB2-A1\tB1-A2\n"


def test_writer_turns_bare_comment_into_hash_line() -> None:
    text = format_text(TWO_BOARDS, ["# kept as is", "needs a hash"])
    assert text.splitlines()[:2] == ["# kept as is", "# needs a hash"]
    assert parse_text(text).comments == ("# kept as is", "# needs a hash")


@st.composite
def schedules(draw: st.DrawFn) -> Schedule:
    """Any shape the text form can carry: 1-6 boards, 1-6 rounds, teams possibly larger than the
    boards, any seating and colours (the text form does not care whether the rules hold)."""
    boards = draw(st.integers(1, 6))
    n_rounds = draw(st.integers(1, 6))
    team_a = draw(st.integers(boards, boards + 2))
    team_b = draw(st.integers(boards, boards + 2))
    rounds = []
    for _ in range(n_rounds):
        a_players = draw(st.lists(st.integers(1, team_a), min_size=boards, max_size=boards, unique=True))
        b_players = draw(st.lists(st.integers(1, team_b), min_size=boards, max_size=boards, unique=True))
        a_white = draw(st.lists(st.booleans(), min_size=boards, max_size=boards))
        games = []
        for a, b, white in zip(a_players, b_players, a_white, strict=True):
            pa, pb = Player(Team.A, a), Player(Team.B, b)
            games.append(Game(pa, pb) if white else Game(pb, pa))
        rounds.append(tuple(games))
    schedule = Schedule(boards, tuple(rounds), team_a, team_b)
    # The reader infers each team's size from its highest number, so that player must appear.
    numbers = {(p.team, p.number) for _r, _b, g in schedule.games() for p in (g.white, g.black)}
    assume((Team.A, team_a) in numbers and (Team.B, team_b) in numbers)
    # ... and no team may outnumber the games (the reader refuses such a number: no match could hold it).
    assume(max(team_a, team_b) <= boards * n_rounds)
    return schedule


# Comment text may hold anything but a line end (form feeds and U+2028 included).
comment_lines = st.lists(
    st.text(st.characters(exclude_characters="\r\n", exclude_categories=("Cs",)), max_size=20).map(lambda t: "#" + t),
    max_size=3,
)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(schedule=schedules(), comments=comment_lines)
def test_generated_schedule_round_trips_with_its_comments(schedule: Schedule, comments: list[str]) -> None:
    parsed = parse_text(format_text(schedule, comments))
    assert parsed.schedule == schedule
    assert parsed.comments == tuple(comments)


# --------------------------------------------------------------------------- lenient reading


@pytest.mark.parametrize(
    "text",
    [
        "Round 1 A1-B1 A2-B2\nRound 2 B2-A1 B1-A2\n",
        "A1-B1\tA2-B2\nB2-A1\tB1-A2\n",
        "A1-B1 A2-B2\nB2-A1 B1-A2",
        "Round 1\tA1 - B1\tA2 -B2\nRound 2\tB2- A1\tB1  -  A2\n",
        "\n\nRound 1\tA1-B1\tA2-B2\n\n   \n\nRound 2\tB2-A1\tB1-A2\n\n",
        "Round 1\tA1-B1\tA2-B2\r\nRound 2\tB2-A1\tB1-A2\r\n",
        "Round 1\tA1-B1\tA2-B2\rRound 2\tB2-A1\tB1-A2\r",
        "round 1: A1-B1 A2-B2\nROUND 2.  B2-A1 B1-A2\n",
        "  Round 1\t A1-B1 \t A2-B2  \t\n\tRound 2 B2-A1\tB1-A2   \n",
        "Round 1\tA1-B1\tA2-B2\nB2-A1\tB1-A2\n",
        "# header\nRound 1\tA1-B1\tA2-B2\n  # between rounds\nRound 2\tB2-A1\tB1-A2\n# trailer\n",
        "\ufeffRound 1\tA1-B1\tA2-B2\r\nRound 2\tB2-A1\tB1-A2\r\n",
    ],
    ids=[
        "spaces-for-tabs",
        "no-round-prefix",
        "no-round-prefix-no-final-newline",
        "spaces-around-dash",
        "blank-lines",
        "crlf",
        "cr-only",
        "lowercase-and-punctuated-prefix",
        "ragged-whitespace",
        "prefix-on-some-lines-only",
        "comments-anywhere",
        "byte-order-mark",
    ],
)
def test_lenient_spellings_read_as_the_same_schedule(text: str) -> None:
    assert parse_text(text).schedule == TWO_BOARDS


def test_comment_lines_are_kept_in_order() -> None:
    text = "# one\nRound 1\tA1-B1\tA2-B2\n  # two\nRound 2\tB2-A1\tB1-A2\n"
    assert parse_text(text).comments == ("# one", "  # two")


def test_crlf_published_table_reads_like_the_original() -> None:
    text = published_text(7)
    assert parse_text(text.replace("\n", "\r\n")).schedule == published(7)


def test_player_beyond_the_boards_makes_a_larger_team() -> None:
    # A2-B3 on 2 boards: team B has (at least) 3 players; whether that is a proper match is the verifier's job.
    schedule = parse_text("A1-B1 B2-A2\nB3-A1 A2-B1\nA1-B2 B3-A2\n").schedule
    assert (schedule.boards, schedule.team_a, schedule.team_b) == (2, 2, 3)


# --------------------------------------------------------------------------- malformed input


def format_error(text: str, source: str = "") -> ScheduleFormatError:
    with pytest.raises(ScheduleFormatError) as caught:
        parse_text(text, source=source)
    return caught.value


@pytest.mark.parametrize(
    ("text", "line", "quoted"),
    [
        ("Round 1\tA1-B1\tA2-B2\nRound 2\tB2A1\tB1-A2\n", 2, "B2A1"),
        ("Round 1\tA1-B1\tA2-B2\nRound 2\tB2-A1\tB1=A2\n", 2, "B1=A2"),
        ("Round 1\tA1-B1\tA2-B2-A1\n", 1, "A2-B2-A1"),
        ("Round 1\tA1-B1\tA2-B2\nRound 2\tB2-A1\t12-A2\n", 2, "12-A2"),
        ("# c\n\nRound 1\tC1-B1\tA2-B2\n", 3, "C1"),
        ("Round 1\tA1-B1\tA2-B2\nRound 2\tB2-A0\tB1-A2\n", 2, "A0"),
        ("Round 1\tA1-B1\tA2-B2\nRound 2\tB2-A01\tB1-A2\n", 2, "A01"),
        ("Round 1\ta1-b1\tA2-B2\n", 1, "a1"),
        ("Round 1\tA1-B1\tA2-B2\nRound 2\tB2-A1\tB1-A2\nhello world\n", 3, "hello"),
        ("Round 1\tA1-B1\tA2-B2\nRound 2\tB2-A1\tB1-A2\n\x00\x01\x02\n", 3, "\\x00"),
    ],
    ids=[
        "no-dash",
        "wrong-separator",
        "three-players",
        "number-not-player",
        "team-C",
        "player-zero",
        "leading-zero",
        "lowercase-team",
        "prose",
        "control-bytes",
    ],
)
def test_bad_token_is_named_with_its_line(text: str, line: int, quoted: str) -> None:
    error = format_error(text)
    assert error.line == line
    assert str(error).startswith(f"line {line}: ")
    assert quoted in str(error)


def test_same_team_game_is_rejected_with_its_line() -> None:
    error = format_error("Round 1\tA1-B1\tA2-B2\nRound 2\tA1-A2\tB1-B2\n")
    assert error.line == 2
    assert "A1-A2" in str(error)
    assert "one player from each team" in str(error)


def test_round_with_fewer_games_is_rejected_with_its_line() -> None:
    error = format_error("Round 1\tA1-B1\tA2-B2\nRound 2\tB2-A1\n")
    assert error.line == 2
    assert "round 2 has 1 game but round 1 has 2" in str(error)


def test_round_with_more_games_is_rejected_with_its_line() -> None:
    text = published_text(3).rstrip("\n") + "\tA4-B4\n"
    error = format_error(text)
    assert error.line == len(text.splitlines())
    assert "round 3 has 4 games but round 1 has 3" in str(error)


def test_round_label_without_games_is_rejected() -> None:
    error = format_error("Round 1\tA1-B1\tA2-B2\nRound 2\n")
    assert error.line == 2
    assert "round 2 has no games" in str(error)


@pytest.mark.parametrize(
    ("text", "line", "expected"),
    [
        ("Round 1\tA1-B1\tA2-B2\nRound 3\tB2-A1\tB1-A2\n", 2, "round 3 is out of order (expected round 2)"),
        ("Round 2\tA1-B1\tA2-B2\n", 1, "round 2 is out of order (expected round 1)"),
        ("Round 1\tA1-B1\tA2-B2\nRound 1\tB2-A1\tB1-A2\n", 2, "round 1 is out of order (expected round 2)"),
        ("A1-B1\tA2-B2\nRound 1\tB2-A1\tB1-A2\n", 2, "round 1 is out of order (expected round 2)"),
    ],
    ids=["skipped", "starts-at-two", "repeated", "label-after-unlabelled"],
)
def test_rounds_out_of_order_are_rejected_with_their_line(text: str, line: int, expected: str) -> None:
    error = format_error(text)
    assert error.line == line
    assert expected in str(error)


@pytest.mark.parametrize(
    ("text", "player", "boards"),
    [
        ("Round 1\tA1-B1\tB1-A2\n", "B1", "boards 1 and 2"),
        ("Round 1\tA1-B1\tA2-B2\nRound 2\tB2-A1\tA1-B1\n", "A1", "boards 1 and 2"),
        ("Round 1\tA1-B1\tA2-B2\tA3-B1\n", "B1", "boards 1 and 3"),
    ],
)
def test_player_twice_in_a_round_is_rejected_with_its_line(text: str, player: str, boards: str) -> None:
    error = format_error(text)
    assert error.line == text.count("\n")
    assert f"{player} plays twice in round {text.count(chr(10))} ({boards})" in str(error)


@pytest.mark.parametrize(
    "text", ["", "\n\n  \n", "# only a comment\n# and another\n", "\r\n"], ids=["empty", "blank", "comments", "crlf"]
)
def test_text_without_rounds_is_rejected(text: str) -> None:
    error = format_error(text, source="match.txt")
    assert error.line is None
    assert str(error).startswith("match.txt: no rounds found")


def test_source_name_prefixes_the_message() -> None:
    error = format_error("Round 1\tA1-B1\tX2-B2\n", source="match.txt")
    assert str(error).startswith("match.txt:1: ")
    assert error.problem in str(error)


def test_format_error_is_a_value_error() -> None:
    assert issubclass(ScheduleFormatError, ValueError)


def test_line_numbers_count_only_real_line_ends() -> None:
    # A form feed (a page break some editors insert) or U+2028 does not start a new line.
    text = "# page one\x0c\nRound 1\tA1-B1\tA2-B2\u2028\nRound 2\tB2-A1\tX1-A2\n"
    error = format_error(text)
    assert error.line == 3
    assert "X1" in str(error)


def test_player_number_no_match_in_the_file_could_hold_is_rejected() -> None:
    # Without this, the verifier would enumerate a team of a hundred thousand players.
    error = format_error("Round 1\tA1-B1\tA2-B2\nRound 2\tB2-A1\tB100000-A2\n")
    assert error.line == 2
    assert "B100000" in str(error)


def test_error_names_the_first_bad_line_only() -> None:
    error = format_error("Round 1\tA1-B1\tA2-B2\nRound 2\tB2-A1\tXX\nRound 9\tnonsense\n")
    assert error.line == 2


@pytest.mark.parametrize(
    ("teams", "expected"),
    [((3, 7), "team A has 3 players, fewer than the 7 boards"), ((7, 501), "at most 500 players a team")],
)
def test_team_sizes_that_cannot_fill_the_boards_say_why(teams: tuple[int, int], expected: str) -> None:
    # "teams of 3 and 7 players cannot fill 7 boards (at most 500)" named a limit that was not the problem.
    text = format_text(published(7))
    with pytest.raises(ScheduleFormatError) as caught:
        read_written(text, teams=teams)
    assert expected in str(caught.value)
