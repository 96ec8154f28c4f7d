"""A call run in a thread of its own, for tests that must not hang on it."""

from __future__ import annotations

import threading


def in_thread(fn):
    """Run ``fn`` in a thread; a dict that gets its ``"out"`` or its ``"err"``, and the thread."""
    box: dict = {}

    def go():
        try:
            box["out"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            box["err"] = exc

    t = threading.Thread(target=go, daemon=True)
    t.start()
    return box, t
