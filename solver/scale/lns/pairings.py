"""Pairing repairs around a deviation: unplayed rounds re-paired with every colour kept but a few players'.

**Played rounds that deviate from every image** (the last played round had two boards swap
opponents, or two games played with colours reversed).  The deviation *flips* a few players' colours
(both players of a reversed game; the B players of two swapped games whose A players had opposite
colours) and leaves a few pairs met twice.  Going on with the image's colours would give the flipped
players three in a row or a colour imbalance, and the round-freeing repair
(``solver/scale/lns/repair.py``), freeing rounds with all their colours, lets the breaks run wild (116
on 20 boards against the design's 20), which the search cannot undo in seconds.  So the repairs here
re-pair unplayed rounds with every colour kept but the flipped players': their solutions are the
image's colours but for those few players.

*Why this is hard, and what it takes.*  Near the deviation nearly every player of a design alternates, so
a pair can meet in a round only while the two are in opposite phases; a flipped player that alternated
across the deviation has, with its played colour reversed, the image's colour of the next round already,
so it must change colour in the first unplayed round ``d`` (one more break, two with the played one: the
image's breaks plus two a flipped player is the level of any repair keeping the others' colours).  In
``d`` it then needs an opponent whose colour there fits its own changed one: one it meets in the image
*after that opponent's break* (or another flipped player, whose colour in ``d`` changed too).  The
design's breaks sit late (in the constructions for 46 and 58 boards, from about the middle of the match
on), so a window of rounds from ``d`` holds no such meeting until it is some 16 rounds wide, and a
window that wide is no longer solved in seconds: every window up to 12 rounds is proved infeasible at
once, 16 rounds ends unknown after 10 s (58 boards, colours reversed; the old answer was the
round-freeing fallback, 140-144 breaks against the design's 66).  A colour-only model over all unplayed
rounds with the pairings kept found no schedule in 20 s there (46 and 58 boards); held to the one-change
pattern (colour wishes on the flipped players), the scattered parts found no schedule in 2.5 s at
37-58 boards, so that was dropped.

* **scattered rounds** (:func:`repair_scattered`): ``d``, the damaged rounds, the rounds where a
  flipped A player meets a flipped B player, one round drawn from each flipped player's *options*
  (:func:`scattered_rounds`: where it meets somebody whose colour in ``d`` fits its changed colour)
  and a few more drawn from the seed, more with each try.  Such a part of 10-13 rounds is a small
  model; most draws are proved infeasible at once, and the first solution (a few tries, 1-3 s at
  46-58 boards) is re-solved for fewest breaks on its rounds.  Then a search from the best: the
  same kind of part plus the rounds where a flipped player's colour differs from the image's, at
  most the current breaks, so the flipped players' further changes move to where they cost less
  (46 boards, colours reversed: 70 to 66 in 3 s).  It stops at the one-change level, after 24
  draws without a solution (small matches, where the options are few) or at its share.
* **windows** (:func:`repair_pairings`): the damaged rounds and the first w unplayed rounds, w = 2, 4,
  8, ...; at the first feasible one any solution is taken, then re-solved for fewest breaks; on the
  image, on the image with the two flipped players of a team exchanging their games from ``d`` on
  (``swap_roles``, ``solver/scale/lns/exchange.py``), and with the affected players' colours and those
  of the first three unplayed rounds free, or the players with a break in the image after the
  deviation (:func:`break_players`: 14 boards, colours reversed on boards 12 and 11, where a flipped
  player had an image break at the deviation, so the flipped players' changes cannot pair up round
  by round).

Which of the two goes first, and on what share of the repair's time, is ``solver/scale/lns/repair.py``'s.
"""

from __future__ import annotations

import random
import time

from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import Match
from scheveningen.models.domain.rules import Rule
from scheveningen.solver.scale.lns import part
from scheveningen.solver.scale.lns.budget import Budget, first_wall, spent, work_cap
from scheveningen.solver.scale.lns.damage import affected_players, damaged_rounds, flipped_players
from scheveningen.solver.scale.lns.exchange import swap_roles


def scattered_rounds(
    match: Match, current: Grid, flipped: tuple[set[int], set[int]]
) -> tuple[set[int], list[list[int]]]:
    """The rounds a flipped player's colour change at the first unplayed round ``d`` needs freed.

    Returns the core (``d``, the damaged rounds and the unplayed rounds where a flipped A player meets a
    flipped B player: both changed colour, so they can meet in ``d``) and, for each flipped player,
    the unplayed rounds after ``d`` where it meets somebody whose colour in ``d`` goes with its own
    changed colour there: moving that meeting into ``d`` is the start of every repair that keeps
    the others' colours.
    """
    k = len(match.played)
    a_rows, b_rows = current.colours()
    inverse = [current.inverse(r) for r in range(current.rounds)]
    core = {k} | damaged_rounds(match, current)
    core |= {r for r in range(k, current.rounds) for a in flipped[0] if current.opp[r][a] in flipped[1]}
    options: list[list[int]] = []
    for p in sorted(flipped[0]):
        options.append([s for s in range(k + 1, current.rounds) if b_rows[current.opp[s][p]][k] == a_rows[p][k]])
    for p in sorted(flipped[1]):
        options.append([s for s in range(k + 1, current.rounds) if a_rows[inverse[s][p]][k] == b_rows[p][k]])
    return core, [o for o in options if o]


def repair_scattered(
    match: Match,
    image: Grid,
    current: Grid,
    players: tuple[set[int], set[int]],
    deadline: float,
    work: float | None,
    workers: int,
    seed: int,
    relaxed: frozenset[Rule] = frozenset(),
    board_excess: int = 0,
) -> tuple[Grid | None, float]:
    """Re-pair a few scattered unplayed rounds with every colour kept but the flipped players'.

    The rounds are the first unplayed one, those :func:`scattered_rounds` names (one of each flipped
    player's options, drawn from the seed) and a few more drawn from the seed, more with each try.
    Most such parts are infeasible, proved at once; the first solution found is re-solved for fewest
    breaks on the same rounds, then searched from: parts of the same kind plus the rounds where a
    flipped player's colour differs from the image's, with at most the best's breaks.  Stops at the
    image's breaks plus two a flipped player, after :data:`SCATTERED_TRIES` draws without a first
    solution, at the deadline or the work limit; (None, work) when no solution was found.
    """
    flipped = players
    rng = random.Random(seed)
    k = len(match.played)
    unplayed = list(range(k, current.rounds))
    if not unplayed:
        return None, 0.0
    core, options = scattered_rounds(match, current, flipped)
    used = 0.0
    best: Grid | None = None
    tries = 0
    enough = image.breaks() + 2 * (len(flipped[0]) + len(flipped[1]))
    image_a, image_b = image.colours()
    while best is None or best.breaks() > enough:
        left = deadline - time.monotonic()
        if spent(left, work, used):
            break
        extra = min(4 + 2 * (tries // 6), len(unplayed))
        tries += 1
        free = set(core)
        for option in options:
            free.add(rng.choice(option))
        if best is not None:
            # From the best so far: the rounds where a flipped player's colour differs from the image,
            # so that its changes can move to where they cost less.
            now_a, now_b = best.colours()
            free |= {
                r
                for rows, now, team in ((image_a, now_a, flipped[0]), (image_b, now_b, flipped[1]))
                for p in team
                for r in unplayed
                if rows[p][r] != now[p][r]
            }
            extra = rng.choice((2, 4, 6))
        rest = [r for r in unplayed if r not in free]
        free |= set(rng.sample(rest, min(extra, len(rest))))
        cap = work_cap(0.5, work, used)
        if best is not None:
            result = part.solve_part(
                match,
                best,
                free,
                set(),
                Budget(left, cap, workers, rng.randrange(1 << 30)),
                best.breaks(),
                relaxed=relaxed,
                board_excess=board_excess,
                colour_players=flipped,
            )
            used += result.work
            if result.grid is not None and result.grid.breaks() < best.breaks():
                best = result.grid
            continue
        result = part.solve_part(
            match,
            current,
            free,
            set(),
            Budget(first_wall(left, work), cap, workers, rng.randrange(1 << 30)),
            relaxed=relaxed,
            board_excess=board_excess,
            colour_players=flipped,
            minimise=False,
        )
        used += result.work
        if result.grid is None:
            if (free >= set(unplayed) and result.status == "infeasible") or tries >= SCATTERED_TRIES:
                break  # every unplayed round freed and no solution, or many tries without one
            continue
        polish = work_cap(2 * cap, work, used)
        again = part.solve_part(
            match,
            result.grid,
            free,
            set(),
            Budget(max(deadline - time.monotonic(), 0.01), polish, workers, seed),
            result.grid.breaks(),
            relaxed=relaxed,
            board_excess=board_excess,
            colour_players=flipped,
        )
        used += again.work
        best = again.grid if again.grid is not None else result.grid
    return best, used


#: Tries of :func:`repair_scattered` without a solution before it gives up (small matches: see the docstring).
SCATTERED_TRIES = 24


#: Window widths (unplayed rounds from the first one) tried by :func:`repair_pairings`, then all of them.
WINDOWS = (2, 4, 6, 8, 12, 16, 24, 32, 48)


def repair_pairings(
    match: Match,
    image: Grid,
    current: Grid,
    deadline: float,
    work: float | None,
    workers: int,
    seed: int,
    relaxed: frozenset[Rule] = frozenset(),
    board_excess: int = 0,
) -> tuple[Grid | None, float]:
    """After played rounds that deviate from the image: re-pair a growing window of rounds, colours kept.

    ``current`` is the image with the played rounds written in.  Every player keeps the image's
    colour in every unplayed round except the *flipped* players (a played colour differs from the
    image's: both players of a game played with colours reversed, or the B players of two games
    whose opponents were swapped across colours), whose colours are free; the pairings of the
    damaged rounds and of the first w unplayed rounds are re-solved (a matching of players of
    opposite colours, :func:`solve_part` with ``colour_players``), for w = 2, 4, 8, ... up to every
    unplayed round.  Only the flipped players' breaks can change, so a solution is the image's
    colours but for a few players: the narrow windows are usually infeasible, which CP-SAT proves
    at once, and the first feasible window gives a start near the plain design's breaks.
    (None, work) when no window gave a schedule in time.
    """
    k = len(match.played)
    flipped = flipped_players(match, image, current)
    unplayed = list(range(k, current.rounds))
    widths = [w for w in WINDOWS if w < len(unplayed)] + [len(unplayed)]
    affected = affected_players(match, image, current)
    wider = (flipped[0] | affected[0], flipped[1] | affected[1])
    candidates = [(current, flipped)]
    if any(len(team) == 2 for team in flipped):
        candidates.append((swap_roles(current, range(k, current.rounds), *flipped), flipped))
    if wider != flipped:
        candidates.append((current, wider))
    breakers = break_players(image, k - 1)
    extra = (wider[0] | breakers[0], wider[1] | breakers[1])
    if extra != wider:
        candidates.append((current, extra))
    opening = set(unplayed[:3])  # then every colour of the first unplayed rounds free as well
    used = 0.0
    found: list[Grid] = []
    # Good enough to stop before the wider candidates: each flipped player at most two breaks more.
    enough = current.breaks() + 2 * (len(flipped[0]) + len(flipped[1]))
    for grid, players in candidates:  # the image, the role swap, more colours free; the best found
        if found and (players is wider or players is extra) and min(g.breaks() for g in found) <= enough:
            break
        damaged = damaged_rounds(match, grid)
        window = opening if players is wider else set()
        unknown = 0
        for index, width in enumerate(widths):
            left = deadline - time.monotonic()
            if spent(left, work, used) or unknown > 1:
                break  # two windows not solved in their share: wider ones are harder still
            cap = work_cap(0.6, work, used)
            budget = Budget(left / max(1, min(2, len(widths) - index)), cap, workers, seed)
            free = damaged | set(unplayed[:width])
            result = part.solve_part(
                match,
                grid,
                free,
                window,
                budget,
                relaxed=relaxed,
                board_excess=board_excess,
                colour_players=players,
                minimise=False,
            )
            used += result.work
            unknown += result.status == "unknown"
            if result.grid is not None and time.monotonic() < deadline:
                polish, share = (cap, 0.5) if result.grid.breaks() <= enough else (4 * cap, 0.8)
                polish = work_cap(polish, work, used)
                # Any solution first (the free players' colours may be anywhere), then fewest breaks from there.
                again = part.solve_part(
                    match,
                    result.grid,
                    free,
                    window,
                    # More work when the first solution is far above the image: most of the gain is here.
                    Budget(max(deadline - time.monotonic(), 0.01) * share, polish, workers, seed),
                    result.grid.breaks(),
                    relaxed=relaxed,
                    board_excess=board_excess,
                    colour_players=players,
                )
                used += again.work
                if again.grid is not None:
                    result = again
            if result.grid is not None:
                found.append(result.grid)
            if result.status == "optimal" or len(found) >= 2:  # a wider window may do better than a first solution
                break
    if not found:
        return None, used
    return min(found, key=lambda g: g.breaks()), used


def break_players(grid: Grid, first: int) -> tuple[set[int], set[int]]:
    """The A and B players (0-based) with a break in ``grid`` between rounds ``first`` and later.

    A player with a break can change colour next to it at no cost (the break moves), so these are
    the players that can make up, at little cost, the colours a deviation in the played rounds took
    from the flipped players: in a round where a flipped player's colour changes, a team mate's must
    change the other way (rule 3), and when the flipped players' own changes do not pair up so
    (a flipped player whose image had a break at the deviation), none is found among them alone.
    """
    a_rows, b_rows = grid.colours()

    def has_break(row: list[bool]) -> bool:
        return any(row[r] == row[r + 1] for r in range(max(first, 0), grid.rounds - 1))

    return (
        {p for p in range(grid.n) if has_break(a_rows[p])},
        {p for p in range(grid.n) if has_break(b_rows[p])},
    )
