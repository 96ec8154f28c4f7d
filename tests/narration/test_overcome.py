"""What a Test did to its hazard is told: the thing the Threat Card put in the way is named again
in the outcome ("The padlock gives up its secret.", "The wardrobe does not give an inch."), a
success as a success and a failure as a failure; never of the Killer's own cards, a Strike or a
death, whose beats tell what the Killer did. And a playset's Killer is told by its name, never
by the game's word for it.

The expected things are read off the hazards' English by hand, not from the reader's code."""

from __future__ import annotations

import re

import pytest

from solo.narration import Beat, TemplateNarrator
from solo.narration.overcome import met
from solo.narration.templates import by_name
from solo.nott.rules import ASHCAN, PLAYTEST
from solo.playsets import load_playset
from solo.sim.autoplay import autoplay


@pytest.mark.parametrize("hazard, the, many", [
    ("A sleeping dog lies across the doorway, and it is not your dog.", "the sleeping dog", False),
    ("At the boathouse: a sleeping dog lies across the doorway, and it is not your dog.", "the sleeping dog", False),
    ("Then: the uncle's letters, each one ending mid-sentence.", "the uncle's letters", True),
    ("There are the uncle's letters, each one ending mid-sentence.", "the uncle's letters", True),
    ("There's a staircase of creaking boards, and the top of it out of sight.", "the staircase", False),
    ("The fuse box is a mess of unlabelled switches, and it is dark.", "the fuse box", False),
    ("A combination lock hangs on the supply cupboard, and someone has scratched hints around it, here at the "
     "mess hall.", "the combination lock", False),
    ("A knot of drunk guests shoving the wrong way, with you in the middle. That's what is waiting.",
     "the knot of drunk guests", False),
    ("Again, the old photographs on the wall all have the faces scratched out.", "the old photographs", True),
    ("A swing moves by itself, slow and patient.", "the swing", False),
    ("Then: the Hendersons' alarm panel, blinking a code nobody here knows.", "the Hendersons' alarm panel", False),
    ("Here at the dock, three wires run to something packed under the porch, and only one of them stops it.",
     "the three wires", True),
])
def test_a_hazards_thing_is_read_from_its_telling(hazard, the, many):
    m = met(hazard, "the Woodsman")
    assert m is not None and m["kind"] == "thing", m
    assert (m["the"], m["many"]) == (the, many)


@pytest.mark.parametrize("hazard, does", [
    ("Then: working out which way the road lies, with no stars to go by.",
     "works out which way the road lies, with no stars to go by"),
    ("At the kitchen: working out which door the music is really coming from.",
     "works out which door the music is really coming from"),
])
def test_a_hazard_that_is_a_deed_is_told_done(hazard, does):
    assert met(hazard, "the Party Guest") == {"kind": "deed", "does": does}


@pytest.mark.parametrize("hazard", [
    "Then: a sleeping friend who has to be woken without a sound.",  # a person: not a thing to give
    "Someone pinned under a dead weight that has to be lifted, now, here at the dock.",
    "The Killer gets one of you by the collar and starts dragging toward the dark.",
    "The Woodsman has one of you by the ankle, and it is pulling, hand over hand, toward the dark.",
    "Then: getting past the Woodsman's back while it listens for you.",  # the Killer's own back
    "Getting past the mask without it turning around, here at the kitchen.",  # the player's deed, told already
    "Then: the drunk linebacker who won't let anyone past.",  # a person, not an "it"
    "Then: a hand that grabs your wrist out of the crowd and will not let go.",  # someone's hand
    "A friend's hand that has to be let go of, one finger at a time, without a sound.",
    "Every door in the building slams at once, and then the breathing starts.",  # no one door
    "There is no going back now, and here at the cellar the fear has nowhere to go.",
    "With the way back cut off, the only way on from the outhouse is the quiet one.",
    "Then: everyone in the room turning to look at you at once, then away.",  # not the room
    "",
    None,
])
def test_no_thing_is_read_where_naming_one_would_be_wrong(hazard):
    assert met(hazard, "the Woodsman") is None


@pytest.mark.parametrize("hazard, falls", [
    ("The ground gives way into an old pit, and the edge keeps crumbling under your feet.", "holds"),
    ("A loose board bridges the gap, and it sags at the slightest weight.", "holds"),
    ("A dead tree leans over the only way through, groaning, ready to come down.", "drops"),
    ("The shelving topples like dominoes, toward you, and the last of it is still falling.", "drops"),
    ("A wardrobe has been pushed across the only door, and it weighs a ton.", None),
    ("Then: a sliding glass door jammed halfway off its track.", None),
    ("Then: a heavy door that has to be held shut while something leans on the other side.", "shut"),
    ("There's a bedroom door someone is holding shut from inside.", None),  # to be opened, not held
])
def test_a_thing_coming_down_or_giving_way_is_known(hazard, falls):
    assert met(hazard)["falls"] == falls


F = {"people": [{"name": n, "pronouns": "she/her"} for n in ("Ann", "Ben", "Cy")], "tests": 5, "stage": "unease",
     "endgame": False, "living": ["Ann", "Ben", "Cy"], "living_count": 3, "killer": {"name": "the Killer"}}
LOCK = "At the supply hut: a padlock whose code is scratched on the wall in tally marks."


def _outcome(**over) -> Beat:
    ctx = {"name": "Cy", "archetype": "The Jock", "suit": "Intellect", "severity": "dangerous", "killer": False,
           "success": True, "fallout": 1, "fallout_name": "Clean", "strike": False, "strike_count": 0, "dies": False,
           "added_face": None, "living": F["living"], "living_count": 3, "f": F, "pace": "tense", "hazard": LOCK}
    return Beat("outcome", ctx | over)


#: What follows the thing in a telling of it overcome, and in one of it not overcome.
OVERCOME = ("gives up", "give up", "gives.", "never give", "loses its", "does not get", "holds just", "holds,",
            "never quite")
BEATEN = ("keeps its", "keep their", "does not give", "do not give", "stays", "is still", "are still", "beats",
          "gets under", "nearly takes", "comes down far", "still make")


def _after(text: str, thing: str) -> list[str]:
    low = text.lower()
    return [low[m.end():] for m in re.finditer(re.escape(thing.lower()) + " ", low)]


@pytest.mark.parametrize("pace", ["quiet", "tense"])
@pytest.mark.parametrize("success", [True, False])
def test_an_outcome_tells_what_became_of_the_padlock(pace, success):
    told = [TemplateNarrator(s).render(_outcome(pace=pace, success=success), v) for s in range(3) for v in range(8)]
    assert all("the padlock" in t.lower() for t in told), told
    wrong = BEATEN if success else OVERCOME
    assert not [t for t in told for rest in _after(t, "the padlock") if rest.startswith(wrong)], told
    if pace == "quiet":  # a quiet Test is still one sentence
        assert all(len(re.findall(r"[.!?](?: |$)", t)) == 1 for t in told), told


def test_the_killers_own_card_a_strike_and_a_death_say_nothing_of_the_hazards_thing():
    for over in ({"killer": True, "severity": "killer"}, {"strike": True, "strike_count": 1, "success": False,
                                                          "fallout": 4}, {"dies": True, "strike": True,
                                                                          "strike_count": 3, "success": False}):
        for v in range(8):
            assert "padlock" not in TemplateNarrator(v).render(_outcome(**over), v)


def _nights():
    for seed in range(1, 10):
        playset = (None, "house-party", "cabin-in-the-woods")[seed % 3]
        yield autoplay(600 + seed, PLAYTEST if seed % 2 else ASHCAN, "careful", out=None, questions=False,
                       playset=load_playset(playset) if playset else None)


def test_over_whole_nights_an_outcome_names_what_its_card_put_in_the_way(monkeypatch):
    told: list[tuple[dict, str]] = []
    tell = TemplateNarrator.tell

    def spy(self, beat):
        text = tell(self, beat)
        if beat.kind == "outcome":
            told.append((dict(beat.context), text))
        return text

    monkeypatch.setattr(TemplateNarrator, "tell", spy)
    for _night in _nights():
        pass
    met_, named = 0, 0
    for ctx, text in told:
        m = met(ctx.get("hazard"), (ctx.get("f") or {}).get("killer", {}).get("name", ""))
        if m is None or m["kind"] != "thing" or ctx.get("killer") or ctx.get("strike"):
            continue
        met_ += 1
        named += m["the"].lower() in text.lower()
        wrong = BEATEN if ctx["success"] else OVERCOME
        assert not [r for r in _after(text, m["the"]) if r.startswith(wrong)], (ctx["success"], ctx["hazard"], text)
        if ctx.get("action") and m["the"] in ctx["action"].lower():  # the deed named it: "it gives", not again
            assert text.lower().count(m["the"].lower()) <= 1, text
    assert met_ >= 150, met_
    assert named >= 0.75 * met_, (named, met_)


@pytest.mark.parametrize("text, name, told", [
    ("The Killer reels back. Out in the dark, the Killer looks up; the Killer's blade is gone.", "the Woodsman",
     "The Woodsman reels back. Out in the dark, the Woodsman looks up; the Woodsman's blade is gone."),
    ("The Killer is faster.", "Mr. Grin", "Mr. Grin is faster."),
    ("The Killer is faster.", "the Killer", "The Killer is faster."),
    ("The Killer is faster.", "", "The Killer is faster."),
    ("Nothing of it here.", "the Party Guest", "Nothing of it here."),
])
def test_the_killer_is_told_by_its_name(text, name, told):
    assert by_name(text, name) == told


def test_a_playsets_night_never_calls_its_killer_the_killer_in_the_story():
    for playset, name in (("cabin-in-the-woods", "Woodsman"), ("house-party", "Party Guest")):
        night = autoplay(77, ASHCAN, "careful", out=None, questions=False, playset=load_playset(playset))
        prose = " ".join(t for step in night.steps for _k, t in step.narration)
        assert "Killer" not in prose, [s for s in re.split(r"(?<=[.!?]) ", prose) if "Killer" in s][:3]
        assert prose.count(name) >= 10


def test_autoplay_meets_the_hazards_own_thing(monkeypatch):
    """An autoplayed deed at a card that put a thing in the way names that thing ("I go over the
    fuse box piece by piece", "I shove the rusted rain barrel aside before it comes down"), not a
    stock deed that fits any card; never a thing of the night's cast (it would read as using it)."""
    said: list[tuple[str | None, str, list]] = []
    respond = TemplateNarrator.respond

    def spy(self, character, beat):
        line = respond(self, character, beat)
        if not beat.get("killer") and beat.get("severity") not in ("killer", "joker") and beat.get("suit"):
            view = self.story.view()
            said.append((self.story.hazard, line, view["held"] + view["lost"], view["killer"]["name"]))
        return line

    monkeypatch.setattr(TemplateNarrator, "respond", spy)
    for _night in _nights():
        pass
    meant = named = 0
    for hazard, line, theirs, killer in said:
        m = met(hazard, killer)
        if m is None or m["kind"] != "thing" or any(w in " ".join(theirs).lower()
                                                    for w in m["the"].split() if w not in ("the", "a", "an")):
            continue
        meant += 1
        named += m["the"] in line
    assert meant >= 100, meant
    assert named >= 0.8 * meant, (named, meant)


@pytest.mark.parametrize("sev", ["atmospheric", "dangerous", "deadly"])
def test_a_failure_promises_nothing_the_story_does_not_return_to(sev):
    """"It will have to be tried again", "This will come back around": never followed up, so never told."""
    for v in range(40):
        told = TemplateNarrator(v).render(_outcome(success=False, severity=sev, hazard=None, pace="tense"), v)
        told += TemplateNarrator(v).render(_outcome(success=False, severity=sev, hazard=None, pace="quiet"), v)
        assert not re.search(r"tried again|come back around|still be there later|will come back|keeps it for later",
                             told), told
