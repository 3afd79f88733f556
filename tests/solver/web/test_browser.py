"""The desk as a person uses it, in a real browser: Debian's Chromium, headless, driven by Selenium
through Debian's chromedriver, against ``schev serve`` in a subprocess on a free loopback port.

A 6-board match is made on the New match page (team A's players typed, team B's uploaded as CSV),
designed, and every result of every round entered on the Round page, a forfeit among them; one result
is changed (the page asks first) and shows in the history; the standings agree with ``schev
standings``; the printable page opens; and the TRF downloaded reads back with the project's TRF reader
with every result.  Skipped, saying why, where Chromium, chromedriver or Selenium is missing.  With
``SCHEV_WEB_SCREENSHOTS=DIR`` it also saves the screenshots docs/web.md shows.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from web_cases import served

from scheveningen.solver.io.matchfile import read_match_file
from scheveningen.solver.io.trf_reader import read_trf

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:  # pragma: no cover - the test extra installs it
    webdriver = None  # type: ignore[assignment]

pytestmark = pytest.mark.skipif(
    webdriver is None or CHROMIUM is None or CHROMEDRIVER is None,
    reason="needs selenium (pip install '.[test]'), chromium and chromium-driver (apt-get install chromium "
    "chromium-driver): browser test skipped",
)

TEAM_A = ["Kari Berg", "Ola Dahl", "Nina Eide", "Per Foss", "Liv Haug", "Tor Lund"]
TEAM_B_CSV = (
    "name,rating\nIvar Aas,2080\nMona Bakke,2012\nGeir Strand,1968\nIda Holm,1905\nSander Lie,1851\nHanne Ness,1799\n"
)
RESULTS = ["1-0", "1/2-1/2", "0-1", "1/2-1/2", "1-0", "0-1"]


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[WebDriver]:
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--disable-background-networking", "--disable-component-update", "--no-first-run",
                     "--window-size=1100,760", f"--user-data-dir={tmp_path / 'profile'}"):  # fmt: skip
        options.add_argument(argument)
    options.add_experimental_option(
        "prefs", {"download.default_directory": str(tmp_path / "downloads"), "download.prompt_for_download": False}
    )
    driver = webdriver.Chrome(options=options, service=Service(executable_path=str(CHROMEDRIVER)))
    try:
        yield driver
    finally:
        driver.quit()


class Shots:
    """Screenshots for docs/web.md, where SCHEV_WEB_SCREENSHOTS names a folder."""

    def __init__(self, driver: WebDriver) -> None:
        folder = os.environ.get("SCHEV_WEB_SCREENSHOTS")
        self.driver, self.folder = driver, Path(folder) if folder else None

    def take(self, name: str) -> None:
        if self.folder is not None:
            self.folder.mkdir(parents=True, exist_ok=True)
            self.driver.save_screenshot(str(self.folder / f"{name}.png"))


def wait_for(driver: WebDriver, css: str, seconds: float = 60) -> str:
    WebDriverWait(driver, seconds, poll_frequency=0.1).until(lambda d: d.find_elements(By.CSS_SELECTOR, css))
    return str(driver.find_element(By.CSS_SELECTOR, css).text)


def click_nav(driver: WebDriver, label: str) -> None:
    driver.find_element(By.CSS_SELECTOR, "nav").find_element(By.LINK_TEXT, label).click()


def test_an_arbiter_runs_a_whole_match_from_the_page(browser: WebDriver, tmp_path: Path) -> None:
    folder = tmp_path / "matches"
    folder.mkdir()
    roster = tmp_path / "bergen.csv"
    roster.write_text(TEAM_B_CSV, encoding="utf-8")
    shots = Shots(browser)
    with served(folder) as url:
        # New match: six boards, team A typed, team B uploaded, designed with its progress line.
        browser.get(url + "new")
        browser.find_element(By.ID, "boards").clear()
        browser.find_element(By.ID, "boards").send_keys("6")
        browser.find_element(By.ID, "name_A").send_keys("Nordstrand")
        browser.find_element(By.ID, "roster_A").send_keys("\n".join(TEAM_A))
        browser.find_element(By.ID, "name_B").send_keys("Fjellhamar")
        browser.find_element(By.ID, "upload_B").send_keys(str(roster))
        browser.find_element(By.ID, "event_name").send_keys("Nordstrand - Fjellhamar")
        browser.find_element(By.ID, "requests").send_keys('meet "Nina Eide" "Ivar Aas" round 6 white "Nina Eide"')
        shots.take("new-match")
        browser.find_element(By.ID, "design").click()
        made = wait_for(browser, "#made")
        assert made == "Nordstrand-Fjellhamar.json"
        shots.take("designed")
        browser.find_element(By.ID, "open").click()
        # Every round's results, a forfeit in round 3.
        for r in range(1, 7):
            browser.get(f"{url}m/{made}/round/{r}")
            for board, result in enumerate(RESULTS, start=1):
                value = "+-" if (r, board) == (3, 2) else result
                Select(browser.find_element(By.NAME, f"r{board}")).select_by_value(value)
            if r == 2:
                shots.take("round")
            browser.find_element(By.ID, "save").click()
            assert wait_for(browser, "#message").startswith("Saved: board 1")
        # A change: board 1 of round 2, confirmed, then in the history.
        browser.get(f"{url}m/{made}/round/2")
        Select(browser.find_element(By.NAME, "r1")).select_by_value("0-1")
        browser.find_element(By.ID, "save").click()
        assert "change 1-0 → 0-1" in wait_for(browser, "#changes")
        shots.take("confirm")
        browser.find_element(By.ID, "confirm").click()
        assert wait_for(browser, "#message") == "Saved: board 1 0-1."
        click_nav(browser, "History")
        history = wait_for(browser, "#history")
        assert " round 2 board 1 (" in history and history.endswith("): 1-0 -> 0-1")
        # Standings, as schev standings says.
        click_nav(browser, "Standings")
        score = wait_for(browser, "#score")
        shots.take("standings")
        done = subprocess.run(
            [sys.executable, "-m", "scheveningen", "standings", str(folder / made), "--format", "json"],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        data = json.loads(done.stdout)
        assert score.endswith(data["summary"]) and data["results_recorded"] == 36
        # Print, the display, and the TRF downloaded and read back.
        click_nav(browser, "Print and downloads")
        shots.take("downloads")
        browser.get(f"{url}m/{made}/print")
        assert "Round 6" in browser.find_element(By.TAG_NAME, "body").text
        browser.get(f"{url}m/{made}/display")
        shots.take("display")
        browser.get(f"{url}m/{made}/downloads")
        browser.find_element(By.ID, "download-trf").click()
        trf = tmp_path / "downloads" / "Nordstrand-Fjellhamar.trf"
        deadline = time.monotonic() + 30
        while not trf.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        record = read_match_file(folder / made)
        read = read_trf(trf.read_text(encoding="utf-8"), source=str(trf))
        assert read.schedule == record.schedule and read.results == record.results
        assert record.result(3, 2) is not None and record.result(3, 2).value == "+-"
