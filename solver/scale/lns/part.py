"""The part model: CP-SAT over a few freed rounds, players' games or colours, the rest of a grid fixed.

The full CP-SAT model has n^3 meeting variables and takes seconds to build past 60 boards.  The search
and the repairs free only a part of the schedule at a time and re-solve it by :func:`solve_part`, a
small model built over that part alone:

* **rounds**: the pairings of a few rounds ``F``.  The games of the other rounds are fixed, so the pairs
  still to meet in ``F`` are known (every pair meets exactly once): ``F`` must split them into |F|
  perfect matchings, one a round; the model has a Boolean for each (round of F, pair still to meet),
  |F|^2 n of them rather than n^3;
* **players**: the games of a few players in every unplayed round: in each round those games are
  re-paired among their players, with their colours;
* **colours**: the colours of a window of rounds ``W`` (always containing ``F``), with the pairings kept:
  one Boolean per A player and round, the B player's colour its negation;
* **pairings with colours kept**: the pairings of a window of rounds, every player keeping its colour
  in every round except a few chosen players (``colour_players``): a matching of players of opposite
  colours, whose solutions change only those players' breaks.

In a double round (``match.double``) each pair meets twice, once with each colour: the freed games hold
each pair's missing meetings (one or two), and a literal "meets here with White" per freed meeting
counts the A player's Whites with the pair, exactly one over both meetings; rule 1 counts 2n rounds.

Rules 0-3 and every request are hard in the part (rules 1-3 are posted by
``solver/scale/lns/rules.py``); the colours outside ``W`` enter as constants, so rule 1 counts a
player's fixed whites, rule 2 looks across the edges of ``W`` and rule 3's match total adds the fixed
rounds.  The objective is the breaks touching ``W`` (the rest are constant), with the parity cut (the
total of breaks is even).  Played rounds are never freed.  Every sub-solve is capped by its
:class:`~scheveningen.solver.scale.lns.budget.Budget`, in deterministic time as well, so with one
worker its answer depends only on its input.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from scheveningen.models.cpsat.cpsolver import new_solver
from scheveningen.models.cpsat.literals import Lit, add_clause, negate
from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import Match
from scheveningen.models.domain.rules import Rule
from scheveningen.models.domain.schedule import Colour, Team
from scheveningen.solver.run import stop
from scheveningen.solver.scale.lns.budget import Budget
from scheveningen.solver.scale.lns.rules import covers, post_rules

#: Meeting variables :func:`solve_part` builds a second, with their clauses and colours: about 20,000 at
#: 100 boards on this project's 2-core machine, measured with most games of every round freed.  A guard
#: on wall time, like the start's (``CLAUSES_PER_SECOND``): it refuses only parts that could not end in time.
BUILD_RATE = 20_000


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
    team mate who must then make up the team's total, ``solver/scale/conflicts.py``).  For a match
    that switches on a rule not encoded here (``rules.covers``) the answer is "unknown".
    """
    if not covers(match):
        return PartResult(None, "unknown", 0.0, "the match switches on a rule the neighbourhood search does not encode")
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
    reason = post_rules(m, match, grid, rows, a_col, part.a_white, colour_rounds, relaxed, board_excess, colour_excess)
    if reason:
        return PartResult(None, "infeasible", 0.0, reason)
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
