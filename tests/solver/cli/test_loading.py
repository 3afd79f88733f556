"""What each command loads: a command that never searches starts without the solver.

Each command runs in a fresh interpreter (``python -c``, as the ``schev`` script would run it) and
reports which of the heavy libraries it imported: OR-Tools (whose CP-SAT module brings pandas and
numpy) and networkx.  A table, a check, a result, the standings, an export, ``--help`` and
``--version`` load none of them; ``compare`` loads networkx only when its graph search is needed
(two schedules that are not the same design and look alike to its labels); ``generate``
loads CP-SAT only when it searches, which a plain match that the direct construction answers
(every size from 2 to 100, single and double round) never does; and no command but ``serve`` loads
the web page's packages.  Timings are measured by ``benchmarks/startup.py``, not here.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scheveningen.models.formats.tables import published, published_text
from scheveningen.models.formats.textform import format_text
from scheveningen.solver.verify.equivalence import Witness, transform

HEAVY = ("ortools", "numpy", "pandas", "networkx")

#: The web page's packages: no command but ``serve`` loads them.
WEB = ("starlette", "uvicorn", "jinja2")

_PROBE = """
import io, json, sys
from contextlib import redirect_stderr, redirect_stdout
from scheveningen.solver.cli.main import main
argv, watched = json.loads(sys.argv[1]), json.loads(sys.argv[2])
with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
    try:
        code = main(argv)
    except SystemExit as stop:  # --help and --version leave through argparse
        code = stop.code
print(json.dumps({"code": code, "loaded": [name for name in watched if name in sys.modules]}))
"""


def loaded(folder: Path, *argv: str, watched: tuple[str, ...] = HEAVY + WEB) -> tuple[int, list[str]]:
    """The exit code of ``schev ARGV`` run in a fresh interpreter in ``folder``, and which of the
    ``watched`` libraries it imported."""
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(list(argv)), json.dumps(list(watched))],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return found["code"], found["loaded"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A published table, a design report, a match file with results, its TRF, and a spec that searches."""
    path = tmp_path_factory.mktemp("loading")
    (path / "n6.txt").write_text(published_text(6), encoding="utf-8")
    for argv in (
        ["generate", "6", "--format", "json", "--output", "design.json"],
        ["generate", "6", "--output", "match.json"],
        ["result", "match.json", "--round", "1", "1-0", "0-1", "1/2-1/2", "+-", "-+", "1-0"],
        ["export", "match.json", "--format", "trf", "--output", "match.trf"],
    ):
        code, _ = loaded(path, *argv)
        assert code == 0, argv
    # A request on 4 boards: answered by the full model, a search of a moment.
    (path / "request.toml").write_text(
        'boards = 4\n\n[[meet]]\nplayers = ["A1", "B1"]\nround = 2\n', encoding="utf-8"
    )
    return path


LIGHT = [
    ("--help",),
    ("--version",),
    ("table", "8"),
    ("table", "8", "--best"),
    ("table", "13", "--format", "json"),
    ("verify", "n6.txt"),
    ("verify", "design.json"),
    ("verify", "match.json"),
    ("verify", "match.trf"),
    ("fingerprint", "n6.txt"),
    ("fingerprint", "match.json", "--format", "json"),
    ("result", "match.json", "--round", "2", "1-0", "0-1", "1-0", "0-1", "1-0", "0-1", "--output", "-"),
    ("standings", "match.json"),
    ("standings", "match.json", "--format", "html"),
    ("history", "match.json"),
    *(("export", "match.json", "--format", fmt) for fmt in ("text", "html", "trf", "pgn", "csv", "md")),
    ("generate", "--help"),
]


@pytest.mark.parametrize("argv", LIGHT, ids=" ".join)
def test_a_command_that_never_searches_loads_no_heavy_library_nor_the_web_packages(
    folder: Path, argv: tuple[str, ...]
) -> None:
    code, libraries = loaded(folder, *argv)
    assert code == 0
    assert libraries == []


# Two break-minimal 4-board designs, not the same design, in which every player has the same colours:
# only the graph search (networkx) can tell them apart.
FOUR_A = (
    "Round 1\tA1-B1\tA2-B2\tB3-A3\tB4-A4\nRound 2\tB2-A1\tB1-A2\tA3-B4\tA4-B3\n"
    "Round 3\tA1-B4\tA2-B3\tB2-A3\tB1-A4\nRound 4\tB3-A1\tB4-A2\tA3-B1\tA4-B2\n"
)
FOUR_B = (
    "Round 1\tA1-B1\tA2-B2\tB3-A3\tB4-A4\nRound 2\tB2-A1\tB1-A2\tA3-B4\tA4-B3\n"
    "Round 3\tA1-B4\tA2-B3\tB1-A3\tB2-A4\nRound 4\tB3-A1\tB4-A2\tA3-B2\tA4-B1\n"
)


@pytest.fixture(scope="module")
def compared(folder: Path) -> Path:
    """Beside the design report: a relabelled copy of the published 6-board table, the table with its rounds
    reversed, and the two 4-board designs."""
    copy = Witness((3, 1, 6, 2, 5, 4), (2, 6, 1, 4, 3, 5), swap_teams=True, reverse_colours=True).apply(published(6))
    (folder / "copy6.txt").write_text(format_text(copy), encoding="utf-8")
    (folder / "reversed6.txt").write_text(format_text(transform(published(6), reverse_rounds=True)), encoding="utf-8")
    (folder / "four_a.txt").write_text(FOUR_A, encoding="utf-8")
    (folder / "four_b.txt").write_text(FOUR_B, encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    "argv",
    [
        ("design.json", "--against", "6"),  # not the same design: the players' colours tell them apart
        ("copy6.txt", "--against", "6"),  # the same design: the canonical forms' witness proves it
        ("reversed6.txt", "--against", "6"),  # not the same, but with --allow-reversal (the note)
        ("reversed6.txt", "--against", "6", "--allow-reversal"),
    ],
    ids=" ".join,
)
def test_compare_loads_no_heavy_library_where_the_canonical_forms_and_labels_decide(
    compared: Path, argv: tuple[str, ...]
) -> None:
    code, libraries = loaded(compared, "compare", *argv)
    assert code == 0
    assert libraries == []


def test_compare_loads_the_graph_library_only_for_designs_its_labels_cannot_tell_apart(compared: Path) -> None:
    # The control: the probe sees networkx where compare does need its graph search.
    code, libraries = loaded(compared, "compare", "four_a.txt", "--against", "four_b.txt")
    assert code == 0
    assert libraries == ["networkx"]


# One size of each construction, single and double round: 2 boards (the proven relaxation), n = 0 mod 4,
# odd, n = 2 mod 4 from 14 (our
# own matchings), the stored designs of 6 and 10 boards, and the largest.
PLAIN = [("2",), ("3",), ("6",), ("8",), ("10",), ("14",), ("27",), ("98",), ("100",)]


@pytest.mark.parametrize("size", [*PLAIN, *((n, "--double") for (n,) in PLAIN)], ids=" ".join)
def test_a_plain_design_that_the_construction_answers_loads_no_solver(folder: Path, size: tuple[str, ...]) -> None:
    code, libraries = loaded(folder, "generate", *size, "--format", "json")
    assert code == 0
    assert libraries == []


def test_a_design_that_searches_loads_the_solver(folder: Path) -> None:
    # The control: the probe does see CP-SAT where a command loads it.
    code, libraries = loaded(folder, "generate", "--spec", "request.toml", "--time-limit", "20", "--workers", "1")
    assert code == 0
    assert "ortools" in libraries
