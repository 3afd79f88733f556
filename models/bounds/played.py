"""A computed lower bound on breaks for an equal-teams single round whose first rounds are played.

A CP-SAT model over *patterns*: each player's colours in the rounds still to come are either one of
the few sequences with no break or one break there, or anything else (two breaks or more).  Every
complete schedule that starts with the played rounds gives a solution of the model with at most its
own breaks, so the model's proven optimum, or any proven bound on it, is a lower bound on the
schedule's breaks (docs/bounds.md, "Bounds for a match with played rounds").  The model has no
meeting variables, which keeps it small at 100 boards.

It shares no code with the main model (``models/cpsat/model.py``) or the verifier.  Every constraint is
posted on literals or on sums built where they are used.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ortools.sat.python import cp_model

from scheveningen.models.bounds.proven import suffix_breaks_needed
from scheveningen.models.cpsat.cpsolver import new_solver
from scheveningen.models.domain.schedule import count_breaks

#: The deterministic time (CP-SAT's work units, about a second each) the model may use.
WORK = 2.0


@dataclass(frozen=True)
class PlayedRules:
    """The rules a bound may use: rule 1 (``colour_balance``), rule 2 (runs at most ``max_run`` long,
    0: off) and rule 3 (``board_balance``).  A bound computed with fewer rules holds with more."""

    colour_balance: bool = False
    max_run: int = 0
    board_balance: bool = False


def _keeps(played: list[bool], rest: tuple[bool, ...], rounds: int, rules: PlayedRules) -> bool:
    """Whether a player who played ``played`` and plays ``rest`` keeps rules 1 and 2 as ``rules`` asks
    (the played rounds alone are not judged: what they break is relaxed by the caller)."""
    whole = [*played, *rest]
    if rules.colour_balance and not rounds // 2 <= sum(whole) <= (rounds + 1) // 2:
        return False
    if rules.max_run > 0:
        run = 1
        for i in range(1, len(whole)):
            run = run + 1 if whole[i] == whole[i - 1] else 1
            if i >= len(played) and run > rules.max_run:
                return False
    return True


def continuation(kind: int, change: int, left: int) -> tuple[bool, ...]:
    """The colours (True: White) of the continuation ``(kind, change)`` over ``left`` rounds: the
    alternation of kind ``kind`` (0: White in the first of them, 1: Black) before position ``change``,
    the other alternation from there on.  ``(0, left)`` and ``(0, 0)`` are the two alternations;
    kind 1 is used with 0 < change < left only, so that every sequence with at most one change of
    alternation has one name."""
    return tuple((j % 2 == 0) == (kind == 0) if j < change else (j % 2 == 0) == (kind == 1) for j in range(left))


def continuations(left: int) -> list[tuple[int, int]]:
    """The names of every continuation over ``left`` rounds with at most one change of alternation."""
    return [(0, t) for t in range(left + 1)] + [(1, t) for t in range(1, left)]


def differ_within(mine: tuple[int, int], other: tuple[int, int], left: int, rounds: frozenset[int]) -> bool:
    """Whether the rounds where continuations ``mine`` and ``other`` have different colours all lie in
    ``rounds`` (and there is one at least): two players following them can meet only there."""
    lo, hi = sorted((mine[1], other[1]))
    differ = set(range(lo, hi)) if mine[0] == other[0] else set(range(lo)) | set(range(hi, left))
    return bool(differ) and differ <= rounds


Range = tuple[int, int, int]  # (kind, first change, last change), both ends included


def hall_ranges(mine: tuple[int, int], left: int, first: int, end: int, inside: bool) -> list[Range]:
    """The continuations ``other`` with ``differ_within(mine, other, left, S)``, as ranges of names,
    for S the rounds ``first..end - 1`` (``inside``) or the rounds outside them (0 < first < end < left).

    Two continuations of the same kind differ exactly between their changes; of different kinds,
    exactly before the earlier change and from the later one on (see :func:`continuation`)."""
    kind, t = mine
    other = 1 - kind
    out: list[Range] = []

    def add(k: int, lo: int, hi: int) -> None:
        lo, hi = max(lo, 1 if k == 1 else 0), min(hi, left - 1 if k == 1 else left)
        if kind == k and lo <= t <= hi:  # the same name: the same colours, never a difference
            if lo <= t - 1:
                out.append((k, lo, t - 1))
            if t + 1 <= hi:
                out.append((k, t + 1, hi))
        elif lo <= hi:
            out.append((k, lo, hi))

    if inside:
        if first <= t <= end:
            add(kind, first, end)
        if first == 0:  # differ before the earlier change only: the later change is at the end
            if t == left:
                add(other, 1, end)
            elif 1 <= t <= end:
                add(other, left, left)
        if end == left:  # differ from the later change on only: the earlier change is at 0
            if t == 0:
                add(other, first, left - 1)
            elif first <= t <= left - 1:
                add(other, 0, 0)
    else:
        if t <= first:
            add(kind, 0, first)
            add(other, end, left)
        if t >= end:
            add(kind, end, left)
            add(other, 0, first)
    return out


def relaxed_break_bound(
    boards: int,
    played: list[list[tuple[int, int, bool]]],
    rules: PlayedRules,
    work: float = WORK,
    seed: int = 0,
    hall: bool = True,
    floor: int = 0,
    seconds: float | None = None,
) -> int | None:
    """A proven lower bound on the breaks of every complete single round of ``boards`` boards (equal
    teams) that starts with ``played`` and keeps ``rules``, or ``None`` when the model proves nothing
    within ``work`` (or finds that no such schedule exists: then no claim is made).

    ``played[r]`` lists round r + 1's games as ``(a, b, a_has_white)``, 1-based.  One worker and a
    deterministic time limit: the same input gives the same bound on every run, unless ``seconds`` also
    caps the wall-clock time (then the bound is as good as the machine allowed, and still proven).
    ``floor``: a bound already proven (the analytic one), which the answer never falls below.

    Each player p chooses one option: a *continuation* (its colours in rounds k + 1..n, k the last
    played round) with at most one change of alternation there (:func:`continuations`) that keeps
    rules 1 and 2, at the cost of its breaks from round k on (0, 1 or 2), or *other*, at the cost of
    max(2, what rules 1 and 2 force on p alone): two changes of alternation or more are two breaks or
    more.  A schedule picks, for every player, its own continuation if that is an option, else
    *other*: its breaks after round k are at least the cost.  The constraints hold for that choice:

    * rule 0: an A player and a B player who have not met must meet after round k, in a round where
      their colours differ, so they do not follow the same continuation;
    * rule 0 again: each round after k has n Whites and n Blacks among the 2n players, so the players
      whose chosen continuation is White there number at most n, and Black at most n;
    * rule 3 (``board_balance``): each team has at most ceil(n/2) Whites and ceil(n/2) Blacks a round;
    * Hall's condition (``hall``): p meets its opponents still to come in different rounds, each where
      their colours differ; so for a set S of rounds after k, the opponents whose chosen continuation
      differs from p's only inside S number at most |S|.  Posted for the sets S that measured worth
      their size (``_add_hall``): intervals that start or end at p's change of alternation or at
      either end, and the rounds outside an interval that starts or ends at p's change.
    """
    n = boards
    k = len(played)
    if k == 0 or k >= n or n < 2:
        return None
    left = n - k
    colours: dict[tuple[str, int], list[bool]] = {("A", i): [] for i in range(1, n + 1)}
    colours.update({("B", i): [] for i in range(1, n + 1)})
    met: set[tuple[int, int]] = set()
    for games in played:
        for a, b, a_white in games:
            colours["A", a].append(a_white)
            colours["B", b].append(not a_white)
            met.add((a, b))
    if any(len(seq) != k for seq in colours.values()):
        return None
    fixed = sum(count_breaks(seq) for seq in colours.values())
    names = continuations(left)
    sequences = {name: continuation(*name, left) for name in names}
    m = cp_model.CpModel()
    cost_terms: list[cp_model.IntVar] = []
    options: dict[tuple[str, int], dict[tuple[int, int], cp_model.IntVar]] = {}
    for p, seq in colours.items():
        mine = {}
        for name in names:
            rest = sequences[name]
            if not _keeps(seq, rest, n, rules):
                continue
            x = m.new_bool_var("")
            mine[name] = x
            breaks = count_breaks([seq[-1], *rest])
            cost_terms.extend([x] * breaks)
        other = m.new_bool_var("")
        need = suffix_breaks_needed(seq, n, rules.colour_balance, rules.max_run)
        cost_terms.extend([other] * max(2, need))
        m.add_exactly_one([other, *mine.values()])
        options[p] = mine
    for name in names:
        for a in range(1, n + 1):
            mine_a = options["A", a].get(name)
            if mine_a is None:
                continue
            for b in range(1, n + 1):
                mine_b = options["B", b].get(name)
                if mine_b is not None and (a, b) not in met:
                    m.add_bool_or([~mine_a, ~mine_b])
    for j in range(left):
        for team_filter, limit in ((("A", "B"), n), (("A",), (n + 1) // 2), (("B",), (n + 1) // 2)):
            if len(team_filter) == 1 and not rules.board_balance:
                continue
            for colour in (True, False):
                lits = [
                    x
                    for p, mine in options.items()
                    if p[0] in team_filter
                    for name, x in mine.items()
                    if sequences[name][j] == colour
                ]
                if len(lits) > limit:
                    m.add(sum(lits) <= limit)
    if hall:
        _add_hall(m, options, met, n, left)
    if floor > fixed:
        m.add(sum(cost_terms) >= floor - fixed)
    m.minimize(sum(cost_terms))
    solver = new_solver(workers=1, seed=seed, work=work)
    if seconds is not None:
        solver.parameters.max_time_in_seconds = max(seconds, 0.01)
    status = solver.solve(m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return max(floor, fixed, fixed + math.ceil(solver.best_objective_bound - 1e-6))


def _add_hall(
    m: cp_model.CpModel,
    options: dict[tuple[str, int], dict[tuple[int, int], cp_model.IntVar]],
    met: set[tuple[int, int]],
    n: int,
    left: int,
) -> None:
    """Post Hall's condition of :func:`relaxed_break_bound` for every player, chosen continuation
    (kind, t) and set S: an interval of the rounds left that starts or ends at t or at either end, or
    the rounds outside an interval that starts or ends at t.  (Every interval and its outside gave the
    same bounds on the two cases compared, 14 and 20 boards with colours reversed, at two to three
    times the work; intervals from t and the rounds before t alone lost 2 breaks on 14 boards.)  On
    prefix counts: ``before[kind][u]`` is the number of the player's opponents still to come whose
    chosen continuation is ``(kind, t)`` with t < u.  A condition that cannot fail (its opponents too
    few) is left out."""
    spans = [(first, end) for first in range(left) for end in range(first + 1, left + 1) if end - first < left]
    for (team, number), mine in options.items():
        other_team = "B" if team == "A" else "A"
        opponents = [o for o in range(1, n + 1) if ((number, o) if team == "A" else (o, number)) not in met]
        before: dict[int, list[cp_model.IntVar | int]] = {}
        static: dict[int, list[int]] = {}
        for kind in (0, 1):
            running: list[cp_model.IntVar | int] = [0]
            counted = [0]
            for t in range(left + 1):
                lits = [lit for o in opponents if (lit := options[other_team, o].get((kind, t))) is not None]
                counted.append(counted[-1] + len(lits))
                if lits:
                    total = m.new_int_var(0, len(opponents), "")
                    m.add(total == running[-1] + sum(lits))
                    running.append(total)
                else:
                    running.append(running[-1])
            before[kind], static[kind] = running, counted
        for name, x in mine.items():
            t = name[1]
            sets = [(first, end, True) for first, end in spans if t in (first, end) or first == 0 or end == left]
            sets += [(first, end, False) for first, end in spans if t in (first, end) and 0 < first < end < left]
            for first, end, inside in sets:
                size = end - first if inside else left - (end - first)
                ranges = hall_ranges(name, left, first, end, inside)
                most = sum(static[kind][hi + 1] - static[kind][lo] for kind, lo, hi in ranges)
                if min(most, len(opponents)) <= size:
                    continue
                m.add(sum(before[kind][hi + 1] - before[kind][lo] for kind, lo, hi in ranges) <= size).only_enforce_if(
                    x
                )
