"""Horror tropes and the judges that recognise them in what the player types.

*"The Director starts with 13 Genre Points that they can award you with for playing into the
genre's tropes."* A **trope judge** reads one typed line (what a character does or says) and
returns a :class:`Verdict` — the trope it plays into and a one-line reason — or None. Two
judges share the small :class:`TropeJudge` interface, like the narrators:

- :class:`TemplateJudge` (the default): offline and deterministic. Each :class:`Trope` has
  *phrasings*, tiny patterns over the line's words (below).
- :class:`~solo.director.judge_llm.LLMJudge`: asks the model for a small structured verdict.

The tropes a night knows are the playset's (``tropes``, with ``[trope_phrasings]``) first,
then the built-in slasher list :data:`SLASHER`. Whether a recognised trope is *awarded* is
the director's business (:mod:`solo.director.awards`), not the judge's.

Phrasings
---------
A phrasing is a few *terms* separated by spaces. A term is one word or several alternatives
joined by ``|``; a word ending in ``*`` matches any word it begins (``investigat*`` matches
*investigate*, *investigating*). The terms must occur in the line in order, with at most
:data:`GAP` other words between two of them. A phrasing does not match where a negation
(*not*, *never*, *instead* …) stands just before its first term: "we will **not** split up".
Lines are read in lower case with contractions spelled out (*I'll* → *i will*, *won't* →
*will not*), so phrasings are written in plain words: ``be right back``. A word has at most
:data:`MAX_WORD` letters. Matching takes time linear in the line and in the phrasings
(:class:`LineWords`), however a playset writes them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol, runtime_checkable

from dataclasses import dataclass

GAP = 3  # most words between two terms of a phrasing
NEGATION_WINDOW = 3  # words before the first term that may negate a phrasing
MAX_TERMS = 8
MAX_PHRASINGS = 40
MAX_WORD = 30  # letters in a word of a phrasing
_WORD = re.compile(r"^[a-z0-9]+\*?$")

NEGATORS = frozenset({"not", "never", "no", "nobody", "refuse", "refuses", "refused", "instead", "rather",
                      "without", "avoid", "avoids", "against", "nor", "neither"})

_CONTRACTIONS = [
    (re.compile(r"\bwon't\b"), "will not"), (re.compile(r"\bcan't\b"), "can not"),
    (re.compile(r"\bshan't\b"), "shall not"), (re.compile(r"\blet's\b"), "let us"),
    (re.compile(r"n't\b"), " not"), (re.compile(r"'ll\b"), " will"), (re.compile(r"'re\b"), " are"),
    (re.compile(r"'m\b"), " am"), (re.compile(r"'ve\b"), " have"), (re.compile(r"'d\b"), " would"),
    (re.compile(r"\b(it|that|he|she|there|what|who|where|here|this|someone|somebody|something|everyone)'s\b"),
     r"\1 is"),
    (re.compile(r"'s\b"), ""),
]
_TOKEN = re.compile(r"[a-z0-9]+")


def words(line: str) -> list[str]:
    """The line's words as phrasings see them: lower case, contractions spelled out."""
    text = str(line).lower().replace("\u2019", "'").replace("\u2018", "'").replace("`", "'")
    if "'" in text:  # every contraction has one
        for pattern, repl in _CONTRACTIONS:
            text = pattern.sub(repl, text)
    return _TOKEN.findall(text)


# ---------------------------------------------------------------------- phrasings

Term = tuple[tuple[str, bool], ...]  # alternatives: (word, is_prefix)


def parse_phrasing(text: str) -> tuple[Term, ...]:
    """A phrasing's terms; ValueError (one line) if it is not written as phrasings are."""
    if not isinstance(text, str):
        raise ValueError(f"a phrasing is text, got {text!r}")
    raw = text.lower().split()
    if not raw:
        raise ValueError("a phrasing may not be empty")
    if len(raw) > MAX_TERMS:
        raise ValueError(f"phrasing {text!r} has {len(raw)} terms; at most {MAX_TERMS}")
    terms: list[Term] = []
    for term in raw:
        alts = term.split("|")
        out = []
        for alt in alts:
            if not _WORD.match(alt) or alt == "*":
                raise ValueError(f"phrasing {text!r}: {term!r} is not a word, a word* or words joined by |"
                                 " (letters and digits only)")
            if len(alt.rstrip("*")) > MAX_WORD:
                raise ValueError(f"phrasing {text!r}: {alt!r} is longer than {MAX_WORD} letters")
            out.append((alt.rstrip("*"), alt.endswith("*")))
        terms.append(tuple(out))
    return tuple(terms)


class LineWords:
    """A line's words indexed for matching, built once per line: for each word, and for each
    beginning of a word of the ``prefix_lengths`` phrasings use, the places it stands at as a
    bit set (bit ``i``: word ``i``). A term is then found in one look-up per alternative and a
    phrasing in a few shifts per term, whatever the line holds: matching is linear in the line
    and in the phrasings, never their product."""

    def __init__(self, tokens: Sequence[str], prefix_lengths: Iterable[int] = range(1, MAX_WORD + 1)) -> None:
        self.n = len(tokens)
        lengths = sorted({k for k in prefix_lengths if 0 < k <= MAX_WORD})
        at: dict[str, int] = {}
        begins: dict[str, int] = {}
        for i, token in enumerate(tokens):
            bit = 1 << i
            at[token] = at.get(token, 0) | bit
            for k in lengths:
                if k > len(token):
                    break
                head = token[:k]
                begins[head] = begins.get(head, 0) | bit
        self._at, self._begins = at, begins
        negators = 0
        for w in NEGATORS:
            negators |= at.get(w, 0)
        #: places a phrasing may not start: a negation stands within NEGATION_WINDOW words before
        self.negated = 0
        for d in range(1, NEGATION_WINDOW + 1):
            self.negated |= negators << d
        self._terms: dict[Term, int] = {}

    def places(self, term: Term) -> int:
        """The places (a bit set) holding a word that ``term`` matches."""
        got = self._terms.get(term)
        if got is None:
            got = 0
            for w, prefix in term:
                got |= (self._begins if prefix else self._at).get(w, 0)
            self._terms[term] = got
        return got


def prefix_lengths(phrasings: Iterable[Sequence[Term]]) -> set[int]:
    """The lengths of the ``word*`` alternatives in ``phrasings`` (what :class:`LineWords` indexes)."""
    return {len(w) for terms in phrasings for term in terms for w, prefix in term if prefix}


def span(terms: Sequence[Term], line: LineWords) -> tuple[int, int] | None:
    """(first, last) word index of the earliest place the phrasing matches in ``line``, or None.

    ``can[k]`` holds the places where term ``k`` stands with terms ``k+1 …`` following it, each
    at most :data:`GAP` words after the one before; the match starts at the first place of
    ``can[0]`` no negation stands before, and goes on by the nearest places that still lead on.
    """
    window = GAP + 1
    can = [line.places(terms[-1])]
    for term in reversed(terms[:-1]):
        after, reach = can[-1], 0
        if not after:
            return None  # a term found nowhere (with those after it): no match
        for d in range(1, window + 1):
            reach |= after >> d
        can.append(line.places(term) & reach)
    can.reverse()
    starts = can[0] & ~line.negated
    if not starts:
        return None
    i = j = (starts & -starts).bit_length() - 1
    near = (1 << window) - 1
    for places in can[1:]:
        nxt = places & (near << (j + 1))
        j = (nxt & -nxt).bit_length() - 1
    return i, j


def find(terms: Sequence[Term], tokens: Sequence[str]) -> tuple[int, int] | None:
    """(first, last) word index of the first place the phrasing matches, or None."""
    return span(terms, LineWords(tokens, prefix_lengths([terms])))


# ---------------------------------------------------------------------- tropes

@dataclass(frozen=True)
class Trope:
    """A trope worth a Genre Point and the phrasings that recognise it."""

    name: str  # as the director says it: "reading the forbidden thing aloud"
    phrasings: tuple[str, ...]
    source: str = "slasher"  # "slasher", or the playset's name
    #: phrasings that say the line is something else (a prayer read aloud is no forbidden
    #: text; lifting a friend who fell is no trip of one's own): the trope is not played
    unless: tuple[str, ...] = ()

    def compiled(self) -> list[tuple[Term, ...]]:
        return [parse_phrasing(p) for p in self.phrasings]


@dataclass(frozen=True)
class Verdict:
    """A judge's finding: the line plays into ``trope``, because ``reason``."""

    trope: str
    reason: str
    judge: str  # "templates" or "model"


_RUN = "run*|ran|flee*|fled|bolt*|dash*|sprint*|race*|racing|scrambl*|rush*|hurr*|escap*"
_GO = "go|goes|going|gone|went|head*|walk*|creep*|sneak*|snuck|wander*|venture*|slip*|climb*|descend*|tiptoe*|step*"
_SOUND = ("noise|noises|sound|sounds|scream*|thump*|bang*|crash*|creak*|scratch*|knock*|whisper*|voice|voices|"
          "footstep*|music|cry|crying|moan*|growl*|howl*|rustl*|shriek*|giggl*|laugh*|clatter*|thud*")

#: The built-in slasher list: the genre's classics, each with phrasings that recognise it.
SLASHER: tuple[Trope, ...] = (
    Trope("splitting up", (
        "split* up", "split* group|groups|team|teams|party|off", "divide* up|and|conquer", "separate ways",
        "separat* search|look|cover|check", "we|let|should separate*", "you take i will|am take|check|search",
        "you go i will|am go|take|check|search", "cover more ground", "take|search|check different|separate",
        "fan out", "each take", "meet back here|back at",
    )),
    Trope("going to investigate the noise", (
        f"investigat*|check*|see|find|look|follow*|track* {_SOUND}", f"investigat*|check*|see|follow* what|where {_SOUND}",
        f"{_GO} toward*|towards {_SOUND}", f"{_SOUND} i|we will|am|are go|check|look|investigat*",
        "who is there", "hello anybody|anyone|someone|somebody", "anybody|anyone|someone|somebody there|here|home",
        "what was that go|check|look", "check it out",
    )),
    Trope("reading the forbidden thing aloud", (
        "read*|recit*|chant*|speak*|say|says|said|intone*|sound* aloud", "read*|recit*|chant*|say|says|said out loud",
        "read*|recit*|chant*|intone*|speak*|utter* incantation*|spell|spells|latin|ritual|curse|summoning|"
        "invocation|inscription|rite",
        "say|says|said|speak*|chant*|call* name three|3 times", "say|says|said|speak*|chant* three|3 times",
    ), unless=("prayer*", "hymn*", "psalm*", "rosary", "amen", "bible", "scripture*", "our father", "hail mary",
               "pray*|praying aloud|out|loud|to|over|for", "say|says|said|saying grace", "bless*")),
    Trope("\u201cI'll be right back\u201d", (
        "be right back", "be back in|soon", "back in a|one sec|second|minute|moment|jiffy|flash|bit", "brb",
        "wait here i will|am", "stay here i will|am", "do not wait up", "i will just go|grab|check|be",
        "right back",
    )),
    Trope("hiding in the closet", (
        "hid*|duck*|crouch*|squeez*|crawl*|cram*|cower*|huddl* closet|wardrobe|cupboard|locker|pantry|armoire",
        "get|got|getting|climb*|step*|slip* in|into|inside closet|wardrobe|cupboard|locker|pantry|armoire",
        "shut|lock|close* myself|ourselves|herself|himself|themselves in closet|wardrobe|cupboard|pantry",
    )),
    Trope("running upstairs instead of out the door", (
        f"{_RUN} upstairs|attic|roof", f"{_RUN} up stairs|staircase|steps|ladder|attic",
        f"{_RUN} up stairs|staircase|steps|ladder|attic", f"upstairs {_RUN}",
    )),
    Trope("answering the phone that keeps ringing", (
        "answer* phone|telephone|landline|call|receiver", "pick* up phone|telephone|landline|receiver",
        "ring* answer*|pick*", "phone|telephone|landline ring* answer*|pick*", "phone|telephone|landline answer*",
        "hello who is this", "who is this",
    )),
    Trope("the prank that isn't a prank", (
        "just|only|probably|another|stupid|dumb|sick|great|real prank|joke|gag|trick|stunt",
        "prank|joke|gag|trick is|was over|funny|done", "very funny", "nice try", "not funny",
        "messing|fooling|screwing|kidding with|around us|me|around", "come out now|guys|joke|funny",
        "idea of a joke", "is this a joke|prank", "you guys got me", "ha ha",
    )),
    Trope("going down to the basement alone", (
        f"{_GO} down basement|cellar|crawlspace|crawl", f"{_GO} basement|cellar|crawlspace",
        "check*|search*|explor*|investigat*|into basement|cellar|crawlspace",
        "open* trapdoor|hatch|basement|cellar", "down basement|cellar alone|myself",
    )),
    Trope("the car that won't start", (
        "car|engine|truck|van|jeep|motor not|will not start|turn|catch", "start* car|engine|truck|van|jeep",
        "turn* key|keys|ignition", "hotwir*", "flood* engine",
    )),
    Trope("ignoring the warning", (
        "ignor* warning|warnings|sign|signs|legend|story|stories|old|local|him|her|them",
        "laugh* off|at warning|legend|story|old|curse|local", "just|only legend|story|myth|superstition|folktale",
        "no such thing", "do not|does not believe curse|legend|story|ghosts|killer", "not real",
        "old wives", "superstitio*", "spooky stories", "campfire story|stories|tale",
    )),
    Trope("turning your back on the killer who must be dead", (
        "is he|she|it dead", "check* if|whether dead", "he|she|it is dead over|done|finished|gone",
        "poke*|prod*|kick*|nudge* body|corpse", "turn* my|our|her|his|their back|backs", "finally over",
        "it is over", "we got|killed|beat him|her|it", "check* pulse", "unmask*|lift* mask",
    )),
    Trope("wandering off alone", (
        "wander* off|away|alone", "by myself", "go|goes|going|went|head*|walk*|venture*|step* alone",
        "on my own", "alone woods|dark|outside|lake|night", "outside alone",
    )),
    Trope("sneaking off together", (
        "sneak*|snuck|slip*|go|goes|going|went|wander*|run* off|away together",
        "make|making|made out", "hook* up", "somewhere private", "alone together", "get a room",
    )),
    Trope("the midnight swim", (
        "skinny dip*", "swim*|dive*|jump*|wade*|dip* lake|pool|water|river|creek|tub|jacuzzi",
        "go*|went|take for a|midnight swim|dip",
    )),
    Trope("tripping while running away", (
        "trip* over|on|and|while|in", "stumbl* over|on|and|into", "fall* over|down|flat", "fell over|down|flat",
        "twist* ankle", "lose|lost shoe",
    ), unless=("help*|lift*|pull*|haul*|hoist*|carry*|drag*|heave*|steady*|catch*|reach* fallen|up|friend|"
               "him|her|them",)),
    Trope("the shower scene", (
        "shower*|bath|bathtub", "wash* off blood",
    )),
)


_STOP = frozenset({"the", "a", "an", "to", "of", "and", "or", "in", "on", "at", "for", "with", "when", "it", "is",
                   "that", "they", "their", "them", "someone", "everyone", "instead", "out", "up", "down",
                   "from", "into", "be", "as", "by", "this", "who", "thinks", "worst", "moment"})


def fallback_phrasing(name: str) -> str:
    """For a playset trope given without phrasings: its own key words, in order (*-ing* words
    read as their stem*): ``investigating the noise outside`` → ``investigat* noise outside``."""
    out = []
    for w in words(name):
        if w in _STOP or len(w) < 3:
            continue
        if w.endswith("ing") and len(w) > 5:
            w = w[:-3] + "*"
        elif w.endswith("s") and len(w) > 4 and not w.endswith("ss"):
            w = w[:-1] + "*"
        out.append(w)
    return " ".join(out[:4])


def catalogue(setting: Mapping | None = None) -> tuple[Trope, ...]:
    """The tropes a night knows: the playset's (from its ``setting()``) first, then
    :data:`SLASHER`. A playset trope without phrasings is recognised by its own key words."""
    tropes: list[Trope] = []
    if isinstance(setting, Mapping):
        phrased = setting.get("trope_phrasings") or {}
        source = str(setting.get("name") or "playset")
        for name in setting.get("tropes") or []:
            if not isinstance(name, str) or not name.strip():
                continue
            given = tuple(p for p in (phrased.get(name) or []) if isinstance(p, str))
            if not given:
                fb = fallback_phrasing(name)
                given = (fb,) if fb else ()
            try:
                for p in given:
                    parse_phrasing(p)
            except ValueError:
                continue  # a playset that check refuses never gets this far; stay safe regardless
            if given:
                tropes.append(Trope(" ".join(name.split()), given, source))
    names = {t.name.casefold() for t in tropes}
    return tuple(tropes) + tuple(t for t in SLASHER if t.name.casefold() not in names)


# ---------------------------------------------------------------------- dice talk

DICE_WORDS = frozenset("""
roll rolls rolled rolling reroll rerolls rerolled rerolling dice die d4 d10 d13 main fallout difficulty
total totals plus minus equals equal sum score result results number numbers beat beats beaten against
success succeed succeeds succeeded successful fail fails failed failure failing pass passes passed
clean messy costly costy dire strike strikes aptitude genre point points gp spend spent keep accept resolve
resolved adjust adjustment odds chance chances percent card cards trophy threat deck reserve jack queen king
ace joker jokers spade spades heart hearts club clubs diamond diamonds power intellect finesse test tests
zero one two three four five six seven eight nine ten eleven twelve thirteen high higher low lower
""".split())
FILLER = frozenset("""
i me my we us our you your he she it they them his her their a an the and or but so then is am are was were
be been being do does did will would can could should shall may might must have has had got get gets getting
that this these those what which with on in at to of for by from up down off again just only still even
oh ah ugh damn well okay ok yes yeah no not too very really gonna wanna let as if than now another double
first second third last its there here
""".split())


def only_dice(line: str) -> bool:
    """True for a line that only restates the dice ("I rolled a 7 and a 3, Messy"): every
    word is dice talk, a number or filler, and at least one is dice talk or a number."""
    toks = words(line)
    if not toks:
        return False
    dice = False
    for t in toks:
        if t.isdigit() or re.fullmatch(r"d?\d+|\d+d\d+|\d+s|\d+th", t) or t in DICE_WORDS or t[:-1] in DICE_WORDS:
            dice = True
        elif t not in FILLER:
            return False
    return dice


# ---------------------------------------------------------------------- judges

@runtime_checkable
class TropeJudge(Protocol):
    """Anything that can judge a typed line: a :class:`Verdict` or None."""

    name: str

    def judge(self, line: str, who: str | None, tropes: Sequence[Trope]) -> Verdict | None: ...


class TemplateJudge:
    """The offline judge: the trope played earliest in the line (on a tie, the playset's first)."""

    name = "templates"

    def __init__(self) -> None:
        self._compiled: dict[Trope, tuple[list[tuple[Term, ...]], set[int]]] = {}
        self._indexed: tuple | None = None  # (tropes, their index): see _index
        self._vetoes: dict[Trope, list[tuple[Term, ...]]] = {}

    def _phrasings(self, trope: Trope) -> tuple[list[tuple[Term, ...]], set[int]]:
        got = self._compiled.get(trope)
        if got is None:
            phrasings = trope.compiled()
            got = self._compiled[trope] = (phrasings, prefix_lengths(phrasings))
        return got

    def _index(self, tropes: Iterable[Trope]) -> tuple:
        """The phrasings of ``tropes`` in order as (trope, terms), the prefix lengths they use,
        and where each phrasing stands by the words of its last term (exact words, and the
        beginnings of ``word*``): a phrasing whose last word is nowhere in a line cannot match
        it, so a line is held only to those its words point at."""
        tropes = tuple(tropes)
        if self._indexed is not None and self._indexed[0] == tropes:  # the same tropes (most often the very same)
            return self._indexed[1]
        order: list[tuple[Trope, tuple[Term, ...]]] = []
        lengths: set[int] = set()
        exact: dict[str, list[int]] = {}
        begins: dict[str, list[int]] = {}
        for trope in tropes:
            phrasings, used = self._phrasings(trope)
            lengths |= used
            for terms in phrasings:
                for w, prefix in terms[-1]:
                    (begins if prefix else exact).setdefault(w, []).append(len(order))
                order.append((trope, terms))
        index = (order, lengths, exact, begins)
        self._indexed = (tropes, index)
        return index

    def match(self, line: str, tropes: Iterable[Trope]) -> tuple[Trope, str] | None:
        """The trope and the words of the line that recognised it."""
        tokens = words(line)
        if not tokens:
            return None
        order, lengths, exact, begins = self._index(tropes)
        index = LineWords(tokens, lengths)
        pointed: set[int] = set()  # the phrasings whose last word is in the line
        for w in index._at:
            pointed.update(exact.get(w, ()))
        for head in index._begins:
            pointed.update(begins.get(head, ()))
        best: tuple[int, Trope, int] | None = None  # the trope played first in the line wins
        vetoed: dict[Trope, bool] = {}
        for k in sorted(pointed):
            trope, terms = order[k]
            found = span(terms, index)
            if found is not None and (best is None or found[0] < best[0]):
                if trope.unless and vetoed.setdefault(trope, self._vetoed(trope, tokens)):
                    continue
                best = (found[0], trope, found[1])
        if best is None:
            return None
        i, trope, j = best
        said = tokens[i:j + 1]
        text = " ".join(said) if len(said) <= 8 else f"{' '.join(said[:3])} \u2026 {' '.join(said[-3:])}"
        return trope, text

    def _vetoed(self, trope: Trope, tokens: list[str]) -> bool:
        """One of the trope's ``unless`` phrasings is said in the line (and not negated)."""
        vetoes = self._vetoes.get(trope)
        if vetoes is None:
            vetoes = self._vetoes[trope] = [parse_phrasing(p) for p in trope.unless]
        return any(find(terms, tokens) is not None for terms in vetoes)

    def judge(self, line: str, who: str | None, tropes: Sequence[Trope]) -> Verdict | None:
        found = self.match(line, tropes)
        if found is None:
            return None
        trope, said = found
        return Verdict(trope.name, f"\u201c{said}\u201d", self.name)
