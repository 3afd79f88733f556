"""Organisers' matches with rounds played *and* requests for the rounds after them (issue 43): the case kinds
of ``custom_scale.py`` run through its machinery, with the breaks of a witness that keeps everything.

Each case plays the first rounds and asks n/2 meet, avoid and colour requests in the rounds after them, all
drawn from one schedule, the *witness*, which keeps the played rounds and every request:

* ``played-requests``: a third of the rounds played as a random image of the plain design printed them
  (renumber each team, maybe swap the teams, reverse the colours, reverse the rounds: ``custom_scale.py``'s
  ``played``); the witness is that image, with the plain design's breaks;
* ``played-deviation-requests``: the played rounds of ``custom_scale.py``'s ``played-deviation`` (two boards
  swapped opponents in the last played round, or on odd seeds two games were played with colours reversed);
  the witness is the designer's own answer for the played rounds alone (:data:`WITNESS`, one worker, a
  work limit), so the requests ask for nothing the design cannot give beyond what the deviation costs;
* ``double-played-requests`` and ``double-deviation-requests``: the same for a double round, from a random
  image of its construction (two thirds of the 2n rounds played, ``custom_scale.py``'s ``double-played``
  and ``double-deviation``).

A run is within target when it keeps everything, answers within the time limit + 2 s, and has at most the
witness's breaks + max(4, 10 %) (columns ``witness`` and ``within``).

    python benchmarks/played_requests.py [--sizes 14,20,30,40,50,60,70,88,100] [--seeds 2] [--time-limit 10]
                                         [--workers 2] [--kinds ...] [--approaches new] [--name ...]

Any option of ``custom_scale.py`` is accepted.  Writes
benchmarks/results/custom_scale/custom_scale_played_requests.{md,csv,png} (beside the other custom_scale
tables).  Exit status 1 if a run misses its target.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace

import custom_scale
from custom_scale import (
    Case,
    case_kind,
    deviation_case,
    double_design,
    double_deviation_case,
    near_witness,
    plain_breaks,
    plain_design,
    played_prefix,
    random_image,
)

from scheveningen.models.domain.match import Avoid, ColourWish, Match, Meet
from scheveningen.models.domain.schedule import Schedule
from scheveningen.solver.design import DesignParams, design_match
from scheveningen.solver.verify.verifier import verify

#: The kinds this script adds, run by default.
FAMILY = ("played-requests", "played-deviation-requests", "double-played-requests", "double-deviation-requests")

#: How the witness of a deviation case is designed: one worker and a work limit, so that it is the same
#: schedule on every run that the time limit does not cut short.
WITNESS = DesignParams(time_limit=30.0, work_limit=10.0, workers=1, seed=0)


def with_requests(played: Match, source: Schedule, rng: random.Random) -> tuple[Match, str]:
    """``played`` (its played rounds) with n/2 meet, avoid and colour requests drawn from the rounds of
    ``source`` after them; ``source`` keeps every one of them."""
    n, first, rounds = played.boards, len(played.played), len(source.rounds)
    meets: list[Meet] = []
    avoids: list[Avoid] = []
    colours: list[ColourWish] = []
    used: set[tuple[str, int, int, int]] = set()
    while len(meets) + len(avoids) + len(colours) < n // 2:
        r = rng.randrange(first + 1, rounds + 1)
        game = source.rounds[r - 1][rng.randrange(n)]
        a, b = game.a_player.number, game.b_player.number
        kind = rng.choice(("meet", "avoid", "colour"))
        if (kind, a, b, r) in used:
            continue
        used.add((kind, a, b, r))
        if kind == "meet":
            meets.append(Meet(a=a, b=b, round=r, white=rng.choice((None, game.white.team))))
        elif kind == "avoid":
            apart = [
                s
                for s in range(first + 1, rounds + 1)
                if all(g.b_player.number != b for g in source.rounds[s - 1] if g.a_player.number == a)
            ]
            avoids.append(Avoid(a=a, b=b, rounds=tuple(sorted(rng.sample(apart, min(3, len(apart)))))))
        else:
            player = rng.choice((game.white, game.black))
            colours.append(ColourWish(player=player, round=r, colour=game.colour_of(player)))
    match = replace(played, meets=tuple(meets), avoids=tuple(avoids), colours=tuple(colours))
    return match, f"{len(meets)} meet, {len(avoids)} avoid, {len(colours)} colour after them"


def witnessed(kind: str, played: Case, source: Schedule, rng: random.Random) -> Case:
    """The case ``kind`` with ``played``'s rounds and requests drawn from ``source`` (the witness)."""
    match, note = with_requests(played.match, source, rng)
    witness = verify(source, match=match)
    if not witness.ok or witness.requests or witness.relaxed:
        raise ValueError(f"the witness of {kind} on {played.boards} boards does not keep everything")
    breaks = witness.metrics.total_breaks
    return Case(
        kind,
        played.boards,
        played.seed,
        match,
        played.plain_breaks,
        near_witness(breaks),
        f"{played.note}; {note}",
        breaks,
    )


def designed(played: Case) -> Schedule:
    """The designer's answer for the played rounds alone (:data:`WITNESS`)."""
    result = design_match(played.match, WITNESS)
    if result.schedule is None:
        raise ValueError(f"no witness for {played.name}: {result.status}")
    return result.schedule


@case_kind("played-requests")
def played_requests_case(boards: int, seed: int) -> Case:
    rng = random.Random(f"played-requests-{boards}-{seed}")
    image = random_image(plain_design(boards), rng)
    k = boards // 3
    plain = plain_breaks(boards)
    played = Case("", boards, seed, Match(boards=boards, played=played_prefix(image, k)), plain, None, f"{k} played")
    return witnessed("played-requests", played, image, rng)


@case_kind("played-deviation-requests")
def played_deviation_requests_case(boards: int, seed: int) -> Case:
    played = deviation_case(boards, seed)
    rng = random.Random(f"played-deviation-requests-{boards}-{seed}")
    return witnessed("played-deviation-requests", played, designed(played), rng)


@case_kind("double-played-requests")
def double_played_requests_case(boards: int, seed: int) -> Case:
    rng = random.Random(f"double-played-requests-{boards}-{seed}")
    image = random_image(double_design(boards), rng)
    k = 2 * boards // 3
    plain = verify(image, double=True).metrics.total_breaks
    match = Match(boards=boards, double=True, played=played_prefix(image, k))
    played = Case("", boards, seed, match, plain, None, f"double round; {k} played")
    return witnessed("double-played-requests", played, image, rng)


@case_kind("double-deviation-requests")
def double_deviation_requests_case(boards: int, seed: int) -> Case:
    played = double_deviation_case(boards, seed)
    rng = random.Random(f"double-deviation-requests-{boards}-{seed}")
    return witnessed("double-deviation-requests", played, designed(played), rng)


def main(argv: list[str] | None = None) -> int:
    """``custom_scale.py``'s main with this family's kinds, ``new`` alone and this script's output name as
    defaults (an option given on the command line wins)."""
    argv = sys.argv[1:] if argv is None else argv
    defaults = ["--kinds", ",".join(FAMILY), "--approaches", "new", "--name", "custom_scale_played_requests"]
    return custom_scale.main([*defaults, *argv])


if __name__ == "__main__":
    sys.exit(main())
