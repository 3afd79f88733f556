"""Organisers' matches the scale tests share: random images of a design, a played prefix that deviates,
colour wishes that force a rule to be relaxed."""

from __future__ import annotations

import random

from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import Avoid, ColourWish, Match, Meet, PlayedRound
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


def played_then_requests(n: int, seed: int, double: bool = False) -> tuple[Match, Schedule]:
    """The first third of a random image of the plain design (its construction, for a double round)
    played as printed, and n/2 meet, avoid and colour requests drawn from the image's later rounds;
    returns the match and the image, which keeps all of it."""
    rng = random.Random(f"played-then-requests-{n}-{seed}-{double}")
    image = random_image(bases(Match(boards=n, double=double))[0][1].to_schedule(), rng)
    k = len(image.rounds) // 3
    meets: list[Meet] = []
    avoids: list[Avoid] = []
    colours: list[ColourWish] = []
    while len(meets) + len(avoids) + len(colours) < n // 2:
        r = rng.randrange(k + 1, len(image.rounds) + 1)
        game = image.rounds[r - 1][rng.randrange(n)]
        a, b = game.a_player.number, game.b_player.number
        kind = rng.randrange(3)
        if kind == 0:
            meets.append(Meet(a=a, b=b, round=r, white=rng.choice((None, game.white.team))))
        elif kind == 1:
            apart = [
                s
                for s in range(k + 1, len(image.rounds) + 1)
                if all(g.b_player.number != b for g in image.rounds[s - 1] if g.a_player.number == a)
            ]
            avoids.append(Avoid(a=a, b=b, rounds=tuple(rng.sample(apart, 2))))
        else:
            player = rng.choice((game.white, game.black))
            colours.append(ColourWish(player=player, round=r, colour=game.colour_of(player)))
    played = tuple(PlayedRound(round=r + 1, games=image.rounds[r]) for r in range(k))
    match = Match(
        boards=n, double=double, played=played, meets=tuple(meets), avoids=tuple(avoids), colours=tuple(colours)
    )
    return match, image
