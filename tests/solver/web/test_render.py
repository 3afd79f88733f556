"""Every name is shown as text: a team, a player and an event called ``<script>`` appear escaped on
every page, and the page's own markup is untouched."""

from __future__ import annotations

from pathlib import Path

from web_cases import desk_client, match_folder

from scheveningen.models.domain.match import Match, TeamInfo
from scheveningen.models.domain.roster import Event, PlayerInfo
from scheveningen.models.formats.matchrecord import MatchRecord, MatchSetup
from scheveningen.models.formats.tables import published
from scheveningen.solver.web.render import shown_result

EVIL = "<script>alert(1)</script>"


def test_a_team_called_script_shows_as_text_on_every_page(tmp_path: Path) -> None:
    roster = (PlayerInfo(f'{EVIL}"'), PlayerInfo("Bo <b>"), PlayerInfo("Cy & Co"), PlayerInfo("Di"))
    match = Match(boards=4, team_a=TeamInfo(EVIL, tuple(p.name for p in roster)), team_b=TeamInfo("<i>B</i>"))
    record = MatchRecord.start(MatchSetup(match, roster, event=Event(name=EVIL)), published(4))
    client = desk_client(match_folder(tmp_path, record))
    pages = ["round", "standings", "history", "downloads", "display", "change", "print"]
    for page in ["/", *(f"/m/club.json/{name}" for name in pages)]:
        text = client.get(page).text
        assert "<script>alert" not in text and "<i>B</i>" not in text, page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text or page == "/m/club.json/history", page


def test_a_result_is_shown_as_an_arbiter_writes_it() -> None:
    assert [shown_result(v) for v in ("", "1/2-1/2", "1-0", "-+")] == ["\u2013", "½-½", "1-0", "-+"]
