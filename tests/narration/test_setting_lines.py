"""A line says only what the setting and the Killer allow: no house at a camp ("The Killer is in
the house" at the camp's row of cabins), no mask on a Killer whose face is never in the light
("The mask is at the window again"). The candidates are read from threat.j2 as rendered, and
the world's rule (solo.world.places.fits, read through solo.world.lines.line_fits) is checked
for any line, a playset's too."""

from __future__ import annotations

import re

import pytest

from solo.director.beats import beats_from_events
from solo.director.catalogue import CAMP_LOCATIONS
from solo.director.fiction import Fiction
from solo.director.material import DEFAULT_KILLER
from solo.narration.compose import _slots
from solo.narration.templates import TemplateNarrator
from solo.nott import Game, quick_cast
from solo.nott import events as E
from solo.nott.chance import SeededChance
from solo.nott.rules import ASHCAN
from solo.world.lines import line_fits

SUITS = ("Power", "Resolve", "Intellect", "Finesse")
HOUSE = re.compile(r"\bthe house\b", re.IGNORECASE)
MASK = re.compile(r"\bmask", re.IGNORECASE)


def camp_narrator() -> tuple[TemplateNarrator, Game]:
    """The template voice of a night without a playset (the camp), its fiction set."""
    game = Game(quick_cast(3), ASHCAN, SeededChance(3))
    narrator = TemplateNarrator(seed=1)
    narrator.story = Fiction([{"name": c.name, "archetype": c.archetype, "aptitude": c.aptitude_name, "why": c.why,
                               "pronouns": c.pronouns} for c in game.cast], 3)
    return narrator, game


@pytest.mark.parametrize("suit", range(4), ids=SUITS)
def test_the_camps_killer_scenes_name_no_house_and_no_mask(suit):
    """Catches "The Killer is in the house, and the only edge you have is knowing how it thinks"
    (told at the camp's row of cabins: the camp has cabins, a lodge, a boathouse, no house) and
    "The mask is at the window again" / "The mask turns toward you through the window" (the
    camp's Killer is a tall shape whose face is never in the light: no mask): every line the
    camp's Killer scenes may tell, at every place of the camp."""
    narrator, game = camp_narrator()
    assert narrator.story.killer["look"] == DEFAULT_KILLER["look"] and not MASK.search(DEFAULT_KILLER["look"])
    (beat,) = beats_from_events(game, [E.ThreatRevealed(suit * 13 + 10, 5)])  # a Jack: the Killer
    told = set()
    for stop in range(len(CAMP_LOCATIONS)):
        narrator.story.stop = stop
        ctx = narrator._context(beat) | {"severity": "killer", "v": 0}
        fits = narrator._fits(ctx)
        for name, _flags, cands, _fallback in _slots(narrator._render("template/threat.j2", ctx)):
            told |= {c for c in cands if fits(c)}
    assert told
    assert not [line for line in told if HOUSE.search(line) or MASK.search(line)]


def test_a_house_is_named_only_where_the_setting_has_one():
    """The world's rule for any line: "the house" fits a setting whose places or premise name a
    house (the house party), not the camp (its boathouse and washhouse are no house)."""
    from solo.playsets.loader import load_playset
    from solo.world.places import buildings_of

    line = "The Killer is in the house, and the only edge you have is knowing how it thinks."
    assert buildings_of(tuple(CAMP_LOCATIONS)) == frozenset()
    camp = line_fits({"kind": "threat", "f": {"places": list(CAMP_LOCATIONS), "wild": True}}, None)
    assert not camp(line) and camp("The pump house controls are flooded, and the water is still coming.")
    party = load_playset("house-party").setting()
    assert "house" in buildings_of(tuple(party["locations"]) + (party["premise"],))
    fits = line_fits({"kind": "threat", "f": {"places": party["locations"], "wild": False}}, party)
    assert fits(line)


def test_a_mask_is_told_only_of_a_killer_whose_look_has_one():
    """The world's rule for any line: "the mask" fits a Killer in a mask (the house party's Party
    Guest, the cabin's Woodsman), never the camp's, whose face is never in the light."""
    from solo.playsets.loader import load_playset
    from solo.world.places import masked

    line = "The mask is at the window again. It has not blinked."
    bare = line_fits({"kind": "threat", "f": {"killer": dict(DEFAULT_KILLER)}}, None)
    assert not bare(line) and bare("The Killer is at the window again. It has not moved.")
    for name in ("house-party", "cabin-in-the-woods"):
        setting = load_playset(name).setting()
        assert masked(setting["killer"]["look"]), name
        assert line_fits({"kind": "threat", "f": {"killer": setting["killer"]}}, setting)(line)
        assert line_fits({"kind": "threat", "the_killer": setting["killer"]}, setting)(line)
