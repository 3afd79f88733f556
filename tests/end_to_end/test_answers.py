"""Every input answered: one JSON document for every exit code, bounded input sizes, '-' for
standard input and output, reproducible runs with one worker and a work limit."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from pathlib import Path

import pytest

from scheveningen.models.formats.tables import published_text
from scheveningen.solver.cli import common as cli_common
from scheveningen.solver.cli import design as cli_design
from scheveningen.solver.cli import main as cli
from scheveningen.solver.design import DesignBugError
from scheveningen.solver.io import spec
from scheveningen.solver.io.files import MAX_FILE_BYTES, MAX_SPEC_BYTES

CLASH = 'boards = 4\n[[meet]]\nplayers = ["A1", "B2"]\nround = 1\n[[meet]]\nplayers = ["A1", "B3"]\nround = 1\n'
SMALL_SPEC = (
    'boards = 5\n[[meet]]\nplayers = ["A1", "B2"]\nround = 1\n[[colour]]\nplayer = "B3"\nround = 2\ncolour = "white"\n'
)


def run(*argv: str, stdin: str | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(list(argv))
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# --------------------------------------------------------------------------- JSON for every outcome


def test_json_for_every_exit_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    valid = write(tmp_path, "n06.txt", published_text(6))
    broken = write(tmp_path, "broken.txt", published_text(6).replace("Round 1\tA1-B1", "Round 1\tB1-A1"))
    clash = write(tmp_path, "clash.toml", CLASH)
    # 96 against 92 on 69 boards: no construction within 1 s and no room to build the model, so exit 3.
    big = write(tmp_path, "big.toml", "boards = 69\n[teams.A]\nsize = 96\n[teams.B]\nsize = 92\n")
    cases = {
        0: ["verify", valid],
        1: ["verify", broken],
        2: ["verify", str(tmp_path / "absent.txt")],
        3: ["generate", "--spec", big, "--time-limit", "1", "--workers", "1"],
    }
    seen = {}
    for expected, argv in cases.items():
        code, out, _err = run(*argv, "--format", "json")
        data = json.loads(out)
        assert (code, data["exit_code"]) == (expected, expected)
        assert isinstance(data["messages"], list) and data["command"] == argv[0]
        seen[expected] = data
    assert seen[0]["status"] == "ok" and seen[1]["status"] == "broken" and seen[2]["status"] == "error"
    assert seen[3]["status"] == "unknown"
    assert any("no room to build" in message for message in seen[3]["messages"])
    code, out, _err = run("generate", "--spec", clash, "--workers", "1", "--format", "json")
    data = json.loads(out)
    assert (code, data["status"]) == (1, "infeasible")
    assert data["explanation"] == ["meet A1-B2 in round 1", "meet A1-B3 in round 1"]  # the minimal set

    def bug(*_args: object, **_kwargs: object) -> None:
        raise DesignBugError("the verifier rejected it")

    monkeypatch.setattr(cli_design, "design_match", bug)
    code, out, err = run("generate", "5", "--format", "json")
    data = json.loads(out)
    assert (code, data["exit_code"], data["status"]) == (70, 70, "bug")
    assert "INTERNAL ERROR" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["--format", "json"],
        ["verify", "--format", "json"],
        ["generate", "0", "--format", "json"],
        ["table", "x", "--format=json"],
    ],
)
def test_usage_errors_are_json_too(argv: list[str]) -> None:
    code, out, err = run(*argv)
    assert code == 2
    data = json.loads(out)
    assert (data["status"], data["exit_code"]) == ("error", 2)
    assert data["messages"][0].startswith("error: ")
    assert "Traceback" not in err


def test_each_command_declares_its_formats() -> None:
    parser = cli.build_parser()
    (commands,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    for name, command in cli.COMMANDS.items():
        assert command.formats[0] == "text"
        sub = commands.choices[name]
        (action,) = [a for a in sub._actions if a.dest == "format"]
        assert action.choices is not None and tuple(action.choices) == command.formats


# --------------------------------------------------------------------------- '-' and bounds


def test_dash_reads_standard_input_and_writes_standard_output(tmp_path: Path) -> None:
    code, out, _err = run("verify", "-", "--output", "-", stdin=published_text(4))
    assert code == 0 and out.startswith("schedule: standard input 4 boards")
    code, out, _err = run("fingerprint", "-", stdin=published_text(4))
    assert code == 0 and out.strip()
    code, out, _err = run("generate", "--spec", "-", "--workers", "1", "--time-limit", "5", stdin=SMALL_SPEC)
    assert code == 0 and out.startswith("# Scheveningen system")


def test_workers_default_to_the_usable_cores() -> None:
    code, out, _err = run("generate", "4", "--format", "json")
    assert code == 0
    assert json.loads(out)["parameters"]["workers"] == cli_common.usable_cores()


@pytest.mark.parametrize(("argv", "cap"), [(["verify"], MAX_FILE_BYTES), (["generate", "--spec"], MAX_SPEC_BYTES)])
def test_a_huge_file_is_refused_at_once(tmp_path: Path, argv: list[str], cap: int) -> None:
    path = tmp_path / "huge"
    with path.open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # 50 MB, sparse: nothing is written to disk
    code, out, err = run(*argv, str(path))
    assert (code, out) == (2, "")
    assert f"too large (over {cap // (1024 * 1024)} MB)" in err


def test_huge_standard_input_is_refused(tmp_path: Path) -> None:
    code, _out, err = run("verify", "-", stdin="A1-B1 " * (MAX_FILE_BYTES // 6 + 10))
    assert code == 2 and "standard input: too large" in err


def test_too_many_requests_are_refused_with_the_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(spec, "MAX_REQUESTS", 10)
    text = "boards = 4\n" + '[[colour]]\nplayer = "B1"\nround = 1\ncolour = "white"\n' * 11
    code, _out, err = run("generate", "--spec", write(tmp_path, "many.toml", text))
    assert code == 2
    assert "colour: 11 [[colour]] tables; at most 10 are supported" in err


def test_a_hundred_boards_with_thousands_of_requests_is_answered(tmp_path: Path) -> None:
    lines = ["boards = 100"]
    for i in range(3000):
        a, b, r = i % 100 + 1, (7 * i) % 100 + 1, (13 * i) % 100 + 1
        lines.append(f'[[avoid]]\nplayers = ["A{a}", "B{b}"]\nrounds = [{r}]')
    code, out, _err = run(
        "generate", "--spec", write(tmp_path, "big.toml", "\n".join(lines)), "--time-limit", "2", "--format", "json"
    )
    assert code in (0, 1, 3)
    assert json.loads(out)["exit_code"] == code


# --------------------------------------------------------------------------- reproducible


def test_one_worker_with_a_work_limit_is_byte_identical(tmp_path: Path) -> None:
    path = write(tmp_path, "match.toml", SMALL_SPEC)
    argv = ["generate", "--spec", path, "--workers", "1", "--work-limit", "2", "--time-limit", "60"]
    first, second = run(*argv), run(*argv)
    assert first[0] == 0 and first == second
    one, two = (json.loads(run(*argv, "--format", "json")[1]) for _ in range(2))
    for data in (one, two):
        data.pop("wall_time")
        data["parameters"].pop("search_time_limit")
        data["stages"] = [{k: v for k, v in stage.items() if k != "seconds"} for stage in data["stages"]]
    assert one == two


@pytest.mark.parametrize(
    "argv",
    [["standings", "{missing}"], ["result", "{missing}", "--round", "1", "1-0"], ["standings", "{garbage}"]],
    ids=["standings-missing", "result-missing", "standings-garbage"],
)
def test_the_match_file_commands_answer_json_too(tmp_path: Path, argv: list[str]) -> None:
    names = {"missing": str(tmp_path / "absent.json"), "garbage": write(tmp_path, "garbage.json", "{not json")}
    code, out, err = run(*(arg.format(**names) for arg in argv), "--format", "json")
    data = json.loads(out)
    assert (code, data["exit_code"], data["status"], data["command"]) == (2, 2, "error", argv[0])
    assert len(err.splitlines()) == 1 and "Traceback" not in err
