"""What a Test did to its hazard: the thing the Threat Card put in the way, named again when the
outcome is told ("The padlock gives up its secret.", "The wardrobe does not give.").

The events are fixed; the telling closes what it opened. The hazard comes as the templates told
it ("At the boathouse: a sleeping dog lies across the doorway."); :func:`met` reads it by its
parse (:func:`solo.english.parse`) to the thing it is about, told definite ("the sleeping dog"),
whether that is many things, and what kind of hazard it is:

- ``thing``: something in the way, to force, slip past, work out or bear ("a combination lock");
- ``deed``: the hazard is a thing to work out ("working out which way the road lies"), told back
  done ("works out which way the road lies"); a deed of the body is the player's own, not told twice;
- none: a person, the Killer, something vague ("someone", "something", "one of you"), or no
  parse: the outcome says nothing of it rather than something wrong.

Pure.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["deedlike", "many", "met"]

#: Frames the threat template puts round a hazard: where it is, "Then there is", "Then:".
_FRAMES = (
    re.compile(r"^(?:Here at|At) [^:,]{1,60}[:,] "),
    re.compile(r"^(?:Then: |There's |There are )"),
    re.compile(r", here at [^,.]{1,60}(?=\.$)"),
    re.compile(r"\. That's what is waiting\.$"),
)
#: The composer's openers of a line told again ("Again, the old photographs …").
_OPENER = re.compile(r"^(?:Again|Once more|Then|This time|Just as before|And then|Somehow|Meanwhile|By now|Even so), ")
#: A hazard giving way underfoot ("the ground gives way", "a loose board sags"): it holds, or not.
_GIVES = re.compile(r"\b(?:giv(?:es|ing) way|crumbl\w*|sag(?:s|ging)?|slides?|rotten)\b")
#: A hazard coming down on you ("the shelving topples", "a dead tree leans"): it misses, or not.
_DROPS = re.compile(r"\b(?:toppl\w*|com(?:es|ing) down|falling|collaps\w*|rolling|lean(?:s|ing)? over|tipp\w*)\b")
#: A thing that has to be held shut ("a heavy door that has to be held shut while something leans
#: on the other side"): it holds, or it does not; it is never shoved until it moves.
_SHUT = re.compile(r"\b(?:has|have) to be (?:held|kept) shut\b")
#: Words a hazard's thing is never read from: people, the vague, the Killer's own parts.
_NOT_A_THING = frozenset(
    "someone somebody anyone anybody friend guest body one something nothing everything anything it you "
    "killer way trap quiet silence dark night man woman guy girl boy kid child baby dancer stranger linebacker "
    "uncle aunt sister brother cousin counsellor counselor ranger sheriff cop deputy neighbour neighbor people "
    "person figure shape hand grip arm wrist ankle face finger".split())
#: The deeds a hazard may be ("working out which way the road lies"): a thought's result, told done.
#: A deed of the body ("getting past the mask") is the player's own deed told again: not told.
_THOUGHT = frozenset(("work", "figure", "find"))
#: Heads whose "of" phrase is the thing itself ("a knot of drunk guests", "a ring of kindling").
_OF = frozenset("knot ring list trail patch pair stack row mess pile set line crowd bunch heap sheet wall".split())
#: The kept parts of a thing's phrase, left of its head.
_LEFT = frozenset(("det", "amod", "compound", "poss", "nummod", "case", "advmod", "npadvmod"))


@lru_cache(maxsize=4096)
def met(hazard: str | None, killer: str = "") -> dict | None:
    """The hazard's thing as an outcome tells it again: ``{"kind": "thing", "the": "the sleeping
    dog", "many": False, "falls": None}`` (``falls``: "holds" for a thing giving way underfoot, "drops" for one
    coming down on you, "shut" for one to be held shut) or ``{"kind": "deed", "does": "works out which way the road lies"}``;
    None where nothing can be said of it safely (see the module). ``killer``: the Killer's
    name, never read as a thing."""
    from solo import english

    text = " ".join(str(hazard or "").split())
    for frame in _FRAMES:
        text = frame.sub("", text)
    text = text.strip()
    if not text or "Killer" in text or " of you" in text or (killer and killer.lower() in text.lower()):
        return None
    first = _OPENER.sub("", text.split(";")[0].rstrip("."))
    if not first:
        return None
    parse = english.parse(first[:1].upper() + first[1:])
    if not getattr(parse, "parsed", False) or len(parse) < 2:
        return None
    word = first.split()[0].lower()
    if word.endswith("ing") and english.lemma_of(word, "VERB") != word and \
            not any(parse[r].tag in ("VBZ", "VBP", "VBD", "MD") for r in parse.roots()):  # not "scratching starts …"
        if english.lemma_of(word, "VERB") not in _THOUGHT:
            return None
        from .tense import does

        done = does(english.lemma_of(word, "VERB") + first[len(word):])
        return {"kind": "deed", "does": done} if done else None
    if parse[0].lower in ("there", "there's", "with", "past"):  # "There is no going back now …": no thing
        return None
    head = next((k for k, t in enumerate(parse) if (t.pos in ("NOUN", "PROPN") and t.dep not in _LEFT) or (
        t.tag == "VBG" and t.dep == "nsubj")), None)  # "scratching starts …": the scratching
    if head is None or parse[head].dep in ("pobj", "dobj", "attr"):  # "everyone in the room": not the room
        return None
    if head > 0 and parse[head - 1].dep in ("compound", "amod") and parse[head - 1].pos in ("NOUN", "VERB") and \
            parse[head].tag == "NNS" and \
            head + 1 < len(parse) and parse[head + 1].pos in ("ADP", "ADV", "SCONJ", "PUNCT") and \
            "VERB" in english.parts_of(parse[head].lower):  # "a swing moves by itself", read as one noun
        head -= 1
    h = parse[head]
    if (h.pos not in ("NOUN", "PROPN") and h.tag != "VBG") or h.lemma.lower() in _NOT_A_THING or h.lower in _NOT_A_THING:
        return None
    keep = {head}
    for c in parse.children(head):
        if c < head and parse[c].dep in _LEFT:
            keep.update(parse.subtree(c))
    if h.lemma.lower() in _OF:
        for c in parse.children(head):
            if c > head and parse[c].lower == "of":
                for o in parse.children(c):
                    if parse[o].dep == "pobj" and parse[o].pos == "NOUN":
                        keep.add(c)
                        keep.add(o)
                        keep.update(k for k in parse.children(o) if k < o and parse[k].dep in _LEFT)
    words = [parse[k] for k in sorted(keep)]
    if words[0].lower in ("every", "each", "all", "no", "both", "any"):  # "every door": no one thing
        return None
    if words[0].lower in ("a", "an", "some", "another", "one", "this", "that"):
        words = words[1:]
        lead = "the "
    elif words[0].lower == "the" or words[0].dep == "poss" or words[0].tag == "PRP$":
        lead = ""
    else:
        lead = "the "
    if not words:
        return None
    told = [t.text + (" " if t.space else "") for t in words]
    if sorted(keep)[0] == 0:
        told[0] = told[0].lower() if lead or not told[0].lower().startswith("the") else "the" + told[0][3:]
    phrase = lead + "".join(told).strip()
    if len(phrase.split()) > 6:
        return None
    return {"kind": "thing", "the": phrase, "many": h.tag in ("NNS", "NNPS"), "falls": "shut" if _SHUT.search(text) else "holds" if _GIVES.search(text) else "drops" if _DROPS.search(text)
            else None}


@lru_cache(maxsize=4096)
def deedlike(hazard: str) -> bool:
    """Whether ``hazard`` is told as a deed, not a thing ("working out which way the road lies",
    "keeping perfectly still …"): it opens on a verb's -ing form."""
    from solo import english

    word = (str(hazard or "").split() or [""])[0].lower()
    return word.endswith("ing") and "VERB" in english.parts_of(word) and english.lemma_of(word, "VERB") != word


def many(hazard: str) -> bool:
    """Whether the thing ``hazard`` is about is many ("trail markers that have been moved")."""
    m = met(hazard)
    return bool(m and m.get("many"))
