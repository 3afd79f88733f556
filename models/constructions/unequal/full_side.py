"""One team plays every round (q = k < p; for p = k < q the dispatcher swaps the teams): which
construction, in which order.

:func:`one_team_full` looks for a schedule **with no break at all** first: the paired classes where
they apply (``paired.py``); for teams of up to ``ZERO_BREAK_PLAYERS`` players where no bound rules it
out, the sit-out model (``runs_of_one.zero_break_schedule``); and for even k the blocks of copies of a
smaller match p/g against k/g for a common factor g (:func:`blocks_schedule`, whose copies come from
:func:`one_team_full` too, so it lives here; ``blocks.py`` deals the copies).  A few reserves take
the reserves' construction (``models/constructions/reserve.py``, at most one break per A player).
:func:`full_side_schedule` covers every other case:

* even p and k with 4 dividing one of them: the paired classes in closed form, no break;
* **odd p against odd k**: with no common factor the board classes (``board_classes.py``, no break
  at all); with one, the rotation's sit-outs have the wrong parity count (docs/bounds_unequal.md),
  and blocks of the smaller match take over;
* **odd p against even k** has no class schedule when p = k + 1, and the class model rarely finishes
  at scale otherwise: a closed-form base extended by one A player and a round at a time
  (``extra_a.py``; many breaks, which the designer's colour search lowers), or pairs and one group
  (``grouped.py``);
* **even p**: odd k extends the paired classes on k - 1 boards by one B player
  (``paired.with_extra_b``), or takes the blocks (a common factor), the board classes with at most
  one break per A player (no common factor), or pairs, a group and a B player apart (``odd_k.py``);
  p = k = 2 mod 4 takes pairs and a group (``grouped.py``).  The class model over sit-outs
  (``paired.solve_classes``) does better where it finishes, so it goes first for small sizes with no
  closed form as good.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from scheveningen.models.bounds.proven import unequal_break_bound
from scheveningen.models.constructions.classes import from_classes
from scheveningen.models.constructions.reserve import reserve_schedule, reserves_schedule
from scheveningen.models.constructions.unequal.blocks import blocks_of_copies
from scheveningen.models.constructions.unequal.board_classes import even_odd_schedule, odd_odd_schedule
from scheveningen.models.constructions.unequal.extra_a import extended_schedule
from scheveningen.models.constructions.unequal.grouped import grouped_schedule
from scheveningen.models.constructions.unequal.helpers import DEADLINE, past_deadline, rotation_plays, schedule_breaks
from scheveningen.models.constructions.unequal.odd_k import odd_k_schedule
from scheveningen.models.constructions.unequal.paired import even_pattern, paired_classes, solve_classes, with_extra_b
from scheveningen.models.constructions.unequal.runs_of_one import ZERO_BREAK_PLAYERS, zero_break_schedule
from scheveningen.models.domain.schedule import Schedule

#: Above this many cells (p*k), :func:`full_side_schedule` tries the closed forms before the class model.
CLASS_MODEL_CELLS = 500
#: Above this many cells (p*k), even p against odd k with a common factor takes the blocks alone.
BLOCKS_ALONE_CELLS = 3000
#: Odd p against even k with p - k from 3 to this many A players more: the reserves' construction
#: (``models/constructions/reserve.py``) first; it finds a schedule at nearly every even k for 3 and 5, and only
#: now and then for 7 (``benchmarks/results/reserves/reserves.md``).
RESERVES_MAX = 5
#: ... and for odd k (even p) up to this many cells p*k: its model over
#: every one-break colouring takes seconds beyond (66 against 61: 14 s on two busy cores).
RESERVES_ODD_CELLS = 2500
#: Under a deadline, above this many cells p*k the reserves' construction runs after full_side_schedule.
RESERVES_FIRST_CELLS = 2500


def one_team_full(size_a: int, boards: int) -> Schedule | None:
    """Team A of ``size_a`` players against team B of ``boards`` players, who play every round: the
    closed form of the paired classes where it applies (no break); for small teams where no bound
    rules it out, a schedule with no break from the sit-out model (:func:`zero_break_schedule`); for
    even k with a common factor g, the blocks of copies of p/g against k/g (:func:`blocks_schedule`,
    whose small copies come from here too, so often with no break) when they have no break or fewer
    than :func:`full_side_schedule`, which covers every other case.  Under the construction's deadline
    the blocks are tried after the other constructions, in the time left."""
    return one_team_full_with_source(size_a, boards)[0]


def one_team_full_with_source(p: int, k: int) -> tuple[Schedule | None, bool]:
    """:func:`one_team_full`, and whether its answer is :func:`full_side_schedule`'s."""
    if p <= k:
        raise ValueError(f"one_team_full needs more A players than boards, got {p} on {k}")
    if paired_classes(p, k) is not None:
        return full_side_schedule(p, k), True
    if p == k + 1 and k % 2 == 0 and k >= 4 and (reserve := reserve_schedule(k, deadline=DEADLINE.get())):
        return reserve, False  # about k breaks, where the extended base below has about 4k
    small = p <= ZERO_BREAK_PLAYERS and unequal_break_bound(p, k, k) == 0
    if small and (schedule := zero_break_schedule(p, k)) is not None:
        return schedule, False
    # Under a deadline the other constructions first and the blocks only in the time left: the blocks
    # take seconds at scale (90 against 70: 5 s for 640 breaks), after which the class model of
    # full_side_schedule had no time left and its closed-form fallback gave 950 breaks where it finds
    # 212, and the construction ran 2.5 s past its deadline.
    fallback = _reserves_or_full_side(p, k) if DEADLINE.get() is not None else None
    blocks: tuple[int, Schedule] | None = None  # the fewest breaks of the blocks tried, and the schedule
    if k % 2 == 0:
        # Copies small enough for the sit-out model first (most likely without a break), then the
        # smallest copies, g = gcd(p, k) of them.
        g = math.gcd(p, k)
        for groups in [d for d in range(2, g) if g % d == 0 and p // d <= ZERO_BREAK_PLAYERS] + [g] * (g > 1):
            if past_deadline():
                break
            if (found := blocks_schedule(p, k, groups)) is None:
                continue
            breaks = schedule_breaks(found)
            if breaks == 0:
                return found, False
            if blocks is None or breaks < blocks[0]:
                blocks = (breaks, found)
    schedule, from_full_side = fallback if fallback is not None else _reserves_or_full_side(p, k)
    if blocks is not None and (schedule is None or blocks[0] < schedule_breaks(schedule)):
        return blocks[1], False
    return schedule, from_full_side


def _reserves_or_full_side(p: int, k: int) -> tuple[Schedule | None, bool]:
    """A few reserves (p - k = 3 or 5, odd k up to :data:`RESERVES_ODD_CELLS`): the reserves'
    construction (``models/constructions/reserve.py``, every A player with at most one break: about k - 4 breaks,
    where full_side_schedule's extended or grouped bases have about 3k for even k, its blocks or pairs
    up to 3k and its board classes p - 1 for odd k).  Under a deadline and beyond
    :data:`RESERVES_FIRST_CELLS` its phases' model can take seconds, so full_side_schedule goes first
    and the reserves get what time is left; otherwise the reserves go first.  Also whether the answer is
    full_side_schedule's."""
    fits = (p - k) % 2 == 1 and 3 <= p - k <= RESERVES_MAX and k >= 4
    if not fits or (k % 2 == 1 and p * k > RESERVES_ODD_CELLS):
        return full_side_schedule(p, k), True
    deadline = DEADLINE.get()
    if deadline is None or p * k <= RESERVES_FIRST_CELLS:
        # At most half the time left, so that full_side_schedule still has time if it finds none.
        share = None if deadline is None else time.monotonic() + max(deadline - time.monotonic(), 0) / 2
        if (schedule := reserves_schedule(rotation_plays(p, k, p), k, deadline=share)) is not None:
            return schedule, False
        return full_side_schedule(p, k), True
    fallback = full_side_schedule(p, k)
    better = reserves_schedule(rotation_plays(p, k, p), k, deadline=deadline) if time.monotonic() < deadline else None
    if better is not None and (fallback is None or schedule_breaks(better) < schedule_breaks(fallback)):
        return better, False
    return fallback, True


def full_side_schedule(size_a: int, boards: int) -> Schedule | None:
    """Team A of ``size_a`` players against team B of ``boards`` players, who play every round.

    See the module docstring and ``paired.py``: the classes come from :func:`paired_classes` in closed form
    where it applies, otherwise from the class model; ``None`` when that finds no
    assignment keeping rules 1 and 2 for team A within its work limit.
    """
    p, k = size_a, boards
    if p <= k:
        raise ValueError(f"full_side_schedule needs more A players than boards, got {p} on {k}")
    found = paired_classes(p, k)
    if found is not None:
        return from_classes(p, k, found)
    if k % 2 == 1 and p % 2 == 1:
        # Odd p against odd k: with no common factor the board classes give no break at all; with one,
        # the rotation's sit-outs have the wrong parity count (docs/bounds_unequal.md), so the class
        # model below cannot succeed, and blocks of the smaller match take over.
        return odd_odd_schedule(p, k) if math.gcd(p, k) == 1 else blocks_schedule(p, k)
    if k % 2 == 0 and p % 2 == 1:
        # Odd p against even k: no class schedule exists when p = k + 1 (docs/bounds_unequal.md), and
        # the class model rarely finishes at scale otherwise: pairs and one odd group, or a closed-form
        # base extended by one A player and a round.
        m = p - k
        if m <= 3:  # one added player's displaced games fit in turn (docs/bounds_unequal.md)
            return extended_schedule(p, k) or (grouped_schedule(p, k) if m == 3 else None)
        return grouped_schedule(p, k) or extended_schedule(p, k)
    # Even p: odd k extends the paired classes on k - 1 boards by a B player, or takes the board
    # classes with one break per A player (no common factor), blocks (a common factor), or pairs, a
    # group and a B player apart (odd_k_schedule); p = k = 2 mod 4 takes pairs and a group.  The class
    # model below does better where it finishes, so it goes first for small sizes with no closed form
    # that is as good.
    closed_form: list[Callable[[], Schedule | None]] = []
    # (paired classes need p and k - 1 even, so odd p never has this base)
    paired_base = k % 2 == 1 and k >= 3 and paired_classes(p, k - 1) is not None
    if paired_base:
        closed_form.append(lambda: _with_extra_b_or_none(full_side_schedule(p, k - 1)))
    if k % 2 and math.gcd(p, k) > 1:
        closed_form.append(lambda: _blocks_or_better(p, k))
    if k % 2 and math.gcd(p, k) == 1:
        closed_form.append(lambda: even_odd_schedule(p, k))
    if k % 2 and k >= 3 and p % 2 == 0:
        closed_form.append(lambda: odd_k_schedule(p, k))
    if k % 2 == 0 and p % 2 == 0:
        closed_form.append(lambda: grouped_schedule(p, k))
    # (even_odd_schedule, at most one break per A player, beats the class model from small sizes on)
    first = p * k > CLASS_MODEL_CELLS or paired_base or (k % 2 == 1 and math.gcd(p, k) == 1)
    for build in closed_form if first else ():
        if (schedule := build()) is not None:
            return schedule
    # The class model, over the rotation (odd k) or sit-outs that make the count possible (even k).
    pattern = even_pattern(p, k) if k % 2 == 0 else rotation_plays(p, k, p)
    found = solve_classes(p, k, pattern) if pattern is not None else None
    if found is not None:
        return from_classes(p, k, found)
    for build in () if first else closed_form:
        if (schedule := build()) is not None:
            return schedule
    return extended_schedule(p, k) if k % 2 == 0 else None


def _blocks_or_better(p: int, k: int) -> Schedule | None:
    """Even p against odd k with a common factor: the blocks, in a fraction of a second; where their
    junctions leave more than one break per A player (many small blocks) and the size is moderate,
    also :func:`odd_k_schedule`, and whichever has fewer breaks.  (Above :data:`BLOCKS_ALONE_CELLS`
    odd_k_schedule takes most of the budget and has more breaks than the blocks at every size tried.)"""
    blocks = blocks_schedule(p, k)
    breaks = schedule_breaks(blocks) if blocks is not None else 0
    if blocks is not None and (breaks <= p or p * k > BLOCKS_ALONE_CELLS):
        return blocks
    other = odd_k_schedule(p, k)
    if blocks is None or (other is not None and schedule_breaks(other) < breaks):
        return other
    return blocks


def _with_extra_b_or_none(base: Schedule | None) -> Schedule | None:
    return with_extra_b(base) if base is not None else None


def blocks_schedule(p: int, k: int, groups: int | None = None) -> Schedule | None:
    """p against k, team B playing every round, for g = ``groups`` > 1 dividing both (by default
    gcd(p, k)): g blocks of p/g rounds of copies of one small match p/g against k/g, that match from
    :func:`one_team_full` (``blocks.blocks_of_copies``, which deals them); ``None`` when the small
    match has no construction whose team B alternates, or an A group's rows cannot be dealt keeping
    rules 1 and 2 (for even k this happens when p/g and k/g are odd: each A group then gets the same
    copy in every block, and its rows' Whites cannot even out).  (The parity argument of
    docs/bounds_unequal.md is why odd p against odd k needs this when g > 1: the rotation's sit-outs
    have the wrong count of odd rows.)
    """
    g = math.gcd(p, k) if groups is None else groups
    if g == 1 or p <= k or p % g or k % g or (k % 2 == 0 and (p // g) % 2 == (k // g) % 2 == 1):
        return None
    small_p, small_k = p // g, k // g
    base = one_team_full(small_p, small_k)
    if base is None:
        return None
    return blocks_of_copies(p, k, g, base)
