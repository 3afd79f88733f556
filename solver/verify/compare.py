"""Side-by-side comparison of two schedules: whether they are the same design, and their metrics."""

from __future__ import annotations

from dataclasses import dataclass

from scheveningen.models.domain.schedule import Schedule
from scheveningen.solver.verify.equivalence import Equivalence, check_equivalence
from scheveningen.solver.verify.verifier import Verdict, verify


@dataclass(frozen=True)
class Row:
    """One compared quantity; lower is better for every row."""

    name: str
    left: int
    right: int

    @property
    def better(self) -> str:
        if self.left == self.right:
            return "same"
        return "left" if self.left < self.right else "right"


@dataclass(frozen=True)
class Comparison:
    left_name: str
    right_name: str
    left: Verdict
    right: Verdict
    rows: tuple[Row, ...]
    equivalence: Equivalence | None = None

    def as_dict(self) -> dict[str, object]:
        return {
            "left": self.left_name,
            "right": self.right_name,
            **({"equivalent": self.equivalence.equivalent} if self.equivalence is not None else {}),
            **({"equivalence": self.equivalence.as_dict()} if self.equivalence is not None else {}),
            "rows": [{"metric": r.name, "left": r.left, "right": r.right, "better": r.better} for r in self.rows],
            "left_verdict": self.left.as_dict(),
            "right_verdict": self.right.as_dict(),
        }


def _rows(verdict: Verdict) -> dict[str, int]:
    m = verdict.metrics
    whites = list(m.whites_per_player.values())
    games = list(m.games_per_player.values())
    colour_gap = max((abs(2 * w - g) for w, g in zip(whites, games, strict=True)), default=0)
    low, high = verdict.schedule.boards // 2, (verdict.schedule.boards + 1) // 2
    round_gap = max((max(0, low - a, a - high) for a in m.a_whites_per_round), default=0)
    return {
        "rule violations": sum(0 if v.holds else len(v.violations) for v in verdict.rules.values()),
        "breaks": m.total_breaks,
        "breaks team A": m.breaks_by_team["A"],
        "breaks team B": m.breaks_by_team["B"],
        "break gap between teams": abs(m.breaks_by_team["A"] - m.breaks_by_team["B"]),
        "most breaks of one player": max(m.breaks_per_player.values(), default=0),
        "longest colour run": m.longest_run,
        "worst colour imbalance": colour_gap,
        "worst round board imbalance": round_gap,
        "team whites gap": abs(m.a_whites_total - m.b_whites_total),
    }


def compare(
    left: Schedule, right: Schedule, left_name: str = "left", right_name: str = "right", allow_reversal: bool = False
) -> Comparison:
    """Verify both schedules, line their metrics up, and say whether they are the same design
    (see :mod:`scheveningen.solver.verify.equivalence`; ``allow_reversal`` also lets the rounds be played in
    reverse order)."""
    lv, rv = verify(left), verify(right)
    lrows, rrows = _rows(lv), _rows(rv)
    rows = tuple(Row(name, lrows[name], rrows[name]) for name in lrows)
    return Comparison(left_name, right_name, lv, rv, rows, check_equivalence(left, right, allow_reversal))
