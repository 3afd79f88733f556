"""When two schedules are the same design: equivalence up to relabelling, with the witness, and a canonical form.

The symmetries, each named in the output:

* **renumber team A**: any permutation of team A's numbers.  Player ``Ak`` always sits at board ``k``,
  so renumbering A moves games to other boards; a round is therefore compared as the multiset of its
  games (who meets whom, with which colour), never board by board.
* **renumber team B**: any permutation of team B's numbers, independently of team A.
* **swap teams**: the B players become the A players and vice versa (``Bk`` becomes ``Ak`` and sits at
  board ``k``); every player keeps the colour of each game.  Only when both teams have the same number
  of players: a swap would otherwise turn a match of ``p`` against ``q`` players into one of ``q``
  against ``p``.
* **reverse colours**: White and Black are exchanged in every game at once.
* **reverse rounds** (only when ``allow_reversal`` is set): round ``r`` becomes round ``R + 1 - r``.
  This keeps every player's breaks and runs but not who meets whom first, so it is off by default.

A symmetry other than renumbering counts only where every rule of the registry
(``models/domain/rules.py``) holds after it whenever it held before: the registry's flags say which
(:func:`~scheveningen.models.domain.rules.kept_by`), read at each call, so a schedule keeping every
rule is never called the same design as one breaking a rule.

Round order is otherwise kept: round ``r`` of one schedule must be round ``r`` of the other.

Two independent methods are provided and the tests check them against each other:

* :func:`canonical_form` (and :func:`fingerprint`) computes an exact canonical form by a
  lexicographic-minimum search (see :func:`_canonical_order` for why it is canonical), so that designs
  can be deduplicated by a string.  It needs no library beyond the standard one.
* :func:`equivalence_witness` (and the predicate :func:`is_equivalent`) encodes each schedule as a
  labelled graph (:func:`schedule_graph`: players, games, rounds; colours on the edges) and asks
  networkx's VF2 matcher for an isomorphism, once for each combination of the symmetries that are not
  renumberings; the isomorphism found is turned into a :class:`Witness`, which is applied to the first
  schedule and compared with the second game by game, so that a "yes" is never taken on trust.

:func:`check_equivalence` (what ``schev compare`` prints) decides with the canonical forms and
certifies each answer, asking the graph search only when nothing cheaper can:

* **the forms agree**: the witness is the first schedule's way to its form followed by the way back
  from the second's; it is applied to the first schedule and compared with the second game by game,
  which proves the "yes" (:class:`EquivalenceBugError` if it does not check out).
* **the forms differ**: every symmetry is a renumbering within the teams after one of the few
  variants (swap, colour reversal, round reversal), and renumbering keeps the multiset of player
  labels under colour refinement (:func:`_told_apart`, starting from :func:`player_labels`, the labels
  of :func:`schedule_graph`).  If every variant of the first schedule differs from the second in it,
  that proves the "no".  Otherwise the graph search is asked about the variants it cannot tell apart;
  should it find a witness that checks out, the answer is "yes" with a note that the canonical forms
  missed it (a bug; please report it).  Only then is networkx loaded.

The hint that reversing the round order would make two schedules equivalent takes the same route.
:func:`automorphism_count` and :func:`group_order` give a class's size by the orbit-stabiliser theorem.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scheveningen.models.domain.rules import kept_by
from scheveningen.models.domain.schedule import Game, Player, Schedule, Team
from scheveningen.models.formats.textform import format_text
from scheveningen.solver.verify.verifier import infer_double

if TYPE_CHECKING:  # networkx is loaded by the isomorphism searches (compare), not by a fingerprint
    import networkx as nx

FINGERPRINT_PREFIX = "scheveningen-fp1"

RENUMBER_A = "renumber team A"
RENUMBER_B = "renumber team B"
SWAP_TEAMS = "swap teams"
REVERSE_COLOURS = "reverse colours"
REVERSE_ROUNDS = "reverse rounds"


class EquivalenceBugError(RuntimeError):
    """A witness (graph search or canonical forms) does not map one schedule onto the other: a bug, never user error."""


def _swap_keeps_rules() -> bool:
    """Two schedules are the same design only under symmetries that keep every house rule (the registry says)."""
    return kept_by(team_swap=True)


def _colour_reversal_keeps_rules() -> bool:
    return kept_by(colour_reversal=True)


def _round_reversal(allow_reversal: bool) -> bool:
    """Whether the rounds are also compared in reverse order: asked for, and every rule kept by it."""
    return allow_reversal and kept_by(round_reversal=True)


def symmetry_names(allow_reversal: bool = False) -> list[str]:
    """The symmetries under which schedules are compared, in the order they are applied."""
    names = [RENUMBER_A, RENUMBER_B]
    names += [SWAP_TEAMS] if _swap_keeps_rules() else []
    names += [REVERSE_COLOURS] if _colour_reversal_keeps_rules() else []
    return [*names, REVERSE_ROUNDS] if _round_reversal(allow_reversal) else names


# --------------------------------------------------------------------------- applying symmetries


def team_sizes(schedule: Schedule) -> tuple[int, int]:
    """Team A's and team B's number of players: the declared sizes, or more if a game names a higher number."""
    size = {Team.A: schedule.team_a, Team.B: schedule.team_b}
    for _r, _b, game in schedule.games():
        for player in (game.white, game.black):
            size[player.team] = max(size[player.team], player.number)
    return size[Team.A], size[Team.B]


def transform(
    schedule: Schedule,
    renumber_a: tuple[int, ...] | None = None,
    renumber_b: tuple[int, ...] | None = None,
    swap_teams: bool = False,
    reverse_colours: bool = False,
    reverse_rounds: bool = False,
) -> Schedule:
    """Apply the symmetries in this order: renumber within each team, swap teams, reverse colours, reverse rounds.

    ``renumber_a[i - 1]`` is the new number of ``Ai`` (``None`` keeps the numbers), likewise ``renumber_b``.
    The games of each round are then put in board order: board ``k`` hosts the game of the new ``Ak``
    (ties, possible only in a malformed schedule, are broken by the rest of the game).
    """
    size_a, size_b = team_sizes(schedule)
    maps = {
        Team.A: _checked_permutation(renumber_a, size_a, "team A"),
        Team.B: _checked_permutation(renumber_b, size_b, "team B"),
    }
    if swap_teams and size_a != size_b:
        raise ValueError(f"teams of {size_a} and {size_b} players cannot be swapped (the sizes differ)")

    def move(player: Player) -> Player:
        number = maps[player.team][player.number - 1]
        return Player(player.team.other if swap_teams else player.team, number)

    rounds = []
    for games in schedule.rounds:
        moved = [Game(move(g.white), move(g.black)) for g in games]
        if reverse_colours:
            moved = [Game(g.black, g.white) for g in moved]
        moved.sort(key=_board_key)
        rounds.append(tuple(moved))
    if reverse_rounds:
        rounds.reverse()
    team_a, team_b = (size_b, size_a) if swap_teams else (size_a, size_b)
    return Schedule(boards=schedule.boards, rounds=tuple(rounds), team_a=team_a, team_b=team_b)


def _board_key(game: Game) -> tuple[int, int, bool]:
    return (game.a_player.number, game.b_player.number, game.a_white)


def _checked_permutation(mapping: tuple[int, ...] | None, size: int, team: str) -> tuple[int, ...]:
    if mapping is None:
        return tuple(range(1, size + 1))
    if sorted(mapping) != list(range(1, size + 1)):
        raise ValueError(f"the renumbering of {team} must be a permutation of 1..{size}, got {list(mapping)}")
    return tuple(mapping)


def round_games(schedule: Schedule) -> list[Counter[tuple[int, int, bool]]]:
    """Each round as the multiset of its games ``(A number, B number, A has White)``; boards are ignored."""
    return [Counter((g.a_player.number, g.b_player.number, g.a_white) for g in games) for games in schedule.rounds]


def same_games(left: Schedule, right: Schedule) -> bool:
    """Exactly the same match: same boards and team sizes, and in every round the same games with the same colours."""
    return (
        left.boards == right.boards
        and team_sizes(left) == team_sizes(right)
        and left.n_rounds == right.n_rounds
        and round_games(left) == round_games(right)
    )


# --------------------------------------------------------------------------- the witness


@dataclass(frozen=True)
class Witness:
    """A symmetry taking one schedule onto another, applied in the order of the fields.

    ``renumber_a[i - 1]`` is the number given to the first schedule's ``Ai`` within team A, and
    ``renumber_b`` likewise for team B; then the teams are swapped if ``swap_teams`` (the new ``Ak``
    becomes ``Bk`` and vice versa), every colour is reversed if ``reverse_colours``, and the round order
    is reversed if ``reverse_rounds``.
    """

    renumber_a: tuple[int, ...]
    renumber_b: tuple[int, ...]
    swap_teams: bool = False
    reverse_colours: bool = False
    reverse_rounds: bool = False

    def apply(self, schedule: Schedule) -> Schedule:
        return transform(
            schedule, self.renumber_a, self.renumber_b, self.swap_teams, self.reverse_colours, self.reverse_rounds
        )

    def player_map(self) -> dict[Player, Player]:
        """Where each player of the first schedule ends up in the second (after any swap)."""
        out: dict[Player, Player] = {}
        for team, mapping in ((Team.A, self.renumber_a), (Team.B, self.renumber_b)):
            target = team.other if self.swap_teams else team
            for number, new in enumerate(mapping, start=1):
                out[Player(team, number)] = Player(target, new)
        return out

    @classmethod
    def from_player_map(cls, mapping: dict[Player, Player], reverse_colours: bool, reverse_rounds: bool) -> Witness:
        """The witness moving players as ``mapping`` says (a bijection keeping or exchanging the teams)."""
        size_a = sum(1 for p in mapping if p.team is Team.A)
        size_b = len(mapping) - size_a
        swap = size_a > 0 and mapping[Player(Team.A, 1)].team is Team.B
        return cls(
            tuple(mapping[Player(Team.A, i)].number for i in range(1, size_a + 1)),
            tuple(mapping[Player(Team.B, j)].number for j in range(1, size_b + 1)),
            swap,
            reverse_colours,
            reverse_rounds,
        )

    def inverse(self) -> Witness:
        """The witness undoing this one (colour and round reversal are their own inverses)."""
        back = {q: p for p, q in self.player_map().items()}
        return Witness.from_player_map(back, self.reverse_colours, self.reverse_rounds)

    def then(self, other: Witness) -> Witness:
        """This witness followed by ``other``: colour and round reversal commute with moving players."""
        first, second = self.player_map(), other.player_map()
        return Witness.from_player_map(
            {p: second[q] for p, q in first.items()},
            self.reverse_colours != other.reverse_colours,
            self.reverse_rounds != other.reverse_rounds,
        )

    @property
    def is_identity(self) -> bool:
        return (
            self.renumber_a == tuple(range(1, len(self.renumber_a) + 1))
            and self.renumber_b == tuple(range(1, len(self.renumber_b) + 1))
            and not (self.swap_teams or self.reverse_colours or self.reverse_rounds)
        )

    def as_dict(self) -> dict[str, object]:
        return {
            "renumber_a": {f"A{i}": f"A{new}" for i, new in enumerate(self.renumber_a, start=1)},
            "renumber_b": {f"B{i}": f"B{new}" for i, new in enumerate(self.renumber_b, start=1)},
            "swap_teams": self.swap_teams,
            "reverse_colours": self.reverse_colours,
            "reverse_rounds": self.reverse_rounds,
            "players": {str(p): str(q) for p, q in self.player_map().items()},
        }

    def describe(self) -> list[str]:
        """Text lines, one a symmetry."""

        def yes_no(flag: bool) -> str:
            return "yes" if flag else "no"

        lines = [
            "renumber team A: " + " ".join(f"A{i}->A{new}" for i, new in enumerate(self.renumber_a, start=1)),
            "renumber team B: " + " ".join(f"B{i}->B{new}" for i, new in enumerate(self.renumber_b, start=1)),
            f"swap teams: {yes_no(self.swap_teams)}",
            f"reverse colours: {yes_no(self.reverse_colours)}",
            f"reverse rounds: {yes_no(self.reverse_rounds)}",
        ]
        if self.swap_teams:
            lines.append("players: " + " ".join(f"{p}->{q}" for p, q in self.player_map().items()))
        return lines


@dataclass(frozen=True)
class _Variant:
    """The symmetries other than renumbering, applied before it."""

    swap_teams: bool
    reverse_colours: bool
    reverse_rounds: bool

    def apply(self, schedule: Schedule) -> Schedule:
        return transform(
            schedule,
            swap_teams=self.swap_teams,
            reverse_colours=self.reverse_colours,
            reverse_rounds=self.reverse_rounds,
        )

    def witness(self, to_a: dict[int, int], to_b: dict[int, int]) -> Witness:
        """The witness of this variant followed by renumbering its A players by ``to_a`` and B players by ``to_b``.

        Renumbering commutes with the other symmetries once the swap is accounted for: the variant's
        ``Ak`` is the original ``Bk`` when teams are swapped, so its new number belongs in ``renumber_b``.
        """
        a = tuple(to_a[k] for k in range(1, len(to_a) + 1))
        b = tuple(to_b[k] for k in range(1, len(to_b) + 1))
        if self.swap_teams:
            a, b = b, a
        return Witness(a, b, self.swap_teams, self.reverse_colours, self.reverse_rounds)


def _variants(schedule: Schedule, allow_reversal: bool) -> Iterator[_Variant]:
    size_a, size_b = team_sizes(schedule)
    swaps = (False, True) if size_a == size_b and _swap_keeps_rules() else (False,)
    colour_reversals = (False, True) if _colour_reversal_keeps_rules() else (False,)
    reversals = (False, True) if _round_reversal(allow_reversal) else (False,)
    for swap, colours, rounds in itertools.product(swaps, colour_reversals, reversals):
        yield _Variant(swap, colours, rounds)


# --------------------------------------------------------------------------- invariants of renumbering


def player_labels(schedule: Schedule) -> dict[Player, tuple[str, str]]:
    """Each player's team and colours round by round (``W``, ``B``, ``-`` for a round without a game).

    Renumbering within the teams moves the labels with the players, so the multiset of labels is an
    invariant of it (not of the other symmetries: a swap changes the teams, a reversal the colours).
    """
    size_a, size_b = team_sizes(schedule)
    colours: dict[Player, list[list[str]]] = {}
    for team, size in ((Team.A, size_a), (Team.B, size_b)):
        for number in range(1, size + 1):
            colours[Player(team, number)] = [[] for _ in schedule.rounds]
    for r, _board, game in schedule.games():
        colours[game.white][r - 1].append("W")
        colours[game.black][r - 1].append("B")
    return {
        player: (player.team.value, "|".join("".join(sorted(cs)) or "-" for cs in sequence))
        for player, sequence in colours.items()
    }


def _told_apart(left: Schedule, right: Schedule) -> bool:
    """Whether an invariant of renumbering within the teams differs: then no renumbering maps one onto the other.

    The invariant is the multiset of player labels under colour refinement: each player starts with
    its :func:`player_labels` label, and each step adds to every label the sorted list of its games
    (round, colour, the opponent's label).  A renumbering carries each label, step by step, to its
    image's, so the multisets agree at every step.  One table numbers the labels of both schedules;
    the steps stop when the number of distinct labels stops growing.
    """
    names: dict[object, int] = {}
    labels: list[dict[Player, int]] = []
    games: list[dict[Player, list[tuple[int, int, Player]]]] = []
    for schedule in (left, right):
        labels.append(
            {player: names.setdefault(label, len(names)) for player, label in player_labels(schedule).items()}
        )
        games.append({player: [] for player in labels[-1]})
        for r, _board, game in schedule.games():
            games[-1][game.white].append((r, 1, game.black))
            games[-1][game.black].append((r, 0, game.white))
    distinct = 0
    while True:
        counts = [Counter(side.values()) for side in labels]
        if counts[0] != counts[1]:
            return True
        if len(counts[0]) == distinct:
            return False
        distinct = len(counts[0])
        for side, meetings in zip(labels, games, strict=True):
            keys = {p: (side[p], tuple(sorted((r, white, side[q]) for r, white, q in meetings[p]))) for p in side}
            side.update({p: names.setdefault(key, len(names)) for p, key in keys.items()})


# --------------------------------------------------------------------------- graph isomorphism


def schedule_graph(schedule: Schedule) -> nx.Graph:
    """A faithful labelled graph of a schedule, invariant only under renumbering within each team.

    Nodes: one per player (``label`` = team and the player's colours round by round, an invariant that
    only speeds the search), one per round (``label`` = its number, so round order is fixed), one per
    game (``label`` = its round).  Edges: game to its White player (``colour`` = white), to its Black
    player (black) and to its round node (round).  The schedule can be read back from the graph, up to
    renumbering within each team, so two such graphs are isomorphic exactly when the schedules are
    equal up to renumbering.
    """
    import networkx as nx

    graph = nx.Graph()
    labels = player_labels(schedule)
    # VF2 extends its partial mapping from the earliest node (in insertion order) next to it, so the
    # order matters for speed, not for the answer: a player of the rarest label first, then games
    # (each one then touches a mapped player, which with its round and colour leaves one candidate),
    # and round nodes last (a game reached only through its round would have n candidates).
    rarity = Counter(labels.values())
    for player in sorted(labels, key=lambda p: (rarity[labels[p]], p)):
        graph.add_node(("player", player.team.value, player.number), label=labels[player])
    for r, board, _game in schedule.games():
        graph.add_node(("game", r, board), label=("game", r))
    for r in range(1, schedule.n_rounds + 1):
        graph.add_node(("round", r), label=("round", r))
    for r, board, game in schedule.games():
        node = ("game", r, board)
        graph.add_edge(node, ("player", game.white.team.value, game.white.number), colour="white")
        graph.add_edge(node, ("player", game.black.team.value, game.black.number), colour="black")
        graph.add_edge(node, ("round", r), colour="round")
    return graph


def _same_label(x: dict[str, object], y: dict[str, object]) -> bool:
    return x["label"] == y["label"]


def _same_colour(x: dict[str, object], y: dict[str, object]) -> bool:
    return x["colour"] == y["colour"]


#: Finds the renumbering of each team that maps one schedule onto the other (or ``None``).
RenumberingSearch = Callable[[Schedule, Schedule], "tuple[dict[int, int], dict[int, int]] | None"]


def find_renumbering(left: Schedule, right: Schedule) -> tuple[dict[int, int], dict[int, int]] | None:
    """A renumbering within teams taking ``left`` onto ``right`` (VF2 graph isomorphism), or ``None``."""
    from networkx.algorithms import isomorphism

    g1, g2 = schedule_graph(left), schedule_graph(right)
    # Cheap necessary condition first: the same labels the same number of times.
    if Counter(d["label"] for _n, d in g1.nodes(data=True)) != Counter(d["label"] for _n, d in g2.nodes(data=True)):
        return None
    matcher = isomorphism.GraphMatcher(g1, g2, node_match=_same_label, edge_match=_same_colour)
    if not matcher.is_isomorphic():
        return None
    to_a: dict[int, int] = {}
    to_b: dict[int, int] = {}
    for node, image in matcher.mapping.items():
        if node[0] == "player":
            (to_a if node[1] == "A" else to_b)[node[2]] = image[2]
    return to_a, to_b


def _comparable(left: Schedule, right: Schedule) -> str:
    """Why no symmetry can map one onto the other because of their sizes; empty when the sizes agree."""
    if left.boards != right.boards:
        return f"the schedules have different numbers of boards ({left.boards} and {right.boards})"
    if left.n_rounds != right.n_rounds:
        return f"the schedules have different numbers of rounds ({left.n_rounds} and {right.n_rounds})"
    sizes_left, sizes_right = team_sizes(left), team_sizes(right)
    if sizes_left != sizes_right:
        note = "; teams are swapped only when both have the same size" if sizes_left == sizes_right[::-1] else ""
        return (
            f"the teams have different sizes ({sizes_left[0]} and {sizes_left[1]} against "
            f"{sizes_right[0]} and {sizes_right[1]}){note}"
        )
    return ""


def equivalence_witness(
    left: Schedule,
    right: Schedule,
    allow_reversal: bool = False,
    *,
    renumbering: RenumberingSearch = find_renumbering,
) -> Witness | None:
    """A symmetry taking ``left`` onto ``right`` exactly, or ``None`` when there is none.

    The symmetries are renumbering within each team, swapping the teams (equal sizes only),
    reversing every colour, and, with ``allow_reversal``, playing the rounds in reverse order.
    Each combination of swap, colour reversal and round reversal is tried in turn, the
    renumbering found by graph isomorphism; the witness is applied to ``left`` and compared with
    ``right`` game by game before it is returned (:class:`EquivalenceBugError` if they differ).
    ``renumbering`` is the graph search (replaceable, so the safety nets can be tested).
    """
    if _comparable(left, right):
        return None
    return _graph_search(left, right, _variants(left, allow_reversal), renumbering)


def _graph_search(
    left: Schedule, right: Schedule, variants: Iterable[_Variant], renumbering: RenumberingSearch
) -> Witness | None:
    """The first of ``variants`` that a renumbering (found by ``renumbering``) completes into a witness, checked."""
    for variant in variants:
        found = renumbering(variant.apply(left), right)
        if found is None:
            continue
        witness = variant.witness(*found)
        if not same_games(witness.apply(left), right):
            raise EquivalenceBugError(
                f"graph isomorphism gave a witness that does not map one schedule onto the other: {witness}"
            )
        return witness
    return None


def is_equivalent(left: Schedule, right: Schedule, allow_reversal: bool = False) -> bool:
    """True when some symmetry (see :func:`equivalence_witness`) takes ``left`` onto ``right``."""
    return equivalence_witness(left, right, allow_reversal) is not None


def automorphism_count(schedule: Schedule, allow_reversal: bool = False) -> int:
    """How many of the symmetries map ``schedule`` onto itself: the order of its stabiliser.

    Counted with graph isomorphism, variant by variant; each isomorphism is one renumbering, since a
    game node's image is fixed by its players and round (for a schedule in which no game repeats within
    a round).  By the orbit-stabiliser theorem the schedule's class holds
    ``group_order(schedule, allow_reversal) // automorphism_count(schedule, allow_reversal)`` schedules.
    """
    from networkx.algorithms import isomorphism

    target = schedule_graph(schedule)
    total = 0
    for variant in _variants(schedule, allow_reversal):
        graph = schedule_graph(variant.apply(schedule))
        matcher = isomorphism.GraphMatcher(graph, target, node_match=_same_label, edge_match=_same_colour)
        total += sum(1 for _mapping in matcher.isomorphisms_iter())
    return total


def group_order(schedule: Schedule, allow_reversal: bool = False) -> int:
    """How many symmetries there are for a schedule of this shape (renumberings times the other variants)."""
    size_a, size_b = team_sizes(schedule)
    return math.factorial(size_a) * math.factorial(size_b) * len(list(_variants(schedule, allow_reversal)))


@dataclass(frozen=True)
class Equivalence:
    """The answer to "are these the same design?", with the witness or the reason why not."""

    equivalent: bool
    witness: Witness | None
    allow_reversal: bool
    reason: str = ""
    note: str = ""

    @property
    def symmetries(self) -> list[str]:
        return symmetry_names(self.allow_reversal)

    def as_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "equivalent": self.equivalent,
            "symmetries": self.symmetries,
            "witness": self.witness.as_dict() if self.witness is not None else None,
        }
        if self.reason:
            data["reason"] = self.reason
        if self.note:
            data["note"] = self.note
        return data

    def describe(self) -> list[str]:
        """Text lines: ``equivalent: yes`` or ``equivalent: no``, then the witness or the reason."""
        lines = [f"equivalent: {'yes' if self.equivalent else 'no'}", f"symmetries: {', '.join(self.symmetries)}"]
        if self.witness is not None:
            lines.append("witness (applied to the first schedule, gives the second):")
            lines.extend(f"  {line}" for line in self.witness.describe())
        if self.reason:
            lines.append(f"reason: {self.reason}")
        if self.note:
            lines.append(f"note: {self.note}")
        return lines


# --------------------------------------------------------------------------- canonical form

Label = tuple[tuple[int, int], ...]  # the meetings of one A-B pair: sorted (round, 1 if A has White else 0)
Encoding = tuple[tuple[Label, ...], ...]  # the meeting matrix read row by row


def _meeting_matrix(schedule: Schedule) -> list[list[Label]]:
    size_a, size_b = team_sizes(schedule)
    cells: list[list[list[tuple[int, int]]]] = [[[] for _ in range(size_b)] for _ in range(size_a)]
    for r, _board, game in schedule.games():
        cells[game.a_player.number - 1][game.b_player.number - 1].append((r, int(game.a_white)))
    return [[tuple(sorted(cell)) for cell in row] for row in cells]


def _canonical_order(matrix: list[list[Label]]) -> tuple[Encoding, list[int], list[int]]:
    """The lexicographically least row-major reading of ``matrix`` under row and column permutations.

    Returns the encoding and the row and column orders that give it.  Why this is exact:

    * For a fixed row order the least column order is found greedily.  The columns are kept as an
      ordered partition (blocks whose order is settled, columns inside a block still interchangeable);
      each row in turn splits every block by its labels, in increasing label order.  That is the least
      the row can read given the rows above it, and the columns that achieve it are exactly those
      respecting the refined partition, so the greedy choice loses nothing later.
    * Over row orders the search branches on every row whose reading is least at that depth (rows
      reading more can never lead to the minimum), and prunes a branch as soon as its prefix exceeds
      the best complete reading found.  Nothing that could be least is cut, so the result is the true
      minimum, a function of the matrix's orbit alone: a canonical form.
    * Once every block is a single column, the remaining rows read fixed strings, and the least
      completion is simply those strings in increasing order.

    Cost: in a schedule where every player plays at most once a round (all that the text form
    accepts) each row's labels are distinct except for pairs that never meet, so the first row already
    leaves every block a single column.  The search then branches only on the rows tied for least at
    the top (players with the least colour sequence), each branch costing O(n^2 log n): O(n^3 log n) in
    all, a few milliseconds for 13 boards.  Only malformed schedules with many pairs that never meet
    can make the search branch deeper (exponential in the worst case).
    """
    n_rows = len(matrix)
    best: list[tuple[Encoding, list[int], list[int]]] = []

    def offer(encoding: Encoding, rows: list[int], cols: list[int]) -> None:
        if not best or encoding < best[0][0]:
            best[:] = [(encoding, rows, cols)]

    def refine(
        partition: tuple[tuple[int, ...], ...], row: int
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[Label, ...]]:
        blocks: list[tuple[int, ...]] = []
        reading: list[Label] = []
        for block in partition:
            groups: dict[Label, list[int]] = {}
            for col in block:
                groups.setdefault(matrix[row][col], []).append(col)
            for label in sorted(groups):
                blocks.append(tuple(groups[label]))
                reading.extend([label] * len(groups[label]))
        return tuple(blocks), tuple(reading)

    def search(rows: list[int], partition: tuple[tuple[int, ...], ...], encoding: Encoding) -> None:
        chosen = set(rows)
        remaining = [r for r in range(n_rows) if r not in chosen]
        if all(len(block) == 1 for block in partition):
            cols = [block[0] for block in partition]
            tail = sorted((tuple(matrix[r][c] for c in cols), r) for r in remaining)
            offer(encoding + tuple(reading for reading, _r in tail), rows + [r for _reading, r in tail], cols)
            return
        if not remaining:
            offer(encoding, rows, [col for block in partition for col in block])
            return
        options = [(refine(partition, r), r) for r in remaining]
        least = min(reading for (_blocks, reading), _r in options)
        prefix = (*encoding, least)
        if best and prefix > best[0][0][: len(prefix)]:
            return
        for (blocks, reading), r in options:
            if reading == least:
                search([*rows, r], blocks, prefix)

    n_cols = len(matrix[0]) if matrix else 0
    search([], (tuple(range(n_cols)),), ())
    return best[0]


@dataclass(frozen=True)
class CanonicalForm:
    """The canonical representative of a schedule's class, and how to reach it.

    ``schedule`` is the same for every schedule in the class and different for schedules in different
    classes; ``text`` is its text form with a header naming the symmetries; ``fingerprint`` is a short
    string derived from ``text`` (sha256), equal for two schedules exactly when they are equivalent
    (barring a sha256 collision).  ``witness`` maps the input schedule onto ``schedule``.
    """

    schedule: Schedule
    text: str
    fingerprint: str
    witness: Witness
    allow_reversal: bool

    def as_dict(self) -> dict[str, object]:
        return {
            "fingerprint": self.fingerprint,
            "symmetries": symmetry_names(self.allow_reversal),
            "canonical": self.text,
            "witness": self.witness.as_dict(),
        }


def canonical_form(schedule: Schedule, allow_reversal: bool = False) -> CanonicalForm:
    """The canonical form of ``schedule`` up to renumbering within teams, team swap (equal sizes only),
    colour reversal and, with ``allow_reversal``, round reversal.

    Renumbering within teams is a normal subgroup of the whole group, so the orbit of a schedule is
    the union of the renumbering orbits of its few variants (swap x colours x rounds).  Each variant is
    brought to its least meeting matrix (:func:`_canonical_order`; a row per A player, a column per B
    player, each cell the rounds and colours in which the pair meets, which determines the schedule)
    and the least of those is the canonical form.  The same set of variants is reached from every
    schedule of the orbit, so the minimum is the same for all of them.
    """
    best: tuple[Encoding, _Variant, list[int], list[int]] | None = None
    for variant in _variants(schedule, allow_reversal):
        encoding, rows, cols = _canonical_order(_meeting_matrix(variant.apply(schedule)))
        if best is None or encoding < best[0]:
            best = (encoding, variant, rows, cols)
    assert best is not None
    _encoding, variant, rows, cols = best
    witness = variant.witness(
        {row + 1: new for new, row in enumerate(rows, start=1)},
        {col + 1: new for new, col in enumerate(cols, start=1)},
    )
    canonical = witness.apply(schedule)
    size_a, size_b = team_sizes(canonical)
    double = infer_double(canonical)
    header = [
        f"# {FINGERPRINT_PREFIX} canonical form",
        f"# boards {canonical.boards}, rounds {canonical.n_rounds}, teams {size_a} and {size_b}, "
        f"{'double' if double else 'single'} round",
        f"# symmetries: {', '.join(symmetry_names(allow_reversal))}",
    ]
    text = format_text(canonical, header)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    parts = [FINGERPRINT_PREFIX, f"{canonical.boards}b", f"{canonical.n_rounds}r"]
    if size_a != canonical.boards or size_b != canonical.boards:
        parts.append(f"teams{size_a}x{size_b}")
    parts.append("double" if double else "single")
    if allow_reversal:
        parts.append("rev")
    parts.append(digest)
    return CanonicalForm(canonical, text, ":".join(parts), witness, allow_reversal)


def fingerprint(schedule: Schedule, allow_reversal: bool = False) -> str:
    """A string equal for two schedules exactly when they are equivalent (see :func:`canonical_form`).

    It reads ``scheveningen-fp1:<boards>b:<rounds>r:[teams<p>x<q>:]single|double:[rev:]<sha256>``;
    fingerprints made with and without ``allow_reversal`` are never equal, so never compare them.
    """
    return canonical_form(schedule, allow_reversal).fingerprint


# --------------------------------------------------------------------------- the answer compare prints

#: Computes a schedule's canonical form (``allow_reversal`` second): :func:`canonical_form`, replaceable in tests.
CanonicalFormFunction = Callable[[Schedule, bool], CanonicalForm]

_MISSED = "the canonical forms missed it (a bug; please report it)"


def _decide(
    left: Schedule,
    right: Schedule,
    allow_reversal: bool,
    canonical: CanonicalFormFunction,
    renumbering: RenumberingSearch,
) -> tuple[Witness | None, bool]:
    """A checked witness taking ``left`` onto ``right``, or ``None``; and whether only the graph search found it
    (the route is told in the module docstring)."""
    left_form, right_form = canonical(left, allow_reversal), canonical(right, allow_reversal)
    if left_form.schedule == right_form.schedule:
        witness = left_form.witness.then(right_form.witness.inverse())
        if not same_games(witness.apply(left), right):
            raise EquivalenceBugError(
                "the canonical forms agree but their witnesses do not map one schedule onto the other"
            )
        return witness, False
    alike = [variant for variant in _variants(left, allow_reversal) if not _told_apart(variant.apply(left), right)]
    found = _graph_search(left, right, alike, renumbering) if alike else None
    return found, found is not None


def check_equivalence(
    left: Schedule,
    right: Schedule,
    allow_reversal: bool = False,
    *,
    renumbering: RenumberingSearch = find_renumbering,
    canonical: CanonicalFormFunction = canonical_form,
) -> Equivalence:
    """Are ``left`` and ``right`` the same design?  The full answer, as ``schev compare`` prints it.

    The symmetries are those of :func:`equivalence_witness`.  The canonical forms decide, and each
    answer is proved: a "yes" by the witness, applied to ``left`` and compared with ``right`` game by
    game; a "no" by an invariant of renumbering that tells every variant of ``left`` from ``right``,
    or else by the graph search (``renumbering``) finding nothing either.  Should the graph search find a witness
    that checks out where the forms differ, the witness wins and the note says so; a "yes" is never
    given without one.  A "no" carries the reason, and a note when reversing the round order would
    make them equivalent (decided the same way).  ``canonical`` computes the canonical forms
    (replaceable, so the safety nets can be tested).
    """
    mismatch = _comparable(left, right)
    if mismatch:
        return Equivalence(False, None, allow_reversal, reason=mismatch)
    witness, missed = _decide(left, right, allow_reversal, canonical, renumbering)
    if witness is not None:
        note = f"the witness checks out although {_MISSED}" if missed else ""
        return Equivalence(True, witness, allow_reversal, note=note)
    moves = ["renumbering within the teams"]
    moves += ["team swap"] if _swap_keeps_rules() else []
    moves += ["colour reversal"] if _colour_reversal_keeps_rules() else []
    reason = f"no {', '.join(moves[:-1])} or {moves[-1]}" if len(moves) > 1 else f"no {moves[0]}"
    reason += ", nor reversal of the round order," if _round_reversal(allow_reversal) else ""
    reason += " maps one schedule onto the other"
    note = ""
    if not allow_reversal and _round_reversal(True):
        reversed_witness, missed = _decide(left, right, True, canonical, renumbering)
        if reversed_witness is not None:
            note = "they are equivalent if the rounds may also be played in reverse order (--allow-reversal)"
            note += f"; {_MISSED}" if missed else ""
    return Equivalence(False, None, allow_reversal, reason=reason, note=note)
