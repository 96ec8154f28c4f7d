"""Examples straight from the rulebook's text that the other modules do not already pin."""

import re

import pytest

from solo.nott.cards import SUIT_APTITUDES, SUIT_NATURES
from solo.nott.cast import ARCHETYPES, quick_cast

from ..rulestexts import rules_text



def test_archetype_examples_are_the_rulebooks():
    text = rules_text("nott-ashcan-2025.md")  # fails loudly where the rules folder is missing
    for s, name in enumerate(SUIT_APTITUDES):
        m = re.search(rf"\*\*. \({name}\)\*\*: (.+)", text)
        assert m, name
        listed = tuple(a.strip().replace("’", "'") for a in m.group(1).split(","))
        assert ARCHETYPES[s] == listed


def test_the_final_them_is_the_rulebooks_name_whatever_the_pronouns():
    """Ruling 43: "♥ (Resolve): The Final Them, …" is dealt as written; pronouns never touch an
    archetype."""
    from solo.nott.game import Character

    assert "The Final Them" in rules_text("nott-ashcan-2025.md")
    assert ARCHETYPES[1][0] == "The Final Them"
    for pronouns in ("she/her", "he/him", "they/them"):
        assert Character("Dana", 1, "The Final Them", "", pronouns).archetype == "The Final Them"
        assert Character("Dana", 1, "The Final Girl", "", pronouns).archetype == "The Final Girl"
    dealt = [c for seed in range(200) for c in quick_cast(seed) if c.aptitude == 1]
    assert {c.archetype for c in dealt} <= set(ARCHETYPES[1]) and "The Final Them" in {c.archetype for c in dealt}


def test_suit_natures_are_the_rulebooks():
    # "♠ (Spades): Power - physical challenges" … "♦ (Diamonds): Finesse - precise challenges"
    assert SUIT_APTITUDES == ("Power", "Resolve", "Intellect", "Finesse")
    assert SUIT_NATURES == ("physical challenges", "challenges of nerves", "knowhow challenges",
                            "precise challenges")


@pytest.mark.parametrize("seed", range(25))
def test_quick_cast_has_four_different_aptitudes(seed):
    # "It might make a more thematically balanced game if each player plays a character with a
    # different Aptitude."
    cast = quick_cast(seed)
    assert sorted(c.aptitude for c in cast) == [0, 1, 2, 3]
    assert len({c.name for c in cast}) == 4
    assert all(c.archetype in ARCHETYPES[c.aptitude] and c.why for c in cast)
