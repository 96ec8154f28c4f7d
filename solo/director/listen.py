"""Listening to the player: turn what a player typed for a character into words the director
can tell back.

Only what can be rephrased correctly is: one clause of the character's own action, first
person turned to third. A line with someone else speaking in it (we, you), or whose verb would
read wrong after "tries to" ("try", "go", "be"), gives ``None``, and the director quotes the
player's words instead of garbling them.

``"I brace my feet and pull until something gives."`` becomes the phrase ``"brace their
feet and pull until something gives"`` (``"brace her feet …"`` for a she/her character: every
first-person word takes the character's own pronoun; an action joined with "and I …" joins
the bare verb, "grab her flashlight and run", and a verb after any other "I" agrees with the
pronoun), which a template can use after "tries to" or "sets out to". Lines that cannot be turned
safely give ``None`` and are quoted instead.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..world.pronouns import Pronouns, parse_pronouns


class _Pattern:
    """A regular expression compiled at its first use: every night imports this module, and a
    night with no typed line never listens."""

    __slots__ = ("args", "rx")

    def __init__(self, *args) -> None:
        self.args, self.rx = args, None

    def __getattr__(self, name: str):
        if self.rx is None:
            self.rx = re.compile(*self.args)
        return getattr(self.rx, name)


_SENTENCE = _Pattern(r"(?<=[.!?])\s+")
# "I'll X", "I will X", "I'm going to X", "I try to X", "I'm gonna X" → X
_LEADS = _Pattern(
    r"^(?:i'll|i will|i'm going to|i am going to|i'm gonna|i try to|i'm trying to|i want to|"
    r"i need to|i have to|i'd better|let me)\s+", re.I)
_PLAIN = _Pattern(r"^i\s+(?!am\b|was\b|can't\b|cannot\b|don't\b|do not\b|won't\b|would\b|could\b|"
                    r"should\b|have\b|had\b|think\b|guess\b|hope\b|feel\b|know\b|see\b)([a-z])", re.I)
#: The first person's other forms, and which of the character's pronouns each becomes.
_FORMS = (
    (_Pattern(r"\bmyself\b", re.I), "reflexive"),
    (_Pattern(r"\bmy\b", re.I), "determiner"),
    (_Pattern(r"(?<!\bthe )(?<!\ba )(?<!\bthat )(?<!\bthis )\bmine\b", re.I), "possessive"),  # not "the mine"
    (_Pattern(r"\bme\b", re.I), "object"),
)
#: "I" (or "I'm", "I've", "I'll", "I'd"), and the verb after it, past any adverbs.
_ADVERBS = "just|really|also|still|never|always|then|finally|quickly|slowly|carefully|quietly|only|even|already"
_SUBJECT = _Pattern(r"\b[Ii](?P<c>'m|'ve|'ll|'d)?\b(?:(?P<adv>(?:\s+(?i:" + _ADVERBS + r"))*)\s+"
                      r"(?P<verb>[A-Za-z]+(?:n't)?)\b(?!'))?")
#: "… and I run", "… then I don't look": a later "I" joined to the first action, whose verb
#: (first person, present) is already the bare form the retelling needs ("grab her bag and run").
_JOINED = _Pattern(r"\b(?P<conj>and then|and|then|or)\s+I(?P<adv>(?:\s+(?i:" + _ADVERBS + r"))*)\s+"
                   r"(?P<neg>(?i:don't|do not)\s+)?(?P<verb>[A-Za-z]+)\b(?!')")
#: "… and don't blink": a joined verb denied keeps its "not" after "tries to" ("look it in the
#: eye and not blink").
_NOT_JOINED = _Pattern(r"\b(?P<conj>and|or|then|but) (?:don't|do not) (?=[a-z])", re.I)
_NOT_BARE = frozenset("am was were will would can could shall should must might may".split())
_CLEAN = _Pattern(r"[^\w\s'’,;:\-—–]")
MAX_WORDS = 18
_THEY = parse_pronouns("they/them")
_SHE = parse_pronouns("she/her")  # a verb she agrees with is a present-tense verb known as such
#: Words a retelling cannot carry: another person speaking (we, you), or a first person left over.
_UNSAFE = _Pattern(r"\b(?:we|we're|we'll|we've|we'd|us|our|ours|ourselves|you|you're|you'll|you've|you'd|your"
                     r"|yours|yourself|let's)\b", re.I)
#: First words that read wrong after "tries to" / "goes to" / "sets out to" ("tries to try",
#: "goes to go", "tries to be right back"): the line is quoted instead.
_AWKWARD = frozenset("try tries trying go goes going be get gets got am is are was were do does did gonna "
                     "wanna just really".split())


def action_phrase(text: str | None, pronouns: Pronouns | None = None) -> str | None:
    """The first first-person action in ``text`` as a bare verb phrase, in the third person
    with the character's ``pronouns`` (they/them if none), or ``None``.

    ``"Okay. I pick the lock with a hairpin."`` → ``"pick the lock with a hairpin"``;
    ``"I brace myself and I count"``, for she/her → ``"brace herself and count"``;
    ``"I stay where I am"`` → ``"stay where she is"``.
    """
    p = pronouns or _THEY
    if not text:
        return None
    text = " ".join(str(text).replace("’", "'").split())
    for sentence in _SENTENCE.split(text):
        s = sentence.strip().rstrip(".!?").strip()
        lead = _LEADS.match(s)
        if lead:
            rest = s[lead.end():]
        else:
            plain = _PLAIN.match(s)
            if not plain:
                continue
            rest = s[2:]
        rest = rest.strip()
        if not rest or not rest[0].isalpha():
            continue
        rest = re.split(r"\s*(?:[,;:—–]|\s-\s)\s*", rest, maxsplit=1)[0]  # one clause: the rest may be anyone's
        if _UNSAFE.search(rest):
            return None  # we, you: whose is it? rephrasing could go wrong: quoted
        rest = third_person(_NOT_JOINED.sub(r"\g<conj> not ", _JOINED.sub(_bare, rest)), p)
        if rest is None:
            return None  # "and I ran off": a verb not known well enough to turn: quoted
        rest = _CLEAN.sub("", rest).strip(" ,;:-—–")
        words = rest.split()
        if not words or len(words) > MAX_WORDS or words[0].lower() in _AWKWARD:
            return None  # the first action cannot be retold; a later aside is not the action
        return " ".join(words)
    return None


def _bare(m: re.Match) -> str:
    """A joined "and I VERB" as the bare verb the infinitive frame takes ("and run", "and not
    run"); left as it is (for :func:`third_person`) when the verb is not a known present."""
    verb = m.group("verb")
    if verb.lower() in _NOT_BARE or _SHE.agree(verb) in (None, verb):  # unknown, or past ("ran")
        return m.group(0)
    return m.group("conj") + m.group("adv") + (" not" if m.group("neg") else "") + " " + verb


class _Unsure(Exception):
    """A verb after "I" that cannot be agreed with the character's pronouns."""


def third_person(clause: str, p: Pronouns) -> str | None:
    """``clause``'s first person turned to the third with ``p``: "I grab my bag" → "she grabs
    her bag"; ``None`` when a verb after "I" is not one known to agree ("I dwindle")."""
    for pattern, form in _FORMS:
        clause = pattern.sub(getattr(p, form), clause)

    def subject(m: re.Match) -> str:
        if m.group("c"):
            return p.contraction(m.group("c")) + m.group(0)[1 + len(m.group("c")):]
        if m.group("verb") is None:
            return p.subject
        verb = p.agree(m.group("verb"))
        if verb is None:
            raise _Unsure
        return p.subject + m.group("adv") + " " + verb

    try:
        return _SUBJECT.sub(subject, clause)
    except _Unsure:
        return None


_GIVE = _Pattern(
    r"\b(?i:i\s+)?(?i:give|gives|hand|hands|pass|passes|toss|tosses|throw|throws|lend|lends|slide|slides)\s+"
    r"(?:(?P<to1>[A-Z][\w'-]*)\s+(?i:my|the|our)\s+(?P<thing1>[\w' -]+?)"
    r"|(?i:my|the|our)\s+(?P<thing2>[\w' -]+?)\s+(?i:over\s+)?(?i:to)\s+(?P<to2>[A-Z][\w'-]*))"
    r"(?=\s*(?:[.,;:!?]|$|\s+(?:and|so|then|before|while)\b))")


def handover(text: str | None) -> tuple[str, str] | None:
    """A thing handed to someone in the player's line: ``(thing, receiver)``.

    ``"I hand my hatchet to Wes."`` and ``"I give Wes the hatchet."`` → ``("hatchet", "Wes")``.
    """
    if not text:
        return None
    m = _GIVE.search(" ".join(str(text).replace("’", "'").split()))
    if not m:
        return None
    thing = (m.group("thing1") or m.group("thing2") or "").strip().lower()
    to = m.group("to1") or m.group("to2")
    return (thing, to) if thing and to else None


def quote(text: str | None, limit: int = 140) -> str | None:
    """The player's words, tidied and cut to ``limit`` characters, for quoting in prose."""
    if not text:
        return None
    text = " ".join(str(text).split()).replace('"', "'")
    if len(text) > limit:
        text = text[: limit - 1].rsplit(" ", 1)[0] + "…"
    return text


#: Objects the director does not name back: they point at something said elsewhere.
_NOT_NAMED = frozenset("it them us me him her this that everything something anything nothing one".split())


def plan_of(action: str | None) -> dict[str, str] | None:
    """What a retold action is about, for the director's reply to a typed plan: its verb (with
    its particle) and, where the parse finds one, the thing, place or person it is aimed at
    (the direct object, else the first object of a preposition), in the narration's person.

    ``"barricade the stairs with the couch"`` → ``{"verb": "barricade", "object": "the stairs"}``;
    ``"climb onto the roof to get a look around"`` → ``{"verb": "climb", "object": "the roof"}``;
    ``"keep talking to Dex"`` → ``{"verb": "keep talking", "object": ""}`` ("it", "them" and
    the like are not named back). ``alone``: the verb says the action on its own ("go first",
    "keep talking"), not one that wants its object ("click the flashlight on": "gets ready to
    click" is no sentence)."""
    if not action:
        return None
    from .. import english

    parse = english.parse("They " + action)
    if not parse.parsed or len(parse) < 2:
        return {"verb": action.split()[0], "object": "", "alone": False}
    # the action's first verb, as typed (a parse may hang it under a later clause: "step over
    # every board they remember"), else the parse's root
    root = 1 if parse[1].pos == "VERB" else next((i for i in parse.roots() if parse[i].pos in ("VERB", "AUX")), None)
    if root is None:
        return {"verb": action.split()[0], "object": "", "alone": False}
    kids = parse.children(root)
    verb = parse[root].text + "".join(" " + parse[k].text for k in kids if parse[k].dep == "prt" and k == root + 1)
    if root + 1 < len(parse) and parse[root + 1].dep == "xcomp" and parse[root + 1].tag == "VBG":
        verb += " " + parse[root + 1].text  # "keep talking"
    found = ""
    objects = [k for k in kids if parse[k].dep == "dobj"]
    objects += [g for k in kids if parse[k].dep == "prep" for g in parse.children(k) if parse[g].dep == "pobj"]
    for k in objects:
        if parse[k].lower in _NOT_NAMED or parse[k].pos not in ("NOUN", "PROPN") or \
                any(parse[d].dep == "poss" and parse[d].pos == "PRON" for d in parse.children(k)):
            continue  # "its head", "their elbow": whose, the reply cannot say
        if _bare_noun(parse, k):
            continue  # a bare singular noun is a way, not a thing: "heel to toe", "in front of it"
        text = parse.text_of(range(min(parse.subtree(k)), k + 1))  # the noun and the words before it
        if 0 < len(text.split()) <= 5:
            found = text
            break
    alone = not any(parse[k].dep in ("dobj", "dative", "ccomp") and not _bare_noun(parse, k) for k in kids)
    return {"verb": verb, "object": found, "alone": alone}


def _bare_noun(parse, k: int) -> bool:
    """A singular common noun with nothing before it ("heel to toe", "in front of")."""
    return parse[k].tag == "NN" and not any(parse[d].dep in ("det", "poss", "amod", "compound", "nummod")
                                            for d in parse.children(k))


#: Verbs of a noisy action: a Clean success of one is not told as silent.
_LOUD = frozenset("yell scream shout holler shriek bellow smash shatter kick slam bang crash blast shoot fire "
                  "honk blare sing".split())


def loud(line: str | None) -> bool:
    """Whether a typed line does something loud ("I yell for help", "I kick the door off its
    hinges"): its verbs, by their lemmas."""
    if not line:
        return False
    from .. import english

    return any(t.pos == "VERB" and t.lemma.lower() in _LOUD for t in english.parse(str(line)[:english.MAX_TEXT]))


#: Verbs whose object is looked for, not held ("search the body for keys", "look for the
#: flashlight"): a thing named after one is not used.
_SOUGHT = frozenset("search look find seek want need hunt call miss lose forget remember follow ask wait "
                    "check spot see hear watch".split())
#: Prepositions whose object is what an action is done with ("hit it with the bat", "read by flashlight").
_WITH = frozenset("with by using on".split())


@lru_cache(maxsize=256)
def used_things(action: str | None) -> tuple[str, ...]:
    """The things a retold action uses, as named ("swing the lantern at its head" →
    ``("lantern",)``; "unlock the car with the truck keys" → ``("car", "truck keys")``): the
    objects of its verbs (not of a verb that looks for them: "search the body for keys"), the
    objects of "with", "by", "on" and "using", each with the words compounded before it. The
    fiction decides which of them are things a character can hold. Without a parse, none."""
    if not action:
        return ()
    from .. import english

    parse = english.parse("They " + action)
    if not parse.parsed:
        return ()
    found: list[str] = []
    for i, t in enumerate(parse):
        if t.pos not in ("NOUN", "PROPN") or t.lower in _NOT_NAMED:
            continue
        head = parse[t.head]
        if t.dep == "dobj" and head.pos == "VERB" and head.lemma.lower() not in _SOUGHT:
            pass
        elif t.dep == "pobj" and head.lower in _WITH:
            pass
        elif t.dep == "conj" and found and parse[t.head].dep in ("dobj", "pobj"):
            pass  # "the flare and the lighter"
        else:
            continue
        start = i
        while start > 1 and (parse[start - 1].text == "-" or parse[start].text == "-"
                             or (parse[start - 1].dep == "compound" and parse[start - 1].head in (i, start))):
            start -= 1  # "truck keys", "walkie-talkie", "first-aid kit"
        found.append(parse.text_of(range(start, i + 1)).lower().replace(" - ", "-").replace(" -", "-"))
    return tuple(found)


@lru_cache(maxsize=256)
def told_why(why: str, pronouns: str = "") -> str:
    """:func:`why_clause` for a character's written pronouns ("she/her"), read once a night."""
    return why_clause(why, parse_pronouns(pronouns) if pronouns else None)


#: First words of a reason typed in lower case that want "is here" before them ("to prove the
#: legend is a hoax", "because Jake dared me", "for the money").
_HERE_WORDS = frozenset("to because cause 'cause cuz coz for since after".split())


def why_clause(why: str | None, pronouns: Pronouns | None = None) -> str:
    """A cast member's answer to "why are you here?" as a clause told after their name,
    whatever form it was typed in: "Dared by his teammates." → "was dared by his teammates";
    "Hiding from her probation officer" → "is hiding from her probation officer"; "I owe Marty
    money" → "owes Marty money"; "For the money" → "is here for the money". A clause already
    (the playsets' "owes someone here an apology") is told as it is."""
    from .. import english

    text = " ".join(str(why or "").split()).strip(" \"'“”‘’").rstrip(" .!;,")
    if not text:
        return ""
    first = text.split()[0]
    lowered = first[:1].islower() and first.lower() not in ("i", "i'm", "i've", "i'd", "i'll")
    if lowered and first.lower() not in _HERE_WORDS:
        return text  # a clause already ("owes someone here an apology", "lost a bet")
    p = pronouns or _THEY
    if re.match(r"(?i)i(?:'m|'ve|'d|'ll)?\b", text):  # first person: the name is the subject
        turned = third_person(text, p)
        plural = p.plural
        if turned is None and not p.plural:  # a verb not known to agree with she or he: as they, then agreed
            turned = third_person(text, _THEY)
            if turned is not None:
                turned = re.sub(r"\btheir\b", p.determiner, re.sub(r"\bthemselves\b", p.reflexive, turned))
                plural = True
        if turned is None:
            return f"says: “{text}”"
        words = turned.split(" ", 2)
        if len(words) >= 2 and plural:  # "they owe", "they are": the name takes "owes", "is"
            parsed = english.parse(turned)
            verb = parsed[1] if len(parsed) > 1 else None
            if verb is not None and verb.tag in ("VBP", "VB"):
                words[1] = english.inflect(verb.lemma, "VBZ")
            elif words[1] == "were":
                words[1] = "was"
        return " ".join(words[1:])
    parse = english.parse(text)
    head = parse[0]
    mine = re.sub(r"\bI\b", p.subject, text)  # "because Jake dared me" in their person
    for pattern, form in _FORMS:
        mine = pattern.sub(getattr(p, form), mine)
    mine = mine if head.pos == "PROPN" else mine[:1].lower() + mine[1:]
    if head.pos in ("ADP", "PART", "SCONJ"):
        return "is here " + mine  # "for the money", "because Jake dared me"
    if any(t.dep in ("nsubj", "nsubjpass") and parse[t.head].tag in ("VBD", "VBZ", "VBP", "MD") for t in parse):
        # a sentence of its own: "Marty dared me"
        return "is here because " + mine
    rest = text if head.pos == "PROPN" else text[:1].lower() + text[1:]
    if len(parse) == 1:  # one word: "Revenge"
        return "is here for " + rest
    if head.tag == "VBN":
        return "was " + rest
    if head.tag == "VBG":
        return "is " + rest
    if head.tag in ("VBD", "VBZ"):
        return rest
    if head.tag in ("VB", "VBP"):
        return english.inflect(head.lemma.lower(), "VBZ") + rest[len(head.text):]
    return "is here because of " + rest
