"""The narration speaks of each character with their own pronouns (docs/narration.md,
"Pronouns"): whole nights with she/her, he/him and xe/xem casts never call one of them
"they" in the templates' phrases, the player's first person is never left in the director's
words, and "their" of a group or of things stays as it is."""

from __future__ import annotations

import re

import pytest

from solo.narration import TemplateNarrator
from solo.nott.rules import ASHCAN
from dataclasses import replace

SETS = ["she/her", "he/him", "xe/xem/xyr/xyrs/xemself", "she/her"]
#: The templates' phrases that speak of the character the beat is about (as they read with they/them).
THEIRS = re.compile(
    r"as good as their word|keeps their word|what they said they would|just as they said|puts their whole weight"
    r"|until their arms shake|the fright of their life|leaves them shaking|slow them down|loses them in the dark"
    r"|planned for them|standing right behind them|said what they'll do|reaches for their", re.I)
FIRST = re.compile(r"\b(?:I|I'm|I'll|I've|I'd|me|my|mine|myself|we|we're|us|our|ours|ourselves)\b")


def nights(monkeypatch, sets, seeds):
    import solo.sim.autoplay as autoplay

    dealt = autoplay.quick_cast
    monkeypatch.setattr(autoplay, "quick_cast", lambda seed, archetypes=None: [
        replace(c, pronouns=sets[i % len(sets)]) for i, c in enumerate(dealt(seed, archetypes=archetypes))])
    return [autoplay.autoplay(seed, ASHCAN, "careful", out=None) for seed in seeds]


def test_whole_nights_speak_of_the_cast_with_their_own_pronouns(monkeypatch):
    found = set()
    for night in nights(monkeypatch, SETS, (6, 9, 21, 33)):
        assert [c.pronouns for c in night.cast] == SETS
        for step in night.steps:
            for kind, text in step.narration:
                plain = re.sub(r"“[^”]*”|\"[^\"]*\"", "", text)  # the player's own words, quoted, are theirs
                assert not THEIRS.search(plain), text
                if kind == "outcome":  # where the player's words are retold (the director may say "show me")
                    assert not FIRST.search(plain), text
                found.update(w for w in ("her", "his", "he", "she", "xe", "xyr", "xem") if re.search(rf"\b{w}\b", plain))
    assert {"her", "his", "xyr"} <= found


def test_the_default_cast_is_told_as_before(monkeypatch):
    """They/them for everyone: the phrases read as they always did (the committed samples are
    compared byte for byte in tests/sim/test_transcripts.py)."""
    told = " ".join(t for night in nights(monkeypatch, ["they/them"], (9,)) for s in night.steps for _k, t in s.narration)
    assert THEIRS.search(told)


@pytest.mark.parametrize("spec, word", [("she/her", "her"), ("he/him", "his"), ("they/them", "their"),
                                        ("xe/xem/xyr/xyrs/xemself", "xyr")])
def test_the_pro_filter_uses_the_named_characters_pronouns(spec, word):
    n = TemplateNarrator(seed=1)
    env = n.env
    people = [{"name": "Ann", "pronouns": spec}, {"name": "Bo", "pronouns": "he/him"}]
    render = env.from_string('{{ name|pro("their") }} {{ name|pro("they are") }} {{ name|pro("They\'ll") }}').render
    subject = {"her": "she", "his": "he", "their": "they", "xyr": "xe"}[word]
    be = "are" if word == "their" else "is"
    ending = "'ll"
    assert render(name="Ann", f={"people": people}) == f"{word} {subject} {be} {subject.capitalize()}{ending}"
    assert render(name="Zed", f={"people": people}) == "their they are They'll"  # not in the cast: they
    assert render(name="Ann", f={"people": []}) == "their they are They'll"
