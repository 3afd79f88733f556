"""Reading the README's ``console`` blocks for the tests that replay them.

A block is a shell session as printed: a line starting ``$ `` is a command, every line after it up to
the next command is that command's output.
"""

from __future__ import annotations

import re
from collections.abc import Iterable


def console_blocks(text: str) -> list[str]:
    """The contents of every ```console block in ``text``, in order."""
    return re.findall(r"```console\n(.*?)```", text, flags=re.DOTALL)


def console_steps(blocks: Iterable[str]) -> list[tuple[str, str]]:
    """``(command, output)`` for every command in ``blocks``, read as one session."""
    steps: list[tuple[str, str]] = []
    for block in blocks:
        for line in block.splitlines(keepends=True):
            if line.startswith("$ "):
                steps.append((line[2:].strip(), ""))
            else:
                command, output = steps[-1]
                steps[-1] = (command, output + line)
    return steps
