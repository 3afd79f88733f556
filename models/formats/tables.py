"""The published standard tables (2 to 13 boards) and the best known designs, shipped as package data.

Each published file keeps its ``# Source:`` header.  ``published_text(n)`` is
the file exactly as shipped; ``published(n)`` is the parsed schedule.  The best
known designs (``models/best/``) were found by this project's own search; each
file's header gives its break count, lower bound and how it was obtained, and
``benchmarks/best_known.py`` rewrites a file only when it finds fewer breaks.
"""

from __future__ import annotations

from importlib import resources

from scheveningen.models.domain.schedule import Schedule
from scheveningen.models.formats.textform import parse_text

#: The package data: the published tables (published/) and the best known designs (best/).
_DATA = resources.files("scheveningen.models.formats")

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
    return _DATA.joinpath("published").joinpath(f"n{boards:02d}.txt").read_text(encoding="utf-8")


def best_sizes() -> list[int]:
    """The sizes with a best known design shipped."""
    folder = _DATA.joinpath("best")
    sizes = []
    for entry in folder.iterdir():
        name = entry.name
        if name.startswith("n") and name.endswith(".txt") and name[1:-4].isdigit():
            sizes.append(int(name[1:-4]))
    return sorted(sizes)


def best_text(boards: int) -> str:
    """The best known design for ``boards`` boards, byte for byte as shipped."""
    sizes = best_sizes()
    if boards not in sizes:
        listed = ", ".join(str(n) for n in sizes)
        raise UnknownTableError(f"there is no best known table for {boards} boards (there are for {listed})")
    return _DATA.joinpath("best").joinpath(f"n{boards:02d}.txt").read_text(encoding="utf-8")


def _stated(boards: int) -> tuple[int, int]:
    """The breaks and lower bound a best known file states: ``# Breaks: X; lower bound: Y...``."""
    for line in best_text(boards).splitlines():
        if line.startswith("# Breaks:"):
            breaks, bound = line.removeprefix("# Breaks:").split(";")[:2]
            return int(breaks), int(bound.removeprefix(" lower bound:").rstrip("."))
    raise UnknownTableError(f"the best known table for {boards} boards states no break count")


def best_stated_breaks(boards: int) -> int:
    """The break count a best known file states in its ``# Breaks:`` header line."""
    return _stated(boards)[0]


def best_stated_bound(boards: int) -> int:
    """The proven lower bound a best known file states in its ``# Breaks:`` header line."""
    return _stated(boards)[1]


def best(boards: int) -> Schedule:
    """The best known design for ``boards`` boards as a schedule."""
    return parse_text(best_text(boards), source=f"best known table n{boards:02d}").schedule


def published(boards: int) -> Schedule:
    """The published table for ``boards`` boards as a schedule."""
    return parse_text(published_text(boards), source=f"published table n{boards:02d}").schedule
