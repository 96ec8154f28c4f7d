"""Where saves, transcripts and history live: the user's data directory (platformdirs); compiled
templates, in the user's cache directory.

``SOLO_HOME`` overrides both (tests and portable installs use it; the cache is its ``cache/``).
Folders solo makes are for their owner only (0700). A write that fails is told in one line
(:class:`NotWritten`): the user's path, the cause in plain words, and what to do.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from pathlib import Path


class NotWritten(OSError, ValueError):
    """A file or folder solo could not write: its message is one line naming the user's path,
    the cause in plain words and what to do (``str`` is that line)."""

    def __init__(self, code: int | None, line: str, filename=None) -> None:
        super().__init__(code, line)
        self.filename = filename

    def __str__(self) -> str:
        return str(self.strerror)

    def __reduce__(self):
        return type(self), (self.errno, self.strerror, self.filename)

    def also(self, text: str) -> NotWritten:
        """The same failure, with ``text`` said after it."""
        return NotWritten(self.errno, f"{self.strerror} {text}".strip(), self.filename)


#: errno → (the cause in plain words, what to do).
_CAUSES = {
    errno.ENOSPC: ("No space left on the disk", "free some space, then go on"),
    errno.EACCES: ("Permission denied", "choose a folder you may write to, or make this one writable"),
    errno.EPERM: ("Permission denied", "choose a folder you may write to, or make this one writable"),
    errno.EROFS: ("The disk is read-only", "choose a folder on a disk that can be written"),
    errno.ENAMETOOLONG: ("The file name is too long", "choose a shorter name (most disks allow 255 bytes)"),
    errno.ENOENT: ("Its folder does not exist", "create the folder first, or choose another"),
    errno.ENOTDIR: ("A part of the path is a file, not a folder", "choose another place"),
    errno.EISDIR: ("It is a folder", "name a file"),
    errno.EEXIST: ("A file is in the way", "move it away, or choose another place"),
    errno.EIO: ("The disk reported an input/output error", "check the disk, then go on"),
    errno.EFBIG: ("The file is too large for the disk", "choose another disk"),
    errno.EMFILE: ("Too many files are open", "close some programs, then go on"),
    errno.ENFILE: ("Too many files are open", "close some programs, then go on"),
    errno.ELOOP: ("The path goes through too many symlinks (or is one)", "name a plain file"),
}
for _name, _words in (("EDQUOT", ("Your disk quota is used up", "free some space, then go on")),
                      ("ETXTBSY", ("The file is busy", "close what has it open, then go on"))):
    if hasattr(errno, _name):
        _CAUSES[getattr(errno, _name)] = _words


def plain_cause(exc: OSError) -> tuple[str, str]:
    """(the cause of ``exc`` in plain words, what to do about it)."""
    cause, todo = _CAUSES.get(getattr(exc, "errno", None), (None, None))
    if cause is None:
        cause = (getattr(exc, "strerror", None) or str(exc) or type(exc).__name__).rstrip(".")
        cause, todo = cause[:1].upper() + cause[1:], "see that it can be written, then go on"
    return cause, todo


def not_written(exc: OSError, path, verb: str = "not written", what: str = "") -> NotWritten:
    """``exc`` (a failed write of ``path``, the user's file: never solo's temporary one) as one
    line: the cause in plain words, the path (after ``what`` names it), and what to do."""
    if isinstance(exc, NotWritten):
        return exc
    cause, todo = plain_cause(exc)
    named = f"{what} {str(path)!r}" if what else repr(str(path))
    return NotWritten(getattr(exc, "errno", None), f"{cause}: {named} {verb}; {todo}", str(path))


def private_folder(path: Path | str, what: str = "the folder",
                   todo: str = "move the file away, or choose another place") -> Path:
    """The folder ``path``, made (with any folder above it that is missing) for its owner only
    (0700) when it is not there; :class:`NotWritten` (one line, ``what`` naming it, ``todo``
    saying what to do about a file in its place) when it cannot be."""
    path = Path(path)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise not_written(exc, path, "cannot be used", what) from None
    if st is not None:
        if not stat.S_ISDIR(st.st_mode):
            raise NotWritten(errno.EEXIST, f"{what} {str(path)!r} is a file, not a folder: {todo}", str(path))
        return path
    missing = []
    here = Path(os.path.abspath(path))
    while not os.path.lexists(here) and here.parent != here:
        missing.append(here)
        here = here.parent
    for folder in reversed(missing):
        try:
            os.mkdir(folder, 0o700)
        except FileExistsError:  # made meanwhile (another solo), or a file there
            if not os.path.isdir(folder):
                raise NotWritten(errno.EEXIST, f"{what} {str(path)!r} cannot be made: {str(folder)!r} is a file, "
                                               f"not a folder; {todo}", str(path)) from None
        except OSError as exc:
            raise not_written(exc, path, "cannot be made", what) from None
    return path


_KEPT_THERE = "move the file away (solo keeps its {} there)"


def _home() -> Path:
    home = os.environ.get("SOLO_HOME")
    if home:
        return Path(home)
    from platformdirs import user_data_dir

    return Path(user_data_dir("solo", appauthor=False))


def cache_dir() -> Path:
    """Where solo keeps what it can rebuild (compiled templates): ``$SOLO_HOME/cache``, else
    the user's cache folder (platformdirs). Made private (0700) when it can be; a cache is
    optional, so a folder that cannot be made is not an error here."""
    home = os.environ.get("SOLO_HOME")
    if home:
        path = Path(home) / "cache"
    else:
        from platformdirs import user_cache_dir

        path = Path(user_cache_dir("solo", appauthor=False))
    try:
        private_folder(path)
    except OSError:
        pass
    return path


def data_dir() -> Path:
    """The data folder (``SOLO_HOME``, else the user's data folder), made private if missing."""
    if os.environ.get("SOLO_HOME"):
        return private_folder(_home(), "SOLO_HOME", "point SOLO_HOME at a folder, or move the file away")
    return private_folder(_home(), "the data folder")


def saves_dir() -> Path:
    return private_folder(data_dir() / "saves", "the saves folder", _KEPT_THERE.format("saves"))


def transcripts_dir() -> Path:
    return private_folder(data_dir() / "transcripts", "the transcripts folder", _KEPT_THERE.format("transcripts"))


def locks_dir() -> Path:
    """Where the locks on saves in play are kept (``locks/``, private)."""
    return private_folder(data_dir() / "locks", "the locks folder", _KEPT_THERE.format("locks"))


def history_file() -> Path:
    return data_dir() / "history"


def in_saves_dir(save: Path) -> bool:
    """``save`` lies in the saves folder (a night or scene of this player's)."""
    try:
        return os.path.samefile(os.path.dirname(os.path.abspath(save)), _home() / "saves")
    except OSError:
        return False


def transcript_name(save: Path) -> str:
    """The name of ``save``'s transcript in the transcripts folder: ``NAME.md`` for a save in
    the saves folder; ``NAME-DIGEST.md`` for a save anywhere else (a digest of where it lies),
    so a save from elsewhere whose name matches one of yours never writes over your transcript,
    and loading it again goes on in its own."""
    save = Path(save)
    if in_saves_dir(save):
        return save.stem + ".md"
    where = os.path.realpath(save).encode("utf-8", "surrogateescape")
    return f"{save.stem}-{hashlib.sha256(where).hexdigest()[:12]}.md"
