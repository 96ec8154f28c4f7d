"""A death by Strikes is named by the Strike that killed: the rulebook's "third Strike" under its
own rules, the first when a playset sets ``strikes_to_die = 1`` (a knob a playset may turn)."""

from solo.nott import events as E
from solo.nott.describe import mechanics, strike_ordinal
from solo.play.transcript import render

from .helpers import lost_quickly, of_type, night_of, play_out


def test_strike_ordinals_are_the_english_words():
    assert [strike_ordinal(n) for n in (1, 2, 3, 4, 10)] == ["first", "second", "third", "fourth", "tenth"]
    assert strike_ordinal(11) == "11th"


def test_a_one_strike_death_is_told_as_the_first_strike_everywhere():
    night = lost_quickly()  # strikes_to_die=1: every death is at a first Strike
    assert of_type(night, E.CharacterDied)
    lines = [line for events in night.step_events for line in mechanics(events, [c.name for c in night.cast])]
    deaths = [line for line in lines if " is dead (" in line]
    assert deaths and all(line.endswith("(first Strike)") for line in deaths), deaths
    for form in ("story", "log"):
        text = render(night, form)
        assert "third Strike" not in text, form
    assert "at the first Strike." in render(night, "story")
    assert "| first Strike |" in render(night, "log")


def test_under_the_rulebooks_rules_a_death_is_at_the_third_strike():
    for seed in range(1, 40):
        night = play_out(night_of(seed), policy="naive", seed=seed)
        if any(e.cause == "strikes" for e in of_type(night, E.CharacterDied)):
            break
    else:
        raise AssertionError("no death by Strikes in 39 naive nights")
    lines = [line for events in night.step_events for line in mechanics(events, [c.name for c in night.cast])]
    assert any(line.endswith("(third Strike)") for line in lines)
    assert "at the third Strike." in render(night, "story") and "| third Strike |" in render(night, "log")


def test_the_fiction_remembers_the_strike_that_killed():
    """What the model is told of the dead ("dead (the first Strike …)") follows the rules too."""
    night = lost_quickly()
    assert all(p.death.startswith("the first Strike (") for p in night.story.people), [
        p.death for p in night.story.people]
