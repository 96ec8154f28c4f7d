"""A save's journal: the steps played since the save was last written whole.

A night's save is one sealed JSON document, and writing it after every step costs what the
whole night weighs. A save of :data:`SMALL` steps or more is not written whole after every
step: the step is appended instead, one line to a journal beside the save (``.NAME.journal``,
hidden, in the save's own folder), and the save is written whole only every :data:`EVERY`
steps, at the night's end, on ``save`` and at quit (the journal is then removed). Reading a save reads its journal too (:func:`merged`): a night killed mid-play
resumes at its last step.

Each line carries the checksum of the save it follows (its *base*) and a digest of its own
text. A journal whose base is not the save beside it (written whole since, or another night's)
is not read; a line cut short by a crash (its newline not written), and everything after it,
is not read either. A
journal is only ever created by solo (exclusively, never through a symlink) and only appended
to while its first line is solo's and its last line is whole: a line a failed write cut short
(a full disk) is cut off again, and a journal that still ends in one is never appended to (the
save is written whole instead), so no line is ever written after a torn one.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from .saveform import compact

FORMAT = "solo-nott-journal"
#: A save of fewer steps than this is written whole after every step (a night of fifty Tests
#: has about a hundred and fifty): the file is always the whole night, to copy or share.
SMALL = 300
#: Steps appended before the save is written whole again.
EVERY = 256
#: Most bytes a journal holds before the save is written whole again (and most read).
MAX_BYTES = 2 * 1024 * 1024

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def journal_path(save: Path) -> Path:
    """The journal of the save at ``save``: beside it, hidden."""
    save = Path(save)
    return save.with_name(f".{save.name}.journal")


def _digest(body: dict) -> str:
    return hashlib.sha256(compact(body).encode("utf-8")).hexdigest()


def line(at: int, steps: list[dict], finished: bool, summary: str) -> dict:
    """One journal entry: the save's steps from ``at`` on are ``steps`` (fewer than before:
    an undo), and the night's ``finished`` and ``summary`` as they are now."""
    body = {"at": at, "steps": steps, "finished": finished, "summary": summary}
    return {**body, "digest": _digest(body)}


def header(base: str) -> str:
    return compact({"format": FORMAT, "base": base}) + "\n"


def _ours(path: Path) -> bool:
    """The file at ``path`` is a journal solo wrote (its first line says so)."""
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _CLOEXEC)
    except OSError:
        return False
    try:
        first = os.read(fd, 200).split(b"\n", 1)[0]
    finally:
        os.close(fd)
    try:
        data = json.loads(first.decode("utf-8"))
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("format") == FORMAT


def remove(save: Path) -> None:
    """Remove the journal of ``save`` (when it is solo's)."""
    path = journal_path(save)
    if _ours(path):
        try:
            os.unlink(path)
        except OSError:
            pass


class Torn(OSError):
    """A journal that does not end in a whole line: not appended to."""


def append(save: Path, base: str | None, entry: dict) -> int:
    """Append ``entry`` to the journal of ``save``, durably; with ``base`` (the checksum of the
    save just written whole), start the journal first: a stale journal of solo's is replaced,
    any other file there is left alone (OSError). A journal that does not end in a whole line
    is not appended to (:class:`Torn`); a write that fails is taken back (the journal is cut
    to what it was, or a journal just begun removed). Returns the journal's size in bytes."""
    path = journal_path(save)
    flags = os.O_RDWR | os.O_APPEND | _NOFOLLOW | _CLOEXEC
    text = (compact(entry) + "\n").encode("utf-8")
    if base is not None:
        if os.path.lexists(path):
            if not _ours(path):
                raise FileExistsError(f"{str(path)!r} is not a journal of solo's")
            os.unlink(path)
        text = header(base).encode("utf-8") + text
        flags |= os.O_CREAT | os.O_EXCL
    fd = os.open(path, flags, 0o600)
    try:
        start = os.fstat(fd).st_size
        if start and os.pread(fd, 1, start - 1) != b"\n":
            raise Torn(f"{str(path)!r} ends in a line cut short: not appended to")
        try:
            view = memoryview(text)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        except BaseException:
            _take_back(path, fd, start, base is not None)
            raise
        return os.fstat(fd).st_size
    finally:
        os.close(fd)


def _take_back(path: Path, fd: int, start: int, begun: bool) -> None:
    """Undo a failed append: the journal cut back to ``start`` bytes (removed when it was
    ``begun`` by it)."""
    try:
        if begun:
            os.unlink(path)
        else:
            os.ftruncate(fd, start)
            os.fsync(fd)
    except OSError:
        pass  # still torn: never appended to again (see Torn)


def size(save: Path) -> int | None:
    """The journal of ``save``'s size in bytes, or None when it has none of solo's."""
    path = journal_path(save)
    if not _ours(path):
        return None
    try:
        return os.lstat(path).st_size
    except OSError:
        return None


def cut(save: Path, to: int | None) -> None:
    """Cut the journal of ``save`` back to ``to`` bytes (its size before a line appended to it
    is taken back); with ``to`` None, remove it."""
    path = journal_path(save)
    if not _ours(path):
        return
    if to is None:
        remove(save)
        return
    try:
        fd = os.open(path, os.O_WRONLY | _NOFOLLOW | _CLOEXEC)
    except OSError:
        return
    try:
        if os.fstat(fd).st_size > to:
            os.ftruncate(fd, to)
            os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def merged(save: Path, data: dict, checksum: str) -> dict | None:
    """The save's ``data`` (its checksum ``checksum``) with its journal applied, or None when
    there is no journal of it to read."""
    from .files import read_capped

    path = journal_path(save)
    try:
        if not os.path.isfile(path) or os.path.islink(path):
            return None
        raw = read_capped(path, MAX_BYTES, "journal")
    except (OSError, ValueError):
        return None
    lines = raw.split(b"\n")[:-1]  # a line counts once written whole, its newline too
    if len(lines) < 2:
        return None
    try:
        head = json.loads(lines[0].decode("utf-8"))
    except ValueError:
        return None
    if not isinstance(head, dict) or head.get("format") != FORMAT or head.get("base") != checksum:
        return None
    steps = list(data.get("steps") or [])
    out = dict(data)
    applied = 0
    for raw_line in lines[1:]:
        try:
            entry = json.loads(raw_line.decode("utf-8"))
        except (ValueError, RecursionError):
            break  # cut short by a crash: nothing after it is read
        if not isinstance(entry, dict):
            break
        body = {k: v for k, v in entry.items() if k != "digest"}
        if entry.get("digest") != _digest(body) or set(body) != {"at", "steps", "finished", "summary"}:
            break
        at, more = body["at"], body["steps"]
        if type(at) is not int or not 0 <= at <= len(steps) or not isinstance(more, list):
            break
        steps[at:] = more
        out["finished"], out["summary"] = body["finished"], body["summary"]
        applied += 1
    if not applied:
        return None
    out["steps"] = steps
    return out
