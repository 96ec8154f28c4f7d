"""The player's words are retold faithfully, or quoted: a retelling is one clause of the
character's own action, first person turned to third; anything else (another person in it, a
verb that reads wrong after "tries to") is quoted instead."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from solo.director.listen import action_phrase

FIRST_OR_SECOND = re.compile(r"\b(?:i|i'm|i'll|i've|i'd|me|my|mine|myself|we|we're|us|our|ours|you|your|yours)\b",
                             re.I)
LEADS = ["I", "I'll", "I will", "I'm going to", "I'm gonna", "I try to", "Let me", "I need to", "Okay. I"]
VERBS = ["grab", "check", "try", "go", "be", "run for", "hold", "kick", "tell", "keep", "pull", "look at", "open",
         "get", "climb", "hide behind", "wave at"]
OBJECTS = ["my flashlight", "the fuse box", "you", "the door", "our map", "me", "us", "it", "the others",
           "right back", "myself together", "the lock with my knife", "what we found"]
TAILS = ["", " and we go", ", I'm going to check the fuse box", " while you watch", " and I don't look back",
         " until it breaks", "; then we run", " with my own hands", " - you follow me"]


@st.composite
def first_person_lines(draw):
    return (f"{draw(st.sampled_from(LEADS))} {draw(st.sampled_from(VERBS))} {draw(st.sampled_from(OBJECTS))}"
            f"{draw(st.sampled_from(TAILS))}{draw(st.sampled_from(['.', '!', '', '?']))}")


@settings(max_examples=400, deadline=None)
@given(first_person_lines())
def test_a_retelling_holds_no_first_or_second_person_and_reads_after_tries_to(line):
    phrase = action_phrase(line)
    if phrase is None:
        return  # quoted instead
    assert not FIRST_OR_SECOND.search(phrase), (line, phrase)
    assert phrase.split()[0].lower() not in {"try", "go", "be", "get", "am", "is", "gonna"}, (line, phrase)
    assert not re.search(r"\b(?:we|us|our|you|your)\b", phrase, re.I), (line, phrase)


def test_the_lines_that_were_garbled_are_quoted_now():
    for line in ("I'll be right back, I'm going to check the fuse box.", "I grab my compass and we go.",
                 "I try the numbers from the old sign.", "I go through it out loud."):
        assert action_phrase(line) is None, line


def test_what_can_be_rephrased_still_is():
    assert action_phrase("I brace my feet and pull until something gives.") == \
        "brace their feet and pull until something gives"
    assert action_phrase("Okay. I pick the lock with a hairpin.") == "pick the lock with a hairpin"
    assert action_phrase("I grab the poker, then we run for it.") == "grab the poker"
    # the first action is the action: an aside after it is never retold in its place
    assert action_phrase("I'll be right back. I check the fuse box.") is None
    assert action_phrase("I go through it out loud, step by step. I keep my compass close.") is None


def test_the_outcome_quotes_what_it_cannot_retell():
    """A whole night with a line that cannot be retold: the player's words appear in quotes,
    never as a garbled phrase."""
    from solo.nott import quick_cast
    from solo.nott.rules import ASHCAN
    from solo.play.night import Night
    from solo.narration import TemplateNarrator
    import random
    from solo.sim.policies import get_policy, next_actions

    night = Night(quick_cast(6), ASHCAN, 6, narrator=TemplateNarrator(seed=6))
    night.start()
    rng = random.Random(6)
    while night.game.phase != "choose tester":
        night.act(next_actions(night.game, get_policy("careful"), rng))
    tester = next_actions(night.game, get_policy("careful"), rng)
    night.act(tester, say="I'll be right back, I'm going to check the fuse box.")
    while not any(k == "outcome" for s in night.steps[-1:] for k, _t in s.narration):
        night.act(next_actions(night.game, get_policy("careful"), rng))
    told = " ".join(t for s in night.steps for k, t in s.narration if k == "outcome")
    plain = re.sub(r"“[^”]*”|\"[^\"]*\"", "", told)  # the player's own words, quoted, are theirs
    assert told and "be right back, they" not in told
    assert not re.search(r"\b(?:I|I'm|I'll|me|my|mine|myself|we|we're|us|our|ours)\b", plain), told


def test_a_plural_thing_is_told_in_the_plural():
    from solo.narration.templates import plural
    from solo.nott.rules import ASHCAN
    from solo.sim.autoplay import autoplay

    assert plural("truck keys") and plural("matches") and not plural("compass") and not plural("hatchet")
    assert not plural("box of matches") and plural("boxes of matches")
    wrong = re.compile(r"\b(?:keys|matches|batteries|glasses|binoculars) (?:is|goes|stays|slips|was)\b")
    for seed in range(1, 41):
        night = autoplay(seed, ASHCAN, "naive", out=None, questions=False)
        told = " ".join(t for s in night.steps for _k, t in s.narration)
        assert not wrong.search(told), (seed, wrong.search(told).group(0))


def test_an_award_spent_at_once_is_not_told_as_holding_no_one():
    from solo.narration import TemplateNarrator
    from solo.narration.beats import Beat

    n = TemplateNarrator(seed=1)
    for v in range(12):
        text = n.render(Beat("award", {"name": "Pam", "archetype": "The Slacker", "held": 0, "pool_left": 9,
                                       "trope": "hiding in the closet"}), v)
        assert "no one" not in text and "holds" not in text, text
