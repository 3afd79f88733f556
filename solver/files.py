"""Reading the user's text files with one clear sentence for each way that can fail."""

from __future__ import annotations

from pathlib import Path


class UnreadableFileError(ValueError):
    """The file cannot be read as UTF-8 text; the message names it and says why."""


def read_text_file(path: str | Path, what: str) -> str:
    """The file's text; ``what`` names the kind of file expected, for the messages."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UnreadableFileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise UnreadableFileError(f"{path}: is a directory, not a {what}") from None
    except UnicodeDecodeError:
        raise UnreadableFileError(f"{path}: not a text file (it is not UTF-8)") from None
    except OSError as error:
        raise UnreadableFileError(f"{path}: cannot be read ({error.strerror})") from None
