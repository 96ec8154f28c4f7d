"""Open questions answer what was asked, and a night never gives one detail twice.

Generated questions of each kind (the Killer's look, weapon and legend; what is in a place;
how dangerous; what time; what happened to someone; and, for what nothing decides, what a
thing or a noise is, where it is, who did it, why and how) are asked over generated nights;
every answer names or answers its subject, and no drawn detail comes back within a night.
`make test` asks 40 of each kind; the ``corpus`` marker asks 200.
"""

from __future__ import annotations

import random

import pytest

from solo.nott.rules import ASHCAN
from solo.world.places import short_place

from .nights import night_some_way_in

NOUNS = ("cellar door", "radio", "box", "freezer", "phone", "generator", "window", "trapdoor", "locker", "canoe",
         "mirror", "jukebox", "tent", "van", "shed door")
ADJECTIVES = ("old", "rusted", "locked", "broken", "red", "little", "wet", "", "", "")
NOISES = {"that noise upstairs": "noise", "the scratching in the walls": "scratching", "the tapping on the glass":
          "tapping", "that smell": "smell", "the light in the trees": "light", "the glow by the water": "glow",
          "the humming": "humming", "that thumping": "thumping", "the dripping": "dripping",
          "the whistling outside": "whistling"}
STATES = ("open", "unlocked", "on", "running", "broken", "empty")


def things(rng):
    adj = rng.choice(ADJECTIVES)
    return f"the {adj + ' ' if adj else ''}{rng.choice(NOUNS)}"


def ask_kinds(rng, night):
    """kind → (question, check(text) → why it fails or None)."""
    f = night.story
    killer = f.killer
    thing, noise, state = things(rng), rng.choice(sorted(NOISES)), rng.choice(STATES)
    name = rng.choice(night.names)
    places = [p for p in f.locations if (f.places.get(p) or {}).get("props")]
    head = thing.split()[-1]

    def has(*parts):
        return lambda t: None if any(p.lower() in t.lower() for p in parts) else f"names none of {parts}"

    kinds = {
        "look": (rng.choice(["what does the killer look like?", "what does it look like", "describe the killer",
                             "what did the killer look like", "whats the killer look like"]), has(killer["look"])),
        "weapon": (rng.choice(["what is the killer armed with?", "what weapon does it have", "what does the killer "
                               "kill with"]), has(killer["weapon"])),
        # the legend is told once a night; to another question after it, the story has no more
        "legend": (rng.choice(["why is this happening?", "what's the story of this place", "why us?",
                               "is there a legend about the killer"]),
                   has(killer["legend"], *(["nothing more to tell"] if f.legend_told else []))),
        "danger": (rng.choice(["how dangerous is this?", "how bad is this", "how much danger are we in"]),
                   has("difficulty", "night is over")),
        "time": (rng.choice(["what time is it?", "how late is it", "what's the time"]),
                 has("o'clock", "past", "quarter to", "midnight")),
        "happened": (f"what happened to {name}?", has(name)),
        "what": (rng.choice([f"what is {noise}?", f"what's making {noise}", f"what is in {thing}?",
                             f"what's behind {thing}"]), has(NOISES[noise], head)),
        "where": (rng.choice([f"where is {thing}?", f"where did {thing} go", f"where's {thing}"]),
                  has(head, *(short_place(p) for p in f.locations))),
        "who": (rng.choice([f"who left {thing} {state}?", f"who took {thing}", f"who broke {thing}"]),
                has(head)),
        "why": (rng.choice([f"why is {thing} {state}?", f"why is {noise} getting louder"]), has("because")),
        "how": (rng.choice([f"how do we get past {thing}?", f"how do we open {thing}"]), has(head, "through")),
    }
    if places:
        place = rng.choice(places)
        props = (f.places.get(place) or {}).get("props") or ()
        kinds["contents"] = (f"what's in {short_place(place)}?", has(*props))
    return kinds


def night_for(seed: int):
    from solo.playsets import load_playset

    playset = (None, "house-party", "cabin-in-the-woods")[seed % 3]
    setting = load_playset(playset).setting() if playset else None
    return night_some_way_in(seed, ASHCAN, "careful", 25, setting=setting)


def check(per_kind: int, per_night: int = 10):
    """(failures, repeated details): ``per_kind`` questions of each kind over nights of
    ``per_night`` of each."""
    failures, repeats, asked = [], [], 0
    for seed in range(max(1, per_kind // per_night)):
        night = night_for(seed)
        rng = random.Random(f"open|{seed}")
        drawn: dict[str, str] = {}
        for _ in range(per_night):
            for kind, (text, ok) in ask_kinds(rng, night).items():
                reply = night.ask(text)
                told = night.steps[-1].narration[0][1]
                asked += 1
                why = ok(told)
                if why:
                    failures.append((seed, kind, text, reply.kind, told, why))
                if reply.kind == "open":
                    for d in reply.extra.get("drawn", ())[:1]:  # what it turned out to be
                        if d in drawn and drawn[d] != text:
                            repeats.append((seed, d, drawn[d], text))
                        drawn.setdefault(d, text)
    return asked, failures, repeats


def test_open_answers_answer_their_subject_and_never_repeat_a_detail():
    asked, failures, repeats = check(40)
    assert asked >= 40 * 11
    assert failures == [], failures[:10]
    assert repeats == [], repeats[:10]


@pytest.mark.corpus
def test_two_hundred_open_questions_of_each_kind():
    asked, failures, repeats = check(200)
    print(f"\n{asked} open questions: {len(failures)} that do not answer their subject, {len(repeats)} repeated details")
    assert failures == [] and repeats == []


def test_what_is_in_a_place_cut_off_is_that_it_is_cut_off():
    """Nobody can go and look: "what's in the boathouse?" of a place the Killer cut off is
    answered by the fact, never by a list of what is there as if the group were."""
    night = night_for(0)
    place = next(p for p in night.story.locations if (night.story.places.get(p) or {}).get("props")
                 and p != night.story.location)
    night.story.cut.append(place)
    night.ask(f"what's in {short_place(place)}?")
    told = night.steps[-1].narration[0][1]
    assert "cut off" in told and not told.startswith("In ")
