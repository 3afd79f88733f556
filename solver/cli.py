"""The ``schev`` command line: a thin layer that parses arguments, calls the library, prints.

Exit codes (also in the README):

* 0: success (a schedule was printed, or a verified schedule keeps every rule);
* 1: a checked schedule breaks a rule, or no schedule can exist for the request;
* 2: bad input: unreadable file, malformed schedule, size out of range, bad option;
* 3: no schedule found within the time limit (nothing proven either way);
* 70: internal error: the verifier rejected a designed schedule, or an equivalence witness failed its
  check (a bug; please report it).
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import replace

from scheveningen.models.match import Match, MatchError, RuleSettings
from scheveningen.models.tables import PUBLISHED_SIZES, UnknownTableError, best_text, published, published_text
from scheveningen.models.textform import ScheduleFormatError, parse_text
from scheveningen.solver import cli_export, cli_match, report
from scheveningen.solver.compare import compare
from scheveningen.solver.design import (
    MAX_BOARDS,
    MIN_BOARDS,
    DesignBugError,
    DesignInputError,
    DesignParams,
    Status,
    design_match,
)
from scheveningen.solver.equivalence import EquivalenceBugError, canonical_form
from scheveningen.solver.files import UnreadableFileError, read_text_file
from scheveningen.solver.readers import parse_schedule
from scheveningen.solver.spec import SpecError, load_spec
from scheveningen.solver.verifier import verify

EXIT_OK = 0
EXIT_BROKEN = 1
EXIT_BAD_INPUT = 2
EXIT_NOT_FOUND = 3
EXIT_BUG = 70


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        raise UsageError(message)


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be positive, got {text}")
    return value


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {text}")
    return value


def _non_negative_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {text}")
    return value


def _add_output(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format (default text)")
    parser.add_argument("--output", "-o", metavar="FILE", help="write to FILE instead of standard output")


def _add_reversal(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--allow-reversal",
        action="store_true",
        help="also count playing the rounds in reverse order as the same design (besides renumbering within "
        "teams, swapping the teams and reversing every colour)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="schev", description="Design and verify Scheveningen-system schedules for team matches.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {report.tool_version()}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    table = sub.add_parser("table", help="print a published standard table (2 to 13 boards)")
    table.add_argument("boards", type=int, help="number of boards")
    table.add_argument("--best", action="store_true", help="the best known design instead (this project's search)")
    _add_output(table)

    gen = sub.add_parser("generate", help="design a schedule with the fewest breaks")
    gen.add_argument("boards", type=int, nargs="?", help=f"number of boards ({MIN_BOARDS} to {MAX_BOARDS})")
    gen.add_argument("--spec", metavar="FILE", help="a match spec (TOML): team sizes, names, rules, requests")
    gen.add_argument("--time-limit", type=_positive_float, default=10.0, metavar="S", help="seconds (default 10)")
    gen.add_argument("--seed", type=_non_negative_int, default=0, metavar="K", help="random seed (default 0)")
    gen.add_argument(
        "--workers", type=_positive_int, default=8, metavar="W", help="search workers; 1 is deterministic (default 8)"
    )
    gen.add_argument(
        "--work-limit",
        type=_positive_float,
        metavar="U",
        help="CP-SAT deterministic time; with --workers 1 the output is then the same on every machine",
    )
    gen.add_argument(
        "--objective", choices=("breaks", "fair", "none"), help="what to minimise (default breaks, or the spec's)"
    )
    gen.add_argument("--double", action="store_true", help="double round: every pair meets twice, colours reversed")
    gen.add_argument("--strict", action="store_true", help="never relax a house rule; fail instead")
    gen.add_argument("--quiet", "-q", action="store_true", help="no progress display")
    _add_output(gen)

    ver = sub.add_parser("verify", help="check a schedule file against every house rule")
    ver.add_argument("file", help="schedule in the text form or a FIDE TRF ('-' for standard input)")
    ver.add_argument("--double", action="store_true", help="expect a double round (inferred from the round count)")
    _add_output(ver)

    cmp_ = sub.add_parser("compare", help="compare a schedule with a published table or another file")
    cmp_.add_argument("file", help="schedule in the text form or a FIDE TRF")
    cmp_.add_argument("--against", required=True, metavar="N|FILE", help="published table size, or another file")
    _add_reversal(cmp_)
    _add_output(cmp_)

    fp = sub.add_parser("fingerprint", help="a string equal for two schedules exactly when they are the same design")
    fp.add_argument("file", help="schedule in the text form ('-' for standard input)")
    _add_reversal(fp)
    _add_output(fp)
    COMMANDS.update(cli_match.register(sub))  # result, standings (issue 12)
    COMMANDS.update(cli_export.register(sub))  # export (issue 12)
    return parser


def _read_schedule(path: str):  # -> ParsedText
    try:
        text = sys.stdin.read() if path == "-" else read_text_file(path, "schedule file")
    except UnreadableFileError as error:
        raise UsageError(str(error)) from None
    try:
        return parse_schedule(text, source=path)
    except ScheduleFormatError as error:
        raise UsageError(str(error)) from None


def _cmd_table(args: argparse.Namespace) -> int:
    kind = "best known" if args.best else "published"
    try:
        text = best_text(args.boards) if args.best else published_text(args.boards)
    except UnknownTableError as error:
        raise UsageError(str(error)) from None
    if args.format == "json":
        schedule = parse_text(text).schedule
        text = report.verdict_json(verify(schedule), name=f"{kind} table n{args.boards:02d}")
    report.write_output(text, args.output)
    return EXIT_OK


class _ProgressLine:
    """The interactive progress line: breaks of the best schedule so far, proven bound, time.

    The solver reports improvements; a ticker thread redraws the line twice a second
    once the solve has run for a second, so the clock moves even when nothing improves.
    """

    def __init__(self) -> None:
        self._objective = float("inf")
        self._bound = 0.0
        self._started = time.monotonic()
        self._stop = threading.Event()
        self._shown = False
        self._thread = threading.Thread(target=self._tick, daemon=True)

    def __enter__(self) -> _ProgressLine:
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._stop.set()
        self._thread.join()
        if self._shown:
            sys.stderr.write("\r" + " " * 60 + "\r")
            sys.stderr.flush()

    def update(self, objective: float, bound: float, _elapsed: float) -> None:
        self._objective, self._bound = objective, bound

    def _tick(self) -> None:
        while not self._stop.wait(0.5):
            elapsed = time.monotonic() - self._started
            if elapsed < 1.0:
                continue
            breaks = "-" if self._objective == float("inf") else f"{self._objective:g}"
            sys.stderr.write(f"\r  breaks {breaks}  bound {self._bound:g}  {elapsed:6.1f}s ")
            sys.stderr.flush()
            self._shown = True


def _match_from_args(args: argparse.Namespace) -> Match:
    """The match to design: the spec file, or a plain match of ``boards`` boards."""
    if args.spec is not None:
        if args.boards is not None:
            raise UsageError("give either the number of boards or --spec FILE, not both")
        try:
            match = load_spec(args.spec)
        except SpecError as error:
            raise UsageError(str(error)) from None
        changes: dict[str, object] = {}
        if args.double:
            changes["double"] = True
        if args.objective is not None:
            changes["rules"] = replace(match.rules, objective=args.objective)
        try:
            return replace(match, **changes) if changes else match
        except MatchError as error:
            raise UsageError(f"{args.spec}: {error}") from None
    if args.boards is None:
        raise UsageError("give the number of boards (e.g. schev generate 8) or --spec FILE")
    if not MIN_BOARDS <= args.boards <= MAX_BOARDS:
        raise UsageError(f"boards must be between {MIN_BOARDS} and {MAX_BOARDS}, got {args.boards}")
    return Match(boards=args.boards, double=args.double, rules=RuleSettings(objective=args.objective or "breaks"))


def _cmd_generate(args: argparse.Namespace) -> int:
    match = _match_from_args(args)
    try:
        params = DesignParams(
            time_limit=args.time_limit,
            work_limit=args.work_limit,
            seed=args.seed,
            workers=args.workers,
            objective=match.rules.objective,
            double=match.double,
            strict=args.strict,
        )
    except DesignInputError as error:
        raise UsageError(str(error)) from None
    if sys.stderr.isatty() and not args.quiet:
        with _ProgressLine() as line:
            result = design_match(match, params, line.update)
    else:
        result = design_match(match, params)
    for message in result.messages:
        print(f"schev: {message}", file=sys.stderr)
    if result.schedule is None:
        if result.status is Status.INFEASIBLE:
            if result.explanation:
                count = len(result.explanation)
                print(
                    f"schev: impossible: {'this' if count == 1 else f'these {count}'} "
                    f"{'request' if count == 1 else 'requests'}"
                    f"{' and rules' if any(e.startswith('rule ') for e in result.explanation) else ''} "
                    "cannot hold together:",
                    file=sys.stderr,
                )
                for line in result.explanation:
                    print(f"  - {line}", file=sys.stderr)
            else:
                print(f"schev: no schedule on {match.boards} boards keeps the rules required", file=sys.stderr)
            if args.format == "json":
                report.write_output(report.result_json(result), args.output)
            return EXIT_BROKEN
        print(f"schev: no schedule found within {args.time_limit:g} s", file=sys.stderr)
        if args.format == "json":
            report.write_output(report.result_json(result), args.output)
        return EXIT_NOT_FOUND
    if cli_match.wants_match_file(args):  # --output FILE.json: the match file (issue 12)
        return cli_match.write_generated(args, match, result)
    text = report.result_json(result) if args.format == "json" else report.result_text(result)
    report.write_output(text, args.output)
    return EXIT_OK


def _cmd_verify(args: argparse.Namespace) -> int:
    parsed = _read_schedule(args.file)
    verdict = verify(parsed.schedule, double=True if args.double else None)
    name = "standard input" if args.file == "-" else args.file
    text = report.verdict_json(verdict, name) if args.format == "json" else report.verdict_text(verdict, name)
    report.write_output(text, args.output)
    return EXIT_OK if verdict.ok else EXIT_BROKEN


def _cmd_compare(args: argparse.Namespace) -> int:
    left = _read_schedule(args.file).schedule
    against = args.against
    if against.isdigit():
        size = int(against)
        if size not in PUBLISHED_SIZES:
            raise UsageError(
                f"--against {size}: there is no published table for {size} boards "
                f"(published tables cover {PUBLISHED_SIZES.start} to {PUBLISHED_SIZES.stop - 1})"
            )
        right, right_name = published(size), f"published n{size:02d}"
    else:
        right, right_name = _read_schedule(against).schedule, against
    comparison = compare(left, right, args.file, right_name, allow_reversal=args.allow_reversal)
    text = report.comparison_json(comparison) if args.format == "json" else report.comparison_text(comparison)
    report.write_output(text, args.output)
    return EXIT_OK


def _cmd_fingerprint(args: argparse.Namespace) -> int:
    form = canonical_form(_read_schedule(args.file).schedule, allow_reversal=args.allow_reversal)
    name = "standard input" if args.file == "-" else args.file
    text = report.fingerprint_json(form, name) if args.format == "json" else report.fingerprint_text(form)
    report.write_output(text, args.output)
    return EXIT_OK


COMMANDS = {
    "table": _cmd_table,
    "generate": _cmd_generate,
    "verify": _cmd_verify,
    "compare": _cmd_compare,
    "fingerprint": _cmd_fingerprint,
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        return COMMANDS[args.command](args)
    except UsageError as error:
        print(f"schev: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (DesignBugError, EquivalenceBugError) as error:
        print(f"schev: INTERNAL ERROR (please report): {error}", file=sys.stderr)
        return EXIT_BUG
    except KeyboardInterrupt:
        print("schev: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except OSError as error:
        # Writing --output failed (no such folder, a directory, no permission, disk full).
        name = f" {error.filename}" if error.filename else ""
        print(f"schev: error: cannot write{name}: {error.strerror or error}", file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
