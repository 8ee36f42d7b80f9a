"""F1 and F2, quick: kills at random moments and two writers at once (bench/faults.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench import faults  # noqa: E402


@pytest.mark.slow
def test_sigkill_never_loses_an_acknowledged_event() -> None:
    rep = faults.f1_crash(5, seed=11, events=200)  # a game past its first event segments
    assert rep.ok, rep.failures
    assert rep.cases == 5


@pytest.mark.slow
def test_two_writers_keep_every_event_in_order() -> None:
    rep = faults.f2_concurrency(25, events=200)
    assert rep.ok, rep.failures
    assert rep.cases == 50
