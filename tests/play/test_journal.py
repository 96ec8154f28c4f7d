"""A long night's save: steps appended to a journal beside it, the save written whole at
intervals and at quit (solo/play/journal.py), and the transcript rendered again only from the
step that changed. What is on disk (the save and its journal, read as ``read_save`` reads
them) is the night at every step, whatever was played, undone, noted or interrupted."""

from __future__ import annotations

import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from solo.narration.factory import make_narrator
from solo.nott.cast import quick_cast
from solo.nott.rules import ASHCAN
from solo.play import journal
from solo.play.night import Night
from solo.play.saves import read_save
from solo.play.transcript import render
from solo.sim.policies import get_policy, next_actions


@pytest.fixture(autouse=True)
def small_journal(tmp_path, monkeypatch):
    """A journal from the third step, written whole every fourth line: every path is walked
    in a few steps."""
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(journal, "SMALL", 3)
    monkeypatch.setattr(journal, "EVERY", 4)


def new_night(path, seed=5):
    night = Night(quick_cast(seed), ASHCAN, seed, narrator=make_narrator("template", seed=seed), save_path=path)
    night.start()
    return night


def on_disk(night) -> dict:
    """The save as a reader finds it (the save and its journal), as written."""
    return read_save(night.save_path).dump()


def expected(night) -> dict:
    return {**night.save_body(), "checksum": on_disk(night)["checksum"]}


def play(night, op: str, rng: random.Random) -> None:
    if night.game.is_over() and op in ("act", "say", "ask"):
        op = "undo"
    if op == "act":
        night.act(next_actions(night.game, get_policy("careful"), rng))
    elif op == "say":
        night.say(f"line {rng.randrange(1000)}", who=night.game.living()[0])
    elif op == "ask":
        night.ask("is anyone hurt?")
    elif op == "note" and night.steps:  # (a note before the first step is kept in memory only)
        night.note(f"note {rng.randrange(1000)}")
    elif op == "undo" and night.steps:
        night.undo(min(len(night.steps), rng.choice((1, 1, 2, 5))))


OPS = st.lists(st.sampled_from(("act", "act", "say", "ask", "note", "undo")), min_size=1, max_size=40)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=OPS, seed=st.integers(0, 10_000))
def test_the_save_and_its_journal_are_the_night_at_every_step(tmp_path, ops, seed):
    path = tmp_path / f"night-{seed}-{len(ops)}.json"
    night = new_night(path)
    rng = random.Random(seed)
    for op in ops:
        play(night, op, rng)
        assert on_disk(night) == expected(night), op
        # the transcript rendered step by step is the transcript rendered afresh
        kept = render(night)
        night._rendered = {}
        assert kept == render(night), op
    again = Night.from_save(path)  # a night killed here resumes where it was
    assert [s.say for s in again.steps] == [s.say for s in night.steps]
    assert render(again) == render(night)


def test_steps_go_to_the_journal_and_quit_writes_the_save_whole(tmp_path):
    from rich.console import Console
    import io

    from solo.repl.app import _leave
    from solo.repl.shell import Shell

    sh = Shell(Console(file=io.StringIO(), width=100, color_system=None))
    assert sh.run_line("quick")
    save = sh.night.save_path
    for k in range(6):
        assert sh.run_line(f"Dex checks window {k}.")
    whole = json.loads(save.read_text(encoding="utf-8"))
    assert len(whole["steps"]) < len(sh.night.steps)  # the last steps are in the journal only
    assert journal.journal_path(save).is_file()
    assert len(read_save(save).steps) == len(sh.night.steps)
    _leave(sh)
    assert not journal.journal_path(save).exists()
    assert len(json.loads(save.read_text(encoding="utf-8"))["steps"]) == len(sh.night.steps)


def test_a_line_cut_short_by_a_crash_loses_that_step_only(tmp_path):
    night = new_night(tmp_path / "n.json")
    for k in range(5):
        night.say(f"line {k}", who=0)
    before = [s.say for s in read_save(night.save_path).steps]
    assert before == [f"line {k}" for k in range(5)]
    j = journal.journal_path(night.save_path)
    whole = j.read_bytes()
    j.write_bytes(whole[:-7])  # the last line half written
    assert [s.say for s in read_save(night.save_path).steps] == before[:-1]
    j.write_bytes(whole + b'{"at": 0, "steps": [], "finished": false, "summary": "", "digest": "0"}\n')
    assert [s.say for s in read_save(night.save_path).steps] == before  # a line not sealed is not read


def test_a_journal_of_another_save_is_not_read(tmp_path):
    night = new_night(tmp_path / "n.json")
    for k in range(5):
        night.say(f"line {k}", who=0)
    j = journal.journal_path(night.save_path)
    held = j.read_bytes()
    night.say("line 5", who=0)
    night.write_save(night.save_path)  # written whole: the journal is done with
    assert not j.exists()
    j.write_bytes(held)  # an old journal beside a save written since
    assert [s.say for s in read_save(night.save_path).steps] == [f"line {k}" for k in range(6)]


def test_a_crash_before_the_journal_is_removed_brings_back_nothing_undone(tmp_path, monkeypatch):
    """Undo back to the very save the journal follows, then the save written whole and a crash
    before its journal is removed: the steps undone stay undone."""
    night = new_night(tmp_path / "n.json")
    for k in range(5):
        night.say(f"line {k}", who=0)
    monkeypatch.setattr(journal, "remove", lambda save: None)  # the crash
    night.undo(3)  # two steps: the save the journal began from, written whole again
    assert journal.journal_path(night.save_path).exists()
    assert [s.say for s in read_save(night.save_path).steps] == ["line 0", "line 1"]


def test_a_file_of_yours_where_the_journal_goes_is_never_written(tmp_path):
    path = tmp_path / "n.json"
    mine = journal.journal_path(path)
    mine.write_text("my notes\n", encoding="utf-8")
    night = new_night(path)
    for k in range(6):
        night.say(f"line {k}", who=0)
    assert mine.read_text(encoding="utf-8") == "my notes\n"  # the save is written whole instead
    assert [s.say for s in read_save(path).steps] == [f"line {k}" for k in range(6)]
    target = tmp_path / "target.txt"
    target.write_text("kept\n", encoding="utf-8")
    mine.unlink()
    os.symlink(target, mine)
    for k in range(6):
        night.say(f"more {k}", who=0)
    assert target.read_text(encoding="utf-8") == "kept\n" and os.path.islink(mine)
    assert len(read_save(path).steps) == 12


def test_the_nights_end_writes_the_save_whole(tmp_path):
    night = new_night(tmp_path / "n.json", seed=8)
    rng = random.Random(8)
    while not night.game.is_over():
        night.act(next_actions(night.game, get_policy("naive"), rng))
    assert not journal.journal_path(night.save_path).exists()
    assert json.loads(night.save_path.read_text(encoding="utf-8"))["finished"] is True


def test_a_late_step_renders_and_checks_only_itself(tmp_path, monkeypatch):
    """The work of a step does not grow with the night: late in a night, a step renders and
    checks one or two steps (itself, the one before it), and the save is written whole once
    in :data:`journal.EVERY` steps (on a night of a few thousand lines each step once rendered
    and checked every step before it, and wrote them all)."""
    from solo.play import keeping as night_module, saveform, transcript

    night = new_night(tmp_path / "n.json")
    for k in range(60):
        night.say(f"line {k}", who=k % 4)
    counts = {"render": 0, "check": 0, "whole": 0}

    def counted(name, real):
        def wrapper(*a, **kw):
            counts[name] += 1
            return real(*a, **kw)
        return wrapper

    monkeypatch.setattr(transcript, "_story_step", counted("render", transcript._story_step))
    monkeypatch.setattr(saveform, "step_body", counted("check", saveform.step_body))
    monkeypatch.setattr(night_module, "write_body", counted("whole", night_module.write_body))
    night.transcript = transcript.Transcript(tmp_path / "n.md", night)
    night.write_transcript()  # rendered whole once
    counts.update(render=0)
    for k in range(20):
        night.say(f"late line {k}", who=k % 4)
    assert counts["render"] <= 2 * 20 and counts["check"] <= 20
    assert counts["whole"] <= 20 // journal.EVERY + 1
