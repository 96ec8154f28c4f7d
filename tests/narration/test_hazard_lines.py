"""An autoplayed line answers the hazard told (solo/narration/hazard.py): it names the things
of that hazard, the body and the deed, never a thing of some other scene ("I rip the boards off"
at a chain-link fence, "I try the numbers from the old sign" against rolling smoke)."""

from __future__ import annotations

import re

import pytest

from solo.narration.hazard import fits_hazard
from solo.narration.templates import TemplateNarrator
from solo.nott.rules import ASHCAN, PLAYTEST
from solo.playsets import load_playset
from solo.sim.autoplay import autoplay, hazard_told

FENCE = "A chain-link fence stands between you and the road, its top strung with barbed wire."
WINDOW = "The window is boarded over, and the boards are old."


@pytest.mark.parametrize("line, hazard, fits", [
    ("I rip the boards off with my bare hands.", FENCE, False),
    ("I rip the boards off with my bare hands.", WINDOW, True),
    ("I put my shoulder into it, again and again.", FENCE, True),  # the body and the deed: anywhere
    ("I try the numbers from the old sign.", "Smoke rolls in from the trees.", False),
    ("I pick the lock with a hairpin.", "The generator is padlocked in its cage.", False),  # a hairpin nobody has
    ("I keep my hatchet close.", FENCE, False),
    ("I rewire it, fast.", "A wardrobe has been pushed across the only door.", False),  # a deed needs its thing
    ("I rewire it, fast.", "The breaker panel sparks.", True),
    ("I climb it where the handholds are.", "A sleeping dog lies across the doorway.", False),
    ("I answer it, whatever it is.", "The phone rings in the empty office.", True),
    # a body's deed needs a thing to do it to: nothing is kicked open on a map, crawled under a bear trap
    ("I kick it until it breaks.", "A map of the woods with tonight's date circled.", False),
    ("I kick it until it breaks.", "The window is nailed shut from the outside.", True),
    ("I crawl under and keep my head down.", "A bear trap half-buried in leaves.", False),
    ("I crawl under and keep my head down.", "A beam has come down across the hallway.", True),
    ("I drag it clear, whatever it takes.", "The window is nailed shut from the outside.", False),
    ("I drag it clear, whatever it takes.", "A friend passed out cold who has to be carried, now.", True),
    ("I brace my feet and pull until something gives.", "The uncle's letters, each one ending mid-sentence.", False),
])
def test_a_line_names_only_the_things_of_its_hazard(line, hazard, fits):
    assert fits_hazard(hazard)(line) is fits


def test_a_deed_needs_its_thing_in_the_hazard_not_in_the_place_around_it():
    """"I ease it open" for dry leaves at the boathouse: the boathouse's doors are not the hazard."""
    fits = fits_hazard("The ground here is all dry leaves and snapping twigs.", (), "the boathouse, its door hanging open")
    assert not fits("I ease it open a finger's width at a time.")
    assert fits_hazard("A dry twig snaps under the cupboard door.")("I ease it open a finger's width at a time.")


def test_the_characters_own_things_and_no_hazard_fit():
    assert fits_hazard(FENCE, ["hatchet"])("I keep my hatchet close.")
    assert fits_hazard(None)("I rip the boards off with my bare hands.")


#: Things the autoplayed lines may name, each read here by its own word (not by the parse the
#: module uses): a line naming one answers a hazard whose telling names it.
SCENERY = ("board", "wall", "lock", "sign", "number", "window", "stair", "chair", "door", "wire", "trap", "breaker",
           "fire", "dust", "handhold", "gap", "key", "belt", "scrap", "edge", "wind", "knife", "blade")


@pytest.mark.parametrize("seed", [4, 11])
def test_autoplayed_lines_name_no_thing_their_hazard_lacks(seed, monkeypatch):
    playset = load_playset("house-party") if seed % 2 else None
    rules = playset.ruleset() if playset else (ASHCAN, PLAYTEST)[seed % 2]
    said: list[tuple[str, str, list]] = []
    real = TemplateNarrator.respond

    def respond(self, character, beat):
        line = real(self, character, beat)
        items = [i for p in self._view()["people"] if p["name"] == character.name for i in p.get("items") or ()]
        said.append(((beat.get("hazard") or "") + " " + (beat.get("around") or ""), line, items))
        return line
    monkeypatch.setattr(TemplateNarrator, "respond", respond)
    autoplay(seed, rules, "careful", out=None, playset=playset, questions=False)
    assert len(said) >= 20 and all(h for h, _l, _i in said)
    found = [(word, line, hazard[:160]) for hazard, line, items in said for word in SCENERY
             if re.search(rf"\b{word}s?\b", line.lower()) and word not in (hazard + " " + " ".join(items)).lower()]
    assert found == [], found


def test_the_hazard_is_the_cards_telling_the_challenge_and_the_killer():
    """hazard_told reads back to the Threat Card's telling, and adds the Killer's weapon."""
    night = autoplay(4, ASHCAN, "careful", out=None, questions=False)
    challenge = next(b for b in reversed(night.last_beats) if b.kind in ("challenge", "outcome", "dawn", "all_dead"))
    told, around = hazard_told(night, challenge)
    assert told and night.story.view()["killer"]["weapon"] in around


def test_a_deed_is_done_to_the_hazards_things_not_to_an_answers():
    """ "I reach in" answers a hole in the hazard; an answer told since the card ("That smell:
    lake water") may be named, but gives the deed nothing to reach into."""
    from types import SimpleNamespace

    from solo.narration.hazard import fits_hazard
    from solo.play.step import Step

    steps = [Step(narration=[("threat", "A rope strung between two posts is the only handhold across the slick ground.")]),
             Step(say="What is that smell?", ask=""),
             Step(narration=[("answer", "That smell: lake water where there is no lake.")]),
             Step(narration=[("challenge", "Who goes?")])]
    night = SimpleNamespace(steps=steps)
    told, around = hazard_told(night, {"location": "the end of the dock", "f": {}})
    assert "rope" in told and "water" not in told and "water" in around
    fits = fits_hazard(told, (), around)
    assert not fits("I reach in, slow and gentle.") and fits("I wait for the right second, then go.")
    assert fits("I keep my eyes on the water.")  # named, not done to
