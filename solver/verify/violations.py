"""A violation: one place where a house rule is broken, as every check of the verifier reports it."""

from __future__ import annotations

from dataclasses import dataclass

from scheveningen.models.domain.rules import Rule


@dataclass(frozen=True)
class Violation:
    """One place where a rule is broken."""

    rule: Rule
    message: str
    player: str | None = None
    round: int | None = None
    board: int | None = None

    def as_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"rule": int(self.rule), "message": self.message}
        for key in ("player", "round", "board"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        return data
