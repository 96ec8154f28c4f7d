"""A full disk loses no step (issue 49, item 2): a step exists once it is saved (the save or
its journal), a step whose save fails is taken back with one line naming the save, a line of
the journal that a full disk cut short never hides the lines after it, and a kill at any write
leaves the night as acknowledged (or with the step under way). The disk is this file's
:class:`Disk`: writes under a folder fail with ENOSPC while it is full, taking part of what
they are given first."""

from __future__ import annotations

import errno
import os
import random

import pytest

from solo.narration.factory import make_narrator
from solo.nott.cast import quick_cast
from solo.nott.rules import ASHCAN
from solo.paths import NotWritten
from solo.play import files, journal
from solo.play.night import Night
from solo.play.saves import read_save
from solo.sim.policies import get_policy, next_actions

from ..diskfull import Disk

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="the disk is told apart by /proc/self/fd")


@pytest.fixture(autouse=True)
def small_journal(tmp_path, monkeypatch):
    """A journal from the third step, written whole every fourth line (as tests/play/test_journal.py)."""
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(journal, "SMALL", 3)
    monkeypatch.setattr(journal, "EVERY", 4)


def new_night(home, seed=5) -> Night:
    """A night saved in ``home``'s saves folder, its transcript in its transcripts folder."""
    from solo.paths import saves_dir, transcripts_dir

    assert os.environ["SOLO_HOME"] == str(home)
    night = Night(quick_cast(seed), ASHCAN, seed, narrator=make_narrator("template", seed=seed),
                  save_path=saves_dir() / "night.json", transcript_path=transcripts_dir() / "night.md")
    night.start()
    return night


def state(night) -> dict:
    """The night as its save holds it (no checksum)."""
    body = dict(night.save_body())
    body.pop("checksum", None)
    return body


def on_disk(path) -> dict:
    """The night a resume finds at ``path`` (the save and its journal)."""
    data = read_save(path).dump()
    data.pop("checksum")
    return data


def play(night, op: str, rng: random.Random) -> None:
    if night.game.is_over() and op in ("act", "say", "ask", "x"):
        op = "undo"
    if op == "act":
        night.act(next_actions(night.game, get_policy("careful"), rng))
    elif op == "say":
        night.say(f"line {rng.randrange(10**6)}", who=night.game.living()[0])
    elif op == "ask":
        night.ask("is anyone hurt?")
    elif op == "jot":
        night.jot(f"jot {rng.randrange(10**6)}")
    elif op == "dread":
        try:
            night.turn_dread(rng.choice((1, -1)))
        except ValueError:  # past 1 or 9
            pass
    elif op == "x":
        night.xcard("")
    elif op == "note" and night.steps:
        night.note(f"note {rng.randrange(10**6)}")
    elif op == "undo" and night.steps:
        night.undo(min(len(night.steps), rng.choice((1, 1, 2, 5))))


OPS = ("act", "act", "act", "say", "ask", "jot", "dread", "x", "note", "undo")


def said_plainly(exc: NotWritten, save) -> None:
    """One line: the save named as the player knows it, the cause in plain words, what to do."""
    text = str(exc)
    assert "\n" not in text and "Errno" not in text and ".tmp" not in text, text
    assert repr(str(save)) in text, text
    assert text.startswith("No space left on the disk") and "free some space" in text, text


@pytest.mark.parametrize("seed", range(4))
def test_every_step_acknowledged_is_on_disk_through_a_full_disk_and_kills(tmp_path, monkeypatch, seed):
    """Steps played while the disk fills and frees, with a kill -9 at a random write now and
    then: after every step the save on disk is the night as shown (a step that could not be
    saved was taken back, in one line); a kill at any write leaves the night as it was before
    that step or after it; and a night resumed from disk plays on."""
    rng = random.Random(seed)
    home = tmp_path / "home"
    night = new_night(home, seed)
    disk = Disk(home, rng).install(monkeypatch)
    path = night.save_path
    shown = []
    night.out = lambda kind, text: shown.append((kind, text))
    failures = kills = 0
    for k in range(80):
        if rng.random() < 0.2:
            disk.full = not disk.full
        before = state(night)
        killed = tmp_path / f"kill-{k}" if rng.random() < 0.25 else None
        if killed is not None:
            disk.kill_at(rng.randrange(1, 6), killed)
        try:
            play(night, rng.choice(OPS), rng)
        except NotWritten as exc:
            failures += 1
            said_plainly(exc, path)
            assert state(night) == before  # taken back: the night stands at its last saved step
        except ValueError as exc:  # a step the rules or the X-card refuse
            assert "disk" not in str(exc)
        disk.kill_at(None, None)
        after = state(night)
        assert on_disk(path) == after, k  # every step shown is on disk; nothing else is
        if killed is not None and disk.copies and disk.copies[-1] == killed:
            kills += 1
            assert on_disk(killed / "saves" / "night.json") in (before, after), k
        if not disk.full and rng.random() < 0.1:  # quit here and resume: the night plays on
            night = Night.from_save(path, narrator=make_narrator("template", seed=seed))
            night.out = lambda kind, text: shown.append((kind, text))
            assert state(night) == after
    assert failures and kills  # the disk was full, and killed, at some steps
    for kind, text in shown:  # the transcript that could not be written is said, in one line
        if "night.md" in text:
            assert kind == "notice" and "\n" not in text and ".tmp" not in text, text
    disk.full = False
    night.autosave(whole=True)
    again = Night.from_save(path)
    assert state(again) == state(night)
    for folder, kept in (("saves", "night.json"), ("transcripts", "night.md")):  # no temp file, no journal
        assert [p.name for p in (home / folder).iterdir()] == [kept]


def test_a_roll_on_a_full_disk_is_not_played_and_plays_once_there_is_room(tmp_path, monkeypatch):
    """A step whose save cannot be written is not played: one line naming the save, nothing of
    the step told, the rules as they were; typed again once there is room, it is played and
    saved (issue 49, item 2a: it was played unsaved and play went on unsaved)."""
    night = new_night(tmp_path / "home")
    disk = Disk(tmp_path / "home", random.Random(1)).install(monkeypatch)
    told = []
    night.out = lambda kind, text: told.append(text)
    rng = random.Random(3)
    actions = next_actions(night.game, get_policy("careful"), rng)
    steps, moves = len(night.steps), len(night.game.move_stack)
    disk.full = True
    with pytest.raises(NotWritten) as caught:
        night.act(actions)
    said_plainly(caught.value, night.save_path)
    assert "not played" in str(caught.value)
    assert (len(night.steps), len(night.game.move_stack)) == (steps, moves)
    assert told == []  # nothing of the step was shown
    disk.full = False
    night.act(actions)
    assert len(read_save(night.save_path).steps) == steps + 1


def test_a_failed_undo_undoes_nothing(tmp_path, monkeypatch):
    night = new_night(tmp_path / "home")
    rng = random.Random(2)
    for _ in range(6):
        night.act(next_actions(night.game, get_policy("careful"), rng))
    night.xcard("")
    before = state(night)
    disk = Disk(tmp_path / "home", rng).install(monkeypatch)
    disk.full = True
    with pytest.raises(NotWritten, match="nothing was undone"):
        night.undo(3)
    assert state(night) == before and on_disk(night.save_path) == before
    disk.full = False
    night.undo(3)
    assert on_disk(night.save_path) == state(night) != before


def test_a_journal_line_cut_short_by_a_full_disk_hides_no_later_step(tmp_path, monkeypatch):
    """A journal line a full disk cut short is cut off again, so the lines appended once there
    is room are read (issue 49, item 2b: they were lost behind the torn line)."""
    night = new_night(tmp_path / "home")
    for k in range(4):
        night.say(f"line {k}", who=0)
    jpath = journal.journal_path(night.save_path)
    assert jpath.is_file()  # steps go to the journal now
    whole = jpath.read_bytes()
    real = os.write
    calls = []

    def torn(fd, data):
        if os.readlink(f"/proc/self/fd/{fd}") == str(jpath) and not calls:
            calls.append(fd)
            real(fd, bytes(data)[: len(data) // 2])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data)

    with pytest.MonkeyPatch.context() as faults:
        faults.setattr(os, "write", torn)
        full_disk(faults)  # the whole save fails too
        with pytest.raises(NotWritten):
            night.say("line lost", who=0)
    assert calls and jpath.read_bytes() == whole  # the half line is cut off
    for k in range(4, 7):
        night.say(f"line {k}", who=0)
    assert [s.say for s in read_save(night.save_path).steps] == [f"line {k}" for k in range(7)]


def full_disk(monkeypatch) -> None:
    """Every save written whole fails as on a full disk."""
    from solo.play import saveform

    monkeypatch.setattr(files, "atomic_write", _full_disk)
    monkeypatch.setattr(saveform, "atomic_write", _full_disk)


def _full_disk(path, text, sync=True):
    raise files.not_written(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)), path)


def test_a_journal_that_ends_in_a_torn_line_is_never_appended_to(tmp_path):
    """When the torn line could not be cut off (a crash, a disk that failed again), the next
    step is not appended after it, where a reader would never find it: the save is written
    whole instead."""
    night = new_night(tmp_path / "home")
    for k in range(4):
        night.say(f"line {k}", who=0)
    jpath = journal.journal_path(night.save_path)
    with open(jpath, "ab") as fh:
        fh.write(b'{"at":4,"steps":[{"say":"half')  # what a failed write left
    night.say("line 4", who=0)
    assert [s.say for s in read_save(night.save_path).steps] == [f"line {k}" for k in range(5)]
    assert not jpath.exists()  # written whole: the torn journal is done with
    other = tmp_path / "other.json"
    journal.append(other, "base", journal.line(0, [], False, ""))
    with open(journal.journal_path(other), "ab") as fh:
        fh.write(b'{"at":0,')
    torn = journal.journal_path(other).read_bytes()
    with pytest.raises(journal.Torn):
        journal.append(other, None, journal.line(0, [], False, ""))
    assert journal.journal_path(other).read_bytes() == torn


def test_a_save_that_fails_after_its_journal_line_leaves_no_step_not_shown(tmp_path, monkeypatch):
    """Written whole (here: its journal is long enough), the save first appends the night as it
    is to its journal: when the save then fails, that line is cut off again, so a kill then
    brings back no step that was never shown."""
    night = new_night(tmp_path / "home")
    for k in range(6):
        night.say(f"line {k}", who=0)
    before = state(night)
    assert on_disk(night.save_path) == before
    full_disk(monkeypatch)
    with pytest.raises(NotWritten):
        night.say("never shown", who=0)
    assert on_disk(night.save_path) == before == state(night)


def test_a_whole_journal_line_whose_flush_failed_hides_no_later_step(tmp_path, monkeypatch):
    """A line written whole whose flush then failed, and could not be cut off (an undo never
    shown, left in the journal): the next save is written whole, so the steps played after it
    are not lost behind it."""
    night = new_night(tmp_path / "home")
    for k in range(5):
        night.say(f"line {k}", who=0)
    jpath = journal.journal_path(night.save_path)
    assert jpath.is_file()
    real_fsync = os.fsync

    def fsync(fd):
        if os.readlink(f"/proc/self/fd/{fd}") == str(jpath):
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        return real_fsync(fd)

    def ftruncate(fd, size):
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    with pytest.MonkeyPatch.context() as faults:
        faults.setattr(os, "fsync", fsync)
        faults.setattr(os, "ftruncate", ftruncate)
        full_disk(faults)
        with pytest.raises(NotWritten, match="nothing was undone"):
            night.undo(1)
    assert b'"at":4,"steps":[]' in jpath.read_bytes()  # the undo's line, whole, in the journal
    night.say("line 5", who=0)
    assert [s.say for s in read_save(night.save_path).steps] == [f"line {k}" for k in range(6)]


def test_a_journal_line_is_read_only_once_its_newline_is_written(tmp_path):
    """A full disk can take all of a line but its newline, the write then failing and the step
    taken back: killed before the line is cut off again, the night resumes without that step."""
    night = new_night(tmp_path / "home")
    for k in range(5):
        night.say(f"line {k}", who=0)
    jpath = journal.journal_path(night.save_path)
    whole = jpath.read_bytes()
    assert whole.endswith(b"\n")
    jpath.write_bytes(whole[:-1])
    assert [s.say for s in read_save(night.save_path).steps] == [f"line {k}" for k in range(4)]
