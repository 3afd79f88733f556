"""The CP-SAT formulation of a Scheveningen match.

Variables (all Boolean, keyed by tuples and named for the solver log):

* ``meet[r, a, b]``: player ``Aa`` meets ``Bb`` in round ``r``;
* ``a_white[r, a]`` / ``b_white[r, b]``: the player has White in round ``r``
  (false in a round the player sits out);
* ``brk[p, r, s]``: player ``p`` plays rounds ``r`` and ``s`` with no game in
  between, with the same colour both times (with full teams ``s = r + 1``).

:meth:`MatchModel.build` posts the model by role, in this order:

1. variables (``_add_variables``);
2. rule 0, complete, with its channels (``RULE_FORMS[Rule.COMPLETE]``): every
   later part reads the ``plays`` literals it defines;
3. the break literals (``_add_break_literals``): rule 2 constrains them, rule 4
   (the objective) counts them;
4. the other rules of the registry (models/domain/rules.py) in priority order, each
   through its entry in :data:`RULE_FORMS`, where its hard form and its relaxed
   form (penalty variables counting exactly what the verifier counts) sit side
   by side;
5. the requests (``_add_requests``), behind one assumption literal each when
   asked, which is how an impossible set of requests is explained;
6. symmetry breaking (``_add_symmetry_breaking``), only as far as the registry
   says every rule posted is kept by the symmetries used;
7. the proven cuts on the breaks (``_add_break_bound_cuts``).

The objective is set afterwards by the caller (:meth:`MatchModel.set_objective`,
or :meth:`MatchModel.minimise_penalty` for one stage of a relaxed solve).

Every rule is posted on Boolean literals or on sums built afresh where they
are used: no linear expression is stored and reused (OR-Tools 9.12-9.15 can
rewrite a reused expression in place).  The formulation knows nothing about
the verifier.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from ortools.sat.python import cp_model, cp_model_helper

from scheveningen.models.bounds.proven import proven_break_bound
from scheveningen.models.domain.match import (
    Avoid,
    ColourWish,
    Match,
    Meet,
    Objective,
    PlayedRound,
    Request,
    RuleSettings,
)
from scheveningen.models.domain.rules import Rule, by_priority, kept_by
from scheveningen.models.domain.schedule import Colour, Schedule, Team

Formulation = Literal["boolean", "channelled"]
Player = tuple[str, int]  # ("A", 3) for A3; plain tuples keep the keys cheap
Literal_ = cp_model.IntVar | int  # a Boolean variable, its negation, or the constant 1
BoolLiteral = cp_model_helper.Literal  # a Boolean variable or its negation


@dataclass(frozen=True)
class RuleForms:
    """The model's side of one registry rule: its hard form and its relaxed form, side by side.

    ``hard(model, enforce)`` posts the rule, each constraint enforced by the literals in
    ``enforce`` (none, or the rule's assumption literal when explaining infeasibility).
    ``relaxed(model)`` posts the rule so that it may be broken and returns the penalty terms,
    which sum to what the verifier's excess for the rule counts.  A rule that is never relaxed
    has no relaxed form; fewest breaks, an objective, has neither (see ``set_objective``).
    """

    hard: Callable[[MatchModel, list[BoolLiteral]], None] | None
    relaxed: Callable[[MatchModel], list[cp_model.IntVar]] | None = None


@dataclass(frozen=True)
class ModelOptions:
    """What model to build: the match, which rules are relaxed, and modelling choices.

    ``match`` defaults to a plain ``boards``-board match without requests.
    ``assumptions`` posts each request (and, with ``rule_assumptions``, each
    relaxable rule) behind its own literal, for explaining infeasibility.
    ``rules`` are the model's rule forms, :data:`RULE_FORMS` unless a caller adds one.
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
    rules: Mapping[Rule, RuleForms] | None = None

    def __post_init__(self) -> None:
        if self.boards < 1:
            raise ValueError(f"boards must be at least 1, got {self.boards}")
        bad = [rule for rule in self.relaxed if not rule.relaxable]
        if bad:
            allowed = ", ".join(str(int(rule)) for rule in sorted(self.rule_forms) if rule.relaxable)
            raise ValueError(f"only rules {allowed} can be relaxed, got {sorted(int(r) for r in bad)}")
        if self.match is None:
            object.__setattr__(self, "match", Match(boards=self.boards, double=self.double))
        elif self.match.boards != self.boards or self.match.double != self.double:
            raise ValueError("boards and double must agree with the match")

    @property
    def the_match(self) -> Match:
        assert self.match is not None  # set in __post_init__
        return self.match

    @property
    def rule_forms(self) -> Mapping[Rule, RuleForms]:
        return RULE_FORMS if self.rules is None else self.rules

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


@dataclass
class MatchModel:
    """A built CP-SAT model with its variables, ready to solve or to hint."""

    options: ModelOptions
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
    def build(cls, options: ModelOptions) -> MatchModel:
        """Post the model in the order of the module docstring; the objective is set separately."""
        self = cls(options)
        self._add_variables()
        self._post_rule(Rule.COMPLETE)
        self._add_break_literals()
        for rule in by_priority(options.rule_forms):
            if rule is not Rule.COMPLETE:
                self._post_rule(rule)
        self._add_requests()
        self._add_symmetry_breaking()
        self._add_break_bound_cuts()
        return self

    @property
    def match(self) -> Match:
        return self.options.the_match

    @property
    def settings(self) -> RuleSettings:
        return self.match.rules

    def _post_rule(self, rule: Rule) -> None:
        """Post one registry rule, hard or relaxed, if the match switches it on."""
        if not rule.on(self.settings):
            return
        forms = self.options.rule_forms[rule]
        if rule in self.options.relaxed:
            assert forms.relaxed is not None, f"rule {int(rule)} has no relaxed form"
            self.penalties[rule] = forms.relaxed(self)
            return
        enforce: list[BoolLiteral] = []
        if self.options.rule_assumptions and rule.relaxable:
            literal = self.model.new_bool_var(f"rule_{int(rule)}")
            self.rule_literals[rule] = literal
            enforce = [literal]
        if forms.hard is not None:
            forms.hard(self, enforce)

    def _hard_everywhere(self, rule: Rule) -> bool:
        """The rule is posted hard, without an assumption literal: a proven fact may lean on it."""
        return rule.on(self.settings) and rule not in self.options.relaxed and not self.options.rule_assumptions

    @property
    def _rounds(self) -> range:
        return range(1, self.options.rounds + 1)

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
        return other * (2 if self.options.double else 1)

    def _meet(self, team: str, p: int, q: int, r: int) -> cp_model.IntVar:
        return self.meet[r, p, q] if team == "A" else self.meet[r, q, p]

    # ------------------------------------------------------------------ 1. variables

    def _add_variables(self) -> None:
        m = self.model
        for r in self._rounds:
            for a in self._team("A"):
                self.a_white[r, a] = m.new_bool_var(f"a_white[r{r},A{a}]")
                for b in self._team("B"):
                    self.meet[r, a, b] = m.new_bool_var(f"meet[r{r},A{a},B{b}]")
            for b in self._team("B"):
                self.b_white[r, b] = m.new_bool_var(f"b_white[r{r},B{b}]")

    # ------------------------------------------------------------------ 2. rule 0 and its channels

    def _complete(self, _enforce: list[BoolLiteral]) -> None:
        """Rule 0, always hard: the pairings, the colour channel and, if asked, the opponent channel."""
        self._add_pairings()
        if self.options.formulation == "channelled" and self.match.equal_teams:
            self._add_opponent_channel()
        self._add_colour_channel()

    def _add_pairings(self) -> None:
        # A round has `boards` games; nobody plays twice in a round (everybody plays once
        # when a team has one player a board); each pair meets once (twice in a double
        # round, once with each colour); sit-outs go in turn.
        m, k = self.model, self.options.boards
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
        for a in self._team("A"):
            for b in self._team("B"):
                if not self.options.double:
                    m.add_exactly_one(self.meet[r, a, b] for r in self._rounds)
                else:
                    m.add(sum(self.meet[r, a, b] for r in self._rounds) == 2)
        if self.options.double:
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

    def _add_sit_outs_in_turn(self, team: str) -> None:
        # In every prefix of rounds each player has sat out floor or ceil of the team's average.
        size, k = self.match.size(Team(team)), self.options.boards
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
        m, n = self.model, self.options.boards
        opp = {}
        for r in self._rounds:
            for a in self._team("A"):
                opp[r, a] = m.new_int_var(1, n, f"opp[r{r},A{a}]")
                for b in self._team("B"):
                    m.add(opp[r, a] == b).only_enforce_if(self.meet[r, a, b])
                    m.add(opp[r, a] != b).only_enforce_if(~self.meet[r, a, b])
            m.add_all_different(opp[r, a] for a in self._team("A"))
        if not self.options.double:
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
                == self.options.boards
            )

    # ------------------------------------------------------------------ 3. break literals

    def _adjacent_pairs(self, player: Player) -> list[tuple[int, int, Literal_]]:
        """(r, s, literal): the player's games in rounds r < s are consecutive ones."""
        m = self.model
        size = self.match.size(Team(player[0]))
        if size == self.options.boards:
            return [(r, r + 1, 1) for r in range(1, self.options.rounds)]
        gap = _max_bye_gap(size, self.options.boards)
        pairs: list[tuple[int, int, Literal_]] = []
        for r in self._rounds:
            for s in range(r + 1, min(self.options.rounds, r + gap + 1) + 1):
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

    def _add_break_literals(self) -> None:
        # brk[p, r, s] is true exactly when p's consecutive games in rounds r and s have the
        # same colour.
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

    # ------------------------------------------------------------------ 4. rules 1-3, hard and relaxed side by side

    # Rule 1, colour balance: each player's whites are floor(g/2) or ceil(g/2) of its g games.

    def _colour_balance_sums(self) -> list[tuple[Player, list[cp_model.IntVar], int, int]]:
        out = []
        for player in self.all_players():
            games = self.games_of(player)
            out.append((player, [self.colour(player, r) for r in self._rounds], games // 2, (games + 1) // 2))
        return out

    def _colour_balance(self, enforce: list[BoolLiteral]) -> None:
        for _player, whites, low, high in self._colour_balance_sums():
            self.model.add_linear_constraint(sum(whites), low, high).only_enforce_if(enforce)

    def _colour_balance_relaxed(self) -> list[cp_model.IntVar]:
        # One penalty a player out of balance: the verifier counts such players.
        penalties = []
        for player, whites, low, high in self._colour_balance_sums():
            broken = self.model.new_bool_var(f"unbalanced[{player[0]}{player[1]}]")
            self.model.add_linear_constraint(sum(whites), low, high).only_enforce_if(~broken)
            penalties.append(broken)
        return penalties

    # Rule 2, runs: no player has the same colour in more than `max_run` consecutive games
    # (three in a row with max_run = 2), i.e. no `max_run` breaks follow each other.

    def _long_runs(self) -> list[tuple[Player, list[tuple[int, cp_model.IntVar]]]]:
        """Every chain of `max_run` consecutive break literals, with its player."""
        out: list[tuple[Player, list[tuple[int, cp_model.IntVar]]]] = []
        for player in self.all_players():
            following: dict[int, list[tuple[int, cp_model.IntVar]]] = {}
            for (p, r, s), brk in self.brk.items():
                if p == player:
                    following.setdefault(r, []).append((s, brk))
            out.extend((player, chain) for chain in _break_chains(following, self.settings.max_run))
        return out

    def _runs(self, enforce: list[BoolLiteral]) -> None:
        for _player, chain in self._long_runs():
            self.model.add_bool_or([~brk for _s, brk in chain]).only_enforce_if(enforce)

    def _runs_relaxed(self) -> list[cp_model.IntVar]:
        # One penalty an over-long run (a window of max_run + 1 games): the verifier counts them.
        penalties = []
        for player, chain in self._long_runs():
            run = self.model.new_bool_var(f"long_run[{player[0]}{player[1]},r{chain[0][0]}]")
            self.model.add_bool_or([*(~brk for _s, brk in chain), run])
            penalties.append(run)
        return penalties

    # Rule 3, board balance: team A has White on floor(k/2)..ceil(k/2) of a round's k boards,
    # and the teams' match totals differ by at most 1 (A's total is floor or ceil of kR/2).

    def _board_balance(self, enforce: list[BoolLiteral]) -> None:
        m, k = self.model, self.options.boards
        total = k * self.options.rounds
        for r in self._rounds:
            m.add_linear_constraint(
                sum(self.a_white[r, a] for a in self._team("A")), k // 2, (k + 1) // 2
            ).only_enforce_if(enforce)
        m.add_linear_constraint(sum(self.a_white.values()), total // 2, (total + 1) // 2).only_enforce_if(enforce)

    def _board_balance_relaxed(self) -> list[cp_model.IntVar]:
        # The boards by which a round leaves [low, high], and the whites by which the totals
        # differ beyond 1: the verifier's "board balance excess".
        m, k = self.model, self.options.boards
        low, high = k // 2, (k + 1) // 2
        total = k * self.options.rounds
        penalties = []
        for r in self._rounds:
            over = m.new_int_var(0, k, f"round_excess[r{r}]")
            m.add(over >= sum(self.a_white[r, a] for a in self._team("A")) - high)
            m.add(over >= low - sum(self.a_white[r, a] for a in self._team("A")))
            penalties.append(over)
        over_total = m.new_int_var(0, total, "total_excess")
        m.add(over_total >= 2 * sum(self.a_white.values()) - total - 1)
        m.add(over_total >= total - 2 * sum(self.a_white.values()) - 1)
        penalties.append(over_total)
        return penalties

    # ------------------------------------------------------------------ 5. requests

    def _add_requests(self) -> None:
        # Requests are hard.  Each one's constraints are posted behind one literal when the
        # caller wants to explain infeasibility, and plainly otherwise.
        m = self.model
        for index, request in enumerate(self.match.requests(), start=1):
            enforce: list[cp_model.IntVar] = []
            if self.options.assumptions:
                literal = m.new_bool_var(f"request_{index}")
                self.request_literals.append((literal, request))
                enforce = [literal]
            for clause in self._request_clauses(request):
                m.add_bool_or(clause).only_enforce_if(enforce)

    def _request_clauses(self, request: Request) -> list[list[BoolLiteral]]:
        """The request as clauses over the model's literals (each clause a list of literals)."""
        clauses: list[list[BoolLiteral]] = []
        if isinstance(request, Meet):
            clauses.append([self.meet[request.round, request.a, request.b]])
            if request.white is not None:
                white = self.a_white[request.round, request.a]
                clauses.append([white if request.white is Team.A else ~white])
        elif isinstance(request, Avoid):
            clauses.extend([~self.meet[r, request.a, request.b]] for r in request.rounds)
        elif isinstance(request, ColourWish):
            player = (request.player.team.value, request.player.number)
            white = self.colour(player, request.round)
            play = self.plays[player, request.round]
            if not isinstance(play, int):
                clauses.append([play])
            clauses.append([white if request.colour is Colour.WHITE else ~white])
        elif isinstance(request, PlayedRound):
            for game in request.games:
                a, b = game.a_player.number, game.b_player.number
                white = self.a_white[request.round, a]
                clauses.append([self.meet[request.round, a, b]])
                clauses.append([white if game.a_white else ~white])
        else:
            raise TypeError(f"unknown request {request!r}")
        return clauses

    # ------------------------------------------------------------------ 6. symmetry breaking

    def _add_symmetry_breaking(self) -> None:
        # Valid for equal teams and a match without requests, because every rule is unchanged
        # by (i) renumbering team B, (ii) renumbering A and B together by one permutation
        # (games move to the new boards) and, where the registry says so, (iii) reversing every
        # colour.  By (i) round 1 pairs Ak with Bk.  By (iii) team A has at least half the
        # whites in round 1 (flip them all otherwise).  By (ii), which keeps round 1's pairs,
        # A's whites in round 1 come first on the boards.
        if not (self.options.symmetry_breaking and self.match.equal_teams and not self.match.has_requests):
            return
        m, n = self.model, self.options.boards
        for a in self._team("A"):
            m.add(self.meet[1, a, a] == 1)
        posted = [rule for rule in self.options.rule_forms if rule.on(self.settings)]
        if kept_by(colour_reversal=True, rules=posted):
            m.add(sum(self.a_white[1, a] for a in self._team("A")) >= (n + 1) // 2)
        for a in range(1, n):
            m.add_implication(self.a_white[1, a + 1], self.a_white[1, a])

    # ------------------------------------------------------------------ 7. cuts

    def _add_break_bound_cuts(self) -> None:
        # Proven facts about every complete schedule of equal teams, stated for the solver:
        # the total of breaks is even (see even_break_bound), which lets its bound rise two
        # at a time, and with rule 3 enforced it is at least the proven bound.
        if not (self.options.break_bound_cut and self.match.equal_teams):
            return
        m = self.model
        half = m.new_int_var(0, len(self.brk), "half_of_breaks")
        m.add(sum(self.brk.values()) == 2 * half)
        if self._hard_everywhere(Rule.BOARD_BALANCE):
            bound = proven_break_bound(
                self.options.boards, self.options.double, self._hard_everywhere(Rule.COLOUR_BALANCE)
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
        objective = self.options.objective
        if objective == "none":
            self.model.clear_objective()  # type: ignore[no-untyped-call]  # untyped in ortools
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
        m.clear_hints()  # type: ignore[no-untyped-call]  # untyped in ortools
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


def _breaks_counted(_mm: MatchModel, _enforce: list[BoolLiteral]) -> None:
    """Rule 4 is the objective: the break literals are posted in stage 3, minimised by set_objective."""


#: The model's form of every rule in the registry (models/domain/rules.py).
RULE_FORMS: Mapping[Rule, RuleForms] = {
    Rule.COMPLETE: RuleForms(MatchModel._complete),
    Rule.COLOUR_BALANCE: RuleForms(MatchModel._colour_balance, MatchModel._colour_balance_relaxed),
    Rule.NO_THREE_IN_A_ROW: RuleForms(MatchModel._runs, MatchModel._runs_relaxed),
    Rule.BOARD_BALANCE: RuleForms(MatchModel._board_balance, MatchModel._board_balance_relaxed),
    Rule.FEWEST_BREAKS: RuleForms(_breaks_counted),
}
