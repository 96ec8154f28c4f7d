"""A retold deed in the present tense: "Iris eases it open", not "Iris sets out to ease it open,
and it works".

The player's action comes to the narration as a bare verb phrase ("ease it open a finger's
width at a time", "keep their eyes open and not run"). :func:`does` tells it as the deed
itself, after a name: its main verb and the verbs joined to it, in the third person singular,
by the parse (:func:`solo.english.parse`) and lemminflect's forms (:func:`solo.english.inflect`).
Pure; "" when the phrase cannot be read so (no parse, no verb first).
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["does"]

_BARE = ("VB", "VBP")
#: The words that make a phrasal verb of the word before them ("double back", "back away").
_PARTICLES = frozenset("back up out away off down around over".split())
#: The nouns of a pair said as an aside ("heel to toe", "step by step", "face to face"): no verb.
_PAIRED = frozenset("heel toe hand face back shoulder step side cheek nose eye arm head foot inch".split())


def _bare(t) -> bool:
    """A verb in its bare form: tagged so, or a past tag on a form that is its own lemma
    ("put", "cut", "set": the parse cannot tell after "They")."""
    return t.pos in ("VERB", "AUX") and (t.tag in _BARE or (t.tag == "VBD" and t.lower == t.lemma.lower()))


def _after_comma(parse, k: int) -> bool:
    """Whether the word at ``k`` opens a clause after a comma (", count", ", and go", ", then
    move", ", and then run")."""
    j = k - 1
    while j > 0 and parse[j].lower in ("and", "then"):
        j -= 1
    return j < k and parse[j].text == "," and k - j <= 3


@lru_cache(maxsize=1024)
def does(phrase: str) -> str:
    """``phrase`` in the present after a name: "drag it clear" → "drags it clear"; "brace their
    feet and pull until something gives" → "braces their feet and pulls until something
    gives"; "keep their eyes open and not run" → "keeps their eyes open and does not run"."""
    from solo import english

    phrase = " ".join(str(phrase or "").split())
    if not phrase:
        return ""
    parse = english.parse("They " + phrase)
    if not getattr(parse, "parsed", False) or len(parse) < 2:
        return ""
    first = 1
    while first < len(parse) and parse[first].pos == "ADV":
        first += 1  # "quietly slip through"
    if first >= len(parse) or not _bare(parse[first]):
        return ""
    turned = {first}
    idiom = {k for k in range(first + 1, len(parse) - 2) if parse[k].lower in _PAIRED
             and parse[k + 1].lower in ("to", "by") and parse[k + 2].tag == "NN"}  # "heel to toe": no deed
    for k in range(first + 1, len(parse)):  # the verbs joined to it, with no subject of their own:
        t = parse[k]                          # "brace … and pull …", "… and not run"
        own = [c for c in parse.children(k) if c and parse[c].dep in ("nsubj", "nsubjpass")]  # not the "They" put first
        if k in idiom:
            continue
        if not own and t.dep in ("conj", "ROOT", "parataxis") and (_bare(t) or (
                t.dep == "conj" and parse[k - 1].lower in ("and", "then") and "VERB" in english.parts_of(t.lower)
                and (t.tag == "NN" or (t.tag == "JJ" and k + 1 < len(parse) and parse[k + 1].lower in _PARTICLES)))):
            turned.add(k)  # ("… and duck under its arm", "… and double back": read as a noun or an adjective, said as a verb)
        elif k not in turned and _after_comma(parse, k) and (t.pos == "VERB" or (
                t.pos == "NOUN" and k + 1 < len(parse) and parse[k + 1].pos in ("PRON", "DET"))) and \
                english.bare_verb(t.lower):
            turned.add(k)  # a deed gone on with after a comma: "breathe, count to three, … then move"
    out = []
    for k in range(1, len(parse)):
        t = parse[k]
        word = t.text
        if k in turned and parse[k - 1].lower != "not":  # "… and not run": "does not run"
            word = "is" if t.lemma.lower() == "be" else \
                english.inflect(t.lemma.lower() if t.pos in ("VERB", "AUX") else t.lower, "VBZ")
        elif t.lower == "not" and k + 1 in turned:
            word = "does not"
        out.append(word + (" " if t.space else ""))
    return "".join(out).strip()
