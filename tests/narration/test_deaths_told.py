"""A Test that kills is never told as an escape: "barely gets away", "fights loose" are for a
Strike that leaves the character alive (a sample night told Randy's third Strike as "Randy
barely gets away. That's the third Strike.")."""

from __future__ import annotations

import re

from solo.nott import events as E
from solo.nott.rules import ASHCAN, PLAYTEST
from solo.sim.autoplay import autoplay

ESCAPE = re.compile(r"\b(?:gets? away|breaks? free|fights? loose|tears? free|wrenches loose)\b", re.I)


def test_a_test_that_kills_is_never_told_as_an_escape():
    deaths = 0
    for seed in range(6):
        night = autoplay(seed, ASHCAN if seed % 2 else PLAYTEST, "naive", out=None, questions=False)
        for step, events in zip(night.steps, night.step_events):
            died = {night.names[e.who] for e in events if type(e) is E.CharacterDied}
            if not died:
                continue
            deaths += len(died)
            for kind, text in step.narration:
                if kind.startswith("outcome"):
                    for sentence in re.split(r"(?<=[.!?])\s+", text):
                        if any(n in sentence for n in died):
                            assert not ESCAPE.search(sentence), (seed, sentence)
    assert deaths >= 8
