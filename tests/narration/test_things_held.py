"""Things and people hold (issue: a typed night reads as a story). A typed action that uses a
thing the character does not have is met in the story (someone else has it, it is lost, the
Killer took it, nobody brought one) and never told as used; a thing nobody alive holds is never
shown present again. Expected words come from the fiction's own state, never its output."""

from __future__ import annotations

import random

import pytest

from solo.director.fiction import Fiction
from solo.director.listen import used_things
from solo.narration.factory import make_narrator
from solo.nott.actions import RESOLVE, ROLL, Test
from solo.nott.cast import quick_cast
from solo.nott.rules import ASHCAN
from solo.play.night import Night
from solo.playsets import load_playset

CAST = [{"name": n, "archetype": "The Jock", "aptitude": "Power", "why": ""} for n in ("Ann", "Ben", "Cat")]


@pytest.mark.parametrize("action, things", [
    ("grab the walkie-talkie and run for the road", ("walkie-talkie",)),
    ("hit it with the baseball bat", ("baseball bat",)),
    ("read the old journal by flashlight", ("journal", "flashlight")),
    ("throw the first-aid kit to Dana", ("first-aid kit",)),
    ("search the body for keys", ()),  # looked for, not held
    ("look for the flashlight", ()),
    ("run across the open ground", ()),
    ("tackle it before it can raise the knife", ()),  # the Killer's knife: another's deed
    ("wait until it drops the machete, then hit it with the bat", ("bat",)),
])
def test_the_things_an_action_uses(action, things):
    assert used_things(action) == things


def cabin(seed=3) -> Fiction:
    return Fiction([dict(c) for c in CAST], seed, load_playset("cabin-in-the-woods").setting())


def test_a_thing_someone_else_holds_is_theirs():
    f = cabin()
    ann, ben = f.people[:2]
    theirs = ben.items[0]
    assert f.missing(ann, f"grab the {theirs} and run") == {"thing": theirs, "how": "held", "holder": "Ben"}
    assert f.missing(ann, f"grab the {ann.items[0]} and run") is None  # her own
    assert f.missing(ann, "kick the door open") is None  # the place's, not a thing of the night


def test_a_lost_a_taken_a_dead_mans_and_an_undealt_thing():
    f = cabin()
    ann, ben, cat = f.people
    lost, taken, dead = ben.items[0], ben.items[1], cat.items[0]
    ben.items.remove(lost)
    ben.lost.append(lost)
    f._establish({"kind": "takes", "target": "Ben", "item": taken})
    cat.dead = True
    assert f.missing(ann, f"swing the {lost} at its head")["how"] == "lost"
    assert f.missing(ann, f"swing the {taken} at its head") == {"thing": taken, "how": "taken", "holder": "Ben"}
    assert f.missing(ann, f"swing the {dead} at its head") == {"thing": dead, "how": "dead", "holder": "Cat"}
    dealt = {i for p in f.people for i in p.items + p.lost}
    spare = next(t for t in f.things if t not in dealt)
    assert f.missing(ann, f"swing the {spare} at its head") == {"thing": spare, "how": "none", "holder": None}


def cabin_night(seed: int) -> Night:
    playset = load_playset("cabin-in-the-woods")
    night = Night(quick_cast(seed), ASHCAN, seed, narrator=make_narrator("template", seed=seed, playset=playset),
                  setting=playset.setting(), playset="cabin-in-the-woods")
    night.start()
    return night


def _test(night: Night, who: int, line: str | None = None) -> list[tuple[str, str]]:
    """One Test by ``who`` (after ``line``, typed for them); the narration it told."""
    if line:
        night.say(line, who)
    steps = len(night.steps)
    night.act([Test(who)])
    night.act([ROLL])
    if night.game.phase != "choose tester" and not night.game.is_over():
        night.act([RESOLVE])
    return [p for s in night.steps[steps:] for p in s.narration]


def test_the_director_meets_a_thing_not_held_and_never_tells_it_used():
    night = cabin_night(3)
    ann, ben = night.game.living()[:2]
    theirs = night.story.people[ben].items[0]
    told = _test(night, ann, f"I grab the {theirs} and run for the woodshed.")
    challenge = next(t for k, t in told if k == "challenge")
    outcome = next(t for k, t in told if k == "outcome")
    assert theirs in challenge and night.names[ben] in challenge  # met: Ben has it
    assert f"grab the {theirs}" not in outcome and theirs in outcome  # done without it


def test_a_thing_gone_is_never_shown_present_again():
    """The cabin's lines speak of "the lantern light"; once nobody alive holds the lantern,
    none of them is told but the beat that tells it taken or lost."""
    rng = random.Random(1)
    seen = {True: [], False: []}
    for seed in range(4):
        for gone in (False, True):
            night = cabin_night(seed)
            holder = next(p for p in night.story.people if "kerosene lantern" in p.items)
            if gone:
                holder.items.remove("kerosene lantern")
                holder.lost.append("kerosene lantern")
            while not night.game.is_over() and night.game.tests < 40:
                who = rng.choice(night.game.living())
                seen[gone] += [t.lower().replace("lantern path", "path")  # a place's name
                               for k, t in _test(night, who) if k.partition(".")[0] not in ("answer", "dawn")]
    assert any("lantern" in t for t in seen[False])  # the measure can see it
    assert not [t for t in seen[True] if "lantern" in t]


def test_a_hyphenated_thing_is_named_by_its_first_word():
    """"the walkie" is the walkie-talkie (found reading a typed night: a walkie lost at Test 2
    was told as the whole plan at Test 15)."""
    from solo.director.fiction import _names_thing

    assert _names_thing("walkie-talkie", "walkie") and _names_thing("walkie-talkie", "the walkie-talkie")
    assert not _names_thing("walkie-talkie", "talkie") and not _names_thing("first-aid kit", "first")


def test_a_loud_action_done_cleanly_is_not_told_as_silent():
    """"I yell at the whole room" then a Clean success: not "Nobody hears a thing" (found
    reading a typed night); a quiet action may still be told so."""
    import re

    from solo.director.listen import loud

    assert loud("I yell at the whole room to get out.") and loud("I kick the door off its hinges.")
    assert not loud("I tiptoe past the stairs.") and not loud("The fire spreads.")
    silent = re.compile(r"no sound|not a sound|nobody hears|quiet\b|without a whisper|so much as stirs|no trace",
                        re.I)
    checked = 0
    for seed in range(40):
        night = cabin_night(seed)
        who = night.game.living()[0]
        told = _test(night, who, "I yell for help at the top of my lungs.")
        resolved = [e for e in night.step_events[-1] + night.step_events[-2] if type(e).__name__ == "TestResolved"]
        if resolved and resolved[-1].success and resolved[-1].fallout_name == "Clean":
            checked += 1
            outcome = " ".join(t for k, t in told if k.startswith("outcome"))
            assert not silent.search(outcome), outcome
    assert checked >= 2
