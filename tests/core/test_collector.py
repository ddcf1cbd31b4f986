"""The garbage collector's settings during bulk work, and after it."""

from __future__ import annotations

import gc

import pytest

from filings.core.collector import BULK_THRESHOLDS, as_bulk_work, bulk_work, serving


def test_bulk_work_collects_less_often_and_restores_the_collector() -> None:
    before = gc.get_threshold()
    with bulk_work():
        assert gc.get_threshold() == BULK_THRESHOLDS
        assert gc.get_freeze_count() > 0  # what the process held before is out of its view
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_a_failing_job_restores_the_collector_too() -> None:
    before = gc.get_threshold()

    @as_bulk_work
    def job() -> None:
        assert gc.get_threshold() == BULK_THRESHOLDS
        raise ValueError("bad row")

    with pytest.raises(ValueError, match="bad row"):
        job()
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_a_server_freezes_what_it_built_while_it_serves() -> None:
    with serving():
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0
