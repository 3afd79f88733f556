"""One more A player and one more round, where team B plays every round: :func:`with_extra_a`, and
:func:`extended_schedule`, which applies it to the nearest base with a closed form.

**Odd p against even k** has no class schedule when p = k + 1, and the class model rarely finishes at
scale otherwise (docs/bounds_unequal.md).  There :func:`extended_schedule` takes the nearest base
below with a closed form (the paired classes, or the equal design on k boards) and adds one A player
and one round at a time (:func:`with_extra_a`): the new player takes over one game in each round it
plays, and the players it displaces meet their opponents again in the new round, with the same
colours.  This covers p = k + 1 at every size and small p - k; it is valid but has many breaks
(about 4k for k + 1 against k), which the designer's colour search then lowers.
"""

from __future__ import annotations

import bisect
import time

from ortools.sat.python import cp_model
from ortools.sat.python.cp_model_helper import Literal as BoolLit

from scheveningen.models.constructions.classes import from_classes
from scheveningen.models.constructions.equal import construct
from scheveningen.models.constructions.unequal.helpers import (
    DEADLINE,
    add_break_literals,
    model_solver,
    sit_out_windows,
)
from scheveningen.models.constructions.unequal.paired import paired_classes
from scheveningen.models.domain.schedule import Schedule

#: Seconds past the construction's deadline until which :func:`with_extra_a` still tries its first
#: assignment model (so at most that much over, however many players it adds): it
#: takes 2 to 3.5 s at 90 to 100 players, and the designer's quarter of the time limit after the
#: construction absorbs it (90 against 93 on 90: 11.2 s for the whole process, 290 breaks).
DISPLACE_GRACE = 3.0


def extended_schedule(p: int, k: int) -> Schedule | None:
    """p against k on k boards, team B playing every round, by :func:`with_extra_a` applied to the
    largest base below p with a closed form: the paired classes, or the equal design on k boards."""
    base: Schedule | None = None
    size = p - 1
    while size > k:
        found = paired_classes(size, k)
        if found is not None:
            base = from_classes(size, k, found)
            break
        size -= 1
    if base is None:
        base = construct(k)
    while base is not None and base.team_a < p:
        base = with_extra_a(base)
    return base


def with_extra_a(base: Schedule) -> Schedule | None:
    """Add an A player and a round to a match whose team B plays every round; ``None`` if no fit.

    ``base`` has p - 1 A players against k B players on k boards over p - 1 rounds (the equal
    design when p - 1 = k).  A new round q is inserted, and the new player A_p sits out m = p - k
    of the p rounds, in turn, playing q.  In each other round r it plays, it takes over the game
    of one A player a_r, with a_r's opponent b_r and colours; a_r meets b_r instead in round q,
    with the colour it had in round r, and A_p meets there the one B player it has not met.  So
    every base round keeps its colours, each a_r swaps a game for one of the same colour (rule 1),
    and the A Whites of round q are A_p's Whites: rule 3 there is rule 1 for A_p.  The A players
    not displaced sit out round q.  Which a_r in each round is a small CP-SAT model
    (:func:`_displace`): no A player twice, every B player once but one, rules 1 and 2 for A_p,
    no three games of one colour running for a_r or b_r, B players' Whites still balanced, and
    every player's sit-outs in turn; fewest added breaks.  Round q is tried a quarter of the way in,
    three quarters, at the end, at the start and in the middle.
    """
    p, k = base.team_a + 1, base.boards
    if base.team_b != base.boards or base.n_rounds != p - 1:
        raise ValueError("with_extra_a needs a base whose team B plays every round, one round per A player")
    m = p - k
    for q in dict.fromkeys(((p - 1) // 4, 3 * (p - 1) // 4, p - 1, 0, (p - 1) // 2)):
        shift = [r if r < q else r + 1 for r in range(p - 1)]  # base round -> round in the new schedule
        a_col: dict[int, dict[int, bool]] = {a: {} for a in range(1, p)}  # A player -> new round -> White
        b_col: dict[int, dict[int, bool]] = {b: {} for b in range(1, k + 1)}
        opp: dict[tuple[int, int], int] = {}
        for r, games in enumerate(base.rounds):
            for game in games:
                a, b = game.a_player.number, game.b_player.number
                a_col[a][shift[r]] = game.a_white
                b_col[b][shift[r]] = not game.a_white
                opp[a, shift[r]] = b
        # Per base player: the rounds where displacing it keeps its sit-outs in turn, and whether
        # it may stay (then it sits out round q).
        may: dict[int, range] = {}
        may_stay: set[int] = set()
        for a, mine in a_col.items():
            out = {r for r in range(p) if r not in mine and r != q}
            may[a] = _displace_window(out, p, m)
            if q in may[a]:  # sitting out q instead keeps it in turn just as well
                may_stay.add(a)
        for tried, sit_outs in enumerate(_sit_out_choices(p, m, q)):
            # The first choice even up to DISPLACE_GRACE past the deadline: the base is built by then
            # (at 93 against 90, 1.7 s of 2.6 s), and where a layout before it took the construction's
            # share this is the only answer there is (90 against 93 on 90 ended in exit 3).
            deadline = DEADLINE.get()
            grace = 0.0 if tried else DISPLACE_GRACE
            if deadline is not None and time.monotonic() >= deadline + grace:
                return None
            played = [r for r in range(p) if r not in sit_outs and r != q]
            found = _displace(a_col, b_col, opp, played, q, may, may_stay, k, grace)
            if found is None:
                continue
            chosen, b_new, new_white = found
            pairings: list[list[tuple[int, int, bool]]] = [[] for _ in range(p)]
            for r, games in enumerate(base.rounds):
                for g in games:
                    a = g.a_player.number
                    mover = chosen.get(shift[r]) == a
                    pairings[shift[r]].append((p if mover else a, g.b_player.number, g.a_white))
            pairings[q] = [(a, opp[a, r], a_col[a][r]) for r, a in sorted(chosen.items())] + [(p, b_new, new_white)]
            return Schedule.from_pairings([sorted(row) for row in pairings], team_a=p, team_b=k)
    return None


def _sit_out_choices(p: int, m: int, new: int) -> list[list[int]]:
    """A few ways for the new A player of :func:`with_extra_a` to sit out ``m`` of ``p`` rounds in
    turn while playing round ``new``: each sit-out earliest, latest, or in the middle of what is left
    of its window (:func:`sit_out_windows`)."""
    windows = [[r for r in window if r != new] for window in sit_out_windows(p, m)]
    out: list[list[int]] = []
    for pick in (0.5, 0.0, 1.0):
        chosen: list[int] = []
        for window in windows:
            options = [r for r in window if not chosen or r > chosen[-1]]
            if not options:
                break
            chosen.append(options[round(pick * (len(options) - 1))])
        if len(chosen) == m and chosen not in out:
            out.append(chosen)
    return out


def _displace_window(sat_out: set[int], rounds: int, m: int) -> range:
    """The rounds r for which sitting out ``sat_out`` and r keeps a player's sit-outs in turn."""
    first, end, count = 0, rounds, 0
    for t in range(1, rounds + 1):
        count += (t - 1) in sat_out
        low, high = t * m // rounds, -(-t * m // rounds)
        if count > high or count + 1 < low:
            return range(0)
        if count == high:
            first = t  # the extra sit-out comes after round t
        if count + 1 == low:
            end = min(end, t)  # ... and by round t
    return range(first, end)


def _displace(
    a_col: dict[int, dict[int, bool]],
    b_col: dict[int, dict[int, bool]],
    opp: dict[tuple[int, int], int],
    played: list[int],
    q: int,
    may: dict[int, range],
    may_stay: set[int],
    k: int,
    grace: float = 0.0,
) -> tuple[dict[int, int], int, bool] | None:
    """The assignment model of :func:`with_extra_a`: (round -> displaced A player, the B player
    A_p meets in round q, whether A_p has White there), or ``None``; ``grace``: seconds it may run
    past the construction's deadline.

    Only a schedule is asked for, not the fewest breaks: minimising makes the model ten times
    slower at 100 players and gains little; the designer's colour search improves the result.
    """
    a_rounds = {a: sorted(mine) for a, mine in a_col.items()}
    b_rounds = {b: sorted(mine) for b, mine in b_col.items()}
    b_seq = {b: [b_col[b][r] for r in b_rounds[b]] for b in b_col}
    playing = set(played)
    cells: list[tuple[int, int]] = []  # (round, A player) that A_p may take over
    for a, rounds in a_rounds.items():
        seq, window, where = [a_col[a][r] for r in rounds], may[a], bisect.bisect(rounds, q)
        for i, r in enumerate(rounds):
            if r not in window or r not in playing:
                continue
            colour, b = seq[i], opp[a, r]
            moved = seq[:i] + seq[i + 1 :]
            at = where - (i < where)
            moved.insert(at, colour)
            b_at = bisect.bisect(b_rounds[b], q)
            b_moved = [*b_seq[b][:b_at], not colour, *b_seq[b][b_at:]]
            if (
                _runs_ok_near(moved, (min(i + (at <= i), len(moved) - 1), at))
                and _runs_ok_near(b_moved, (b_at,))
                and abs(2 * sum(b_moved) - len(b_moved)) <= 1
            ):
                cells.append((r, a))
    model = cp_model.CpModel()
    d = {cell: model.new_bool_var(f"displace[r{cell[0] + 1},A{cell[1]}]") for cell in cells}
    # y[b, white]: A_p meets b in round q, with White when ``white``.
    y: dict[tuple[int, bool], cp_model.IntVar] = {}
    for b, mine in b_seq.items():
        at = bisect.bisect(b_rounds[b], q)
        for white in (True, False):
            moved = [*mine[:at], not white, *mine[at:]]
            if _runs_ok_near(moved, (at,)) and abs(2 * sum(moved) - len(moved)) <= 1:
                y[b, white] = model.new_bool_var(f"meets_new[B{b},{'W' if white else 'B'}]")
    by_round: dict[int, list[cp_model.IntVar]] = {r: [] for r in played}
    whites_in: dict[int, list[cp_model.IntVar]] = {r: [] for r in played}
    by_a: dict[int, list[cp_model.IntVar]] = {a: [] for a in a_col}
    by_b: dict[int, list[cp_model.IntVar]] = {b: [] for b in b_col}
    for (r, a), v in d.items():
        by_round[r].append(v)
        by_a[a].append(v)
        by_b[opp[a, r]].append(v)
        if a_col[a][r]:
            whites_in[r].append(v)
    for (b, _white), v in y.items():
        by_b[b].append(v)
    for group in (*by_round.values(), *by_b.values(), list(y.values())):
        model.add_exactly_one(group) if group else model.add_bool_or([])
    for a, group in by_a.items():
        if a not in may_stay:
            model.add_exactly_one(group) if group else model.add_bool_or([])
        elif group:
            model.add_at_most_one(group)
    # A_p's colours in round order: White in round r exactly when the game it takes over has A White.
    whites: list[BoolLit] = []
    for r in sorted([*played, q]):
        new_white = model.new_bool_var(f"new_white[r{r + 1}]")
        taken_white = [v for (_b, w), v in y.items() if w] if r == q else whites_in[r]
        model.add(new_white == sum(taken_white))
        whites.append(new_white)
    model.add_linear_constraint(sum(whites), k // 2, (k + 1) // 2)  # rule 1 for A_p, so rule 3 in round q
    add_break_literals(model, whites, "new")  # rule 2 for A_p
    solver = model_solver(len(d), grace)
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    chosen = {r: a for (r, a), v in d.items() if solver.boolean_value(v)}
    b_new, white_new = next(key for key, v in y.items() if solver.boolean_value(v))
    return chosen, b_new, white_new


def _runs_ok_near(colours: list[bool], positions: tuple[int, ...]) -> bool:
    """No three of one colour running through any of ``positions`` (the rest is known to be fine)."""
    for j in positions:
        for s in range(max(0, j - 2), min(len(colours) - 2, j + 1)):
            if colours[s] == colours[s + 1] == colours[s + 2]:
                return False
    return True
