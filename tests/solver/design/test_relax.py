"""The least relaxation is lexicographic by priority: rule 1's excess first, then rule 2's, then rule 3's.

The designer's answers are compared with an exhaustive search written here, independent of the model
and of the verifier: every schedule of 3 or 4 boards whose first round pairs Ak with Bk (renumbering
team B keeps every rule and the requests below, which name only team A), with every colouring that
keeps the requests.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from scheveningen.models.domain.match import ColourWish, Match
from scheveningen.models.domain.rules import Rule
from scheveningen.models.domain.schedule import Colour, Player, Schedule, Team
from scheveningen.solver.design import DesignParams, Status, design, design_match
from scheveningen.solver.design.results import verify_and_report
from scheveningen.solver.design.run import DesignRun
from scheveningen.solver.io.report import result_data, result_header
from scheveningen.solver.scale.conflicts import in_priority_order, least_excess
from scheveningen.solver.verify.verifier import rule_excess

PARAMS = DesignParams(time_limit=20, workers=1)
RELAXABLE = (Rule.COLOUR_BALANCE, Rule.NO_THREE_IN_A_ROW, Rule.BOARD_BALANCE)


def _wishes(boards: int, wishes: list[tuple[int, int]]) -> Match:
    """``boards`` boards, player A``a`` asking for White in round ``r`` for each (a, r)."""
    colours = tuple(ColourWish(Player(Team.A, a), r, Colour.WHITE) for a, r in wishes)
    return Match(boards=boards, colours=colours)


def _latin_rows(n: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every pairing of ``n`` rounds (row r: A player a meets B player row[a]), round 1 pairing Ak with Bk."""
    first = tuple(range(n))
    found: list[tuple[tuple[int, ...], ...]] = []

    def extend(rows: list[tuple[int, ...]]) -> None:
        if len(rows) == n:
            found.append(tuple(rows))
            return
        for row in itertools.permutations(range(n)):
            if all(row[a] != other[a] for other in rows for a in range(n)):
                extend([*rows, row])

    extend([first])
    return found


def _least_by_exhaustion(n: int, wishes: list[tuple[int, int]]) -> tuple[int, int, int]:
    """The lexicographically least (rule 1, rule 2, rule 3) excess over every schedule of ``n`` boards
    (a single round, equal teams) giving A``a`` White in round ``r`` for each wish (a, r).

    Rule 1: players whose whites are not n // 2 or (n + 1) // 2; rule 2: windows of three rounds of one
    colour; rule 3: each round's A whites outside [n // 2, (n + 1) // 2], plus by how much the teams'
    totals differ beyond 1."""
    fixed = {(r - 1, a - 1) for a, r in wishes}
    free = [(r, a) for r in range(n) for a in range(n) if (r, a) not in fixed]
    bits = (np.arange(2 ** len(free))[:, None] >> np.arange(len(free))[None, :]) & 1
    white: npt.NDArray[np.bool_] = np.ones((len(bits), n, n), dtype=bool)  # [colouring, round, A player]
    for column, (r, a) in enumerate(free):
        white[:, r, a] = bits[:, column].astype(bool)
    low, high = n // 2, (n + 1) // 2
    a_whites = white.sum(axis=2)
    rule_3 = np.maximum(0, a_whites - high).sum(axis=1) + np.maximum(0, low - a_whites).sum(axis=1)
    total = white.sum(axis=(1, 2))
    rule_3 += np.maximum(0, np.abs(2 * total - n * n) - 1)
    best: tuple[int, int, int] | None = None
    for rows in _latin_rows(n):
        # each player's colours round by round: A players as coloured, B players the opposite of their opponent
        b_white = np.stack(
            [np.stack([~white[:, r, rows[r].index(b)] for r in range(n)], axis=1) for b in range(n)], axis=2
        )
        players = np.concatenate([white, b_white], axis=2)  # [colouring, round, player]
        counts = players.sum(axis=1)
        rule_1 = ((counts < low) | (counts > high)).sum(axis=1)
        same = (players[:, :-2] == players[:, 1:-1]) & (players[:, 1:-1] == players[:, 2:])
        rule_2 = same.sum(axis=(1, 2))
        key = rule_1 * 10_000 + rule_2 * 100 + rule_3
        i = int(np.argmin(key))
        candidate = (int(rule_1[i]), int(rule_2[i]), int(rule_3[i]))
        best = candidate if best is None else min(best, candidate)
    assert best is not None
    return best


def _excesses(match: Match, schedule: Schedule) -> tuple[int, ...]:
    return tuple(rule_excess(schedule, rule, match.rules) for rule in RELAXABLE)


def _runs_of_three(colours: list[Colour | None]) -> int:
    return sum(1 for s in range(len(colours) - 2) if colours[s] == colours[s + 1] == colours[s + 2])


def test_a1_white_in_rounds_1_to_3_on_4_boards_breaks_rule_2_only_by_a1s_forced_run() -> None:
    match = _wishes(4, [(1, 1), (1, 2), (1, 3)])
    result = design_match(match, PARAMS)
    assert result.schedule is not None
    # Rule 1: A1 has 3 whites of 4 games; the 16 games have 16 whites, so a second player is out of
    # balance too: 2 is the least, and the exhaustive search agrees.
    assert result.relaxed[Rule.COLOUR_BALANCE] == 2
    # Rule 2: only A1's forced run, though that costs rule 3 (the least important) something.
    assert result.relaxed[Rule.NO_THREE_IN_A_ROW] == 1
    schedule = result.schedule
    assert _runs_of_three(schedule.colour_sequence(Player(Team.A, 1))) == 1
    for b in range(1, 5):
        assert _runs_of_three(schedule.colour_sequence(Player(Team.B, b))) == 0
    assert _excesses(match, schedule) == _least_by_exhaustion(4, [(1, 1), (1, 2), (1, 3)])
    assert result.unproven == frozenset()


def test_the_relaxation_message_says_least_means_in_priority_order() -> None:
    match = _wishes(4, [(1, 1), (1, 2), (1, 3)])
    result = design_match(match, PARAMS)
    amounts = result.relaxed
    summary = (
        f"rule 1 broken by {amounts[Rule.COLOUR_BALANCE]}, rule 2 by {amounts[Rule.NO_THREE_IN_A_ROW]}, "
        f"rule 3 by {amounts[Rule.BOARD_BALANCE]}: the least in priority order (rule 1 first, then 2, then 3)"
    )
    assert summary in result.messages
    assert all(entry["proven"] for entry in result_data(result)["relaxed"])  # type: ignore[attr-defined]
    assert any("the least in priority order" in line for line in result_header(result))


def test_three_boards_with_a1_white_throughout_relax_lexicographically() -> None:
    wishes = [(1, 1), (1, 2), (1, 3)]
    match = _wishes(3, wishes)
    result = design_match(match, PARAMS)
    assert result.schedule is not None
    least = _least_by_exhaustion(3, wishes)
    assert _excesses(match, result.schedule) == least
    assert result.relaxed == {rule: amount for rule, amount in zip(RELAXABLE, least, strict=True) if amount}


def test_three_a_players_white_in_round_1_relax_only_board_balance() -> None:
    wishes = [(1, 1), (2, 1), (3, 1)]  # 3 of 4 A players White in round 1: rule 3 alone cannot hold
    match = _wishes(4, wishes)
    result = design_match(match, PARAMS)
    assert result.schedule is not None and result.verdict is not None
    least = _least_by_exhaustion(4, wishes)
    assert least[:2] == (0, 0) and least[2] > 0
    assert result.relaxed == {Rule.BOARD_BALANCE: least[2]}
    assert result.verdict.rules[Rule.COLOUR_BALANCE].holds
    assert result.verdict.rules[Rule.NO_THREE_IN_A_ROW].holds


def test_the_plain_two_board_match_relaxes_board_balance_by_2_and_keeps_the_rest() -> None:
    result = design(2, PARAMS)
    assert result.relaxed == {Rule.BOARD_BALANCE: 2} and result.unproven == frozenset()
    assert result.verdict is not None
    assert result.verdict.rules[Rule.COLOUR_BALANCE].holds
    assert result.verdict.rules[Rule.NO_THREE_IN_A_ROW].holds
    assert _least_by_exhaustion(2, []) == (0, 0, 2)
    assert [entry["proven"] for entry in result_data(result)["relaxed"]] == [True]  # type: ignore[attr-defined]


def test_an_amount_not_proven_the_least_is_said_so_in_messages_and_json() -> None:
    match = _wishes(4, [(1, 1), (1, 2), (1, 3)])
    found = design_match(match, PARAMS)
    assert found.schedule is not None
    run = DesignRun(match, PARAMS, None)
    result = verify_and_report(run, found.schedule, 0, dict(found.relaxed), unproven=frozenset({Rule.BOARD_BALANCE}))
    assert result.unproven == frozenset({Rule.BOARD_BALANCE})
    said = [message for message in result.messages if message.startswith("rule 3 ")]
    assert said and "not proven the least" in said[0] and "the least possible" not in said[0]
    proven = {entry["rule"]: entry["proven"] for entry in result_data(result)["relaxed"]}  # type: ignore[attr-defined]
    assert proven == {1: True, 2: True, 3: False}
    assert any("broken by" in line and "not proven the least" in line for line in result_header(result))


def test_a_match_that_needs_no_relaxation_keeps_every_rule() -> None:
    result = design_match(_wishes(4, [(1, 1), (1, 2)]), PARAMS)
    assert result.relaxed == {} and result.unproven == frozenset()
    assert result.status is Status.OPTIMAL


def test_the_counts_at_scale_are_flagged_where_keeping_board_balance_costs_colour_balance() -> None:
    # A1 White in rounds 1-7 of 12: A1 and a team mate out of balance keep team A's total, which the
    # whole match forces anyway: the counts are the least in priority order.
    alone = _wishes(12, [(1, r) for r in range(1, 8)])
    assert least_excess(alone)[Rule.COLOUR_BALANCE] == 2 and in_priority_order(alone)
    # B1 Black in the same rounds as well: keeping both teams' totals costs two more players, where
    # with rule 3 free A1 and B1 make up each other's whites (rule 1 broken by 2, not 4).
    both = replace(
        alone, colours=(*alone.colours, *(ColourWish(Player(Team.B, 1), r, Colour.BLACK) for r in range(1, 8)))
    )
    assert least_excess(both)[Rule.COLOUR_BALANCE] == 4 and not in_priority_order(both)


def test_stages_stopped_by_the_work_limit_say_their_amounts_are_not_proven_the_least() -> None:
    # 10 boards, A1 White and B1 Black in rounds 1-6: with a tiny deterministic work limit the later
    # stages stop before proving their least
    colours = tuple(ColourWish(Player(Team.A, 1), r, Colour.WHITE) for r in range(1, 7)) + tuple(
        ColourWish(Player(Team.B, 1), r, Colour.BLACK) for r in range(1, 7)
    )
    result = design_match(Match(boards=10, colours=colours), DesignParams(time_limit=60, work_limit=0.05, workers=1))
    assert result.schedule is not None
    assert result.unproven and result.unproven <= set(result.relaxed)
    for entry in result_data(result)["relaxed"]:  # type: ignore[attr-defined]
        rule = next(rule for rule in RELAXABLE if int(rule) == entry["rule"])
        assert entry["proven"] is (rule not in result.unproven)
        said = next(message for message in result.messages if message.startswith(f"rule {int(rule)} ("))
        assert ("not proven the least" in said) is (rule in result.unproven)
        assert ("the least possible" in said) is (rule not in result.unproven)
    assert any("not proven the least in priority order" in message for message in result.messages)
