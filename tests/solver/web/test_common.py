"""What the pages share: a form's whole number, checked with a sentence naming it."""

from __future__ import annotations

import pytest

from scheveningen.solver.web.common import whole_number
from scheveningen.solver.web.security import Refused


def test_a_whole_number_is_checked_against_its_range_with_a_sentence() -> None:
    assert whole_number(" 7 ", "the round", 1, 9) == 7
    for text in ("0", "10", "x", "", "1.5"):
        with pytest.raises(Refused, match="the round must be a whole number from 1 to 9"):
            whole_number(text, "the round", 1, 9)
