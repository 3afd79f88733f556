"""The images of a design that reproduce the rounds already played, and among them the one keeping the
most requests.

An image (``solver/scale/start.py``: renumber each team after a variant of the design) reproduces the
played rounds when it sends every base game of those rounds onto the game played, colours included.
The games of the played rounds link the players into connected *parts*; where the image sends one
player of a part fixes where it sends every other (its opponents, theirs, and so on), so the images
reproducing the played rounds are exactly the choices of one *placement* a part (the images of the
part's players, checked against every played game), with no target player taken twice.

There are many: after 29 rounds of the direct construction for 88 boards the two parts have 44
placements each, and 1,936 images reproduce the played rounds.  They differ in the rounds still to
come, so an organiser's meet, avoid and colour requests there hold under a few of them only;
:func:`fit_played` chooses the placements by a small CP-SAT model (one Boolean a part and placement,
one target player taken once) that keeps as many of those requests as it can, each game of a played
round past the ones reproduced counting as one request too (after a deviation in the last played
round, the image should agree with it everywhere else).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scheveningen.models.cpsat.cpsolver import new_solver
from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import Match
from scheveningen.models.domain.schedule import Colour, Team
from scheveningen.solver.run import stop


@dataclass(frozen=True)
class Part:
    """A connected part of the played rounds in the base design: its A and B players (0-based) and
    every placement reproducing the played rounds on it, as the targets of those players in order."""

    a_players: tuple[int, ...]
    b_players: tuple[int, ...]
    placements: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]


def parts(base: Grid, target: Grid, rounds: int) -> list[Part] | None:
    """The parts of ``base``'s first ``rounds`` rounds with their placements onto ``target``'s; ``None``
    where a part has none (no image reproduces those rounds).  ``rounds`` must be at least 1."""
    n = base.n
    span = range(rounds)
    b_inv = [base.inverse(r) for r in span]
    t_inv = [target.inverse(r) for r in span]
    a_sig = [tuple(base.white[r][i] for r in span) for i in range(n)]
    t_sig = [tuple(target.white[r][a] for r in span) for a in range(n)]
    by_sig: dict[tuple[bool, ...], list[int]] = {}
    for a in range(n):
        by_sig.setdefault(t_sig[a], []).append(a)
    seen = [False] * n
    out: list[Part] = []
    for start in range(n):
        if seen[start]:
            continue
        # the part of base A player ``start``, in breadth-first order with each player's parent link
        order_a, order_b = [start], []
        links: list[tuple[bool, int, int, int]] = []  # (is an A player, player, parent, round)
        seen[start] = True
        b_seen: set[int] = set()
        head = 0
        while head < len(order_a):
            i = order_a[head]
            head += 1
            for r in span:
                j = base.opp[r][i]
                if j in b_seen:
                    continue
                b_seen.add(j)
                order_b.append(j)
                links.append((False, j, i, r))
                for s in span:
                    x = b_inv[s][j]
                    if not seen[x]:
                        seen[x] = True
                        order_a.append(x)
                        links.append((True, x, j, s))
        placements = []
        for a in by_sig.get(a_sig[start], []):
            placed = _place(base, target, t_inv, a_sig, t_sig, start, a, links, order_a, order_b, span)
            if placed is not None:
                placements.append(placed)
        if not placements:
            return None
        out.append(Part(tuple(order_a), tuple(order_b), tuple(placements)))
    return out


def _place(
    base: Grid,
    target: Grid,
    t_inv: list[list[int]],
    a_sig: list[tuple[bool, ...]],
    t_sig: list[tuple[bool, ...]],
    start: int,
    a: int,
    links: list[tuple[bool, int, int, int]],
    order_a: list[int],
    order_b: list[int],
    span: range,
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The placement sending base ``start`` to target ``a``, followed along ``links``, if it reproduces
    every game of the rounds ``span`` (pairings and colours) and takes no target twice."""
    a_map = {start: a}
    b_map: dict[int, int] = {}
    for is_a, x, parent, r in links:
        if is_a:
            a_map[x] = t_inv[r][b_map[parent]]
        else:
            b_map[x] = target.opp[r][a_map[parent]]
    if len(set(a_map.values())) != len(a_map) or len(set(b_map.values())) != len(b_map):
        return None
    for i in order_a:
        y = a_map[i]
        if a_sig[i] != t_sig[y]:
            return None
        for r in span:
            if b_map[base.opp[r][i]] != target.opp[r][y]:
                return None
    return tuple(a_map[i] for i in order_a), tuple(b_map[j] for j in order_b)


#: A request to keep: (A player, B player, round, whether A has White or None) for a meet or a
#: played game; avoids and colour wishes are kept as the match gives them.
_Game = tuple[int, int, int, bool | None]


def fit_played(
    base: Grid,
    target: Grid,
    rounds: int,
    match: Match,
    seconds: float,
    seed: int,
    workers: int,
    work: float | None,
    found: Sequence[Part] | None = None,
) -> tuple[list[int], list[int]] | None:
    """Renumberings (a_map, b_map) of ``base`` reproducing ``target``'s first ``rounds`` rounds exactly
    and keeping as many of ``match``'s meet, avoid and colour requests, and of the games of its played
    rounds after those, as possible; ``None`` when no image reproduces the rounds or none is found in
    ``seconds`` (``work``: CP-SAT's deterministic time).  ``found``: the parts, if already computed."""
    from ortools.sat.python import cp_model

    found = parts(base, target, rounds) if found is None else found
    if found is None:
        return None
    n = base.n
    games: list[_Game] = []
    for meet in match.meets:
        games.append((meet.a - 1, meet.b - 1, meet.round - 1, None if meet.white is None else meet.white is Team.A))
    for played in match.played:
        if played.round > rounds:
            games += [(g.a_player.number - 1, g.b_player.number - 1, played.round - 1, g.a_white) for g in played.games]
    model = cp_model.CpModel()
    # z[p][h]: part p takes its placement h.  who_a[a]: (part, placement, base A player) for each
    # placement sending a base A player to target a; who_b likewise; b_to[j, b]: the placements
    # sending base B player j to target b.
    z = [[model.new_bool_var(f"z[{p},{h}]") for h in range(len(part.placements))] for p, part in enumerate(found)]
    who_a: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    who_b: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    b_to: dict[tuple[int, int], list[tuple[int, int]]] = {}
    part_of_b = [0] * n
    for p, part in enumerate(found):
        model.add_exactly_one(z[p])
        for j in part.b_players:
            part_of_b[j] = p
        for h, (a_targets, b_targets) in enumerate(part.placements):
            for i, a in zip(part.a_players, a_targets, strict=True):
                who_a[a].append((p, h, i))
            for j, b in zip(part.b_players, b_targets, strict=True):
                who_b[b].append((p, h, j))
                b_to.setdefault((j, b), []).append((p, h))
    for taken in (*who_a, *who_b):
        model.add_exactly_one(z[p][h] for p, h, _player in taken)

    def sends(p: int, h: int, j: int, b: int) -> bool:
        """Whether placement h of part p (which holds base B player j) sends j to target b."""
        return (p, h) in b_to.get((j, b), [])

    kept: list[cp_model.IntVar] = []
    b_rows = base.colours()[1]
    for a, b, r, a_white in games:
        lit = model.new_bool_var(f"kept[{len(kept)}]")
        kept.append(lit)
        for p, h, i in who_a[a]:
            j = base.opp[r][i]
            if (a_white is not None and base.white[r][i] != a_white) or (part_of_b[j] == p and not sends(p, h, j, b)):
                model.add_bool_or([~lit, ~z[p][h]])
            elif part_of_b[j] != p:
                model.add_bool_or([~lit, ~z[p][h], *(z[q][g] for q, g in b_to.get((j, b), []))])
    for avoid in match.avoids:
        lit = model.new_bool_var(f"kept[{len(kept)}]")
        kept.append(lit)
        for p, h, i in who_a[avoid.a - 1]:
            for rr in avoid.rounds:
                j = base.opp[rr - 1][i]
                if part_of_b[j] == p:
                    if sends(p, h, j, avoid.b - 1):
                        model.add_bool_or([~lit, ~z[p][h]])
                else:
                    for q, g in b_to.get((j, avoid.b - 1), []):
                        model.add_bool_or([~lit, ~z[p][h], ~z[q][g]])
    for wish in match.colours:
        lit = model.new_bool_var(f"kept[{len(kept)}]")
        kept.append(lit)
        r, want = wish.round - 1, wish.colour is Colour.WHITE
        is_a = wish.player.team is Team.A
        for p, h, x in (who_a if is_a else who_b)[wish.player.number - 1]:
            if (base.white[r][x] if is_a else b_rows[x][r]) != want:
                model.add_bool_or([~lit, ~z[p][h]])
    if kept:
        model.maximize(sum(kept))
    solver = new_solver(workers=workers, seed=seed, seconds=max(seconds, 0.05), work=work)
    status = stop.solve(solver, model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    a_map, b_map = [-1] * n, [-1] * n
    for p, part in enumerate(found):
        h = next(h for h, lit in enumerate(z[p]) if solver.boolean_value(lit))
        a_targets, b_targets = part.placements[h]
        for i, a in zip(part.a_players, a_targets, strict=True):
            a_map[i] = a
        for j, b in zip(part.b_players, b_targets, strict=True):
            b_map[j] = b
    return a_map, b_map
