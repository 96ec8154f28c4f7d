"""A Threat Card's Number sets how bad its scene sounds (the rulebook: "1–4: Atmospheric. There
is no risk of Strikes from this challenge. 5–7: Potentially dangerous Tasks. 8–10: Difficult
and dangerous Tasks."): the threat beat of every Number card is told from its own band's
scene lines and from no other band's.

The candidate lines are taken from the template itself, rendered (prompts/template/threat.j2:
the ``§scene`` slot), never from a copy kept here."""

from __future__ import annotations

import pytest

from solo.director.beats import beats_from_events
from solo.narration.templates import TemplateNarrator
from solo.narration.compose import _slots
from solo.nott import Game, quick_cast
from solo.nott import events as E
from solo.nott.chance import SeededChance
from solo.nott.rules import ASHCAN

SUITS = ("Power", "Resolve", "Intellect", "Finesse")  # ♠ ♥ ♣ ♦, the rulebook's order
BANDS = ("atmospheric", "dangerous", "deadly", "killer")


def band_of(number: int) -> str:
    """The rulebook's band of a Number card, 1–10."""
    return "atmospheric" if number <= 4 else "dangerous" if number <= 7 else "deadly"


def threat_beat(suit: int, number: int):
    game = Game(quick_cast(3), ASHCAN, SeededChance(3))
    card = suit * 13 + number - 1
    (beat,) = beats_from_events(game, [E.ThreatRevealed(card, number)])
    assert beat.kind == "threat" and beat.get("suit") == SUITS[suit]
    return beat


def scene_lines(narrator: TemplateNarrator, beat, severity: str) -> set[str]:
    """The §scene candidates threat.j2 renders for ``beat`` told as ``severity``."""
    ctx = narrator._context(beat) | {"severity": severity, "v": 0}
    slots = {name: cands for name, _, cands, _fallback in _slots(narrator._render("template/threat.j2", ctx))}
    return set(slots["scene"])


@pytest.mark.parametrize("suit", range(4), ids=SUITS)
def test_each_band_has_scene_lines_of_its_own(suit):
    narrator = TemplateNarrator(seed=1)
    beat = threat_beat(suit, 9)
    lines = {band: scene_lines(narrator, beat, band) for band in BANDS}
    for i, a in enumerate(BANDS):
        assert len(lines[a]) >= 3, a
        for b in BANDS[i + 1:]:
            assert not lines[a] & lines[b], f"{SUITS[suit]}: {a} and {b} share {sorted(lines[a] & lines[b])}"


@pytest.mark.parametrize("suit", range(4), ids=SUITS)
@pytest.mark.parametrize("number", range(1, 11))
def test_a_threat_is_told_from_its_numbers_band(suit, number):
    narrator = TemplateNarrator(seed=5)
    beat = threat_beat(suit, number)
    want = band_of(number)
    assert beat.get("severity") == want
    lines = {band: scene_lines(narrator, beat, band) for band in BANDS}
    for variant in range(0, TemplateNarrator.VARIANTS, 7):
        text = narrator.render(beat, variant)
        told = {band for band in BANDS if any(line in text for line in lines[band])}
        assert told == {want}, f"{SUITS[suit]} {number}, variant {variant}: told as {told}: {text!r}"


def test_a_playsets_threat_that_belongs_to_a_place_is_not_told_elsewhere():
    """"The car bogged to the axles in the mud of the logging road" is never told as "At the
    attic crawlspace: …" or "…, here at the cabin's main room"."""
    from solo.world.places import elsewhere
    from solo.playsets import load_playset
    from solo.sim.autoplay import autoplay
    from solo.nott.rules import ASHCAN

    places = ["the logging road, where the car is parked", "the attic crawlspace", "the cellar under the kitchen"]
    assert elsewhere("the car bogged to the axles in the mud of the logging road", places, "the attic crawlspace")
    assert not elsewhere("the car bogged to the axles in the mud of the logging road", places, "the logging road")
    assert not elsewhere("a window latch, rusted", places, "the attic crawlspace")
    ps = load_playset("cabin-in-the-woods")
    for seed in (*range(1, 9), 21):  # 21 told the logging road's car at the cabin's main room
        night = autoplay(seed, ASHCAN, out=None, playset=ps)
        for step in night.steps:
            for kind, text in step.narration:
                if kind != "threat":
                    continue
                for m in __import__("re").finditer(r"At ([^:]+): ([^.]+)\.|([^.]+), here at ([^.]+)\.", text):
                    thing, here = (m.group(2), m.group(1)) if m.group(1) else (m.group(3), m.group(4))
                    assert not elsewhere(thing, ps.setting_places(), here), (seed, text)
