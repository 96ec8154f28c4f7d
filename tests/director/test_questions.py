"""Reading a question: is it one, what odds it states, its form, and the fact it asks about."""

from __future__ import annotations

import pytest

from solo.director.questions import content_key, is_question, parse, stated_odds
from solo.director.restate import restate


@pytest.mark.parametrize("line, yes", [
    ("Is the cellar door locked?", True), ("is anyone there ?", True), ('"Who is it?"', True),
    ("Where are we?)", True), ("I open the door.", False), ("What a night.", False), ("", False),
    ("Is it? No. I run", False),
])
def test_a_question_ends_with_a_question_mark(line, yes):
    assert is_question(line) is yes


@pytest.mark.parametrize("text, odds", [
    ("likely: is the truck there?", "likely"), ("very unlikely - is it over?", "very unlikely"),
    ("Surely the door is locked?", "very likely"), ("Surely not the basement?", "very unlikely"),
    ("Maybe it's gone?", "even"), ("Is it probably upstairs?", "likely"), ("I doubt it's locked?", "unlikely"),
    ("No way it followed us?", "very unlikely"), ("Is it unlikely to come back?", "unlikely"),
    ("Is the door locked?", None), ("50/50: is it there?", "even"),
])
def test_stated_odds(text, odds):
    assert stated_odds(text)[1] == odds


def test_odds_named_first_are_taken_off_the_question():
    assert stated_odds("likely: is the truck there?") == ("is the truck there?", "likely")
    q = parse("is the truck there?", odds="likely")
    assert q.odds == "likely" and q.stated and q.text == "is the truck there?"
    assert parse("Is the truck there?").odds == "even" and not parse("Is the truck there?").stated
    with pytest.raises(ValueError, match="unknown odds 'certain'"):
        parse("Is it?", odds="certain")


@pytest.mark.parametrize("text, form, word", [
    ("Is the cellar door locked?", "yesno", None), ("Can we get out?", "yesno", None),
    ("Anyone there?", "yesno", None), ("What is making that noise?", "open", "what"),
    ("Who's dead?", "open", "who"), ("Where's the map?", "open", "where"), ("Why is this happening?", "open", "why"),
    ("So what do we do?", "open", "what"), ("Do you think the door is locked?", "yesno", None),
    ("Okay, how do we get out?", "open", "how"),
])
def test_forms(text, form, word):
    q = parse(text)
    assert (q.form, q.word) == (form, word)


@pytest.mark.parametrize("a, b", [
    ("Is the cellar door locked?", "is the door to the cellar locked"),
    ("Is the cellar door locked?", "Surely the cellar's door is locked?"),
    ("Is anyone in the boathouse?", "Is anybody in the boathouse?"),
    ("What is making that noise upstairs?", "What's making the noises upstairs?"),
])
def test_paraphrases_share_a_key(a, b):
    assert content_key(a) == content_key(b)


@pytest.mark.parametrize("a, b", [
    ("Is the cellar door locked?", "Is the cellar door unlocked?"),
    ("Is the back door open?", "Is the back door closed?"),
    ("Is the radio working?", "Is the radio broken?"),
    ("Is Tina alive?", "Is Tina dead?"),
    ("Is the door locked?", "Isn't the door locked?"),
    ("Is the door locked?", "Is the door not locked?"),
])
def test_the_other_way_round_is_the_same_fact_negated(a, b):
    (ka, na), (kb, nb) = content_key(a, ("Tina",)), content_key(b, ("Tina",))
    assert ka == kb and na != nb


def test_different_facts_have_different_keys():
    keys = {content_key(q)[0] for q in ("Is the cellar door locked?", "Is the front door locked?",
                                        "Is the cellar window locked?", "Is the cellar door open?")}
    assert len(keys) == 4


@pytest.mark.parametrize("text, yes, no", [
    ("Is the cellar door locked?", "the cellar door is locked", "the cellar door is not locked"),
    ("Is the chapel in the pines locked?", "the chapel in the pines is locked", "the chapel in the pines is not locked"),
    ("Is anyone there?", "someone is there", "no one is there"),
    ("Is there anyone in the cellar?", "there is someone in the cellar", "there is no one in the cellar"),
    ("Is there a way out?", "there is a way out", "there is no way out"),
    ("Can we get out through the window?", "you can get out through the window",
     "you cannot get out through the window"),
    ("Is my car still there?", "your car is still there", "your car is no longer there"),
    ("Will it come back?", "it will come back", "it will not come back"),
    ("Are we safe here?", "you are safe here", "you are not safe here"),
    ("Is Tina safe?", "Tina is safe", "Tina is not safe"),
])
def test_plain_shapes_are_told_back(text, yes, no):
    assert restate(text, True, ("Tina",)) == yes
    assert restate(text, False, ("Tina",)) == no


@pytest.mark.parametrize("text", ["Did anyone hear that?", "Does the phone work?", "Is the Party Guest still in the "
                                  "house, or did it leave?", "Is?", "Is it", "Is the thing under the bed a monster "
                                  "from the lake?", "Is 3 > 2?"])
def test_other_shapes_are_not_retold(text):
    assert restate(text, True) is None and restate(text, False) is None
