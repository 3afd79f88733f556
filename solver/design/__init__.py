"""Designing a match: the strategy table and its stages, relaxation in priority order, explanations.

The public names are re-exported here: :func:`design`, :func:`design_match` (``strategies.py``),
:class:`DesignParams`, :class:`Result`, :class:`Status`, the errors and the stage records
(``params.py``), and :func:`minimal_conflict` (``explain.py``).
"""

from scheveningen.solver.design.explain import minimal_conflict
from scheveningen.solver.design.params import (
    MAX_BOARDS,
    MIN_BOARDS,
    DesignBugError,
    DesignInputError,
    DesignParams,
    Outcome,
    ProgressCallback,
    Result,
    StageRecord,
    Status,
)
from scheveningen.solver.design.strategies import STRATEGIES, Strategy, design, design_match

__all__ = [
    "MAX_BOARDS",
    "MIN_BOARDS",
    "STRATEGIES",
    "DesignBugError",
    "DesignInputError",
    "DesignParams",
    "Outcome",
    "ProgressCallback",
    "Result",
    "StageRecord",
    "Status",
    "Strategy",
    "design",
    "design_match",
    "minimal_conflict",
]
