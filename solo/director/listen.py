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
pronoun), which a template can use after "tries to" or "sets out to". A line typed without "I"
is retold when the parse reads it as the character's own order ("grab the axe and run"), not
one to someone else ("Run, Kit!"). What is no action ("I heard screaming", "I'm going to the
shed", "I hotwire nothing") and lines that cannot be turned safely give ``None`` and are quoted
instead. A retelling is never cut down to a noun picked out of the line: :func:`plan_of` tells
the plan as a noun phrase with its verbs ("keeping the fire extinguisher close").
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


_SENTENCE = _Pattern(r"(?<=[.!?])\s+|(?<=:)\s+(?=I\b)")  # "No plan: I just run at it." is two
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
    sentences = _SENTENCE.split(text)
    for sentence in sentences:
        s = _AGAIN.sub("", sentence.strip().rstrip(".!?").strip())  # "Again, I move when…": the deed is "move when…"
        lead = _LEADS.match(s)
        if lead:
            rest = s[lead.end():]
        else:
            plain = _PLAIN.match(s)
            if not plain:
                continue
            rest = s[2:]
        return _retold(rest, p)
    # no "I" anywhere: a line typed without one ("grab the axe and run", "gonna hide"), if it
    # is no question and calls no one ("Run, Kit!", "Run!": a shout is to the others)
    first = sentences[0].strip() if sentences else ""
    rest = _NO_SUBJECT.sub("", first.rstrip(".").strip())
    if not rest or first.endswith(("?", "!")) or re.match(r"[A-Z][\w'-]*\s*,", rest) or \
            rest.split()[0].lower() in _ASKING or re.search(r"(?i)\b(?:me|us)\b", rest) or _TO_OTHERS.match(rest):
        return None  # ("Watch me.", "Cover me", "Stand back": words to the others, not a deed)
    from .. import english

    typed = english.parse(rest)
    if not typed.parsed or typed[0].tag != "VB" or typed[0].pos != "VERB":
        return None  # read as an order only when the parse reads one ("Kit runs", "Okay" are not)
    return _retold(rest[:1].lower() + rest[1:], p)


#: Orders to the others that are no deed of the one who says them ("Stand back.", "Hold on").
_TO_OTHERS = _Pattern(r"^(?:stand|step|get|stay|keep) back\b|^(?:hold|hang) on\b|^come on\b|^(?:wait|listen|look|quiet|"
                      r"shh+|easy|careful|everyone|everybody)\b\s*[.!]?$", re.I)
#: What a line typed with no subject may begin with before its verb ("gonna hide").
#: A word that only says the deed comes again, before it: "Again, I slip through".
_AGAIN = _Pattern(r"^(?:again|once more|one more time|same again)\s*,\s*", re.I)
_NO_SUBJECT = _Pattern(r"^(?:(?:gonna|going to|gotta|got to|about to|will|then|now)\s+)+", re.I)
#: First words that ask the director for something, not an action ("describe the room").
_ASKING = frozenset("describe tell explain show name list give remind help please".split())


def _retold(rest: str, p: Pronouns) -> str | None:
    """The clause ``rest`` (a line with its subject taken off) as the retelling's verb phrase."""
    rest = rest.strip()
    if not rest or not rest[0].isalpha():
        return None
    rest = _one_deed(rest)
    if _UNSAFE.search(rest):
        return None  # we, you: whose is it? rephrasing could go wrong: quoted
    rest = third_person(_NOT_JOINED.sub(r"\g<conj> not ", _JOINED.sub(_bare, rest)), p)
    if rest is None:
        return None  # "and I ran off": a verb not known well enough to turn: quoted
    rest = _CLEAN.sub("", rest).strip(" ,;:-—–")
    words = rest.split()
    if not words or len(words) > MAX_WORDS or words[0].lower() in _AWKWARD:
        return None  # the first action cannot be retold; a later aside is not the action
    phrase = " ".join(words)
    return phrase if _acts(phrase) else None  # "heard screaming", "the shed": no action to retell


#: What a comma's clause opens with when it goes on with the same deed ("breathe, count to three,
#: and go"; "wait for the wind, then move"; ", and I take my time"): a bare verb, after these.
_GOES_ON = _Pattern(r"^(?:(?:and then|and|then)\s+)?(?:I\s+)?(?:(?:don't|do not)\s+)?(?P<verb>[a-z]+)\b(?!')")


def _one_deed(rest: str) -> str:
    """The deed of ``rest``: its first clause, and the clauses after a comma that go on with it
    (a bare verb: "breathe, count to three, and go"), not the rest, which may be anyone's ("I
    pull, you push") or an aside ("I hit it, hard"); never past a ;, : or dash."""
    from .. import english

    head = re.split(r"\s*(?:[;:—–]|\s-\s)\s*", rest, maxsplit=1)[0]
    parts = [x.strip() for x in head.split(",")]
    kept = [parts[0]]
    for part in parts[1:]:
        m = _GOES_ON.match(part)
        if m is None or not english.bare_verb(m.group("verb")) or _has_infinitive(", ".join(kept)):
            break  # after "to stay behind them", ", and go first" would read as theirs
        if any(re.match(rf"(?:(?:and then|and|then)\s+)?{m.group('verb')}\b", k) for k in kept):
            break  # "hit it, and hit it again": the gesture once
        kept.append(part)
    return ", ".join(kept)


def _has_infinitive(text: str) -> bool:
    """Whether ``text`` holds an infinitive ("tell the others to stay behind them"; not "count
    to three")."""
    from .. import english

    return any(english.bare_verb(w) for w in re.findall(r"\bto ([a-z]+)", text))


#: Objects that undo an action told back: "sets out to hotwire nothing, and it works".
_NO_ONE = frozenset("nothing nobody none no-one noone".split())


def _acts(phrase: str) -> bool:
    """Whether ``phrase`` reads as an action after "sets out to": its first word (past an
    adverb or two) a bare verb, not an auxiliary, a denial or a past ("cant look", "heard
    screaming", "bleeding", "the shed" are not), aimed at something ("hotwire nothing" is not)."""
    from .. import english

    parse = english.parse("They " + phrase)
    k = _first_verb(parse)
    if k is None:
        return False
    t = parse[k]
    if t.pos == "AUX" or t.tag == "MD" or (k + 1 < len(parse) and parse[k + 1].lower in ("n't", "nt", "not")):
        return False
    if any(parse[j].lower in _NO_ONE or (parse[j].lower == "one" and parse[j - 1].lower == "no")
           for j in range(k + 1, len(parse)) if parse[j].dep in ("dobj", "pobj") and parse[j].head in (k, j - 1)):
        return False
    return True


def _first_verb(parse) -> int | None:
    """The index of the verb an action parsed as "They …" begins with (past one or two
    adverbs: "slowly back away"), if its first word is a bare verb: known as one to
    lemminflect ("nod", "read"), else read as one by the parse ("hotwire")."""
    for k in range(1, min(len(parse), 4)):
        t = parse[k]
        if t.tag == "RB" and k + 1 < len(parse) and (not _bare_at(parse, k) or (parse[k + 1].tag != "RB" and (
                _bare_at(parse, k + 1) or parse[k + 1].pos in ("VERB", "AUX")))):
            continue  # "slowly back away", "still have" (and "still got": not bare, so no action)
        if _bare_at(parse, k) or (t.pos == "VERB" and t.tag in ("VB", "VBP")):
            return k
        return None
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
    """What a retold action is about, for the director's reply to a typed plan: its ``verb``
    (with its particle), and as ``object`` the plan itself told as a noun phrase, its verbs in
    "-ing" ("keeping the fire extinguisher close", "hotwiring the truck"), which reads right in
    "All of it rides on …", "Everything comes down to …", "… it is." (never a noun picked out of
    the line: "All of it rides on the fire"); "" when that would run long.

    ``"barricade the stairs with the couch"`` → ``{"verb": "barricade", "object": "barricading
    the stairs with the couch", "alone": False}``. ``alone``: the verb says the action on its own
    ("go first", "keep talking"), not one that wants its object ("click the flashlight on":
    "gets ready to click" is no sentence)."""
    if not action:
        return None
    from .. import english

    parse = english.parse("They " + action)
    if not parse.parsed or len(parse) < 2:
        return {"verb": action.split()[0], "object": "", "alone": False}
    # the action's first verb, as typed (a parse may hang it under a later clause: "step over
    # every board they remember"), past an adverb ("slowly back away")
    root = _first_verb(parse)
    if root is None:
        return {"verb": action.split()[0], "object": "", "alone": False}
    kids = parse.children(root)
    verb = parse[root].text
    after = root + 1
    if after < len(parse) and (parse[after].dep == "prt" or (
            parse[after].lower in _PARTICLES and parse[after].dep != "prep")):
        verb += " " + parse[after].text  # "call out", "back away"
    elif after < len(parse) and parse[after].dep == "xcomp" and parse[after].tag == "VBG" and \
            parse[root].lemma.lower() in _ASPECT:
        verb += " " + parse[after].text  # "keep talking"
    alone = not any(parse[k].dep in ("dobj", "dative", "ccomp") and not _bare_noun(parse, k) for k in kids)
    return {"verb": verb, "object": _doing(parse, root), "alone": alone}


#: Clauses of their own under an action: a verb in one is not the character's ("before they panic").
_INNER = frozenset("advcl relcl ccomp acl xcomp csubj pcomp".split())
#: Words that join a verb to the one before it.
_JOINS = frozenset("and then or".split())
#: Verbs that take another in "-ing" as one action ("keep talking"), not "fake being".
_ASPECT = frozenset("keep start stop begin quit".split())
#: Adverbs that finish a verb as a particle does ("back away", "turn around", "fight back").
_PARTICLES = frozenset("away off out up down in back around over along aside".split())
#: Most words of a plan told as a noun phrase.
PLAN_WORDS = 8


def _doing(parse, root: int) -> str:
    """The action parsed (as "They …") with its first verb at ``root``, told as a noun phrase:
    each verb of its own (the first, and those joined to it by "and", "then", "or") in "-ing"
    ("grab the flare and light it" → "grabbing the flare and lighting it"); the first verb's
    words alone when that runs long; "" when even those do."""
    from .. import english

    own = {root}
    inner = {j for k in range(len(parse)) if parse[k].dep in _INNER and k != root for j in parse.subtree(k)}
    for k in range(root + 1, len(parse)):  # verbs joined to the first: "kick the door open and go in first"
        before = [parse[j].lower for j in range(max(1, k - 2), k)]
        if k in inner or not before or not (before[-1] in _JOINS or before[-2:] in (["and", "not"], ["or", "not"])):
            continue
        if (parse[k].dep == "conj" and parse[k].pos == "VERB" and parse[k].head in own) or (_bare_at(parse, k) and (
                k + 1 == len(parse) or parse[k + 1].pos in ("PRON", "DET", "ADP", "ADV", "PART"))):
            own.add(k)  # "and bandage it", which a parse may read as a noun
    first = parse[root].lemma if parse[root].pos in ("VERB", "AUX") else parse[root].lower
    words = {k: english.inflect(first if k == root else parse[k].lemma.lower(), "VBG") for k in own}
    span = range(1, len(parse))
    if root + 1 in span and parse[root + 1].tag == "VBG" and parse[root].lemma.lower() in _ASPECT:
        span = [k for k in span if k != root]  # "keep talking": "talking", not "keeping talking"
    told = _told(parse, span, words)
    if len(told.split()) > PLAN_WORDS:
        cut = set()
        for k in parse.children(root):
            if parse[k].dep in ("conj", "cc", "advcl", "punct") and k > root:
                cut.update(parse.subtree(k))
        told = _told(parse, [k for k in span if k not in cut], words)
    return told if 0 < len(told.split()) <= PLAN_WORDS else ""


def _bare_at(parse, k: int) -> bool:
    """Whether the word at ``k`` is a bare verb ("and run", not "and ran", "and its head")."""
    from .. import english

    word = parse[k].lower
    return english.bare_verb(word) or (not english.parts_of(word) and parse[k].tag in ("VB", "VBP"))


def _told(parse, indices, words: dict[int, str]) -> str:
    out = []
    for k in sorted(indices):
        t = parse[k]
        out.append(words.get(k, t.text) + (" " if t.space else ""))
    return "".join(out).strip(" ,;")


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

    return bool(_ALOUD.search(str(line))) or \
        any(t.pos == "VERB" and t.lemma.lower() in _LOUD for t in english.parse(str(line)[:english.MAX_TEXT]))


#: A deed said to be done aloud, whatever its verb ("I read the scratches out loud").
_ALOUD = re.compile(r"\b(?:out loud|aloud|loudly)\b", re.I)


#: Words of a deed done by force ("I put my whole weight into it", "I take a run at it, shoulder
#: first"): its noise may be told as the deed's own, and it is never told as silent.
_FORCE = _LOUD | frozenset("shoulder heave push pull lift throw charge force swing drag rip haul tackle hit wrench "
                           "ram shove tear batter hammer pound wrestle yank pry lever bash punch stamp stomp hurl "
                           "strain".split())
#: ... and the words of force that say it whatever their part of speech ("my whole weight", "the
#: nearest heavy thing", "shoulder first"); the others only as the deed's verbs ("its swing" is not one).
_FORCE_ANY = frozenset("weight heavy shoulder".split())
#: Words of a deed done quietly or held still ("I keep low and silent", "I wait it out", "I hum
#: until my hands stop shaking"): the noise of a Messy success is not the deed's own but an
#: accident on the way.
_HUSH = frozenset("silent silently quiet quietly soft softly slow slowly gentle gently tiptoe toe creep sneak "
                  "still breath breathe wait ease heel whisper careful carefully low hum grit "
                  "stare look listen".split())


def manner(line: str | None) -> str | None:
    """How a line's deed is done, as its telling hears it: "force" (its noise is its own, it is
    never silent), "hush" (done quietly or held still: any noise is an accident) or None, by
    its words' lemmas (:data:`_FORCE`, :data:`_HUSH`; held still wins)."""
    if not line:
        return None
    from .. import english

    parse = list(english.parse(str(line)[:english.MAX_TEXT]))
    lemmas = {t.lemma.lower() for t in parse}
    if lemmas & _HUSH:
        return "hush"
    force = lemmas & _FORCE_ANY or any(t.pos == "VERB" and t.lemma.lower() in _FORCE for t in parse)
    return "force" if force else None


#: Verbs whose object is looked for, not held ("search the body for keys", "look for the
#: flashlight"): a thing named after one is not used.
_SOUGHT = frozenset("search look find seek want need hunt call miss lose forget remember follow ask wait "
                    "check spot see hear watch".split())
#: Prepositions whose object is what an action is done with ("hit it with the bat", "read by flashlight",
#: "shout into the walkie").
_WITH = frozenset("with by using on into through".split())


def _anothers(parse, verb: int) -> bool:
    """Whether the verb at ``verb`` has a subject of its own other than the retelling's
    "They" (the first word): "it" in "before it can raise the knife"."""
    return any(parse[k].dep in ("nsubj", "nsubjpass") and k != 0 for k in parse.children(verb))


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
        if t.lower in _NOT_NAMED or (t.pos not in ("NOUN", "PROPN") and not (
                t.pos == "ADJ" and t.dep in ("dobj", "pobj")
                and any(parse[d].dep in ("det", "poss") for d in parse.children(i)))):
            continue  # a thing, or a word the parse read as an adjective heading one ("the lighter")
        head = parse[t.head]
        if _anothers(parse, t.head if t.dep == "dobj" else parse[t.head].head):
            continue  # "before it can raise the knife": the Killer's knife, not theirs
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


#: Prepositions a reason begins with that want "is here" before them ("for the money", "on a dare");
#: any other is a state ("in love with Sam", "out of options": "is in love …").
_HERE_PREPS = frozenset("for on with after from about because since to".split())
#: Spoken forms of "because".
_BECAUSE = _Pattern(r"^(?:'?cause|'?cos|cuz|coz|bc|b/c)\b", re.I)
#: The first person's forms of the verbs that change for a name ("I am" → "Priya is").
_AGREE = {"am": "is", "are": "is", "were": "was", "have": "has", "do": "does", "don't": "doesn't",
          "aren't": "isn't", "weren't": "wasn't", "haven't": "hasn't", "ain't": "isn't", "'m": "is",
          "'ve": "has", "'ll": "will", "be": "is"}
#: Words that begin a reason told as what the character has ("no choice", "nowhere else to go").
_HAS = frozenset("no nothing nowhere nobody noone".split())


def why_clause(why: str | None, pronouns: Pronouns | None = None) -> str:
    """A cast member's answer to "why are you here?" as a clause told after their name,
    whatever form it was typed in: "Dared by his teammates." → "was dared by his teammates";
    "Hiding from her probation officer" → "is hiding from her probation officer"; "I owe Marty
    money" → "owes Marty money"; "For the money" → "is here for the money"; "to prove the
    legend is a hoax" → "is here to prove …"; "my brother went missing here" → "is here
    because her brother went missing here"; "no choice" → "has no choice". A clause already
    (the cast's "owes someone here an apology") is told as it is; only the first sentence is
    told. What cannot be read is quoted: "has her reasons: “…”"."""
    text = " ".join(str(why or "").replace("’", "'").split()).strip(" \"'“”‘’")
    text = re.split(r"(?<=[.!?;])\s+", text, maxsplit=1)[0].rstrip(" .!?;,:").strip(" \"'“”‘’")
    if not text:
        return ""
    from . import words as wordlists

    text = " ".join(wordlists.CONTRACTIONS.get(w.lower(), w) if w.lower() in _CHAT_WHY else w for w in text.split())
    text = _BECAUSE.sub("because", text)
    p = pronouns or _THEY
    if text.split()[0] in _FINITE_FIRST and not re.search(r"(?i)\b(?:i|me|my|mine|myself|i'm)\b", text):
        return text  # a clause already ("owes someone here an apology"): no parse needed
    quoted = f"has {p.determiner} reasons: “{text}”"
    first = re.match(r"(?i)i(?:'m|'ve|'d|'ll)?\b|i (?=am\b)", text)
    if first:  # the first person: the name is the subject
        said = first.group(0).strip()
        rest = text[first.end():].strip()
        if said[1:]:
            rest = {"'m": "am", "'ve": "have", "'ll": "will", "'d": "would"}[said[1:].lower()] + " " + rest
        turned = _in_person(rest, p)
        return quoted if turned is None else (_finite(turned) or quoted)
    turned = _in_person(text, p)
    if turned is None:
        return quoted
    if not re.match(r"[A-Z][a-z]*\b", turned) or not _named(turned):
        turned = turned[:1].lower() + turned[1:]
    return _reason(turned) or quoted


#: First words of a reason that is a clause already, told after the name as it is (the cast's
#: own: "owes someone here an apology", "drove the others here and holds the only car keys").
_FINITE_FIRST = frozenset("is was has had owes wants needs drove heard came holds knows lost promised followed took "
                          "swore keeps works lives got thinks believes feels".split())
#: Chat spellings in a typed reason ("wasnt invited", "im broke").
_CHAT_WHY = frozenset("wasnt werent isnt arent didnt doesnt dont hasnt havent cant couldnt im ive".split())


def _in_person(text: str, p: Pronouns) -> str | None:
    """``text`` with every first-person word in the character's person ("because Jake dared
    me" → "because Jake dared her"); a verb after an inner "I" that cannot agree: read as for
    they, then its determiners put back."""
    turned = third_person(text, p)
    if turned is None and not p.plural:
        turned = third_person(text, _THEY)
        if turned is not None:
            turned = re.sub(r"\btheir\b", p.determiner, re.sub(r"\bthemselves\b", p.reflexive, turned))
    return turned


def _named(text: str) -> bool:
    """Whether ``text`` begins with a name ("Sam dared me"), not a capital of its own."""
    from .. import english

    parse = english.parse(text)
    return bool(parse) and parse[0].pos == "PROPN" and parse[0].text not in ("I", "My", "The", "A", "An")


def _finite(rest: str) -> str | None:
    """A clause whose subject was "I", with the subject taken off, told after a name: its
    first verb agreed ("owe Sam money" → "owes Sam money", "am looking" → "is looking")."""
    from .. import english

    words = rest.split(" ", 1)
    if not words[0]:
        return None
    low = words[0].lower()
    if low in _AGREE:
        words[0] = _AGREE[low]
    else:
        parse = english.parse("They " + rest)
        if len(parse) < 2 or parse[1].pos not in ("VERB", "AUX"):
            return _reason(rest)  # "I … just because" — read as a reason
        if parse[1].tag in ("VB", "VBP") and _bare_at(parse, 1):
            words[0] = english.inflect(parse[1].lemma.lower(), "VBZ")
    return " ".join(words)


def _reason(text: str) -> str | None:
    """A reason typed without a subject (in the character's person already), told after a name:
    "is here " before a preposition or "to", "is" before a state or an "-ing", "was" before a
    lone participle ("dared"), "has" before a lone one that is not past ("been here before"),
    the verb agreed ("need the money" → "needs the money"), "is here because" before a
    sentence of its own, "is" before a person ("the new counselor"), "is here for" before a
    thing ("revenge"). None when no reading fits."""
    from .. import english
    from . import words as wordlists

    parse = english.parse(text)
    if not parse.parsed or not parse:
        return None
    k = 0
    while k < len(parse) - 1 and parse[k].tag == "RB" and parse[k].lower not in _HAS and \
            parse[k].lower not in ("here", "there"):
        k += 1  # "just", "mostly": kept, and read past
    t = parse[k]
    low = t.lower
    nxt = parse[k + 1] if k + 1 < len(parse) else None
    if low in ("because", "since", "after") or (t.pos == "SCONJ" and low not in ("that", "if", "whether")):
        return "is here " + text
    if low == "to" and nxt is not None and nxt.tag == "VB":
        return "is here " + text  # "to prove the legend is a hoax"
    if low in ("here", "there"):
        return "is " + text
    if low in _HAS:
        return "has " + text
    if any(parse[j].dep in ("nsubj", "nsubjpass", "expl") and parse[parse[j].head].tag in ("VBD", "VBZ", "VBP", "MD")
           and j < parse[j].head for j in range(k, len(parse))) and t.pos not in ("VERB", "AUX", "ADP"):
        return "is here because " + text  # a sentence of its own: "my brother went missing here"
    if t.pos == "ADP":
        return ("is here " if low in _HERE_PREPS else "is ") + text
    if low in _AGREE and t.pos in ("AUX", "VERB"):
        return _AGREE[low] + text[text.lower().index(low) + len(low):] if k == 0 else None
    if low == "been":
        return "has " + text  # "been here before"
    if t.pos == "AUX" or t.tag == "MD":
        return text  # "wasn't invited", "can't say no", "got dared"
    single = len(parse) == k + 1
    agent = any(parse[j].dep == "agent" for j in parse.children(k))
    if t.tag == "VBZ" or (t.tag == "VBD" and not single and not agent):
        return text  # "owes someone here an apology", "drove the others here" (no lemmas needed)
    if t.pos == "VERB" or t.tag.startswith("VB") or (single and low.endswith(("ed", "ing"))
                                                        and "VERB" in english.parts_of(low)):
        lemma = english.lemma_of(low, "VERB")
        past, participle = english.inflect(lemma, "VBD"), english.inflect(lemma, "VBN")
        if low.endswith("ing") and lemma != low:
            return "is " + text  # "hiding from her probation officer"
        if low == participle and (single or agent):
            return "was " + text  # "dared", "dared by his teammates"
        if low == participle != past:
            return "has " + text  # "been here before", "seen it before"
        if low == past or t.tag in ("VBD", "VBZ"):
            return text  # "lost a bet", "came back for her sister", "wants answers"
        if low == lemma:
            return english.inflect(lemma, "VBZ") + text[len(t.text):] if k == 0 else None  # "need the money"
        return None
    if t.pos == "ADJ" and (single or parse[parse.roots()[0]].pos not in ("NOUN", "PROPN")):
        return "is " + text  # "bored", "scared of being alone"
    root = next((j for j in range(k, len(parse)) if parse[j].head == j), k)
    head = parse[root]
    if head.pos in ("NOUN", "PROPN", "ADJ") and all(parse[j].pos not in ("VERB", "AUX") or j > root
                                                    for j in range(k, len(parse))):
        if head.pos == "NOUN" and english.lemma_of(head.lower, "NOUN") in wordlists.PEOPLE:
            if not any(parse[j].dep in ("det", "poss") for j in parse.children(root)) and head.tag == "NN":
                return "is " + ("an " if head.lower[:1] in "aeiou" else "a ") + text  # "counselor"
            return "is " + text  # "the new counselor", "Sam's girlfriend"
        return "is here for " + text  # "revenge", "the money"
    return None


