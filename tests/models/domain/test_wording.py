"""How counts are written in messages (models/domain/wording.py)."""

from __future__ import annotations

import pytest

from scheveningen.models.domain.wording import counted


@pytest.mark.parametrize(
    ("n", "noun", "plural", "written"),
    [
        (1, "board", None, "1 board"),
        (0, "board", None, "0 boards"),
        (6, "round", None, "6 rounds"),
        (1, "history entry", "history entries", "1 history entry"),
        (3, "history entry", "history entries", "3 history entries"),
    ],
)
def test_a_count_is_singular_for_exactly_one(n: int, noun: str, plural: str | None, written: str) -> None:
    assert counted(n, noun, plural) == written
