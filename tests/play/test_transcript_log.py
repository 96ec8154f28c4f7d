"""The ``log`` transcript: every Threat Card, death and award as the rules resolved them, and a
table of totals, rendered from the history that remains."""

from __future__ import annotations

import pytest

from solo.nott.actions import Award, Resolve, Roll, Test
from solo.nott.cards import card_str
from solo.nott.rules import ASHCAN, PLAYTEST
from solo.play.transcript import render
from solo.sim.autoplay import autoplay

from .helpers import CAST, E, of_type, stacked_night

CAUSES = {"strikes": "the third Strike", "red joker": "the Red Joker"}
FATES = {"strikes": "third Strike", "red joker": "the Red Joker"}


@pytest.fixture
def everyone_dead(tmp_path):
    """Ashcan, careful, seed 13: one character falls to the Red Joker, the rest to Strikes,
    and nobody sees the dawn. (Played for each test, so each is seen to reach the renderer.)"""
    out = tmp_path / "t.md"
    night = autoplay(13, ASHCAN, "careful", out=out, form="log")
    return night, out.read_text(encoding="utf-8")


def test_the_log_names_every_death_and_its_cause(everyone_dead):
    night, text = everyone_dead
    deaths = of_type(night, E.CharacterDied)
    assert {d.cause for d in deaths} == {"strikes", "red joker"}
    for d in deaths:
        assert f"\n**☠ {night.names[d.who]} dies** ({CAUSES[d.cause]}).\n" in text


def test_the_log_of_a_lost_night_ends_with_the_killer_winning(everyone_dead):
    night, text = everyone_dead
    assert night.game.outcome().dawn is False
    assert "\n\n## Everyone is dead\n\nNobody sees the sunrise. The Killer wins.\n\n" in text
    assert "## Dawn" not in text


def test_the_totals_give_each_characters_strikes_points_and_fate(everyone_dead):
    night, text = everyone_dead
    g = night.game
    totals = text.split("\n## Totals\n", 1)[1]
    assert "| Character | Strikes | Genre Points held | Fate |\n|---|---|---|---|\n" in totals
    for i, name in enumerate(night.names):
        assert f"| {name} | {g.strikes[i]} | {g.genre[i]} | {FATES[g.dead[i]]} |" in totals
    assert f"- Tests: {g.tests}\n" in totals
    assert f"- Genre Points: {g.rules.genre_points - g.pool} awarded, {g.spent} spent" in totals
    reached = f"after test {g.tests_to_endgame}" if g.tests_to_endgame else "no"
    assert f"- Endgame reached: {reached}\n" in totals


def test_a_joker_revealed_on_an_empty_trophy_pile_says_so():
    """Playtest rules start with no Trophy Pile: a Joker on top of the deck finds it empty."""
    night = stacked_night(["BJ", "2S", "3H", "JC"], rules=PLAYTEST, jokers=["RJ"])
    night.start()
    text = render(night, "log")
    assert "**Threat Card — Black Joker (The Twist), difficulty" in text
    assert "*⚙ The Joker is not shown; it triggers. Trophy Pile shuffled: top empty.*" in text


def test_a_joker_revealed_on_a_trophy_pile_names_its_top_card():
    night = stacked_night(["BJ", "2S", "3H", "JC"], trophy=["7D"], jokers=["RJ"])
    night.start()
    text = render(night, "log")
    assert f"Trophy Pile shuffled: top {card_str(night.game.trophy_top)}.*" in text
    assert "top 7♦" in text


def test_an_award_with_the_directors_reason_is_told_by_the_reason_alone():
    """A noted award shows its reason instead of the mechanics line; an award without a note
    keeps its mechanics line; what follows an award in the same step is still logged."""
    night = stacked_night(["2S", "3H", "4C", "JD"])
    night.start()
    night.act([Award(0)], note="Ann screams at the right moment")
    text = render(night, "log")
    assert "*Ann screams at the right moment*" in text
    assert "Genre Point to Ann" not in text
    night.act([Award(1), Test(2)], note="Bo reads the legend")
    text = render(night, "log")
    assert "Genre Point to Bo" not in text
    assert "\n### Test 1 — Cy takes on 2♠\n" in text
    night.act([Award(3)])
    assert "Genre Point to Di (Director's pool: " in render(night, "log")


def test_a_spoken_line_is_logged_once_before_or_after_its_step():
    """Free text alone comes where it was said; a line said with a command follows that
    command's mechanics, once."""
    night = stacked_night(["2S", "3H", "4C", "JD"])
    night.start()
    night.say("I hold the door", who=0)
    night.act([Test(1)], say="I check the window", who=1)
    text = render(night, "log")
    assert text.count("**Ann:** “I hold the door”") == 1
    assert text.count("**Bo:** “I check the window”") == 1
    assert text.index("**Ann:** “I hold the door”") < text.index("### Test 1 — Bo takes on 2♠")
    assert text.index("### Test 1 — Bo takes on 2♠") < text.index("**Bo:** “I check the window”")


def test_tests_are_numbered_across_steps():
    night = stacked_night(["2S", "3H", "4C", "5D", "JD"])
    night.start()
    night.act([Test(0)])
    night.act([Roll(9, 4), Resolve(0)])
    night.act([Test(1)])
    text = render(night, "log")
    assert "### Test 1 — Ann takes on 2♠" in text
    assert "### Test 2 — Bo takes on " in text


def test_the_totals_of_a_night_lost_at_once_found_nothing():
    """Nobody found a weakness, the Endgame never came, every fate is the first Strike (strikes_to_die=1)."""
    from solo.play.transcript import render

    from .helpers import lost_quickly

    night = lost_quickly()
    totals = render(night, "log").split("\n## Totals\n", 1)[1]
    assert "- Weaknesses found: none\n" in totals
    assert "- Endgame reached: no\n" in totals
    for name in night.names:
        assert f"| {name} | 1 | 0 | first Strike |" in totals


def test_the_totals_name_the_suits_whose_weakness_was_found():
    """Weaknesses already defeated at the start (♠ and ♦) are listed, in suit order."""
    night = stacked_night(["2S", "3H", "4C", "5D", "JH"], weaknesses=["QS", "KD"])
    night.start()
    from solo.nott.actions import Resolve, Roll, Test

    while not night.game.is_over():
        night.act([Test(night.game.living()[0])])
        night.act([Roll(0, 1)])
        night.act([Resolve(0)])
    totals = render(night, "log").split("\n## Totals\n", 1)[1]
    assert "- Weaknesses found: ♠♦\n" in totals


@pytest.mark.parametrize("note, shown", [
    ("Ann screams", "*Ann screams*"),
    ("a *bold* claim", "*a bold claim*"),
    ("*one* and two", "*one* and two"),
    ("# a heading", "# a heading"),
    ("> a quote", "> a quote"),
    ("- a list item", "- a list item"),
    ("a | b", "*a \\| b*"),
])
def test_a_table_note_is_set_in_italics_unless_it_brings_its_own_markdown(note, shown):
    night = stacked_night(["2S", "3H", "4C", "JD"])
    night.start()
    night.act([Award(0)], note=note)
    for form in ("story", "log"):
        assert f"\n{shown}\n" in render(night, form)
