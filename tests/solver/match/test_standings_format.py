"""Standings as text, JSON, Markdown and HTML (solver/match/standings_format.py): half points as ½, one
sentence on who won or leads, every name escaped where the format needs it."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable

import pytest
from export_fixtures import TEAM_A, TEAM_B, make_record

from scheveningen.models.domain.results import GameResult
from scheveningen.models.domain.schedule import Game, Team
from scheveningen.models.formats.matchrecord import MatchRecord
from scheveningen.solver.match.standings import standings
from scheveningen.solver.match.standings_format import (
    FORMATTERS,
    points,
    standings_dict,
    standings_html,
    standings_json,
    standings_markdown,
    standings_text,
    verdict,
)


def empty() -> MatchRecord:
    return dataclasses.replace(make_record("single", boards=4), results={})


def a_wins(game: Game) -> GameResult:
    return GameResult.WHITE_WINS if game.a_white else GameResult.BLACK_WINS


def with_results(rounds: int, result: Callable[[Game], GameResult]) -> MatchRecord:
    record = empty()
    wanted = {(r, board): result(game) for r, board, game in record.schedule.games() if r <= rounds}
    return record.with_results(wanted)


@pytest.mark.parametrize(
    ("value", "text"), [(0.0, "0"), (3.0, "3"), (0.5, "½"), (2.5, "2½"), (10.5, "10½"), (1.25, "1.25")]
)
def test_points_are_written_with_half_points_as_a_fraction(value: float, text: str) -> None:
    assert points(value) == text


def test_a_match_without_results_says_so() -> None:
    assert verdict(standings(empty())) == "No results yet."


def test_a_finished_match_names_the_winner_and_the_score() -> None:
    s = standings(with_results(4, a_wins))
    assert verdict(s) == f"{TEAM_A} won against {TEAM_B}, 16-0 on board points."


def test_a_finished_match_of_draws_is_drawn() -> None:
    s = standings(with_results(4, lambda _game: GameResult.DRAW))
    assert verdict(s) == "The match is drawn, 8-8 on board points."


def test_a_match_decided_early_says_how_many_games_are_left() -> None:
    s = standings(with_results(3, a_wins))  # 12-0 with 4 games left: B cannot catch up
    assert verdict(s) == f"{TEAM_A} won against {TEAM_B}, 12-0 on board points (decided with 4 games still to play)."


def test_an_open_match_says_who_leads_and_how_many_games_are_left() -> None:
    s = standings(with_results(1, a_wins))
    assert verdict(s) == f"{TEAM_A} leads 4-0 on board points, 12 games to play."


def test_the_text_opens_with_title_score_line_and_verdict() -> None:
    record = with_results(1, lambda _game: GameResult.DRAW)
    lines = standings_text(standings(record)).splitlines()
    assert lines[0] == "Scheveningen <Cup> & Friends"
    assert lines[1].startswith(f"{TEAM_A} 2 - 2 {TEAM_B} on board points;")
    assert lines[2] == "Level at 2-2 on board points, 12 games to play."


def test_the_json_has_numbers_not_half_point_text_and_the_same_summary() -> None:
    s = standings(with_results(1, lambda _game: GameResult.DRAW))
    data = json.loads(standings_json(s))
    assert data == json.loads(json.dumps(standings_dict(s)))
    assert data["teams"]["A"]["board_points"] == 2
    assert data["players"][0]["points"] == 0.5
    assert data["summary"] == verdict(s)
    assert data["match_status"] == "in progress" and data["results_recorded"] == 4
    assert len(data["players"]) == 8


def test_markdown_escapes_a_pipe_in_a_name() -> None:
    text = standings_markdown(standings(empty()))
    assert "Pipe \\| Name, Ann" in text
    assert "| Pipe | Name" not in text


def test_html_escapes_every_name() -> None:
    page = standings_html(standings(empty()))
    assert "&lt;b&gt;Bold&lt;/b&gt;" in page and "<b>Bold</b>" not in page
    assert "O&#x27;Neil &amp; &lt;Sons&gt;" in page
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page


def test_every_format_has_a_formatter_ending_in_a_newline() -> None:
    assert tuple(FORMATTERS) == ("text", "json", "md", "html")
    s = standings(with_results(2, a_wins))
    for name in FORMATTERS:
        out = FORMATTERS[name](s)
        assert out.endswith("\n") and TEAM_B.split()[0] in out


def test_team_b_is_named_the_winner_when_it_wins() -> None:
    def b_wins(game: Game) -> GameResult:
        return GameResult.WHITE_WINS if game.white.team is Team.B else GameResult.BLACK_WINS

    assert verdict(standings(with_results(4, b_wins))) == f"{TEAM_B} won against {TEAM_A}, 16-0 on board points."
