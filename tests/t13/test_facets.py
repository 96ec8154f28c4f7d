"""The Facet→suit table, Anti-Facets, Opposed Suits, and the override."""

import pytest

from solo.t13 import (
    DEFAULT_TABLE, FACETS, FacetTableError, UnknownFacetError, anti_facet, facet_table, parse_facet,
    resolve_draw,
)
from solo.t13.cards import CLUBS, DIAMONDS, HEARTS, SPADES

from .text import ANTI, CLUB_FACETS, DIAMOND_FACETS, HEART_FACETS, SPADE_FACETS

LETTER = {"S": SPADES, "H": HEARTS, "C": CLUBS, "D": DIAMONDS}


def test_twenty_four_facets_with_their_anti_facets():
    assert sorted(FACETS) == sorted(ANTI)
    assert len(FACETS) == 24
    for f, a in ANTI.items():
        assert anti_facet(f) == a


def test_default_table():
    for facets, s in ((DIAMOND_FACETS, DIAMONDS), (HEART_FACETS, HEARTS), (SPADE_FACETS, SPADES),
                      (CLUB_FACETS, CLUBS)):
        for f in facets:
            assert DEFAULT_TABLE.suit_of(f) == s, f
    assert sorted(DEFAULT_TABLE.facets_of(SPADES)) == sorted(SPADE_FACETS)


def test_default_split_splits_every_black_pair():
    # R4: Burden–Gossamer and Dominion–Yonder split across ♠/♣ like Rook–Trial.
    for a in ("Burden", "Dominion", "Rook"):
        assert {DEFAULT_TABLE.suit_of(a), DEFAULT_TABLE.suit_of(ANTI[a])} == {SPADES, CLUBS}


def test_awe_opposed_suit_is_hearts():
    # Awe is a Diamonds Facet, its Anti-Facet Jeer a Hearts Facet: Hearts are Awe's Opposed Suit,
    # the black suits the opposite colour.
    assert resolve_draw("Awe", 10, "6♥").suit_class == "opposed"
    assert resolve_draw("Awe", 10, "6♠").suit_class == "opposite_colour"
    assert resolve_draw("Awe", 10, "6♦").suit_class == "trump"
    assert resolve_draw("Awe", 10, "6♥").suit_failures == 1


def test_opposed_and_opposite_colour_do_not_stack_by_default():
    # Quiet (♦) has Fury (♠ by default) as Anti-Facet: ♠ is both Opposed and opposite colour.
    r = resolve_draw("Quiet", 10, "6♠")
    assert r.suit_class == "opposed" and r.suit_failures == 1
    from solo.t13 import Rules
    assert resolve_draw("Quiet", 10, "6♠", rules=Rules(stack_suit_failures=True)).suit_failures == 2
    assert resolve_draw("Quiet", 10, "6♣").suit_failures == 1  # opposite colour only
    assert resolve_draw("Quiet", 10, "6♥").suit_failures == 0  # same colour, not Opposed


def test_override_moves_the_unsettled_facets():
    t = facet_table({"Fury": "Clubs", "Key": "♠", "Wyrd": "s", "Miasma": 0, "Sin": "C"})
    assert t.suit_of("Fury") == CLUBS and t.suit_of("Key") == SPADES and t.suit_of("Miasma") == SPADES
    assert t.suit_of("Wyrd") == SPADES and t.suit_of("Sin") == CLUBS
    assert t.suit_of("Trial") == SPADES  # the text's suits stay
    # Quiet's Opposed Suit follows Fury.
    assert resolve_draw("Quiet", 10, "6♣", table=t).suit_class == "opposed"
    assert resolve_draw("Quiet", 10, "6♠", table=t).suit_class == "opposite_colour"
    # Proficiencies follow too: Fury on a ♣ card is now suited.
    assert resolve_draw("Trial", 0, "6♣", proficiencies=["Fury"], table=t).total == 6 + 5
    assert resolve_draw("Trial", 0, "6♣", proficiencies=["Fury"]).total == 6 + 2


def test_override_swapping_a_pair():
    t = facet_table({"Burden": "Clubs", "Gossamer": "Spades"})
    assert (t.suit_of("Burden"), t.suit_of("Gossamer")) == (CLUBS, SPADES)


def test_override_may_restate_the_text():
    assert facet_table({"Trial": "Spades", "Awe": "♦"}) == DEFAULT_TABLE
    assert facet_table({}) == DEFAULT_TABLE == facet_table(None)


def test_parse_facet_forgives_case_and_the_texts_spelling():
    assert parse_facet("  trial ") == "Trial"
    assert parse_facet("Orthodoc") == "Orthodox"


@pytest.mark.parametrize("bad", ["Stealth", "", "Trail", 7])
def test_unknown_facet(bad):
    with pytest.raises(UnknownFacetError) as e:
        parse_facet(bad)
    assert repr(bad) in str(e.value)


@pytest.mark.parametrize("overrides, quoted", [
    ({"Stealth": "Spades"}, "'Stealth'"),
    ({"Fury": "Stars"}, "'Stars'"),
    ({"Fury": 9}, "9"),
    ({"Fury": "Hearts"}, "'Hearts'"),
    ({"Trial": "Clubs"}, "'Clubs'"),
    ({"Awe": "Hearts"}, "'Awe'"),
    ({"Gossamer": "Spades"}, "Gossamer"),  # Burden is ♠ already: a pair in one suit
    ({"Fury": "Spades", "fury": "Clubs"}, "'fury'"),
    (["Fury", "Clubs"], "['Fury', 'Clubs']"),
])
def test_bad_override(overrides, quoted):
    with pytest.raises(FacetTableError) as e:
        facet_table(overrides)
    assert quoted in str(e.value)
