"""A start that already keeps an organiser's requests: the best known design, relabelled onto them.

With equal teams the plain match has a very good design at every size (the best known table or the
direct construction).  An organiser's requests are few and local, so usually some *image* of that design
keeps them all, and the image keeps the design's breaks.  The images used here are the compositions of

* **renumbering team A** by a permutation (player ``Ai`` becomes ``A sigma(i)`` and its games move to
  board ``sigma(i)``),
* **renumbering team B** by another permutation,
* **swapping the teams** (``Ai`` becomes ``Bi`` and ``Bj`` becomes ``Aj``, each keeping its colours),
* **reversing the colours** of every game,
* **reversing the round order** (round ``r`` becomes round ``R + 1 - r``).

*Each keeps rules 0-3 and every player's breaks.*  Rule 0 (each pair meets exactly once, everybody plays
once a round) speaks only of who meets whom in which round; a renumbering or a team swap is a bijection
of the players that maps pairs to pairs and keeps rounds, a colour reversal changes no pairing, and a
round reversal permutes whole rounds, so each maps a complete schedule to a complete one.  Rule 1 counts
a player's whites and blacks: renumbering and swapping move the count to another player unchanged,
reversing rounds keeps it, and reversing colours swaps whites and blacks, which keeps |W - B|.  Rule 2
and the breaks (rule 4) depend only on each player's colour sequence up to equality of neighbours:
renumbering and swapping carry the sequence to another player, reversing colours complements it and
reversing rounds reads it backwards, and neither changes which neighbours are equal, so every run
length and every player's break count is kept.  Rule 3 asks that team A has White on floor(n/2) or
ceil(n/2) boards in each round and that the totals differ by at most one: renumbering keeps each round's
set of A whites in number; swapping the teams and reversing colours each turn A's count c into n - c,
and the allowed range and the condition on the totals are symmetric under that; reversing rounds
permutes the rounds.  Compositions of such maps keep the rules too.

:func:`find_start` searches these images for one that keeps as many requests as possible: rounds already
played are matched by propagation (an image is fixed by where it sends one player of each connected part
of the played rounds, so each candidate is extended and checked at once), and meet, avoid and colour
requests by a small CP-SAT assignment model over the two renumberings (one Boolean a pair of players,
``x[i, a]``: base player ``Ai`` becomes ``Aa``).  With both, many images reproduce the played rounds
(1,936 after 29 rounds at 88 boards) and differ in the rounds to come, so the one keeping the most
requests is chosen among all of them (``solver/scale/placements.py``: one placement a connected part).
The schedules are handled as a :class:`Grid`, plain
lists indexed from 0, since the start and the search (``solver/scale/lns/``) touch every game many times.

When the last played round deviates from the design (two boards swapped opponents, two games played
with colours reversed), no image reproduces all the played rounds: :func:`fit_prefix` then fits the
rounds before it exactly and follows the deviating round wherever it does not contradict them, and
the repair (``solver/scale/lns/pairings.py``, ``repair_pairings``) re-pairs windows of later rounds around the
deviation with the image's colours kept for everybody but the few players it flipped.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass

from ortools.sat.python import cp_model

from scheveningen.models.constructions.equal import alternating, construct, half_blocks
from scheveningen.models.cpsat.cpsolver import new_solver
from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import Avoid, ColourWish, Match, Meet, PlayedRound, Request
from scheveningen.models.domain.schedule import Colour, Game, Team
from scheveningen.models.formats.tables import best, best_sizes
from scheveningen.solver.run import stop
from scheveningen.solver.scale.placements import fit_played

# --------------------------------------------------------------------------- the symmetries


@dataclass(frozen=True)
class Symmetry:
    """Swap the teams, reverse the colours and the rounds (in that order), then renumber:
    ``a_map[i]`` is the new number of what is then ``Ai`` (0-based), ``b_map`` likewise."""

    a_map: tuple[int, ...]
    b_map: tuple[int, ...]
    swap_teams: bool = False
    reverse_colours: bool = False
    reverse_rounds: bool = False

    def apply(self, grid: Grid) -> Grid:
        return renumber(
            variant(grid, self.swap_teams, self.reverse_colours, self.reverse_rounds), self.a_map, self.b_map
        )

    def describe(self) -> str:
        parts = ["renumber both teams"]
        parts += [
            name
            for flag, name in (
                (self.swap_teams, "swap the teams"),
                (self.reverse_colours, "reverse colours"),
                (self.reverse_rounds, "reverse the rounds"),
            )
            if flag
        ]
        return ", ".join(parts)


def variant(grid: Grid, swap_teams: bool, reverse_colours: bool, reverse_rounds: bool) -> Grid:
    """The grid with the teams swapped, the colours and the round order reversed, as asked."""
    opp = [list(row) for row in grid.opp]
    white = [list(row) for row in grid.white]
    if swap_teams:
        # Bj becomes Aj: its opponent is the old A player, and it keeps its own colour.
        opp, white = [], []
        for r in range(grid.rounds):
            inv = grid.inverse(r)
            opp.append(inv)
            white.append([not grid.white[r][inv[j]] for j in range(grid.n)])
    if reverse_colours:
        white = [[not w for w in row] for row in white]
    if reverse_rounds:
        opp.reverse()
        white.reverse()
    return Grid(opp, white)


def renumber(grid: Grid, a_map: tuple[int, ...] | list[int], b_map: tuple[int, ...] | list[int]) -> Grid:
    """Player ``Ai`` becomes ``A a_map[i]`` and ``Bj`` becomes ``B b_map[j]`` (0-based)."""
    n = grid.n
    opp = [[0] * n for _ in range(grid.rounds)]
    white = [[False] * n for _ in range(grid.rounds)]
    for r in range(grid.rounds):
        for i in range(n):
            opp[r][a_map[i]] = b_map[grid.opp[r][i]]
            white[r][a_map[i]] = grid.white[r][i]
    return Grid(opp, white)


VARIANTS = tuple(itertools.product((False, True), repeat=3))  # (swap teams, reverse colours, reverse rounds)

#: Renumberings of a grid's teams: (a_map, b_map).
Maps = tuple[list[int], list[int]]


# --------------------------------------------------------------------------- requests on a grid


def request_kept(request: Request, grid: Grid) -> bool:
    """Whether ``grid`` keeps one request (the verifier re-checks every schedule returned)."""
    if isinstance(request, Meet):
        r, a = request.round - 1, request.a - 1
        if grid.opp[r][a] != request.b - 1:
            return False
        return request.white is None or grid.white[r][a] == (request.white is Team.A)
    if isinstance(request, Avoid):
        return all(grid.opp[r - 1][request.a - 1] != request.b - 1 for r in request.rounds)
    if isinstance(request, ColourWish):
        return grid.colour_of(request.player, request.round - 1) is request.colour
    return all(game_kept(game, request.round - 1, grid) for game in request.games)


def game_kept(game: Game, r: int, grid: Grid) -> bool:
    a = game.a_player.number - 1
    return grid.opp[r][a] == game.b_player.number - 1 and grid.white[r][a] == game.a_white


def unkept(match: Match, grid: Grid, fitted: int = 0) -> list[Request]:
    """The requests ``grid`` does not keep; the first ``fitted`` played rounds are known to be kept
    (``fit_prefix`` reproduced them), so they are not checked again (seconds at 100 boards, double)."""
    requests: list[Request] = [p for p in match.played if p.round > fitted]
    requests += [*match.meets, *match.avoids, *match.colours]
    return [request for request in requests if not request_kept(request, grid)]


def score(match: Match, grid: Grid, fitted: int = 0) -> tuple[int, int]:
    """(requests other than played rounds kept, played games kept): higher is nearer.  ``fitted`` as
    for :func:`unkept`."""
    wishes: list[Request] = [*match.meets, *match.avoids, *match.colours]
    others = sum(request_kept(q, grid) for q in wishes)
    later = [p for p in match.played if p.round > fitted]
    games = match.boards * (len(match.played) - len(later))
    games += sum(game_kept(g, p.round - 1, grid) for p in later for g in p.games)
    return others, games


# --------------------------------------------------------------------------- bases


def bases(match: Match) -> list[tuple[str, Grid]]:
    """The designs to map from, fewest breaks first: the best known table, the direct construction and,
    without rule 3, the alternating schedule (without rule 1, half blocks for n = 2 mod 4); for a
    double round its construction (and without rule 3 the alternating double round)."""
    out: list[tuple[int, str, Grid]] = []
    n, double = match.boards, match.double
    kind = "double round" if double else "schedule"
    if n in best_sizes() and not double:
        grid = Grid.from_schedule(best(n))
        out.append((grid.breaks(), f"the best known design for {n} boards", grid))
    built = construct(n, double)
    if built is not None:
        grid = Grid.from_schedule(built)
        name = f"the direct construction for {n} boards" + (" (double round)" if double else "")
        out.append((grid.breaks(), name, grid))
    if not match.rules.board_balance:  # every player may alternate: no break at all
        grid = Grid.from_schedule(alternating(n, double))
        out.append((grid.breaks(), f"the alternating {kind} for {n} boards (rule 3 is off)", grid))
    if not match.rules.colour_balance and n % 4 == 2 and not double:  # n breaks, breaking only rule 1
        grid = Grid.from_schedule(half_blocks(n))
        out.append((grid.breaks(), f"the half-blocks schedule for {n} boards (rule 1 is off)", grid))
    out.sort(key=lambda item: item[0])
    return [(name, grid) for _b, name, grid in out]


# --------------------------------------------------------------------------- played rounds: propagation


def played_grid(played: tuple[PlayedRound, ...], n: int) -> Grid:
    """The rounds already played, as a grid of ``n`` boards."""
    return Grid.from_rounds([rnd.games for rnd in played], n)


def fit_prefix(
    base: Grid, target: Grid, rounds: int, soft: int | None = None, budget: int = 100_000
) -> Iterator[tuple[list[int], list[int]]]:
    """Renumberings (a_map, b_map) under which ``base``'s first ``rounds`` rounds are ``target``'s, exactly.

    A base player's image fixes the images of its opponents in those rounds, and theirs, so each
    connected part of the rounds is settled by one choice; candidates must have the same colours in
    those rounds.  Depth-first over the parts, at most ``budget`` steps in all.  Round ``soft`` (when
    given) is followed where it does not contradict the others: after a wrong pairing in the last
    played round, the image then agrees with it everywhere else.
    """
    n = base.n
    if any(sum(base.white[r]) != sum(target.white[r]) for r in range(rounds)):
        return
    base_inv = [base.inverse(r) for r in range(max(rounds, (soft or 0) + 1))]
    target_inv = [target.inverse(r) for r in range(max(rounds, (soft or 0) + 1))]
    a_sig = [tuple(base.white[r][i] for r in range(rounds)) for i in range(n)]
    t_sig = [tuple(target.white[r][a] for r in range(rounds)) for a in range(n)]
    by_sig: dict[tuple[bool, ...], list[int]] = {}
    for a in range(n):
        by_sig.setdefault(t_sig[a], []).append(a)
    a_map = [-1] * n
    b_map = [-1] * n
    a_used = [False] * n
    b_used = [False] * n
    steps = [0]

    def extend(i: int, a: int, trail: list[tuple[str, int]]) -> bool:
        """Send base Ai to target Aa and propagate; record assignments on ``trail``; False on conflict."""
        stack = [("A", i, a)]
        later: list[tuple[str, int, int]] = []  # what round ``soft`` suggests, tried when the rest is settled
        while stack or later:
            hard = bool(stack)
            team, x, y = stack.pop() if hard else later.pop(0)
            steps[0] += 1
            if team == "A":
                if a_map[x] == y:
                    continue
                if a_map[x] != -1 or a_used[y] or a_sig[x] != t_sig[y]:
                    if hard:
                        return False
                    continue
                a_map[x], a_used[y] = y, True
                trail.append(("A", x))
                for r in range(rounds):
                    stack.append(("B", base.opp[r][x], target.opp[r][y]))
                if soft is not None and base.white[soft][x] == target.white[soft][y]:
                    later.append(("B", base.opp[soft][x], target.opp[soft][y]))
            else:
                if b_map[x] == y:
                    continue
                if b_map[x] != -1 or b_used[y]:
                    if hard:
                        return False
                    continue
                b_map[x], b_used[y] = y, True
                trail.append(("B", x))
                for r in range(rounds):
                    stack.append(("A", base_inv[r][x], target_inv[r][y]))
                if soft is not None:
                    i, a = base_inv[soft][x], target_inv[soft][y]
                    if base.white[soft][i] == target.white[soft][a]:
                        later.append(("A", i, a))
        return True

    def undo(trail: list[tuple[str, int]]) -> None:
        for team, x in reversed(trail):
            if team == "A":
                a_used[a_map[x]] = False
                a_map[x] = -1
            else:
                b_used[b_map[x]] = False
                b_map[x] = -1

    def search(i: int) -> Iterator[tuple[list[int], list[int]]]:
        while i < n and a_map[i] != -1:
            i += 1
        if i == n:
            yield list(a_map), list(b_map)
            return
        for a in by_sig.get(a_sig[i], []):
            if a_used[a] or steps[0] > budget:
                continue
            trail: list[tuple[str, int]] = []
            if extend(i, a, trail):
                yield from search(i + 1)
            undo(trail)

    if rounds == 0:
        yield list(range(n)), list(range(n))
        return
    yield from search(0)


# --------------------------------------------------------------------------- requests: CP-SAT assignment


def fit_requests(
    base: Grid, match: Match, seconds: float, seed: int, workers: int, work: float | None, hard: bool = False
) -> tuple[list[int], list[int]] | None:
    """Renumberings of ``base`` keeping as many meet, avoid and colour requests as possible (CP-SAT).

    ``x[i, a]``: base ``Ai`` becomes ``Aa``; ``y[j, b]`` likewise for B.  A kept meeting of ``Aa`` and
    ``Bb`` in round r says: whichever base player becomes ``Aa``, its round-r opponent becomes ``Bb``,
    i.e. x[i, a] implies y[opp_r(i), b] for every i; an avoid forbids those, and a colour forbids the
    base players with the other colour in that round.  With ``hard``, only renumberings keeping every
    request are looked for.
    """
    n = base.n
    requests: list[Meet | Avoid | ColourWish] = [*match.meets, *match.avoids, *match.colours]
    # Only the players named in a request need a place; the others fill the remaining numbers.
    named_a, named_b = _named(requests, Team.A), _named(requests, Team.B)
    model = cp_model.CpModel()
    x = [{a: model.new_bool_var(f"x[{i},{a}]") for a in named_a} for i in range(n)]
    y = [{b: model.new_bool_var(f"y[{j},{b}]") for b in named_b} for j in range(n)]
    for var, named in ((x, named_a), (y, named_b)):
        for i in range(n):
            model.add_at_most_one(var[i].values())
        for a in named:
            model.add_exactly_one(var[i][a] for i in range(n))
    a_rows, b_rows = base.colours()
    kept: list[cp_model.IntVar] = []
    for request in requests:
        lit = model.new_bool_var(f"kept[{len(kept)}]")
        kept.append(lit)
        if isinstance(request, Meet):
            r, a, b = request.round - 1, request.a - 1, request.b - 1
            for i in range(n):
                model.add_bool_or([~lit, ~x[i][a], y[base.opp[r][i]][b]])
                if request.white is not None and base.white[r][i] != (request.white is Team.A):
                    model.add_bool_or([~lit, ~x[i][a]])
        elif isinstance(request, Avoid):
            a, b = request.a - 1, request.b - 1
            for rr in request.rounds:
                for i in range(n):
                    model.add_bool_or([~lit, ~x[i][a], ~y[base.opp[rr - 1][i]][b]])
        else:
            r, p = request.round - 1, request.player.number - 1
            want = request.colour is Colour.WHITE
            rows, var = (a_rows, x) if request.player.team is Team.A else (b_rows, y)
            for i in range(n):
                if rows[i][r] != want:
                    model.add_bool_or([~lit, ~var[i][p]])
    if not kept:
        return list(range(n)), list(range(n))
    for var, named in ((x, named_a), (y, named_b)):  # the identity as a hint
        for a in named:
            model.add_hint(var[a][a], True)
    solver = new_solver(workers=workers, seed=seed)
    # Propagation settles this model, where presolve's symmetry detection and probing took 0.9 s of
    # a 1 s fit at 100 boards (0.15 s without them; infeasible variants are proved as fast), and
    # a 10 s limit gives the start 2.5 s for up to eight fits.
    solver.parameters.symmetry_level = 0
    solver.parameters.cp_model_probing_level = 0
    # First every request kept (propagation is strongest then), on a short leash; else as many as possible.
    model.add_assumptions(kept)
    first = 1.0 if hard else 1 / 3
    solver.parameters.max_time_in_seconds = max(seconds * first, 0.05)
    if work is not None:
        solver.parameters.max_deterministic_time = work * first
    status = stop.solve(solver, model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE) and not hard:
        model.clear_assumptions()
        model.maximize(sum(kept))
        solver.parameters.max_time_in_seconds = max(seconds * 2 / 3, 0.05)
        if work is not None:
            solver.parameters.max_deterministic_time = work * 2 / 3
        status = stop.solve(solver, model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    maps = []
    for var, named in ((x, named_a), (y, named_b)):
        image = [-1] * n
        for i in range(n):
            for a in named:
                if solver.boolean_value(var[i][a]):
                    image[i] = a
        spare = iter(sorted(set(range(n)) - set(image)))
        maps.append([a if a != -1 else next(spare) for a in image])
    return maps[0], maps[1]


def _named(requests: list[Meet | Avoid | ColourWish], team: Team) -> list[int]:
    """The players of ``team`` the requests name, 0-based, in order."""
    named = {(q.a if team is Team.A else q.b) - 1 for q in requests if isinstance(q, (Meet, Avoid))}
    named |= {q.player.number - 1 for q in requests if isinstance(q, ColourWish) and q.player.team is team}
    return sorted(named)


# --------------------------------------------------------------------------- the start


@dataclass(frozen=True)
class Start:
    """An image of a known design, nearest to the requests found; ``missed`` lists what it does not keep."""

    grid: Grid
    base: str
    symmetry: Symmetry
    missed: tuple[Request, ...]
    played_rounds_fitted: int

    @property
    def exact(self) -> bool:
        return not self.missed


def find_start(
    match: Match,
    seconds: float,
    seed: int = 0,
    workers: int = 1,
    work: float | None = None,
    keep_all: bool = True,
) -> Start | None:
    """The image of the best known design (or the construction) that keeps the most requests.

    Played rounds first: the longest prefix of them some image reproduces exactly (all of them when
    the organiser played the design as printed, one fewer after a wrong pairing in the last one); among
    the images found that way, the one keeping the most other requests.  Without played rounds the
    CP-SAT assignment model places the meet, avoid and colour requests.  ``None`` when the match is
    not one this applies to (unequal teams, no design of that size).  ``keep_all``
    false says that no image can keep every request (their colours force a rule to break, which no
    image of a design does), so only as many as possible are looked for.
    """
    if not match.equal_teams:
        return None
    deadline = time.monotonic() + seconds
    k = len(match.played)
    target = played_grid(match.played, match.boards) if k else None
    if target is None:
        return _start_for_requests(match, deadline, seed, workers, work, keep_all)
    found = _starts_for_played(match, target, deadline, seed, workers, work)
    if not found:  # nothing placed in time: the best design as it is, to be repaired
        name, base = bases(match)[0]
        identity = tuple(range(match.boards))
        return Start(base, name, Symmetry(identity, identity), tuple(unkept(match, base)), 0)
    return max(found, key=lambda item: item[0])[1]


def _starts_for_played(
    match: Match, target: Grid, deadline: float, seed: int, workers: int, work: float | None
) -> list[tuple[tuple[int, int], Start]]:
    """Images reproducing the longest prefix of the played rounds, each with its rank: (rounds
    reproduced, requests kept, a game of a played round past those counting as one request).  Stops
    at the first image keeping everything, or at ``deadline``.

    Without meet, avoid and colour requests the first few images :func:`fit_prefix` finds on each
    variant of each base will do.  With them, the images reproducing the played rounds are many (1,936
    after 29 rounds at 88 boards) and differ in the rounds to come, so on each variant reproducing the
    most rounds the one keeping the most requests is chosen (:func:`fit_played`); the variants are
    fitted first, since a variant reproducing fewer rounds ranks below in any case.
    """
    k = len(match.played)
    fits: list[tuple[str, tuple[bool, ...], Grid, int, list[Maps]]] = []
    wishes = bool(match.meets or match.avoids or match.colours)
    found: list[tuple[tuple[int, int], Start]] = []

    def add(name: str, flags: tuple[bool, ...], image_base: Grid, length: int, maps: list[Maps]) -> bool:
        """The starts of ``maps`` ranked into ``found``; whether one keeps everything."""
        for a_map, b_map in maps:
            grid = renumber(image_base, a_map, b_map)
            missed = tuple(unkept(match, grid, length))
            start = Start(grid, name, Symmetry(tuple(a_map), tuple(b_map), *flags), missed, length)
            found.append(((length, sum(score(match, grid, length))), start))
        return any(s.exact for _rank, s in found)

    for name, base, flags in [(name, base, flags) for name, base in bases(match) for flags in VARIANTS]:
        image_base = variant(base, *flags)
        for length in sorted({k, k - 1, min(k, 2), 1} - {0}, reverse=True):
            soft = length if length < k else None
            steps = 20 * match.boards * (length + 1)
            maps = list(itertools.islice(fit_prefix(image_base, target, length, soft, steps), 16))
            if maps:
                break
        if maps and not wishes and add(name, flags, image_base, length, maps):
            return found
        if maps:
            fits.append((name, flags, image_base, length, maps))
        if time.monotonic() > deadline:
            break
    longest = max((fit[3] for fit in fits), default=0)
    chosen = [fit for fit in fits if fit[3] == longest] if wishes else []
    for index, (name, flags, image_base, length, maps) in enumerate(chosen):
        share = max((deadline - time.monotonic()) / (len(chosen) - index), 0.05)
        fit_work = None if work is None else work / 16
        placed = fit_played(image_base, target, length, match, share, seed, workers, fit_work)
        if add(name, flags, image_base, length, maps if placed is None else [placed, *maps]):
            break
        if time.monotonic() > deadline:
            break
    return found


#: Clauses of :func:`fit_requests` built per second, measured with 3,000 avoid requests on 100 boards
#: (about 100,000 a second on one core), halved for a loaded machine.
CLAUSES_PER_SECOND = 50_000

#: The order in which variants are tried for requests: the team swap first, since the constructions are
#: nearly symmetric under colour and round reversal already.
_REQUEST_VARIANTS = sorted(VARIANTS, key=lambda v: (v[1] or v[2], v[1] and v[2], v[0]))


def _start_for_requests(
    match: Match, deadline: float, seed: int, workers: int, work: float | None, keep_all: bool = True
) -> Start:
    """Meet, avoid and colour requests: an image keeping them all (a short try per variant), else the most
    (at once when ``keep_all`` is false: proving that no image keeps them all is a pigeonhole argument,
    slow for CP-SAT)."""
    tries = [(name, base, v) for name, base in bases(match) for v in _REQUEST_VARIANTS]
    best_start: tuple[int, Start] | None = None
    # The identity and the team swap are the likely images: a short try of each, a longer one, then
    # the other variants, all keeping every request; then as many requests as possible.
    passes = [(True, tries[:2], 0.25), (True, tries[:2], 0.4), (True, tries[2:], 0.0), (False, tries[:2], 0.5)]
    if not keep_all:
        if not match.meets and not match.avoids:  # colour wishes only: placed greedily, no solver
            return _greedy_colour_start(match, tries)
        passes = [(False, tries[:2], 0.5)]
    clauses = match.boards * (2 * len(match.meets) + sum(len(a.rounds) for a in match.avoids) + len(match.colours))
    for hard, group, fraction in passes:
        for index, (name, base, (swap, flip, back)) in enumerate(group):
            left = deadline - time.monotonic()
            # Building the assignment model is not interrupted by its time limit: with thousands of
            # requests one build takes seconds, so none is started that cannot end in the time left.
            if left <= 0 or clauses > left * CLAUSES_PER_SECOND:
                return _best_or_identity(match, best_start)
            share = left * fraction if fraction else left / (len(group) - index)
            image_base = variant(base, swap, flip, back)
            maps = fit_requests(
                image_base, match, max(share, 0.1), seed, workers, None if work is None else work / 16, hard
            )
            if maps is None:
                continue
            grid = renumber(image_base, *maps)
            start = Start(
                grid, name, Symmetry(tuple(maps[0]), tuple(maps[1]), swap, flip, back), tuple(unkept(match, grid)), 0
            )
            if best_start is None or len(start.missed) < best_start[0]:
                best_start = (len(start.missed), start)
            if start.exact:
                return start
    return _best_or_identity(match, best_start)


def _greedy_colour_start(match: Match, tries: list[tuple[str, Grid, tuple[bool, ...]]]) -> Start:
    """For colour wishes alone: on each base and variant, the players with the most wishes first, each
    renumbered onto the free base player whose colours keep most of its wishes (the lowest such
    number); the image keeping the most wishes.  Exact when the wishes are those of one player, or
    one a player; a start to repair otherwise."""
    n = match.boards
    wishes: dict[tuple[Team, int], list[tuple[int, bool]]] = {}
    for wish in match.colours:
        wishes.setdefault((wish.player.team, wish.player.number - 1), []).append(
            (wish.round - 1, wish.colour is Colour.WHITE)
        )
    order = sorted(wishes, key=lambda key: (-len(wishes[key]), key[0] is Team.B, key[1]))
    best_start: tuple[int, Start] | None = None
    for name, base, (swap, flip, back) in tries:
        image_base = variant(base, swap, flip, back)
        rows = dict(zip((Team.A, Team.B), image_base.colours(), strict=True))
        maps: dict[Team, list[int]] = {Team.A: [-1] * n, Team.B: [-1] * n}  # base player -> number
        for team, p in order:
            taken = maps[team]
            scores = [
                (sum(rows[team][i][r] is white for r, white in wishes[team, p]), -i) for i in range(n) if taken[i] == -1
            ]
            taken[-max(scores)[1]] = p
        for team in Team:
            spare = iter(sorted(set(range(n)) - set(maps[team])))
            maps[team] = [p if p != -1 else next(spare) for p in maps[team]]
        grid = renumber(image_base, maps[Team.A], maps[Team.B])
        start = Start(
            grid,
            name,
            Symmetry(tuple(maps[Team.A]), tuple(maps[Team.B]), swap, flip, back),
            tuple(unkept(match, grid)),
            0,
        )
        if best_start is None or len(start.missed) < best_start[0]:
            best_start = (len(start.missed), start)
    return _best_or_identity(match, best_start)


def _best_or_identity(match: Match, best_start: tuple[int, Start] | None) -> Start:
    """The start keeping the most requests found, else the first base as it is (the repair takes over)."""
    if best_start is not None:
        return best_start[1]
    name, base = bases(match)[0]
    identity = tuple(range(match.boards))
    return Start(base, name, Symmetry(identity, identity), tuple(unkept(match, base)), 0)
