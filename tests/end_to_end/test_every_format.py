"""Every command that reads a schedule reads every form the tool writes (issue 42): the text form and the
design report of ``schev generate``, the match file of ``generate --spec --output FILE.json`` and the TRF of
``schev export``.  ``verify``, ``compare`` and ``fingerprint`` take each, told by content or named with
``--from``; a match file is verified against its own rule settings and requests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scheveningen.models.formats.tables import published
from scheveningen.solver.cli.main import main

FORMS = ("text", "json", "match", "trf")
SPEC = 'boards = 5\n\n[teams.A]\nname = "Oslo"\n'
DESIGN = ["--workers", "1", "--work-limit", "5"]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One designed match in each form, written by the tool itself."""
    folder = tmp_path_factory.mktemp("forms")
    spec = folder / "match.toml"
    spec.write_text(SPEC, encoding="utf-8")
    paths = {
        form: folder / name for form, name in zip(FORMS, ("g.txt", "g.json", "match.json", "match.trf"), strict=True)
    }
    generate = ["generate", "--spec", str(spec), *DESIGN]
    assert main([*generate, "--output", str(paths["text"])]) == 0
    assert main([*generate, "--format", "json", "--output", str(paths["json"])]) == 0
    assert main([*generate, "--output", str(paths["match"])]) == 0
    assert main(["export", str(paths["match"]), "--format", "trf", "--output", str(paths["trf"])]) == 0
    assert paths["json"].read_text(encoding="utf-8").lstrip().startswith("{")
    assert '"format": "scheveningen-match/1"' in paths["match"].read_text(encoding="utf-8")
    assert paths["trf"].read_text(encoding="utf-8").startswith("012 ")
    return paths


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("form", FORMS)
def test_verify_reads_every_form_the_tool_writes(
    form: str, files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(capsys, "verify", str(files[form]))
    assert (code, err) == (0, "")
    assert out.startswith(f"schedule: {files[form]} 5 boards, 5 rounds\nverdict: ok\n")


@pytest.mark.parametrize("form", FORMS)
def test_compare_finds_every_form_the_same_design_as_the_text_form(
    form: str, files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _err = _run(capsys, "compare", str(files[form]), "--against", str(files["text"]), "--format", "json")
    assert code == 0
    assert json.loads(out)["equivalent"] is True


def test_fingerprint_is_the_same_for_all_four_forms(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    prints = set()
    for form in FORMS:
        code, out, _err = _run(capsys, "fingerprint", str(files[form]))
        assert code == 0
        prints.add(out)
    assert len(prints) == 1
    assert prints.pop().startswith("scheveningen-fp1:5b:5r:")


@pytest.mark.parametrize("form", FORMS)
def test_from_names_the_form_the_file_is_in(
    form: str, files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    for command in (["verify"], ["fingerprint"], ["compare", "--against", "5"]):
        code, _out, err = _run(capsys, command[0], str(files[form]), "--from", form, *command[1:])
        assert (code, err) == (0, ""), command


@pytest.mark.parametrize(
    ("form", "given", "problem"),
    [
        ("json", "text", ":1: '{' is not a game"),
        ("match", "json", "not a design report"),
        ("json", "match", "not a match file"),
        ("text", "trf", "does not start with a 3-digit record code"),
    ],
)
def test_from_forces_the_form_even_against_the_content(
    form: str, given: str, problem: str, files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, _out, err = _run(capsys, "verify", str(files[form]), "--from", given)
    assert code == 2
    assert err.startswith(f"schev: error: {files[form]}") and problem in err


def test_an_unknown_form_is_refused_with_the_forms_named(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, _out, err = _run(capsys, "verify", str(files["json"]), "--from", "xml")
    assert code == 2
    assert "argument --from: invalid choice: 'xml' (choose from 'text', 'json', 'match', 'trf')" in err


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ('{"command": "generate", "games": [', "not valid JSON"),
        ('{"players": ["A1", "B1"]}', "neither a design report (schev generate --format json) nor a match file"),
    ],
)
@pytest.mark.parametrize("command", [["verify"], ["fingerprint"], ["compare", "--against", "4"]])
def test_a_json_that_is_no_schedule_gets_one_line_naming_the_file(
    content: str, problem: str, command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    code, out, err = _run(capsys, command[0], str(path), *command[1:])
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert err.startswith(f"schev: error: {path}:") and problem in err


def _match_file_with(files: dict[str, Path], folder: Path, rules: dict[str, object], **changes: object) -> Path:
    """The match file written by the tool, with its rules and other keys changed as an organiser's spec would."""
    data = json.loads(files["match"].read_text(encoding="utf-8"))
    data["rules"].update(rules)
    data.update(changes)
    path = folder / "changed.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def test_a_match_files_max_run_is_the_one_verify_checks(
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = published(5)  # rounds 4 and 5 swapped: a player then has three games of one colour in a row
    rounds = [*table.rounds[:3], table.rounds[4], table.rounds[3]]
    schedule = [[str(game) for game in games] for games in rounds]
    runs_of_three = _match_file_with(files, tmp_path, {"max_run": 3}, schedule=schedule)
    code, out, _err = _run(capsys, "verify", str(runs_of_three))
    assert code == 0
    assert "rule 2 no run longer than 3: holds" in out
    as_text = tmp_path / "runs.txt"
    as_text.write_text("".join("\t".join(games) + "\n" for games in schedule), encoding="utf-8")
    code, out, _err = _run(capsys, "verify", str(as_text))
    assert code == 1
    assert "rule 2 no three in a row: broken" in out


def test_a_match_files_requests_are_checked_by_verify(
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(files["match"].read_text(encoding="utf-8"))
    white, black = data["schedule"][0][0].split("-")  # round 1, board 1: where A1 sits
    assert "A1" in (white, black)
    a1_colour = "white" if white == "A1" else "black"
    other = "black" if a1_colour == "white" else "white"
    kept = _match_file_with(
        files, tmp_path, {}, requests={"colour": [{"player": "A1", "round": 1, "colour": a1_colour}]}
    )
    assert _run(capsys, "verify", str(kept))[0] == 0
    broken = _match_file_with(files, tmp_path, {}, requests={"colour": [{"player": "A1", "round": 1, "colour": other}]})
    code, out, _err = _run(capsys, "verify", str(broken), "--format", "json")
    assert code == 1
    assert len(json.loads(out)["requests_broken"]) == 1


def test_a_design_report_is_verified_against_the_rules_it_was_designed_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = tmp_path / "runs.toml"
    spec.write_text("boards = 6\n\n[rules]\nmax_run = 3\n", encoding="utf-8")
    report = tmp_path / "runs.json"
    assert main(["generate", "--spec", str(spec), "--format", "json", "--quiet", "--output", str(report)]) == 0
    assert json.loads(report.read_text(encoding="utf-8"))["rules"]["max_run"] == 3
    capsys.readouterr()
    assert main(["verify", str(report)]) == 0
    assert "no run longer than 3" in capsys.readouterr().out
