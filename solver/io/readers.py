"""A schedule file in either form the tool reads: the text form or a FIDE TRF, told apart by content.

A TRF's first record starts with a 3-digit code (``012``, ``001``, ...); the text form starts with
``#``, ``Round`` or a game such as ``A1-B1``, never with digits.  A TRF always gives a whole,
well-formed schedule (the reader checks every game from both sides), so for ``verify`` it is the
schedule as written too, with the team sizes from its team records.
"""

from __future__ import annotations

from scheveningen.models.domain.written import WrittenSchedule
from scheveningen.models.formats import textform
from scheveningen.models.formats.textform import ParsedText, ParsedWritten
from scheveningen.solver.io.trf_reader import looks_like_trf, read_trf

SIZES_FROM_TRF = "team records"


def parse_schedule(text: str, source: str = "") -> ParsedText:
    """The schedule in ``text``; raises :class:`~scheveningen.models.formats.textform.ScheduleFormatError`."""
    if looks_like_trf(text):
        match = read_trf(text, source)
        return ParsedText(schedule=match.schedule, comments=match.comments)
    return textform.parse_text(text, source)


def read_written(text: str, source: str = "", teams: tuple[int, int] | None = None) -> ParsedWritten:
    """The games as written, for the verifier: a TRF's schedule, or :func:`textform.read_written`."""
    if looks_like_trf(text):
        match = read_trf(text, source)
        return ParsedWritten(WrittenSchedule.of(match.schedule), match.comments, SIZES_FROM_TRF)
    return textform.read_written(text, source, teams)
