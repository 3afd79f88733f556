"""Direct constructions for teams of unequal size: p against q players on k boards.

A match of teams of p (team A) and q (team B) players on k boards, k <= min(p, q) and
k dividing p*q, plays p*q/k rounds; players sit out in turn (after every round the
numbers of rounds teammates have sat out differ by at most one), and colours, runs and
breaks count the games a player actually plays (docs/guide.md, "Unequal teams").  The
full CP-SAT model has p*q*(p*q/k) meeting variables and stops finding anything past a
couple of dozen players; the constructions here work at every size up to 100 a side.

**One team plays every round** (q = k < p, or p = k < q with the teams swapped,
:func:`full_side_schedule`), built *phases first* as the equal-team constructions are:

* team B's k players all alternate perfectly, never break: the first floor(k/2) ("X")
  have White in odd rounds, the others ("Y") in even rounds, so team B, and so team A,
  has floor(k/2) or ceil(k/2) Whites in every round, and over the match the teams'
  Whites differ by at most one (rule 3);
* team A sits out in turn by a rotation: in round r (from 0) the A players r*k .. r*k+k-1
  (mod p) play, so after every round each has played floor or ceil of its share;
* every game of an A player gets a *class*, X or Y, the class of its opponent; A's
  colour in that game is then fixed (opposite to the opponent's), and a small CP-SAT
  model over these classes alone (p*k Booleans) chooses them so that each round has
  exactly |X| games against X and each A player exactly |X| games against X, keeping
  rules 1 and 2 for team A and with the fewest breaks;
* the games against X then form an |X|-regular bipartite graph between A players and
  rounds, which splits into |X| perfect matchings (Koenig); matching i is B player i's
  games, so it meets every A player once, one a round.  Likewise for Y.  So every pair
  meets exactly once (rule 0), and all breaks are team A's.

**Both teams sit out** (:func:`rotation_schedule`): the games are laid out in one
sequence of p*q positions, k a round; position s seats A player s mod p against B player
(s + floor(s/L)) mod q, L = lcm(p, q).  By the Chinese remainder theorem each block of L
positions pairs A and B players whose difference is fixed mod gcd(p, q), and the shift
of one each block runs through every difference, so every pair meets exactly once; a
round's k positions hold k different players of each team (k < q, or the rounds align
with the blocks when k = q); and both teams sit out in turn because each walks round
its players cyclically (team B skipping one player a block, a different one each time).
The colours are chosen by a colour-only CP-SAT model over the fixed pairings (p*q
Booleans), rules 1-3 hard, fewest breaks, started from the colouring that alternates
along the positions.

Both models run on one worker with a deterministic work limit, so a construction is
the same on every run and every machine; when no colouring keeping rules 1-3 is found
within it, there is no construction (``None``) and the designer searches as before.
A double round is the single round followed by its mirror (:func:`mirrored_double`).
"""

from __future__ import annotations

import contextvars
import itertools
import math
import time
from dataclasses import dataclass

import networkx as nx
from ortools.sat.python import cp_model
from ortools.sat.python.cp_model_helper import Literal as BoolLit

from scheveningen.models.constructions import mirrored_double
from scheveningen.models.schedule import Game, Player, Schedule, Team
from scheveningen.models.symmetry import swap_teams

#: CP-SAT's deterministic time for the small models, per 500 cells (and once more): the same
#: result on every machine when it, not the clock, stops the search.
WORK_LIMIT = 0.5
#: A wall-clock safety net only; the work limit stops the search first.
WALL_LIMIT = 8.0


@dataclass(frozen=True)
class UnequalSize:
    """Teams of ``size_a`` and ``size_b`` players on ``boards`` boards (validated)."""

    size_a: int
    size_b: int
    boards: int

    def __post_init__(self) -> None:
        if self.boards < 1 or min(self.size_a, self.size_b) < self.boards:
            raise ValueError(
                f"{self.boards} boards need at least {self.boards} players a team, got {self.size_a} and {self.size_b}"
            )
        if (self.size_a * self.size_b) % self.boards:
            raise ValueError(
                f"{self.size_a} against {self.size_b} on {self.boards} boards is not a whole number of rounds"
            )

    @property
    def rounds(self) -> int:
        return self.size_a * self.size_b // self.boards


def rotation_plays(size: int, boards: int, rounds: int) -> list[list[bool]]:
    """``plays[player][round]`` (from 0): in round r the players r*k .. r*k+k-1 (mod size) play.

    After t rounds the rotation has dealt t*k games round the circle of players, so each
    player has played floor or ceil of t*k/size: sit-outs go in turn.
    """
    plays = [[False] * rounds for _ in range(size)]
    for r in range(rounds):
        for j in range(boards):
            plays[(r * boards + j) % size][r] = True
    return plays


#: The wall-clock deadline (time.monotonic) of the construction under way, if the caller set one.
_DEADLINE: contextvars.ContextVar[float | None] = contextvars.ContextVar("unequal_deadline", default=None)


def _solver(size: int = 0) -> cp_model.CpSolver:
    """One worker, seed 0, a work limit growing with the model's ``size`` (its cells), capped by the
    wall limit and by the construction's deadline."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.max_deterministic_time = WORK_LIMIT * (1 + size / 500)
    deadline = _DEADLINE.get()
    left = WALL_LIMIT if deadline is None else min(WALL_LIMIT, deadline - time.monotonic())
    solver.parameters.max_time_in_seconds = max(left, 0.01)
    return solver


def _add_break_literals(model: cp_model.CpModel, whites: list[BoolLit], name: str) -> list[cp_model.IntVar]:
    """A literal per pair of consecutive games, true when both have the same colour; and rule 2:
    no two breaks in a row (no three games of one colour running)."""
    breaks = []
    for i, (x, y) in enumerate(itertools.pairwise(whites)):
        brk = model.new_bool_var(f"break[{name},g{i + 1}]")
        model.add_bool_or([x, y, brk])
        model.add_bool_or([~x, ~y, brk])
        model.add_bool_or([~brk, x, ~y])
        model.add_bool_or([~brk, ~x, y])
        breaks.append(brk)
    for first, second in itertools.pairwise(breaks):
        model.add_bool_or([~first, ~second])
    return breaks


def full_side_schedule(size_a: int, boards: int) -> Schedule | None:
    """Team A of ``size_a`` players against team B of ``boards`` players, who play every round.

    See the module docstring: the classes come from :func:`paired_classes` in closed form
    where it applies, otherwise from the class model; ``None`` when that finds no
    assignment keeping rules 1 and 2 for team A within its work limit.
    """
    p, k = size_a, boards
    if p <= k:
        raise ValueError(f"full_side_schedule needs more A players than boards, got {p} on {k}")
    found = paired_classes(p, k)
    if found is None and k % 2 and k >= 3 and paired_classes(p, k - 1) is not None:
        base = full_side_schedule(p, k - 1)
        extended = with_extra_b(base) if base is not None else None
        if extended is not None:
            return extended
    if found is None:
        # The class model, over the rotation (odd k) or sit-outs that make the count possible (even k).
        pattern = even_pattern(p, k) if k % 2 == 0 else rotation_plays(p, k, p)
        found = _solve_classes(p, k, pattern) if pattern is not None else None
    if found is None:
        return None
    plays, meets_x = found
    rounds, x_size = p, k // 2
    opponent: dict[tuple[int, int], int] = {}
    for wanted, first, count in ((True, 0, x_size), (False, x_size, k - x_size)):
        cells = [(a, r) for (a, r), value in meets_x.items() if value == wanted]
        for number, matching in enumerate(_perfect_matchings(cells, count)):
            for a, r in matching:
                opponent[a, r] = first + number
    pairings = []
    for r in range(rounds):
        row = []
        for a in range(p):
            if plays[a][r]:
                b = opponent[a, r]
                b_white = (b < x_size) == (r % 2 == 0)
                row.append((a + 1, b + 1, not b_white))
        pairings.append(row)
    return Schedule.from_pairings(pairings, team_a=p, team_b=k)


def with_extra_b(base: Schedule) -> Schedule | None:
    """Add a B player who plays every round to a match whose team B already does; ``None`` if no fit.

    ``base`` has p A players against k - 1 B players on k - 1 boards, with the same number
    of A Whites in every round (so (k - 1) / 2 of them; :func:`paired_classes` gives that).
    The new player B_k alternates perfectly and meets, in each round, one A player sitting
    out that round in ``base``: each A player exactly once, chosen by a small CP-SAT model
    (an assignment of rounds to A players) so that sit-outs still go in turn, no A player
    gets three games of one colour running, and the fewest breaks are added: inserting a
    game between two of a player's games of different colours adds one break, at either
    end of its games none.  Rules: each A player now has k - 1 balanced games plus one (rule
    1); A has (k - 1)/2 Whites a round plus its player against B_k, who alternates, so
    floor(k/2) or ceil(k/2), and over the match the totals differ by at most one (rule 3).
    """
    p, k, rounds = base.team_a, base.boards + 1, base.n_rounds
    if base.team_b != base.boards or rounds != p:
        raise ValueError("with_extra_b needs a base whose team B plays every round")
    colours: dict[int, dict[int, bool]] = {a: {} for a in range(1, p + 1)}  # A player -> round -> White
    for r, games in enumerate(base.rounds):
        for game in games:
            colours[game.a_player.number][r] = game.a_white
    best: tuple[int, dict[int, int], int] | None = None
    for phase in (0, 1):
        # B_k has White in rounds r with r + phase even; its opponent the other colour.
        a_white = {r: (r + phase) % 2 == 1 for r in range(rounds)}
        cost: dict[tuple[int, int], int] = {}
        for a, mine in colours.items():
            before = _sequence_breaks(mine)
            for r in range(rounds):
                if r in mine:
                    continue
                after = _sequence_breaks({**mine, r: a_white[r]})
                if after is not None and before is not None:
                    cost[r, a] = after - before
        chosen = _assign_rounds(cost, base, k)
        if chosen is not None:
            total = sum(cost[r, a] for r, a in chosen.items())
            if best is None or total < best[0]:
                best = (total, chosen, phase)
    if best is None:
        return None
    _total, chosen, phase = best
    new_rounds = []
    for r, games in enumerate(base.rounds):
        mate, new = Player(Team.A, chosen[r]), Player(Team.B, k)
        extra = Game(mate, new) if (r + phase) % 2 == 1 else Game(new, mate)
        new_rounds.append(tuple(sorted([*games, extra], key=lambda g: g.a_player.number)))
    return Schedule(k, tuple(new_rounds), p, k)


def _sequence_breaks(colours: dict[int, bool]) -> int | None:
    """Breaks of a colour sequence given by round, or ``None`` when three run (rule 2)."""
    seq = [colours[r] for r in sorted(colours)]
    breaks = sum(1 for x, y in itertools.pairwise(seq) if x == y)
    if any(x == y == z for x, y, z in zip(seq, seq[1:], seq[2:], strict=False)):
        return None
    return breaks


def _assign_rounds(cost: dict[tuple[int, int], int], base: Schedule, k: int) -> dict[int, int] | None:
    """Round -> A player for the new B player: a bijection over the allowed cells, sit-outs in turn."""
    p, rounds = base.team_a, base.n_rounds
    model = cp_model.CpModel()
    y = {cell: model.new_bool_var(f"meets_new[r{cell[0] + 1},A{cell[1]}]") for cell in cost}
    for r in range(rounds):
        model.add_exactly_one([v for (rr, _a), v in y.items() if rr == r])
    for a in range(1, p + 1):
        model.add_exactly_one([v for (_r, aa), v in y.items() if aa == a])
    played = dict.fromkeys(range(1, p + 1), 0)
    for t, games in enumerate(base.rounds, start=1):
        for game in games:
            played[game.a_player.number] += 1
        low, high = t * k // p, -(-t * k // p)
        for a in range(1, p + 1):
            extra = [v for (r, aa), v in y.items() if aa == a and r < t]
            model.add_linear_constraint(sum(extra), low - played[a], high - played[a])
    model.minimize(sum(cost[cell] * v for cell, v in y.items()))
    solver = _solver(len(y))
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return {r: a for (r, a), v in y.items() if solver.boolean_value(v)}


Classes = tuple[list[list[bool]], dict[tuple[int, int], bool]]


def paired_classes(p: int, k: int) -> Classes | None:
    """Closed-form classes for even p and k with p = 0 mod 4 or k = 0 mod 4; ``None`` otherwise.

    The A players go in pairs (A1, A2), (A3, A4), ... that sit out together, by the
    rotation of :func:`rotation_plays` over the p/2 pairs with k/2 pairs a round, so
    sit-outs go in turn.  The second of a pair always meets the class the first does not,
    so every round has exactly k/2 games against X, and the two have opposite colours
    in every game: the same breaks and runs.  What is left is one sequence of k colours
    for each pair's first player, with k/2 Whites (rule 1) and k/2 games against X.

    A game against X has White exactly when played in an odd round (from 0), so the
    games against X number (games whose colour differs from [round even]) and, mod 2,
    k/2 + (games in even rounds).  The pair's rounds repeat after p/2 rounds (k/2 * p/2
    games deal the circle of pairs k/2 times), so when p/2 is even the games in even
    rounds come in twos, and when p/2 is odd exactly half of the k games are in even
    rounds: either way an even number when p = 0 mod 4 or k = 0 mod 4, which is what the
    count needs.  Start from the perfect alternator (no break) whose count is nearer
    k/2; in a stretch of consecutive rounds its class is constant, so reversing the
    colours of an even run of L games inside a stretch of the other class moves the count
    by L, keeps rule 1, and costs two breaks (one at either end of the sequence), never
    adjacent as L >= 2.  Runs are taken greedily, longest stretch first.
    """
    if p % 2 or k % 2 or (p % 4 and k % 4):
        return None
    half_p, half_k, rounds = p // 2, k // 2, p
    unit_plays = rotation_plays(half_p, half_k, rounds)
    plays = [unit_plays[a // 2] for a in range(p)]
    meets_x: dict[tuple[int, int], bool] = {}
    for unit, row in enumerate(unit_plays):
        mine = [r for r in range(rounds) if row[r]]
        colours = _colours_with_count(mine, half_k)
        if colours is None:
            return None
        for r, white in zip(mine, colours, strict=True):
            x = white == (r % 2 == 1)  # White against X exactly in odd rounds
            meets_x[2 * unit, r] = x
            meets_x[2 * unit + 1, r] = not x
    return plays, meets_x


def _colours_with_count(rounds: list[int], wanted: int) -> list[bool] | None:
    """Colours (True = White) for games in ``rounds`` with half of them White and ``wanted``
    of them against X (module docstring of :func:`paired_classes`); ``None`` when the runs run out."""
    count = len(rounds)

    def against_x(colours: list[bool]) -> int:
        return sum(1 for r, white in zip(rounds, colours, strict=True) if white == (r % 2 == 1))

    options = [[(i + start) % 2 == 0 for i in range(count)] for start in (0, 1)]
    colours = min(options, key=lambda c: abs(against_x(c) - wanted))
    need = wanted - against_x(colours)
    if need % 2:
        return None
    # Stretches: maximal runs of games in consecutive rounds (one class each).
    stretches: list[list[int]] = [[0]]
    for i in range(1, count):
        if rounds[i] == rounds[i - 1] + 1:
            stretches[-1].append(i)
        else:
            stretches.append([i])
    order = sorted(range(len(stretches)), key=lambda j: (-len(stretches[j]), j))
    edges: list[int] = []  # where a reversed run starts or ends inside the match: a break each
    for j in order:
        if need == 0:
            break
        games = stretches[j]
        first = games[0]
        is_x = colours[first] == (rounds[first] % 2 == 1)
        if is_x == (need > 0):
            continue  # reversing games against X lowers the count, and the other way round
        length = min(abs(need), len(games) - len(games) % 2)
        # Prefer a run touching an end of the match: one break instead of two.
        for run in (games[-length:], games[:length]) if games[-1] == count - 1 else (games[:length], games[-length:]):
            if length < 2:
                break
            ends = [i for i in (run[0], run[-1] + 1) if 0 < i < count]
            # Two breaks next to each other would make three games of one colour (rule 2).
            if all(abs(e - f) >= 2 for e in ends for f in edges):
                for i in run:
                    colours[i] = not colours[i]
                edges += ends
                need += -length if need > 0 else length
                break
    return colours if need == 0 else None


def _solve_classes(p: int, k: int, pattern: list[list[bool]]) -> Classes | None:
    """The class model over a fixed sit-out ``pattern`` (``pattern[a][r]``: A player a plays round r):
    which A games are against X, with rules 1 and 2 for team A and the fewest breaks."""
    rounds, x_size = p, k // 2
    model = cp_model.CpModel()
    mine = {a: [r for r in range(rounds) if pattern[a][r]] for a in range(p)}
    # cls[a, r]: A player a meets an X player in round r.
    cls = {(a, r): model.new_bool_var(f"meets_x[A{a + 1},r{r + 1}]") for a in range(p) for r in mine[a]}
    for r in range(rounds):
        model.add(sum(cls[a, r] for a in range(p) if pattern[a][r]) == x_size)
    breaks: list[cp_model.IntVar] = []
    for a in range(p):
        model.add(sum(cls[a, r] for r in mine[a]) == x_size)
        # Hint: the perfect alternator whose count of games against X is nearer |X|.
        starts = [[(i + start) % 2 == 0 for i in range(len(mine[a]))] for start in (0, 1)]
        counts = [sum(1 for r, w in zip(mine[a], ws, strict=True) if w == (r % 2 == 1)) for ws in starts]
        ws = starts[0] if abs(counts[0] - x_size) <= abs(counts[1] - x_size) else starts[1]
        for r, w in zip(mine[a], ws, strict=True):
            model.add_hint(cls[a, r], w == (r % 2 == 1))
        # X players have White in odd rounds (r even from 0), and A's colour is the opposite:
        # A has White exactly when it meets X in an even round or Y in an odd one.
        whites: list[BoolLit] = [cls[a, r] if r % 2 == 1 else ~cls[a, r] for r in mine[a]]
        model.add_linear_constraint(sum(whites), k // 2, (k + 1) // 2)  # rule 1
        breaks += _add_break_literals(model, whites, f"A{a + 1}")
    model.minimize(sum(breaks))
    solver = _solver(len(cls))
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return pattern, {key: solver.boolean_value(x) for key, x in cls.items()}


def even_pattern(p: int, k: int) -> list[list[bool]] | None:
    """Sit-outs in turn where every A player plays an even number of games in even rounds (from 0).

    With an even number of boards the class model needs it: an A player's games against X
    number its Whites in odd rounds plus its Blacks in even ones, which must be k/2 with k/2
    Whites in all (rule 1), so its Whites and Blacks in even rounds are as many.  Found by a
    small CP-SAT model (p*p Booleans) started from the rotation; ``None`` when there is none
    within the work limit (for p = k + 1 there is none: each player sits out once).
    """
    rounds = p
    model = cp_model.CpModel()
    rotation = rotation_plays(p, k, rounds)
    plays = {(a, r): model.new_bool_var(f"plays[A{a + 1},r{r + 1}]") for a in range(p) for r in range(rounds)}
    for (a, r), var in plays.items():
        model.add_hint(var, rotation[a][r])
    for r in range(rounds):
        model.add(sum(plays[a, r] for a in range(p)) == k)
    for a in range(p):  # in turn: after t rounds, floor or ceil of t*k/p games
        for t in range(1, rounds + 1):
            model.add_linear_constraint(sum(plays[a, r] for r in range(t)), t * k // p, -(-t * k // p))
        half = model.new_int_var(0, k, f"half_even[A{a + 1}]")
        model.add(sum(plays[a, r] for r in range(0, rounds, 2)) == 2 * half)
    solver = _solver(len(plays))
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [[solver.boolean_value(plays[a, r]) for r in range(rounds)] for a in range(p)]


def _perfect_matchings(cells: list[tuple[int, int]], degree: int) -> list[list[tuple[int, int]]]:
    """Split a ``degree``-regular bipartite graph (A player, round) into perfect matchings.

    A regular bipartite graph has a perfect matching (Hall) and removing it leaves a
    regular graph, so ``degree`` rounds of Hopcroft-Karp split it.
    """
    # Integer nodes (A player a, round r as offset + r): their hashes, unlike strings', are the
    # same in every process, so the matchings, and the schedule, are too.
    offset = 1 + max((a for a, _r in cells), default=0)
    graph = nx.Graph()
    players = sorted({a for a, _r in cells})
    graph.add_nodes_from(players)
    graph.add_edges_from((a, offset + r) for a, r in sorted(cells))
    out = []
    for _ in range(degree):
        matching = nx.bipartite.hopcroft_karp_matching(graph, top_nodes=players)
        chosen = []
        for a in players:
            if a not in matching:
                raise RuntimeError("the class graph is not regular (bug)")
            chosen.append((a, matching[a] - offset))
            graph.remove_edge(a, matching[a])
        out.append(chosen)
    return out


def rotation_pairs(size_a: int, size_b: int, boards: int) -> list[list[tuple[int, int]]]:
    """The games (A player, B player), from 1, round by round, of the rotation layout.

    Position s (from 0) seats A player s mod p against B player (s + floor(s / L)) mod q,
    L = lcm(p, q); round r holds positions r*k .. r*k + k - 1 (module docstring).
    """
    p, q, k = size_a, size_b, boards
    block = math.lcm(p, q)
    rounds = p * q // k
    return [[(s % p + 1, (s + s // block) % q + 1) for s in range(r * k, (r + 1) * k)] for r in range(rounds)]


def rotation_schedule(size_a: int, size_b: int, boards: int) -> Schedule | None:
    """The rotation layout coloured by a colour-only CP-SAT model (module docstring)."""
    pairs = rotation_pairs(size_a, size_b, boards)
    model = cp_model.CpModel()
    white = [[model.new_bool_var(f"a_white[r{r + 1},g{i + 1}]") for i in range(boards)] for r in range(len(pairs))]
    games_of: dict[tuple[Team, int], list[BoolLit]] = {}
    for r, games in enumerate(pairs):
        for i, (a, b) in enumerate(games):
            games_of.setdefault((Team.A, a), []).append(white[r][i])
            games_of.setdefault((Team.B, b), []).append(~white[r][i])
            model.add_hint(white[r][i], (r * boards + i) % 2 == 0)
    breaks: list[cp_model.IntVar] = []
    for (team, number), whites in sorted(games_of.items()):
        count = len(whites)
        model.add_linear_constraint(sum(whites), count // 2, (count + 1) // 2)  # rule 1
        breaks += _add_break_literals(model, whites, f"{team.value}{number}")
    for row in white:  # rule 3, each round and over the match
        model.add_linear_constraint(sum(row), boards // 2, (boards + 1) // 2)
    total = boards * len(pairs)
    model.add_linear_constraint(sum(w for row in white for w in row), total // 2, (total + 1) // 2)
    model.minimize(sum(breaks))
    solver = _solver(size_a * size_b)
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    pairings = [
        [(a, b, solver.boolean_value(white[r][i])) for i, (a, b) in enumerate(games)] for r, games in enumerate(pairs)
    ]
    return Schedule.from_pairings(pairings, team_a=size_a, team_b=size_b)


def construct_unequal(
    size_a: int, size_b: int, boards: int, double: bool = False, deadline: float | None = None
) -> Schedule | None:
    """The direct construction for teams of ``size_a`` and ``size_b`` on ``boards`` boards, or ``None``.

    Equal teams (both sizes equal to the boards) are not this module's business: see
    :func:`scheveningen.models.constructions.construct`.  ``deadline`` (``time.monotonic()``)
    cuts the small models short, which then give ``None`` rather than run over.
    """
    token = _DEADLINE.set(deadline)
    try:
        return _construct(size_a, size_b, boards, double)
    finally:
        _DEADLINE.reset(token)


def _construct(size_a: int, size_b: int, boards: int, double: bool) -> Schedule | None:
    size = UnequalSize(size_a, size_b, boards)
    if size.size_a == size.size_b == size.boards:
        raise ValueError("equal teams: use models.constructions.construct")
    single: Schedule | None
    if size_b == boards:
        single = full_side_schedule(size_a, boards)
    elif size_a == boards:
        built = full_side_schedule(size_b, boards)
        single = swap_teams(built) if built is not None else None
    else:
        single = rotation_schedule(size_a, size_b, boards)
    if single is None:
        return None
    return mirrored_double(single) if double else single
