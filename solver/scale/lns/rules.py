"""The house rules in the large-neighbourhood search: checked on a whole grid, posted on a part model.

:func:`rules_kept` checks rules 0-3 and every request directly on a grid (the verifier checks again
later); :func:`row_keeps_rules` checks rules 1 and 2 on one player's colours.  :func:`post_rules`
posts rules 1-3 on the colour literals of a part model (``solver/scale/lns/part.py``: a literal, or
a constant where the colour is fixed), and says when the fixed colours alone already break a rule.
Rule 0 on the part (each pair meets exactly once, in a double round twice with one colour each) is
the shape of the part model itself and stays there.

Where ``relaxed`` names rules the played rounds already break, they hold everywhere else: a player
already over its share of one colour is left free (rule 1), a run inside the played rounds is not
posted (rule 2), and rule 3 may be broken by ``board_excess`` in all, counted as the verifier does.
``colour_excess`` replaces rule 1 by: at most that many players out of colour balance, whichever they
are (requests that fix a player's colours past the balance, ``solver/scale/conflicts.py``).

Rules 1-3 are encoded here by hand, for speed, one check and one form a rule (:data:`GRID_CHECKS`,
:data:`PART_FORMS`), keyed by the registry (``models/domain/rules.py``), which lists
:attr:`Search.LNS` among the searches that honour exactly those rules (and rules 0 and 4, which the
part model's shape and its objective keep).  For a match that switches on any other rule
(:func:`covers` is false) no part is solved (``solve_part`` answers "unknown") and
:func:`rules_kept` asks the verifier about that rule: the search is skipped for such a match, and the
CP-SAT model, which knows every rule, takes over.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ortools.sat.python import cp_model

from scheveningen.models.cpsat.literals import Lit, add_clause, negate
from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import Match
from scheveningen.models.domain.rules import Rule, Search, honours, unhonoured
from scheveningen.solver.scale.start import request_kept
from scheveningen.solver.verify.verifier import verify


def covers(match: Match) -> bool:
    """Whether the checks and forms here cover every rule ``match`` switches on (the registry's
    :attr:`Search.LNS`); where not, no part is solved for the match."""
    return honours(Search.LNS, match.rules)


def row_keeps_rules(row: list[bool], colour_balance: bool, max_run: int, first: int = 0) -> bool:
    """One player's colours keep rule 1 (Whites and Blacks within one, when ``colour_balance``) and
    rule 2 (no ``max_run`` + 1 games of one colour running, in the windows starting from ``first``)."""
    if colour_balance and abs(2 * sum(row) - len(row)) > 1:
        return False
    return max_run <= 0 or all(len(set(row[s : s + max_run + 1])) > 1 for s in range(first, len(row) - max_run))


def rules_kept(match: Match, grid: Grid) -> bool:
    """Rules 0-3 and every request, checked directly on the grid (the verifier checks again later);
    any other rule the match switches on, one not encoded here, through its check in the verifier."""
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
    rows = [*a_rows, *b_rows]
    for rule, kept in GRID_CHECKS.items():
        if rule.on(match.rules) and not kept(match, grid, rows):
            return False
    if not all(request_kept(q, grid) for q in match.requests()):
        return False
    others = unhonoured(Search.LNS, match.rules)
    if not others:
        return True
    verdict = verify(grid.to_schedule(), match=match)
    return all(rule in verdict.rules and verdict.rules[rule].holds for rule in others)


def _colour_balance_kept(_match: Match, _grid: Grid, rows: list[list[bool]]) -> bool:
    return all(row_keeps_rules(row, True, 0) for row in rows)


def _runs_kept(match: Match, _grid: Grid, rows: list[list[bool]]) -> bool:
    return all(row_keeps_rules(row, False, match.rules.max_run) for row in rows)


def _board_balance_kept(_match: Match, grid: Grid, _rows: list[list[bool]]) -> bool:
    n, rounds = grid.n, grid.rounds
    if any(not n // 2 <= sum(grid.white[r]) <= (n + 1) // 2 for r in range(rounds)):
        return False
    total = sum(map(sum, grid.white))
    return (n * rounds) // 2 <= total <= (n * rounds + 1) // 2


#: Rules 1-3 checked on a whole grid: (the match, the grid, every player's colours, team A's players
#: then team B's) -> whether the rule holds.
GRID_CHECKS: dict[Rule, Callable[[Match, Grid, list[list[bool]]], bool]] = {
    Rule.COLOUR_BALANCE: _colour_balance_kept,
    Rule.NO_THREE_IN_A_ROW: _runs_kept,
    Rule.BOARD_BALANCE: _board_balance_kept,
}


@dataclass(frozen=True)
class PartColours:
    """A part model's colours as the rule forms see them; see :func:`post_rules` for the fields."""

    model: cp_model.CpModel
    match: Match
    grid: Grid
    rows: list[list[Lit]]
    a_col: list[list[Lit]]
    a_white: dict[tuple[int, int], cp_model.IntVar]
    colour_rounds: set[int]
    relaxed: frozenset[Rule]
    board_excess: int
    colour_excess: int | None


def post_rules(
    m: cp_model.CpModel,
    match: Match,
    grid: Grid,
    rows: list[list[Lit]],
    a_col: list[list[Lit]],
    a_white: dict[tuple[int, int], cp_model.IntVar],
    colour_rounds: set[int],
    relaxed: frozenset[Rule],
    board_excess: int,
    colour_excess: int | None,
) -> str:
    """Post rules 1-3 on a part model; "" when posted, else why the fixed colours already break one.

    ``rows``: each player's colour literals round by round (team A's players, then team B's);
    ``a_col[r][a]``: A player ``a``'s White in round ``r``; ``a_white``: the part's variables among
    those, by (round, A player); ``colour_rounds``: the rounds with a colour variable.

    Rules 1-3 hold except where ``relaxed`` rules are already broken by the played rounds alone:
    a player already over its share of one colour (rule 1), a run inside the played rounds
    (rule 2), a played round's board balance (rule 3).  Everything the search can still change
    keeps the rule, so the excess is exactly the played rounds' (see solver/scale/driver.py).
    """
    part = PartColours(m, match, grid, rows, a_col, a_white, colour_rounds, relaxed, board_excess, colour_excess)
    for rule, form in PART_FORMS.items():
        if rule.on(match.rules):
            reason = form(part)
            if reason:
                return reason
    return ""


def _colour_balance_form(part: PartColours) -> str:
    """Rule 1: each player's Whites floor or ceil of half its rounds (or at most ``colour_excess``
    players out of balance)."""
    m, rows, rounds = part.model, part.rows, part.grid.rounds
    played = len(part.match.played)
    fewest, most = rounds // 2, (rounds + 1) // 2  # a player's Whites
    if part.colour_excess is not None:
        if not _colour_balance_within(m, rows, fewest, most, part.colour_excess):
            return "the fixed players are out of colour balance"
        return ""
    for row in rows:
        const = sum(1 for lit in row if lit is True)
        free = [lit for lit in row if not isinstance(lit, bool)]
        if Rule.COLOUR_BALANCE in part.relaxed and max(_count(row[:played], True), _count(row[:played], False)) > most:
            continue
        if not free:
            if not fewest <= const <= most:
                return "a fixed player is out of colour balance"
            continue
        m.add_linear_constraint(sum(free), fewest - const, most - const)
    return ""


def _runs_form(part: PartColours) -> str:
    """Rule 2: no window of max_run + 1 rounds in one colour."""
    m, rounds, run = part.model, part.grid.rounds, part.match.rules.max_run
    played = len(part.match.played)
    for row in part.rows:
        for start in range(rounds - run):
            if Rule.NO_THREE_IN_A_ROW in part.relaxed and start + run < played:
                continue
            window = row[start : start + run + 1]
            if not add_clause(m, window) or not add_clause(m, [negate(lit) for lit in window]):
                return "a fixed run of one colour is too long"
    return ""


def _board_balance_form(part: PartColours) -> str:
    """Rule 3: team A's Whites floor or ceil of half the boards each round, and the teams' totals
    within one (or broken by at most ``board_excess``)."""
    m, grid, a_col, a_white, colour_rounds = part.model, part.grid, part.a_col, part.a_white, part.colour_rounds
    n, rounds = grid.n, grid.rounds
    if Rule.BOARD_BALANCE in part.relaxed:
        _relaxed_board_balance(m, a_white, grid, a_col, colour_rounds, part.board_excess)
        return ""
    low, high = n // 2, (n + 1) // 2  # team A's Whites in a round
    if any(not low <= sum(grid.white[r]) <= high for r in range(rounds) if r not in colour_rounds):
        return "a fixed round is out of board balance"
    for r in colour_rounds:
        fixed_whites = sum(1 for a in range(n) if a_col[r][a] is True)
        m.add_linear_constraint(
            sum(a_white[r, a] for a in range(n) if (r, a) in a_white),
            low - fixed_whites,
            high - fixed_whites,
        )
    total = n * rounds
    const = sum(1 for r in range(rounds) for a in range(n) if a_col[r][a] is True)
    m.add_linear_constraint(sum(a_white.values()), total // 2 - const, (total + 1) // 2 - const)
    return ""


#: Rules 1-3 on a part model, posted in this order where the match switches them on: each returns ""
#: when posted, else why the fixed colours alone already break the rule.
PART_FORMS: dict[Rule, Callable[[PartColours], str]] = {
    Rule.COLOUR_BALANCE: _colour_balance_form,
    Rule.NO_THREE_IN_A_ROW: _runs_form,
    Rule.BOARD_BALANCE: _board_balance_form,
}


def _count(row: Sequence[Lit], value: bool) -> int:
    return sum(1 for lit in row if lit is value)


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


def _relaxed_board_balance(
    m: cp_model.CpModel,
    a_white: dict[tuple[int, int], cp_model.IntVar],
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
        whites_r = [a_white[r, a] for a in range(n) if (r, a) in a_white]
        over = m.new_int_var(0, n, f"round_excess[r{r + 1}]")
        m.add(over >= sum(whites_r) + fixed_whites - high)
        m.add(over >= low - fixed_whites - sum(whites_r))
        overs.append(over)
    total = n * rounds
    const = sum(1 for r in range(rounds) for a in range(n) if a_col[r][a] is True)
    over_total = m.new_int_var(0, total, "total_excess")
    m.add(over_total >= 2 * (sum(a_white.values()) + const) - total - 1)
    m.add(over_total >= total - 2 * (sum(a_white.values()) + const) - 1)
    m.add(sum(overs) + over_total <= board_excess - fixed)
