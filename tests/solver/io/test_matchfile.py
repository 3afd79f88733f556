"""The match file on disk (solver/io/matchfile.py): written atomically, read back the same, and every
read verified, so a schedule edited by hand into breaking a rule or a request is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from export_fixtures import make_record

from scheveningen.models.domain.match import Match, Meet
from scheveningen.models.formats.matchrecord import MatchFileError, MatchRecord
from scheveningen.models.formats.tables import published
from scheveningen.solver.io.matchfile import check_record, parse_match_file, read_match_file, write_match_file


@pytest.mark.parametrize("kind", ["single", "double", "unequal"])
def test_a_written_match_file_reads_back_as_the_same_record(kind: str, tmp_path: Path) -> None:
    record = make_record(kind, played_rounds=0.5)
    path = tmp_path / "match.json"
    write_match_file(record, path)
    assert read_match_file(path) == record


def test_writing_replaces_the_old_file_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    path.write_text("old contents", encoding="utf-8")
    record = make_record("single")
    write_match_file(record, path)
    assert path.read_text(encoding="utf-8") == record.to_json()
    assert [p.name for p in tmp_path.iterdir()] == ["match.json"]


def test_a_schedule_edited_into_breaking_a_rule_is_refused_with_the_rule_named() -> None:
    record = make_record("single", played_rounds=0.0)
    data = json.loads(record.to_json())
    white, black = data["schedule"][0][0].split("-")
    data["schedule"][0][0] = f"{black}-{white}"  # one game's colours reversed by hand
    with pytest.raises(MatchFileError, match=r"^edited\.json: the schedule fails the verifier: rule \d"):
        parse_match_file(json.dumps(data), source="edited.json")


def test_a_request_the_schedule_does_not_keep_is_refused() -> None:
    # The 4-board table pairs A1 with B1 in round 1, not with B2.
    record = MatchRecord(match=Match(boards=4, meets=(Meet(a=1, b=2, round=1),)), schedule=published(4))
    with pytest.raises(MatchFileError, match="request not kept: meet A1-B2 in round 1"):
        check_record(record, "match.json")


def test_a_record_whose_schedule_passes_the_verifier_is_accepted() -> None:
    check_record(MatchRecord(match=Match(boards=5), schedule=published(5)))
    check_record(make_record("double"))


def test_a_missing_match_file_is_a_match_file_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "gone.json"
    with pytest.raises(MatchFileError, match=r"gone\.json: no such file"):
        read_match_file(path)


def test_text_that_is_not_a_match_file_is_refused_with_the_source_named() -> None:
    with pytest.raises(MatchFileError, match=r"notes\.json"):
        parse_match_file("not json at all", source="notes.json")
