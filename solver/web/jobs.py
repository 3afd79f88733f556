"""The design running for the page: one at a time, its progress, a cancel, and what it wrote.

A design (a new match, or the rest of a match redesigned mid-way) takes seconds to minutes, so it
runs in a thread of the server while the page shows its progress line (breaks of the best schedule
so far, the proven bound, the time) and a cancel.  The search obeys the process-wide stop flag
(``solver/run/stop.py``), so the server runs one design at a time; a cancel stops it and writes
nothing.  A finished design writes its match file through :mod:`scheveningen.solver.match.generated`
and says which (its id), or why there is none: the minimal set of requests that cannot hold
together, in ``schev generate``'s words.  This is the only state the server keeps between requests.
"""

from __future__ import annotations

import math
import os
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from scheveningen.models.formats.matchrecord import MatchRecord, MatchSetup

State = Literal["running", "done", "failed", "cancelled"]

#: How many finished jobs are remembered (their pages stay readable for a while).
KEPT = 20


class Busy(Exception):
    """A design is already running: the page says so and links to it."""

    def __init__(self, job: Job) -> None:
        super().__init__("a design is already running")
        self.job = job


@dataclass
class Job:
    """One design: what it designs, its progress, how it ended and the match file it wrote."""

    id: str
    title: str
    time_limit: float
    started: float = field(default_factory=time.monotonic)
    breaks: float = math.inf
    bound: float = 0.0
    state: State = "running"
    messages: list[str] = field(default_factory=list)
    made: str | None = None
    cancelled: bool = False
    ended: float | None = None

    def progress(self, objective: float, bound: float, _elapsed: float) -> None:
        self.breaks, self.bound = objective, bound

    @property
    def elapsed(self) -> float:
        return (self.ended or time.monotonic()) - self.started

    def line(self) -> str:
        """The progress line, as ``schev generate`` draws it."""
        breaks = "-" if self.breaks == math.inf else f"{self.breaks:g}"
        return f"breaks {breaks}  bound {self.bound:g}  {self.elapsed:.1f}s of at most {self.time_limit:g}s"

    def finish(self, state: State, messages: list[str]) -> None:
        self.state, self.messages, self.ended = state, messages, time.monotonic()


#: Writes a designed match record and returns the id of the file written.
Writer = Callable[[MatchRecord], str]


def usable_cores() -> int:
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


class Jobs:
    """The design running (at most one) and the last ones finished."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._jobs: dict[str, Job] = {}

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            return self._jobs.get(job_id)

    def running(self) -> Job | None:
        with self._lock:
            return next((job for job in self._jobs.values() if job.state == "running"), None)

    def start(self, title: str, setup: MatchSetup, time_limit: float, write: Writer) -> Job:
        """Start designing ``setup``'s match; :class:`Busy` while another design runs."""
        with self._lock:
            busy = next((job for job in self._jobs.values() if job.state == "running"), None)
            if busy is not None:
                raise Busy(busy)
            job = Job(secrets.token_urlsafe(9), title, time_limit)
            self._jobs[job.id] = job
            for old in [j for j in self._jobs.values() if j.state != "running"][:-KEPT]:
                del self._jobs[old.id]
        threading.Thread(target=_run, args=(job, setup, write), name=f"design-{job.id}", daemon=True).start()
        return job

    def cancel(self, job_id: str) -> Job | None:
        """Stop the design (nothing is written); the job, or ``None`` when there is no such job."""
        from scheveningen.solver.run import stop

        job = self.get(job_id)
        if job is not None and job.state == "running":
            job.cancelled = True
            stop.request()
        return job


def _run(job: Job, setup: MatchSetup, write: Writer) -> None:
    """The design of ``job``, in its thread: every outcome ends the job with a sentence, never a traceback."""
    from scheveningen.solver.design import DesignBugError, DesignInputError, DesignParams, design_match
    from scheveningen.solver.match.generated import GeneratedMatchError, design_failure, generated_record
    from scheveningen.solver.run import stop

    try:
        stop.reset()
        params = DesignParams(time_limit=job.time_limit, workers=usable_cores())
        result = design_match(setup.match, params, job.progress)
        if job.cancelled:
            job.finish("cancelled", ["Cancelled: the design was stopped and nothing was written."])
            return
        if result.schedule is None:
            job.finish("failed", design_failure(result, setup.match, job.time_limit))
            return
        record = generated_record(setup, setup.match, result, source="the match")
        job.made = write(record)
        summary = f"Designed: {result.status.value}, {result.breaks} breaks (lower bound {result.lower_bound})."
        job.finish("done", [summary, *result.messages])
    except (DesignInputError, GeneratedMatchError, ValueError, OSError) as error:
        job.finish("failed", [str(error)])
    except DesignBugError as error:
        job.finish("failed", [f"INTERNAL ERROR (please report): {error}"])
    except Exception as error:  # the page must say something; a bug is reported as one
        job.finish("failed", [f"INTERNAL ERROR (please report): {type(error).__name__}: {error}"])
    finally:
        stop.reset()
