"""Colours for fixed pairings, with rules 1-3 broken exactly where the requests force it.

When colour requests (wishes, the White of a meeting, played rounds) force rule 1, 2 or 3 to break
(``solver/scale/conflicts.py``, :func:`least_excess`), ``solver/scale/driver.py`` first reverses the colours of a
walk of games (:func:`flip_walks`, no solver), then re-solves a few rounds with the forced rules kept
within their excess (``solver/scale/lns/part.py``), then exchanges one player's games with a team mate's over a
cycle of rounds (:func:`row_swaps`).  Failing those, since the pairings do not matter to rules 1-3,
it takes the pairings of a schedule keeping every other request, and :func:`recolour`
chooses all the colours again with one small CP-SAT model over the n x rounds A colours (a B
player's colour is its opponent's negation): every fixed colour kept; rule 1 for every player except
those the requests put past ceil(n/2) of one colour; rule 2 in every window except those the requests
fix to one colour; rule 3 broken by at most its least excess; fewest breaks.  Each rule then breaks by
exactly the lower bound, so by the least possible amount.

Rules 1-3 are encoded by hand here, for speed: in :func:`recolour`'s model one form a rule, in
:data:`COLOUR_FORMS`, and in the walks one measure a rule, each keyed by the registry
(``models/domain/rules.py``), which lists :attr:`Search.RECOLOUR` among the searches that honour
exactly those rules (and rules 0 and 4, which the pairings and the objective keep).  For a match that
switches on any other rule (:func:`covers` is false) :func:`recolour` and :func:`flip_walks` answer
``None``: they are skipped, and the CP-SAT model, which knows every rule, takes over.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from ortools.sat.python import cp_model

from scheveningen.models.cpsat.cpsolver import new_solver
from scheveningen.models.cpsat.literals import Lit, add_clause, negate
from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import Match, Request, RuleSettings
from scheveningen.models.domain.rules import Rule, Search, honours
from scheveningen.models.domain.schedule import Team, count_breaks
from scheveningen.solver.run import stop
from scheveningen.solver.scale.conflicts import Facts


def recolour(
    match: Match,
    grid: Grid,
    bounds: dict[Rule, int],
    deadline: float,
    work: float | None,
    workers: int,
    seed: int,
) -> Grid | None:
    """``grid``'s pairings with new colours: every colour the requests fix, each of rules 1-3 broken
    by at most ``bounds`` (``conflicts.least_bounds``), fewest breaks found by ``deadline``.

    First only the rounds near those where ``grid`` misses a fixed colour are re-coloured (the rest
    keep ``grid``'s colours), then wider windows, then every round.  ``None`` when none of these has
    a solution in time, or the match switches on a rule not encoded here (:func:`covers`)."""
    if not covers(match):
        return None
    fixed = Facts.of(match.requests(), grid.n, grid.rounds).colour
    wrong = missed_colour_rounds(match, grid)
    # Finding: narrow windows first, every constraint hard; then every round with the misses
    # penalised (the grid a solution to start from).  Then improving the answer, every round near
    # what changed freed, the answer as the hint.
    if not wrong:  # the grid keeps every fixed colour: free the rounds out of board balance, or all
        n = grid.n
        wrong = {r for r in range(grid.rounds) if not n // 2 <= sum(grid.white[r]) <= (n + 1) // 2}
        wrong = wrong or set(range(grid.rounds))
    attempts = [(2, True, 4), (5, True, 3), (grid.rounds, True, 3), (grid.rounds, False, 1)]
    best: Grid | None = None
    tried: set[tuple[frozenset[int], bool]] = set()
    build = 1.5e-4 * grid.n * grid.rounds  # seconds to build a model over every round (1.4 s at 100 boards)
    for width, hard, part in attempts:
        left = deadline - time.monotonic()
        if best is not None or left <= 2 * build or stop.requested():
            break
        free = frozenset(s for r in wrong for s in range(r - width, r + width + 1) if 0 <= s < grid.rounds)
        if (free, hard) in tried:
            continue
        tried.add((free, hard))
        share = None if work is None else work / part
        best = _solve(match, grid, bounds, set(free), fixed, time.monotonic() + left / part, share, workers, seed, hard)
    if best is not None and match.rules.objective != "none" and deadline - time.monotonic() > 2 * build:
        changed = {r for r in range(grid.rounds) if best.white[r] != grid.white[r]}
        near = {s for r in changed for s in range(r - 3, r + 4) if 0 <= s < grid.rounds}
        share = None if work is None else work / 2
        better = _solve(match, best, bounds, near, fixed, deadline, share, workers, seed, True)
        if better is not None and better.breaks() < best.breaks():
            best = better
    return best


def covers(match: Match) -> bool:
    """Whether the forms here cover every rule ``match`` switches on (the registry's
    :attr:`Search.RECOLOUR`); where not, :func:`recolour` and :func:`flip_walks` answer ``None``."""
    return honours(Search.RECOLOUR, match.rules)


def missed_colours(match: Match, grid: Grid) -> set[tuple[Team, int, int]]:
    """(team, player, round), 0-based, wherever ``grid`` gives a player another colour than a request fixes."""
    inverse = [grid.inverse(r) for r in range(grid.rounds)]
    wrong = set()
    for (team, p, r), (white, _request) in Facts.of(match.requests(), grid.n, grid.rounds).colour.items():
        has = grid.white[r][p] if team is Team.A else not grid.white[r][inverse[r][p]]
        if has != white:
            wrong.add((team, p, r))
    return wrong


def missed_colour_rounds(match: Match, grid: Grid) -> set[int]:
    """The rounds (0-based) in which ``grid`` gives a player another colour than a request fixes."""
    return {r for _team, _p, r in missed_colours(match, grid)}


def row_swaps(match: Match, grid: Grid, accept: Callable[[Grid], bool], deadline: float) -> Grid | None:
    """The fewest-breaks schedule passing ``accept`` among the cycle switches of one player's games.

    When ``grid`` misses the colours of one player P only: for each team mate Q, the rounds split into
    cycles (round r, then the round where Q meets P's round-r opponent, ...); exchanging P's and Q's
    games over one cycle gives another schedule in which every pair still meets once, the other team's
    players keep their colours, every round keeps its whites, and P and Q exchange their colours over
    the cycle.  That is what a colour request which forces rule 1 (n even) needs: P takes a colour
    more, Q one fewer, and nothing else changes.  No solver; ``None`` when no switch is accepted."""
    missed = missed_colours(match, grid)
    if len({(team, p) for team, p, _r in missed}) != 1:
        return None
    team, p, _r = next(iter(missed))
    n, rounds, k = grid.n, grid.rounds, len(match.played)
    inverse = [grid.inverse(r) for r in range(rounds)]
    # The player's opponent round by round, seen from its own team.
    opp = [grid.opp[r] if team is Team.A else inverse[r] for r in range(rounds)]
    best: Grid | None = None
    for q in range(n):
        if q == p or time.monotonic() > deadline:
            continue
        meets_q = {opp[r][q]: r for r in range(rounds)}
        seen: set[int] = set()
        for first in range(rounds):
            if first in seen:
                continue
            cycle, r = [], first
            while r not in seen:
                seen.add(r)
                cycle.append(r)
                r = meets_q[opp[r][p]]
            if min(cycle) < k or not any(r in cycle for _t, _p, r in missed):
                continue
            out = grid.copy()
            for r in cycle:
                if team is Team.A:
                    out.opp[r][p], out.opp[r][q] = grid.opp[r][q], grid.opp[r][p]
                    out.white[r][p], out.white[r][q] = grid.white[r][q], grid.white[r][p]
                else:
                    out.opp[r][inverse[r][p]], out.opp[r][inverse[r][q]] = q, p
            if (best is None or out.breaks() < best.breaks()) and accept(out):
                best = out
    return best


def _solve(
    match: Match,
    grid: Grid,
    bounds: dict[Rule, int],
    free: set[int],
    fixed: dict[tuple[Team, int, int], tuple[bool, Request]],
    deadline: float,
    work: float | None,
    workers: int,
    seed: int,
    hard: bool = False,
) -> Grid | None:
    """The colours of the rounds ``free`` chosen again, the others as in ``grid``.

    The fixed colours ``grid`` misses and the rule excess beyond ``bounds`` are penalised first
    (``grid``, which keeps rules 1-3, is then a solution to start from) unless ``hard``; a result
    with any penalty is no answer."""
    n, rounds, settings = grid.n, grid.rounds, match.rules
    m = cp_model.CpModel()
    x: list[list[Lit]] = [
        [m.new_bool_var(f"a_white[r{r + 1},A{a + 1}]") if r in free else grid.white[r][a] for a in range(n)]
        for r in range(rounds)
    ]
    inverse = [grid.inverse(r) for r in range(rounds)]
    rows: dict[tuple[Team, int], list[Lit]] = {(Team.A, a): [x[r][a] for r in range(rounds)] for a in range(n)}
    rows |= {(Team.B, b): [negate(x[r][inverse[r][b]]) for r in range(rounds)] for b in range(n)}
    # A fixed colour that ``grid`` misses is soft: the grid (which keeps rules 1-3) is then a solution
    # to start from, and the objective puts the misses first; a result with a miss is no answer.
    missed: list[cp_model.IntVar] = []  # penalties: fixed colours missed, rule excess beyond bounds
    for (team, p, r), (white, _request) in fixed.items():
        lit = rows[team, p][r]
        wanted = lit if white else negate(lit)
        if isinstance(wanted, bool):
            if not wanted:
                return None
            continue
        has = grid.white[r][p] if team is Team.A else not grid.white[r][inverse[r][p]]
        if has == white or hard:
            m.add_bool_or([wanted])
        else:
            miss = m.new_bool_var("")
            m.add_bool_or([wanted, miss])
            missed.append(miss)
    colouring = _Colouring(settings, m, x, rows, free, bounds, missed, hard)
    for rule, form in COLOUR_FORMS.items():
        if rule.on(settings) and not form(colouring):
            return None
    breaks: list[Lit] = []
    for row in rows.values():
        for r in range(rounds - 1):
            now, nxt = row[r], row[r + 1]
            if isinstance(now, bool) and isinstance(nxt, bool):
                continue
            brk = m.new_bool_var("")
            add_clause(m, [negate(brk), negate(now), nxt])
            add_clause(m, [negate(brk), now, negate(nxt)])
            add_clause(m, [brk, now, nxt])
            add_clause(m, [brk, negate(now), negate(nxt)])
            breaks.append(brk)
    breaks = [lit for lit in breaks if not isinstance(lit, bool)]
    weight = len(breaks) + 1
    if settings.objective != "none":
        m.minimize(weight * sum(missed) + sum(breaks))
    elif missed:
        m.minimize(sum(missed))
    for r in free:
        for a in range(n):
            lit = x[r][a]
            if not isinstance(lit, bool):
                m.add_hint(lit, grid.white[r][a])
    solver = new_solver(
        workers=workers,
        seed=seed,
        seconds=max(deadline - time.monotonic(), 0.01),
        work=None if work is None else max(work, 0.001),
    )
    status = stop.solve(solver, m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE) or any(solver.value(miss) for miss in missed):
        return None
    out = grid.copy()
    for r in free:
        for a in range(n):
            lit = x[r][a]
            out.white[r][a] = lit if isinstance(lit, bool) else solver.boolean_value(lit)
    return out


@dataclass(frozen=True)
class _Colouring:
    """:func:`_solve`'s model as the rule forms see it: the match's rule settings, the A colours
    ``x[r][a]`` (constants outside ``free``), every player's row of colours, each rule's excess
    allowed (``bounds``), the penalties (fixed colours missed, excess beyond the bounds; a form
    appends its own) and whether the bounds are ``hard``."""

    settings: RuleSettings
    model: cp_model.CpModel
    x: list[list[Lit]]
    rows: dict[tuple[Team, int], list[Lit]]
    free: set[int]
    bounds: dict[Rule, int]
    missed: list[cp_model.IntVar]
    hard: bool

    @property
    def n(self) -> int:
        return len(self.x[0])

    @property
    def rounds(self) -> int:
        return len(self.x)


def _colour_balance_form(c: _Colouring) -> bool:
    """Rule 1: at most its bound of players out of colour balance; False when the fixed rows break more."""
    low, high = c.rounds // 2, (c.rounds + 1) // 2
    unbalanced: list[Lit] = []
    for row in c.rows.values():
        whites = _sum(row)
        if isinstance(whites, int):
            unbalanced.append(not low <= whites <= high)
            continue
        off = c.model.new_bool_var("")
        c.model.add_linear_constraint(whites, low, high).only_enforce_if(~off)
        unbalanced.append(off)
    return _at_most(c.model, unbalanced, c.bounds.get(Rule.COLOUR_BALANCE, 0), c.missed, c.hard)


def _runs_form(c: _Colouring) -> bool:
    """Rule 2: at most its bound of windows of max_run + 1 rounds in one colour."""
    window = c.settings.max_run + 1
    runs: list[Lit] = []
    for row in c.rows.values():
        for s in range(c.rounds - window + 1):
            part = row[s : s + window]
            if not any(r in c.free for r in range(s, s + window)):
                runs.append(all(lit is part[0] for lit in part))
                continue
            run = c.model.new_bool_var("")
            add_clause(c.model, [run, *part])
            add_clause(c.model, [run, *(negate(lit) for lit in part)])
            runs.append(run)
    return _at_most(c.model, runs, c.bounds.get(Rule.NO_THREE_IN_A_ROW, 0), c.missed, c.hard)


def _board_balance_form(c: _Colouring) -> bool:
    """Rule 3: the board-balance excess (as the verifier counts it) within its bound."""
    m, n, rounds, x = c.model, c.n, c.rounds, c.x
    n_low, n_high = n // 2, (n + 1) // 2
    overs: list[cp_model.IntVar] = []
    for r in range(rounds):
        over = m.new_int_var(0, n, f"round_excess[r{r + 1}]")
        m.add(over >= _sum(x[r]) - n_high)  # each a freshly built sum (the OR-Tools pitfall)
        m.add(over >= n_low - _sum(x[r]))
        overs.append(over)
    total = n * rounds
    every = [x[r][a] for r in range(rounds) for a in range(n)]
    over_total = m.new_int_var(0, total, "total_excess")
    m.add(over_total >= 2 * _sum(every) - total - 1)
    m.add(over_total >= total - 2 * _sum(every) - 1)
    slack = m.new_int_var(0, 0 if c.hard else 2 * total, "board_slack")
    m.add(sum(overs) + over_total <= c.bounds.get(Rule.BOARD_BALANCE, 0) + slack)
    c.missed.append(slack)
    return True


#: The rules :func:`recolour` encodes, each by its form over the colours (posted in this order when
#: the match switches the rule on; False: the fixed colours alone break it past its bound).
COLOUR_FORMS: dict[Rule, Callable[[_Colouring], bool]] = {
    Rule.COLOUR_BALANCE: _colour_balance_form,
    Rule.NO_THREE_IN_A_ROW: _runs_form,
    Rule.BOARD_BALANCE: _board_balance_form,
}


def _sum(lits: list[Lit]) -> cp_model.LinearExprT:
    """The number of true literals: an int when all are constants, else a fresh sum."""
    const = sum(1 for lit in lits if lit is True)
    free = [lit for lit in lits if not isinstance(lit, bool)]
    if not free:
        return const
    return sum(free) + const


def _at_most(
    model: cp_model.CpModel, lits: list[Lit], bound: int, penalties: list[cp_model.IntVar], hard: bool
) -> bool:
    """At most ``bound`` of ``lits`` true; unless ``hard``, more at a penalty (added to ``penalties``)."""
    const = sum(1 for lit in lits if lit is True)
    free = [lit for lit in lits if not isinstance(lit, bool)]
    if const > bound:
        return False
    if free:
        slack = model.new_int_var(0, 0 if hard else len(free), "")
        model.add(sum(free) <= bound - const + slack)
        penalties.append(slack)
    return True


# --------------------------------------------------------------------------- colour-flip walks

#: A game of a grid, as (round, A player), both 0-based.
GameKey = tuple[int, int]


def flip_walks(
    match: Match, grid: Grid, bounds: dict[Rule, int], accept: Callable[[Grid], bool], deadline: float
) -> Grid | None:
    """``grid`` with the colours of a few games reversed so that every colour a request fixes is kept
    and rules 1-3 break by at most ``bounds``; the pairings are not touched.  No solver.

    Reversing a game's colours gives one of its players a White more and the other one fewer.  To
    give a player P the colour a request asks in round r (the only colour of P's that ``grid``
    misses), P's game in r is reversed; its opponent is then a colour short, which the reversal of
    one of the opponent's other games (in a round x where its colour is the other one) puts right,
    passing the shortage on to that game's other player, and so on: a *walk* of reversed games,
    the team alternating, each inner player reversed once in each colour, so its count is kept.
    The walk ends at a player who may stay out of balance (rule 1 relaxed) or closes back on P,
    and each reversal moves one A White into or out of its round, so the rounds must cancel out but
    for the excess rule 3 allows.  The walks tried: one and two games; six games on the
    rounds (r, x, y, r, x, y), a path from P to a team mate one White short; and six games on
    (r, x, y, q, x, y), a cycle back to P that leaves round r one White over and round q one short.
    Every (x, y) is tried; the walk changing the fewest breaks is taken, one missed colour at a time,
    and the whole result must pass ``accept``.  ``None`` when no walk keeps every rule within its
    bound (a design whose colour classes are rigid, or colours missed in several places), or the match
    switches on a rule not measured here (:func:`covers`)."""
    if not covers(match):
        return None
    current = grid
    for _attempt in range(8):
        missed = sorted(missed_colours(match, current))
        if not missed:
            return current if accept(current) else None
        team, p, r = missed[0]
        walked = _best_walk(match, current, p if team is Team.A else current.n + p, r, bounds, deadline)
        if walked is None:
            return None
        current = walked
    return None


def _best_walk(match: Match, grid: Grid, start: int, r0: int, bounds: dict[Rule, int], deadline: float) -> Grid | None:
    """The walk of :func:`flip_walks` from player ``start`` (A players 0..n-1, B players n..2n-1)
    in round ``r0`` that changes the fewest breaks, applied to a copy of ``grid``; ``None`` if none."""
    n, rounds, settings = grid.n, grid.rounds, match.rules
    played = len(match.played)
    fixed = Facts.of(match.requests(), n, rounds).colour
    inverse = [grid.inverse(r) for r in range(rounds)]
    a_rows, b_rows = grid.colours()
    rows = a_rows + b_rows

    def opp(u: int, r: int) -> int:
        return n + grid.opp[r][u] if u < n else inverse[r][u - n]

    def game(u: int, r: int) -> GameKey:
        return (r, u if u < n else inverse[r][u - n])

    def frozen(u: int, r: int) -> bool:
        return r < played or ((Team.A, u, r) if u < n else (Team.B, u - n, r)) in fixed

    low, high = rounds // 2, (rounds + 1) // 2
    n_low, n_high = n // 2, (n + 1) // 2
    window = settings.max_run + 1

    def unbalanced(row: list[bool]) -> int:
        return int(not low <= sum(row) <= high)

    def runs(row: list[bool]) -> int:
        return sum(1 for s in range(rounds - window + 1) if len(set(row[s : s + window])) == 1)

    def breaks(row: list[bool]) -> int:
        return count_breaks(row)

    whites = [sum(grid.white[r]) for r in range(rounds)]
    when = {(a, n + b): r for r in range(rounds) for a, b in enumerate(grid.opp[r])}  # the round a pair meets

    def board_excess(counts: list[int]) -> int:
        total = n * rounds
        every = sum(counts)
        return sum(max(0, n_low - c, c - n_high) for c in counts) + max(0, abs(2 * every - total) - 1)

    # The rules a player's colours alone decide, each by its measure of one player's row (rule 3 is
    # measured on the rounds' whites below): those the match switches on.
    measures = {Rule.COLOUR_BALANCE: unbalanced, Rule.NO_THREE_IN_A_ROW: runs}
    row_rules = {rule: measure for rule, measure in measures.items() if rule.on(settings)}
    excess_now = {rule: sum(measure(row) for row in rows) for rule, measure in row_rules.items()}
    balance = Rule.BOARD_BALANCE.on(settings)

    def score(flips: list[GameKey]) -> int | None:
        """The change in breaks when ``flips`` are reversed, or None when that breaks a rule or a request."""
        if len(set(flips)) != len(flips):
            return None
        changed: dict[int, set[int]] = {}
        counts = list(whites)
        for r, a in flips:
            b = n + grid.opp[r][a]
            for u in (a, b):
                if frozen(u, r) and not (u == start and r == r0):
                    return None
                changed.setdefault(u, set()).symmetric_difference_update({r})
            counts[r] += -1 if grid.white[r][a] else 1
        if (start not in changed) or r0 not in changed[start]:
            return None
        delta = dict.fromkeys(row_rules, 0)
        brk = 0
        for u, where in changed.items():
            before = rows[u]
            after = [not c if r in where else c for r, c in enumerate(before)]
            for rule, measure in row_rules.items():
                delta[rule] += measure(after) - measure(before)
            brk += breaks(after) - breaks(before)
        for rule, change in delta.items():
            if change > 0 and excess_now[rule] + change > bounds.get(rule, 0):
                return None
        if balance and board_excess(counts) > bounds.get(Rule.BOARD_BALANCE, 0):
            return None
        return brk

    best: tuple[int, list[GameKey]] | None = None

    def consider(flips: list[GameKey]) -> None:
        nonlocal best
        got = score(flips)
        if got is not None and (best is None or got < best[0]):
            best = (got, flips)

    first = game(start, r0)
    v1 = opp(start, r0)
    others = [x for x in range(played, rounds) if x != r0]
    # A path leaves its last player a colour over or short: with an even number of rounds that player
    # leaves the balance, so paths need room under rule 1's bound.
    paths = rounds % 2 == 1 or excess_now.get(Rule.COLOUR_BALANCE, 0) < bounds.get(Rule.COLOUR_BALANCE, 0)
    paths = paths or Rule.COLOUR_BALANCE not in row_rules
    consider([first])
    for x in others:
        if time.monotonic() > deadline:
            break
        if rows[v1][x] == rows[v1][r0]:
            continue  # v1 must get back the colour it lost in r0
        v2 = opp(v1, x)
        if paths:
            consider([first, game(v1, x)])
        for y in others:
            if y == x or rows[v2][y] == rows[v2][x]:
                continue
            v3 = opp(v2, y)
            # Six games on (r0, x, y, r0, x, y): a path from ``start`` to a team mate.
            if paths and rows[v3][r0] != rows[v3][y]:
                v4 = opp(v3, r0)
                if rows[v4][x] != rows[v4][r0]:
                    v5 = opp(v4, x)
                    if rows[v5][y] != rows[v5][x]:
                        consider([first, game(v1, x), game(v2, y), game(v3, r0), game(v4, x), game(v5, y)])
            # Six games on (r0, x, y, q, x, y): a cycle back to ``start``, round q one short.
            if rows[start][y] != rows[start][r0]:
                v5 = opp(start, y)
                if rows[v5][x] != rows[v5][y]:
                    v4 = opp(v5, x)
                    q = when[(v3, v4) if v3 < n else (v4, v3)]
                    if q >= played and q not in (x, y) and rows[v3][q] != rows[v3][y] and rows[v4][q] != rows[v4][x]:
                        consider([first, game(v1, x), game(v2, y), game(v3, q), game(v4, x), game(start, y)])
    if best is None:
        return None
    out = grid.copy()
    for r, a in best[1]:
        out.white[r][a] = not out.white[r][a]
    return out
