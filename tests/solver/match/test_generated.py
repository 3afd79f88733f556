"""The match file of a design (solver/match/generated.py): written over a file only when nothing is lost,
written as a new file without ever replacing one, and a failed design worded as ``generate`` words it."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from match_cases import four_boards

from scheveningen.models.domain.match import Match, Meet
from scheveningen.models.domain.results import GameResult
from scheveningen.models.formats.matchrecord import MatchSetup
from scheveningen.solver.design import DesignParams, design_match
from scheveningen.solver.io.matchfile import read_match_file, write_match_file
from scheveningen.solver.match.generated import (
    GeneratedMatchError,
    design_failure,
    file_stem,
    generated_record,
    write_generated,
    write_new_match_file,
)


def test_a_new_match_file_never_replaces_one_and_takes_the_next_free_name(tmp_path: Path) -> None:
    (tmp_path / "Oslo-Bergen.json").write_text("mine", encoding="utf-8")
    first = write_new_match_file(four_boards(), tmp_path, "Oslo - Bergen")
    second = write_new_match_file(four_boards(), tmp_path, "Oslo - Bergen")
    assert (first.name, second.name) == ("Oslo-Bergen-2.json", "Oslo-Bergen-3.json")
    assert (tmp_path / "Oslo-Bergen.json").read_text(encoding="utf-8") == "mine"
    assert read_match_file(first) == four_boards()
    assert stat.S_IMODE(first.stat().st_mode) == 0o666 & ~_umask()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "Oslo-Bergen-2.json",
        "Oslo-Bergen-3.json",
        "Oslo-Bergen.json",
    ]


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@pytest.mark.parametrize(
    ("title", "stem"),
    [("Oslo - Bergen", "Oslo-Bergen"), ("../../etc/passwd", "etc-passwd"), ("...", "match"), ("<script>", "script")],
)
def test_a_file_stem_is_a_plain_name_inside_the_folder(title: str, stem: str) -> None:
    assert file_stem(title) == stem


def test_a_design_is_written_over_a_match_file_only_when_it_keeps_its_results(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    write_match_file(four_boards().with_result(1, 1, GameResult.DRAW), path)
    match = Match(boards=4)
    result = design_match(match, DesignParams(time_limit=5, workers=1))
    record = generated_record(MatchSetup(match), match, result)
    before = path.read_bytes()
    with pytest.raises(GeneratedMatchError, match="holds 1 result that the new match file would lose"):
        write_generated(record, path)
    assert path.read_bytes() == before
    write_generated(record, path, force=True)
    assert read_match_file(path).results == {}


def test_impossible_requests_are_named_as_generate_names_them() -> None:
    match = Match(boards=4, meets=(Meet(a=1, b=2, round=1), Meet(a=1, b=3, round=1)))
    result = design_match(match, DesignParams(time_limit=10, workers=1))
    assert result.schedule is None
    assert design_failure(result, match, 10)[-1] == (
        "impossible: these 2 requests cannot hold together:\n  - meet A1-B2 in round 1\n  - meet A1-B3 in round 1"
    )
