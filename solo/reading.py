"""Reading a file named by a player or a stranger: only a regular file, never more than a cap.

Reading opens without blocking (a named pipe is refused at once, never waited on) and refuses
anything that is not a regular file (a device such as ``/dev/zero``, a folder, a socket). A
read stops at a cap, so a huge file costs at most the cap in memory.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

#: Largest save file read (a long Lucky 13 campaign is well under 1 MB).
MAX_SAVE_BYTES = 8 * 1024 * 1024
#: Largest playset file read.
MAX_PLAYSET_BYTES = 1024 * 1024

_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISLNK, "a symlink"))


class FileRefused(ValueError):
    """A file that is not read or written: not a regular file, too large, or not ours to replace."""


def kind_of(mode: int) -> str:
    for test, name in _KINDS:
        if test(mode):
            return name
    return "not a regular file"


def read_capped(path: Path | str, limit: int, what: str = "file") -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Raises :class:`FileRefused` (one line) for anything that is not a regular file or is
    larger than ``limit``; ``OSError`` when it cannot be opened. Never blocks on a pipe.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise FileRefused(f"{what} {str(path)!r} is {kind_of(st.st_mode)}, not a regular file")
        if st.st_size > limit:
            raise FileRefused(f"{what} {str(path)!r} is too large ({st.st_size:,} bytes; at most {limit:,})")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:  # it grew while being read
            raise FileRefused(f"{what} {str(path)!r} is too large (more than {limit:,} bytes)")
        return b"".join(chunks)
    finally:
        os.close(fd)
