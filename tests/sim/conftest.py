"""Fixtures the simulator's in-process tests share."""

import time

import pytest

from solo.sim import fast


@pytest.fixture
def no_fast_engine(monkeypatch):
    """As where no C compiler built the extension."""
    monkeypatch.setattr(fast, "_MODULE", None)
    monkeypatch.setattr(fast, "_TRIED", True)


@pytest.fixture
def clock(monkeypatch):
    """``time.perf_counter`` at 100.0 s, then 102.5 s ever after: runs take 2.5 s."""
    ticks = iter([100.0])
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks, 102.5))
