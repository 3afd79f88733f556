"""The ``schev`` command line: a thin layer that parses arguments, calls the library, prints.

Each command is a :class:`Command`: its options, the output formats it supports, and a function
from the parsed arguments to a :class:`Reply` (exit code, status, messages, the text output and
the JSON data).  :func:`main` renders the reply in the format asked for, in one place, for every
outcome: with ``--format json`` every run writes exactly one JSON document, errors included.

Exit codes (also in the README):

* 0: success (a schedule was printed, also the best so far after an interrupt; or a verified
  schedule keeps every rule);
* 1: a checked schedule breaks a rule, or no schedule can exist for the request;
* 2: bad input: unreadable file, text that is not a schedule, size out of range, bad option;
* 3: no schedule found within the time limit or before an interrupt (nothing proven either way);
* 70: internal error: the verifier rejected a designed schedule, or an equivalence witness failed its
  check (a bug; please report it);
* 130: a second interrupt quit at once, without output.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from types import FrameType

from scheveningen.models.domain.match import Match, MatchError, RuleSettings
from scheveningen.models.domain.results import ResultError
from scheveningen.models.domain.schedule import Schedule
from scheveningen.models.formats.matchrecord import MatchFileError, MatchRecordError, MatchSetup
from scheveningen.models.formats.tables import PUBLISHED_SIZES, UnknownTableError, best_text, published, published_text
from scheveningen.models.formats.textform import ScheduleFormatError, parse_text
from scheveningen.solver.cli import export as cli_export
from scheveningen.solver.cli import match as cli_match
from scheveningen.solver.design import (
    MAX_BOARDS,
    MIN_BOARDS,
    DesignBugError,
    DesignInputError,
    DesignParams,
    Result,
    Status,
    design_match,
)
from scheveningen.solver.io import report
from scheveningen.solver.io.files import UnreadableFileError, display_name, read_text_file
from scheveningen.solver.io.matchfile import recorded
from scheveningen.solver.io.readers import FORMS, ScheduleFile, read_schedule_file
from scheveningen.solver.io.spec import SpecError, load_match_setup
from scheveningen.solver.run import stop
from scheveningen.solver.verify.compare import compare
from scheveningen.solver.verify.equivalence import EquivalenceBugError, canonical_form
from scheveningen.solver.verify.verifier import verify

EXIT_OK = 0
EXIT_BROKEN = 1
EXIT_BAD_INPUT = 2
EXIT_NOT_FOUND = 3
EXIT_BUG = 70
EXIT_QUIT = 130

TEXT, JSON = "text", "json"


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit code 2."""


class InternalError(Exception):
    """A check of our own output failed: a bug, exit code 70."""


@dataclass
class Reply:
    """What a command answers: rendered as text or JSON by :func:`main`, never by the command.

    ``text`` is the text-form output (empty: nothing is written); ``data`` the command's JSON
    fields; ``messages`` go to standard error as ``schev: ...`` lines and into the JSON;
    ``renderers`` hold any further format a command declares (an export, say).
    """

    exit_code: int
    status: str
    text: str = ""
    data: dict[str, object] = field(default_factory=dict)
    messages: list[str] = field(default_factory=list)
    renderers: dict[str, Callable[[], str]] = field(default_factory=dict)

    def render(self, command: str, fmt: str) -> str:
        if fmt == JSON:
            return report.json_document(command, self.status, self.exit_code, self.messages, self.data)
        if fmt == TEXT:
            return self.text
        return self.renderers[fmt]()


@dataclass(frozen=True)
class Command:
    """One subcommand: its one-line help (in ``schev --help``), its description (in ``schev NAME -h``),
    options, supported formats (the first is the default) and action.  Every command takes
    ``--format`` and ``--output``."""

    name: str
    help: str
    formats: tuple[str, ...]
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], Reply]
    description: str = ""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        raise UsageError(message)


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number, got {text}")
    return value


def _whole(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"must be at least {least}, got {text}")
    return value


def _positive_int(text: str) -> int:
    return _whole(text, 1)


def _non_negative_int(text: str) -> int:
    return _whole(text, 0)


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system says), at least 1."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


#: Seconds kept back from --time-limit for what follows the search: verifying, writing, exiting.
_RESERVE = 0.25


def seconds_since_start() -> float:
    """How long this process has run (start-up and imports included); 0 where the system cannot say."""
    try:
        with open("/proc/self/stat", encoding="ascii") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        with open("/proc/uptime", encoding="ascii") as handle:
            uptime = float(handle.read().split()[0])
        return max(0.0, uptime - int(fields[19]) / os.sysconf("SC_CLK_TCK"))  # field 22: start time in ticks
    except (OSError, ValueError, IndexError):
        return 0.0


def design_budget(time_limit: float, spent: float) -> float:
    """The search's share of --time-limit: the whole process is to end within the limit, so the
    ``spent`` seconds of start-up and a small reserve for the output come off (never below a tenth)."""
    return max(time_limit - spent - _RESERVE, time_limit / 10)


#: What a schedule file may be (the ``--from`` option), besides told by content.
_FILE_HELP = (
    "schedule: the text form, a design report (generate --format json), a match file or a FIDE TRF ('-': stdin)"
)


def _add_from(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--from",
        dest="source_form",
        choices=FORMS,
        metavar="FORM",
        help=f"read the file as this form: {', '.join(FORMS)} (default: told by its content)",
    )


def _add_reversal(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--allow-reversal",
        action="store_true",
        help="also count playing the rounds in reverse order as the same design (besides renumbering within "
        "teams, swapping the teams and reversing every colour)",
    )


# --------------------------------------------------------------------------- reading files


def _read_text(path: str, what: str) -> str:
    try:
        return read_text_file(path, what)
    except UnreadableFileError as error:
        raise UsageError(str(error)) from None


def _read_schedule(path: str, form: str | None = None) -> Schedule:
    """A well-formed schedule (``compare`` and ``fingerprint`` need one), in any form the tool writes."""
    text = _read_text(path, "schedule file")
    try:
        found = read_schedule_file(text, source=display_name(path), form=form, complete=True)
    except ScheduleFormatError as error:
        try:
            read_schedule_file(text, source=display_name(path), form=form)
        except ScheduleFormatError:
            raise UsageError(str(error)) from None
        hint = f"a complete schedule is needed here; schev verify {path} names every fault"
        raise UsageError(f"{error} ({hint})") from None
    assert found.schedule is not None  # read with complete
    return found.schedule


def _read_written(path: str, teams: tuple[int, int] | None, form: str | None = None) -> ScheduleFile:
    """Any file that looks like a schedule, faults and all (``verify`` reports them), with its match."""
    text = _read_text(path, "schedule file")
    try:
        return read_schedule_file(text, source=display_name(path), form=form, teams=teams)
    except ScheduleFormatError as error:
        raise UsageError(str(error)) from None


# --------------------------------------------------------------------------- table


def _configure_table(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("boards", type=int, help="number of boards")
    parser.add_argument("--best", action="store_true", help="the best known design instead (this project's search)")


def _cmd_table(args: argparse.Namespace) -> Reply:
    kind = "best known" if args.best else "published"
    try:
        text = best_text(args.boards) if args.best else published_text(args.boards)
    except UnknownTableError as error:
        raise UsageError(str(error)) from None
    verdict = verify(parse_text(text).schedule)
    data = report.verdict_data(verdict, name=f"{kind} table n{args.boards:02d}")
    return Reply(EXIT_OK, "ok", text=text, data=data)


# --------------------------------------------------------------------------- generate


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


def _configure_generate(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("boards", type=int, nargs="?", help=f"number of boards ({MIN_BOARDS} to {MAX_BOARDS})")
    parser.add_argument("--spec", metavar="FILE", help="a match spec (TOML; '-' for standard input)")
    parser.add_argument("--time-limit", type=_positive_float, default=10.0, metavar="S", help="seconds (default 10)")
    parser.add_argument("--seed", type=_non_negative_int, default=0, metavar="K", help="random seed (default 0)")
    parser.add_argument(
        "--workers",
        type=_positive_int,
        default=None,
        metavar="W",
        help=f"search workers; 1 is deterministic (default: the usable cores, here {usable_cores()})",
    )
    parser.add_argument(
        "--work-limit",
        type=_positive_float,
        metavar="U",
        help="CP-SAT deterministic time; with --workers 1 the output is then the same on every machine",
    )
    parser.add_argument(
        "--objective", choices=("breaks", "fair", "none"), help="what to minimise (default breaks, or the spec's)"
    )
    parser.add_argument("--double", action="store_true", help="double round: every pair meets twice, colours reversed")
    parser.add_argument("--strict", action="store_true", help="never relax a house rule; fail instead")
    parser.add_argument(
        "--force", action="store_true", help="replace a match file (--output) that holds results or their history"
    )
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress display")
    parser.add_argument("--verbose", "-v", action="store_true", help="print the design stages tried to standard error")


def _setup_from_args(args: argparse.Namespace) -> MatchSetup:
    """The match as asked, with its rosters, event and scoring: the spec file (read once: it may be
    standard input), or a plain match of ``boards`` boards."""
    if args.spec is not None:
        if args.boards is not None:
            raise UsageError("give either the number of boards or --spec FILE, not both")
        try:
            return load_match_setup(args.spec)
        except SpecError as error:
            raise UsageError(str(error)) from None
    if args.boards is None:
        raise UsageError("give the number of boards (e.g. schev generate 8) or --spec FILE")
    if not MIN_BOARDS <= args.boards <= MAX_BOARDS:
        raise UsageError(f"boards must be between {MIN_BOARDS} and {MAX_BOARDS}, got {args.boards}")
    rules = RuleSettings(objective=args.objective or "breaks")
    return MatchSetup(Match(boards=args.boards, double=args.double, rules=rules))


def _match_from_args(args: argparse.Namespace, setup: MatchSetup) -> Match:
    """The match to design: the spec's, with --double and --objective applied."""
    match = setup.match
    if args.spec is None:
        return match  # the options are already in the plain match
    changes: dict[str, object] = {}
    if args.double:
        changes["double"] = True
    if args.objective is not None:
        changes["rules"] = replace(match.rules, objective=args.objective)
    try:
        return replace(match, **changes) if changes else match  # type: ignore[arg-type]
    except MatchError as error:
        raise UsageError(f"{display_name(args.spec)}: {error}") from None


@contextmanager
def _interruptible() -> Iterator[list[int]]:
    """SIGINT and SIGTERM stop the search (the design returns its best so far); a second one
    quits at once with exit 130, removing any half-written temporary output.

    A watcher thread reads the signals from a wakeup socket, because the main thread sits in
    CP-SAT's C++ search and runs no Python signal handler until the search returns.  Yields the
    list of signals received.
    """
    received: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield received  # signal handlers can only be set from the main thread (e.g. a test runner)
        return
    reader, writer = socket.socketpair()
    writer.setblocking(False)
    previous = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    done = threading.Event()

    def on_signal(_signum: int, _frame: FrameType | None) -> None:
        pass  # the watcher acts; the main thread only needs to survive the signal

    def watch() -> None:
        while not done.is_set():
            try:
                data = reader.recv(16)
            except OSError:
                return
            for signum in data:
                received.append(signum)
                if len(received) == 1:
                    print("schev: interrupted: stopping the search, keeping the best schedule so far", file=sys.stderr)
                    stop.request()
                else:
                    print("schev: interrupted again: quitting", file=sys.stderr)
                    report.discard_pending()
                    sys.stderr.flush()
                    os._exit(EXIT_QUIT)

    for sig in previous:
        signal.signal(sig, on_signal)
    old_fd = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    watcher = threading.Thread(target=watch, name="signal-watch", daemon=True)
    watcher.start()
    try:
        yield received
    finally:
        signal.set_wakeup_fd(old_fd)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        done.set()
        writer.close()
        reader.close()


def _cmd_generate(args: argparse.Namespace) -> Reply:
    stop.reset()
    # Interrupts are caught from here on, so that even one arriving while the spec is read or the
    # model built stops the search at its first chance and keeps the best schedule.
    with _interruptible() as received:
        setup = _setup_from_args(args)
        match = _match_from_args(args, setup)
        try:
            params = DesignParams(
                time_limit=design_budget(args.time_limit, args.spent),
                work_limit=args.work_limit,
                seed=args.seed,
                workers=args.workers or usable_cores(),
                strict=args.strict,
            )
        except DesignInputError as error:
            raise UsageError(str(error)) from None
        if sys.stderr.isatty() and not args.quiet:
            with _ProgressLine() as line:
                result = design_match(match, params, line.update)
        else:
            result = design_match(match, params)
    if args.verbose:  # the stages of the strategy table tried
        print("".join(f"schev: {line}\n" for line in report.stage_lines(result)), end="", file=sys.stderr)
    reply = _design_reply(result, match, args.time_limit, interrupted=bool(received) or stop.requested())
    if result.schedule is not None and cli_match.wants_match_file(args):  # --output FILE.json (issue 12)
        _write_match_file(args, setup, match, result)
        reply.text = ""  # the match file is the output
    return reply


def _write_match_file(args: argparse.Namespace, setup: MatchSetup, match: Match, result: Result) -> None:
    """The match file of a designed schedule, written to --output (docs/matchfile.md)."""
    try:
        record = cli_match.generated_record(setup, match, result, source=args.spec or "match")
        cli_match.write_generated(record, args.output, force=args.force)
    except cli_match.CommandError as error:
        raise UsageError(str(error)) from None
    except MatchFileError as error:
        raise InternalError(str(error)) from None
    except OSError as error:
        raise UsageError(f"cannot write {args.output}: {error.strerror or error}") from None


def _design_reply(result: Result, match: Match, time_limit: float, interrupted: bool) -> Reply:
    messages = list(result.messages)
    data = report.result_data(result)
    parameters = data["parameters"]
    if isinstance(parameters, dict):  # the user's limit; the search had what was left after start-up
        parameters["search_time_limit"] = round(parameters["time_limit"], 3)
        parameters["time_limit"] = time_limit
    data["interrupted"] = interrupted
    if interrupted:
        messages.append(
            "interrupted: this is the best verified schedule found so far"
            if result.schedule is not None
            else "interrupted before any schedule was found"
        )
    if result.schedule is not None:
        return Reply(EXIT_OK, result.status.value, text=report.result_text(result), data=data, messages=messages)
    if result.status is Status.INFEASIBLE:
        if result.explanation:
            count = len(result.explanation)
            rules = " and rules" if any(e.startswith("rule ") for e in result.explanation) else ""
            noun = "this request" if count == 1 else f"these {count} requests"
            lines = "".join(f"\n  - {line}" for line in result.explanation)
            messages.append(f"impossible: {noun}{rules} cannot hold together:{lines}")
        else:
            messages.append(
                f"no schedule on {match.boards} board{'s' if match.boards != 1 else ''} keeps the rules required"
            )
        return Reply(EXIT_BROKEN, result.status.value, data=data, messages=messages)
    if not interrupted and not any(m.startswith("no schedule found") for m in messages):
        messages.append(f"no schedule found within {time_limit:g} s")
    return Reply(EXIT_NOT_FOUND, result.status.value, data=data, messages=messages)


# --------------------------------------------------------------------------- verify, compare, fingerprint


def _configure_verify(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help=_FILE_HELP)
    _add_from(parser)
    parser.add_argument(
        "--double",
        action="store_true",
        help="expect a double round (default: the match file's or design report's, else inferred from the round count)",
    )
    parser.add_argument(
        "--teams",
        nargs=2,
        type=_positive_int,
        metavar=("P", "Q"),
        help="the planned team sizes (default: the file's header, match or team records, "
        "else the largest player numbers seen)",
    )


def _cmd_verify(args: argparse.Namespace) -> Reply:
    # A match file (or a design report recording its rules) is checked against its own rule
    # settings, requests and declared relaxations; --double and --teams still override.
    parsed = _read_written(args.file, tuple(args.teams) if args.teams else None, args.source_form)
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
        data={**report.verdict_data(verdict, name), "team_sizes_from": parsed.sizes_from},
    )


def _configure_compare(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help=_FILE_HELP)
    _add_from(parser)
    parser.add_argument(
        "--against", required=True, metavar="N|FILE", help="published table size, or another file (in any form)"
    )
    _add_reversal(parser)


def _cmd_compare(args: argparse.Namespace) -> Reply:
    left = _read_schedule(args.file, args.source_form)
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
        right, right_name = _read_schedule(against), display_name(against)
    comparison = compare(left, right, display_name(args.file), right_name, allow_reversal=args.allow_reversal)
    return Reply(EXIT_OK, "ok", text=report.comparison_text(comparison), data=report.comparison_data(comparison))


def _configure_fingerprint(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help=_FILE_HELP)
    _add_from(parser)
    _add_reversal(parser)


def _cmd_fingerprint(args: argparse.Namespace) -> Reply:
    form = canonical_form(_read_schedule(args.file, args.source_form), allow_reversal=args.allow_reversal)
    data = report.fingerprint_data(form, display_name(args.file))
    return Reply(EXIT_OK, "ok", text=report.fingerprint_text(form), data=data)


COMMANDS: dict[str, Command] = {
    command.name: command
    for command in (
        Command(
            "table",
            "print a published standard table (2 to 13 boards)",
            (TEXT, JSON),
            _configure_table,
            _cmd_table,
            "Print the published standard table for 2 to 13 boards exactly as published, or with --best the "
            "best known design of that size.",
        ),
        Command(
            "generate",
            "design a schedule with the fewest breaks",
            (TEXT, JSON),
            _configure_generate,
            _cmd_generate,
            "Design a schedule with the fewest breaks for a plain match (boards: the number of boards), or for the "
            "match a TOML spec describes (--spec). Every schedule is verified before it is printed. With "
            "--output FILE.json (and no --format json) it writes the match file that result, standings, history "
            "and export read; a match file holding results is replaced only with --force.",
        ),
        Command(
            "verify",
            "check a schedule file against every house rule",
            (TEXT, JSON),
            _configure_verify,
            _cmd_verify,
            "Check a schedule against every house rule and name every fault. The file may be the text form, a "
            "design report (generate --format json), a match file (checked against its own rules and requests) "
            "or a FIDE TRF, told apart by content (--from names the form).",
        ),
        Command(
            "compare",
            "compare a schedule with a published table or another file",
            (TEXT, JSON),
            _configure_compare,
            _cmd_compare,
            "Compare a schedule with a published table or another file: the metrics side by side, which is "
            "better on each, and whether the two are the same design up to renumbering the players within the "
            "teams, swapping the teams and reversing every colour (with the witness when they are).",
        ),
        Command(
            "fingerprint",
            "print a string two schedules share exactly when they are the same design",
            (TEXT, JSON),
            _configure_fingerprint,
            _cmd_fingerprint,
            "Print a string that two schedules share exactly when they are the same design up to renumbering "
            "the players within the teams, swapping the teams and reversing every colour.",
        ),
    )
}


def _answered(answer: Callable[[argparse.Namespace], cli_match.Answer]) -> Callable[[argparse.Namespace], Reply]:
    """A command of solver/cli/match.py (issue 12): its answer as a reply, its refusals as bad input."""

    def run(args: argparse.Namespace) -> Reply:
        try:
            found = answer(args)
        except (cli_match.CommandError, MatchRecordError, ResultError) as error:
            raise UsageError(str(error)) from None
        except OSError as error:
            name = f" {error.filename}" if error.filename else ""
            raise UsageError(f"cannot write{name}: {error.strerror or error}") from None
        return Reply(EXIT_OK, "ok", text=found.text, data=found.data, renderers=found.renderers)

    return run


for _command in (
    Command(
        "result",
        cli_match.RESULT_HELP,
        cli_match.RESULT_FORMATS,
        cli_match.configure_result,
        _answered(cli_match.result_answer),
        cli_match.RESULT_DESCRIPTION,
    ),
    Command(
        "standings",
        cli_match.STANDINGS_HELP,
        cli_match.STANDINGS_FORMATS,
        cli_match.configure_standings,
        _answered(cli_match.standings_answer),
        cli_match.STANDINGS_DESCRIPTION,
    ),
    Command(
        "history",
        cli_match.HISTORY_HELP,
        cli_match.HISTORY_FORMATS,
        cli_match.configure_history,
        _answered(cli_match.history_answer),
        cli_match.HISTORY_DESCRIPTION,
    ),
    Command(
        "export",
        cli_export.EXPORT_HELP,
        cli_export.EXPORT_FORMATS,
        cli_export.configure_export,
        _answered(cli_export.export_answer),
        cli_export.EXPORT_DESCRIPTION,
    ),
):
    COMMANDS[_command.name] = _command


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="schev", description="Design and verify Scheveningen-system schedules for team matches.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {report.tool_version()}")
    sub = parser.add_subparsers(
        dest="command",
        required=True,
        parser_class=_Parser,
        metavar="COMMAND",
        title="commands",
        help="what to do; schev COMMAND -h describes its arguments",
    )
    for command in COMMANDS.values():
        child = sub.add_parser(command.name, help=command.help, description=command.description)
        command.configure(child)
        child.add_argument(
            "--format",
            choices=command.formats,
            default=command.formats[0],
            help=f"output format: {', '.join(command.formats)} (default {command.formats[0]})",
        )
        child.add_argument("--output", "-o", metavar="FILE", help="write to FILE ('-': standard output)")
    return parser


def _format_asked(argv: Sequence[str]) -> str:
    """The --format in the arguments, read without the parser (for errors the parser raises)."""
    for index, arg in enumerate(argv):
        if arg == "--format" and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith("--format="):
            return arg.partition("=")[2]
    return TEXT


def _emit(reply: Reply, command: str, fmt: str, output: str | None, force: bool = False) -> int:
    """Messages to standard error; the output in its format to --output or standard output.

    A failed run (exit 2, 70 or 130) writes no output file: its JSON document goes to standard output.
    Nor does a run whose --output is a match file holding results, unless --force: a report written
    over it would lose them.  Returns the exit code, which that refusal turns into 2.
    """
    failed = reply.exit_code in (EXIT_BAD_INPUT, EXIT_BUG, EXIT_QUIT)
    rendered = reply.render(command, fmt)
    if rendered and output and not failed and not force and any(held := recorded(output)):
        what = " and ".join(
            f"{n} {one if n == 1 else many}"
            for n, one, many in zip(held, ("result", "history entry"), ("results", "history entries"), strict=True)
            if n
        )
        reply = Reply(
            EXIT_BAD_INPUT,
            "error",
            messages=[f"error: {output} is a match file holding {what}: use --force to replace it, or write elsewhere"],
        )
        failed, rendered = True, reply.render(command, fmt)
    for message in reply.messages:
        print(f"schev: {message}", file=sys.stderr)
    if rendered:
        report.write_output(rendered, None if failed else output)
    return reply.exit_code


def main(argv: Sequence[str] | None = None) -> int:
    from_process = argv is None
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    fmt, command, output = _format_asked(argv), next((a for a in argv if a in COMMANDS), "schev"), None
    force = False
    try:
        try:
            args = parser.parse_args(argv)
            # Run as the program, the process's start-up counts against --time-limit; called from
            # Python with arguments (a test, a script), only the call itself does.
            args.spent = seconds_since_start() if from_process else 0.0
            command = args.command
            reply = COMMANDS[command].run(args)
            # Read after the run: ``result`` also takes --format and --output after its results.
            fmt, output = args.format, getattr(args, "output", None)
            force = bool(getattr(args, "force", False))
        except UsageError as error:
            reply = Reply(EXIT_BAD_INPUT, "error", messages=[f"error: {error}"])
        except (DesignBugError, EquivalenceBugError, InternalError) as error:
            reply = Reply(EXIT_BUG, "bug", messages=[f"INTERNAL ERROR (please report): {error}"])
        except KeyboardInterrupt:  # outside a search (reading a huge file, say): nothing to keep
            reply = Reply(EXIT_QUIT, "interrupted", messages=["interrupted"])
        if fmt not in (TEXT, JSON) and reply.exit_code in (EXIT_BAD_INPUT, EXIT_BUG, EXIT_QUIT):
            fmt = TEXT  # an error has no export form
        try:
            code = _emit(reply, command, fmt, output, force)
        except BrokenPipeError:
            raise
        except OSError as error:
            # Writing --output failed (no such folder, a directory, no permission, disk full).
            name = f" {error.filename}" if error.filename else ""
            reply = Reply(EXIT_BAD_INPUT, "error", messages=[f"error: cannot write{name}: {error.strerror or error}"])
            code = _emit(reply, command, fmt, None)
        return code
    except KeyboardInterrupt:
        print("schev: interrupted", file=sys.stderr)
        return EXIT_QUIT
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
