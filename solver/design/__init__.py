"""Designing a match: the strategy table and its stages, relaxation in priority order, explanations.

The package's public face: :func:`design` and :func:`design_match` (``strategies.py``),
:class:`Result`, :class:`Status`, the errors and the stage records (``params.py``),
:func:`minimal_conflict` (``explain.py``), and :class:`DesignParams` with the progress callback
(``solver/run/params.py``, which the searches at scale share).
"""

from scheveningen.solver.design.explain import minimal_conflict
from scheveningen.solver.design.params import (
    MAX_BOARDS,
    MIN_BOARDS,
    DesignBugError,
    Outcome,
    Result,
    StageRecord,
    Status,
)
from scheveningen.solver.design.strategies import STRATEGIES, Strategy, design, design_match
from scheveningen.solver.run.params import DesignInputError, DesignParams, ProgressCallback

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
