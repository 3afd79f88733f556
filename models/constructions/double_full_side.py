"""Double rounds where one team plays every round: schedules with no break at all.

Team B of k players plays every round; team A of p > k players sits out in turn.  The double round has
2p rounds, every pair meets twice, once with each colour, and every A player sits out 2(p - k)
rounds.  A single round of these sizes often needs breaks (k + 1 against k: at least k - 1,
docs/bounds_unequal.md), and the double round built as that single round and its mirror has twice as
many.  The double round need not have any (docs/bounds_unequal.md, "Double rounds with one team
playing every round").

**Modes.**  Every B player alternates: class X (x of them) is White in the odd rounds, class Y in the
even ones.  An A player alternates game by game across its sit-outs.  In a round it plays, it is in
*X-mode* when its colour is the one opposite to class X's there (Black in odd rounds, White in even
ones): it can then meet X players only, and Y players only otherwise.  Between two rounds it plays,
its mode changes exactly when it sat out an odd number of rounds in between (a break would be the
other way round).  If

* every round has exactly x A players in X-mode, and
* every A player is in X-mode in exactly x odd and x even rounds (so in Y-mode in k - x of each),

then the X-mode games of the odd rounds form an x-regular bipartite graph between A players and odd
rounds, which splits into x perfect matchings (Koenig), one for each X player; likewise the even
rounds, and team Y's games.  An A player then meets each X player once in an odd round and once in an
even one, both in X-mode, so once with each colour (rule 0); it alternates (rules 1 and 2: 2k games,
k of each colour); team B alternates over 2p rounds; and team A has k - x Whites in odd rounds and x
in even ones (rule 3 with x = floor(k/2)).  ``models/constructions/classes.py`` builds the schedule.

**One reserve (p = k + 1), a closed form** (:func:`one_reserve_double`).  Rounds are numbered from 0
here, t = 0 .. 2p - 1, and A player j (from 0) sits out round j and one round of the second half:

* k = 2m even (p = 2m + 1): round j + p.  It is in X-mode inside (j, j + p) when j is even, outside
  when j is odd.
* k = 2m + 1 odd (p = 2m + 2), x = m: round j + 2m + 1 when j is odd, X-mode inside (2m rounds);
  round j + 2m + 3 when j is even, Y-mode inside (2m + 2 rounds).

Every player sits out once in each half (in turn), its two sit-outs have opposite parity, and its
inside stretch has even length, so the counts per parity hold; the count per round is x in every round
(docs/bounds_unequal.md proves both).  So k + 1 against k, double round, has a schedule with no break
for every k >= 1, rules 1-3 kept: the fewest possible, where the mirrored single round had 2k - 2 to
2k + 4 (13 against 12: 26; 41 against 40: 82).

**Other sizes, by rotation** (:func:`rotation_double`).  Let the A players sit out by the rotation
(round t: players td, ..., td + d - 1 modulo p, d = p - k) in the first half, and in the second half
by the same rotation again, or by the first half in reverse order, or by the first half with players
2i and 2i + 1 exchanged: sit-outs in turn every way.  With the sit-outs fixed and no break, an A player's
colours are fixed by its first one, a *sign*; a sign is allowed when it gives the player x X-mode
rounds of each parity, and a tiny CP-SAT model (a Boolean for each player) chooses allowed signs
with x X-mode players in every round.  One of the three answers at most sizes up to 100 a side
(docs/bounds_unequal.md lists what it misses), in milliseconds.

**Two boards, p = 2 mod 4** (:func:`two_board_double`).  Claim 3 rules out a schedule without a
break, and the rotations have none; the full model finds nothing from about 30 players.  With
h = p/2 (odd) the A players sit out in four turns of h rounds, playing once in each; the two B
players alternate.  An A player's four games are one each of: B1 in an odd round (it is Black), B1
in an even one (White), B2 in an odd one (White), B2 in an even one (Black); the order over the
turns is its *pattern*.  With m = (h - 1)/2, m players each take the four patterns without a break
(B1o B2o B2e B1e, B1e B1o B2o B2e, B2o B2e B1e B1o, B2e B1e B1o B2o) and one player each the two with
one break (B1o B1e B2o B2e and B2o B2e B1o B1e): every turn then has as many games of each kind as
it has rounds of each parity (turns 1 and 3 start in an odd round, 2 and 4 in an even one).  So 2
breaks, against the proven bound of 1.

**Other sizes, small** (:func:`modelled_double`): the sit-out model of ``models/constructions/sitouts.py`` over
2p rounds, one worker and a work limit, up to :data:`MODEL_PLAYERS` A players.  Neither is tried where
the double alternation sum rules out a schedule without a break (``models/bounds/proven.py:
double_full_break_free``); a proof of none by the model is recorded for the bound
(``record_no_break_free``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from ortools.sat.python import cp_model

from scheveningen.models.bounds.proven import double_full_break_free, record_no_break_free, recorded_no_break_free
from scheveningen.models.constructions.classes import Classes, from_classes
from scheveningen.models.constructions.sitouts import Outcome, one_worker_solver, zero_break_modes
from scheveningen.models.domain.schedule import Schedule

#: The double-round sit-out model is tried up to this many A players (its 2p rounds make it four
#: times the single round's; past about 12 it seldom settles within its work).
MODEL_PLAYERS = 12
#: ... with this much deterministic time.
MODEL_WORK = 1.0
#: The sign model of :func:`rotation_double` stops after this much deterministic time.
SIGN_WORK = 0.5

SitOuts = list[list[bool]]  # sits[a][t]: A player a sits out round t


def one_reserve_classes(k: int) -> Classes:
    """The sit-outs and modes of :func:`one_reserve_double` (module docstring): ``plays[a][t]`` and
    ``x_mode[a, t]`` for the rounds t that A player a plays, with x = floor(k/2)."""
    if k < 1:
        raise ValueError(f"a double round needs at least one board, got {k}")
    p = k + 1
    rounds = 2 * p
    m = k // 2
    plays = [[True] * rounds for _ in range(p)]
    x_mode: dict[tuple[int, int], bool] = {}
    for j in range(p):
        if k % 2 == 0:
            second, x_inside = j + p, j % 2 == 0
        elif j % 2 == 1:
            second, x_inside = j + 2 * m + 1, True
        else:
            second, x_inside = j + 2 * m + 3, False
        plays[j][j] = plays[j][second] = False
        for t in range(rounds):
            if plays[j][t]:
                x_mode[j, t] = (j < t < second) == x_inside
    return plays, x_mode


def one_reserve_double(k: int) -> Schedule:
    """k + 1 against k on k boards, double round, with no break and rules 1-3 kept (module docstring)."""
    return from_classes(k + 1, k, one_reserve_classes(k), k // 2)


def rotation_sit_outs(p: int, d: int) -> SitOuts:
    """The first half's sit-outs: round t sits out players td, ..., td + d - 1 (modulo p)."""
    return [[(a - t * d) % p < d for t in range(p)] for a in range(p)]


def _again(first: SitOuts) -> SitOuts:
    return [row + row for row in first]


def _reversed(first: SitOuts) -> SitOuts:
    return [row + row[::-1] for row in first]


def _exchanged(first: SitOuts) -> SitOuts:
    p = len(first)
    return [first[a] + first[a ^ 1 if a ^ 1 < p else a] for a in range(p)]


#: The second halves :func:`rotation_double` tries, in this order.
SECOND_HALVES: tuple[Callable[[SitOuts], SitOuts], ...] = (_again, _reversed, _exchanged)


def _x_modes(sits: list[bool], sign: bool) -> dict[int, bool]:
    """The X-mode of each round a player with these sit-outs plays, alternating from White (``sign``)
    or Black: X-mode where its colour is not class X's (White in even rounds from 0)."""
    modes = {}
    game = 0
    for t, out in enumerate(sits):
        if not out:
            white = (game % 2 == 0) == sign
            modes[t] = white != (t % 2 == 0)
            game += 1
    return modes


def alternating_signs(
    sits: SitOuts, x: int, work: float, deadline: float | None, double: bool = True
) -> dict[tuple[int, int], bool] | None:
    """The X-modes of every A player alternating over its games with these sit-outs, x A players in
    X-mode every round, each A player in X-mode in x rounds of each parity (``double``; in x rounds in
    all for a single round), or ``None`` if no signs fit: a tiny CP-SAT model, a Boolean a player."""
    p, rounds = len(sits), len(sits[0])
    parities = (0, 1) if double else (None,)
    model = cp_model.CpModel()
    sign = [model.new_bool_var(f"sign[A{a + 1}]") for a in range(p)]
    options = []
    for a in range(p):
        both = {value: _x_modes(sits[a], value) for value in (False, True)}
        allowed = [
            v
            for v, modes in both.items()
            if all(sum(modes[t] for t in modes if q in (None, t % 2)) == x for q in parities)
        ]
        if not allowed:
            return None
        if len(allowed) == 1:
            model.add(sign[a] == int(allowed[0]))
        options.append(both)
    for t in range(rounds):
        fixed = sum(1 for a in range(p) if not sits[a][t] and options[a][True][t] and options[a][False][t])
        free = [sign[a] if options[a][True][t] else ~sign[a] for a in range(p) if not sits[a][t]
                and options[a][True][t] != options[a][False][t]]  # fmt: skip
        model.add(sum(free) == x - fixed)
    solver = one_worker_solver(work, deadline)
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return {(a, t): value for a in range(p) for t, value in options[a][solver.boolean_value(sign[a])].items()}


def rotation_double(
    p: int, k: int, work: float = SIGN_WORK, deadline: float | None = None, x: int | None = None
) -> Schedule | None:
    """p against k on k boards, double round, no break, rules 1-3 kept, with sit-outs by rotation
    (module docstring); ``None`` where none of the second halves has signs that fit.  With ``x``, class
    X has x players instead (rules 0-2 kept; rule 3 too only for floor(k/2) and ceil(k/2))."""
    first = rotation_sit_outs(p, p - k)
    sizes = sorted({k // 2, (k + 1) // 2}) if x is None else [x]
    for second in SECOND_HALVES:
        sits = second(first)
        for size in sizes:
            modes = alternating_signs(sits, size, work, deadline)
            if modes is not None:
                plays = [[not out for out in row] for row in sits]
                return from_classes(p, k, (plays, modes), size)
    return None


#: :func:`two_board_double`'s patterns: the B player (0 or 1) and the parity of the round (0: odd
#: from 1, 1: even) of an A player's game in each of the four turns; and how many players take each,
#: as a multiple of m = (p/2 - 1)/2 plus a constant.
TWO_BOARD_PATTERNS: tuple[tuple[tuple[tuple[int, int], ...], int, int], ...] = (
    (((0, 0), (0, 1), (1, 0), (1, 1)), 0, 1),
    (((0, 0), (1, 0), (1, 1), (0, 1)), 1, 0),
    (((0, 1), (0, 0), (1, 0), (1, 1)), 1, 0),
    (((1, 0), (1, 1), (0, 0), (0, 1)), 0, 1),
    (((1, 0), (1, 1), (0, 1), (0, 0)), 1, 0),
    (((1, 1), (0, 1), (0, 0), (1, 0)), 1, 0),
)


def two_board_double(p: int) -> Schedule:
    """p against 2 on 2 boards, p = 2 mod 4, double round, with 2 breaks and rules 1-3 kept
    (module docstring); B1 is class X, B2 class Y."""
    if p % 4 != 2 or p < 6:
        raise ValueError(f"two_board_double needs p = 2 mod 4 from 6, got {p}")
    h = p // 2
    m = (h - 1) // 2
    patterns = [pattern for pattern, per_m, extra in TWO_BOARD_PATTERNS for _ in range(per_m * m + extra)]
    plays = [[False] * (2 * p) for _ in range(p)]
    meets_x: dict[tuple[int, int], bool] = {}
    for turn in range(4):
        rounds = range(turn * h, (turn + 1) * h)
        for b in (0, 1):
            for parity in (0, 1):
                players = [a for a, pattern in enumerate(patterns) if pattern[turn] == (b, parity)]
                slots = [t for t in rounds if t % 2 == parity]
                if len(players) != len(slots):
                    raise RuntimeError(f"two_board_double: turn {turn + 1} does not add up (bug)")
                for a, t in zip(players, slots, strict=True):
                    plays[a][t] = True
                    meets_x[a, t] = b == 0
    return from_classes(p, 2, (plays, meets_x), 1)


def direct_double(p: int, k: int, deadline: float | None = None) -> Schedule | None:
    """The closed forms (one reserve; two boards with p = 2 mod 4), otherwise :func:`rotation_double`:
    milliseconds at any size."""
    if not 1 <= k < p:
        raise ValueError(f"team A needs more players than the {k} boards, got {p}")
    if p == k + 1:
        return one_reserve_double(k)
    if k == 2 and p % 4 == 2:
        return two_board_double(p)
    return rotation_double(p, k, deadline=deadline) if double_full_break_free(p, k) else None


def modelled_double(p: int, k: int, work: float = MODEL_WORK, deadline: float | None = None) -> Schedule | None:
    """The sit-out model over 2p rounds up to :data:`MODEL_PLAYERS` A players (one worker, ``work``
    deterministic seconds, stopped at ``deadline``); ``None`` past that or where it finds none."""
    if p > MODEL_PLAYERS or not double_full_break_free(p, k):
        return None
    found = zero_break_modes(p, k, work, deadline, double=True)
    if found.outcome is Outcome.NONE:  # a proof: the designer may report a lower bound of 1
        record_no_break_free(p, k, double=True)
    if found.outcome is not Outcome.FOUND:
        return None
    return from_classes(p, k, (found.plays, found.x_mode), found.x)


@dataclass(frozen=True)
class RunsOfOne:
    """:func:`class_ladder`'s answer (``runs_of_one_double``, ``runs_of_one_single``): a schedule
    without a break (``None`` if none was found), the size x <= floor(k/2) of its class X, and
    ``proven``: every larger x up to floor(k/2) (every x when there is no schedule) is proven to have
    no schedule without a break."""

    schedule: Schedule | None
    x: int
    proven: bool


def class_ladder(
    p: int,
    k: int,
    double: bool,
    allowed: Callable[[int], bool],
    built: Callable[[int], Schedule | None],
    modelled: Callable[[int], tuple[Outcome, Schedule | None]] | None,
    deadline: float | None,
) -> RunsOfOne:
    """Each size x of class X from floor(k/2) down until a schedule without a break is found for p
    against k (``double``: a double round): skipped where ``allowed`` says none can have it (a proof),
    else ``built`` (constructions, quick), else ``modelled`` (the sit-out model: its outcome and
    schedule; ``None`` where it is not tried).  The answer is proven the nearest to k/2 when every
    larger x was skipped or the model proved it has none (:class:`RunsOfOne`).  At x = floor(k/2)
    (rule 3) a proof of none is shared with the bounds: one recorded already (the construction's own
    sit-out model) skips it, and the model's is recorded (``models/bounds/proven.py``)."""
    proven = True
    half = k // 2
    for x in range(half, -1, -1):
        if deadline is not None and time.monotonic() > deadline:
            return RunsOfOne(None, x, False)
        if not allowed(x) or (x == half and recorded_no_break_free(p, k, double)):
            continue
        if (schedule := built(x)) is not None:
            return RunsOfOne(schedule, x, proven)
        if modelled is None:
            proven = False
            continue
        outcome, schedule = modelled(x)
        if schedule is not None:
            return RunsOfOne(schedule, x, proven)
        if outcome is Outcome.NONE and x == half:
            record_no_break_free(p, k, double)
        proven = proven and outcome is Outcome.NONE
    return RunsOfOne(None, 0, proven)


def runs_of_one_double(p: int, k: int, work: float = MODEL_WORK, deadline: float | None = None) -> RunsOfOne:
    """p against k on k boards, double round, with no break at all (runs of one colour) and rule 3
    broken by as little as found: class X as near k/2 as a schedule allows.

    Without a break every B player alternates over the 2p rounds, so team B has x Whites in the odd
    rounds and k - x in the even ones, x the size of class X (x <= floor(k/2) after reversing every
    colour).  Team A has the rest, and rule 3 is broken by floor(k/2) - x boards in every round:
    2p (floor(k/2) - x) in all, the same for every schedule with that x.  Each x from floor(k/2) down
    is tried in turn (:func:`class_ladder`): skipped where
    :func:`~scheveningen.models.bounds.proven.double_full_break_free` rules it out (a proof), then the closed
    form of one reserve (x = floor(k/2)), the rotations, and up to :data:`MODEL_PLAYERS` A players the
    sit-out model, whose proof of none counts as one.  Rules 1 and 2 hold for every x: alternating
    players are balanced."""
    if not 1 <= k < p:
        raise ValueError(f"team A needs more players than the {k} boards, got {p}")

    def built(x: int) -> Schedule | None:
        if p == k + 1 and x == k // 2:
            return one_reserve_double(k)
        # x and k - x are the same up to reversing every colour, but the sign model may settle one only
        for size in sorted({x, k - x}):
            if (schedule := rotation_double(p, k, deadline=deadline, x=size)) is not None:
                return schedule
        return None

    def modelled(x: int) -> tuple[Outcome, Schedule | None]:
        found = zero_break_modes(p, k, work, deadline, x=x, double=True)
        if found.outcome is not Outcome.FOUND:
            return found.outcome, None
        return found.outcome, from_classes(p, k, (found.plays, found.x_mode), x)

    def allowed(x: int) -> bool:
        return double_full_break_free(p, k, x)

    return class_ladder(p, k, True, allowed, built, modelled if p <= MODEL_PLAYERS else None, deadline)
