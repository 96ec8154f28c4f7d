"""Lines and veils in the template director's telling (docs/narration.md, "Lines and veils"):
no line told crosses a line, a veiled beat is told as a fade, a slot with nothing clean is told
plainly, and none of it changes the cards, the dice or the Strikes."""

from __future__ import annotations

import random
import re

import pytest

from solo.director.safety import TOPICS, Safety, crossing
from solo.narration.templates import TemplateNarrator
from solo.narration.compose import compose, sentences
from solo.nott.cast import quick_cast
from solo.nott.rules import ASHCAN, PLAYTEST
from solo.play.night import Night
from solo.play.transcript import render
from solo.sim.autoplay import autoplay
from solo.sim.policies import get_policy, next_actions

FADE = re.compile(r"\b(?:cuts away|We cut away|The camera turns from it|happens off screen)\b")


def story_sentences(night) -> list[str]:
    """Every sentence of the night's story as its transcript tells it (the director's prose, the
    players' lines, the epilogue), the cast table at its head left out."""
    story = render(night, "story").split("## The night", 1)[1]
    return [s for line in story.splitlines() for s in sentences(line)]


def crossings(night, topics) -> list[str]:
    return [s for s in story_sentences(night) if crossing(s, topics)]


def sweep(nights: int, start: int = 0) -> tuple[int, int, list]:
    """``nights`` autoplay nights, a line on one lexicon topic each in turn, and every third
    night a line on every topic at once: (nights, sentences read, sentences that cross)."""
    topics = list(TOPICS)
    read, bad = 0, []
    for k in range(start, start + nights):
        lines = topics if k % 3 == 2 else [topics[k % len(topics)]]
        night = autoplay(500 + k, ASHCAN if k % 2 else PLAYTEST, ("careful", "spread", "naive")[k % 3], out=None,
                         safety=Safety.of(lines=lines))
        said = story_sentences(night)
        read += len(said)
        bad += [(lines, 500 + k, s) for s in said if crossing(s, lines)]
    return nights, read, bad


def test_no_told_sentence_crosses_a_line_over_autoplay_nights():
    """A line on each lexicon topic in turn (and on all of them at once): no sentence of the
    story carries one of its words, in any form. The same nights told without lines do."""
    nights, read, bad = sweep(14)
    assert read > 5000 and bad == [], bad[:5]
    unlined = [s for k in range(3) for s in story_sentences(autoplay(500 + k, PLAYTEST, "careful", out=None))]
    assert sum(1 for s in unlined if crossing(s, list(TOPICS))) >= 3  # the lexicon finds what it keeps out


def test_a_line_never_changes_the_cards_the_dice_or_the_strikes():
    """The same seed and the same choices, with and without lines and veils (questions asked,
    an X-card played): the same events, the same table at the end."""
    for seed in (3, 4):
        runs = []
        for safety in (Safety(), Safety.of(lines=list(TOPICS), veils=["dark", "door"])):
            night = Night(quick_cast(seed), ASHCAN if seed % 2 else PLAYTEST, seed,
                          narrator=TemplateNarrator(seed=seed))
            night.safety = safety
            night.start()
            rng = random.Random(seed)
            while night.game.outcome() is None:
                if night.game.tests == 5 and night.game.tester < 0 and not any(s.xcard for s in night.steps):
                    night.ask("is anyone hurt?")
                    night.xcard("the door" if safety else "")
                night.act(next_actions(night.game, get_policy("careful"), rng))
            runs.append(([repr(e) for ev in night.step_events for e in ev], night.game.state_key(),
                         [s.say for s in night.steps if not s.xcard]))
        assert runs[0] == runs[1]
    # and autoplay, whose players' lines keep to the lines too: the same events, night for night
    for seed in (5, 6):
        plain = autoplay(seed, ASHCAN, out=None)
        lined = autoplay(seed, ASHCAN, out=None, safety=Safety.of(lines=list(TOPICS)))
        assert [repr(e) for ev in plain.step_events for e in ev] == [repr(e) for ev in lined.step_events for e in ev]


def _first_crossing(seed: int, topics) -> tuple[int, int, str, str] | None:
    """In the night of ``seed`` told without lines: the first beat (step, index in it) whose
    text shows one of ``topics``, and which."""
    night = autoplay(seed, ASHCAN, out=None, questions=False)
    for i, step in enumerate(night.steps):
        for j, (kind, text) in enumerate(step.narration):
            found = crossing(text, topics)
            if found and kind != "answer":
                return i, j, found, text
    return None


def test_a_veiled_beat_is_told_as_a_fade_and_the_rest_as_it_was():
    found = None
    for seed in range(1, 30):
        found = _first_crossing(seed, ["fire", "blood", "insects", "suffocation"])
        if found:
            break
    assert found is not None
    i, j, topic, shown = found
    plain = autoplay(seed, ASHCAN, out=None, questions=False)
    veiled = autoplay(seed, ASHCAN, out=None, questions=False, safety=Safety.of(veils=[topic]))
    told = veiled.steps[i].narration[j][1]
    assert FADE.search(told) and re.search(r"When (?:it|the picture) comes back|A moment later|Then,", told), told
    assert crossing(told, [topic]) is None, told
    assert told != shown
    before = [t for s in plain.steps[:i] for _k, t in s.narration]
    assert before == [t for s in veiled.steps[:i] for _k, t in s.narration]  # nothing veiled before it: as it was
    assert not any(crossing(s, [topic]) for s in story_sentences(veiled))


class _Guard:
    """A guard as the narrator makes one, over a slot of made-up lines."""

    def __init__(self, safety, plain="Tina gets through it."):
        self.safety, self.veiling, self._plain = safety, bool(safety.veils), plain

    def line(self, text):
        return self.safety.crosses(text) is not None

    def veil(self, text):
        return self.safety.shows(text) is not None

    def touches(self, text):
        return self.safety.touches(text) is not None

    def plain(self, used, fade=False, names=()):
        return ("The scene cuts away. When it comes back, " if fade else "") + self._plain


RENDERED = "§deed\nTina bleeds all over the lock.\nTina's hands are bloody, but it opens.\n§ask!\nWhat now?\n"


def test_a_slot_with_nothing_clean_is_told_plainly_and_a_veiled_one_as_a_fade():
    guard = _Guard(Safety.of(lines=["blood"]))
    assert compose(RENDERED, (1,), set(), guard=guard) == "Tina gets through it. What now?"
    faded = compose(RENDERED, (1,), set(), guard=_Guard(Safety.of(veils=["blood"])))
    assert faded == "The scene cuts away. When it comes back, Tina gets through it. What now?"
    assert compose(RENDERED, (1,), set()).startswith("Tina")  # without a guard: as written
    two = "§deed\nTina bleeds all over the lock.\nThe lock gives.\n"
    assert compose(two, (1,), set(), guard=guard) == "The lock gives."  # another line, not the plain one


def test_the_plain_lines_and_fades_cross_no_lexicon_topic():
    """What the director falls back on is itself clean of every topic, for every beat kind."""
    from solo.narration.beats import BEAT_KINDS
    from solo.narration.compose import _slots

    n = TemplateNarrator(seed=1)
    for kind in (*BEAT_KINDS, "response"):
        for success in (True, False):
            ctx = {"kind": kind, "name": "Tina", "names": ["Tina", "Wes"], "success": success,
                   "fallout_name": "Messy", "yes": success, "phase": "success"}
            for _name, _f, cands, _fb in _slots(n._render("template/_plain.j2", ctx)):
                assert cands, kind
                for c in cands:
                    assert crossing(c, list(TOPICS)) is None, (kind, c)


def test_a_players_own_word_is_kept_out_too():
    night = autoplay(8, ASHCAN, out=None, safety=Safety.of(lines=["door", "dark"]))
    assert crossings(night, ["door", "dark"]) == []
    assert crossings(autoplay(8, ASHCAN, out=None), ["door", "dark"])  # told without the line, they are there


@pytest.mark.corpus
def test_two_hundred_nights_with_a_line_on_each_topic_tell_none_of_it(capsys):
    """The measure of the docs: 200 autoplay nights (a line on each lexicon topic in turn, every
    third night on all seven at once): not one sentence crosses."""
    nights, read, bad = sweep(200, start=100)
    with capsys.disabled():
        print(f"\nlines: {nights} nights, {read} sentences read, {len(bad)} crossing a line")
    assert bad == [], bad[:5]
