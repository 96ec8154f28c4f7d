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


def copied(sh, path: Path) -> None:
    """Remember that this shell wrote ``path`` (a copy of its night's, ``save FILE``): saving
    there again replaces this shell's own copy."""
    import os

    copies = getattr(sh, "copies", None)
    if copies is None:
        copies = sh.copies = set()
    copies.add(os.path.realpath(path))


def own_copy(sh, path: Path, save: Path | None) -> bool:
    """``path`` is the night's own save ``save``, or a copy this shell wrote."""
    import os

    try:
        if save is not None and os.path.samefile(path, save):
            return True
    except OSError:
        pass
    return os.path.realpath(path) in (getattr(sh, "copies", None) or ())
