"""Standings against hand-computed small matches, and FIDE's performance-rating table."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from match_cases import ALL, double_unequal, four_boards, unequal

from scheveningen.models.domain.results import GameResult
from scheveningen.models.domain.schedule import Player, Team
from scheveningen.models.formats.matchrecord import MatchRecord, Scoring
from scheveningen.solver.match.standings import performance_rating, rating_difference, standings
from scheveningen.solver.match.standings_format import FORMATTERS, points, standings_dict, verdict

R = GameResult.parse


def played(record: MatchRecord, rounds: list[str]) -> MatchRecord:
    for r, line in enumerate(rounds, start=1):
        record = record.with_round(r, [R(t) for t in line.split()])
    return record


# The published 4-board table (see match_cases): White first on each board.
#   R1 A1-B1 A2-B2 B3-A3 B4-A4     R2 B2-A1 B1-A2 A3-B4 A4-B3
#   R3 A1-B3 A2-B4 B1-A3 B2-A4     R4 B4-A1 B3-A2 A3-B2 A4-B1
# Ratings: A1 2400, A2 2300, A3 -, A4 2000; B1 2000, B2 2100, B3 2200, B4 2300.
ROUNDS = ["1-0 = 1-0 0-1", "= = = =", "0-1 0-1 1-0 1-0", "+- -- -+ 1-0"]


def test_a_four_board_match_by_hand() -> None:
    s = standings(played(four_boards(), ROUNDS))
    # Round 1: A1 1, A2 1/2, B3 wins with White, A4 wins with Black: A 2.5, B 1.5.
    # Round 2: four draws. Round 3: B wins all four. Round 4: B4 and B2 win by forfeit, board 2 is a
    # double forfeit (no points), A4 wins.
    assert [(r.points_a, r.points_b) for r in s.rounds] == [(2.5, 1.5), (2, 2), (0, 4), (1, 2)]
    assert [(r.running_a, r.running_b) for r in s.rounds] == [(2.5, 1.5), (4.5, 3.5), (4.5, 7.5), (5.5, 9.5)]
    assert [(r.match_points_a, r.match_points_b) for r in s.rounds] == [(2, 0), (1, 1), (0, 2), (0, 2)]
    assert [(r.running_match_a, r.running_match_b) for r in s.rounds] == [(2, 0), (3, 1), (3, 3), (3, 5)]
    assert (s.points_a, s.points_b, s.match_points_a, s.match_points_b) == (5.5, 9.5, 3, 5)
    assert s.status == "finished" and s.decided and s.winner is Team.B
    assert verdict(s) == "Bergen won against Oslo, 9½-5½ on board points."
    by_code = {str(p.player): p for p in s.players}
    a1, a2, a3, a4, b2 = (by_code[c] for c in ("A1", "A2", "A3", "A4", "B2"))
    # A1: 1 + 1/2 + 0 against B1, B2, B3 (2000, 2100, 2200), then lost by forfeit (not rated).
    assert (a1.points, a1.results, a1.played, a1.rated_games) == (1.5, 4, 3, 3)
    assert (a1.opponents_average, a1.performance) == (2100, 2100)  # p = .50, dp 0
    # A2: 1/2 + 1/2 + 0 against B2, B1, B4 (2100, 2000, 2300), double forfeit in round 4.
    # Ra = 6400 / 3 = 2133.3 -> 2133; p = 1/3 -> .33 -> dp -125.
    assert (a2.points, a2.played, a2.opponents_average, a2.performance) == (1.0, 3, 2133, 2008)
    # A4: 1 + 1/2 + 0 + 1 against B4, B3, B2, B1: Ra 2150, p = .625 -> .63 (halves up) -> dp 95.
    assert (a4.points, a4.performance) == (2.5, 2245)
    # A3 has no rating; B2 played A2, A1, A4 (2300, 2400, 2000) for 2 points and won by forfeit
    # against A3: 3 points, Ra 2233, p = 2/3 -> .67 -> dp 125.
    assert (b2.points, b2.played, b2.rated_games, b2.performance) == (3.0, 3, 3, 2358)
    assert by_code["B1"].performance is not None and a3.info.rating is None


def test_match_points_can_decide_otherwise() -> None:
    # A wins three rounds narrowly and loses one heavily: B ahead on board points, A on match points.
    record = played(four_boards(), ["1-0 1-0 1-0 =", "0-1 0-1 0-1 =", "1-0 1-0 1-0 =", "1-0 1-0 0-1 0-1"])
    s = standings(record)
    assert (s.points_a, s.points_b, s.match_points_a, s.match_points_b) == (7.5, 8.5, 6, 2)
    assert s.winner is Team.B
    by_match = standings(replace(record, scoring=Scoring(decided_by="match_points")))
    assert by_match.winner is Team.A
    assert verdict(by_match) == "Oslo won against Bergen, 6-2 on match points."
    three = standings(replace(record, scoring=Scoring(3, 1, 0, "match_points")))
    assert (three.match_points_a, three.match_points_b) == (9, 3)


def test_the_winner_is_known_once_the_rest_cannot_change_it() -> None:
    record = played(four_boards(), ["0-1 0-1 1-0 1-0", "1-0 1-0 0-1 0-1", "0-1 0-1 1-0 1-0"])
    s = standings(record)  # B 12 - A 0 with 4 games left
    assert s.status == "in progress" and s.decided and s.winner is Team.B
    assert verdict(s) == "Bergen won against Oslo, 12-0 on board points (decided with 4 games still to play)."
    close = standings(played(four_boards(), ["0-1 0-1 1-0 1-0", "= = = =", "= = = ="]))
    assert not close.decided and close.winner is None  # 4-8 with 4 games left: B could still be caught
    assert verdict(close) == "Bergen leads 8-4 on board points, 4 games to play."
    level = standings(played(four_boards(), ["= = = =", "= = = =", "= = = =", "= = = ="]))
    assert level.decided and level.drawn and verdict(level) == "The match is drawn, 8-8 on board points."
    assert verdict(standings(four_boards())) == "No results yet."


def test_a_partial_round_gives_no_match_points_yet() -> None:
    record = four_boards().with_result(1, 1, GameResult.WHITE_WINS)
    s = standings(record)
    first = s.rounds[0]
    assert (first.points_a, first.recorded, first.complete, first.match_points_a) == (1.0, 1, False, None)
    assert (s.match_points_a, s.match_points_b) == (0, 0)


def test_unequal_teams_score_only_the_games_played() -> None:
    # Teams of 3 and 4 on 3 boards: B1 sits out round 1, B2 round 3 ... each B player plays 3 games.
    record = played(unequal(), ["1-0 1-0 1-0", "1-0 1-0 1-0", "1-0 1-0 1-0", "1-0 1-0 1-0"])
    s = standings(record)
    games = {str(p.player): len(p.games) for p in s.players}
    assert games == {"A1": 4, "A2": 4, "A3": 4, "B1": 3, "B2": 3, "B3": 3, "B4": 3}
    # White always wins: A has White on 1, 2, 1, 2 boards in rounds 1-4.
    assert [(r.points_a, r.points_b) for r in s.rounds] == [(1, 2), (2, 1), (1, 2), (2, 1)]
    assert s.winner is None and s.drawn  # 6-6
    assert sum(p.points for p in s.players) == 12


def test_double_rounds_with_unequal_teams() -> None:
    record = double_unequal()
    for r in range(1, record.rounds + 1):
        record = record.with_round(r, [GameResult.DRAW, GameResult.BLACK_WINS])
    s = standings(record)
    assert s.games == 12 and s.status == "finished"
    assert {str(p.player): p.results for p in s.players} == {"A1": 4, "A2": 4, "A3": 4, "B1": 6, "B2": 6}
    assert s.points_a + s.points_b == 12


@pytest.mark.parametrize(
    ("p", "dp"),
    [(1.0, 800), (0.99, 677), (0.9, 366), (0.83, 273), (0.75, 193), (0.625, 95), (0.51, 7), (0.5, 0),
     (0.49, -7), (0.33, -125), (0.25, -193), (0.17, -273), (0.01, -677), (0.0, -800)],
)  # fmt: skip
def test_fide_table_of_rating_differences(p: float, dp: int) -> None:
    assert rating_difference(p) == dp


def test_performance_at_the_ends_of_the_table() -> None:
    assert performance_rating([2000, 2100], 2.0) == 2050 + 800
    assert performance_rating([2000, 2101], 0.0) == 2051 - 800  # 2050.5 rounds up
    assert performance_rating([], 0.0) is None
    with pytest.raises(ValueError):
        rating_difference(1.5)


def test_every_format_shows_the_names_and_the_verdict() -> None:
    s = standings(played(four_boards(), ROUNDS))
    for name, formatter in FORMATTERS.items():
        text = formatter(s)
        assert "Øre, Åse" in text, name
        if name == "html":
            assert "Vik, Kari &lt;&amp;&gt;" in text and "Vik, Kari <&>" not in text
        elif name != "json":
            assert "Bergen won against Oslo" in text
    data = standings_dict(s)
    assert data["winner"] == "B" and data["teams"]["A"]["board_points"] == 5.5
    assert data["players"][0]["games"][3] == {
        "round": 4, "board": 1, "opponent": "B4", "colour": "black", "result": "+-", "points": 0
    }  # fmt: skip
    assert [points(x) for x in (0, 0.5, 2.5, 3)] == ["0", "½", "2½", "3"]
    assert standings(four_boards()).players[0].player == Player(Team.A, 1)


@st.composite
def scored(draw: st.DrawFn) -> MatchRecord:
    record = ALL[draw(st.sampled_from(sorted(ALL)))]()
    games = [(r, b) for r in range(1, record.rounds + 1) for b in range(1, record.boards + 1)]
    chosen = draw(st.lists(st.sampled_from(games), unique=True))
    filled: MatchRecord = record.with_results({key: draw(st.sampled_from(list(GameResult))) for key in chosen})
    return filled


@settings(max_examples=60, deadline=None)
@given(scored())
def test_every_total_adds_up(record: MatchRecord) -> None:
    s = standings(record)
    for team, total in ((Team.A, s.points_a), (Team.B, s.points_b)):
        assert sum(p.points for p in s.team_players(team)) == total
    assert sum(r.points_a for r in s.rounds) == s.points_a and sum(r.points_b for r in s.rounds) == s.points_b
    double_forfeits = sum(1 for r in record.results.values() if r is GameResult.DOUBLE_FORFEIT)
    assert s.points_a + s.points_b == len(record.results) - double_forfeits
    for r in s.rounds:
        if r.complete:
            assert r.match_points_a is not None and r.match_points_b is not None
            assert r.match_points_a + r.match_points_b == 2.0  # 2 + 0 or 1 + 1 with the default scoring
        else:
            assert r.match_points_a is None
    assert s.decided == (s.recorded == s.games or abs(s.points_a - s.points_b) > s.games - s.recorded)
    for p in s.players:
        assert p.played <= p.results <= len(p.games)
        assert (p.performance is None) == (p.rated_games == 0)
