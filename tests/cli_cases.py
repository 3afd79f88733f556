"""What the command-line tests share: the schedules they read, running ``schev`` in-process, writing
input files, and reading a schedule back from JSON without the library's readers."""

from __future__ import annotations

from pathlib import Path

import pytest

from scheveningen.models.domain.schedule import Game, Player, Schedule
from scheveningen.models.formats.tables import published_text
from scheveningen.solver.cli.main import main

VALID = published_text(6)
# Round 1 boards 1 and 4 exchange B players: A1 meets B4 and A4 meets B1 twice; colours unchanged.
PAIR_TWICE = VALID.replace("Round 1\tA1-B1\tB2-A2\tB3-A3\tA4-B4", "Round 1\tA1-B4\tB2-A2\tB3-A3\tA4-B1")
# n05 round 3 board 1 reversed: A1 has Black in rounds 2, 3 and 4.
THREE_IN_A_ROW = published_text(5).replace("Round 3\tA1-B3", "Round 3\tB3-A1")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(directory: Path, name: str, content: str | bytes) -> Path:
    path = directory / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def schedule_from_games(games: list[dict[str, object]]) -> Schedule:
    """Rebuild a schedule from the JSON game list, without the library's readers."""
    n_rounds = max(int(g["round"]) for g in games)
    boards = max(int(g["board"]) for g in games)
    seats: list[list[Game | None]] = [[None] * boards for _ in range(n_rounds)]
    for g in games:
        white, black = Player.parse(str(g["white"])), Player.parse(str(g["black"]))
        seats[int(g["round"]) - 1][int(g["board"]) - 1] = Game(white, black)
    return Schedule(boards, tuple(tuple(r) for r in seats))  # type: ignore[arg-type]
