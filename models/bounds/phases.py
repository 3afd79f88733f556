"""The phase formulation: a second CP-SAT model of a plain match, built on colour patterns.

A player's *phase* in a round is + when its colour is that of a perfect alternator
starting the match with White (for an A player) or with Black (for a B player), and -
otherwise.  In these terms (docs/bounds.md):

* a break is a change of phase between consecutive rounds, and rule 2 says no player
  changes phase in two consecutive round gaps;
* Ai and Bj can meet in a round only where their phases agree, and then their colours
  are opposite, so the colours of a game need no further constraint;
* rule 3 says each team has floor(n/2) or ceil(n/2) + players in every round (the
  same number in both teams, since + players meet + players), and bounds team A's
  total of + rounds at odd minus even positions;
* rule 1 says a player's + rounds fall as often in odd as in even rounds (n even), or
  once more in odd rounds at most (n odd).

The model is meant for plain matches (equal teams, single round, no requests, every
rule on).  Its use is twofold:

* proving lower bounds: players of one team are interchangeable, so the rows of phases
  can be sorted, a symmetry breaking the main model (which fixes round 1) cannot add;
  ``benchmarks/phase_bounds.py`` re-proves the bounds of docs/bounds.md with it, independently;
* pattern-first design: fix every player's phases and let CP-SAT find the pairings.

It shares nothing with :mod:`scheveningen.models.cpsat.model` but the domain types, and everything it
finds goes through the verifier like any other schedule.  Every constraint is posted on
literals or on sums built where they are used.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np
from ortools.sat.python import cp_model

from scheveningen.models.bounds.proven import matching_size
from scheveningen.models.cpsat.cpsolver import new_solver
from scheveningen.models.domain.schedule import Colour, Schedule, Team


def phases_of(schedule: Schedule) -> tuple[list[str], list[str]]:
    """Each player's phases as a string of ``+``/``-``, team A then team B (equal teams)."""
    teams = []
    for team, first in ((Team.A, Colour.WHITE), (Team.B, Colour.BLACK)):
        rows = []
        for player in schedule.players(team):
            row = ""
            for r, colour in enumerate(schedule.colour_sequence(player)):
                alternator = first if r % 2 == 0 else first.other
                row += "+" if colour is alternator else "-"
            rows.append(row)
        teams.append(rows)
    return teams[0], teams[1]


def _keeps_rule_1(row: str) -> bool:
    """Rule 1 on one row of phases: + rounds at odd positions minus those at even ones is 0 or n % 2."""
    difference = row[0::2].count("+") - row[1::2].count("+")
    return 0 <= difference <= len(row) % 2


def keeps_rule_2(row: str) -> bool:
    """Rule 2 on one row of phases: it never changes phase at two consecutive round gaps."""
    return all(not (a != b != c) for a, b, c in zip(row, row[1:], row[2:], strict=False))


def rows_with_changes(boards: int, changes: int, first: str, double: bool = False, *, rule_2: bool = True) -> list[str]:
    """Every row of phases starting with ``first`` that changes phase exactly ``changes`` times,
    never at two consecutive round gaps (rule 2), and keeps rule 1; sorted.  ``double``: rows of a
    double round, 2 * boards rounds (rule 1 then asks for as many + rounds at odd as at even positions).
    ``rule_2=False``: rule 2 dropped, rows changing phase at consecutive gaps included."""
    return list(_rows_with_changes(boards, changes, first, double, rule_2))


@functools.lru_cache(maxsize=256)
def _rows_with_changes(boards: int, changes: int, first: str, double: bool, rule_2: bool) -> tuple[str, ...]:
    n = 2 * boards if double else boards
    other = {"+": "-", "-": "+"}
    rows = []
    for gaps in itertools.combinations(range(1, n), changes):
        if rule_2 and any(b - a < 2 for a, b in itertools.pairwise(gaps)):
            continue
        sign, row, last = first, "", 0
        for gap in (*gaps, n):
            row += sign * (gap - last)
            sign, last = other[sign], gap
        if _keeps_rule_1(row):
            rows.append(row)
    return tuple(sorted(rows))


def _row_groups(
    boards: int, special: Sequence[tuple[int, str]], others: int, double: bool, rule_2: bool = True
) -> list[tuple[list[str], int]]:
    """The groups :func:`phase_teams` fills: (the rows a group may use, how many players it has)."""
    once = rows_with_changes(boards, 1, "+", double, rule_2=rule_2) + rows_with_changes(
        boards, 1, "-", double, rule_2=rule_2
    )
    groups = [(once, others)]
    for (changes, first), count in sorted(Counter(special).items()):
        groups.append((rows_with_changes(boards, changes, first, double, rule_2=rule_2), count))
    return groups


def team_rows(
    boards: int, special: Sequence[tuple[int, str]] = (), double: bool = False, *, rule_2: bool = True
) -> list[str]:
    """Every row a team of :func:`phase_teams` with these special players may use, alternators
    included: what its ``allowed`` is asked about.  ``rule_2=False``: rule 2 dropped from the rows."""
    length = 2 * boards if double else boards
    rows = {"+" * length, "-" * length}
    for group, _count in _row_groups(boards, special, 0, double, rule_2):
        rows.update(group)
    return sorted(rows)


def phase_teams(
    boards: int,
    plus: int,
    minus: int,
    special: Sequence[tuple[int, str]] = (),
    double: bool = False,
    allowed: Callable[[str], bool] | None = None,
    *,
    rule_2: bool = True,
) -> Iterator[tuple[str, ...]]:
    """Every team of phase rows with ``plus`` + and ``minus`` - perfect alternators, one player for
    each (changes, first phase) of ``special`` changing phase that many times, and the other
    players changing phase exactly once, that keeps rules 1 and 2 in every row and rule 3's count
    of floor(n/2) to ceil(n/2) + players in every round; one sorted tuple per multiset of rows.
    ``double``: rows of a double round, 2 * boards rounds.  ``allowed``: only rows it accepts
    (alternators included), for example those that can meet every player of a given other team.
    ``rule_2=False``: rule 2 dropped, rows may change phase at two consecutive gaps (rules 1 and 3 kept).
    """
    n = boards
    length = 2 * n if double else n
    others = n - plus - minus - len(special)
    if min(plus, minus, others) < 0:
        raise ValueError(f"alternator counts must fit the team, got {plus} + {minus} + {len(special)} for {n} boards")
    if any(changes < 1 or first not in "+-" for changes, first in special):
        raise ValueError(f"special players are (changes >= 1, '+' or '-'), got {list(special)}")
    keep = allowed or (lambda row: True)
    groups = [
        ([row for row in rows if keep(row)], count) for rows, count in _row_groups(n, special, others, double, rule_2)
    ]
    high = (n + 1) // 2
    alternators = ("+" * length,) * plus + ("-" * length,) * minus
    if not all(keep(row) for row in set(alternators)):
        return
    # Rule 3 as the team grows: no round may get more than ceil(n/2) + players, nor more than
    # ceil(n/2) - players (else the players still to come could not bring its + players up to
    # floor(n/2)); at the end each round has floor(n/2) or ceil(n/2).  Both counts of every round
    # sit in one integer, a byte each, starting at 127 - ceil(n/2): a count past ceil(n/2) sets the
    # byte's top bit, so one addition and one mask test check every round at once.
    fields = 2 * length

    def packed(row: str) -> int:
        return sum(1 << 8 * (2 * r + (sign == "-")) for r, sign in enumerate(row))

    top_bits = sum(0x80 << 8 * f for f in range(fields))
    start_counts = sum((127 - high) << 8 * f for f in range(fields)) + plus * packed("+" * length)
    start_counts += minus * packed("-" * length)
    kinds = [[(row, packed(row)) for row in rows] for rows, _count in groups]
    if start_counts & top_bits:  # the alternators alone break rule 3
        return
    # And the other way: a round still short of floor(n/2) + (or -) players needs a player still to
    # come with that phase there.  Rows are taken in sorted order within a group, so from row i on
    # only rows[i:] and the later groups remain: reach[g][i] has the top bit of every count one of
    # those rows adds to.  Adding ``lift`` sets the top bit of each count that is at least floor(n/2).
    lift = sum((1 + high - n // 2) << 8 * f for f in range(fields))
    later = [0] * (len(groups) + 1)
    for g in range(len(groups) - 1, -1, -1):
        later[g] = later[g + 1]
        if groups[g][1]:
            later[g] |= functools.reduce(operator.or_, (bits for _row, bits in kinds[g]), 0)
    reach = []
    for g, rows_g in enumerate(kinds):
        ahead = [later[g + 1]] * (len(rows_g) + 1)
        for i in range(len(rows_g) - 1, -1, -1):
            ahead[i] = ahead[i + 1] | rows_g[i][1]
        reach.append([bits << 7 for bits in ahead])
    reach_later = [bits << 7 for bits in later]
    # For even n every round has exactly n/2 + players, so the team's last player has one possible
    # row: + exactly where a round still has n/2 - 1.  It is looked up instead of tried row by row.
    last_forced = n % 2 == 0
    position = [{row: i for i, (row, _bits) in enumerate(rows_g)} for rows_g in kinds]

    def forced_row(counts: int) -> str:
        plus = counts.to_bytes(fields, "little")[0::2]
        return "".join("+" if count == 126 else "-" for count in plus)

    def next_group(group: int, left: int) -> tuple[int, int] | None:
        """The group the next player comes from and how many it still needs; None when the team is full."""
        while left == 0:
            if group + 1 == len(groups):
                return None
            group += 1
            left = groups[group][1]
        return group, left

    # A depth-first search over an explicit stack (a recursive generator would pass every team up
    # through one frame a player).  A frame: [group, next row to try, players the group still needs,
    # the counts so far, whether the frame added a row to ``chosen``].
    chosen: list[str] = []
    first = next_group(0, groups[0][1])
    if first is None:
        yield tuple(sorted(alternators))
        return
    stack: list[list[int]] = [[first[0], 0, first[1], start_counts, 0]]
    while stack:
        frame = stack[-1]
        group, i, left, counts = frame[0], frame[1], frame[2], frame[3]
        rows = kinds[group]
        pushed = False
        if last_forced and left == 1 and group + 1 == len(groups):
            row = forced_row(counts)
            if position[group].get(row, -1) >= i:
                yield tuple(sorted((*alternators, *chosen, row)))
            i = len(rows)
        while i < len(rows):
            row, bits = rows[i]
            i += 1
            grown = counts + bits
            if grown & top_bits:
                continue
            short = top_bits & ~(grown + lift)
            if short & ~(reach[group][i - 1] if left > 1 else reach_later[group + 1]):
                continue
            after = next_group(group, left - 1)
            if after is None:
                yield tuple(sorted((*alternators, *chosen, row)))
                continue
            frame[1] = i
            chosen.append(row)
            stack.append([after[0], i - 1 if after[0] == group else 0, after[1], grown, 1])
            pushed = True
            break
        if not pushed and stack.pop()[4]:  # a frame done: its row leaves ``chosen``
            chosen.pop()


def one_change_teams(boards: int, plus: int, minus: int, twice: tuple[int, int] = (0, 0)) -> Iterator[tuple[str, ...]]:
    """Every team of phase rows with ``plus`` + and ``minus`` - perfect alternators, ``twice`` =
    (E+, E-) players changing phase exactly twice who are + (E+) or - (E-) in the first and last
    rounds, and the other players changing phase exactly once (:func:`phase_teams`).

    These are all the teams a *tight* case of a proof split by alternators allows, where the
    break budget leaves exactly one break to each player who is not an alternator, beyond the
    second break that the count p + E+ = q + E- forces on |p - q| players (docs/bounds.md, fact 8).
    """
    special = [(2, "+")] * twice[0] + [(2, "-")] * twice[1]
    return phase_teams(boards, plus, minus, special)


def all_can_meet(team_a: Sequence[str], team_b: Sequence[str]) -> bool:
    """Whether every A row and B row share a phase in some round: else those players never meet."""
    return all(any(x == y for x, y in zip(a, b, strict=True)) for a in set(team_a) for b in set(team_b))


def meetings_fit(team_a: Sequence[str], team_b: Sequence[str]) -> bool:
    """Whether every player can meet all its opponents in different rounds where they share a phase.

    A player meets one opponent a round, only in a round where their phases agree; so it needs a
    matching of its opponents into those rounds (Hall's condition), checked for each distinct
    row of either team (:func:`row_fits`).  Failing it rules the phases out; passing it does not
    make them work.
    """
    return all(row_fits(row, tuple(team_b)) for row in set(team_a)) and all(
        row_fits(row, tuple(team_a)) for row in set(team_b)
    )


@functools.lru_cache(maxsize=1 << 16)
def _plus_bits(row: str) -> int:
    """The rounds where ``row`` is +, as the bits of one integer."""
    return sum(1 << r for r, sign in enumerate(row) if sign == "+")


@functools.lru_cache(maxsize=1 << 16)
def row_fits(row: str, others: tuple[str, ...]) -> bool:
    """Whether the player of ``row`` can meet each of ``others`` in a different round where the two
    share a phase (single round; cached: an enumeration asks again).

    A largest matching of opponents into rounds, by augmenting paths, with opponents of the same row
    counted together (a round remembers only which row it went to) and sets of rounds as the bits
    of an integer.
    """
    full = (1 << len(row)) - 1
    mine = _plus_bits(row)
    shared: list[int] = []  # for each kind of opponent, the rounds it shares a phase with ``row``
    wanted: list[int] = []
    for kind, count in Counter(others).items():
        rounds = ~(mine ^ _plus_bits(kind)) & full
        if rounds.bit_count() < count:
            return False
        shared.append(rounds)
        wanted.append(count)
    owner: dict[int, int] = {}  # a round taken -> the kind of the opponent met there
    taken = 0

    def augment(kind: int, seen: list[int]) -> bool:
        nonlocal taken
        fresh = shared[kind] & ~seen[0]
        if free := fresh & ~taken:
            r = (free & -free).bit_length() - 1
            owner[r], taken = kind, taken | 1 << r
            return True
        seen[0] |= fresh  # every round found here is tried from here, once a search
        while fresh:
            low = fresh & -fresh
            fresh ^= low
            r = low.bit_length() - 1
            if augment(owner[r], seen):
                owner[r] = kind
                return True
        return False

    return all(augment(kind, [0]) for kind, count in enumerate(wanted) for _ in range(count))


#: Kinds of opponent :func:`rows_fitting` checks by every subset at once; more go row by row.
SUBSET_KINDS = 12


def rows_fitting(rows: Sequence[str], others: Sequence[str]) -> set[str]:
    """The rows of ``rows`` whose player can meet each of ``others`` in a different round where the
    two share a phase (single round): :func:`row_fits` for many rows against one team at once.

    Opponents with the same row (a *kind*) have the same rounds in common with a given row, so
    Hall's condition needs only the unions of kinds: for every set J of kinds, the rounds shared
    with some kind of J number at least the opponents of those kinds.  Each row's shared rounds
    are bits (in words of 64), and the unions of all subsets of kinds for all rows are built at
    once, one array operation a kind, instead of one matching a row.  More than
    :data:`SUBSET_KINDS` kinds go to :func:`row_fits` row by row.
    """
    unique = sorted(set(rows))
    kinds = Counter(others)
    if not unique:
        return set()
    if len(kinds) > SUBSET_KINDS:
        return {row for row in unique if row_fits(row, tuple(others))}
    mine = _row_words(tuple(unique))
    length = len(unique[0])
    full = np.array(_split_words((1 << length) - 1, mine.shape[1]), dtype=np.uint64)
    # unions[J] for every subset J of kinds, built one kind at a time: J without kind j, then with.
    unions = np.zeros((1, *mine.shape), dtype=np.uint64)
    demand = np.zeros(1, dtype=np.int64)
    for kind, count in kinds.items():
        shared = ~(mine ^ np.array(_split_words(_plus_bits(kind), mine.shape[1]), dtype=np.uint64)) & full
        unions = np.concatenate([unions, unions | shared])
        demand = np.concatenate([demand, demand + count])
    found = np.bitwise_count(unions).sum(axis=2, dtype=np.int64)  # (subsets, rows): rounds in each union
    fits = (found >= demand[:, None]).all(axis=0)
    return {row for row, ok in zip(unique, fits.tolist(), strict=True) if ok}


def _split_words(bits: int, words: int) -> list[int]:
    """An integer's bits in ``words`` words of 64, lowest first."""
    return [bits >> 64 * w & 0xFFFFFFFFFFFFFFFF for w in range(words)]


@functools.lru_cache(maxsize=256)
def _row_words(rows: tuple[str, ...]) -> np.ndarray:
    """Each row's + rounds in words of 64 bits (cached: the split asks for the same rows again and again)."""
    words = (len(rows[0]) + 63) // 64
    return np.array([_split_words(_plus_bits(row), words) for row in rows], dtype=np.uint64)


def _a_white(sign: str, r: int) -> bool:
    """Whether the A player has White in round ``r`` (0-based) of a game played in phase ``sign``."""
    return (sign == "+") == (r % 2 == 0)


def all_can_meet_twice(team_a: Sequence[str], team_b: Sequence[str]) -> bool:
    """Double round: whether every A row and B row share a phase in some round where A has White and
    in some round where A has Black; else those players cannot play their two games."""
    for a in set(team_a):
        for b in set(team_b):
            colours = {_a_white(x, r) for r, (x, y) in enumerate(zip(a, b, strict=True)) if x == y}
            if len(colours) < 2:
                return False
    return True


def meetings_fit_twice(team_a: Sequence[str], team_b: Sequence[str]) -> bool:
    """Double round: whether every player can play its 2n games in 2n different rounds, each opponent
    once with A White and once with A Black, each game in a round where the two share a phase.

    Hall's condition as in :func:`meetings_fit`, with two demands an opponent (one per colour),
    each matched only to rounds of the same phase where A has that colour.
    """
    return all(row_fits_twice(row, tuple(team_b)) for row in set(team_a)) and all(
        row_fits_twice(row, tuple(team_a)) for row in set(team_b)
    )


@functools.lru_cache(maxsize=1 << 16)
def row_fits_twice(row: str, others: tuple[str, ...]) -> bool:
    """Whether the player of ``row`` can play two games with each of ``others`` (one with A White, one
    with A Black) in different rounds where they share a phase (cached: an enumeration asks again)."""
    # Demand 2j is the game with others[j] where A has White, 2j + 1 the one where A has Black.
    rounds: dict[int, list[int]] = {demand: [] for demand in range(2 * len(others))}
    for j, other in enumerate(others):
        for r, (x, y) in enumerate(zip(row, other, strict=True)):
            if x == y:
                rounds[2 * j + (not _a_white(x, r))].append(r)
    return matching_size(rounds) == len(rounds)


def games_spread(team_a: Sequence[str], team_b: Sequence[str], double: bool = False, seconds: float = 60.0) -> str:
    """Whether the games between players of each kind of row can be spread over the rounds: the
    CP-SAT status (``INFEASIBLE`` rules the phases out) of a model with one integer a round and pair
    of distinct rows, how many of the games between those two kinds of player fall in that round.

    Players with the same row are counted together: in every round each of the ``na`` A players
    of a row plays once, with a B player of the same phase, and so does each B player; the
    ``na * nb`` games between two rows (twice as many in a ``double`` round, half of them with A
    White) fall in rounds where the rows share a phase (with A's colour right), at most
    min(na, nb) a round.  Every schedule with these phases gives a solution, so INFEASIBLE is a
    proof that none exists; a solution does not make the phases work.  It sees what no player's
    own matching (:func:`row_fits`) can: that players of one kind compete for the same rounds.
    """
    kinds_a, kinds_b = Counter(team_a), Counter(team_b)
    rounds = len(next(iter(kinds_a)))
    model = cp_model.CpModel()
    games: dict[tuple[str, str, int], cp_model.IntVar] = {}
    colours = (True, False) if double else (None,)
    for row_a, na in kinds_a.items():
        for row_b, nb in kinds_b.items():
            shared = [r for r in range(rounds) if row_a[r] == row_b[r]]
            for r in shared:
                games[row_a, row_b, r] = model.new_int_var(0, min(na, nb), "")
            for white in colours:
                spread = [games[row_a, row_b, r] for r in shared if white is None or _a_white(row_a[r], r) == white]
                if not spread:
                    return "INFEASIBLE"
                model.add(sum(spread) == na * nb)
    for r in range(rounds):
        by_a = [([games[a, b, r] for b in kinds_b if (a, b, r) in games], na) for a, na in kinds_a.items()]
        by_b = [([games[a, b, r] for a in kinds_a if (a, b, r) in games], nb) for b, nb in kinds_b.items()]
        for played, count in by_a + by_b:
            if not played:  # nobody of the other team shares this player's phase in round r
                return "INFEASIBLE"
            model.add(sum(played) == count)
    solver = new_solver(workers=1, seconds=seconds)
    return solver.status_name(solver.solve(model))


def _lex_sorted(model: cp_model.CpModel, rows: list[list[cp_model.IntVar]]) -> None:
    """Post rows[0] <= rows[1] <= ... lexicographically (first round most significant)."""
    for upper, lower in itertools.pairwise(rows):
        equal_so_far: cp_model.IntVar | None = None
        for x, y in zip(upper, lower, strict=True):
            if equal_so_far is None:
                model.add(x <= y)
            else:
                model.add(x <= y).only_enforce_if(equal_so_far)
            same = model.new_bool_var("")
            model.add(x == y).only_enforce_if(same)
            model.add(x != y).only_enforce_if(~same)
            prefix = [same] if equal_so_far is None else [same, equal_so_far]
            still = model.new_bool_var("")
            model.add_bool_and(prefix).only_enforce_if(still)
            model.add_bool_or([~lit for lit in prefix]).only_enforce_if(~still)
            equal_so_far = still


@dataclass
class PhaseModel:
    """A built phase model: ``plus_a[a][r]`` / ``plus_b[b][r]`` (0-based) are the phases."""

    boards: int
    double: bool = False
    model: cp_model.CpModel = field(default_factory=cp_model.CpModel)
    plus_a: list[list[cp_model.IntVar]] = field(default_factory=list)
    plus_b: list[list[cp_model.IntVar]] = field(default_factory=list)
    meet: dict[tuple[int, int, int], cp_model.IntVar] = field(default_factory=dict)
    changes: list[cp_model.IntVar] = field(default_factory=list)

    @classmethod
    def build(
        cls,
        boards: int,
        at_most: int | None = None,
        sort_rows: bool = True,
        patterns: tuple[Sequence[str], Sequence[str]] | None = None,
        alternators: tuple[int, int, int, int] | None = None,
        double: bool = False,
    ) -> PhaseModel:
        """The model of a plain ``boards``-board match.

        ``at_most`` caps the breaks (else they are minimised); ``sort_rows`` breaks the
        symmetry of renumbering each team; ``patterns`` fixes every player's phases, one
        string of ``+`` and ``-`` a player, team A first (pattern-first design).
        ``alternators`` = (A+, A-, B+, B-) asks for exactly that many perfect alternators of
        each phase in each team, numbered first, every other player changing phase (one
        case of a proof split by alternators).  ``double`` models a double round: 2n rounds,
        every pair meeting twice, once with each colour.
        """
        if boards < 2:
            raise ValueError(f"the phase model needs 2 boards or more, got {boards}")
        self = cls(boards, double)
        n, m = boards, self.model
        rounds, players = range(self.rounds), range(n)
        self.plus_a = [[m.new_bool_var(f"plus_A{a + 1}_r{r + 1}") for r in rounds] for a in players]
        self.plus_b = [[m.new_bool_var(f"plus_B{b + 1}_r{r + 1}") for r in rounds] for b in players]
        for r in rounds:
            for a in players:
                for b in players:
                    self.meet[r, a, b] = x = m.new_bool_var(f"meet_r{r + 1}_A{a + 1}_B{b + 1}")
                    m.add(self.plus_a[a][r] == self.plus_b[b][r]).only_enforce_if(x)
        self._add_complete()
        self._add_rules()
        if patterns is not None:
            self._fix(patterns)
        fixed = (0, 0)
        if alternators is not None:
            fixed = self._fix_alternators(alternators)
        if sort_rows and patterns is None:
            _lex_sorted(m, self.plus_a[fixed[0] :])
            _lex_sorted(m, self.plus_b[fixed[1] :])
        if at_most is not None:
            m.add(sum(self.changes) <= at_most)
        else:
            m.minimize(sum(self.changes))
        return self

    @property
    def rounds(self) -> int:
        return 2 * self.boards if self.double else self.boards

    def _add_complete(self) -> None:
        n, m = self.boards, self.model
        for r in range(self.rounds):
            for a in range(n):
                m.add_exactly_one(self.meet[r, a, b] for b in range(n))
            for b in range(n):
                m.add_exactly_one(self.meet[r, a, b] for a in range(n))
        for a in range(n):
            for b in range(n):
                if not self.double:
                    m.add_exactly_one(self.meet[r, a, b] for r in range(n))
                    continue
                # Twice, once with A White: where A's phase is + in an odd round or - in an even one.
                a_white = []
                for r in range(self.rounds):
                    white = m.new_bool_var("")
                    colour = self.plus_a[a][r] if r % 2 == 0 else ~self.plus_a[a][r]
                    m.add_implication(white, self.meet[r, a, b])
                    m.add_implication(white, colour)
                    m.add_bool_or([~self.meet[r, a, b], ~colour, white])
                    a_white.append(white)
                m.add(sum(self.meet[r, a, b] for r in range(self.rounds)) == 2)
                m.add_exactly_one(a_white)

    def _add_rules(self) -> None:
        n, m, total = self.boards, self.model, self.rounds
        low, high = n // 2, (n + 1) // 2
        odd_rounds, even_rounds = range(0, total, 2), range(1, total, 2)  # 0-based: round 1 is odd
        for r in range(total):
            m.add_linear_constraint(sum(row[r] for row in self.plus_a), low, high)
            m.add_linear_constraint(sum(row[r] for row in self.plus_b), low, high)
        for rows in (self.plus_a, self.plus_b):
            for row in rows:
                # Rule 1: + rounds at odd positions minus those at even positions is 0 (an even
                # number of rounds) or 0 or 1 (odd).
                m.add_linear_constraint(
                    sum(row[r] for r in odd_rounds) - sum(row[r] for r in even_rounds), 0, total % 2
                )
                steps = []
                for r in range(total - 1):
                    change = m.new_bool_var("")
                    m.add(row[r] != row[r + 1]).only_enforce_if(change)
                    m.add(row[r] == row[r + 1]).only_enforce_if(~change)
                    steps.append(change)
                for first, second in itertools.pairwise(steps):
                    m.add_bool_or([~first, ~second])  # rule 2
                self.changes.extend(steps)
        if total % 2:
            # Rule 3, totals: A has (n*n - 1)/2 or (n*n + 1)/2 whites, that is its + rounds at odd
            # positions minus those at even positions add up to (n - 1)/2 or (n + 1)/2.  (With an
            # even number of rounds rule 1 gives every player as many of each, so they hold.)
            m.add_linear_constraint(
                sum(row[r] for row in self.plus_a for r in odd_rounds)
                - sum(row[r] for row in self.plus_a for r in even_rounds),
                n // 2,
                (n + 1) // 2,
            )

    def _fix_alternators(self, counts: tuple[int, int, int, int]) -> tuple[int, int]:
        """Fix the alternators of :meth:`build`; returns how many rows of A and of B are fixed."""
        a_plus, a_minus, b_plus, b_minus = counts
        if min(counts) < 0 or a_plus + a_minus > self.boards or b_plus + b_minus > self.boards:
            raise ValueError(f"alternator counts must fit the teams, got {counts}")
        for rows, plus, minus in ((self.plus_a, a_plus, a_minus), (self.plus_b, b_plus, b_minus)):
            for i, row in enumerate(rows):
                if i < plus + minus:
                    for var in row:
                        self.model.add(var == (i < plus))
                else:  # changes phase at least once: neither all + nor all -
                    self.model.add_linear_constraint(sum(row), 1, self.rounds - 1)
        # The same, on the change literals (rows in order, A then B, n - 1 each), so that the
        # solver sees at once that every player but the alternators uses up one break.
        steps = self.rounds - 1
        for index in [*range(a_plus + a_minus, self.boards), *range(self.boards + b_plus + b_minus, 2 * self.boards)]:
            self.model.add(sum(self.changes[index * steps : (index + 1) * steps]) >= 1)
        return a_plus + a_minus, b_plus + b_minus

    def _fix(self, patterns: tuple[Sequence[str], Sequence[str]]) -> None:
        for rows, texts in zip((self.plus_a, self.plus_b), patterns, strict=True):
            if len(texts) != self.boards or any(len(t) != self.rounds or set(t) - set("+-") for t in texts):
                raise ValueError(f"patterns must be {self.boards} strings of {self.rounds} '+'/'-' a team")
            for row, text in zip(rows, texts, strict=True):
                for var, sign in zip(row, text, strict=True):
                    self.model.add(var == (sign == "+"))

    def schedule_from(self, solver: cp_model.CpSolver) -> Schedule:
        """The solved schedule: A has White where its phase is + in an odd round or - in an even one."""
        n = self.boards
        pairings = []
        for r in range(self.rounds):
            row = []
            for a in range(n):
                b = next(b for b in range(n) if solver.boolean_value(self.meet[r, a, b]))
                plus = solver.boolean_value(self.plus_a[a][r])
                row.append((a + 1, b + 1, plus == (r % 2 == 0)))
            pairings.append(row)
        return Schedule.from_pairings(pairings)
