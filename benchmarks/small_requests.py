"""Small organisers' matches (equal teams, a single round, requests, 4 to 11 boards): the routing through the
organisers' stage against the earlier one (the full model alone below 12 boards), side by side in one run,
through ``custom_scale.py``'s machinery (that script is near the 800-line limit, so its kinds live here).

* ``small-image``: ``custom_scale.py``'s ``requests``: n/2 meet, avoid and colour requests read off a random
  image of the plain design (the witness, with the plain design's breaks);
* ``small-random``: n/3 meets and n/3 colour wishes at random (some sets cannot hold: both should say so);
* ``small-heavy``: n meets and n colour wishes at random, which no image of the design keeps all of.

Run it with the earlier routing as the approach ``baseline``: another install's python, for example a copy
of the commit before the change on ``PYTHONPATH`` (``git archive <commit> --prefix=scheveningen/``)::

    python benchmarks/small_requests.py --baseline /tmp/small-before [--sizes 4-11] [--seeds 3] [--time-limit 5]

Any option of ``custom_scale.py`` is accepted.  Writes
benchmarks/results/custom_scale/custom_scale_small_requests.{md,csv,png} (beside the other custom_scale tables).
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace

import custom_scale
from custom_scale import Case, case_kind, plain_breaks, requests_case

from scheveningen.models.domain.match import ColourWish, Match, Meet
from scheveningen.models.domain.schedule import Colour, Player, Team

#: The kinds this script adds, run by default.
FAMILY = ("small-image", "small-random", "small-heavy")


@case_kind("small-image")
def small_image_case(boards: int, seed: int) -> Case:
    case = requests_case(boards, seed)
    return replace(case, kind="small-image", witness=case.plain_breaks)


def random_requests(boards: int, seed: int, meets: int, colours: int, kind: str) -> Case:
    """``meets`` meetings (nobody twice in a round) and ``colours`` colour wishes, drawn at random."""
    rng = random.Random(f"{kind}-{boards}-{seed}")
    drawn: list[Meet] = []
    used: set[tuple[str, int, int]] = set()
    while len(drawn) < meets:
        a, b, r = (rng.randrange(1, boards + 1) for _ in range(3))
        if ("A", a, r) not in used and ("B", b, r) not in used:
            used |= {("A", a, r), ("B", b, r)}
            drawn.append(Meet(a=a, b=b, round=r))
    wishes = tuple(
        ColourWish(
            player=Player(rng.choice((Team.A, Team.B)), rng.randrange(1, boards + 1)),
            round=rng.randrange(1, boards + 1),
            colour=rng.choice((Colour.WHITE, Colour.BLACK)),
        )
        for _ in range(colours)
    )
    match = Match(boards=boards, meets=tuple(drawn), colours=wishes)
    return Case(kind, boards, seed, match, plain_breaks(boards), None, f"{meets} meet, {colours} colour, random")


@case_kind("small-random")
def small_random_case(boards: int, seed: int) -> Case:
    return random_requests(boards, seed, boards // 3, boards // 3, "small-random")


@case_kind("small-heavy")
def small_heavy_case(boards: int, seed: int) -> Case:
    return random_requests(boards, seed, boards, boards, "small-heavy")


def main(argv: list[str] | None = None) -> int:
    """``custom_scale.py``'s main with this family's kinds, sizes 4-11, 3 seeds, 5 s, ``new`` and ``baseline``
    and this script's output name as defaults (an option given on the command line wins)."""
    argv = sys.argv[1:] if argv is None else argv
    defaults = ["--kinds", ",".join(FAMILY), "--sizes", "4-11", "--seeds", "3", "--time-limit", "5"]
    defaults += ["--approaches", "new,baseline", "--name", "custom_scale_small_requests"]
    return custom_scale.main([*defaults, *argv])


if __name__ == "__main__":
    sys.exit(main())
