"""A schedule file in either form the tool reads: the text form or a FIDE TRF, told apart by content.

A TRF's first record starts with a 3-digit code (``012``, ``001``, ...); the text form starts with
``#``, ``Round`` or a game such as ``A1-B1``, never with digits.
"""

from __future__ import annotations

from scheveningen.models.textform import ParsedText, parse_text
from scheveningen.solver.trf_reader import looks_like_trf, read_trf


def parse_schedule(text: str, source: str = "") -> ParsedText:
    """The schedule in ``text``; raises :class:`~scheveningen.models.textform.ScheduleFormatError`."""
    if looks_like_trf(text):
        match = read_trf(text, source)
        return ParsedText(schedule=match.schedule, comments=match.comments)
    return parse_text(text, source)
