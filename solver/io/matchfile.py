"""Reading and writing the match file, with the verifier's check on every read.

:meth:`MatchRecord.from_json` checks a match file's structure; :func:`read_match_file`
also runs the independent verifier on its schedule (with the match's rules,
requests and the relaxations the designer declared), so a schedule edited by hand
into something that breaks the house rules is refused, not scored.
:func:`write_match_file` replaces the file atomically: a failed write leaves the
old file as it was.  The format is described in ``docs/matchfile.md``.
"""

from __future__ import annotations

from pathlib import Path

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
