"""``schev serve``: the arbiter's desk, a local web page over a match file or a folder of them.

The page (``solver/web/``) shows each round's pairings with a result field a board, the standings,
the history, the printable page and every export, a display for the hall, a new match and a change
in mid-match; it calls the library as the other commands do, and the match file stays the only
store, so ``schev result`` and the page can be used side by side.  The web packages are an extra:
without them the command says how to install them (exit 2).  It listens on 127.0.0.1 unless
``--host`` is given; beyond loopback it needs the access token printed in the address.
"""

from __future__ import annotations

import argparse
import importlib.util

from scheveningen.solver.cli.common import EXIT_OK, TEXT, Command, Reply, UsageError, non_negative_int

SERVE_HELP = "open the arbiter's desk: a local web page to run a match from the pairings to the rating report"
SERVE_DESCRIPTION = (
    "Serve a local web page over a match file or a folder of them (default: the current folder): each round's "
    "pairings with a result field a board, the standings and crosstable, the history, the printable page and "
    "every export, a display for the hall, a new match and a change in mid-match. The command line and the page "
    "share the match file. Listens on 127.0.0.1 unless --host is given; then the printed address carries an "
    "access token. Needs the web extra: pip install 'scheveningen[web]'."
)
#: The modules of the web extra, by the name they are imported as.
WEB_MODULES = ("starlette", "jinja2", "uvicorn", "python_multipart")


def configure_serve(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", default=".", help="a match file or a folder of them (default: .)")
    parser.add_argument("--host", metavar="H", help="listen on this address (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=non_negative_int, default=8044, metavar="P", help="port (default 8044; 0: any)")
    parser.add_argument("--open", action="store_true", help="open the page in the browser")


def missing_web_modules() -> list[str]:
    return [name for name in WEB_MODULES if importlib.util.find_spec(name) is None]


def cmd_serve(args: argparse.Namespace) -> Reply:
    missing = missing_web_modules()
    if missing:
        raise UsageError(
            f"schev serve needs the web extra ({', '.join(missing)} not installed): pip install 'scheveningen[web]'"
        )
    from scheveningen.solver.web.server import ServeError, prepare, serve

    try:
        plan = prepare(args.path, args.host, args.port)
        serve(plan, open_browser=args.open)
    except ServeError as error:
        raise UsageError(str(error)) from None
    return Reply(EXIT_OK, "ok")


SERVE = Command((TEXT,), configure_serve, cmd_serve, SERVE_DESCRIPTION)
