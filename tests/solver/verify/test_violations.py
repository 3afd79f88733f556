"""A violation as the reports write it (solver/verify/violations.py)."""

from __future__ import annotations

from scheveningen.models.domain.rules import Rule
from scheveningen.solver.verify.violations import Violation


def test_a_violation_writes_only_the_places_it_names() -> None:
    assert Violation(Rule.BOARD_BALANCE, "over the match").as_dict() == {"rule": 3, "message": "over the match"}
    where = Violation(Rule.COMPLETE, "A1 plays twice", player="A1", round=2, board=0)
    assert where.as_dict() == {"rule": 0, "message": "A1 plays twice", "player": "A1", "round": 2, "board": 0}
