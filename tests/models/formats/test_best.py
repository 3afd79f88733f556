"""The best known designs: each verifies, states its breaks truly, and is no worse than the published table."""

from __future__ import annotations

import pytest

from scheveningen.models.bounds.proven import analytic_break_bound
from scheveningen.models.formats.tables import (
    PUBLISHED_SIZES,
    best,
    best_sizes,
    best_stated_bound,
    best_stated_breaks,
    best_text,
    published,
)
from scheveningen.solver.cli.main import main
from scheveningen.solver.verify.verifier import verify


def test_there_are_best_known_tables() -> None:
    assert best_sizes()


@pytest.mark.parametrize("n", best_sizes())
def test_best_known_table_verifies_with_its_stated_breaks(n: int) -> None:
    verdict = verify(best(n))
    assert verdict.ok, verdict.violations()[:3]
    assert verdict.metrics.total_breaks == best_stated_breaks(n)
    assert "# Obtained by:" in best_text(n)
    bound = best_stated_bound(n)
    assert bound <= verdict.metrics.total_breaks
    if not verdict.relaxed:  # the analytic bound assumes rules 1 and 3 hold
        assert bound >= analytic_break_bound(n)
    if n in PUBLISHED_SIZES:
        assert verdict.metrics.total_breaks <= verify(published(n)).metrics.total_breaks


@pytest.mark.parametrize("n", best_sizes()[:3])
def test_table_best_prints_the_file_exactly(n: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", str(n), "--best"]) == 0
    assert capsys.readouterr().out == best_text(n)


def test_table_best_for_a_size_without_one_is_exit_two(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", "99", "--best"]) == 2
    assert "no best known table for 99 boards" in capsys.readouterr().err
