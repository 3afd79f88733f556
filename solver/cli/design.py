"""The ``schev generate`` command: a new design.

``generate`` shows a progress line while it searches, turns SIGINT and SIGTERM into a stop that
keeps the best schedule so far (a second one quits at once), writes the match file when
``--output`` names one, and words the design's result as a :class:`~.common.Reply`.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from types import FrameType
from typing import TYPE_CHECKING

from scheveningen.models.domain.match import Match, MatchError, RuleSettings
from scheveningen.solver.cli.common import (
    EXIT_BROKEN,
    EXIT_NOT_FOUND,
    EXIT_OK,
    EXIT_QUIT,
    JSON,
    TEXT,
    Command,
    InternalError,
    Reply,
    UsageError,
    design_budget,
    non_negative_int,
    positive_float,
    positive_int,
    usable_cores,
)
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
from scheveningen.solver.io.files import display_name
from scheveningen.solver.run import stop

if TYPE_CHECKING:  # read from a spec, or written to a match file: loaded only where one is given
    from scheveningen.models.formats.matchrecord import MatchSetup


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


def configure_generate(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("boards", type=int, nargs="?", help=f"number of boards ({MIN_BOARDS} to {MAX_BOARDS})")
    parser.add_argument("--spec", metavar="FILE", help="a match spec (TOML; '-' for standard input)")
    parser.add_argument("--time-limit", type=positive_float, default=10.0, metavar="S", help="seconds (default 10)")
    parser.add_argument("--seed", type=non_negative_int, default=0, metavar="K", help="random seed (default 0)")
    parser.add_argument(
        "--workers",
        type=positive_int,
        default=None,
        metavar="W",
        help=f"search workers; 1 is deterministic (default: the usable cores, here {usable_cores()})",
    )
    parser.add_argument(
        "--work-limit",
        type=positive_float,
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


def _setup_from_args(args: argparse.Namespace) -> MatchSetup | None:
    """The match as the spec file asks for it, with its rosters, event and scoring (read once: it may
    be standard input); ``None`` for a plain match of ``boards`` boards (:func:`_match_from_args`)."""
    if args.spec is not None:
        from scheveningen.solver.io.spec import SpecError, load_match_setup

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
    return None


def _match_from_args(args: argparse.Namespace, setup: MatchSetup | None) -> Match:
    """The match to design: the plain match of the options, or the spec's with --double and
    --objective applied."""
    if setup is None:
        return Match(boards=args.boards, double=args.double, rules=RuleSettings(objective=args.objective or "breaks"))
    match = setup.match
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


def cmd_generate(args: argparse.Namespace) -> Reply:
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
        try:
            if sys.stderr.isatty() and not args.quiet:
                with _ProgressLine() as line:
                    result = design_match(match, params, line.update)
            else:
                result = design_match(match, params)
        except DesignBugError as error:  # the verifier rejected a designed schedule
            raise InternalError(str(error)) from error
    if args.verbose:  # the stages of the strategy table tried
        print("".join(f"schev: {line}\n" for line in report.stage_lines(result)), end="", file=sys.stderr)
    interrupted = bool(received) or stop.requested()
    reply = _design_reply(result, match, args.time_limit, interrupted, as_json=args.format == JSON)
    if result.schedule is not None and _wants_match_file(args):  # --output FILE.json (issue 12)
        _write_match_file(args, setup, match, result)
        reply.text = ""  # the match file is the output
    return reply


def _wants_match_file(args: argparse.Namespace) -> bool:
    """``generate`` writes a match file when ``--output`` ends in ``.json`` and ``--format`` is not ``json``."""
    output = getattr(args, "output", None)
    return bool(output) and str(output).lower().endswith(".json") and getattr(args, "format", "text") != "json"


def _write_match_file(args: argparse.Namespace, setup: MatchSetup | None, match: Match, result: Result) -> None:
    """The match file of a designed schedule, written to --output (docs/matchfile.md)."""
    from scheveningen.models.formats.matchrecord import MatchFileError, MatchSetup
    from scheveningen.solver.cli import match as cli_match

    try:
        record = cli_match.generated_record(setup or MatchSetup(match), match, result, source=args.spec or "match")
        cli_match.write_generated(record, args.output, force=args.force)
    except cli_match.CommandError as error:
        raise UsageError(str(error)) from None
    except MatchFileError as error:
        raise InternalError(str(error)) from None
    except OSError as error:
        raise UsageError(f"cannot write {args.output}: {error.strerror or error}") from None


def _design_reply(result: Result, match: Match, time_limit: float, interrupted: bool, as_json: bool) -> Reply:
    """The reply to ``generate``; its JSON data (every game, the verdict) only where JSON is asked for:
    written out for the text form it was a noticeable part of a 100-board design's run."""
    messages = list(result.messages)
    data = _design_data(result, time_limit, interrupted) if as_json else {}
    if result.schedule is not None:
        if interrupted:
            messages.append("interrupted: this is the best verified schedule found so far")
        return Reply(EXIT_OK, result.status.value, text=report.result_text(result), data=data, messages=messages)
    from scheveningen.solver.match.generated import design_failure  # the page's words too

    messages = design_failure(result, match, time_limit, interrupted)
    code = EXIT_BROKEN if result.status is Status.INFEASIBLE else EXIT_NOT_FOUND
    return Reply(code, result.status.value, data=data, messages=messages)


def _design_data(result: Result, time_limit: float, interrupted: bool) -> dict[str, object]:
    data = report.result_data(result)
    parameters = data["parameters"]
    if isinstance(parameters, dict):  # the user's limit; the search had what was left after start-up
        parameters["search_time_limit"] = round(parameters["time_limit"], 3)
        parameters["time_limit"] = time_limit
    data["interrupted"] = interrupted
    return data


GENERATE = Command(
    (TEXT, JSON),
    configure_generate,
    cmd_generate,
    "Design a schedule with the fewest breaks for a plain match (boards: the number of boards), or for the "
    "match a TOML spec describes (--spec). Every schedule is verified before it is printed. With "
    "--output FILE.json (and no --format json) it writes the match file that result, standings, history "
    "and export read; a match file holding results is replaced only with --force.",
)
