"""Team A's order in the alternating layout where players switch group: designed paths, spliced.

The setting is :mod:`scheveningen.models.constructions.positions.layout`: positions s = 0 .. pq - 1,
round s // k, A-pass s // p, a position's *group* (s + s // p) mod 2 and *class* (s + s // q) mod 2.
A *path* is one position in every A-pass, an A player's games.  Consecutive positions of one group
are an odd distance apart (the player alternates) and of different groups an even one (a break); the
path repeats nobody in a round exactly when consecutive positions lie in different rounds.  Placing team A
is covering the positions with p such paths, each holding ceil(q/2) of class 0 (then team B can be
dealt so that every pair meets once).

Where the layout needs switching pairs, the cheaper orders of ``positions`` (the rotation, the pass
by pass flow) mostly find nothing, and its model over the players' states takes seconds, or more than
the designer has, at 60 to 100 players.  This places team A in a few hundredths of a second at those
sizes, in three steps:

1. **The switchers' paths are designed.**  A switcher from group g to 1 - g after pass b has group g
   positions up to pass b and group 1 - g after.  For every position, the class-0 counts a switcher's
   path can have up to it form a bit set; a pass's sets follow from the previous pass's by prefix
   unions (a position's predecessors are the previous pass's positions in earlier rounds), forward to
   pass b and backward from the last pass, so every count a switcher can hold in its group-0 stretch
   with ceil(q/2) in all is known at once.  Counting positions: the players always in group 0 hold
   ceil(q/2) each of class 0 exactly when the switchers' group-0 stretches hold pairs * ceil(q/2)
   plus group 0's surplus (``positions.layout.surplus``).  Each switcher gets a share of that which the
   others can still complete, and a path with it, nearest its offset of the pass before where there
   is a choice.
2. **The others keep their rank.**  In every pass a group's positions left by the switchers go, in
   order, to the group's other players, the i-th to the i-th.  Each of them stays in its group, so
   alternates, and moves a few places from pass to pass at most; that its positions lie in different
   rounds is checked.
3. **Their counts are evened.**  Their class-0 counts come out near ceil(q/2), and each group's total
   is right.  Two players of a group then exchange their positions from some pass on, or between two
   passes, where both cuts leave each of them in different rounds (both keep their group, so their
   alternation): the exchange moves class-0 positions from one with too many to one with too few;
   failing that, one to a player with the right count nearer one with too few.

``None`` where a step finds nothing at the boundaries given, or at the deadline; the caller then goes
on with the state model.  Everything here is deterministic.
"""

from __future__ import annotations

import bisect

from scheveningen.models.constructions.positions.layout import deadline_passed, position_class, position_group

#: Boundaries (switch passes, from the middle out) :func:`spliced_order` tries before giving up.
SPLICE_BOUNDARIES = 8

#: Partners with too few that a player with too many tries exchanges between two passes with, nearest first.
SEGMENT_PARTNERS = 6


def spliced_order(
    p: int, q: int, k: int, pairs: int, surplus: int, boundaries: list[int], deadline: float | None = None
) -> list[int] | None:
    """alpha(s), team A's player at each position, with ``pairs`` switching pairs at one of the first
    :data:`SPLICE_BOUNDARIES` of ``boundaries`` (after pass b), every A player holding ceil(q/2)
    positions of class 0, never twice in a round, alternating but for its one switch; ``surplus`` is
    group 0's class-0 positions beyond ceil(p/2) * ceil(q/2).  ``None`` when the steps of the module
    docstring find nothing, or at ``deadline`` (``time.monotonic()``)."""
    if pairs < 1 or 2 * pairs > p:
        return None
    for b in boundaries[:SPLICE_BOUNDARIES]:
        if deadline_passed(deadline):
            return None
        paths = _switch_paths(p, q, k, pairs, surplus, b)
        if paths is None:
            continue
        players = _rank_the_rest(p, q, k, paths)
        if players is not None and _even_counts(p, q, k, players, len(paths), deadline):
            alpha = [0] * (p * q)
            for a, path in enumerate(players):
                for s in path:
                    alpha[s] = a
            return alpha
    return None


class SwitcherPaths:
    """The paths of a switcher from group ``first`` to the other after pass ``b``, avoiding the positions
    ``used``: one position a pass, of group ``first`` up to pass b and of the other after, consecutive
    ones in different rounds (rounds of ``k``), ceil(q/2) of class 0 in all.  :meth:`counts` gives
    every class-0 count up to pass b such a path can have, :meth:`path` a path with one of them.
    Inside, ``ahead[s]`` is the class-0 counts a path can hold from pass 0 to s (s up to pass b), and
    ``behind[s]`` from s to the last pass (s after pass b), as bit sets."""

    def __init__(self, p: int, q: int, k: int, first: int, b: int, used: set[int]) -> None:
        self.p, self.q, self.k, self.b = p, q, k, b
        self.need = (q + 1) // 2
        self.slots = [
            [
                s
                for s in range(m * p, (m + 1) * p)
                if s not in used and position_group(s, p) == (first if m <= b else 1 - first)
            ]
            for m in range(q)
        ]
        self.ahead: dict[int, int] = {}
        self.behind: dict[int, int] = {}
        for s in self.slots[0]:
            self.ahead[s] = 1 << self._zero(s)
        for m in range(1, b + 1):
            before, unions = self._prefix(m - 1, self.ahead)
            for s in self.slots[m]:
                # predecessors: the previous pass's positions in rounds before s's
                reach = unions[bisect.bisect_left(before, (s // k) * k)]
                if reach:
                    self.ahead[s] = reach << self._zero(s)
        for s in self.slots[q - 1]:
            self.behind[s] = 1 << self._zero(s)
        for m in range(q - 2, b, -1):
            after, unions = self._suffix(m + 1, self.behind)
            for s in self.slots[m]:
                reach = unions[bisect.bisect_left(after, (s // k + 1) * k)]
                if reach:
                    self.behind[s] = reach << self._zero(s)

    def _zero(self, s: int) -> int:
        return 1 if position_class(s, self.q) == 0 else 0

    def _prefix(self, m: int, sets: dict[int, int]) -> tuple[list[int], list[int]]:
        """Pass m's positions with a set, and the unions of the sets of the first i of them."""
        positions = [s for s in self.slots[m] if s in sets]
        unions = [0]
        for s in positions:
            unions.append(unions[-1] | sets[s])
        return positions, unions

    def _suffix(self, m: int, sets: dict[int, int]) -> tuple[list[int], list[int]]:
        """Pass m's positions with a set, and the unions of the sets from the i-th of them on."""
        positions = [s for s in self.slots[m] if s in sets]
        unions = [0] * (len(positions) + 1)
        for i in range(len(positions) - 1, -1, -1):
            unions[i] = unions[i + 1] | sets[positions[i]]
        return positions, unions

    def counts(self) -> set[int]:
        """Every class-0 count up to pass b that a path with ceil(q/2) in all can have."""
        after, unions = self._suffix(self.b + 1, self.behind)
        out: set[int] = set()
        for s, reach in self.ahead.items():
            if s // self.p != self.b:
                continue
            rest = unions[bisect.bisect_left(after, (s // self.k + 1) * self.k)]
            out |= {c for c in range(self.need + 1) if reach >> c & 1 and rest >> (self.need - c) & 1}
        return out

    def path(self, count: int) -> list[int]:
        """A path with ``count`` class-0 positions up to pass b and ceil(q/2) in all (one of
        :meth:`counts`), each position the nearest to its predecessor's offset among those that work."""
        p, k, b, rest = self.p, self.k, self.b, self.need - count
        ends = [
            s
            for s in self.slots[b]
            if self.ahead.get(s, 0) >> count & 1
            and any(self.behind.get(t, 0) >> rest & 1 for t in self.slots[b + 1] if t // k > s // k)
        ]
        path = [ends[0]]
        left = count - self._zero(ends[0])
        for m in range(b - 1, -1, -1):  # back to pass 0
            later = path[-1]
            s = min(
                (s for s in self.slots[m] if s // k < later // k and self.ahead.get(s, 0) >> left & 1),
                key=lambda s: (abs(s + p - later), s),
            )
            path.append(s)
            left -= self._zero(s)
        path.reverse()
        for m in range(b + 1, self.q):  # on to the last pass
            earlier = path[-1]
            s = min(
                (s for s in self.slots[m] if s // k > earlier // k and self.behind.get(s, 0) >> rest & 1),
                key=lambda s: (abs(s - p - earlier), s),
            )
            path.append(s)
            rest -= self._zero(s)
        return path


def _switch_paths(p: int, q: int, k: int, pairs: int, surplus: int, b: int) -> list[list[int]] | None:
    """Paths for ``pairs`` switchers from group 0 and as many from group 1, after pass ``b``, whose
    group-0 stretches hold pairs * ceil(q/2) + surplus positions of class 0 together; ``None`` when
    the shares found do not add up."""
    need = (q + 1) // 2

    # a switcher's share: its class-0 positions in group 0 (up to b from group 0, after b from group 1)
    def shares(first: int, switcher: SwitcherPaths) -> set[int]:
        return {c if first == 0 else need - c for c in switcher.counts()}

    blank = {first: SwitcherPaths(p, q, k, first, b, set()) for first in (0, 1)}  # no position taken yet
    free = {first: shares(first, switcher) for first, switcher in blank.items()}
    if not free[0] or not free[1]:
        return None
    order = [0, 1] * pairs
    remaining = pairs * need + surplus
    used: set[int] = set()
    paths: list[list[int]] = []
    for i, first in enumerate(order):
        rest = order[i + 1 :]
        low = sum(min(free[f]) for f in rest)
        high = sum(max(free[f]) for f in rest)
        switcher = SwitcherPaths(p, q, k, first, b, used) if used else blank[first]
        fair = remaining / (len(rest) + 1)
        options = sorted(
            (w for w in shares(first, switcher) if low <= remaining - w <= high), key=lambda w: (abs(w - fair), w)
        )
        if not options:
            return None
        share = options[0]
        path = switcher.path(share if first == 0 else need - share)
        paths.append(path)
        used.update(path)
        remaining -= share
    return paths if remaining == 0 else None


def _rank_the_rest(p: int, q: int, k: int, paths: list[list[int]]) -> list[list[int]] | None:
    """Every A player's path, the switchers' first: in each pass the positions of a group that the
    switchers leave go in order to the group's other players.  ``None`` if one of those would play
    twice in a round."""
    taken = {s for path in paths for s in path}
    size = {0: (p + 1) // 2 - len(paths) // 2, 1: p // 2 - len(paths) // 2}
    rest: dict[int, list[list[int]]] = {group: [[] for _ in range(size[group])] for group in (0, 1)}
    for m in range(q):
        left: dict[int, list[int]] = {0: [], 1: []}
        for s in range(m * p, (m + 1) * p):
            if s not in taken:
                left[position_group(s, p)].append(s)
        for group in (0, 1):
            if len(left[group]) != size[group]:
                return None
            for path, s in zip(rest[group], left[group], strict=True):
                if path and path[-1] // k == s // k:
                    return None
                path.append(s)
    return [*paths, *rest[0], *rest[1]]


def _even_counts(p: int, q: int, k: int, players: list[list[int]], fixed: int, deadline: float | None) -> bool:
    """Give every player but the first ``fixed`` (the switchers, already right) ceil(q/2) positions of
    class 0 by exchanging stretches of passes between two players of one group (module docstring,
    step 3); ``players`` is changed in place.  False when no exchange helps, after p exchanges in a
    row that leave the counts no nearer, or at ``deadline``."""
    need = (q + 1) // 2

    def tail_counts(path: list[int]) -> list[int]:
        """``out[m]``: the class-0 positions from pass m to the end."""
        out = [0] * (q + 1)
        for m in range(q - 1, -1, -1):
            out[m] = out[m + 1] + (position_class(path[m], q) == 0)
        return out

    def apart(x: int, y: int, m: int) -> bool:
        """x's pass m - 1 position and y's pass m position in different rounds (any cut at 0 or q)."""
        return m <= 0 or m >= q or players[x][m - 1] // k != players[y][m] // k

    def cut(x: int, y: int, m: int) -> bool:
        return apart(x, y, m) and apart(y, x, m)

    group = [position_group(path[0], p) for path in players]
    tails = [tail_counts(path) for path in players]
    movable = range(fixed, len(players))

    def nearest(x: int, among: list[int]) -> list[int]:
        return sorted(among, key=lambda y: (abs(players[y][0] - players[x][0]), y))

    def exchange() -> tuple[int, int, int, int] | None:
        """The first exchange found: (x, y, from pass, to pass) moving class-0 positions from x to y."""
        over = [x for x in movable if tails[x][0] > need]
        short = {x for x in movable if tails[x][0] < need}
        for x in over:  # from some pass to the end
            for y in nearest(x, [y for y in short if group[y] == group[x]]):
                most = min(tails[x][0] - need, need - tails[y][0])
                for m in range(1, q):
                    if 0 < tails[x][m] - tails[y][m] <= most and cut(x, y, m):
                        return x, y, m, q
        gap: dict[int, int] = {}  # each player's distance (first positions) to one of its group with too few
        for g in (0, 1):
            lacking = sorted(players[w][0] for w in short if group[w] == g)
            for y in movable:
                if group[y] == g and lacking:
                    i = bisect.bisect_left(lacking, players[y][0])
                    gap[y] = min(abs(players[y][0] - lacking[j]) for j in (i - 1, i) if 0 <= j < len(lacking))
        for x in over:  # one unit on to a player with the right count, nearer one with too few
            if x not in gap:
                continue
            for y in nearest(x, [y for y in movable if group[y] == group[x] and tails[y][0] == need]):
                if gap[y] >= gap[x]:
                    continue
                for m in range(1, q):
                    if tails[x][m] - tails[y][m] == 1 and cut(x, y, m):
                        return x, y, m, q
        for x in over:  # between two passes, the nearest few partners
            for y in nearest(x, [y for y in short if group[y] == group[x]])[:SEGMENT_PARTNERS]:
                if deadline_passed(deadline):
                    return None
                most = min(tails[x][0] - need, need - tails[y][0])
                # exchanging passes start .. end - 1 moves lead[start] - lead[end] from x to y
                lead = [tails[x][m] - tails[y][m] for m in range(q + 1)]
                last = {lead[end]: end for end in range(1, q) if cut(x, y, end)}  # the last end with each
                for start in range(q - 1):
                    if cut(x, y, start):
                        for value in range(lead[start] - most, lead[start]):
                            if last.get(value, -1) > start:
                                return x, y, start, last[value]
        return None

    def off() -> int:
        return sum(abs(tails[x][0] - need) for x in movable)

    # Moves that only pass a surplus on leave the total off unchanged; give up after p of them in a row.
    least, since = off(), 0
    while least and since <= p:
        if deadline_passed(deadline) or (found := exchange()) is None:
            return False
        x, y, start, end = found
        for m in range(start, end):
            players[x][m], players[y][m] = players[y][m], players[x][m]
        tails[x], tails[y] = tail_counts(players[x]), tail_counts(players[y])
        now = off()
        least, since = (now, 0) if now < least else (least, since + 1)
    return least == 0
