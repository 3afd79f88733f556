"""Damaged copies of real tables are checked, not refused: exit 1 with each fault named.

A differential test recounts rule 0-3 verdicts by brute force, written here from the rules'
wording and sharing nothing with the verifier."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scheveningen.models.formats.tables import PUBLISHED_SIZES, published_text
from scheveningen.models.formats.textform import read_written
from scheveningen.solver.cli.main import main
from scheveningen.solver.verify.verifier import verify


def rows(text: str) -> list[list[str]]:
    """The games of each round line, as tokens."""
    return [line.split("\t")[1:] for line in text.splitlines() if line.startswith("Round")]


def write_rows(header: str, games: list[list[str]]) -> str:
    return header + "".join(f"Round {r}\t" + "\t".join(line) + "\n" for r, line in enumerate(games, start=1))


def header_of(text: str) -> str:
    return "".join(line + "\n" for line in text.splitlines() if line.startswith("#"))


def flip(game: str) -> str:
    white, black = game.split("-")
    return f"{black}-{white}"


@st.composite
def damaged(draw: st.DrawFn) -> tuple[str, str, str]:
    """(damage, text, a phrase the report must contain)."""
    kind = draw(st.sampled_from(["swap", "drop", "twice", "flip", "same-team"]))
    # One flipped colour on an even size always breaks rule 3 (each round needs exactly n/2).
    n = draw(st.sampled_from([n for n in PUBLISHED_SIZES if n >= 3 and (kind != "flip" or n % 2 == 0)]))
    text = published_text(n)
    games = rows(text)
    r = draw(st.integers(0, n - 1))
    k = draw(st.integers(0, n - 1))
    if kind == "swap":  # two boards of a round exchange their B players
        j = draw(st.integers(0, n - 1).filter(lambda j: j != k))
        a = next(p for p in games[r][k].split("-") if p.startswith("A"))
        b = next(p for p in games[r][j].split("-") if p.startswith("B"))
        a2 = next(p for p in games[r][j].split("-") if p.startswith("A"))
        b2 = next(p for p in games[r][k].split("-") if p.startswith("B"))
        games[r][k], games[r][j] = f"{a}-{b}", f"{a2}-{b2}"
        phrase = "meet 2 times"
    elif kind == "drop":
        del games[r][k]
        phrase = f"round {r + 1} is short"
    elif kind == "twice":  # the A player of board k also takes board j's place
        j = draw(st.integers(0, n - 1).filter(lambda j: j != k))
        a = f"A{k + 1}"
        games[r][j] = "-".join(a if p.startswith("A") else p for p in games[r][j].split("-"))
        phrase = f"{a} plays 2 games in round {r + 1}"
    elif kind == "flip":
        games[r][k] = flip(games[r][k])
        phrase = "broken"
    else:
        games[r][k] = f"A{k + 1}-A{(k + 1) % n + 1}"
        phrase = "a game between two players of team A"
    return kind, write_rows(header_of(text), games), phrase


@given(damaged())
@settings(max_examples=60, deadline=None)
def test_damaged_tables_exit_one_with_the_fault_named(
    tmp_path_factory: pytest.TempPathFactory, case: tuple[str, str, str]
) -> None:
    kind, text, phrase = case
    path = tmp_path_factory.mktemp("damaged") / f"{kind}.txt"
    path.write_text(text, encoding="utf-8")
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["verify", str(path)])
    assert code == 1, err.getvalue()
    assert phrase in out.getvalue()
    assert err.getvalue() == ""
    with contextlib.redirect_stdout(out := io.StringIO()):
        assert main(["verify", str(path), "--format", "json"]) == 1
    data = json.loads(out.getvalue())
    assert (data["status"], data["exit_code"], data["ok"]) == ("broken", 1, False)


def test_a_dropped_game_is_placed_by_its_a_player_not_shifted() -> None:
    games = rows(published_text(6))
    del games[1][2]
    verdict = verify(read_written(write_rows("", games)).written)
    messages = [v.message for v in verdict.violations()]
    assert not any("seats" in m for m in messages)
    assert "round 2 is short: 5 games on 6 boards" in messages
    assert "A3 does not play in round 2" in messages


def test_unequal_teams_sit_out_as_planned_but_a_missing_game_is_named() -> None:
    # 3 boards, teams of 4 and 3: 4 rounds; each A player sits out once.
    text = (
        "# Scheveningen system: schedule for a match on 3 boards.\n"
        "# One line a round; teams of 4 and 3 players; a player missing from a round sits out.\n"
        "Round 1\tA1-B1\tB2-A2\tA3-B3\nRound 2\tB2-A1\tA4-B3\tB1-A3\n"
        "Round 3\tA2-B1\tB3-A1\tA4-B2\nRound 4\tB3-A2\tA3-B2\tB1-A4\n"
    )
    parsed = read_written(text)
    assert (parsed.sizes_from, parsed.written.team_a, parsed.written.team_b) == ("header", 4, 3)
    assert verify(parsed.written).complete
    short = text.replace("\tA4-B2\n", "\n")
    messages = [v.message for v in verify(read_written(short).written).violations()]
    assert "round 3 is short: 2 games on 3 boards" in messages
    assert "A4 and B2 meet 0 times (expected 1): never" in messages
    # --teams states the plan when the header does not: a stray number is then named.
    stray = text.replace("Round 2\tB2-A1", "Round 2\tB2-A5").split("\n", 2)[2]
    assert any(
        "A5 is not a player of team A" in m
        for m in (v.message for v in verify(read_written(stray, teams=(4, 3)).written).violations())
    )


# --------------------------------------------------------------------------- differential


def recount(rounds: list[list[tuple[str, str]]], n: int) -> dict[int, bool]:
    """Rules 0-3 by brute force from their wording (single round, equal teams)."""
    a_players = [f"A{i}" for i in range(1, n + 1)]
    b_players = [f"B{i}" for i in range(1, n + 1)]
    meets: Counter[frozenset[str]] = Counter()
    ok0 = len(rounds) == n
    colours: dict[str, list[str]] = {p: [] for p in a_players + b_players}
    a_whites_total = 0
    ok3 = True
    for games in rounds:
        playing = [p for g in games for p in g]
        ok0 &= sorted(playing) == sorted(a_players + b_players) and len(games) == n
        a_whites = 0
        for board, (white, black) in enumerate(games, start=1):
            ok0 &= white[0] != black[0]
            a = white if white[0] == "A" else black
            ok0 &= a == f"A{board}"
            meets[frozenset((white, black))] += 1
            colours[white].append("W")
            colours[black].append("B")
            a_whites += white[0] == "A"
        ok3 &= a_whites in (n // 2, (n + 1) // 2)
        a_whites_total += a_whites
    ok0 &= all(meets[frozenset((a, b))] == 1 for a in a_players for b in b_players)
    ok1 = all(abs(c.count("W") - c.count("B")) <= 1 for c in colours.values())
    ok2 = all("WWW" not in "".join(c) and "BBB" not in "".join(c) for c in colours.values())
    ok3 &= abs(a_whites_total - (n * len(rounds) - a_whites_total)) <= 1
    return {0: ok0, 1: ok1, 2: ok2, 3: ok3}


@st.composite
def complete_schedules(draw: st.DrawFn) -> tuple[int, list[list[tuple[str, str]]]]:
    """Random complete single-round schedules (Latin squares by row shifts and permutations),
    random colours; sometimes one game's B player is swapped with another board's."""
    n = draw(st.integers(2, 7))
    rows_perm = draw(st.permutations(range(n)))
    cols_perm = draw(st.permutations(range(n)))
    rounds = []
    for r in range(n):
        games = []
        for board in range(n):
            b = cols_perm[(rows_perm[r] + board) % n] + 1
            a_white = draw(st.booleans())
            a, bb = f"A{board + 1}", f"B{b}"
            games.append((a, bb) if a_white else (bb, a))
        rounds.append(games)
    if draw(st.booleans()):
        r, i, j = draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1))
        gi, gj = rounds[r][i], rounds[r][j]
        bi = gi[0] if gi[0][0] == "B" else gi[1]
        bj = gj[0] if gj[0][0] == "B" else gj[1]
        rounds[r][i] = tuple(bj if p == bi else p for p in gi)  # type: ignore[assignment]
        rounds[r][j] = tuple(bi if p == bj else p for p in gj)  # type: ignore[assignment]
    return n, rounds


@given(complete_schedules())
@settings(max_examples=200, deadline=None)
def test_verifier_agrees_with_a_brute_force_recount(case: tuple[int, list[list[tuple[str, str]]]]) -> None:
    n, rounds = case
    text = "".join(f"Round {r}\t" + "\t".join(f"{w}-{b}" for w, b in games) + "\n" for r, games in enumerate(rounds, 1))
    verdict = verify(read_written(text, teams=(n, n)).written)
    expected = recount(rounds, n)
    got = {int(rule): verdict.rules[rule].holds for rule in verdict.rules if int(rule) <= 3}
    assert got == expected
