"""The *Round* page: one round's pairings with a result field a board, and entering results.

GET shows board, White, Black, ratings and teams, and each game's result with the version of the
game it shows (:func:`~scheveningen.solver.match.record.game_version`).  POST sends the whole
round; only the games whose field differs from what the page showed change.  Changing or clearing
a result already in first asks for confirmation; a game changed meanwhile (another browser, or
``schev result``) gets "changed meanwhile" with the round as it is now, and nothing is recorded.
Every change goes through :func:`~scheveningen.solver.match.record.record_changes`: the file's lock,
the history, the atomic write.
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from scheveningen.models.domain.results import GameResult, ResultError
from scheveningen.models.domain.schedule import Team
from scheveningen.models.formats.matchrecord import MatchRecord, MatchRecordError
from scheveningen.solver.match.record import ChangedMeanwhile, game_version, record_changes
from scheveningen.solver.match.standings import Standings, standings
from scheveningen.solver.match.standings_format import points, verdict
from scheveningen.solver.web.common import Opened, desk, match_of, whole_number
from scheveningen.solver.web.render import match_url, page, shown_result
from scheveningen.solver.web.security import Refused, checked_form


def current_round(record: MatchRecord) -> int:
    """The round an arbiter most likely wants: the first without every result, else the last."""
    return next((r for r in range(1, record.rounds + 1) if not record.round_complete(r)), record.rounds)


def match_score(record: MatchRecord, st: Standings) -> str:
    """The match score, "Oslo 2 - 1 Bergen"."""
    a, b = record.team_name(Team.A), record.team_name(Team.B)
    return f"{a} {points(st.points_a)} - {points(st.points_b)} {b}"


def score_line(record: MatchRecord, st: Standings | None = None) -> str:
    """The match score and the verdict in one sentence, as ``schev result`` ends."""
    st = standings(record) if st is None else st
    return f"{match_score(record, st)}. {verdict(st)}"


def heading(record: MatchRecord) -> str:
    return record.event.name or f"{record.team_name(Team.A)} - {record.team_name(Team.B)}"


def round_when(record: MatchRecord, r: int) -> str:
    event = record.event
    parts = [
        event.round_dates[r - 1] if event.round_dates else "",
        event.round_times[r - 1] if event.round_times else "",
    ]
    return " ".join(part for part in parts if part)


def games_of(record: MatchRecord, r: int) -> list[dict[str, Any]]:
    """The round's games as the page lists them."""
    games = []
    for board, game in enumerate(record.schedule.rounds[r - 1], start=1):
        white, black = record.player_info(game.white), record.player_info(game.black)
        result = record.result(r, board)
        games.append(
            {
                "board": board,
                "white": white.name,
                "white_code": str(game.white),
                "white_rating": white.rating or "",
                "white_team": record.team_name(game.white.team),
                "black": black.name,
                "black_code": str(game.black),
                "black_rating": black.rating or "",
                "black_team": record.team_name(game.black.team),
                "result": "" if result is None else result.value,
                "version": game_version(record, r, board),
            }
        )
    return games


def round_view(
    request: Request, opened: Opened, r: int, status: int = 200, stale: tuple[int, ...] = (), **context: Any
) -> Response:
    record = opened.record
    if not 1 <= r <= record.rounds:
        raise Refused(404, f"there is no round {r} (the match has rounds 1 to {record.rounds})")
    st = standings(record)
    return page(
        request,
        "round.html",
        status,
        title=f"Round {r}",
        mid=opened.id,
        heading=heading(record),
        round=r,
        when=round_when(record, r),
        rounds=[
            {"number": rs.round, "recorded": rs.recorded, "games": rs.games, "complete": rs.complete}
            for rs in st.rounds
        ],
        score=score_line(record),
        games=games_of(record, r),
        stale=stale,
        **context,
    )


async def show_round(request: Request) -> Response:
    opened = await run_in_threadpool(match_of, request)
    r = request.path_params.get("r")
    number = current_round(opened.record) if r is None else int(r)
    return round_view(request, opened, number, message=_saved(opened.record, number, request.query_params.get("saved")))


def _saved(record: MatchRecord, r: int, saved: str | None) -> str | None:
    """The note after a save: the boards it changed (named in the address) as they are now."""
    if saved == "none":
        return "Nothing to save: every result was as shown."
    boards = [int(b) for b in (saved or "").split(",") if b.isdigit() and 1 <= int(b) <= record.boards]
    if not boards or not 1 <= r <= record.rounds:
        return None
    shown = [f"board {b} {shown_result(_value(record, r, b)) if _value(record, r, b) else 'cleared'}" for b in boards]
    return f"Saved: {', '.join(shown)}."


def _asked(form: FormData, record: MatchRecord, r: int) -> tuple[dict[int, GameResult | None], dict[int, str]]:
    """The games whose field differs from what the page showed: board -> new result, and the
    versions the page showed for them."""
    changes: dict[int, GameResult | None] = {}
    expected: dict[int, str] = {}
    for board in range(1, record.boards + 1):
        value, version = form.get(f"r{board}"), form.get(f"v{board}")
        if not isinstance(value, str) or not isinstance(version, str) or ":" not in version:
            continue
        shown = version.split(":", 1)[0]
        if value.strip() == shown:
            continue
        try:
            changes[board] = GameResult.parse(value) if value.strip() else None
        except ResultError as error:
            raise Refused(400, f"board {board}: {error}") from None
        expected[board] = version
    return changes, expected


async def save_round(request: Request) -> Response:
    form = await checked_form(request, desk(request).guard)
    opened = await run_in_threadpool(match_of, request)
    record = opened.record
    r = whole_number(request.path_params.get("r"), "the round", 1, record.rounds)
    changes, expected = _asked(form, record, r)
    if not changes:
        return RedirectResponse(match_url(opened.id, f"round/{r}?saved=none"), 303)
    stale = tuple(b for b in changes if game_version(record, r, b) != expected[b])
    if stale:
        return _meanwhile(request, opened, r, stale)
    retouched = [b for b in changes if expected[b].split(":", 1)[0]]
    if retouched and form.get("confirm") != "1":
        lines = []
        for b in sorted(changes):
            game = record.game(r, b)
            old, new = record.result(r, b), changes[b]
            verb = "clear" if new is None else "enter" if old is None else "change"
            what = f"{shown_result(old.value if old else '')} → {shown_result(new.value if new else '')}"
            lines.append(f"board {b} ({game.white}-{game.black}): {verb} {what}")
        fields = [(f"r{b}", _text(changes[b])) for b in sorted(changes)]
        fields += [(f"v{b}", expected[b]) for b in sorted(changes)]
        return page(request, "confirm.html", title="Confirm", mid=opened.id, round=r, changes=lines, fields=fields)
    try:
        done = await run_in_threadpool(record_changes, opened.path, r, changes, expected, bool(retouched))
    except ChangedMeanwhile as error:
        return _meanwhile(request, Opened(opened.id, opened.path, error.record), r, error.boards)
    except (MatchRecordError, OSError) as error:
        raise Refused(400, f"nothing was recorded: {error}") from None
    saved = ",".join(str(b) for b in done.changed) or "none"
    return RedirectResponse(match_url(opened.id, f"round/{r}?saved={saved}"), 303)


def _text(result: GameResult | None) -> str:
    return "" if result is None else result.value


def _value(record: MatchRecord, r: int, board: int) -> str:
    result = record.result(r, board)
    return "" if result is None else result.value


def _meanwhile(request: Request, opened: Opened, r: int, stale: tuple[int, ...]) -> Response:
    listed = ", ".join(str(b) for b in stale)
    error = (
        f"Changed meanwhile: board{'s' if len(stale) > 1 else ''} {listed} of round {r} changed after this page "
        "was shown, so nothing was recorded. The page now shows the results as they are; enter yours again if "
        "they still hold."
    )
    return round_view(request, opened, r, 409, stale=stale, error=error)
