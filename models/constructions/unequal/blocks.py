"""Blocks of copies of a smaller match, team B playing every round (:func:`blocks_of_copies`): g
blocks of p/g rounds, in each of which the g groups of p/g A players meet the g groups of k/g B
players side by side, each pair of groups playing a copy of one small match p/g against k/g, whose
team B alternates.  ``full_side.blocks_schedule`` builds the small match and calls it.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import networkx as nx

from scheveningen.models.domain.schedule import Schedule
from scheveningen.models.domain.symmetry import reverse_colours


def blocks_of_copies(p: int, k: int, g: int, base: Schedule) -> Schedule | None:
    """p against k, team B playing every round, from ``base``, a small match p/g against k/g whose
    team B plays every round (g > 1 dividing both): g blocks of p/g rounds, in each of which the g
    groups of p/g A players meet the g groups of k/g B players side by side, each group pairing a
    copy of ``base``; ``None`` when team B of ``base`` does not alternate, or an A group's rows
    cannot be dealt keeping rules 1 and 2 (for even k this happens when p/g and k/g are odd: each A
    group then gets the same copy in every block, and its rows' Whites cannot even out).

    In block b, A group i meets B group (i + b) mod g (a cyclic Latin square), so every pair meets
    once and team B plays every round.  Each copy keeps its A players' sit-outs in turn inside the
    block, and at a block's end every A player has sat out the same number of rounds, so sit-outs go
    in turn over the match.  Team B's players alternate perfectly across blocks: a B group's players
    White in the block's first round are fixed by the global alternation, and the copy is the small
    match or its colour reversal, whichever has that many B players White in its first round.  With k
    odd the small match has (k/g - 1)/2 or (k/g + 1)/2 of them; (g - 1)/2 groups take the larger
    count, so every round team A has (k - 1)/2 or (k + 1)/2 Whites and the match's totals differ by at
    most one (rule 3).  Which A player of a group takes which row of its copy is chosen block by block
    by a small assignment model: rule 2 across the blocks' junctions, every player's Whites within
    one of half its games after every block (rule 1 at the end), and the fewest breaks at junctions.
    A copy's rows keep their own breaks.
    """
    small_p, small_k = p // g, k // g
    if (base.team_a, base.team_b, base.boards) != (small_p, small_k, small_k) or small_p * g != p or small_k * g != k:
        raise ValueError(f"blocks of {g} copies of {base.team_a} against {base.team_b} do not make {p} against {k}")
    copies = [_block_copy(base), _block_copy(reverse_colours(base))]
    if any(copy is None for copy in copies):
        return None
    # B group j's players White in the match's first round: floor(small_k/2), and one more in the first
    # `larger` groups, so that team B has floor(k/2) in all.
    larger = k // 2 - g * (small_k // 2)
    starts_white = [set(range(j * small_k, j * small_k + small_k // 2 + (j < larger))) for j in range(g)]
    state: list[list[bool]] = [[] for _ in range(p)]  # each A player's colours so far
    pairings: list[list[tuple[int, int, bool]]] = [[] for _ in range(p)]
    for block in range(g):
        offset = block * small_p
        for i in range(g):
            j = (i + block) % g
            group_b = range(j * small_k, (j + 1) * small_k)
            white_now = sorted(b for b in group_b if (b in starts_white[j]) == (offset % 2 == 0))
            copy = next(c for c in copies if c is not None and len(c.b_white_first) == len(white_now))
            black_now = sorted(b for b in group_b if b not in white_now)
            b_map = dict(zip(copy.b_white_first, white_now, strict=True)) | dict(
                zip(copy.b_black_first, black_now, strict=True)
            )
            rows = _deal_rows(copy, state[i * small_p : (i + 1) * small_p], final=block == g - 1)
            if rows is None:
                return None
            for x, row in enumerate(rows):
                a = i * small_p + x
                for t, b, a_white in copy.rows[row]:
                    pairings[offset + t].append((a + 1, b_map[b] + 1, a_white))
                    state[a].append(a_white)
    ordered = [sorted(games) for games in pairings]
    return Schedule.from_pairings(ordered, team_a=p, team_b=k)


@dataclass(frozen=True)
class _Copy:
    """A small match as :func:`blocks_schedule` deals it: each A row's games as (round, B player from
    0, A White), and its B players (from 0) White, and Black, in its first round."""

    rows: list[list[tuple[int, int, bool]]]
    b_white_first: list[int]
    b_black_first: list[int]


def _block_copy(schedule: Schedule) -> _Copy | None:
    """The small match as a :class:`_Copy`; ``None`` unless every B player plays every round and
    alternates."""
    rows: list[list[tuple[int, int, bool]]] = [[] for _ in range(schedule.team_a)]
    b_colours: dict[int, list[bool]] = {}
    for r, games in enumerate(schedule.rounds):
        for game in games:
            a, b = game.a_player.number - 1, game.b_player.number - 1
            rows[a].append((r, b, game.a_white))
            b_colours.setdefault(b, []).append(not game.a_white)
    if any(len(c) != schedule.n_rounds or any(x == y for x, y in itertools.pairwise(c)) for c in b_colours.values()):
        return None
    white = sorted(b for b, c in b_colours.items() if c[0])
    return _Copy(rows, white, sorted(b for b in b_colours if b not in white))


def _deal_rows(copy: _Copy, before: list[list[bool]], final: bool) -> list[int] | None:
    """Which row of ``copy`` each A player of one group takes in one block of :func:`blocks_schedule`
    (``before``: the players' colours so far); ``None`` if no assignment keeps rule 2 and every
    player's Whites within one of half its games (in the ``final`` block: Whites and Blacks within
    one of each other, rule 1).

    A maximum-weight perfect matching (Edmonds, over integer nodes: the same in every process) of
    players and rows over the pairs that keep both, a break at the junction weighing less."""
    size = len(before)
    graph = nx.Graph()
    graph.add_nodes_from(range(2 * size))
    for x, mine in enumerate(before):
        whites, games = sum(mine), len(mine)
        for row, played in enumerate(copy.rows):
            colours = [w for _t, _b, w in played]
            joined = mine[-2:] + colours[:2]
            if any(u == v == w for u, v, w in zip(joined, joined[1:], joined[2:], strict=False)):
                continue  # three of one colour running across the junction (rule 2)
            if abs(2 * (whites + sum(colours)) - games - len(colours)) > (1 if final else 2):
                continue  # rule 1 could no longer hold at the end, or does not
            graph.add_edge(x, size + row, weight=1 if mine and mine[-1] == colours[0] else 2)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if len(matching) < size:
        return None
    rows = [0] * size
    for u, v in matching:
        x, row = min(u, v), max(u, v) - size
        rows[x] = row
    return rows
