"""Recording results in a match file: one round, one game, a clear, or the changes of a form.

Every function here reads the match file, changes its record and writes it back under the file's
lock (:func:`~scheveningen.solver.io.matchfile.locked_match_file`), so two arbiters entering results
at once (two terminals, two browsers, or one of each) never lose one.  The file is rewritten only
when something changed, atomically, keeping its mode and links; a refusal leaves it byte for byte
as it was.  Changing or clearing a recorded result needs ``force`` and is kept in the file's
history (:meth:`MatchRecord.with_results`, :meth:`MatchRecord.without_result`).

A form shows a game as it was when the page was made; :func:`game_version` names that state (the
result and how many times it was changed or cleared), and :func:`record_changes` refuses, with
:class:`ChangedMeanwhile` and without changing anything, a change to a game that is no longer in
the state the form showed.

:func:`recorded_lines` words what was recorded, a line a game and the match score, as ``schev
result`` prints it and the web page shows it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from scheveningen.models.domain.results import GameResult
from scheveningen.models.domain.schedule import Team
from scheveningen.models.formats.matchrecord import MatchRecord, MatchRecordError
from scheveningen.solver.io.matchfile import locked_match_file, read_match_file, write_match_file
from scheveningen.solver.match.standings import standings
from scheveningen.solver.match.standings_format import points, verdict


class ChangedMeanwhile(MatchRecordError):
    """A game changed after the form that asks to change it was shown: nothing was recorded.

    ``record`` is the match as it is now, ``boards`` the games of ``round`` that changed meanwhile."""

    def __init__(self, record: MatchRecord, round: int, boards: Sequence[int]) -> None:
        listed = ", ".join(str(b) for b in boards)
        super().__init__(
            f"round {round}, board{'s' if len(boards) > 1 else ''} {listed} changed meanwhile: nothing was "
            "recorded; the page now shows the results as they are"
        )
        self.record = record
        self.round = round
        self.boards = tuple(boards)


@dataclass(frozen=True)
class Recorded:
    """What a recording did: the record before and after, the round, the boards asked about (board
    order) and those whose result changed (the file was rewritten only when there are any)."""

    before: MatchRecord
    after: MatchRecord
    round: int
    boards: tuple[int, ...]
    changed: tuple[int, ...]


def game_version(record: MatchRecord, r: int, board: int) -> str:
    """The state of one game as a form shows it: its result (empty: none) and how many times it was
    changed or cleared.  Two states with the same version are the same for anyone entering a result."""
    result = record.result(r, board)
    changes = sum(1 for change in record.history if (change.round, change.board) == (r, board))
    return f"{'' if result is None else result.value}:{changes}"


def _update(
    path: str | Path,
    r: int,
    boards: Sequence[int] | None,
    change: Callable[[MatchRecord], MatchRecord],
    expected: Mapping[int, str] | None = None,
) -> Recorded:
    """Read, change with ``change`` and write back (only when a result changed), under the file's lock;
    ``boards`` the games asked about (``None``: the whole round)."""
    with locked_match_file(path):
        record = read_match_file(path)
        if boards is None:
            boards = range(1, record.boards + 1)
        if expected:
            stale = [b for b, version in sorted(expected.items()) if game_version(record, r, b) != version]
            if stale:
                raise ChangedMeanwhile(record, r, stale)
        updated = change(record)
        changed = tuple(b for b in boards if record.result(r, b) is not updated.result(r, b))
        if changed:
            write_match_file(updated, path)
    return Recorded(record, updated, r, tuple(boards), changed)


def record_round(path: str | Path, r: int, results: Sequence[GameResult], force: bool = False) -> Recorded:
    """A whole round's results, one a board in board order (``schev result FILE --round R ...``)."""

    return _update(path, r, None, lambda record: record.with_round(r, results, force=force))


def record_game(path: str | Path, r: int, board: int, result: GameResult, force: bool = False) -> Recorded:
    """One game's result (``schev result FILE --round R --board B RESULT``)."""
    return _update(path, r, [board], lambda record: record.with_result(r, board, result, force=force))


def clear_game(path: str | Path, r: int, board: int, force: bool = False) -> Recorded:
    """Remove one game's result (``schev result FILE --round R --board B --clear``); clearing a
    recorded result needs ``force``, clearing none changes nothing."""
    return _update(path, r, [board], lambda record: record.without_result(r, board, force=force))


def record_changes(
    path: str | Path,
    r: int,
    changes: Mapping[int, GameResult | None],
    expected: Mapping[int, str],
    force: bool = False,
) -> Recorded:
    """The changes of a round's form: board -> its new result (``None``: clear it), all or nothing.

    ``expected`` holds, for each board changed, the :func:`game_version` the form showed; a game in
    another state now raises :class:`ChangedMeanwhile` and nothing is recorded.  Changing or
    clearing a recorded result needs ``force`` (the form's confirmation), as on the command line.
    """
    missing = [b for b in changes if b not in expected]
    if missing:
        raise MatchRecordError(f"board {missing[0]}: the form did not say what it showed")
    boards = sorted(changes)

    def change(record: MatchRecord) -> MatchRecord:
        new = {(r, b): result for b, result in changes.items() if result is not None}
        updated = record.with_results(new, force=force)
        for b in boards:
            if changes[b] is None:
                updated = updated.without_result(r, b, force=force)
        return updated

    return _update(path, r, boards, change, {b: expected[b] for b in boards})


def recorded_lines(done: Recorded) -> list[str]:
    """What was recorded, a line a game, then the match score: what ``schev result`` prints."""
    r, record, updated = done.round, done.before, done.after
    lines = []
    for b in done.boards:
        game = updated.game(r, b)
        white, black = updated.player_info(game.white), updated.player_info(game.black)
        now, before = updated.result(r, b), record.result(r, b)
        if now is None:
            shown = f"cleared (was {before.value})" if before is not None else "no result recorded (nothing to clear)"
        else:
            shown = now.value + ("" if b in done.changed else " (already recorded)")
        lines.append(f"round {r} board {b}: {white.name} ({game.white}) - {black.name} ({game.black}) {shown}")
    st = standings(updated)
    a, b_name = updated.team_name(Team.A), updated.team_name(Team.B)
    lines.append(f"match score: {a} {points(st.points_a)} - {points(st.points_b)} {b_name}. {verdict(st)}")
    return lines
