"""The shipped published tables: each loads, keeps its source, is printed byte for byte by
``schev table N``, and passes the verifier with the metrics the table itself shows."""

from __future__ import annotations

import itertools
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from scheveningen.models.domain.rules import RULES, Rule
from scheveningen.models.formats.tables import PUBLISHED_SIZES, UnknownTableError, published, published_text
from scheveningen.solver.cli.main import main
from scheveningen.solver.verify.verifier import verify

SIZES = list(PUBLISHED_SIZES)
PACKAGE_TABLES = resources.files("scheveningen.models.formats").joinpath("published")
# The project's shared folder lies beside the repository (CI lays a copy of it there too).
SHARED_TABLES = Path(__file__).resolve().parents[4] / "shared" / "tables"

# Total breaks of each published table (read off the tables; cross-checked below by an independent count).
PUBLISHED_BREAKS = {2: 0, 3: 4, 4: 4, 5: 8, 6: 16, 7: 12, 8: 8, 9: 16, 10: 28, 11: 20, 12: 12, 13: 24}


def table_id(n: int) -> str:
    return f"n{n:02d}-breaks{PUBLISHED_BREAKS[n]}"


def shipped_bytes(n: int) -> bytes:
    return PACKAGE_TABLES.joinpath(f"n{n:02d}.txt").read_bytes()


def count_from_text(text: str) -> tuple[int, dict[str, int], list[int]]:
    """Breaks, whites per player and A whites per round, counted straight from the text and
    independently of the library: a line is a round, a token ``X-Y`` means X has White."""
    colours: dict[str, list[str]] = {}
    a_whites = []
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        games = [token.split("-") for token in line.split("\t")[1:]]
        a_whites.append(sum(white.startswith("A") for white, _black in games))
        for white, black in games:
            colours.setdefault(white, []).append("W")
            colours.setdefault(black, []).append("B")
    breaks = sum(x == y for seq in colours.values() for x, y in itertools.pairwise(seq))
    whites = {player: seq.count("W") for player, seq in colours.items()}
    return breaks, whites, a_whites


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_every_size_from_two_to_thirteen_is_shipped() -> None:
    assert list(range(2, 14)) == SIZES
    shipped = sorted(entry.name for entry in PACKAGE_TABLES.iterdir() if entry.name.endswith(".txt"))
    assert shipped == [f"n{n:02d}.txt" for n in SIZES]


@pytest.mark.parametrize("n", SIZES, ids=table_id)
def test_table_loads_as_a_square_schedule(n: int) -> None:
    schedule = published(n)
    assert (schedule.boards, schedule.n_rounds, schedule.team_a, schedule.team_b) == (n, n, n, n)
    assert published_text(n).encode("utf-8") == shipped_bytes(n)


@pytest.mark.parametrize("n", SIZES, ids=table_id)
def test_table_keeps_its_source_header(n: int) -> None:
    lines = published_text(n).splitlines()
    header = list(itertools.takewhile(lambda line: line.startswith("#"), lines))
    sources = [line for line in header if line.startswith("# Source: ")]
    assert len(sources) == 1
    assert len(sources[0]) > len("# Source: ") + 10
    assert f"on {n} boards" in header[0]
    assert all(not line.startswith("#") for line in lines[len(header) :])


@pytest.mark.parametrize("n", SIZES, ids=table_id)
def test_schev_table_prints_the_file_byte_for_byte(n: int, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "table", str(n))
    assert (code, err) == (0, "")
    assert out.encode("utf-8") == shipped_bytes(n)


@pytest.mark.parametrize("n", SIZES, ids=table_id)
def test_schev_table_output_file_is_the_file_byte_for_byte(n: int, tmp_path: Path) -> None:
    target = tmp_path / "table.txt"
    assert main(["table", str(n), "--output", str(target)]) == 0
    assert target.read_bytes() == shipped_bytes(n)


@pytest.mark.skipif(not SHARED_TABLES.is_dir(), reason=f"{SHARED_TABLES} does not exist")
@pytest.mark.parametrize("n", SIZES, ids=table_id)
def test_schev_table_matches_the_shared_copy(n: int, capsys: pytest.CaptureFixture[str]) -> None:
    shared = SHARED_TABLES / f"n{n:02d}.txt"
    assert shared.is_file(), f"{shared} is missing"
    code, out, _err = run(capsys, "table", str(n))
    assert code == 0
    assert out.encode("utf-8") == shared.read_bytes()


def test_schev_table_in_a_subprocess_writes_the_exact_bytes() -> None:
    # What a real process adds to the in-process tests above (every size's bytes, there): the
    # interpreter's own stdout, its encoding and newline handling, and the exit status.  One size
    # checks that; the largest table, with the most bytes.
    done = subprocess.run(
        [sys.executable, "-m", "scheveningen", "table", "13"], capture_output=True, timeout=120, check=False
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout == shipped_bytes(13)


@pytest.mark.parametrize("n", SIZES, ids=table_id)
def test_published_table_passes_the_verifier(n: int, record_property: pytest.RecordProperty) -> None:
    verdict = verify(published(n))
    m = verdict.metrics
    # Plain values (rule numbers, not Rule members): a property may have to cross to another process,
    # as it does from a pytest-xdist worker.
    relaxed = [int(r) for r in verdict.relaxed]
    for key, value in (("breaks", m.total_breaks), ("longest_run", m.longest_run), ("relaxed", relaxed)):
        record_property(key, value)
    print(
        f"n{n:02d}: ok={verdict.ok} breaks={m.total_breaks} (A {m.breaks_by_team['A']}, B {m.breaks_by_team['B']}) "
        f"longest run={m.longest_run} A whites/round={m.a_whites_per_round} relaxed={relaxed}"
    )
    assert verdict.ok
    assert verdict.complete
    assert not verdict.double
    breaks, whites, a_whites = count_from_text(published_text(n))
    assert m.total_breaks == breaks == PUBLISHED_BREAKS[n]
    assert m.whites_per_player == whites
    assert m.a_whites_per_round == a_whites
    assert m.longest_run == (1 if n == 2 else 2)


@pytest.mark.parametrize("n", SIZES[1:], ids=table_id)
def test_tables_from_three_boards_keep_every_rule(n: int) -> None:
    verdict = verify(published(n))
    assert {rule: rv.status for rule, rv in verdict.rules.items()} == {
        **dict.fromkeys(RULES, "holds"),
        Rule.FEWEST_BREAKS: "counted",
    }
    assert verdict.relaxed == []
    assert verdict.notes == ()


def test_two_board_table_keeps_rules_one_and_two_and_relaxes_rule_three() -> None:
    verdict = verify(published(2))
    statuses = {rule: rv.status for rule, rv in verdict.rules.items()}
    assert statuses == {
        Rule.COMPLETE: "holds",
        Rule.COLOUR_BALANCE: "holds",
        Rule.NO_THREE_IN_A_ROW: "holds",
        Rule.BOARD_BALANCE: "relaxed",
        Rule.FEWEST_BREAKS: "counted",
    }
    assert verdict.ok
    assert verdict.relaxed == [Rule.BOARD_BALANCE]
    excuse = verdict.rules[Rule.BOARD_BALANCE].excuse
    assert excuse is not None
    assert "no complete schedule on 2 boards keeps rule 3" in excuse
    assert "all 32 were examined" in excuse
    assert "the least possible" in excuse
    assert [v.round for v in verdict.rules[Rule.BOARD_BALANCE].violations] == [1, 2]
    assert len(verdict.notes) == 1
    assert verdict.notes[0].startswith("rule 3 (board balance) relaxed")


def test_two_board_table_verified_from_the_command_line_says_rule_three_is_relaxed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _err = run(capsys, "verify", str(PACKAGE_TABLES.joinpath("n02.txt")))
    assert code == 0
    lines = out.splitlines()
    assert "verdict: ok" in lines
    assert "rule 1 colour balance: holds" in lines
    assert "rule 2 no three in a row: holds" in lines
    assert "rule 3 board balance: relaxed" in lines
    excuse = lines[lines.index("rule 3 board balance: relaxed") + 1]
    assert "no complete schedule on 2 boards" in excuse


@pytest.mark.parametrize("n", [-1, 0, 1, 14, 100])
def test_size_outside_two_to_thirteen_is_a_clear_error(n: int, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "table", str(n))
    assert code == 2
    assert out == ""
    assert err.splitlines() == [
        f"schev: error: there is no published table for {n} boards (published tables cover 2 to 13 boards)"
    ]
    assert "Traceback" not in err


def test_size_that_is_not_a_number_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "table", "six")
    assert code == 2
    assert out == ""
    assert err.splitlines()[-1] == "schev: error: argument boards: invalid int value: 'six'"
    assert "Traceback" not in err


def test_size_outside_range_in_a_subprocess_has_no_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "scheveningen", "table", "14"], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        "schev: error: there is no published table for 14 boards (published tables cover 2 to 13 boards)"
    ]


@pytest.mark.parametrize("n", [1, 14])
def test_library_refuses_unknown_sizes(n: int) -> None:
    with pytest.raises(UnknownTableError, match=f"no published table for {n} boards"):
        published_text(n)
    with pytest.raises(ValueError):
        published(n)
