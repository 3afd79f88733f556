"""Keeping the desk safe: the Host header, the access token, cross-site form tokens, upload caps.

* **Host**: a request whose ``Host`` header names none of the served names is refused (400), so a
  page elsewhere cannot reach the desk through a name it controls (DNS rebinding).
* **Access token**: served beyond loopback (``--host``), every request needs the token: given once
  in the address (``?token=...``, which ``schev serve`` prints), it is kept in an HttpOnly,
  SameSite=Strict cookie and the address is cleaned of it; without it, 403.
* **Forms**: every change is a POST whose form carries a token derived (HMAC, a secret of this
  server) from a random cookie of the browser: a page on another site can neither read the cookie
  nor compute the token, so its forms are refused (403).  A POST's ``Origin``, when sent, must name
  a served host too.
* **Uploads**: a form larger than :data:`MAX_FORM_BYTES` is refused with a clear page (413).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit

from starlette.datastructures import FormData
from starlette.formparsers import MultiPartException
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response

#: The largest form (an upload included) a page takes.
MAX_FORM_BYTES = 1024 * 1024
ACCESS_COOKIE = "schev_access"
CSRF_COOKIE = "schev_csrf"
CSRF_FIELD = "csrf"
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


class Refused(Exception):
    """A request refused: its status and the sentence the error page shows."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class Guard:
    """The names the server answers to, its access token (``None`` on loopback) and its secret."""

    hosts: frozenset[str] = LOOPBACK
    token: str | None = None
    secret: bytes = field(default_factory=lambda: secrets.token_bytes(32))

    def host_allowed(self, header: str) -> bool:
        return host_name(header) in self.hosts

    def form_token(self, cookie: str) -> str:
        return hmac.new(self.secret, cookie.encode("utf-8"), hashlib.sha256).hexdigest()


def host_name(header: str) -> str:
    """The host of a ``Host`` header or an origin, without port or brackets, lower case."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1 : header.find("]")] if "]" in header else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def new_token() -> str:
    return secrets.token_urlsafe(24)


class GuardMiddleware(BaseHTTPMiddleware):
    """Host check, access token and the browser's form cookie, before every page."""

    def __init__(self, app: Callable[..., Awaitable[None]], guard: Guard) -> None:
        super().__init__(app)
        self.guard = guard

    async def dispatch(self, request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        guard = self.guard
        if not guard.host_allowed(request.headers.get("host", "")):
            return PlainTextResponse("400 Bad Request: this server does not answer to that host name", 400)
        if guard.token is not None:
            given = request.query_params.get("token")
            if given is not None and hmac.compare_digest(given, guard.token):
                rest = [(k, v) for k, v in request.query_params.multi_items() if k != "token"]
                target = request.url.path + (f"?{urlencode(rest)}" if rest else "")
                response: Response = RedirectResponse(target, 303)
                response.set_cookie(ACCESS_COOKIE, guard.token, httponly=True, samesite="strict")
                return _hardened(response)
            cookie = request.cookies.get(ACCESS_COOKIE, "")
            if not hmac.compare_digest(cookie, guard.token):
                return _hardened(
                    PlainTextResponse(
                        "403 Forbidden: open the address schev serve printed (with its ?token=...) first", 403
                    )
                )
        cookie = request.cookies.get(CSRF_COOKIE, "")
        fresh = len(cookie) < 16
        if fresh:
            cookie = secrets.token_urlsafe(24)
        request.state.csrf = guard.form_token(cookie)
        request.state.csrf_cookie = cookie
        response = await call_next(request)
        if fresh:
            response.set_cookie(CSRF_COOKIE, cookie, httponly=True, samesite="strict")
        return _hardened(response)


def _hardened(response: Response) -> Response:
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    response.headers.setdefault("Cache-Control", "no-store")
    return response


async def checked_form(request: Request, guard: Guard) -> FormData:
    """The form of a POST, after its size, its origin and its cross-site token are checked; a
    :class:`Refused` otherwise."""
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_FORM_BYTES:
        raise Refused(413, f"the form is too large: at most {MAX_FORM_BYTES // 1024} KiB (1 MiB), uploads included")
    origin = request.headers.get("origin")
    if origin and origin != "null" and not guard.host_allowed(urlsplit(origin).netloc):
        raise Refused(403, "a form from another site is refused")
    try:
        form = await request.form(max_files=4, max_fields=400, max_part_size=MAX_FORM_BYTES)
    except MultiPartException as error:
        raise Refused(413 if "size" in str(error).lower() else 400, f"the form cannot be read: {error}") from None
    sent = form.get(CSRF_FIELD)
    if not isinstance(sent, str) or not hmac.compare_digest(sent, request.state.csrf):
        raise Refused(403, "the form's security token is missing or old: reload the page and send it again")
    return form
