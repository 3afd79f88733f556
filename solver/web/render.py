"""The pages' templates: one Jinja2 environment with autoescape, so every name is shown as text.

:func:`page` renders a template with what every page shows (the navigation bar, the form token,
the served host); :func:`error_page` the page of a refusal, with its status and one sentence.
Templates and the style sheet are package data (``templates/``, ``static/``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

import jinja2
from starlette.requests import Request
from starlette.responses import HTMLResponse

from scheveningen.models.domain.results import GameResult
from scheveningen.solver.match.standings_format import points

HERE = Path(__file__).parent
STATIC = HERE / "static"

#: The result choices of a form, from White's side: value, what the arbiter reads.
RESULT_CHOICES: tuple[tuple[str, str], ...] = (
    ("", "\u2013"),
    (GameResult.WHITE_WINS.value, "1-0"),
    (GameResult.DRAW.value, "½-½"),
    (GameResult.BLACK_WINS.value, "0-1"),
    (GameResult.WHITE_WINS_FORFEIT.value, "+- (forfeit, Black absent)"),
    (GameResult.BLACK_WINS_FORFEIT.value, "-+ (forfeit, White absent)"),
    (GameResult.DOUBLE_FORFEIT.value, "-- (neither played)"),
)


def shown_result(value: str | None) -> str:
    """A result as a page shows it: ``½-½`` for a draw, a dash for none."""
    if not value:
        return "\u2013"
    return "½-½" if value == GameResult.DRAW.value else value


_ENV = jinja2.Environment(
    loader=jinja2.FileSystemLoader(HERE / "templates"),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)
_ENV.filters["points"] = points
_ENV.filters["result"] = shown_result
_ENV.filters["q"] = lambda text: quote(str(text), safe="")
_ENV.globals["RESULT_CHOICES"] = RESULT_CHOICES


def match_url(mid: str, rest: str = "") -> str:
    """The address of a match's page: ``/m/ID/rest``, the id quoted."""
    return f"/m/{quote(mid, safe='')}" + (f"/{rest}" if rest else "")


def render(template: str, **context: Any) -> str:
    """The template's text with ``context``."""
    return _ENV.get_template(template).render(**context)


def page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A whole page: ``template`` with the form token and the match id (``mid``, for the navigation)."""
    context.setdefault("mid", None)
    context.setdefault("title", "")
    context.setdefault("message", None)
    context.setdefault("error", None)
    text = render(template, request=request, csrf=getattr(request.state, "csrf", ""), **context)
    return HTMLResponse(text, status)


def error_page(request: Request, status: int, message: str, mid: str | None = None) -> HTMLResponse:
    """The page of a refusal: the status and one sentence, with the navigation to go on."""
    return page(request, "error.html", status, title=f"Error {status}", error=message, mid=mid)
