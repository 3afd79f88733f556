"""Running the desk: the address, the socket, the access token, uvicorn.

:func:`prepare` decides what ``schev serve`` serves and where: loopback unless a host is given, and
then an access token (printed in the address) and a warning; the names the Host header may carry
(the host given, this machine's names, and loopback's).  :func:`serve` binds the socket first (so
that ``--port 0`` takes a free port and the address printed is the real one), prints the address,
opens the browser when asked, and runs uvicorn until Ctrl-C.
"""

from __future__ import annotations

import contextlib
import socket
import sys
import threading
import webbrowser
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from scheveningen.solver.web.security import LOOPBACK, Guard, new_token

DEFAULT_PORT = 8044


class ServeError(ValueError):
    """The desk cannot start (no such folder, the port taken): one sentence."""


@dataclass(frozen=True)
class Plan:
    """What to serve, where, and the guard that keeps it."""

    path: Path
    host: str
    port: int
    guard: Guard

    @property
    def loopback(self) -> bool:
        return self.guard.token is None


def is_loopback(host: str) -> bool:
    if host in LOOPBACK:
        return True
    try:
        infos = socket.getaddrinfo(host, None)
    except OSError:
        return False
    return bool(infos) and all(str(info[4][0]).startswith("127.") or str(info[4][0]) == "::1" for info in infos)


def _own_names(host: str) -> set[str]:
    names = {host.lower()}
    if host in ("0.0.0.0", "::", ""):
        names |= {socket.gethostname().lower(), socket.getfqdn().lower()}
        with contextlib.suppress(OSError):
            names |= {str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None)}
    return names


def prepare(path: str | Path, host: str | None, port: int) -> Plan:
    """The plan for ``schev serve PATH [--host H] [--port P]``; :class:`ServeError` when PATH is no
    folder and no file."""
    target = Path(path)
    if not target.exists():
        raise ServeError(f"{path}: no such file or folder")
    if not (target.is_dir() or target.is_file()):
        raise ServeError(f"{path}: not a folder nor a match file")
    if not 0 <= port <= 65535:
        raise ServeError(f"--port must be between 0 and 65535, got {port}")
    chosen = host or "127.0.0.1"
    if is_loopback(chosen):
        return Plan(target, chosen, port, Guard())
    return Plan(target, chosen, port, Guard(hosts=LOOPBACK | _own_names(chosen), token=new_token()))


def address(plan: Plan, port: int) -> str:
    """The address to open, with the token beyond loopback."""
    host = plan.host
    if host in ("0.0.0.0", "::"):
        host = socket.gethostname()
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/" + ("" if plan.guard.token is None else f"?token={plan.guard.token}")


def bind(plan: Plan) -> socket.socket:
    family = socket.AF_INET6 if ":" in plan.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((plan.host, plan.port))
    except OSError as error:
        sock.close()
        raise ServeError(f"cannot listen on {plan.host}:{plan.port}: {error.strerror or error}") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def serve(plan: Plan, open_browser: bool = False, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> None:
    """Serve until interrupted, printing the address first (and a warning beyond loopback)."""
    import uvicorn

    from scheveningen.solver.web.app import create_app

    sock = bind(plan)
    port = sock.getsockname()[1]
    url = address(plan, port)
    if not plan.loopback:
        print(
            f"schev: warning: serving on {plan.host}, beyond this machine: anyone who can reach it and has the "
            "address with its token can enter results; keep the address to yourself",
            file=err,
        )
    print(f"schev: serving {plan.path} at {url}", file=out)
    print("schev: press Ctrl-C to stop", file=out)
    out.flush()
    if open_browser:
        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    config = uvicorn.Config(create_app(plan.path, plan.guard), log_level="warning", access_log=False, lifespan="off")
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
