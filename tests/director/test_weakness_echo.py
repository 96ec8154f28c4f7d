"""A weakness found is the one the deed showed: Tina "holds still and stares it down", and what
the night learns is that it falters when someone stares it down, not that it stops at its old
name (the reader: "I walk straight toward it and make it blink first", then "it stops … when it
hears its old name. Nobody said a name.")."""

from __future__ import annotations

import pytest

from solo.director.catalogue import WEAKNESSES
from solo.director.fiction import Fiction
from tests.director.test_killer import CAST


@pytest.mark.parametrize("suit, deed, found", [
    ("Resolve", "hold still and stare it down", "it falters when someone stares it down"),
    ("Resolve", "shout its old name at it", "it stops, just for a moment, when it hears its old name"),
    ("Finesse", "hold my breath and let it walk right past me", "it cannot see what stands perfectly still"),
    ("Intellect", "bait it with noise and lay a trail of cups", "it cannot resist a trail laid for it"),
    ("Power", "tackle it before it can raise the knife", "it can be knocked off its feet"),
])
def test_the_weakness_found_is_the_one_the_deed_showed(suit, deed, found):
    for seed in range(8):  # whatever the night's own roll would have been
        f = Fiction([dict(c) for c in CAST], seed, None)
        f.stand = (f.tests, f.people[0].name, deed)
        f._on_weakness({"suit": suit})
        assert f.weaknesses[suit] == found


def test_a_deed_that_shows_none_leaves_the_nights_own():
    told = set()
    for seed in range(12):
        f = Fiction([dict(c) for c in CAST], seed, None)
        f.stand = (f.tests, f.people[0].name, "go for it")
        f._on_weakness({"suit": "Resolve"})
        told.add(f.weaknesses["Resolve"])
    assert len(told) > 1 and told <= set(WEAKNESSES["Resolve"])
