"""``schev serve``: without the web extra it says how to install it (exit 2, no traceback); a path
that does not exist is refused; served, it prints its address and answers there on loopback."""

from __future__ import annotations

import urllib.request
from pathlib import Path

import pytest
from web_cases import match_folder, served

from scheveningen.solver.cli import serve
from scheveningen.solver.cli.main import main


def test_without_the_web_extra_serve_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(serve.importlib.util, "find_spec", lambda name: None)
    assert main(["serve", "."]) == 2
    _, err = capsys.readouterr()
    assert "pip install 'scheveningen[web]'" in err and "Traceback" not in err and err.count("\n") == 1


def test_a_path_that_does_not_exist_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", str(tmp_path / "none")]) == 2
    assert "no such file or folder" in capsys.readouterr().err


def test_serve_prints_its_loopback_address_and_answers_there(tmp_path: Path) -> None:
    with served(match_folder(tmp_path) / "club.json") as url:
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url + "m/club.json/standings", timeout=30) as answer:
            assert answer.status == 200 and "Oslo - Bergen" in answer.read().decode("utf-8")
