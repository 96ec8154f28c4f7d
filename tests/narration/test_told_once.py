"""A reader's check over whole autoplay nights: no beat told twice running ("…, and it works. It
works, and the Killer has heard every second of it": the action line and the cost line each said
the success), and each weakness found told as a scene of three sentences at least. Breaks these
catch: a cost line that says "It works" again after an action line that said it; the weakness
beat told as a find and a count alone."""

from __future__ import annotations

import re

import pytest

from solo.narration.compose import sentences
from solo.sim.autoplay import autoplay

from .story_nights import setup


def told(i: int):
    rules, policy, playset = setup(i)
    night = autoplay(2000 + i, rules, policy, out=None, narrator_kind="template", playset=playset)
    return [(k, t) for k, t in night.opening] + [(k, t) for s in night.steps for k, t in s.narration]


@pytest.fixture(scope="module")
def nights():
    return [told(i) for i in range(6)]


def _words(s: str) -> list[str]:
    return re.findall(r"[a-z']+", s.lower())


def test_no_beat_is_told_twice_running(nights):
    doubled = []
    for texts in nights:
        for kind, text in texts:
            ss = sentences(text)
            for a, b in zip(ss, ss[1:]):
                if len(_words(a)) >= 2 and _words(a)[-2:] == _words(b)[:2]:
                    doubled.append((kind, a, b))
    assert not doubled, doubled[:5]


def test_each_weakness_found_is_a_scene(nights):
    found = [(kind, text) for texts in nights for kind, text in texts if kind == "weakness"]
    assert found
    short = [text for _kind, text in found if len(sentences(text)) < 3]
    assert not short, short[:3]
