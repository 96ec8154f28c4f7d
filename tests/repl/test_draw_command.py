"""``draw CARD`` in the REPL (issue 38): as dice can be typed, the card turned up from a real deck
can be; the table and the transcript show it was drawn by hand, an impossible card is refused in
one line and the shell goes on."""

from __future__ import annotations

import pytest

from solo.nott.actions import Resolve, Roll, Test
from solo.nott.cards import card
from solo.nott.game import CHOOSE_TESTER
from solo.nott.rules import RULESETS
from solo.play.saves import read_save

from .conftest import make_shell, output

SEVEN_SPADES = card(7, 0)


def started(ruleset: str = "ashcan", seed: int = 3):
    sh = make_shell()
    assert sh.run_line(f"new {ruleset} seed {seed}") and sh.run_line("quick")
    return sh


def said(sh, line: str) -> tuple[bool, str]:
    n = len(output(sh))
    ok = sh.run_line(line)
    return ok, output(sh)[n:]


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_draw_7s_plays_seven_of_spades_and_the_table_and_transcript_say_so(ruleset):
    sh = started(ruleset)
    night = sh.night
    g = night.game
    for _ in range(300):  # play on (number cards failed, face cards won) until 7♠ can come up
        if SEVEN_SPADES in g.deck[: g.blocks[0]] and g.phase == CHOOSE_TESTER:
            break
        number = g.threat < 52 and g.threat % 13 < 10
        night.act([Test(g.living()[0]), Roll(0 if number else 9, 1), Resolve(0)])
    else:
        pytest.fail("7♠ never came into reach")
    ok, shown = said(sh, "draw 7S")
    assert ok and g.threat == SEVEN_SPADES
    assert "Threat Card drawn by hand: 7♠ Power, potentially dangerous, difficulty 7" in shown
    assert "7♠ Power, potentially dangerous, difficulty 7" in night.transcript.path.read_text(encoding="utf-8")
    assert "*🂠 Threat Card drawn by hand: 7♠ Power" in night.transcript.path.read_text(encoding="utf-8")
    assert read_save(night.save_path).steps[-1].actions == ["draw 7S"]


def test_impossible_cards_are_refused_in_one_line_and_the_shell_goes_on():
    sh = started()
    g = sh.night.game
    steps = len(sh.night.steps)
    for line, why in [("draw 2S", "error: 2♠ cannot be drawn: the Aces lie face up on top of the Threat Deck"),
                      ("draw 7♠", "error: 7♠ cannot be drawn: it is still in the Number Reserve"),
                      ("draw red joker", "error: the Red Joker cannot be drawn: the Threat Deck holds no Joker "
                                         "before the Endgame"),
                      ("draw 7X", "error: '7X' is not a card: try forms like"),
                      ("draw", "error: draw which card?"),
                      ("draw trophy 9C", "error: 9♣ cannot be drawn: the Trophy Pile starts with a 10")]:
        ok, shown = said(sh, line)
        assert not ok and shown.startswith(why) and shown.count("\n") == 1, (line, shown)
    assert len(sh.night.steps) == steps
    ace = next(c for c in g.deck[:4] if c != g.threat)
    name = {0: "A♠", 13: "A♥", 26: "A♣", 39: "A♦"}[ace]
    ok, shown = said(sh, f"draw {name}")
    assert ok and g.threat == ace and f"Threat Card drawn by hand: {name}" in shown
    ok, shown = said(sh, "draw AS" if name != "A♠" else "draw AH")
    assert not ok and "was drawn by hand already (undo to draw another)" in shown
    ok, shown = said(sh, "undo")
    assert ok and f"undone: draw {name}" in shown and g.threat != ace


def test_help_lists_draw_and_explains_it():
    sh = make_shell()
    ok, shown = said(sh, "help")
    assert ok and "draw [trophy|removed] CARD" in shown
    ok, shown = said(sh, "help draw")
    assert ok and "draw 7S" in shown and "draw trophy CARD" in shown and "draw removed CARD" in shown


def test_a_night_with_cards_drawn_by_hand_resumes_as_it_was(tmp_path):
    sh = started(seed=8)
    g = sh.night.game
    ace = next(c for c in g.deck[:4] if c != g.threat)
    ten = next(card(10, s) for s in range(4) if card(10, s) != g.trophy_top)
    assert sh.run_line(f"draw {'A' + 'SHCD'[ace // 13]}") and sh.run_line(f"draw trophy 10{'SHCD'[ten // 13]}")
    assert sh.run_line(f"test {g.cast[0].name} 3 2")
    key, path = g.state_key(), sh.night.save_path
    again = make_shell()
    assert again.run_line(f"load {path}")
    assert again.night.game.state_key() == key
    assert again.night.game.trophy[-1] == ten  # the 10 drawn by hand started the Trophy Pile


def test_draw_reads_a_spoken_card_and_leaves_a_characters_action_as_story():
    sh = started()
    g = sh.night.game
    ace = next(c for c in g.deck[:4] if c != g.threat)
    spoken = "ace of " + ("spades", "hearts", "clubs", "diamonds")[ace // 13]
    ok, shown = said(sh, f"draw {spoken}")
    assert ok and g.threat == ace and "drawn by hand" in shown
    steps = len(sh.night.steps)
    ok, shown = said(sh, "draw my knife and back toward the door")
    assert ok and "error" not in shown and len(sh.night.steps) == steps + 1
    assert sh.night.steps[-1].say == "draw my knife and back toward the door" and not sh.night.steps[-1].actions


@pytest.mark.parametrize("typed", ["draw 7S 7S", "draw 1e9S", "draw None", "draw -1S"])
def test_a_card_mistyped_is_refused_and_never_becomes_a_story_line(typed):
    """Each was written into the story as a line ("draw -1S" drew A♠): now one line says what a
    card looks like, and neither the cards nor the story change."""
    sh = started()
    steps, threat = len(sh.night.steps), sh.night.game.threat
    ok, shown = said(sh, typed)
    assert "is not a card" in shown and len(sh.night.steps) == steps and sh.night.game.threat == threat, shown


def test_a_card_spoken_without_of_is_a_card():
    from solo.nott.actions import parse_draw

    assert parse_draw("A spades").card == card(1, 0) and parse_draw("q hearts").card == card(12, 1)
    sh = started()
    ok, shown = said(sh, "draw my knife")  # a character's action, as before
    assert "is not a card" not in shown and sh.night.steps[-1].say == "draw my knife"
