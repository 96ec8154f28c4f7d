"""A disk that fills and frees, for the full-disk tests of both rulesets: writes and flushes
under one folder fail (or are cut short) while it is full, and a kill -9 can be taken at any
write to come (a copy of what it would leave)."""

from __future__ import annotations

import errno
import os
import random
import shutil


class Disk:
    """The disk under ``root``: while :attr:`full`, a write there takes a part of what it is
    given (a line cut short) or fails with ENOSPC, and a flush (fsync) fails; writes elsewhere
    (pytest's own) are left alone. :meth:`kill_at` takes a copy of the folder at the n-th write
    to come, part of that write done: what a kill -9 then would leave (``copy_root``: the folder
    copied, by default ``root``)."""

    def __init__(self, root, rng: random.Random, copy_root=None) -> None:
        self.root = os.path.realpath(root) + os.sep
        self.copy_root = copy_root or self.root  # what a kill leaves is copied from here
        self.rng = rng
        self.full = False
        self.writes = 0
        self.failed = 0
        self._kill_in: int | None = None
        self._copy_to = None
        self.copies: list = []
        self.real_write, self.real_fsync = os.write, os.fsync

    def install(self, monkeypatch) -> Disk:
        monkeypatch.setattr(os, "write", self.write)
        monkeypatch.setattr(os, "fsync", self.fsync)
        return self

    def ours(self, fd: int) -> bool:
        try:
            return os.readlink(f"/proc/self/fd/{fd}").startswith(self.root)
        except OSError:
            return False

    def kill_at(self, n: int, copy_to) -> None:
        self._kill_in, self._copy_to = n, copy_to

    def write(self, fd, data):
        if not self.ours(fd):
            return self.real_write(fd, data)
        self.writes += 1
        data = bytes(data)
        if self._kill_in is not None:
            self._kill_in -= 1
            if self._kill_in == 0:  # killed here, part of this write done
                cut = 0 if self.full else self.rng.randrange(len(data) + 1)
                if cut:
                    self.real_write(fd, data[:cut])
                self._copy()
                if cut:
                    return cut  # a short write: the writer goes on with the rest
        if self.full:
            if len(data) > 1 and self.rng.random() < 0.5:
                return self.real_write(fd, data[: self.rng.randrange(1, len(data))])
            self.failed += 1
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return self.real_write(fd, data)

    def fsync(self, fd):
        if self.full and self.ours(fd):
            self.failed += 1
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return self.real_fsync(fd)

    def _copy(self) -> None:
        to = self._copy_to
        self._kill_in = None
        shutil.copytree(self.copy_root, to, symlinks=True)
        self.copies.append(to)
