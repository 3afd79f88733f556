"""The match spec reader: the documented example parses; every mistake names its line and key."""

from __future__ import annotations

from pathlib import Path

import pytest

from scheveningen.models.domain.match import Meet
from scheveningen.models.domain.schedule import Colour, Player, Team
from scheveningen.solver.cli.main import main
from scheveningen.solver.io import spec as spec_module
from scheveningen.solver.io.spec import SpecError, load_spec, parse_spec

EXAMPLE = """\
boards = 6                  # games per round; team sizes default to this
double = false              # true: every pair meets twice, once with each colour

[teams.A]                   # optional; name and player names (in board order)
name = "Oslo"
players = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
size = 6

[rules]                     # the house rules; these are the defaults
colour_balance = true
max_run = 2
board_balance = true
objective = "breaks"

[[meet]]
players = ["A3", "B5"]
round = 2
white = "A3"

[[avoid]]
players = ["A1", "B1"]
rounds = [4, 5, 6]

[[colour]]
player = "B2"
round = 2
colour = "white"

[played]
rounds = ["A1-B1 A2-B2 B3-A3 B4-A4 B5-A5 A6-B6"]
"""


def test_the_documented_example_parses_into_a_match() -> None:
    match = parse_spec(EXAMPLE)
    assert match.boards == 6 and match.rounds == 6
    assert match.team_a.name == "Oslo" and match.team_a.players[2] == "Cy"
    assert match.meets == (Meet(a=3, b=5, round=2, white=Team.A),)
    assert match.avoids[0].rounds == (4, 5, 6)
    assert match.colours[0].player == Player(Team.B, 2) and match.colours[0].colour is Colour.WHITE
    assert len(match.played) == 1 and str(match.played[0].games[2]) == "B3-A3"


def _literal_blocks(doc: str) -> list[str]:
    """The reStructuredText literal blocks of a docstring: the indented lines after a line ending in '::'."""
    blocks: list[str] = []
    lines = doc.splitlines()
    for i, line in enumerate(lines):
        if line.rstrip().endswith("::"):
            block = []
            for following in lines[i + 1 :]:
                if following.strip() and not following.startswith("    "):
                    break
                block.append(following[4:])
            blocks.append("\n".join(block))
    return blocks


def test_the_module_docstring_example_is_valid() -> None:
    (example,) = _literal_blocks(spec_module.__doc__ or "")
    match = parse_spec(example)
    assert match.boards == 6 and len(match.requests()) == 4


def test_names_work_wherever_codes_do() -> None:
    text = EXAMPLE.replace('players = ["A3", "B5"]', 'players = ["B5", "cy"]').replace('white = "A3"', 'white = "Cy"')
    assert parse_spec(text).meets == (Meet(a=3, b=5, round=2, white=Team.A),)


@pytest.mark.parametrize(
    ("change", "line", "message"),
    [
        (('objective = "breaks"', 'objective = "speed"'), 13, "rules.objective: must be 'breaks', 'fair' or 'none'"),
        (("max_run = 2", 'max_run = "two"'), 11, "rules.max_run: must be a whole number"),
        (("round = 2\nwhite", "round = 9\nwhite"), 17, "meet[1].round: round 9 is out of range"),
        (('players = ["A3", "B5"]', 'players = ["A3", "B7"]'), 16, "unknown player 'B7'"),
        (('players = ["A3", "B5"]', 'players = ["A3", "Zed"]'), 16, "unknown player 'Zed'"),
        (('players = ["A3", "B5"]', 'players = ["A3", "A5"]'), 16, "are in the same team"),
        (("size = 6", "size = 6\nheight = 3"), 8, "teams.A.height: unknown key"),
        (('colour = "white"', 'colour = "green"'), 27, "colour[1].colour: must be 'white' or 'black'"),
        (("double = false", "double = 1"), 2, "double: must be true or false"),
        (('white = "A3"', 'white = "A4"'), 18, "A4 does not play in this game"),
        (("rounds = [4, 5, 6]", "rounds = []"), 22, "avoid[1].rounds: must list at least one round"),
    ],
)
def test_mistakes_name_the_line_and_the_key(change: tuple[str, str], line: int, message: str) -> None:
    text = EXAMPLE.replace(*change)
    assert text != EXAMPLE
    with pytest.raises(SpecError) as caught:
        parse_spec(text, source="match.toml")
    assert str(caught.value).startswith(f"match.toml:{line}: ")
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("double = true\n", "boards: is required"),
        ("boards = 0\n", "boards: must be between 1 and 100"),
        ("boards = 6\nboards = 7\n", "not valid TOML"),
        ("boards = 5\n[teams.A]\nsize = 5\n[teams.B]\nsize = 3\n", "teams.B.size: must be between the 5 boards"),
        ("boards = 3\n[teams.A]\nsize = 5\n[teams.B]\nsize = 5\n", "not a whole number of rounds"),
        ('boards = 2\n[played]\nrounds = ["A1-B1 A2-B2 A3-B3"]\n', "the played rounds have 3 games"),
        ('boards = 2\n[played]\nrounds = ["A1-B1 A1-B2"]\n', "A1 plays twice"),
        ("boards = 2\n[played]\n", ""),
    ],
)
def test_other_mistakes_are_named(text: str, message: str) -> None:
    if not message:
        assert parse_spec(text).played == ()
        return
    with pytest.raises(SpecError, match=message):
        parse_spec(text)


def test_played_rounds_can_come_from_a_file(tmp_path: Path) -> None:
    (tmp_path / "played.txt").write_text("Round 1\tA1-B1\tB2-A2\n", encoding="utf-8")
    (tmp_path / "match.toml").write_text('boards = 2\n[played]\nfile = "played.txt"\n', encoding="utf-8")
    match = load_spec(tmp_path / "match.toml")
    assert [str(g) for g in match.played[0].games] == ["A1-B1", "B2-A2"]


def test_cli_spec_errors_exit_two_without_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('boards = 6\n[[meet]]\nplayers = ["A1", "B9"]\nround = 1\n', encoding="utf-8")
    out_file = tmp_path / "out.txt"
    code = main(["generate", "--spec", str(path), "--output", str(out_file)])
    err = capsys.readouterr().err
    assert code == 2
    assert f"{path}:3: meet[1].players: unknown player 'B9'" in err
    assert "Traceback" not in err
    assert not out_file.exists()


def test_cli_impossible_requests_exit_one_with_reasons(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "clash.toml"
    path.write_text(
        'boards = 4\n[[meet]]\nplayers = ["A1", "B2"]\nround = 1\n[[meet]]\nplayers = ["A1", "B3"]\nround = 1\n',
        encoding="utf-8",
    )
    code = main(["generate", "--spec", str(path), "--time-limit", "5", "--workers", "1"])
    err = capsys.readouterr().err
    assert code == 1
    assert "these 2 requests cannot hold together" in err
    assert "meet A1-B2 in round 1" in err and "meet A1-B3 in round 1" in err
