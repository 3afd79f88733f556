"""Recording results in a match file (solver/match/record.py): a round, a game, a clear, a form's
changes with the version it showed; every write under the lock, every refusal leaving the file as it was."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from match_cases import four_boards

from scheveningen.models.domain.results import GameResult
from scheveningen.models.formats.matchrecord import MatchRecordError
from scheveningen.solver.io.matchfile import read_match_file, write_match_file
from scheveningen.solver.match.record import (
    ChangedMeanwhile,
    clear_game,
    game_version,
    record_changes,
    record_game,
    record_round,
    recorded_lines,
)

W, B, D = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW


def match_file(tmp_path: Path) -> Path:
    path = tmp_path / "match.json"
    write_match_file(four_boards(), path)
    return path


def test_a_round_a_game_and_a_clear_are_written_and_worded_as_the_command_line_prints_them(tmp_path: Path) -> None:
    path = match_file(tmp_path)
    done = record_round(path, 1, [W, B, D, W])
    assert done.changed == (1, 2, 3, 4) and read_match_file(path).result(1, 3) is D
    assert recorded_lines(done)[0] == "round 1 board 1: Carlsen, Magnus (A1) - Øre, Åse (B1) 1-0"
    assert recorded_lines(done)[-1].startswith("match score: Oslo 1½ - 2½ Bergen. ")
    with pytest.raises(MatchRecordError, match="use --force"):
        record_game(path, 1, 2, W)
    done = record_game(path, 1, 2, W, force=True)
    assert done.changed == (2,) and len(read_match_file(path).history) == 1
    done = clear_game(path, 1, 2, force=True)
    assert read_match_file(path).result(1, 2) is None
    assert recorded_lines(done)[0].endswith("cleared (was 1-0)")


def test_a_form_whose_game_changed_meanwhile_records_nothing(tmp_path: Path) -> None:
    path = match_file(tmp_path)
    shown = read_match_file(path)
    seen = {b: game_version(shown, 1, b) for b in (1, 2)}
    record_game(path, 1, 2, D)  # another arbiter, meanwhile
    before = path.read_bytes()
    with pytest.raises(ChangedMeanwhile) as refused:
        record_changes(path, 1, {1: W, 2: B}, seen)
    assert refused.value.boards == (2,) and refused.value.record.result(1, 2) is D
    assert path.read_bytes() == before
    # A game untouched since it was shown is recorded; a change of a result needs the confirmation.
    now = read_match_file(path)
    record_changes(path, 1, {1: W}, {1: game_version(now, 1, 1)})
    with pytest.raises(MatchRecordError, match="already has the result"):
        record_changes(path, 1, {2: B}, {2: game_version(now, 1, 2)})
    done = record_changes(
        path, 1, {2: None, 1: B}, {b: game_version(read_match_file(path), 1, b) for b in (1, 2)}, True
    )
    after = read_match_file(path)
    assert done.changed == (1, 2) and after.result(1, 2) is None and after.result(1, 1) is B
    assert [(c.board, c.old, c.new) for c in after.history] == [(1, W, B), (2, D, None)]


def test_a_change_then_a_change_back_is_a_new_version() -> None:
    record = four_boards().with_result(1, 1, W)
    shown = game_version(record, 1, 1)
    again = record.with_result(1, 1, D, force=True).with_result(1, 1, W, force=True)
    assert again.result(1, 1) is record.result(1, 1) and game_version(again, 1, 1) != shown


def test_forms_sent_at_once_from_many_threads_each_land_once(tmp_path: Path) -> None:
    path = match_file(tmp_path)
    empty = read_match_file(path)
    games = [(r, b) for r in range(1, 5) for b in range(1, 5)]

    def enter(r: int, b: int) -> None:
        record_changes(path, r, {b: W}, {b: game_version(empty, r, b)})

    threads = [threading.Thread(target=enter, args=game) for game in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(read_match_file(path).results) == 16
