"""Reading and writing the match file, with the verifier's check on every read and a lock for every change.

:meth:`MatchRecord.from_json` checks a match file's structure; :func:`read_match_file`
also runs the independent verifier on its schedule (with the match's rules,
requests and the relaxations the designer declared), so a schedule edited by hand
into something that breaks the house rules is refused, not scored.
:func:`write_match_file` replaces the file atomically (``report.write_output``): a
failed write leaves the old file as it was.  :func:`locked_match_file` holds an
exclusive lock on a match file across a read and the write that follows, so two
commands changing the same file at once never lose an update.
:func:`results_lost` says what replacing a match file by a new record would lose.
The format is described in ``docs/matchfile.md``.
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from scheveningen.models.domain.results import GameResult, ResultError
from scheveningen.models.domain.wording import counted
from scheveningen.models.formats.matchrecord import MatchFileError, MatchRecord
from scheveningen.solver.io.files import UnreadableFileError, read_text_file
from scheveningen.solver.io.report import write_output
from scheveningen.solver.verify.verifier import verify


def check_record(record: MatchRecord, source: str = "match file") -> None:
    """Raise :class:`MatchFileError` unless the record's schedule passes the verifier."""
    verdict = verify(record.schedule, match=record.match, declared_relaxed=dict(record.relaxed))
    if verdict.ok:
        return
    problems = [
        f"rule {int(rule)} ({verdict.title(rule)}): {v.message}"
        for rule, rv in verdict.rules.items()
        if not (rv.acceptable or rv.off)
        for v in rv.violations
    ]
    problems += [f"request not kept: {request}" for request in verdict.requests]
    shown = "; ".join(problems[:3]) + (f"; and {len(problems) - 3} more" if len(problems) > 3 else "")
    raise MatchFileError(f"{source}: the schedule fails the verifier: {shown}")


def parse_match_file(text: str, source: str = "match file") -> MatchRecord:
    """Read and verify a match file's text; :class:`MatchFileError` names ``source`` and the problem."""
    record = MatchRecord.from_json(text, source=source)
    check_record(record, source)
    return record


def read_match_file(path: str | Path) -> MatchRecord:
    """Read, check and verify a match file; :class:`MatchFileError` names the problem."""
    try:
        text = read_text_file(path, "match file")
    except UnreadableFileError as error:
        raise MatchFileError(str(error)) from None
    return parse_match_file(text, source=str(path))


def write_match_file(record: MatchRecord, path: str | Path) -> None:
    """Write the match file atomically; an ``OSError`` names ``path``."""
    write_output(record.to_json(), str(path))


@contextmanager
def locked_match_file(path: str | Path) -> Iterator[None]:
    """Hold an exclusive lock on the match file at ``path`` while the block reads and rewrites it.

    The lock (``flock``) is on the file itself; as a rewrite replaces the file by a new one, a
    command that waited for the lock on the old file takes it again on the new one before it
    reads.  A file that does not exist (yet) or cannot be opened is not locked: reading or
    writing it then reports the problem as usual.
    """
    fd = _lock(path)
    try:
        yield
    finally:
        if fd is not None:
            os.close(fd)  # releases the lock


def _lock(path: str | Path) -> int | None:
    while True:
        try:
            fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            return None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            held, now = os.fstat(fd), os.stat(path)
        except FileNotFoundError:
            os.close(fd)  # removed while we waited: try again
            continue
        except BaseException:
            os.close(fd)
            raise
        if (held.st_dev, held.st_ino) == (now.st_dev, now.st_ino):
            return fd
        os.close(fd)  # replaced while we waited: lock the new file


def results_lost(path: str | Path, record: MatchRecord) -> tuple[int, int]:
    """How many results and history entries the match file at ``path`` holds that ``record`` does not.

    ``(0, 0)`` when there is no such file, or it is not a match file (a file that is not JSON,
    say, is replaced as any other output is).  A result is kept when ``record`` has the same
    result for the same round and board; a history entry when ``record``'s history has it.
    """
    results, history = _recorded(path)
    kept_history = [change.as_dict() for change in record.history]
    return (
        sum(not _kept(entry, record) for entry in results),
        sum(entry not in kept_history for entry in history),
    )


def recorded(path: str | Path) -> tuple[int, int]:
    """How many results and history entries the match file at ``path`` holds: what writing any
    other output over it would lose.  ``(0, 0)`` when it is no match file."""
    results, history = _recorded(path)
    return len(results), len(history)


def held_text(results: int, history: int) -> str:
    """What a match file holds that a write over it would lose, in words: "4 results and 1 history entry"."""
    parts = (counted(results, "result"), counted(history, "history entry", "history entries"))
    return " and ".join(part for n, part in zip((results, history), parts, strict=True) if n)


def _recorded(path: str | Path) -> tuple[list[object], list[object]]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return [], []
    if not isinstance(data, dict) or not str(data.get("format", "")).startswith("scheveningen-match/"):
        return [], []
    results, history = data.get("results", []), data.get("history", [])
    return (results if isinstance(results, list) else []), (history if isinstance(history, list) else [])


def _kept(entry: object, record: MatchRecord) -> bool:
    if not isinstance(entry, dict):
        return False
    r, board, text = entry.get("round"), entry.get("board"), entry.get("result")
    if not (isinstance(r, int) and isinstance(board, int) and isinstance(text, str)):
        return False
    try:
        return record.results.get((r, board)) is GameResult.parse(text)
    except ResultError:
        return False
