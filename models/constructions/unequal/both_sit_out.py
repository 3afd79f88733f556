"""Both teams sit out (k below both sizes): :func:`both_sit_out_schedule`.

First the match of the same teams on as many boards as the smaller team has players, re-cut into
rounds of k games (``models/constructions/recut.py``: every player keeps its colours in order, so
the breaks are that match's); where that has no answer, the rotation layouts (``rotation.py``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from scheveningen.models.constructions.equal import construct
from scheveningen.models.constructions.recut import recut
from scheveningen.models.constructions.unequal.full_side import full_side_schedule, one_team_full_with_source
from scheveningen.models.constructions.unequal.helpers import DEADLINE, as_large_first, past_deadline, schedule_breaks
from scheveningen.models.constructions.unequal.rotation import (
    recolour,
    rotation_alternating_schedule,
    rotation_schedule,
)
from scheveningen.models.domain.schedule import Schedule
from scheveningen.models.domain.symmetry import reverse_rounds, swap_teams


def both_sit_out_schedule(size_a: int, size_b: int, boards: int, rotation_first: bool = False) -> Schedule | None:
    """Both teams sitting out (boards below both sizes), in order until one answers: the match of the
    same teams on as many boards as the smaller team has players (the equal design when the teams are
    equal; :func:`one_team_full`, and :func:`full_side_schedule`'s when that differs), re-cut into
    rounds of ``boards`` games (``models/constructions/recut.py``), or played backwards and re-cut; the rotation
    layout with one team alternating (:func:`rotation_alternating_schedule`); the re-cut without rule
    3, coloured again (:func:`_recoloured`); the rotation layout coloured by the colour model
    (:func:`rotation_schedule`).  ``rotation_first``: the rotation layout with one team alternating
    before the re-cuts, a re-cut then taken only with fewer breaks (teams one apart, where the re-cut's
    bases take seconds and seldom cut).  ``None`` if none answers, or at the deadline."""
    large, small = max(size_a, size_b), min(size_a, size_b)
    deadline = DEADLINE.get()

    @functools.cache
    def base() -> tuple[Schedule | None, bool]:
        """The base match and whether it is already the one without a break, built once when asked."""
        return (construct(small), True) if large == small else one_team_full_with_source(large, small)

    def recut_either(start: Schedule | None) -> Schedule | None:
        if start is None:
            return None
        built = recut(start, boards, deadline)
        return built if built is not None else recut(reverse_rounds(start), boards, deadline)

    def recut_full_side() -> Schedule | None:
        # the schedule without a break may not re-cut where the constructions' does
        return None if base()[1] else recut_either(full_side_schedule(large, small))

    def recoloured_base() -> Schedule | None:
        start = base()[0]
        return _recoloured(start, boards) if start is not None else None

    recuts: list[Callable[[], Schedule | None]] = [lambda: recut_either(base()[0]), recut_full_side]
    # The rotation layouts and the re-cut coloured again may each answer where the others do not,
    # and none has the fewest breaks everywhere: the best of those answering in time.
    others: list[Callable[[], Schedule | None]] = [
        lambda: _polished(rotation_alternating_schedule(large, small, boards)),
        recoloured_base,
        lambda: as_large_first(rotation_schedule(size_a, size_b, boards), size_a < size_b),
        lambda: as_large_first(rotation_schedule(size_b, size_a, boards), size_b < size_a),
    ]
    best: Schedule | None = None
    best_breaks = 0
    steps = others[:1] + recuts + others[1:] if rotation_first else recuts + others
    for step in steps:
        if past_deadline():
            break
        if (built := step()) is None:
            continue
        if step in recuts:  # a re-cut keeps its base's breaks: take it (where it has fewer)
            if best is None or schedule_breaks(built) < best_breaks:
                best = built
            break
        breaks = schedule_breaks(built)
        if best is None or breaks < best_breaks:
            best, best_breaks = built, breaks
            if breaks == 0:
                break
    if best is None:
        return None
    return swap_teams(best) if size_a < size_b else best


def _polished(schedule: Schedule | None) -> Schedule | None:
    """``schedule`` with its colours chosen again (:func:`recolour`) when that has fewer breaks."""
    if schedule is None:
        return None
    better = recolour(schedule)
    return better if better is not None and schedule_breaks(better) < schedule_breaks(schedule) else schedule


def _recoloured(base: Schedule, boards: int) -> Schedule | None:
    """The re-cut of ``base`` without rule 3 (its games and sit-outs in turn only), coloured again
    (:func:`recolour`); ``None`` when either finds nothing.  It answers some sizes the re-cut cannot
    order (9 against 14 on 2 boards), since the colour model may change colours that the re-cut has to
    keep."""
    cut = recut(base, boards, DEADLINE.get(), balanced=False)
    return recolour(cut) if cut is not None else None
