"""A shell holds the save of the night it plays (one solo at a time may write it)."""

from __future__ import annotations

from pathlib import Path

from ..play.lock import SaveLock


def release_lock(sh) -> None:
    """Let go of the night this shell held open (another solo may take it now)."""
    lock = getattr(sh, "lock", None)
    if lock is not None:
        lock.release()
    sh.lock = None


def hold_lock(sh, path: Path) -> bool:
    """Hold ``path`` open for this shell alone; False if another solo has it open."""
    lock = SaveLock(path)
    if not lock.acquire():
        return False
    release_lock(sh)
    sh.lock = lock
    return True
