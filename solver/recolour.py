"""Colours for fixed pairings, with rules 1-3 broken exactly where the requests force it.

When colour requests (wishes, the White of a meeting, played rounds) force rule 1 or rule 2 to break
(``solver/conflicts.py``, :func:`least_excess`), the large-neighbourhood search of ``solver/lns.py``
cannot be used: it exempts only what the played rounds break.  The pairings do not matter to these
rules, so ``solver/scale.py`` takes the pairings of a schedule keeping every other request, and this
module chooses all the colours again with one small CP-SAT model over the n x rounds A colours (a B
player's colour is its opponent's negation): every fixed colour kept; rule 1 for every player except
those the requests put past ceil(n/2) of one colour; rule 2 in every window except those the requests
fix to one colour; rule 3 broken by at most its least excess; fewest breaks.  Each rule then breaks by
exactly the lower bound, so by the least possible amount.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ortools.sat.python import cp_model

from scheveningen.models.match import Match, Request
from scheveningen.models.rules import Rule
from scheveningen.models.schedule import Team
from scheveningen.solver import stop
from scheveningen.solver.conflicts import Facts
from scheveningen.solver.literals import Lit, add_clause, negate
from scheveningen.solver.start import Grid


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
    a solution in time."""
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
    low, high = rounds // 2, (rounds + 1) // 2
    if settings.colour_balance:
        unbalanced: list[Lit] = []
        for row in rows.values():
            whites = _sum(row)
            if isinstance(whites, int):
                unbalanced.append(not low <= whites <= high)
                continue
            off = m.new_bool_var("")
            m.add_linear_constraint(whites, low, high).only_enforce_if(~off)
            unbalanced.append(off)
        if not _at_most(m, unbalanced, bounds.get(Rule.COLOUR_BALANCE, 0), missed, hard):
            return None
    if settings.max_run > 0:
        window = settings.max_run + 1
        runs: list[Lit] = []
        for row in rows.values():
            for s in range(rounds - window + 1):
                part = row[s : s + window]
                if not any(r in free for r in range(s, s + window)):
                    runs.append(all(lit is part[0] for lit in part))
                    continue
                run = m.new_bool_var("")
                add_clause(m, [run, *part])
                add_clause(m, [run, *(negate(lit) for lit in part)])
                runs.append(run)
        if not _at_most(m, runs, bounds.get(Rule.NO_THREE_IN_A_ROW, 0), missed, hard):
            return None
    if settings.board_balance:
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
        slack = m.new_int_var(0, 0 if hard else 2 * total, "board_slack")
        m.add(sum(overs) + over_total <= bounds.get(Rule.BOARD_BALANCE, 0) + slack)
        missed.append(slack)
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
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(deadline - time.monotonic(), 0.01)
    if work is not None:
        solver.parameters.max_deterministic_time = max(work, 0.001)
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    status = stop.solve(solver, m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE) or any(solver.value(miss) for miss in missed):
        return None
    out = grid.copy()
    for r in free:
        for a in range(n):
            lit = x[r][a]
            out.white[r][a] = lit if isinstance(lit, bool) else solver.boolean_value(lit)
    return out


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
