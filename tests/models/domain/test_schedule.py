"""Players, games and schedules (models/domain/schedule.py): player codes read and write, a game
seats one player of each team, a schedule keeps its shape, and the break count of a schedule and of
one player's colours agrees with the independent verifier's on random schedules, sit-outs included."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scheveningen.models.domain.schedule import Colour, Game, Player, Schedule, Team, count_breaks
from scheveningen.solver.verify.verifier import verify

A1, A2, A3 = (Player(Team.A, k) for k in (1, 2, 3))
B1, B2, B3 = (Player(Team.B, k) for k in (1, 2, 3))

# --------------------------------------------------------------------------- players


@pytest.mark.parametrize(
    ("code", "team", "number"), [("A3", Team.A, 3), ("B12", Team.B, 12), ("A1", Team.A, 1), (" B7 ", Team.B, 7)]
)
def test_a_player_code_reads_as_team_and_number(code: str, team: Team, number: int) -> None:
    assert Player.parse(code) == Player(team, number)


@pytest.mark.parametrize("player", [A1, B3, Player(Team.A, 12), Player(Team.B, 100)])
def test_a_player_writes_as_its_code_and_reads_back(player: Player) -> None:
    assert Player.parse(str(player)) == player


@pytest.mark.parametrize("code", ["", "A", "C1", "a3", "A0", "A03", "3A", "A-1", "AB1", "A 3", "A3x", "B1.5"])
def test_a_bad_player_code_is_refused_naming_it(code: str) -> None:
    with pytest.raises(ValueError) as caught:
        Player.parse(code)
    assert repr(code) in str(caught.value)
    assert "is not a player code" in str(caught.value)


@pytest.mark.parametrize("number", [0, -1])
def test_a_player_number_below_one_is_refused(number: int) -> None:
    with pytest.raises(ValueError, match=f"player number must be 1 or more, got {number}"):
        Player(Team.A, number)


def test_players_sort_by_team_then_number() -> None:
    players = [Player(Team.B, 2), Player(Team.A, 10), Player(Team.B, 1), Player(Team.A, 2)]
    assert [str(p) for p in sorted(players)] == ["A2", "A10", "B1", "B2"]


def test_the_other_team_and_the_other_colour_swap_back() -> None:
    assert Team.A.other is Team.B and Team.B.other is Team.A
    assert Colour.WHITE.other is Colour.BLACK and Colour.BLACK.other is Colour.WHITE
    assert (Colour.WHITE.letter, Colour.BLACK.letter) == ("W", "B")


# --------------------------------------------------------------------------- games


def test_a_game_between_teammates_is_refused() -> None:
    with pytest.raises(ValueError, match="one player from each team, got A1-A2"):
        Game(A1, A2)
    with pytest.raises(ValueError, match="one player from each team"):
        Game(B1, B2)


@pytest.mark.parametrize(("white", "black"), [(A1, B2), (B2, A1)])
def test_a_game_gives_each_player_one_colour_and_knows_the_team_a_player(white: Player, black: Player) -> None:
    game = Game(white, black)
    assert game.colour_of(white) is Colour.WHITE
    assert game.colour_of(black) is Colour.BLACK
    assert (game.a_player, game.b_player) == (A1, B2)
    assert game.a_white == (white == A1)
    assert str(game) == f"{white}-{black}"


def test_the_colour_of_a_player_not_in_the_game_is_refused() -> None:
    with pytest.raises(ValueError, match="A3 does not play in A1-B2"):
        Game(A1, B2).colour_of(A3)


# --------------------------------------------------------------------------- schedules

PAIRINGS = [
    [(1, 1, True), (2, 2, False), (3, 3, True)],
    [(1, 2, False), (2, 3, True), (3, 1, False)],
    [(1, 3, True), (2, 1, False), (3, 2, True)],
]


def test_from_pairings_seats_the_games_round_by_round_in_board_order() -> None:
    schedule = Schedule.from_pairings(PAIRINGS)
    assert schedule.boards == 3 and schedule.n_rounds == 3
    assert schedule.team_a == schedule.team_b == 3 and schedule.equal_teams
    assert schedule.rounds[0] == (Game(A1, B1), Game(B2, A2), Game(A3, B3))
    assert schedule.rounds[1][2] == Game(B1, A3)
    triples = [[(g.a_player.number, g.b_player.number, g.a_white) for g in games] for games in schedule.rounds]
    assert triples == PAIRINGS


def test_games_lists_every_game_with_its_one_based_round_and_board() -> None:
    schedule = Schedule.from_pairings(PAIRINGS)
    games = list(schedule.games())
    assert len(games) == 9
    assert games[0] == (1, 1, Game(A1, B1))
    assert games[-1] == (3, 3, Game(A3, B2))
    assert all(schedule.rounds[r - 1][b - 1] == game for r, b, game in games)


def test_colour_sequence_follows_the_player_round_by_round() -> None:
    schedule = Schedule.from_pairings(PAIRINGS)
    assert schedule.colour_sequence(A1) == [Colour.WHITE, Colour.BLACK, Colour.WHITE]
    assert schedule.colour_sequence(B1) == [Colour.BLACK, Colour.WHITE, Colour.WHITE]


def test_a_round_sat_out_has_no_colour_and_the_games_around_it_are_in_a_row() -> None:
    # Teams of 3 and 2 on 2 boards, 3 rounds: each A player sits out once.
    schedule = Schedule.from_pairings(
        [[(1, 1, True), (2, 2, True)], [(1, 2, True), (3, 1, False)], [(2, 1, False), (3, 2, True)]], team_a=3
    )
    assert (schedule.team_a, schedule.team_b, schedule.equal_teams) == (3, 2, False)
    assert schedule.colour_sequence(A3) == [None, Colour.BLACK, Colour.WHITE]
    assert schedule.colour_sequence(A2) == [Colour.WHITE, None, Colour.BLACK]
    # A1: W W (one break), A2: W - B, A3: - B W, B1: B W W (one break), B2: B B B (two breaks).
    assert schedule.breaks() == 1 + 0 + 0 + 1 + 2


def test_players_are_listed_team_a_first_in_number_order() -> None:
    schedule = Schedule.from_pairings([[(1, 1, True), (2, 2, True)]], team_a=3)
    assert [str(p) for p in schedule.all_players()] == ["A1", "A2", "A3", "B1", "B2"]
    assert schedule.team_size(Team.A) == 3 and schedule.team_size(Team.B) == 2


def test_a_schedule_needs_a_board() -> None:
    with pytest.raises(ValueError, match="at least 1 board, got 0"):
        Schedule(boards=0, rounds=())


def test_a_round_with_the_wrong_number_of_games_is_refused_by_number() -> None:
    with pytest.raises(ValueError, match="round 2 has 1 game, expected 2"):
        Schedule(boards=2, rounds=((Game(A1, B1), Game(B2, A2)), (Game(A1, B2),)))


def test_a_team_smaller_than_the_boards_is_refused() -> None:
    with pytest.raises(ValueError, match="3 boards need at least 3 players a team, got 3 and 2"):
        Schedule.from_pairings(PAIRINGS, team_b=2)


def test_schedules_are_values() -> None:
    assert Schedule.from_pairings(PAIRINGS) == Schedule.from_pairings([list(r) for r in PAIRINGS])
    assert hash(Schedule.from_pairings(PAIRINGS)) == hash(Schedule.from_pairings(PAIRINGS))


# --------------------------------------------------------------------------- breaks


@pytest.mark.parametrize(
    ("colours", "breaks"),
    [("", 0), ("W", 0), ("WB", 0), ("WW", 1), ("WWW", 2), ("WBWB", 0), ("WWBB", 2), ("BWWBBB", 3)],
)
def test_count_breaks_counts_games_in_a_row_with_one_colour(colours: str, breaks: int) -> None:
    as_colours = [Colour.WHITE if c == "W" else Colour.BLACK for c in colours]
    assert count_breaks(as_colours) == breaks
    assert count_breaks([c == "W" for c in colours]) == breaks


@st.composite
def random_schedules(draw: st.DrawFn) -> Schedule:
    """Any shape the class allows: 1-6 boards, teams of up to two more players than boards, 1-7 rounds,
    each round a random choice of players seated in random order with random colours."""
    boards = draw(st.integers(1, 6))
    team_a = boards + draw(st.integers(0, 2))
    team_b = boards + draw(st.integers(0, 2))
    n_rounds = draw(st.integers(1, 7))
    pairings = []
    for _ in range(n_rounds):
        a_side = draw(st.permutations(range(1, team_a + 1)))[:boards]
        b_side = draw(st.permutations(range(1, team_b + 1)))[:boards]
        whites = draw(st.lists(st.booleans(), min_size=boards, max_size=boards))
        pairings.append(list(zip(a_side, b_side, whites, strict=True)))
    return Schedule.from_pairings(pairings, team_a=team_a, team_b=team_b)


@settings(max_examples=150, derandomize=True, deadline=None)
@given(schedule=random_schedules())
def test_schedule_breaks_agree_with_the_verifier(schedule: Schedule) -> None:
    metrics = verify(schedule).metrics
    assert schedule.breaks() == metrics.total_breaks
    for player in schedule.all_players():
        played = [c for c in schedule.colour_sequence(player) if c is not None]
        assert count_breaks(played) == metrics.breaks_per_player[str(player)], player


@settings(max_examples=150, derandomize=True, deadline=None)
@given(schedule=random_schedules())
def test_every_player_of_every_game_has_a_colour_in_that_round(schedule: Schedule) -> None:
    assert len(list(schedule.games())) == schedule.boards * schedule.n_rounds
    for r, _board, game in schedule.games():
        assert schedule.colour_sequence(game.white)[r - 1] is Colour.WHITE
        assert schedule.colour_sequence(game.black)[r - 1] is Colour.BLACK
    seats = sum(c is not None for p in schedule.all_players() for c in schedule.colour_sequence(p))
    assert seats == 2 * schedule.boards * schedule.n_rounds
