"""The typed deed told as the deed itself (solo/narration/tense.py): its verbs in the present
after a name, the rest in the player's words; "" where the phrase does not read so."""

from __future__ import annotations

import pytest

from solo import english
from solo.narration.tense import does

pytestmark = pytest.mark.skipif(english.missing() is not None, reason="no English pipeline here")


@pytest.mark.parametrize("phrase, told", [
    ("drag it clear", "drags it clear"),
    ("brace their feet and pull until something gives", "braces their feet and pulls until something gives"),
    ("keep their eyes open and not run", "keeps their eyes open and does not run"),
    ("put their shoulder into it, again and again", "puts their shoulder into it, again and again"),
    ("tell themselves it isn't real, and step forward", "tells themselves it isn't real, and steps forward"),
    ("wait for the gap and duck under its arm", "waits for the gap and ducks under its arm"),
    ("bait it with noise and double back", "baits it with noise and doubles back"),  # an adjective to the parse
    ("breathe, count to three, and go", "breathes, counts to three, and goes"),  # a list of three deeds
    ("keep it close and quiet", "keeps it close and quiet"),  # an adjective joined to an adjective
    ("try the numbers from the old sign", "tries the numbers from the old sign"),
    ("reach in", "reaches in"),
    ("quietly slip through", "quietly slips through"),
    ("grab the rope and the torch", "grabs the rope and the torch"),  # a thing joined is no deed
    ("wait for the wind to cover the sound, then move", "waits for the wind to cover the sound, then moves"),
    ("close their eyes, count, and open them again", "closes their eyes, counts, and opens them again"),
    ("grab the axe, swing it, and run", "grabs the axe, swings it, and runs"),  # after a comma, by the words' parts
    ("hit it, hard", "hits it, hard"),
    ("say its old name, right into the mask", "says its old name, right into the mask"),  # "right" no verb here
    ("move light, heel to toe", "moves light, heel to toe"),
    ("take a run at it, shoulder first", "takes a run at it, shoulder first"),
    ("keep talking to it, calm and even, while they back away", "keeps talking to it, calm and even, while they back away"),
])
def test_a_deed_is_told_in_the_present(phrase, told):
    assert does(phrase) == told


@pytest.mark.parametrize("phrase", ["", "the shed", "heard screaming"])
def test_what_is_no_deed_is_not_told_so(phrase):
    assert does(phrase) == ""


@pytest.mark.parametrize("line, deed", [
    ("I breathe, count to three, and go.", "breathe, count to three, and go"),
    ("I close my eyes, count, and open them again.", "close their eyes, count, and open them again"),
    ("I keep low and silent, and I take my time.", "keep low and silent, and take their time"),
    ("I wait for the wind to cover the sound, then move.", "wait for the wind to cover the sound"),  # after "to …"
    ("I tell the others to stay behind me, and I go first.", "tell the others to stay behind them"),  # not theirs
    ("I hit it, hard.", "hit it"),  # an aside is not the deed
    ("I hit it, and hit it again, and don't stop.", "hit it"),  # the gesture once
    ("I pull, you push.", "pull"),  # another's deed is not this one's
    ("I hide, hoping it passes.", "hide"),
    ("I run; Kit follows.", "run"),
])
def test_a_deed_gone_on_with_after_a_comma_is_kept_whole(line, deed):
    """ "I close my eyes, count, and open them again" is one deed; told as "Tina closes her eyes,
    but only just", it is another."""
    from solo.director.listen import action_phrase

    assert action_phrase(line) == deed
