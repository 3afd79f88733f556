"""Game results (models/domain/results.py): every form an arbiter writes reads to one result, each
result writes as its pairing-sheet form and reads back, the points go to the right side, and text
that is no result is refused with a ResultError that quotes it and lists the accepted forms."""

from __future__ import annotations

import pytest

from scheveningen.models.domain.results import GameResult, ResultError

WRITTEN = {
    "1-0": GameResult.WHITE_WINS,
    "0-1": GameResult.BLACK_WINS,
    "1/2-1/2": GameResult.DRAW,
    "+-": GameResult.WHITE_WINS_FORFEIT,
    "-+": GameResult.BLACK_WINS_FORFEIT,
    "--": GameResult.DOUBLE_FORFEIT,
}


@pytest.mark.parametrize(("text", "expected"), WRITTEN.items())
def test_each_pairing_sheet_form_reads_to_its_result(text: str, expected: GameResult) -> None:
    assert GameResult.parse(text) is expected


@pytest.mark.parametrize("text", ["½-½", "=", "0.5-0.5", "1/2-1/2"])
def test_every_way_of_writing_a_draw_reads_as_a_draw(text: str) -> None:
    assert GameResult.parse(text) is GameResult.DRAW


@pytest.mark.parametrize("text", [" 1-0", "1-0 ", "\t1-0\n", "  ½-½  "])
def test_spaces_around_the_result_are_ignored(text: str) -> None:
    assert GameResult.parse(text) is GameResult.parse(text.strip())


@pytest.mark.parametrize("result", list(GameResult))
def test_a_result_writes_as_its_pairing_sheet_form_and_reads_back(result: GameResult) -> None:
    written = str(result)
    assert written == result.value
    assert WRITTEN[written] is result
    assert GameResult.parse(written) is result


def test_there_are_exactly_the_six_documented_results() -> None:
    assert {r.value for r in GameResult} == set(WRITTEN)


@pytest.mark.parametrize(
    ("text", "white", "black"),
    [("1-0", 1.0, 0.0), ("0-1", 0.0, 1.0), ("½-½", 0.5, 0.5), ("+-", 1.0, 0.0), ("-+", 0.0, 1.0), ("--", 0.0, 0.0)],
)
def test_points_go_to_the_side_the_result_names(text: str, white: float, black: float) -> None:
    result = GameResult.parse(text)
    assert (result.white_points, result.black_points) == (white, black)


@pytest.mark.parametrize("result", list(GameResult))
def test_a_game_hands_out_one_point_unless_neither_player_came(result: GameResult) -> None:
    total = result.white_points + result.black_points
    assert total == (0.0 if result is GameResult.DOUBLE_FORFEIT else 1.0)


def test_only_the_three_forfeits_are_games_not_played() -> None:
    forfeits = {r for r in GameResult if r.is_forfeit}
    assert forfeits == {GameResult.WHITE_WINS_FORFEIT, GameResult.BLACK_WINS_FORFEIT, GameResult.DOUBLE_FORFEIT}


def test_a_forfeit_scores_like_the_game_it_replaces() -> None:
    assert GameResult.WHITE_WINS_FORFEIT.white_points == GameResult.WHITE_WINS.white_points
    assert GameResult.BLACK_WINS_FORFEIT.black_points == GameResult.BLACK_WINS.black_points


@pytest.mark.parametrize("text", ["", "   ", "1-1", "2-0", "1/2", "draw", "1 - 0", "0:1", "+", "++", "1-0-1", "W"])
def test_text_that_is_no_result_is_refused_quoting_it(text: str) -> None:
    with pytest.raises(ResultError) as caught:
        GameResult.parse(text)
    message = str(caught.value)
    assert repr(text) in message
    assert "is not a result" in message


def test_the_refusal_lists_every_accepted_form() -> None:
    with pytest.raises(ResultError) as caught:
        GameResult.parse("1:0")
    message = str(caught.value)
    for form in [*WRITTEN, "½-½", "="]:
        assert form in message


def test_a_result_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="is not a result"):
        GameResult.parse("win")


def test_a_value_that_is_not_text_is_refused_as_a_result_error() -> None:
    with pytest.raises(ResultError, match="None is not a result"):
        GameResult.parse(None)  # type: ignore[arg-type]
