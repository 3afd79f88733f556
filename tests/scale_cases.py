"""Organisers' matches the scale tests share: random images of a design, a played prefix that deviates,
colour wishes that force a rule to be relaxed."""

from __future__ import annotations

import random

from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import ColourWish, Match, PlayedRound
from scheveningen.models.domain.schedule import Colour, Game, Player, Schedule, Team
from scheveningen.solver.scale.start import Symmetry, bases
from scheveningen.solver.verify.verifier import verify


def random_image(schedule: Schedule, rng: random.Random) -> Schedule:
    n = schedule.boards
    a, b = list(range(n)), list(range(n))
    rng.shuffle(a)
    rng.shuffle(b)
    flags = [rng.random() < 0.5 for _ in range(3)]
    return Symmetry(tuple(a), tuple(b), *flags).apply(Grid.from_schedule(schedule)).to_schedule()


def deviation_match(n: int, seed: int, colours: bool) -> Match:
    """A third of the rounds of a relabelled plain design played, the last with one deviation: two
    games played with colours reversed (one each way) or two boards' opponents swapped (pairs not met
    before); nobody has one colour three games running in the played rounds."""
    rng = random.Random(f"{n}-{seed}-{colours}")
    _name, base = bases(Match(boards=n))[0]
    a, b = list(range(n)), list(range(n))
    rng.shuffle(a)
    rng.shuffle(b)
    image = Symmetry(tuple(a), tuple(b), *(rng.random() < 0.5 for _ in range(3))).apply(base).to_schedule()
    k = n // 3
    met = {(g.a_player, g.b_player) for games in image.rounds[: k - 1] for g in games}
    while True:
        games = list(image.rounds[k - 1])
        if colours:
            i = rng.choice([x for x, g in enumerate(games) if g.a_white])
            j = rng.choice([x for x, g in enumerate(games) if not g.a_white])
            games[i], games[j] = Game(games[i].black, games[i].white), Game(games[j].black, games[j].white)
        else:
            i, j = rng.sample(range(n), 2)
            gi, gj = games[i], games[j]
            if (gi.a_player, gj.b_player) in met or (gj.a_player, gi.b_player) in met:
                continue
            games[i] = Game(gi.a_player, gj.b_player) if gi.a_white else Game(gj.b_player, gi.a_player)
            games[j] = Game(gj.a_player, gi.b_player) if gj.a_white else Game(gi.b_player, gj.a_player)
        prefix = Schedule(boards=n, rounds=(*image.rounds[: k - 1], tuple(games)))
        if verify(prefix).metrics.longest_run <= 2:
            break
    return Match(boards=n, played=tuple(PlayedRound(round=r + 1, games=g) for r, g in enumerate(prefix.rounds)))


def white(team: Team, p: int, r: int) -> ColourWish:
    return ColourWish(Player(team, p), r, Colour.WHITE)


def whites_exceed(n: int) -> Match:
    """A5 White in rounds 1, 2, 4, 6, ...: n/2 + 1 Whites, never three running (rule 1 forced)."""
    rounds = sorted({1, 2, *range(4, n + 1, 2)})[: (n + 1) // 2 + 1]
    return Match(boards=n, colours=tuple(white(Team.A, 5, r) for r in rounds))


def three_whites(n: int) -> Match:
    """B3 White in rounds 4, 5 and 6 (rule 2 forced)."""
    return Match(boards=n, colours=tuple(white(Team.B, 3, r) for r in (4, 5, 6)))


def round_unbalanced(n: int) -> Match:
    """n/2 + 1 A players White in round 7 (rule 3 forced)."""
    return Match(boards=n, colours=tuple(white(Team.A, a, 7) for a in range(2, n // 2 + 3)))
