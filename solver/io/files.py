"""Reading the user's text files with one clear sentence for each way that can fail.

``-`` names standard input.  Every file is read up to :data:`MAX_FILE_BYTES` and no further: a
schedule of the largest supported size is far smaller, so a larger file (a log, a disk image, a
50 MB paste) is refused at once, in bounded memory, instead of being parsed for minutes.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import BinaryIO

#: The largest schedule file read: a 500-board schedule in the text form is under 2 MB.
MAX_FILE_BYTES = 4 * 1024 * 1024
#: The largest spec read: 20,000 requests take about 1 MB of TOML, and TOML is slow to parse.
MAX_SPEC_BYTES = 2 * 1024 * 1024

STDIN = "-"


class UnreadableFileError(ValueError):
    """The file cannot be read as UTF-8 text; the message names it and says why."""


def display_name(path: str | Path) -> str:
    """How messages name a file argument (``-`` is standard input)."""
    return "standard input" if str(path) == STDIN else str(path)


def read_text_file(path: str | Path, what: str, max_bytes: int = MAX_FILE_BYTES) -> str:
    """The file's text (standard input for ``-``); ``what`` names the kind of file expected.

    A file longer than ``max_bytes`` is refused after reading that much, never read whole."""
    name = display_name(path)
    try:
        if str(path) == STDIN:
            stream = getattr(sys.stdin, "buffer", None)  # a text-only stream (a test's StringIO) has none
            if stream is None:
                data = sys.stdin.read(max_bytes + 1).encode("utf-8")
                _check_size(data, name, max_bytes)
            else:
                data = _read_capped(stream, name, max_bytes)
        else:
            with Path(path).open("rb") as handle:
                data = _read_capped(handle, name, max_bytes)
    except FileNotFoundError:
        raise UnreadableFileError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise UnreadableFileError(f"{name}: is a directory, not a {what}") from None
    except OSError as error:
        raise UnreadableFileError(f"{name}: cannot be read ({error.strerror or error})") from None
    if b"\x00" in data:
        raise UnreadableFileError(f"{name}: not a text file (it holds binary data), not a {what}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise UnreadableFileError(f"{name}: not a text file (it is not UTF-8)") from None


def _read_capped(handle: BinaryIO, name: str, max_bytes: int) -> bytes:
    data = handle.read(max_bytes + 1)
    _check_size(data, name, max_bytes)
    return data


def _check_size(data: bytes, name: str, max_bytes: int) -> None:
    if len(data) > max_bytes:
        raise UnreadableFileError(f"{name}: too large (over {max_bytes // (1024 * 1024)} MB); no input is that long")
