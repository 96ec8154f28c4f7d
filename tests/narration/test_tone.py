"""Tone lines fit the stage, the Strikes and the people there (issue: a typed night reads as a
story): "It's not even trying yet." never once the night has turned to terror; "The Killer
doesn't miss twice." never on a first Strike; "goes first" not in the middle of the night;
"everyone", "the others", "one of you" never to the last one alive. Read off whole nights,
each line against the state the rules and the fiction were in when it was told."""

from __future__ import annotations

import random

from solo.narration.factory import make_narrator
from solo.nott import events as E
from solo.nott.cast import quick_cast
from solo.nott.rules import ASHCAN
from solo.play.night import Night
from solo.sim.policies import get_policy, next_actions
from tests.repl.test_typed_nights import CROWD

EARLY = ("not even trying yet", "playing with you", "the night is only getting started")


def nights(count: int = 12):
    """Each step of ``count`` nights: its narration, the stage after it, the Tests before it,
    its Strikes and how many were alive when it began and ended."""
    for seed in range(count):
        night = Night(quick_cast(seed), ASHCAN, seed, narrator=make_narrator("template", seed=seed))
        night.start()
        rng, policy = random.Random(seed), get_policy("naive")
        while not night.game.is_over():
            tests, alive = night.game.tests, len(night.game.living())
            events = night.act(next_actions(night.game, policy, rng))
            strikes = [e.strikes for e in events if type(e) is E.StrikeGained]
            yield (night.steps[-1].narration, night.story.stage, tests, strikes, alive, len(night.game.living()))


def test_tone_lines_fit_the_stage_the_strikes_and_the_people_there():
    seen = {"early": 0, "miss twice": 0, "goes first": 0}
    wrong = []
    for narration, stage, tests, strikes, before, after in nights():
        for kind, text in narration:
            base, low = kind.partition(".")[0], text.lower()
            if any(w in low for w in EARLY):
                seen["early"] += 1
                if stage >= 2 and base == "threat":
                    wrong.append(("early line in the terror", text))
            if "doesn't miss twice" in low:
                seen["miss twice"] += 1
                if strikes == [1]:
                    wrong.append(("a first Strike", text))
            if "goes first" in low and base == "challenge":
                seen["goes first"] += 1
                if tests >= 8:
                    wrong.append((f"goes first at Test {tests + 1}", text))
            if base in ("challenge", "threat") and min(before, after) == 1 and CROWD.search(text):
                wrong.append(("the group, to the last one alive", text))
    assert all(seen.values()), seen  # each line is told where it fits: the measure can see it
    assert wrong == []
