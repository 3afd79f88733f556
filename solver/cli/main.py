"""The ``schev`` command line's dispatcher: the table of commands, the parser, and :func:`main`.

Each command is a :class:`~.common.Command`: its options, the output formats it supports, and a
function from the parsed arguments to a :class:`~.common.Reply` (exit code, status, messages, the
text output and the JSON data).  The commands live by role: ``table`` in ``table.py``, ``generate``
in ``design.py``, ``verify``, ``compare`` and ``fingerprint`` in ``check.py``, the arbiter's commands
in ``match.py`` and ``export`` in ``export.py``.  This module names them and loads only the one run
(:class:`Entry`): a command that never searches starts without the solver, and one that searches
loads it when it first builds a model.  :func:`main` renders the reply in the format asked for, in
one place, for every outcome: with ``--format json`` every run writes exactly one JSON document,
errors included.  ``common.py`` lists the exit codes.
"""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from scheveningen.solver.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_BUG,
    EXIT_OK,
    EXIT_QUIT,
    JSON,
    TEXT,
    Command,
    InternalError,
    Reply,
    UsageError,
    seconds_since_start,
)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        raise UsageError(message)


@dataclass(frozen=True)
class Entry:
    """A command as ``schev --help`` lists it: its name and one-line help, and ``load``, which imports
    the module that defines it (its options, formats, description and action) only when it is run or
    its own help is asked for.  So ``schev table 8`` loads neither the designer nor the exporters, and
    ``schev --help`` none of the commands."""

    name: str
    help: str
    load: Callable[[], Command]

    @property
    def description(self) -> str:
        return self.load().description

    @property
    def formats(self) -> tuple[str, ...]:
        return self.load().formats


def _table() -> Command:
    from scheveningen.solver.cli.table import TABLE

    return TABLE


def _generate() -> Command:
    from scheveningen.solver.cli.design import GENERATE

    return GENERATE


def _verify() -> Command:
    from scheveningen.solver.cli.check import VERIFY

    return VERIFY


def _compare() -> Command:
    from scheveningen.solver.cli.check import COMPARE

    return COMPARE


def _fingerprint() -> Command:
    from scheveningen.solver.cli.check import FINGERPRINT

    return FINGERPRINT


def _result() -> Command:
    from scheveningen.solver.cli.match import RESULT

    return RESULT


def _standings() -> Command:
    from scheveningen.solver.cli.match import STANDINGS

    return STANDINGS


def _history() -> Command:
    from scheveningen.solver.cli.match import HISTORY

    return HISTORY


def _export() -> Command:
    from scheveningen.solver.cli.export import EXPORT

    return EXPORT


def _serve() -> Command:
    from scheveningen.solver.cli.serve import SERVE

    return SERVE


COMMANDS: dict[str, Entry] = {
    entry.name: entry
    for entry in (
        Entry("table", "print a published standard table (2 to 13 boards)", _table),
        Entry("generate", "design a schedule with the fewest breaks", _generate),
        Entry("verify", "check a schedule file against every house rule", _verify),
        Entry("compare", "compare a schedule with a published table or another file", _compare),
        Entry(
            "fingerprint", "print a string two schedules share exactly when they are the same design", _fingerprint
        ),
        Entry("result", "record, change or clear results in a match file (from White's side)", _result),
        Entry(
            "standings",
            "show the match score round by round and each player's points and performance",
            _standings,
        ),
        Entry("history", "list every change of a recorded result: when, round, board, old and new", _history),
        Entry(
            "export",
            "write a match file as pairings, HTML pairing sheets, a FIDE TRF, PGN, CSV or Markdown",
            _export,
        ),
        Entry("serve", "open the arbiter's desk: a local web page to run a match, pairings to rating report", _serve),
    )
}


class _Version(argparse.Action):
    """``--version``: the installed version, looked up only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_args: object, **_kwargs: object) -> None:
        from scheveningen.solver.io.report import tool_version

        print(f"{parser.prog} {tool_version()}")
        parser.exit()


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or, with ``only``, one that sets up only the command it names (none
    where it names no command: ``schev --help``) and lists the others without loading their modules:
    what :func:`main` parses a command line with."""
    parser = _Parser(prog="schev", description="Design and verify Scheveningen-system schedules for team matches.")
    parser.add_argument("--version", action=_Version, help="show the program's version number and exit")
    sub = parser.add_subparsers(
        dest="command",
        required=True,
        parser_class=_Parser,
        metavar="COMMAND",
        title="commands",
        help="what to do; schev COMMAND -h describes its arguments",
    )
    for entry in COMMANDS.values():
        if only is not None and entry.name != only:
            sub.add_parser(entry.name, help=entry.help)
            continue
        command = entry.load()
        child = sub.add_parser(entry.name, help=entry.help, description=command.description)
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

    A failed run (exit 2, 70 or 130) writes no output file: its document goes to standard output, as
    text or JSON (an error has no export form).  Nor does a run whose --output is a match file holding
    results, unless --force: a report written over it would lose them.  Returns the exit code, which
    that refusal turns into 2.
    """
    from scheveningen.solver.io.report import write_output

    failed, rendered = _rendered(reply, command, fmt)
    if rendered and output and not failed and not force and any(held := _held(output)):
        from scheveningen.solver.io.matchfile import held_text

        reply = Reply(
            EXIT_BAD_INPUT,
            "error",
            messages=[
                f"error: {output} is a match file holding {held_text(*held)}: use --force to replace it, "
                "or write elsewhere"
            ],
        )
        failed, rendered = _rendered(reply, command, fmt)
    for message in reply.messages:
        print(f"schev: {message}", file=sys.stderr)
    if rendered:
        write_output(rendered, None if failed else output)
    return reply.exit_code


def _held(output: str) -> tuple[int, int]:
    """The results and history entries held by the match file at ``output`` (0, 0 for any other file)."""
    from scheveningen.solver.io.matchfile import recorded  # reads match files: loaded where --output is given

    return recorded(output)


def _rendered(reply: Reply, command: str, fmt: str) -> tuple[bool, str]:
    """Whether the run failed, and its document: in ``fmt``, or as text where a failure meets an
    export format."""
    failed = reply.exit_code in (EXIT_BAD_INPUT, EXIT_BUG, EXIT_QUIT)
    return failed, reply.render(command, TEXT if failed and fmt not in (TEXT, JSON) else fmt)


#: The cyclic garbage collector's thresholds while a command runs (as mypy sets them): a command builds
#: tens of thousands of small objects that form no cycles (a 100-board design has 20,000 games), and
#: the default (a collection every 700 allocations) spent a seventh of such a design's run on them.
GC_THRESHOLDS = (200_000, 30, 30)


def main(argv: Sequence[str] | None = None) -> int:
    gc.set_threshold(*GC_THRESHOLDS)
    from_process = argv is None
    argv = list(sys.argv[1:] if argv is None else argv)
    fmt, command, output = _format_asked(argv), next((a for a in argv if a in COMMANDS), "schev"), None
    force = False
    try:
        try:
            # Only the command named is set up: its module (and what it imports) is all that loads.
            args = build_parser(only=command).parse_args(argv)
            # Run as the program, the process's start-up counts against --time-limit; called from
            # Python with arguments (a test, a script), only the call itself does.
            args.spent = seconds_since_start() if from_process else 0.0
            command = args.command
            reply = COMMANDS[command].load().run(args)
            # Read after the run: ``result`` also takes --format and --output after its results.
            fmt, output = args.format, getattr(args, "output", None)
            force = bool(getattr(args, "force", False))
        except UsageError as error:
            reply = Reply(EXIT_BAD_INPUT, "error", messages=[f"error: {error}"])
        except InternalError as error:
            reply = Reply(EXIT_BUG, "bug", messages=[f"INTERNAL ERROR (please report): {error}"])
        except KeyboardInterrupt:  # outside a search (reading a huge file, say): nothing to keep
            reply = Reply(EXIT_QUIT, "interrupted", messages=["interrupted"])
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
