"""Fuzzing every reader of user files: random and mutated input never gives a traceback, only the
reader's own error (one line, exit 2 from the command line); valid input survives a round trip.

READERS is the one place to add a reader: the JSON match file (issue 12, part 1) and the TRF
reader (issue 12, part 2) join it with their error type and a few valid samples, and every test
below then runs over them too.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from match_cases import four_boards  # the match-file tests' own sample (tests/match_cases.py)

from scheveningen.models.domain.schedule import Colour, Player, Team
from scheveningen.models.formats.matchrecord import MatchFileError
from scheveningen.models.formats.tables import PUBLISHED_SIZES, published, published_text
from scheveningen.models.formats.textform import ScheduleFormatError, format_text, parse_text, read_written
from scheveningen.solver.cli.main import main
from scheveningen.solver.export.trf import export_trf
from scheveningen.solver.io.matchfile import parse_match_file
from scheveningen.solver.io.spec import SpecError, parse_spec
from scheveningen.solver.io.trf_reader import TrfFormatError, read_trf
from scheveningen.solver.verify.verifier import verify


@dataclass(frozen=True)
class Reader:
    """A reader of user text: ``read`` raises only ``error`` on bad input."""

    name: str
    read: Callable[[str], object]
    error: type[Exception]
    samples: tuple[str, ...]
    command: tuple[str, ...]  # the schev command that reads such a file, the path appended


def _check_written(text: str) -> object:
    written = read_written(text).written
    return verify(written)  # reading is not enough: the verifier must take whatever was read


SPEC_SAMPLE = (
    'boards = 4\n[teams.A]\nname = "Oslo"\nplayers = ["Ann", "Bo", "Cy", "Di"]\n'
    '[[meet]]\nplayers = ["Cy", "B2"]\nround = 2\nwhite = "Cy"\n'
    '[[avoid]]\nplayers = ["A1", "B1"]\nrounds = [1, 2]\n'
    '[[colour]]\nplayer = "B3"\nround = 1\ncolour = "black"\n'
)

READERS: list[Reader] = [
    Reader("text form (strict)", parse_text, ScheduleFormatError, tuple(published_text(n) for n in (2, 5, 8)), ()),
    Reader(
        "text form (verify)",
        _check_written,
        ScheduleFormatError,
        tuple(published_text(n) for n in (3, 6)),
        ("verify",),
    ),
    Reader("TOML spec", parse_spec, SpecError, (SPEC_SAMPLE,), ()),
]


def _match_file_samples() -> tuple[str, ...]:
    """Valid match files: the published 4-board table with rosters and an event (issue 12)."""
    return (four_boards().to_json(),)


def _trf_samples() -> tuple[str, ...]:
    """Valid TRF files: the same match exported as a rating report."""
    return (export_trf(four_boards()),)


READERS += [
    Reader("JSON match file", parse_match_file, MatchFileError, _match_file_samples(), ("standings",)),
    Reader("TRF", read_trf, TrfFormatError, _trf_samples(), ("verify",)),
]

IDS = [reader.name for reader in READERS]


def _mutate(text: str, data: st.DataObject) -> str:
    """A few random edits: delete, duplicate, replace or insert characters or whole lines."""
    for _ in range(data.draw(st.integers(1, 4))):
        if not text:
            text = data.draw(st.text(max_size=5))
            continue
        i = data.draw(st.integers(0, len(text) - 1))
        j = data.draw(st.integers(i, min(len(text), i + 12)))
        kind = data.draw(st.sampled_from(["delete", "duplicate", "replace", "insert", "swap-lines"]))
        if kind == "delete":
            text = text[:i] + text[j:]
        elif kind == "duplicate":
            text = text[:j] + text[i:j] + text[j:]
        elif kind == "replace":
            text = text[:i] + data.draw(st.text(max_size=3)) + text[i + 1 :]
        elif kind == "insert":
            token = data.draw(
                st.sampled_from(["-", "=", "[", "]", '"', "#", "\n", "\t", "A0", "B99", "0", "1e9", "\x00"])
            )
            text = text[:i] + token + text[i:]
        else:
            lines = text.split("\n")
            a, b = data.draw(st.integers(0, len(lines) - 1)), data.draw(st.integers(0, len(lines) - 1))
            lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
    return text


@pytest.mark.parametrize("reader", READERS, ids=IDS)
@given(text=st.text(max_size=300))
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_random_text_raises_only_the_readers_error(reader: Reader, text: str) -> None:
    with contextlib.suppress(reader.error):
        reader.read(text)


@pytest.mark.parametrize("reader", READERS, ids=IDS)
@given(data=st.data())
@settings(max_examples=120, deadline=None)
def test_mutated_valid_input_raises_only_the_readers_error(reader: Reader, data: st.DataObject) -> None:
    text = _mutate(data.draw(st.sampled_from(reader.samples)), data)
    with contextlib.suppress(reader.error):
        reader.read(text)


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


@given(data=st.data())
@settings(max_examples=90, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_mutated_files_through_the_command_line_never_give_a_traceback(tmp_path: Path, data: st.DataObject) -> None:
    kind = data.draw(st.sampled_from(["verify", "trf", "spec", "standings"]))
    if kind == "verify":
        sample = published_text(data.draw(st.sampled_from([3, 4, 6])))
    else:
        sample = {"trf": _trf_samples, "spec": lambda: (SPEC_SAMPLE,), "standings": _match_file_samples}[kind]()[0]
    path = tmp_path / "input.txt"
    path.write_bytes(_mutate(sample, data).encode("utf-8", errors="surrogatepass"))
    fmt = data.draw(st.sampled_from(["text", "json"]))
    if kind in ("verify", "trf"):
        argv = ["verify", str(path), "--format", fmt]
    elif kind == "standings":
        argv = ["standings", str(path), "--format", fmt]
    else:
        argv = ["generate", "--spec", str(path), "--time-limit", "2", "--workers", "1", "--format", fmt]
    code, out, err = _run(argv)
    assert code in (0, 1, 2, 3)
    assert "Traceback" not in err
    if fmt == "json":
        assert json.loads(out)["exit_code"] == code
    if code == 2:
        assert len(err.splitlines()) == 1 or err.startswith("usage:")


# --------------------------------------------------------------------------- round trips


@st.composite
def written_schedules(draw: st.DrawFn) -> str:
    """Text that is a schedule of any shape the text form can carry, faults included."""
    boards = draw(st.integers(1, 5))
    lines = []
    for r in range(1, draw(st.integers(1, 5)) + 1):
        games = []
        for _ in range(draw(st.integers(0, boards + 1))):
            white = draw(st.sampled_from("AB")) + str(draw(st.integers(1, boards + 1)))
            black = draw(st.sampled_from("AB")) + str(draw(st.integers(1, boards + 1)))
            games.append(f"{white}-{black}")
        lines.append("\t".join([f"Round {r}", *games]))
    return "\n".join(lines) + "\n"


@given(written_schedules())
@settings(max_examples=150, deadline=None)
def test_anything_written_is_read_with_every_game_and_verified(text: str) -> None:
    try:
        written = read_written(text).written
    except ScheduleFormatError:
        return  # no games at all: that is the only refusal left for this alphabet
    tokens = [t for line in text.splitlines() for t in line.split("\t")[1:]]
    assert sorted(str(g) for _r, _b, g in written.games()) == sorted(tokens)
    verdict = verify(written)
    strict = written.strict()
    assert (strict is not None and verdict.complete) == verdict.complete  # complete implies well-formed
    if strict is not None:
        again = read_written(format_text(strict), teams=(strict.team_a, strict.team_b)).written
        assert again.strict() == strict


@pytest.mark.parametrize("reader", [r for r in READERS if r.name == "JSON match file"], ids=lambda r: r.name)
def test_a_match_file_survives_a_round_trip(reader: Reader) -> None:
    for sample in reader.samples:
        record = reader.read(sample)
        assert reader.read(record.to_json()) == record  # type: ignore[attr-defined]


def test_a_trf_survives_a_round_trip() -> None:
    record = four_boards()
    read = read_trf(export_trf(record))
    assert read.schedule == record.schedule
    assert read.results == record.results


@pytest.mark.parametrize("n", list(PUBLISHED_SIZES))
def test_published_tables_read_the_same_by_both_readers(n: int) -> None:
    strict = parse_text(published_text(n)).schedule
    written = read_written(published_text(n))
    assert written.sizes_from == "header"
    assert written.written.strict() == strict == published(n)


@st.composite
def specs(draw: st.DrawFn) -> tuple[str, dict[str, object]]:
    """A valid spec written out by the test, and what it must read as."""
    boards = draw(st.integers(2, 8))
    names = draw(
        st.lists(
            st.from_regex(r"[C-Z][a-z]{1,6}", fullmatch=True), min_size=boards, max_size=boards, unique_by=str.casefold
        )
    )
    meets = []
    for _ in range(draw(st.integers(0, 3))):
        meets.append((draw(st.integers(1, boards)), draw(st.integers(1, boards)), draw(st.integers(1, boards))))
    colour = (draw(st.integers(1, boards)), draw(st.integers(1, boards)), draw(st.sampled_from(["white", "black"])))
    text = f"boards = {boards}\n[teams.A]\nplayers = {json.dumps(names)}\n"
    for a, b, r in meets:
        text += f'[[meet]]\nplayers = ["{names[a - 1]}", "B{b}"]\nround = {r}\n'
    text += f'[[colour]]\nplayer = "B{colour[0]}"\nround = {colour[1]}\ncolour = "{colour[2]}"\n'
    return text, {"boards": boards, "names": tuple(names), "meets": meets, "colour": colour}


@given(specs())
@settings(max_examples=80, deadline=None)
def test_valid_specs_read_back_what_was_written(case: tuple[str, dict[str, object]]) -> None:
    text, expected = case
    match = parse_spec(text)
    assert match.boards == expected["boards"]
    assert match.team_a.players == expected["names"]
    assert [(m.a, m.b, m.round) for m in match.meets] == expected["meets"]
    wanted = expected["colour"]
    assert isinstance(wanted, tuple)
    number, r, colour = wanted
    wish = match.colours[0]
    assert (wish.player, wish.round, wish.colour) == (Player(Team.B, number), r, Colour(colour))
