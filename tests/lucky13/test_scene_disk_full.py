"""A Lucky 13 scene on a full disk loses no step (issue 49, item 2): a step exists once its save
is written, so a step (or an undo) whose save fails is taken back, said in one line naming the
save, and plays when typed again once there is room; a transcript that cannot be written is a
note, never an error, and catches up at its next write, so it ends byte for byte as an unbroken
scene's. The disk is this file's :class:`Disk` (the technique of tests/play/test_disk_full.py):
writes under a folder fail with ENOSPC while it is full, taking part of what they are given
first."""

from __future__ import annotations

import io
import os
import random

import pytest
from rich.console import Console

from solo.lucky13.narrator import Lucky13TemplateNarrator
from solo.lucky13.records import SceneError
from solo.lucky13.saves import read_scene_save
from solo.lucky13.session import TRANSCRIPT_HEAD, Scene
from solo.paths import NotWritten
from solo.repl.lucky13 import Lucky13Shell

from ..diskfull import Disk
from .test_session import cast

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="the disk is told apart by /proc/self/fd")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    return tmp_path / "home"



CHECK = {"who": "Hrothgar", "ability": "Pulse", "skill": "Fighting", "difficulty": "d8"}

#: The steps a scene is played with here (kind, arguments); a step the rules refuse is skipped.
STEPS = [
    ("check", CHECK),
    ("check", {"who": "Brunella", "ability": "Reflex", "skill": None, "difficulty": "d12", "edge": 1}),
    ("contest", {"sides": [{"who": "Hrothgar", "ability": "Pulse", "skill": "Fighting"},
                           {"who": "Brunella", "ability": "Reflex", "skill": "Combat", "a": 1}]}),
    ("attack", {"attacker": "Brunella", "defender": "Casimir"}),
    ("attack", {"attacker": "Casimir", "defender": "Hrothgar", "adhoc": ["d6", "d4"]}),
    ("say", {"text": "I circle to his left", "who": None}),
    ("say", {"text": "Not today", "who": "Casimir"}),
    ("ask", {"text": "is the chapel door locked?"}),
    ("mode", {"mode": "gritty"}),
    ("mode", {"mode": "cinematic"}),
    ("award", {"who": "Brunella", "points": 3, "why": "bravery"}),
]


def new_scene(seed: int = 7, where=None) -> Scene:
    """A scene saved in the saves folder (or ``where``), its transcript in the transcripts folder
    (or ``where``), begun."""
    from solo.paths import saves_dir, transcripts_dir

    save, transcript = (where / "scene.json", where / "scene.md") if where else (
        saves_dir() / "scene.json", transcripts_dir() / "scene.md")
    sc = Scene(seed, title="the chapel", narrator=Lucky13TemplateNarrator(seed), save_path=save,
               transcript_path=transcript)
    sc.start()
    return sc


def state(sc: Scene) -> dict:
    """The scene as its save holds it (no checksum)."""
    data = sc.to_save().dump()
    data.pop("checksum", None)
    return data


def on_disk(path) -> dict:
    data = read_scene_save(path).dump()
    data.pop("checksum")
    return data


def said_plainly(exc: NotWritten, save) -> None:
    """One line: the save named as the player knows it, the cause in plain words, what to do."""
    text = str(exc)
    assert "\n" not in text and "Errno" not in text and ".tmp" not in text, text
    assert repr(str(save)) in text, text
    assert text.startswith("No space left on the disk") and "free some space" in text, text


def no_leftovers(home) -> None:
    for folder in ("saves", "transcripts"):
        assert not [p.name for p in (home / folder).iterdir() if p.name.endswith(".tmp")]


def test_a_step_on_a_full_disk_is_not_played_and_plays_once_there_is_room(home, tmp_path, monkeypatch):
    """The step's save fails: one line naming the save, the scene exactly as before (its dice to
    come too), nothing of it told nor in the transcript; typed again once there is room, it is
    played as in a scene that never failed (issue 49, item 2: it was applied unsaved, the
    transcript written first)."""
    sc = cast(new_scene())
    twin = cast(new_scene(where=tmp_path))
    before, key = state(sc), sc.state_key()
    disk = Disk(home, random.Random(1)).install(monkeypatch)
    disk.full = True
    for _ in range(3):  # again and again while the disk is full
        with pytest.raises(NotWritten) as caught:
            sc.do("check", CHECK)
        said_plainly(caught.value, sc.save_path)
        assert "not played" in str(caught.value)
        assert sc.state_key() == key and state(sc) == before == on_disk(sc.save_path)
    disk.full = False
    out = sc.do("check", CHECK)
    assert out.lines and not any("transcript" in n for n in out.notes)
    twin.do("check", CHECK)
    assert sc.state_key() == twin.state_key() and sc.steps[-1].dice == twin.steps[-1].dice
    assert on_disk(sc.save_path) == state(sc)
    assert sc.transcript.path.read_bytes() == twin.transcript.path.read_bytes()
    no_leftovers(home)


def test_a_transcript_that_cannot_be_written_is_a_note_and_catches_up(home, tmp_path, monkeypatch):
    """Only the transcript's disk is full: each step is played and saved, a note says the
    transcript is behind (never an error), and once there is room the transcript is written
    again, ending byte for byte as an unbroken scene's."""
    sc = cast(new_scene())
    twin = cast(new_scene(where=tmp_path))
    disk = Disk(home / "transcripts", random.Random(2)).install(monkeypatch)
    disk.full = True
    for kind, args in STEPS[:4]:
        out = sc.do(kind, args)
        twin.do(kind, args)
        notes = [n for n in out.notes if "transcript" in n]
        assert len(notes) == 1, out.notes
        assert "\n" not in notes[0] and "Errno" not in notes[0] and ".tmp" not in notes[0], notes[0]
        assert repr(str(sc.transcript.path)) in notes[0] and "No space left on the disk" in notes[0], notes[0]
        assert on_disk(sc.save_path) == state(sc)  # the step is saved
    sc.undo(2)
    twin.undo(2)
    disk.full = False
    sc.autosave()  # as at quit: the transcript catches up
    assert sc.transcript.path.read_bytes() == twin.transcript.path.read_bytes()
    disk.full = True
    sc.do(*STEPS[5])
    twin.do(*STEPS[5])
    disk.full = False
    out = sc.do(*STEPS[6])  # the next step writes what the last one could not
    twin.do(*STEPS[6])
    assert not any("transcript" in n for n in out.notes)
    assert sc.transcript.path.read_bytes() == twin.transcript.path.read_bytes()
    assert on_disk(sc.save_path) == state(sc) == {**state(twin), "transcript": str(sc.transcript.path)}
    no_leftovers(home)


def test_a_failed_undo_undoes_nothing(home, monkeypatch):
    sc = cast(new_scene())
    for kind, args in STEPS[:5]:
        sc.do(kind, args)
    before, key = state(sc), sc.state_key()
    disk = Disk(home, random.Random(3)).install(monkeypatch)
    disk.full = True
    with pytest.raises(NotWritten, match="nothing was undone") as caught:
        sc.undo(3)
    said_plainly(caught.value, sc.save_path)
    assert sc.state_key() == key and state(sc) == before == on_disk(sc.save_path)
    disk.full = False
    undone = sc.undo(3)
    assert [s.kind for s in undone] == ["attack", "attack", "contest"]
    assert on_disk(sc.save_path) == state(sc) != before
    no_leftovers(home)


def test_the_scene_begun_on_a_full_disk_is_saved_with_its_first_step(home, tmp_path, monkeypatch):
    disk = Disk(home, random.Random(4))
    from solo.paths import saves_dir, transcripts_dir

    save, transcript = saves_dir() / "scene.json", transcripts_dir() / "scene.md"
    disk.install(monkeypatch)
    disk.full = True
    sc = Scene(7, title="the chapel", narrator=Lucky13TemplateNarrator(7), save_path=save,
               transcript_path=transcript)
    with pytest.raises(NotWritten, match="saved with its first step") as caught:
        sc.start()
    said_plainly(caught.value, save)
    assert not save.exists() or save.stat().st_size == 0
    disk.full = False
    cast(sc)
    twin = cast(new_scene(where=tmp_path))
    assert on_disk(save) == state(sc)
    assert transcript.read_bytes() == twin.transcript.path.read_bytes()
    no_leftovers(home)


@pytest.mark.parametrize("seed", range(3))
def test_every_step_acknowledged_is_on_disk_through_a_full_disk_and_kills(home, tmp_path, monkeypatch, seed):
    """Steps and undos played while the disk fills and frees, a kill -9 at a random write now
    and then: after every step the save on disk is the scene as shown (a step that could not be
    saved was taken back, in one line), a kill leaves the scene as before that step or after it,
    the save replays to the scene, and the transcript ends as an unbroken scene's that played
    the steps acknowledged."""
    rng = random.Random(seed)
    sc = cast(new_scene(seed))
    twin = cast(new_scene(seed, where=tmp_path))
    disk = Disk(home, rng, copy_root=home / "saves").install(monkeypatch)
    failures = kills = 0
    for k in range(60):
        if rng.random() < 0.25:
            disk.full = not disk.full
        before = state(sc)
        killed = tmp_path / f"kill-{k}" if rng.random() < 0.25 else None
        if killed is not None:
            disk.kill_at(rng.randrange(1, 5), killed)
        undo = rng.random() < 0.15 and len(sc.steps) > 3
        op = ("undo", rng.choice((1, 2))) if undo else rng.choice(STEPS + [("end", {})] * (k > 40))
        try:
            if undo:
                sc.undo(op[1])
            else:
                sc.do(*op)
        except NotWritten as exc:
            failures += 1
            said_plainly(exc, sc.save_path)
            assert state(sc) == before
        except SceneError as exc:  # a step the rules refuse
            assert "disk" not in str(exc)
            if sc.finished:
                op = ("undo", 1)
                disk.full = False
                sc.undo(1)
                twin.undo(1)
        else:
            if undo:
                twin.undo(op[1])
            else:
                twin.do(*op)
        disk.kill_at(None, None)
        after = state(sc)
        assert on_disk(sc.save_path) == after, k
        if killed is not None and disk.copies and disk.copies[-1] == killed:
            kills += 1
            assert on_disk(killed / "scene.json") in (before, after), k
        if rng.random() < 0.1:
            assert Scene.from_save(sc.save_path, transcript=False).state_key() == sc.state_key()
    assert failures and kills
    disk.full = False
    sc.autosave()
    assert sc.state_key() == twin.state_key()
    assert sc.transcript.path.read_bytes() == twin.transcript.path.read_bytes()
    assert Scene.from_save(sc.save_path, transcript=False).state_key() == sc.state_key()
    no_leftovers(home)


# ---------------------------------------------------------------------- the REPL

def make_shell(**kw) -> Lucky13Shell:
    buf = io.StringIO()
    sh = Lucky13Shell(Console(file=buf, width=1000, color_system=None, highlight=False), **kw)
    sh.buf = buf
    return sh


def lines_of(sh, since: int = 0) -> list[str]:
    return sh.buf.getvalue()[since:].splitlines()


def test_the_repl_says_a_full_disk_in_one_line_and_plays_the_step_once_there_is_room(home, monkeypatch):
    sh = make_shell()
    for line in ("new seed 7 the chapel", "character Brunella custom reflex=d8 Combat=d6 weapon=Broadsword:d8:d10",
                 "character Casimir custom reflex=d6 pulse=d8 Combat=d10 armor=Chainmail:d6"):
        assert sh.run_line(line), sh.buf.getvalue()
    sc = sh.scene
    steps = len(sc.steps)
    disk = Disk(home, random.Random(5)).install(monkeypatch)
    disk.full = True
    at = len(sh.buf.getvalue())
    assert not sh.run_line("check Brunella reflex combat hard")
    shown = lines_of(sh, at)
    assert len(shown) == 1 and shown[0].startswith("error: No space left on the disk"), shown
    assert repr(str(sc.save_path)).strip("'") in shown[0] and "Errno" not in shown[0] and ".tmp" not in shown[0]
    assert len(sc.steps) == steps and len(read_scene_save(sc.save_path).steps) == steps
    assert sh.run_line("sheet Brunella")  # the REPL goes on
    disk.full = False
    at = len(sh.buf.getvalue())
    assert sh.run_line("check Brunella reflex combat hard")
    assert any(line.startswith("Check — Brunella") for line in lines_of(sh, at)), lines_of(sh, at)
    assert len(read_scene_save(sc.save_path).steps) == steps + 1
    no_leftovers(home)


def test_new_on_a_full_disk_is_one_line_naming_the_save_and_plays_on_once_there_is_room(home, monkeypatch):
    """``new`` on a full disk (it failed with a bare ``No space left on device`` from the lock,
    or named the transcript): one error line naming the save; once there is room the first step
    saves the scene, and its transcript begins as a scene's does."""
    from solo.paths import locks_dir

    locks_dir()
    sh = make_shell()
    disk = Disk(home, random.Random(6)).install(monkeypatch)
    disk.full = True
    assert not sh.run_line("new seed 7 the chapel")
    errors = [line for line in lines_of(sh) if line.startswith("error:")]
    assert len(errors) == 1, lines_of(sh)
    sc = sh.scene
    assert errors[0].startswith("error: No space left on the disk") and "saved with its first step" in errors[0]
    assert str(sc.save_path) in errors[0] and "Errno" not in errors[0] and ".tmp" not in errors[0]
    assert sh.lock.held
    disk.full = False
    assert sh.run_line("character Brunella custom reflex=d8 Combat=d6 weapon=Broadsword:d8:d10")
    assert len(read_scene_save(sc.save_path).steps) == 1
    assert sc.transcript.path.read_bytes().startswith(TRANSCRIPT_HEAD)
    no_leftovers(home)
