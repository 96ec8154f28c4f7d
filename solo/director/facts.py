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

from . import senses
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
_KEEP_SMALL = frozenset("out in off on open inside outside away up down here there near far upstairs downstairs "
                        "home ahead behind underground overhead".split())
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
    gist: frozenset = frozenset()  # what the question speaks of, word by word (see :func:`gist`)
    signs: tuple = ()  # the senses its words say, and which way round: (("lit", False),)
    worded: bool | None = None  # whether what the question says, as worded (no "not"), holds
    anchors: frozenset = frozenset()  # the gist's things, places, people, Killer

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
        if "killer:None" in self.subject:  # the Killer watching the shed is not watching you
            return a == b
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


def _content(parse, indices, subject: bool = False, animate: bool = False) -> tuple[frozenset, bool]:
    """Content lemmas of the tokens at ``indices`` (antonyms read the other way), and whether
    an odd number of antonyms turned it over. A subject keeps its nouns ("a way out"); a
    predicate's words of a state are read as their sense (:mod:`solo.director.senses`: "dark"
    is "lit" the other way round), and a thing's names as the one it is kept under. ``animate``:
    the subject is someone (the Killer, one of the cast), so "dead" is not alive, not broken."""
    out = set()
    flips = False
    sensed = False
    indices = list(indices)
    at = set(indices)
    lemmas = [_lemma(t) for t in parse]
    skip: set[int] = set()
    if not subject:
        for k in indices:
            found = None if k in skip else senses.phrase_at(lemmas, k)
            if found is not None and all(j in at for j in range(k, k + found[0])):
                n, (sense, holds) = found
                skip |= set(range(k, k + n))
                out.add(sense)
                flips ^= not holds
                sensed = True
    for k in indices:
        if k in skip:
            continue
        t = parse[k]
        low, lem = t.lower, _lemma(t)
        if low in WH or low in AUX:
            continue
        said = None if subject or (animate and lem in _LIFE) or t.dep in ("aux", "auxpass", "neg") or (
            _placed(parse, k)) else senses.sense_of(low) or senses.sense_of(lem)
        if said is None and (lem in LIGHT or low in LIGHT) and not (subject and t.pos == "NOUN"):
            continue
        if parse.parsed:
            keep = t.pos in _CONTENT_POS and t.dep not in ("aux", "auxpass", "neg") or low in _KEEP_SMALL
        else:
            keep = low not in _STOP_PLAIN and low[:1].isalnum()
        if said is None and (not keep or not low[:1].isalnum()):
            continue
        if said is not None:
            out.add(said[0])
            flips ^= not said[1]
            sensed = True
            continue
        out.add(low if low in ANTONYMS else senses.name_of(lem if subject else _event_lemma(t)))
    if sensed:
        return frozenset(out - _PARTICLES), flips
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


_SENSES = frozenset(sense for sense, _ in senses.WORDS.values()) | frozenset(
    sense for sense, _ in senses.PHRASES.values())
#: What "it" is or does when it is the weather, the hour or the moment, not the Killer ("is it
#: raining?", "is it late?", "is it possible to get out?"), and the states only a thing is in.
_NOT_THE_KILLER = frozenset("rain raining snow snowing thunder thundering pour pouring storm storming drizzle "
                            "hail windy foggy misty cold warm hot freezing late early dark light bright quiet "
                            "possible over time night day morning dawn worth true okay ok far long lock locked "
                            "open working lit fuel loaded burn frozen stuck leaking signal occupied safe "
                            "this that there here".split())


def _its_doing(parse, indices) -> bool:
    """Whether "it", asked of with these words, is the Killer: it does or suffers something
    (bleeding, limping, climbing out, watching) that is not the weather, the hour or a thing's
    state."""
    said, _ = _content(parse, indices, animate=True)
    return bool(said) and not said & _NOT_THE_KILLER


#: Little words whose sense holds only as a particle: the light is *on*, not *on* the shed.
_PARTICLE_SENSES = frozenset({"on", "off", "out", "in", "up", "down", "over"})


def _placed(parse, k: int, subjects: bool = False) -> bool:
    """Whether the word at ``k`` is no sense where it stands: a little word heading a phrase
    ("on the shed"), or a noun naming a thing ("the *fire* extinguisher"; with ``subjects``,
    the subject too: "the *tracks*")."""
    t = parse[k]
    if t.lower in _PARTICLE_SENSES:
        return t.dep == "prep" and any(parse[j].dep == "pobj" for j in parse.children(k))
    if t.pos in ("NOUN", "PROPN"):
        return t.dep == "compound" and parse[t.head].pos in ("NOUN", "PROPN") or t.dep.endswith("mod") or (
            subjects and t.dep in ("nsubj", "nsubjpass"))
    # a word of a thing's or a place's name: "the *old* lodge" is no state of anything
    return t.dep in ("amod", "compound") and parse[t.head].pos in ("NOUN", "PROPN") and t.head > k


#: Words of life and death: said of someone, "dead" is not alive (not a dead phone).
_LIFE = frozenset({"dead", "alive", "die", "living", "live"})


def fact_of(r: Reading, tests: int | None = None, strict: bool = False) -> tuple[Fact, bool] | None:
    """The fact a question asks about, and whether it asks it the other way round; None when
    it names nothing to keep ("is it?"). ``strict``: only the sentence's grammatical subject
    is what it is about (a statement)."""
    parse = r.parse
    if not parse:
        return None
    found = _perceived(r, tests)
    if found is None:
        found = _where_a_thing_is(r, tests)
    if found is None:
        found = _state_of_a_place(r, tests)
    if found is not None:
        return found
    about = r.about
    if strict and about is not None and not any(parse[k].dep in ("nsubj", "nsubjpass", "expl")
                                                for k in range(about.start, about.end)):
        about = None
    span = r.subject if r.subject is not None else (about.start, about.end) if about is not None else None
    mention = about if about is not None and about.kind in ("person", "thing", "place", "killer", "night", "group",
                                                            "it") else None
    agent = next((k for k, t in enumerate(parse) if t.dep == "agent"), None)
    if agent is not None and not strict:
        by = next((m for m in r.mentions if m.kind in ("killer", "person", "group") and any(
            m.start <= j < m.end for j in parse.subtree(agent))), None)
        if by is not None:  # "was the phone line cut by the killer?": what the Killer did
            mention, span = by, None
    if span is not None and parse[span[0]].dep == "expl":  # "is there a way out?": the way out is the subject
        noun = next((k for k in range(span[1], len(parse)) if parse[k].dep in ("attr", "nsubj", "dobj")
                     and parse[k].pos in ("NOUN", "PRON", "PROPN")), None)
        if noun is not None:
            span = (span[1], max(parse.subtree(noun)) + 1)
            mention = None
    if mention is not None:
        kind = "killer" if mention.kind == "it" and (str(r.ask or "").startswith("killer") or _its_doing(
            parse, [k for k in range(len(parse)) if not mention.start <= k < mention.end])) else mention.kind
        subject = frozenset({f"{kind}:{mention.ref}"})  # "is it watching us?" is "is the Killer watching us?"
        head = f"{kind}:{mention.ref}"
        taken = set(range(mention.start, mention.end))
        if mention.kind in ("place", "thing"):  # "the *mess* hall": the words of its name
            taken |= set(_own_words(parse, mention.end - 1)) - {k for k in range(len(parse)) if parse[k].dep == "poss"}
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
    animate = mention is not None and mention.kind in ("person", "group", "killer") or head.startswith("killer:")
    predicate, flips = _content(parse, rest, animate=animate)
    if not predicate and (not subject or r.form == "yesno" and mention is not None and mention.kind in (
            "killer", "person", "group")):
        return None  # "is the Killer?": nothing said of it to keep
    negated = r.negated != flips
    words = _content(parse, sorted(taken), subject=True)[0] if taken else frozenset()
    if "exit" in predicate and r.form == "yesno" and mention is not None and mention.kind == "group":
        place = next((m for m in r.mentions if m.kind == "place"), None)
        where = frozenset({f"place:{place.ref}"}) if place is not None else predicate - {"exit"}
        way = frozenset({"way", "out"})  # "can we get out through the chapel?": a way out, through it
        return Fact(way, "way", where, None, r.form, None, tests, question=r.text, words=way), negated
    return Fact(subject, head, predicate, None, r.form, r.wh if r.form == "open" else None, tests,
                question=r.text, words=words), negated


#: Verbs that say a place or a thing holds another ("does the cabin have a radio?", "boathouse
#: got a lantern").
_HAVING = frozenset({"have", "contain", "hold", "got", "get"})
#: Verbs a thing is found by, or left by someone ("can we find a knife in the kitchen?", "did
#: someone leave a rifle in the blind?"): the thing, and where it is.
_FINDING = frozenset({"find", "see", "spot", "leave", "notice", "keep", "store", "stash"})
#: Words of how a thing lies where it is: nothing of the fact ("any axe *lying around* near
#: the cabin", "any car *parked* in the garage").
_LYING = frozenset({"lie", "lying", "around", "park", "tie", "sit", "hang", "stand", "leave", "left", "up",
                    "about", "somewhere", "anywhere", "just", "still"})
#: The place of the moment, said as a word: nothing of the fact ("a way out of here").
_DEICTIC = frozenset({"here", "there", "now"})
#: Who looks or leaves: anyone at all, the group, one of the cast.
_FINDERS = frozenset({"we", "i", "you", "someone", "somebody", "anyone", "anybody", "they", "one"})


def _own_words(parse, noun: int) -> list[int]:
    """A noun and the words that make its name ("a working radio", "the cellar door"), not
    the phrases after it."""
    return sorted({noun} | {k for k in parse.children(noun) if parse[k].dep in (
        "det", "amod", "compound", "nummod", "poss", "nmod")} | (
        {noun + 1} if noun + 1 < len(parse) and parse[noun + 1].lower in _NOUN_PARTICLES else set()))


#: Words right after a noun that are part of its name: "a way out", "a way through", "a way back".
_NOUN_PARTICLES = frozenset({"out", "through", "back"})


def _head_noun(parse, k: int) -> int:
    """The head of the name a noun is part of: "first" in "a first aid kit" is the kit."""
    seen = set()
    while parse[k].dep in ("compound", "amod") and parse[k].head != k and k not in seen \
            and parse[parse[k].head].pos in ("NOUN", "PROPN"):
        seen.add(k)
        k = parse[k].head
    return k


def _where_a_thing_is(r: Reading, tests: int | None) -> tuple[Fact, bool] | None:
    """One fact however it is asked: "is there a radio in the cabin?", "does the cabin have a
    radio?", "any radio in the cabin", "can we find a radio in the cabin?" and "is there a
    radio in there?" are the radio, and where it is; "is there a way out of here?" and "is
    there any way out?" the way out. Where it is, when the place is one of the night's, is
    that place however it is called. None for other shapes."""
    parse = r.parse
    if not parse.parsed or r.form != "yesno":
        return None
    lemmas = [_lemma(t) for t in parse]
    there = next((k for k, t in enumerate(parse) if t.dep == "expl" and t.lower == "there"), None)
    start = next((k for k, t in enumerate(parse) if t.text[:1].isalnum()), 0)
    if there is not None:
        noun = next((k for k in range(there + 1, len(parse)) if parse[k].pos in ("NOUN", "PROPN", "PRON")), None)
        if noun is None or parse[noun].pos == "PRON":
            return None  # "is there anything in locker 3?": what is in the locker
        noun = _head_noun(parse, noun)
        own = _own_words(parse, noun)
        rest = [k for k in range(len(parse)) if k not in own and k != there]
    elif parse[start].lower == "any" and parse[start].dep == "det" and parse[parse[start].head].pos == "NOUN":
        noun = _head_noun(parse, parse[start].head)  # "any axe by the woodpile?"
        own = _own_words(parse, noun)
        rest = [k for k in range(len(parse)) if k not in own]
    else:
        verb = next((k for k, t in enumerate(parse) if t.dep == "ROOT" and lemmas[k] in _HAVING | _FINDING), None)
        if verb is None:
            return None
        holder = next((k for k in parse.children(verb) if parse[k].dep == "nsubj"), None)
        noun = next((k for k in parse.children(verb) if parse[k].dep == "dobj" and parse[k].pos == "NOUN"), None)
        if holder is None or noun is None:
            return None
        noun = _head_noun(parse, noun)
        own = _own_words(parse, noun)
        if lemmas[verb] in _FINDING:
            if parse[holder].lower not in _FINDERS and not any(
                    m.kind in ("person", "group") and m.start <= holder < m.end for m in r.mentions):
                return None  # "did the Killer leave a note?": the Killer's doing
            rest = [k for k in parse.children(verb) + parse.children(noun) if parse[k].dep in ("prep", "oprd")]
            rest = [j for k in rest for j in parse.subtree(k)]
        else:
            if parse[holder].pos not in ("NOUN", "PROPN"):
                return None  # "do we have a radio?" is what the group carries, not where a thing is
            if any(m.kind in ("person", "group") and m.start <= holder < m.end for m in r.mentions):
                return None
            rest = [k for k in parse.subtree(holder) if parse[k].dep != "det"]
    rest = [k for k in rest if parse[k].lower not in _DEICTIC and lemmas[k] not in _LYING
            and parse[k].dep not in ("aux", "auxpass", "neg", "cc")]
    subject, _ = _content(parse, own, subject=True)
    if not subject:
        return None
    place = next((m for m in r.mentions if m.kind == "place" and any(m.start <= k < m.end for k in rest)), None)
    if place is not None:  # "the master bedroom", "the parents' bedroom": one place of the night
        where, flips = frozenset({f"place:{place.ref}"}), False
    else:
        where, flips = _content(parse, rest)
    predicate = where - _PARTICLES - {"inside", "at", "near", "by", "under", "on"}  # where it is: the place
    negated = r.negated != flips
    head = _lemma(parse[noun])
    return Fact(subject, head, frozenset(predicate), None, r.form, None, tests, question=r.text,
                words=subject), negated


#: Words that place someone somewhere, and say nothing more ("is anyone *hiding* in the shed?").
_BEING = frozenset({"in", "inside", "there", "here", "at", "on", "under", "hide", "hiding", "wait", "waiting",
                    "sit", "stand", "up", "down", "out", "around", "lurk", "lurking", "else"})


#: Verbs that only say someone is somewhere ("is anyone *hiding* in the shed?"), not that
#: they do something there ("nobody is getting through to the hallway").
_THERE_BEING = frozenset({"be", "hide", "wait", "sit", "stand", "lurk", "live", "stay", "sleep", "crouch"})


def _where_said(r: Reading, indices) -> tuple[frozenset, str, frozenset, set] | None:
    """Where the words at ``indices`` say (a place of the night, however it is called, or a
    preposition's object: "under the bed"): its key, head, own words and the tokens it took."""
    parse = r.parse
    at = set(indices)
    place = next((m for m in r.mentions if m.kind == "place" and any(m.start <= k < m.end for k in at)), None)
    if place is not None:
        took = set(range(place.start, place.end)) | set(_own_words(parse, place.end - 1))
        words, _ = _content(parse, sorted(took), subject=True)
        key = f"place:{place.ref}"
        return frozenset({key}), key, words, took
    obj = next((k for k in sorted(at) if parse[k].dep == "pobj" and parse[k].pos in ("NOUN", "PROPN")), None)
    if obj is None:
        return None
    took = set(_own_words(parse, obj))
    words, _ = _content(parse, sorted(took), subject=True)
    if not words:
        return None
    return words, _lemma(parse[obj]), words, took


def _state_of_a_place(r: Reading, tests: int | None) -> tuple[Fact, bool] | None:
    """A place's state however it is asked: "is anyone in the shed?", "is there someone in the
    shed?" and "is the shed empty?" are whether someone is there; "is it dark at the range?"
    and "is the range dark?" whether it is lit; "is there signal in the cellar?" and "does the
    truck have gas?" the signal there, the truck's fuel. None for other shapes."""
    parse = r.parse
    if not parse.parsed or r.form != "yesno":
        return None
    lemmas = [_lemma(t) for t in parse]
    everyone = range(len(parse))
    someone = next((m for m in r.mentions if m.kind == "group" and m.ref in ("any", "none")), None)
    root = next((k for k, t in enumerate(parse) if t.dep == "ROOT"), None)
    if someone is not None and not any(m.kind in ("person", "killer", "thing") for m in r.mentions) and \
            root is not None and (lemmas[root] in _THERE_BEING or someone.start <= root < someone.end):
        # ("anybody in the boathouse?": no verb at all)
        where = _where_said(r, [k for k in everyone if k >= someone.end])
        if where is None:
            return None
        key, head, words, took = where
        left = [k for k in everyone if k not in took and not (someone.start <= k < someone.end)]
        said, _ = _content(parse, left)
        if not said <= _BEING:
            return None  # "is anyone hurt in the shed?" is not whether anyone is there
        negated = r.negated != (someone.ref == "none")
        return Fact(key, head, frozenset({"occupied"}), None, r.form, None, tests, question=r.text,
                    words=words), negated
    it = next((m for m in r.mentions if m.kind == "it"), None)
    there = next((k for k, t in enumerate(parse) if t.dep == "expl" and t.lower == "there"), None)
    if it is not None and not str(r.ask or "").startswith("killer") and lemmas[it.start] == "it":
        where = _where_said(r, [k for k in everyone if k > it.start])
        if where is None:
            return None
        key, head, words, took = where
        left = [k for k in everyone if k not in took and k != it.start]
        said, flips = _content(parse, left)
        said = frozenset(said - _BEING)
        if not said or not all(w in _SENSES for w in said):
            return None  # "is it in the shed?": where it is, not how the shed is
        return Fact(key, head, said, None, r.form, None, tests, question=r.text, words=words), r.negated != flips
    # a state said as a noun: "is there signal in the cellar?", "does the truck have gas?"
    noun = None
    if there is not None:
        noun = next((k for k in range(there + 1, len(parse)) if parse[k].pos in ("NOUN", "PROPN")), None)
        holder = None
    else:
        verb = next((k for k, t in enumerate(parse) if t.dep == "ROOT" and lemmas[k] in _HAVING), None)
        holder = next((k for k in parse.children(verb) if parse[k].dep == "nsubj"), None) if verb is not None else None
        if holder is not None:
            noun = next((k for k in parse.children(verb) if parse[k].dep == "dobj" and parse[k].pos == "NOUN"), None)
    if noun is None or senses.sense_of(lemmas[noun]) is None or parse[noun].dep == "compound":
        return None
    sense, holds = senses.sense_of(lemmas[noun])
    if holder is not None:
        mention = next((m for m in r.mentions if m.start <= holder < m.end and m.kind in ("place", "thing")), None)
        if mention is not None:
            key, head = frozenset({f"{mention.kind}:{mention.ref}"}), f"{mention.kind}:{mention.ref}"
            took = set(range(mention.start, mention.end)) | set(_own_words(parse, mention.end - 1))
        else:
            took = set(_own_words(parse, holder))
            key, head = _content(parse, sorted(took), subject=True)[0], _lemma(parse[holder])
        words = _content(parse, sorted(took), subject=True)[0]
        if not key:
            return None
    else:
        where = _where_said(r, [k for k in everyone if k > noun])
        if where is None:
            return None
        key, head, words, _ = where
    return Fact(key, head, frozenset({sense}), None, r.form, None, tests, question=r.text, words=words), \
        r.negated != (not holds)


#: Verbs of the senses: "can we hear chopping?" asks whether there is chopping.
_SENSING = frozenset({"hear", "see", "notice", "spot", "smell"})
#: Nouns that only say a thing is heard or seen: "a chopping *sound*" is chopping.
_PERCEPT = frozenset({"sound", "noise", "smell", "sight"})


def _event_lemma(t) -> str:
    """A word's lemma, an -ing word read as its verb ("whistling" → whistle, "barking" → bark)."""
    from .. import english

    low = t.lower
    if low.endswith("ing") and t.pos in ("NOUN", "VERB", "ADJ"):
        verb = english.lemma_of(low, "VERB")
        if verb != low:
            return verb
    return _lemma(t)


def _perceived(r: Reading, tests: int | None) -> tuple[Fact, bool] | None:
    """What is heard or seen, however it is asked: "can we hear whistling?", "is someone
    whistling?", "is there a whistling sound?" are whistling; "did we just hear a gunshot?" and
    "was that a gunshot?" a gunshot; "can we hear the dog bark?" the dog barking. None for other
    shapes."""
    parse = r.parse
    if not parse.parsed or r.form != "yesno":
        return None
    lemmas = [_lemma(t) for t in parse]
    root = next((k for k, t in enumerate(parse) if t.dep == "ROOT"), None)
    if root is None:
        return None
    subj = next((k for k in parse.children(root) if parse[k].dep in ("nsubj", "nsubjpass")), None)
    if lemmas[root] in _SENSING and subj is not None and (parse[subj].lower in _FINDERS or any(
            m.kind in ("group", "person") and m.start <= subj < m.end for m in r.mentions)):
        seen = [k for k in range(root + 1, len(parse))]  # "can we hear [the dog bark]?"
    elif lemmas[root] == "be" and subj is not None and parse[subj].lower in ("that", "this"):
        seen = [k for k in range(len(parse)) if k not in (root, subj)]  # "was that [a gunshot]?"
    elif subj is not None and parse[subj].lower in ("someone", "somebody", "something") and \
            parse[root].pos == "VERB" and not any(parse[k].dep in ("dobj", "prep", "advmod", "xcomp", "ccomp")
                                                 for k in parse.children(root)):
        seen = [root]  # "is someone whistling?"
    elif (there := next((k for k, t in enumerate(parse) if t.dep == "expl"), None)) is not None and any(
            lemmas[k] in _PERCEPT for k in range(there + 1, len(parse))):
        seen = [k for k in range(there + 1, len(parse))]  # "is there a chopping sound?"
    else:
        return None
    from .. import english

    nouns, verbs = set(), set()
    for k in seen:
        t = parse[k]
        if not t.text[:1].isalnum() or t.dep in ("det", "aux", "auxpass", "neg", "prep", "punct") or \
                lemmas[k] in LIGHT or lemmas[k] in _PERCEPT or t.lower in WH or t.lower in AUX:
            continue
        word = _event_lemma(t)
        done = t.dep in ("dobj", "attr") and any(parse[j].dep == "compound" for j in parse.children(k)) and \
            "VERB" in english.parts_of(t.lower)  # "hear [the dog bark]": the dog, barking
        if t.pos in ("NOUN", "PROPN") and not t.lower.endswith("ing") and not done:
            nouns.add(senses.name_of(word))
        elif t.pos in ("NOUN", "VERB", "ADJ", "PROPN"):
            verbs.add(word)
    if not nouns and not verbs:
        return None
    subject, predicate = (frozenset(nouns), frozenset(verbs)) if nouns else (frozenset(verbs), frozenset())
    head = sorted(subject)[-1] if len(subject) > 1 else next(iter(subject))
    return Fact(subject, head, predicate, None, r.form, None, tests, question=r.text, words=subject), r.negated


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


#: Words that say nothing of what a question is about: the asker, the senses it is asked by,
#: the moment's fillers.
_NOTHING = frozenset({"rn", "tho", "fr", "tonight", "now", "just", "yet", "still", "even", "really", "like",
                      "ok", "okay", "wait", "um", "uh", "so", "guys", "yo", "right", "nah", "what", "or", "please",
                      "pls", "srsly", "idk", "dude", "bro", "man", "else"})


def gist(r: Reading) -> tuple[frozenset, tuple]:
    """(see :func:`gist_of`) the gist's words, anchors and the rest alike."""
    anchors, rest, signs = gist_of(r)
    return anchors | rest, signs


def gist_of(r: Reading) -> tuple[frozenset, frozenset, tuple]:
    """What a yes/no question speaks of: its *anchors* (the night's mentions, the Killer by any
    name and a place however it is called, and the things it names, each by the name it is kept
    under), the rest of its words (each read as a sense of :mod:`.senses` where it says one),
    and the senses its words say, with which way round. Two questions of one gist ask one
    thing, whatever their grammar: "is the pickup stuck in the mud?" and "is the pickup bogged
    down in mud?" are {truck, mud} and {stuck}."""
    parse = r.parse
    if not parse or not parse.parsed:
        return frozenset(), frozenset(), ()
    lemmas = [_lemma(t) for t in parse]
    bag: set = set()
    anchors: set = set()
    signs: dict = {}
    taken: set = set()
    for m in r.mentions:
        kind = m.kind
        if kind == "it":
            if str(r.ask or "").startswith("killer") or _its_doing(
                    parse, [k for k in range(len(parse)) if not m.start <= k < m.end]):
                kind = "killer"
            else:
                taken |= set(range(m.start, m.end))
                continue
        if kind in ("killer", "place", "thing", "person", "night"):
            anchors.add(f"{kind}:{m.ref}")
            taken |= set(range(m.start, m.end))
            if kind in ("place", "thing"):  # "the *mess* hall", "the *old* lodge" (not "the *manned* tower")
                named = set(re.findall(r"[a-z]+", str(m.ref).lower()))
                taken |= {j for j in _own_words(parse, m.end - 1)
                          if parse[j].dep in ("compound", "det", "poss") or parse[j].lower in named}
        elif kind in ("group", "here"):
            taken |= set(range(m.start, m.end))
    for k in range(len(parse)):
        if k in taken:
            continue
        found = senses.phrase_at(lemmas, k)
        if found is not None and not taken & set(range(k, k + found[0])):
            n, (sense, holds) = found
            taken |= set(range(k, k + n))
            bag.add(sense)
            signs[sense] = signs.get(sense, True) == holds
    for k, t in enumerate(parse):
        low, lem = t.lower, lemmas[k]
        if k in taken or not low[:1].isalnum() or t.dep in ("det", "aux", "auxpass", "neg", "punct", "expl") \
                or low in WH or low in AUX or lem in _NOTHING or low in _NOTHING or lem in _SENSING \
                or lem in _PERCEPT or low in _FINDERS or lem in ("be", "do", "have", "get", "there", "not"):
            continue
        said = None if _placed(parse, k, subjects=True) else senses.sense_of(low) or senses.sense_of(lem)
        if said is not None:
            bag.add(said[0])
            signs[said[0]] = signs.get(said[0], True) == said[1]
        elif t.pos in ("NOUN", "PROPN") and not low.endswith("ing") and lem not in LIGHT:
            anchors.add(senses.name_of(lem))
        elif t.pos in ("NOUN", "PROPN", "VERB", "ADJ", "NUM") and lem not in LIGHT:
            bag.add(senses.name_of(_event_lemma(t)))
    return frozenset(anchors), frozenset(bag), tuple(sorted(signs.items()))


def resembling(known: list[Fact], anchors: frozenset, rest: frozenset, signs: tuple,
               tests: int) -> tuple[Fact, bool] | None:
    """The known yes/no answer (the latest) to a question of the same gist (:func:`gist_of`),
    and whether what ``rest`` and ``signs`` say, as worded, holds by it; None when none is.
    The same gist: the same anchors (the same things, places, people or Killer, no more, no
    fewer), and the rest said alike (half their words shared, or none said by either), or the
    same words whatever they are ("did a fuse blow?", "is a fuse blown?"); the
    senses both say, each the same or the other way round, turn the answer round or not."""
    if not anchors or len(anchors | rest) < 2:
        return None  # a place alone, a thing alone, says too little to be one question
    best = None
    for fact in reversed(known):
        if fact.yes is None or fact.worded is None or (fact.tests is not None and fact.tests != tests):
            continue
        if fact.anchors != anchors:
            if fact.gist != anchors | rest:  # "did a fuse blow?", "is a fuse blown?": one gist
                continue
            score = 1.0
        else:
            theirs = fact.gist - fact.anchors
            score = len(theirs & rest) / len(theirs | rest) if theirs | rest else 1.0
        if score >= 1 / 2 and (best is None or score > best[0]):
            best = (score, fact)
    if best is None:
        return None
    fact = best[1]
    theirs, ours = dict(fact.signs), dict(signs)
    turned = sum(theirs[s] != ours[s] for s in set(theirs) & set(ours)) % 2 == 1
    return fact, fact.worded != turned
