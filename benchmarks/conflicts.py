"""Impossible requests and forced relaxations at scale: time to the answer, exit code, what is relaxed.

Seeded cases, one family a kind (players, rounds and the design image drawn from the seed):

* impossible requests (expected exit 1, ``infeasible``, the explanation naming the requests):
  ``two-opponents`` (a player to meet two opponents in one round), ``round-forced`` (n - 1 meetings
  of one round leave one pair that must meet there, and a meeting puts that pair in another round),
  ``pinned-colours`` (a meeting in a round and both players wished White in it), ``avoid-all`` (an
  avoid covering every round), ``avoid-and-meet`` (an avoid leaving a pair one round, where a meeting
  gives one of them another opponent), ``round-whites`` (every A player and one B player wished White
  in one round), ``not-permutation`` (meetings of one round for every A player, two on one B player),
  ``meet-vs-played`` (a third of the rounds played, a meeting contradicting them), ``played-twice``
  (played rounds that repeat a pair);
* requests that force a rule to be relaxed (expected exit 0, the rule in ``relaxed``):
  ``whites-exceed`` (a player wished White in ceil(n/2) + 1 rounds: rule 1), ``three-whites`` (a
  player wished White three rounds running: rule 2), ``round-unbalanced`` (ceil(n/2) + 1 A players wished
  White in one round: rule 3); and the same three with ``--strict`` (expected exit 1, the explanation
  naming the requests and the rule).

Each run is one fresh process, ``python -m scheveningen generate --spec CASE.toml --time-limit T --workers
W --format json`` (with ``--strict`` for the strict kinds), timed from launch to exit.  Every schedule is
rebuilt from the JSON and checked by the verifier against the spec, with exactly the relaxation the JSON
reports.  The target (issue 10): every case answered within T + 2 s with the expected exit code.

    python benchmarks/conflicts.py [--sizes 20,40,60,100] [--seeds 1] [--kinds ...] [--time-limit 10]
                                   [--workers 2]

Writes benchmarks/results/conflicts/conflicts.{md,csv}.  Exit status 1 if any case misses its target.
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
from dataclasses import dataclass, replace
from pathlib import Path

from _common import load_average, machine_lines, markdown_table, parse_sizes, results_dir, write_results
from custom_scale import plain_design, random_image, schedule_from_json, spec_toml

from scheveningen.models.domain.match import Avoid, ColourWish, Match, Meet, PlayedRound
from scheveningen.models.domain.rules import Rule, rule_numbered
from scheveningen.models.domain.schedule import Colour, Game, Player, Team
from scheveningen.solver.verify.verifier import rule_excess, verify

RESULTS = results_dir(__file__)
NAME = "conflicts"


@dataclass(frozen=True)
class Case:
    kind: str
    boards: int
    seed: int
    match: Match
    expect: int  # the exit code the case must get
    relaxed: str = ""  # the rule expected in ``relaxed`` (exit 0)
    strict: bool = False

    @property
    def name(self) -> str:
        return f"{self.kind}-n{self.boards}-s{self.seed}"


Kind = Callable[[int, random.Random], Case]
KINDS: dict[str, Kind] = {}


def kind(name: str) -> Callable[[Kind], Kind]:
    def register(generator: Kind) -> Kind:
        KINDS[name] = generator
        return generator

    return register


def _case(name: str, n: int, match: Match, expect: int, relaxed: str = "", strict: bool = False) -> Case:
    return Case(name, n, 0, match, expect, relaxed, strict)


@kind("two-opponents")
def two_opponents(n: int, rng: random.Random) -> Case:
    a, (b, c), r = rng.randint(1, n), rng.sample(range(1, n + 1), 2), rng.randint(1, n)
    return _case("two-opponents", n, Match(boards=n, meets=(Meet(a, b, r), Meet(a, c, r))), 1)


@kind("round-forced")
def round_forced(n: int, rng: random.Random) -> Case:
    image = random_image(plain_design(n), rng)
    r, s = rng.sample(range(1, n + 1), 2)
    games = image.rounds[r - 1]
    left = rng.choice(games)
    meets = [Meet(g.a_player.number, g.b_player.number, r) for g in games if g != left]
    meets.append(Meet(left.a_player.number, left.b_player.number, s))
    rng.shuffle(meets)
    return _case("round-forced", n, Match(boards=n, meets=tuple(meets)), 1)


@kind("pinned-colours")
def pinned_colours(n: int, rng: random.Random) -> Case:
    a, b, r = rng.randint(1, n), rng.randint(1, n), rng.randint(1, n)
    wishes = (ColourWish(Player(Team.A, a), r, Colour.WHITE), ColourWish(Player(Team.B, b), r, Colour.WHITE))
    return _case("pinned-colours", n, Match(boards=n, meets=(Meet(a, b, r),), colours=wishes), 1)


@kind("avoid-all")
def avoid_all(n: int, rng: random.Random) -> Case:
    a, b = rng.randint(1, n), rng.randint(1, n)
    return _case("avoid-all", n, Match(boards=n, avoids=(Avoid(a, b, tuple(range(1, n + 1))),)), 1)


@kind("avoid-and-meet")
def avoid_and_meet(n: int, rng: random.Random) -> Case:
    a, (b, c), s = rng.randint(1, n), rng.sample(range(1, n + 1), 2), rng.randint(1, n)
    avoid = Avoid(a, b, tuple(r for r in range(1, n + 1) if r != s))
    return _case("avoid-and-meet", n, Match(boards=n, avoids=(avoid,), meets=(Meet(a, c, s),)), 1)


@kind("round-whites")
def round_whites(n: int, rng: random.Random) -> Case:
    r, b = rng.randint(1, n), rng.randint(1, n)
    wishes = [ColourWish(Player(Team.A, a), r, Colour.WHITE) for a in range(1, n + 1)]
    wishes.append(ColourWish(Player(Team.B, b), r, Colour.WHITE))
    rng.shuffle(wishes)
    return _case("round-whites", n, Match(boards=n, colours=tuple(wishes)), 1)


@kind("not-permutation")
def not_permutation(n: int, rng: random.Random) -> Case:
    r = rng.randint(1, n)
    opponents = list(range(1, n + 1))
    rng.shuffle(opponents)
    opponents[-1] = opponents[0]
    return _case(
        "not-permutation", n, Match(boards=n, meets=tuple(Meet(a, opponents[a - 1], r) for a in range(1, n + 1))), 1
    )


def _played(n: int, rng: random.Random) -> tuple[PlayedRound, ...]:
    image = random_image(plain_design(n), rng)
    return tuple(PlayedRound(r, image.rounds[r - 1]) for r in range(1, n // 3 + 1))


@kind("meet-vs-played")
def meet_vs_played(n: int, rng: random.Random) -> Case:
    played = _played(n, rng)
    game = rng.choice(played[0].games)
    meet = Meet(game.a_player.number, game.b_player.number, rng.randint(len(played) + 1, n))
    return _case("meet-vs-played", n, Match(boards=n, played=played, meets=(meet,)), 1)


@kind("played-twice")
def played_twice(n: int, rng: random.Random) -> Case:
    played = list(_played(n, rng))
    # The last played round swaps two opponents so that one pair of round 1 meets again.
    last = list(played[-1].games)
    first = played[0].games
    i = rng.randrange(n)
    target_b = first[i].b_player
    j = next(k for k, g in enumerate(last) if g.b_player == target_b)

    def with_b(game: Game, b: Player) -> Game:
        return Game(game.white, b) if game.white.team is Team.A else Game(b, game.black)

    last[i], last[j] = with_b(last[i], last[j].b_player), with_b(last[j], last[i].b_player)
    played[-1] = PlayedRound(played[-1].round, tuple(last))
    return _case("played-twice", n, Match(boards=n, played=tuple(played)), 1)


def _whites_exceed(n: int, rng: random.Random) -> Match:
    a = rng.randint(1, n)
    rounds = [1, 2, *range(4, n + 1, 2)]
    if n % 2:
        rounds.append(n)
    rounds = sorted(set(rounds))[: (n + 1) // 2 + 1]
    return Match(boards=n, colours=tuple(ColourWish(Player(Team.A, a), r, Colour.WHITE) for r in rounds))


def _three_whites(n: int, rng: random.Random) -> Match:
    b, r = rng.randint(1, n), rng.randint(1, n - 2)
    return Match(boards=n, colours=tuple(ColourWish(Player(Team.B, b), r + i, Colour.WHITE) for i in range(3)))


def _round_unbalanced(n: int, rng: random.Random) -> Match:
    r = rng.randint(1, n)
    players = rng.sample(range(1, n + 1), (n + 1) // 2 + 1)
    return Match(boards=n, colours=tuple(ColourWish(Player(Team.A, a), r, Colour.WHITE) for a in players))


for _name, _build, _rule in (
    ("whites-exceed", _whites_exceed, Rule.COLOUR_BALANCE),
    ("three-whites", _three_whites, Rule.NO_THREE_IN_A_ROW),
    ("round-unbalanced", _round_unbalanced, Rule.BOARD_BALANCE),
):

    def _relaxed(
        n: int, rng: random.Random, name: str = _name, build: Callable[..., Match] = _build, rule: Rule = _rule
    ) -> Case:
        return _case(name, n, build(n, rng), 0, relaxed=rule.key)

    def _strict(n: int, rng: random.Random, name: str = _name, build: Callable[..., Match] = _build) -> Case:
        return _case(name + "-strict", n, build(n, rng), 1, strict=True)

    KINDS[_name] = _relaxed
    KINDS[_name + "-strict"] = _strict


# --------------------------------------------------------------------------- running


@dataclass
class Run:
    wall_s: float
    exit_code: int | None
    status: str
    breaks: int | None
    relaxed: str
    explanation: list[str]
    checked: str  # the verifier's word on the schedule, or "-" without one


def run_case(case: Case, spec: Path, time_limit: float, workers: int) -> Run:
    argv = [sys.executable, "-m", "scheveningen", "generate", "--spec", str(spec), "--time-limit", f"{time_limit:g}"]
    argv += ["--workers", str(workers), "--format", "json"] + (["--strict"] if case.strict else [])
    started = time.perf_counter()
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=max(60.0, 6 * time_limit), check=False)
    except subprocess.TimeoutExpired:
        return Run(time.perf_counter() - started, None, "HUNG", None, "", [], "-")
    wall = time.perf_counter() - started
    try:
        data = json.loads(done.stdout) if done.stdout.strip() else {}
    except json.JSONDecodeError:
        data = {}
    relaxed = {int(item["rule"]): int(item["excess"]) for item in data.get("relaxed", [])}
    checked = "-"
    if data.get("games"):
        schedule = schedule_from_json(data["games"], case.match)
        declared = {rule_numbered(r): x for r, x in relaxed.items()}
        verdict = verify(schedule, match=case.match, declared_relaxed=declared)
        exact = all(rule_excess(schedule, rule, case.match.rules) == x for rule, x in declared.items())
        checked = "ok" if verdict.ok and not verdict.requests and exact else "**FAILED**"
    names = ", ".join(f"{rule_numbered(r).key} {x}" for r, x in relaxed.items())
    return Run(
        wall,
        done.returncode,
        str(data.get("status", "none")),
        data.get("breaks"),
        names,
        [str(line) for line in data.get("explanation", [])],
        checked,
    )


def judge(case: Case, run: Run, time_limit: float) -> bool:
    if run.exit_code != case.expect or run.wall_s > time_limit + 2 or run.checked == "**FAILED**":
        return False
    if case.expect == 1:
        return bool(run.explanation)
    return case.relaxed in run.relaxed


HEADER = [
    "case",
    "n",
    "expected",
    "exit",
    "time s",
    "status",
    "breaks",
    "relaxed",
    "explanation lines",
    "schedule",
    "ok",
]


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", type=parse_sizes, default=[20, 40, 60, 100], help="boards (default 20,40,60,100)")
    parser.add_argument("--seeds", type=int, default=1, help="seeds per kind and size (default 1)")
    parser.add_argument("--kinds", default=",".join(KINDS), help="case kinds (default all)")
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out-dir", type=Path, default=RESULTS)
    parser.add_argument("--name", default=NAME)
    args = parser.parse_args(argv)
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        parser.error(f"unknown kind(s) {', '.join(unknown)}; known: {', '.join(KINDS)}")
    args.out_dir.mkdir(parents=True, exist_ok=True)
    header = machine_lines([sys.argv[0], *argv])
    header.append(
        f"- Each run: one fresh process, `--time-limit {args.time_limit:g} --workers {args.workers}` "
        "(`--strict` for the strict kinds), timed launch to exit; every schedule re-checked by the verifier "
        "with exactly the relaxation reported"
    )
    print("\n".join(header), flush=True)
    rows: list[list[str]] = []
    explanations: list[str] = []
    misses: list[str] = []
    slowest = 0.0
    with tempfile.TemporaryDirectory() as folder:
        for name in kinds:
            for n in args.sizes:
                for seed in range(args.seeds):
                    case = replace(KINDS[name](n, random.Random(f"{name}-{n}-{seed}")), seed=seed)
                    spec = Path(folder) / f"{case.name}.toml"
                    spec.write_text(spec_toml(case.match), encoding="utf-8")
                    run = run_case(case, spec, args.time_limit, args.workers)
                    ok = judge(case, run, args.time_limit)
                    slowest = max(slowest, run.wall_s)
                    if not ok:
                        misses.append(case.name)
                    rows.append(
                        [
                            case.name,
                            str(n),
                            str(case.expect) + (f" ({case.relaxed})" if case.relaxed else ""),
                            "-" if run.exit_code is None else str(run.exit_code),
                            f"{run.wall_s:.2f}",
                            run.status,
                            "-" if run.breaks is None else str(run.breaks),
                            run.relaxed or "-",
                            str(len(run.explanation)),
                            run.checked,
                            "yes" if ok else "NO",
                        ]
                    )
                    print(" | ".join(rows[-1]), flush=True)
                    if run.explanation and n == min(args.sizes) and seed == 0:
                        shown = run.explanation if len(run.explanation) <= 4 else [*run.explanation[:3], "..."]
                        explanations.append(f"- `{case.name}`: " + "; ".join(shown))
    summary = [
        f"Load average at the end: {load_average()} (timings on a shared machine are noisy).",
        f"- {len(rows) - len(misses)} of {len(rows)} cases answered with the expected exit code within the time "
        f"limit + 2 s; slowest {slowest:.2f} s.",
        f"- missed: {', '.join(misses) if misses else 'none'}.",
    ]
    markdown = [
        f"# Impossible requests and forced relaxations at scale (`{NAME}.py`)",
        "",
        *header,
        "",
        *summary,
        "",
        "`expected`: the exit code the case must get (and the rule it must relax); `schedule`: the verifier's "
        "word on the schedule returned, with exactly the relaxation the JSON reports; `ok`: expected exit code "
        "(with an explanation for exit 1, the rule relaxed for exit 0) within the time limit + 2 s.",
        "",
        *markdown_table(HEADER, rows),
        "",
        f"Explanations at {min(args.sizes)} boards:",
        "",
        *explanations,
        "",
    ]
    write_results(args.out_dir, args.name, markdown, HEADER, rows)
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
