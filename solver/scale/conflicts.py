"""Impossible requests and forced relaxations found by counting, without the full CP-SAT model.

The full model has n^3 meeting variables; at 40 boards and more, building it takes seconds and the
deletion-based conflict explanation (``minimal_conflict`` in ``solver/design/explain.py``) several solves of
it.  For the request families organisers actually get wrong, a proof needs no solver at all:

* **pairings** (:func:`pairing_conflict`): every request that pins or forbids games (played rounds,
  meetings, avoids, and colours, since two players wished the same colour in a round cannot meet in
  it) removes edges from three kinds of bipartite graph: in round r, A players against B players; for
  an A player, rounds against B opponents; for a B player, rounds against A opponents.  Every one of
  them needs a perfect matching (every player plays once a round; every pair meets once).  Hall's
  theorem names a set S of one side whose neighbours are fewer than S; the requests that remove the
  edges out of S are a conflicting set, shrunk by deletion (drop one, check that graph again) until
  dropping any member makes that graph matchable again;
* **rules** (:func:`least_excess`): the colours the requests fix (played rounds, colour wishes, the
  White of a meeting) already break rule 1 (a player fixed to more than ceil(n/2) of one colour),
  rule 2 (a window of max_run + 1 rounds fixed to one colour) or rule 3 (a round where more than
  ceil(n/2) A players are fixed to White, or B players to Black, and the teams' totals).  Each count
  is a lower bound on the excess the verifier measures, whichever other rules hold; a schedule that
  meets all of them breaks each rule as little as possible.  :func:`rule_witness` names the
  requests behind a bound, for ``--strict``.

The counts are hand-made, one a rule, in :data:`FORCED_EXCESS` and :data:`WITNESSES`, keyed by the
registry (``models/domain/rules.py``); the registry lists :attr:`Search.CONFLICTS` among the searches
that honour exactly those rules (and rules 0 and 4, which need no count).  For a match that switches
on a rule not counted here (:func:`covers` is false) the counts say nothing about that rule, so the
callers skip this module's rule counts and leave the match to the CP-SAT model.  The pairing test
reads rule 0 alone and holds for every match.

Everything here is exact combinatorics on the requests and quick at 100 boards.  Players and rounds
are 0-based inside, 1-based in what users see.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from scheveningen.models.domain.match import Avoid, ColourWish, Match, Meet, PlayedRound, Request
from scheveningen.models.domain.rules import Rule, Search, honours
from scheveningen.models.domain.schedule import Colour, Team

#: A graph to match: ("round", r), ("A", a) or ("B", b), all 0-based.
GraphKey = tuple[str, int]


@dataclass
class Facts:
    """What a set of requests fixes, indexed for the edge test (0-based)."""

    n: int
    rounds: int
    pin_a: dict[tuple[int, int], tuple[int, Request]] = field(default_factory=dict)  # (r, a) -> b
    pin_b: dict[tuple[int, int], tuple[int, Request]] = field(default_factory=dict)  # (r, b) -> a
    pair_round: dict[tuple[int, int], tuple[int, Request]] = field(default_factory=dict)  # (a, b) -> r
    avoided: dict[tuple[int, int], list[tuple[frozenset[int], Request]]] = field(default_factory=dict)
    colour: dict[tuple[Team, int, int], tuple[bool, Request]] = field(default_factory=dict)  # (team, p, r) -> white
    # Bit masks for the edge test.
    pinned_a: dict[int, int] = field(default_factory=dict)  # round -> A players pinned
    pinned_b: dict[int, int] = field(default_factory=dict)
    pairs_a: dict[int, int] = field(default_factory=dict)  # A player -> B players it is pinned to meet
    pairs_b: dict[int, int] = field(default_factory=dict)
    avoid_a: dict[tuple[int, int], int] = field(default_factory=dict)  # (a, r) -> B players avoided
    avoid_b: dict[tuple[int, int], int] = field(default_factory=dict)
    white: dict[tuple[Team, int], int] = field(default_factory=dict)  # (team, r) -> players fixed White
    black: dict[tuple[Team, int], int] = field(default_factory=dict)

    @classmethod
    def of(cls, requests: Iterable[Request], n: int, rounds: int) -> Facts:
        """The facts of ``requests``; the first of two contradicting facts wins (see
        ``scale.obvious_conflict``, which is checked first)."""
        facts = cls(n, rounds)
        for request in requests:
            if isinstance(request, PlayedRound):
                for game in request.games:
                    a, b = game.a_player.number - 1, game.b_player.number - 1
                    facts._pin(request.round - 1, a, b, request)
                    facts._colour(Team.A, a, request.round - 1, game.a_white, request)
                    facts._colour(Team.B, b, request.round - 1, not game.a_white, request)
            elif isinstance(request, Meet):
                a, b, r = request.a - 1, request.b - 1, request.round - 1
                facts._pin(r, a, b, request)
                if request.white is not None:
                    facts._colour(Team.A, a, r, request.white is Team.A, request)
                    facts._colour(Team.B, b, r, request.white is Team.B, request)
            elif isinstance(request, Avoid):
                rounds_ = frozenset(r - 1 for r in request.rounds)
                a, b = request.a - 1, request.b - 1
                facts.avoided.setdefault((a, b), []).append((rounds_, request))
                for r in rounds_:
                    facts.avoid_a[a, r] = facts.avoid_a.get((a, r), 0) | 1 << b
                    facts.avoid_b[b, r] = facts.avoid_b.get((b, r), 0) | 1 << a
            elif isinstance(request, ColourWish):
                player = request.player
                facts._colour(
                    player.team, player.number - 1, request.round - 1, request.colour is Colour.WHITE, request
                )
        return facts

    def _pin(self, r: int, a: int, b: int, request: Request) -> None:
        if (r, a) in self.pin_a or (r, b) in self.pin_b or (a, b) in self.pair_round:
            return
        self.pin_a[r, a] = (b, request)
        self.pin_b[r, b] = (a, request)
        self.pair_round[a, b] = (r, request)
        self.pinned_a[r] = self.pinned_a.get(r, 0) | 1 << a
        self.pinned_b[r] = self.pinned_b.get(r, 0) | 1 << b
        self.pairs_a[a] = self.pairs_a.get(a, 0) | 1 << b
        self.pairs_b[b] = self.pairs_b.get(b, 0) | 1 << a

    def _colour(self, team: Team, p: int, r: int, white: bool, request: Request) -> None:
        if (team, p, r) in self.colour:
            return
        self.colour[team, p, r] = (white, request)
        masks = self.white if white else self.black
        masks[team, r] = masks.get((team, r), 0) | 1 << p

    # ------------------------------------------------------------------ the edge test

    def _same_colour_mask(self, team: Team, p: int, r: int) -> int:
        """The other team's players fixed to the colour ``p`` is fixed to in round ``r`` (0 if not fixed)."""
        fixed = self.colour.get((team, p, r))
        if fixed is None:
            return 0
        return (self.white if fixed[0] else self.black).get((team.other, r), 0)

    def opponents(self, team: Team, p: int, r: int) -> int:
        """The players of the other team that ``p`` can meet in round ``r``, as a bit mask."""
        full = (1 << self.n) - 1
        pins, pinned, pairs, avoid = (
            (self.pin_a, self.pinned_b, self.pairs_a, self.avoid_a)
            if team is Team.A
            else (self.pin_b, self.pinned_a, self.pairs_b, self.avoid_b)
        )
        pin = pins.get((r, p))
        if pin is not None:
            return (1 << pin[0]) & ~self._same_colour_mask(team, p, r)
        return full & ~pinned.get(r, 0) & ~pairs.get(p, 0) & ~avoid.get((p, r), 0) & ~self._same_colour_mask(team, p, r)

    def graph(self, key: GraphKey) -> list[int]:
        """The left side's neighbour masks: round r (A players -> B players), or an A or B player
        (rounds -> the other team's players)."""
        kind, index = key
        if kind == "round":
            return [self.opponents(Team.A, a, index) for a in range(self.n)]
        team = Team.A if kind == "A" else Team.B
        return [self.opponents(team, index, r) for r in range(self.rounds)]

    def causes(self, r: int, a: int, b: int) -> list[Request]:
        """The requests that forbid A player ``a`` and B player ``b`` to meet in round ``r``."""
        out: list[Request] = []
        pin = self.pin_a.get((r, a))
        if pin is not None and pin[0] != b:
            out.append(pin[1])
        pin = self.pin_b.get((r, b))
        if pin is not None and pin[0] != a:
            out.append(pin[1])
        pair = self.pair_round.get((a, b))
        if pair is not None and pair[0] != r:
            out.append(pair[1])
        out += [request for rounds, request in self.avoided.get((a, b), []) if r in rounds]
        ca, cb = self.colour.get((Team.A, a, r)), self.colour.get((Team.B, b, r))
        if ca is not None and cb is not None and ca[0] == cb[0]:
            out += [ca[1], cb[1]]
        return out


def _bits(mask: int) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def hall_violation(adj: Sequence[int]) -> tuple[list[int], int] | None:
    """A left set S and the mask T of all its neighbours, |T| < |S|, or ``None`` when every left
    vertex can be matched (Kuhn's augmenting paths on bit masks)."""
    owner: dict[int, int] = {}  # right vertex -> left vertex matched to it
    # Greedy first, then augmenting paths.
    for u, mask in enumerate(adj):
        free = mask & ~sum(1 << v for v in owner)
        if free:
            owner[(free & -free).bit_length() - 1] = u
    matched = set(owner.values())
    for u in range(len(adj)):
        if u in matched:
            continue
        visited = 0

        def augment(x: int) -> bool:
            nonlocal visited
            for v in _bits(adj[x] & ~visited):
                visited |= 1 << v
                if v not in owner or augment(owner[v]):
                    owner[v] = x
                    return True
            return False

        if not augment(u):
            return [u, *(owner[v] for v in _bits(visited))], visited
        matched.add(u)
    return None


def _graph_causes(facts: Facts, key: GraphKey, left: list[int], reached: int) -> list[Request]:
    """The requests that remove the edges from ``left`` to the right vertices outside ``reached``."""
    kind, index = key
    out: list[Request] = []
    outside = [v for v in range(facts.n) if not reached >> v & 1]
    for u in left:
        for v in outside:
            if kind == "round":
                out += facts.causes(index, u, v)
            elif kind == "A":
                out += facts.causes(u, index, v)
            else:
                out += facts.causes(u, v, index)
    return out


def _ordered_unique(requests: Iterable[Request], order: dict[int, int]) -> list[Request]:
    seen: dict[int, Request] = {}
    for request in requests:
        seen.setdefault(id(request), request)
    return sorted(seen.values(), key=lambda request: order[id(request)])


def pairing_conflict(match: Match) -> list[Request] | None:
    """A set of requests that no schedule keeps, even with every rule relaxed, found by Hall's theorem
    (see the module docstring); dropping any one member makes the graph that proves it matchable
    again.  ``None`` when every graph has its perfect matchings.  Assumes no two requests fix the
    same game or colour differently (``scale.obvious_conflict`` first)."""
    if not match.equal_teams or match.double:
        return None
    requests = match.requests()
    order = {id(request): i for i, request in enumerate(requests)}
    n, rounds = match.boards, match.rounds
    facts = Facts.of(requests, n, rounds)
    keys: list[GraphKey] = [("round", r) for r in range(rounds)]
    keys += [("A", a) for a in range(n)] + [("B", b) for b in range(n)]
    for key in keys:
        found = hall_violation(facts.graph(key))
        if found is None:
            continue
        core = _ordered_unique(_graph_causes(facts, key, *found), order)
        index = 0
        while index < len(core):
            trial = core[:index] + core[index + 1 :]
            if hall_violation(Facts.of(trial, n, rounds).graph(key)) is not None:
                core = trial
            else:
                index += 1
        return core
    return None


# --------------------------------------------------------------------------- the rules


def _fixed_colours(match: Match) -> dict[tuple[Team, int, int], tuple[bool, Request]]:
    return Facts.of(match.requests(), match.boards, match.rounds).colour


def _round_ranges(match: Match, colours: dict[tuple[Team, int, int], tuple[bool, Request]]) -> list[tuple[int, int]]:
    """Per round, the least and most A whites the fixed colours allow."""
    n = match.boards
    out = []
    for r in range(match.rounds):
        count = {(team, white): 0 for team in Team for white in (True, False)}
        for team in Team:
            for p in range(n):
                fixed = colours.get((team, p, r))
                if fixed is not None:
                    count[team, fixed[0]] += 1
        # Each game has one White: A whites are at least the A players fixed White and the B players
        # fixed Black (their opponents), at most n less the A players fixed Black and B fixed White.
        low = max(count[Team.A, True], count[Team.B, False])
        high = n - max(count[Team.A, False], count[Team.B, True])
        out.append((low, high))
    return out


def least_board_excess(n: int, ranges: Sequence[tuple[int, int]]) -> int:
    """The least rule 3 excess (as the verifier counts it) when round r's A whites lie in ``ranges[r]``.

    A round costs its distance from floor(n/2)..ceil(n/2); moving it one white further costs one
    more, and the teams' totals cost max(0, |2W - n*rounds| - 1) for W A whites in all.  So the
    cheapest schedule puts each round at its cheapest point and then moves W, one round at a time,
    towards the total's window: try every W the ranges allow."""
    low, high = n // 2, (n + 1) // 2
    base = zero_low = zero_high = least = most = 0
    for lo, hi in ranges:
        least += lo
        most += hi
        if hi < low:
            base += low - hi
            zero_low += hi
            zero_high += hi
        elif lo > high:
            base += lo - high
            zero_low += lo
            zero_high += lo
        else:
            zero_low += max(lo, low)
            zero_high += min(hi, high)
    total = n * len(ranges)
    return min(
        base + max(0, zero_low - w, w - zero_high) + max(0, abs(2 * w - total) - 1) for w in range(least, most + 1)
    )


@dataclass(frozen=True)
class FixedColours:
    """The colours a match's requests fix, as the per-rule counts read them (0-based)."""

    match: Match
    colours: dict[tuple[Team, int, int], tuple[bool, Request]]  # (team, player, round) -> (White, the request)
    rows: dict[tuple[Team, int], list[bool | None]]  # a player's fixed colours, round by round (None: free)

    @classmethod
    def of(cls, match: Match) -> FixedColours:
        colours = _fixed_colours(match)
        return cls(match, colours, _rows(colours, match.boards, match.rounds))


def covers(match: Match) -> bool:
    """Whether the counts here cover every rule ``match`` switches on (the registry's
    :attr:`Search.CONFLICTS`); where not, :func:`least_excess` and :func:`rule_witness` say nothing
    of the others and the match is left to the CP-SAT model."""
    return honours(Search.CONFLICTS, match.rules)


def least_excess(match: Match, team_totals: bool = True) -> dict[Rule, int]:
    """Lower bounds on the excess of rules 1-3 that the requests' fixed colours force (only rules > 0).

    Rule 1: the players fixed to more than ceil(n/2) of one colour; and, when rule 3 is kept
    (``team_totals``), one more player of a team whose forced players' whites cannot add up to the
    team total rule 3 allows with every other player of the team in balance.  Rule 2: the windows of
    max_run + 1 rounds a player is fixed to one colour in.  Rule 3: :func:`least_board_excess`.  Each
    count holds whatever the other rules do (rule 1's team term, whenever rule 3 holds), so a rule is
    relaxed here only when it cannot hold with the requests; a schedule meeting every bound breaks
    each rule by the least amount possible, in priority order.  Only the rules of
    :data:`FORCED_EXCESS` the match switches on are counted (see :func:`covers`)."""
    if not match.equal_teams or match.double:
        return {}
    fixed = FixedColours.of(match)
    out: dict[Rule, int] = {}
    for rule, count in FORCED_EXCESS.items():
        if rule.on(match.rules):
            excess = count(fixed, out, team_totals)
            if excess:
                out[rule] = excess
    return dict(sorted(out.items()))


def in_priority_order(match: Match) -> bool:
    """Whether :func:`least_excess`'s counts are the least in priority order (rule 1's excess least
    with rules 2 and 3 free, then rule 2's, then rule 3's): false where rule 1's team term, which keeps
    rule 3's team totals, charges rule 1 more than the whole match's whites force with rule 3 free.  A
    schedule meeting the counts is then not proven the least in priority order, since breaking rule 3
    might spare rule 1 a player."""
    charged = least_excess(match).get(Rule.COLOUR_BALANCE, 0)
    if not charged:
        return True
    high = (match.rounds + 1) // 2
    past = [row for row in FixedColours.of(match).rows.values() if max(row.count(True), row.count(False)) > high]
    return charged <= len(past) + _whole_match_missed(past, match.boards, match.rounds)


def _whole_match_missed(forced: list[list[bool | None]], n: int, rounds: int) -> int:
    """1 when the players fixed out of balance (``forced``, both teams' colour rows) cannot reach the
    whites of the whole match (one a game) with every other player in balance, else 0: what rule 1
    pays beyond them whatever rule 3 does.  In doubled units the deviations of all 2n players sum to 0."""
    low = sum(2 * row.count(True) - rounds for row in forced)
    high = sum(rounds - 2 * row.count(False) for row in forced)
    balanced = (2 * n - len(forced)) * (rounds % 2)
    return int(high < -balanced or low > balanced)


def _board_balance_excess(fixed: FixedColours, _forced: dict[Rule, int], _team_totals: bool) -> int:
    """Rule 3: :func:`least_board_excess` over the A whites each round's fixed colours allow."""
    return least_board_excess(fixed.match.boards, _round_ranges(fixed.match, fixed.colours))


def _colour_balance_excess(fixed: FixedColours, forced: dict[Rule, int], team_totals: bool) -> int:
    """Rule 1: the players fixed past the balance, and a team's one more (see :func:`least_excess`)."""
    match = fixed.match
    n, rounds = match.boards, match.rounds
    high = (rounds + 1) // 2
    over = 0
    for team in Team:
        rows = fixed.rows.items()
        past = [row for (t, _p), row in rows if t is team and max(row.count(True), row.count(False)) > high]
        over += len(past)
        if past and team_totals and Rule.BOARD_BALANCE.on(match.rules) and Rule.BOARD_BALANCE not in forced:
            over += _team_total_missed(past, n, rounds)
    return over


def _runs_excess(fixed: FixedColours, _forced: dict[Rule, int], _team_totals: bool) -> int:
    """Rule 2: the windows of max_run + 1 rounds a player is fixed to one colour in."""
    return sum(len(_fixed_runs(row, fixed.match.rules.max_run)) for row in fixed.rows.values())


#: Each rule's count of the excess the requests force: (the fixed colours, the rules found forced so
#: far, whether rule 1 counts the teams' totals) -> the least excess.  In the order counted: rule 3
#: first, which rule 1's team term asks about.
FORCED_EXCESS: dict[Rule, Callable[[FixedColours, dict[Rule, int], bool], int]] = {
    Rule.BOARD_BALANCE: _board_balance_excess,
    Rule.COLOUR_BALANCE: _colour_balance_excess,
    Rule.NO_THREE_IN_A_ROW: _runs_excess,
}


def _team_total_missed(forced: list[list[bool | None]], n: int, rounds: int) -> int:
    """1 when a team's players fixed out of balance (``forced``, their colour rows) cannot reach the
    team's whites rule 3 allows with every other player of the team in balance, else 0.

    In doubled units, a player with w whites deviates 2w - rounds; a balanced one by 0 (rounds even)
    or +-1 (odd); rule 3 holds the team's sum to 2 * whites - n * rounds, which is 0 (n * rounds even)
    or +-1 (odd)."""
    low = sum(2 * row.count(True) - rounds for row in forced)
    high = sum(rounds - 2 * row.count(False) for row in forced)
    balanced = (n - len(forced)) * (rounds % 2)
    allowed = (n * rounds) % 2
    return int(high < -balanced - allowed or low > balanced + allowed)


def _rows(
    colours: dict[tuple[Team, int, int], tuple[bool, Request]], n: int, rounds: int
) -> dict[tuple[Team, int], list[bool | None]]:
    rows: dict[tuple[Team, int], list[bool | None]] = {}
    for (team, p, r), (white, _request) in colours.items():
        rows.setdefault((team, p), [None] * rounds)[r] = white
    return rows


def _fixed_runs(row: Sequence[bool | None], max_run: int) -> list[int]:
    """The first rounds of the windows of max_run + 1 rounds fixed to one colour."""
    window = max_run + 1
    return [
        s
        for s in range(len(row) - window + 1)
        if row[s] is not None and all(row[s + i] is row[s] for i in range(window))
    ]


def rule_witness(match: Match, rule: Rule) -> list[Request]:
    """Requests that alone break ``rule`` (one that :func:`least_excess` found forced): a player's
    ceil(n/2) + 1 fixed colours, one window's run, or one round's fixed whites (every request fixing a
    colour when only the teams' totals are forced).  Dropping any one of them lets that witness go."""
    fixed = FixedColours.of(match)
    order = {id(request): i for i, request in enumerate(match.requests())}
    witness = WITNESSES.get(rule)
    found = None if witness is None else witness(fixed)
    if found is not None:
        return _ordered_unique(found, order)
    return _ordered_unique((request for _white, request in fixed.colours.values()), order)


def _colour_balance_witness(fixed: FixedColours) -> list[Request] | None:
    """A player's ceil(n/2) + 1 fixed colours of one kind."""
    high = (fixed.match.rounds + 1) // 2
    for (team, p), row in sorted(fixed.rows.items()):
        for colour in (True, False):
            where = [r for r, c in enumerate(row) if c is colour]
            if len(where) > high:
                return [fixed.colours[team, p, r][1] for r in where[: high + 1]]
    return None


def _runs_witness(fixed: FixedColours) -> list[Request] | None:
    """The colours of one window of max_run + 1 rounds fixed to one colour."""
    max_run = fixed.match.rules.max_run
    for (team, p), row in sorted(fixed.rows.items()):
        starts = _fixed_runs(row, max_run)
        if starts:
            return [fixed.colours[team, p, r][1] for r in range(starts[0], starts[0] + max_run + 1)]
    return None


def _board_balance_witness(fixed: FixedColours) -> list[Request] | None:
    """ceil(n/2) + 1 players of a team fixed to one colour in one round."""
    n = fixed.match.boards
    for r in range(fixed.match.rounds):
        groups: dict[tuple[Team, bool], list[int]] = {}
        for team in Team:
            for p in range(n):
                got = fixed.colours.get((team, p, r))
                if got is not None:
                    groups.setdefault((team, got[0]), []).append(p)
        for (team, _white), players in sorted(groups.items()):
            if len(players) > (n + 1) // 2:
                return [fixed.colours[team, p, r][1] for p in players[: (n + 1) // 2 + 1]]
    return None


#: Each rule's witness: the requests behind its count in :data:`FORCED_EXCESS`, or ``None`` when its
#: count comes from more than one place (every request fixing a colour is then the witness).
WITNESSES: dict[Rule, Callable[[FixedColours], list[Request] | None]] = {
    Rule.COLOUR_BALANCE: _colour_balance_witness,
    Rule.NO_THREE_IN_A_ROW: _runs_witness,
    Rule.BOARD_BALANCE: _board_balance_witness,
}
