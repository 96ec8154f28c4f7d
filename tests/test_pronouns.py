"""A character's pronouns (solo/world/pronouns.py; the ruling in docs/narration.md, "Pronouns"):
the common sets by name, any set by all five forms, one clear line for anything else."""

from __future__ import annotations

import pytest

from solo.nott.errors import SetupError
from solo.nott.game import Character
from solo.world.pronouns import DEFAULT, PronounError, parse_pronouns, pronouns_of


@pytest.mark.parametrize("typed, text, forms", [
    ("she/her", "she/her", ("she", "her", "her", "hers", "herself")),
    ("She / Her", "she/her", ("she", "her", "her", "hers", "herself")),
    ("he", "he/him", ("he", "him", "his", "his", "himself")),
    ("she/her/hers", "she/her", ("she", "her", "her", "hers", "herself")),
    ("he/him/his/his/himself", "he/him", ("he", "him", "his", "his", "himself")),
    ("they/them", "they/them", ("they", "them", "their", "theirs", "themselves")),
    ("it/its", "it/its", ("it", "it", "its", "its", "itself")),
    ("xe/xem/xyr/xyrs/xemself", "xe/xem/xyr/xyrs/xemself", ("xe", "xem", "xyr", "xyrs", "xemself")),
    ("", "they/them", ("they", "them", "their", "theirs", "themselves")),
])
def test_the_accepted_sets_and_their_five_forms(typed, text, forms):
    p = parse_pronouns(typed)
    assert p.text == text
    assert (p.subject, p.object, p.determiner, p.possessive, p.reflexive) == forms


@pytest.mark.parametrize("typed, why", [
    ("xe/xem", "all five forms of your own"),  # the other three cannot be known
    ("x/y/z/w", "all five forms"),
    ("you/you/your/yours/yourself", "first- or second-person word"),
    ("xe/me/xyr/xyrs/xemself", "first- or second-person word"),
    ("xe/xem/xyr/xyrs/xyrs", "the fifth form is the reflexive"),
    ("x3/xem/xyr/xyrs/xemself", "all five forms"),
    ("xe/xem/xyr/xyrs/" + "x" * 60 + "self", "all five forms"),
])
def test_anything_else_is_one_clear_line(typed, why):
    with pytest.raises(PronounError) as info:
        parse_pronouns(typed)
    assert why in str(info.value) and "\n" not in str(info.value)


def test_verbs_agree_with_the_subject():
    she, they, ey = parse_pronouns("she/her"), parse_pronouns("they/them"), parse_pronouns("ey/em/eir/eirs/emselves")
    assert [she.agree(v) for v in ("am", "was", "have", "do", "don't", "can", "ran", "opened", "reach", "try",
                                    "carry", "push")] == \
        ["is", "was", "has", "does", "doesn't", "can", "ran", "opened", "reaches", "tries", "carries", "pushes"]
    assert she.agree("dwindle") is None  # not known to be a verb: not guessed
    assert [they.agree(v) for v in ("am", "was", "run", "dwindle")] == ["are", "were", "run", "dwindle"]
    assert ey.plural and ey.agree("am") == "are"  # a plural reflexive: plural verbs
    assert she.say("they are") == "she is" and she.say("They'll") == "She'll" and she.say("they're") == "she's"
    assert they.say("they are") == "they are" and they.say("themselves") == "themselves"
    with pytest.raises(PronounError):
        she.say("those")


def test_a_character_holds_its_pronouns_in_their_written_form():
    assert Character("Ann", 0).pronouns == DEFAULT == "they/them"
    assert Character("Ann", 0, pronouns="He").pronouns == "he/him"
    with pytest.raises(SetupError) as info:
        Character("Ann", 0, pronouns="xe/xem")
    assert "'Ann'" in str(info.value)
    assert pronouns_of("xe/xem").text == "they/them"  # read again after the door: the default
