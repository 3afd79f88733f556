"""Players' and the event's details: what FIDE writes is accepted, anything else is refused naming the field."""

from __future__ import annotations

import pytest

from scheveningen.models.domain.results import GameResult, ResultError
from scheveningen.models.domain.roster import Event, EventError, PlayerInfo, RosterError


def test_a_full_player_is_kept_as_given() -> None:
    p = PlayerInfo("Carlsen, Magnus", 2830, 1503014, "GM", "NOR", "1990-11-30", "m")
    assert p.as_dict() == {
        "name": "Carlsen, Magnus",
        "rating": 2830,
        "fide_id": 1503014,
        "title": "GM",
        "federation": "NOR",
        "birth": "1990-11-30",
        "sex": "m",
    }
    assert p.birth_year == 1990
    assert PlayerInfo("  Ann ").name == "Ann"
    assert PlayerInfo("Hou, Yifan", birth="1994", sex="w", title="WGM").birth_year == 1994


@pytest.mark.parametrize(
    ("fields", "field", "quoted"),
    [
        ({"name": ""}, "name", "''"),
        ({"name": "Tab\there"}, "name", "'Tab\\there'"),
        ({"rating": 0}, "rating", "0"),
        ({"rating": 4000}, "rating", "4000"),
        ({"rating": True}, "rating", "True"),
        ({"rating": "2100"}, "rating", "'2100'"),
        ({"fide_id": 0}, "fide_id", "0"),
        ({"fide_id": 123456789012}, "fide_id", "123456789012"),
        ({"title": "gm"}, "title", "'gm'"),
        ({"title": "NM"}, "title", "'NM'"),
        ({"federation": "nor"}, "federation", "'nor'"),
        ({"federation": "NORW"}, "federation", "'NORW'"),
        ({"birth": "90"}, "birth", "'90'"),
        ({"birth": "1990-02-30"}, "birth", "'1990-02-30'"),
        ({"birth": "1990/11/30"}, "birth", "'1990/11/30'"),
        ({"sex": "f"}, "sex", "'f'"),
        ({"sex": "M"}, "sex", "'M'"),
    ],
)
def test_malformed_player_details_are_refused_naming_field_and_value(
    fields: dict[str, object], field: str, quoted: str
) -> None:
    with pytest.raises(RosterError) as caught:
        PlayerInfo(**{"name": "Someone, A", **fields})  # type: ignore[arg-type]
    assert caught.value.field == field
    assert str(caught.value).startswith(field) and quoted in str(caught.value)


def test_an_event_checks_its_dates() -> None:
    event = Event(name="Match", start="2026-03-07", end="2026-03-08", round_dates=("2026-03-07", "2026-03-08"))
    assert event.as_dict()["round_dates"] == ["2026-03-07", "2026-03-08"]
    assert Event().is_empty and not event.is_empty
    for kwargs, field in [
        ({"start": "2026-13-01"}, "start"),
        ({"start": "2026-03-08", "end": "2026-03-07"}, "end"),
        ({"round_dates": ("2026-03-08", "2026-03-07")}, "round_dates"),
        ({"start": "2026-03-08", "round_dates": ("2026-03-07",)}, "round_dates"),
        ({"end": "2026-03-08", "round_dates": ("2026-03-09",)}, "round_dates"),
        ({"federation": "ned"}, "federation"),
        ({"site": "two\nlines"}, "site"),
    ]:
        with pytest.raises(EventError) as caught:
            Event(**kwargs)  # type: ignore[arg-type]
        assert caught.value.field == field


@pytest.mark.parametrize(
    ("text", "result", "white", "black", "forfeit"),
    [
        ("1-0", GameResult.WHITE_WINS, 1.0, 0.0, False),
        ("0-1", GameResult.BLACK_WINS, 0.0, 1.0, False),
        ("1/2-1/2", GameResult.DRAW, 0.5, 0.5, False),
        ("½-½", GameResult.DRAW, 0.5, 0.5, False),
        (" = ", GameResult.DRAW, 0.5, 0.5, False),
        ("+-", GameResult.WHITE_WINS_FORFEIT, 1.0, 0.0, True),
        ("-+", GameResult.BLACK_WINS_FORFEIT, 0.0, 1.0, True),
        ("--", GameResult.DOUBLE_FORFEIT, 0.0, 0.0, True),
    ],
)
def test_results_are_read_from_whites_side(
    text: str, result: GameResult, white: float, black: float, forfeit: bool
) -> None:
    parsed = GameResult.parse(text)
    assert parsed is result
    assert (parsed.white_points, parsed.black_points, parsed.is_forfeit) == (white, black, forfeit)


@pytest.mark.parametrize("text", ["", "1", "2-0", "1-1", "0-0", "½", "1:0", "draw", "+", "1-0 1-0"])
def test_anything_else_is_not_a_result(text: str) -> None:
    with pytest.raises(ResultError, match="is not a result"):
        GameResult.parse(text)
