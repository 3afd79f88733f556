"""The console blocks of the README and docs/guide.md, split into (command, expected output) steps, for
the tests that replay them."""

from __future__ import annotations

import re
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
