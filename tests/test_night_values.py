"""The rules core's events, and the other values and records of a night, are dataclasses: a value
(an event, an action, an answer, a beat) never changes once made and is compared and hashed by its
fields; a record (a step of the night, a person of the story, the director's tallies) is changed
in place and never hashed. Each copies and pickles to an equal one (undo and saves rely on it)."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from solo.nott import events as E

#: The night's classes that are changed in place; every other one is a frozen value.
RECORDS = {"Step", "Person", "Given", "Proposal", "Director"}


def test_an_event_never_changes_and_is_compared_and_hashed_by_its_fields():
    e = E.StrikeGained(0, 1, "fallout")
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.strikes = 2
    assert e == E.StrikeGained(0, 1, "fallout") != E.StrikeGained(0, 2, "fallout")
    assert E.GenrePointSpent(1, 2) != E.GenrePointAwarded(1, 2)
    assert len({E.ThreatRevealed(5, 2), E.ThreatRevealed(5, 2), E.ThreatRevealed(6, 2)}) == 2
    assert E.CardMoved(card=3, source="a", dest="b") == E.CardMoved(3, "a", "b", "")


def test_a_pattern_matches_an_event_by_position():
    match E.Rolled(2, 5, 3, 5, False, False):
        case E.Rolled(who, main, fallout):
            assert (who, main, fallout) == (2, 5, 3)
        case _:
            pytest.fail("no match")


def _night_samples():
    from solo.director.asking import Reply
    from solo.director.awards import Director, Given, Proposal
    from solo.director.continuity import Contradiction, Snapshot
    from solo.director.fiction import Person
    from solo.director.facts import Fact
    from solo.director.material import Material
    from solo.director.oracle import Answer
    from solo.director.questions import Question
    from solo.director.state import StateAnswer
    from solo.director.tropes import Trope, Verdict
    from solo.lucky13.beats import LUCKY13_BEAT_KINDS, Lucky13Beat
    from solo.narration.beats import Beat
    from solo.nott.actions import Award, Reroll, Resolve, Roll, Test
    from solo.nott.game import Character, Outcome, Preview
    from solo.play.night import Step
    from solo.world.pronouns import Pronouns
    from solo.t13.narrator import RaceBeat

    question = Question("is it locked?", 0, "even", False)
    verdict = Verdict("the final girl", "she said so", "templates")
    return [Step(), Step([Test(1)], say="I run", who=1, narration=[("threat", "A door.")]),
            Person("Ann", "Jock", "hearts", "a dare", items=["torch"], dead=True), Snapshot(),
            Snapshot(dead=frozenset({"Ann"}), living=("Bo",), location="the lake"),
            Contradiction("dead", "Ann runs.", "Ann is dead"), Reply("oracle", question, yes=True),
            question, Pronouns("she", "her", "her", "hers", "herself", False), Test(0), Roll(3, 2),
            Reroll(4, 1), Resolve(-1), Award(2), StateAnswer("dead", "No one is dead.", False),
            Material({"name": "the Killer"}, ("the lake",), ("a branch",), ("It is cold.",), ("a rope",), {}),
            Character("Ann", 2, "Jock", "a dare", "she/her"), Outcome(True, (0, 2), 7),
            Preview(0, 4, 2, 6, 5, True, False, False), Answer("yes", 5, "likely", 2), verdict,
            Beat("threat", {"card": 5}), Lucky13Beat(LUCKY13_BEAT_KINDS[0], {"summary": ""}),
            RaceBeat("race_opening"), Trope("the final girl", ("final girl",)), Given(3, 1, "the final girl", "model"),
            Proposal(1, verdict, 4), Director(None, "off", {(1, "the final girl")}),
            Fact(frozenset({"door"}), "door", frozenset({"lock"}), True, "yesno", statement="the door is locked")]  # a judge is compared by identity



@pytest.mark.parametrize("value", _night_samples(), ids=lambda v: type(v).__qualname__)
def test_each_value_and_record_of_a_night(value):
    cls = type(value)
    names = [f.name for f in dataclasses.fields(value)]
    assert cls(**{n: getattr(value, n) for n in names}) == value
    if cls.__name__ in RECORDS:
        assert cls.__hash__ is None
        setattr(value, names[0], getattr(value, names[0]))  # may be set
    else:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, names[0], None)
    assert pickle.loads(pickle.dumps(value)) == value == copy.deepcopy(value) == copy.copy(value)
