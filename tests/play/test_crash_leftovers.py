"""A temporary file that a kill -9 left beside a save or its transcript goes as soon as the
night is taken up again: the save's lock makes this process its only writer, so any temporary
file of it is a leftover (before, one stayed for an hour)."""

from __future__ import annotations

from solo.play.files import atomic_write
from solo.play.lock import SaveLock
from solo.play.transcript import Transcript

from .helpers import night_of


def leftover(path):
    """A temporary file as a write of ``path`` killed half-way leaves it."""
    temp = path.parent / f".{path.name}.abcd1234.tmp"
    temp.write_text("half a save", encoding="utf-8")
    return temp


def test_taking_a_saves_lock_removes_what_a_killed_write_left(tmp_path):
    save = atomic_write(tmp_path / "night-1.json", "{}")
    temp, other = leftover(save), leftover(tmp_path / "night-2.json")
    lock = SaveLock(save)
    assert lock.acquire()
    try:
        assert not temp.exists()
        assert other.exists()  # another save's: not ours to remove
    finally:
        lock.release()


def test_writing_a_transcript_removes_what_a_killed_write_left(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    path = tmp_path / "night.md"
    temp = leftover(path)
    Transcript(path, night_of(12)).write()
    assert path.exists() and not temp.exists()


def test_a_copy_written_elsewhere_keeps_a_fresh_temp_file_of_another_writer(tmp_path):
    """A file solo writes without holding its save's lock (a copy) leaves a temporary file of
    the last hour alone: it may be another process's, writing now."""
    path = tmp_path / "copy.md"
    temp = leftover(path)
    atomic_write(path, "text")
    assert temp.exists()
