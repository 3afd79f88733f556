"""p against 2 on 2 boards with p = 2 mod 4: the schedule that relaxes rule 3 least, with the fewest
breaks (2 from p = 6 on, none for 2 against 2).

Team B's two players play every round; team A's p players each play once in each half of the p
rounds (sitting out in turn allows nothing else: p/2 rounds of two games hold p games).  No schedule
keeps rules 1 and 3 together here (docs/bounds_unequal.md, "Two players a round"), and rule 1 gives
every A player exactly one White, so team A's Whites over the match number p, one a round on
average: a round with two has a round with none beside it, and rule 3 is broken by at least 2.

**The construction.**  B1 alternates, White in odd rounds.  B2 has the opposite colour in every
round but the first, where both are White (team A has no White), and the last, where both are Black
(team A has two): B2's colours are B1's reversed with round 1 turned from Black to White and round p
from White to Black.  An A player meeting B1 in round r and B2 in round r' has one White exactly when
B1's colour in r differs from B2's in r'.  In each half, B1's White rounds are as many as B2's Black
rounds in the other half (h = p/2 is odd; B1 is White in (h + 1)/2 rounds of the first half and
(h - 1)/2 of the second, and the two turned rounds move one White of B2 into the first half), so B1's
rounds of each half can be paired with B2's rounds of the other half of the opposite colour; each pair
is one A player's two games.  Rule 1 holds for everyone, runs are at most 2, rule 3 is broken in rounds
1 and p only (by 2 in all, the least), and B2 breaks twice (rounds 1-2 and p-1 to p): 2 breaks.

**2 is the fewest** with rules 1 and 2 kept and rule 3 broken by 2: A players cannot break (one White,
one Black).  With no break both B players alternate, so they have the same colour in every round or
in none: rule 3 broken by p or kept, neither possible.  With one break, one B player alternates and
the other has its colours on one side of the break and the opposite on the other, so the rounds where
they agree are a stretch at the start or the end, of length 2 (rule 3 broken by 2).  Counting as above,
B1's White rounds in the first half must equal B2's Black rounds in the second and B1's White rounds
in the second half B2's Black rounds in the first; with the agreeing stretch at the end, B2 is B1
reversed throughout the first half, so B1 would be White as often in both halves, against (h + 1)/2
and (h - 1)/2 for an alternating B1 (or the other way round), and the same with the stretch at the
start.  ``tests/models/constructions/test_two_boards.py`` checks the construction with the verifier and
the bound against the full CP-SAT model at 6 and 10 against 2.

**2 against 2** (the plain 2-board match).  Each player plays two games, so rule 1 gives each one
White and one Black.  If team A had White on exactly one board in round 1, say A1 against Bx, then A2
had Black against By, who had White; in round 2, A1 (now Black) meets By, who would have White
again.  So team A has White on both boards of a round or on neither, each round is one board off the
one rule 3 asks for, and rule 3 is broken by at least 2.  Team A White in round 1 and Black in round 2
(A1-B1 A2-B2, then B2-A1 B1-A2) breaks it by exactly 2, keeps rules 1 and 2, and everyone alternates:
no break.  The verifier proves the same by exhausting every schedule of this size.
"""

from __future__ import annotations

from scheveningen.models.domain.schedule import Schedule
from scheveningen.models.domain.symmetry import swap_teams

#: The amount by which the construction breaks rule 3, the least possible (module docstring).
BOARD_BALANCE_EXCESS = 2
#: Its breaks from p = 6 on, the fewest possible with rules 1 and 2 kept and rule 3 broken by that amount.
BREAKS = 2


def breaks(size_a: int, size_b: int) -> int:
    """The construction's breaks, the fewest possible: :data:`BREAKS`, none for 2 against 2."""
    return 0 if max(size_a, size_b) == 2 else BREAKS


def applies(size_a: int, size_b: int, boards: int) -> bool:
    """Whether the size is p against 2 (either team the pair) on 2 boards with p = 2 mod 4 (2 against 2
    included)."""
    return boards == 2 and min(size_a, size_b) == 2 and max(size_a, size_b) % 4 == 2


def relaxed_against_two(size_a: int, size_b: int) -> Schedule:
    """The schedule of the module docstring for ``size_a`` against ``size_b`` on 2 boards (one of them
    2, the other p = 2 mod 4); team A is whichever team the sizes say."""
    if not applies(size_a, size_b, 2):
        raise ValueError(f"needs p = 2 mod 4 against 2 on 2 boards, got {size_a} against {size_b}")
    p = max(size_a, size_b)
    if p == 2:  # team A White on both boards, then on neither; everyone alternates
        return Schedule.from_pairings([[(1, 1, True), (2, 2, True)], [(1, 2, False), (2, 1, False)]])
    half = p // 2

    def b1_white(r: int) -> bool:  # rounds from 1
        return r % 2 == 1

    def b2_white(r: int) -> bool:
        if r == 1:
            return True
        if r == p:
            return False
        return not b1_white(r)

    first, second = range(1, half + 1), range(half + 1, p + 1)
    # A player i (from 0): B1 in round b1_round[i], B2 in round b2_round[i], in different halves
    b1_round: list[int] = []
    b2_round: list[int] = []
    for b1_half, b2_half in ((first, second), (second, first)):
        for white in (True, False):
            b1_rounds = [r for r in b1_half if b1_white(r) == white]
            b2_rounds = [r for r in b2_half if b2_white(r) != white]
            if len(b1_rounds) != len(b2_rounds):
                # the module docstring counts them equal
                raise AssertionError(f"the colour counts of the halves do not pair up at p = {p}")
            b1_round += b1_rounds
            b2_round += b2_rounds
    pairings: list[list[tuple[int, int, bool]]] = [[] for _ in range(p)]
    for a, (r1, r2) in enumerate(zip(b1_round, b2_round, strict=True)):
        pairings[r1 - 1].append((a + 1, 1, not b1_white(r1)))
        pairings[r2 - 1].append((a + 1, 2, not b2_white(r2)))
    schedule = Schedule.from_pairings([sorted(games) for games in pairings], team_a=p, team_b=2)
    return schedule if size_a == p else swap_teams(schedule)
