"""The X-card as a player plays it (solo/play/xcard.py): on a beat told some steps back (lines
said, a note, the dread turned after it), twice in a row, on the opening before anything is
played, with a word to keep out, after a beat too old to tell again; and what it says when it
cannot be played.

Each test names, in its docstring, the broken copy of the code it was seen to fail on (a mutant
of ``make mutate GROUPS=safety``, docs/testing.md)."""

from __future__ import annotations

import re

import pytest

from solo.director.safety import crossing
from solo.narration.templates import TemplateNarrator
from solo.nott.rules import PLAYTEST
from solo.play.text import MAX_LINE
from solo.play.transcript import render

from .helpers import night_of, play_on


def quiet_steps(night) -> None:
    """Three steps that tell nothing: a line said, a note jotted, the dread turned."""
    night.say("I wait by the door.")
    night.jot("the door sticks")
    night.turn_dread(1)
    assert not any(s.narration for s in night.steps[-3:])


def test_an_x_card_on_a_beat_told_steps_ago_retells_it_in_the_story_written_and_undo_gives_it_back():
    """The last beat told was the first step's, before three steps that told nothing: the
    X-card takes it out of the story written (the transcript renders again from that step),
    and undo puts it back. Breaks: the steps not marked to render again (``_mark`` told no
    holder, or returning when it has one, or marking none, or marking from the step after the
    holder: the log renders only the steps marked), the undo not marking them (its holder
    None, or ``_mark(night, None)``)."""
    night = night_of(12, narrator=TemplateNarrator(seed=12))
    play_on(night, 1)
    struck = night.steps[0].narration[-1]
    quiet_steps(night)
    before, log = render(night), render(night, "log")
    assert struck[1] in before and struck[1] in log
    assert night.xcard() is struck
    retold = night.steps[-1].narration[0][1]
    for form in ("story", "log"):
        told = render(night, form)
        assert struck[1] not in told and retold in told, form
    night.undo()
    assert render(night) == before and render(night, "log") == log


def test_a_second_x_card_takes_out_the_first_retelling_in_the_story_written():
    """X, a line said, X again: the second card takes out the first card's retelling, which the
    story written no longer shows (it is told where the first beat was, steps before the first
    card: the transcript kept showing it until the steps were marked from there); undo of the
    second card shows it again. Breaks: marking from the first card's step (the bug this test
    found), the render mark not moving on from one card to the next (set to None, to 1 each
    time, or read from elsewhere), the steps marked with None."""
    night = night_of(12, narrator=TemplateNarrator(seed=12))
    play_on(night, 1)
    quiet_steps(night)
    render(night)
    night.xcard()
    first = night.steps[-1].narration[0]
    night.say("I hold my breath.")
    render(night)
    assert night.xcard() is first
    second = night.steps[-1].narration[0][1]
    story = render(night)
    assert first[1] not in story and second in story
    night.undo()
    story = render(night)
    assert first[1] in story and second not in story


def test_the_x_card_on_the_opening_before_anything_is_played_and_its_undo():
    """Right after the opening, ``x``: the opening's last beat is told again; undo gives it
    back; a second ``x`` takes out that retelling in its turn. Breaks: the opening's check of
    what was struck turned round (``is not None or``, ``None and``: a crash on an opening beat
    never struck), undo or the second card failing to find the step that holds a beat of the
    opening (``next`` with no default: a crash)."""
    night = night_of(12, narrator=TemplateNarrator(seed=12))
    before = render(night)
    last = night.opening[-1]
    assert night.xcard() is last
    assert last[1] not in render(night)
    first = night.xcard()  # the opening's retelling, taken out in its turn
    assert first is night.steps[0].narration[0] and first[1] not in render(night)
    night.undo(2)
    assert render(night) == before


def test_what_the_x_card_says_when_it_cannot_be_played():
    """The one line ``x`` prints: for nothing of it a topic, for too long a text, for nothing
    told yet. Breaks: the topic's message dropped (``ValueError(None)``, ``str(None)``), the
    length limit lifted or its message naming something else ("the text", None, upper case),
    the "nothing told" message changed."""
    night = night_of(12, narrator=TemplateNarrator(seed=12))
    play_on(night, 2)
    with pytest.raises(ValueError) as err:
        night.xcard("the")
    assert str(err.value) == "x takes a topic or words to keep out (x blood, x spiders), or nothing; not 'the'"
    with pytest.raises(ValueError) as err:
        night.xcard("spiders " * (MAX_LINE // 8 + 1))
    assert str(err.value).startswith("what you flag is too long (")
    with pytest.raises(ValueError) as err:
        night_of(12).xcard()
    assert str(err.value) == "nothing has been told yet to take out"


def test_a_beat_told_too_long_ago_is_refused_in_words_not_a_crash():
    """After a whole night and a run of questions (more beats than the night keeps for the
    X-card) undone back to the first step, ``x`` says the telling can no longer be told again.
    Breaks: the kept beats read even when the beat is not among them (``or True``, ``or`` for
    ``and``: a crash), the refusal given only for a stored text (``is not None``), its message
    dropped or changed."""
    night = night_of(12, rules=PLAYTEST, narrator=TemplateNarrator(seed=12))
    play_on(night, 1)
    play_on(night, 2000, seed=12)
    while sum(len(s.narration) for s in night.steps[1:]) <= 300:
        night.ask("is the door locked?")
    night.undo(len(night.steps) - 1)
    with pytest.raises(ValueError) as err:
        night.xcard()
    assert str(err.value) == "that telling can no longer be told again (undo takes it back)"


def x_night():
    night = night_of(12, narrator=TemplateNarrator(seed=12))
    play_on(night, 6)
    return night


def test_a_flagged_word_the_retelling_would_say_is_kept_out_of_it():
    """The same beat, X-carded twice in two copies of a night: flagged with a word it does not
    use, the retelling says some word W; flagged with W, the retelling never says it, and W is
    veiled from then on. Breaks: the card's topics not made lines for the retelling
    (``with_lines`` keeping nothing, only topics already lines, or returning the set as it is)."""
    night = x_night()
    night.xcard("zzzz")
    retold = night.steps[-1].narration[0][1]
    word = next(w.lower() for w in re.findall(r"[A-Za-z]{5,}", retold) if w not in night.names)
    assert crossing(retold, [word])
    again = x_night()
    again.xcard(word)
    assert crossing(again.steps[-1].narration[0][1], [word]) is None
    assert word in again.safety_now.veils


def test_a_line_said_before_an_x_card_veils_nothing():
    """``I grab the poker by the fire.`` said, then ``x`` with nothing flagged: only what an
    X-card flags is veiled, never the words of a line said. Breaks: every step with words read
    as a card (``or`` for ``and``)."""
    night = x_night()
    night.say("I grab the poker by the fire.")
    night.xcard()
    assert night.safety_now == night.safety and not night.safety_now.veils
