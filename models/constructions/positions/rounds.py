"""The sequence cut into rounds of k, and the repeats in a round undone.

Once team A's order and team B's deal are fixed, a player can still appear twice in a round, only
where the round holds a pass boundary.  Two kinds of exchange undo such repeats and keep everything
else the layout gives (every pair once, every player alternating and sitting out in turn):

* B players of one class exchanged along their alternating cycle (a Kempe chain: every A player and
  B-pass has one position of each), which keeps the colouring proper: :func:`unclash_b`, greedy round
  by round, and :func:`search_b`, a seeded local search over all rounds at once;
* whole games exchanged between positions of one parity in one A-pass and one B-pass, which keeps
  every player's pass, colour and opponent: :func:`mend_rounds`, greedy, and :func:`mend_model`, the
  same exchanges decided at once by a small CP-SAT model.

:func:`cut_into_rounds` writes the sequence out as the schedule, team A White at the even positions.
"""

from __future__ import annotations

import random
import time

from ortools.sat.python import cp_model

from scheveningen.models.constructions.positions.layout import deadline_passed, position_class
from scheveningen.models.cpsat.cpsolver import new_solver
from scheveningen.models.domain.schedule import Schedule

#: Colour exchanges :func:`unclash_b` tries in all before leaving the rest to :func:`mend_rounds`.
KEMPE_TRIES = 3000
#: Game exchanges :func:`mend_rounds` tries in all before giving up.
MEND_TRIES = 200_000
#: Exchanges :func:`search_b` tries in all.
SEARCH_TRIES = 200_000
#: CP-SAT's deterministic time for :func:`mend_model`.
MEND_WORK = 2.0


def cut_into_rounds(p: int, q: int, k: int, alpha: list[int], beta: list[int]) -> Schedule:
    """The positions cut into rounds of k, team A White at the even positions; each round's games in
    the order of their A players, as the other constructions give them."""
    pairings = [
        sorted((alpha[s] + 1, beta[s] + 1, s % 2 == 0) for s in range(r * k, (r + 1) * k)) for r in range(p * q // k)
    ]
    return Schedule.from_pairings(pairings, team_a=p, team_b=q)


def _exchange_cycle(
    s: int,
    b: int,
    other: int,
    alpha: list[int],
    beta: list[int],
    meet: list[list[int]],
    in_pass: list[list[int]],
    q: int,
) -> list[int]:
    """The positions that exchanging B players ``b`` and ``other`` from position ``s`` moves: alternately
    the position where the same A player meets the other B player and the position in the same pass
    (``meet[a][b]``, ``in_pass[pass][b]``), until the walk closes (a Kempe chain)."""
    cycle, t, by_a = [s], s, True
    while True:
        want = other if beta[t] == b else b
        t = meet[alpha[t]][want] if by_a else in_pass[t // q][want]
        by_a = not by_a
        if t == s:
            return cycle
        cycle.append(t)


def unclash_b(p: int, q: int, k: int, alpha: list[int], beta: list[int], deadline: float | None = None) -> bool:
    """Make every round's B players different.  A B player can appear twice in a round only across a
    B-pass boundary.  Such a position's B player b is exchanged with another, b', of its class on their
    alternating cycle (the edges coloured b or b' form cycles, every A player and B-pass having one of
    each), so the colouring stays proper and every pair still meets once; taken when the round comes
    clear and no earlier round gets a repeat (the rounds are mended in order, so each exchange makes
    progress).  At most :data:`KEMPE_TRIES` exchanges are tried in all (and none after ``deadline``);
    False when some clash is left (for :func:`mend_rounds`)."""
    n = p * q
    half0 = (q + 1) // 2
    meet = [[-1] * q for _ in range(p)]  # meet[a][b]: the position where A player a meets b
    in_pass = [[-1] * q for _ in range(p)]  # in_pass[j][b]: b's position in B-pass j
    for s in range(n):
        meet[alpha[s]][beta[s]] = s
        in_pass[s // q][beta[s]] = s

    def repeats(r: int) -> int:
        seen = [beta[s] for s in range(r * k, min(n, (r + 1) * k))]
        return len(seen) - len(set(seen))

    def swap(cycle: list[int], b: int, other: int) -> None:
        for t in cycle:
            beta[t] = other if beta[t] == b else b
        for t in cycle:
            meet[alpha[t]][beta[t]] = t
            in_pass[t // q][beta[t]] = t

    def cycle_of(s: int, b: int, other: int) -> list[int]:
        return _exchange_cycle(s, b, other, alpha, beta, meet, in_pass, q)

    tries = 0

    def exchange(s: int, r: int) -> bool:
        """Give position s another B player of its class, leaving round r fewer repeats and no other
        round more."""
        nonlocal tries
        b = beta[s]
        members = range(half0) if position_class(s, q) == 0 else range(half0, q)
        for other in members:
            if other == b:
                continue
            tries += 1
            if tries > KEMPE_TRIES or deadline_passed(deadline):
                return False
            cycle = cycle_of(s, b, other)
            # the rounds before r must get no more repeats; later ones are mended in their turn
            touched = {t // k for t in cycle if t // k <= r} | {r}
            before = {t: repeats(t) for t in touched}
            swap(cycle, b, other)
            if repeats(r) < before[r] and all(repeats(t) <= was for t, was in before.items()):
                return True
            swap(cycle, b, other)  # an exchange undoes itself
        return False

    for j in range(1, p):
        boundary = j * q
        if boundary % k == 0:
            continue
        r = boundary // k
        while repeats(r):
            first: dict[int, int] = {}
            clash = []
            for s in range(r * k, (r + 1) * k):
                if beta[s] in first:
                    clash = [s, first[beta[s]]]
                    break
                first[beta[s]] = s
            if not any(exchange(s, r) for s in clash):
                break  # left to the search below
    return all(not repeats(j * q // k) for j in range(1, p))


def search_b(p: int, q: int, k: int, alpha: list[int], beta: list[int], deadline: float | None) -> bool:
    """The same exchanges as a local search over all rounds at once: a random repeat, a random other B
    player of its class, taken when the repeats summed over every round do not grow (so the search
    may cross plateaus).  Seeded, so the same on every run; at most :data:`SEARCH_TRIES` tries, none
    after ``deadline``.  True when no round repeats a B player."""
    n = p * q
    half0 = (q + 1) // 2
    rounds = n // k
    meet = [[-1] * q for _ in range(p)]
    in_pass = [[-1] * q for _ in range(p)]
    for s in range(n):
        meet[alpha[s]][beta[s]] = s
        in_pass[s // q][beta[s]] = s

    def cycle_of(s: int, b: int, other: int) -> list[int]:
        return _exchange_cycle(s, b, other, alpha, beta, meet, in_pass, q)

    counts: list[dict[int, int]] = [{} for _ in range(rounds)]
    for s in range(n):
        counts[s // k][beta[s]] = counts[s // k].get(beta[s], 0) + 1
    excess = [sum(c - 1 for c in row.values()) for row in counts]
    total = sum(excess)
    rng = random.Random(0)
    r = 0

    def move(cycle: list[int], b: int, other: int) -> int:
        """Exchange b and other on the cycle; the change in the summed repeats."""
        change = 0
        for t in cycle:
            r, old = t // k, beta[t]
            new = other if old == b else b
            row = counts[r]
            change -= row[old] > 1
            row[old] -= 1
            change += row.get(new, 0) >= 1
            row[new] = row.get(new, 0) + 1
            beta[t] = new
        for t in cycle:
            meet[alpha[t]][beta[t]] = t
            in_pass[t // q][beta[t]] = t
        return change

    for tries in range(SEARCH_TRIES):
        if total == 0:
            return True
        if tries % 64 == 0 and deadline_passed(deadline):
            return False
        if tries % 16 == 0 or not excess[r]:
            r = rng.choice([t for t in range(rounds) if excess[t]])
        bad = [s for s in range(r * k, (r + 1) * k) if counts[r][beta[s]] > 1]
        s = rng.choice(bad)
        b = beta[s]
        members = range(half0) if position_class(s, q) == 0 else range(half0, q)
        other = rng.choice([v for v in members if v != b]) if len(members) > 1 else b
        if other == b:
            continue
        cycle = cycle_of(s, b, other)
        change = move(cycle, b, other)
        if change > 0:
            move(cycle, b, other)  # undo: an exchange undoes itself
            continue
        total += change
        for t in {t // k for t in cycle}:
            excess[t] = sum(c - 1 for c in counts[t].values() if c > 1)
    return total == 0


def mend_rounds(p: int, q: int, k: int, alpha: list[int], beta: list[int], deadline: float | None = None) -> bool:
    """Undo the repeats left in rounds (a player twice in one round) by exchanging whole games.  Two
    positions of the same parity inside the same A-pass and the same B-pass can exchange their games:
    both players of each keep their pass, the parity (so their colours and alternation) and their
    opponent, so only the rounds change.  An exchange is taken when it lowers the repeats of the two
    rounds it touches, so the total falls at every step.  True when no repeat is left (False too at
    ``deadline``)."""
    n = p * q

    def repeats(r: int) -> int:
        lo, hi = r * k, (r + 1) * k
        return 2 * k - len({alpha[s] for s in range(lo, hi)}) - len({beta[s] for s in range(lo, hi)})

    def offenders(r: int) -> list[int]:
        lo, hi = r * k, (r + 1) * k
        seen_a: dict[int, int] = {}
        seen_b: dict[int, int] = {}
        out = []
        for s in range(lo, hi):
            if alpha[s] in seen_a or beta[s] in seen_b:
                out += [s, seen_a.get(alpha[s], s), seen_b.get(beta[s], s)]
            seen_a.setdefault(alpha[s], s)
            seen_b.setdefault(beta[s], s)
        return list(dict.fromkeys(out))

    pending = [r for r in range(n // k) if repeats(r)]
    tries = 0
    while pending:
        if deadline_passed(deadline):
            return False
        r = pending[0]
        if not repeats(r):
            pending.pop(0)
            continue
        moved = False
        for s in offenders(r):
            lo = max(s - s % p, s - s % q)
            hi = min(s - s % p + p, s - s % q + q)
            for t in range(lo + (s - lo) % 2, hi, 2):
                other = t // k
                if other == r:
                    continue
                tries += 1
                if tries > MEND_TRIES:
                    return False
                before = repeats(r) + repeats(other)
                alpha[s], alpha[t] = alpha[t], alpha[s]
                beta[s], beta[t] = beta[t], beta[s]
                if repeats(r) + repeats(other) < before:
                    moved = True
                    if repeats(other) and other not in pending:
                        pending.append(other)
                    break
                alpha[s], alpha[t] = alpha[t], alpha[s]
                beta[s], beta[t] = beta[t], beta[s]
            if moved:
                break
        if not moved:
            return False
    return True


def mend_model(
    p: int, q: int, k: int, alpha: list[int], beta: list[int], deadline: float | None, work: float = MEND_WORK
) -> bool:
    """The exchanges of :func:`mend_rounds` decided all at once by a small CP-SAT model.  A *cell* is
    the positions of one parity in one A-pass and one B-pass; its games may be ordered in any way (each
    player keeps its pass, parity and opponent).  Only a round holding a pass boundary can repeat a
    player, so the model says which of each cell's games go to its positions in such rounds, every
    such round with each player at most once; the cell's other positions take the rest.  One worker,
    a work limit: the same answer on every machine.  True (and ``alpha``, ``beta`` rearranged) when it
    finds one; False at once after the deadline (building the model takes a few tenths of a second)."""
    if deadline_passed(deadline):
        return False
    n = p * q
    straddling = {b // k for b in range(1, n) if b % k and (b % p == 0 or b % q == 0)}
    cells: dict[tuple[int, int, int], list[int]] = {}
    for s in range(n):
        cells.setdefault((s // p, s // q, s % 2), []).append(s)
    model = cp_model.CpModel()
    chosen: dict[tuple[int, int], cp_model.IntVar] = {}  # (game = its position now, round) -> in that round
    per_round_a: dict[tuple[int, int], list[cp_model.IntVar]] = {}
    per_round_b: dict[tuple[int, int], list[cp_model.IntVar]] = {}
    plans: list[tuple[list[int], dict[int, int]]] = []
    for positions in cells.values():
        spots: dict[int, int] = {}
        for s in positions:
            if s // k in straddling:
                spots[s // k] = spots.get(s // k, 0) + 1
        if not spots:
            continue
        plans.append((positions, spots))
        for r, count in spots.items():
            lits = []
            for g in positions:
                x = model.new_bool_var(f"g{g}r{r}")
                chosen[g, r] = x
                lits.append(x)
                per_round_a.setdefault((r, alpha[g]), []).append(x)
                per_round_b.setdefault((r, beta[g]), []).append(x)
            model.add(sum(lits) == count)
        for g in positions:
            model.add_at_most_one([chosen[g, r] for r in spots])
    for lits in [*per_round_a.values(), *per_round_b.values()]:
        if len(lits) > 1:
            model.add_at_most_one(lits)
    solver = new_solver(workers=1, work=work)
    if deadline is not None:
        left = deadline - time.monotonic()
        if left <= 0.1:
            return False
        solver.parameters.max_time_in_seconds = left
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return False
    games = {g: (alpha[g], beta[g]) for positions, _spots in plans for g in positions}
    for positions, spots in plans:
        placed: dict[int, list[int]] = {r: [] for r in spots}
        rest: list[int] = []
        for g in positions:
            into = next((r for r in spots if solver.boolean_value(chosen[g, r])), None)
            (placed[into] if into is not None else rest).append(g)
        for s in positions:
            g = placed[s // k].pop() if placed.get(s // k) else rest.pop()
            alpha[s], beta[s] = games[g]
    return True
