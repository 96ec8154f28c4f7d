"""Reading a question: is it one, what odds it states, its form, the fact it asks about, and
how its answer tells it back."""

from __future__ import annotations

import pytest

from solo.director.facts import fact_of
from solo.director.questions import is_question, parse, stated_odds
from solo.director.restate import restate
from solo.director.understand import Lexicon, read

LEX = Lexicon(["Tina", "Wes", "Iris"], ["she/her", "he/him", "she/her"], ["road flare", "truck keys"],
              ["the chapel in the pines", "the boathouse", "the mess hall"], "the Killer", "the boathouse")


def reading(text, asker=None):
    return read(text, LEX, asker)


@pytest.mark.parametrize("line, yes", [
    ("Is the cellar door locked?", True), ("is anyone there ?", True), ('"Who is it?"', True),
    ("Where are we?)", True), ("I open the door.", False), ("What a night.", False), ("", False),
    # read, not judged by the last character
    ("I check whether the door is locked?", False), ("who is hurt", True), ("is kit ok", True),
    ("Tina grabs the flare?", False), ("I run for the boathouse?", False), ("whos got the keys", True),
    ("I wonder if the door is locked", True), ("Tell me who is hurt", True), ("does anyone have a light", True),
    ("Do not move.", False), ("how's Wes doing", True), ("Wes is hurt?", True), ("we're safe here, right?", True),
    # an auxiliary and a name, unmarked, asks nothing ("cant" is a slip of "cast"); marked, it asks
    ("cant Wes", False), ("can Tina", False), ("Is Wes", False), ("cant Wes run", True), ("can Tina?", True),
    ("may 5 3", False), ("rol 5 3", False), ("cant Tina 7 2", False), ("have Wes 7 2", False),
    # what a character does, then says: told, not asked of the director; a question first is asked
    ("I answer it. Who is this?", False), ("I compare the list to the names. Who's missing?", False),
    ("I cross the rope bridge one plank at a time. Don't look down.", False), ("Don't look down.", False),
    ("who is hurt? I need to know.", True), ("I'm scared. Is anyone hurt?", True),
    ("is Wes ok? he looks pale.", True), ("don't you hear that?", True),
])
def test_a_question_is_read_not_judged_by_its_mark(line, yes):
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
    assert fact_of(reading("likely: is the truck there?"))[0].subject == fact_of(reading("is the truck there"))[0].subject


@pytest.mark.parametrize("text, form, word", [
    ("Is the cellar door locked?", "yesno", None), ("Can we get out?", "yesno", None),
    ("Anyone there?", "yesno", None), ("What is making that noise?", "open", "what"),
    ("Who's dead?", "open", "who"), ("Where's the map?", "open", "where"), ("Why is this happening?", "open", "why"),
    ("So what do we do?", "open", "what"), ("Do you think the door is locked?", "yesno", None),
    ("Okay, how do we get out?", "open", "how"), ("Wes where", "open", "where"), ("describe the killer", "open", None),
    ("how many of us are left", "open", "how many"), ("how long till dawn", "open", "how long"),
])
def test_forms(text, form, word):
    r = reading(text)
    assert (r.form, r.wh) == (form, word)


@pytest.mark.parametrize("text, kind, ref, ask", [
    ("is everybody still with us?", "group", "all", "all-alive"),
    ("what's Tina carrying?", "person", 0, "holds"),
    ("whos got the flare", "thing", "road flare", "holds"),
    ("what did wes drop", "person", 1, "lost"),
    ("is it just me now?", "person", 2, "alone"),
    ("is Tina gone?", "person", 0, "dead"),
    ("is Tinna hurtt", "person", 0, "hurt"),
    ("what happened to Iris?", "person", 2, "happened"),
    ("is she ok?", "person", 2, "ok"),
    ("can we go back to the boathouse", "place", "the boathouse", "cut"),
    ("what does the killer look like", "killer", None, "look"),
    ("how do we kill it", "it", None, "weakness"),
    ("how dangerous is this", None, None, "danger"),
    ("what time is it", "night", "time", "time"),
])
def test_what_a_question_is_about_and_asks(text, kind, ref, ask):
    r = read(text, LEX, asker=2, focus=2)
    about = r.about if r.about is not None and r.about.kind != "group" or kind == "group" else (
        r.first("person") or r.first("thing") or r.first("place") or r.first("it"))
    assert r.ask == ask, (r.ask, r.asks, r.mentions)
    if kind is not None:
        assert any(m.kind == kind and m.ref == ref for m in r.mentions), r.mentions
    assert about is not None or kind is None


@pytest.mark.parametrize("a, b", [
    ("Is the cellar door locked?", "is the door to the cellar locked"),
    ("Is the cellar door locked?", "Surely the cellar's door is locked?"),
    ("Is the cellar door open?", "is the cellar door standing open?"),
    ("Is anyone in the boathouse?", "Is anybody in the boathouse?"),
    ("What is making that noise upstairs?", "What's making the noises upstairs?"),
    ("is the road still out?", "the road is out, isn't it?"),
])
def test_paraphrases_are_one_fact(a, b):
    (fa, na), (fb, nb) = fact_of(reading(a)), fact_of(reading(b))
    assert fa.matches(fb) and na == nb, (fa, fb)


@pytest.mark.parametrize("a, b", [
    ("Is the cellar door locked?", "Is the cellar door unlocked?"),
    ("Is the back door open?", "Is the back door closed?"),
    ("Is the radio working?", "Is the radio broken?"),
    ("Is the door locked?", "Is the door not locked?"),
    ("is the landline unplugged", "is the landline plugged in"),
])
def test_the_other_way_round_is_the_same_fact_negated(a, b):
    (fa, na), (fb, nb) = fact_of(reading(a)), fact_of(reading(b))
    assert fa.matches(fb) and na != nb, (fa, fb)


def test_isnt_asks_the_same_way():
    """"Isn't the door locked?" asks whether it is locked (a tag, not the other way round)."""
    (fa, na), (fb, nb) = fact_of(reading("Is the door locked?")), fact_of(reading("Isn't the door locked?"))
    assert fa.matches(fb) and na == nb


def test_different_facts_do_not_match():
    facts = [fact_of(reading(q))[0] for q in ("Is the cellar door locked?", "Is the front door locked?",
                                              "Is the cellar window locked?", "Is the cellar door open?")]
    assert not any(a.matches(b) for i, a in enumerate(facts) for b in facts[i + 1:])


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
    # the garbled ones
    ("is the cellar door standing open?", "the cellar door is standing open", "the cellar door is not standing open"),
    ("is the master bedroom window painted shut?", "the master bedroom window is painted shut",
     "the master bedroom window is not painted shut"),
    ("Is Iris's car still parked out here?", "Iris's car is still parked out here",
     "Iris's car is no longer parked out here"),
    ("Is there a second way out of the boathouse?", "there is a second way out of the boathouse",
     "there is no second way out of the boathouse"),
    ("does Tina have a gun?", "Tina has a gun", "Tina does not have a gun"),
    ("Did anyone hear that?", "someone heard that", "no one heard that"),
    ("Do we have a plan?", "you have a plan", "you do not have a plan"),
    ("Am I safe here?", "you are safe here", "you are not safe here"),
    # asked the other way round: a no is the plain statement, never "not not"
    ("Is the boathouse door not locked?", "the boathouse door is not locked", "the boathouse door is locked"),
    ("Is the shed not empty?", "the shed is not empty", "the shed is empty"),
    ("Does the radio not work?", "the radio does not work", "the radio works"),
    # an alternative after "or": the first is asked, and told back
    ("Is the Party Guest still in the house, or did it leave?", "the Party Guest is still in the house",
     "the Party Guest is no longer in the house"),
])
def test_questions_are_told_back_in_good_english(text, yes, no):
    r = reading(text)
    assert restate(r, True) == yes
    assert restate(r, False) == no


@pytest.mark.parametrize("text", ["Is?", "Is it",
                                  "Is 3 > 2?", "Tina?"])
def test_other_shapes_are_not_retold(text):
    r = reading(text)
    assert restate(r, True) is None and restate(r, False) is None


@pytest.mark.parametrize("text, filler, told", [
    ("who is this?", "someone with muddy boots", "this is someone with muddy boots"),
    ("who was that?", "someone who is still nearby", "that was someone who is still nearby"),
    ("who left the gate open?", "someone who wanted you to find it", "someone who wanted you to find it left the gate open"),
])
def test_an_open_answer_is_told_back_around_its_question(text, filler, told):
    from solo.director.restate import told_back

    assert told_back(reading(text), filler) == told


def test_a_drawn_who_goes_mid_sentence_in_small_letters_and_a_name_keeps_its_capitals():
    from solo.director.meaning import _uncap

    assert _uncap("Whoever had the keys last") == "whoever had the keys last"
    assert _uncap("Old Man Crane") == "Old Man Crane" and _uncap("TJ") == "TJ"
