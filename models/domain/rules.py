"""The house rules: the registry that defines each rule once.

A :class:`Rule` is one entry: the number and name users see (CLI text, JSON,
README), its key in JSON, its setting (the key of a match spec's ``[rules]``
table that switches it, with its value as the house rules write it), its
priority (kept apart from its number, so a new rule can be slotted in without
renumbering the others), whether it can be relaxed, which symmetries keep it
(symmetry breaking and the equivalence code ask here instead of assuming), and
which of the searches besides the CP-SAT model honour it (:class:`Search`).

Only the vocabulary lives here.  The CP-SAT model (``models/cpsat/model.py``,
``RULE_FORMS``) and the verifier (``solver/verify/verifier.py``, ``RULE_CHECKS``)
each register their own encoding of every rule in this registry, and a test
checks that both cover it exactly; they share no code, so one can check the
other.  Every other part of the code asks the registry: the spec reader and the
match files read each rule's setting, the designer relaxes the relaxable rules
in priority order, and a search that does not honour a rule the match switches
on (:func:`honours`) is skipped, so that the CP-SAT model, which knows every rule,
takes over.  Adding a rule is one entry in :data:`RULES` and its two encodings
(docs/rules.md).

The registry is read when it is used, never copied at import: a test may add a
rule for its duration by replacing :data:`RULES` (and the two encodings).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Protocol, SupportsIndex

#: A setting's value: a switch (``colour_balance = true``) or a number (``max_run = 2``; 0 is off).
SettingValue = bool | int


class Settings(Protocol):
    """What the rules read a match's settings through (``models.domain.match.RuleSettings``)."""

    def value(self, setting: str) -> SettingValue: ...


class Search(StrEnum):
    """The searches besides the CP-SAT model.  Each encodes the rules it knows by hand, for speed,
    and honours only the rules that list it in :attr:`Rule.honoured_by`; for a match that switches on
    a rule it does not honour it is skipped (the CP-SAT model, which knows every rule through
    ``RULE_FORMS``, takes over)."""

    #: The direct constructions and the best known tables (``models/constructions``,
    #: ``models/formats/best``), built to keep the rules they honour: a start, or the answer.
    CONSTRUCTIONS = "constructions"
    #: The design stages that answer before the full model from constructions and proofs about the
    #: rules (``solver/design``: two boards, runs of one, double rounds with requests, unequal teams).
    SHORTCUTS = "shortcuts"
    #: The organisers' stage: an image of a design, repaired (``solver/scale/driver.py``, ``start.py``).
    SCALE = "scale"
    #: The large-neighbourhood search's small models over part of a schedule (``solver/scale/lns``).
    LNS = "lns"
    #: Colours chosen again for fixed pairings (``solver/scale/recolour.py``).
    RECOLOUR = "recolour"
    #: Forced relaxations counted from the requests alone (``solver/scale/conflicts.py``).
    CONFLICTS = "conflicts"


#: Every search: the searches honour the rules they were written for, rules 0-4.
EVERY_SEARCH: frozenset[Search] = frozenset(Search)


@dataclass(frozen=True, eq=False)
class Rule:
    """One house rule.  Rules compare by identity; each is defined once, in :data:`RULES`."""

    number: int  # as users see it: "rule 3", JSON "rule": 3
    key: str  # its key in JSON (the verdict, a match file's design.relaxed), e.g. "board_balance"
    title: str  # "board balance"; see title_for for a rule whose setting changes what it says
    description: str
    priority: int  # lower is more important; relaxation minimises excess from the lowest number up
    setting: str | None = None  # the [rules] key (and RuleSettings value) that switches it; None: always on
    default: SettingValue = True  # the setting's value as the house rules write it (False: off unless asked)
    relaxable: bool = False
    counted: bool = False  # an objective (fewest breaks), measured rather than passed or failed
    kept_by_colour_reversal: bool = True
    kept_by_team_swap: bool = True
    kept_by_round_reversal: bool = True
    title_as_set: str | None = None  # the title, formatted with the setting's value, when that is not as written
    honoured_by: frozenset[Search] = frozenset()  # the searches besides the CP-SAT model that keep it

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

    @property
    def off(self) -> SettingValue:
        """The value of its setting that switches the rule off: False, or 0 for a number."""
        return type(self.default)()

    def named(self, settings: Settings) -> str:
        """The rule as messages name it: "rule 3 (board balance)", titled under ``settings``."""
        return f"rule {self.number} ({self.title_for(settings)})"

    def title_for(self, settings: Settings) -> str:
        """The title under ``settings``: :attr:`title` when the rule's setting is as the house rules
        write it (or off), else :attr:`title_as_set` with the setting's value; rule 2 with
        ``max_run = 3`` is "no run longer than 3"."""
        if self.title_as_set is None or self.setting is None:
            return self.title
        value = settings.value(self.setting)
        if not value or value == self.default:
            return self.title
        return self.title_as_set.format(value)

    def on(self, settings: Settings) -> bool:
        """Whether ``settings`` switch the rule on: its setting is true or non-zero."""
        return self.setting is None or bool(settings.value(self.setting))


Rule.COMPLETE = Rule(
    number=0,
    key="complete",
    title="complete",
    description="each A player meets each B player exactly once (twice in a double round, once with each "
    "colour); every player plays once a round",
    priority=0,
    honoured_by=EVERY_SEARCH,
)
Rule.COLOUR_BALANCE = Rule(
    number=1,
    key="colour_balance",
    title="colour balance",
    description="each player's whites and blacks differ by at most 1",
    priority=1,
    setting="colour_balance",
    relaxable=True,
    honoured_by=EVERY_SEARCH,
)
Rule.NO_THREE_IN_A_ROW = Rule(
    number=2,
    key="no_three_in_a_row",
    title="no three in a row",
    description="nobody has the same colour three rounds running",
    priority=2,
    setting="max_run",  # the longest run of one colour allowed (2 as written; 0 off)
    default=2,
    relaxable=True,
    title_as_set="no run longer than {}",  # max_run = 3 allows three in a row: the title says what holds
    honoured_by=EVERY_SEARCH,
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
    honoured_by=EVERY_SEARCH,
)
Rule.FEWEST_BREAKS = Rule(
    number=4,
    key="fewest_breaks",
    title="fewest breaks",
    description="a break is the same colour in two consecutive rounds; minimise their total",
    priority=4,
    counted=True,
    honoured_by=EVERY_SEARCH,
)

#: Every house rule, in the order users see them (by number).
RULES: tuple[Rule, ...] = (
    Rule.COMPLETE,
    Rule.COLOUR_BALANCE,
    Rule.NO_THREE_IN_A_ROW,
    Rule.BOARD_BALANCE,
    Rule.FEWEST_BREAKS,
)


def _registry(rules: Iterable[Rule] | None) -> Iterable[Rule]:
    """``rules``, or the registry as it is now (read at each call, so that a rule added for a test counts)."""
    return RULES if rules is None else rules


def by_priority(rules: Iterable[Rule] | None = None) -> list[Rule]:
    """``rules`` (the registry by default) most important first."""
    return sorted(_registry(rules), key=lambda rule: rule.priority)


def relaxable(rules: Iterable[Rule] | None = None) -> list[Rule]:
    """The rules that may be relaxed, most important first: the order in which the designer minimises
    their excess (the first rule's as far as it goes, then the next one's with the first fixed, ...)."""
    return [rule for rule in by_priority(rules) if rule.relaxable]


def rule_numbered(number: int, rules: Iterable[Rule] | None = None) -> Rule:
    """The rule users call ``rule <number>``."""
    for rule in _registry(rules):
        if rule.number == number:
            return rule
    raise KeyError(f"no rule {number}")


def switchable(rules: Iterable[Rule] | None = None) -> list[Rule]:
    """The rules that have a setting, in the order users see them: the keys of ``[rules]`` (before
    ``objective``), of a match file's ``rules`` and of ``RuleSettings.value``."""
    return sorted(rule for rule in _registry(rules) if rule.setting is not None)


def rule_set_by(setting: str, rules: Iterable[Rule] | None = None) -> Rule:
    """The rule whose setting is ``setting``; ``KeyError`` when no rule has it."""
    for rule in _registry(rules):
        if rule.setting == setting:
            return rule
    raise KeyError(f"no rule is switched by {setting!r}")


def kept_by(
    colour_reversal: bool = False,
    team_swap: bool = False,
    round_reversal: bool = False,
    rules: Iterable[Rule] | None = None,
) -> bool:
    """Whether every rule in ``rules`` (the registry by default) holds after the given symmetry
    whenever it held before."""
    return all(
        (rule.kept_by_colour_reversal or not colour_reversal)
        and (rule.kept_by_team_swap or not team_swap)
        and (rule.kept_by_round_reversal or not round_reversal)
        for rule in _registry(rules)
    )


def unhonoured(search: Search, settings: Settings, rules: Iterable[Rule] | None = None) -> list[Rule]:
    """The rules of ``rules`` (the registry by default) that ``settings`` switch on and ``search``
    does not honour, in the order users see them."""
    return sorted(rule for rule in _registry(rules) if rule.on(settings) and search not in rule.honoured_by)


def honours(search: Search, settings: Settings, rules: Iterable[Rule] | None = None) -> bool:
    """Whether ``search`` honours every rule ``settings`` switch on: where it does not, it is skipped."""
    return not unhonoured(search, settings, rules)
