"""Large-neighbourhood search over an equal-teams schedule that keeps an organiser's requests.

The full CP-SAT model has n^3 meeting variables and takes seconds to build past 60 boards.  Here only a
part of the schedule is freed at a time and re-solved by a small model built over that part alone:

* **rounds**: the pairings of a few rounds ``F``.  The games of the other rounds are fixed, so the pairs
  still to meet in ``F`` are known (every pair meets exactly once): ``F`` must split them into |F|
  perfect matchings, one a round; the model has a Boolean for each (round of F, pair still to meet),
  |F|^2 n of them rather than n^3;
* **players**: the games of a few players in every unplayed round: in each round those games are
  re-paired among their players, with their colours;
* **colours**: the colours of a window of rounds ``W`` (always containing ``F``), with the pairings kept:
  one Boolean per A player and round, the B player's colour its negation.

In a double round (``match.double``) each pair meets twice, once with each colour: the freed games hold
each pair's missing meetings (one or two), and a literal "meets here with White" per freed meeting
counts the A player's Whites with the pair, exactly one over both meetings; rule 1 counts 2n rounds.
The repairs for flipped players below reason about a single round and are not used there.

Rules 0-3 and every request are hard in the part; the colours outside ``W`` enter as constants, so rule 1
counts a player's fixed whites, rule 2 looks across the edges of ``W`` and rule 3's match total adds the
fixed rounds.  The objective is the breaks touching ``W`` (the rest are constant), with the parity cut
(the total of breaks is even).  Played rounds are never freed.

* **pairings with colours kept**: the pairings of a window of rounds, every player keeping its colour
  in every round except a few chosen players (``colour_players``): a matching of players of opposite
  colours, whose solutions change only those players' breaks.

:func:`repair` turns an image of a known design that misses some requests (``solver/scale/start.py``) into a
schedule keeping them all: the played rounds are written in; the rounds where the pairs already played
meet again and the rounds of the unkept meetings and avoids are freed, with every game of the players
the damage touches and the colours near it; when that part has no solution, wider colour windows and
then more rounds are freed, up to all unplayed rounds (:func:`repair_by_rounds`).

**Played rounds that deviate from every image** (the last played round had two boards swap
opponents, or two games played with colours reversed).  The deviation *flips* a few players' colours
(both players of a reversed game; the B players of two swapped games whose A players had opposite
colours) and leaves a few pairs met twice.  Going on with the image's colours would give the flipped
players three in a row or a colour imbalance, and the repair above, freeing rounds with all their
colours, lets the breaks run wild (116 on 20 boards against the design's 20), which the search cannot
undo in seconds.  So the repairs below re-pair unplayed rounds with every colour kept but the flipped
players': their solutions are the image's colours but for those few players.

*Why this is hard, and what it takes.*  Near the deviation nearly every player of a design alternates, so
a pair can meet in a round only while the two are in opposite phases; a flipped player that alternated
across the deviation has, with its played colour reversed, the image's colour of the next round already,
so it must change colour in the first unplayed round ``d`` (one more break, two with the played one: the
image's breaks plus two a flipped player is the level of any repair keeping the others' colours).  In
``d`` it then needs an opponent whose colour there fits its own changed one: one it meets in the image
*after that opponent's break* (or another flipped player, whose colour in ``d`` changed too).  The
design's breaks sit late (in the constructions for 46 and 58 boards, from about the middle of the match
on), so a window of rounds from ``d`` holds no such meeting until it is some 16 rounds wide, and a
window that wide is no longer solved in seconds: every window up to 12 rounds is proved infeasible at
once, 16 rounds ends unknown after 10 s (58 boards, colours reversed; the old answer was the
round-freeing fallback, 140-144 breaks against the design's 66).  A colour-only model over all unplayed
rounds with the pairings kept found no schedule in 20 s there (46 and 58 boards); held to the one-change
pattern (colour wishes on the flipped players), the scattered parts below found no schedule in 2.5 s at
37-58 boards, so that was dropped.

* **scattered rounds** (:func:`repair_scattered`): ``d``, the damaged rounds, the rounds where a
  flipped A player meets a flipped B player, one round drawn from each flipped player's *options*
  (:func:`scattered_rounds`: where it meets somebody whose colour in ``d`` fits its changed colour)
  and a few more drawn from the seed, more with each try.  Such a part of 10-13 rounds is a small
  model; most draws are proved infeasible at once, and the first solution (a few tries, 1-3 s at
  46-58 boards) is re-solved for fewest breaks on its rounds.  Then a search from the best: the
  same kind of part plus the rounds where a flipped player's colour differs from the image's, at
  most the current breaks, so the flipped players' further changes move to where they cost less
  (46 boards, colours reversed: 70 to 66 in 3 s).  It stops at the one-change level, after 24
  draws without a solution (small matches, where the options are few) or at its share.
* **windows** (:func:`repair_pairings`): the damaged rounds and the first w unplayed rounds, w = 2, 4,
  8, ...; at the first feasible one any solution is taken, then re-solved for fewest breaks; on the
  image, on the image with the two flipped players of a team exchanging their games from ``d`` on
  (:func:`swap_roles`), and with the affected players' colours and those of the first three unplayed
  rounds free, or the players with a break in the image after the deviation (:func:`break_players`:
  14 boards, colours reversed on boards 12 and 11, where a flipped player had an image break at the
  deviation, so the flipped players' changes cannot pair up round by round).

After colours reversed (both teams' players flipped) scattered rounds go first, on three quarters of the
repair's time, and the windows on 85% of what is left unless the one-change level was reached; after a
swap of opponents (one team's players flipped) the windows first, on 35% (after most swaps they are
quick and reach the image's breaks: 60 boards seed 0, 64, where scattered rounds ended at 68), then
scattered rounds (60 boards seed 2: no window in the time, 104 before, now 68).  The better is kept; when
neither finds a schedule, the round-freeing repair and the windows run as before.  Measured with
``--time-limit 10`` on 2 cores, side by side with the previous code (benchmarks/results/
custom_scale_deviation*.md): colours reversed at 37, 46, 58 boards (unseen seeds) 50, 68-70, 78-82
against 72, 120, 144 (the design's 40, 54, 66; targets 50, 67, 82); 40 and 60 boards 52 and 72-76
against 52-56 and 76; 14-30 boards the same or up to 6 better (noise: one 14-board case ends at 28-46 on
repeated runs of either code); swaps of opponents the same within 2 breaks but 60 boards seed 2, 104 to
68.

*From 70 boards* (:data:`LARGE_DEVIATION_BOARDS`) the windows that repair a swap must be some 25 rounds
wide (90 boards) and were not solved in the time, so scattered rounds go first after a swap as well; and
after colours reversed :func:`recolour_opening` comes first: the colours of the first two to six
unplayed rounds chosen again with every pairing kept, found in a tenth of a second at 80-100 boards,
at 16 breaks above the image at 80 and up to some 60 at 90.  Scattered rounds then look for better in
the time left.  Seeded deviations at 80, 90 and 100 boards (seeds 71-78, never run while this was
tuned; benchmarks/results/custom_scale_80_100_unseen.md): colours reversed 12 of 12 answered (5
before), swaps 4 of 12 (3 before): the flipped players need a colour change in the first unplayed
round, which the colours of a few rounds alone cannot give in a design where nearly everybody
alternates (each change passes to the opponent and on), and neither a colour window after mending
the pairs along alternating paths nor one exchange of the games of two rounds along a cycle found
one there.

**Exchanges** (:func:`exchange_phases`), first after every swap of opponents across colours, at any
size.  The two flipped B players had opposite colours in the deviating round, so each now alternates
in the other's phase and can meet only the other's kind of opponents.  The two exchange their games,
opponents and colours, in the first unplayed round or rounds and again in the last few, the shortest
such exchange after which each can still meet everyone it has left in rounds of opposite colours
(Hall's condition, :func:`can_meet_everyone`); the pairs the exchange makes meet twice are re-paired in
the exchanged and damaged rounds with every colour kept.  That costs the image's breaks plus two to
six (16-100 boards) and takes a few tenths of a second; the repairs above then look for better in the
time left.  With it every one of the twelve seeded swaps at 80-100 boards is answered (image plus
six: 86, 104, 106 at 80, 90, 100 boards).  After colours reversed (players of both teams flipped) the
same exchange in both teams passes Hall's condition but its part was infeasible at 80 boards however
many rounds were added, so it is not tried there.

:func:`improve` then repeats: choose a neighbourhood from the seed, solve it with at most the current
breaks in it, keep the result when it is no worse.  Every sub-solve is capped in deterministic time,
so with one worker the sequence of schedules depends only on the seed; the loop stops at the time
limit, at the work limit (deterministic time summed over the sub-solves), at the lower bound or on
an interrupt (``solver/run/stop.py``: every sub-solve is stopped too, and the best so far is kept).  The
returned schedule is never worse than the start.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

import networkx as nx
from ortools.sat.python import cp_model

from scheveningen.models.cpsat.cpsolver import new_solver
from scheveningen.models.cpsat.literals import Lit, add_clause, negate
from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import Avoid, ColourWish, Match, Meet
from scheveningen.models.domain.rules import Rule
from scheveningen.models.domain.schedule import Colour, Team
from scheveningen.solver.run import stop
from scheveningen.solver.scale.start import played_grid, request_kept


def _relaxed_board_balance(
    m: cp_model.CpModel,
    part: _Part,
    grid: Grid,
    a_col: list[list[Lit]],
    colour_rounds: set[int],
    board_excess: int,
) -> None:
    """Rule 3 broken by at most ``board_excess``, counted as the verifier does: the boards by which
    each round leaves floor(n/2)..ceil(n/2), plus the whites by which the teams' totals differ
    beyond one."""
    n, rounds = grid.n, grid.rounds
    low, high = n // 2, (n + 1) // 2
    fixed = 0
    overs = []
    for r in range(rounds):
        if r not in colour_rounds:
            whites = sum(grid.white[r])
            fixed += max(0, low - whites, whites - high)
            continue
        fixed_whites = sum(1 for a in range(n) if a_col[r][a] is True)
        whites_r = [part.a_white[r, a] for a in range(n) if (r, a) in part.a_white]
        over = m.new_int_var(0, n, f"round_excess[r{r + 1}]")
        m.add(over >= sum(whites_r) + fixed_whites - high)
        m.add(over >= low - fixed_whites - sum(whites_r))
        overs.append(over)
    total = n * rounds
    const = sum(1 for r in range(rounds) for a in range(n) if a_col[r][a] is True)
    over_total = m.new_int_var(0, total, "total_excess")
    m.add(over_total >= 2 * (sum(part.a_white.values()) + const) - total - 1)
    m.add(over_total >= total - 2 * (sum(part.a_white.values()) + const) - 1)
    m.add(sum(overs) + over_total <= board_excess - fixed)


def _colour_balance_within(m: cp_model.CpModel, rows: list[list[Lit]], low: int, high: int, colour_excess: int) -> bool:
    """Rule 1 broken by at most ``colour_excess`` players (as the verifier counts it: players out of
    balance), whichever they are; False when the fixed rows alone break it more."""
    off: list[cp_model.IntVar] = []
    fixed = 0
    for row in rows:
        const = sum(1 for lit in row if lit is True)
        free = [lit for lit in row if not isinstance(lit, bool)]
        if not free:
            fixed += not low <= const <= high
            continue
        if max(const, len(row) - const - len(free)) > high:  # out of balance whatever the free part does
            fixed += 1
            continue
        lit = m.new_bool_var("")
        m.add_linear_constraint(sum(free), low - const, high - const).only_enforce_if(~lit)
        off.append(lit)
    if fixed > colour_excess:
        return False
    if off:
        m.add(sum(off) <= colour_excess - fixed)
    return True


def _once_with_each_colour(
    m: cp_model.CpModel,
    part: _Part,
    a_col: list[list[Lit]],
    met: dict[tuple[int, int], list[int]],
    hints: dict[int, int],
    hinted: Callable[[Lit], int],
) -> bool:
    """A double round's rule 0 on colours: the A player of each pair has White in exactly one of its
    two meetings, fixed or freed.  A freed meeting counts through a literal for "meets here with
    White" (the meeting and the A player's White); False when fixed games already break it."""
    n = len(a_col[0])
    whites: dict[tuple[int, int], list[Lit]] = {(a, b): [] for a in range(n) for b in range(n)}
    for (a, b), rounds in met.items():
        whites[a, b] += [a_col[r][a] for r in rounds]
    for (r, a, b), x in part.meet.items():
        colour = a_col[r][a]
        if colour is False:
            continue
        if colour is True:
            whites[a, b].append(x)
            continue
        both = m.new_bool_var("")
        m.add_implication(both, x)
        m.add_implication(both, colour)
        m.add_bool_or([both, ~x, negate(colour)])
        hints[both.index] = hinted(x) * hinted(colour)
        whites[a, b].append(both)
    for lits in whites.values():
        const = sum(1 for lit in lits if lit is True)
        free = [lit for lit in lits if not isinstance(lit, bool)]
        if not free:
            if const != 1:
                return False
        elif const > 1:
            return False
        elif const == 1:
            for lit in free:
                m.add_bool_or([negate(lit)])
        else:
            m.add_exactly_one(free)
    return True


def _count(row: Sequence[Lit], value: bool) -> int:
    return sum(1 for lit in row if lit is value)


#: Meeting variables :func:`solve_part` builds a second, with their clauses and colours: about 20,000 at
#: 100 boards on this project's 2-core machine, measured with most games of every round freed.  A guard
#: on wall time, like the start's (``CLAUSES_PER_SECOND``): it refuses only parts that could not end in time.
BUILD_RATE = 20_000


@dataclass(frozen=True)
class Budget:
    """Limits for one sub-solve: wall seconds, deterministic time, workers and seed."""

    seconds: float
    work: float
    workers: int = 1
    seed: int = 0


@dataclass
class PartResult:
    grid: Grid | None
    status: str  # "optimal", "feasible", "infeasible" or "unknown"
    work: float
    reason: str = ""  # why the part is infeasible before any search


@dataclass
class _Part:
    """The small model over a neighbourhood; built by :func:`solve_part`."""

    model: cp_model.CpModel = field(default_factory=cp_model.CpModel)
    meet: dict[tuple[int, int, int], cp_model.IntVar] = field(default_factory=dict)
    a_white: dict[tuple[int, int], cp_model.IntVar] = field(default_factory=dict)
    breaks: list[Lit] = field(default_factory=list)
    fixed_breaks: int = 0


def solve_part(
    match: Match,
    grid: Grid,
    free_rounds: set[int],
    colour_rounds: set[int],
    budget: Budget,
    at_most: int | None = None,
    free_players: dict[int, set[int]] | None = None,
    relaxed: frozenset[Rule] = frozenset(),
    board_excess: int = 0,
    colour_players: tuple[set[int], set[int]] | None = None,
    minimise: bool = True,
    colour_excess: int | None = None,
) -> PartResult:
    """Re-solve the pairings of ``free_rounds`` and the colours of ``colour_rounds`` (0-based, neither
    containing a played round), the rest of ``grid`` fixed; requests and rules 0-3 hard, fewest breaks.

    ``free_players`` frees single games as well: in round r, the games of the A players
    ``free_players[r]`` are re-paired among those players and their opponents, with their colours.
    ``at_most`` bounds the schedule's total breaks.  The grid returned is a new one; ``status`` is
    "infeasible" when the part provably has no solution within the bound.  ``relaxed`` names rules the
    played rounds already break; rule 3 may then be broken by ``board_excess`` in all (as the
    verifier counts it).  With ``colour_players`` (A players, B players) only those players' colours may
    change, in any unplayed round, and every colour in ``colour_rounds``; every other player keeps its
    colour in every other round, so the freed games are re-paired among players of opposite colours.
    With two empty sets that is a pure matching problem whose solutions all have the grid's breaks.
    ``minimise`` false looks for any solution (with ``at_most`` still a bound), often found sooner.
    ``colour_excess`` (when not None) replaces rule 1 by: at most that many players out of colour
    balance, whichever they are (requests that fix a player's colours past the balance, and the
    team mate who must then make up the team's total, ``solver/scale/conflicts.py``).
    """
    n, rounds = grid.n, grid.rounds
    keep_colours = colour_players is not None
    colour_a, colour_b = colour_players or (set(), set())
    played_rounds = len(match.played)
    open_rounds = colour_rounds if keep_colours else set()  # every colour free there
    colour_rounds = set() if keep_colours else colour_rounds | free_rounds
    part = _Part()
    m = part.model
    hints: dict[int, int] = {}  # the grid as a hint, by variable index (every variable gets one)

    def hinted(lit: Lit) -> int:
        if isinstance(lit, bool):
            return int(lit)
        index = lit.index
        return hints[index] if index >= 0 else 1 - hints[-index - 1]

    settings = match.rules
    everybody = set(range(n))
    freed_a = [everybody if r in free_rounds else set((free_players or {}).get(r, ())) for r in range(rounds)]
    freed_b = [{grid.opp[r][a] for a in freed_a[r]} for r in range(rounds)]
    times = 2 if match.double else 1  # meetings of each pair (a double round: once with each colour)
    met: dict[tuple[int, int], list[int]] = {}  # each pair's rounds in the fixed games
    for r in range(rounds):
        for a, b in enumerate(grid.opp[r]):
            if a in freed_a[r]:
                continue
            met.setdefault((a, b), []).append(r)
            if len(met[a, b]) > times:
                return PartResult(None, "infeasible", 0.0, "a pair meets too often in the fixed games")
    need = {(a, b): times - len(met.get((a, b), ())) for a in range(n) for b in range(n)}
    todo = [pair for pair, count in need.items() if count]
    if sum(need.values()) != sum(len(f) for f in freed_a):
        return PartResult(None, "infeasible", 0.0, "the freed games cannot hold the pairs left")
    # Requests on the pairings: a meeting fixes its round (one of the two, in a double round), an
    # avoid removes rounds.
    allowed: dict[tuple[int, int], set[int]] = {
        (a, b): {r for r in range(rounds) if a in freed_a[r] and b in freed_b[r]} for a, b in todo
    }
    forced: set[tuple[int, int, int]] = set()
    for meet in match.meets:
        r, pair = meet.round - 1, (meet.a - 1, meet.b - 1)
        if pair[0] in freed_a[r]:
            if pair not in allowed or r not in allowed[pair]:
                return PartResult(None, "infeasible", 0.0, f"{meet.describe()}: the pair met elsewhere")
            if times == 1:
                allowed[pair] = {r}
            forced.add((r, *pair))
        elif grid.opp[r][pair[0]] != pair[1]:
            return PartResult(None, "infeasible", 0.0, f"{meet.describe()}: not in the fixed games")
    for avoid in match.avoids:
        pair = (avoid.a - 1, avoid.b - 1)
        for rr in avoid.rounds:
            if pair[0] in freed_a[rr - 1]:
                if pair in allowed:
                    allowed[pair].discard(rr - 1)
            elif grid.opp[rr - 1][pair[0]] == pair[1]:
                return PartResult(None, "infeasible", 0.0, f"{avoid.describe()}: broken by the fixed games")
    # Building the model is not interrupted by the budget: one that cannot even be built in it is not
    # started (a repair freeing most games of 100 boards built 275,000 meetings for 14 s past its time).
    size = sum(len(where) for where in allowed.values())
    if size > BUILD_RATE * budget.seconds:
        return PartResult(None, "unknown", 0.0, f"{size} meetings: too large to build in {budget.seconds:.1f} s")
    by_a: dict[tuple[int, int], list[cp_model.IntVar]] = {}
    by_b: dict[tuple[int, int], list[cp_model.IntVar]] = {}
    for (a, b), where in allowed.items():
        if not where:
            return PartResult(None, "infeasible", 0.0, f"A{a + 1} and B{b + 1} have no round left to meet")
        lits = []
        for r in sorted(where):
            x = m.new_bool_var(f"meet[r{r + 1},A{a + 1},B{b + 1}]")
            hints[x.index] = grid.opp[r][a] == b
            part.meet[r, a, b] = x
            by_a.setdefault((r, a), []).append(x)
            by_b.setdefault((r, b), []).append(x)
            lits.append(x)
            if (r, a, b) in forced:
                m.add_bool_or([x])
        if need[a, b] == 1:
            m.add_exactly_one(lits)
        else:
            m.add(sum(lits) == need[a, b])
    for r in range(rounds):
        for key, players in ((by_a, freed_a[r]), (by_b, freed_b[r])):
            for p in players:
                if (r, p) not in key:
                    return PartResult(None, "infeasible", 0.0, f"a freed player has nobody to meet in round {r + 1}")
                m.add_exactly_one(key[r, p])
    # Colours: a variable per A player and round of the window, and per freed game; B players' colours follow.
    a_col: list[list[Lit]] = [[grid.white[r][a] for a in range(n)] for r in range(rounds)]
    b_col: list[list[Lit]] = [[False] * n for _ in range(rounds)]
    for r in range(rounds):
        if keep_colours and r in open_rounds:
            chosen = everybody
        elif keep_colours:  # a fixed game's colours change only when both its players' may
            chosen = {a for a in colour_a if r >= played_rounds and (a in freed_a[r] or grid.opp[r][a] in colour_b)}
        else:
            chosen = everybody if r in colour_rounds else freed_a[r]
        for a in chosen:
            part.a_white[r, a] = m.new_bool_var(f"a_white[r{r + 1},A{a + 1}]")
            hints[part.a_white[r, a].index] = grid.white[r][a]
            a_col[r][a] = part.a_white[r, a]
        inverse = grid.inverse(r)
        for b in range(n):
            if keep_colours and b in freed_b[r] and (b not in colour_b or r < played_rounds) and r not in open_rounds:
                b_col[r][b] = not grid.white[r][inverse[b]]
            elif b in freed_b[r]:
                w = m.new_bool_var(f"b_white[r{r + 1},B{b + 1}]")
                hints[w.index] = not grid.white[r][inverse[b]]
                b_col[r][b] = w
            else:
                b_col[r][b] = negate(a_col[r][inverse[b]])
    for (r, a, b), x in part.meet.items():
        # In a game exactly one player has White.
        add_clause(m, [~x, negate(a_col[r][a]), negate(b_col[r][b])])
        add_clause(m, [~x, a_col[r][a], b_col[r][b]])
    if times == 2 and not _once_with_each_colour(m, part, a_col, met, hints, hinted):
        return PartResult(None, "infeasible", 0.0, "a pair has one colour in both its fixed games")
    if keep_colours:
        colour_rounds = {r for r, _a in part.a_white}
    else:
        colour_rounds = {r for r in range(rounds) if r in colour_rounds or freed_a[r]}
    # Colour requests and the White of a requested meeting.
    for meet in match.meets:
        if meet.white is not None and (meet.round - 1 in colour_rounds or keep_colours):
            lit = a_col[meet.round - 1][meet.a - 1]
            if not add_clause(m, [lit if meet.white is Team.A else negate(lit)]):
                return PartResult(None, "infeasible", 0.0, f"{meet.describe()}: the fixed colours are the other way")
    for wish in match.colours:
        r = wish.round - 1
        lit = a_col[r][wish.player.number - 1] if wish.player.team is Team.A else b_col[r][wish.player.number - 1]
        if not add_clause(m, [lit if wish.colour is Colour.WHITE else negate(lit)]):
            return PartResult(None, "infeasible", 0.0, f"{wish.describe()}: the fixed colour is the other")
    rows = [[a_col[r][a] for r in range(rounds)] for a in range(n)] + [
        [b_col[r][b] for r in range(rounds)] for b in range(n)
    ]
    # Rules 1-3 hold except where ``relaxed`` rules are already broken by the played rounds alone:
    # a player already over its share of one colour (rule 1), a run inside the played rounds
    # (rule 2), a played round's board balance (rule 3).  Everything the search can still change
    # keeps the rule, so the excess is exactly the played rounds' (see solver/scale/driver.py).
    played = len(match.played)
    fewest, most = rounds // 2, (rounds + 1) // 2  # a player's Whites (rule 1)
    if settings.colour_balance and colour_excess is not None:
        if not _colour_balance_within(m, rows, fewest, most, colour_excess):
            return PartResult(None, "infeasible", 0.0, "the fixed players are out of colour balance")
    elif settings.colour_balance:
        for row in rows:
            const = sum(1 for lit in row if lit is True)
            free = [lit for lit in row if not isinstance(lit, bool)]
            if Rule.COLOUR_BALANCE in relaxed and max(_count(row[:played], True), _count(row[:played], False)) > most:
                continue
            if not free:
                if not fewest <= const <= most:
                    return PartResult(None, "infeasible", 0.0, "a fixed player is out of colour balance")
                continue
            m.add_linear_constraint(sum(free), fewest - const, most - const)
    low, high = n // 2, (n + 1) // 2  # team A's Whites in a round (rule 3)
    run = settings.max_run
    if run > 0:
        for row in rows:
            for start in range(rounds - run):
                if Rule.NO_THREE_IN_A_ROW in relaxed and start + run < played:
                    continue
                window = row[start : start + run + 1]
                if not add_clause(m, window) or not add_clause(m, [negate(lit) for lit in window]):
                    return PartResult(None, "infeasible", 0.0, "a fixed run of one colour is too long")
    if settings.board_balance and Rule.BOARD_BALANCE in relaxed:
        _relaxed_board_balance(m, part, grid, a_col, colour_rounds, board_excess)
    elif settings.board_balance:
        if any(not low <= sum(grid.white[r]) <= high for r in range(rounds) if r not in colour_rounds):
            return PartResult(None, "infeasible", 0.0, "a fixed round is out of board balance")
        for r in colour_rounds:
            fixed_whites = sum(1 for a in range(n) if a_col[r][a] is True)
            m.add_linear_constraint(
                sum(part.a_white[r, a] for a in range(n) if (r, a) in part.a_white),
                low - fixed_whites,
                high - fixed_whites,
            )
        total = n * rounds
        const = sum(1 for r in range(rounds) for a in range(n) if a_col[r][a] is True)
        m.add_linear_constraint(sum(part.a_white.values()), total // 2 - const, (total + 1) // 2 - const)
    # Breaks: a literal per player and pair of neighbouring rounds touching the window.
    for row in rows:
        for r in range(rounds - 1):
            now, nxt = row[r], row[r + 1]
            if isinstance(now, bool) and isinstance(nxt, bool):
                part.fixed_breaks += now == nxt
            elif isinstance(now, bool):
                part.breaks.append(nxt if now else negate(nxt))
            elif isinstance(nxt, bool):
                part.breaks.append(now if nxt else negate(now))
            else:
                brk = m.new_bool_var("")
                hints[brk.index] = hinted(now) == hinted(nxt)
                m.add_bool_or([~brk, ~now, nxt])
                m.add_bool_or([~brk, now, ~nxt])
                m.add_bool_or([brk, now, nxt])
                m.add_bool_or([brk, ~now, ~nxt])
                part.breaks.append(brk)
    # The total of breaks is even (docs/bounds.md, fact 1): the free part's parity is fixed.
    half = m.new_int_var(0, (len(part.breaks) + part.fixed_breaks) // 2 + 1, "half")
    hints[half.index] = (sum(hinted(lit) for lit in part.breaks) + part.fixed_breaks) // 2
    m.add(sum(part.breaks) + part.fixed_breaks == 2 * half)
    if at_most is not None:
        m.add(sum(part.breaks) <= at_most - part.fixed_breaks)
    if match.rules.objective != "none" and minimise:
        m.minimize(sum(part.breaks))
    for index, value in hints.items():
        m.add_hint(m.get_int_var_from_proto_index(index), value)
    solver = new_solver(
        workers=budget.workers, seed=budget.seed, seconds=max(budget.seconds, 0.01), work=max(budget.work, 0.001)
    )
    status = stop.solve(solver, m)
    work = solver.deterministic_time
    if status == cp_model.INFEASIBLE:
        return PartResult(None, "infeasible", work)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return PartResult(None, "unknown", work)
    out = grid.copy()
    for (r, a, b), x in part.meet.items():
        if solver.boolean_value(x):
            out.opp[r][a] = b
    for (r, a), w in part.a_white.items():
        out.white[r][a] = solver.boolean_value(w)
    return PartResult(out, "optimal" if status == cp_model.OPTIMAL else "feasible", work)


def _spent(left: float, work: float | None, used: float) -> bool:
    """Whether a repair must stop: no wall time ``left``, its work limit used up, or an interrupt."""
    return left <= 0 or (work is not None and used >= work) or stop.requested()


def _work_cap(cap: float, work: float | None, used: float) -> float:
    """A sub-solve's deterministic time: ``cap``, or what is left of the repair's work limit when that
    is less (at least 0.001)."""
    return cap if work is None else max(min(cap, work - used), 0.001)


#: The wall seconds of a sub-solve looking for a first solution, when no work limit is given.
FIRST_WALL = 2.0


def _first_wall(left: float, work: float | None) -> float:
    """The wall time of a sub-solve looking for a first solution: what is left, at most
    :data:`FIRST_WALL`; under a work limit no wall cap of its own, so that one worker gives one answer."""
    return left if work is not None else min(left, FIRST_WALL)


# --------------------------------------------------------------------------- checks on a grid


def row_keeps_rules(row: list[bool], colour_balance: bool, max_run: int, first: int = 0) -> bool:
    """One player's colours keep rule 1 (Whites and Blacks within one, when ``colour_balance``) and
    rule 2 (no ``max_run`` + 1 games of one colour running, in the windows starting from ``first``)."""
    if colour_balance and abs(2 * sum(row) - len(row)) > 1:
        return False
    return max_run <= 0 or all(len(set(row[s : s + max_run + 1])) > 1 for s in range(first, len(row) - max_run))


def rules_kept(match: Match, grid: Grid) -> bool:
    """Rules 0-3 and every request, checked directly on the grid (the verifier checks again later)."""
    n, rounds = grid.n, grid.rounds
    seen: dict[tuple[int, int], set[bool]] = {}  # each pair's A colours, one a meeting
    for r in range(rounds):
        if sorted(grid.opp[r]) != list(range(n)):
            return False
        for a, b in enumerate(grid.opp[r]):
            seen.setdefault((a, b), set()).add(grid.white[r][a])
    # n^2 pairs seen in the n * rounds games: each pair exactly once in a single round; in a double
    # round (2n^2 games) each pair with both colours, so exactly twice, once with each.
    if len(seen) != n * n or (match.double and any(len(colours) != 2 for colours in seen.values())):
        return False
    a_rows, b_rows = grid.colours()
    settings = match.rules
    if not all(row_keeps_rules(row, settings.colour_balance, settings.max_run) for row in (*a_rows, *b_rows)):
        return False
    if settings.board_balance:
        if any(not n // 2 <= sum(grid.white[r]) <= (n + 1) // 2 for r in range(rounds)):
            return False
        total = sum(map(sum, grid.white))
        if not (n * rounds) // 2 <= total <= (n * rounds + 1) // 2:
            return False
    return all(request_kept(q, grid) for q in match.requests())


# --------------------------------------------------------------------------- repair


def with_played(match: Match, grid: Grid) -> Grid:
    """The grid with the played rounds written in exactly."""
    out = grid.copy()
    played = played_grid(match.played, match.boards)
    for r in range(len(match.played)):
        out.opp[r] = list(played.opp[r])
        out.white[r] = list(played.white[r])
    return out


def damaged_rounds(match: Match, grid: Grid) -> set[int]:
    """Unplayed rounds whose pairings must change: pairs met too often (in a double round, also twice
    with one colour), unkept meetings and avoids."""
    k = len(match.played)
    bad: set[int] = set()
    times = 2 if match.double else 1
    meetings: dict[tuple[int, int], list[int]] = {}
    for r in range(grid.rounds):
        for a, b in enumerate(grid.opp[r]):
            meetings.setdefault((a, b), []).append(r)
    for (a, _b), where in meetings.items():
        # Too many meetings, or in a double round two with the same colours: all of them.
        if len(where) > times or (len(where) == 2 == times and len({grid.white[r][a] for r in where}) == 1):
            bad.update(where)
    for meet in match.meets:
        r = meet.round - 1
        if grid.opp[r][meet.a - 1] != meet.b - 1:
            bad.add(r)
            bad.update(s for s in range(grid.rounds) if grid.opp[s][meet.a - 1] == meet.b - 1)
    for avoid in match.avoids:
        bad.update(r - 1 for r in avoid.rounds if grid.opp[r - 1][avoid.a - 1] == avoid.b - 1)
    return {r for r in bad if r >= k}


def repair(
    match: Match,
    grid: Grid,
    deadline: float,
    work: float | None,
    workers: int,
    seed: int,
    relaxed: frozenset[Rule] = frozenset(),
    board_excess: int = 0,
) -> tuple[Grid | None, float]:
    """A schedule keeping every request and rules 0-3, as near ``grid`` as found; (None, work) if none.

    Frees the damaged rounds' pairings and every unplayed round's colours; while that part has no
    solution (or none is found in its share of the time), frees more unplayed rounds, chosen from
    the seed, up to all of them (:func:`repair_by_rounds`).  After played rounds that flip players'
    colours against the image, :func:`exchange_phases` (after a swap of opponents), then
    :func:`repair_scattered` and :func:`repair_pairings` (in the order the module docstring gives), the
    best kept; when neither finds a schedule, and after
    other deviations, the round-freeing repair, found in a third of the time and work, is the
    fallback: :func:`repair_pairings` then has most of what is left, and the better of the two is
    returned.
    """
    k = len(match.played)
    current = with_played(match, grid)
    if not relaxed and rules_kept(match, current):
        return current, 0.0
    if not k:
        return repair_by_rounds(match, grid, current, deadline, work, workers, seed, relaxed, board_excess)
    used = 0.0
    flipped = flipped_players(match, grid, current)
    # The repairs for flipped players reason about a single round (each pair meets once); a double
    # round goes to the round-freeing repair and the windows below.
    if (flipped[0] or flipped[1]) and not match.double:
        options: list[Grid] = []
        # Two kinds of repair, the better kept.  After a swap of opponents (one team's players flipped)
        # the windows first, on a share: they are quick where they work (up to 30 boards, and after
        # most swaps), and scattered rounds only when they end above the image's breaks plus two a
        # flipped player.  After colours reversed (both teams' players flipped) scattered rounds
        # first, on most of the time (at 40-60 boards the only part solved in it), then the windows.
        enough = grid.breaks() + 2 * (len(flipped[0]) + len(flipped[1]))

        def attempt(repair: Callable[..., tuple[Grid | None, float]], lead: tuple[object, ...], share: float) -> None:
            """One kind of repair (``lead``: its arguments before the deadline) on ``share`` of what is left."""
            nonlocal used
            end = time.monotonic() + (deadline - time.monotonic()) * share
            budget = None if work is None else max((work - used) * share, 0.001)
            found, more = repair(*lead, end, budget, workers, seed, relaxed, board_excess)
            used += more
            if found is not None:
                options.append(found)

        windows = (repair_pairings, (match, grid, current))
        scattered = (repair_scattered, (match, grid, current, flipped))
        both = bool(flipped[0]) and bool(flipped[1])
        large = match.boards >= LARGE_DEVIATION_BOARDS
        if not both:
            # After a swap of opponents the two flipped team mates exchange their games in a few
            # rounds, found in a few tenths of a second at any size (16-100 boards: the image's breaks
            # plus two to six), so that there is an answer before the repairs below look for a better
            # one (80-100 boards, 12 seeded swaps: they had answered 4 in the time).
            attempt(exchange_phases, (match, current, flipped), EXCHANGE_SHARE)
        if both and large:
            # Colours reversed in a large match: the colours of the first unplayed rounds chosen
            # again, pairings kept, is found at once (80-100 boards: a tenth of a second, 16 breaks
            # above the image at 80), where scattered rounds often found nothing in the time.
            attempt(recolour_opening, (match, current), 1.0)
        # Scattered rounds first after colours reversed, and in a large match after a swap as well:
        # the windows that repair a swap at 60 boards must be some 25 rounds wide at 90 and were not
        # solved in the time (80-100 boards, 12 seeded swaps: 4 answered against 3).
        steps = (
            ((scattered, SCATTERED_SHARE), (windows, 0.85))
            if both or large
            else ((windows, WINDOWS_SHARE), (scattered, 0.85))
        )
        for (repair, lead), share in steps:
            if not options or min(g.breaks() for g in options) > enough:
                attempt(repair, lead, share)
        if options:
            return min(options, key=lambda g: g.breaks()), used

    def run(repair: Callable[..., tuple[Grid | None, float]], end: float, budget: float | None) -> Grid | None:
        """``repair`` from the current schedule until ``end`` with ``budget`` work; its work is counted."""
        nonlocal used
        found, more = repair(match, grid, current, end, budget, workers, seed, relaxed, board_excess)
        used += more
        return found

    third = time.monotonic() + (deadline - time.monotonic()) / 3
    fallback = run(repair_by_rounds, third, None if work is None else max(work / 3 - used, 0.001))
    # Most of what is left, but not all: when no window is solved, the search improves the fallback.
    share = time.monotonic() + (deadline - time.monotonic()) * 0.85
    found = run(repair_pairings, share, None if work is None else max(work - used, 0.0))
    options = [g for g in (found, fallback) if g is not None]
    if options:
        return min(options, key=lambda g: g.breaks()), used
    again = run(repair_by_rounds, deadline, None if work is None else max(work - used, 0.001))
    return again, used


def repair_by_rounds(
    match: Match,
    grid: Grid,
    current: Grid,
    deadline: float,
    work: float | None,
    workers: int,
    seed: int,
    relaxed: frozenset[Rule] = frozenset(),
    board_excess: int = 0,
) -> tuple[Grid | None, float]:
    """The damaged rounds and the affected players' games freed, then more and more rounds (see
    :func:`repair`); ``current`` is the image ``grid`` with the played rounds written in."""
    rng = random.Random(seed)
    k = len(match.played)
    used = 0.0
    unplayed = list(range(k, grid.rounds))
    free = damaged_rounds(match, current)
    a_players, b_players = affected_players(match, grid, current)
    # First the damaged rounds and every game of the players the damage touches, with the colours
    # near the damage (and just after the played rounds), which keeps the rest of the image; then
    # wider colour windows; then more rounds' pairings, chosen from the seed.
    near = {s for r in free | {k} for s in (r - 1, r, r + 1) if k <= s < grid.rounds}
    near |= {wish.round - 1 for wish in match.colours} | {m.round - 1 for m in match.meets}
    near &= set(unplayed)
    wider = {s for r in near for s in range(r - 3, r + 4) if k <= s < grid.rounds}
    games = players_games(current, unplayed, a_players, b_players)
    stages: list[tuple[set[int], set[int], dict[int, set[int]]]] = [
        (set(free), near, games),
        (set(free), wider, games),
    ]
    while True:
        left = deadline - time.monotonic()
        if _spent(left, work, used):
            return None, used
        if stages:
            free, colours, games = stages.pop(0)
        else:
            rest = [r for r in unplayed if r not in free]
            if not rest:
                return None, used
            free = free | set(rng.sample(rest, min(max(2, len(free)), len(rest))))
            colours = {s for r in free | near for s in (r - 1, r, r + 1) if k <= s < grid.rounds}
        everything = free >= set(unplayed)
        cap = 1e9 if everything else 2.0 + 0.5 * len(free)
        if work is not None:
            cap = min(cap, max(work - used, 0.001))
        budget = Budget(left if everything else left / 2, cap, workers, seed)
        result = solve_part(
            match, current, free, colours, budget, free_players=games, relaxed=relaxed, board_excess=board_excess
        )
        used += result.work
        if result.grid is not None:
            return result.grid, used


def flipped_players(match: Match, image: Grid, current: Grid) -> tuple[set[int], set[int]]:
    """The A and B players (0-based) whose colour in some played round differs from the image's."""
    image_a, image_b = image.colours()
    now_a, now_b = current.colours()
    rounds = range(len(match.played))
    return (
        {p for p in range(image.n) if any(image_a[p][r] != now_a[p][r] for r in rounds)},
        {p for p in range(image.n) if any(image_b[p][r] != now_b[p][r] for r in rounds)},
    )


def scattered_rounds(
    match: Match, current: Grid, flipped: tuple[set[int], set[int]]
) -> tuple[set[int], list[list[int]]]:
    """The rounds a flipped player's colour change at the first unplayed round ``d`` needs freed.

    Returns the core (``d``, the damaged rounds and the unplayed rounds where a flipped A player meets a
    flipped B player: both changed colour, so they can meet in ``d``) and, for each flipped player,
    the unplayed rounds after ``d`` where it meets somebody whose colour in ``d`` goes with its own
    changed colour there: moving that meeting into ``d`` is the start of every repair that keeps
    the others' colours.
    """
    k = len(match.played)
    a_rows, b_rows = current.colours()
    inverse = [current.inverse(r) for r in range(current.rounds)]
    core = {k} | damaged_rounds(match, current)
    core |= {r for r in range(k, current.rounds) for a in flipped[0] if current.opp[r][a] in flipped[1]}
    options: list[list[int]] = []
    for p in sorted(flipped[0]):
        options.append([s for s in range(k + 1, current.rounds) if b_rows[current.opp[s][p]][k] == a_rows[p][k]])
    for p in sorted(flipped[1]):
        options.append([s for s in range(k + 1, current.rounds) if a_rows[inverse[s][p]][k] == b_rows[p][k]])
    return core, [o for o in options if o]


def repair_scattered(
    match: Match,
    image: Grid,
    current: Grid,
    players: tuple[set[int], set[int]],
    deadline: float,
    work: float | None,
    workers: int,
    seed: int,
    relaxed: frozenset[Rule] = frozenset(),
    board_excess: int = 0,
) -> tuple[Grid | None, float]:
    """Re-pair a few scattered unplayed rounds with every colour kept but the flipped players'.

    The rounds are the first unplayed one, those :func:`scattered_rounds` names (one of each flipped
    player's options, drawn from the seed) and a few more drawn from the seed, more with each try.
    Most such parts are infeasible, proved at once; the first solution found is re-solved for fewest
    breaks on the same rounds, then searched from: parts of the same kind plus the rounds where a
    flipped player's colour differs from the image's, with at most the best's breaks.  Stops at the
    image's breaks plus two a flipped player, after :data:`SCATTERED_TRIES` draws without a first
    solution, at the deadline or the work limit; (None, work) when no solution was found.
    """
    flipped = players
    rng = random.Random(seed)
    k = len(match.played)
    unplayed = list(range(k, current.rounds))
    if not unplayed:
        return None, 0.0
    core, options = scattered_rounds(match, current, flipped)
    used = 0.0
    best: Grid | None = None
    tries = 0
    enough = image.breaks() + 2 * (len(flipped[0]) + len(flipped[1]))
    image_a, image_b = image.colours()
    while best is None or best.breaks() > enough:
        left = deadline - time.monotonic()
        if _spent(left, work, used):
            break
        extra = min(4 + 2 * (tries // 6), len(unplayed))
        tries += 1
        free = set(core)
        for option in options:
            free.add(rng.choice(option))
        if best is not None:
            # From the best so far: the rounds where a flipped player's colour differs from the image,
            # so that its changes can move to where they cost less.
            now_a, now_b = best.colours()
            free |= {
                r
                for rows, now, team in ((image_a, now_a, flipped[0]), (image_b, now_b, flipped[1]))
                for p in team
                for r in unplayed
                if rows[p][r] != now[p][r]
            }
            extra = rng.choice((2, 4, 6))
        rest = [r for r in unplayed if r not in free]
        free |= set(rng.sample(rest, min(extra, len(rest))))
        cap = _work_cap(0.5, work, used)
        if best is not None:
            result = solve_part(
                match,
                best,
                free,
                set(),
                Budget(left, cap, workers, rng.randrange(1 << 30)),
                best.breaks(),
                relaxed=relaxed,
                board_excess=board_excess,
                colour_players=flipped,
            )
            used += result.work
            if result.grid is not None and result.grid.breaks() < best.breaks():
                best = result.grid
            continue
        result = solve_part(
            match,
            current,
            free,
            set(),
            Budget(_first_wall(left, work), cap, workers, rng.randrange(1 << 30)),
            relaxed=relaxed,
            board_excess=board_excess,
            colour_players=flipped,
            minimise=False,
        )
        used += result.work
        if result.grid is None:
            if (free >= set(unplayed) and result.status == "infeasible") or tries >= SCATTERED_TRIES:
                break  # every unplayed round freed and no solution, or many tries without one
            continue
        polish = _work_cap(2 * cap, work, used)
        again = solve_part(
            match,
            result.grid,
            free,
            set(),
            Budget(max(deadline - time.monotonic(), 0.01), polish, workers, seed),
            result.grid.breaks(),
            relaxed=relaxed,
            board_excess=board_excess,
            colour_players=flipped,
        )
        used += again.work
        best = again.grid if again.grid is not None else result.grid
    return best, used


#: Tries of :func:`repair_scattered` without a solution before it gives up (small matches: see the docstring).
SCATTERED_TRIES = 24

#: Shares of the repair's time and work for the first of the two repairs when players are flipped: the
#: windows after a swap of opponents, scattered rounds after colours reversed (:func:`repair`); the
#: second has 85% of what is left.  Measured: benchmarks/results/custom_scale_deviation*.md.
WINDOWS_SHARE = 0.35
SCATTERED_SHARE = 0.75


#: From this many boards a deviation is repaired with scattered rounds first, whatever it flipped (the
#: windows that repair a swap of opponents at 60 boards must be some 25 rounds wide at 90 and are not
#: solved in the time), and colours reversed get :func:`recolour_opening` first.
LARGE_DEVIATION_BOARDS = 70
#: Share of the repair's time and work for :func:`exchange_phases` (it stops at its first schedule).
EXCHANGE_SHARE = 0.5
#: Widths of the windows :func:`recolour_opening` tries.
OPENING_WIDTHS = (2, 3, 4, 6)


def recolour_opening(
    match: Match,
    current: Grid,
    deadline: float,
    work: float | None,
    workers: int,
    seed: int,
    relaxed: frozenset[Rule] = frozenset(),
    board_excess: int = 0,
) -> tuple[Grid | None, float]:
    """After colours reversed in the last played round: every colour of the first few unplayed rounds
    chosen again, every pairing kept (:func:`solve_part`, colours only, fewest breaks found in a short
    budget).  ``current`` is the image with the played rounds written in.

    The flipped players must change colour in the first unplayed round; with every colour of a few
    rounds free their opponents and team mates can follow, at the cost of a few breaks more than the
    repairs that re-pair rounds reach when they have the time.  (None, work) when no width works.
    """
    k = len(match.played)
    used = 0.0
    for width in OPENING_WIDTHS:
        left = deadline - time.monotonic()
        if _spent(left, work, used):
            break
        window = set(range(k, min(k + width, current.rounds)))
        cap = _work_cap(0.5, work, used)
        result = solve_part(
            match,
            current,
            set(),
            window,
            Budget(_first_wall(left, work), cap, workers, seed),
            relaxed=relaxed,
            board_excess=board_excess,
        )
        used += result.work
        if result.grid is not None:
            return result.grid, used
    return None, used


#: Exchanges of at most this many rounds are tried first by :func:`exchange_phases`, cheapest in breaks
#: first, then the longer ones (fewer breaks, but a part too large to solve at 80-100 boards).
SHORT_EXCHANGE = 8
#: Exchanges that :func:`exchange_phases` re-pairs before giving up, and the plans it checks
#: (:func:`everyone_met`) to find that many.
EXCHANGE_TRIES = 6
EXCHANGE_CHECKS = 60


def exchange_plans(
    match: Match, rows: list[list[bool]], first: int, p: int, q: int, relaxed: frozenset[Rule]
) -> Iterator[tuple[int, list[int]]]:
    """The sets of unplayed rounds in which two team mates ``p`` and ``q`` may exchange their colours,
    as (their breaks after the exchange, the rounds), in the order :func:`exchange_phases` tries them:
    those of at most :data:`SHORT_EXCHANGE` rounds first, then the others (listed only when asked
    for), each kind cheapest first, then shortest.

    A set is the rounds from ``first`` (the first unplayed one) up to some round and from a later
    round to the end, either part possibly empty: an exchange reaching the end costs one change of
    colour fewer than one in the middle.  Only sets after which both players keep rule 1 and rule 2
    (in the unplayed rounds) are listed.
    """
    total = len(rows[p])
    run = match.rules.max_run
    balance = match.rules.colour_balance and Rule.COLOUR_BALANCE not in relaxed

    def fits(row: list[bool]) -> bool:
        return row_keeps_rules(row, balance, run, max(0, first - run))

    def plans(short: bool) -> list[tuple[int, int, list[int]]]:
        found = []
        for end in range(first, total + 1):
            for again in range(end, total + 1):
                size = end - first + total - again
                if size == 0 or (size <= SHORT_EXCHANGE) != short:
                    continue
                rounds = [*range(first, end), *range(again, total)]
                new_p, new_q = list(rows[p]), list(rows[q])
                for r in rounds:
                    new_p[r], new_q[r] = rows[q][r], rows[p][r]
                if fits(new_p) and fits(new_q):
                    cost = sum(row[r] == row[r + 1] for row in (new_p, new_q) for r in range(total - 1))
                    found.append((cost, size, rounds))
        return sorted(found, key=lambda plan: plan[:2])

    for short in (True, False):
        for cost, _size, rounds in plans(short):
            yield cost, rounds


def can_meet_everyone(own: list[bool], others: list[list[bool]], met: set[int], first: int) -> bool:
    """Whether a player with colours ``own`` can meet every opponent not in ``met`` in its own unplayed
    round (from ``first``) where the two have opposite colours (``others``: the opponents' rows):
    Hall's condition, by a maximum matching of opponents to rounds."""
    todo = [o for o in range(len(others)) if o not in met]
    graph = nx.Graph()
    graph.add_nodes_from(("o", o) for o in todo)
    graph.add_edges_from((("o", o), ("r", r)) for o in todo for r in range(first, len(own)) if others[o][r] != own[r])
    matching = nx.bipartite.hopcroft_karp_matching(graph, top_nodes=[("o", o) for o in todo])
    return all(("o", o) in matching for o in todo)


def everyone_met(grid: Grid, a_players: set[int], b_players: set[int], first: int) -> bool:
    """Whether each of the given players can still meet everyone it has not met in the rounds before
    ``first``, in a round from ``first`` where the two have opposite colours in ``grid``
    (:func:`can_meet_everyone`)."""
    rows_a, rows_b = grid.colours()
    checks = [(rows_a[a], rows_b, {grid.opp[r][a] for r in range(first)}) for a in a_players]
    checks += [(rows_b[b], rows_a, {grid.inverse(r)[b] for r in range(first)}) for b in b_players]
    return all(can_meet_everyone(own, others, met, first) for own, others, met in checks)


def exchange_phases(
    match: Match,
    current: Grid,
    flipped: tuple[set[int], set[int]],
    deadline: float,
    work: float | None,
    workers: int,
    seed: int,
    relaxed: frozenset[Rule] = frozenset(),
    board_excess: int = 0,
) -> tuple[Grid | None, float]:
    """After two boards swapped opponents across colours (two players of one team flipped): the two
    flipped team mates exchange their games, opponents and colours, in a few unplayed rounds, and the
    pairs that then meet twice are re-paired with every colour kept.

    In a design where nearly everybody alternates, the two flipped players had opposite colours in the
    deviating round, so each now alternates in the other's phase: it must change colour in the first
    unplayed round, and can then meet only the other's kind of opponents.  Exchanging the two
    players' games from that round on gives each the colours it needs for a while; the exchange ends
    where their colours fit again, and starts again near the end so that each meets as many opponents
    of each kind as it has left (:func:`everyone_met` checks that before any model is built).  The
    pairs the exchange makes meet twice are then re-paired in the exchanged and damaged rounds alone,
    every player keeping its colour in every round (:func:`solve_part` with no colour free: a matching
    problem whose solutions all have the exchanged grid's breaks).  A short exchange costs a few breaks
    more than a long one, but its part is small: 80-100 boards, some ten rounds solved in a few tenths
    of a second, where the long exchange (a part of some 35 rounds) was not solved in 30 s.  After
    colours reversed (players of both teams flipped) no exchange of this shape lets the flipped players
    meet everyone (80 boards), so none is tried.  (None, work) when no exchange works.
    """
    k = len(match.played)
    teams = [team for team in flipped if team]
    if not k or len(teams) != 1 or len(teams[0]) != 2:
        return None, 0.0
    p, q = sorted(teams[0])
    a_rows, b_rows = current.colours()
    rows = a_rows if flipped[0] else b_rows
    a_pair, b_pair = ({p, q}, set()) if flipped[0] else (set(), {p, q})
    used = 0.0
    tries = 0
    for checked, (_cost, rounds) in enumerate(exchange_plans(match, rows, k, p, q, relaxed)):
        left = deadline - time.monotonic()
        if _spent(left, work, used):
            break
        if tries >= EXCHANGE_TRIES or checked >= EXCHANGE_CHECKS:
            break
        grid = swap_roles(current, rounds, a_pair, b_pair)
        if not everyone_met(grid, a_pair, b_pair, k):
            continue
        tries += 1
        free = set(rounds) | damaged_rounds(match, grid)
        cap = _work_cap(1.0, work, used)
        result = solve_part(
            match,
            grid,
            free,
            set(),
            Budget(_first_wall(left, work), cap, workers, seed),
            relaxed=relaxed,
            board_excess=board_excess,
            colour_players=(set(), set()),
            minimise=False,
        )
        used += result.work
        if result.grid is not None:
            return result.grid, used
    return None, used


#: Window widths (unplayed rounds from the first one) tried by :func:`repair_pairings`, then all of them.
WINDOWS = (2, 4, 6, 8, 12, 16, 24, 32, 48)


def repair_pairings(
    match: Match,
    image: Grid,
    current: Grid,
    deadline: float,
    work: float | None,
    workers: int,
    seed: int,
    relaxed: frozenset[Rule] = frozenset(),
    board_excess: int = 0,
) -> tuple[Grid | None, float]:
    """After played rounds that deviate from the image: re-pair a growing window of rounds, colours kept.

    ``current`` is the image with the played rounds written in.  Every player keeps the image's
    colour in every unplayed round except the *flipped* players (a played colour differs from the
    image's: both players of a game played with colours reversed, or the B players of two games
    whose opponents were swapped across colours), whose colours are free; the pairings of the
    damaged rounds and of the first w unplayed rounds are re-solved (a matching of players of
    opposite colours, :func:`solve_part` with ``colour_players``), for w = 2, 4, 8, ... up to every
    unplayed round.  Only the flipped players' breaks can change, so a solution is the image's
    colours but for a few players: the narrow windows are usually infeasible, which CP-SAT proves
    at once, and the first feasible window gives a start near the plain design's breaks.
    (None, work) when no window gave a schedule in time.
    """
    k = len(match.played)
    flipped = flipped_players(match, image, current)
    unplayed = list(range(k, current.rounds))
    widths = [w for w in WINDOWS if w < len(unplayed)] + [len(unplayed)]
    affected = affected_players(match, image, current)
    wider = (flipped[0] | affected[0], flipped[1] | affected[1])
    candidates = [(current, flipped)]
    if any(len(team) == 2 for team in flipped):
        candidates.append((swap_roles(current, range(k, current.rounds), *flipped), flipped))
    if wider != flipped:
        candidates.append((current, wider))
    breakers = break_players(image, k - 1)
    extra = (wider[0] | breakers[0], wider[1] | breakers[1])
    if extra != wider:
        candidates.append((current, extra))
    opening = set(unplayed[:3])  # then every colour of the first unplayed rounds free as well
    used = 0.0
    found: list[Grid] = []
    # Good enough to stop before the wider candidates: each flipped player at most two breaks more.
    enough = current.breaks() + 2 * (len(flipped[0]) + len(flipped[1]))
    for grid, players in candidates:  # the image, the role swap, more colours free; the best found
        if found and (players is wider or players is extra) and min(g.breaks() for g in found) <= enough:
            break
        damaged = damaged_rounds(match, grid)
        window = opening if players is wider else set()
        unknown = 0
        for index, width in enumerate(widths):
            left = deadline - time.monotonic()
            if _spent(left, work, used) or unknown > 1:
                break  # two windows not solved in their share: wider ones are harder still
            cap = _work_cap(0.6, work, used)
            budget = Budget(left / max(1, min(2, len(widths) - index)), cap, workers, seed)
            free = damaged | set(unplayed[:width])
            result = solve_part(
                match,
                grid,
                free,
                window,
                budget,
                relaxed=relaxed,
                board_excess=board_excess,
                colour_players=players,
                minimise=False,
            )
            used += result.work
            unknown += result.status == "unknown"
            if result.grid is not None and time.monotonic() < deadline:
                polish, share = (cap, 0.5) if result.grid.breaks() <= enough else (4 * cap, 0.8)
                polish = _work_cap(polish, work, used)
                # Any solution first (the free players' colours may be anywhere), then fewest breaks from there.
                again = solve_part(
                    match,
                    result.grid,
                    free,
                    window,
                    # More work when the first solution is far above the image: most of the gain is here.
                    Budget(max(deadline - time.monotonic(), 0.01) * share, polish, workers, seed),
                    result.grid.breaks(),
                    relaxed=relaxed,
                    board_excess=board_excess,
                    colour_players=players,
                )
                used += again.work
                if again.grid is not None:
                    result = again
            if result.grid is not None:
                found.append(result.grid)
            if result.status == "optimal" or len(found) >= 2:  # a wider window may do better than a first solution
                break
    if not found:
        return None, used
    return min(found, key=lambda g: g.breaks()), used


def break_players(grid: Grid, first: int) -> tuple[set[int], set[int]]:
    """The A and B players (0-based) with a break in ``grid`` between rounds ``first`` and later.

    A player with a break can change colour next to it at no cost (the break moves), so these are
    the players that can make up, at little cost, the colours a deviation in the played rounds took
    from the flipped players: in a round where a flipped player's colour changes, a team mate's must
    change the other way (rule 3), and when the flipped players' own changes do not pair up so
    (a flipped player whose image had a break at the deviation), none is found among them alone.
    """
    a_rows, b_rows = grid.colours()

    def has_break(row: list[bool]) -> bool:
        return any(row[r] == row[r + 1] for r in range(max(first, 0), grid.rounds - 1))

    return (
        {p for p in range(grid.n) if has_break(a_rows[p])},
        {p for p in range(grid.n) if has_break(b_rows[p])},
    )


def swap_roles(grid: Grid, rounds: Iterable[int], a_players: set[int], b_players: set[int]) -> Grid:
    """``grid`` with two players of a team exchanging their games (opponents and colours) in ``rounds``
    (:func:`repair_pairings`: every round from the first unplayed one), for each team with exactly two
    players given; the pairs met are then repaired.

    After a colour reversal in the last played round the flipped players' colour sequences have a
    break there; in a design of alternating players two flipped players of one team had opposite
    colours, so each continuing with the other's games keeps alternating (only their pairs change).
    """
    a_map, b_map = list(range(grid.n)), list(range(grid.n))
    for team, mapping in ((a_players, a_map), (b_players, b_map)):
        if len(team) == 2:
            x, y = sorted(team)
            mapping[x], mapping[y] = y, x
    out = grid.copy()
    for r in rounds:
        for a in range(grid.n):
            out.opp[r][a_map[a]] = b_map[grid.opp[r][a]]
            out.white[r][a_map[a]] = grid.white[r][a]
    return out


def affected_players(match: Match, image: Grid, current: Grid) -> tuple[set[int], set[int]]:
    """The A and B players (0-based) the damage touches: those whose played games or colours differ
    from the image's, and those named in a request the image does not keep."""
    a_set: set[int] = set()
    b_set: set[int] = set()
    k = len(match.played)
    image_a, image_b = image.colours()
    now_a, now_b = current.colours()
    for r in range(k):
        for a in range(image.n):
            if image.opp[r][a] != current.opp[r][a]:
                a_set.add(a)
                b_set.update((image.opp[r][a], current.opp[r][a]))
        a_set.update(p for p in range(image.n) if image_a[p][r] != now_a[p][r])
        b_set.update(p for p in range(image.n) if image_b[p][r] != now_b[p][r])
    for request in match.requests():
        if request_kept(request, current):
            continue
        if isinstance(request, ColourWish):
            (a_set if request.player.team is Team.A else b_set).add(request.player.number - 1)
        elif isinstance(request, Meet | Avoid):
            a_set.add(request.a - 1)
            b_set.add(request.b - 1)
    return a_set, b_set


def players_games(grid: Grid, rounds: list[int], a_players: set[int], b_players: set[int]) -> dict[int, set[int]]:
    """For each of ``rounds``, the A players whose game involves one of the given players."""
    out: dict[int, set[int]] = {}
    for r in rounds:
        chosen = {a for a in range(grid.n) if a in a_players or grid.opp[r][a] in b_players}
        if len(chosen) > 1:
            out[r] = chosen
    return out


# --------------------------------------------------------------------------- improvement


def round_weights(grid: Grid, rounds: list[int]) -> list[int]:
    """For each of ``rounds``, one plus the breaks between it and its neighbours."""
    a_rows, b_rows = grid.colours()
    between = [sum(row[r] == row[r + 1] for row in (*a_rows, *b_rows)) for r in range(grid.rounds - 1)]
    return [1 + (between[r - 1] if r > 0 else 0) + (between[r] if r < grid.rounds - 1 else 0) for r in rounds]


def _weighted_sample(rng: random.Random, items: list[int], weights: list[int], count: int) -> set[int]:
    """``count`` distinct items, each draw in proportion to the weights of those left."""
    pool = list(zip(items, weights, strict=True))
    chosen: set[int] = set()
    while pool and len(chosen) < count:
        pick = rng.uniform(0, sum(w for _i, w in pool))
        for index, (item, w) in enumerate(pool):
            pick -= w
            if pick <= 0 or index == len(pool) - 1:
                chosen.add(item)
                pool.pop(index)
                break
    return chosen


@dataclass
class SearchLog:
    iterations: int = 0
    improvements: int = 0
    work: float = 0.0
    history: list[tuple[float, int]] = field(default_factory=list)  # (seconds, breaks) at each improvement


def improve(
    match: Match,
    grid: Grid,
    deadline: float,
    work: float | None,
    workers: int,
    seed: int,
    lower_bound: int,
    accept: Callable[[Grid], bool] | None = None,
    relaxed: frozenset[Rule] = frozenset(),
    board_excess: int = 0,
    colour_excess: int | None = None,
) -> tuple[Grid, SearchLog]:
    """Large-neighbourhood search from ``grid`` (which keeps every request and rule); never worse.

    Each step frees a few rounds' pairings (with the colours of those rounds and their
    neighbours), a few players' games, or a window of rounds' colours, chosen where the breaks
    are (after played rounds, also a window of rounds re-paired with every colour kept but those of
    the players with the most breaks); re-solves that part with at most the current breaks; and
    moves there.  ``accept`` (the
    verifier, in the designer) must approve each new best schedule.  ``colour_excess``: rule 1 may be
    broken by that many players, whichever (requests that force it, :func:`solve_part`).
    """
    rng = random.Random(seed)
    log = SearchLog()
    started = time.monotonic()
    k = len(match.played)
    unplayed = list(range(k, grid.rounds))
    best, best_breaks = grid, grid.breaks()
    current, current_breaks = grid, best_breaks
    size = {"rounds": 3, "colours": max(4, min(len(unplayed), 8)), "players": 4, "pairings": 6}
    step_work = 0.4
    if len(unplayed) < 2:
        return best, log
    while best_breaks > lower_bound:
        if time.monotonic() >= deadline or (work is not None and log.work >= work) or stop.requested():
            break
        draw = rng.random()
        kind = "rounds" if draw < 0.4 else "players" if draw < 0.75 else "colours"
        if k and rng.random() < 0.35:  # after played rounds, often a window re-paired with colours kept
            kind = "pairings"
        colour_players: tuple[set[int], set[int]] | None = None
        free: set[int]
        colours: set[int]
        # Rounds and players with many breaks are chosen more often: that is where there is something to gain.
        weight = round_weights(current, unplayed)
        games: dict[int, set[int]] = {}
        if kind == "players":
            a_rows, b_rows = current.colours()
            everybody = list(range(2 * grid.n))
            breaks_of = [1 + sum(row[r] == row[r + 1] for r in range(k, grid.rounds - 1)) for row in (*a_rows, *b_rows)]
            chosen = _weighted_sample(rng, everybody, breaks_of, size["players"])
            a_players = {p for p in chosen if p < grid.n}
            b_players = {p - grid.n for p in chosen if p >= grid.n}
            games = players_games(current, unplayed, a_players, b_players)
            free, colours = set(), set()
        elif kind == "pairings":
            # The players with the most breaks since the last played round may change colour; all
            # others keep theirs while a window of rounds is re-paired (see repair_pairings).
            a_rows, b_rows = current.colours()
            breaks_of = [sum(row[r] == row[r + 1] for r in range(k - 1, grid.rounds - 1)) for row in (*a_rows, *b_rows)]
            order = sorted(range(2 * grid.n), key=lambda p: (-breaks_of[p], rng.random()))[: size["pairings"]]
            colour_players = ({p for p in order if p < grid.n}, {p - grid.n for p in order if p >= grid.n})
            width = min(rng.choice((4, 6, 8, 12)), len(unplayed))
            first = rng.randrange(len(unplayed) - width + 1)
            free, colours = set(unplayed[first : first + width]), set()
        elif kind == "rounds":
            count = min(size["rounds"], len(unplayed))
            if rng.random() < 0.3:
                first = rng.randrange(len(unplayed) - count + 1)
                free = set(unplayed[first : first + count])
            else:
                free = _weighted_sample(rng, unplayed, weight, count)
            colours = {s for r in free for s in (r - 1, r, r + 1) if k <= s < grid.rounds}
        else:
            width = min(size["colours"], len(unplayed))
            centre = _weighted_sample(rng, unplayed, weight, 1).pop()
            first = min(max(centre - width // 2, k), grid.rounds - width)
            free, colours = set(), set(range(first, first + width))
        left = deadline - time.monotonic()
        cap = step_work if work is None else min(step_work, max(work - log.work, 0.001))
        result = solve_part(
            match,
            current,
            free,
            colours,
            Budget(left, cap, workers, rng.randrange(1 << 30)),
            current_breaks,
            free_players=games,
            relaxed=relaxed,
            board_excess=board_excess,
            colour_players=colour_players,
            colour_excess=colour_excess,
        )
        log.iterations += 1
        log.work += result.work
        # Neighbourhoods solved to optimality grow; those that time out shrink.
        if result.status == "optimal":
            size[kind] = min(size[kind] + 1, grid.n if kind in ("players", "pairings") else len(unplayed))
        elif result.status == "unknown":
            size[kind] = max(size[kind] - 1, 2)
        if result.grid is None:
            continue
        breaks = result.grid.breaks()
        if breaks > current_breaks:
            continue
        current, current_breaks = result.grid, breaks
        if breaks < best_breaks and (accept is None or accept(result.grid)):
            best, best_breaks = result.grid, breaks
            log.improvements += 1
            log.history.append((time.monotonic() - started, breaks))
    return best, log
