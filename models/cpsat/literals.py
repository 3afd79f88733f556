"""Boolean literals mixed with constants, for the CP-SAT models built over part of a schedule.

A part model (``solver/scale/lns/part.py``, ``solver/scale/recolour.py``, ``solver/scale/unequal.py``) fixes most of a
schedule, so a player's colour in a round is either a Boolean variable (or its negation) or a known
constant.  These helpers post clauses over such mixtures directly on the literals, as the OR-Tools
pitfall asks (never a linear expression kept and reused).
"""

from __future__ import annotations

from collections.abc import Sequence

from ortools.sat.python import cp_model
from ortools.sat.python.cp_model_helper import Literal as CpLiteral

Lit = CpLiteral | bool  # a Boolean variable, its negation, or a constant


def negate(lit: Lit) -> Lit:
    """The negation of a literal or a constant."""
    return (not lit) if isinstance(lit, bool) else ~lit


def add_clause(model: cp_model.CpModel, lits: Sequence[Lit]) -> bool:
    """Post a clause over literals and constants; False, posting nothing, when it cannot hold (every
    literal a false constant)."""
    if any(lit is True for lit in lits):
        return True
    free = [lit for lit in lits if not isinstance(lit, bool)]
    if not free:
        return False
    model.add_bool_or(free)
    return True
