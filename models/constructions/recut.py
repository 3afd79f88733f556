"""Both teams sitting out: a match in which one team plays every round, re-cut into rounds of fewer boards.

Teams of p and q players (p >= q) on k < q boards play p*q/k rounds, and both teams sit out in turn.
Start from a match of the same teams on q boards, in which team B plays every round and team A sits
out in turn (``models/constructions/unequal/``; for p = q the equal design): its p rounds of q games, written one
after another, are one sequence of p*q games.  Keep every player's games in that order and cut the
sequence into rounds of k consecutive games.  Every player then has the same colours in the same order
as in the base match, so rules 1 and 2 and the breaks are the base's, and so are the match's Whites a
team.  What remains is the order of the games *inside* each base round, chosen so that:

* each new round has k different players of each team: a round inside one base round has, and a round
  that joins the end of one base round to the start of the next must not repeat a player;
* team A has floor(k/2) or ceil(k/2) Whites in each new round (rule 3);
* both teams sit out in turn.  Team B plays once in every base round, so after any game of the sequence
  its players' counts differ by at most one.  Team A's counts before a base round are c or c + 1 (the
  base sits out in turn); after a cut inside the round, a player at c + 1 who has played there and one
  at c who has not would differ by two.  So at every cut either no player at c + 1 has played yet in
  the round, or every player at c who plays the round has: the players "behind" come first, at the
  resolution of the cuts.

Only which *part* of a base round (between its cuts) a game falls in matters.  A greedy pass deals the
games into the parts, behind players first, each part's Whites in range, the first part clear of the
players of the round it completes; where it gets stuck, a small CP-SAT model over two base rounds (this
one and the next, so that the part carried over leaves the next round a way on) decides this round.
``None`` when that has no answer: the base's colours can make it impossible (every game of the players
behind forced into one round with the wrong number of Whites), and the caller then tries another base.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass

from ortools.sat.python import cp_model

from scheveningen.models.constructions.sitouts import one_worker_solver
from scheveningen.models.domain.schedule import Schedule

#: CP-SAT's deterministic time for one two-round model (one worker: the same answer on every machine).
WINDOW_WORK = 1.0

Move = tuple[int, int, bool]  # (A player, B player, A has White), players from 1


@dataclass(frozen=True)
class _Round:
    """One base round as the re-cut sees it: its games, which are the A players behind (count c, the
    lowest) and ahead (c + 1) before it, and the sizes of its parts between the cuts."""

    games: list[Move]
    behind: list[int]  # indices into games
    ahead: list[int]
    sizes: list[int]  # the parts between cuts, in order
    joins_previous: bool  # the first part completes a new round begun in the previous base round
    carries_on: bool  # the last part begins a new round completed in the next base round

    @property
    def cuts(self) -> list[int]:
        """Offsets of the cuts inside the round (after each part but the last)."""
        out, at = [], 0
        for size in self.sizes[:-1]:
            at += size
            out.append(at)
        return out


def recut(base: Schedule, boards: int, deadline: float | None = None, balanced: bool = True) -> Schedule | None:
    """``base`` (team B playing every round, team A sitting out in turn) re-cut into rounds of
    ``boards`` games (module docstring); ``None`` when no order inside the base rounds fits, or at
    ``deadline`` (``time.monotonic()``).  Not ``balanced``: rule 3 is left out (the games and the
    sit-outs in turn only), for a caller that chooses the colours again."""
    size_b, k = base.boards, boards
    if base.team_b != size_b or not 1 <= k < size_b or (base.team_a * size_b) % k:
        raise ValueError(f"cannot re-cut {base.team_a} against {base.team_b} on {size_b} boards into {k} boards")
    rounds = _rounds(base, k)
    out: list[list[Move]] = []
    carry: list[Move] = []
    ahead: list[list[Move]] | None = None  # this round's greedy parts, when the last round looked ahead
    for r, rnd in enumerate(rounds):
        if deadline is not None and time.monotonic() >= deadline:
            return None
        after = rounds[r + 1] if r + 1 < len(rounds) else None
        parts = ahead if ahead is not None else _greedy(rnd, carry, k, balanced)
        ahead = None
        if parts is not None and after is not None and rnd.carries_on:
            ahead = _greedy(after, parts[-1], k, balanced)
            if ahead is None:
                parts = None  # the part carried over leaves the next round stuck: decide both together
        if parts is None:
            parts = _window(rnd, after, carry, k, balanced)
        if parts is None:
            return None
        for i, part in enumerate(parts):
            if i == 0 and rnd.joins_previous:
                out.append(carry + part)
                carry = []
            elif i == len(parts) - 1 and rnd.carries_on:
                carry = part
            else:
                out.append(part)
    if carry:
        raise RuntimeError("the re-cut left a part round over (bug)")
    return Schedule.from_pairings([sorted(games) for games in out], team_a=base.team_a, team_b=size_b)


def _rounds(base: Schedule, k: int) -> list[_Round]:
    size_b = base.boards
    counts = dict.fromkeys(range(1, base.team_a + 1), 0)
    out = []
    for r, games in enumerate(base.rounds):
        moves = [(g.a_player.number, g.b_player.number, g.a_white) for g in games]
        low = min(counts.values())
        ahead = [i for i, (a, _b, _w) in enumerate(moves) if counts[a] > low]
        behind = [i for i, (a, _b, _w) in enumerate(moves) if counts[a] == low]
        start = r * size_b
        bounds = [0, *(at for at in range(1, size_b) if (start + at) % k == 0), size_b]
        sizes = [y - x for x, y in itertools.pairwise(bounds)]
        out.append(_Round(moves, behind, ahead, sizes, start % k != 0, (start + size_b) % k != 0))
        for a, _b, _w in moves:
            counts[a] += 1
    return out


def _white_range(rnd: _Round, part: int, carry: list[Move], k: int, balanced: bool) -> tuple[int, int]:
    """The Whites a part may hold: a whole new round floor(k/2) or ceil(k/2); the first part less the
    carried games' Whites; the last part, carried on, as many as can still be completed (any number,
    not ``balanced``)."""
    low, high = k // 2, (k + 1) // 2
    size = rnd.sizes[part]
    if not balanced:
        return 0, size
    if part == 0 and rnd.joins_previous:
        carried = sum(1 for _a, _b, w in carry if w)
        return low - carried, high - carried
    if part == len(rnd.sizes) - 1 and rnd.carries_on:
        return max(0, low - (k - size)), min(size, high)
    return low, high


def _pools_per_part(rnd: _Round) -> list[tuple[int, int]]:
    """How many games each part takes from the players behind and from those ahead: behind first,
    as the sit-outs in turn need (module docstring)."""
    behind = len(rnd.behind) if rnd.ahead else len(rnd.games)
    out, at = [], 0
    for size in rnd.sizes:
        from_behind = max(0, min(at + size, behind) - at)
        out.append((from_behind, size - from_behind))
        at += size
    return out


def _greedy(rnd: _Round, carry: list[Move], k: int, balanced: bool) -> list[list[Move]] | None:
    """Deal the round's games into its parts, or ``None`` where this simple pass gets stuck."""
    groups = [rnd.behind, rnd.ahead] if rnd.ahead else [rnd.behind + rnd.ahead]
    pools = [([i for i in group if rnd.games[i][2]], [i for i in group if not rnd.games[i][2]]) for group in groups]
    taken_a = {a for a, _b, _w in carry}
    taken_b = {b for _a, b, _w in carry}
    parts: list[list[Move]] = []
    for part, counts in enumerate(_pools_per_part(rnd)):
        need = counts if rnd.ahead else (sum(counts), 0)
        low, high = _white_range(rnd, part, carry, k, balanced)
        clear = part == 0 and rnd.joins_previous

        def usable(i: int, clear: bool = clear) -> bool:
            a, b, _w = rnd.games[i]
            return not clear or (a not in taken_a and b not in taken_b)

        # Whites from each pool in proportion to what it has left, then nudged into the part's range.
        plan = []
        for (whites, blacks), n in zip(pools, need, strict=False):
            left = len(whites) + len(blacks)
            share = round(n * len(whites) / left) if left else 0
            plan.append(share)
        for _ in range(2 * k + 2):
            total = sum(plan)
            if low <= total <= high:
                break
            step = 1 if total < low else -1
            for j, ((whites, blacks), n) in enumerate(zip(pools, need, strict=False)):
                w = plan[j] + step
                if 0 <= w <= n and w <= sum(map(usable, whites)) and n - w <= sum(map(usable, blacks)):
                    plan[j] = w
                    break
            else:
                return None
        if not low <= sum(plan) <= high:
            return None
        chosen: list[Move] = []
        for (whites, blacks), n, w in zip(pools, need, plan, strict=False):
            picks = [i for i in whites if usable(i)][:w] + [i for i in blacks if usable(i)][: n - w]
            if len(picks) != n:
                return None
            for i in picks:
                (whites if rnd.games[i][2] else blacks).remove(i)
            chosen += [rnd.games[i] for i in picks]
        parts.append(chosen)
    return parts


def _window(rnd: _Round, after: _Round | None, carry: list[Move], k: int, balanced: bool) -> list[list[Move]] | None:
    """This round's parts from a CP-SAT model of this round and the next (when this one carries on):
    every rule of the module docstring, this round's parts returned; ``None`` if it has no answer."""
    model = cp_model.CpModel()
    window = [rnd, after] if after is not None and rnd.carries_on else [rnd]
    place: list[dict[tuple[int, int], cp_model.IntVar]] = []
    for w, one in enumerate(window):
        cells = itertools.product(range(len(one.games)), range(len(one.sizes)))
        x = {(i, s): model.new_bool_var(f"part[r{w},g{i},s{s}]") for i, s in cells}
        place.append(x)
        for i in range(len(one.games)):
            model.add_exactly_one(x[i, s] for s in range(len(one.sizes)))
        for s, size in enumerate(one.sizes):
            model.add(sum(x[i, s] for i in range(len(one.games))) == size)
        last = len(one.sizes) - 1
        for s in range(len(one.sizes)):
            if (s == 0 and w > 0) or (s == last and one.carries_on and w + 1 < len(window)):
                continue  # joined with the other round of the window, below
            low, high = _white_range(one, s, carry if w == 0 else [], k, balanced)
            model.add_linear_constraint(sum(x[i, s] for i, g in enumerate(one.games) if g[2]), low, high)
        if one.ahead and one.behind:
            behind = len(one.behind)
            for c, cut in enumerate(one.cuts):
                if cut <= behind:  # nobody ahead has played yet
                    for i in one.ahead:
                        for s in range(c + 1):
                            model.add(x[i, s] == 0)
                if cut >= behind:  # everybody behind has played
                    for i in one.behind:
                        model.add(sum(x[i, s] for s in range(c + 1)) == 1)
    if rnd.joins_previous:
        taken_a = {a for a, _b, _w in carry}
        taken_b = {b for _a, b, _w in carry}
        for i, (a, b, _w) in enumerate(rnd.games):
            if a in taken_a or b in taken_b:
                model.add(place[0][i, 0] == 0)
    if len(window) == 2:
        assert after is not None
        last = len(rnd.sizes) - 1
        joined = [place[0][i, last] for i, g in enumerate(rnd.games) if g[2]]
        joined += [place[1][i, 0] for i, g in enumerate(after.games) if g[2]]
        if balanced:
            model.add_linear_constraint(sum(joined), k // 2, (k + 1) // 2)
        for i, (a, b, _w) in enumerate(rnd.games):
            for j, (a2, b2, _w2) in enumerate(after.games):
                if a == a2 or b == b2:
                    model.add_bool_or([~place[0][i, last], ~place[1][j, 0]])
    solver = one_worker_solver(WINDOW_WORK)
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [[g for i, g in enumerate(rnd.games) if solver.boolean_value(place[0][i, s])] for s in range(len(rnd.sizes))]
