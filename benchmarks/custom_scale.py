"""Organisers' matches at scale: today's designer, the start-then-improve designer and the plain design, side by side.

Each case is a seeded organiser's match (a TOML spec written to a temporary folder).  The case kinds are
registered in :data:`KINDS` by the :func:`case_kind` decorator: a kind is a function ``(boards, seed) ->
Case``, so another kind (for example unequal teams) is added by writing one more decorated function.
Built in:

* ``played``: a third of the rounds already played, copied from the plain design (``schev generate N``'s
  start: the best known design or the direct construction) after a random relabelling (renumber each team,
  maybe swap the teams, reverse the colours, reverse the round order);
* ``played-deviation``: the same with one deviation in the last played round: two boards' opponents
  swapped (every player keeps its colour) or, on alternate seeds, the colours of two games played the other
  way round (one game each way, so the round keeps its board balance); the swapped pairs have not met
  before and nobody has one colour three games running, so the played rounds keep rules 0 and 2;
* ``requests``: n/2 random meet, avoid and colour requests, all drawn from one valid schedule with the
  plain design's breaks (a random relabelling of it);
* ``unequal``: teams of p (n + 2 to n + n/2, either team the larger) and n players on n boards, with n/4
  requests drawn from a relabelled image of the unequal-teams construction (``models/constructions/unequal/``); no
  break target (``plain`` is for equal teams), the bound and gap are reported;
* ``double-requests`` and ``double-played``: a double round, with n/2 meet, avoid and colour requests read
  off a random image of the double-round construction, or a third of its 2n rounds played as that image
  printed them (``plain`` is the construction's breaks, the proven minimum);
* ``double-requests-unfolded``: n/2 requests read off another paired double round, the unfolding of a
  random image of the plain single-round design (``models/constructions/folding.py``); the target applies where that
  has the construction's breaks (n = 0 mod 4 and odd n);
* ``double-deviation``: a double round played as in ``double-played`` with one deviation in the last
  played round, as in ``played-deviation`` (no target: the deviation may cost breaks).

Per case and approach one fresh process is timed from launch to exit (whole process, Python start-up
included):

* ``new``: ``schev generate --spec CASE.toml --time-limit T --workers W --seed S --format json``, this
  branch's designer (start mapping, then large-neighbourhood search);
* ``today``: the same designer with the new stage switched off (``DesignParams(scale=False)``), i.e. the
  single full CP-SAT model the main branch used before;
* ``plain``: the breaks of the plain design of the same size, no requests (computed, not timed).

Every schedule returned is rebuilt from the JSON and re-checked by the verifier against the case's match
(rules 0-3 and every request).  The targets (issue 10) are: every case answered within ``T + 2`` s, each
request and rule kept, and, where the requests were drawn from a schedule with the plain design's breaks
(kinds ``played`` and ``requests``), breaks at most plain + max(4, plain // 4).

    python benchmarks/custom_scale.py [--sizes 14,20,30,40,50,60] [--seeds 2] [--first-seed 0] [--kinds played,requests]
                                      [--approaches new,today] [--time-limit 10] [--workers 2] [--quick]

Writes benchmarks/results/custom_scale/custom_scale.{md,csv,png} (``--quick``: ``custom_scale_quick.*``).  Exit status 1
if any ``new`` run misses a target.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from _common import load_average, machine_lines, markdown_table, parse_sizes, results_dir, write_results

from scheveningen.models.constructions.equal import construct
from scheveningen.models.constructions.folding import unfold
from scheveningen.models.constructions.unequal.dispatch import construct_unequal
from scheveningen.models.domain.match import Avoid, ColourWish, Match, Meet, PlayedRound
from scheveningen.models.domain.schedule import Colour, Game, Player, Schedule, Team
from scheveningen.models.domain.symmetry import relabel, reverse_colours
from scheveningen.models.formats.tables import best, best_sizes
from scheveningen.solver.verify.equivalence import transform
from scheveningen.solver.verify.verifier import verify

RESULTS = results_dir(__file__)
NAME = "custom_scale"


# --------------------------------------------------------------------------- cases


@dataclass(frozen=True)
class Case:
    """One seeded match; ``target`` is the break target when the requests come from a plain-design schedule."""

    kind: str
    boards: int
    seed: int
    match: Match
    plain_breaks: int | None
    target: int | None
    note: str = ""
    #: the breaks of a schedule keeping every played round and request (the one they were drawn from)
    witness: int | None = None

    @property
    def name(self) -> str:
        return f"{self.kind}-n{self.boards}-s{self.seed}"


CaseKind = Callable[[int, int], Case]
KINDS: dict[str, CaseKind] = {}


def case_kind(name: str) -> Callable[[CaseKind], CaseKind]:
    """Register a case generator ``(boards, seed) -> Case`` under ``name``."""

    def register(generator: CaseKind) -> CaseKind:
        KINDS[name] = generator
        return generator

    return register


def plain_design(boards: int) -> Schedule:
    """The plain design's start: the best known design or the direct construction, whichever has fewer breaks."""
    candidates = []
    built = construct(boards)
    if built is not None:
        candidates.append(built)
    if boards in best_sizes():
        candidates.append(best(boards))
    verdicts = [(verify(s).metrics.total_breaks, i, s) for i, s in enumerate(candidates) if verify(s).ok]
    return min(verdicts)[2]


def plain_breaks(boards: int) -> int:
    return verify(plain_design(boards)).metrics.total_breaks


def target_breaks(plain: int) -> int:
    return plain + max(4, plain // 4)


def near_witness(witness: int) -> int:
    """The most breaks within 10 % (and at least 4) of a witness's."""
    return witness + max(4, witness // 10)


def random_image(schedule: Schedule, rng: random.Random) -> Schedule:
    """A random relabelling: renumber each team, maybe swap teams, reverse colours, reverse the rounds."""
    n = schedule.boards
    a = list(range(1, n + 1))
    b = list(range(1, n + 1))
    rng.shuffle(a)
    rng.shuffle(b)
    return transform(
        schedule,
        renumber_a=tuple(a),
        renumber_b=tuple(b),
        swap_teams=rng.random() < 0.5,
        reverse_colours=rng.random() < 0.5,
        reverse_rounds=rng.random() < 0.5,
    )


def played_prefix(schedule: Schedule, rounds: int) -> tuple[PlayedRound, ...]:
    return tuple(PlayedRound(round=r, games=schedule.rounds[r - 1]) for r in range(1, rounds + 1))


@case_kind("played")
def played_case(boards: int, seed: int) -> Case:
    rng = random.Random(f"played-{boards}-{seed}")
    plain = plain_breaks(boards)
    image = random_image(plain_design(boards), rng)
    match = Match(boards=boards, played=played_prefix(image, boards // 3))
    return Case("played", boards, seed, match, plain, target_breaks(plain), f"{boards // 3} rounds played")


def deviate(
    games: tuple[Game, ...], rng: random.Random, colours: bool, met: set[tuple[Player, Player]]
) -> tuple[tuple[Game, ...], str]:
    """One deviation in a round: two boards swap opponents (two pairs that have not met in ``met``),
    or two games (one each way) swap colours."""
    n = len(games)
    if colours:
        whites = [i for i, g in enumerate(games) if g.a_white]
        blacks = [i for i, g in enumerate(games) if not g.a_white]
        i, j = rng.choice(whites), rng.choice(blacks)
        out = list(games)
        out[i] = Game(games[i].black, games[i].white)
        out[j] = Game(games[j].black, games[j].white)
        return tuple(out), f"boards {i + 1} and {j + 1} played with colours reversed"
    pairs = [
        (i, j)
        for i in range(n)
        for j in range(n)
        if i != j
        and (games[i].a_player, games[j].b_player) not in met
        and (games[j].a_player, games[i].b_player) not in met
    ]
    i, j = rng.choice(pairs)
    out = list(games)

    def with_opponent(game: Game, b: Player) -> Game:
        return Game(game.a_player, b) if game.a_white else Game(b, game.a_player)

    out[i] = with_opponent(games[i], games[j].b_player)
    out[j] = with_opponent(games[j], games[i].b_player)
    return tuple(out), f"boards {i + 1} and {j + 1} swapped opponents"


@case_kind("played-deviation")
def deviation_case(boards: int, seed: int) -> Case:
    rng = random.Random(f"deviation-{boards}-{seed}")
    plain = plain_breaks(boards)
    image = random_image(plain_design(boards), rng)
    k = boards // 3
    prefix = list(played_prefix(image, k))
    met = {(g.a_player, g.b_player) for p in prefix[:-1] for g in p.games}
    while True:  # a deviation that leaves nobody three games running with one colour in the played rounds
        games, what = deviate(prefix[-1].games, rng, colours=seed % 2 == 1, met=met)
        played = Schedule(boards=boards, rounds=(*(p.games for p in prefix[:-1]), games))
        if verify(played).metrics.longest_run <= 2:
            break
    prefix[-1] = PlayedRound(round=k, games=games)
    match = Match(boards=boards, played=tuple(prefix))
    return Case("played-deviation", boards, seed, match, plain, None, f"{k} rounds played; round {k}: {what}")


@case_kind("requests")
def requests_case(boards: int, seed: int) -> Case:
    rng = random.Random(f"requests-{boards}-{seed}")
    plain = plain_breaks(boards)
    source = random_image(plain_design(boards), rng)
    meets: list[Meet] = []
    avoids: list[Avoid] = []
    colours: list[ColourWish] = []
    used: set[tuple[str, int, int]] = set()
    while len(meets) + len(avoids) + len(colours) < boards // 2:
        r = rng.randrange(1, boards + 1)
        game = source.rounds[r - 1][rng.randrange(boards)]
        a, b = game.a_player.number, game.b_player.number
        kind = rng.choice(("meet", "avoid", "colour"))
        if (kind, a, b) in used:
            continue
        used.add((kind, a, b))
        if kind == "meet":
            white = rng.choice((None, Team.A if game.a_white else Team.B))
            meets.append(Meet(a=a, b=b, round=r, white=white))
        elif kind == "avoid":
            others = [s for s in range(1, boards + 1) if s != r]
            avoids.append(Avoid(a=a, b=b, rounds=tuple(sorted(rng.sample(others, min(3, len(others)))))))
        else:
            player = rng.choice((game.white, game.black))
            colours.append(ColourWish(player=player, round=r, colour=game.colour_of(player)))
    match = Match(boards=boards, meets=tuple(meets), avoids=tuple(avoids), colours=tuple(colours))
    note = f"{len(meets)} meet, {len(avoids)} avoid, {len(colours)} colour"
    return Case("requests", boards, seed, match, plain, target_breaks(plain), note)


def double_design(boards: int) -> Schedule:
    """The double round's construction (n breaks for even n, n + 3 for odd n >= 5: the proven minimum)."""
    built = construct(boards, double=True)
    if built is None:
        raise ValueError(f"no double-round construction for {boards} boards")
    return built


def drawn_double_requests(source: Schedule, rng: random.Random) -> tuple[Match, str]:
    """n/2 meet, avoid and colour requests read off the double round ``source``, and a note."""
    boards = source.boards
    meets: list[Meet] = []
    avoids: list[Avoid] = []
    colours: list[ColourWish] = []
    for index in range(boards // 2):
        r = rng.randrange(1, 2 * boards + 1)
        game = source.rounds[r - 1][rng.randrange(boards)]
        a, b = game.a_player.number, game.b_player.number
        if index % 3 == 0:
            meets.append(Meet(a=a, b=b, round=r))
        elif index % 3 == 1:
            avoids.append(Avoid(a=a, b=b % boards + 1, rounds=(r,)))
        else:
            colours.append(ColourWish(player=game.white, round=r, colour=Colour.WHITE))
    match = Match(boards=boards, double=True, meets=tuple(meets), avoids=tuple(avoids), colours=tuple(colours))
    return match, f"double round; {len(meets)} meet, {len(avoids)} avoid, {len(colours)} colour"


@case_kind("double-requests")
def double_requests_case(boards: int, seed: int) -> Case:
    """n/2 meet, avoid and colour requests read off a random image of the double-round construction."""
    rng = random.Random(f"double-requests-{boards}-{seed}")
    source = random_image(double_design(boards), rng)
    plain = verify(source, double=True).metrics.total_breaks
    match, note = drawn_double_requests(source, rng)
    return Case("double-requests", boards, seed, match, plain, target_breaks(plain), note)


@case_kind("double-requests-unfolded")
def double_requests_unfolded_case(boards: int, seed: int) -> Case:
    """n/2 requests read off the unfolding (``models/constructions/folding.py``) of a random image of the plain
    single-round design: a paired double round that is mostly not an image of the construction.  It has
    the construction's breaks for n = 0 mod 4 and odd n (then the target applies), n + 8 for n = 2 mod 4."""
    rng = random.Random(f"double-requests-unfolded-{boards}-{seed}")
    source = unfold(random_image(plain_design(boards), rng))
    plain = verify(double_design(boards), double=True).metrics.total_breaks
    drawn = verify(source, double=True).metrics.total_breaks
    match, note = drawn_double_requests(source, rng)
    target = target_breaks(plain) if drawn == plain else None
    return Case("double-requests-unfolded", boards, seed, match, plain, target, f"{note}; drawn from {drawn} breaks")


@case_kind("double-played")
def double_played_case(boards: int, seed: int) -> Case:
    """A third of a double round played as a random image of its construction printed it."""
    rng = random.Random(f"double-played-{boards}-{seed}")
    source = random_image(double_design(boards), rng)
    plain = verify(source, double=True).metrics.total_breaks
    k = 2 * boards // 3
    match = Match(boards=boards, double=True, played=played_prefix(source, k))
    return Case("double-played", boards, seed, match, plain, target_breaks(plain), f"double round; {k} rounds played")


@case_kind("double-deviation")
def double_deviation_case(boards: int, seed: int) -> Case:
    """A third of a double round played as a random image of its construction printed it, with one
    deviation in the last played round (as ``played-deviation``): two boards swap opponents, or on
    alternate seeds two games are played with colours reversed.  The deviation keeps rule 0 possible
    (no pair meets a third time, nor twice with one player White) and rule 2 in the played rounds.
    The construction plays each round's games again in the next round with colours reversed, so
    reversing colours is drawn in the first round of such a pair (in the second every pair of the
    round met in the first, and would have had White twice); swaps come after either round."""
    rng = random.Random(f"double-deviation-{boards}-{seed}")
    source = random_image(double_design(boards), rng)
    plain = verify(source, double=True).metrics.total_breaks
    k = 2 * boards // 3
    if seed % 2 == 1 and k % 2 == 0:
        k -= 1
    prefix = list(played_prefix(source, k))
    whites: dict[tuple[Player, Player], list[bool]] = {}
    for p in prefix[:-1]:
        for g in p.games:
            whites.setdefault((g.a_player, g.b_player), []).append(g.a_white)
    twice = {pair for pair, seen in whites.items() if len(seen) == 2}
    while True:
        games, what = deviate(prefix[-1].games, rng, colours=seed % 2 == 1, met=twice)
        played = Schedule(boards=boards, rounds=(*(p.games for p in prefix[:-1]), games))
        if verify(played, double=True).metrics.longest_run <= 2 and all(
            g.a_white not in whites.get((g.a_player, g.b_player), []) for g in games
        ):
            break
    prefix[-1] = PlayedRound(round=k, games=games)
    match = Match(boards=boards, double=True, played=tuple(prefix))
    note = f"double round; {k} rounds played; round {k}: {what}"
    return Case("double-deviation", boards, seed, match, plain, None, note)


#: The designer's limit on a team's players.
MAX_PLAYERS = 100


@case_kind("unequal")
def unequal_case(boards: int, seed: int) -> Case:
    """Teams of p (min(n + 2, 100) <= p <= min(100, n + n/2)) and n players on n boards, either team the
    larger, with n/4 meet, avoid and colour requests drawn from a relabelled image of the construction
    for the sizes (none where the sizes have no construction).  On 99 boards p is 100."""
    rng = random.Random(f"unequal-{boards}-{seed}")
    if boards >= MAX_PLAYERS:
        raise ValueError(f"unequal cases need n < {MAX_PLAYERS} boards (a larger team of at most {MAX_PLAYERS})")
    larger = rng.randint(min(boards + 2, MAX_PLAYERS), min(MAX_PLAYERS, boards + max(2, boards // 2)))
    size_a, size_b = (larger, boards) if rng.random() < 0.5 else (boards, larger)
    source = construct_unequal(size_a, size_b, boards)
    meets: list[Meet] = []
    avoids: list[Avoid] = []
    colours: list[ColourWish] = []
    if source is not None:
        a_map = dict(zip(range(1, size_a + 1), rng.sample(range(1, size_a + 1), size_a), strict=True))
        b_map = dict(zip(range(1, size_b + 1), rng.sample(range(1, size_b + 1), size_b), strict=True))
        source = relabel(reverse_colours(source) if rng.random() < 0.5 else source, a_map, b_map)
        games = list(source.games())
        while len(meets) + len(avoids) + len(colours) < boards // 4:
            r, _board, game = rng.choice(games)
            kind = rng.choice(("meet", "avoid", "colour"))
            if kind == "meet":
                meets.append(Meet(game.a_player.number, game.b_player.number, r, rng.choice((None, game.white.team))))
            elif kind == "avoid":
                later = [rr for rr in range(1, source.n_rounds + 1) if rr != r]
                avoids.append(Avoid(game.a_player.number, game.b_player.number, tuple(sorted(rng.sample(later, 3)))))
            else:
                player = rng.choice((game.white, game.black))
                colours.append(ColourWish(player, r, game.colour_of(player)))
    match = Match(
        boards=boards,
        size_a=size_a,
        size_b=size_b,
        meets=tuple(meets),
        avoids=tuple(avoids),
        colours=tuple(colours),
    )
    drawn = f"{len(meets)} meet, {len(avoids)} avoid, {len(colours)} colour" if source else "no construction"
    return Case("unequal", boards, seed, match, None, None, f"{size_a} against {size_b}; {drawn}")


def spec_toml(match: Match) -> str:
    """The match as a TOML spec ``schev generate --spec`` reads."""
    lines = [f"boards = {match.boards}"] + (["double = true"] if match.double else [])
    if match.size_a != match.boards or match.size_b != match.boards:
        lines += ["", "[teams.A]", f"size = {match.size_a}", "", "[teams.B]", f"size = {match.size_b}"]
    for meet in match.meets:
        lines += ["", "[[meet]]", f'players = ["A{meet.a}", "B{meet.b}"]', f"round = {meet.round}"]
        if meet.white is not None:
            lines.append(f'white = "{meet.white.value}{meet.a if meet.white is Team.A else meet.b}"')
    for avoid in match.avoids:
        lines += ["", "[[avoid]]", f'players = ["A{avoid.a}", "B{avoid.b}"]', f"rounds = {list(avoid.rounds)}"]
    for wish in match.colours:
        lines += ["", "[[colour]]", f'player = "{wish.player}"', f"round = {wish.round}"]
        lines.append(f'colour = "{wish.colour.value}"')
    if match.played:
        rounds = ", ".join('"' + " ".join(str(g) for g in p.games) + '"' for p in match.played)
        lines += ["", "[played]", f"rounds = [{rounds}]"]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- running an approach


@dataclass
class Run:
    approach: str
    wall_s: float
    exit_code: int | None
    status: str
    breaks: int | None
    lower_bound: int | None
    kept: bool | None  # every rule 0-3 and every request kept, by the verifier
    relaxed: list[str] = field(default_factory=list)
    note: str = ""

    @property
    def gap(self) -> int | None:
        if self.breaks is None or self.lower_bound is None:
            return None
        return self.breaks - self.lower_bound


def schedule_from_json(games: list[dict[str, object]], match: Match) -> Schedule:
    rounds: dict[int, dict[int, Game]] = {}
    for game in games:
        white, black = Player.parse(str(game["white"])), Player.parse(str(game["black"]))
        rounds.setdefault(int(str(game["round"])), {})[int(str(game["board"]))] = Game(white, black)
    ordered = [tuple(boards[b] for b in sorted(boards)) for _r, boards in sorted(rounds.items())]
    return Schedule(boards=match.boards, rounds=tuple(ordered), team_a=match.size_a, team_b=match.size_b)


def command(
    approach: str, spec: Path, time_limit: float, workers: int, seed: int, baseline: str | None = None
) -> list[str]:
    """The process to run: ``baseline`` is another install's python (an earlier commit), run as the
    approach ``baseline`` with the same command as ``new``."""
    options = ["--time-limit", f"{time_limit:g}", "--workers", str(workers), "--seed", str(seed)]
    if approach in ("new", "baseline"):
        python = baseline if approach == "baseline" and baseline else sys.executable
        return [python, "-m", "scheveningen", "generate", "--spec", str(spec), *options, "--format", "json"]
    return [sys.executable, str(Path(__file__).resolve()), "--run-today", str(spec), *options]


def run_approach(
    approach: str, case: Case, spec: Path, time_limit: float, workers: int, seed: int, baseline: str | None = None
) -> Run:
    argv = command(approach, spec, time_limit, workers, seed, baseline)
    timeout = max(60.0, 6 * time_limit)
    started = time.perf_counter()
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return Run(
            approach, time.perf_counter() - started, None, "HUNG", None, None, None, note=f"killed at {timeout}s"
        )
    wall = time.perf_counter() - started
    try:
        data = json.loads(done.stdout) if done.stdout.strip() else {}
    except json.JSONDecodeError:
        data = {}
    if not data.get("games"):
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1][:160]
        return Run(approach, wall, done.returncode, str(data.get("status", "none")), None, None, None, note=tail)
    schedule = schedule_from_json(data["games"], case.match)
    verdict = verify(schedule, match=case.match)
    kept = verdict.ok and not verdict.relaxed and not verdict.requests
    notes = [] if kept else ["**rules or requests not kept**"]
    if verdict.metrics.total_breaks != data.get("breaks"):
        kept = False
        notes.append(f"**verifier counts {verdict.metrics.total_breaks} breaks, tool says {data.get('breaks')}**")
    relaxed = [str(item) for item in data.get("relaxed", [])]
    return Run(
        approach,
        wall,
        done.returncode,
        str(data.get("status")),
        data.get("breaks"),
        data.get("lower_bound"),
        kept,
        relaxed,
        "; ".join(notes),
    )


def run_today(argv: list[str]) -> int:
    """Child process for ``today``: design the spec with the new stage switched off, print JSON like the CLI."""
    parser = argparse.ArgumentParser()
    parser.add_argument("spec", type=Path)
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    from dataclasses import fields

    from scheveningen.solver.design import DesignParams, design_match
    from scheveningen.solver.io.report import result_data
    from scheveningen.solver.io.spec import load_spec

    options: dict[str, object] = {"time_limit": args.time_limit, "workers": args.workers, "seed": args.seed}
    if "scale" in {f.name for f in fields(DesignParams)}:
        options["scale"] = False
    result = design_match(load_spec(args.spec), DesignParams(**options))  # type: ignore[arg-type]
    sys.stdout.write(json.dumps(result_data(result)))
    return 0 if result.schedule is not None else 3


# --------------------------------------------------------------------------- report


HEADER = [
    "case",
    "n",
    "approach",
    "exit",
    "time s",
    "status",
    "breaks",
    "lower bound",
    "gap",
    "plain",
    "target",
    "witness",
    "within",
    "kept",
    "ok",
    "note",
]


def judge(case: Case, run: Run, time_limit: float) -> bool:
    """Whether a run meets the issue's targets (only ``new`` runs are held to them)."""
    if run.kept is not True or run.wall_s > time_limit + 2:
        return False
    return case.target is None or (run.breaks is not None and run.breaks <= case.target)


def within(case: Case, run: Run) -> str:
    """Whether the run's breaks are within 10 % (and at least 4) of the case's witness ("-": none)."""
    if case.witness is None:
        return "-"
    return "yes" if run.breaks is not None and run.breaks <= near_witness(case.witness) else "no"


def row(case: Case, run: Run, time_limit: float) -> list[str]:
    def show(value: object) -> str:
        return "-" if value is None else str(value)

    return [
        case.name,
        str(case.boards),
        run.approach,
        show(run.exit_code),
        f"{run.wall_s:.2f}",
        run.status,
        show(run.breaks),
        show(run.lower_bound),
        show(run.gap),
        show(case.plain_breaks),
        show(case.target),
        show(case.witness),
        within(case, run),
        show(run.kept),
        "yes" if judge(case, run, time_limit) else "NO",
        "; ".join(x for x in (case.note, run.note) if x),
    ]


def plot(results: list[tuple[Case, Run]], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 5), dpi=110)
    kinds = sorted({case.kind for case, _run in results})
    markers = dict(zip(kinds, "osd^v<>", strict=False))
    colours = {"new": "tab:blue", "today": "tab:orange", "baseline": "tab:green"}
    for case, run in results:
        marker = markers.get(case.kind, "o")
        colour = colours.get(run.approach, "gray")
        if run.breaks is not None and case.plain_breaks:
            left.plot(case.boards, run.breaks / case.plain_breaks, marker, color=colour, alpha=0.75)
        else:
            left.plot(case.boards, 0, "x", color=colour, markersize=9)
        right.plot(case.boards, run.wall_s, marker, color=colour, alpha=0.75)
    left.axhline(1.0, color="gray", linewidth=0.8)
    left.axhline(1.25, color="gray", linestyle=":", linewidth=0.8)
    left.set_xlabel("boards")
    left.set_ylabel("breaks / plain design's breaks (x at 0: no schedule)")
    right.set_xlabel("boards")
    right.set_ylabel("whole-process time, s")
    handles = [plt.Line2D([], [], color=c, marker="o", linestyle="", label=a) for a, c in colours.items()] + [
        plt.Line2D([], [], color="black", marker=m, linestyle="", label=k) for k, m in markers.items()
    ]
    right.legend(handles=handles, fontsize=8)
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


BOUND_HEADER = ["case", "n", "k", "old bound", "rules 1-2 bound", "computed bound", "work", "seconds", "spec bound"]


def bounds_table(args: argparse.Namespace, cases: list[Case], stem: str) -> int:
    """``--bounds``: the lower bounds alone for each case, no designer run: the old played-rounds bound
    (rule 0 and the plain match's), the analytic one with rules 1 and 2 (``models/bounds/proven.py``), the
    computed relaxation (``models/bounds/played.py``, ``--bounds`` deterministic seconds, one worker, up to
    ``--bound-boards`` boards), and ``spec_bound`` as the designer reports it; with ``--breaks-from``,
    the breaks of earlier runs beside them."""
    from scheveningen.models.bounds.played import PlayedRules, relaxed_break_bound
    from scheveningen.models.bounds.proven import even_break_bound, played_break_bound, proven_break_bound
    from scheveningen.solver.design import DesignParams
    from scheveningen.solver.scale.driver import bound_work, spec_bound

    found: dict[str, str] = {}
    for name in args.breaks_from or []:
        with open(name, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
        columns = lines[0].split(",")
        for line in lines[1:]:
            cells = dict(zip(columns, line.split(","), strict=False))
            if cells.get("approach") == "new":
                found[cells["case"]] = cells["breaks"]
    header = [*BOUND_HEADER, "breaks"] if found else BOUND_HEADER
    rows: list[list[str]] = []
    lines = machine_lines([sys.argv[0], *sys.argv[1:]])
    print(" | ".join(header), flush=True)
    for case in cases:
        n = case.boards
        rounds = case.match.played
        played = [[(g.a_player.number, g.b_player.number, g.a_white) for g in r.games] for r in rounds]
        old = even_break_bound(max(proven_break_bound(n), played_break_bound(n, n, played)))
        analytic = even_break_bound(played_break_bound(n, n, played, True, 2))
        computed, took = "-", "-"
        if n <= args.bound_boards and played:
            started = time.monotonic()
            value = relaxed_break_bound(n, played, PlayedRules(True, 2, True), work=args.bounds, floor=analytic)
            took = f"{time.monotonic() - started:.1f}"
            computed = "-" if value is None else str(even_break_bound(value))
        spec = spec_bound(case.match, frozenset(), *bound_work(case.match, DesignParams(time_limit=10.0)))
        cells = [case.name, str(n), str(len(played)), str(old), str(analytic), computed, f"{args.bounds:g}"]
        cells += [took, str(spec)]
        if found:
            cells.append(found.get(case.name, "-"))
        rows.append(cells)
        print(" | ".join(cells), flush=True)
    markdown = [
        f"# Lower bounds for matches with played rounds (`{NAME}.py --bounds`)",
        "",
        *lines,
        "",
        "`old bound`: the played rounds' breaks plus the matching argument (rule 0 only), or the plain match's "
        "bound, whichever is larger (the bound before docs/bounds.md section 10); `rules 1-2 bound`: fact 11, with "
        "what rules 1 and 2 force on each player; `computed bound`: fact 12, the CP-SAT relaxation given `work` "
        "deterministic seconds on one worker (`seconds`: its wall-clock time on this loaded machine), rounded up to "
        "even; `spec bound`: what the designer reports with `--time-limit 10` (the computed bound only up to "
        "16 boards, with 0.5 deterministic seconds); `breaks`: the designer's answer in the runs named on the "
        "command line. Every bound is at least the old one.",
        "",
        *markdown_table(header, rows),
        "",
    ]
    write_results(args.out_dir, stem, markdown, [h.replace(" ", "_") for h in header], rows)
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--run-today"]:
        return run_today(argv[1:])
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", type=parse_sizes, default=None, help="boards (default 14,20,30,40,50,60)")
    parser.add_argument("--seeds", type=int, default=None, help="seeds per kind and size (default 2; quick 1)")
    parser.add_argument("--first-seed", type=int, default=0, help="the first case seed (default 0): seeds run from it")
    parser.add_argument("--kinds", default=",".join(KINDS), help=f"case kinds (default {','.join(KINDS)})")
    parser.add_argument(
        "--approaches", default="new,today", help="new, today, baseline (needs --baseline), comma-separated"
    )
    parser.add_argument("--baseline", default=None, help="another install's python, run as the approach baseline")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per case (default 10; quick 3)")
    parser.add_argument("--workers", type=int, default=2, help="CP-SAT workers (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="the designer's --seed (default 0)")
    parser.add_argument("--quick", action="store_true", help="smoke run: 14 and 20 boards, 3 s, *_quick outputs")
    parser.add_argument("--out-dir", type=Path, default=RESULTS)
    parser.add_argument("--name", default=None, help=f"output file stem (default {NAME}, quick {NAME}_quick)")
    parser.add_argument(
        "--bounds", type=float, default=None, help="only the lower bounds, the computed one with this much work"
    )
    parser.add_argument("--bound-boards", type=int, default=30, help="with --bounds: compute up to this size")
    parser.add_argument("--breaks-from", action="append", help="with --bounds: a results CSV whose breaks to show")
    args = parser.parse_args(argv)
    sizes = args.sizes or ([14, 20] if args.quick else [14, 20, 30, 40, 50, 60])
    seeds = args.seeds if args.seeds is not None else (1 if args.quick else 2)
    time_limit = args.time_limit if args.time_limit is not None else (3.0 if args.quick else 10.0)
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        parser.error(f"unknown case kind(s) {', '.join(unknown)}; known: {', '.join(KINDS)}")
    approaches = [a.strip() for a in args.approaches.split(",") if a.strip()]
    if "baseline" in approaches and not args.baseline:
        parser.error("the approach baseline needs --baseline PYTHON")
    if args.baseline and "baseline" not in approaches:
        approaches.append("baseline")
    stem = args.name or NAME + ("_quick" if args.quick else "")
    try:  # every case is drawn before the first run, so that a size no kind takes stops nothing half-way
        cases = [
            KINDS[kind](n, seed)
            for kind in kinds
            for n in sizes
            for seed in range(args.first_seed, args.first_seed + seeds)
        ]
    except ValueError as error:
        parser.error(str(error))
    args.out_dir.mkdir(parents=True, exist_ok=True)
    if args.bounds is not None:
        return bounds_table(args, cases, args.name or f"{NAME}_bounds")

    header = machine_lines([sys.argv[0], *argv])
    header.append(
        f"- Each run: one fresh process, `--time-limit {time_limit:g} --workers {args.workers} --seed {args.seed}`, "
        "timed launch to exit; every schedule re-checked by the verifier against its spec"
    )
    print("\n".join(header), flush=True)
    print(" | ".join(HEADER), flush=True)
    results: list[tuple[Case, Run]] = []
    rows: list[list[str]] = []
    with tempfile.TemporaryDirectory() as folder:
        for case in cases:
            spec = Path(folder) / f"{case.name}.toml"
            spec.write_text(spec_toml(case.match), encoding="utf-8")
            for approach in approaches:
                run = run_approach(approach, case, spec, time_limit, args.workers, args.seed, args.baseline)
                results.append((case, run))
                rows.append(row(case, run, time_limit))
                print(" | ".join(rows[-1]), flush=True)

    new = [(c, r) for c, r in results if r.approach == "new"]
    missed = [c.name for c, r in new if not judge(c, r, time_limit)]
    summary = [f"Load average at the end: {load_average()} (timings on a shared machine are noisy)."]
    for approach in approaches:
        mine = [(c, r) for c, r in results if r.approach == approach]
        kept = sum(1 for _c, r in mine if r.kept)
        slowest = max((r.wall_s for _c, r in mine), default=0.0)
        summary.append(
            f"- {approach}: {kept} of {len(mine)} cases answered with every rule and request kept; "
            f"slowest {slowest:.2f} s; targets met on {sum(1 for c, r in mine if judge(c, r, time_limit))}."
        )
        witnessed = [within(c, r) for c, r in mine if c.witness is not None]
        if witnessed:
            summary[-1] += (
                f" Within the witness's breaks + max(4, 10 %) on {witnessed.count('yes')} of {len(witnessed)}."
            )
    if new:
        summary.append(f"- new approach misses a target on: {', '.join(missed) if missed else 'none'}.")
    markdown = [
        f"# Organisers' matches at scale (`{NAME}.py`)",
        "",
        *header,
        "",
        *summary,
        "",
        "`plain` is the plain design's breaks (no requests); `target` = plain + max(4, plain // 4) where the "
        "requests were drawn from a schedule with the plain design's breaks (witness + max(4, 10 %) where the "
        "case has a witness); `kept`: the verifier found every "
        "rule 0-3 and every request kept; `ok`: kept, answered within the time limit + 2 s, and within the target; "
        "`witness`: the breaks of a schedule keeping every played round and request (the one they were drawn from), "
        "`within`: breaks at most the witness's plus max(4, 10 %).",
        "",
        *markdown_table(HEADER, rows),
        "",
    ]
    csv_header = [h.replace(" ", "_") for h in HEADER]
    write_results(args.out_dir, stem, markdown, csv_header, rows)
    plot(results, args.out_dir / f"{stem}.png", f"{NAME}: --time-limit {time_limit:g}, {args.workers} workers")
    print("\n".join(summary))
    return 1 if any(r.approach == "new" for _c, r in results) and missed else 0


if __name__ == "__main__":
    sys.exit(main())
