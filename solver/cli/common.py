"""What every ``schev`` command shares: exit codes, errors, the reply and command types, option helpers.

:class:`Reply` is what a command answers and :class:`Command` one subcommand (``solver/cli/main.py``
renders the one and registers the other); :class:`UsageError` and :class:`InternalError` are the
failures a command raises.  Besides: the argument types, the cores and time budget of a search
(``--workers``, ``--time-limit``), the ``--from`` and ``--allow-reversal`` options, and reading a
schedule file.

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
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scheveningen.models.domain.schedule import Schedule
from scheveningen.models.formats.textform import ScheduleFormatError
from scheveningen.solver.io import report
from scheveningen.solver.io.files import UnreadableFileError, display_name, read_text_file

if TYPE_CHECKING:
    from scheveningen.solver.io.readers import ScheduleFile

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
    """What a command answers: rendered as text or JSON by :func:`.main.main`, never by the command.

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
    """One subcommand as its module defines it: its supported formats (the first is the default),
    options, action and description (in ``schev NAME -h``; the one-line help of ``schev --help`` is
    the dispatcher's, ``main.py``).  Every command takes ``--format`` and ``--output``."""

    formats: tuple[str, ...]
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], Reply]
    description: str = ""


def positive_float(text: str) -> float:
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


def positive_int(text: str) -> int:
    return _whole(text, 1)


def non_negative_int(text: str) -> int:
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
FILE_HELP = "schedule: the text form, a design report (generate --format json), a match file or a FIDE TRF ('-': stdin)"


def add_from(parser: argparse.ArgumentParser) -> None:
    from scheveningen.solver.io.readers import FORMS

    parser.add_argument(
        "--from",
        dest="source_form",
        choices=FORMS,
        metavar="FORM",
        help=f"read the file as this form: {', '.join(FORMS)} (default: told by its content)",
    )


def add_reversal(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--allow-reversal",
        action="store_true",
        help="also count playing the rounds in reverse order as the same design (besides renumbering within "
        "teams, swapping the teams and reversing every colour)",
    )


def _read_text(path: str, what: str) -> str:
    try:
        return read_text_file(path, what)
    except UnreadableFileError as error:
        raise UsageError(str(error)) from None


def read_schedule(path: str, form: str | None = None) -> Schedule:
    """A well-formed schedule (``compare`` and ``fingerprint`` need one), in any form the tool writes."""
    from scheveningen.solver.io.readers import read_schedule_file

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


def read_written(path: str, teams: tuple[int, int] | None, form: str | None = None) -> ScheduleFile:
    """Any file that looks like a schedule, faults and all (``verify`` reports them), with its match."""
    from scheveningen.solver.io.readers import read_schedule_file

    text = _read_text(path, "schedule file")
    try:
        return read_schedule_file(text, source=display_name(path), form=form, teams=teams)
    except ScheduleFormatError as error:
        raise UsageError(str(error)) from None
