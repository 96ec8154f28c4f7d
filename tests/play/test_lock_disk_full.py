"""The lock on a save in play on a full disk, and its folder (issue 49, items 2 and 4): the lock
is taken even when who holds it cannot be written into it (the bare write raised
``No space left on device`` and Lucky 13 ``new`` failed with it), and the ``locks`` folder is
made private (0700), a file in its place said in one line."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys

import pytest

from solo.paths import NotWritten
from solo.play.lock import SaveLock, open_elsewhere

fcntl = pytest.importorskip("fcntl")

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="the disk is told apart by /proc/self/fd")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def full_disk(monkeypatch, root) -> list:
    """Every write to a file under ``root`` fails with ENOSPC (writes elsewhere, pytest's own,
    are left alone). Returns the list of the writes refused."""
    root = os.path.realpath(root) + os.sep
    real = os.write
    refused = []

    def write(fd, data):
        try:
            ours = os.readlink(f"/proc/self/fd/{fd}").startswith(root)
        except OSError:
            ours = False
        if ours:
            refused.append(fd)
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data)

    monkeypatch.setattr(os, "write", write)
    return refused


def test_the_lock_is_taken_on_a_full_disk(home, monkeypatch, tmp_path):
    save = tmp_path / "scene.json"
    save.write_text("{}")
    SaveLock(save)  # the locks folder made while there is room
    refused = full_disk(monkeypatch, home)
    lock = SaveLock(save)
    assert lock.acquire() is True  # no "No space left on device" raised
    assert refused  # the holder's words were tried, and refused
    assert lock.held
    fd = os.open(lock.path, os.O_RDONLY)  # held: another opener (another solo) cannot take it
    try:
        with pytest.raises(BlockingIOError):
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    finally:
        os.close(fd)
    lock.release()
    assert not lock.held and not lock.path.exists()


def test_another_solo_sees_a_lock_taken_on_a_full_disk_as_held(home, tmp_path):
    save = tmp_path / "scene.json"
    save.write_text("{}")
    SaveLock(save)
    lock = SaveLock(save)
    with pytest.MonkeyPatch.context() as faults:
        full_disk(faults, home)
        assert lock.acquire()
    # room again; the lock is still held, its holder unnamed
    code = ("import sys; from solo.play.lock import SaveLock, open_elsewhere; l = SaveLock(sys.argv[1]); "
            "print(l.acquire(), repr(l.holder), open_elsewhere(sys.argv[1]))")
    out = subprocess.run([sys.executable, "-c", code, str(save)], check=False, capture_output=True, text=True,
                         env={**os.environ, "SOLO_HOME": str(home)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False", "''", "another", "process"]
    lock.release()
    assert open_elsewhere(save) is None


def test_the_locks_folder_is_private(home, tmp_path):
    old = os.umask(0o022)
    try:
        SaveLock(tmp_path / "scene.json")
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(home / "locks").st_mode) == 0o700


def test_a_file_where_the_locks_folder_goes_is_said_in_one_line(home, tmp_path):
    home.mkdir()
    (home / "locks").write_text("not a folder")
    with pytest.raises(NotWritten) as caught:
        SaveLock(tmp_path / "scene.json")
    text = str(caught.value)
    assert "\n" not in text and "Errno" not in text, text
    assert "the locks folder" in text and repr(str(home / "locks")) in text, text
