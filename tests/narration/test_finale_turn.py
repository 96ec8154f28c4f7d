"""The Red Joker's last blow turns on what the night learned (issue 47: "learned weaknesses never
used in the finale"): each weakness found is told as done, in the finale, in its own words."""

from __future__ import annotations

import pytest

from solo.director.catalogue import WEAKNESSES
from solo.narration.beats import Beat
from solo.narration.templates import TemplateNarrator

#: What each weakness, used, shows: a word of the deed it asks for (written from the weakness).
SHOWN = {
    "it bleeds like anything else": "bleeds", "it goes down when it is hit hard enough": "hits",
    "it can be knocked off its feet": "feet", "it falters when someone stares it down": "stares",
    "it needs you to be afraid": "afraid", "it stops, just for a moment, when it hears its old name": "old name",
    "it always comes back the way it came": "the way it came", "it keeps to the same pattern, every time": "pattern",
    "it cannot resist a trail laid for it": "trail", "it turns a beat late, always to the left": "a beat late",
    "it cannot see what stands perfectly still": "perfectly still", "it has a blind side, on its left": "blind side",
}
KILLER = {"name": "the Woodsman", "look": "a tall shape in a birch-bark mask", "weapon": "a felling axe",
          "calling_card": "a ring of kindling"}


def finale(weakness: str, v: int, weapon: bool = True) -> str:
    killer = KILLER if weapon else {k: x for k, x in KILLER.items() if k != "weapon"}
    f = {"killer": killer, "weaknesses": {"Power": weakness}, "dead": [], "indoors": False,
         "people": [{"name": "Kit", "alive": True, "items": []}]}
    ctx = {"phase": "success", "name": "Kit", "archetype": "The Jock", "living_left": True, "living": ["Kit"],
           "living_count": 1, "action": "throw everything they have at it", "location": "the clearing", "f": f,
           "the_killer": killer}
    return TemplateNarrator(seed=v).render(Beat("red_joker", ctx), v)


@pytest.mark.parametrize("weakness", [w for ws in WEAKNESSES.values() for w in ws])
def test_each_weakness_found_turns_the_last_blow(weakness):
    assert weakness in SHOWN, "a weakness the finale has no turn for"
    told = [finale(weakness, v, weapon=v % 2 == 0) for v in range(8)]
    assert all(SHOWN[weakness] in t for t in told), [t for t in told if SHOWN[weakness] not in t][:1]
