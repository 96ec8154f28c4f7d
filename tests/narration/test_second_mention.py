"""A name the sentence has already said is said again as a pronoun: "Priya gets through, without
her first-aid kit" (never "without Priya's first-aid kit"), "The Killer has Cat before they can
even turn", in the character's own pronouns."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from solo.narration import make_environment
from solo.narration.compose import _slots, sentences
from solo.narration.templates import _EMPTY_VIEW, DETAILS
from solo.nott.rules import ASHCAN

TEMPLATES = Path(__file__).resolve().parents[2] / "prompts" / "template"
#: The variables a template names a character by; ``lost`` is the name's own thing ("Priya's kit").
NAMED_BY = ("name", "h", "m.target", "suited", "pointed")


def _mentions(sentence: str, var: str) -> int:
    """How often a template sentence says the character ``var`` names by name."""
    n = len(re.findall(r"\{\{\s*" + re.escape(var) + r"\s*(?:\|\s*(?:possessive|owned\([^)]*\)|cap)\s*)*\}\}",
                       sentence))
    if var == "name":
        n += len(re.findall(r"\{\{\s*lost\s*\}\}", sentence))
    return n


def test_no_template_sentence_says_a_name_twice():
    """Catches the templates' sentences that name one character twice: "{{ name }} gets through,
    without {{ lost }}" ("Priya gets through, without Priya's first-aid kit"), "The Killer has
    {{ name }} before {{ name }} can even turn", "It is coming for {{ m.target }}, and it wants
    {{ m.target }} to know it", and the rest (26 such sentences in seven templates)."""
    twice = []
    for path in sorted(TEMPLATES.glob("*.j2")):
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for piece in re.split(r"\{%.*?%\}", line):  # a branch's alternatives are not one sentence
                for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z{])", piece):
                    if any(_mentions(sentence, var) >= 2 for var in NAMED_BY):
                        twice.append(f"{path.name}:{i}: {sentence.strip()}")
    assert not twice, "\n".join(twice)


def _outcome_lines(pronouns: str, **kw) -> list[str]:
    """Every candidate line outcome.j2 renders for Priya's Costly success that took her kit."""
    people = [{"name": "Priya", "pronouns": pronouns, "items": [], "lost": ["first-aid kit"], "alive": True},
              {"name": "Bo", "pronouns": "he/him", "items": ["road flare"], "lost": [], "alive": True}]
    ctx = {**DETAILS, "name": "Priya", "archetype": "The Rebel", "suit": "Finesse", "severity": "dangerous",
           "killer": False, "success": True, "fallout": 3, "fallout_name": "Costly", "strike": False,
           "strike_count": 0, "dies": False, "added_face": None, "lost_item": "first-aid kit", "living_count": 2,
           "f": {**_EMPTY_VIEW, "people": people, "living": ["Priya", "Bo"], "living_count": 2}, "v": 0,
           "setting": None, "kind": "outcome", **kw}
    rendered = make_environment(cache=False).get_template("template/outcome.j2").render(ctx)
    return [c for _name, _flags, cands, _fb in _slots(rendered) for c in cands]


@pytest.mark.parametrize("pronouns, own", [("she/her", "her"), ("he/him", "his"), ("they/them", "their"),
                                           ("xe/xem/xyr/xyrs/xemself", "xyr")])
def test_the_lost_thing_after_the_name_is_the_pronouns(pronouns, own):
    """Catches "Priya gets through, without Priya's first-aid kit" and "It costs Priya: Priya's
    first-aid kit slips away": once the sentence has said the name, the thing is "her first-aid
    kit" (in Priya's own pronouns); a sentence that has not said it yet names her."""
    told = _outcome_lines(pronouns)
    assert f"Priya's hands come away without {own} first-aid kit; it's gone." in told
    assert f"It costs Priya: {own} first-aid kit slips away and is lost." in told
    for success, killer in ((True, False), (False, False), (True, True), (False, True)):
        for line in _outcome_lines(pronouns, success=success, killer=killer, severity="killer" if killer else "dangerous"):
            for s in sentences(line):
                assert len(re.findall(r"\bPriya\b", s)) < 2, s
    assert "It costs, though: Priya's first-aid kit is gone, dropped somewhere in the dark." in told
    # a thing that names its own owner keeps it: "the Hendersons' car keys", never "her Hendersons'"
    keys = _outcome_lines(pronouns, lost_item="Hendersons' car keys")
    assert "Priya's hands come away without the Hendersons' car keys; they're gone." in keys


SETS = ["she/her", "he/him", "they/them", "xe/xem/xyr/xyrs/xemself"]


def test_whole_nights_say_each_name_once_a_sentence(monkeypatch):
    """Catches any template sentence the nights tell that names one character twice ("Everyone
    looks at Sid, the Townie, and Sid nods", "Sid makes it, and the Killer knows exactly where Sid
    is", "Hank's pocketknife is not where Hank left it") and a thing told with a pronoun before
    its owner's own name ("reaches for his Hendersons' car keys"), at the camp and the house
    party, with a cast of four pronoun sets."""
    from solo.playsets.loader import load_playset
    from solo.sim import autoplay

    dealt = autoplay.quick_cast
    monkeypatch.setattr(autoplay, "quick_cast", lambda seed, archetypes=None: [
        replace(c, pronouns=SETS[i % len(SETS)]) for i, c in enumerate(dealt(seed, archetypes=archetypes))])
    twice = []
    for seed, playset in ((3, None), (7, None), (21, "house-party")):
        night = autoplay.autoplay(seed, ASHCAN, "careful", out=None,
                                  playset=load_playset(playset) if playset else None)
        names = [c.name for c in night.cast]
        for step in night.steps:
            for kind, text in step.narration:
                plain = re.sub(r"“[^”]*”|\"[^\"]*\"", "", text)  # the player's own words are theirs
                for s in sentences(plain):
                    if any(len(re.findall(rf"\b{re.escape(n)}\b", s)) >= 2 for n in names):
                        twice.append(f"{kind}: {s}")
                    if re.search(r"\b(?:her|his|their|xyr) Hendersons'", s):
                        twice.append(f"{kind}: {s}")
    assert not twice, "\n".join(twice)
