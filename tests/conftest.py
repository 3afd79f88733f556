"""Test-session settings that change how fast the suite runs, never what it checks.

Python's cyclic garbage collector runs a young-generation pass every 700 new container objects, and
the verifier and the constructions build hundreds of thousands of small frozen dataclasses (games,
players) on the large sizes; with the test session's own objects (the collected tests, hypothesis,
the imported modules) every older-generation pass also walks tens of thousands of long-lived ones.
On tests/models/constructions/test_equal.py that was about a third of the run time.  Here the collector runs
less often and leaves the objects that exist once the tests are collected alone: reference counting
still frees everything that is not in a cycle at once, and cycles are still collected, later.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from collections.abc import Callable

import pytest

#: A young pass every 50,000 new container objects instead of 700, and each older generation after
#: 20 passes of the one below instead of 10.
GC_THRESHOLDS = (50_000, 20, 20)


def pytest_sessionstart(session: pytest.Session) -> None:
    gc.set_threshold(*GC_THRESHOLDS)


def pytest_collection_finish(session: pytest.Session) -> None:
    gc.collect()
    gc.freeze()


@pytest.fixture
def printed_under_two_hash_seeds() -> Callable[[str], set[str]]:
    """What ``python -c CODE`` prints under hash seeds 1 and 2, the two processes side by side (two
    cores): one output when the code does not depend on the order of sets and dicts of strings."""

    def run(code: str) -> set[str]:
        processes = [
            subprocess.Popen(
                [sys.executable, "-c", code],
                env={**os.environ, "PYTHONHASHSEED": seed},
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for seed in ("1", "2")
        ]
        outputs = {process.communicate(timeout=600)[0] for process in processes}
        # Two processes that printed nothing (an import error, say) agree too: that is no pass.
        assert outputs != {""}, "neither process printed anything"
        return outputs

    return run
