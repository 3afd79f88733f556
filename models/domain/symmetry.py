"""The symmetries of a match without requests, and the normal form the CP-SAT model assumes.

Every house rule is unchanged by renumbering team B, by renumbering A and B
together with one permutation (each game moves to the board of its new A
player), and by reversing every colour.  The model's symmetry breaking fixes a
representative of each class; :func:`normalise` moves any schedule there, so a
construction or an earlier design can be given to the solver as a hint.
"""

from __future__ import annotations

from collections.abc import Callable

from scheveningen.models.domain.schedule import Game, Player, Schedule, Team


def reverse_colours(schedule: Schedule) -> Schedule:
    """The same pairings with White and Black swapped in every game."""
    rounds = tuple(tuple(Game(g.black, g.white) for g in games) for games in schedule.rounds)
    return Schedule(schedule.boards, rounds, schedule.team_a, schedule.team_b)


def reverse_rounds(schedule: Schedule) -> Schedule:
    """The same rounds played in the opposite order: every player's colours read backwards, so the
    same breaks and runs, and sit-outs still in turn (after t rounds, the totals less the counts after
    the other rounds)."""
    return Schedule(schedule.boards, schedule.rounds[::-1], schedule.team_a, schedule.team_b)


def _map_players(schedule: Schedule, move: Callable[[Player], Player], team_a: int, team_b: int) -> Schedule:
    """Every game with its players mapped by ``move``; each game sits on its new A player's board."""
    rounds = []
    for games in schedule.rounds:
        moved = [Game(move(g.white), move(g.black)) for g in games]
        moved.sort(key=lambda g: g.a_player.number)
        rounds.append(tuple(moved))
    return Schedule(schedule.boards, tuple(rounds), team_a, team_b)


def relabel(schedule: Schedule, a_map: dict[int, int], b_map: dict[int, int]) -> Schedule:
    """Renumber A players by ``a_map`` and B players by ``b_map``; games move to their new boards."""

    def move(player: Player) -> Player:
        table = a_map if player.team is Team.A else b_map
        return Player(player.team, table[player.number])

    return _map_players(schedule, move, schedule.team_a, schedule.team_b)


def swap_teams(schedule: Schedule) -> Schedule:
    """The same games with the teams' names exchanged (Ak becomes Bk and Bk becomes Ak)."""
    return _map_players(schedule, lambda p: Player(p.team.other, p.number), schedule.team_b, schedule.team_a)


def normalise(schedule: Schedule) -> Schedule:
    """The equivalent schedule in the model's normal form (equal teams only).

    Round 1 pairs ``Ak`` with ``Bk``, team A has White on at least half its
    boards in round 1, and those boards come first.
    """
    n = schedule.boards
    if sum(g.a_white for g in schedule.rounds[0]) < (n + 1) // 2:
        schedule = reverse_colours(schedule)
    first = schedule.rounds[0]
    order = sorted(range(n), key=lambda i: (not first[i].a_white, i))
    a_map = {first[i].a_player.number: new for new, i in enumerate(order, start=1)}
    b_map = {first[i].b_player.number: new for new, i in enumerate(order, start=1)}
    return relabel(schedule, a_map, b_map)
