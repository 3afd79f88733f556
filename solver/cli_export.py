"""``schev export``: a match file as a printable page or a file other chess software reads.

:func:`export_answer` reads and verifies the match file and answers with one renderer a format
(``html``, ``trf``, ``pgn``, ``csv``, ``md``); the command line writes the one asked for, atomically
with ``--output``.  For a TRF, a note on standard error names what a FIDE rating report needs and
the match file lacks (event fields, players' FIDE ids); the file is written all the same.

Registered from :mod:`scheveningen.solver.cli` by :func:`register`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from scheveningen.models.matchrecord import MatchFileError
from scheveningen.solver.cli_match import Answer
from scheveningen.solver.export import EXPORTERS, export
from scheveningen.solver.export.trf import rating_report_gaps
from scheveningen.solver.matchfile import read_match_file
from scheveningen.solver.report import write_output

EXIT_OK = 0
EXIT_BAD_INPUT = 2

EXPORT_HELP = "write a match file as HTML pairing sheets, a FIDE TRF, PGN, CSV or Markdown"
EXPORT_FORMATS = tuple(EXPORTERS)


def configure_export(parser: argparse.ArgumentParser) -> None:
    parser.description = "Export a match file (schev generate --spec ... --output match.json)."
    parser.add_argument("match", help="the match file (JSON)")


def export_answer(args: argparse.Namespace) -> Answer:
    """Every format of the match file; :class:`MatchFileError` when it cannot be read or verified."""
    record = read_match_file(args.match)
    if args.format == "trf":
        for gap in rating_report_gaps(record):
            print(f"schev: note: {gap}", file=sys.stderr)
    renderers: dict[str, Callable[[], str]] = {fmt: partial(export, record, fmt) for fmt in EXPORTERS}
    return Answer(text="", data={"match": args.match, "formats": list(EXPORTERS)}, renderers=renderers)


def register(sub: Any) -> dict[str, Callable[[argparse.Namespace], int]]:
    """Add ``export`` to the ``schev`` sub-command parsers; return its handler."""
    parser = sub.add_parser("export", help=EXPORT_HELP)
    configure_export(parser)
    parser.add_argument("--format", required=True, choices=EXPORT_FORMATS, help="what to write")
    parser.add_argument("--output", "-o", metavar="FILE", help="write to FILE instead of standard output")
    return {"export": run}


def run(args: argparse.Namespace) -> int:
    """The command; a bad match file is one line on stderr and exit 2."""
    try:
        answer = export_answer(args)
    except MatchFileError as error:
        print(f"schev: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    write_output(answer.render(args.format), args.output)
    return EXIT_OK
