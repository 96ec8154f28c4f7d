"""A deed's noise fits the deed. The ashcan's Messy success: "You do it, but you're clumsy. You
make noise or leave a mess behind." A deed done by force is told making its own noise; a deed
done quietly or held still ("I keep low and silent", "I grit my teeth and wait it out") is
never told as the noisy thing itself ("keeps low and silent, and it works, with a clatter the
whole night hears"): its noise is an accident on the way. And a Clean deed done by force is
never told as silent ("puts their whole weight into it, and it works, without a sound")."""

from __future__ import annotations

import pytest

from solo.director.listen import loud, manner
from solo.nott.rules import ASHCAN, PLAYTEST
from solo.sim.autoplay import autoplay

#: What tells the deed itself as the noise.
DEED_NOISE = ("not quietly", "the noise carries a long way", "with a clatter the whole night hears", "But it's loud",
              "It's noisy")
#: What tells a deed as silent.
SILENT = ("without a sound", "nothing hears it", "No sound, no trace", "Not a sound", "Nobody hears a thing",
          "without a whisper", "Clean work, and quiet", "leaves no sound")


@pytest.mark.parametrize("line, how", [
    ("I keep low and silent, and I take my time", "hush"),
    ("I grit my teeth and wait it out", "hush"),
    ("I reach in, slow and gentle", "hush"),
    ("I take a run at it, shoulder first", "force"),
    ("I plant my feet and put my whole weight into it", "force"),
    ("I kick it until it breaks", "force"),
    ("I heave it up on the count of three", "force"),
    ("I work backwards from what it wants us to do", None),
    ("", None),
])
def test_a_deeds_manner_is_read_from_its_words(line, how):
    assert manner(line) == how


def _outcomes(night):
    """(the line said for a Test, its outcome's telling), Test by Test."""
    said = None
    for step in night.steps:
        if step.say and step.ask is None and not (step.death or step.noted or step.xcard):
            said = step.say
        told = " ".join(t for k, t in step.narration if k.partition(".")[0] == "outcome")
        if told and said:
            yield said, told
            said = None


def test_over_whole_nights_a_deeds_noise_is_its_own_only_when_it_is_done_by_force():
    read = {"force": 0, "other": 0}
    for seed in range(1, 9):
        night = autoplay(seed, ASHCAN if seed % 2 else PLAYTEST, "careful", out=None, questions=False)
        for line, told in _outcomes(night):
            noisy = loud(line) or manner(line) == "force"
            read["force" if noisy else "other"] += 1
            wrong = SILENT if noisy else DEED_NOISE
            assert not any(w in told for w in wrong), (seed, line, told)
    assert read["force"] >= 10 and read["other"] >= 20, read


#: How the body came by a small harm, told with it.
HOW_HURT = ("scrambling clear", "stumbles", "legs give out", "backs away from it too fast", "scramble away",
            "goes down hard", "backs into something hard", "foot turns on something")


@pytest.mark.parametrize("success", [True, False])
def test_a_small_harm_after_a_deed_of_the_mind_says_how_the_body_came_by_it(success):
    """A Costly Fallout with nothing to lose leaves a small harm: after holding one's nerve or
    working a thing out, "Tina pays for it with a skinned knee" does not follow; "on the way back
    from it Tina stumbles" does. A deed of the body may say it plainly."""
    from solo.narration import Beat, TemplateNarrator

    f = {"people": [{"name": "Tina", "pronouns": "she/her"}], "tests": 12, "stage": "dread", "endgame": False,
         "living": ["Tina", "Bo"], "living_count": 2}
    ctx = {"name": "Tina", "archetype": "The Babysitter", "severity": "dangerous", "killer": False,
           "success": success, "fallout": 3, "fallout_name": "Costly", "strike": False, "strike_count": 0,
           "dies": False, "added_face": None, "living": f["living"], "living_count": 2, "f": f, "pace": "tense",
           "scrape": "a skinned knee"}
    plain = set()
    for suit in ("Resolve", "Intellect", "Power"):
        for seed in range(3):
            for v in range(12):
                told = TemplateNarrator(seed).render(Beat("outcome", ctx | {"suit": suit}), v)
                assert "a skinned knee" in told, told
                if suit != "Power":
                    assert any(h in told for h in HOW_HURT), told
                else:
                    plain.add(any(h in told for h in HOW_HURT))
    assert False in plain  # a deed of the body may tell it plainly


def test_a_deed_said_aloud_is_loud_and_never_told_as_silent():
    """ "I read the scratches around the lock out loud" was told "…, and it works, without a sound"."""
    from solo.narration import Beat, TemplateNarrator

    line = "I read the scratches around the lock out loud and try the numbers."
    assert loud(line) and not loud("I read the scratches around the lock and try the numbers.")
    f = {"people": [{"name": "Ash", "pronouns": "she/her"}], "tests": 3, "stage": "unease", "endgame": False,
         "living": ["Ash"], "living_count": 1}
    ctx = {"name": "Ash", "archetype": "The New Kid", "suit": "Intellect", "severity": "atmospheric",
           "killer": False, "success": True, "fallout": 1, "fallout_name": "Clean", "strike": False,
           "strike_count": 0, "dies": False, "added_face": None, "living": ["Ash"], "living_count": 1, "f": f,
           "action": "read the scratches around the lock out loud and try the numbers", "loud": loud(line)}
    for pace in ("quiet", "tense"):
        for v in range(12):
            told = TemplateNarrator(v).render(Beat("outcome", ctx | {"pace": pace}), v)
            assert not any(w in told for w in SILENT), told
