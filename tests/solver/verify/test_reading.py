"""The games read as codes (solver/verify/reading.py): the same games, colours and counts as read
directly from the players, for well-formed and damaged schedules alike."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from scheveningen.models.domain.schedule import Player, Team
from scheveningen.models.domain.written import WrittenGame, WrittenSchedule
from scheveningen.models.formats.tables import published
from scheveningen.solver.verify.reading import Colours, code_of, player_of, read

players = st.builds(Player, st.sampled_from(Team), st.integers(1, 5))


@given(player=players)
def test_a_code_names_its_player_and_back(player: Player) -> None:
    assert player_of(code_of(player)) == player


@given(whites=st.lists(st.booleans(), max_size=30))
def test_breaks_and_runs_count_like_the_colours_read_one_by_one(whites: list[bool]) -> None:
    colours = Colours(list(range(1, len(whites) + 1)), whites)
    stretches = [len(list(group)) for _colour, group in itertools.groupby(whites)]
    assert colours.breaks() == sum(1 for x, y in itertools.pairwise(whites) if x == y)
    assert colours.longest_run == max(stretches, default=0)
    assert [length for _start, length in colours.runs] == stretches
    assert [whites[start] for start, _length in colours.runs] == [colour for colour, _g in itertools.groupby(whites)]


@given(
    rounds=st.lists(
        st.lists(st.tuples(players, players, st.integers(1, 5)), max_size=6),
        min_size=1,
        max_size=5,
    )
)
def test_a_damaged_schedule_reads_as_written(rounds: list[list[tuple[Player, Player, int]]]) -> None:
    written = WrittenSchedule(4, tuple(tuple(WrittenGame(w, b, k) for w, b, k in games) for games in rounds), 4, 4)
    reading = read(written)
    assert reading.rounds == tuple(tuple((k, code_of(w), code_of(b)) for w, b, k in games) for games in rounds)
    team = {Player(t, k) for t in Team for k in range(1, 5)}
    for code, colours in reading.colours.items():
        player = player_of(code)
        expected = [
            (r, white)
            for r, games in enumerate(written.rounds, start=1)
            for game in games
            for side, white in ((game.white, True), (game.black, False))
            if side == player
        ]
        assert list(zip(colours.rounds, colours.whites, strict=True)) == expected
    assert set(map(player_of, reading.colours)) == team
    assert reading.a_whites == tuple(
        (
            sum(1 for g in games if g.white.team is not g.black.team),
            sum(1 for g in games if g.white.team is Team.A and g.black.team is Team.B),
        )
        for games in written.rounds
    )


def test_a_schedule_is_read_once_and_again_when_another_comes_between() -> None:
    first, second = published(4), published(5)
    reading = read(first)
    assert read(first) is reading
    assert read(second) is not reading and read(second).boards == 5
    assert read(first) is not reading and read(first).rounds == reading.rounds
