"""The ``schev`` commands that read a schedule and judge it: ``verify`` (every house rule),
``compare`` (with a published table or another file) and ``fingerprint`` (a string two schedules
share exactly when they are the same design).
"""

from __future__ import annotations

import argparse

from scheveningen.models.formats.tables import PUBLISHED_SIZES, published
from scheveningen.solver.cli.common import (
    EXIT_BROKEN,
    EXIT_OK,
    FILE_HELP,
    JSON,
    TEXT,
    Command,
    InternalError,
    Reply,
    UsageError,
    add_from,
    add_reversal,
    positive_int,
    read_schedule,
    read_written,
)
from scheveningen.solver.io import report
from scheveningen.solver.io.files import display_name
from scheveningen.solver.verify.compare import compare
from scheveningen.solver.verify.equivalence import EquivalenceBugError, canonical_form
from scheveningen.solver.verify.verifier import verify


def configure_verify(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help=FILE_HELP)
    add_from(parser)
    parser.add_argument(
        "--double",
        action="store_true",
        help="expect a double round (default: the match file's or design report's, else inferred from the round count)",
    )
    parser.add_argument(
        "--teams",
        nargs=2,
        type=positive_int,
        metavar=("P", "Q"),
        help="the planned team sizes (default: the file's header, match or team records, "
        "else the largest player numbers seen)",
    )


def cmd_verify(args: argparse.Namespace) -> Reply:
    # A match file (or a design report recording its rules) is checked against its own rule
    # settings, requests and declared relaxations; --double and --teams still override.
    parsed = read_written(args.file, tuple(args.teams) if args.teams else None, args.source_form)
    verdict = verify(
        parsed.written,
        double=True if args.double else None,
        match=parsed.match,
        declared_relaxed=dict(parsed.relaxed) or None,
    )
    name = display_name(args.file)
    return Reply(
        EXIT_OK if verdict.ok else EXIT_BROKEN,
        "ok" if verdict.ok else "broken",
        text=report.verdict_text(verdict, name),
        # Every game and violation as JSON only where JSON is asked for: most of a large check's output work.
        data=(
            {**report.verdict_data(verdict, name), "team_sizes_from": parsed.sizes_from} if args.format == JSON else {}
        ),
    )


def configure_compare(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help=FILE_HELP)
    add_from(parser)
    parser.add_argument(
        "--against", required=True, metavar="N|FILE", help="published table size, or another file (in any form)"
    )
    add_reversal(parser)


def cmd_compare(args: argparse.Namespace) -> Reply:
    left = read_schedule(args.file, args.source_form)
    against = args.against
    if against.isascii() and against.isdigit():  # not '¹', which int() refuses
        size = int(against)
        if size not in PUBLISHED_SIZES:
            raise UsageError(
                f"--against {size}: there is no published table for {size} boards "
                f"(published tables cover {PUBLISHED_SIZES.start} to {PUBLISHED_SIZES.stop - 1})"
            )
        right, right_name = published(size), f"published n{size:02d}"
    else:
        right, right_name = read_schedule(against), display_name(against)
    try:
        comparison = compare(left, right, display_name(args.file), right_name, allow_reversal=args.allow_reversal)
    except EquivalenceBugError as error:  # a witness failed its own check
        raise InternalError(str(error)) from error
    return Reply(EXIT_OK, "ok", text=report.comparison_text(comparison), data=report.comparison_data(comparison))


def configure_fingerprint(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help=FILE_HELP)
    add_from(parser)
    add_reversal(parser)


def cmd_fingerprint(args: argparse.Namespace) -> Reply:
    form = canonical_form(read_schedule(args.file, args.source_form), allow_reversal=args.allow_reversal)
    data = report.fingerprint_data(form, display_name(args.file))
    return Reply(EXIT_OK, "ok", text=report.fingerprint_text(form), data=data)


VERIFY = Command(
    (TEXT, JSON),
    configure_verify,
    cmd_verify,
    "Check a schedule against every house rule and name every fault. The file may be the text form, a "
    "design report (generate --format json), a match file (checked against its own rules and requests) "
    "or a FIDE TRF, told apart by content (--from names the form).",
)
COMPARE = Command(
    (TEXT, JSON),
    configure_compare,
    cmd_compare,
    "Compare a schedule with a published table or another file: the metrics side by side, which is "
    "better on each, and whether the two are the same design up to renumbering the players within the "
    "teams, swapping the teams and reversing every colour (with the witness when they are).",
)
FINGERPRINT = Command(
    (TEXT, JSON),
    configure_fingerprint,
    cmd_fingerprint,
    "Print a string that two schedules share exactly when they are the same design up to renumbering "
    "the players within the teams, swapping the teams and reversing every colour.",
)
