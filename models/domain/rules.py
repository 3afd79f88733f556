"""The house rules: the registry that defines each rule once.

A :class:`Rule` is one entry: the number and name users see (CLI text, JSON,
README), its key in JSON and in the ``[rules]`` table of a match spec, the
:class:`~scheveningen.models.domain.match.RuleSettings` field that switches it, its
priority (kept apart from its number, so a new rule can be slotted in without
renumbering the others), whether it can be relaxed, and whether reversing every
colour and swapping the teams keep it (symmetry breaking and the equivalence
code ask here instead of assuming).

Only the vocabulary lives here.  The CP-SAT model (``models/cpsat/model.py``,
``RULE_FORMS``) and the verifier (``solver/verify/verifier.py``, ``RULE_CHECKS``)
each register their own encoding of every rule in this registry, and a test
checks that both cover it exactly; they share no code, so one can check the
other.  Adding a rule is one entry in :data:`RULES` (plus, if it can be
switched, a field in ``RuleSettings``) and its two encodings.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, SupportsIndex


@dataclass(frozen=True, eq=False)
class Rule:
    """One house rule.  Rules compare by identity; each is defined once, in :data:`RULES`."""

    number: int  # as users see it: "rule 3", JSON "rule": 3
    key: str  # JSON key and match-spec name, e.g. "board_balance"
    title: str  # "board balance"; see title_for for a rule whose setting changes what it says
    description: str
    priority: int  # lower is more important; relaxation starts from the highest number
    setting: str | None = None  # the RuleSettings field (and [rules] key) that switches it; None: always on
    relaxable: bool = False
    counted: bool = False  # an objective (fewest breaks), measured rather than passed or failed
    kept_by_colour_reversal: bool = True
    kept_by_team_swap: bool = True
    title_as_set: str | None = None  # the title, formatted with the setting's value, when that is not as written

    COMPLETE: ClassVar[Rule]
    COLOUR_BALANCE: ClassVar[Rule]
    NO_THREE_IN_A_ROW: ClassVar[Rule]
    BOARD_BALANCE: ClassVar[Rule]
    FEWEST_BREAKS: ClassVar[Rule]

    def __int__(self) -> int:
        return self.number

    def __index__(self) -> int:
        return self.number

    def __lt__(self, other: Rule) -> bool:
        """Rules sort in the order users see them, by number."""
        return self.number < other.number

    def __repr__(self) -> str:
        return f"<Rule {self.number} {self.key}>"

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        """A registry rule pickles and copies as itself: rules compare by identity."""
        if self in RULES:
            return (rule_numbered, (self.number,))
        return super().__reduce_ex__(protocol)

    @property
    def name(self) -> str:
        """The constant's name, e.g. ``BOARD_BALANCE``."""
        return self.key.upper()

    def title_for(self, settings: object) -> str:
        """The title under ``settings`` (a RuleSettings): :attr:`title` when the rule's setting is as the
        house rules write it (or off), else :attr:`title_as_set` with the setting's value; rule 2 with
        ``max_run = 3`` is "no run longer than 3"."""
        if self.title_as_set is None or self.setting is None:
            return self.title
        value = getattr(settings, self.setting)
        if not value or value == getattr(type(settings)(), self.setting):
            return self.title
        return self.title_as_set.format(value)

    def on(self, settings: object) -> bool:
        """Whether ``settings`` (a RuleSettings) switch the rule on: its setting is true or non-zero."""
        return self.setting is None or bool(getattr(settings, self.setting))


Rule.COMPLETE = Rule(
    number=0,
    key="complete",
    title="complete",
    description="each A player meets each B player exactly once (twice in a double round, once with each "
    "colour); every player plays once a round",
    priority=0,
)
Rule.COLOUR_BALANCE = Rule(
    number=1,
    key="colour_balance",
    title="colour balance",
    description="each player's whites and blacks differ by at most 1",
    priority=1,
    setting="colour_balance",
    relaxable=True,
)
Rule.NO_THREE_IN_A_ROW = Rule(
    number=2,
    key="no_three_in_a_row",
    title="no three in a row",
    description="nobody has the same colour three rounds running",
    priority=2,
    setting="max_run",  # the longest run of one colour allowed (2 as written; 0 off)
    relaxable=True,
    title_as_set="no run longer than {}",  # max_run = 3 allows three in a row: the title says what holds
)
Rule.BOARD_BALANCE = Rule(
    number=3,
    key="board_balance",
    title="board balance",
    description="in every round team A has White on floor(n/2) or ceil(n/2) boards, and over the whole "
    "match the two teams' whites differ by at most 1",
    priority=3,
    setting="board_balance",
    relaxable=True,
)
Rule.FEWEST_BREAKS = Rule(
    number=4,
    key="fewest_breaks",
    title="fewest breaks",
    description="a break is the same colour in two consecutive rounds; minimise their total",
    priority=4,
    counted=True,
)

#: Every house rule, in the order users see them (by number).
RULES: tuple[Rule, ...] = (
    Rule.COMPLETE,
    Rule.COLOUR_BALANCE,
    Rule.NO_THREE_IN_A_ROW,
    Rule.BOARD_BALANCE,
    Rule.FEWEST_BREAKS,
)


def by_priority(rules: Iterable[Rule] = RULES) -> list[Rule]:
    """``rules`` most important first."""
    return sorted(rules, key=lambda rule: rule.priority)


def relaxable(rules: Iterable[Rule] = RULES) -> list[Rule]:
    """The rules that may be relaxed, most important first: the order in which the designer tries to keep
    them (so relaxation starts from the end of this list)."""
    return [rule for rule in by_priority(rules) if rule.relaxable]


def rule_numbered(number: int, rules: Iterable[Rule] = RULES) -> Rule:
    """The rule users call ``rule <number>``."""
    for rule in rules:
        if rule.number == number:
            return rule
    raise KeyError(f"no rule {number}")


def kept_by(colour_reversal: bool = False, team_swap: bool = False, rules: Iterable[Rule] = RULES) -> bool:
    """Whether every rule in ``rules`` holds after the given symmetry whenever it held before."""
    return all(
        (rule.kept_by_colour_reversal or not colour_reversal) and (rule.kept_by_team_swap or not team_swap)
        for rule in rules
    )
