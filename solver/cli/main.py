"""The ``schev`` command line's dispatcher: the table of commands, the parser, and :func:`main`.

Each command is a :class:`~.common.Command`: its options, the output formats it supports, and a
function from the parsed arguments to a :class:`~.common.Reply` (exit code, status, messages, the
text output and the JSON data).  The commands live by role: ``table`` and ``generate`` in
``design.py``, ``verify``, ``compare`` and ``fingerprint`` in ``check.py``, the arbiter's commands
in ``match.py`` and ``export`` in ``export.py``.  :func:`main` renders the reply in the format asked
for, in one place, for every outcome: with ``--format json`` every run writes exactly one JSON
document, errors included.  ``common.py`` lists the exit codes.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from scheveningen.models.domain.results import ResultError
from scheveningen.models.formats.matchrecord import MatchRecordError
from scheveningen.solver.cli import check as cli_check
from scheveningen.solver.cli import design as cli_design
from scheveningen.solver.cli import export as cli_export
from scheveningen.solver.cli import match as cli_match
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
from scheveningen.solver.design import DesignBugError
from scheveningen.solver.io import report
from scheveningen.solver.io.matchfile import held_text, recorded
from scheveningen.solver.verify.equivalence import EquivalenceBugError


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        raise UsageError(message)


COMMANDS: dict[str, Command] = {
    command.name: command
    for command in (
        Command(
            "table",
            "print a published standard table (2 to 13 boards)",
            (TEXT, JSON),
            cli_design.configure_table,
            cli_design.cmd_table,
            "Print the published standard table for 2 to 13 boards exactly as published, or with --best the "
            "best known design of that size.",
        ),
        Command(
            "generate",
            "design a schedule with the fewest breaks",
            (TEXT, JSON),
            cli_design.configure_generate,
            cli_design.cmd_generate,
            "Design a schedule with the fewest breaks for a plain match (boards: the number of boards), or for the "
            "match a TOML spec describes (--spec). Every schedule is verified before it is printed. With "
            "--output FILE.json (and no --format json) it writes the match file that result, standings, history "
            "and export read; a match file holding results is replaced only with --force.",
        ),
        Command(
            "verify",
            "check a schedule file against every house rule",
            (TEXT, JSON),
            cli_check.configure_verify,
            cli_check.cmd_verify,
            "Check a schedule against every house rule and name every fault. The file may be the text form, a "
            "design report (generate --format json), a match file (checked against its own rules and requests) "
            "or a FIDE TRF, told apart by content (--from names the form).",
        ),
        Command(
            "compare",
            "compare a schedule with a published table or another file",
            (TEXT, JSON),
            cli_check.configure_compare,
            cli_check.cmd_compare,
            "Compare a schedule with a published table or another file: the metrics side by side, which is "
            "better on each, and whether the two are the same design up to renumbering the players within the "
            "teams, swapping the teams and reversing every colour (with the witness when they are).",
        ),
        Command(
            "fingerprint",
            "print a string two schedules share exactly when they are the same design",
            (TEXT, JSON),
            cli_check.configure_fingerprint,
            cli_check.cmd_fingerprint,
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

    A failed run (exit 2, 70 or 130) writes no output file: its document goes to standard output, as
    text or JSON (an error has no export form).  Nor does a run whose --output is a match file holding
    results, unless --force: a report written over it would lose them.  Returns the exit code, which
    that refusal turns into 2.
    """
    failed, rendered = _rendered(reply, command, fmt)
    if rendered and output and not failed and not force and any(held := recorded(output)):
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
        report.write_output(rendered, None if failed else output)
    return reply.exit_code


def _rendered(reply: Reply, command: str, fmt: str) -> tuple[bool, str]:
    """Whether the run failed, and its document: in ``fmt``, or as text where a failure meets an
    export format."""
    failed = reply.exit_code in (EXIT_BAD_INPUT, EXIT_BUG, EXIT_QUIT)
    return failed, reply.render(command, TEXT if failed and fmt not in (TEXT, JSON) else fmt)


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
