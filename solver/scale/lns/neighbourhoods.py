"""The neighbourhoods of the large-neighbourhood search: which part of the schedule one step frees.

:func:`choose` draws one step's part from the seed, in four kinds (``solver/scale/lns/part.py``
describes each part model):

* **rounds**: a few rounds' pairings, with the colours of those rounds and their neighbours; the rounds
  drawn in proportion to :func:`round_weights` (the breaks next to each round), or now and then a
  run of neighbouring rounds;
* **players**: a few players' games in every unplayed round (:func:`players_games`), the players
  drawn in proportion to their breaks after the played rounds;
* **colours**: a window of rounds' colours around a round drawn by its weight;
* **pairings**: after played rounds only, a window of rounds re-paired with every colour kept but
  those of the players with the most breaks since the last played round (as the repair after a
  deviation does, ``solver/scale/lns/pairings.py``).

The sizes (rounds, players, window widths) are the search's, which grows a kind whose parts are
solved to optimality and shrinks one whose parts time out
(:func:`~scheveningen.solver.scale.lns.improve.improve`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from scheveningen.models.domain.grid import Grid


@dataclass
class Neighbourhood:
    """One step's part: the rounds whose pairings are freed (``free``), the rounds whose colours are
    (``colours``), single games freed (``games``: for a round, the A players whose games are
    re-paired among them) and, for a part with colours kept, the players whose colours may change
    (``colour_players``: A players, B players)."""

    kind: str
    free: set[int]
    colours: set[int]
    games: dict[int, set[int]] = field(default_factory=dict)
    colour_players: tuple[set[int], set[int]] | None = None


def choose(rng: random.Random, current: Grid, played: int, size: dict[str, int]) -> Neighbourhood:
    """A neighbourhood of ``current`` drawn from ``rng``; ``played``: the rounds played (never freed);
    ``size``: for each kind, the rounds, players or window width it frees."""
    k = played
    n, rounds = current.n, current.rounds
    unplayed = list(range(k, rounds))
    draw = rng.random()
    kind = "rounds" if draw < 0.4 else "players" if draw < 0.75 else "colours"
    if k and rng.random() < 0.35:  # after played rounds, often a window re-paired with colours kept
        kind = "pairings"
    # Rounds and players with many breaks are chosen more often: that is where there is something to gain.
    weight = round_weights(current, unplayed)
    if kind == "players":
        a_rows, b_rows = current.colours()
        everybody = list(range(2 * n))
        breaks_of = [1 + sum(row[r] == row[r + 1] for r in range(k, rounds - 1)) for row in (*a_rows, *b_rows)]
        chosen = _weighted_sample(rng, everybody, breaks_of, size["players"])
        a_players = {p for p in chosen if p < n}
        b_players = {p - n for p in chosen if p >= n}
        return Neighbourhood(kind, set(), set(), players_games(current, unplayed, a_players, b_players))
    if kind == "pairings":
        # The players with the most breaks since the last played round may change colour; all
        # others keep theirs while a window of rounds is re-paired (see repair_pairings).
        a_rows, b_rows = current.colours()
        breaks_of = [sum(row[r] == row[r + 1] for r in range(k - 1, rounds - 1)) for row in (*a_rows, *b_rows)]
        order = sorted(range(2 * n), key=lambda p: (-breaks_of[p], rng.random()))[: size["pairings"]]
        colour_players = ({p for p in order if p < n}, {p - n for p in order if p >= n})
        width = min(rng.choice((4, 6, 8, 12)), len(unplayed))
        first = rng.randrange(len(unplayed) - width + 1)
        return Neighbourhood(kind, set(unplayed[first : first + width]), set(), colour_players=colour_players)
    if kind == "rounds":
        count = min(size["rounds"], len(unplayed))
        if rng.random() < 0.3:
            first = rng.randrange(len(unplayed) - count + 1)
            free = set(unplayed[first : first + count])
        else:
            free = _weighted_sample(rng, unplayed, weight, count)
        return Neighbourhood(kind, free, {s for r in free for s in (r - 1, r, r + 1) if k <= s < rounds})
    width = min(size["colours"], len(unplayed))
    centre = _weighted_sample(rng, unplayed, weight, 1).pop()
    first = min(max(centre - width // 2, k), rounds - width)
    return Neighbourhood(kind, set(), set(range(first, first + width)))


def round_weights(grid: Grid, rounds: list[int]) -> list[int]:
    """For each of ``rounds``, one plus the breaks between it and its neighbours."""
    a_rows, b_rows = grid.colours()
    between = [sum(row[r] == row[r + 1] for row in (*a_rows, *b_rows)) for r in range(grid.rounds - 1)]
    return [1 + (between[r - 1] if r > 0 else 0) + (between[r] if r < grid.rounds - 1 else 0) for r in rounds]


def players_games(grid: Grid, rounds: list[int], a_players: set[int], b_players: set[int]) -> dict[int, set[int]]:
    """For each of ``rounds``, the A players whose game involves one of the given players."""
    out: dict[int, set[int]] = {}
    for r in rounds:
        chosen = {a for a in range(grid.n) if a in a_players or grid.opp[r][a] in b_players}
        if len(chosen) > 1:
            out[r] = chosen
    return out


def _weighted_sample(rng: random.Random, items: list[int], weights: list[int], count: int) -> set[int]:
    """``count`` distinct items, each draw in proportion to the weights of those left."""
    pool = list(zip(items, weights, strict=True))
    chosen: set[int] = set()
    while pool and len(chosen) < count:
        pick = rng.uniform(0, sum(w for _i, w in pool))
        for index, (item, w) in enumerate(pool):
            pick -= w
            if pick <= 0 or index == len(pool) - 1:
                chosen.add(item)
                pool.pop(index)
                break
    return chosen
