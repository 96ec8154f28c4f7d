"""Lucky 13 in a newcomer's first hour (issue 13, items 12–18): assists, the Reaction check, the
defender's modifiers, titles, quick characters without skills, the dice queue, readable errors."""

import io

import pytest
from rich.console import Console

from solo.repl.lucky13 import Lucky13Shell


@pytest.fixture(autouse=True)
def solo_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_HOME", str(tmp_path / "home"))


def shell(*lines):
    buf = io.StringIO()
    sh = Lucky13Shell(Console(file=buf, width=300, color_system=None, highlight=False), seed=5)
    sh.buf = buf
    for line in lines:
        assert sh.run_line(line), (line, buf.getvalue()[-400:])
    return sh


def last(sh, line):
    """Run ``line``; (ran cleanly, what it printed)."""
    before = len(sh.buf.getvalue())
    ok = sh.run_line(line)
    return ok, " ".join(sh.buf.getvalue()[before:].split())


# A d12 helper gives 5 steps (the text's table); d4 stepped 5 times: d6 d8 d10 d12 d12+d4.

def test_an_assist_steps_the_die_of_the_task():
    sh = shell("new", "character Lifter custom pulse=d4 Fighting=d4")
    ok, text = last(sh, "odds Lifter pulse none easy assist=d12")  # no skill: an ability task
    assert ok and "Pulse d12+d4 + no skill + Easy (d12)" in text
    ok, text = last(sh, "odds Lifter pulse fighting easy assist=ability:d12")  # lifting: the ability die
    assert ok and "Pulse d12+d4 + Fighting d4" in text
    ok, text = last(sh, "odds Lifter pulse fighting easy assist=skill:d8")  # d8 helper: 3 steps
    assert ok and "Pulse d4 + Fighting d10" in text
    ok, text = last(sh, "odds Lifter pulse fighting easy assist=elbow:d8")
    assert not ok and "assist=ability:DIE" in text


def test_reputation_reaches_the_reaction_check():
    sh = shell("new", "character Vera custom charm=d6 Persuasion=d6", "reputation Vera +2")
    ok, text = last(sh, "reaction Vera persuasion moderate 3 4 5")
    # Reputation +2 steps Charm d6 twice: d10 (R28); 3 + 4 + 5 = 12 < 13
    assert ok and "Charm d10 3 + Persuasion d6 4 + Moderate d10 5 = 12" in text and "failure" in text
    sh.run_line("reputation Vera -3")  # now -1: Charm d6 one step down, d4
    ok, text = last(sh, "reaction Vera persuasion moderate 3 4 5")
    assert ok and "Charm d4 3 + Persuasion d6 4 + Moderate d10 5 = 12" in text
    ok, text = last(sh, "check Vera charm persuasion moderate 3 4 5")  # not a Reaction check: unstepped
    assert ok and "Charm d6 3" in text


def test_the_defender_takes_modifiers_after_vs():
    sh = shell("new", "character Ann custom reflex=d6 Fighting=d6", "character Cas custom reflex=d6 Fighting=d6")
    ok, text = last(sh, "attack Ann Cas d6/d4 vs a+2 2 2 2 5 3")
    assert ok and "Cas: Reflex d10 5 + Fighting d6 3" in text
    ok, text = last(sh, "attack Ann Cas d6/d4 vs dis 2 2 2 5 3 4")  # the defender's Reflex twice, lower kept
    assert ok and "Cas: Reflex d6 3 (rolled twice, 5 dropped) + Fighting d6 4" in text
    ok, text = last(sh, "attack Ann Cas d6/d4 vs spec=Parry")
    assert not ok and "defender's options" in text


def test_new_title_is_the_title():
    _, text = last(shell(), "new title The Drowned Chapel")
    assert "A new scene: The Drowned Chapel —" in text and "title The" not in text


def test_a_missing_skill_says_how_to_add_it():
    sh = shell("new", "character Vera balanced")
    ok, text = last(sh, "check Vera will fighting easy")
    assert not ok and "no skill 'fighting'" in text and "none for no skill die" in text
    assert "add it with skill Vera Fighting=will" in text  # a step on Vera as she is, not a remake


def test_the_dice_queue_refuses_a_zero_and_names_itself_in_errors():
    sh = shell("new", "character Lifter custom pulse=d4 Fighting=d4")
    ok, text = last(sh, "dice 0")
    assert not ok and "no die shows 0" in text and sh.queued == []
    sh.run_line("dice 13 2 2")
    ok, text = last(sh, "check Lifter pulse fighting easy")
    assert not ok and "came from the queue (13 2 2)" in text and "dice clear" in text


def test_an_ability_array_error_reads_as_words():
    ok, text = last(shell("new"), "character Y balanced will=d12")
    assert not ok and "<Ability" not in text and "Die(" not in text
    assert "the balanced array is d4 d6 d6 d8 d10" in text and "will=d12" in text
