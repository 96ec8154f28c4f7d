"""Files solo appends to (its logs and journals): plain files of the owner's only, never
through a symlink, never waited on, appended whole or not at all."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .paths import not_written
from .reading import FileRefused, kind_of

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def append_private(path: Path | str, text: str) -> None:
    """Append ``text`` to the plain file ``path`` (created owner-only if missing). Refused
    (:class:`FileRefused`, one line) for a symlink, a named pipe (never waited on) or anything
    else that is not a plain file; a file readable by others is made owner-only. A write that
    fails (:class:`NotWritten`, one line) is taken back: no half of ``text`` is left."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | _NOFOLLOW | _CLOEXEC | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags, 0o600)
    except OSError as exc:  # a symlink (with O_NOFOLLOW), a pipe no one reads (with O_NONBLOCK) …
        try:
            st = os.lstat(path)
        except OSError:
            st = None
        if st is not None and not stat.S_ISREG(st.st_mode):
            raise FileRefused(f"{str(path)!r} is {kind_of(st.st_mode)}: not written to") from None
        raise not_written(exc, path) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise FileRefused(f"{str(path)!r} is {kind_of(st.st_mode)}: not written to")
        if hasattr(os, "fchmod") and st.st_mode & 0o077:
            os.fchmod(fd, 0o600)  # made before, readable by others
        _append_whole(fd, text.encode("utf-8"), path)
    finally:
        os.close(fd)


def _append_whole(fd: int, data: bytes, path) -> None:
    """Append ``data`` to the file open at ``fd`` whole, or not at all: a write that fails part
    way is cut off again (unless another writer appended meanwhile)."""
    start = os.fstat(fd).st_size
    view = memoryview(data)
    done = 0
    try:
        while view:
            n = os.write(fd, view)
            done += n
            view = view[n:]
    except OSError as exc:
        try:
            if done and os.fstat(fd).st_size == start + done:
                os.ftruncate(fd, start)
        except OSError:
            pass
        raise not_written(exc, path) from None
