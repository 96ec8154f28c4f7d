"""The player's notebook of the night: ``note``, ``journal``, ``threads`` and the oracle's
``dread`` (docs/director.md, "The oracle"). Each is read from the night, so it agrees with the
save after undo and resume."""

from __future__ import annotations

import random

import pytest

from solo.director import oracle
from solo.director.notebook import journal, threads
from solo.director.recap import recap
from solo.nott import events as E
from solo.play.night import Night
from solo.play.saves import read_save
from solo.play.transcript import render
from solo.sim.policies import get_policy, next_actions

from .conftest import make_shell, output


def _dread(night) -> int:
    return oracle.dread(night.game, night.story.dread_shift)


def _book(night):
    return (journal(night.game, night.story, [s.say for s in night.steps if s.noted]),
            threads(night.game, night.story), recap(night.game, night.story, night.last_test_events))


def test_dread_turns_up_and_down_as_a_step():
    sh = make_shell(seed=4)
    assert sh.run_line("quick")
    night = sh.night
    start = _dread(night)
    assert start == 1  # the rules state's dread before any Test (oracle.dread's formula)
    assert sh.run_line("dread +1") and _dread(night) == 2
    assert sh.run_line("dread +3") and _dread(night) == 5
    assert night.steps[-1].dread == 3
    assert "Dread 5 of 9 (you turned it +4)" in output(sh)
    assert sh.run_line("undo") and _dread(night) == 2
    assert sh.run_line("dread -1") and _dread(night) == 1
    transcript = night.transcript.path.read_text(encoding="utf-8")
    assert "*The player turns the oracle's dread up to 2 (from 1).*" in transcript
    assert "*The player turns the oracle's dread down to 1 (from 2).*" in transcript
    assert "to 5 (from 2)" not in transcript  # undone: gone from the story


@pytest.mark.parametrize("line, words", [
    ("dread -1", "the dread is 1 and goes from 1 to 9: -1 would take it past 1, the least it can be"),
    ("dread +9", "the dread is 1 and goes from 1 to 9: +9 would take it past 9, the most it can be"),
    ("dread 2", "dread +1 or dread -1 (a signed number), not '2'"),
    ("dread +x", "'+x'"),
])
def test_dread_is_bounded_and_refused_in_one_line(line, words):
    sh = make_shell(seed=4)
    assert sh.run_line("quick")
    steps = len(sh.night.steps)
    assert not sh.run_line(line)
    said = output(sh).splitlines()[-1]
    assert said.startswith("error:") and words in said
    assert len(sh.night.steps) == steps  # nothing played


def test_dread_at_nine_goes_no_higher_and_comes_down_at_once():
    sh = make_shell(seed=4)
    assert sh.run_line("quick")
    assert sh.run_line("dread +8") and _dread(sh.night) == 9
    assert not sh.run_line("dread +1")
    assert sh.run_line("dread -1") and _dread(sh.night) == 8


def test_the_oracle_answers_with_the_dread_turned():
    """The same question at the same step, with the dread turned to 9 and not: the oracle's
    answer is drawn at the dread shown (the roll is the same; the bands move)."""
    answers = {}
    for turn in (None, "dread +8"):
        sh = make_shell(seed=11)
        assert sh.run_line("quick")
        assert sh.run_line(turn or "note the same number of steps")
        sh.run_line("ask is the boathouse door unlocked?")
        reply = sh.night.last_reply
        assert reply.kind == "oracle"
        answers[turn] = reply.answer
    assert answers[None].dread == 1 and answers["dread +8"].dread == 9
    assert answers[None].roll == answers["dread +8"].roll
    assert answers["dread +8"] == oracle.decide(answers[None].odds, 9, answers[None].roll)


def test_a_note_is_kept_in_the_save_the_transcript_and_the_journal_and_undone():
    sh = make_shell(seed=4)
    assert sh.run_line("quick")
    assert sh.run_line("note Laurie swore she heard a car")
    night = sh.night
    assert read_save(night.save_path).steps[-1].noted is True
    assert "*📝 Note: Laurie swore she heard a car*" in night.transcript.path.read_text(encoding="utf-8")
    assert ("Notes", ["Laurie swore she heard a car"]) in journal(night.game, night.story, ["Laurie swore she heard a car"])
    assert "Laurie swore she heard a car" in output(sh) or sh.run_line("journal")
    sh.run_line("journal")
    assert "  - Laurie swore she heard a car" in output(sh)
    assert sh.run_line("undo")
    assert "Laurie swore" not in night.transcript.path.read_text(encoding="utf-8")
    assert not any(s.noted for s in read_save(night.save_path).steps)
    assert not sh.run_line("note   ")  # nothing to note: one line, nothing played


def played(seed=7, policy="naive", asks=("who is in the boathouse?", "is the road out?", "why is the lodge dark?")):
    """A night played to its end, with questions, notes and turns of the dread along the way."""
    sh = make_shell(seed=seed)
    assert sh.run_line("quick")
    rng = random.Random(seed)
    k = 0
    while not sh.night.game.is_over():
        k += 1
        if k % 5 == 0:
            sh.run_line(f"ask {asks[k // 5 % len(asks)]}")
        if k % 7 == 0:
            sh.run_line(f"note note {k}")
        if k % 11 == 0:
            sh.run_line("dread +1")
        sh.play(next_actions(sh.night.game, get_policy(policy), rng))
    return sh


def test_journal_threads_and_recap_agree_with_the_save_after_undo_and_resume():
    sh = played()
    night = sh.night
    for back in (0, 1, 3, 7):
        if back:
            night.undo(back)
        again = Night.from_save(night.save_path)
        assert _book(again) == _book(night), back
        assert render(again) == render(night)


def test_the_journal_names_exactly_the_dead_the_lost_and_the_weaknesses_found():
    sh = played(seed=3)
    night = sh.night
    g = night.game
    groups = dict(journal(g, night.story, []))
    dead = [c.name for i, c in enumerate(g.cast) if g.dead[i] is not None]
    assert [e.split(":")[0] for e in groups.get("The dead", [])] == dead
    lost = [f"{p.name}'s {x}" for p in night.story.people for x in p.lost]
    assert [e.split(" — ")[0] for e in groups.get("Lost and taken", [])] == lost
    found = sum(1 for w in g.weaknesses if w >= 0)
    assert len(groups.get("Weaknesses found", [])) == found
    assert len(groups.get("Notes", [])) == 0  # none given


def test_threads_close_as_the_story_resolves_them():
    sh = played(seed=3)
    night = sh.night
    assert night.game.is_over()
    found = threads(night.game, night.story)
    assert found and all(t.closed for t in found)  # the night's end closes every thread
    weak = next(t for t in found if t.text == "What can stop the Killer?")
    if any(w >= 0 for w in night.game.weaknesses):
        assert weak.closed.startswith("a weakness found")
    else:
        assert weak.closed == "the night is over"
    # mid-night: an open question's answer is an open thread until asked again
    sh = make_shell(seed=4)
    assert sh.run_line("quick")
    sh.run_line("ask who is in the boathouse?")
    open_ = [t for t in threads(sh.night.game, sh.night.story) if t.closed is None]
    assert any(t.text.startswith("who is in the boathouse?") for t in open_)
    sh.run_line("ask who is in the boathouse?")  # the same answer (a fact is never told twice): one thread
    assert sh.run_line("threads all")
    listed = output(sh).split("threads all", 1)[-1] if "threads all" in output(sh) else output(sh)
    assert sum(1 for t in threads(sh.night.game, sh.night.story) if t.text.startswith("who is in the boathouse?")) == 1
    assert "  - who is in the boathouse? — " in listed


def test_a_thread_about_someone_closes_when_they_die():
    sh = make_shell(seed=3)
    assert sh.run_line("quick")
    names = sh.night.names
    for n in names:
        sh.run_line(f"ask why is {n} shaking?")
    rng = random.Random(3)
    while not sh.night.game.is_over():
        events = sh.play(next_actions(sh.night.game, get_policy("naive"), rng))
        died = [e.who for e in events if type(e) is E.CharacterDied]
        if died:
            closed = {t.text.split(" — ")[0]: t.closed for t in threads(sh.night.game, sh.night.story)}
            assert closed.get(f"why is {names[died[0]]} shaking?") == f"{names[died[0]]} died"
            return
    pytest.fail("nobody died: pick another seed")
