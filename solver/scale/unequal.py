"""Teams of unequal size: start from the direct construction, keep the requests, improve by small models.

:func:`unequal_start` builds the construction of ``models/constructions/unequal/`` for the match's sizes and maps
it onto the organiser's requests through the symmetries that keep every rule and every break count:
renumbering team A, renumbering team B and reversing every colour (sitting out in turn is about
numbers of rounds, not names, so renumbering keeps it; reversing colours keeps rules 1-3).  The
mapping is a small backtracking search over the players the requests name.  The start is returned
only when the verifier accepts it for the match, requests included.

:func:`improve_colours` is the large-neighbourhood search for these matches: it frees the colours of
a window of a few consecutive rounds (the pairings stay), fixes everything else, and re-solves the
window with a small CP-SAT model, rules 1-3 and the colour requests hard, the breaks that touch the
window minimised and never more than before.  Windows are drawn from a seeded generator and every
sub-solve has a deterministic work limit, so with one worker the result depends only on the seed
and the limits; a window over played rounds is never freed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ortools.sat.python import cp_model
from ortools.sat.python.cp_model_helper import Literal as BoolLit

from scheveningen.models.constructions.unequal.dispatch import construct_unequal
from scheveningen.models.cpsat.cpsolver import new_solver
from scheveningen.models.cpsat.literals import Lit, add_clause, negate
from scheveningen.models.cpsat.model import MatchModel
from scheveningen.models.domain.match import Match, RuleSettings
from scheveningen.models.domain.schedule import Colour, Game, Player, Schedule, Team
from scheveningen.models.domain.symmetry import relabel, reverse_colours
from scheveningen.solver.run import stop
from scheveningen.solver.verify.verifier import verify

#: Search nodes for mapping the construction onto the requests before giving up.
MAPPING_NODES = 20_000


def unequal_start(
    match: Match,
    deadline: float | None = None,
    why: list[str] | None = None,
    build: Callable[[int, int, int, bool, float | None], Schedule | None] | None = None,
) -> Schedule | None:
    """The construction for the match's team sizes (``build``, by default :func:`construct_unequal`,
    with its arguments), mapped onto its requests, or ``None``.

    ``None`` when there is no construction for the sizes or no renumbering and colour
    reversal of it keeps every request (the designer then searches with the full model);
    the reason is appended to ``why`` when given.
    """
    if match.equal_teams:
        return None
    sizes = f"{match.size_a} against {match.size_b} on {match.boards} boards"
    built = (build or construct_unequal)(match.size_a, match.size_b, match.boards, match.double, deadline)
    if built is None:
        if why is not None:
            why.append(f"no direct construction covers {sizes} (docs/bounds_unequal.md lists the sizes covered)")
        return None
    for candidate in (built, reverse_colours(built)):
        mapped = map_onto_requests(candidate, match)
        if mapped is not None and verify(mapped, double=match.double, match=match).ok:
            return mapped
    if why is not None:
        why.append(f"no renumbering of the construction for {sizes} keeps every request")
    return None


@dataclass(frozen=True)
class _Cell:
    """What a request asks of one player in one round: its opponent (or None) and colour (or None)."""

    opponent: Player | None
    colour: Colour | None


def map_onto_requests(schedule: Schedule, match: Match) -> Schedule | None:
    """Renumber the players of ``schedule`` so that it keeps the match's requests, or ``None``.

    Each request names players of the match; the search assigns each named player a player of
    the schedule (one to one, within a team) so that every meeting, colour, avoid and played
    game holds, trying the most constrained player first.  Unnamed players take the numbers
    left over.
    """
    wants: dict[Player, dict[int, _Cell]] = {}

    def want(player: Player, r: int, opponent: Player | None, colour: Colour | None) -> bool:
        cells = wants.setdefault(player, {})
        old = cells.get(r)
        if old is not None:
            if (old.opponent and opponent and old.opponent != opponent) or (
                old.colour and colour and old.colour != colour
            ):
                return False
            opponent, colour = opponent or old.opponent, colour or old.colour
        cells[r] = _Cell(opponent, colour)
        return True

    for meet in match.meets:
        a, b = Player(Team.A, meet.a), Player(Team.B, meet.b)
        colour = None if meet.white is None else (Colour.WHITE if meet.white is Team.A else Colour.BLACK)
        if not (want(a, meet.round, b, colour) and want(b, meet.round, a, colour.other if colour else None)):
            return None
    for wish in match.colours:
        if not want(wish.player, wish.round, None, wish.colour):
            return None
    for played in match.played:
        for game in played.games:
            if not (
                want(game.white, played.round, game.black, Colour.WHITE)
                and want(game.black, played.round, game.white, Colour.BLACK)
            ):
                return None
    avoids = [(Player(Team.A, av.a), Player(Team.B, av.b), set(av.rounds)) for av in match.avoids]
    for a, b, _rounds in avoids:
        wants.setdefault(a, {})
        wants.setdefault(b, {})
    # What the schedule offers: each player's opponent and colour round by round.
    offer: dict[Player, dict[int, tuple[Player, Colour]]] = {p: {} for p in schedule.all_players()}
    for r, _board, game in schedule.games():
        offer[game.white][r] = (game.black, Colour.WHITE)
        offer[game.black][r] = (game.white, Colour.BLACK)
    # The most constrained first, each followed at once by the players its requests name (whose
    # image is then forced), so that a dead end shows where it is made.
    named: list[Player] = []
    for root in sorted(wants, key=lambda p: (-len(wants[p]), p)):
        queue = [root]
        while queue:
            player = queue.pop(0)
            if player in named:
                continue
            named.append(player)
            queue += sorted({cell.opponent for cell in wants[player].values() if cell.opponent is not None})
    image: dict[Player, Player] = {}  # match player -> schedule player
    used: set[Player] = set()
    nodes = 0

    def fits(player: Player, target: Player) -> bool:
        for r, cell in wants[player].items():
            got = offer[target].get(r)
            if got is None:
                return False
            opponent, colour = got
            if cell.colour is not None and colour is not cell.colour:
                return False
            if cell.opponent is not None:
                mapped = image.get(cell.opponent)
                if mapped is not None and mapped != opponent:
                    return False
                if mapped is None and opponent in used:
                    return False
        # Requests of already placed players that name this one.
        for other, target_other in image.items():
            cell_rounds = wants[other]
            for r, cell in cell_rounds.items():
                if cell.opponent == player and offer[target_other][r][0] != target:
                    return False
        for a, b, rounds in avoids:
            pair = (a, b) if player == a else (b, a) if player == b else None
            if pair is None or pair[1] not in image:
                continue
            mate = image[pair[1]]
            if any(offer[target].get(r, (None,))[0] == mate for r in rounds):
                return False
        return True

    def place(index: int) -> bool:
        nonlocal nodes
        if index == len(named):
            return True
        player = named[index]
        for target in schedule.players(player.team):
            if target in used:
                continue
            nodes += 1
            if nodes > MAPPING_NODES:
                return False
            if fits(player, target):
                image[player] = target
                used.add(target)
                if place(index + 1):
                    return True
                del image[player]
                used.discard(target)
        return False

    if not place(0):
        return None
    maps: dict[Team, dict[int, int]] = {Team.A: {}, Team.B: {}}  # schedule number -> match number
    for player, target in image.items():
        maps[player.team][target.number] = player.number
    for team in (Team.A, Team.B):
        free = iter(n for n in range(1, schedule.team_size(team) + 1) if n not in maps[team].values())
        for n in range(1, schedule.team_size(team) + 1):
            if n not in maps[team]:
                maps[team][n] = next(free)
    return relabel(schedule, maps[Team.A], maps[Team.B])


def hint_schedule(mm: MatchModel, schedule: Schedule) -> None:
    """Suggest ``schedule`` (any team sizes) to the full model as its starting point."""
    m = mm.model
    m.clear_hints()  # type: ignore[no-untyped-call]
    white: dict[tuple[str, int, int], bool] = {}
    met = set()
    for r, _board, game in schedule.games():
        a, b = game.a_player.number, game.b_player.number
        met.add((r, a, b))
        white["A", r, a] = game.a_white
        white["B", r, b] = not game.a_white
    for key, x in mm.meet.items():
        m.add_hint(x, key in met)
    for (r, a), x in mm.a_white.items():
        m.add_hint(x, white.get(("A", r, a), False))
    for (r, b), x in mm.b_white.items():
        m.add_hint(x, white.get(("B", r, b), False))
    sequences = {player: schedule.colour_sequence(player) for player in schedule.all_players()}
    for ((team, number), r, s), brk in mm.brk.items():
        seq = sequences[Player(Team(team), number)]
        consecutive = seq[r - 1] is not None and seq[s - 1] is not None and all(c is None for c in seq[r : s - 1])
        m.add_hint(brk, consecutive and seq[r - 1] == seq[s - 1])


# --------------------------------------------------------------------------- improvement


def _sequences(schedule: Schedule) -> dict[Player, list[tuple[int, int]]]:
    """Each player's games in order, as (round index, game index) pairs (both from 0)."""
    out: dict[Player, list[tuple[int, int]]] = {p: [] for p in schedule.all_players()}
    for r, games in enumerate(schedule.rounds):
        for i, game in enumerate(games):
            out[game.white].append((r, i))
            out[game.black].append((r, i))
    return out


def _breaks_touching(schedule: Schedule, window: set[int]) -> int:
    count = 0
    for player, games in _sequences(schedule).items():
        colours = [schedule.rounds[r][i].colour_of(player) for r, i in games]
        for j in range(len(games) - 1):
            if (games[j][0] in window or games[j + 1][0] in window) and colours[j] == colours[j + 1]:
                count += 1
    return count


def recolour_window(match: Match, schedule: Schedule, window: set[int], work: float, seed: int) -> Schedule | None:
    """The schedule with the colours of ``window`` (round indices from 0) re-solved, or ``None``.

    Pairings stay; rules 1-3 (as the match sets them) and the colour requests are hard;
    the breaks touching the window are minimised and at most what they were.
    """
    settings: RuleSettings = match.rules
    model = cp_model.CpModel()
    white: dict[tuple[int, int], cp_model.IntVar] = {}
    for r in sorted(window):
        for i, game in enumerate(schedule.rounds[r]):
            white[r, i] = model.new_bool_var(f"a_white[r{r + 1},g{i + 1}]")
            model.add_hint(white[r, i], game.a_white)

    def colour(player: Player, r: int, i: int) -> BoolLit | bool:
        """The literal 'player has White' in game (r, i), or the constant outside the window."""
        game = schedule.rounds[r][i]
        if (r, i) not in white:
            return game.white == player
        return white[r, i] if player.team is Team.A else ~white[r, i]

    breaks: list[cp_model.IntVar] = []
    for player, games in _sequences(schedule).items():
        lits = [colour(player, r, i) for r, i in games]
        touched = [r in window for r, _i in games]
        if not any(touched):
            continue
        if settings.colour_balance:
            fixed = sum(1 for lit in lits if lit is True)
            free = [lit for lit in lits if not isinstance(lit, bool)]
            count = len(lits)
            model.add_linear_constraint(sum(free), count // 2 - fixed, (count + 1) // 2 - fixed)
        same: list[BoolLit | bool] = []
        for j in range(len(lits) - 1):
            x, y = lits[j], lits[j + 1]
            if isinstance(x, bool) and isinstance(y, bool):
                same.append(x == y)
                continue
            brk = model.new_bool_var(f"break[{player},{j}]")
            # A break exactly when both games have the same colour.
            _require(model, [negate(x), negate(y), brk])
            _require(model, [x, y, brk])
            _require(model, [~brk, x, negate(y)])
            _require(model, [~brk, negate(x), y])
            if touched[j] or touched[j + 1]:
                breaks.append(brk)
            same.append(brk)
        run = settings.max_run
        if run > 0:
            for j in range(len(same) - run + 1):
                chain = same[j : j + run]
                if any(c is False for c in chain):
                    continue
                free_chain = [c for c in chain if not isinstance(c, bool)]
                if not free_chain:
                    if not any(touched[j : j + run + 1]):
                        continue
                    return None  # a long run outside our reach: nothing to gain here
                model.add_bool_or([~c for c in free_chain])
    if settings.board_balance:
        k = schedule.boards
        for r in sorted(window):
            model.add_linear_constraint(sum(white[r, i] for i in range(k)), k // 2, (k + 1) // 2)
        total = k * schedule.n_rounds
        outside = sum(1 for r, games in enumerate(schedule.rounds) if r not in window for g in games if g.a_white)
        model.add_linear_constraint(sum(white.values()), total // 2 - outside, (total + 1) // 2 - outside)
    for wish in match.colours:
        r = wish.round - 1
        if r in window:
            for i, game in enumerate(schedule.rounds[r]):
                if wish.player in (game.white, game.black):
                    lit = colour(wish.player, r, i)
                    if not isinstance(lit, bool):
                        model.add_bool_or([lit if wish.colour is Colour.WHITE else ~lit])
    for meet in match.meets:
        r = meet.round - 1
        if r in window and meet.white is not None:
            for i, game in enumerate(schedule.rounds[r]):
                if game.a_player.number == meet.a:
                    model.add_bool_or([white[r, i] if meet.white is Team.A else ~white[r, i]])
    before = _breaks_touching(schedule, window)
    model.add(sum(breaks) <= before)
    model.minimize(sum(breaks))
    solver = new_solver(workers=1, seed=seed, seconds=max(1.0, 4 * work), work=work)
    status = stop.solve(solver, model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    rounds: list[tuple[Game, ...]] = []
    for r, old in enumerate(schedule.rounds):
        if r not in window:
            rounds.append(old)
            continue
        row = []
        for i, game in enumerate(old):
            a, b = game.a_player, game.b_player
            row.append(Game(a, b) if solver.boolean_value(white[r, i]) else Game(b, a))
        rounds.append(tuple(row))
    return Schedule(schedule.boards, tuple(rounds), schedule.team_a, schedule.team_b)


def improve_colours(
    match: Match,
    start: Schedule,
    deadline: float,
    seed: int = 0,
    work_limit: float | None = None,
    bound: int = 0,
    halt: Callable[[], bool] | None = None,
    window: int = 6,
) -> Schedule:
    """Large-neighbourhood search over colour windows; never worse than ``start`` (module docstring).

    Stops at ``deadline`` (time.monotonic), when the summed work of the sub-solves reaches
    ``work_limit``, when the breaks reach ``bound``, or when ``halt()`` says so (an interrupt).
    """
    rng = random.Random(seed)
    best = start
    best_breaks = start.breaks()
    played = {p.round - 1 for p in match.played}
    free_rounds = [r for r in range(start.n_rounds) if r not in played]
    if not free_rounds:
        return best
    spent = 0.0
    step_work = 0.5
    failures = 0
    while best_breaks > bound and time.monotonic() < deadline - 0.2:
        if halt is not None and halt():
            break
        if work_limit is not None and spent >= work_limit:
            break
        size = min(len(free_rounds), window + 2 * (failures // 8))
        first = rng.randrange(0, len(free_rounds) - size + 1)
        chosen = set(free_rounds[first : first + size])
        candidate = recolour_window(match, best, chosen, step_work, rng.randrange(1 << 30))
        spent += step_work
        if candidate is None:
            failures += 1
            continue
        verdict = verify(candidate, double=match.double, match=match)
        if verdict.ok and verdict.metrics.total_breaks < best_breaks:
            best, best_breaks = candidate, verdict.metrics.total_breaks
            failures = 0
        else:
            failures += 1
        if failures > 40:
            break
    return best


def _require(model: cp_model.CpModel, clause: list[Lit]) -> None:
    """A clause that must hold: one that cannot makes the model infeasible."""
    if not add_clause(model, clause):
        model.add_bool_or([])
