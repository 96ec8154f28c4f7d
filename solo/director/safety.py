"""Lines and veils: what the player keeps out of the story, and what happens off screen.

A **line** is a topic never in the story; a **veil** is a topic that may happen, but off screen:
the beat is told as a fade ("The scene cuts away. When it comes back, …"). A topic is one of
the lexicon's (:data:`TOPICS`: blood, drowning, fire, animals harmed, children in danger,
insects, suffocation), each with its words and synonyms, or any word the player gives, which
becomes a topic of its own.

A text crosses a topic when one of its words has a lemma among the topic's words ("drowned",
"drowning" → drown; "bleeding" → bleed; "kids" → kid), or it holds one of the topic's phrases
("can't breathe"). Lemmas come from lemminflect through :mod:`solo.english`, so no list of a
word's forms is kept here. Lines and veils are the story's only: they never change the cards,
the dice or the Strikes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

__all__ = ["TOPICS", "Safety", "SafetyError", "crossing", "flagged", "read_config", "topic_of", "words_of"]

#: The lexicon: each topic's words (lemmas: every form of each is matched) and phrases (a
#: sequence of words, each matched by its lemma too). The words are held to what a reader takes
#: for the topic: "fly" (a door flies open), "bear" (can't bear it), "girl" (the Final Girl) and
#: "flare" are left out; an animal named at all is out under "animals harmed" (a line of text
#: cannot tell a calling owl from a hurt one).
TOPICS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "blood": (("blood", "bloody", "bleed", "gore", "gory", "bloodstain", "bloodstained", "bloodshed",
               "bloodsoaked", "bloodbath", "bloodthirsty", "bloodstream", "nosebleed", "haemorrhage",
               "hemorrhage"), ()),
    "drowning": (("drown", "drowning", "underwater", "submerge", "waterlogged"),
                 ("under the water", "under water", "beneath the water", "beneath the surface",
                  "below the surface", "held under", "pulled under", "dragged under")),
    "fire": (("fire", "flame", "blaze", "burn", "burnt", "ablaze", "aflame", "inferno", "smoke", "smoulder",
              "smolder", "ember", "arson", "scorch", "char", "soot", "campfire", "bonfire", "wildfire",
              "firelight", "fireplace", "firewood", "fireball", "firestorm", "firepit", "kindling"), ()),
    "animals harmed": (("animal", "dog", "puppy", "pup", "hound", "mutt", "cat", "kitten", "pet", "deer",
                        "fawn", "horse", "rabbit", "bunny", "bird", "owl", "crow", "raven", "loon", "squirrel",
                        "raccoon", "fox", "wolf", "coyote", "frog", "toad", "cow", "pig", "goat", "sheep", "lamb",
                        "chicken", "livestock", "carcass", "roadkill"), ()),
    "children in danger": (("child", "children", "kid", "baby", "toddler", "infant", "youngster",
                            "schoolchild", "newborn"), ("little one", "little ones")),
    "insects": (("insect", "bug", "beetle", "cockroach", "roach", "maggot", "larva", "larvae", "wasp", "hornet",
                 "bee", "ant", "termite", "mosquito", "moth", "spider", "cobweb", "spiderweb", "centipede",
                 "millipede", "louse", "lice", "flea", "cricket", "cicada", "locust", "grasshopper", "firefly",
                 "dragonfly", "horsefly", "housefly", "mayfly", "gnat", "earwig"), ()),
    "suffocation": (("suffocate", "suffocation", "smother", "strangle", "strangulation", "strangler", "choke",
                     "chokehold", "asphyxiate", "asphyxiation", "asphyxia", "throttle", "garrote", "garrotte",
                     "noose", "airless"),
                    ("can't breathe", "cannot breathe", "couldn't breathe", "could not breathe", "no air",
                     "out of air", "gasp for air", "gasping for air")),
}

#: What a player may type for a lexicon topic (besides its own name).
ALIASES = {
    "blood": ("gore", "bleeding", "bloody"),
    "drowning": ("drown", "drowned", "water"),
    "fire": ("fires", "flames", "burning", "burn", "burns"),
    "animals harmed": ("animal", "animals", "animal harm", "harm to animals", "animals hurt", "pets",
                       "animal cruelty"),
    "children in danger": ("children", "child", "kids", "kid", "children harmed", "child harm"),
    "insects": ("insect", "bugs", "bug"),
    "suffocation": ("suffocating", "choking", "strangling", "strangulation", "smothering"),
}

#: Most topics a night holds (lines and veils together), and the longest topic word.
MAX_TOPICS = 24
MAX_TOPIC = 30
_TOPIC_WORD = re.compile(r"[a-z][a-z'’-]{1,29}")
#: Words too plain to keep out of a story (it could not be told at all).
_PLAIN = frozenset("the a an and or but of to in on at by for with from it its is are was were be been this that "
                   "you your he she they we i me my his her their them not no yes".split())


class SafetyError(ValueError):
    """A topic that cannot be a line or a veil, said in one line."""


def topic_of(text: str) -> str:
    """The topic a player names: a lexicon topic by its name or an alias ("bugs" → insects,
    "animals" → animals harmed), else the word itself, lower-cased (its inflections are
    matched). :class:`SafetyError` for what is no word."""
    low = " ".join(str(text).lower().replace("’", "'").split()).strip(" .,;:!?\"'")
    if low in TOPICS:
        return low
    for topic, aliases in ALIASES.items():
        if low in aliases:
            return topic
    if not _TOPIC_WORD.fullmatch(low or ""):
        known = ", ".join(TOPICS)
        raise SafetyError(f"a line or a veil is one word (clowns, knives …) or a topic: {known}; "
                          f"not {str(text)[:40]!r}")
    if low in _PLAIN:
        raise SafetyError(f"{low!r} is too plain a word to keep out of the story: give a topic (blood, fire, "
                          "spiders …)")
    return low


def flagged(text: str) -> tuple[str, ...]:
    """What a player flags with the X-card (``x blood``, ``x the dog, spiders``): the topics
    named, or each word of a part that names none (plain words left out); () for nothing.
    :class:`SafetyError` when nothing of it is a word."""
    found: list[str] = []
    for part in re.split(r"[,;/]|\band\b", str(text or "").lower()):
        part = " ".join(part.split())
        if not part:
            continue
        try:
            topics = [topic_of(part)]
        except SafetyError:
            topics = []
            for word in part.split():
                try:
                    topics.append(topic_of(word))
                except SafetyError:
                    continue
        found += [t for t in topics if t not in found]
    if text and text.strip() and not found:
        raise SafetyError(f"x takes a topic or words to keep out (x blood, x spiders), or nothing; "
                          f"not {str(text)[:40]!r}")
    return tuple(found)


def words_of(topic: str) -> str:
    """The topic and a few of its words, for a list shown to the player or told to a model."""
    if topic in TOPICS:
        words = [w for w in TOPICS[topic][0] if w != topic][:6]
        return f"{topic} ({', '.join(words)} …)"
    return topic


# ---------------------------------------------------------------------- reading a text

_WORD = re.compile(r"[a-z]+")


@lru_cache(maxsize=32768)
def _lemmas(word: str) -> frozenset[str]:
    """Every lemma ``word`` may have ("bleeding" → bleed, bleeding), and the word itself."""
    from ..english import lemma_of

    found = {word}
    for pos in (None, "NOUN", "VERB", "ADJ", "ADV"):
        found.add(lemma_of(word, pos))
    if len(found) == 1 and not _known(word):  # no lemmatiser to ask: the plain endings
        for end, put in (("ies", "y"), ("es", ""), ("s", ""), ("ied", "y"), ("ed", ""), ("ed", "e"), ("ing", ""),
                         ("ing", "e")):
            if word.endswith(end) and len(word) - len(end) >= 3:
                found.add(word[: len(word) - len(end)] + put)
    return frozenset(found)


def _known(word: str) -> bool:
    from ..english import _lemminflect

    return _lemminflect() is not None


@lru_cache(maxsize=256)
def _topic_words(topic: str) -> tuple[frozenset[str], tuple[tuple[frozenset[str], ...], ...]]:
    """A topic's words (lemmas, every form of each matched) and its phrases (per word, the
    forms it is matched by)."""
    if topic in TOPICS:
        words, phrases = TOPICS[topic]
    else:
        words, phrases = (topic,), ()
    lemmas: set[str] = set()
    for w in words:
        lemmas |= _lemmas(w) if topic not in TOPICS else {w}
    # a player's own word: its lemmas too ("clowns" is also "clown"), never a lemma of a plain word
    lemmas -= _PLAIN
    seqs = tuple(tuple(frozenset({p}) for p in _WORD.findall(phrase)) for phrase in phrases)
    return frozenset(lemmas), seqs


def _tokens(text: str) -> list[str]:
    return _WORD.findall(str(text).lower().replace("’", "'"))


def crossing(text: str, topics: Iterable[str]) -> str | None:
    """The first of ``topics`` that ``text`` crosses (a word of it, in any form, or a phrase of
    it), or None."""
    topics = tuple(topics)
    if not topics:
        return None
    return _crossing(str(text), topics)


@lru_cache(maxsize=65536)
def _crossing(text: str, topics: tuple[str, ...]) -> str | None:
    tokens = _tokens(text)
    if not tokens:
        return None
    forms = [_lemmas(t) for t in tokens]
    every = frozenset().union(*forms)
    for topic in topics:
        lemmas, phrases = _topic_words(topic)
        if not lemmas.isdisjoint(every):
            return topic
        for seq in phrases:
            if any(every.isdisjoint(w) for w in seq):
                continue  # a word of the phrase is nowhere in the text
            n = len(seq)
            for i in range(len(tokens) - n + 1):
                if all(not seq[k].isdisjoint(forms[i + k]) for k in range(n)):
                    return topic
    return None


def crossed_words(text: str, topics: Iterable[str]) -> list[str]:
    """The words of ``text`` that cross one of ``topics`` (for a test or a notice)."""
    out = []
    for t in _tokens(text):
        if crossing(t, topics):
            out.append(t)
    return out


# ---------------------------------------------------------------------- the night's lines and veils

@dataclass(frozen=True)
class Safety:
    """A night's lines and veils (topics, as :func:`topic_of` gives them). Empty: nothing is
    kept out, and nothing is read for it."""

    lines: tuple[str, ...] = ()
    veils: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.lines or self.veils)

    @classmethod
    def of(cls, lines: Iterable[str] = (), veils: Iterable[str] = ()) -> Safety:
        """Lines and veils as typed (each read by :func:`topic_of`); a topic that is both is a line."""
        s = cls()
        for t in veils or ():
            s = s.veil(t)
        for t in lines or ():
            s = s.line(t)
        return s

    def line(self, text: str) -> Safety:
        topic = topic_of(text)
        if topic in self.lines:
            return self
        self._room(topic)
        return Safety(self.lines + (topic,), tuple(v for v in self.veils if v != topic))

    def veil(self, text: str) -> Safety:
        topic = topic_of(text)
        if topic in self.veils or topic in self.lines:
            return self  # a line is the stronger: a topic already a line stays one (drop it first)
        self._room(topic)
        return Safety(self.lines, self.veils + (topic,))

    def drop(self, text: str) -> Safety:
        topic = topic_of(text)
        if topic not in self.lines and topic not in self.veils:
            raise SafetyError(f"{topic!r} is neither a line nor a veil tonight")
        return Safety(tuple(t for t in self.lines if t != topic), tuple(t for t in self.veils if t != topic))

    def _room(self, topic: str) -> None:
        if len(self.lines) + len(self.veils) >= MAX_TOPICS:
            raise SafetyError(f"a night holds at most {MAX_TOPICS} lines and veils; drop one first")

    def with_veils(self, topics: Iterable[str]) -> Safety:
        """These topics veiled too (the X-card's), unless already a line or a veil."""
        veils = list(self.veils)
        for t in topics:
            if t not in veils and t not in self.lines:
                veils.append(t)
        return Safety(self.lines, tuple(veils)) if len(veils) != len(self.veils) else self

    def with_lines(self, topics: Iterable[str]) -> Safety:
        """These topics kept out as lines (the X-card's retelling), veiled no longer."""
        topics = [t for t in topics if t not in self.lines]
        if not topics:
            return self
        return Safety(self.lines + tuple(topics), tuple(v for v in self.veils if v not in topics))

    def crosses(self, text: str) -> str | None:
        """The line ``text`` crosses, or None."""
        if not self.lines:
            return None
        return self._read(text, "line", self.lines)

    def shows(self, text: str) -> str | None:
        """The veil ``text`` shows on screen, or None."""
        if not self.veils:
            return None
        return self._read(text, "veil", self.veils)

    def touches(self, text: str) -> str | None:
        """The line or veil ``text`` crosses or shows, or None."""
        return self.crosses(text) or self.shows(text)

    def _read(self, text: str, which: str, topics: tuple[str, ...]) -> str | None:
        return _crossing(str(text), topics)  # kept: the same line is read again and again

    def as_lines(self) -> Safety:
        """Veils read as lines (an answer is decided word for word: it is not faded)."""
        return Safety(self.lines + tuple(v for v in self.veils if v not in self.lines)) if self.veils else self

    def listed(self, which: str) -> str:
        """The lines (``"lines"``) or the veils, each with its words, for a model's system prompt."""
        return "; ".join(words_of(t) for t in getattr(self, which))

    def describe(self) -> list[str]:
        """The lines and veils, one row each, for ``safety``."""
        rows = [f"line: {words_of(t)}" for t in self.lines]
        rows += [f"veil: {words_of(t)}" for t in self.veils]
        return rows

    def scrub(self, text: str, yes: bool | None = None) -> str:
        """A text decided word for word (an answer from the table) without its sentences that
        cross a line or show a veil; when that leaves nothing, or drops a yes/no answer's first
        sentence, the bare answer (Yes. / No.) or a line that keeps it in the dark."""
        if not self or not self.touches(text):
            return text
        from ..narration.compose import sentences

        parts = sentences(text)
        kept = [s for s in parts if not self.touches(s)]
        lead = "Yes." if yes is True else "No." if yes is False else None
        if lead is not None and parts and self.touches(parts[0]):
            kept.insert(0, lead)
        if not kept:
            kept = [lead or next((t for t in DARK if not self.touches(t)), "")]
        elif len(kept) < len(parts):
            rest = next((t for t in REST if not self.touches(t)), None)
            if rest:
                kept.append(rest)
        return " ".join(k for k in kept if k)


def check(text: str, safety: Safety | None) -> list:
    """A model's paragraph read against the night's lines and veils: a ``line-crossed``
    :class:`~solo.director.continuity.Contradiction` when it crosses a line, ``veil-shown`` when
    it shows on screen what is veiled (the templates then tell the beat: a fade); [] when it
    keeps to both."""
    if not safety:
        return []
    from .continuity import Contradiction

    from ..narration.compose import sentences

    found = []
    told = sentences(" ".join(str(text).split()))
    for kind, finds, says in (("line-crossed", safety.crosses, "it crosses the line on {}"),
                              ("veil-shown", safety.shows, "it shows {} on screen, which is veiled")):
        for sentence in told:
            topic = finds(sentence)
            if topic is not None:
                found.append(Contradiction(kind, sentence[:120], says.format(topic) +
                                           f" ({', '.join(crossed_words(sentence, [topic]))})"))
                break
    return found


#: What an answer that keeps a line is told with when nothing of it is left.
DARK = ("That stays in the dark tonight.", "That stays off screen.", "Nobody can say.")
#: What follows an answer that lost a sentence to a line or a veil.
REST = ("The rest stays off screen.", "The rest stays in the dark.", "")


# ---------------------------------------------------------------------- config.toml

#: Kinds of topic config.toml's ``[safety]`` gives that cannot be lines or veils, each one
#: notice: past these, the rest are counted in one more.
MAX_TOPIC_NOTICES = 3


def config_path() -> Path:
    """``config.toml``: ``$SOLO_CONFIG``, else the user's config folder (:mod:`solo.config`)."""
    from ..config import config_path as path

    return path()


def read_config(notice=None) -> Safety:
    """The ``[safety]`` table of config.toml (``lines = [...]``, ``veils = [...]``), or no lines
    and veils; a file that cannot be read and a topic that cannot be one are notices, never an
    error. At most :data:`MAX_TOPICS` are taken; like refusals are said once, with their count."""
    from ..config import table as config_table

    say = notice or (lambda text: None)
    table = config_table("safety", notice)
    s = Safety()
    refused: dict[str, int] = {}  # why → how many topics
    for key, add in (("veils", Safety.veil), ("lines", Safety.line)):
        items = table.get(key, [])
        if isinstance(items, str):
            items = [items]
        if not isinstance(items, list):
            refused[f"[safety] {key} is a list of topics, e.g. {key} = [\"blood\", \"spiders\"]"] = 0
            continue
        for item in items:
            try:
                s = add(s, str(item))
            except SafetyError as exc:
                why = f"[safety] {key}: {exc}"
                refused[why] = refused.get(why, 0) + 1
    for why, count in list(refused.items())[:MAX_TOPIC_NOTICES]:
        say(f"config.toml: {why}" + (f" ({count:,} topics left out)" if count > 1 else ""))
    rest = sum(max(count, 1) for count in list(refused.values())[MAX_TOPIC_NOTICES:])
    if rest:
        say(f"config.toml: [safety]: and {rest:,} more {'topic' if rest == 1 else 'topics'} left out")
    return s


def merged(base: Safety, lines: Iterable[str] = (), veils: Iterable[str] = ()) -> Safety:
    """``base`` with these lines and veils added (command-line options after config.toml)."""
    s = base
    for t in veils or ():
        s = s.veil(t)
    for t in lines or ():
        s = s.line(t)
    return s
