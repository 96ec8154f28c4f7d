"""What the director makes of a player's own words: the cast's "why are you here?" told as a
clause after the name, whatever form it was typed in, and a typed plan's verb and object, which
the reply to it takes up (issue: a typed night reads as a story)."""

from __future__ import annotations

import pytest

from solo.director.listen import action_phrase, plan_of, why_clause
from solo.world.pronouns import parse_pronouns

SHE = parse_pronouns("she/her")


@pytest.mark.parametrize("why, told", [
    ("Dared by his teammates.", "was dared by his teammates"),  # a participle: "was"
    ("Hiding from her probation officer", "is hiding from her probation officer"),  # a gerund: "is"
    ("lost a bet", "lost a bet"),  # a clause already, as the playsets write them
    ("owes someone here an apology", "owes someone here an apology"),
    ("Came back for her sister", "came back for her sister"),
    ("Wants to prove the legend false", "wants to prove the legend false"),
    ("For the money", "is here for the money"),
    ("To find her sister", "is here to find her sister"),
    ("Revenge", "is here for revenge"),
    ("Marty dared me", "is here because Marty dared her"),  # a sentence of its own, in her person
    ("I owe Marty money", "owes Marty money"),  # first person: the name is the subject
    ("I am looking for my brother", "is looking for her brother"),
    ("I was dared", "was dared"),
    ("  “Dared by his teammates!”  ", "was dared by his teammates"),
    ("", ""),
    # typed in small letters, a reason is still told after "is here" ("Priya to prove …" was spliced raw)
    ("to prove the camp legend is a hoax", "is here to prove the camp legend is a hoax"),
    ("because Marty dared me", "is here because Marty dared her"),
    ("for the money", "is here for the money"),
])
def test_a_why_is_told_as_a_clause_after_the_name(why, told):
    assert why_clause(why, SHE) == told


def test_no_why_is_ever_spliced_raw():
    """Whatever the form, the clause begins with a small letter (or a name) and has no end mark."""
    for why in ("Dared by his teammates.", "Hiding.", "For the money!", "I owe Marty money.", "Revenge."):
        told = why_clause(why)
        assert told[:1].islower() and not told.endswith((".", "!")), (why, told)


@pytest.mark.parametrize("line, verb, obj, alone", [
    # the object is the plan told as a noun phrase ("All of it rides on hotwiring the truck"),
    # never a noun picked out of it ("All of it rides on the truck")
    ("I barricade the stairs with the couch.", "barricade", "barricading the stairs with the couch", False),
    ("I climb onto the roof to get a look around.", "climb", "climbing onto the roof", True),  # cut short
    ("I hotwire the truck.", "hotwire", "hotwiring the truck", False),
    ("I smash the window with my elbow.", "smash", "smashing the window with their elbow", False),
    ("I lead it away from the others.", "lead", "leading it away from the others", False),
    ("I swing the road flare at its head.", "swing", "swinging the road flare at its head", False),
    ("I pray, quietly, and keep walking.", "pray", "praying", True),
    ("I step over every creaking board I remember.", "step", "stepping over every creaking board they remember",
     True),  # not "remember"
    ("I keep talking to Dex so nobody panics.", "keep talking", "talking to Dex so nobody panics", True),
    # a verb that wants its object is not said alone ("gets ready to click"); a bare noun is a way
    ("I click the flashlight on and sweep it over the stalls.", "click", "clicking the flashlight on", False),
    ("I step heel to toe along the reeds.", "step", "stepping heel to toe along the reeds", True),
    ("I stand in front of it and wait.", "stand", "standing in front of it and waiting", True),
    ("I keep the fire extinguisher close", "keep", "keeping the fire extinguisher close", False),  # not "the fire"
])
def test_a_typed_plan_is_read_for_its_verb_and_object(line, verb, obj, alone):
    assert plan_of(action_phrase(line)) == {"verb": verb, "object": obj, "alone": alone}


def test_a_joined_verb_denied_keeps_its_not():
    assert action_phrase("I look it in the mask and don't blink.") == "look it in the mask and not blink"
    assert action_phrase("I keep my head down and do not look back.", SHE) == "keep her head down and not look back"


def test_no_plan_from_nothing():
    assert plan_of(None) is None and plan_of("") is None


def test_the_mine_is_a_place_not_a_pronoun():
    """"the mouth of the mine" stays the mine (it was told "the mouth of the theirs")."""
    told = action_phrase("I hold the lantern up at the mouth of the mine and listen.")
    assert told == "hold the lantern up at the mouth of the mine and listen"
    assert action_phrase("I grab a lamp from the mine cart.") == "grab a lamp from the mine cart"
