"""A clock for the model tests (what :class:`solo.narration.deadlines.WallClock` is to a
request): time stands still while the code works, and when the one waiting for a helper
thread has nothing to read and the helper waits on this clock too, time jumps at once to
the next moment due (the waiter's deadline, or the end of the helper's wait). So a deadline
passes exactly when it should, whatever the load on the machine, and costs no real time."""

from __future__ import annotations

import math
import queue
import threading
import time

#: Real seconds a waiter may go without anything to read while its helper works, before it
#: is an error rather than a hang (no helper here works for more than a moment).
PATIENCE = 30.0


class FakeClock:
    """``now``, ``wait`` and ``sleep`` as :class:`~solo.narration.deadlines.WallClock`'s."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start
        self._cv = threading.Condition()
        self._sleeping: dict[threading.Thread, tuple[float, threading.Event | None]] = {}

    def now(self) -> float:
        with self._cv:
            return self._now

    def sleep(self, seconds: float, stop: threading.Event | None = None) -> bool:
        """Wait ``seconds`` of this clock, or until ``stop`` is set (then True)."""
        me = threading.current_thread()
        with self._cv:
            wake = self._now + seconds
            self._sleeping[me] = (wake, stop)
            try:
                while self._now < wake:
                    if stop is not None and stop.is_set():
                        return True
                    self._cv.wait(0.005)  # real: a stop set elsewhere does not notify
                return False
            finally:
                self._sleeping.pop(me, None)

    def wait(self, q: queue.Queue, until: float, helper: threading.Thread):
        """The next item on ``q``; :class:`queue.Empty` once this clock reaches ``until``."""
        patience = time.monotonic() + PATIENCE  # real: only so that a broken test fails, not hangs
        while True:
            with self._cv:
                wake = self._idle(helper)  # first: what an idle helper sent is on q by now
                if not q.empty():
                    return q.get_nowait()
                if wake is not None:  # the helper waits too: on to the next moment due
                    self._advance(min(until, wake))
                if self._now >= until:  # the deadline passes before anything more comes
                    raise queue.Empty
            try:  # the helper is at work: what it sends comes at this same moment
                return q.get(timeout=0.005)
            except queue.Empty:
                if time.monotonic() > patience:
                    raise RuntimeError(f"the helper {helper.name} neither sent anything nor waited on "
                                       f"the clock for {PATIENCE:g} s") from None

    def _idle(self, helper: threading.Thread) -> float | None:
        """When ``helper``, waiting on this clock (or gone), wakes (inf: never); None while it works."""
        if not helper.is_alive():
            return math.inf
        wake, stop = self._sleeping.get(helper, (None, None))
        return None if wake is None or (stop is not None and stop.is_set()) else wake

    def _advance(self, to: float) -> None:
        if to > self._now:
            self._now = to
            for thread, (wake, _) in list(self._sleeping.items()):
                if wake <= to:  # woken: at work again from now on
                    del self._sleeping[thread]
            self._cv.notify_all()
