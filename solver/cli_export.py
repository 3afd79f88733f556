"""``schev export``: a match file as a printable page or a file other chess software reads.

For a TRF, a note on standard error names what a FIDE rating report needs and the match file lacks
(event fields, players' FIDE ids); the file is written all the same.

Registered from :mod:`scheveningen.solver.cli` by :func:`register`; the command reads and verifies
the match file, renders it, and writes the output atomically (or prints it).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from scheveningen.models.matchrecord import MatchFileError
from scheveningen.solver.export import EXPORTERS, export
from scheveningen.solver.export.trf import rating_report_gaps
from scheveningen.solver.matchfile import read_match_file
from scheveningen.solver.report import write_output

EXIT_OK = 0
EXIT_BAD_INPUT = 2


def register(sub: Any) -> dict[str, Callable[[argparse.Namespace], int]]:
    """Add ``export`` to the ``schev`` sub-command parsers; return its handler."""
    parser = sub.add_parser(
        "export",
        help="write a match file as HTML pairing sheets, a FIDE TRF, PGN, CSV or Markdown",
        description="Export a match file (schev generate --spec ... --output match.json).",
    )
    parser.add_argument("match", help="the match file (JSON)")
    parser.add_argument("--format", required=True, choices=tuple(EXPORTERS), help="what to write")
    parser.add_argument("--output", "-o", metavar="FILE", help="write to FILE instead of standard output")
    return {"export": run}


def run(args: argparse.Namespace) -> int:
    """The command; a bad match file is one line on stderr and exit 2."""
    try:
        record = read_match_file(args.match)
    except MatchFileError as error:
        print(f"schev: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    write_output(export(record, args.format), args.output)
    if args.format == "trf":
        for gap in rating_report_gaps(record):
            print(f"schev: note: {gap}", file=sys.stderr)
    return EXIT_OK
