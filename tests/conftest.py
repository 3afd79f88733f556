"""Test-session settings that change how fast the suite runs, never what it checks.

Python's cyclic garbage collector runs a young-generation pass every 700 new container objects, and
the verifier and the constructions build hundreds of thousands of small frozen dataclasses (games,
players) on the large sizes; with the test session's own objects (the collected tests, hypothesis,
the imported modules) every older-generation pass also walks tens of thousands of long-lived ones.
On tests/test_constructions.py that was about a third of the run time.  Here the collector runs
less often and leaves the objects that exist once the tests are collected alone: reference counting
still frees everything that is not in a cycle at once, and cycles are still collected, later.
"""

from __future__ import annotations

import gc

import pytest

#: A young pass every 50,000 new container objects instead of 700, and each older generation after
#: 20 passes of the one below instead of 10.
GC_THRESHOLDS = (50_000, 20, 20)


def pytest_sessionstart(session: pytest.Session) -> None:
    gc.set_threshold(*GC_THRESHOLDS)


def pytest_collection_finish(session: pytest.Session) -> None:
    gc.collect()
    gc.freeze()
