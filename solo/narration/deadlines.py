"""How long a model may take: the deadlines of one request (a beat, a stretch, a verdict).

Every stage of a request is bounded, each bound set under ``[llm]`` in ``config.toml``:

=====================  =========  ==========================================================
key                    default    bounds
=====================  =========  ==========================================================
``connect_timeout``    15 s       connecting to the server and sending the request
``first_text_timeout`` 60 s       from the request to its first words: the reply's headers
                                  (some servers, llama-cpp-python's among them, send none
                                  until the model has read the prompt) and any retry
``min_rate``           2 tokens/s after the first words, over any ``rate_window``; tokens are
                                  counted as characters / 4 (0 turns the check off)
``rate_window``        10 s       the window of ``min_rate``
``stall``              10 s       the longest silence after the first words (0: off)
``request_timeout``    120 s      the whole request: connecting, retries, the whole stream
=====================  =========  ==========================================================

A server's ``Retry-After`` is obeyed only when the wait ends before the first-text deadline.
``timeout`` is the old name of ``first_text_timeout``. A value that is not a number in range
is one notice, and the default.
"""

from __future__ import annotations

import math
import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any

#: The longest any deadline may be (a day): larger values are a mistake, and overflow waits.
MOST = 86400.0


@dataclass(frozen=True)
class Deadlines:
    """The bounds of one request, in seconds (``min_rate`` in tokens a second)."""

    connect: float = 15.0
    first_text: float = 60.0
    min_rate: float = 2.0
    rate_window: float = 10.0
    stall: float = 10.0
    request: float = 120.0


#: config.toml key → (field, unit).
KEYS: dict[str, tuple[str, str]] = {
    "connect_timeout": ("connect", "seconds"),
    "first_text_timeout": ("first_text", "seconds"),
    "min_rate": ("min_rate", "tokens a second"),
    "rate_window": ("rate_window", "seconds"),
    "stall": ("stall", "seconds"),
    "request_timeout": ("request", "seconds"),
}
#: Checks that 0 turns off; every other value must be above 0.
MAY_BE_ZERO = ("min_rate", "stall")
#: Old keys still read: ``timeout`` was the wait for the first chunk.
OLD_KEYS = {"timeout": "first_text_timeout"}


def number(value: Any, *, zero: bool) -> float | None:
    """``value`` as a number of seconds (or a rate) in range, or None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    value = float(value)
    if not math.isfinite(value) or value > MOST or value < 0 or (value == 0 and not zero):
        return None
    return value


def read_deadlines(config: Mapping[str, Any], notice: Callable[[str], None] | None = None,
                   **given: float | None) -> Deadlines:
    """The deadlines: ``given`` (field names; None: not given) first, then the config's keys
    (``OLD_KEYS`` where the new key is absent), then the defaults. A bad config value is one
    notice naming it, and the default."""
    defaults = Deadlines()
    values: dict[str, float] = {}
    for key, (field, unit) in KEYS.items():
        source = key if key in config else next((o for o, n in OLD_KEYS.items() if n == key and o in config), None)
        if source is None:
            continue
        value = number(config[source], zero=field in MAY_BE_ZERO)
        if value is None:
            if notice is not None:
                low = "0 or more" if field in MAY_BE_ZERO else "above 0"
                shown = repr(config[source])
                shown = shown if len(shown) <= 60 else shown[:57] + "..."
                notice(f"config.toml: [llm] {source} = {shown} is not a number of {unit} ({low}, at most "
                       f"{MOST:g}); using {getattr(defaults, field):g}")
            continue
        values[field] = value
    for field in (f.name for f in fields(Deadlines)):
        if given.get(field) is not None:
            values[field] = float(given[field])  # type: ignore[arg-type]
    return Deadlines(**values)


class WallClock:
    """Real time, which requests are timed by. A test gives the narrator and the judge a clock
    of its own with the same three methods (tests/narration/fakeclock.py)."""

    now = staticmethod(time.monotonic)

    def wait(self, q: queue.Queue, until: float, helper: threading.Thread) -> Any:
        """The next item on ``q`` (put there by ``helper``); :class:`queue.Empty` at ``until``.
        (A simulated clock moves on only while ``helper`` waits on it too.)"""
        return q.get(timeout=max(until - self.now(), 0.001))

    def sleep(self, seconds: float, stop: threading.Event) -> bool:
        """Wait ``seconds``, or until ``stop`` is set (then True)."""
        return stop.wait(seconds)


#: The clock of every request unless a test gives another.
WALL = WallClock()


class Clock:
    """One request's deadlines, measured from ``start`` (by default, now) on ``source``: what
    has passed (:meth:`expired`) and when the next may pass (:meth:`due`). Times given to it
    are :meth:`now` readings, and never go back."""

    def __init__(self, deadlines: Deadlines, start: float | None = None, source: WallClock = WALL) -> None:
        self.d = deadlines
        self.source = source
        self.start = self.now() if start is None else start
        self.end = self.start + deadlines.request
        self.first_by = min(self.start + deadlines.first_text, self.end)
        self.first: float | None = None  # when the first words came
        self.last: float | None = None  # when the latest words came
        self._window: deque[tuple[float, int]] = deque()  # (when, characters) within rate_window
        self._in_window = 0
        #: Characters a rate_window must hold: min_rate tokens a second, 4 characters a token.
        self.need = deadlines.min_rate * 4 * deadlines.rate_window

    def now(self) -> float:
        return self.source.now()

    def wait(self, q: queue.Queue, helper: threading.Thread) -> Any:
        """What ``helper`` puts on ``q`` next; :class:`queue.Empty` when a deadline may pass."""
        return self.source.wait(q, self.due(self.now()), helper)

    def text(self, when: float, characters: int) -> None:
        """``characters`` of text arrived at ``when``."""
        if characters <= 0:
            return
        if self.first is None:
            self.first = when
        self.last = when
        self._window.append((when, characters))
        self._in_window += characters

    def _trim(self, now: float) -> None:
        # the sums :meth:`due` gives, so that at a moment it gave, a deadline has passed
        while self._window and self._window[0][0] + self.d.rate_window <= now:
            self._in_window -= self._window.popleft()[1]

    def expired(self, now: float) -> str | None:
        """Why the request is over at ``now`` (one short line), or None."""
        if self.first is None:
            if now >= self.first_by:
                return f"no text within {self.first_by - self.start:g} s"
            return None
        if now >= self.end:
            return f"the reply took over {self.d.request:g} s"
        if self.d.stall and self.last is not None and now >= self.last + self.d.stall:
            return f"the model stopped sending for {self.d.stall:g} s"
        if self.need and now >= self.first + self.d.rate_window:
            self._trim(now)
            if self._in_window < self.need:
                return f"the model sent under {self.d.min_rate:g} tokens/s for {self.d.rate_window:g} s"
        return None

    def due(self, now: float) -> float:
        """The next moment a deadline may pass if nothing more arrives."""
        if self.first is None:
            return self.first_by
        moments = [self.end]
        if self.d.stall and self.last is not None:
            moments.append(self.last + self.d.stall)
        if self.need:
            moments.append(self._rate_due(now))
        return min(moments)

    def _rate_due(self, now: float) -> float:
        """When the text in the window falls under ``need``: at once (from the end of the
        first window), or when enough of what it holds has aged out of it."""
        assert self.first is not None
        self._trim(now)
        window = self.d.rate_window
        at = max(now, self.first + window)
        held = self._in_window
        checked = False
        for when, characters in self._window:  # oldest first: each leaves the window in turn
            leaves = when + window
            if leaves > at and not checked:
                checked = True
                if held < self.need:
                    return at
            held -= characters
            if leaves > at and held < self.need:
                return leaves
        return at
