"""What keeps a long save cheap to play again (issue 49, item 3): the caps a save is read
under are checked as each step is played (so a night never plays past what its save may
hold), and the two costs that grew with the square of a night are gone: a sentence said again
and again, and a chain of X-cards."""

from __future__ import annotations

import sys

import pytest

from solo.narration import compose
from solo.play import saveform
from solo.play.saveform import NotSavable

from .helpers import night_of


def test_a_night_refuses_the_step_that_would_take_its_save_past_a_cap(tmp_path, monkeypatch):
    """Three questions allowed: the fourth is refused in one line, before anything of it is
    played, and the night (and its save) still loads (a night that counted only its steps
    would play the fourth and write a save it then refuses to read)."""
    monkeypatch.setenv("SOLO_HOME", str(tmp_path))
    monkeypatch.setattr(saveform, "MAX_SAVE_QUESTIONS", 3)
    night = night_of(12)
    for k in range(3):
        night.ask(f"is the door locked {k}?")
    before = len(night.steps)
    with pytest.raises(NotSavable, match=r"4 questions, more than a save may hold \(3\)"):
        night.ask("is the window open?")
    assert len(night.steps) == before
    night.undo(1)  # after an undo, counted again: one more fits
    night.ask("is the window open?")
    assert len(night.steps) == before


class Probed(set):
    """A set that counts how often it is asked what it holds."""

    probes = 0

    def __contains__(self, item):
        Probed.probes += 1
        return super().__contains__(item)


def test_a_sentence_said_again_and_again_costs_a_few_probes_each_time():
    """The composer counted a sentence's uses 1, 2 … n, one probe each: a line of one sentence
    said 800 times, told six times, took 4,000+ probes a sentence (the square of the repeats)."""
    used = Probed()
    line = "Run. " * 800
    for _ in range(5):
        compose.remember(line, used)
    Probed.probes = 0
    compose.remember(line, used)
    assert Probed.probes < 800 * 40


def test_x_cards_in_a_row_do_not_scan_the_night_once_a_link(tmp_path, monkeypatch):
    """Twenty X-cards in a row after 300 lines: the night is read for the holder of each
    retelling once a card, not once a link of the chain (which cost the square of the chain
    times the night: 7 s for 100 cards after 4,900 steps)."""
    from solo.narration.templates import TemplateNarrator

    monkeypatch.setenv("SOLO_HOME", str(tmp_path))
    night = night_of(12, narrator=TemplateNarrator(seed=12))
    for i in range(300):
        night.say(f"I wait by door {i}.", 0)
    scanned = 0
    def count(frame, event, arg):
        nonlocal scanned
        if event == "call" and frame.f_code.co_filename.endswith("xcard.py") and frame.f_code.co_name in (
                "<genexpr>", "<dictcomp>"):
            scanned += 1

    sys.setprofile(count)
    try:
        for _ in range(20):
            night.xcard()
    finally:
        sys.setprofile(None)
    assert night.steps[-1].xcard
    assert scanned < 20 * 20, scanned
