"""Rule 0 (solver/verify/completeness.py): the glance over whole rounds never vouches for a schedule
that the game-by-game check faults, and vouches for every complete one of equal teams."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scheveningen.models.constructions.equal import construct
from scheveningen.models.domain.schedule import Game, Player, Schedule, Team
from scheveningen.models.domain.written import WrittenGame, WrittenSchedule
from scheveningen.models.formats.tables import published
from scheveningen.solver.verify.completeness import as_written, check_complete, complete_at_a_glance
from scheveningen.solver.verify.reading import read


def _every_fault(schedule: Schedule | WrittenSchedule, double: bool) -> list[str]:
    """The game-by-game check alone: the glance is told "look closer" by a schedule it cannot read as a Schedule."""
    written = as_written(schedule)
    shuffled = WrittenSchedule(
        written.boards, tuple(tuple(reversed(games)) for games in written.rounds), written.team_a, written.team_b
    )
    assert not complete_at_a_glance(read(shuffled), double) or written.boards == 1
    return [v.message for v in check_complete(shuffled, double)]


def _base(n: int, double: bool) -> Schedule:
    schedule = construct(n, double)
    assert schedule is not None
    return schedule


def _mutate(schedule: Schedule, rng: random.Random) -> WrittenSchedule:
    """One to three random changes of the games as written: a colour reversed, a player renamed, two
    games or players exchanged within or across rounds, a game dropped or repeated, a board renumbered."""
    rounds = [
        [WrittenGame(game.white, game.black, board) for board, game in enumerate(games, start=1)]
        for games in schedule.rounds
    ]
    n = schedule.boards

    def player() -> Player:
        return Player(rng.choice((Team.A, Team.B)), rng.randint(1, n + 1))

    for _ in range(rng.randint(1, 3)):
        r, k = rng.randrange(len(rounds)), rng.randrange(n)
        games = rounds[r]
        if not games:
            continue
        k %= len(games)
        game = games[k]
        kind = rng.randrange(8)
        if kind == 0:
            games[k] = WrittenGame(game.black, game.white, game.board)
        elif kind == 1:
            games[k] = WrittenGame(player(), game.black, game.board)
        elif kind == 2:
            other = rng.randrange(len(games))
            games[k], games[other] = (
                WrittenGame(game.white, games[other].black, game.board),
                WrittenGame(games[other].white, game.black, games[other].board),
            )
        elif kind == 3:
            s = rng.randrange(len(rounds))
            rounds[r], rounds[s] = rounds[s], rounds[r]
        elif kind == 4:
            del games[k]
        elif kind == 5:
            games.append(WrittenGame(game.white, game.black, rng.randint(1, n + 1)))
        elif kind == 6:
            games[k] = WrittenGame(game.white, game.black, rng.randint(1, n + 1))
        else:
            other = rng.randrange(len(rounds))
            if rounds[other]:
                j = rng.randrange(len(rounds[other]))
                games[k], rounds[other][j] = (
                    WrittenGame(rounds[other][j].white, rounds[other][j].black, game.board),
                    WrittenGame(game.white, game.black, rounds[other][j].board),
                )
    return WrittenSchedule(n, tuple(tuple(games) for games in rounds), n, n)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(3, 9), double=st.booleans())
def test_the_glance_never_vouches_for_a_schedule_the_full_check_faults(seed: int, n: int, double: bool) -> None:
    written = _mutate(_base(n, double), random.Random(seed))
    faults = _every_fault(written, double)
    assert not complete_at_a_glance(read(written), double) or faults == []
    assert (check_complete(written, double) == []) == (faults == [])


@given(n=st.integers(1, 14), double=st.booleans())
def test_the_glance_vouches_for_every_complete_design(n: int, double: bool) -> None:
    schedule = published(n) if n in (2, 3) else _base(max(n, 3), double)
    if n in (2, 3) and double:
        schedule = Schedule(
            schedule.boards,
            schedule.rounds + tuple(tuple(Game(g.black, g.white) for g in games) for games in schedule.rounds),
        )
    assert _every_fault(schedule, double) == []
    assert complete_at_a_glance(read(schedule), double)


def test_the_glance_looks_closer_at_single_round_games_read_as_a_double_round() -> None:
    schedule = published(5)
    assert complete_at_a_glance(read(schedule), False)
    assert not complete_at_a_glance(read(schedule), True)
    assert check_complete(schedule, True) != []


def test_unequal_teams_are_always_checked_game_by_game() -> None:
    games = tuple(tuple(Game(Player(Team.A, a), Player(Team.B, (a + r) % 3 + 1)) for a in (1, 2)) for r in range(3))
    schedule = Schedule(2, games, team_a=2, team_b=3)
    assert not complete_at_a_glance(read(schedule), False)
