"""One process per save: an advisory lock held while a night (or scene) is open.

The lock is a small file in the data directory's ``locks`` folder, named by a digest of the
save's real path, locked with ``flock``: it goes away with the process that holds it, even on
``kill -9``, so a crash never leaves a night locked. Where ``flock`` is missing (Windows) no
lock is taken. Two solos with different data directories (``SOLO_HOME``) do not see each
other's locks. Within one process the lock passes to the newest opener (one process is one
player: a shell that is dropped and a new one that resumes the night).

The ``locks`` folder is private (0700). On a full disk the lock is still taken: who holds it
(``process N``, written into the file for the next solo to say) is only a courtesy, and a
write of it that fails is let go.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX
    fcntl = None  # type: ignore[assignment]

_HELD: dict[Path, "SaveLock"] = {}  # the locks this process holds, by lock file


def _lock_path(save: Path) -> Path:
    """The lock file of ``save``; :class:`~solo.paths.NotWritten` (one line) when the locks
    folder cannot be made (a file in its place, a full or read-only disk)."""
    from ..paths import locks_dir

    real = os.path.realpath(save)
    folder = locks_dir()
    return folder / (hashlib.sha256(real.encode("utf-8", "surrogateescape")).hexdigest()[:24] + ".lock")


class SaveLock:
    """An exclusive lock on one save file; :meth:`acquire` never waits."""

    def __init__(self, save: Path) -> None:
        self.save = Path(save)
        self.path = _lock_path(self.save)
        self._fd: int | None = None
        self.holder: str = ""  # who holds it, when acquire fails

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock; False (with :attr:`holder` set) if another process has it."""
        if self._fd is not None or fcntl is None:
            return True
        mine = _HELD.get(self.path)
        if mine is not None and mine._fd is not None:  # this process has it already: take it over
            self._fd, mine._fd = mine._fd, None
            _HELD[self.path] = self
            return True
        for _ in range(5):
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            except OSError as exc:  # no room for the lock file itself, a read-only disk …
                from ..paths import not_written

                raise not_written(exc, self.save, "cannot be locked", "the save") from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                try:
                    self.holder = os.read(fd, 200).decode("utf-8", "replace").strip()
                except OSError:
                    self.holder = ""
                os.close(fd)
                return False
            try:  # the holder before us may have removed the file as we opened it
                same = os.fstat(fd).st_ino == os.stat(self.path).st_ino
            except FileNotFoundError:
                same = False
            if not same:
                os.close(fd)
                continue
            try:  # who holds it, for another solo to say; on a full disk the lock is held without it
                os.ftruncate(fd, 0)
                os.write(fd, f"process {os.getpid()}".encode())
            except OSError:
                pass
            self._fd = fd
            _HELD[self.path] = self
            from .files import remove_stale_temps

            remove_stale_temps(Path(self.save), 0)  # the save is ours now: a temp file beside it is a crash's
            return True
        return False

    def release(self) -> None:
        if self._fd is None:
            return
        if _HELD.get(self.path) is self:
            del _HELD[self.path]
        try:
            os.unlink(self.path)
        except OSError:
            pass
        os.close(self._fd)
        self._fd = None

    def __del__(self) -> None:  # pragma: no cover - best effort
        try:
            self.release()
        except Exception:
            pass


def open_elsewhere(save: Path) -> str | None:
    """Who has ``save`` open, when another process does (``"process 123"``); None when none
    does. Looks without taking the lock and without leaving a lock file behind."""
    if fcntl is None or held_here(save):
        return None
    path = _lock_path(Path(save))
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:  # no lock file: nobody has it open
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        try:
            holder = os.read(fd, 200).decode("utf-8", "replace").strip()
        except OSError:
            holder = ""
        return holder or "another process"
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)


def held_here(save: Path) -> bool:
    """This process holds ``save``'s lock (a shell of its own plays it)."""
    mine = _HELD.get(_lock_path(Path(save)))
    return mine is not None and mine.held


@contextmanager
def writing_to(save: Path) -> Iterator[SaveLock | None]:
    """Hold ``save``'s lock while a copy is written to it (``save FILE``): refused with
    :class:`~solo.play.files.FileRefused` (one line) when another solo has that file open.
    Yields the lock taken (let go of afterwards), or None when this process holds it already."""
    from .files import FileRefused

    if held_here(save):
        yield None
        return
    lock = SaveLock(save)
    if not lock.acquire():
        raise FileRefused(f"{str(save)!r} is open in another solo ({lock.holder or 'another process'}): "
                          "nothing written")
    try:
        yield lock
    finally:
        lock.release()
