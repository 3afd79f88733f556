"""The house rules, in priority order, as shared vocabulary.

Only names and descriptions live here: the verifier and the CP-SAT model each
encode the rules on their own, so that one can check the other.
"""

from __future__ import annotations

from enum import IntEnum


class Rule(IntEnum):
    """House rules; a lower number has a higher priority."""

    COMPLETE = 0
    COLOUR_BALANCE = 1
    NO_THREE_IN_A_ROW = 2
    BOARD_BALANCE = 3
    FEWEST_BREAKS = 4

    @property
    def title(self) -> str:
        return _TITLES[self]

    @property
    def description(self) -> str:
        return _DESCRIPTIONS[self]

    @property
    def key(self) -> str:
        """The rule's name in JSON output and in match specs."""
        return self.name.lower()


_TITLES = {
    Rule.COMPLETE: "complete",
    Rule.COLOUR_BALANCE: "colour balance",
    Rule.NO_THREE_IN_A_ROW: "no three in a row",
    Rule.BOARD_BALANCE: "board balance",
    Rule.FEWEST_BREAKS: "fewest breaks",
}

_DESCRIPTIONS = {
    Rule.COMPLETE: "each A player meets each B player exactly once (twice in a double round, once with each "
    "colour); every player plays once a round",
    Rule.COLOUR_BALANCE: "each player's whites and blacks differ by at most 1",
    Rule.NO_THREE_IN_A_ROW: "nobody has the same colour three rounds running",
    Rule.BOARD_BALANCE: "in every round team A has White on floor(n/2) or ceil(n/2) boards, and over the whole "
    "match the two teams' whites differ by at most 1",
    Rule.FEWEST_BREAKS: "a break is the same colour in two consecutive rounds; minimise their total",
}

#: The rules that can be relaxed, lowest priority first: the order of relaxation.
RELAXABLE = (Rule.BOARD_BALANCE, Rule.NO_THREE_IN_A_ROW, Rule.COLOUR_BALANCE)
