"""What a design takes and gives: its parameters, its result, its status, its errors, the record
of each stage it tried, and the sizes it accepts.

:class:`DesignParams`, :class:`DesignInputError` and :data:`ProgressCallback` live in
``solver/run/params.py``: the searches of ``solver/scale/`` take them too.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum

from scheveningen.models.domain.match import Match
from scheveningen.models.domain.rules import Rule
from scheveningen.models.domain.schedule import Schedule
from scheveningen.solver.run.params import DesignInputError, DesignParams
from scheveningen.solver.verify.verifier import Verdict

MIN_BOARDS = 1
MAX_BOARDS = 100


class Status(StrEnum):
    """How a design ended."""

    OPTIMAL = "optimal"  # breaks proven minimal
    FEASIBLE = "feasible"  # a verified schedule; breaks not proven minimal
    INFEASIBLE = "infeasible"  # proven: no schedule keeps the requests (see Result.explanation)
    UNKNOWN = "unknown"  # nothing found within the time limit


class DesignBugError(RuntimeError):
    """The verifier rejected a schedule produced by the model: a bug, never user error."""


class Outcome(StrEnum):
    """How one entry of the strategy table ended."""

    SKIPPED = "skipped: does not apply"
    ANSWERED = "answered"  # a verified schedule, or requests proven impossible
    NO_ANSWER = "no answer"  # the next entry is tried
    TIMED_OUT = "timed out"  # "unknown", or no answer with the time limit up or a stop requested


@dataclass(frozen=True)
class StageRecord:
    """One entry of the strategy table as a design tried it: its name, the seconds it took and how it
    ended.  ``within`` names the entry whose variant of the match it was designing (the "fair" objective
    designs the match for fewest breaks first, say); ``None`` for the match asked for."""

    name: str
    seconds: float
    outcome: Outcome
    within: str | None = None

    def as_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "seconds": round(self.seconds, 3),
            "outcome": self.outcome.value,
            "within": self.within,
        }


@dataclass(frozen=True)
class Result:
    """The outcome of a design: the verified schedule (if any), status, breaks, bound and reasons,
    and the stages of the strategy table tried, in order."""

    match: Match
    status: Status
    schedule: Schedule | None
    breaks: int | None
    lower_bound: int
    relaxed: dict[Rule, int]
    verdict: Verdict | None
    params: DesignParams
    wall_time: float
    messages: tuple[str, ...] = field(default=())
    explanation: tuple[str, ...] = field(default=())
    stages: tuple[StageRecord, ...] = field(default=())
    unproven: frozenset[Rule] = field(default=frozenset())  # relaxed rules whose amount is not proven the least

    @property
    def boards(self) -> int:
        return self.match.boards

    def parameters(self) -> dict[str, object]:
        """The solve parameters, with the match's objective and double among them (as reports list them)."""
        fields: dict[str, object] = {}
        for key, value in asdict(self.params).items():
            fields[key] = value
            if key == "workers":
                fields["objective"] = self.match.rules.objective
            elif key == "formulation":
                fields["double"] = self.match.double
        return fields


def check_size(match: Match) -> None:
    """Refuse a match larger than the designer handles."""
    if match.boards > MAX_BOARDS or max(match.size_a, match.size_b) > MAX_BOARDS:
        raise DesignInputError(f"at most {MAX_BOARDS} boards and players a team, got {match.boards} boards")
