"""The CP-SAT formulation of a Scheveningen match.

Variables (all Boolean, keyed by tuples and named for the solver log):

* ``meet[r, a, b]``: player ``Aa`` (board ``a``) meets ``Bb`` in round ``r``;
* ``a_white[r, a]``: ``Aa`` has White in round ``r``;
* ``b_white[r, b]``: ``Bb`` has White in round ``r``;
* ``brk[p, r]``: player ``p`` has the same colour in rounds ``r`` and ``r + 1``.

Every rule is posted on Boolean literals or on sums built afresh where they
are used: no linear expression is stored and reused (see the OR-Tools pitfall
in DEVELOPERS.md).  Rules 1-3 are hard constraints unless the caller lists
them as relaxed; a relaxed rule is posted with penalty variables whose total
(``excess``) the pipeline first minimises, then fixes, before it minimises
breaks.  The formulation knows nothing about the verifier.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ortools.sat.python import cp_model

from models.rules import Rule
from models.schedule import Schedule

Formulation = Literal["boolean", "channelled"]
Objective = Literal["breaks", "fair", "none"]
Player = tuple[str, int]  # ("A", 3) for A3; plain tuples keep the keys cheap


@dataclass(frozen=True)
class MatchModelSpec:
    """What to build: size, which rules are hard, which relaxed, and modelling choices."""

    boards: int
    double: bool = False
    relaxed: frozenset[Rule] = frozenset()
    formulation: Formulation = "boolean"
    objective: Objective = "breaks"
    symmetry_breaking: bool = True
    break_bound_cut: bool = True

    def __post_init__(self) -> None:
        if self.boards < 1:
            raise ValueError(f"boards must be at least 1, got {self.boards}")
        bad = self.relaxed - {Rule.COLOUR_BALANCE, Rule.NO_THREE_IN_A_ROW, Rule.BOARD_BALANCE}
        if bad:
            raise ValueError(f"only rules 1-3 can be relaxed, got {sorted(int(r) for r in bad)}")

    @property
    def rounds(self) -> int:
        return 2 * self.boards if self.double else self.boards


def analytic_break_bound(boards: int, double: bool = False) -> int:
    """A proven lower bound on breaks when rules 0 and 3 hold (see docs/bounds.md).

    Even n: at most n players alternate perfectly, so at least n have a break.
    Odd n: at most n + 1 players alternate perfectly, so at least n - 1 have one.
    """
    if boards < 2:
        return 0
    return boards if boards % 2 == 0 else boards - 1


@dataclass
class MatchModel:
    """A built CP-SAT model with its variables, ready to solve or to hint."""

    spec: MatchModelSpec
    model: cp_model.CpModel = field(default_factory=cp_model.CpModel)
    meet: dict[tuple[int, int, int], cp_model.IntVar] = field(default_factory=dict)
    a_white: dict[tuple[int, int], cp_model.IntVar] = field(default_factory=dict)
    b_white: dict[tuple[int, int], cp_model.IntVar] = field(default_factory=dict)
    brk: dict[tuple[Player, int], cp_model.IntVar] = field(default_factory=dict)
    penalties: dict[Rule, list[cp_model.IntVar]] = field(default_factory=dict)

    # ------------------------------------------------------------------ building

    @classmethod
    def build(cls, spec: MatchModelSpec) -> MatchModel:
        """Add variables, then rules 0-3, then the break variables; objective is set separately."""
        self = cls(spec)
        self._add_variables()
        self._add_complete()
        if spec.formulation == "channelled":
            self._add_opponent_channel()
        self._add_colour_channel()
        self._add_colour_balance()
        self._add_no_three_in_a_row()
        self._add_board_balance()
        self._add_breaks()
        if spec.symmetry_breaking:
            self._add_symmetry_breaking()
        if spec.break_bound_cut and Rule.BOARD_BALANCE not in spec.relaxed:
            self.model.add(sum(self.brk.values()) >= analytic_break_bound(spec.boards, spec.double))
        return self

    @property
    def _n(self) -> int:
        return self.spec.boards

    @property
    def _rounds(self) -> range:
        return range(1, self.spec.rounds + 1)

    @property
    def _players(self) -> range:
        return range(1, self._n + 1)

    def colour(self, player: Player, r: int) -> cp_model.IntVar:
        """The literal 'player has White in round r'."""
        team, number = player
        return self.a_white[r, number] if team == "A" else self.b_white[r, number]

    def all_players(self) -> list[Player]:
        return [("A", k) for k in self._players] + [("B", k) for k in self._players]

    def _add_variables(self) -> None:
        m = self.model
        for r in self._rounds:
            for a in self._players:
                self.a_white[r, a] = m.new_bool_var(f"a_white[r{r},A{a}]")
                self.b_white[r, a] = m.new_bool_var(f"b_white[r{r},B{a}]")
                for b in self._players:
                    self.meet[r, a, b] = m.new_bool_var(f"meet[r{r},A{a},B{b}]")

    def _add_complete(self) -> None:
        # Rule 0: each board hosts one game a round, each B player plays once a round,
        # and each pair meets once (twice in a double round).
        m = self.model
        for r in self._rounds:
            for a in self._players:
                m.add_exactly_one(self.meet[r, a, b] for b in self._players)
            for b in self._players:
                m.add_exactly_one(self.meet[r, a, b] for a in self._players)
        times = 2 if self.spec.double else 1
        for a in self._players:
            for b in self._players:
                if times == 1:
                    m.add_exactly_one(self.meet[r, a, b] for r in self._rounds)
                else:
                    m.add(sum(self.meet[r, a, b] for r in self._rounds) == 2)
        if self.spec.double:
            # In a double round the pair meets once with each colour: exactly one of its
            # two games has A White, counted through an AND literal per (round, pair).
            for a in self._players:
                for b in self._players:
                    both = []
                    for r in self._rounds:
                        z = m.new_bool_var(f"a_white_vs[r{r},A{a},B{b}]")
                        m.add_implication(z, self.meet[r, a, b])
                        m.add_implication(z, self.a_white[r, a])
                        m.add_bool_or([~self.meet[r, a, b], ~self.a_white[r, a], z])
                        both.append(z)
                    m.add_exactly_one(both)

    def _add_opponent_channel(self) -> None:
        # Alternative view of rule 0: opp[r, a] is Aa's opponent; AllDifferent over a round
        # and over a board, each value channelled to the meeting literal.
        m = self.model
        opp = {}
        for r in self._rounds:
            for a in self._players:
                opp[r, a] = m.new_int_var(1, self._n, f"opp[r{r},A{a}]")
                for b in self._players:
                    m.add(opp[r, a] == b).only_enforce_if(self.meet[r, a, b])
                    m.add(opp[r, a] != b).only_enforce_if(~self.meet[r, a, b])
            m.add_all_different(opp[r, a] for a in self._players)
        if not self.spec.double:
            for a in self._players:
                m.add_all_different(opp[r, a] for r in self._rounds)

    def _add_colour_channel(self) -> None:
        # In every game exactly one player has White: when Aa meets Bb, Bb's colour is the
        # opposite of Aa's.  Two clauses per meeting literal.
        m = self.model
        for (r, a, b), x in self.meet.items():
            m.add_bool_or([~x, ~self.a_white[r, a], ~self.b_white[r, b]])
            m.add_bool_or([~x, self.a_white[r, a], self.b_white[r, b]])
        # Redundant: a round has exactly n whites over both teams.
        for r in self._rounds:
            m.add(
                sum(self.a_white[r, a] for a in self._players) + sum(self.b_white[r, b] for b in self._players)
                == self._n
            )

    def _add_colour_balance(self) -> None:
        # Rule 1: each player's whites are floor(R/2) or ceil(R/2).
        m = self.model
        rounds = self.spec.rounds
        low, high = rounds // 2, (rounds + 1) // 2
        for player in self.all_players():
            if Rule.COLOUR_BALANCE in self.spec.relaxed:
                broken = m.new_bool_var(f"unbalanced[{player[0]}{player[1]}]")
                m.add_linear_constraint(sum(self.colour(player, r) for r in self._rounds), low, high).only_enforce_if(
                    ~broken
                )
                self.penalties.setdefault(Rule.COLOUR_BALANCE, []).append(broken)
            else:
                m.add_linear_constraint(sum(self.colour(player, r) for r in self._rounds), low, high)

    def _add_no_three_in_a_row(self) -> None:
        # Rule 2: among any three consecutive rounds a player has each colour at least once.
        m = self.model
        relaxed = Rule.NO_THREE_IN_A_ROW in self.spec.relaxed
        for player in self.all_players():
            for r in range(1, self.spec.rounds - 1):
                window = [self.colour(player, r + i) for i in range(3)]
                for colour_name, literals in (("white", [~c for c in window]), ("black", list(window))):
                    if relaxed:
                        run = m.new_bool_var(f"three_{colour_name}[{player[0]}{player[1]},r{r}]")
                        m.add_bool_or([*literals, run])
                        self.penalties.setdefault(Rule.NO_THREE_IN_A_ROW, []).append(run)
                    else:
                        m.add_bool_or(literals)

    def _add_board_balance(self) -> None:
        # Rule 3: team A has White on floor(n/2)..ceil(n/2) boards every round, and the
        # teams' match totals differ by at most 1 (A's total is floor or ceil of nR/2).
        m, n = self.model, self._n
        low, high = n // 2, (n + 1) // 2
        total = n * self.spec.rounds
        t_low, t_high = total // 2, (total + 1) // 2
        if Rule.BOARD_BALANCE not in self.spec.relaxed:
            for r in self._rounds:
                m.add_linear_constraint(sum(self.a_white[r, a] for a in self._players), low, high)
            m.add_linear_constraint(sum(self.a_white.values()), t_low, t_high)
            return
        # Relaxed: penalise the boards by which a round leaves [low, high], and the whites by
        # which the totals differ beyond 1 (the verifier's "board balance excess").
        for r in self._rounds:
            over = m.new_int_var(0, n, f"round_excess[r{r}]")
            m.add(over >= sum(self.a_white[r, a] for a in self._players) - high)
            m.add(over >= low - sum(self.a_white[r, a] for a in self._players))
            self.penalties.setdefault(Rule.BOARD_BALANCE, []).append(over)
        over_total = m.new_int_var(0, total, "total_excess")
        m.add(over_total >= 2 * sum(self.a_white.values()) - total - 1)
        m.add(over_total >= total - 2 * sum(self.a_white.values()) - 1)
        self.penalties.setdefault(Rule.BOARD_BALANCE, []).append(over_total)

    def _add_breaks(self) -> None:
        # Rule 4: brk[p, r] is true exactly when p has one colour in rounds r and r + 1.
        m = self.model
        for player in self.all_players():
            for r in range(1, self.spec.rounds):
                now, nxt = self.colour(player, r), self.colour(player, r + 1)
                brk = m.new_bool_var(f"break[{player[0]}{player[1]},r{r}]")
                m.add_bool_or([~now, ~nxt, brk])
                m.add_bool_or([now, nxt, brk])
                m.add_bool_or([~brk, ~now, nxt])
                m.add_bool_or([~brk, now, ~nxt])
                self.brk[player, r] = brk

    def _add_symmetry_breaking(self) -> None:
        # Valid for a match without requests, because every rule is unchanged by
        # (i) renumbering team B, (ii) renumbering A and B together by one permutation
        # (games move to the new boards), and (iii) reversing every colour.
        # By (i) round 1 pairs Ak with Bk.  By (iii) team A has at least half the whites
        # in round 1 (flip them all otherwise).  By (ii), which keeps round 1's pairs,
        # A's whites in round 1 come first on the boards.
        m, n = self.model, self._n
        for a in self._players:
            m.add(self.meet[1, a, a] == 1)
        m.add(sum(self.a_white[1, a] for a in self._players) >= (n + 1) // 2)
        for a in range(1, n):
            m.add_implication(self.a_white[1, a + 1], self.a_white[1, a])

    # ------------------------------------------------------------------ objective

    def minimise_penalty(self, rule: Rule) -> None:
        """Objective for one stage of a relaxed solve: break ``rule`` as little as possible.

        The penalty counts what the verifier counts: players out of balance (rule 1),
        runs of three (rule 2), or the board-balance excess (rule 3).
        """
        self.model.minimize(sum(self.penalties[rule]))

    def fix_penalty(self, rule: Rule, at_most: int) -> None:
        """Keep a relaxed rule at its minimum while later stages optimise the rest."""
        self.model.add(sum(self.penalties[rule]) <= at_most)

    def limit_breaks(self, at_most: int) -> None:
        """Only schedules with at most ``at_most`` breaks (to beat a known schedule)."""
        self.model.add(sum(self.brk.values()) <= at_most)

    def set_objective(self) -> None:
        """Minimise breaks; 'fair' adds, below them, the gap between the teams' breaks."""
        m = self.model
        objective = self.spec.objective
        if objective == "none":
            self.model.clear_objective()
            return
        breaks = list(self.brk.values())
        if objective == "breaks":
            m.minimize(sum(breaks))
            return
        # "fair": lexicographic through a weight larger than any possible gap.
        a_breaks = [v for (p, _r), v in self.brk.items() if p[0] == "A"]
        b_breaks = [v for (p, _r), v in self.brk.items() if p[0] == "B"]
        gap = m.new_int_var(0, len(breaks), "team_break_gap")
        m.add(gap >= sum(a_breaks) - sum(b_breaks))
        m.add(gap >= sum(b_breaks) - sum(a_breaks))
        m.minimize((len(breaks) + 1) * sum(breaks) + gap)

    # ------------------------------------------------------------------ hints and solutions

    def hint(self, schedule: Schedule) -> None:
        """Suggest a schedule of the same size as a starting point."""
        m = self.model
        m.clear_hints()
        pairs = {}
        for r, board, game in schedule.games():
            pairs[r, board] = (game.b_player.number, game.a_white)
        for (r, a, b), x in self.meet.items():
            m.add_hint(x, pairs[r, a][0] == b)
        for (r, a), w in self.a_white.items():
            m.add_hint(w, pairs[r, a][1])
        for (r, _a), (b, a_white) in pairs.items():
            m.add_hint(self.b_white[r, b], not a_white)
        colour = {(("A", a), r): w for (r, a), (_b, w) in pairs.items()}
        colour.update({(("B", b), r): not w for (r, _a), (b, w) in pairs.items()})
        for (player, r), brk in self.brk.items():
            m.add_hint(brk, colour[player, r] == colour[player, r + 1])

    def schedule_from(self, solver: cp_model.CpSolver) -> Schedule:
        """Read the schedule out of a solved model."""
        pairings = []
        for r in self._rounds:
            round_pairs = []
            for a in self._players:
                opponent = next(b for b in self._players if solver.boolean_value(self.meet[r, a, b]))
                round_pairs.append((a, opponent, solver.boolean_value(self.a_white[r, a])))
            pairings.append(round_pairs)
        return Schedule.from_pairings(pairings)
