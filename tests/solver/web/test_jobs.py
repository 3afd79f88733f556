"""The design running: one at a time, its progress line, a cancel that writes nothing, a finished design
that writes its file, and impossible requests worded as ``schev generate`` words them."""

from __future__ import annotations

import time

import pytest

from scheveningen.models.domain.match import Match, Meet
from scheveningen.models.formats.matchrecord import MatchRecord, MatchSetup
from scheveningen.solver import design
from scheveningen.solver.design import DesignParams, Result, Status
from scheveningen.solver.run import stop
from scheveningen.solver.web.jobs import Busy, Job, Jobs


def wait(job: Job) -> Job:
    deadline = time.monotonic() + 60
    while job.state == "running" and time.monotonic() < deadline:
        time.sleep(0.02)
    return job


def test_a_design_writes_its_match_file_and_impossible_requests_are_named() -> None:
    jobs = Jobs()
    written: list[MatchRecord] = []

    def write(record: MatchRecord) -> str:
        written.append(record)
        return "new.json"

    job = wait(jobs.start("plain", MatchSetup(Match(boards=4)), 5, write))
    assert (job.state, job.made) == ("done", "new.json") and written[0].boards == 4
    assert job.messages[0].startswith("Designed: optimal, 4 breaks")
    clash = Match(boards=4, meets=(Meet(a=1, b=2, round=1), Meet(a=1, b=3, round=1)))
    job = wait(jobs.start("clash", MatchSetup(clash), 10, write))
    assert job.state == "failed" and len(written) == 1
    assert job.messages[-1].startswith("impossible: these 2 requests cannot hold together:")


def test_one_design_at_a_time_and_a_cancel_writes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    def slow(match: Match, params: DesignParams, progress: object = None) -> Result:
        stop.wait(30)  # a long search, until stopped
        return Result(match, Status.UNKNOWN, None, None, 0, {}, None, params, 0.0)

    monkeypatch.setattr(design, "design_match", slow)
    jobs = Jobs()
    job = jobs.start("slow", MatchSetup(Match(boards=4)), 30, lambda record: "never.json")
    assert job.line().startswith("breaks -  bound 0  ")
    with pytest.raises(Busy):
        jobs.start("another", MatchSetup(Match(boards=4)), 30, lambda record: "never.json")
    assert jobs.cancel(job.id) is job
    assert wait(job).state == "cancelled" and job.made is None and "nothing was written" in job.messages[0]
    assert jobs.running() is None and not stop.requested()
