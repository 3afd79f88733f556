"""Small verified matches for the match-file, standings and command tests (no solver needed).

The double and unequal schedules were designed by ``schev generate`` (seed 0, one worker) and are
checked by the verifier whenever a test reads them back from a match file.
"""

from __future__ import annotations

from scheveningen.models.domain.match import Match, TeamInfo
from scheveningen.models.domain.roster import Event, PlayerInfo
from scheveningen.models.formats.matchrecord import MatchRecord, MatchSetup
from scheveningen.models.formats.tables import published
from scheveningen.models.formats.textform import parse_text

DOUBLE_3 = """\
Round 1	A1-B1	A2-B2	B3-A3
Round 2	B1-A1	B2-A2	A3-B3
Round 3	A1-B3	A2-B1	B2-A3
Round 4	B3-A1	B1-A2	A3-B2
Round 5	A1-B2	A2-B3	B1-A3
Round 6	B2-A1	B3-A2	A3-B1
"""

# Teams of 3 and 2 on 2 boards, double round: a team A player sits out each round.
DOUBLE_UNEQUAL = """\
Round 1	A1-B1	B2-A3
Round 2	B1-A2	A3-B2
Round 3	B2-A1	A2-B1
Round 4	A1-B2	B1-A3
Round 5	B2-A2	A3-B1
Round 6	B1-A1	A2-B2
"""

# Teams of 3 and 4 on 3 boards: a team B player sits out each round.
UNEQUAL = """\
Round 1	A1-B3	B2-A2	B4-A3
Round 2	B1-A1	A2-B4	A3-B2
Round 3	A1-B4	B1-A2	B3-A3
Round 4	B2-A1	A2-B3	A3-B1
"""

OSLO = (
    PlayerInfo("Carlsen, Magnus", 2400, 1503014, "GM", "NOR", "1990-11-30", "m"),
    PlayerInfo("Hansen, Ann", 2300, sex="w"),
    PlayerInfo("Berg, Bo"),
    PlayerInfo("Dahl, Cy", 2000),
)
BERGEN = (
    PlayerInfo("Øre, Åse", 2000, title="WIM", federation="NOR"),
    PlayerInfo("Lie, Per", 2100),
    PlayerInfo("Vik, Kari <&>", 2200),
    PlayerInfo("Moe, Tor", 2300),
)


def four_boards() -> MatchRecord:
    """The published 4-board table with both rosters and an event, no results."""
    match = Match(
        boards=4,
        team_a=TeamInfo("Oslo", tuple(p.name for p in OSLO)),
        team_b=TeamInfo("Bergen", tuple(p.name for p in BERGEN)),
    )
    event = Event(name="Oslo - Bergen", site="Oslo", start="2026-03-07", end="2026-03-08")
    return MatchRecord.start(MatchSetup(match, OSLO, BERGEN, event), published(4))


def double_three() -> MatchRecord:
    return MatchRecord.start(MatchSetup(Match(boards=3, double=True)), parse_text(DOUBLE_3).schedule)


def double_unequal() -> MatchRecord:
    match = Match(boards=2, double=True, size_a=3)
    schedule = parse_text(DOUBLE_UNEQUAL).schedule
    return MatchRecord.start(MatchSetup(match), schedule)


def unequal() -> MatchRecord:
    match = Match(boards=3, size_b=4, team_b=TeamInfo("Four", ("W", "X", "Y", "Z")))
    return MatchRecord.start(MatchSetup(match), parse_text(UNEQUAL).schedule)


ALL = {"four boards": four_boards, "double": double_three, "double unequal": double_unequal, "unequal": unequal}
