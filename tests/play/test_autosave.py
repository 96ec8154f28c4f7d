"""What a save promises on disk (docs/saves.md): every step played is on disk before it is
told, and a save is replaced whole (a reader never sees half of one)."""

from __future__ import annotations

import json
import os
import random

import pytest

from solo.narration.factory import make_narrator
from solo.nott.actions import Test
from solo.nott.cast import quick_cast
from solo.nott.rules import ASHCAN
from solo.play.night import Night
from solo.play.saves import read_save, write_save
from solo.sim.policies import get_policy, next_actions


@pytest.fixture(autouse=True)
def solo_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))


def new_night(tmp_path, seed=12, narrator=None):
    night = Night(quick_cast(seed), ASHCAN, seed, narrator=narrator or make_narrator("template", seed=seed),
                  save_path=tmp_path / "night.json")
    night.start()
    return night


def test_every_step_is_on_disk_as_soon_as_it_is_played(tmp_path):
    """After each ``Night.act`` (no free text, no quit) the save on disk holds every step."""
    night = new_night(tmp_path)
    rng = random.Random(1)
    for _ in range(40):
        if night.game.outcome() is not None:
            break
        night.act(next_actions(night.game, get_policy("careful"), rng))
        on_disk = read_save(night.save_path)
        assert [s.actions for s in on_disk.steps] == [[str(a) for a in s.actions] for s in night.steps]
    assert len(night.steps) >= 20


class Interrupted(Exception):
    pass


class BreaksMidStory:
    """A narrator whose telling is interrupted (a Ctrl-C in the middle of the prose)."""

    def __init__(self, inner):
        self.inner = inner
        self.broken = False

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def narrate(self, beat):
        if self.broken:
            raise Interrupted
        return self.inner.narrate(beat)


def test_a_step_is_saved_before_its_narration(tmp_path):
    """"before the prose: an interrupted narration loses no play" (Night.act)."""
    narrator = BreaksMidStory(make_narrator("template", seed=12))
    night = new_night(tmp_path, narrator=narrator)
    who = night.game.living()[0]
    narrator.broken = True
    with pytest.raises(Interrupted):
        night.act([Test(who)])
    assert [s.actions for s in read_save(night.save_path).steps] == [[f"test {who}"]]
    resumed = Night.from_save(night.save_path)
    assert resumed.game.state_key() == night.game.state_key()


def test_a_save_is_replaced_whole_never_rewritten_in_place(tmp_path):
    """A reader that opened the save before an autosave still reads the whole earlier save,
    and the new one is complete: the file is replaced (rename), not written over."""
    night = new_night(tmp_path)
    path = night.save_path
    before_bytes = path.read_bytes()
    before_inode = os.stat(path).st_ino
    with open(path, "rb") as reader:
        night.act([Test(night.game.living()[0])])
        assert reader.read() == before_bytes  # the old file, untouched
    assert os.stat(path).st_ino != before_inode
    assert len(read_save(path).steps) == 1
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temp file left


def test_a_failed_write_leaves_the_old_save_whole(tmp_path, monkeypatch):
    """The disk fails while the new save is flushed to it (fsync, before the rename): the save
    on disk is the previous one, whole, and no temporary file is left beside it."""
    night = new_night(tmp_path)
    path = night.save_path
    before = path.read_bytes()
    save = night.to_save()
    synced = []

    def failing_fsync(fd):
        synced.append(fd)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", failing_fsync)
    with pytest.raises(OSError, match="No space"):
        write_save(save, path)
    assert synced  # the new save is flushed to the disk before it replaces the old one
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir()] == [path.name]
    assert read_save(path).steps == []
