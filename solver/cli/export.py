"""``schev export``: a match file as a printable page or a file other chess software reads.

:func:`export_answer` reads and verifies the match file and answers with one renderer a format
(``text``, the default: the pairings round by round; ``html``, ``trf``, ``pgn``, ``csv``, ``md``);
the command line writes the one asked for, atomically with ``--output``.  For a TRF, a note on
standard error names what a FIDE rating report needs and the match file lacks (event fields,
players' FIDE ids); the file is written all the same.  :mod:`scheveningen.solver.cli.main` registers
the command like those of :mod:`scheveningen.solver.cli.match`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from functools import partial

from scheveningen.solver.cli.common import Command
from scheveningen.solver.cli.match import Answer, answered
from scheveningen.solver.export import EXPORTERS, export
from scheveningen.solver.export.trf import rating_report_gaps
from scheveningen.solver.io.matchfile import read_match_file

EXPORT_HELP = "write a match file as pairings, HTML pairing sheets, a FIDE TRF, PGN, CSV or Markdown"
EXPORT_DESCRIPTION = (
    "Export a match file (schev generate --spec ... --output match.json): the pairings round by round as text "
    "(the default), one HTML page to print (pairing sheets, crosstable, colour sheets, standings), the FIDE "
    "rating report (TRF), a PGN skeleton for a broadcast, or the pairings as CSV or Markdown."
)
EXPORT_FORMATS = tuple(EXPORTERS)


def configure_export(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the match file (written by schev generate --output FILE.json)")


def export_answer(args: argparse.Namespace) -> Answer:
    """Every format of the match file; :class:`MatchFileError` when it cannot be read or verified."""
    record = read_match_file(args.file)
    if args.format == "trf":
        for gap in rating_report_gaps(record):
            print(f"schev: note: {gap}", file=sys.stderr)
    renderers: dict[str, Callable[[], str]] = {fmt: partial(export, record, fmt) for fmt in EXPORTERS}
    text = export(record, "text")
    return Answer(text=text, data={"match": args.file, "formats": list(EXPORTERS)}, renderers=renderers)


EXPORT = Command(EXPORT_FORMATS, configure_export, answered(export_answer), EXPORT_DESCRIPTION)
