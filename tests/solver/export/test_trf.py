"""The TRF export, read back by an independent reader written here from the FIDE layout (TRF-16 with
the TRF-2026 team records), not by the production reader: pairings, colours, results, points and board
order come back unchanged, for single and double rounds and unequal teams, complete or part played.
Then the production reader (``schev verify``/``compare`` on a TRF) round-trips the text form through the
match file and the TRF, and refuses inconsistent files with one line and exit 2."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from export_fixtures import make_record
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scheveningen.models.domain.results import GameResult
from scheveningen.models.domain.schedule import Player, Team
from scheveningen.models.formats.matchrecord import MatchRecord
from scheveningen.models.formats.textform import format_text, parse_text
from scheveningen.solver.cli.main import main
from scheveningen.solver.export.trf import export_trf
from scheveningen.solver.io.trf_reader import TrfFormatError, read_trf

# --------------------------------------------------------------------------- an independent reader


@dataclass
class Block:
    opponent: int  # 0 for none
    colour: str
    result: str


@dataclass
class Line001:
    rank: int
    sex: str
    title: str
    name: str
    rating: str
    federation: str
    fide_id: str
    birth: str
    points: float
    place: int
    blocks: list[Block]


@dataclass
class Trf:
    header: dict[str, str] = field(default_factory=dict)
    players: dict[int, Line001] = field(default_factory=dict)
    teams013: list[tuple[str, list[int]]] = field(default_factory=list)
    teams310: list[tuple[int, str, float, float, int, list[int]]] = field(default_factory=list)
    orders300: dict[tuple[int, int], tuple[int, list[int]]] = field(default_factory=dict)
    comments: list[str] = field(default_factory=list)
    round_dates: list[str] = field(default_factory=list)


def cols(line: str, first: int, last: int) -> str:
    """1-based inclusive character columns."""
    return line[first - 1 : last]


def rank_list(line: str, start: int) -> list[int]:
    out = []
    while len(line) >= start + 3 and cols(line, start, start + 3).strip():
        out.append(int(cols(line, start, start + 3)))
        start += 5
    return out


def independent_read(data: bytes) -> Trf:
    text = data.decode("utf-8")
    assert text.endswith("\r\n")
    assert "\n" not in text.replace("\r\n", ""), "every line ends in CR LF"
    trf = Trf()
    for line in text.split("\r\n")[:-1]:
        code = line[:3]
        if code == "###":
            trf.comments.append(line)
        elif code == "001":
            blocks = []
            start = 92
            while len(line) >= start:
                chunk = line[start - 1 : start + 7].ljust(8)
                blocks.append(Block(int(chunk[0:4].strip() or 0), chunk[5], chunk[7]))
                start += 10
            trf.players[int(cols(line, 5, 8))] = Line001(
                rank=int(cols(line, 5, 8)),
                sex=cols(line, 10, 10),
                title=cols(line, 11, 13).strip(),
                name=cols(line, 15, 47).strip(),
                rating=cols(line, 49, 52).strip(),
                federation=cols(line, 54, 56).strip(),
                fide_id=cols(line, 58, 68).strip(),
                birth=cols(line, 70, 79).strip(),
                points=float(cols(line, 81, 84)),
                place=int(cols(line, 86, 89)),
                blocks=blocks,
            )
        elif code == "013":
            trf.teams013.append((cols(line, 5, 36).strip(), rank_list(line, 37)))
        elif code == "310":
            trf.teams310.append(
                (
                    int(cols(line, 5, 7)),
                    cols(line, 9, 40).strip(),
                    float(cols(line, 55, 60)),
                    float(cols(line, 62, 67)),
                    int(cols(line, 69, 71)),
                    rank_list(line, 74),
                )
            )
        elif code == "300":
            key = (int(cols(line, 5, 7)), int(cols(line, 9, 11)))
            assert key not in trf.orders300
            trf.orders300[key] = (int(cols(line, 13, 15)), rank_list(line, 17))
        elif code == "132":
            start = 92
            while len(line) >= start:
                trf.round_dates.append(cols(line, start, start + 7))
                start += 10
        else:
            assert line[3] == " ", line
            trf.header[code] = line[4:]
    return trf


POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, " ": 0.0}
# (white's code, black's code) for each result.
CODES = {
    GameResult.WHITE_WINS: ("1", "0"),
    GameResult.BLACK_WINS: ("0", "1"),
    GameResult.DRAW: ("=", "="),
    GameResult.WHITE_WINS_FORFEIT: ("+", "-"),
    GameResult.BLACK_WINS_FORFEIT: ("-", "+"),
    GameResult.DOUBLE_FORFEIT: ("-", "-"),
}


def block(trf: Trf, rank: int, r: int) -> Block:
    blocks = trf.players[rank].blocks
    return blocks[r - 1] if r <= len(blocks) else Block(0, " ", " ")


def check_read_back(record: MatchRecord) -> None:
    trf = independent_read(export_trf(record).encode("utf-8"))
    schedule = record.schedule
    # Starting ranks: the 310 records list each team's players; the position in the list is the number.
    assert [t[0] for t in trf.teams310] == [1, 2]
    assert [t[1] for t in trf.teams310] == [
        record.team_name(Team.A)[:32].strip(),
        record.team_name(Team.B)[:32].strip(),
    ]
    assert [t[0] for t in trf.teams013] == [t[1] for t in trf.teams310]
    assert [t[1] for t in trf.teams013] == [t[5] for t in trf.teams310]
    player_of = {}
    for (number, _name, _mp, _gp, _rank, ranks), team in zip(trf.teams310, Team, strict=True):
        assert len(ranks) == schedule.team_size(team)
        for position, rank in enumerate(ranks, start=1):
            player_of[rank] = Player(team, position)
        assert number in (1, 2)
    assert sorted(player_of) == sorted(trf.players)
    rank_of = {player: rank for rank, player in player_of.items()}
    # Player details, points (the sum of the codes, equal to the record's results) and places.
    expected_points = {player: 0.0 for player in rank_of}
    for (r, board), result in record.results.items():
        game = record.game(r, board)
        expected_points[game.white] += result.white_points
        expected_points[game.black] += result.black_points
    for rank, line in trf.players.items():
        player = player_of[rank]
        info = record.player_info(player)
        assert line.name == info.name[:33].strip()
        assert line.rating == (str(info.rating) if info.rating else "")
        assert line.fide_id == (str(info.fide_id) if info.fide_id else "")
        assert line.title == (info.title or "")
        assert line.federation == (info.federation or "")
        assert line.sex == (info.sex or " ")
        assert line.birth == (info.birth or "").replace("-", "/")
        assert line.points == sum(POINTS[b.result] for b in line.blocks)
        assert line.points == expected_points[player]
        assert line.place == 1 + sum(1 for other in trf.players.values() if other.points > line.points)
    # Board order every round: the 300 record, or the 310 order's first boards when there is none.
    plans = {}
    for comment in trf.comments:
        words = comment.split()
        if words[:2] == ["###", "scheveningen-plan"]:
            plans[int(words[2])] = words[3]
    for r, games in enumerate(schedule.rounds, start=1):
        lineup = {}
        for number, _name, _mp, _gp, _rank, ranks in trf.teams310:
            opponent, given = trf.orders300.get((r, number), (3 - number, ranks[: schedule.boards]))
            assert opponent == 3 - number
            lineup[number] = given
        for board, game in enumerate(games, start=1):
            a_rank, b_rank = lineup[1][board - 1], lineup[2][board - 1]
            assert (player_of[a_rank], player_of[b_rank]) == (game.a_player, game.b_player)
            result = record.result(r, board)
            a_block, b_block = block(trf, a_rank, r), block(trf, b_rank, r)
            if result is None:
                # Not played yet: blank in the 001 lines, colours from the plan line.
                assert (a_block.opponent, a_block.colour.strip(), a_block.result.strip()) == (0, "", "")
                assert (b_block.opponent, b_block.colour.strip(), b_block.result.strip()) == (0, "", "")
                assert plans[r][board - 1] == ("W" if game.a_white else "B")
                continue
            assert (a_block.opponent, b_block.opponent) == (b_rank, a_rank)
            assert a_block.colour == ("w" if game.a_white else "b")
            assert b_block.colour == ("b" if game.a_white else "w")
            white_block, black_block = (a_block, b_block) if game.a_white else (b_block, a_block)
            assert (white_block.result, black_block.result) == CODES[result]
        seated = set(lineup[1]) | set(lineup[2])
        for rank in set(trf.players) - seated:  # sitting out: a blank block
            assert block(trf, rank, r).opponent == 0 and block(trf, rank, r).result == " "
        if record.round_complete(r):
            assert r not in plans
    # Header.
    assert trf.header["012"] == record.event.name
    assert trf.header["142"] == str(record.rounds)
    assert trf.header["062"] == str(schedule.team_a + schedule.team_b)
    assert trf.header["082"] == "2"
    assert trf.header["042"] == record.event.start.replace("-", "/")  # type: ignore[union-attr]
    assert trf.round_dates == [d[2:].replace("-", "/") for d in record.event.round_dates]


KINDS = ["single", "double", "unequal"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("played", [1.0, 0.5, 0.0])
def test_trf_reads_back_unchanged_by_an_independent_reader(kind: str, played: float) -> None:
    check_read_back(make_record(kind, boards=4, played_rounds=played, seed=7))


@pytest.mark.parametrize("seed", range(4))
def test_trf_reads_back_unchanged_for_larger_matches(seed: int) -> None:
    check_read_back(make_record("single", boards=9 + seed, played_rounds=0.7, seed=seed))


@pytest.mark.parametrize(
    ("kind", "code"),
    [("single", "FIDE_SCHEVENINGEN"), ("double", "FIDE_DOUBLESCHEVENINGEN"), ("unequal", "CUSTOM_SCHEVENINGEN")],
)
def test_trf_type_code(kind: str, code: str) -> None:
    trf = independent_read(export_trf(make_record(kind)).encode("utf-8"))
    assert trf.header["192"] == code


def test_trf_columns_are_counted_in_characters_not_bytes() -> None:
    text = export_trf(make_record("single"))
    line = next(line for line in text.split("\r\n") if line.startswith("001    1"))
    assert line[14:47].rstrip() == "Ødegård, Åse"
    assert line[48:52] == "2400"
    assert len(line.encode("utf-8")) > len(line)  # the accents take two bytes each


def test_team_b_order_changes_every_round_in_300_records() -> None:
    record = make_record("single", boards=6)
    trf = independent_read(export_trf(record).encode("utf-8"))
    b_orders = [trf.orders300.get((r, 2), (1, trf.teams310[1][5]))[1] for r in range(1, record.rounds + 1)]
    assert len({tuple(order) for order in b_orders}) == record.rounds
    assert not any(team == 1 for _r, team in trf.orders300)  # team A keeps its order: Ak on board k


# --------------------------------------------------------------------------- the production reader


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("played", [1.0, 0.4])
def test_text_form_match_file_and_trf_round_trip(kind: str, played: float) -> None:
    record = make_record(kind, played_rounds=played, seed=3)
    text = format_text(record.schedule)
    from_text = MatchRecord(
        match=record.match,
        schedule=parse_text(text).schedule,
        roster_a=record.roster_a,
        roster_b=record.roster_b,
        event=record.event,
    ).with_results(record.results)
    reloaded = MatchRecord.from_json(from_text.to_json())
    back = read_trf(export_trf(reloaded))
    assert back.schedule == record.schedule
    assert format_text(back.schedule) == text
    assert back.results == dict(record.results)
    assert back.team_names == (record.team_name(Team.A), record.team_name(Team.B))


def write_trf(tmp_path: Path, text: str, name: str = "match.trf") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return path


@pytest.mark.parametrize("kind", KINDS)
def test_verify_and_compare_read_a_trf(kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = make_record(kind, played_rounds=0.5)
    trf = write_trf(tmp_path, export_trf(record))
    assert main(["verify", str(trf)]) == 0
    assert "verdict: ok" in capsys.readouterr().out
    text = tmp_path / "match.txt"
    text.write_text(format_text(record.schedule), encoding="utf-8")
    assert main(["compare", str(trf), "--against", str(text)]) == 0
    out = capsys.readouterr().out
    assert "equivalent: yes" in out


@pytest.mark.parametrize("kind", ["single", "double", "unequal"])
def test_a_trf16_file_without_300_records_is_read_from_the_opponents(kind: str) -> None:
    record = make_record(kind)
    lines = export_trf(record).split("\r\n")
    old_style = "\r\n".join(line for line in lines if not line.startswith(("300", "310")))
    back = read_trf(old_style)
    assert back.schedule == record.schedule and back.results == dict(record.results)


def broken(record: MatchRecord, mutate: str) -> str:
    lines = export_trf(record).split("\r\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("001    1"))
    line = lines[first]
    if mutate == "points":
        lines[first] = line[:80] + " 9.5" + line[84:]
    elif mutate == "colour":
        lines[first] = line[:96] + ("b" if line[96] == "w" else "w") + line[97:]
    elif mutate == "result":  # a different result, with the points made to add up: the two sides disagree
        new = "=" if line[98] != "=" else "1"
        points = float(line[80:84]) - POINTS[line[98]] + POINTS[new]
        lines[first] = line[:80] + f"{points:4.1f}" + line[84:98] + new + line[99:]
    elif mutate == "opponent":
        lines[first] = line[:91] + f"{int(line[91:95]) % 8 + 1:4d}" + line[95:]
    return "\r\n".join(lines)


@pytest.mark.parametrize(
    ("mutate", "says"),
    [
        ("points", "but the results add up to"),
        ("colour", "expected one w and one b"),
        ("result", "do not agree"),
        ("opponent", "seats a player twice"),
    ],
)
def test_an_inconsistent_trf_is_refused_with_one_line(
    mutate: str, says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = make_record("single", boards=4)
    path = write_trf(tmp_path, broken(record, mutate))
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("schev: error: ") and err.count("\n") == 1
    assert "match.trf" in err and says in err


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from(["single", "double"]),
    boards=st.integers(min_value=3, max_value=9),
    played=st.sampled_from([0.0, 0.3, 0.6, 1.0]),
    seed=st.integers(min_value=0, max_value=10_000),
    rosters=st.booleans(),
)
def test_trf_round_trip_property(kind: str, boards: int, played: float, seed: int, rosters: bool) -> None:
    record = make_record(kind, boards=boards, played_rounds=played, seed=seed, rosters=rosters)
    check_read_back(record)
    back = read_trf(export_trf(record))
    assert back.schedule == record.schedule and back.results == dict(record.results)


@pytest.mark.parametrize("line_end", ["\r", "\n", "\r\n"])
def test_the_reader_accepts_any_line_end_and_comment_lines(line_end: str) -> None:
    record = make_record("double", played_rounds=0.5)
    lines = export_trf(record).split("\r\n")
    lines.insert(3, "### a comment another program wrote")
    back = read_trf(line_end.join(lines))
    assert back.schedule == record.schedule and back.results == dict(record.results)


def test_an_unplayed_round_without_a_plan_is_refused_by_name() -> None:
    record = make_record("single", played_rounds=0.5)
    text = "\r\n".join(
        line for line in export_trf(record).split("\r\n") if not line.startswith("### scheveningen-plan")
    )
    with pytest.raises(TrfFormatError, match=r"round 3 board 2 .*not played yet and no plan line gives its colours"):
        read_trf(text, "x.trf")


def test_a_superscript_digit_is_refused_as_no_number() -> None:
    # str.isdigit accepts '¹', which int() refuses: the reader must name the field, not raise ValueError.
    record = make_record("single")
    lines = export_trf(record).split("\r\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[at] = lines[at][:7] + "¹" + lines[at][8:]
    with pytest.raises(TrfFormatError, match="is not a number"):
        read_trf("\r\n".join(lines), "x.trf")


def test_a_trf_with_one_team_is_refused() -> None:
    record = make_record("single")
    text = "\r\n".join(
        line for line in export_trf(record).split("\r\n") if not line.startswith(("310   2", "013 Berg"))
    )
    with pytest.raises(TrfFormatError, match="exactly 2 team records"):
        read_trf(text)


def test_verify_reads_a_trf_from_standard_input_and_fingerprint_reads_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    record = make_record("single", boards=5)
    text = export_trf(record)
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["verify", "-"]) == 0
    assert "5 boards, 5 rounds" in capsys.readouterr().out
    path = write_trf(tmp_path, text)
    assert main(["fingerprint", str(path)]) == 0
    from_trf = capsys.readouterr().out
    plain = tmp_path / "plain.txt"
    plain.write_text(format_text(record.schedule), encoding="utf-8")
    assert main(["fingerprint", str(plain)]) == 0
    assert capsys.readouterr().out == from_trf


def test_team_records_are_taken_in_team_number_order() -> None:
    record = make_record("single", boards=4, played_rounds=0.5)
    lines = export_trf(record).split("\r\n")
    first, second = (i for i, line in enumerate(lines) if line.startswith("310"))
    lines[first], lines[second] = lines[second], lines[first]
    back = read_trf("\r\n".join(lines))
    assert back.schedule == record.schedule and back.results == dict(record.results)
