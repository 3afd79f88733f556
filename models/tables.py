"""The published standard tables for 2 to 13 boards, shipped as package data.

Each file keeps its ``# Source:`` header.  ``published_text(n)`` is the file
exactly as shipped; ``published(n)`` is the parsed schedule.
"""

from __future__ import annotations

from importlib import resources

from models.schedule import Schedule
from models.textform import parse_text

PUBLISHED_SIZES = range(2, 14)


class UnknownTableError(ValueError):
    """No table of that size is shipped."""


def published_text(boards: int) -> str:
    """The published table for ``boards`` boards, byte for byte as shipped."""
    if boards not in PUBLISHED_SIZES:
        raise UnknownTableError(
            f"there is no published table for {boards} boards (published tables cover "
            f"{PUBLISHED_SIZES.start} to {PUBLISHED_SIZES.stop - 1} boards)"
        )
    return resources.files("models").joinpath("published").joinpath(f"n{boards:02d}.txt").read_text(encoding="utf-8")


def published(boards: int) -> Schedule:
    """The published table for ``boards`` boards as a schedule."""
    return parse_text(published_text(boards), source=f"published table n{boards:02d}").schedule
