"""The help of the command line (solver/cli/main.py, match.py, export.py): ``schev -h`` and every
``schev COMMAND -h`` exit 0; every command has a description; the usage line and the argument list
name the same arguments, a required option shown without brackets; nothing is cut short or too wide."""

from __future__ import annotations

import re

import pytest

from scheveningen.solver.cli.main import COMMANDS, main

WIDTH = 80
# A one-line help that stops on one of these words (or on a possessive) has lost its end.
DANGLING = re.compile(r"(\b(a|an|and|or|of|the|to|with|each|every|per|from|in|on)|'s)$", re.IGNORECASE)


def _help(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str) -> str:
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    with pytest.raises(SystemExit) as leaving:
        main([*args, "-h"])
    assert leaving.value.code == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def _flat(text: str) -> str:
    return " ".join(text.split())


def _usage(text: str) -> str:
    """The usage lines, joined, without the ``usage: schev COMMAND`` head."""
    head = text.split("\n\n", 1)[0]
    assert head.startswith("usage: ")
    return _flat(head).split(" ", 3)[3]


def _listed(text: str) -> tuple[set[str], set[str], set[str], set[str]]:
    """The options (every spelling), the first spelling of each (the one a usage line shows), the
    positional arguments and the required options of the argument list."""
    options: set[str] = set()
    first: set[str] = set()
    positionals: set[str] = set()
    required: set[str] = set()
    group = ""
    for line in text.splitlines():
        if line and not line.startswith(" ") and line.endswith(":"):
            group = line
            continue
        found = re.match(r"^  (\S+)", line)
        if not found:
            continue
        if found[1].startswith("-"):
            spellings = re.findall(r"(?<![\w-])(--?[a-zA-Z][\w-]*)", line.split("  ")[1])
            names = set(spellings)
            options |= names
            first.add(spellings[0])
            if group == "required arguments:":
                required |= names
        elif group == "positional arguments:":
            positionals.add(found[1])
    return options, first, positionals, required


def test_the_program_help_lists_every_command_with_its_whole_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = _flat(_help(capsys, monkeypatch))
    for name, command in COMMANDS.items():
        assert f"{name} {_flat(command.help)}" in out, name
        assert not DANGLING.search(command.help), f"{name}: {command.help!r} is cut short"


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_help_exits_zero_with_its_description(
    name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    description = COMMANDS[name].description
    assert description.endswith("."), f"{name} has no description, or one cut short"
    assert _flat(description) in _flat(_help(capsys, monkeypatch, name))


@pytest.mark.parametrize("name", list(COMMANDS))
def test_the_usage_and_the_argument_list_name_the_same_arguments(
    name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = _help(capsys, monkeypatch, name)
    usage = _usage(text)
    options, first, positionals, _required = _listed(text)
    assert positionals, f"{name} lists no positional argument"
    in_usage = set(re.findall(r"(?<![\w-])(--?[a-zA-Z][\w-]*)", usage))
    assert in_usage <= options, f"{name}: the usage names {in_usage - options}, the list does not"
    assert first <= in_usage, f"{name}: the list names {first - in_usage}, the usage does not"
    for positional in positionals:
        assert re.search(rf"(?<![\w-]){re.escape(positional)}(?![\w-])", usage), f"{name}: {positional}"
    for repeated in re.findall(r"(\S+) \.\.\.", usage):  # "..." only after a named argument
        assert repeated.strip("[") in positionals, f"{name}: '{repeated} ...' names no argument"


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_required_option_is_shown_without_brackets(
    name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = _help(capsys, monkeypatch, name)
    usage = _usage(text)
    for option in _listed(text)[3]:
        assert f"[{option}" not in usage and re.search(rf"(?<![\w-]){option}(?![\w-])", usage), option


def test_the_round_of_result_is_listed_as_required(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = _help(capsys, monkeypatch, "result")
    assert "--round" in _listed(text)[3]
    assert _usage(text).startswith("[-h] --round R ")


@pytest.mark.parametrize("args", [(), *((name,) for name in COMMANDS)])
def test_no_help_line_is_wider_than_the_terminal(
    args: tuple[str, ...], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = _help(capsys, monkeypatch, *args)
    wide = [line for line in text.splitlines() if len(line) > WIDTH]
    assert wide == []
