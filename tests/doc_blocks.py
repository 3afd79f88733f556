"""The console blocks of the README and docs/guide.md, split into (command, expected output) steps, and
how the tests replay them."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
GUIDE = (ROOT / "docs" / "guide.md").read_text(encoding="utf-8")


def section(text: str, start: str, end: str | None) -> str:
    """The text from heading `start` up to the next `end` (a later heading; None: to the end), which must
    both be there."""
    assert start in text, f"missing section {start!r}"
    after = text.split(start, 1)[1]
    if end is None:
        return after
    assert end in after, f"missing {end!r} after {start!r}"
    return after.split(end, 1)[0]


def console_blocks(text: str) -> list[list[tuple[str, str]]]:
    """Each console block of `text` as its steps: a `$ ` line and the lines it prints."""
    blocks = []
    for block in re.findall(r"```console\n(.*?)```", text, flags=re.DOTALL):
        steps: list[tuple[str, str]] = []
        for line in block.splitlines(keepends=True):
            if line.startswith("$ "):
                steps.append((line[2:].strip(), ""))
            else:
                command, output = steps[-1]
                steps[-1] = (command, output + line)
        blocks.append(steps)
    return blocks


# The lines that differ from one run to the next: the versions and worker count of "Designed by",
# and the times of `schev history`.
_DESIGNED = re.compile(r"^# Designed by .*$", flags=re.MULTILINE)
_WHEN = re.compile(r"\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\b")


def plain(text: str) -> str:
    """``text`` with the parts that differ between runs replaced by placeholders."""
    return _WHEN.sub("<time>", _DESIGNED.sub("# Designed by", text))


def exit_code(shown: str) -> int:
    """The exit code a step printing ``shown`` ends with (README, "Exit codes")."""
    if "schev: error:" in shown:
        return 2
    if "schev: impossible" in shown or "verdict: BROKEN" in shown:
        return 1
    return 0


def execute(
    command: str,
    shown: str,
    main: Callable[[list[str]], int],
    capture: Callable[[], tuple[str, str]],
    generate_args: Sequence[str] = (),
) -> tuple[str, int | None]:
    """Run one step of a console block in the current folder: what it prints and its exit code (None
    for a step that is not a ``schev`` command alone).

    ``cat FILE`` writes ``shown`` to FILE, or, when an earlier step made FILE, prints it;
    ``printf '...' > FILE`` writes FILE; ``schev ... > FILE`` writes the standard output to FILE;
    ``schev ... | head -N`` (or ``tail -N``) keeps N lines of the standard output.  ``generate_args``
    are added to every ``schev generate`` that does not name its workers."""
    words = shlex.split(command)
    target = pipe = None
    if ">" in words:
        words, target = words[: words.index(">")], words[words.index(">") + 1]
    if "|" in words:
        words, pipe = words[: words.index("|")], words[words.index("|") + 1 :]
    if words[0] == "printf" and target is not None:
        Path(target).write_text(words[1].encode().decode("unicode_escape"), encoding="utf-8")
        return "", None
    if words[0] == "cat":
        if Path(words[1]).exists():
            return Path(words[1]).read_text(encoding="utf-8"), None
        Path(words[1]).write_text(shown, encoding="utf-8")
        return shown, None
    assert words[0] == "schev", command
    extra = list(generate_args) if words[1] == "generate" and "--workers" not in words else []
    code = main([*words[1:], *extra])
    out, err = capture()
    if target is not None:
        Path(target).write_text(out, encoding="utf-8")
        out = ""
    if pipe is not None:
        assert pipe[0] in ("head", "tail") and len(pipe) == 2, command
        count, lines = int(pipe[1].lstrip("-")), out.splitlines(keepends=True)
        out = "".join(lines[:count] if pipe[0] == "head" else lines[-count:])
        return out + err, None
    return out + err, code


def replay(
    steps: Sequence[tuple[str, str]],
    main: Callable[[list[str]], int],
    capture: Callable[[], tuple[str, str]],
    generate_args: Sequence[str] = (),
) -> None:
    """Run the steps in order; each must print what is shown (apart from :func:`plain`'s parts) and
    end with the exit code that fits."""
    for command, shown in steps:
        printed, code = execute(command, shown, main, capture, generate_args)
        assert plain(printed) == plain(shown), command
        if code is not None:
            assert code == exit_code(shown), command
