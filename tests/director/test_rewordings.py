"""One fact however it is asked (issue 48, item 3): a yes/no question asked again in other
words gets the answer it had, and asked the other way round the other one. ``rewordings.txt``
was read while building the reading (``solo/director/senses.py``, the shapes of
``solo/director/facts.py``); ``rewordings-heldout.txt`` never was. Both were written by hands
that never read the code, as pairs: ``same | first | second`` or ``opposite | first | second``."""

from __future__ import annotations

import pytest

from solo.director import senses
from solo.director.facts import contradicted, fact_of, gist, statement_fact
from solo.director.understand import Lexicon, read

from . import rewordings as R
from .nights import night_some_way_in

FILES = ("rewordings.txt", "rewordings-heldout.txt")


@pytest.mark.parametrize("name", FILES)
def test_the_rewordings_corpora_are_as_big_as_they_say(name):
    pairs = R.load(name)
    assert len(pairs) >= 170 and len(set(pairs)) == len(pairs)
    assert {r for r, _a, _b in pairs} == {"same", "opposite"}
    assert sum(r == "opposite" for r, _a, _b in pairs) >= len(pairs) // 5


@pytest.fixture(scope="module")
def camp():
    from solo.nott.rules import ASHCAN

    return night_some_way_in(4, ASHCAN, "naive", 6)


def two(night, first: str, second: str):
    a = night.ask(first)
    b = night.ask(second)
    night.undo(2)
    return a, b


@pytest.mark.parametrize("first,second", [
    # the issue's own: a thing and where it is; "it" is the Killer
    ("is there a radio in the cabin", "does the cabin have a radio or something"),
    ("is there an axe at the woodpile", "any axe by the woodpile?"),
    ("is there a knife in the mess hall", "can we find a knife in the mess hall?"),
    ("did someone leave a rifle in the boathouse", "is there a rifle in the boathouse"),
    ("is there a first aid kit in the mess hall?", "does the mess hall have a first aid kit"),
    # a sense said in other words
    ("is the pickup stuck in the mud", "is the pickup bogged down in mud?"),
    ("is the creek frozen", "is the creek iced over"),
    ("is the killer wounded", "is it injured at all"),
    ("is the killer bleeding", "is it bleeding?"),
    ("are the cops coming", "r the police on their way"),
    ("is the cell phone charged", "is the cell phone working"),
    # passive and active, heard and there
    ("did the killer cut the phone line", "was the phone line cut by the killer?"),
    ("can we hear chopping", "is there a chopping sound"),
    ("is someone whistling", "can we hear whistling?"),
    ("did we just hear a gunshot", "was that a gunshot"),
    ("is the dog barking", "can we hear the dog bark"),
])
def test_asked_again_in_other_words_the_same_answer(camp, first, second):
    """Breaks: a shape read apart (``_where_a_thing_is``, ``_perceived``, the passive's
    agent), a sense or a name left out of ``senses``, "it" not read as the Killer."""
    a, b = two(camp, first, second)
    assert a.yes is not None and b.kind == "repeat" and b.yes is a.yes, (a.kind, a.yes, b.kind, b.yes)


@pytest.mark.parametrize("first,second", [
    ("are the lights on in the mess hall", "is the mess hall dark"),
    ("is the mess hall empty", "is anyone in the mess hall?"),
    ("is the boathouse empty", "is there someone in the boathouse"),
    ("anybody in the boathouse", "is the boathouse empty"),
    ("does the flashlight work", "is the flashlight dead"),
    ("is the generator running", "is the generator off?"),
    ("is the truck working", "is the truck busted"),
    ("is the lodge safe", "is the lodge dangerous"),
    ("is the window broken", "is the window still in one piece?"),
    ("is the killer unconscious", "is the killer awake"),
    ("are the tracks fresh", "are the tracks old"),
])
def test_asked_the_other_way_in_other_words_the_other_answer(camp, first, second):
    a, b = two(camp, first, second)
    assert a.yes is not None and b.kind == "repeat" and b.yes is (not a.yes), (a.kind, a.yes, b.kind, b.yes)


@pytest.mark.parametrize("first,second", [
    ("is the shed locked", "is the shed empty"),
    ("is the killer in the boathouse", "is the killer in the mess hall"),
    ("is the killer watching the boathouse", "is the killer watching us"),
    ("is there a knife in the mess hall", "is there a gun in the mess hall"),
    ("does the truck start", "does the truck have gas"),
    ("is the killer bleeding", "is the killer limping"),
    ("is the rifle loaded", "is the shotgun loaded"),
    ("is it raining", "is it bleeding"),
    ("is the cell phone charged", "is the landline working"),
])
def test_different_things_asked_are_never_one_fact(camp, first, second):
    """Breaks: a gist matched on too few of its words (``resembling``), the Killer's doings
    matched on a part of them, a sense standing for a thing ("fire" in "fire extinguisher")."""
    _a, b = two(camp, first, second)
    assert b.kind != "repeat", b.text


def test_a_thing_is_kept_under_one_name_and_a_state_under_one_sense():
    assert senses.name_of("landline") == senses.name_of("telephone") == "phone"
    assert senses.name_of("cop") == "police" and senses.name_of("kettle") == "kettle"
    assert senses.sense_of("dark") == ("lit", False) and senses.sense_of("busted") == ("working", False)
    assert senses.phrase_at(["be", "out", "of", "gas"], 1) == (3, ("fuel", False))
    assert senses.phrase_at(["be", "out"], 1) is None


def test_little_words_and_names_are_senses_only_where_they_say_one():
    """"on" is a light left on, not a padlock on the shed; "fire" is a fire, not a fire
    extinguisher; "dead" of someone is not alive, of a phone not working."""
    lex = Lexicon(["Kit"], things=["fire extinguisher"])
    padlock = fact_of(read("is there a padlock on the shed", lex))[0]
    assert "working" not in padlock.predicate
    assert "burn" not in gist(read("is there a fire extinguisher in the kitchen", lex))[0]
    phone, turned = fact_of(read("is the phone dead", lex))
    assert phone.predicate == {"working"} and turned
    kit, turned = fact_of(read("is Kit dead", lex))
    assert kit.predicate == {"alive"} and turned


def test_a_sentence_against_an_answer_in_other_words_is_found():
    """The continuity check reads a telling with the same senses: "nailed shut" after "the
    cellar door is open"."""
    opened = statement_fact("the cellar door is open", "answer")
    shut = contradicted("Then: the cellar door, nailed shut from the inside.", [opened])
    assert shut is opened
    assert contradicted("The cellar door stands open, and cold air comes up.", [opened]) is None


def test_the_templates_never_tell_a_line_against_an_answer(camp):
    """The story obeys its answers (issue 48, item 4): a line a template offers that states
    the other way round what an answer established is not told. Breaks: ``Fiction.against``
    not read by the template narrator's fit (``TemplateNarrator._fits``)."""
    reply = camp.ask("is the cellar door open?")
    try:
        fits = camp.narrator._fits({"f": camp.story.view(), "kind": "threat"})
        said = "The cellar door is open." if reply.yes else "The cellar door is shut tight."
        against = "The cellar door is shut tight." if reply.yes else "The cellar door is open."
        assert camp.story.against(against) and not camp.story.against(said)
        assert not fits(against)
    finally:
        camp.undo(1)


@pytest.mark.corpus
@pytest.mark.parametrize("name", FILES)
def test_the_whole_rewordings_corpus(name):
    """Every pair at three nights (the camp and both playsets). Measured (asked, second
    answer changed, rolled afresh), before this reading → after: tuning 819, 294 (36 %) and 26
    not answered yes or no → 803, 147 (18.3 %), 229; held out 547, 228 (42 %) and 41 → 550,
    168 (30.5 %), 292 (a pair's questions that name the other playset's Killer are asked at
    its night only, hence the counts). First questions of the pairs taken as another's fact,
    one after another in a night: 62 → 68 and 37 → 66 (some pairs ask one thing twice). Held
    where they were measured."""
    asked, changed, unanswered, failures, rolled = R.run(name, R.nights())
    merged = R.merged(name, R.nights())
    print(f"\n{name}: {asked} asked, {changed} changed ({changed / asked:.1%}), {unanswered} not yes or no, "
          f"{rolled} rolled afresh; {len(merged)} first questions taken as another's fact")
    most = {"rewordings.txt": 0.19, "rewordings-heldout.txt": 0.31}[name]
    assert changed <= asked * most and unanswered <= 5, failures[:10]
