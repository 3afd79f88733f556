"""The match file: what is written reads back as the same match, schedule and results, for single and
double rounds and unequal teams; anything malformed is refused with a message that says what."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from match_cases import ALL, four_boards, unequal

from scheveningen.models.domain.results import GameResult
from scheveningen.models.domain.rules import Rule
from scheveningen.models.domain.schedule import Player, Team
from scheveningen.models.formats.matchrecord import FORMAT, MatchFileError, MatchRecord, MatchRecordError, Scoring
from scheveningen.solver.io.matchfile import read_match_file, write_match_file
from scheveningen.solver.io.spec import SpecError, parse_spec


@st.composite
def records_with_results(draw: st.DrawFn) -> MatchRecord:
    record = ALL[draw(st.sampled_from(sorted(ALL)))]()
    games = [(r, b) for r in range(1, record.rounds + 1) for b in range(1, record.boards + 1)]
    chosen = draw(st.lists(st.sampled_from(games), unique=True))
    results = {key: draw(st.sampled_from(list(GameResult))) for key in chosen}
    with_results: MatchRecord = record.with_results(results)
    return with_results


@settings(max_examples=40, deadline=None)
@given(records_with_results())
def test_the_match_file_reads_back_as_the_same_record(record: MatchRecord) -> None:
    text = record.to_json()
    back = MatchRecord.from_json(text)
    assert back == record
    assert back.schedule == record.schedule and back.results == record.results
    assert back.to_json() == text


@pytest.mark.parametrize("name", sorted(ALL))
def test_written_files_read_back_verified(tmp_path: Path, name: str) -> None:
    record = ALL[name]().with_result(1, 1, GameResult.DRAW)
    path = tmp_path / "match.json"
    write_match_file(record, path)
    assert read_match_file(path) == record
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == FORMAT


def test_the_file_is_plain_json_an_independent_reader_understands() -> None:
    record = four_boards().with_round(
        1, [GameResult.WHITE_WINS, GameResult.DRAW, GameResult.DOUBLE_FORFEIT, GameResult.BLACK_WINS_FORFEIT]
    )
    data = json.loads(record.to_json())
    assert data["teams"]["A"]["players"][0] == {
        "name": "Carlsen, Magnus", "rating": 2400, "fide_id": 1503014, "title": "GM", "federation": "NOR",
        "birth": "1990-11-30", "sex": "m",
    }  # fmt: skip
    assert data["teams"]["B"]["players"][2]["name"] == "Vik, Kari <&>"
    assert data["schedule"][0] == ["A1-B1", "A2-B2", "B3-A3", "B4-A4"]
    assert data["results"] == [
        {"round": 1, "board": 1, "result": "1-0"},
        {"round": 1, "board": 2, "result": "1/2-1/2"},
        {"round": 1, "board": 3, "result": "--"},
        {"round": 1, "board": 4, "result": "-+"},
    ]
    assert data["scoring"] == {"win": 2, "draw": 1, "loss": 0, "decided_by": "board_points"}
    assert data["event"]["name"] == "Oslo - Bergen"


def test_sitting_out_players_have_no_game() -> None:
    record = unequal()
    sitting = [
        p for p in record.schedule.players(Team.B)
        if all(p not in (g.white, g.black) for g in record.schedule.rounds[0])
    ]  # fmt: skip
    assert sitting == [Player(Team.B, 1)]
    assert record.player_info(Player(Team.B, 1)).name == "W"


def test_recording_needs_force_to_change_a_result() -> None:
    record = four_boards().with_result(2, 3, GameResult.WHITE_WINS)
    assert record.with_result(2, 3, GameResult.WHITE_WINS) == record  # the same result again is fine
    with pytest.raises(MatchRecordError, match=r"round 2, board 3 \(A3-B4\) already has the result 1-0"):
        record.with_result(2, 3, GameResult.DRAW)
    assert record.with_result(2, 3, GameResult.DRAW, force=True).result(2, 3) is GameResult.DRAW
    with pytest.raises(MatchRecordError, match="there is no board 5"):
        record.with_result(1, 5, GameResult.DRAW)
    with pytest.raises(MatchRecordError, match="there is no round 5"):
        record.with_result(5, 1, GameResult.DRAW)
    with pytest.raises(MatchRecordError, match="round 1 has 4 boards; got 3 results"):
        record.with_round(1, [GameResult.DRAW] * 3)


def _edit(change: Any) -> str:
    data = json.loads(four_boards().with_result(1, 1, GameResult.DRAW).to_json())
    change(data)
    return json.dumps(data)


def _set(path: str, value: Any) -> Any:
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split("/")
        node: Any = data
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return change


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_set("format", "scheveningen-match/2"), "format 'scheveningen-match/2' is not supported"),
        (_set("format", "something"), "not a scheveningen match file"),
        (lambda d: d.pop("format"), "not a scheveningen match file"),
        (lambda d: d.pop("schedule"), "'schedule' is missing"),
        (_set("colour", 1), "unknown key 'colour'"),
        (_set("results/0/round", 5), "results[1]: a result for a game that does not exist: there is no round 5"),
        (_set("results/0/board", 0), "results[1]: a result for a game that does not exist: there is no board 0"),
        (lambda d: d["results"].append(dict(d["results"][0])), "results[2]: round 1, board 1 has a second result"),
        (_set("results/0/result", "2-0"), "results[1]: '2-0' is not a result"),
        (lambda d: d["results"][0].pop("result"), "results[1]: 'result' is missing"),
        (_set("schedule/0/1", "A2-B1"), "the schedule fails the verifier: rule 0"),
        (_set("schedule/0/0", "B1-A1"), "the schedule fails the verifier"),
        (_set("schedule/0/0", "A1-B9"), "B9 is not a player"),
        (_set("schedule/0/0", "A1+B1"), "'A1+B1' is not a game"),
        (lambda d: d["schedule"].pop(), "the schedule has 3 rounds, the match 4"),
        (_set("teams/A/players/0/rating", 99999), "teams.A.players[1]: rating must be a whole number"),
        (_set("teams/A/players/0/title", "XM"), "teams.A.players[1]: title must be one of"),
        (lambda d: d["teams"]["A"]["players"].pop(), "names 3 players but the team has 4"),
        (_set("event/start", "2026-02-30"), "event: start: '2026-02-30' is not a real calendar date"),
        (_set("scoring/win", -1), "scoring.win must be a number, 0 or more"),
        (_set("boards", "4"), "boards must be a whole number"),
        (_set("design", {"relaxed": {"complete": 1}}), "design.relaxed: unknown key 'complete'"),
        (_set("rules/max_run", "2"), "rules.max_run: must be a whole number, got str '2'"),
        (_set("rules/colour_balance", 1), "rules.colour_balance: must be true or false, got int 1"),
        (_set("rules/speed", 1), "rules.speed: unknown key"),
        (_set("rules", []), "rules must be an object"),
    ],
)
def test_malformed_match_files_are_refused(tmp_path: Path, change: Any, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(_edit(change), encoding="utf-8")
    with pytest.raises(MatchFileError) as caught:
        read_match_file(path)
    assert str(caught.value).startswith(f"{path}: ")
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("key", "value", "toml"),
    [("max_run", "two", '"two"'), ("board_balance", 0, "0"), ("objective", "speed", '"speed"'), ("speed", 1, "1")],
)
def test_a_spec_and_a_match_file_refuse_a_bad_rule_setting_alike(key: str, value: Any, toml: str) -> None:
    with pytest.raises(SpecError) as from_spec:
        parse_spec(f"boards = 4\n[rules]\n{key} = {toml}\n", source="match.toml")
    with pytest.raises(MatchFileError) as from_file:
        MatchRecord.from_json(_edit(_set(f"rules/{key}", value)), source="match.json")
    spec_message = str(from_spec.value).removeprefix("match.toml:3: ")
    assert spec_message.startswith(f"rules.{key}: ")
    assert str(from_file.value) == f"match.json: {spec_message}"


def test_not_json_and_missing_files_are_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(MatchFileError, match="not valid JSON"):
        read_match_file(bad)
    with pytest.raises(MatchFileError, match="no such file"):
        read_match_file(tmp_path / "missing.json")


def test_a_declared_relaxation_is_accepted_on_reading(tmp_path: Path) -> None:
    from scheveningen.models.domain.match import Match
    from scheveningen.models.formats.matchrecord import MatchSetup
    from scheveningen.models.formats.tables import published

    two = MatchRecord.start(MatchSetup(Match(boards=2)), published(2), relaxed={Rule.BOARD_BALANCE: 2})
    path = tmp_path / "two.json"
    write_match_file(two, path)
    assert read_match_file(path).relaxed == {Rule.BOARD_BALANCE: 2}


def test_scoring_must_rank_a_win_above_a_loss() -> None:
    assert Scoring(3, 1, 0).match_points(2.5, 1.5) == 3.0
    with pytest.raises(MatchRecordError, match="win >= draw >= loss"):
        Scoring(1, 2, 0)


def test_the_documented_example_is_a_valid_match_file(tmp_path: Path) -> None:
    doc = (Path(__file__).resolve().parents[3] / "docs" / "matchfile.md").read_text(encoding="utf-8")
    example = doc.split("```json\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "example.json"
    path.write_text(example, encoding="utf-8")
    record = read_match_file(path)
    assert record.team_name(Team.B) == "Bergen" and record.roster_a[0].fide_id == 1503014
    assert record.result(1, 2) is GameResult.DRAW and len(record.results) == 2


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*prefix, index))
    return found


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_any_damage_is_a_match_file_error_never_a_crash(data: st.DataObject) -> None:
    document = json.loads(four_boards().with_result(2, 2, GameResult.DRAW).to_json())
    path = data.draw(st.sampled_from(_paths(document)[1:]))
    node = document
    for key in path[:-1]:
        node = node[key]
    if data.draw(st.booleans()) and isinstance(node, dict):
        del node[path[-1]]
    else:
        node[path[-1]] = data.draw(_json_values)
    try:
        record = MatchRecord.from_json(json.dumps(document))
    except MatchFileError:
        return
    assert MatchRecord.from_json(record.to_json()) == record
