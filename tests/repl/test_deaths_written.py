"""A death is written together: at a third Strike the director proposes the death and asks the
player how the character dies; the next free-text line is the death (word for word, in the
transcript, the fiction, the save and the epilogue); Enter or a command keeps the director's
telling; undo takes a written death back. Autoplay keeps the director's."""

from __future__ import annotations

import random

from solo.nott import events as E
from solo.nott.rules import ASHCAN
from solo.play.night import Night
from solo.play.saves import read_save
from solo.play.transcript import render
from solo.sim.autoplay import autoplay
from solo.sim.policies import get_policy, next_actions

from .conftest import make_shell, output

TOLD = "She makes it to the rowboat, and the rope is already cut; the last thing she hears is her own name."


def to_a_death(seed=3):
    """A shell whose last step killed someone (played by the naive policy)."""
    sh = make_shell(seed=seed)
    assert sh.run_line("quick")
    rng = random.Random(seed)
    policy = get_policy("naive")
    while True:
        events = sh.play(next_actions(sh.night.game, policy, rng))
        died = [e.who for e in events if type(e) is E.CharacterDied]
        if died:
            return sh, died[0]
        assert not sh.night.game.is_over(), "nobody died: pick another seed"


def test_the_director_proposes_and_asks_how_they_die():
    sh, who = to_a_death()
    name = sh.night.names[who]
    said = " ".join(output(sh).split())  # the console wraps long lines
    proposal = [t for k, t in sh.night.steps[-1].narration if k == "death"]
    assert proposal and proposal[0] in said  # the director's telling, shown first
    assert f"How does {name} die? That was the director's telling." in said[said.index(proposal[0]):]


def test_a_typed_death_is_the_death_word_for_word():
    sh, who = to_a_death()
    name = sh.night.names[who]
    steps = len(sh.night.steps)
    assert sh.run_line(f"{name}: {TOLD}")
    step = sh.night.steps[-1]
    assert len(sh.night.steps) == steps + 1 and step.death and (step.who, step.say) == (who, TOLD)
    assert sh.night.story.people[who].written == TOLD
    transcript = sh.night.transcript.path.read_text(encoding="utf-8")
    assert f"*How {name} dies, as the player tells it:*\n\n> {TOLD}\n" in transcript
    proposal = next(t for k, t in sh.night.steps[-2].narration if k == "death")
    # in place of the director's telling (told once), after the blow, before the next Threat Card
    assert proposal not in transcript and transcript.count(TOLD) == 1
    blow = next(t for k, t in sh.night.steps[-2].narration if k.startswith("outcome"))
    assert f"> {blow}\n\n*How {name} dies, as the player tells it:*" in transcript
    left = [sh.night.names[i] for i in sh.night.game.living()]
    told = transcript.split("as the player tells it:*", 1)[1].split("###", 1)[0]
    assert all(n in told for n in left)  # who is left, said after it
    saved = read_save(sh.night.save_path).steps[-1]
    assert saved.death is True and saved.say == TOLD and saved.who == who
    again = Night.from_save(sh.night.save_path)  # resume: the same death
    assert again.story.people[who].written == TOLD and render(again) == render(sh.night)
    assert "So that is how" in output(sh)


def test_the_typed_death_feeds_the_epilogue():
    sh, who = to_a_death()
    assert sh.run_line(TOLD)
    rng = random.Random(1)
    policy = get_policy("careful")
    while not sh.night.game.is_over():
        sh.play(next_actions(sh.night.game, policy, rng))
        sh.deaths.clear()  # later deaths keep the director's telling
    epilogue = render(sh.night).split("## Epilogue")[1]
    line = next(x for x in epilogue.splitlines() if f"**{sh.night.names[who]}**" in x)
    assert "died" in line and f"“{TOLD}”" in line


def test_a_death_typed_without_an_end_is_told_as_a_sentence_and_kept_as_typed():
    """"the lake takes her under, the hatchet raised" is told "The lake … raised." in the story
    and the epilogue (which reads on after it without running into it); the save keeps it as typed."""
    sh, who = to_a_death()
    typed = "the lake takes her under, the hatchet raised"
    assert sh.run_line(typed)
    assert sh.night.steps[-1].say == typed
    told = "The lake takes her under, the hatchet raised."
    assert f"> {told}\n" in render(sh.night)
    rng = random.Random(1)
    policy = get_policy("careful")
    while not sh.night.game.is_over():
        sh.play(next_actions(sh.night.game, policy, rng))
        sh.deaths.clear()
    epilogue = render(sh.night).split("## Epilogue")[1]
    line = next(x for x in epilogue.splitlines() if f"**{sh.night.names[who]}**" in x)
    assert f"“{told}” Took" in line


def test_enter_keeps_the_directors_telling():
    sh, who = to_a_death()
    steps = len(sh.night.steps)
    assert sh.run_line("")
    assert len(sh.night.steps) == steps and sh.night.story.people[who].written is None
    assert f"The director's telling of {sh.night.names[who]}'s death stands." in output(sh)
    assert sh.run_line("I run for the lodge.")  # the next line is a line again, not the death
    assert not sh.night.steps[-1].death and sh.night.story.people[who].written is None
    assert "as the player tells it" not in sh.night.transcript.path.read_text(encoding="utf-8")


def test_a_command_or_a_question_keeps_the_directors_telling_and_runs():
    sh, who = to_a_death()
    assert sh.run_line("status")
    assert "The night:" in output(sh) and sh.deaths == []
    assert sh.run_line("I run for the lodge.")
    assert not sh.night.steps[-1].death
    sh2, who2 = to_a_death()
    assert sh2.run_line("How many of us are left?")
    assert sh2.night.steps[-1].ask is not None and sh2.night.story.people[who2].written is None


def test_undo_takes_a_written_death_back():
    sh, who = to_a_death()
    before = render(sh.night)
    assert sh.run_line(TOLD)
    assert sh.run_line("undo")
    assert sh.night.story.people[who].written is None and not any(s.death for s in sh.night.steps)
    assert render(sh.night) == before
    assert "death as you wrote it" in output(sh)


def test_a_death_is_written_once_and_only_for_the_dead():
    sh, who = to_a_death()
    assert sh.run_line(TOLD)
    import pytest

    with pytest.raises(ValueError, match="already written"):
        sh.night.write_death("again", who)
    with pytest.raises(ValueError, match="is not dead"):
        sh.night.write_death("not yet", sh.night.game.living()[0])


def test_autoplay_keeps_the_directors_telling():
    night = autoplay(3, ASHCAN, "naive", out=None)
    assert any(type(e) is E.CharacterDied for events in night.step_events for e in events)
    assert not any(s.death for s in night.steps)
    assert all(p.written is None for p in night.story.people)


def test_dawn_for_one_survivor_is_told_in_the_singular():
    import random

    sh = make_shell(seed=15)
    assert sh.run_line("quick")
    rng = random.Random(15)
    while not sh.night.game.is_over():
        sh.play(next_actions(sh.night.game, get_policy("naive"), rng))
        sh.deaths.clear()
    o = sh.night.game.outcome()
    if not (o.dawn and len(o.survivors) == 1):
        import pytest

        pytest.skip("this seed no longer ends with one survivor")
    name = sh.night.names[o.survivors[0]]
    assert f"DAWN. {name} survives the night." in output(sh)


def test_garbage_after_a_death_costs_nothing():
    """An overlong line is refused in one line and the death can still be written; escape
    sequences and invisible characters are cleaned out of it; a line of invisible characters
    only is an empty line (Enter: the director's telling stands)."""
    sh, who = to_a_death()
    steps = len(sh.night.steps)
    assert not sh.run_line("x" * 5000)
    assert len(sh.night.steps) == steps and sh.deaths == [who]
    assert sh.run_line("\x1b[2JShe never\u200b saw it\x1b]52;c;aGk=\x07 coming.")
    step = sh.night.steps[-1]
    assert step.death and step.say == "She never saw it coming." and sh.deaths == []
    transcript = sh.night.transcript.path.read_text(encoding="utf-8")
    assert "\x1b" not in transcript and "She never saw it coming." in transcript
    sh2, who2 = to_a_death()
    steps = len(sh2.night.steps)
    assert sh2.run_line("\u200b\u2060\ufeff")
    assert len(sh2.night.steps) == steps and sh2.deaths == [] and sh2.night.story.people[who2].written is None


def test_another_characters_line_after_a_death_is_theirs_not_the_death():
    """After Marty's death, "Pam: I jam the door" is Pam's line (it was written as how Marty
    died); the director's telling of the death stands."""
    sh, who = to_a_death()
    other = next(n for i, n in enumerate(sh.night.names) if i != who and sh.night.game.dead[i] is None)
    steps = len(sh.night.steps)
    sh.run_line(f"{other}: I pull the door shut and jam a chair under the handle.")
    assert not any(s.death for s in sh.night.steps[steps:])
    assert sh.night.steps[-1].say == "I pull the door shut and jam a chair under the handle."
    assert sh.night.story.people[who].written is None
