"""Every file the tool writes is replaced safely: atomically, keeping a replaced file's permissions and
a symbolic link, giving a new file the umask's permissions; and two ``schev result`` at once on one
match file never lose an update."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from match_cases import four_boards

from scheveningen.models.constructions.equal import half_blocks
from scheveningen.models.domain.match import Match
from scheveningen.models.domain.results import GameResult
from scheveningen.models.formats.matchrecord import MatchRecord, MatchSetup
from scheveningen.solver.cli.main import main
from scheveningen.solver.io.matchfile import locked_match_file, read_match_file, write_match_file
from scheveningen.solver.io.report import write_output


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def umask() -> Iterator[None]:
    """Restores the process's umask after a test that sets its own."""
    old = os.umask(0o022)
    os.umask(old)
    yield
    os.umask(old)


def test_a_replaced_file_keeps_its_permissions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.json"
    write_match_file(four_boards(), path)
    for mode in (0o644, 0o640, 0o604):
        path.chmod(mode)
        code = main(["result", str(path), "--round", "1", "--board", "1", "1-0", "--force"])
        code2 = main(["result", str(path), "--round", "1", "--board", "1", "0-1", "--force"])
        assert (code, code2) == (0, 0), capsys.readouterr().err
        assert mode_of(path) == mode
    assert read_match_file(path).result(1, 1) is GameResult.BLACK_WINS


@pytest.mark.parametrize(("mask", "expected"), [(0o022, 0o644), (0o027, 0o640), (0o002, 0o664), (0o077, 0o600)])
def test_a_new_file_gets_the_umasks_permissions(tmp_path: Path, umask: None, mask: int, expected: int) -> None:
    os.umask(mask)
    target = tmp_path / "new.txt"
    write_output("text\n", str(target))
    assert mode_of(target) == expected and target.read_text(encoding="utf-8") == "text\n"


def test_writing_through_a_symlink_replaces_the_target_and_keeps_the_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "store").mkdir()
    target = tmp_path / "store" / "match.json"
    write_match_file(four_boards(), target)
    target.chmod(0o640)
    link = tmp_path / "current.json"
    link.symlink_to(target)
    code = main(["result", str(link), "--round", "2", "1-0", "0-1", "=", "1-0"])
    assert code == 0, capsys.readouterr().err
    assert link.is_symlink() and link.resolve() == target.resolve()
    assert read_match_file(target).round_complete(2) and mode_of(target) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["current.json", "store"]
    assert [p.name for p in (tmp_path / "store").iterdir()] == ["match.json"]


def test_a_write_through_a_dangling_symlink_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "link.txt"
    link.symlink_to(tmp_path / "made.txt")
    write_output("made\n", str(link))
    assert link.is_symlink() and (tmp_path / "made.txt").read_text(encoding="utf-8") == "made\n"


@pytest.mark.parametrize("failing", ["fsync", "replace", "write"])
def test_a_failed_write_leaves_the_old_file_whole_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old and whole\n", encoding="utf-8")

    def disk_full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    if failing == "write":
        real_fdopen = os.fdopen

        class HalfWriter:
            def __init__(self, fd: int, *args: object, **kwargs: object) -> None:
                self.handle = real_fdopen(fd, "w", encoding="utf-8")

            def __enter__(self) -> HalfWriter:
                return self

            def __exit__(self, *exc: object) -> None:
                self.handle.close()

            def write(self, text: str) -> None:
                self.handle.write(text[: len(text) // 2])
                self.handle.flush()
                disk_full()

        monkeypatch.setattr(os, "fdopen", HalfWriter)
    else:
        monkeypatch.setattr(os, failing, disk_full)
    with pytest.raises(OSError) as caught:
        write_output("new text, much longer than the old one\n" * 100, str(target))
    monkeypatch.undo()
    assert caught.value.errno == errno.ENOSPC and caught.value.filename == str(target)
    assert target.read_text(encoding="utf-8") == "old and whole\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_a_writer_waiting_for_the_lock_reads_the_file_that_replaced_the_one_it_waited_on(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    write_match_file(four_boards(), path)
    seen: list[GameResult | None] = []
    waiting = threading.Event()

    def second_writer() -> None:
        waiting.set()
        with locked_match_file(path):
            seen.append(read_match_file(path).result(1, 1))

    with locked_match_file(path):
        thread = threading.Thread(target=second_writer)
        thread.start()
        waiting.wait()
        thread.join(timeout=0.5)
        assert thread.is_alive() and seen == []  # it waits for the lock
        write_match_file(four_boards().with_result(1, 1, GameResult.DRAW), path)
    thread.join()
    assert seen == [GameResult.DRAW]
    with locked_match_file(tmp_path / "none.json"):  # nothing to lock yet: no error, no file made
        pass
    assert not (tmp_path / "none.json").exists()


def sixteen_boards() -> MatchRecord:
    return MatchRecord.start(MatchSetup(Match(boards=16)), half_blocks(16))


def test_sixteen_results_entered_at_once_are_all_kept(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    write_match_file(sixteen_boards(), path)
    results = ["1-0", "0-1", "1/2-1/2", "+-"]
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", "scheveningen", "result", str(path), "--round", "1", "--board", str(board),
             results[board % 4]],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for board in range(1, 17)
    ]  # fmt: skip
    errors = [p.communicate(timeout=600)[1].decode() for p in processes]
    assert [p.returncode for p in processes] == [0] * 16, errors
    record = read_match_file(path)
    assert {board: record.result(1, board) for board in range(1, 17)} == {
        board: GameResult.parse(results[board % 4]) for board in range(1, 17)
    }
    assert record.history == () and [p.name for p in tmp_path.iterdir()] == ["m.json"]
