"""Paired double rounds folded into single rounds, and back.

A double round is *paired* when rounds 2t - 1 and 2t play the same games with colours reversed, for
t = 1..n.  Both double-round constructions are paired (``models/constructions/equal.py``: ``paired_double``
and ``doubled``), and so are their images.  A paired double round is a single round in disguise:

* **fold**: round t of the single round has the games of round pair t, and gives each player its
  *phase* there: its colour in round 2t - 1 when t is odd, in round 2t when t is even;
* **unfold**: round pair t plays round t's games twice, the A player having White in round 2t - 1
  exactly when its phase is White and t is odd or its phase is Black and t is even.

Unfolding is a bijection between single rounds on n boards and paired double rounds on n boards, and
it keeps what the house rules measure, as follows.

* Rule 0: a pair meets in round pair t twice, once with each colour.
* Rule 1 and the match total of rule 3: every player alternates inside each round pair, so each
  has n Whites and n Blacks, and team A has n^2 Whites of 2n^2 games.
* Rule 2 (runs of at most two): a run of one colour can only cross from one round pair to the next.
* Rule 3 in each round: team A's Whites in rounds 2t - 1 and 2t are w and n - w, where w is its
  Whites in round t of the fold (or n minus them), so both rounds are balanced exactly when round t is.
* Breaks: a player's colours in rounds 2t and 2t + 1 are equal exactly when its phase is the same
  in rounds t and t + 1 of the fold (the phase flips its meaning from one pair to the next, as the
  colours alternate), so the double round's breaks are the fold's breaks, player by player.

So a paired double round keeping rules 0-3 is the unfolding of a single round that keeps rule 0 and
rule 3 in each round, with rules 1 and 2 free (the fold's match total of rule 3 is the one thing kept
that the double round does not need, and it costs nothing for even n).  The requests fold too: a
meeting in round r is a meeting in round pair ceil(r / 2) (the pair meets in both its rounds), an avoid
in round r avoids round pair ceil(r / 2), a colour in round r is a phase in round ceil(r / 2), and
played round pairs are played rounds of the fold; an odd number of rounds played ends with the first
round of a pair, whose games and phases are then the fold's last played round.

:func:`fold_match` returns ``None`` where the match has no paired schedule: two requests that the fold
makes contradict (one player's two colours inside one round pair alike; a pair to meet in two
different round pairs), a played round pair whose rounds differ by more than the colours, or
``max_run = 1`` (runs of two, across the round pairs, are what pairing gives).  The designer
(``solver/design/stages/at_scale.py``) designs the folded match with the single-round machinery and unfolds the
result; the verifier then checks it against the double round as asked.
"""

from __future__ import annotations

from dataclasses import replace

from scheveningen.models.domain.match import Avoid, ColourWish, Match, Meet, PlayedRound
from scheveningen.models.domain.schedule import Game, Player, Schedule


def _pair(r: int) -> int:
    """The round pair (1-based) of double round ``r`` (1-based)."""
    return (r + 1) // 2


def _phase_flips(r: int) -> bool:
    """Whether a player's colour in double round ``r`` is the opposite of its phase in the fold."""
    t = _pair(r)
    return (r % 2 == 1) == (t % 2 == 0)


def _reversed(game: Game) -> Game:
    return Game(game.black, game.white)


def _folded_round(t: int, first: tuple[Game, ...], second: tuple[Game, ...]) -> tuple[Game, ...] | None:
    """Round t of the fold from the two rounds of round pair t; ``None`` unless they are the same
    games with colours reversed."""
    if tuple(_reversed(g) for g in first) != second:
        return None
    return first if t % 2 == 1 else second


def unfold(single: Schedule) -> Schedule:
    """The paired double round whose fold is ``single`` (see the module docstring)."""
    rounds: list[tuple[Game, ...]] = []
    for t, games in enumerate(single.rounds, start=1):
        first = games if t % 2 == 1 else tuple(_reversed(g) for g in games)
        rounds += [first, tuple(_reversed(g) for g in first)]
    return Schedule(single.boards, tuple(rounds), single.team_a, single.team_b)


def fold(double: Schedule) -> Schedule | None:
    """The single round a paired double round folds to; ``None`` if it is not paired."""
    if len(double.rounds) % 2:
        return None
    rounds: list[tuple[Game, ...]] = []
    for t in range(1, len(double.rounds) // 2 + 1):
        games = _folded_round(t, double.rounds[2 * t - 2], double.rounds[2 * t - 1])
        if games is None:
            return None
        rounds.append(games)
    return Schedule(double.boards, tuple(rounds), double.team_a, double.team_b)


def fold_match(match: Match) -> Match | None:
    """The single-round match whose schedules unfold to the paired schedules of ``match`` (a double
    round of equal teams); ``None`` where it has none (see the module docstring)."""
    if not (match.double and match.equal_teams) or match.rules.max_run == 1:
        return None
    meets: dict[tuple[int, int], Meet] = {}  # by pair: the round pair and the A player's phase, if asked
    for meet in match.meets:
        t = _pair(meet.round)
        white = meet.white
        if white is not None and _phase_flips(meet.round):
            white = white.other
        seen = meets.get((meet.a, meet.b))
        if seen is not None:
            if seen.round != t or (None not in (white, seen.white) and white is not seen.white):
                return None
            white = white or seen.white
        meets[meet.a, meet.b] = Meet(meet.a, meet.b, t, white)
    avoids = tuple(Avoid(v.a, v.b, tuple(sorted({_pair(r) for r in v.rounds}))) for v in match.avoids)
    wishes: dict[tuple[Player, int], ColourWish] = {}
    for wish in match.colours:
        t = _pair(wish.round)
        colour = wish.colour.other if _phase_flips(wish.round) else wish.colour
        seen_wish = wishes.get((wish.player, t))
        if seen_wish is not None and seen_wish.colour is not colour:
            return None
        wishes[wish.player, t] = ColourWish(wish.player, t, colour)
    played: list[PlayedRound] = []
    for t in range(1, _pair(len(match.played)) + 1):
        first = match.played[2 * t - 2].games
        # An odd number played ends with the first round of a pair: its second is still free.
        second = match.played[2 * t - 1].games if 2 * t <= len(match.played) else tuple(map(_reversed, first))
        games = _folded_round(t, first, second)
        if games is None:
            return None
        played.append(PlayedRound(t, games))
    return Match(
        boards=match.boards,
        team_a=match.team_a,
        team_b=match.team_b,
        rules=replace(match.rules, colour_balance=False, max_run=0),
        meets=tuple(meets.values()),
        avoids=avoids,
        colours=tuple(wishes.values()),
        played=tuple(played),
    )
