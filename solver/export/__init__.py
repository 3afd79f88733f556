"""Exports of a match file: the printable page and the files other chess software reads.

One module a format: :mod:`.html` (pairing sheets, crosstable, colour sheets, standings, for
printing), :mod:`.trf` (the FIDE rating report), :mod:`.pgn` (game skeletons for a broadcast or a
database), :mod:`.tabular` (the pairings as plain text, CSV or Markdown).  Each takes a
:class:`~scheveningen.models.formats.matchrecord.MatchRecord` and returns the file's text.
"""

from __future__ import annotations

from collections.abc import Callable

from scheveningen.models.formats.matchrecord import MatchRecord
from scheveningen.solver.export.html import export_html
from scheveningen.solver.export.pgn import export_pgn
from scheveningen.solver.export.tabular import export_csv, export_md, export_text
from scheveningen.solver.export.trf import export_trf

EXPORTERS: dict[str, Callable[[MatchRecord], str]] = {
    "text": export_text,
    "html": export_html,
    "trf": export_trf,
    "pgn": export_pgn,
    "csv": export_csv,
    "md": export_md,
}


def export(record: MatchRecord, fmt: str) -> str:
    """The match in format ``fmt`` (a key of :data:`EXPORTERS`)."""
    return EXPORTERS[fmt](record)
