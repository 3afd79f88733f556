"""The dispatcher: :func:`construct_unequal` tries the constructions of this package in order for
one size, single or double round; and the alternating layout alone (:func:`layout_unequal`).

**One team plays every round** (q = k < p, or p = k < q with the teams swapped): where no bound
beyond the alternating layout's own forces breaks and the paired classes do not apply, the
alternating layout (``models/constructions/positions/``) first; otherwise the team's own
constructions (``full_side.one_team_full``), and the layout after them only where they leave breaks
that a bound does not force.  **Both teams sit out**: the alternating layout where it can have no
break (:func:`layout_dealt`: where team B must be dealt, after the rotation layout's quick
schedule), then the re-cut of a full-side match and the rotation layouts
(``both_sit_out.both_sit_out_schedule``); the fewest breaks of those answering.

Every model runs on one worker with a deterministic work limit, so a construction is the same on
every run and every machine; when no colouring keeping rules 1-3 is found within it, there is no
construction (``None``) and the designer searches as before.  A double round where one team plays
every round comes from ``models/constructions/double_full_side.py`` where it can have no break (one
reserve always; most other sizes by rotation); otherwise, and where both teams sit out, a double
round is the single round followed by its mirror (``mirrored_double``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from scheveningen.models.bounds.proven import unequal_break_bound
from scheveningen.models.constructions.double_full_side import direct_double, modelled_double
from scheveningen.models.constructions.equal import mirrored_double
from scheveningen.models.constructions.positions.layout import zero_possible
from scheveningen.models.constructions.positions.one_apart import one_apart_closed
from scheveningen.models.constructions.positions.search import alternating_schedule
from scheveningen.models.constructions.unequal.both_sit_out import both_sit_out_schedule
from scheveningen.models.constructions.unequal.full_side import one_team_full
from scheveningen.models.constructions.unequal.helpers import DEADLINE, as_large_first, schedule_breaks
from scheveningen.models.constructions.unequal.paired import paired_classes
from scheveningen.models.constructions.unequal.rotation import rotation_alternating_schedule
from scheveningen.models.constructions.unequal.runs_of_one import ZERO_BREAK_PLAYERS
from scheveningen.models.domain.schedule import Schedule
from scheveningen.models.domain.symmetry import swap_teams

#: The alternating layout (models/constructions/positions/), tried first, has this share of the time left ...
ALTERNATING_SHARE = 0.3
#: ... and this share up to this many games (p*q), where the other layouts need less than the rest;
#: beyond, they need more (90 against 91 on 78: over 5 s).  (Where team B is dealt, :func:`layout_dealt`,
#: the layout has all the time at any size.)
SMALL_ALTERNATING_SHARE = 0.45
SMALL_GAMES = 4000
#: ... and where one team plays every round and the layout can have no break, tried first ...
FULL_SIDE_ALTERNATING_SHARE = 0.6
#: ... or with one switching pair (two breaks) where it cannot: the state model placing team A takes 4
#: to 6 s from about 60 players, and the team's own constructions, in the time left, give tens to
#: hundreds of breaks (90 against 66: 160, 90 against 78: 196, 98 against 86: 41; each 2 with this
#: share in a first trial, where 0.6 missed it).
FULL_SIDE_SWITCH_SHARE = 0.8
#: ... and where both teams sit out and team B must be dealt (:func:`layout_dealt`), after the rotation
#: layout's quick schedule: all of it, since the others seldom do better than that schedule in what a
#: quarter would leave them (64 against 63 on 56: 1,323 breaks either way; 91 against 76 on 52: 2,335),
#: and the layouts at about 4 s (76 against 75 on 60, 78 against 77 on 66) missed three quarters of it
#: in some runs.  The others still run where the layout gives up early.
DEALT_SHARE = 1.0


@dataclass(frozen=True)
class UnequalSize:
    """Teams of ``size_a`` and ``size_b`` players on ``boards`` boards (validated)."""

    size_a: int
    size_b: int
    boards: int

    def __post_init__(self) -> None:
        if self.boards < 1 or min(self.size_a, self.size_b) < self.boards:
            raise ValueError(
                f"{self.boards} boards need at least {self.boards} players a team, got {self.size_a} and {self.size_b}"
            )
        if (self.size_a * self.size_b) % self.boards:
            raise ValueError(
                f"{self.size_a} against {self.size_b} on {self.boards} boards is not a whole number of rounds"
            )

    @property
    def rounds(self) -> int:
        return self.size_a * self.size_b // self.boards


def construct_unequal(
    size_a: int, size_b: int, boards: int, double: bool = False, deadline: float | None = None
) -> Schedule | None:
    """The direct construction for teams of ``size_a`` and ``size_b`` on ``boards`` boards, or ``None``.

    Equal teams (both sizes equal to the boards) are not this module's business: see
    :func:`scheveningen.models.constructions.equal.construct`.  ``deadline`` (``time.monotonic()``)
    cuts the small models short, which then give ``None`` rather than run over.
    """
    token = DEADLINE.set(deadline)
    try:
        return _construct(size_a, size_b, boards, double)
    finally:
        DEADLINE.reset(token)


def _construct(size_a: int, size_b: int, boards: int, double: bool) -> Schedule | None:
    size = UnequalSize(size_a, size_b, boards)
    if size.size_a == size.size_b == size.boards:
        raise ValueError("equal teams: use models.constructions.construct")
    full_side = boards in (size_a, size_b)
    larger = max(size_a, size_b)
    if double and full_side:
        # One team playing every round, double round: no break at all, in milliseconds, at most
        # sizes (models/constructions/double_full_side.py: one reserve in closed form, other sizes by rotation),
        # where the mirror of the single round has its breaks twice (k + 1 against k: at least
        # 2k - 2; 13 against 12 had 26).
        built = direct_double(larger, boards, deadline=DEADLINE.get())
        if built is not None:
            return as_large_first(built, size_b != boards)
    single = _construct_single(size_a, size_b, boards)
    if not double:
        return single
    mirrored = None if single is None else mirrored_double(single)
    if full_side and (mirrored is None or schedule_breaks(mirrored) > 0):
        # The double round's own sit-out model may remove every break for small teams.
        built = modelled_double(larger, boards, deadline=DEADLINE.get())
        if built is not None:
            return as_large_first(built, size_b != boards)
    return mirrored


def _construct_single(size_a: int, size_b: int, boards: int) -> Schedule | None:
    """The single round of :func:`_construct`: each construction in turn (comments below)."""
    bound = unequal_break_bound(size_a, size_b, boards, board_balance=True, colour_balance=True)
    # One team playing every round (boards > 2): where no bound beyond the layout's own forces breaks
    # and the paired classes' closed form does not apply, the alternating layout (models/constructions/positions/)
    # first, taken at once without a break, or with one switching pair where it needs one: it answers
    # in about 2 s at 100 players (with a pair well under a second, models/constructions/splices.py), where the
    # team's own constructions can take all the time and leave hundreds of breaks (97 against 90: 480;
    # 66 against 54: 136).  Otherwise the team's own constructions first, which often have no break
    # (the paired classes, the sit-out model) and otherwise at most one a player (the reserves); the
    # layout after them only where they leave breaks that a bound does not force.
    single: Schedule | None = None
    first = None
    full_side = boards > 2 and boards in (size_a, size_b)
    # Where the layout cannot be without a break, one switching pair (two breaks) is its fewest; up to
    # ZERO_BREAK_PLAYERS the sit-out model, which decides whether any schedule has no break, goes first.
    fewest = 0 if zero_possible(size_a, size_b) else 2
    # The layout can meet the bound, or come within one of it: where it needs a switching pair the
    # bound is 1 (models/bounds/proven.py: one_full_break_free), and 2 is what it gives.
    layout_helps = bound < max(fewest, 1)
    layout_first = (
        full_side
        and layout_helps
        and (fewest == 0 or max(size_a, size_b) > ZERO_BREAK_PLAYERS)
        and paired_classes(max(size_a, size_b), boards) is None
    )
    if layout_first:
        share = FULL_SIDE_ALTERNATING_SHARE if fewest == 0 else FULL_SIDE_SWITCH_SHARE
        first = alternating_schedule(size_a, size_b, boards, _share(share))
        if first is not None and schedule_breaks(first) <= fewest:
            return first
    if full_side:
        built = one_team_full(max(size_a, size_b), boards)
        single = built if built is None or size_b == boards else swap_teams(built)
        if single is not None and schedule_breaks(single) <= bound:
            return single
    # Every player alternating, where the layout allows (models/constructions/positions/): no break at all, and
    # on 2 boards the fewest the layout's switches give, 2 (the bound) at most sizes where none is
    # possible.  Where a bound rules out a schedule without a break (k + 1 against k, c*k against k) the layout
    # could only cost time, except on 2 boards, where its switches meet the bound.
    insurance: Schedule | None = None
    if not layout_first and (boards == 2 or layout_helps):
        # with one team playing every round nothing comes after the layout: all the time left
        share = ALTERNATING_SHARE if size_a * size_b > SMALL_GAMES else SMALL_ALTERNATING_SHARE
        if layout_dealt(size_a, size_b, boards):
            # The closed form, for teams one apart with the smaller even, answers at once (a tenth of a
            # second); elsewhere the rotation layout's first schedule keeping the rules is kept aside
            # (0.2 to 1.6 s at 45 to 100 players, wasted where the closed form answers), and the layout
            # gets all the time left: the others leave hundreds or thousands of breaks here, after
            # seconds spent on the re-cut's bases (90 against 91 on 78: 4.4 s).  (The layout tries the
            # closed form again, at most 0.15 s, at the 10 sizes up to 100 a side where it fails.)
            first = one_apart_closed(size_a, size_b, boards, _share(1.0))
            if first is None:
                built = rotation_alternating_schedule(max(size_a, size_b), min(size_a, size_b), boards, fewest=False)
                insurance = as_large_first(built, size_a < size_b)
                share = DEALT_SHARE
        if first is None:
            first = alternating_schedule(size_a, size_b, boards, _share(1.0 if full_side else share))
    # Taken at once when nothing can do better, and on 2 boards, where the layouts below rarely answer
    # (they missed 13 against 14 and the like) and would spend the time of the colour search.
    if first is not None and (boards == 2 or schedule_breaks(first) <= bound):
        single = first
    elif not full_side:
        sit_out = boards not in (size_a, size_b)
        single = both_sit_out_schedule(size_a, size_b, boards, insurance is not None) if sit_out else None
        if single is None and boards in (size_a, size_b):  # one team full on 2 boards
            built = one_team_full(max(size_a, size_b), boards)
            single = built if built is None or size_b == boards else swap_teams(built)
    for other in (first, insurance):
        if other is not None and (single is None or schedule_breaks(other) < schedule_breaks(single)):
            single = other
    if single is None:
        return None
    return single


def layout_unequal(
    size_a: int, size_b: int, boards: int, double: bool = False, deadline: float | None = None
) -> Schedule | None:
    """The alternating layout alone (``models/constructions/positions/``), mirrored for a double round: the
    designer's last try where :func:`construct_unequal` found nothing and time is left.  Its share of the
    construction can be too short: at 98 against 90 on 63 the splices place team A at once, but team
    B's deal takes about 2 s, more than the share, and no other construction answers."""
    single = alternating_schedule(size_a, size_b, boards, deadline)
    if single is None:
        return None
    return mirrored_double(single) if double else single


def layout_dealt(size_a: int, size_b: int, boards: int) -> bool:
    """Both teams sitting out, neither team's passes whole rounds, and the alternating layout without a
    break (``zero_possible``): where the layout needs team B's deal, up to seconds, and nothing else
    comes near it (the others give the rotation layout's hundreds or thousands of breaks, after
    seconds, or nothing).  At any number of games: below :data:`SMALL_GAMES` the deal mostly takes
    well under a second, but teams one apart with many boards take up to 4 s there (63 against 62
    on 42, where the closed form fails; 64 against 63 on 56: 4 to 5.5 s), and the layout's small
    share of the time cut it short in some runs, leaving the rotation layout's 305 breaks (610 in a
    double round) where the layout has none."""
    return (
        2 < boards < min(size_a, size_b)
        and size_a % boards != 0
        and size_b % boards != 0
        and zero_possible(size_a, size_b)
    )


def _share(fraction: float) -> float | None:
    """A deadline ``fraction`` of the way from now to the construction's deadline (at least 1 s on),
    so that a layout tried first leaves the others their time; ``None`` without a deadline."""
    deadline = DEADLINE.get()
    if deadline is None:
        return None
    now = time.monotonic()
    return min(deadline, now + max(1.0, fraction * (deadline - now)))
