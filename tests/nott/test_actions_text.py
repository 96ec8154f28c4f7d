"""The text forms of actions: what save files store, what a player reads, and the errors for
text that names no action (each one a specific ValueError that quotes the text it refuses)."""

import pytest

from solo.nott.actions import (
    REROLL, RESOLVE, ROLL, Award, Reroll, Resolve, Roll, Test, describe, parse_action,
)
from solo.nott.errors import InvalidActionError, InvalidDiceError

NAMES = ("Ann", "Ben", "Cat", "Dee")

EVERY_KIND = [Test(0), Test(3), Roll(), Roll(0, 1), Roll(9, 4), Reroll(), Reroll(5, 2),
              Resolve(0), Resolve(-1), Resolve(1), Award(0), Award(2)]


@pytest.mark.parametrize("action,text", [
    (Test(0), "test 0"), (Test(3), "test 3"),
    (ROLL, "roll"), (Roll(0, 1), "roll 0 1"), (Roll(9, 4), "roll 9 4"),
    (REROLL, "reroll"), (Reroll(5, 2), "reroll 5 2"),
    (RESOLVE, "resolve"), (Resolve(-1), "resolve -1"), (Resolve(1), "resolve +1"),
    (Award(2), "award 2"),
])
def test_each_action_has_its_short_lower_case_text(action, text):
    """The save files' forms (actions.py): ``test 0``, ``roll 5 3``, ``reroll``, ``resolve -1``,
    ``award 2``; a resolve without Aptitude is plain ``resolve``, not ``resolve +0``."""
    assert str(action) == text


@pytest.mark.parametrize("action", EVERY_KIND, ids=str)
def test_every_action_reads_back_from_its_text(action):
    assert parse_action(str(action)) == action


@pytest.mark.parametrize("action,text", [
    (Test(0), "test Ann"), (Test(3), "test Dee"), (Award(1), "award Ben"), (Award(0), "award Ann"),
])
def test_describe_names_the_character_where_the_text_gives_the_index(action, text):
    assert describe(action, NAMES) == text
    assert describe(action, list(NAMES)) == text


@pytest.mark.parametrize("action", [Roll(), Roll(5, 3), Reroll(), Reroll(0, 4), Resolve(0), Resolve(-1), Resolve(1)])
def test_describe_gives_actions_without_a_character_as_their_text(action):
    assert describe(action, NAMES) == str(action)


@pytest.mark.parametrize("action,text", [(Test(4), "test 4"), (Award(7), "award 7")])
def test_describe_falls_back_to_the_index_for_someone_outside_the_cast(action, text):
    assert describe(action, NAMES) == text
    assert describe(Test(0), ()) == "test 0"


@pytest.mark.parametrize("text,message", [
    ("", "empty action: ''"),
    ("   ", "empty action: '   '"),
    ("test x", "not a number: 'x' in 'test x'"),
    ("award two", "not a number: 'two' in 'award two'"),
    ("roll 5 x", "not a number: 'x' in 'roll 5 x'"),
    ("reroll a 2", "not a number: 'a' in 'reroll a 2'"),
    ("resolve up", "not a number: 'up' in 'resolve up'"),
    ("test -1", "test needs a cast index (0, 1, …), got -1 in 'test -1'"),
    ("award -2", "award needs a cast index (0, 1, …), got -2 in 'award -2'"),
    ("resolve 2", "Aptitude adjusts the Fallout die by -1, 0 or +1, got 2 in 'resolve 2'"),
])
def test_refused_action_text_is_quoted_once_in_a_specific_message(text, message):
    with pytest.raises(InvalidActionError) as err:
        parse_action(text)
    assert str(err.value) == message


@pytest.mark.parametrize("text,message", [
    ("roll 10 1", "main die (d10) reads 0–9, got 10 (the side that says 0 is a zero, not 10: type 0)"),
    ("roll 0 0", "Fallout die (d4) reads 1–4, got 0"),
    ("reroll 3 5", "Fallout die (d4) reads 1–4, got 5"),
    ("reroll -1 2", "main die (d10) reads 0–9, got -1"),
])
def test_dice_off_the_d13_name_the_die_and_its_range(text, message):
    """The d10 "produces results ranging from 0 to 9", the d4 "a result between 1 and 4"."""
    with pytest.raises(InvalidDiceError) as err:
        parse_action(text)
    assert str(err.value) == message


USAGE = "(test N, roll [M F], reroll [M F], resolve [-1|+1], award N, draw [trophy|removed] CARD)"


@pytest.mark.parametrize("text", ["jump", "test", "test 1 2", "roll 5", "roll 1 2 3", "reroll 4",
                                  "resolve 1 2", "resolve -1 +1", "award", "award 1 2"])
def test_unknown_verbs_and_wrong_word_counts_list_every_form(text):
    """``resolve`` takes at most one adjustment; ``roll`` and ``reroll`` none or both dice."""
    with pytest.raises(InvalidActionError) as err:
        parse_action(text)
    assert str(err.value) == f"unknown action: {text!r} {USAGE}"
