"""Files solo appends to (its logs): plain files of the owner's only, never through a symlink,
never waited on."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .reading import FileRefused, kind_of

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def append_private(path: Path | str, text: str) -> None:
    """Append ``text`` to the plain file ``path`` (created owner-only if missing). Refused
    (:class:`FileRefused`, one line) for a symlink, a named pipe (never waited on) or anything
    else that is not a plain file; a file readable by others is made owner-only."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | _NOFOLLOW | _CLOEXEC | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags, 0o600)
    except OSError:  # a symlink (with O_NOFOLLOW), a pipe no one reads (with O_NONBLOCK) …
        try:
            st = os.lstat(path)
        except OSError:
            st = None
        if st is not None and not stat.S_ISREG(st.st_mode):
            raise FileRefused(f"{str(path)!r} is {kind_of(st.st_mode)}: not written to") from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise FileRefused(f"{str(path)!r} is {kind_of(st.st_mode)}: not written to")
        if hasattr(os, "fchmod") and st.st_mode & 0o077:
            os.fchmod(fd, 0o600)  # made before, readable by others
        _write_all(fd, text.encode("utf-8"))
    finally:
        os.close(fd)
