"""Team B alternating in two classes, where it plays every round (q = k < p): the paired classes in
closed form, the class model over sit-outs, and one more B player.

Built *phases first* as the equal-team constructions are:

* team B's k players all alternate perfectly, never break: the first floor(k/2) ("X") have White in
  odd rounds, the others ("Y") in even rounds, so team B, and so team A, has floor(k/2) or
  ceil(k/2) Whites in every round, and over the match the teams' Whites differ by at most one
  (rule 3);
* team A sits out in turn, by the rotation (``helpers.rotation_plays``: in round r, from 0, the A
  players r*k .. r*k+k-1 mod p play, so after every round each has played floor or ceil of its
  share) or by other sit-outs in turn;
* every game of an A player gets a *class*, X or Y, the class of its opponent; A's colour in that
  game is then fixed (opposite to the opponent's), and the classes are chosen, in closed form
  (:func:`paired_classes`) or by a small CP-SAT model over these classes alone (p*k Booleans,
  :func:`solve_classes`), so that each round has exactly |X| games against X and each A player
  exactly |X| games against X, keeping rules 1 and 2 for team A and with the fewest breaks;
* the games against X then form an |X|-regular bipartite graph between A players and rounds, which
  splits into |X| perfect matchings (Koenig, ``models/constructions/classes.py: from_classes``);
  matching i is B player i's games, so it meets every A player once, one a round.  Likewise for Y.
  So every pair meets exactly once (rule 0), and all breaks are team A's.

:func:`with_extra_b` adds a B player who plays every round to such a match on one board fewer (odd
k from the paired classes on k - 1 boards).
"""

from __future__ import annotations

import itertools

from ortools.sat.python import cp_model
from ortools.sat.python.cp_model_helper import Literal as BoolLit

from scheveningen.models.constructions.classes import Classes, bipartite_matching
from scheveningen.models.constructions.unequal.helpers import (
    GROUP_WORK_LIMIT,
    add_break_literals,
    model_solver,
    rotation_plays,
)
from scheveningen.models.domain.schedule import Game, Player, Schedule, Team

#: The class model's first search, for the fewest breaks from the alternators' hint, stops here.
CLASS_FIRST_WORK = 1.5


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
        colours = colours_with_count(mine, half_k)
        if colours is None:
            return None
        for r, white in zip(mine, colours, strict=True):
            x = white == (r % 2 == 1)  # White against X exactly in odd rounds
            meets_x[2 * unit, r] = x
            meets_x[2 * unit + 1, r] = not x
    return plays, meets_x


def colours_with_count(rounds: list[int], wanted: int) -> list[bool] | None:
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


def solve_classes(p: int, k: int, pattern: list[list[bool]]) -> Classes | None:
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
        breaks += add_break_literals(model, whites, f"A{a + 1}")
    model.minimize(sum(breaks))
    solver = model_solver(len(cls))
    # The fewest breaks from the alternators' hint first, but not with the whole work limit: at
    # scale that search often finds nothing, while any answer comes within a fraction of it.
    work = solver.parameters.max_deterministic_time
    solver.parameters.max_deterministic_time = min(work, CLASS_FIRST_WORK)
    status = solver.solve(model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return pattern, {key: solver.boolean_value(x) for key, x in cls.items()}
    model.clear_objective()  # type: ignore[no-untyped-call]
    model.clear_hints()  # type: ignore[no-untyped-call]
    solver = model_solver(len(cls))
    solver.parameters.max_deterministic_time = max(work - CLASS_FIRST_WORK, GROUP_WORK_LIMIT)
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    found = {key: solver.boolean_value(x) for key, x in cls.items()}
    solver_used = solver.deterministic_time
    for key, var in cls.items():
        model.add_hint(var, found[key])
    model.minimize(sum(breaks))
    solver = model_solver(len(cls))
    solver.parameters.max_deterministic_time = max(work - CLASS_FIRST_WORK - solver_used, 0.1)
    if solver.solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        found = {key: solver.boolean_value(x) for key, x in cls.items()}
    return pattern, found


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
    solver = model_solver(len(plays))
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [[solver.boolean_value(plays[a, r]) for r in range(rounds)] for a in range(p)]


def with_extra_b(base: Schedule) -> Schedule | None:
    """Add a B player who plays every round to a match whose team B already does; ``None`` if no fit.

    ``base`` has p A players against k - 1 B players on k - 1 boards, with the same number
    of A Whites in every round (so (k - 1) / 2 of them; any base on an even number of boards has
    that, by rule 3).  The new player B_k meets, in each round, one A player sitting out that round
    in ``base``: each A player exactly once.  A small CP-SAT model (:func:`_assign_rounds`) chooses
    whom, and B_k's colour in each round, so that sit-outs still go in turn, no A player gets three
    games of one colour running, B_k keeps rules 1 and 2, and the fewest breaks are added (B_k's
    own, and the A players': inserting a game between two of a player's games of different colours
    adds one break, next to one of its own colour none or one, at either end of its games none or
    one).  B_k alternating perfectly is the hint; letting it break where needed leaves the model
    room where the sit-out windows are narrow.  Rules: each A player now has k - 1 balanced games
    plus one (rule 1); A has (k - 1)/2 Whites a round plus its player against B_k, so floor(k/2)
    or ceil(k/2), and over the match the totals differ by at most one, as B_k's Whites do (rule 3).
    """
    p, k, rounds = base.team_a, base.boards + 1, base.n_rounds
    if base.team_b != base.boards or rounds != p:
        raise ValueError("with_extra_b needs a base whose team B plays every round")
    colours: dict[int, dict[int, bool]] = {a: {} for a in range(1, p + 1)}  # A player -> round -> White
    for r, games in enumerate(base.rounds):
        for game in games:
            colours[game.a_player.number][r] = game.a_white
    cost: dict[tuple[int, int, bool], int] = {}  # (round, A player, A White) -> breaks added
    for a, mine in colours.items():
        before = _sequence_breaks(mine)
        for r in range(rounds):
            if r in mine:
                continue
            for white in (True, False):
                after = _sequence_breaks({**mine, r: white})
                if after is not None and before is not None:
                    cost[r, a, white] = after - before
    # Where a cell keeps the player's sit-outs in turn; without a perfect matching of rounds and A
    # players over those cells (often so at scale) there is no assignment, and no model is built.
    in_turn = {(r, a) for (r, a, _w) in cost if _in_turn_with(colours[a], r, p, k)}
    if len(bipartite_matching(sorted(colours), sorted((a, r) for r, a in in_turn))) < p:
        return None
    chosen = _assign_rounds({cell: c for cell, c in cost.items() if cell[:2] in in_turn}, base, k)
    if chosen is None:
        return None
    new_rounds = []
    for r, games in enumerate(base.rounds):
        a, a_white = chosen[r]
        mate, new = Player(Team.A, a), Player(Team.B, k)
        extra = Game(mate, new) if a_white else Game(new, mate)
        new_rounds.append(tuple(sorted([*games, extra], key=lambda g: g.a_player.number)))
    return Schedule(k, tuple(new_rounds), p, k)


def _in_turn_with(played: dict[int, bool], extra: int, rounds: int, k: int) -> bool:
    """Whether a player who plays the rounds in ``played`` and round ``extra`` plays floor or ceil of
    t*k/rounds games after every t rounds (its sit-outs in turn)."""
    count = 0
    for t in range(1, rounds + 1):
        count += (t - 1) in played or t - 1 == extra
        if not t * k // rounds <= count <= -(-t * k // rounds):
            return False
    return True


def _sequence_breaks(colours: dict[int, bool]) -> int | None:
    """Breaks of a colour sequence given by round, or ``None`` when three run (rule 2)."""
    seq = [colours[r] for r in sorted(colours)]
    breaks = sum(1 for x, y in itertools.pairwise(seq) if x == y)
    if any(x == y == z for x, y, z in zip(seq, seq[1:], seq[2:], strict=False)):
        return None
    return breaks


def _assign_rounds(
    cost: dict[tuple[int, int, bool], int], base: Schedule, k: int
) -> dict[int, tuple[int, bool]] | None:
    """Round -> (A player, A White) for the new B player of :func:`with_extra_b`: a bijection over the
    allowed cells, sit-outs in turn, the new player's colours keeping rules 1 and 2, fewest breaks."""
    p, rounds = base.team_a, base.n_rounds
    model = cp_model.CpModel()
    y = {cell: model.new_bool_var(f"meets_new[r{cell[0] + 1},A{cell[1]},{'W' if cell[2] else 'B'}]") for cell in cost}
    # The cells of each round and of each player, in the order of y (one pass, not one per constraint).
    of_round: dict[int, list[tuple[bool, cp_model.IntVar]]] = {r: [] for r in range(rounds)}
    of_player: dict[int, list[tuple[int, cp_model.IntVar]]] = {a: [] for a in range(1, p + 1)}
    for (r, a, w), v in y.items():
        of_round[r].append((w, v))
        of_player[a].append((r, v))
    b_whites: list[BoolLit] = []
    for r in range(rounds):
        model.add_exactly_one([v for _w, v in of_round[r]])
        b_white = model.new_bool_var(f"new_white[r{r + 1}]")
        # B_k has White exactly when its opponent has Black.
        model.add(b_white + sum(v for w, v in of_round[r] if w) == 1)
        model.add_hint(b_white, r % 2 == 0)
        b_whites.append(b_white)
    model.add_linear_constraint(sum(b_whites), rounds // 2, (rounds + 1) // 2)  # rule 1 for B_k
    b_breaks = add_break_literals(model, b_whites, f"B{k}")  # and rule 2
    for a in range(1, p + 1):
        model.add_exactly_one([v for _r, v in of_player[a]])
    played = dict.fromkeys(range(1, p + 1), 0)
    for t, games in enumerate(base.rounds, start=1):
        for game in games:
            played[game.a_player.number] += 1
        low, high = t * k // p, -(-t * k // p)
        for a in range(1, p + 1):
            extra = [v for r, v in of_player[a] if r < t]
            model.add_linear_constraint(sum(extra), low - played[a], high - played[a])
    model.minimize(sum(cost[cell] * v for cell, v in y.items()) + sum(b_breaks))
    solver = model_solver(len(y))
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return {r: (a, w) for (r, a, w), v in y.items() if solver.boolean_value(v)}
