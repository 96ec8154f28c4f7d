"""The editor's ``stranger`` and weight (``flipped``) readings never refuse the director's own
prose: whole nights of each playset, told by the templates in the stretches a model would
have told (one request each), are read as a model's reply is, against the words it would have
been asked with (solo/director/editor.py)."""

from __future__ import annotations

import random

import pytest

from solo.director.editor import edit
from solo.narration.llm import LLMNarrator, prompt_words
from solo.narration.templates import TemplateNarrator
from solo.nott.cast import quick_cast
from solo.nott.cards import SUIT_APTITUDES
from solo.nott.rules import ASHCAN, PLAYTEST
from solo.play.night import Night
from solo.playsets import load_playset
from solo.sim.policies import get_policy, next_actions

from .fakeserver import refused_url

PLAYSETS = (None, "cabin-in-the-woods", "house-party")


class Asked(LLMNarrator):
    """A model's narrator that never asks (paused: the templates tell each request's beats),
    keeping each request's beats, the words it would have been asked with, and the text told."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.paused = True
        self.asked: list[tuple[list, str, str]] = []

    def narrate(self, beat):
        yield from self._recorded([beat], self.messages(beat), super().narrate(beat))

    def narrate_stretch(self, beats):
        if len(beats) == 1:
            yield from self.narrate(beats[0])
        else:
            yield from self._recorded(beats, self.stretch_messages(beats), super().narrate_stretch(beats))

    def _recorded(self, beats, messages, stream):
        chunks = []
        for chunk in stream:
            chunks.append(chunk)
            yield chunk
        self.asked.append(([{**b.context, "kind": b.kind} for b in beats], prompt_words(messages),
                           "".join(chunks).strip()))


def told_stretches(seed: int):
    """Night ``seed`` (its playset turns over with the seed), told by the templates in a model's
    requests (a stretch from an outcome to the next Threat Card, or one beat): (the beats'
    contexts, the text, the prompt's words, the cast) for each request."""
    name = PLAYSETS[seed % 3]
    playset = load_playset(name) if name else None
    rules = playset.ruleset() if playset else (ASHCAN, PLAYTEST)[seed // 3 % 2]
    setting = playset.setting() if playset else None
    narrator = Asked(TemplateNarrator(seed=seed, setting=setting), base_url=refused_url(), api_key="sk-not-a-key",
                     model="fake", setting=playset.describe() if playset else None)
    archetypes = ({i: tuple(getattr(playset.archetypes, SUIT_APTITUDES[i])) for i in range(4)}
                  if playset is not None else None)
    night = Night(quick_cast(seed, archetypes=archetypes)[: rules.max_cast], rules, seed, narrator=narrator,
                  playset=name)
    night.start()
    rng = random.Random(seed)
    while night.game.outcome() is None:
        night.act(next_actions(night.game, get_policy(("naive", "careful")[seed % 2]), rng))
    for beats, prompt, text in narrator.asked:
        yield beats, text, prompt, night.cast


def new_findings(seeds) -> tuple[int, list[str]]:
    read, found = 0, []
    for seed in seeds:
        for beats, text, prompt, cast in told_stretches(seed):
            read += 1
            found += [f"night {seed}: {c}" for c in edit(text, beats, cast=cast, prompt=prompt)
                      if c.kind in ("stranger", "flipped")]
    return read, found


def test_the_directors_own_nights_have_no_stranger_and_no_weightless_success():
    read, found = new_findings(range(1, 7))
    assert read > 150 and found == [], found


@pytest.mark.corpus
def test_thirty_nights_have_no_stranger_and_no_weightless_success():
    read, found = new_findings(range(1, 31))
    assert read > 800 and found == [], found
