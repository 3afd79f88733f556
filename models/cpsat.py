"""The CP-SAT formulation of a Scheveningen match.

Variables (all Boolean, keyed by tuples and named for the solver log):

* ``meet[r, a, b]``: player ``Aa`` meets ``Bb`` in round ``r``;
* ``a_white[r, a]`` / ``b_white[r, b]``: the player has White in round ``r``
  (false in a round the player sits out);
* ``brk[p, r, s]``: player ``p`` plays rounds ``r`` and ``s`` with no game in
  between, with the same colour both times (with full teams ``s = r + 1``).

Every rule is posted on Boolean literals or on sums built afresh where they
are used: no linear expression is stored and reused (see the OR-Tools pitfall
in DEVELOPERS.md).  Rules 1-3 are hard constraints unless the caller lists
them as relaxed; a relaxed rule is posted with penalty variables that count
exactly what the verifier counts, so the pipeline can minimise, then fix,
each relaxed rule before it minimises breaks.  Requests (meetings, avoided
pairings, colours, rounds already played) can be posted behind one assumption
literal each, which is how an impossible set of requests is explained.  The
formulation knows nothing about the verifier.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

from ortools.sat.python import cp_model

from scheveningen.models.bounds import proven_break_bound
from scheveningen.models.match import Avoid, ColourWish, Match, Meet, PlayedRound, Request, RuleSettings
from scheveningen.models.rules import Rule
from scheveningen.models.schedule import Colour, Schedule, Team

Formulation = Literal["boolean", "channelled"]
Objective = Literal["breaks", "fair", "none"]
Player = tuple[str, int]  # ("A", 3) for A3; plain tuples keep the keys cheap
Literal_ = cp_model.IntVar | int  # a Boolean variable, its negation, or the constant 1


@dataclass(frozen=True)
class MatchModelSpec:
    """What to build: the match, which rules are relaxed, and modelling choices.

    ``match`` defaults to a plain ``boards``-board match without requests.
    ``assumptions`` posts each request (and, with ``rule_assumptions``, each
    of rules 1-3) behind its own literal, for explaining infeasibility.
    """

    boards: int
    double: bool = False
    relaxed: frozenset[Rule] = frozenset()
    formulation: Formulation = "boolean"
    objective: Objective = "breaks"
    symmetry_breaking: bool = True
    break_bound_cut: bool = True
    match: Match | None = None
    assumptions: bool = False
    rule_assumptions: bool = False

    def __post_init__(self) -> None:
        if self.boards < 1:
            raise ValueError(f"boards must be at least 1, got {self.boards}")
        bad = self.relaxed - {Rule.COLOUR_BALANCE, Rule.NO_THREE_IN_A_ROW, Rule.BOARD_BALANCE}
        if bad:
            raise ValueError(f"only rules 1-3 can be relaxed, got {sorted(int(r) for r in bad)}")
        if self.match is None:
            object.__setattr__(self, "match", Match(boards=self.boards, double=self.double))
        elif self.match.boards != self.boards or self.match.double != self.double:
            raise ValueError("boards and double must agree with the match")

    @property
    def the_match(self) -> Match:
        assert self.match is not None  # set in __post_init__
        return self.match

    @property
    def rounds(self) -> int:
        return self.the_match.rounds


def _max_bye_gap(size: int, boards: int) -> int:
    """The longest run of rounds a player can sit out when sit-outs go strictly in turn.

    With a fraction f = (size - boards) / size sitting out each round and every
    prefix of rounds giving each player floor or ceil of its share, a run of g
    byes needs g < 2 / (1 - f) = 2 * size / boards.
    """
    if size == boards:
        return 0
    return math.ceil(2 * size / boards) - 1


@dataclass
class MatchModel:
    """A built CP-SAT model with its variables, ready to solve or to hint."""

    spec: MatchModelSpec
    model: cp_model.CpModel = field(default_factory=cp_model.CpModel)
    meet: dict[tuple[int, int, int], cp_model.IntVar] = field(default_factory=dict)
    a_white: dict[tuple[int, int], cp_model.IntVar] = field(default_factory=dict)
    b_white: dict[tuple[int, int], cp_model.IntVar] = field(default_factory=dict)
    plays: dict[tuple[Player, int], Literal_] = field(default_factory=dict)
    brk: dict[tuple[Player, int, int], cp_model.IntVar] = field(default_factory=dict)
    penalties: dict[Rule, list[cp_model.IntVar]] = field(default_factory=dict)
    request_literals: list[tuple[cp_model.IntVar, Request]] = field(default_factory=list)
    rule_literals: dict[Rule, cp_model.IntVar] = field(default_factory=dict)

    # ------------------------------------------------------------------ building

    @classmethod
    def build(cls, spec: MatchModelSpec) -> MatchModel:
        """Add variables, then rules 0-3, the break variables and the requests; the objective is separate."""
        self = cls(spec)
        self._add_variables()
        self._add_complete()
        if spec.formulation == "channelled" and self.match.equal_teams:
            self._add_opponent_channel()
        self._add_colour_channel()
        self._add_breaks()
        for rule in (Rule.COLOUR_BALANCE, Rule.NO_THREE_IN_A_ROW, Rule.BOARD_BALANCE):
            if spec.rule_assumptions and self._rule_on(rule):
                self.rule_literals[rule] = self.model.new_bool_var(f"rule_{int(rule)}")
        if self.settings.colour_balance:
            self._add_colour_balance()
        if self.settings.max_run > 0:
            self._add_max_run()
        if self.settings.board_balance:
            self._add_board_balance()
        self._add_requests()
        if spec.symmetry_breaking and self.match.equal_teams and not self.match.has_requests:
            self._add_symmetry_breaking()
        if spec.break_bound_cut and self.match.equal_teams:
            self._add_break_bound_cuts()
        return self

    @property
    def match(self) -> Match:
        return self.spec.the_match

    @property
    def settings(self) -> RuleSettings:
        return self.match.rules

    def _rule_on(self, rule: Rule) -> bool:
        if rule is Rule.COLOUR_BALANCE:
            return self.settings.colour_balance
        if rule is Rule.NO_THREE_IN_A_ROW:
            return self.settings.max_run > 0
        return self.settings.board_balance

    def _enforce(self, rule: Rule) -> list[cp_model.IntVar]:
        """Enforcement literals for a hard rule: its assumption literal, if any."""
        literal = self.rule_literals.get(rule)
        return [literal] if literal is not None else []

    @property
    def _rounds(self) -> range:
        return range(1, self.spec.rounds + 1)

    def _team(self, team: str) -> range:
        return range(1, self.match.size(Team(team)) + 1)

    def colour(self, player: Player, r: int) -> cp_model.IntVar:
        """The literal 'player has White in round r' (false when the player sits out)."""
        team, number = player
        return self.a_white[r, number] if team == "A" else self.b_white[r, number]

    def all_players(self) -> list[Player]:
        return [("A", k) for k in self._team("A")] + [("B", k) for k in self._team("B")]

    def games_of(self, player: Player) -> int:
        """How many games a player plays: one (two in a double round) against each opponent."""
        other = self.match.size(Team.B if player[0] == "A" else Team.A)
        return other * (2 if self.spec.double else 1)

    def _add_variables(self) -> None:
        m = self.model
        for r in self._rounds:
            for a in self._team("A"):
                self.a_white[r, a] = m.new_bool_var(f"a_white[r{r},A{a}]")
                for b in self._team("B"):
                    self.meet[r, a, b] = m.new_bool_var(f"meet[r{r},A{a},B{b}]")
            for b in self._team("B"):
                self.b_white[r, b] = m.new_bool_var(f"b_white[r{r},B{b}]")

    def _add_complete(self) -> None:
        # Rule 0: a round has `boards` games; nobody plays twice in a round (everybody plays
        # once when a team has one player a board); each pair meets once (twice in a double
        # round, once with each colour); sit-outs go in turn.
        m, k = self.model, self.spec.boards
        for r in self._rounds:
            m.add(sum(self.meet[r, a, b] for a in self._team("A") for b in self._team("B")) == k)
            for team, other in (("A", "B"), ("B", "A")):
                for p in self._team(team):
                    games = [self._meet(team, p, q, r) for q in self._team(other)]
                    if self.match.size(Team(team)) == k:
                        m.add_exactly_one(games)
                        self.plays[(team, p), r] = 1
                    else:
                        play = m.new_bool_var(f"plays[r{r},{team}{p}]")
                        m.add(sum(games) == play)
                        self.plays[(team, p), r] = play
        times = 2 if self.spec.double else 1
        for a in self._team("A"):
            for b in self._team("B"):
                if times == 1:
                    m.add_exactly_one(self.meet[r, a, b] for r in self._rounds)
                else:
                    m.add(sum(self.meet[r, a, b] for r in self._rounds) == 2)
        if self.spec.double:
            # Exactly one of the pair's two games has A White, counted through an AND literal.
            for a in self._team("A"):
                for b in self._team("B"):
                    both = []
                    for r in self._rounds:
                        z = m.new_bool_var(f"a_white_vs[r{r},A{a},B{b}]")
                        m.add_implication(z, self.meet[r, a, b])
                        m.add_implication(z, self.a_white[r, a])
                        m.add_bool_or([~self.meet[r, a, b], ~self.a_white[r, a], z])
                        both.append(z)
                    m.add_exactly_one(both)
        for team in ("A", "B"):
            self._add_sit_outs_in_turn(team)

    def _meet(self, team: str, p: int, q: int, r: int) -> cp_model.IntVar:
        return self.meet[r, p, q] if team == "A" else self.meet[r, q, p]

    def _add_sit_outs_in_turn(self, team: str) -> None:
        # In every prefix of rounds each player has sat out floor or ceil of the team's average.
        size, k = self.match.size(Team(team)), self.spec.boards
        if size == k:
            return
        m = self.model
        for t in self._rounds:
            share = t * (size - k)
            low, high = share // size, -(-share // size)
            for p in self._team(team):
                played = sum(self.plays[(team, p), r] for r in range(1, t + 1))
                m.add_linear_constraint(played, t - high, t - low)

    def _add_opponent_channel(self) -> None:
        # Alternative view of rule 0: opp[r, a] is Aa's opponent; AllDifferent over a round
        # and over a board, each value channelled to the meeting literal.
        m, n = self.model, self.spec.boards
        opp = {}
        for r in self._rounds:
            for a in self._team("A"):
                opp[r, a] = m.new_int_var(1, n, f"opp[r{r},A{a}]")
                for b in self._team("B"):
                    m.add(opp[r, a] == b).only_enforce_if(self.meet[r, a, b])
                    m.add(opp[r, a] != b).only_enforce_if(~self.meet[r, a, b])
            m.add_all_different(opp[r, a] for a in self._team("A"))
        if not self.spec.double:
            for a in self._team("A"):
                m.add_all_different(opp[r, a] for r in self._rounds)

    def _add_colour_channel(self) -> None:
        # In every game exactly one player has White: when Aa meets Bb, Bb's colour is the
        # opposite of Aa's.  A player who sits out has no White.
        m = self.model
        for (r, a, b), x in self.meet.items():
            m.add_bool_or([~x, ~self.a_white[r, a], ~self.b_white[r, b]])
            m.add_bool_or([~x, self.a_white[r, a], self.b_white[r, b]])
        for (player, r), play in self.plays.items():
            if not isinstance(play, int):
                m.add_implication(self.colour(player, r), play)
        # Redundant: a round has exactly `boards` whites over both teams.
        for r in self._rounds:
            m.add(
                sum(self.a_white[r, a] for a in self._team("A")) + sum(self.b_white[r, b] for b in self._team("B"))
                == self.spec.boards
            )

    def _adjacent_pairs(self, player: Player) -> list[tuple[int, int, Literal_]]:
        """(r, s, literal): the player's games in rounds r < s are consecutive ones."""
        m = self.model
        size = self.match.size(Team(player[0]))
        if size == self.spec.boards:
            return [(r, r + 1, 1) for r in range(1, self.spec.rounds)]
        gap = _max_bye_gap(size, self.spec.boards)
        pairs: list[tuple[int, int, Literal_]] = []
        for r in self._rounds:
            for s in range(r + 1, min(self.spec.rounds, r + gap + 1) + 1):
                adj = m.new_bool_var(f"next_game[{player[0]}{player[1]},r{r},r{s}]")
                inside = [self.plays[player, t] for t in range(r + 1, s)]
                ends = [self.plays[player, r], self.plays[player, s]]
                for lit in ends:
                    m.add_implication(adj, lit)
                for lit in inside:
                    m.add_implication(adj, ~lit)
                m.add_bool_or([adj, *(~lit for lit in ends), *inside])
                pairs.append((r, s, adj))
        return pairs

    def _add_breaks(self) -> None:
        # Rule 4: brk[p, r, s] is true exactly when p's consecutive games in rounds r and s
        # have the same colour.
        m = self.model
        for player in self.all_players():
            for r, s, adj in self._adjacent_pairs(player):
                now, nxt = self.colour(player, r), self.colour(player, s)
                brk = m.new_bool_var(f"break[{player[0]}{player[1]},r{r},r{s}]")
                guard = [] if isinstance(adj, int) else [~adj]
                m.add_bool_or([*guard, ~now, ~nxt, brk])
                m.add_bool_or([*guard, now, nxt, brk])
                m.add_bool_or([~brk, ~now, nxt])
                m.add_bool_or([~brk, now, ~nxt])
                if guard:
                    m.add_implication(brk, adj)
                self.brk[player, r, s] = brk

    def _add_colour_balance(self) -> None:
        # Rule 1: each player's whites are floor(g/2) or ceil(g/2) of its g games.
        m = self.model
        for player in self.all_players():
            games = self.games_of(player)
            low, high = games // 2, (games + 1) // 2
            whites = [self.colour(player, r) for r in self._rounds]
            if Rule.COLOUR_BALANCE in self.spec.relaxed:
                broken = m.new_bool_var(f"unbalanced[{player[0]}{player[1]}]")
                m.add_linear_constraint(sum(whites), low, high).only_enforce_if(~broken)
                self.penalties.setdefault(Rule.COLOUR_BALANCE, []).append(broken)
            else:
                m.add_linear_constraint(sum(whites), low, high).only_enforce_if(self._enforce(Rule.COLOUR_BALANCE))

    def _add_max_run(self) -> None:
        # Rule 2: no player has the same colour in more than `max_run` consecutive games,
        # i.e. no `max_run` breaks follow each other in the player's games.
        m = self.model
        length = self.settings.max_run
        relaxed = Rule.NO_THREE_IN_A_ROW in self.spec.relaxed
        for player in self.all_players():
            following: dict[int, list[tuple[int, cp_model.IntVar]]] = {}
            for (p, r, s), brk in self.brk.items():
                if p == player:
                    following.setdefault(r, []).append((s, brk))
            for chain in self._break_chains(following, length):
                first = chain[0][0]
                if relaxed:
                    run = m.new_bool_var(f"long_run[{player[0]}{player[1]},r{first}]")
                    m.add_bool_or([*(~brk for _s, brk in chain), run])
                    self.penalties.setdefault(Rule.NO_THREE_IN_A_ROW, []).append(run)
                else:
                    m.add_bool_or([~brk for _s, brk in chain]).only_enforce_if(self._enforce(Rule.NO_THREE_IN_A_ROW))

    @staticmethod
    def _break_chains(
        following: dict[int, list[tuple[int, cp_model.IntVar]]], length: int
    ) -> list[list[tuple[int, cp_model.IntVar]]]:
        """Every chain of `length` break literals over consecutive games, as (start, literal) lists."""
        chains: list[list[tuple[int, cp_model.IntVar]]] = []

        def extend(start: int, chain: list[tuple[int, cp_model.IntVar]]) -> None:
            if len(chain) == length:
                chains.append(list(chain))
                return
            for s, brk in following.get(start, []):
                chain.append((start, brk))
                extend(s, chain)
                chain.pop()

        for r in sorted(following):
            extend(r, [])
        return chains

    def _add_board_balance(self) -> None:
        # Rule 3: team A has White on floor(k/2)..ceil(k/2) of a round's k boards, and the
        # teams' match totals differ by at most 1 (A's total is floor or ceil of kR/2).
        m, k = self.model, self.spec.boards
        low, high = k // 2, (k + 1) // 2
        total = k * self.spec.rounds
        t_low, t_high = total // 2, (total + 1) // 2
        if Rule.BOARD_BALANCE not in self.spec.relaxed:
            enforce = self._enforce(Rule.BOARD_BALANCE)
            for r in self._rounds:
                m.add_linear_constraint(sum(self.a_white[r, a] for a in self._team("A")), low, high).only_enforce_if(
                    enforce
                )
            m.add_linear_constraint(sum(self.a_white.values()), t_low, t_high).only_enforce_if(enforce)
            return
        # Relaxed: penalise the boards by which a round leaves [low, high], and the whites by
        # which the totals differ beyond 1 (the verifier's "board balance excess").
        for r in self._rounds:
            over = m.new_int_var(0, k, f"round_excess[r{r}]")
            m.add(over >= sum(self.a_white[r, a] for a in self._team("A")) - high)
            m.add(over >= low - sum(self.a_white[r, a] for a in self._team("A")))
            self.penalties.setdefault(Rule.BOARD_BALANCE, []).append(over)
        over_total = m.new_int_var(0, total, "total_excess")
        m.add(over_total >= 2 * sum(self.a_white.values()) - total - 1)
        m.add(over_total >= total - 2 * sum(self.a_white.values()) - 1)
        self.penalties.setdefault(Rule.BOARD_BALANCE, []).append(over_total)

    def _add_requests(self) -> None:
        # Requests are hard.  Each one's constraints are posted behind one literal when the
        # caller wants to explain infeasibility, and plainly otherwise.
        m = self.model
        for index, request in enumerate(self.match.requests(), start=1):
            enforce: list[cp_model.IntVar] = []
            if self.spec.assumptions:
                literal = m.new_bool_var(f"request_{index}")
                self.request_literals.append((literal, request))
                enforce = [literal]
            for clause in self._request_clauses(request):
                m.add_bool_or(clause).only_enforce_if(enforce)

    def _request_clauses(self, request: Request) -> list[list[cp_model.IntVar]]:
        """The request as clauses over the model's literals (each clause a list of literals)."""
        if isinstance(request, Meet):
            clauses = [[self.meet[request.round, request.a, request.b]]]
            if request.white is not None:
                white = self.a_white[request.round, request.a]
                clauses.append([white if request.white is Team.A else ~white])
            return clauses
        if isinstance(request, Avoid):
            return [[~self.meet[r, request.a, request.b]] for r in request.rounds]
        if isinstance(request, ColourWish):
            player = (request.player.team.value, request.player.number)
            white = self.colour(player, request.round)
            play = self.plays[player, request.round]
            clauses = [] if isinstance(play, int) else [[play]]
            clauses.append([white if request.colour is Colour.WHITE else ~white])
            return clauses
        if isinstance(request, PlayedRound):
            clauses = []
            for game in request.games:
                a, b = game.a_player.number, game.b_player.number
                white = self.a_white[request.round, a]
                clauses.append([self.meet[request.round, a, b]])
                clauses.append([white if game.a_white else ~white])
            return clauses
        raise TypeError(f"unknown request {request!r}")

    def _add_symmetry_breaking(self) -> None:
        # Valid for a match without requests, because every rule is unchanged by
        # (i) renumbering team B, (ii) renumbering A and B together by one permutation
        # (games move to the new boards), and (iii) reversing every colour.
        # By (i) round 1 pairs Ak with Bk.  By (iii) team A has at least half the whites
        # in round 1 (flip them all otherwise).  By (ii), which keeps round 1's pairs,
        # A's whites in round 1 come first on the boards.
        m, n = self.model, self.spec.boards
        for a in self._team("A"):
            m.add(self.meet[1, a, a] == 1)
        m.add(sum(self.a_white[1, a] for a in self._team("A")) >= (n + 1) // 2)
        for a in range(1, n):
            m.add_implication(self.a_white[1, a + 1], self.a_white[1, a])

    def _add_break_bound_cuts(self) -> None:
        # Proven facts about every complete schedule of equal teams, stated for the solver:
        # the total of breaks is even (see even_break_bound), which lets its bound rise two
        # at a time, and with rule 3 enforced it is at least the proven bound.
        m = self.model
        half = m.new_int_var(0, len(self.brk), "half_of_breaks")
        m.add(sum(self.brk.values()) == 2 * half)

        def hard(rule: Rule) -> bool:
            return self._rule_on(rule) and rule not in self.spec.relaxed and not self.spec.rule_assumptions

        if hard(Rule.BOARD_BALANCE):
            bound = proven_break_bound(
                self.spec.boards,
                self.spec.double,
                hard(Rule.COLOUR_BALANCE),
                hard(Rule.NO_THREE_IN_A_ROW) and self.settings.no_three_in_a_row,
            )
            m.add(sum(self.brk.values()) >= bound)

    # ------------------------------------------------------------------ objective

    def minimise_penalty(self, rule: Rule) -> None:
        """Objective for one stage of a relaxed solve: break ``rule`` as little as possible.

        The penalty counts what the verifier counts: players out of balance (rule 1),
        over-long runs (rule 2), or the board-balance excess (rule 3).
        """
        self.model.minimize(sum(self.penalties.get(rule, [])))

    def fix_penalty(self, rule: Rule, at_most: int) -> None:
        """Keep a relaxed rule at its minimum while later stages optimise the rest."""
        self.model.add(sum(self.penalties.get(rule, [])) <= at_most)

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
        a_breaks = [v for (p, _r, _s), v in self.brk.items() if p[0] == "A"]
        b_breaks = [v for (p, _r, _s), v in self.brk.items() if p[0] == "B"]
        gap = m.new_int_var(0, len(breaks), "team_break_gap")
        m.add(gap >= sum(a_breaks) - sum(b_breaks))
        m.add(gap >= sum(b_breaks) - sum(a_breaks))
        m.minimize((len(breaks) + 1) * sum(breaks) + gap)

    # ------------------------------------------------------------------ hints and solutions

    def hint(self, schedule: Schedule) -> None:
        """Suggest a schedule of the same size (equal teams) as a starting point."""
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
        for (player, r, s), brk in self.brk.items():
            m.add_hint(brk, colour[player, r] == colour[player, s])

    def schedule_from(self, solver: cp_model.CpSolver) -> Schedule:
        """Read the schedule out of a solved model; games in order of their A player."""
        pairings = []
        for r in self._rounds:
            round_pairs = []
            for a in self._team("A"):
                for b in self._team("B"):
                    if solver.boolean_value(self.meet[r, a, b]):
                        round_pairs.append((a, b, solver.boolean_value(self.a_white[r, a])))
            pairings.append(round_pairs)
        return Schedule.from_pairings(pairings, team_a=self.match.size_a, team_b=self.match.size_b)

    def core(self, solver: cp_model.CpSolver) -> list[Request | Rule]:
        """The requests and rules behind the literals of an infeasibility core."""
        by_index = {lit.index: request for lit, request in self.request_literals}
        by_index.update({lit.index: rule for rule, lit in self.rule_literals.items()})
        return [by_index[i] for i in solver.sufficient_assumptions_for_infeasibility() if i in by_index]
