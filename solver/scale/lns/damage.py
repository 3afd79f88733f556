"""What played rounds and unkept requests did to an image of a design: the damage a repair mends.

The start (``solver/scale/start.py``) gives an image of a known design, relabelled to keep as many
requests as it can.  :func:`with_played` writes the played rounds into it exactly; where they deviate
from the image (the last played round had two boards swap opponents, or two games played with colours
reversed), or a request is kept by no image, the result breaks rule 0 or a request.  The repairs
(``solver/scale/lns/repair.py`` and the modules it calls) free what this module names:

* :func:`damaged_rounds`: the unplayed rounds whose pairings must change (pairs met too often, in a
  double round twice with one colour; unkept meetings and avoids);
* :func:`flipped_players`: the players whose colour in some played round differs from the image's
  (both players of a game played with colours reversed; the B players of two swapped games whose A
  players had opposite colours);
* :func:`affected_players`: those whose played games or colours differ from the image's, and those
  named in a request the image does not keep.
"""

from __future__ import annotations

from scheveningen.models.domain.grid import Grid
from scheveningen.models.domain.match import Avoid, ColourWish, Match, Meet
from scheveningen.models.domain.schedule import Team
from scheveningen.solver.scale.start import played_grid, request_kept


def with_played(match: Match, grid: Grid) -> Grid:
    """The grid with the played rounds written in exactly."""
    out = grid.copy()
    played = played_grid(match.played, match.boards)
    for r in range(len(match.played)):
        out.opp[r] = list(played.opp[r])
        out.white[r] = list(played.white[r])
    return out


def damaged_rounds(match: Match, grid: Grid) -> set[int]:
    """Unplayed rounds whose pairings must change: pairs met too often (in a double round, also twice
    with one colour), unkept meetings and avoids."""
    k = len(match.played)
    bad: set[int] = set()
    times = 2 if match.double else 1
    meetings: dict[tuple[int, int], list[int]] = {}
    for r in range(grid.rounds):
        for a, b in enumerate(grid.opp[r]):
            meetings.setdefault((a, b), []).append(r)
    for (a, _b), where in meetings.items():
        # Too many meetings, or in a double round two with the same colours: all of them.
        if len(where) > times or (len(where) == 2 == times and len({grid.white[r][a] for r in where}) == 1):
            bad.update(where)
    for meet in match.meets:
        r = meet.round - 1
        if grid.opp[r][meet.a - 1] != meet.b - 1:
            bad.add(r)
            bad.update(s for s in range(grid.rounds) if grid.opp[s][meet.a - 1] == meet.b - 1)
    for avoid in match.avoids:
        bad.update(r - 1 for r in avoid.rounds if grid.opp[r - 1][avoid.a - 1] == avoid.b - 1)
    return {r for r in bad if r >= k}


def flipped_players(match: Match, image: Grid, current: Grid) -> tuple[set[int], set[int]]:
    """The A and B players (0-based) whose colour in some played round differs from the image's."""
    image_a, image_b = image.colours()
    now_a, now_b = current.colours()
    rounds = range(len(match.played))
    return (
        {p for p in range(image.n) if any(image_a[p][r] != now_a[p][r] for r in rounds)},
        {p for p in range(image.n) if any(image_b[p][r] != now_b[p][r] for r in rounds)},
    )


def affected_players(match: Match, image: Grid, current: Grid) -> tuple[set[int], set[int]]:
    """The A and B players (0-based) the damage touches: those whose played games or colours differ
    from the image's, and those named in a request the image does not keep."""
    a_set: set[int] = set()
    b_set: set[int] = set()
    k = len(match.played)
    image_a, image_b = image.colours()
    now_a, now_b = current.colours()
    for r in range(k):
        for a in range(image.n):
            if image.opp[r][a] != current.opp[r][a]:
                a_set.add(a)
                b_set.update((image.opp[r][a], current.opp[r][a]))
        a_set.update(p for p in range(image.n) if image_a[p][r] != now_a[p][r])
        b_set.update(p for p in range(image.n) if image_b[p][r] != now_b[p][r])
    for request in match.requests():
        if request_kept(request, current):
            continue
        if isinstance(request, ColourWish):
            (a_set if request.player.team is Team.A else b_set).add(request.player.number - 1)
        elif isinstance(request, Meet | Avoid):
            a_set.add(request.a - 1)
            b_set.add(request.b - 1)
    return a_set, b_set
