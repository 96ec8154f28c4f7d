"""What the guided first night says, word for word: its they/them cast spoken of with their own
pronouns, and each shuffle of the Trophy Pile said once."""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import pairwise

from solo.nott import events as E
from solo.nott.describe import mechanics
from solo.nott.tutorial import CAST, lesson_for, tutorial_game

from .conftest import make_shell, output
from .test_tutorial import SCRIPT

#: Words of the she/her and he/him sets: never said of a cast who are all they/them.
GENDERED = re.compile(r"\b(?:she|her|hers|herself|he|him|his|himself)\b", re.IGNORECASE)


def played() -> tuple[str, list]:
    """The whole tutorial as the script plays it: what it showed, and every event."""
    sh = make_shell()
    sh.start_tutorial()
    events: list = list(sh.night.game.opening_events)
    for line in SCRIPT:
        assert sh.run_line(line), line
        events += sh.night.last_events
    return output(sh), events


def test_the_tutorials_they_them_cast_is_never_she_or_he():
    """Catches "Ann drove everyone here in her brother's van" (the Why, told in the opening) and
    "Cat has had hers" (the K♠ lesson) for a cast whose pronouns are all they/them."""
    assert all(c.pronouns == "they/them" for c in CAST)
    text, _ = played()
    assert not GENDERED.search(text), GENDERED.search(text).group(0)
    assert "Ann drove everyone here in their brother's van." in text
    assert "Cat has had theirs:" in text


def test_the_lessons_follow_each_characters_own_pronouns():
    """Catches a lesson that hard-codes one set: the K♠ lesson speaks of Cat with Cat's own
    pronouns, whatever they are."""
    from solo.nott.tutorial import spoken

    game = tutorial_game()
    for pronouns, word in (("she/her", "hers"), ("he/him", "his"), ("they/them", "theirs"),
                           ("xe/xem/xyr/xyrs/xemself", "xyrs")):
        cast = [replace(c, pronouns=pronouns) if c.name == "Cat" else c for c in CAST]
        assert f"Cat has had {word}:" in spoken("Cat has had {Cat:theirs}: a Strike", cast)
    assert lesson_for(game) is not None and "{" not in "".join(lesson_for(game))


def test_each_trophy_pile_shuffle_is_said_once():
    """Catches "Trophy pile shuffled" twice in a row: after the confrontation that finds the last
    weakness (and the one that kills Cat) a Joker comes up, whose reveal shuffles the pile again;
    that shuffle was said as a line of its own and again in the Joker's line ("— Trophy Pile
    shuffled, top 10♦"). Now each shuffle is said once."""
    text, events = played()
    shuffles = sum(1 for e in events if type(e) is E.Shuffled and e.pile == E.TROPHY)
    said = len(re.findall(r"Trophy pile shuffled|Trophy Pile shuffled, top", text))
    assert shuffles >= 8 and said == shuffles
    lines = [line.strip() for line in text.splitlines()]
    assert not any(a == b == "Trophy pile shuffled" for a, b in pairwise(lines))


def test_a_jokers_shuffle_is_told_by_the_jokers_line():
    """The mechanics of a confrontation followed by a Joker: the confrontation's shuffle is one
    line; the Joker's is told by the Joker's line alone, in one list or split where the Joker's
    moment begins (as the REPL shows them)."""
    from solo.nott.cards import BLACK_JOKER, card

    fight = [E.Shuffled(E.THREAT), E.Shuffled(E.TROPHY)]
    joker = [E.Shuffled(E.TROPHY), E.JokerRevealed(BLACK_JOKER, 10, card(10, 3))]
    whole = mechanics(fight + joker, ["Ann"])
    assert whole == ["Threat deck shuffled", "Trophy pile shuffled",
                     "Black Joker (The Twist), difficulty 10 — Trophy Pile shuffled, top 10♦"]
    split = mechanics(fight + joker[:1], ["Ann"]) + mechanics(joker[1:], ["Ann"])
    assert split == whole
    # a Joker right after a number card: its shuffle is the Joker line's, said once
    number = [E.CardMoved(card(3, 0), E.THREAT, E.TROPHY, "top"), E.Shuffled(E.TROPHY)]
    assert "Trophy pile shuffled" not in mechanics(number, ["Ann"])
    assert mechanics(fight, ["Ann"]) == ["Threat deck shuffled", "Trophy pile shuffled"]
