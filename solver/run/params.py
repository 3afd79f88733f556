"""What every search of a design run is given: the solve parameters and the progress callback.

The design table (``solver/design/``) and the searches it calls (``solver/scale/``) both take these;
they live here, beside the stop flag, so that neither imports the other for them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the model module loads OR-Tools; the parameters are read by commands that never search
    from scheveningen.models.cpsat.model import Formulation

#: Called with (breaks of the incumbent, proven bound, seconds elapsed) as the solve improves.
ProgressCallback = Callable[[float, float, float], None]


class DesignInputError(ValueError):
    """The request itself is out of range."""


@dataclass(frozen=True)
class DesignParams:
    """Solve parameters.

    ``workers=1`` with a given seed searches deterministically; the schedule is
    then the same on every run that stops on a proof or on ``work_limit``
    (CP-SAT's deterministic time, the same on every machine), whereas a
    wall-clock ``time_limit`` may stop a slower machine earlier.
    What to design, including ``objective`` and ``double``, is the :class:`Match`'s.
    """

    time_limit: float = 10.0
    work_limit: float | None = None
    seed: int = 0
    workers: int = 8
    formulation: Formulation = "boolean"
    strict: bool = False
    symmetry_breaking: bool = True
    # start-then-improve: equal teams with requests (solver/scale/driver.py), unequal teams (solver/scale/unequal.py)
    scale: bool = True

    def __post_init__(self) -> None:
        if not self.time_limit > 0:
            raise DesignInputError(f"time limit must be positive, got {self.time_limit}")
        if self.work_limit is not None and not self.work_limit > 0:
            raise DesignInputError(f"work limit must be positive, got {self.work_limit}")
        if self.workers < 1:
            raise DesignInputError(f"workers must be at least 1, got {self.workers}")
        if self.formulation not in ("boolean", "channelled"):
            raise DesignInputError(f"formulation must be boolean or channelled, got {self.formulation!r}")
