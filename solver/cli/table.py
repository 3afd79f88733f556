"""The ``schev table`` command: a published standard table, or the best known design, as published."""

from __future__ import annotations

import argparse

from scheveningen.models.formats.tables import UnknownTableError, best_text, published_text
from scheveningen.models.formats.textform import parse_text
from scheveningen.solver.cli.common import EXIT_OK, JSON, TEXT, Command, Reply, UsageError
from scheveningen.solver.io import report
from scheveningen.solver.verify.verifier import verify


def configure_table(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("boards", type=int, help="number of boards")
    parser.add_argument("--best", action="store_true", help="the best known design instead (this project's search)")


def cmd_table(args: argparse.Namespace) -> Reply:
    kind = "best known" if args.best else "published"
    try:
        text = best_text(args.boards) if args.best else published_text(args.boards)
    except UnknownTableError as error:
        raise UsageError(str(error)) from None
    verdict = verify(parse_text(text).schedule)
    data = report.verdict_data(verdict, name=f"{kind} table n{args.boards:02d}")
    return Reply(EXIT_OK, "ok", text=text, data=data)


TABLE = Command(
    (TEXT, JSON),
    configure_table,
    cmd_table,
    "Print the published standard table for 2 to 13 boards exactly as published, or with --best the "
    "best known design of that size.",
)
