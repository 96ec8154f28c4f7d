"""Reading a question: what it is about, and what it asks of it.

The rules put table talk at the centre of play ("The Director and players narrate the events
leading up to this moment through conversation and asking questions from each other"), and
players word their questions as people do: "is everybody still with us?", "what's Kit
carrying?", "whos hurt", "did Randy make it". The director reads each into

- what it is **about** (:class:`Mention`): a character (by name, "I"/"me", "he"/"she"), the
  group ("we", "everyone", "anyone else"), a thing someone carries or lost, a place of the
  setting, the Killer, or the night itself — found with the night's own words (its names,
  things, places and Killer; :class:`Lexicon`), and
- what it **asks** of it: alive, dead, with us, how many, hurt, carrying, lost, where, what
  it looks like, why, how dangerous, what time, what happened … (:data:`ASKS`),

from spaCy's parse (:mod:`solo.english`): the subject of the sentence, the lemmas of its words
("carrying" → carry, "got" → get), and whether the line asks at all ("I check whether the
door is locked?" is an action; "who is hurt" is a question). A word one letter off a word the
director listens for ("hurtt", "evryone") or a name ("Randdy") is read as that word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .. import english
from ..english import one_edit
from ..world.pronouns import pronouns_of
from .asks import decide
from .tidy import asks_indirectly, first_word, is_question, tidy
from .words import (ASK_RUNS, DEMONSTRATIVES, LOST_IDIOMS, PRONOUNS, REQUESTS, ASKS, AUX, GROUP, KILLER, NIGHT, PREDICATE_WORDS, SELF,
                    WH, listened_safe)

__all__ = ["Lexicon", "Mention", "Reading", "read", "is_question"]


# ---------------------------------------------------------------------- the night's words


@dataclass(frozen=True)
class Thing:
    """A thing of the fiction a question may name: its short name and the words it goes by."""

    name: str  # the story's short name ("road flare")
    words: tuple[tuple[str, ...], ...]  # lemma runs that name it, longest first


@dataclass(frozen=True)
class Place:
    location: str  # as the setting gives it
    short: str  # "the chapel"
    words: tuple[str, ...]  # content lemmas of the short name ("chapel")


class Lexicon:
    """The night's own words: its characters (names and pronouns), the things they carry and
    lost, its places, and its Killer."""

    def __init__(self, names, pronouns=(), things=(), places=(), killer_name: str = "the Killer",
                 here: str | None = None) -> None:
        self.names = [str(n) for n in names]
        self.pronouns = [pronouns_of(p) for p in pronouns] or [pronouns_of(None) for _ in self.names]
        self.things = [Thing(t, _name_runs(t)) for t in dict.fromkeys(things) if t]
        self.places = [Place(p, *_place_words(p)) for p in dict.fromkeys(places) if p]
        self.killer_words = frozenset(w for w in _words(killer_name) if w not in ("the", "a", "an"))
        self.here = here
        self.extra = frozenset(n.lower() for n in self.names if n.isalpha()) | \
            frozenset(w for t in self.things for run in t.words for w in run if len(w) >= 3 and w.replace("-", "").isalpha())

    @classmethod
    def of(cls, game, fiction) -> "Lexicon":
        things = [*(i for p in fiction.people for i in p.items + p.lost)]
        return cls([c.name for c in game.cast], [p.pronouns for p in fiction.people], things,
                   list(fiction.locations), fiction.killer.get("name") or "the Killer", fiction.location)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+(?:'[a-z]+)?", str(text).lower().replace("\u2019", "'"))


_STOP = frozenset("the a an of to in on at by for from with and or 's his her their its my our your some "
                  "old".split())


def _name_runs(name: str) -> tuple[tuple[str, ...], ...]:
    """The lemma runs a thing goes by: its whole name and its last word ("road flare",
    "flare"; "truck keys", "keys" → key)."""
    ws = [w for w in _words(name) if w not in ("a", "an", "the")]
    ws = [w[:-2] if w.endswith("'s") else w for w in ws]
    lemmas = tuple(_singular(w) for w in ws)
    runs = {lemmas}
    if lemmas:
        runs.add(lemmas[-1:])
        if len(lemmas) >= 2:
            runs.add(lemmas[-2:])
    return tuple(sorted(runs, key=len, reverse=True))


def _singular(word: str) -> str:
    if len(word) > 3 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _place_words(location: str) -> tuple[str, tuple[str, ...]]:
    from ..world.places import short_place

    short = short_place(location)
    ws = tuple(_singular(w[:-2] if w.endswith("'s") else w) for w in _words(short) if w not in _STOP)
    return short, ws


# ---------------------------------------------------------------------- what a reading holds


@dataclass(frozen=True)
class Mention:
    """Something a question names: ``kind`` is person, group, thing, place, killer, night or
    here; ``ref`` the character's index, the thing's or place's name, or the group's count
    ("all", "any", "none", "we")."""

    kind: str
    ref: object
    start: int
    end: int  # token indices, end excluded
    text: str  # as typed
    other: bool = False  # "anyone else", "the others": the group without the one who asks


@dataclass(frozen=True)
class Reading:
    """A question as the director reads it."""

    text: str  # as asked (cleaned)
    question: bool  # it asks (False: a statement or an action, whatever its last character)
    form: str  # "yesno" or "open"
    wh: str | None  # what, who, where, why, how, which, when, whose; "how many", "how long"
    about: Mention | None  # what it is about
    mentions: tuple  # every mention, in order
    asks: tuple[str, ...]  # every kind of ask its words carry, strongest first
    ask: str | None  # what it asks of what it is about (see _decide)
    negated: bool  # asked the other way round ("is Randy not dead?")
    subject: tuple[int, int] | None = None  # the subject's tokens, for a restatement
    parse: tuple = field(default_factory=tuple)

    def mentioned(self, kind: str) -> list[Mention]:
        return [m for m in self.mentions if m.kind == kind]

    def first(self, kind: str) -> Mention | None:
        """The first mention of ``kind``; of characters, one named by name before one named
        "I" or "she" ("where can I find Jesse?" is about Jesse)."""
        found = [m for m in self.mentions if m.kind == kind]
        if kind == "person" and len(found) > 1:
            named = [m for m in found if m.text.lower() not in PRONOUNS]
            found = named or found
        return found[0] if found else None


#: Words that make a verbless line a yes-or-no ("Ozzie breathing?", "Kit with the group?").
_STATE_NOUNS = frozenset("breathing bleeding living group others rest us".split())


#: The game's words, written capitalised as the rules write them: read as the words they are.
_GAME_WORDS = re.compile(r"\b(?:Strikes?|Genre Points?|Aptitudes?|Weakness(?:es)?|Threat Cards?|Fallout)\b")


def read(text: str, lexicon: Lexicon, asker: int | None = None, focus: int | None = None) -> Reading:
    """Read ``text`` against the night's ``lexicon``; ``asker`` is who asks ("I"), ``focus``
    the character the talk was last about ("is she ok?")."""
    said = _GAME_WORDS.sub(lambda m: m.group(0).lower(), tidy(text, lexicon.extra))  # "Strikes" is nobody's name
    parse = english.parse(said)
    named = [i for i, n in enumerate(lexicon.names) if re.search(r"\b" + re.escape(n.lower()) + r"\b", text.lower())]
    here = named[0] if len(named) == 1 else None  # "Jesse isn't moving. is he dead?": he is Jesse
    question = is_question(text)
    k, first = first_word(parse)
    first = re.sub(r"'(?:s|re|d|ll|ve|m)$", "", first)
    wh = first if first in WH else None
    if wh is None and parse.parsed:  # "so Kit's carrying what?", "and Kit is where", "Dana where"
        last = max((i for i, t in enumerate(parse) if t.text[:1].isalnum()), default=-1)
        wh = next((t.lower for i, t in enumerate(parse) if t.lower in WH and (
            t.dep in ("dobj", "advmod", "attr", "pobj") or i == last or t.head == i or
            (i and parse[i - 1].text in (",", "?", "!", ":", ";", "-", "...")))), None)
    if wh is None and any(t.lower in ("whereabouts",) for t in parse):
        wh = "where"
    if wh is None:
        inner = next((t.lower for t in parse[k + 1:k + 5] if t.lower in WH), None)
        if inner and asks_indirectly(parse):
            wh = inner
    lows = [t.lower for t in parse]
    if wh == "how":
        at = lows.index("how") if "how" in lows else 0
        nxt = lows[at + 1] if at + 1 < len(lows) else ""
        if nxt == "many" or (nxt == "much" and "of" in lows[at + 2:at + 3]):
            wh = "how many"  # ("how much of us are left")
        elif nxt in ("long", "soon", "close", "near", "far") and any(w in NIGHT or w in ("over", "light") for w in lows):
            wh = "how long"
    content = [t for t in parse if t.pos in ("NOUN", "PROPN", "ADJ", "VERB", "AUX", "ADV")]
    verbless = parse.parsed and not any(t.pos in ("VERB", "AUX") for t in parse) and bool(content) and \
        content[-1].pos == "NOUN" and not any(t.lower in ("nearly", "almost", "still", "already", "close", "yet")
                                              for t in parse)  # "location??" asks for it; "Kit alive?" yes or no
    verbless = verbless or (len([t for t in parse if t.text[:1].isalnum()]) == 1 and len(content) == 1 and
                            content[0].tag in ("NN", "NNS", "VB", "VBP"))  # "headcount?", "weakness??"
    if verbless and any(t.lower in _STATE_NOUNS for t in parse) and not any(
            t.lower in ("location", "status", "gear", "stuff", "inventory", "condition", "situation") for t in parse):
        verbless = False  # "Ozzie breathing?", "Kit with the group rn": yes or no
    if verbless and first in ("any", "anything", "anybody", "anyone", "anywhere") and wh is None:
        verbless = False  # "any axe by the woodpile?": is there one
    if verbless and wh is None:
        wh = "what"
    form = "open" if wh or (parse and parse[k].lemma.lower() in REQUESTS) or verbless else "yesno"
    mentions = _mentions(parse, lexicon, asker, focus, here)
    asks = _asks(parse, mentions)
    negated = _negated(parse, asks)
    about = _about(parse, mentions, wh)
    reading = Reading(said, question, form, wh, about, tuple(mentions), asks, None, negated,
                      _subject_span(parse), parse)
    ask = decide(reading)
    return Reading(said, question, form, wh, about, tuple(mentions), asks, ask, negated, reading.subject, parse)


# ---------------------------------------------------------------------- mentions


def _lemmas(parse) -> list[str]:
    out = []
    for t in parse:
        lem = t.lemma.lower()
        if t.lower in ("us",):
            lem = "we"
        out.append(_singular(lem) if t.pos in ("NOUN", "PROPN", "X", "") and lem.isalpha() else lem)
    return out


def _mentions(parse, lex: Lexicon, asker: int | None, focus: int | None, here: int | None = None) -> list[Mention]:
    lows = [t.lower for t in parse]
    lemmas = _lemmas(parse)
    plain = [_singular(w[:-2] if w.endswith("'s") else w) for w in lows]
    taken = [False] * len(parse)
    found: list[Mention] = []

    def take(kind, ref, start, end, other=False):
        for k in range(start, end):
            taken[k] = True
        found.append(Mention(kind, ref, start, end, parse.text_of(range(start, end)), other))

    def run_at(run, k):
        """The tokens from ``k`` that say ``run`` (a hyphen between two of its words aside:
        "walkie - talkie"), or 0."""
        at = k
        for w in run:
            if at < len(parse) and lows[at] == "-" and at > k:
                at += 1
            if not (at < len(parse) and (plain[at] == w or lemmas[at] == w and parse[at].pos in (
                    "NOUN", "PROPN", "X", ""))):  # ("the whistling" is not the tin whistle)
                return 0
            at += 1
        return at - k

    def things(runs_of_two: bool):
        for thing in sorted(lex.things, key=lambda x: -len(x.words[0])):
            for run in thing.words:
                if (len(run) >= 2) != runs_of_two:
                    continue
                for k in range(len(parse)):
                    size = run_at(run, k)
                    if size and not any(taken[k:k + size]):
                        take("thing", thing.name, k, k + size)
                        break
                else:
                    continue
                break

    # things named in full first ("the first-aid kit" is not Kit), then names, then a thing by
    # its last word ("the flare"), then places
    things(True)
    names = [n.lower() for n in lex.names]
    for k, t in enumerate(parse):
        low = t.lower
        if low in names and not taken[k]:
            take("person", names.index(low), k, k + 1)
    for k, t in enumerate(parse):
        if taken[k] or not t.text[:1].isalpha() or len(t.text) < 4:
            continue
        if t.pos in ("PROPN", "NOUN", "X", "ADJ", "VERB", "") and t.lower not in listened_safe():
            near = [i for i, n in enumerate(names) if len(n) >= 4 and one_edit(t.lower, n)]
            if len(near) == 1 and (t.text[:1].isupper() or t.pos in ("PROPN", "X", "")):
                take("person", near[0], k, k + 1)
    things(False)
    best: dict[int, tuple[int, Place]] = {}
    for place in lex.places:
        if not place.words:
            continue
        hits = [k for k in range(len(parse)) if not taken[k] and (plain[k] in place.words or lemmas[k] in place.words)
                and (parse[k].dep != "compound" or plain[parse[k].head] in place.words
                     or lemmas[parse[k].head] in place.words)]  # "the cellar door" is a door, not the cellar;
        # "the basement rec room" is the rec room
        if place.words[-1] in [plain[k] for k in hits] or len(hits) >= 2:
            for k in hits:
                if k not in best or best[k][0] < len(hits):
                    best[k] = (len(hits), place)
    if best:
        by_place: dict[str, list[int]] = {}
        for k, (_, place) in best.items():
            by_place.setdefault(place.location, []).append(k)
        for location, ks in by_place.items():
            start = min(ks)
            while start > 0 and lows[start - 1] in ("the", "a", "an", "'s") or (start > 0 and taken[start - 1] is False
                                                                              and lows[start - 1] == "the"):
                start -= 1
            take("place", location, start, max(ks) + 1)
    for k, t in enumerate(parse):
        if taken[k]:
            continue
        low = t.lower
        if low in SELF or (low == "i" and t.text == "I"):
            if asker is not None:
                take("person", asker, k, k + 1)
            else:
                take("group", "me", k, k + 1)
        elif low in ("he", "him", "his", "she", "her", "hers", "himself", "herself"):
            who = _pronoun(low, lex, focus, here)
            if who is not None:
                take("person", who, k, k + 1)
            elif low in ("he", "him", "his", "himself"):
                take("it", None, k, k + 1)  # no one of the cast: perhaps the Killer
        elif low in ("you", "your", "yours", "yourself") and here is not None and not any(
                m.kind == "person" and m.ref == here for m in found):
            take("person", here, k, k + 1)  # "Dana, you still got the keys?": you are Dana
        elif low in ("it", "its", "itself") and not (k and lemmas[k - 1] in ("make", "bite", "buy", "do", "snuff")
                                                     and parse[k - 1].pos != "AUX"):
            take("it", None, k, k + 1)  # (not "make it", "bite it": those are idioms)
        elif low == "no" and k + 1 < len(parse) and lows[k + 1] == "one" and not taken[k + 1]:
            take("group", "none", k, k + 2)  # "no one hurt?"
        elif low in GROUP and not (low in ("all", "any", "each", "none", "rest", "party", "group", "people") and
                                   _part_of_other(parse, k)):
            other = any(w in ("else", "other", "others") for w in lows[k:k + 3]) or low in ("others", "rest")
            take("group", GROUP[low], k, k + 1, other)
        elif low in lex.killer_words or low in KILLER or (plain[k] in lex.killer_words):
            if low in ("thing", "guy", "figure", "shape") and not (k and lows[k - 1] in ("the", "that", "this")):
                continue
            start = k - 1 if k and lows[k - 1] in ("the", "that", "this") else k
            take("killer", None, start, k + 1)
        elif low in NIGHT or lemmas[k] in NIGHT:
            take("night", lemmas[k], k, k + 1)
        elif low == "here" or (low == "place" and k and lows[k - 1] == "this"):
            take("here", lex.here, k, k + 1)
    for k, t in enumerate(parse):  # a name the night does not know ("is Randy gone?" with no Randy)
        if not taken[k] and t.pos == "PROPN" and t.text[:1].isupper() and t.text.isalpha() and len(t.text) >= 3 \
                and t.lower not in listened_safe() and (k == 0 or lows[k - 1] not in ("the", "a", "an")) \
                and (k + 1 >= len(parse) or parse[k + 1].pos != "PROPN") and (k == 0 or parse[k - 1].pos != "PROPN"):
            take("stranger", t.text, k, k + 1)
    found.sort(key=lambda m: m.start)
    return found


def _part_of_other(parse, k: int) -> bool:
    """"all right", "any of the keys": a group word that is not about the cast."""
    low = [t.lower for t in parse]
    nxt = low[k + 1] if k + 1 < len(low) else ""
    if low[k] in ("any", "all", "each", "none") and k + 1 < len(low) and parse[k + 1].pos in ("NOUN", "ADJ", "NUM"):
        return True  # "any weaknesses", "all four"
    return nxt in ("right", "clear") or (low[k] in ("any", "all", "none") and nxt == "of" and
                                          not any(w in ("us", "we", "you") for w in low[k + 2:k + 4]))


def _pronoun(word: str, lex: Lexicon, focus: int | None, here: int | None = None) -> int | None:
    """The character "he" or "she" is: the one character the line names ("Jesse isn't moving.
    is he dead?", whatever Jesse's pronouns), else the one the talk was last about, if it fits;
    else the only character it fits."""
    if here is not None:
        return here
    subject = "he" if word in ("he", "him", "his", "himself") else "she"
    fits = [i for i, p in enumerate(lex.pronouns) if p.subject == subject]
    if focus is not None and focus in fits:
        return focus
    return fits[0] if len(fits) == 1 else None


# ---------------------------------------------------------------------- asks


def _asks(parse, mentions: list[Mention]) -> tuple[str, ...]:
    """Every kind of ask the words carry, in the order of the table (mentions' words aside:
    "the first-aid kit" asks nothing of "hurt")."""
    taken = {k for m in mentions if m.kind in ("thing", "place") for k in range(m.start, m.end)}
    lows = [t.lower for t in parse]
    lemmas = [t.lemma.lower() for t in parse]
    left = {k for k, t in enumerate(parse) if t.lower == "left" and any(
        parse[c].dep in ("dobj", "prep") and parse[c].lower not in ("of",) for c in parse.children(k))}
    taken |= left  # "who left the door open?" counts no one
    taken |= {k for k in range(len(parse) - 1) if lemmas[k] == "lose" and lows[k + 1] in LOST_IDIOMS}  # "i lost track"
    inner = {k for m in mentions if m.kind == "place" for k in range(m.start + 1, m.end)}  # "the trail *around* …"
    found = set()
    for k in range(len(parse)):
        for word in {lows[k], lemmas[k]}:
            for ask, run in ASK_RUNS.get(word, ()):
                if ask not in found and all(k + j < len(parse) and (k + j not in taken or ask in ("with", "contents",
                                                                                                  "cut"))
                                            and not (ask == "with" and k + j in inner)
                                            and (lows[k + j] == w or lemmas[k + j] == w) for j, w in enumerate(run)):
                    if ask == "alive" and run == ("make", "it") and k + 2 < len(parse) and lows[k + 2] == "to":
                        continue  # "can we make it to the car?": reaching a place, not living
                    found.add(ask)
    return tuple(ask for ask in ASKS if ask in found)  # in the order of the table


def _negated(parse, asks: tuple[str, ...] = ()) -> bool:
    """Asked the other way round: a "not", "never", "no longer" or "no more" on the main verb
    or its predicate, that is not the tag of an inverted auxiliary ("isn't Randy dead?" asks
    whether Randy is dead; "is Randy not dead?" whether he is alive; "is Kit good, not hurt or
    anything?" whether Kit is good)."""
    lows = [t.lower for t in parse]
    k, _ = first_word(parse)
    main = set(parse.roots()) if parse.parsed else set()
    for r in list(main):  # the root's predicate ("is Kit *good*"), not a clause beside it
        main |= {c for c in parse.children(r) if parse[c].dep in ("acomp", "attr", "xcomp", "ccomp", "oprd", "aux",
                                                                   "auxpass", "prep")}
    tagged = _tagged(lows)
    tag_at = _tag_start(lows) if tagged else len(lows)
    for i, w in enumerate(lows):
        if i >= tag_at:
            break  # the tag's own "n't" ("…, isn't she?") asks, it turns nothing round
        two = i + 1 < len(lows) and lows[i + 1] in ("longer", "more")
        if w == "no" and two and "dead" in asks and lows[i + 1] == "longer" and i + 2 < len(lows) \
                and lows[i + 2] == "with":
            continue  # "no longer with us": how the dead are spoken of (the ask), not the other way round
        none = w == "no" and parse.parsed and parse[i].dep == "det" and not two and not (
            i + 1 < len(lows) and lows[i + 1] == "one")  # "there is no signal" ("no one" is the group, none of it)
        if w in ("not", "n't", "never", "nt", "aint") or (w == "no" and two) or none:
            if i == k + 1 and w in ("n't", "nt") and parse[k].lower in AUX | {"is", "are", "was", "were", "do", "does",
                                                                             "did", "ca", "wo", "sha", "ai"}:
                continue  # "isn't", "didn't", "can't" ("ca" "n't") at the front: a tag, not the other way round
                # ("is not dead, Hank?" is)
            if i >= 1 and lows[i - 1] in ("or",):
                continue  # "alive or not"
            if parse.parsed and not two and not tagged and parse[i].head not in main and _other_clause(parse, i):
                continue  # a "not" in another clause (not the statement before a tag: "X ain't dead, is she?")
            if i + 1 < len(lows) and lows[i + 1] in ("hurt", "injured", "wounded", "bleeding", "dead") and any(
                    w in ("ok", "okay", "good", "fine", "alright", "alive") for w in lows[:i]):
                continue  # "is Dana good, not hurt?": the "not hurt" says the "good" again
            return True
    return False


#: Clauses of their own inside a question: a "not" in one does not turn the question round
#: ("is the guy who didn't run still here?").
_CLAUSES = frozenset("relcl acl advcl csubj csubjpass parataxis".split())


def _other_clause(parse, i: int) -> bool:
    """Whether token ``i`` sits in a clause of its own (or a sentence before the question's)."""
    j, seen = parse[i].head, {i}
    while j not in seen:
        seen.add(j)
        if parse[j].dep in _CLAUSES and not _predicate(parse, j):
            return True
        if parse[j].head == j:
            break
        j = parse[j].head
    roots = parse.roots()  # "Jesse isn't moving. is he dead?": a sentence told before the one that asks
    return len(roots) > 1 and i < roots[-1] and any(t.text in (".", "?", "!") for t in parse[i:roots[-1]])


def _predicate(parse, j: int) -> bool:
    """Whether the clause at ``j`` is really the predicate of a bare "is" ("is the keys *not
    lost*": the parse hangs "lost" on the keys)."""
    h = parse[j].head
    if parse[j].dep == "advcl" and parse[h].pos == "AUX" and parse[h].head == h:
        root = h  # "is the hunting knife not lost": hung on the "is"
    elif parse[j].dep != "acl" or parse[h].dep not in ("nsubj", "nsubjpass", "npadvmod", "attr"):
        return False
    else:
        root = parse[h].head  # ("is the cellar hatch not locked?": the hatch read as the "is"'s attribute)
    return parse[root].pos == "AUX" and not any(parse[c].dep in ("acomp", "attr") and c != h
                                                for c in parse.children(root))


#: The tags that make a statement a question ("…, is she?", "…, right?").
_TAG_AUX = frozenset("is are was were do does did has have had can could will would isn't aren't wasn't doesn't "
                     "didn't hasn't".split())
_TAG_WHO = frozenset("he she they it we you i".split())


def _tagged(lows: list[str]) -> bool:
    """Whether a question is a statement with a tag at its end ("Hank ain't dead, is she?",
    "the door isn't locked, is it?", "Sid isn't dead, right?"): the parse reads the tag as the
    root, and the statement before it as another clause."""
    words = [w for w in lows if w not in ("?", ",", ".", "!")]
    if len(words) >= 3 and words[-1] in ("right", "yeah", "correct", "innit"):
        return True
    if len(words) < 4 or words[-1] not in _TAG_WHO:
        return False
    return words[-2] in _TAG_AUX or (words[-2] in ("n't", "not") and words[-3] in _TAG_AUX)


def _tag_start(lows: list[str]) -> int:
    """Where a question's tag begins (its auxiliary, or its "right?")."""
    k = len(lows)
    while k and lows[k - 1] in ("?", ",", ".", "!"):
        k -= 1
    if k and lows[k - 1] in ("right", "yeah", "correct", "innit"):
        return k - 1
    k -= 2  # "is she", "is n't she" (the tag's "n't" a token of its own)
    while k > 0 and lows[k] in ("n't", "not"):
        k -= 1
    return max(k, 0)


def _about(parse, mentions: list[Mention], wh: str | None) -> Mention | None:
    """What the question is about: the mention that is its subject, else the one a
    preposition points at ("what happened to Iris"), else the first."""
    if not mentions:
        return None
    if parse.parsed:
        for m in mentions:
            if any(parse[k].dep in ("nsubj", "nsubjpass", "expl") for k in range(m.start, m.end)) and \
                    m.kind not in ("night",):
                return m
        for m in mentions:
            if any(parse[k].dep == "poss" for k in range(m.start, m.end)):
                return m
    return mentions[0]


def _subject_span(parse) -> tuple[int, int] | None:
    span = _subject_found(parse)
    if span is None:
        return None
    start, end = span
    if end < len(parse) and parse[end].tag == "POS":  # "Iris 's window": the subject is the window
        span = _subject_by_order(parse)
        if span is None:
            return None
        start, end = span
    for k in range(start + 1, end):  # "the window standing open": "standing" begins what is said of it
        t = parse[k]
        if t.lower.endswith(("ing", "ed")) and parse[k - 1].pos in ("NOUN", "PROPN") and t.pos in ("NOUN", "VERB") \
                and (k + 1 >= len(parse) or parse[k + 1].pos in ("ADJ", "ADV", "ADP", "PART", "PUNCT")):
            return start, k
    return span


def _subject_found(parse) -> tuple[int, int] | None:
    """The subject's tokens of a yes/no question ("the cellar door" of "is the cellar door
    standing open?"): the subject noun with what comes before it under it, and the
    prepositions after it that name it ("the door to the cellar"); not a participle or a clause
    after it."""
    if not parse.parsed:
        return None
    if not any(t.dep in ("nsubj", "nsubjpass", "expl") for t in parse):
        return _subject_by_order(parse)
    for k, t in enumerate(parse):
        if t.dep in ("nsubj", "nsubjpass", "expl"):
            if t.lower in PREDICATE_WORDS and t.dep != "expl" or (k > 1 and parse[k - 1].lower in DEMONSTRATIVES and parse[k - 1].dep ==
                                              "mark"):
                return _subject_by_order(parse)  # "is our radio shut?": "shut" is what is said of the radio
            if t.tag == "DT" and any(parse[j].pos in ("NOUN", "PROPN") for j in range(k + 1, min(len(parse), k + 4))):
                return _subject_by_order(parse)  # "is that (back) door open?": "that" is the door's, not the subject
            start = min(parse.subtree(k))
            end = k + 1
            if end < len(parse) and parse[end].lower == "else":
                end += 1  # "anyone else"
            for c in parse.children(k):
                if c > k and parse[c].dep in ("prep", "poss", "case", "compound"):
                    after = max(parse.subtree(c)) + 1
                    if parse[c].lower in ("of", "to", "'s") or any(
                            t.pos in ("ADJ", "VERB") or t.lower in PREDICATE_WORDS for t in parse[after:]):
                        end = max(end, after)  # "the door to the cellar", "the truck by the gate (locked?)"
            return start, end  # ("is the truck still by the gate?": where it is, is what is asked)
    return None


def _subject_by_order(parse) -> tuple[int, int] | None:
    """A yes/no question the parse found no subject in ("is the music loud", "is that back
    door open"): after the auxiliary, a determiner and what describes a noun, up to the noun
    followed by a word that says something of it."""
    k, first = first_word(parse)
    if k + 2 < len(parse) and parse[k + 1].lower in ("n't", "nt") and first in AUX:
        k += 1  # "isn't the truck working?": the subject after the auxiliary's "n't"
    if first not in AUX or k + 1 >= len(parse) or (parse[k + 1].pos not in ("DET", "PROPN", "NOUN", "PRON", "ADJ")
                                                   and parse[k + 1].lower not in DEMONSTRATIVES):
        return None
    for j in range(k + 1, min(len(parse), k + 8)):
        t = parse[j]
        if t.lower in PREDICATE_WORDS and j > k + 1 and parse[j - 1].pos in ("NOUN", "PROPN"):
            return k + 1, j
        if not (t.pos in ("DET", "ADJ", "ADV", "NOUN", "PROPN", "NUM", "PRON") or t.text in ("'s", "-") or
                t.lower in DEMONSTRATIVES):
            return None
        nxt = parse[j + 1] if j + 1 < len(parse) else None
        if t.pos in ("NOUN", "PROPN") and nxt is not None and nxt.tag != "POS" and (
                nxt.pos in ("ADJ", "ADV", "VERB", "ADP", "PART") or nxt.lower in PREDICATE_WORDS):
            return k + 1, j + 1
    return None
