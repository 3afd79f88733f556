"""The printable HTML page, opened in a real browser.

Headless Chromium (Debian's ``chromium`` package; ``.ci/run`` installs it) renders the page to PDF and
PNG: every round's pairing sheet is on a page of its own, nothing is cut off at 20 boards (every word
lies inside its page, and every player of a round is on that round's page), and names with accents and
HTML-special characters are shown as written (the browser's DOM text equals the names).  The browser
tests are skipped, saying so, only when no browser is found; reading the PDF text needs poppler-utils
(``pdftotext``), which ``.ci/run`` installs too.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from export_fixtures import NAMES_A, NAMES_B, TEAM_A, TEAM_B, dom_text, make_record

from scheveningen.models.domain.schedule import Team
from scheveningen.models.formats.matchrecord import MatchRecord
from scheveningen.solver.export.html import export_html

BROWSER_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find_browser() -> str | None:
    """``SCHEV_TEST_BROWSER`` if set, else the first Chromium or Chrome on the PATH."""
    given = os.environ.get("SCHEV_TEST_BROWSER")
    if given:
        return shutil.which(given) or given
    return next((path for name in BROWSER_NAMES if (path := shutil.which(name))), None)


BROWSER = find_browser()
needs_browser = pytest.mark.skipif(
    BROWSER is None, reason="no Chromium or Chrome found (apt-get install chromium): browser tests skipped"
)
needs_pdftotext = pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="pdftotext not found (apt-get install poppler-utils)"
)


def browser(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    """Run headless Chromium once, with a fresh profile and nothing that reaches the network."""
    assert BROWSER is not None
    profile = tmp_path / f"profile-{len(list(tmp_path.glob('profile-*')))}"
    command = [
        BROWSER,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
        *args,
    ]
    return subprocess.run(command, capture_output=True, timeout=180, check=True, stdin=subprocess.DEVNULL)


def write_page(tmp_path: Path, record: MatchRecord) -> Path:
    page = tmp_path / "match.html"
    page.write_text(export_html(record), encoding="utf-8")
    return page


def print_pdf(tmp_path: Path, page: Path) -> Path:
    pdf = tmp_path / "match.pdf"
    browser(tmp_path, f"--print-to-pdf={pdf}", "--no-pdf-header-footer", page.as_uri())
    assert pdf.stat().st_size > 0
    return pdf


def pdf_page_count(pdf: Path) -> int:
    """Page objects in the PDF, read from the file itself (no PDF library needed)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf.read_bytes()))


def page_texts(pdf: Path) -> list[str]:
    """The text of each page in drawing order, whitespace collapsed (pages end in form feeds)."""
    out = subprocess.run(
        ["pdftotext", "-raw", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, check=True, timeout=60
    )
    pages = out.stdout.decode("utf-8").split("\f")
    return [" ".join(page.split()) for page in pages if page.strip()]


# --------------------------------------------------------------------------- without a browser


def test_every_name_is_escaped_in_the_page() -> None:
    record = make_record("single", boards=8)
    html = export_html(record)
    chunks, tags = dom_text(html)
    text = "".join(chunks)
    for name in (*NAMES_A, *NAMES_B, TEAM_A, TEAM_B, record.event.name):
        assert name in text
    assert set(tags) <= {
        "html",
        "head",
        "meta",
        "title",
        "style",
        "body",
        "section",
        "h1",
        "h2",
        "p",
        "table",
        "thead",
        "tbody",
        "tr",
        "th",
        "td",
        "span",
        "strong",
        "br",
    }
    assert "<Sons>" not in html and "<b>Bold" not in html


def test_the_page_has_a_sheet_per_round_and_the_other_sections() -> None:
    record = make_record("double", boards=4, played_rounds=0.5)
    html = export_html(record)
    assert html.count('class="sheet round"') == record.rounds
    for section in ("crosstable", "colours-a", "colours-b", "standings"):
        assert f'id="{section}"' in html
    assert "http" not in html.replace("http-equiv", "")  # self-contained: nothing loaded from elsewhere


# --------------------------------------------------------------------------- in the browser


@pytest.fixture(scope="module", params=["single", "double"])
def twenty_boards(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[MatchRecord, Path, Path]:
    """A 20-board match half played, single round (20 rounds) or double (40), printed to PDF."""
    if BROWSER is None:
        pytest.skip("no Chromium or Chrome found (apt-get install chromium): browser tests skipped")
    tmp_path = tmp_path_factory.mktemp(f"html20-{request.param}")
    record = make_record(request.param, boards=20, played_rounds=0.5, seed=11)
    page = write_page(tmp_path, record)
    return record, page, print_pdf(tmp_path, page)


@needs_browser
def test_each_round_is_printed_on_its_own_a4_page(twenty_boards: tuple[MatchRecord, Path, Path]) -> None:
    record, _page, pdf = twenty_boards
    pages = pdf_page_count(pdf)
    # 20 pairing sheets, then the crosstable, a colour sheet a team and the standings on their own pages.
    assert record.rounds + 4 <= pages <= record.rounds + 8
    if shutil.which("pdfinfo"):
        info = subprocess.run(
            ["pdfinfo", "-f", "1", "-l", str(record.rounds), str(pdf)], capture_output=True, check=True, timeout=60
        ).stdout.decode()
        sizes = re.findall(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts", info)
        assert len(sizes) == record.rounds
        assert all(abs(float(w) - 595.3) < 1.5 and abs(float(h) - 841.9) < 1.5 for w, h in sizes)  # A4


@needs_browser
@needs_pdftotext
def test_nothing_is_cut_off_at_20_boards(twenty_boards: tuple[MatchRecord, Path, Path], tmp_path: Path) -> None:
    record, _page, pdf = twenty_boards
    texts = page_texts(pdf)
    for r in range(1, record.rounds + 1):
        text = texts[r - 1]
        assert f"Round {r} of {record.rounds}" in text
        assert re.findall(r"Round (\d+) of", text) == [str(r)]  # one round a page
        for board, game in enumerate(record.schedule.rounds[r - 1], start=1):
            for player in (game.white, game.black):
                assert " ".join(record.player_info(player).name.split()) in text, (r, board, player)
    # Every word lies inside its page: nothing runs off an edge.
    bbox = tmp_path / "bbox.html"
    subprocess.run(["pdftotext", "-bbox", str(pdf), str(bbox)], check=True, timeout=60)
    page_re = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', re.S)
    word_re = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">')
    pages = page_re.findall(bbox.read_text(encoding="utf-8"))
    assert len(pages) == pdf_page_count(pdf)
    for width, height, body in pages:
        for x0, y0, x1, y1 in word_re.findall(body):
            assert float(x0) >= 0 and float(x1) <= float(width) and float(y0) >= 0 and float(y1) <= float(height)


@needs_browser
def test_names_are_shown_as_written_in_the_browser(tmp_path: Path) -> None:
    record = make_record("unequal", played_rounds=0.5)
    page = write_page(tmp_path, record)
    dom = browser(tmp_path, "--dump-dom", page.as_uri()).stdout.decode("utf-8")
    chunks, tags = dom_text(dom)
    for team in Team:
        for player in record.schedule.players(team):
            assert any(record.player_info(player).name in chunk for chunk in chunks)
    assert TEAM_A in "".join(chunks) and TEAM_B in "".join(chunks)
    assert "b" not in tags and "sons" not in tags  # "<b>" and "<Sons>" in names stayed text


@needs_browser
def test_the_page_renders_to_png(tmp_path: Path) -> None:
    record = make_record("single", boards=6, played_rounds=0.5)
    page = write_page(tmp_path, record)
    png = tmp_path / "match.png"
    browser(tmp_path, f"--screenshot={png}", "--window-size=1000,1400", page.as_uri())
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (1000, 1400)
    keep = os.environ.get("SCHEV_KEEP_PNG")
    if keep:
        shutil.copy(png, keep)
