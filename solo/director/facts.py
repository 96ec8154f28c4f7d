"""Facts: what an answer, the opening or the playset has established, matched on meaning.

A fact is a subject and a predicate, each read as a set of lemmas ("the cellar door" →
{cellar, door}; "standing open" → {open}: *stand*, *stay*, *still* and the like say nothing of
the fact), and whether it holds. A question matches a fact when it is about the same subject
(the same character, thing or place of the night, or the same words: "the door to the cellar"
is "the cellar door") and asks the same predicate, or the other way round ("closed" is "not
open", "unlocked" is "not locked"); so a question asked again in other words gets the answer it
had, and the oracle never answers against what is known.
"""

from __future__ import annotations

import re

from dataclasses import dataclass
from .understand import AUX, WH, Reading

#: Words that carry nothing of a fact ("is the cellar door *still standing* open?").
LIGHT = frozenset("be stand stay remain still really just seem look appear get keep sit lie right now all even "
                  "actually currently yet already anymore any more so very too quite do have go come there "
                  "that this it its one thing way like kind sort tonight".split())
#: Predicates that are the other way round of another: the key reads them as that one, negated
#: ("closed", "out", "broken" and "off" are "open" the other way round: a way, a light, a phone).
ANTONYMS = {"closed": "open", "close": "open", "shut": "open", "off": "open", "out": "open", "broken": "open",
            "blocked": "open", "block": "open", "impassable": "open", "on": "open", "working": "open",
            "work": "open", "clear": "open", "passable": "open",
            "unlocked": "lock", "unlock": "lock", "locked": "lock", "dead": "alive", "empty": "full",
            "dark": "lit", "unlit": "lit", "lit": "lit", "outside": "inside", "away": "near", "far": "near",
            "asleep": "awake",
            "absent": "there", "unsafe": "safe", "unarmed": "armed", "unseen": "seen", "unknown": "known",
            "false": "true", "fake": "real", "unplugged": "plug", "unplug": "plug", "plugged": "plug",
            "disconnected": "connect", "disconnect": "connect", "connected": "connect"}
#: Predicates whose antonym above is itself, read the positive way (no flip).
_SAME = frozenset({"locked", "working", "work", "plugged", "connected", "on", "clear", "passable", "lit"})
_KEEP_SMALL = frozenset("out in off on open inside outside away up down here there near far".split())
_PARTICLES = frozenset("in on up down".split())
_CONTENT_POS = frozenset("NOUN PROPN ADJ VERB NUM X".split())
_STOP_PLAIN = frozenset("a an the this that these those of to in on at by for from with into and or but so then "
                        "i me my we us our you your he him his she her they them their it its is are was were am "
                        "do does did can could will would shall should may might must has have had not no".split())


@dataclass(frozen=True)
class Fact:
    """What is known: a subject, a predicate, whether it holds, and when it was said."""

    subject: frozenset  # lemmas, or {"person:2"} for a mention of the night
    head: str  # the subject's head lemma ("door"), or the mention
    predicate: frozenset  # lemmas
    yes: bool | None  # None: an open question's answer
    form: str  # "yesno" or "open"
    wh: str | None = None
    tests: int | None = None  # a fact of the moment ("where is it now?"): holds only until the next Test
    text: str | None = None  # the answer as it was told (kept once told)
    statement: str | None = None  # the fact told back as a statement
    question: str | None = None
    source: str = "answer"  # answer, opening, playset
    negated: bool = False  # the question that established it asked it the other way round
    words: frozenset = frozenset()  # the subject's own words, lemmas ("cellar", "door"), whatever it is keyed by
    twist: bool = False  # the oracle answered with a twist ("Yes, but…", "No, and…", the Killer breaking in)

    def matches(self, other: "Fact") -> bool:
        """Same subject, same predicate (one may say more: "washed out" and "out"), same form."""
        if self.form != other.form or self.wh != other.wh:
            return False
        if not _same_subject(self, other):
            return False
        a, b = self.predicate, other.predicate
        if not a and not b:
            return True
        if not self.subject or not other.subject:
            return a == b  # no subject to hold the two together: the same words, or nothing
        return bool(a & b) and (a <= b or b <= a)


def _same_subject(a: Fact, b: Fact) -> bool:
    if a.subject == b.subject:
        return True
    keyed = [x for x in (a, b) if any(":" in w for w in x.subject)]
    if len(keyed) == 1:  # one keyed by a mention of the night, one by words: the words decide
        x, y = a.words or a.subject, b.words or b.subject
        return bool(x) and bool(y) and (x <= y or y <= x)
    if not a.subject or not b.subject or a.head != b.head:
        return False
    return a.subject <= b.subject or b.subject <= a.subject


def _lemma(t) -> str:
    return (t.lemma or t.text).lower()


def _content(parse, indices, subject: bool = False) -> tuple[frozenset, bool]:
    """Content lemmas of the tokens at ``indices`` (antonyms read the other way), and whether
    an odd number of antonyms turned it over. A subject keeps its nouns ("a way out")."""
    out = set()
    flips = False
    for k in indices:
        t = parse[k]
        low, lem = t.lower, _lemma(t)
        if low in WH or low in AUX:
            continue
        if (lem in LIGHT or low in LIGHT) and not (subject and t.pos == "NOUN"):
            continue
        if parse.parsed:
            keep = t.pos in _CONTENT_POS and t.dep not in ("aux", "auxpass", "neg") or low in _KEEP_SMALL
        else:
            keep = low not in _STOP_PLAIN and low[:1].isalnum()
        if not keep or not low[:1].isalnum():
            continue
        out.add(low if low in ANTONYMS else lem)
    core = out - _PARTICLES
    if len(core) == 1 and not subject:  # one word says it: "closed" is "open" the other way round
        word = next(iter(core))
        if word in ANTONYMS:
            flips = word not in _SAME and ANTONYMS[word] != word
            out = {ANTONYMS[word]}
        elif word.startswith("un") and len(word) > 5 and word.endswith("ed"):
            flips, out = True, {word[2:]}
        elif out != core:
            out = core  # "plugged in" is "plugged"
    return frozenset(out), flips


def fact_of(r: Reading, tests: int | None = None, strict: bool = False) -> tuple[Fact, bool] | None:
    """The fact a question asks about, and whether it asks it the other way round; None when
    it names nothing to keep ("is it?"). ``strict``: only the sentence's grammatical subject
    is what it is about (a statement)."""
    parse = r.parse
    if not parse:
        return None
    found = _where_a_thing_is(r, tests)
    if found is not None:
        return found
    about = r.about
    if strict and about is not None and not any(parse[k].dep in ("nsubj", "nsubjpass", "expl")
                                                for k in range(about.start, about.end)):
        about = None
    span = r.subject if r.subject is not None else (about.start, about.end) if about is not None else None
    mention = about if about is not None and about.kind in ("person", "thing", "place", "killer", "night", "group",
                                                            "it") else None
    if span is not None and parse[span[0]].dep == "expl":  # "is there a way out?": the way out is the subject
        noun = next((k for k in range(span[1], len(parse)) if parse[k].dep in ("attr", "nsubj", "dobj")
                     and parse[k].pos in ("NOUN", "PRON", "PROPN")), None)
        if noun is not None:
            span = (span[1], max(parse.subtree(noun)) + 1)
            mention = None
    if mention is not None:
        kind = "killer" if mention.kind == "it" and str(r.ask or "").startswith("killer") else mention.kind
        subject = frozenset({f"{kind}:{mention.ref}"})  # "is it watching us?" is "is the Killer watching us?"
        head = f"{kind}:{mention.ref}"
        taken = set(range(mention.start, mention.end))
        if span is not None and mention.start >= span[0] and mention.end <= span[1]:
            taken |= set(range(*span))
    elif span is not None:
        subject, _ = _content(parse, range(*span), subject=True)
        head_k = next((k for k in range(*span) if parse[k].dep in ("nsubj", "nsubjpass")), None)
        if head_k is None:  # (a subject found by word order: its last noun)
            head_k = next((k for k in range(span[1] - 1, span[0] - 1, -1) if parse[k].pos in ("NOUN", "PROPN")),
                          span[1] - 1)
        head = _lemma(parse[head_k])
        taken = set(range(*span))
    else:
        subject, head, taken = frozenset(), "", set()
    rest = [k for k in range(len(parse)) if k not in taken]
    predicate, flips = _content(parse, rest)
    if not subject and not predicate:
        return None
    negated = r.negated != flips
    words = _content(parse, sorted(taken), subject=True)[0] if taken else frozenset()
    return Fact(subject, head, predicate, None, r.form, r.wh if r.form == "open" else None, tests,
                question=r.text, words=words), negated


#: Verbs that say a place or a thing holds another ("does the cabin have a radio?").
_HAVING = frozenset({"have", "contain", "hold", "got"})
#: The place of the moment, said as a word: nothing of the fact ("a way out of here").
_DEICTIC = frozenset({"here", "there", "now"})


def _own_words(parse, noun: int) -> list[int]:
    """A noun and the words that make its name ("a working radio", "the cellar door"), not
    the phrases after it."""
    return sorted({noun} | {k for k in parse.children(noun) if parse[k].dep in (
        "det", "amod", "compound", "nummod", "poss", "nmod")} | (
        {noun + 1} if noun + 1 < len(parse) and parse[noun + 1].lower in _NOUN_PARTICLES else set()))


#: Words right after a noun that are part of its name: "a way out", "a way through", "a way back".
_NOUN_PARTICLES = frozenset({"out", "through", "back"})


def _where_a_thing_is(r: Reading, tests: int | None) -> tuple[Fact, bool] | None:
    """One fact however it is asked: "is there a radio in the cabin?", "does the cabin have a
    radio?" and "is there a radio in there?" are the radio, and where it is; "is there a way out
    of here?" and "is there any way out?" the way out. None for other shapes."""
    parse = r.parse
    if not parse.parsed or r.form != "yesno":
        return None
    lemmas = [_lemma(t) for t in parse]
    there = next((k for k, t in enumerate(parse) if t.dep == "expl" and t.lower == "there"), None)
    if there is not None:
        noun = next((k for k in range(there + 1, len(parse)) if parse[k].pos in ("NOUN", "PROPN", "PRON")), None)
        if noun is None or parse[noun].pos == "PRON":
            return None  # "is there anything in locker 3?": what is in the locker
        own = _own_words(parse, noun)
        rest = [k for k in range(len(parse)) if k not in own and k != there and parse[k].lower not in _DEICTIC]
    else:
        verb = next((k for k, t in enumerate(parse) if t.dep == "ROOT" and lemmas[k] in _HAVING), None)
        if verb is None:
            return None
        holder = next((k for k in parse.children(verb) if parse[k].dep == "nsubj"), None)
        noun = next((k for k in parse.children(verb) if parse[k].dep == "dobj" and parse[k].pos == "NOUN"), None)
        if holder is None or noun is None or parse[holder].pos not in ("NOUN", "PROPN"):
            return None  # "do we have a radio?" is what the group carries, not where a thing is
        if any(m.kind in ("person", "group") and m.start <= holder < m.end for m in r.mentions):
            return None
        own = _own_words(parse, noun)
        rest = [k for k in parse.subtree(holder) if parse[k].dep != "det"]
    subject, _ = _content(parse, own, subject=True)
    where, flips = _content(parse, rest)
    if not subject:
        return None
    predicate = where - _PARTICLES - {"inside", "at"}  # "in the cabin", "the cabin has": the cabin
    negated = r.negated != flips
    head = _lemma(parse[noun])
    return Fact(subject, head, frozenset(predicate), None, r.form, None, tests, question=r.text,
                words=subject), negated


def statement_fact(text: str, source: str, lexicon=None) -> Fact | None:
    """A fact the opening or the playset states ("The last road out washed away"): its
    subject, its predicate, and whether it holds (a "not" in it: it does not)."""
    from .. import english
    from .understand import Lexicon, read

    r = read(text, lexicon or Lexicon([]))
    found = fact_of(r, strict=True)
    if found is None:
        return None
    fact, negated = found
    return Fact(fact.subject, fact.head, fact.predicate, not negated, "yesno", None, None,
                text=None, statement=english.normal(text).rstrip(".") or None, question=None, source=source,
                words=fact.words)


#: A thing told standing open now (not one that has to be forced open, nor could be).
_STANDS_OPEN = re.compile(r"\b(?:is|are|was|were|stands?|standing|stood|hangs?|hanging|hung|lies?|lying|sits?|"
                          r"sitting|yawns?|yawning|gapes?|gaping|swung|thrown|flung)\s+(?:\w+\s+)?open\b")
_SUPPOSED = re.compile(r"\b(?:has to|have to|must|needs? to|will take|would|could|can|if|whether|unless|tries|try)\b")


def contradicted(sentence: str, known, model: bool = False) -> Fact | None:
    """The known yes-or-no fact ``sentence`` states the other way round, if any ("the cellar
    door is locked" after "No: the cellar door is not locked"). Only clauses that name a
    fact's subject, word for word, are read."""
    import re

    for clause in re.split(r",? (?:and|but|so|while) |; |: |, then ", sentence):
        low = " " + re.sub(r"[^a-z0-9' ]", " ", clause.lower()) + " "
        candidates = [f for f in known if f.yes is not None and f.form == "yesno" and f.words and all(
            re.search(r" " + re.escape(w[:4]) + r"\w* ", low) for w in f.words)]
        if not candidates:
            continue
        said = statement_fact(clause, "narration")
        if said is None:
            continue
        for f in candidates:
            if f.matches(said) and said.yes != f.yes:
                return f
            if model and f.predicate == {"lock"} and f.yes and "open" in said.predicate and said.yes \
                    and not said.negated and _STANDS_OPEN.search(low) and not _SUPPOSED.search(low):
                return f  # a model's "the chapel door is locked", then "its doors standing wide open"
    return None


def find(known: list[Fact], asked: Fact, tests: int) -> Fact | None:
    """The known fact ``asked`` is about (the latest), if any: facts of a moment only within
    their own Test."""
    for fact in reversed(known):
        if fact.tests is not None and fact.tests != tests:
            continue
        if fact.matches(asked):
            return fact
    return None


#: What a fact says of another about the same subject: a thing locked is not open, a thing
#: open is not locked.
IMPLIES = {("lock", True): ("open", False), ("open", True): ("lock", False)}


def implied(known: list[Fact], asked: Fact, tests: int) -> tuple[Fact, bool] | None:
    """A known fact that decides ``asked`` though it is about another predicate ("is the
    chapel door open?" after "the chapel door is locked"), and the truth it gives."""
    if len(asked.predicate) != 1 or asked.form != "yesno":
        return None
    wanted = next(iter(asked.predicate))
    for fact in reversed(known):
        if fact.yes is None or len(fact.predicate) != 1 or (fact.tests is not None and fact.tests != tests):
            continue
        rule = IMPLIES.get((next(iter(fact.predicate)), fact.yes))
        if rule and rule[0] == wanted and _same_subject(fact, asked):
            return fact, rule[1]
    return None
