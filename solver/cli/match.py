"""The arbiter's commands: write the match file, record results, show the standings.

``solver/cli/main.py`` registers these as commands (their parsers' set-up and their
answers), and ``generate`` asks :func:`generated_record` for the record of a designed
schedule when it is asked for a match file:

* ``schev generate --spec match.toml --output match.json`` writes the match file
  (``docs/matchfile.md``) whenever ``--output`` ends in ``.json`` and ``--format``
  is not ``json`` (``--format json`` still writes the design report);
* ``schev result match.json --round R RESULT...`` records a round, one result a
  board in board order, and ``--round R --board B RESULT`` one game; results are
  from White's side; changing a recorded result needs ``--force``, and so does
  clearing one (``--round R --board B --clear``); every change is kept in the
  file's history;
* ``schev standings match.json [--format text|json|md|html]``;
* ``schev history match.json [--format text|json]``: the results changed or cleared.

Every refusal is one line on stderr and exit code 2, and the match file is left
byte for byte as it was: it is only ever replaced atomically, after every check
has passed.  ``result`` reads and rewrites the file under an exclusive lock, so
results entered at the same time are all kept; ``generate`` refuses to replace a
match file whose results (or history) the new one would lose, unless ``--force``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from scheveningen.models.domain.match import Match
from scheveningen.models.domain.results import GameResult, ResultError
from scheveningen.models.formats.matchrecord import MatchRecord, MatchRecordError, MatchSetup, Scoring
from scheveningen.solver.cli.common import EXIT_OK, Command, Reply, UsageError
from scheveningen.solver.io.matchfile import read_match_file
from scheveningen.solver.match import generated
from scheveningen.solver.match import record as recording
from scheveningen.solver.match.history import NO_HISTORY, history_lines
from scheveningen.solver.match.record import recorded_lines
from scheveningen.solver.match.standings import standings
from scheveningen.solver.match.standings_format import (
    FORMATTERS,
    standings_dict,
    standings_html,
    standings_markdown,
    standings_text,
    verdict,
)

if TYPE_CHECKING:
    from scheveningen.solver.design.params import Result


class CommandError(Exception):
    """Bad input to one of these commands: printed as one line, exit code 2."""


@dataclass
class Answer:
    """What a command answers, kept apart from how it is shown: the text output, the JSON data, and
    any further format (``renderers``).  ``solver/cli/main.py`` shows it as the command's reply."""

    text: str
    data: dict[str, Any]
    renderers: dict[str, Callable[[], str]] = field(default_factory=dict)


# --------------------------------------------------------------------------- parsers


def configure_result(res: argparse.ArgumentParser) -> None:
    # Results such as -+ and -- look like options, so they are collected as they stand (argparse's
    # REMAINDER, which its usage line would show as "..."): the usage is written out here instead.
    res.usage = (
        "%(prog)s [-h] --round R [--board B] [--force] [--clear]\n"
        "                    [--format {text,json}] [--output FILE] file [RESULT ...]"
    )
    res.add_argument("file", help="the match file (written by schev generate --output FILE.json)")
    required = res.add_argument_group("required arguments")
    required.add_argument("--round", type=int, metavar="R", help="the round (it may also follow the results)")
    res.add_argument("--board", type=int, metavar="B", help="record (or clear) a single game: the board")
    res.add_argument("--force", action="store_true", help="allow changing or clearing results already recorded")
    res.add_argument("--clear", action="store_true", help="with --board B: remove that game's result (needs --force)")
    res.add_argument(
        "results",
        nargs=argparse.REMAINDER,
        metavar="RESULT",
        help="one result a board in board order, or one with --board (none with --clear)",
    )


def configure_standings(st: argparse.ArgumentParser) -> None:
    st.add_argument("file", help="the match file (written by schev generate --output FILE.json)")
    st.add_argument(
        "--points", metavar="W/D/L", help="match points for a round won/drawn/lost (default: the match file's, 2/1/0)"
    )
    st.add_argument(
        "--decided-by", choices=("board_points", "match_points"), help="what decides the match (default: the file's)"
    )


def configure_history(hist: argparse.ArgumentParser) -> None:
    hist.add_argument("file", help="the match file (written by schev generate --output FILE.json)")


RESULT_HELP = "record, change or clear results in a match file (from White's side)"
RESULT_DESCRIPTION = (
    "Record one round (one result a board, in board order) or, with --board, one game; results are from "
    "White's side. A result is 1-0, 0-1, 1/2-1/2 (also ½-½ or =), or a forfeit: +- (White wins), "
    "-+ (Black wins), -- (neither played). Changing a recorded result, or clearing one (--board B --clear), "
    "needs --force; every change is kept in the file's history (schev history)."
)
HISTORY_HELP = "list every change of a recorded result: when, round, board, old and new"
HISTORY_DESCRIPTION = (
    "Every change of a recorded result (changed with --force, or cleared), oldest first: when, the round, "
    "the board and its game, the old result and the new one."
)
HISTORY_FORMATS = ("text", "json")
STANDINGS_HELP = "show the match score round by round and each player's points and performance"
STANDINGS_DESCRIPTION = (
    "The match score round by round, running and final, in board points and match points, who leads or has "
    "won, and each player's points, games and performance rating."
)
RESULT_FORMATS = ("text", "json")
STANDINGS_FORMATS = tuple(FORMATTERS)


# --------------------------------------------------------------------------- generate -> match file


def generated_record(setup: MatchSetup, match: Match, result: Result, source: str = "match") -> MatchRecord:
    """The match record of a designed, verified schedule (``solver/match/generated.py``);
    :class:`CommandError` for bad input, naming ``source``; :class:`MatchFileError` for a bug."""
    try:
        return generated.generated_record(setup, match, result, source)
    except generated.GeneratedMatchError as error:
        raise CommandError(str(error)) from None


def write_generated(record: MatchRecord, path: str, force: bool = False) -> None:
    """Write a designed match file to ``path`` (``solver/match/generated.py``);
    :class:`CommandError` (unless ``force``) when the file there holds results or history the new record
    does not keep."""
    try:
        generated.write_generated(record, path, force)
    except generated.GeneratedMatchError as error:
        raise CommandError(str(error)) from None


# --------------------------------------------------------------------------- result


@dataclass(frozen=True)
class ResultArgs:
    """What ``schev result`` was asked: the round, the board (``None``: the whole round), ``--force``,
    ``--clear`` and the result texts."""

    round: int
    board: int | None
    force: bool
    clear: bool
    texts: tuple[str, ...]


def split_result_args(args: argparse.Namespace) -> ResultArgs:
    """Round, board, force, clear and the result texts.

    Results such as ``-+`` and ``--`` look like options to argparse, so every word
    after the file is collected as it stands and the options are picked out here.
    """
    r, board, force, clear = args.round, args.board, args.force, getattr(args, "clear", False)
    texts: list[str] = []
    words = list(args.results)
    while words:
        word = words.pop(0)
        name, eq, value = word.partition("=")
        if name in ("--round", "--board") and word.startswith("--"):
            if not eq:
                if not words:
                    raise CommandError(f"{name} needs a number")
                value = words.pop(0)
            try:
                number = int(value)
            except ValueError:
                raise CommandError(f"{name}: {value!r} is not a whole number") from None
            if name == "--round":
                r = number
            else:
                board = number
        elif word == "--force":
            force = True
        elif word == "--clear":
            clear = True
        elif name == "--format" and word.startswith("--"):
            value = value if eq else (words.pop(0) if words else "")
            if value not in RESULT_FORMATS:
                raise CommandError(f"--format must be {' or '.join(RESULT_FORMATS)}, got {value!r}")
            args.format = value
        elif name in ("--output", "-o"):
            value = value if eq else (words.pop(0) if words else "")
            if not value:
                raise CommandError(f"{name} needs a file name")
            args.output = value
        else:
            texts.append(word)
    if r is None:
        raise CommandError("give the round: --round R")
    if clear:
        if board is None:
            raise CommandError("--clear removes one game's result: give --board B")
        if texts:
            raise CommandError(f"--clear takes no result, got {' '.join(texts)}")
        return ResultArgs(r, board, force, clear, ())
    if not texts:
        raise CommandError("give the results (one a board in board order, or one with --board B)")
    if board is not None and len(texts) != 1:
        raise CommandError(f"--board {board} takes one result, got {len(texts)}: {' '.join(texts)}")
    return ResultArgs(r, board, force, clear, tuple(texts))


def _parse_results(texts: Sequence[str]) -> list[GameResult]:
    parsed = []
    for i, text in enumerate(texts, start=1):
        try:
            parsed.append(GameResult.parse(text))
        except ResultError as error:
            where = f"result {i}: " if len(texts) > 1 else ""
            raise CommandError(f"{where}{error}") from None
    return parsed


def result_answer(args: argparse.Namespace) -> Answer:
    """Record the results and rewrite the file (only when something changed); what was recorded.

    The file is read, changed and written under its lock: another ``result`` at the same time waits."""
    asked = split_result_args(args)
    r, board, force = asked.round, asked.board, asked.force
    if args.file == "-":
        raise CommandError("result rewrites its match file: give the file's name, not '-' (standard input)")
    results = _parse_results(asked.texts)
    if asked.clear and board is not None:
        done = recording.clear_game(args.file, r, board, force=force)
    elif board is None:
        done = recording.record_round(args.file, r, results, force=force)
    else:
        done = recording.record_game(args.file, r, board, results[0], force=force)
    updated = done.after
    data = {
        "file": args.file,
        "round": r,
        "recorded": [_game_dict(updated, r, b) for b in done.boards],
        "changed": list(done.changed),
        "summary": verdict(standings(updated)),
    }
    return Answer("\n".join(recorded_lines(done)) + "\n", data)


def _game_dict(record: MatchRecord, r: int, board: int) -> dict[str, Any]:
    game = record.game(r, board)
    return {
        "board": board,
        "white": str(game.white),
        "black": str(game.black),
        "result": None if record.result(r, board) is None else record.results[(r, board)].value,
    }


# --------------------------------------------------------------------------- history


def history_answer(args: argparse.Namespace) -> Answer:
    """The match file's history of changed results, oldest first."""
    record = read_match_file(args.file)
    lines = history_lines(record)
    text = "\n".join(lines) + "\n" if lines else f"{NO_HISTORY}\n"
    return Answer(text, {"file": args.file, "history": [change.as_dict() for change in record.history]})


# --------------------------------------------------------------------------- standings


def _scoring(args: argparse.Namespace, current: Scoring) -> Scoring:
    changes: dict[str, Any] = {}
    if args.points is not None:
        parts = args.points.split("/")
        try:
            win, draw, loss = (float(p) for p in parts)
        except ValueError:
            raise CommandError(f"--points: {args.points!r} is not W/D/L, e.g. 2/1/0") from None
        changes.update(win=win, draw=draw, loss=loss)
    if args.decided_by is not None:
        changes["decided_by"] = args.decided_by
    try:
        return replace(current, **changes) if changes else current
    except MatchRecordError as error:
        raise CommandError(f"--points: {error}") from None


def standings_answer(args: argparse.Namespace) -> Answer:
    record = read_match_file(args.file)
    record = replace(record, scoring=_scoring(args, record.scoring))
    table = standings(record)
    return Answer(
        standings_text(table),
        standings_dict(table),
        renderers={"md": lambda: standings_markdown(table), "html": lambda: standings_html(table)},
    )


def answered(answer: Callable[[argparse.Namespace], Answer]) -> Callable[[argparse.Namespace], Reply]:
    """An arbiter's command as the command line runs it: its answer as a reply, its refusals (a bad
    match file, result or option, a file that cannot be written) as bad input."""

    def run(args: argparse.Namespace) -> Reply:
        try:
            found = answer(args)
        except (CommandError, MatchRecordError, ResultError) as error:
            raise UsageError(str(error)) from None
        except OSError as error:
            name = f" {error.filename}" if error.filename else ""
            raise UsageError(f"cannot write{name}: {error.strerror or error}") from None
        return Reply(EXIT_OK, "ok", text=found.text, data=found.data, renderers=found.renderers)

    return run


RESULT = Command(RESULT_FORMATS, configure_result, answered(result_answer), RESULT_DESCRIPTION)
STANDINGS = Command(STANDINGS_FORMATS, configure_standings, answered(standings_answer), STANDINGS_DESCRIPTION)
HISTORY = Command(HISTORY_FORMATS, configure_history, answered(history_answer), HISTORY_DESCRIPTION)
