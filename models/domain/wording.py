"""How a count is written in the tool's messages and pages: "1 board", "3 boards"."""

from __future__ import annotations


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun, singular for exactly one: ``counted(2, "round")`` is ``"2 rounds"``;
    ``plural`` for a noun that does not just take an s (``"history entries"``)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
