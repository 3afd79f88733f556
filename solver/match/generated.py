"""The match file of a designed schedule: made, checked, and written without losing a result.

:func:`generated_record` turns a verified design into a :class:`MatchRecord` (the spec's rosters,
event and scoring, and the results and history a spec's ``[played] match = FILE`` carried over);
:func:`write_generated` writes it over a file, refusing (unless ``force``) to replace a match file
whose results or history the new record would lose; :func:`write_new_match_file` writes it as a new
file in a folder, never replacing any.  ``schev generate --output FILE.json`` and the web page's
new match and mid-match change call these.  :func:`design_failure` words a design that gave no
schedule as ``generate`` does: a minimal set of requests that cannot hold together, or why not.
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scheveningen.models.domain.match import Match
from scheveningen.models.domain.wording import counted
from scheveningen.models.formats.matchrecord import MatchRecord, MatchRecordError, MatchSetup
from scheveningen.solver.io import report
from scheveningen.solver.io.matchfile import check_record, held_text, locked_match_file, results_lost, write_match_file

if TYPE_CHECKING:  # a design's result: named only, so that reading match files never loads the designer
    from scheveningen.solver.design.params import Result


class GeneratedMatchError(ValueError):
    """The designed match cannot become a match file (bad input, or the file would lose results):
    the message says why in one line."""


def generated_record(setup: MatchSetup, match: Match, result: Result, source: str = "match") -> MatchRecord:
    """The match record of a designed, verified schedule: ``match`` as designed, with the rosters, event
    and scoring of ``setup`` (what the spec ``source`` gave).  :class:`GeneratedMatchError` for bad
    input, naming ``source``; :class:`MatchFileError` for a bug."""
    if result.schedule is None:
        raise GeneratedMatchError("no schedule to write")
    try:
        setup = replace(setup, match=match)
        design: dict[str, Any] = {
            "tool": f"scheveningen {report.tool_version()}",
            "ortools": report.ortools_version(),
            "status": result.status.value,
            "breaks": result.breaks,
            "lower_bound": result.lower_bound,
            "seed": result.params.seed,
            "workers": result.params.workers,
        }
        record = MatchRecord.start(setup, result.schedule, relaxed=result.relaxed, design=design)
    except MatchRecordError as error:
        raise GeneratedMatchError(f"{source}: {error}") from None
    check_record(record, "the designed match")
    return record


def write_generated(record: MatchRecord, path: str | Path, force: bool = False) -> None:
    """Write a designed match file to ``path``; :class:`GeneratedMatchError` (unless ``force``) when the
    file there holds results or history the new record does not keep.  Checked and written under the
    file's lock, so a result entered meanwhile is never silently dropped."""
    with locked_match_file(path):
        results, history = results_lost(path, record)
        if (results or history) and not force:
            raise GeneratedMatchError(
                f"{path} holds {held_text(results, history)} that the new match file would lose: "
                "use --force to replace it all the same, or write to another file"
            )
        write_match_file(record, path)


#: What a new match file's name may be made of (the rest becomes ``-``).
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def file_stem(text: str, default: str = "match") -> str:
    """A plain file name stem from a title ("Oslo - Bergen" -> ``Oslo-Bergen``): letters, digits,
    ``.``, ``_`` and ``-`` only, no leading dot, at most 60 characters; ``default`` when nothing is left."""
    stem = re.sub(r"-+", "-", _UNSAFE.sub("-", text)).strip("-._")[:60].strip("-._")
    return stem or default


def write_new_match_file(record: MatchRecord, folder: str | Path, stem: str) -> Path:
    """Write ``record`` as a new match file in ``folder``, ``STEM.json`` or, where that exists,
    ``STEM-2.json``, ``STEM-3.json``, ...; never replaces a file, even one made meanwhile.

    The text is written to a temporary file in the folder and flushed to disk, then linked under the
    new name (a link fails where the name exists: the next name is tried), so the match file appears
    whole or not at all.  A new file gets the permissions the umask gives.  Returns its path."""
    folder = Path(folder)
    stem = file_stem(stem)
    umask = os.umask(0)
    os.umask(umask)
    fd, tmp = tempfile.mkstemp(prefix=f".{stem}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(record.to_json())
            handle.flush()
            os.fchmod(handle.fileno(), 0o666 & ~umask)
            os.fsync(handle.fileno())
        for number in range(1, 10_000):
            target = folder / (f"{stem}.json" if number == 1 else f"{stem}-{number}.json")
            try:
                os.link(tmp, target)
            except FileExistsError:
                continue
            return target
        raise GeneratedMatchError(f"{folder}: no free name for {stem}.json")
    finally:
        Path(tmp).unlink(missing_ok=True)


def design_failure(result: Result, match: Match, time_limit: float, interrupted: bool = False) -> list[str]:
    """Why a design gave no schedule, in ``generate``'s words: the design's own messages, that it was
    interrupted, then a minimal set of requests and rules that cannot hold together, or that no
    schedule keeps the rules, or that none was found in time."""
    from scheveningen.solver.design.params import Status

    messages = list(result.messages)
    if interrupted:
        messages.append("interrupted before any schedule was found")
    if result.status is Status.INFEASIBLE:
        if result.explanation:
            messages.append(f"impossible: {_conflict_noun(result.explanation)} cannot hold together:")
            messages[-1] += "".join(f"\n  - {line}" for line in result.explanation)
        else:
            messages.append(f"no schedule on {counted(match.boards, 'board')} keeps the rules required")
    elif not interrupted and not any(m.startswith("no schedule found") for m in messages):
        messages.append(f"no schedule found within {time_limit:g} s")
    return messages


def _conflict_noun(explanation: tuple[str, ...]) -> str:
    """"this request", "these 3 requests", "these 2 rules" or "these 3 requests and rules"."""
    count = len(explanation)
    rules = sum(1 for line in explanation if line.startswith("rule "))
    if count == 1:
        return "this rule" if rules else "this request"
    if rules == count:
        return f"these {count} rules"
    return f"these {count} requests and rules" if rules else f"these {count} requests"
