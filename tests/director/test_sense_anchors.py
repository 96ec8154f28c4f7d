"""What a model's paragraph may name to be kept as the director's (solo/director/sense.py): a
sentence that names nothing of the night but one thing of the beat — a name from any of the
beat's lists, its place, the Killer, what someone carries or lost, a hurt, a trope — is kept;
the same sentence for a beat without that thing is refused as off-beat. And what a refusal
says, the player's quoted words left aside, the table's own words allowed where the table is
asked about.

Each test names, in its docstring, the broken copy of the code it was seen to fail on (a mutant
of ``make mutate GROUPS=safety``, docs/testing.md)."""

from __future__ import annotations

import pytest

from solo.director.continuity import Contradiction
from solo.director.sense import check_sense

#: An outcome of Tina's: the beat is hers, so a text must name someone or something of it.
TINA = {"kind": "outcome", "name": "Tina"}
WHY = "it names no one and nothing of the night"


def kinds(text, beats) -> list[str]:
    return [c.kind for c in check_sense(text, beats)]


@pytest.mark.parametrize("extra, text", [
    ({"location": "the boathouse"}, "The boathouse stands empty."),
    ({"nature": "a rotten jetty"}, "That jetty gives way."),
    ({"lost_item": "the compass"}, "Without the compass, nobody knows which way."),
    ({"hurt": "a twisted ankle"}, "That ankle gives way."),
    ({"weakness_words": "salt and iron"}, "Salt, then. Only salt."),
    ({"trope": "the phone line is cut"}, "The phone gives nothing back."),
    ({"f": {"location": "the old chapel"}}, "The chapel stands empty."),
    ({"the_killer": {"name": "the Hollow Man"}}, "Hollow, patient, smiling."),
    ({"f": {"killer": {"name": "the Hollow Man"}}}, "Hollow, patient, smiling."),
    ({"f": {"people": [{"name": "Tina", "items": ["flashlight"]}]}}, "The flashlight gives out."),
    ({"f": {"people": [{"name": "Tina", "lost": ["compass"]}]}}, "The compass spins."),
    ({"f": {"people": [{"name": "Wes"}]}}, "Wes waits."),
    ({"names": ["Wes"]}, "Wes waits."),
    ({"living": ["Wes"]}, "Wes waits."),
    ({"survivors": ["Wes"]}, "Wes waits."),
    ({"dead": ["Wes"]}, "Wes waits."),
    ({"left": ["Wes"]}, "Wes waits."),
], ids=lambda x: next(iter(x)) if isinstance(x, dict) else None)
def test_a_sentence_naming_one_thing_of_the_beat_is_kept_and_refused_without_it(extra, text):
    """A model's "The boathouse stands empty." for an outcome at the boathouse is the night's;
    for an outcome anywhere else it is off-beat. Breaks (one per row): each of the beat's keys
    misspelled or unread (its location, nature, lost item, hurt, weakness words, trope; the
    fiction's ``f`` and its location, Killer, people, their things and lost things, their
    names; the names of ``names``, ``living``, ``survivors``, ``dead``, ``left``), the Killer
    found only when both places name it (``and`` for ``or``), a person's name read as None,
    the words of one key put in place of the others (``=`` or ``&=`` for ``|=``)."""
    assert kinds(text, [{**TINA, **extra}]) == []
    assert kinds(text, [TINA]) == ["off-beat"]


def test_what_one_beat_names_still_counts_after_the_next_beat():
    """A stretch (an outcome, then a new Threat Card) is one paragraph: the compass lost in the
    first beat may be all it names. Breaks: each beat's words put in place of the last's
    (``words = SCENE_WORDS``), a beat that is no one's ending the reading (``break`` for
    ``continue``)."""
    lost = {**TINA, "lost_item": "the compass"}
    threat = {"kind": "threat", "location": "the lake"}
    strike = {"kind": "strike", "name": "Wes"}
    assert kinds("Without the compass, nobody knows which way.", [lost, threat]) == []
    assert kinds("Without the compass, nobody knows which way.", [lost, strike]) == []
    assert kinds("Magic is real, and everyone is happy.", [threat, TINA]) == ["off-beat"]


def test_a_scene_word_alone_keeps_a_sentence_and_a_nameless_person_names_no_one():
    """"The door creaks." is a horror night's, whoever's beat it is and whatever else the beat
    names (a place, the Killer, things carried); a word no beat has ("Xxxx") is not. A person
    of the fiction with no name is nobody to name: the check still runs. Breaks: the scene
    words emptied (``&=``), or put aside by a key's words, the Killer's or a thing's (``=``
    for ``|=``), a missing place or Killer name read as the word "xxxx", the text's words read
    from None, their pattern broken or upper-cased, an empty name kept (it is found in every
    text)."""
    assert kinds("The door creaks.", [TINA]) == []
    assert kinds("The door creaks.", [{"kind": "threat"}]) == []
    full = {**TINA, "location": "the boathouse", "the_killer": {"name": "the Hollow Man"},
            "f": {"people": [{"name": "Tina", "items": ["flashlight"]}]}}
    assert kinds("The door creaks.", [full]) == []
    faceless = {**TINA, "the_killer": {"look": "a sack over its head"}}
    assert kinds("Xxxx.", [TINA]) == kinds("Xxxx.", [full]) == kinds("Xxxx.", [faceless]) == ["off-beat"]
    nameless = {**TINA, "f": {"people": [{"items": []}]}}
    assert kinds("Magic is real, and everyone is happy.", [nameless]) == ["off-beat"]


def test_the_players_quoted_words_are_theirs_and_are_told_as_quoted():
    """What a character says in quotes may name the game; the refusal shows the paragraph with
    the quotes folded to “…”. Breaks: the quote pattern broken (the quote read as the
    director's: refused), the fold's text changed."""
    assert kinds('Wes whispers "this is the game we play" and the boathouse door opens.', [TINA]) == []
    assert check_sense('Tina says "run". Here is the next part.', [TINA]) == [
        Contradiction("fourth-wall", "Tina says “…”. Here is the next part.",
                      "it speaks of 'Here is the', not the night")]


def test_a_refusal_shows_the_first_120_characters_and_says_why():
    """The notice of a refused paragraph: its first 120 characters, and the reason in words.
    Breaks: the paragraph dropped or cut at 121, each reason dropped or changed (fourth-wall,
    numbered list, off-beat)."""
    long = "Here is the scene you asked for, " + "slowly " * 20 + "for Tina."
    assert check_sense(long, [TINA]) == [
        Contradiction("fourth-wall", long[:120], "it speaks of 'Here is the', not the night")]
    listed = "Tina " + "waits " * 20 + "and then: 1. Tina runs. 2. Tina hides at the boathouse door."
    assert check_sense(listed, [TINA]) == [
        Contradiction("fourth-wall", listed[:120], "it is a numbered list, not the night's prose")]
    off = "Magic " + "truly " * 25 + "is real."
    assert check_sense(off, [TINA]) == [Contradiction("off-beat", off[:120], WHY)]
    assert len(long[:120]) == len(listed[:120]) == len(off[:120]) == 120


def test_two_numbered_items_are_a_list():
    """"1. Tina runs. 2. Wes hides." is an assistant's list, not prose. Breaks: three items
    needed (``> 2``, ``>= 3``)."""
    assert kinds("1. Tina runs. 2. Wes hides.", [TINA]) == ["fourth-wall"]


def test_an_answer_about_the_table_may_use_the_tables_words():
    """"what's the difficulty?" is answered in the table's words; an answer about anything else
    may not use them. Breaks: the answer's topic misread (``get(None)``, a misspelled key)."""
    text = "The difficulty is nine, and the dice will need luck."
    assert kinds(text, [{"kind": "answer", "topic": "difficulty"}]) == []
    assert kinds(text, [{"kind": "answer", "topic": "where"}]) == ["fourth-wall"]
