"""The history of a match file in words: every change of a recorded result, oldest first.

One line a change, as ``schev history`` prints it and the web page lists it: when (UTC), the round,
the board and its game, the old result and the new one (``cleared`` for a result removed).
"""

from __future__ import annotations

from scheveningen.models.formats.matchrecord import MatchRecord, ResultChange

#: What a match without any change of a recorded result says instead.
NO_HISTORY = "no result has been changed or cleared"


def history_line(record: MatchRecord, change: ResultChange) -> str:
    """One change: ``2026-03-07T16:12:44Z round 1 board 2 (A2-B3): 1/2-1/2 -> 1-0``."""
    game = record.game(change.round, change.board)
    new = "cleared" if change.new is None else change.new.value
    where = f"round {change.round} board {change.board} ({game.white}-{game.black})"
    return f"{change.when} {where}: {change.old.value} -> {new}"


def history_lines(record: MatchRecord) -> list[str]:
    """Every change, oldest first (empty when there is none)."""
    return [history_line(record, change) for change in record.history]
