"""Files named by a player or by a stranger's save: read with a size cap, only when regular;
written only where it is safe to.

Reading opens without blocking (a named pipe is refused at once, never waited on) and refuses
anything that is not a regular file (a device such as ``/dev/zero``, a folder, a socket). A
read stops at a cap, so a huge file costs at most the cap in memory. Writing a copy of a save
refuses symlinks and non-regular files, refuses to replace a file that is not a solo save
unless forced, and never creates folders.
"""

from __future__ import annotations

import json
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


def solo_format(path: Path) -> str | None:
    """The ``format`` of the solo save at ``path`` (``solo-…``), or None if it is not one."""
    try:
        data = json.loads(read_capped(path, MAX_SAVE_BYTES, "save").decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    fmt = data.get("format") if isinstance(data, dict) else None
    return fmt if isinstance(fmt, str) and fmt.startswith("solo-") else None


def check_copy_target(path: Path, force: bool = False) -> Path:
    """Where ``save FILE`` may write: refused (one line) if ``path`` is a symlink, not a
    regular file, a file that is not a solo save (unless ``force``), or in a folder that does
    not exist. Returns the absolute path."""
    path = Path(path)
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise FileRefused(f"no folder {str(parent)!r}: create it first (save does not create folders)")
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return Path(os.path.abspath(path))
    if stat.S_ISLNK(st.st_mode):
        raise FileRefused(f"{str(path)!r} is a symlink: save writes only to a plain file (nothing written)")
    if not stat.S_ISREG(st.st_mode):
        raise FileRefused(f"{str(path)!r} is {kind_of(st.st_mode)}: save writes only to a plain file "
                          "(nothing written)")
    if not force and solo_format(path) is None:
        raise FileRefused(f"{str(path)!r} exists and is not a solo save: nothing written "
                          "(save FILE --force replaces it)")
    return Path(os.path.abspath(path))


def path_argument(arg: str) -> tuple[str, bool]:
    """A file name typed after a command (``load``, ``save``): the whole rest of the line,
    spaces and apostrophes included, or one quoted name; a leading or trailing ``--force``
    is taken off and reported. Returns (name, force)."""
    import shlex

    text = arg.strip()
    force = False
    if text.startswith("--force ") or text == "--force":
        force, text = True, text[len("--force"):].strip()
    elif text.endswith(" --force"):
        force, text = True, text[: -len(" --force")].strip()
    if text[:1] in ("'", '"'):
        try:
            words = shlex.split(text)
        except ValueError:
            words = []
        if len(words) == 1:
            return words[0], force
    return text, force
