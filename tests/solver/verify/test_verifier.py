"""The verifier catches every kind of broken schedule, names the rule, player and round, and
reports nothing spurious; its metrics match a hand-worked example; and its verdict is unchanged
by the symmetries of a match (renumbering players, reversing colours)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from scheveningen.models.domain.rules import Rule
from scheveningen.models.domain.schedule import Game, Player, Schedule, Team
from scheveningen.models.formats.tables import PUBLISHED_SIZES, published
from scheveningen.models.formats.textform import parse_text
from scheveningen.solver.verify.completeness import check_complete
from scheveningen.solver.verify.verifier import (
    Verdict,
    attainable,
    check_colour_balance,
    check_no_three_in_a_row,
    metrics,
    verify,
)

# --------------------------------------------------------------------------- mutations


def A(k: int) -> Player:
    """Player ``Ak``: reads like the domain."""
    return Player(Team.A, k)


def B(k: int) -> Player:
    return Player(Team.B, k)


def with_rounds(schedule: Schedule, rounds: list[list[Game]]) -> Schedule:
    return Schedule(schedule.boards, tuple(tuple(r) for r in rounds), schedule.team_a, schedule.team_b)


def editable(schedule: Schedule) -> list[list[Game]]:
    return [list(games) for games in schedule.rounds]


def flip(schedule: Schedule, *cells: tuple[int, int]) -> Schedule:
    """Reverse the colours of the games at (round, board), 1-based."""
    rounds = editable(schedule)
    for r, b in cells:
        game = rounds[r - 1][b - 1]
        rounds[r - 1][b - 1] = Game(game.black, game.white)
    return with_rounds(schedule, rounds)


def swap_opponents(schedule: Schedule, r: int, b1: int, b2: int) -> Schedule:
    """Exchange the B players of two boards of round r; everyone keeps their colour."""
    rounds = editable(schedule)
    g1, g2 = rounds[r - 1][b1 - 1], rounds[r - 1][b2 - 1]
    assert g1.a_white == g2.a_white, "the mutation keeps colours only between boards of the same A colour"

    def game(a: Player, b: Player, a_white: bool) -> Game:
        return Game(a, b) if a_white else Game(b, a)

    rounds[r - 1][b1 - 1] = game(g1.a_player, g2.b_player, g1.a_white)
    rounds[r - 1][b2 - 1] = game(g2.a_player, g1.b_player, g2.a_white)
    return with_rounds(schedule, rounds)


def swap_boards(schedule: Schedule, r: int, b1: int, b2: int) -> Schedule:
    """Move the games of two boards of round r onto each other's board."""
    rounds = editable(schedule)
    rounds[r - 1][b1 - 1], rounds[r - 1][b2 - 1] = rounds[r - 1][b2 - 1], rounds[r - 1][b1 - 1]
    return with_rounds(schedule, rounds)


def replace(schedule: Schedule, r: int, b: int, game: Game) -> Schedule:
    rounds = editable(schedule)
    rounds[r - 1][b - 1] = game
    return with_rounds(schedule, rounds)


def reported(verdict: Verdict) -> set[Rule]:
    return {rule for rule, rv in verdict.rules.items() if rv.violations}


def found(verdict: Verdict, rule: Rule) -> list[tuple[str | None, int | None, int | None]]:
    return sorted(((v.player, v.round, v.board) for v in verdict.rules[rule].violations), key=str)


def messages(verdict: Verdict, rule: Rule) -> list[str]:
    return [v.message for v in verdict.rules[rule].violations]


def doubled(schedule: Schedule) -> Schedule:
    """The double round: the single round, then the same rounds with every colour reversed."""
    second = tuple(tuple(Game(g.black, g.white) for g in games) for games in schedule.rounds)
    return Schedule(schedule.boards, schedule.rounds + second)


N03, N04, N05, N06 = (published(n) for n in (3, 4, 5, 6))


def test_mutations_start_from_valid_tables() -> None:
    for schedule in (N03, N04, N05, N06, doubled(N04)):
        verdict = verify(schedule)
        assert verdict.ok
        assert reported(verdict) == set()


# --------------------------------------------------------------------------- rule 0: complete


def test_pair_meeting_twice_is_caught_and_nothing_else() -> None:
    # Round 1 boards 1 and 4 both give team A White: swap their B players.  A1 now meets B4 in
    # rounds 1 and 4, A4 meets B1 in rounds 1 and 4; A1-B1 and A4-B4 never meet.  Every player
    # keeps every colour, so rules 1-3 and all metrics are untouched.
    mutated = swap_opponents(N06, 1, 1, 4)
    verdict = verify(mutated)
    assert not verdict.ok
    assert reported(verdict) == {Rule.COMPLETE}
    assert found(verdict, Rule.COMPLETE) == [
        ("A1,B1", None, None),
        ("A1,B4", 4, None),
        ("A4,B1", 4, None),
        ("A4,B4", None, None),
    ]
    assert "A1 and B4 meet 2 times (expected 1): round 1 board 1, round 4 board 1" in messages(verdict, Rule.COMPLETE)
    assert "A1 and B1 meet 0 times (expected 1): never" in messages(verdict, Rule.COMPLETE)
    assert verdict.metrics == verify(N06).metrics


def test_missing_round_is_caught() -> None:
    mutated = Schedule(6, N06.rounds[:5])
    verdict = verify(mutated)
    assert not verdict.ok
    assert "the match has 5 rounds; 6 against 6 players on 6 boards needs 6" in messages(verdict, Rule.COMPLETE)
    never = {p for p, _r, _b in found(verdict, Rule.COMPLETE) if p is not None}
    assert never == {f"A{k},{g.b_player}" for k, g in enumerate(N06.rounds[5], start=1)}


def test_player_twice_in_a_round_and_player_absent_are_caught() -> None:
    # The reader refuses a player twice in a round, so build it directly: B2 takes B1's seat on board 1.
    mutated = replace(N06, 1, 1, Game(A(1), B(2)))
    verdict = verify(mutated)
    assert not verdict.complete
    assert not verdict.ok
    assert found(verdict, Rule.COMPLETE) == [
        ("A1,B1", None, None),
        ("A1,B2", 2, None),
        ("B1", 1, None),
        ("B2", 1, None),
    ]
    assert "B2 plays 2 games in round 1 (boards 1 and 2)" in messages(verdict, Rule.COMPLETE)
    assert "B1 does not play in round 1" in messages(verdict, Rule.COMPLETE)


def test_wrong_board_is_caught_and_nothing_else() -> None:
    # Same games, same colours, but A4's game is on board 1 and A1's on board 4.
    mutated = swap_boards(N06, 1, 1, 4)
    verdict = verify(mutated)
    assert reported(verdict) == {Rule.COMPLETE}
    assert found(verdict, Rule.COMPLETE) == [("A1", 1, 4), ("A4", 1, 1)]
    assert "board 1 seats A4, but it belongs to A1" in messages(verdict, Rule.COMPLETE)
    assert not verdict.ok


def test_wrong_board_from_text_is_caught() -> None:
    schedule = parse_text("Round 1\tA2-B2\tA1-B1\nRound 2\tB2-A1\tB1-A2\n").schedule
    assert ("A2", 1, 1) in found(verify(schedule), Rule.COMPLETE)


def test_player_outside_the_team_is_caught() -> None:
    # Built directly: team B has 6 players, so B7 cannot play.
    mutated = replace(N06, 2, 1, Game(Player(Team.B, 7), A(1)))
    verdict = verify(mutated)
    assert ("B7", 2, 1) in found(verdict, Rule.COMPLETE)
    assert "B7 is not a player of team B (it has 6 players)" in messages(verdict, Rule.COMPLETE)
    assert ("B2", 2, None) in found(verdict, Rule.COMPLETE)  # B2 lost its round 2 game


def test_double_round_with_the_same_colours_twice_is_caught() -> None:
    # Round 5 repeats round 1 with colours reversed; flipping board 1 gives A1 White against B1 both times.
    mutated = flip(doubled(N04), (5, 1))
    verdict = verify(mutated)
    assert verdict.double
    assert not verdict.ok
    assert found(verdict, Rule.COMPLETE) == [("A1,B1", 5, 1)]
    assert messages(verdict, Rule.COMPLETE) == ["A1 has White against B1 both times (rounds 1 and 5)"]
    # The flip also really breaks these: A1 and B1 each have 5 of one colour, round 5 has 3 A whites,
    # and team A has 17 whites to B's 15.
    assert {p for p, _r, _b in found(verdict, Rule.COLOUR_BALANCE)} == {"A1", "B1"}
    assert messages(verdict, Rule.BOARD_BALANCE) == [
        "team A has White on 3 of 4 boards in round 5 (expected 2)",
        "over the match team A has 17 whites and team B 15",
    ]


def test_double_round_expected_but_single_given() -> None:
    verdict = verify(N06, double=True)
    assert verdict.double
    assert "the match has 6 rounds; 6 against 6 players on 6 boards needs 12" in messages(verdict, Rule.COMPLETE)
    assert "A1 and B1 meet 1 times (expected 2): round 1 board 1" in messages(verdict, Rule.COMPLETE)
    assert reported(verdict) == {Rule.COMPLETE}


def test_double_round_is_inferred_from_the_round_count() -> None:
    assert verify(doubled(N04)).double
    assert not verify(N04).double


def test_double_round_where_each_pair_meets_once_with_each_colour_is_complete() -> None:
    assert check_complete(doubled(N06), double=True) == []


# --------------------------------------------------------------------------- rules 1-3


def test_colour_imbalance_is_caught_and_nothing_else() -> None:
    # n05 round 1 board 2 becomes B2-A2: B2 has White in rounds 1, 2, 4 and 5.
    verdict = verify(flip(N05, (1, 2)))
    assert reported(verdict) == {Rule.COLOUR_BALANCE}
    assert found(verdict, Rule.COLOUR_BALANCE) == [("B2", None, None)]
    assert messages(verdict, Rule.COLOUR_BALANCE) == ["B2 has 4 whites and 1 blacks"]
    assert verdict.rules[Rule.COLOUR_BALANCE].status == "broken"
    assert not verdict.ok


def test_three_in_a_row_is_caught_and_nothing_else() -> None:
    # n05 round 3 board 1 becomes B3-A1: A1 has Black, and B3 White, in rounds 2, 3 and 4.
    verdict = verify(flip(N05, (3, 1)))
    assert reported(verdict) == {Rule.NO_THREE_IN_A_ROW}
    assert found(verdict, Rule.NO_THREE_IN_A_ROW) == [("A1", 4, None), ("B3", 4, None)]
    assert "A1 has black three games running (rounds 2 to 4)" in messages(verdict, Rule.NO_THREE_IN_A_ROW)
    assert "B3 has white three games running (rounds 2 to 4)" in messages(verdict, Rule.NO_THREE_IN_A_ROW)
    assert not verdict.ok


def test_four_in_a_row_is_reported_for_both_windows() -> None:
    schedule = Schedule.from_pairings([[(1, 1, True)]] * 4, team_b=4)
    assert [v.round for v in check_no_three_in_a_row(schedule) if v.player == "A1"] == [3, 4]


def test_round_board_imbalance_is_caught_and_nothing_else() -> None:
    # n03 round 2 board 2 becomes B3-A2: team A has White on no board of round 2; totals stay 4-5.
    verdict = verify(flip(N03, (2, 2)))
    assert reported(verdict) == {Rule.BOARD_BALANCE}
    assert found(verdict, Rule.BOARD_BALANCE) == [(None, 2, None)]
    assert messages(verdict, Rule.BOARD_BALANCE) == ["team A has White on 0 of 3 boards in round 2 (expected 1 or 2)"]
    assert verdict.rules[Rule.BOARD_BALANCE].status == "broken"  # 3 boards can keep rule 3: no excuse
    assert not verdict.ok


def test_team_totals_imbalance_is_caught_and_nothing_else() -> None:
    # n03 round 2 board 3 becomes A3-B1: every round has 1 or 2 A whites, but A has 6 whites to B's 3.
    verdict = verify(flip(N03, (2, 3)))
    assert reported(verdict) == {Rule.BOARD_BALANCE}
    assert found(verdict, Rule.BOARD_BALANCE) == [(None, None, None)]
    assert messages(verdict, Rule.BOARD_BALANCE) == ["over the match team A has 6 whites and team B 3"]
    assert verdict.metrics.board_balance_excess == 2
    assert not verdict.ok


def test_round_and_totals_imbalance_are_both_reported() -> None:
    verdict = verify(flip(N05, (3, 4)))
    assert reported(verdict) == {Rule.BOARD_BALANCE}
    assert messages(verdict, Rule.BOARD_BALANCE) == [
        "team A has White on 4 of 5 boards in round 3 (expected 2 or 3)",
        "over the match team A has 14 whites and team B 11",
    ]


def test_even_size_round_imbalance_is_caught() -> None:
    # 4 boards: exactly 2 A whites a round; one flip makes 3 (and breaks colours too).
    verdict = verify(flip(N04, (1, 1)))
    assert (None, 1, None) in found(verdict, Rule.BOARD_BALANCE)
    assert not verdict.ok


# --------------------------------------------------------------------------- what 2 boards allow


def test_two_boards_exhaustion_shows_rules_one_and_three_conflict() -> None:
    facts = attainable(2, False)
    assert facts is not None
    assert facts.keeps == {Rule.COLOUR_BALANCE, Rule.NO_THREE_IN_A_ROW}
    assert facts.least_excess == {Rule.BOARD_BALANCE: 2}
    assert facts.schedules_examined == 32  # 2 pairings x 2^4 colourings


def test_two_boards_keeping_rule_three_but_breaking_rule_one_is_rejected() -> None:
    # Board balance holds (one A White a round) but A1 has White twice and A2 Black twice.
    schedule = Schedule.from_pairings([[(1, 1, True), (2, 2, False)], [(1, 2, True), (2, 1, False)]])
    verdict = verify(schedule)
    assert verdict.rules[Rule.BOARD_BALANCE].status == "holds"
    assert verdict.rules[Rule.COLOUR_BALANCE].status == "broken"
    assert verdict.rules[Rule.COLOUR_BALANCE].excuse is None
    assert {p for p, _r, _b in found(verdict, Rule.COLOUR_BALANCE)} == {"A1", "A2"}
    assert not verdict.ok


def test_two_board_double_round_can_keep_every_rule_so_imbalance_is_not_excused() -> None:
    verdict = verify(doubled(published(2)))
    assert verdict.double
    assert attainable(2, True).keeps == {Rule.COLOUR_BALANCE, Rule.NO_THREE_IN_A_ROW, Rule.BOARD_BALANCE}
    assert verdict.rules[Rule.BOARD_BALANCE].status == "broken"
    assert not verdict.ok


def test_incomplete_two_board_schedule_gets_no_excuse() -> None:
    # Rule 3 is broken as little as on the published table, but the schedule is not complete.
    schedule = Schedule.from_pairings([[(1, 1, True), (2, 2, True)], [(1, 1, False), (2, 2, False)]])
    verdict = verify(schedule)
    assert not verdict.complete
    assert verdict.rules[Rule.BOARD_BALANCE].excuse is None
    assert not verdict.ok


def test_exhaustion_is_not_attempted_for_large_sizes() -> None:
    assert attainable(4, False) is None
    assert attainable(3, True) is None


# --------------------------------------------------------------------------- metrics by hand

# n03:  Round 1  A1-B1  A2-B2  B3-A3
#       Round 2  B2-A1  A2-B3  B1-A3
#       Round 3  A1-B3  B1-A2  A3-B2
# A1 W B W, A2 W W B, A3 B B W; B1 B W W, B2 B W B, B3 W B B.


def test_metrics_of_three_board_table_worked_by_hand() -> None:
    m = metrics(N03)
    assert m.breaks_per_player == {"A1": 0, "A2": 1, "A3": 1, "B1": 1, "B2": 0, "B3": 1}
    assert m.breaks_by_team == {"A": 2, "B": 2}
    assert m.total_breaks == 4
    assert m.longest_run_per_player == {"A1": 1, "A2": 2, "A3": 2, "B1": 2, "B2": 1, "B3": 2}
    assert m.longest_run == 2
    assert m.whites_per_player == {"A1": 2, "A2": 2, "A3": 1, "B1": 2, "B2": 1, "B3": 1}
    assert m.games_per_player == dict.fromkeys(("A1", "A2", "A3", "B1", "B2", "B3"), 3)
    assert m.a_whites_per_round == [2, 1, 2]
    assert (m.a_whites_total, m.b_whites_total) == (5, 4)
    assert m.board_balance_excess == 0


# A1 always White: R1 A1-B1 A2-B2 B3-A3 / R2 A1-B2 B3-A2 A3-B1 / R3 A1-B3 A2-B1 B2-A3
# A1 W W W, A2 W B W, A3 B W B; B1 B B B, B2 B B W, B3 W W B.
LOPSIDED = Schedule.from_pairings(
    [
        [(1, 1, True), (2, 2, True), (3, 3, False)],
        [(1, 2, True), (2, 3, False), (3, 1, True)],
        [(1, 3, True), (2, 1, True), (3, 2, False)],
    ]
)


def test_metrics_of_lopsided_schedule_worked_by_hand() -> None:
    m = metrics(LOPSIDED)
    assert m.breaks_per_player == {"A1": 2, "A2": 0, "A3": 0, "B1": 2, "B2": 1, "B3": 1}
    assert m.breaks_by_team == {"A": 2, "B": 4}
    assert m.total_breaks == 6
    assert m.longest_run_per_player == {"A1": 3, "A2": 1, "A3": 1, "B1": 3, "B2": 2, "B3": 2}
    assert m.longest_run == 3
    assert m.whites_per_player == {"A1": 3, "A2": 2, "A3": 1, "B1": 0, "B2": 1, "B3": 2}
    assert m.a_whites_per_round == [2, 2, 2]
    assert (m.a_whites_total, m.b_whites_total) == (6, 3)
    assert m.board_balance_excess == 2


def test_lopsided_schedule_breaks_exactly_the_rules_worked_by_hand() -> None:
    verdict = verify(LOPSIDED)
    assert verdict.complete
    assert found(verdict, Rule.COLOUR_BALANCE) == [("A1", None, None), ("B1", None, None)]
    assert messages(verdict, Rule.COLOUR_BALANCE) == ["A1 has 3 whites and 0 blacks", "B1 has 0 whites and 3 blacks"]
    assert found(verdict, Rule.NO_THREE_IN_A_ROW) == [("A1", 3, None), ("B1", 3, None)]
    assert messages(verdict, Rule.BOARD_BALANCE) == ["over the match team A has 6 whites and team B 3"]
    assert verdict.relaxed == []
    assert not verdict.ok


def test_metrics_skip_rounds_a_player_sits_out() -> None:
    # 1 board, team B of 3: B2 plays only round 2, so it has one game and no break.
    schedule = Schedule.from_pairings([[(1, 1, True)], [(1, 2, False)], [(1, 3, True)]], team_b=3)
    m = metrics(schedule)
    assert m.games_per_player == {"A1": 3, "B1": 1, "B2": 1, "B3": 1}
    assert m.breaks_per_player["A1"] == 0
    assert m.longest_run_per_player["B2"] == 1
    assert check_colour_balance(schedule) == []


def test_verdict_serialises_to_json() -> None:
    data = json.loads(json.dumps(verify(flip(N05, (3, 1))).as_dict()))
    assert data["ok"] is False
    assert data["rules"]["no_three_in_a_row"]["status"] == "broken"
    first = data["rules"]["no_three_in_a_row"]["violations"][0]
    assert {k: v for k, v in first.items() if k != "message"} == {"rule": 2, "player": "A1", "round": 4}
    assert data["rules"]["complete"] == {"rule": 0, "status": "holds", "violations": []}
    assert data["metrics"]["breaks"] == verify(flip(N05, (3, 1))).metrics.total_breaks


# --------------------------------------------------------------------------- symmetries


def relabelled(schedule: Schedule, a_map: dict[int, int], b_map: dict[int, int]) -> Schedule:
    """Renumber the players; every game moves to the board of its (new) A player."""
    n = schedule.boards
    rounds = []
    for games in schedule.rounds:
        seats: list[Game | None] = [None] * n
        for game in games:
            a, b = A(a_map[game.a_player.number]), B(b_map[game.b_player.number])
            seats[a.number - 1] = Game(a, b) if game.a_white else Game(b, a)
        rounds.append(tuple(seats))
    return Schedule(n, tuple(rounds))


def reversed_colours(schedule: Schedule) -> Schedule:
    return Schedule(schedule.boards, tuple(tuple(Game(g.black, g.white) for g in games) for games in schedule.rounds))


@st.composite
def table_and_symmetry(draw: st.DrawFn) -> tuple[int, dict[int, int], dict[int, int], bool]:
    n = draw(st.sampled_from(list(PUBLISHED_SIZES)))
    numbers = list(range(1, n + 1))
    b_map = dict(zip(numbers, draw(st.permutations(numbers)), strict=True))
    joint = draw(st.booleans())
    a_map = dict(zip(numbers, draw(st.permutations(numbers)), strict=True)) if joint else {k: k for k in numbers}
    return n, a_map, b_map, draw(st.booleans())


@settings(max_examples=60, deadline=None, derandomize=True)
@given(case=table_and_symmetry())
def test_relabelling_and_colour_reversal_keep_a_table_valid(
    case: tuple[int, dict[int, int], dict[int, int], bool],
) -> None:
    n, a_map, b_map, reverse = case
    original = published(n)
    image = relabelled(original, a_map, b_map)
    if reverse:
        image = reversed_colours(image)
    before, after = verify(original), verify(image)
    assert after.ok
    assert {r: v.status for r, v in after.rules.items()} == {r: v.status for r, v in before.rules.items()}
    assert after.metrics.total_breaks == before.metrics.total_breaks
    renamed = {f"A{a_map[k]}": f"A{k}" for k in a_map} | {f"B{b_map[k]}": f"B{k}" for k in b_map}
    for new, old in renamed.items():
        assert after.metrics.breaks_per_player[new] == before.metrics.breaks_per_player[old]
        assert after.metrics.longest_run_per_player[new] == before.metrics.longest_run_per_player[old]


def test_renumbering_a_without_moving_boards_is_caught() -> None:
    # The control for the property above: renumbering team A but leaving each game on its old board
    # puts players on the wrong boards.
    swap = {1: 2, 2: 1, **{k: k for k in range(3, 7)}}
    moved = relabelled(N06, swap, {k: k for k in range(1, 7)})
    assert verify(moved).ok
    unmoved = Schedule(
        6,
        tuple(
            tuple(Game(*(A(swap[p.number]) if p.team is Team.A else p for p in (g.white, g.black))) for g in games)
            for games in N06.rounds
        ),
    )
    assert ("A2", 1, 1) in found(verify(unmoved), Rule.COMPLETE)
    assert not verify(unmoved).ok
