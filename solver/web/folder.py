"""The match files a server shows: a folder's listing, each file named by an opaque id.

A request never names a file by a path: it names an id from the listing (the file's own name,
checked against the folder's entries), and :meth:`Served.path` refuses any id not in it, so
``../``, an absolute path or an encoded slash names nothing.  The listing holds the folder's
``*.json`` files that start as a match file does (a quick look at the first bytes; a file is read
and checked in full only when a page shows it); served one match file, it holds that file and any
the page made since.  Hidden files (a write's temporary file) are never listed.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from pathlib import Path

_MARK = b'"format": "scheveningen-match/'


@dataclass(frozen=True)
class Entry:
    """One match file of the listing: its id (for URLs) and its path."""

    id: str
    path: Path


@dataclass
class Served:
    """The folder served (new match files are written there) and, when one match file was given,
    that file: then only it and the files made by this server are listed."""

    folder: Path
    only: Path | None = None
    made: set[str] = field(default_factory=set)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @classmethod
    def of(cls, path: str | Path) -> Served:
        """What ``schev serve PATH`` serves: a folder, or one match file (its folder takes new ones)."""
        path = Path(path).absolute()
        if path.is_dir():
            return cls(path)
        return cls(path.parent, only=path)

    def listing(self) -> list[Entry]:
        """The match files, by name."""
        try:
            names = sorted(os.listdir(self.folder))
        except OSError:
            return []
        with self._lock:
            made = set(self.made)
        entries = []
        for name in names:
            if name.startswith(".") or not name.endswith(".json"):
                continue
            if self.only is not None and name != self.only.name and name not in made:
                continue
            path = self.folder / name
            if path.is_file() and _looks_like_match(path):
                entries.append(Entry(name, path))
        return entries

    def path(self, match_id: str) -> Path | None:
        """The match file with this id, or ``None`` when the listing has none."""
        return next((entry.path for entry in self.listing() if entry.id == match_id), None)

    def add(self, path: Path) -> str:
        """A match file this server wrote: listed from now on; its id."""
        with self._lock:
            self.made.add(path.name)
        return path.name


def _looks_like_match(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return _MARK in handle.read(256)
    except OSError:
        return False


def file_version(path: Path) -> str:
    """What changes whenever the file is rewritten (a result entered here or by ``schev result``):
    its inode, size and modification time; empty when it cannot be read."""
    try:
        st = path.stat()
    except OSError:
        return ""
    return f"{st.st_ino}-{st.st_size}-{st.st_mtime_ns}"
