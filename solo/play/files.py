"""Files named by a player or by a stranger's save: read with a size cap, only when regular;
written only where it is safe to.

Reading opens without blocking (a named pipe is refused at once, never waited on) and refuses
anything that is not a regular file (a device such as ``/dev/zero``, a folder, a socket). A
read stops at a cap, so a huge file costs at most the cap in memory. Writing a copy of a save
refuses symlinks and non-regular files, refuses to replace a file that is not a solo save
unless forced, and never creates folders.

Every file solo writes is written in one of three ways, none of which goes through a symlink
or into a named pipe: created exclusively (``O_CREAT|O_EXCL``: a name that exists already,
even as a dangling symlink, is never taken), replaced whole by a rename (the rename replaces
a symlink itself, never its target), or appended to after checking that it is a plain file.
Files solo creates are for their owner only (mode 0600), whatever the umask. A write that
fails leaves no temporary file and no empty file in a name reserved for it, and is told in one
line naming the user's file (:class:`~solo.paths.NotWritten`).
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
import tempfile
import time
from pathlib import Path

from ..paths import NotWritten, not_written, private_folder

#: A temporary file left by :func:`atomic_write` this long ago is a crash's leftover.
STALE_TEMP_SECONDS = 3600

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)

from ..private import append_private as _append  # noqa: E402
from ..reading import (  # noqa: E402,F401  (read here too)
    MAX_PLAYSET_BYTES,
    MAX_SAVE_BYTES,
    FileRefused,
    kind_of,
    read_capped,
)


def solo_save_data(path: Path) -> dict | None:
    """The data of the solo save at ``path`` (parsed JSON whose ``format`` is ``solo-…``), or
    None if it is not one."""
    try:
        data = json.loads(read_capped(path, MAX_SAVE_BYTES, "save").decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    fmt = data.get("format") if isinstance(data, dict) else None
    return data if isinstance(fmt, str) and fmt.startswith("solo-") else None


def solo_format(path: Path) -> str | None:
    """The ``format`` of the solo save at ``path`` (``solo-…``), or None if it is not one."""
    data = solo_save_data(path)
    return data["format"] if data is not None else None


def check_copy_target(path: Path, force: bool = False, mine=None, what: str = "night") -> Path:
    """Where ``save FILE`` may write: refused (one line) if ``path`` is a symlink, not a
    regular file, a file that is not a solo save (unless ``force``), a save of another night
    (unless ``force``: ``mine(data)`` says whether a save's data is of the ``what`` saved, a
    night or a scene), or in a folder that does not exist. Returns the absolute path."""
    path = Path(path)
    shown = repr(str(path))
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise FileRefused(f"no folder {str(parent)!r}: create it first (save does not create folders)")
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return Path(os.path.abspath(path))
    except OSError as exc:  # a name too long, a file where a folder should be …
        raise not_written(exc, path) from None
    if stat.S_ISLNK(st.st_mode):
        raise FileRefused(f"{shown} is a symlink: save writes only to a plain file (nothing written)")
    if not stat.S_ISREG(st.st_mode):
        raise FileRefused(f"{shown} is {kind_of(st.st_mode)}: save writes only to a plain file "
                          "(nothing written)")
    if not force:
        data = solo_save_data(path)
        if data is None:
            raise FileRefused(f"{shown} exists and is not a solo save: nothing written "
                              "(save FILE --force replaces it)")
        if mine is not None and not mine(data):
            raise FileRefused(f"{shown} is the save of another {what}: nothing written "
                              "(save FILE --force replaces it)")
    return Path(os.path.abspath(path))


def path_argument(arg: str) -> tuple[str, bool]:
    """A file name typed after a command (``load``, ``save``): the whole rest of the line,
    spaces and apostrophes included, or one quoted name; a leading or trailing ``--force``
    is taken off and reported. Returns (name, force)."""
    import shlex

    text = arg.strip(" \t")  # only spaces and tabs: a name may begin or end with any other character
    force = False
    if text.startswith("--force ") or text == "--force":
        force, text = True, text[len("--force"):].strip(" \t")
    elif text.endswith(" --force"):
        force, text = True, text[: -len(" --force")].strip(" \t")
    if text[:1] in ("'", '"'):
        try:
            words = shlex.split(text)
        except ValueError:
            words = []
        if len(words) == 1:
            return words[0], force
    return text, force


def typed_path(name: str) -> Path:
    """The file a typed name means: the name exactly as typed (never cleaned), with only a
    leading ``~/`` (or a lone ``~``) made the home folder."""
    if name == "~" or name.startswith("~/"):
        return Path(name).expanduser()
    return Path(name)


def check_loadable_name(path: Path | str) -> Path:
    """``path``, a save to load and play on: refused (one line, naming it) when its name is not
    UTF-8 text (bytes no text holds), for a night's save names where its transcript goes and
    could not be written. Such a file may still be read (``render``) or written (``save FILE``)."""
    from ..safetext import has_surrogates

    if has_surrogates(str(path)):
        raise FileRefused(f"{str(path)!r}: a save whose name is not UTF-8 text cannot be played on "
                          "(rename it, or render it)")
    return Path(path)


# ---------------------------------------------------------------------- writing


def check_new_file(path: Path | str, force: bool = False) -> Path:
    """Whether a new file may be written at ``path``: refused (one line) if it is a symlink, a
    named pipe, a device, a folder or a socket (even with ``force``), an existing plain file
    (unless ``force``), or in a folder that does not exist; :class:`NotWritten` (one line) when
    a file cannot be written there now (see :func:`check_writable_target`). Returns ``path``."""
    path = Path(path)
    parent = path.parent if str(path.parent) else Path(".")
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        if not parent.is_dir():
            raise FileRefused(f"no folder {str(parent)!r}: create it first (nothing written)") from None
        return check_writable_target(path)
    except OSError as exc:  # a name too long, a file where a folder should be …
        raise not_written(exc, path) from None
    if not stat.S_ISREG(st.st_mode):
        raise FileRefused(f"{str(path)!r} is {kind_of(st.st_mode)}: solo writes only to a plain file "
                          "(nothing written)")
    if not force:
        raise FileRefused(f"{str(path)!r} exists: nothing written (--force replaces it)")
    return check_writable_target(path)


#: Bytes the probe of :func:`check_writable_target` writes (a block of most disks).
PROBE_BYTES = 4096


def check_writable_target(path: Path | str) -> Path:
    """``path`` (a file to write, or a folder to write in), when a file can be written there
    now: its name not too long, and a probe written and removed beside it (a folder that cannot
    be written, a read-only or full disk fail here). :class:`NotWritten` (one line naming
    ``path``, the cause and what to do) otherwise, so that a write that would fail fails before
    the work that leads to it (a night played, a save read)."""
    path = Path(path)
    folder = path if os.path.isdir(path) else (path.parent if str(path.parent) else Path("."))
    if folder is not path:
        try:
            most = os.pathconf(folder, "PC_NAME_MAX")
        except (OSError, ValueError, AttributeError):
            most = 255
        if len(os.fsencode(path.name)) > most:
            raise NotWritten(errno.ENAMETOOLONG, f"The file name is too long: {str(path)!r} not written; choose "
                                                 f"a shorter name (at most {most} bytes here)", str(path))
    verb = "not written" if folder is not path else "cannot be written in"
    try:
        fd, probe = tempfile.mkstemp(prefix=_temp_prefix(path) if folder is not path else ".solo-probe.",
                                     suffix=".tmp", dir=folder)
    except OSError as exc:
        raise not_written(exc, path, verb) from None
    try:
        try:
            _write_all(fd, bytes(PROBE_BYTES))
        finally:
            os.close(fd)
    except OSError as exc:
        raise not_written(exc, path, verb) from None
    finally:
        _unlink_quietly(probe)
    return path


def create_exclusive(path: Path | str) -> int:
    """Create ``path`` for writing, owner-only (0600); ``FileExistsError`` if anything is
    there, a dangling symlink included. Returns the open descriptor."""
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC | getattr(os, "O_BINARY", 0),
                   0o600)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _unlink_quietly(path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _temp_prefix(path: Path) -> str:
    """The start of the name of ``path``'s temporary files: ``.NAME.``, the name cut (and a
    digest of it added) when it is long, so that a temporary name is never longer than the
    name a disk takes."""
    name = path.name
    raw = os.fsencode(name)
    if len(raw) <= 200:
        return f".{name}."
    return f".{os.fsdecode(raw[:180])}~{hashlib.sha256(raw).hexdigest()[:8]}."


class _Writer:
    """Text handed over piece by piece, written to a descriptor as UTF-8 in blocks."""

    BLOCK = 64 * 1024

    def __init__(self, fd: int) -> None:
        self.fd, self.parts, self.size = fd, [], 0

    def write(self, text: str) -> int:
        data = text.encode("utf-8")
        self.parts.append(data)
        self.size += len(data)
        if self.size >= self.BLOCK:
            self.flush()
        return len(text)

    def flush(self) -> None:
        if self.parts:
            data, self.parts, self.size = b"".join(self.parts), [], 0
            _write_all(self.fd, data)


def _removed(tmp: str, exc: BaseException, path) -> BaseException:
    """What a write of ``path`` through the temporary file ``tmp`` raises when it fails: ``tmp``
    is removed, and an OS error becomes :class:`NotWritten` naming ``path`` (any other, as it is)."""
    _unlink_quietly(tmp)
    if isinstance(exc, OSError) and not isinstance(exc, NotWritten):
        return not_written(exc, path)
    return exc


def _temp_written(path: Path, content, sync: bool = True) -> str:
    """A private temporary file beside ``path`` holding ``content`` (text, or
    ``produce(write)``), flushed to the disk (unless not ``sync``). Returns its name; on any
    failure nothing is left and the failure is :class:`NotWritten`, naming ``path``."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(path), suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise not_written(exc, path) from None
    try:
        try:
            out = _Writer(fd)
            if callable(content):
                content(out.write)
            else:
                out.write(content)
            out.flush()
            if sync:
                os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException as exc:
        raise _removed(tmp, exc, path) from None
    return tmp


def write_new(path: Path | str, content, force: bool = False, check=None) -> Path:
    """Write ``content`` — text, or ``produce(write)`` handing it over piece by piece — to a new
    file at ``path`` (see :func:`check_new_file`). It is written whole to a private temporary
    file beside ``path`` first, then published: linked in under the new name (which fails,
    never replaces, if the name appeared meanwhile), or with ``force`` renamed over an existing
    plain file. A failure leaves ``path`` as it was, and no temporary file. ``check``
    (:func:`check_new_file` if None) says whether ``path`` may be written, before and again
    just before it is replaced."""
    check = check or check_new_file
    path = check(path, force)
    tmp = _temp_written(path, content)
    try:
        if force and os.path.lexists(path):
            check(path, force)  # still a plain file: replaced whole, a symlink never followed
            os.replace(tmp, path)
            return path
        try:
            os.link(tmp, path)  # exclusive: an existing name, even a dangling symlink, is never taken
        except FileExistsError:
            raise FileRefused(f"{str(path)!r} appeared meanwhile: nothing written (--force replaces it)") from None
        os.unlink(tmp)
    except BaseException as exc:
        raise _removed(tmp, exc, path) from None
    return path


#: Names :func:`reserve` took and nothing has been written to yet: path → (device, inode).
_RESERVED: dict[str, tuple[int, int]] = {}
_AT_EXIT: list[bool] = []  # given back at exit: registered once


def _names(stem: str):
    """``stem``, ``stem-2`` … ``stem-100``, then 20 random ones."""
    yield stem
    yield from (f"{stem}-{n}" for n in range(2, 101))
    import secrets  # seldom needed: imported then

    yield from (f"{stem}-{secrets.token_hex(4)}" for _ in range(20))


def reserve(stem: str, places: list[tuple[Path, str]]) -> str:
    """A name free in every place (folder, suffix): ``stem``, else ``stem-2``, ``stem-3`` …,
    taken by creating each file exclusively (empty, 0600), so two processes that ask at the
    same moment get two names. Returns the name (without its suffix). A name reserved and
    never written is given back when its first write fails, or at exit."""
    for name in _names(stem):
        made: list[tuple[Path, os.stat_result]] = []
        try:
            for folder, suffix in places:
                path = Path(folder) / f"{name}{suffix}"
                fd = create_exclusive(path)
                try:
                    made.append((path, os.fstat(fd)))
                finally:
                    os.close(fd)
        except FileExistsError:
            for path, _st in made:
                os.unlink(path)
            continue
        except OSError as exc:  # a folder that cannot be written, a name too long …
            for path, _st in made:
                _unlink_quietly(path)
            raise not_written(exc, path) from None
        for path, st in made:
            _hold(path, st)
        return name
    raise FileRefused(f"no free name for {stem!r} in {', '.join(repr(str(f)) for f, _ in places)}")


def _hold(path: Path, st: os.stat_result) -> None:
    if not _AT_EXIT:
        import atexit

        atexit.register(_give_all_back)
        _AT_EXIT.append(True)
    _RESERVED[os.path.abspath(path)] = (st.st_dev, st.st_ino)


def _give_back(path: Path | str) -> None:
    """Remove ``path`` when it is a name :func:`reserve` took and is still the empty file made then."""
    held = _RESERVED.pop(os.path.abspath(path), None)
    if held is None:
        return
    try:
        st = os.lstat(path)
        if stat.S_ISREG(st.st_mode) and st.st_size == 0 and (st.st_dev, st.st_ino) == held:
            os.unlink(path)
    except OSError:
        pass


def _give_all_back() -> None:
    for path in list(_RESERVED):
        _give_back(path)


def _written(path: Path | str) -> None:
    """``path`` is written: no longer a name only reserved."""
    if _RESERVED:
        _RESERVED.pop(os.path.abspath(path), None)


def release_reserved(paths: list[Path]) -> None:
    """Give back names taken by :func:`reserve` and never written (still empty files)."""
    for path in paths:
        _RESERVED.pop(os.path.abspath(path), None)
        try:
            st = os.lstat(path)
            if stat.S_ISREG(st.st_mode) and st.st_size == 0:
                os.unlink(path)
        except OSError:
            pass


def is_own_file(path: Path | str) -> bool:
    """``path`` is a plain file of this user's with no other name (not a symlink, not a hard
    link to a file elsewhere): one solo may write to."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    uid = getattr(os, "getuid", None)
    return stat.S_ISREG(st.st_mode) and st.st_nlink == 1 and (uid is None or st.st_uid == uid())


def append_private(path: Path | str, text: str) -> None:
    """:func:`solo.private.append_private` (a plain file of the owner's, appended whole or not
    at all), and the name no longer only reserved."""
    _append(path, text)
    _written(path)


def atomic_write(path: Path, text: str, sync: bool = True, leftovers: float = STALE_TEMP_SECONDS) -> Path:
    """Write atomically: a temp file (0600) in the same folder, fsync (unless not ``sync``: a
    file made again from the save, as a transcript is), then rename over ``path``. The rename
    replaces whatever ``path`` is (a symlink is replaced, never followed). A failure leaves
    ``path`` as it was (a name only reserved for it is given back), removes the temp file and
    is :class:`NotWritten` (one line naming ``path``). Stale temp files of ``path`` that a
    crash left are removed."""
    path = Path(path)
    try:
        private_folder(path.parent)
        tmp = _temp_written(path, text, sync)
        try:
            os.replace(tmp, path)
        except BaseException as exc:
            raise _removed(tmp, exc, path) from None
    except BaseException:
        _give_back(path)
        raise
    _written(path)
    remove_stale_temps(path, leftovers)  # 0: only this process writes the file (its save is locked)
    return path


_TEMP_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


def remove_stale_temps(path: Path, age: float = STALE_TEMP_SECONDS) -> int:
    """Remove the temp files :func:`atomic_write` left beside ``path`` (``.NAME.xxxxxxxx.tmp``)
    when a crash stopped it: only plain files of this user's, older than ``age`` seconds.
    Returns how many were removed."""
    prefix = _temp_prefix(Path(path))
    cutoff = time.time() - age
    uid = getattr(os, "getuid", None)
    removed = 0
    try:
        entries = os.scandir(path.parent)
    except OSError:
        return 0
    with entries:
        for entry in entries:
            name = entry.name  # prefix, eight of tempfile's letters, .tmp
            if not (len(name) == len(prefix) + 12 and name.startswith(prefix) and name.endswith(".tmp")
                    and _TEMP_LETTERS.issuperset(name[len(prefix):-4])):
                continue
            try:
                st = entry.stat(follow_symlinks=False)
                if (stat.S_ISREG(st.st_mode) and st.st_mtime < cutoff
                        and (uid is None or st.st_uid == uid())):
                    os.unlink(entry.path)
                    removed += 1
            except OSError:
                continue
    return removed
