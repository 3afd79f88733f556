"""The sit-outs of pairs and one group of A players in closed form, in *passes*
(:func:`pass_pattern`), for ``grouped.grouped_schedule`` and ``odd_k.odd_k_schedule``.

Pairs of A players sit out together, each sit-out in turn, and every row (a pair, or a member of the
group) sits out a number of even rounds (from 0) of the parity its construction needs: found by
laying the sit-outs out in passes and repairing the parities by swaps inside a pass, no solver.
"""

from __future__ import annotations

import time

from scheveningen.models.constructions.unequal.helpers import DEADLINE

#: ``grouped_schedule`` and ``odd_k_schedule`` try the pass pattern for this many group sizes (of one
#: parity) from the smallest.
PASS_GROUP_SIZES = 12


def pass_pattern(
    p: int, k: int, g: int, parity: bool = True, targets: tuple[list[int], list[int]] | None = None
) -> list[list[bool]] | None:
    """The sit-outs of :func:`grouped_schedule` in closed form with a repair, no solver: ``plays[row]
    [round]`` for the (p - g)/2 pairs, then the g group members; ``None`` if the repair gets stuck.

    Lay the p*m sit-outs (m = p - k) out in one sequence, m a round, in m *passes* of p places each,
    and let every row take one place (a pair two next to each other in one round) in every pass:
    whatever the order inside a pass, a row's j-th sit-out then falls in the j-th pass, so after
    every round teammates' counts differ by at most one (in turn).  A pass cuts the rounds it meets
    into *chunks*; a chunk of odd size holds an odd number of group members, the rest go in twos,
    and pairs fill what is left.  Rows first take their places in the same order in every pass.
    What is left is the parity :func:`grouped_schedule` needs: every row sits out a number of even
    rounds (from 0) of the parity of (p + 1)/2.  Swapping two rows of one kind inside a pass, where
    they sit out rounds of different parity, changes both rows' parities, so the rows whose parity is
    wrong are fixed two at a time along shortest chains of such swaps (:func:`_parity_repair`); an odd
    number of wrong pairs first trades places with two group members of one round.  The group's
    wrong rows are even in number (the count of sit-outs in even rounds fixes their sum), so the
    repair always has partners; it can only fail by finding no chain.
    """
    m, pairs = p - k, (p - g) // 2
    want = (p + 1) // 2 % 2
    pair_round: list[list[int]] = []  # [pass][place]: the round of each pair's place
    member_round: list[list[int]] = []
    for j in range(m):
        chunks: list[tuple[int, int]] = []  # (round, size)
        place = j * p
        while place < (j + 1) * p:
            r = place // m
            end = min((r + 1) * m, (j + 1) * p)
            chunks.append((r, end - place))
            place = end
        members = [size % 2 for _r, size in chunks]
        extra = g - sum(members)
        if extra < 0:
            return None
        # The other members go in twos, the roomiest chunk first, round and round.
        by_room = sorted(range(len(chunks)), key=lambda c: (members[c] - chunks[c][1], c))
        while extra:
            roomy = [c for c in by_room if chunks[c][1] - members[c] >= 2]
            if not roomy:
                return None
            for c in roomy[: extra // 2]:
                members[c] += 2
                extra -= 2
        pair_round.append([r for (r, size), n in zip(chunks, members, strict=True) for _ in range((size - n) // 2)])
        member_round.append([r for (r, _size), n in zip(chunks, members, strict=True) for _ in range(n)])
    pair_rows = [list(range(pairs)) for _ in range(m)]  # [pass][place]: the row there
    member_rows = [list(range(g)) for _ in range(m)]
    # ``targets``: each pair's and each member's sit-outs in even rounds mod 2, if not all ``want``.
    pair_want, member_want = targets or ([want] * pairs, [want] * g)
    wrong = _parity_repair(pair_rows, pair_round, pair_want) if parity else []
    if wrong is None:
        return None
    if wrong and not _trade_with_members(wrong[0], (pair_rows, pair_round), (member_rows, member_round)):
        return None
    if parity and _parity_repair(member_rows, member_round, member_want) != []:
        return None
    plays = [[True] * p for _ in range(pairs + g)]
    for offset, rows_at, round_at in ((0, pair_rows, pair_round), (pairs, member_rows, member_round)):
        for at, rounds in zip(rows_at, round_at, strict=True):
            for row, r in zip(at, rounds, strict=True):
                plays[offset + row][r] = False
    return plays


def _sit_outs_by_row(rows_at: list[list[int]], round_at: list[list[int]]) -> list[list[int]]:
    """``[row][pass]``: the round a row sits out in each pass."""
    out = [[0] * len(rows_at) for _ in rows_at[0]]
    for j, (at, rounds) in enumerate(zip(rows_at, round_at, strict=True)):
        for row, r in zip(at, rounds, strict=True):
            out[row][j] = r
    return out


def _parity_repair(rows_at: list[list[int]], round_at: list[list[int]], want: list[int]) -> list[int] | None:
    """Swap rows inside passes (in place) until each row sits out ``want[row]`` mod 2 even rounds, two rows
    at a time; the rows still wrong (at most one unless stuck), or ``None`` when the repair ran long.

    A chain c -> x1 -> ... -> t of swaps, each inside one pass between rows sitting out rounds of
    different parity, changes the parity of c and t only; two swaps in a row in the same pass would
    undo each other's change, so the search forbids that.  A swap never makes a row sit out a round
    twice (rounds a pass shares with the next)."""
    passes = len(rows_at)
    sits = _sit_outs_by_row(rows_at, round_at)
    n = len(sits)
    place = [{row: i for i, row in enumerate(at)} for at in rows_at]
    wrong = {row for row in range(n) if sum(1 for r in sits[row] if r % 2 == 0) % 2 != want[row]}

    def can_swap(u: int, v: int, j: int) -> bool:
        ru, rv = sits[u][j], sits[v][j]
        return (ru - rv) % 2 == 1 and rv not in sits[u] and ru not in sits[v]

    deadline = DEADLINE.get()
    for _ in range(4 * n + 10):
        if len(wrong) < 2:
            return sorted(wrong)
        if deadline is not None and time.monotonic() >= deadline:
            return None
        start = min(wrong)
        # Breadth first over (row, the pass of the swap that reached it).
        came: dict[tuple[int, int], tuple[int, int] | None] = {(start, -1): None}
        queue = [(start, -1)]
        found: tuple[int, int] | None = None
        for u, last in queue:
            for v in range(n):
                for j in range(passes):
                    if j != last and v != start and (v, j) not in came and can_swap(u, v, j):
                        came[v, j] = (u, last)
                        queue.append((v, j))
                        if v in wrong:
                            found = (v, j)
                            break
                if found:
                    break
            if found:
                break
        if found is None:
            return sorted(wrong)
        chain: list[tuple[int, int, int]] = []
        state: tuple[int, int] | None = found
        while state is not None and came[state] is not None:
            before = came[state]
            assert before is not None
            chain.append((before[0], state[0], state[1]))
            state = before
        if len({u for u, _v, _j in chain}) < len(chain):
            return sorted(wrong)  # the chain meets itself: not a plain swap sequence
        for u, v, j in reversed(chain):
            if not can_swap(u, v, j):
                break  # an earlier swap of the chain changed this one: search again
            pu, pv = place[j][u], place[j][v]
            rows_at[j][pu], rows_at[j][pv] = v, u
            place[j][u], place[j][v] = pv, pu
            sits[u][j], sits[v][j] = sits[v][j], sits[u][j]
            wrong ^= {u, v}
    return None


def _trade_with_members(
    pair: int, pairs: tuple[list[list[int]], list[list[int]]], members: tuple[list[list[int]], list[list[int]]]
) -> bool:
    """Move ``pair``'s place in one pass to a round of the other parity, where two group members sit
    out together, and the two members to the pair's round (in place); ``False`` if none fits."""
    (pair_rows, pair_round), (member_rows, member_round) = pairs, members
    pair_sits = _sit_outs_by_row(pair_rows, pair_round)[pair]
    member_sits = _sit_outs_by_row(member_rows, member_round)
    for j, (at, rounds) in enumerate(zip(pair_rows, pair_round, strict=True)):
        mine = rounds[at.index(pair)]
        for r in sorted(set(member_round[j])):
            both = [i for i, rr in enumerate(member_round[j]) if rr == r][:2]
            if (r - mine) % 2 == 0 or len(both) < 2 or r in pair_sits:
                continue
            if any(mine in member_sits[member_rows[j][i]] for i in both):
                continue
            rounds[at.index(pair)] = r
            for i in both:
                member_round[j][i] = mine
            return True
    return False
