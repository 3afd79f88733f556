"""Equivalence of schedules up to relabelling, its witness, and the canonical fingerprint."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scheveningen.models.domain.schedule import Game, Player, Schedule, Team
from scheveningen.models.formats.tables import PUBLISHED_SIZES, published
from scheveningen.models.formats.textform import format_text, parse_text
from scheveningen.solver.cli.main import main
from scheveningen.solver.verify.compare import compare
from scheveningen.solver.verify.equivalence import (
    CanonicalForm,
    EquivalenceBugError,
    Witness,
    automorphism_count,
    canonical_form,
    check_equivalence,
    equivalence_witness,
    find_renumbering,
    fingerprint,
    group_order,
    is_equivalent,
    same_games,
    team_sizes,
    transform,
)

# Two break-minimal 4-board designs that are not equivalent although every player has the same colours
# in both (they differ only in who meets whom in rounds 3 and 4), and two such 5-board designs with the
# same metrics: found by benchmarks/distinct_designs.py.
FOUR_A = """Round 1	A1-B1	A2-B2	B3-A3	B4-A4
Round 2	B2-A1	B1-A2	A3-B4	A4-B3
Round 3	A1-B4	A2-B3	B2-A3	B1-A4
Round 4	B3-A1	B4-A2	A3-B1	A4-B2
"""
FOUR_B = """Round 1	A1-B1	A2-B2	B3-A3	B4-A4
Round 2	B2-A1	B1-A2	A3-B4	A4-B3
Round 3	A1-B4	A2-B3	B1-A3	B2-A4
Round 4	B3-A1	B4-A2	A3-B2	A4-B1
"""
FIVE_A = """Round 1	A1-B1	A2-B2	A3-B3	B4-A4	B5-A5
Round 2	A1-B4	B3-A2	B1-A3	A4-B5	B2-A5
Round 3	B5-A1	B4-A2	A3-B2	B1-A4	A5-B3
Round 4	B3-A1	A2-B1	A3-B5	B2-A4	A5-B4
Round 5	A1-B2	B5-A2	B4-A3	A4-B3	B1-A5
"""
FIVE_B = """Round 1	A1-B1	A2-B2	A3-B3	B4-A4	B5-A5
Round 2	A1-B4	B3-A2	B1-A3	A4-B5	B2-A5
Round 3	B5-A1	B4-A2	A3-B2	B1-A4	A5-B3
Round 4	B3-A1	A2-B5	A3-B4	B2-A4	A5-B1
Round 5	A1-B2	B1-A2	B5-A3	A4-B3	B4-A5
"""


def _read(text: str) -> Schedule:
    return parse_text(text).schedule


def _random_witness(schedule: Schedule, rng: random.Random, allow_reversal: bool = False) -> Witness:
    a = list(range(1, schedule.team_a + 1))
    b = list(range(1, schedule.team_b + 1))
    rng.shuffle(a)
    rng.shuffle(b)
    swap = schedule.team_a == schedule.team_b and rng.random() < 0.5
    return Witness(tuple(a), tuple(b), swap, rng.random() < 0.5, allow_reversal and rng.random() < 0.5)


def _flip_one_game(schedule: Schedule, rng: random.Random) -> Schedule:
    r = rng.randrange(schedule.n_rounds)
    k = rng.randrange(schedule.boards)
    rounds = [list(games) for games in schedule.rounds]
    game = rounds[r][k]
    rounds[r][k] = Game(game.black, game.white)
    return Schedule(schedule.boards, tuple(tuple(g) for g in rounds), schedule.team_a, schedule.team_b)


def _random_complete(n: int, rng: random.Random) -> Schedule:
    """A complete single round (a random Latin square) with random colours; the house rules may fail."""
    rows = list(range(n))
    symbols = list(range(n))
    rng.shuffle(rows)
    rng.shuffle(symbols)
    pairings = [
        [(a, symbols[(rows[r] + a - 1) % n] + 1, rng.random() < 0.5) for a in range(1, n + 1)] for r in range(n)
    ]
    return Schedule.from_pairings(pairings)


def _random_matchings(n: int, rounds: int, rng: random.Random) -> Schedule:
    """Any matching each round: pairs may meet twice or never (stresses ties in the canonical search)."""
    pairings = []
    for _r in range(rounds):
        opponents = list(range(1, n + 1))
        rng.shuffle(opponents)
        pairings.append([(a, opponents[a - 1], rng.random() < 0.5) for a in range(1, n + 1)])
    return Schedule.from_pairings(pairings)


# --------------------------------------------------------------------------- applying symmetries


def test_renumbering_moves_games_to_the_boards_of_the_new_a_players() -> None:
    schedule = _read("Round 1\tA1-B1\tB2-A2\nRound 2\tB2-A1\tA2-B1\n")
    moved = transform(schedule, renumber_a=(2, 1))
    assert format_text(moved) == "Round 1\tB2-A1\tA2-B1\nRound 2\tA1-B1\tB2-A2\n"


def test_swapping_teams_keeps_each_players_colour() -> None:
    schedule = _read("Round 1\tA1-B2\tA2-B1\nRound 2\tB1-A1\tB2-A2\n")
    swapped = transform(schedule, swap_teams=True)
    # B2 (Black against A1) becomes A2 and sits at board 2, still Black; A1 becomes B1, still White.
    assert format_text(swapped) == "Round 1\tB2-A1\tB1-A2\nRound 2\tA1-B1\tA2-B2\n"
    assert transform(swapped, swap_teams=True) == schedule


def test_colour_and_round_reversal() -> None:
    schedule = _read("Round 1\tA1-B1\tB2-A2\nRound 2\tB2-A1\tA2-B1\n")
    assert format_text(transform(schedule, reverse_colours=True)) == "Round 1\tB1-A1\tA2-B2\nRound 2\tA1-B2\tB1-A2\n"
    assert format_text(transform(schedule, reverse_rounds=True)) == "Round 1\tB2-A1\tA2-B1\nRound 2\tA1-B1\tB2-A2\n"


def test_witness_player_map_follows_the_swap() -> None:
    witness = Witness((2, 1), (1, 2), swap_teams=True)
    assert witness.player_map()[Player(Team.A, 1)] == Player(Team.B, 2)
    assert witness.player_map()[Player(Team.B, 2)] == Player(Team.A, 2)


def test_bad_renumbering_is_refused() -> None:
    with pytest.raises(ValueError, match="permutation"):
        transform(published(3), renumber_a=(1, 1, 2))


# --------------------------------------------------------------------------- equivalence


@pytest.mark.parametrize("boards", list(PUBLISHED_SIZES))
def test_relabelled_published_tables_are_equivalent_with_an_exact_witness(boards: int) -> None:
    table = published(boards)
    rng = random.Random(1000 + boards)
    for _ in range(3):
        hidden = _random_witness(table, rng)
        copy = hidden.apply(table)
        witness = equivalence_witness(table, copy)
        assert witness is not None
        assert witness.apply(table).rounds == copy.rounds  # board by board, not only as multisets
        back = equivalence_witness(copy, table)
        assert back is not None and back.apply(copy).rounds == table.rounds
        assert fingerprint(copy) == fingerprint(table)


@pytest.mark.parametrize("boards", list(PUBLISHED_SIZES))
def test_every_symmetry_is_found_for_published_tables(boards: int) -> None:
    table = published(boards)
    rng = random.Random(boards)
    for swap, colours in itertools.product((False, True), repeat=2):
        a = list(range(1, boards + 1))
        rng.shuffle(a)
        copy = Witness(tuple(a), tuple(range(1, boards + 1)), swap, colours).apply(table)
        result = check_equivalence(copy, table)
        assert result.equivalent and result.witness is not None
        assert result.witness.apply(copy).rounds == table.rounds
        assert result.describe()[0] == "equivalent: yes"


@pytest.mark.parametrize("boards", list(PUBLISHED_SIZES))
def test_round_reversal_needs_allow_reversal(boards: int) -> None:
    table = published(boards)
    reversed_copy = _random_witness(table, random.Random(boards), allow_reversal=False).apply(
        transform(table, reverse_rounds=True)
    )
    witness = equivalence_witness(table, reversed_copy, allow_reversal=True)
    assert witness is not None and witness.apply(table).rounds == reversed_copy.rounds
    assert fingerprint(table, allow_reversal=True) == fingerprint(reversed_copy, allow_reversal=True)
    # Without reversal the answer must agree with the fingerprint, whatever it is.
    plain = is_equivalent(table, reversed_copy)
    assert plain == (fingerprint(table) == fingerprint(reversed_copy))
    if plain:
        assert equivalence_witness(table, reversed_copy).reverse_rounds is False


@pytest.mark.parametrize("boards", list(PUBLISHED_SIZES))
def test_one_game_with_its_colours_swapped_is_not_equivalent(boards: int) -> None:
    table = published(boards)
    rng = random.Random(boards)
    for _ in range(2):
        other = _random_witness(table, rng).apply(_flip_one_game(table, rng))
        result = check_equivalence(table, other)
        assert not result.equivalent and result.witness is None
        assert result.describe()[0] == "equivalent: no"
        assert fingerprint(table) != fingerprint(other)
        assert fingerprint(table, allow_reversal=True) != fingerprint(other, allow_reversal=True)


@pytest.mark.parametrize(("left", "right"), [(FOUR_A, FOUR_B), (FIVE_A, FIVE_B)])
def test_different_designs_with_the_same_metrics_are_not_equivalent(left: str, right: str) -> None:
    x, y = _read(left), _read(right)
    comparison = compare(x, y)
    assert all(row.better == "same" for row in comparison.rows)
    assert comparison.equivalence is not None and not comparison.equivalence.equivalent
    assert not is_equivalent(x, y, allow_reversal=True)
    assert fingerprint(x) != fingerprint(y)
    # ...while relabelled copies of each are found.
    rng = random.Random(7)
    assert is_equivalent(_random_witness(x, rng).apply(x), x)
    assert is_equivalent(y, _random_witness(y, rng).apply(y))


def test_sizes_must_agree() -> None:
    result = check_equivalence(published(4), published(5))
    assert not result.equivalent and "boards" in result.reason


def test_unequal_teams_are_renumbered_but_never_swapped() -> None:
    # 2 boards, team A of 2 and team B of 4: 4 rounds, every pair meets once.
    schedule = Schedule.from_pairings(
        [
            [(1, 1, True), (2, 2, False)],
            [(1, 3, False), (2, 4, True)],
            [(1, 2, True), (2, 1, False)],
            [(1, 4, False), (2, 3, True)],
        ],
        team_a=2,
        team_b=4,
    )
    copy = Witness((2, 1), (3, 1, 4, 2), reverse_colours=True).apply(schedule)
    witness = equivalence_witness(schedule, copy)
    assert witness is not None and same_games(witness.apply(schedule), copy)
    assert fingerprint(schedule) == fingerprint(copy)
    assert "teams4x2" not in fingerprint(schedule) and "teams2x4" in fingerprint(schedule)
    with pytest.raises(ValueError, match="cannot be swapped"):
        transform(schedule, swap_teams=True)

    def other_side(player: Player) -> Player:
        return Player(player.team.other, player.number)

    mirrored = Schedule(
        2,
        tuple(tuple(Game(other_side(g.white), other_side(g.black)) for g in games) for games in schedule.rounds),
        team_a=4,
        team_b=2,
    )
    result = check_equivalence(schedule, mirrored)
    assert not result.equivalent and "same size" in result.reason
    result = check_equivalence(schedule, published(2))
    assert not result.equivalent and result.reason


def test_witnesses_compose_and_invert() -> None:
    table = published(6)
    rng = random.Random(11)
    first, second = _random_witness(table, rng, True), _random_witness(table, rng, True)
    assert first.then(second).apply(table) == second.apply(first.apply(table))
    assert first.inverse().apply(first.apply(table)) == table
    assert first.then(first.inverse()).is_identity


def _forms_that_never_agree() -> Callable[[Schedule, bool], CanonicalForm]:
    """A broken canonical form: right witness, but a representative no other call returns."""
    counter = itertools.count(1)

    def broken(schedule: Schedule, allow_reversal: bool) -> CanonicalForm:
        form = canonical_form(schedule, allow_reversal)
        unique = dataclasses.replace(form.schedule, team_a=form.schedule.team_a + next(counter))
        return dataclasses.replace(form, schedule=unique)

    return broken


def _graph_search_refused(left: Schedule, right: Schedule) -> tuple[dict[int, int], dict[int, int]] | None:
    raise AssertionError("the graph search was asked")


def test_the_graph_search_catches_canonical_forms_that_miss_an_equivalence() -> None:
    table = published(5)
    copy = _random_witness(table, random.Random(4)).apply(table)
    result = check_equivalence(table, copy, canonical=_forms_that_never_agree())
    assert result.equivalent and result.witness is not None and "bug" in result.note
    assert result.witness.apply(table).rounds == copy.rounds
    # The hint about round reversal takes the same route.
    reversed_table = transform(published(6), reverse_rounds=True)
    hint = check_equivalence(reversed_table, published(6), canonical=_forms_that_never_agree())
    assert not hint.equivalent and "--allow-reversal" in hint.note and "bug" in hint.note


def test_equivalent_schedules_are_proved_by_the_canonical_witness_without_the_graph_search() -> None:
    table = published(9)
    copy = _random_witness(table, random.Random(9)).apply(table)
    result = check_equivalence(copy, table, renumbering=_graph_search_refused)
    assert result.equivalent and result.witness is not None and not result.note
    assert result.witness.apply(copy).rounds == table.rounds


@pytest.mark.parametrize("boards", [4, 7, 12])
def test_different_colour_patterns_are_told_apart_without_the_graph_search(boards: int) -> None:
    # One game with its colours swapped changes two players' colours; no symmetry can undo that for
    # these tables, and the labels (team and colours round by round) prove it, reversal hint included.
    table = published(boards)
    rng = random.Random(boards)
    other = _random_witness(table, rng).apply(_flip_one_game(table, rng))
    result = check_equivalence(table, other, renumbering=_graph_search_refused)
    assert not result.equivalent and result.witness is None and result.reason and not result.note
    assert not is_equivalent(table, other, allow_reversal=True)


def test_designs_that_look_alike_to_the_labels_are_settled_by_the_graph_search() -> None:
    # FOUR_A and FOUR_B give every player the same colours, so only the graph search can say "no".
    asked: list[int] = []

    def recorded(left: Schedule, right: Schedule) -> tuple[dict[int, int], dict[int, int]] | None:
        asked.append(1)
        return find_renumbering(left, right)

    result = check_equivalence(_read(FOUR_A), _read(FOUR_B), renumbering=recorded)
    assert not result.equivalent and not result.note and asked


def test_a_wrong_canonical_witness_is_never_accepted() -> None:
    table = published(5)
    copy = Witness((2, 3, 4, 5, 1), (1, 2, 3, 4, 5)).apply(table)

    def identity_witness(schedule: Schedule, allow_reversal: bool) -> CanonicalForm:
        form = canonical_form(schedule, allow_reversal)
        size_a, size_b = team_sizes(schedule)
        return dataclasses.replace(form, witness=Witness(tuple(range(1, size_a + 1)), tuple(range(1, size_b + 1))))

    with pytest.raises(EquivalenceBugError):
        check_equivalence(table, copy, canonical=identity_witness)


def test_a_wrong_witness_is_never_accepted() -> None:
    table = published(5)
    copy = Witness((2, 3, 4, 5, 1), (1, 2, 3, 4, 5)).apply(table)
    identity = {k: k for k in range(1, 6)}
    with pytest.raises(EquivalenceBugError):
        equivalence_witness(table, copy, renumbering=lambda left, right: (identity, identity))


# --------------------------------------------------------------------------- the canonical form


@pytest.mark.parametrize("boards", list(PUBLISHED_SIZES))
def test_canonical_form_is_reached_by_its_witness_and_is_stable(boards: int) -> None:
    table = published(boards)
    form = canonical_form(table)
    assert form.witness.apply(table) == form.schedule
    again = canonical_form(form.schedule)
    assert again.schedule == form.schedule and again.fingerprint == form.fingerprint
    assert parse_text(form.text).schedule == form.schedule
    assert form.fingerprint.startswith(f"scheveningen-fp1:{boards}b:{boards}r:single:")


def test_fingerprints_with_and_without_reversal_never_mix() -> None:
    table = published(4)
    assert fingerprint(table) != fingerprint(table, allow_reversal=True)


def test_fingerprints_agree_exactly_when_equivalent_on_a_seeded_sample() -> None:
    rng = random.Random(2024)
    bases = [published(4), published(5), _read(FOUR_A), _read(FOUR_B), _read(FIVE_A), _read(FIVE_B)]
    bases += [_random_complete(4, rng) for _ in range(2)] + [_random_matchings(4, 4, rng) for _ in range(2)]
    pool = []
    for base in bases:
        pool.append(base)
        pool.append(_random_witness(base, rng, allow_reversal=True).apply(base))
        pool.append(_random_witness(base, rng).apply(_flip_one_game(base, rng)))
    for allow_reversal in (False, True):
        prints = [fingerprint(s, allow_reversal) for s in pool]
        forms = [canonical_form(s, allow_reversal).schedule for s in pool]
        for i, j in itertools.combinations(range(len(pool)), 2):
            x, y = pool[i], pool[j]
            if x.boards != y.boards:
                assert prints[i] != prints[j]
                continue
            same = is_equivalent(x, y, allow_reversal)
            assert (prints[i] == prints[j]) == same, (i, j, allow_reversal)
            assert (forms[i] == forms[j]) == same


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 6), complete=st.booleans(), reversal=st.booleans())
def test_random_schedules_relabelled_keep_their_fingerprint(seed: int, n: int, complete: bool, reversal: bool) -> None:
    rng = random.Random(seed)
    schedule = _random_complete(n, rng) if complete else _random_matchings(n, rng.randint(1, n + 1), rng)
    hidden = _random_witness(schedule, rng, allow_reversal=reversal)
    copy = hidden.apply(schedule)
    witness = equivalence_witness(schedule, copy, allow_reversal=reversal)
    assert witness is not None and same_games(witness.apply(schedule), copy)
    x, y = canonical_form(schedule, reversal), canonical_form(copy, reversal)
    assert x.schedule == y.schedule and x.fingerprint == y.fingerprint
    assert x.witness.apply(schedule) == x.schedule
    # Were the canonical forms to miss it, the labels would not rule it out and the graph search would find it.
    missed = check_equivalence(schedule, copy, reversal, canonical=_forms_that_never_agree())
    assert missed.equivalent and missed.witness is not None and "bug" in missed.note
    assert same_games(missed.witness.apply(schedule), copy)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 4), rounds=st.integers(1, 5))
def test_canonical_order_is_the_brute_force_minimum(seed: int, n: int, rounds: int) -> None:
    """The search finds the least row-major reading over every row and column permutation, also when
    pairs meet twice or never (ties that make it branch)."""
    from scheveningen.solver.verify.equivalence import _canonical_order, _meeting_matrix

    matrix = _meeting_matrix(_random_matchings(n, rounds, random.Random(seed)))
    encoding, rows, cols = _canonical_order(matrix)
    brute = min(
        tuple(tuple(matrix[r][c] for c in q) for r in p)
        for p in itertools.permutations(range(n))
        for q in itertools.permutations(range(n))
    )
    assert encoding == brute
    assert tuple(tuple(matrix[r][c] for c in cols) for r in rows) == encoding


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 3), perturb=st.booleans(), reversal=st.booleans())
def test_equivalence_agrees_with_brute_force_over_the_whole_group(
    seed: int, n: int, perturb: bool, reversal: bool
) -> None:
    rng = random.Random(seed)
    x = _random_matchings(n, rng.randint(1, 4), rng)
    y = _random_witness(x, rng, allow_reversal=True).apply(x)
    if perturb:
        y = _flip_one_game(y, rng)
    truth = any(
        same_games(Witness(a, b, swap, colours, rounds).apply(x), y)
        for a in itertools.permutations(range(1, n + 1))
        for b in itertools.permutations(range(1, n + 1))
        for swap, colours in itertools.product((False, True), repeat=2)
        for rounds in ((False, True) if reversal else (False,))
    )
    assert is_equivalent(x, y, reversal) == truth
    assert (fingerprint(x, reversal) == fingerprint(y, reversal)) == truth
    result = check_equivalence(x, y, reversal)
    assert result.equivalent == truth and "bug" not in result.note


def test_classes_of_three_board_designs_match_orbit_counting() -> None:
    """Every break-minimal 3-board schedule, enumerated here by brute force, falls into classes whose
    sizes (group order over stabiliser order, the orbit-stabiliser theorem) add up to the total."""
    designs = []
    squares = [p for p in itertools.product(itertools.permutations(range(1, 4)), repeat=3)]
    for perms in squares:
        if len({(a, perm[a - 1]) for perm in perms for a in range(1, 4)}) != 9:
            continue
        for bits in itertools.product((True, False), repeat=9):
            a_white = [bits[3 * r : 3 * r + 3] for r in range(3)]
            if any(not 1 <= sum(row) <= 2 for row in a_white) or not 4 <= sum(bits) <= 5:
                continue
            a_seq = {a: [a_white[r][a - 1] for r in range(3)] for a in range(1, 4)}
            b_seq = {perms[r][a - 1]: [] for r in range(3) for a in range(1, 4)}
            for r in range(3):
                for a in range(1, 4):
                    b_seq[perms[r][a - 1]].append(not a_white[r][a - 1])
            seqs = list(a_seq.values()) + list(b_seq.values())
            if any(not 1 <= sum(s) <= 2 for s in seqs):
                continue
            if sum(x == y for s in seqs for x, y in itertools.pairwise(s)) != 4:
                continue
            designs.append(
                Schedule.from_pairings(
                    [[(a, perms[r][a - 1], a_white[r][a - 1]) for a in range(1, 4)] for r in range(3)]
                )
            )
    assert len(designs) == 432
    for allow_reversal, expected in ((False, 3), (True, 2)):
        classes: dict[str, list[Schedule]] = {}
        for schedule in designs:
            classes.setdefault(fingerprint(schedule, allow_reversal), []).append(schedule)
        assert len(classes) == expected
        for members in classes.values():
            first = members[0]
            orbit = group_order(first, allow_reversal) // automorphism_count(first, allow_reversal)
            assert orbit == len(members)
            assert all(is_equivalent(first, other, allow_reversal) for other in members[:: max(1, len(members) // 8)])


# --------------------------------------------------------------------------- the command line


def _write(tmp_path, name: str, schedule: Schedule) -> str:
    path = tmp_path / name
    path.write_text(format_text(schedule), encoding="utf-8")
    return str(path)


def test_cli_compare_says_yes_with_the_witness(tmp_path, capsys) -> None:
    table = published(7)
    copy = _random_witness(table, random.Random(3)).apply(table)
    path = _write(tmp_path, "copy.txt", copy)
    assert main(["compare", path, "--against", "7"]) == 0
    out = capsys.readouterr().out
    assert "equivalent: yes" in out.splitlines()
    assert "renumber team A:" in out and "breaks team A" in out
    assert main(["compare", path, "--against", "7", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["equivalent"] is True
    w = data["equivalence"]["witness"]
    witness = Witness(
        tuple(int(w["renumber_a"][f"A{i}"][1:]) for i in range(1, 8)),
        tuple(int(w["renumber_b"][f"B{i}"][1:]) for i in range(1, 8)),
        w["swap_teams"],
        w["reverse_colours"],
        w["reverse_rounds"],
    )
    assert witness.apply(copy).rounds == table.rounds
    assert {row["metric"] for row in data["rows"]} >= {"breaks team A", "breaks team B", "longest colour run"}


def test_cli_compare_says_no(tmp_path, capsys) -> None:
    left = _write(tmp_path, "a.txt", _read(FOUR_A))
    right = _write(tmp_path, "b.txt", _read(FOUR_B))
    assert main(["compare", left, "--against", right, "--allow-reversal"]) == 0
    out = capsys.readouterr().out
    assert "equivalent: no" in out.splitlines()
    assert "reverse rounds" in out
    assert main(["compare", left, "--against", right, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["equivalent"] is False and data["equivalence"]["witness"] is None


def test_cli_compare_reversal_note(tmp_path, capsys) -> None:
    reversed_table = transform(published(6), reverse_rounds=True)
    path = _write(tmp_path, "rev.txt", reversed_table)
    assert main(["compare", path, "--against", "6"]) == 0
    out = capsys.readouterr().out
    assert "equivalent: no" in out.splitlines() and "--allow-reversal" in out
    assert main(["compare", path, "--against", "6", "--allow-reversal"]) == 0
    assert "equivalent: yes" in capsys.readouterr().out.splitlines()


def test_cli_fingerprint(tmp_path, capsys) -> None:
    table = published(5)
    copy = _random_witness(table, random.Random(5)).apply(table)
    path = _write(tmp_path, "five.txt", copy)
    assert main(["fingerprint", path]) == 0
    line = capsys.readouterr().out
    assert line == fingerprint(table) + "\n"
    assert main(["fingerprint", path, "--allow-reversal", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["fingerprint"] == fingerprint(table, allow_reversal=True)
    assert parse_text(data["canonical"]).schedule == canonical_form(table, allow_reversal=True).schedule
    assert "reverse rounds" in data["symmetries"]


@pytest.mark.parametrize(
    "argv",
    [
        ["fingerprint", "/nonexistent/schedule.txt"],
        ["fingerprint"],
        ["compare", "/nonexistent/schedule.txt", "--against", "4"],
        ["fingerprint", "--allow-reversal=yes", "x"],
    ],
)
def test_cli_bad_input_exits_2(argv, capsys) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "schev: error:" in err


def test_cli_malformed_file_exits_2(tmp_path, capsys) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("Round 1\tA1-A2\n", encoding="utf-8")
    assert main(["fingerprint", str(path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1
