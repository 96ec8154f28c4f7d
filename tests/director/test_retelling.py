"""The player's words are retold faithfully, or quoted: a retelling is one clause of the
character's own action, first person turned to third; anything else (another person in it, a
verb that reads wrong after "tries to") is quoted instead."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solo.director.listen import action_phrase
from solo.world.pronouns import parse_pronouns

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


# ---------------------------------------------------------------- the cast's own pronouns

SETS = ["she/her", "he/him", "they/them", "it/its", "xe/xem/xyr/xyrs/xemself", "ze/hir/hir/hirs/hirself",
        "ey/em/eir/eirs/emselves"]
#: Inner clauses with the first person as subject: "and I <verb> …" must agree with the pronouns.
INNER = ["and I run for it", "and I don't look back", "and I am ready", "and I was too slow", "and I have to hurry",
         "and I really am sure", "and I just wait", "and I can see it", "and i wait", "and I've got it",
         "and I'm ready", "and I'll hold it", "and I'd do it again", "and I ran", "and I dwindle", "and I go",
         "and I try again", "and I do it", "and I reach it", "and I carry mine", "where I am",
         "until I feel safe", "so I can breathe", "and I brace myself", "as I said"]
INNER_OBJECTS = OBJECTS + ["myself", "mine", "my own two hands", "the map with me", "MY bag", "My knife"]
BARE = {"run", "look", "wait", "hold", "ran", "go", "try", "do", "reach", "carry", "brace", "see", "feel", "breathe",
        "dwindle"}
#: Every form of every set: a retelling may use only its own character's, or what the line itself said.
ALL_FORMS = {f for s in SETS for f in (lambda p: (p.subject, p.object, p.determiner, p.possessive, p.reflexive))(
    parse_pronouns(s))}
WORD = re.compile(r"[A-Za-z']+")


@st.composite
def custom_sets(draw):
    """A set of one's own, all five forms (of letters no English word here has)."""
    stem = draw(st.from_regex(r"q[a-z]{1,3}", fullmatch=True))
    return f"{stem}/{stem}m/{stem}r/{stem}rs/{stem}m{draw(st.sampled_from(['self', 'selves']))}"


@st.composite
def first_person_lines_with_inner_clauses(draw):
    lead, verb, obj = draw(st.sampled_from(LEADS)), draw(st.sampled_from(VERBS)), draw(st.sampled_from(INNER_OBJECTS))
    inner = draw(st.sampled_from(["", " "] + [" " + x for x in INNER]))
    return f"{lead} {verb} {obj}{inner.rstrip()}{draw(st.sampled_from(TAILS))}{draw(st.sampled_from(['.', '!', '']))}"


def _words(text):
    return [w.lower() for w in WORD.findall(text)]


@settings(max_examples=600, deadline=None)
@given(first_person_lines_with_inner_clauses(), st.one_of(st.sampled_from(SETS), custom_sets()))
def test_a_retelling_speaks_of_the_character_with_their_own_pronouns(line, spec):
    """Retold for a character of any pronouns: no first or second person left, nothing that
    reads wrong after "tries to", every verb after the character's pronoun agreeing with it
    ("she is", "they are", "xe runs"), and no pronoun of another set the line did not say."""
    p = parse_pronouns(spec)
    phrase = action_phrase(line, p)
    if phrase is None:
        return  # quoted instead
    assert not FIRST_OR_SECOND.search(phrase), (line, spec, phrase)
    assert not re.search(r"\bi\b", phrase, re.I), (line, spec, phrase)
    assert phrase.split()[0].lower() not in {"try", "go", "be", "get", "am", "is", "gonna"}, (line, spec, phrase)
    words, said = _words(phrase), set(_words(line))
    own = {p.subject, p.object, p.determiner, p.possessive, p.reflexive}
    strangers = [w for w in words if w in ALL_FORMS - own and w not in said]
    assert not strangers, (line, spec, phrase, strangers)
    if p.plural:
        wrong = r"is|was|has|does|doesn't|isn't|wasn't|am|runs|waits|goes|tries|reaches|carries|holds"
    else:
        wrong = r"are|were|have|do|don't|aren't|weren't|haven't|am|" + "|".join(BARE - {"ran"})
    adverbs = r"(?:(?:just|really|also|still|never|always|then|finally)\s+)*"
    bad = re.search(rf"\b{re.escape(p.subject)}\s+{adverbs}(?:{wrong})\b", phrase, re.I)
    assert not bad, (line, spec, phrase, bad.group(0))
    if p.subject not in said and p.subject != p.object:  # each "I" became the subject: one for one ("it" is both)
        assert words.count(p.subject) <= len(re.findall(r"\bI\b|\bI'", line, re.I)), (line, spec, phrase)


@pytest.mark.parametrize("spec, expected", [
    ("she/her", "brace her feet and wait"),
    ("he/him", "brace his feet and wait"),
    ("they/them", "brace their feet and wait"),
    ("xe/xem/xyr/xyrs/xemself", "brace xyr feet and wait"),
])
def test_each_form_of_the_first_person_becomes_the_characters_own(spec, expected):
    assert action_phrase("I brace my feet and I wait. It holds me.", parse_pronouns(spec)) == expected
    p = parse_pronouns(spec)
    assert action_phrase("I tell myself it is fine", p) == f"tell {p.reflexive} it is fine"
    assert action_phrase("I pull mine out", p) == f"pull {p.possessive} out"
    assert action_phrase("I wave so they see me", p) == f"wave so they see {p.object}"


def test_a_verb_the_retelling_cannot_agree_is_quoted_not_guessed():
    she = parse_pronouns("she/her")
    assert action_phrase("I grab my bag and I dwindle", she) is None  # "she dwindle"? "she dwindles"? not known
    assert action_phrase("I grab my bag and I dwindle", parse_pronouns("they/them")) == \
        "grab their bag and they dwindle"  # "they" takes the first person's verb as it is
    assert action_phrase("I stay where I am", she) == "stay where she is"
    assert action_phrase("I lift it with everything I've got", she) == "lift it with everything she's got"
    # a later "I" joined to the action: the bare verb the frame takes ("sets out to … and not run")
    assert action_phrase("I keep my eyes open and I don't run", she) == "keep her eyes open and not run"
    assert action_phrase("I grab my flashlight and I run for the door", she) == "grab her flashlight and run for the door"
    assert action_phrase("I count to three and then I really go for it") == "count to three and then really go for it"
    assert action_phrase("I duck low and I'm gone", she) == "duck low and she's gone"  # no bare form: agreed
    assert action_phrase("I run and I ran", she) == "run and she ran"  # a past verb is not made bare


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
    from solo.narration.environment import plural
    from solo.nott.rules import ASHCAN
    from solo.sim.autoplay import autoplay

    assert plural("truck keys") and plural("matches") and not plural("compass") and not plural("hatchet")
    assert not plural("box of matches") and plural("boxes of matches")
    wrong = re.compile(r"\b(?:keys|matches|batteries|glasses|binoculars) (?:is|goes|stays|slips|was)\b")
    told_plural = 0
    for seed in range(1, 17):
        night = autoplay(seed, ASHCAN, "naive", out=None, questions=False)
        told = " ".join(t for s in night.steps for _k, t in s.narration)
        assert not wrong.search(told), (seed, wrong.search(told).group(0))
        told_plural += len(re.findall(r"\b(?:keys|matches|batteries|glasses|binoculars)\b", told))
    assert told_plural >= 10  # the nights do tell plural things


def test_an_award_spent_at_once_is_not_told_as_holding_no_one():
    from solo.narration import TemplateNarrator
    from solo.narration.beats import Beat

    n = TemplateNarrator(seed=1)
    for v in range(12):
        text = n.render(Beat("award", {"name": "Pam", "archetype": "The Slacker", "held": 0, "pool_left": 9,
                                       "trope": "hiding in the closet"}), v)
        assert "no one" not in text and "holds" not in text, text
