"""Designing a match: the strategy table and its stages, relaxation in priority order, explanations.

The package's public face: :func:`design` and :func:`design_match` (``strategies.py``),
:class:`Result`, :class:`Status`, the errors and the stage records (``params.py``),
:func:`minimal_conflict` (``explain.py``), and :class:`DesignParams` with the progress callback
(``solver/run/params.py``, which the searches at scale share).

The names are loaded when first used (PEP 562): ``from scheveningen.solver.design.params import
Result`` must not load the strategy table, whose stages import OR-Tools, so that the commands which
never search (a table, a check, a result) start without the solver.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

#: Each public name and the module that defines it.
_HOME = {
    "minimal_conflict": "scheveningen.solver.design.explain",
    "MAX_BOARDS": "scheveningen.solver.design.params",
    "MIN_BOARDS": "scheveningen.solver.design.params",
    "DesignBugError": "scheveningen.solver.design.params",
    "Outcome": "scheveningen.solver.design.params",
    "Result": "scheveningen.solver.design.params",
    "StageRecord": "scheveningen.solver.design.params",
    "Status": "scheveningen.solver.design.params",
    "STRATEGIES": "scheveningen.solver.design.strategies",
    "Strategy": "scheveningen.solver.design.strategies",
    "design": "scheveningen.solver.design.strategies",
    "design_match": "scheveningen.solver.design.strategies",
    "DesignInputError": "scheveningen.solver.run.params",
    "DesignParams": "scheveningen.solver.run.params",
    "ProgressCallback": "scheveningen.solver.run.params",
}

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


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(home), name)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOME))
