"""The continuity checker: does a text contradict what the story has established?

It reads one narrated text against the fiction as it stood before the beat and as it stands
after it (:class:`Snapshot`), sentence by sentence, and names each contradiction:

- ``dead-acting``: a character who is already dead is named in a sentence that does not
  speak of them as dead, gone or remembered;
- ``lost-in-hand``: a thing already lost is named in a sentence that does not speak of it as
  lost, gone or missing;
- ``nobody-hurt``: "nobody is hurt" (and the like) after someone has been hurt or killed;
- ``wrong-count``: words for a group that is not there ("the others" to the last one alive,
  "the three of you" when two are left, "Now there are four" after a death);
- ``epitaph``: a death told with the epithets of another Aptitude ("quiet, careful, quick"
  for a Power character);
- ``weakness``: a weakness of the Killer told before it was found, or in other words than
  the ones it was named with;
- ``asked-again``: the director asking a character what they do after the player said it;
- ``answer-flipped``: an answer to a yes/no question that does not begin with the "Yes" or
  "No" the director decided (:func:`check_answer`);
- ``strike-text``: a Strike told as something that "almost" happened, though it left its
  mark (every Strike in the fiction leaves a named hurt);
- ``cut-off``: the group at, going to or back to a place the Killer has cut them off from
  (a sentence that does not speak of the way as cut, blocked or gone);
- ``setting``: a threat or sound that a place owns told while the group is somewhere else;
  "here at", "at …:" a place of the setting where the group is not; woods, trees or a
  campfire in a setting that has none, trees overhead in a place indoors, or stairs and
  hallways in a place out of doors;
- ``wrong-wound``: a hurt the fiction records told on a character it does not belong to (a
  sentence that names the hurt and characters, none of whom has it); a Strike that tells a
  wound the character already had, and not the new one, as what it did; a Strike or an
  outcome that tells a hurt the story has already told as if it were new (not "again");
- ``award-reason``: an award that names a trope the player's line does not play into (the
  director's own judge does not find it in the line), or with no line at all;
- ``answer-contradicted``: a sentence that states the other way round what an answer, the
  opening or the playset established ("the cellar door is locked" after "No: the cellar door
  is not locked"; :func:`solo.director.facts.contradicted`). A fact of the moment ("is it
  watching us right now?") holds until the Test at hand is resolved.

The player's own words (in quotation marks) are not held against the story. Autoplay's
tests run it over whole nights; the LLM narrator runs it on the model's text before that
text is kept, and falls back to the templates when it finds anything.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from ..world.group import BOTH, GROUP_WORDS, N_OF_YOU
from ..world.places import OUTSIDE_WORDS, WILD_WORDS, inside_word, said, short_place
from .catalogue import EPITHETS, HURTS, MEMORY_WORDS, SCRAPES, WEAKNESSES

__all__ = ["Contradiction", "Snapshot", "check", "check_answer", "KINDS"]

KINDS = ("dead-acting", "lost-in-hand", "nobody-hurt", "wrong-count", "epitaph", "weakness", "asked-again",
         "answer-flipped", "cut-off", "strike-text", "setting", "wrong-wound", "award-reason", "answer-contradicted")
#: Every hurt and scrape the fiction may record (the wrong-wound check reads these).
WOUNDS = tuple(sorted({h for v in HURTS.values() for h in v} | set(SCRAPES), key=len, reverse=True))
HURTS_ALL = frozenset(h for v in HURTS.values() for h in v)  # what a Strike leaves
_JUDGE = None  # the template judge, made when an award is first read

LOSS_WORDS = ("lost", "lose", "loses", "gone", "without", "missing", "no longer", "dropped", "left behind",
              "never", "wish", "took", "taken", "used to", "was", "had", "empty", "where")

_NUMBERS = {w: i for i, w in enumerate(("no one", "one", "two", "three", "four", "five", "six", "seven",
                                        "eight", "nine", "ten", "eleven", "twelve", "thirteen"))}
_NUMBERS["none"] = 0
_QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"")
_SENTENCE_END = re.compile(r"(?<=[.!?…])[\"”’)]*\s+(?=[\"“(]?[A-Z0-9])")
_NOBODY_HURT = re.compile(
    r"\b(?:nobody|no one|none of you)(?:'s| is| has been| got| was)? (?:hurt|injured|harmed|bleeding|wounded)\b"
    r"|\bnot a scratch\b|\b(?:all|every one) of you (?:unhurt|unharmed|without a scratch)\b"
    r"|\beveryone(?:'s| is) (?:fine|okay|unhurt|unharmed)\b", re.I)
#: "nobody is hurt" as a model says it of the group (not "not a scratch on them", said of one).
_NOBODY_HURT_SAID = re.compile(
    r"\b(?:nobody|no one|none of you)(?:'s| is| has been| got| was)? (?:hurt|injured|harmed|bleeding|wounded)\b"
    r"|\b(?:all|every one) of you (?:unhurt|unharmed|without a scratch)\b"
    r"|\beveryone(?:'s| is) (?:fine|okay|unhurt|unharmed)\b", re.I)
_COUNT = r"(no one|none|one|two|three|four|five|six|seven|eight)"
_THERE_ARE = re.compile(r"\bnow there (?:are|is) (?:only )?" + _COUNT + r"\b|\bthere (?:are|is) (?:only )?" + _COUNT
                        + r" (?:of you )?left\b", re.I)
_N_LEFT = re.compile(r"^(one|two|three|four|five|six|seven|eight) left\b", re.I)
_ARRIVE = r"(?:\bat|\bto|\binto|\breach(?:es)?|\bin|\bfrom|\bnow it's|\bit's)\s+"
CUT_WORDS = ("cut", "cut off", "blocked", "gone", "no way", "burning", "burned", "dark", "closed", "not going back",
             "never", "sealed", "waiting", "can't", "cannot", "no longer", "lost", "going back", "went")
_ALMOST = re.compile(r"\balmost (?:happens|happened)\b", re.I)
_ASK = re.compile(r"what do you do|what's the move|how do you do it|what now\?", re.I)


@dataclass(frozen=True)
class Snapshot:
    """What the checker needs to know of the fiction at one moment."""

    dead: frozenset[str] = frozenset()
    lost: frozenset[str] = frozenset()
    living: tuple[str, ...] = ()
    anyone_hurt: bool = False
    weaknesses: dict = field(default_factory=dict)  # suit → words
    spoke: frozenset[str] = frozenset()  # characters with a line for the moment at hand
    aptitudes: dict = field(default_factory=dict)  # name → Aptitude
    cut: frozenset[str] = frozenset()  # places the Killer cut the group off from
    location: str | None = None  # where the group is
    places: tuple[str, ...] = ()  # every place of the setting
    located: dict = field(default_factory=dict)  # a threat or sound a place owns → the place
    wild: bool = True  # a setting out in the woods
    indoors: bool = False  # the place the group is at is indoors
    outdoors: bool = False  # the setting says the place the group is at is out of doors
    hurts: dict = field(default_factory=dict)  # name → hurts and scrapes, in order
    hurts_told: frozenset = frozenset()  # (name, hurt) already told
    lines: dict = field(default_factory=dict)  # name → the player's line for the moment at hand
    tropes: tuple = ()  # the tropes an award may name (solo.director.tropes.Trope)
    facts: tuple = ()  # what answers, the opening and the playset established (solo.director.facts.Fact)


@dataclass(frozen=True)
class Contradiction:
    kind: str
    sentence: str
    why: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.why} — {self.sentence!r}"


@lru_cache(maxsize=256)
def _any_word(words: tuple[str, ...]) -> re.Pattern:
    return re.compile(r"\b(?:" + "|".join(re.escape(w) for w in words) + r")\b")


def _has(words, sentence_lower: str) -> bool:
    return bool(words) and _any_word(tuple(words)).search(sentence_lower) is not None


@lru_cache(maxsize=256)
def _name(name: str) -> re.Pattern:
    return re.compile(r"(?<![\w'])" + re.escape(name) + r"(?![\w])")


def _named(name: str, sentence: str) -> bool:
    return bool(name) and _name(name).search(sentence) is not None


def check(text: str, kind: str, before: Snapshot, after: Snapshot, who: str | None = None,
          model: bool = False) -> list[Contradiction]:
    """Every contradiction of ``text`` (a beat of ``kind`` about ``who``) with the fiction.
    ``model``: a model's prose, read as its editor reads it: a word of a building or of the open
    sky alone does not set a model's sentence out of its place (a strong model tells what is
    seen from afar, a building within an outdoor place, the inside of a treehouse); the
    templates' own lines are held to every word."""
    found: list[Contradiction] = []
    plain = _QUOTED.sub("“…”", " ".join(str(text).split()))
    sentences = [s for s in _SENTENCE_END.split(plain) if s.strip()]
    count = len(after.living)
    for s in sentences:
        low = s.lower()
        for name in sorted(before.dead):
            if _named(name, s) and not _has(MEMORY_WORDS, low) and (not model or _acting(name, s)):
                found.append(Contradiction("dead-acting", s, f"{name} is already dead"))
        for item in sorted(before.lost, key=len, reverse=True):
            if model:
                named = _has(_names_of(item), low) and not _loss_near(_names_of(item), low)
            else:
                named = _has((item.lower(),), low) and not _has(LOSS_WORDS, low)
            if named:
                found.append(Contradiction("lost-in-hand", s, f"the {item} was already lost"))
        if before.anyone_hurt and (_NOBODY_HURT_SAID if model else _NOBODY_HURT).search(s):
            found.append(Contradiction("nobody-hurt", s, "someone has already been hurt"))
        if count == 1 and GROUP_WORDS.search(s):
            found.append(Contradiction("wrong-count", s, f"only {after.living[0]} is left"))
        m = N_OF_YOU.search(s)
        if m and _NUMBERS[m.group(1).lower()] != count:
            found.append(Contradiction("wrong-count", s, f"{count} are left, not {m.group(1)}"))
        if BOTH.search(s) and count != 2:
            found.append(Contradiction("wrong-count", s, f"{count} are left, not two"))
        for m in (_THERE_ARE.search(s), _N_LEFT.search(s)):
            said = m and next(g for g in m.groups() if g)
            if said and _NUMBERS[said.lower()] != count:
                found.append(Contradiction("wrong-count", s, f"{count} are left, not {said}"))
        for suit, options in WEAKNESSES.items():
            for words in options:
                if words.lower() in low and after.weaknesses.get(suit) != words:
                    why = (f"the {suit} weakness was named as {after.weaknesses[suit]!r}" if suit in after.weaknesses
                           else f"no {suit} weakness has been found")
                    found.append(Contradiction("weakness", s, why))
        if kind == "death" and who:
            own = after.aptitudes.get(who) or before.aptitudes.get(who)
            said_of = _near(who, s) if model else low  # a model's epithet is the words beside the name
            for apt, words in EPITHETS.items():
                if apt != own and _has(words, said_of) and not _has(EPITHETS.get(own, ()), said_of):
                    found.append(Contradiction("epitaph", s, f"{who} was {own}, not {apt}"))
        if kind == "strike" and _ALMOST.search(s):
            found.append(Contradiction("strike-text", s, "the Strike left its mark: it did not almost happen"))
        for place in sorted(before.cut):
            if _arrives(place, s) and not _has(CUT_WORDS, low):
                found.append(Contradiction("cut-off", s, f"the way to {place} is cut off"))
        if kind == "challenge" and who and who in before.spoke and _ASK.search(s):
            found.append(Contradiction("asked-again", s, f"the player already said what {who} does"))
        found += _setting(s, after, kind, before, model)
        found += _wounds(s, after)
        if before.facts:
            from .facts import contradicted

            fact = contradicted(s, before.facts, model=model)
            if fact is not None:
                found.append(Contradiction("answer-contradicted", s, f"it was established that "
                                           f"{fact.statement or fact.question} ({'yes' if fact.yes else 'no'})"))
    if kind in ("strike", "outcome") and who:
        found += _old_wound(plain, who, before, after)
        for s in sentences:
            found += _told_twice(s, who, before, after)
    if kind == "award":
        found += _award(plain, who, before, after)
    return found


def _setting(s: str, after: Snapshot, kind: str = "", before: Snapshot | None = None,
             model: bool = False) -> list[Contradiction]:
    """A sentence that puts something of another place, or another setting, here (an answer
    may speak of the insides of what the player asked about, wherever the group is). Where the
    group was before the beat is here too (a move the telling has not reached yet); a sight or a
    sound from elsewhere, or a building within an outdoor place, is not put here; the night's
    end looks out over the whole place."""
    found = []
    here = after.location
    heres = {p for p in (here, before.location if before is not None else None) if p}
    if here is not None:
        low = s.lower()
        for line, place in after.located.items():
            if place not in heres and _core(line) in low:
                found.append(Contradiction("setting", s, f"that belongs to {short_place(place)}, not {short_place(here)}"))
        shorts = {short_place(h) for h in heres}
        for place in after.places:
            if place not in heres and _placed(short_place(place), s) and short_place(place) not in shorts:
                found.append(Contradiction("setting", s, f"the group is at {short_place(here)}, not {short_place(place)}"))
    word = not after.wild and said(_MODEL_WILD if model else WILD_WORDS, s)
    if word and model and re.search(re.escape(word) + r" of\b", s, re.I):
        word = None  # a figure, not the woods ("the forest of dancing feet")
    if word:
        found.append(Contradiction("setting", s, f"this setting has no {word}"))
    if kind in _WIDE or model:
        return found
    word = after.indoors and said(OUTSIDE_WORDS, s)
    if word and not _from_elsewhere(s):
        found.append(Contradiction("setting", s, f"{short_place(here or '')} is indoors: no {word}"))
    word = after.outdoors and kind != "answer" and inside_word(s, after.places)
    if word and not _from_elsewhere(s):
        found.append(Contradiction("setting", s, f"{short_place(here or '')} is out of doors: no {word}"))
    return found


#: The wild's words that are the wild's whatever a model means by them ("the trail of red cups"
#: and "the map says" are not the woods).
_MODEL_WILD = tuple(w for w in WILD_WORDS if w not in ("the trail", "the map says", "the old sign"))
#: Beats that look out over the whole place: the night's ends.
_WIDE = frozenset(("dawn", "all_dead"))
#: What makes a sentence about somewhere else seen or heard from here, or a building's inside:
#: the senses (by lemma), a distance, a window, the inside of a building.
_PERCEIVE = frozenset("see hear glimpse spot notice listen".split())
_ELSEWHERE = frozenset("from beyond distant far away outside inside within window windows".split())


def _from_elsewhere(s: str) -> bool:
    """Whether a sentence tells what it names as seen or heard from afar, or as inside a
    building within the place ("a voice from the dark between the trees", "the upstairs windows
    across the lawn", "inside the cabin, the bunks")."""
    from ..english import lemma_of

    words = re.findall(r"[a-z]+", s.lower())
    return any(w in _ELSEWHERE for w in words) or any(lemma_of(w, "VERB") in _PERCEIVE for w in words)


def _near(name: str, sentence: str, reach: int = 4) -> str:
    """The words within ``reach`` of ``name`` in a sentence, lower-cased ("Ann, always the clever
    one"; not "where Eddie went down, bubbles rise … in a slow, steady rhythm")."""
    words = re.findall(r"[\w'’-]+", sentence)
    at = [i for i, w in enumerate(words) if w == name or w in (name + "'s", name + "’s")]
    return " ".join(" ".join(words[max(0, i - reach):i + reach + 1]) for i in at).lower()


def _acting(name: str, sentence: str) -> bool:
    """Whether ``name`` acts in ``sentence`` as the parse reads it: the subject of a verb ("one
    for Eddie" speaks of the dead; "Eddie walks out" has them act); without the pipeline, named
    at all."""
    from ..english import parse

    words = parse(sentence)
    if not words.parsed:
        return True
    return any(t.text == name and t.dep in ("nsubj", "nsubjpass") for t in words)


def _core(line: str) -> str:
    """The words of a located line that are its own, however a template frames it: lower
    case, without its first article and its closing stop."""
    text = line.lower().strip().rstrip(".!")
    return re.sub(r"^(?:the|a|an) ", "", text)


@lru_cache(maxsize=512)
def _here_at(place: str) -> re.Pattern:
    return re.compile(r"\bhere (?:at|in) " + re.escape(place) + r"(?![\w])|^\W*at " + re.escape(place) + r"(?:,|:)",
                      re.I)


def _placed(place: str, sentence: str) -> bool:
    return bool(place) and _here_at(place).search(sentence) is not None


def _wounds(s: str, after: Snapshot) -> list[Contradiction]:
    """A recorded hurt told on characters none of whom has it."""
    low = s.lower()
    named = [n for n in after.hurts if _named(n, s)]
    if not named:
        return []
    owners = {w: n for n, ws in after.hurts.items() for w in ws}
    found = []
    for wound in WOUNDS:
        if wound in owners and _bare(wound) in low and not any(wound in after.hurts.get(n, ()) for n in named):
            found.append(Contradiction("wrong-wound", s, f"{wound} is {owners[wound]}'s, not {' or '.join(named)}'s"))
    return found


#: Words that speak of a thing as gone, as a model's sentence does ("was", "had" and "where" tell
#: nothing of a loss in a model's prose: "the splitting maul raised across their chest" is held).
_MODEL_LOSS_WORDS = ("lost", "lose", "loses", "gone", "without", "missing", "no longer", "dropped", "left behind",
                     "wish", "took", "taken", "used to", "empty", "never again", "miss", "misses")


def _loss_near(names: tuple[str, ...], low: str) -> bool:
    """A word of the thing's loss in a model's sentence ``low``: "lost", "gone", "taken" … anywhere
    in it, and "without" only before the thing ("without the flare gun"; not "…, the maul
    raised, but it comes on without slowing")."""
    words = tuple(w for w in _MODEL_LOSS_WORDS if w != "without")
    if _has(words, low):
        return True
    return any(re.search(r"\bwithout (?:\S+ ){0,2}" + re.escape(name) + r"\b", low) for name in names)


def _names_of(item: str) -> tuple[str, ...]:
    """The names a model may call a thing by: its whole name, and its last two words ("old
    leather-bound journal": "leather-bound journal"; a word alone names too much: "the strobe
    of someone's phone", "the lantern path")."""
    words = item.lower().split()
    return tuple(sorted({" ".join(words), " ".join(words[-2:])}, key=len, reverse=True))


def _bare(wound: str) -> str:
    """A hurt without its article ("a jammed finger" is told "their jammed finger")."""
    return re.sub(r"^(?:a|an|the) ", "", wound)


def _old_wound(text: str, who: str, before: Snapshot, after: Snapshot) -> list[Contradiction]:
    """A Strike (or the outcome that dealt it) telling only an old wound as what it did."""
    old, now = before.hurts.get(who, ()), after.hurts.get(who, ())
    new = [w for w in now[len(old):] if w in HURTS_ALL]
    if not new:
        return []
    low = text.lower()
    if any(_has((w,), low) for w in new):
        return []
    told = [w for w in old if _has((w,), low)]
    return [Contradiction("wrong-wound", text, f"{who}'s {w} is an old wound; this Strike left {new[-1]}")
            for w in told]


_AGAIN = re.compile(r"\b(?:again|already|earlier|still|old|from before|on top of)\b", re.I)


def _told_twice(s: str, who: str, before: Snapshot, after: Snapshot) -> list[Contradiction]:
    """A hurt the story has already told, told again as what just happened."""
    low = s.lower()
    return [Contradiction("wrong-wound", s, f"{who}'s {h} was already told")
            for h in after.hurts.get(who, ()) if (who, h) in before.hurts_told and h in low and not _AGAIN.search(s)]


def _award(text: str, who: str | None, before: Snapshot, after: Snapshot) -> list[Contradiction]:
    """An award's stated trope must be one the player's line plays into."""
    low = text.lower()
    line = (after.lines.get(who) or before.lines.get(who)) if who else None
    found = []
    for trope in after.tropes or before.tropes:
        if trope.name.lower() in low and not _plays(line, trope):
            why = f"{who or 'nobody'}'s line {line!r} does not play {trope.name!r}" if line else \
                f"{who or 'nobody'} said nothing that plays {trope.name!r}"
            found.append(Contradiction("award-reason", text, why))
    return found


def _plays(line: str | None, trope) -> bool:
    if not line:
        return False
    from .tropes import TemplateJudge

    global _JUDGE
    if _JUDGE is None:
        _JUDGE = TemplateJudge()
    return _JUDGE.match(line, [trope]) is not None


@lru_cache(maxsize=256)
def _place(place: str) -> re.Pattern:
    return re.compile(_ARRIVE + re.escape(place) + r"(?![\w])|^\W*" + re.escape(place) + r" is where", re.I)


def _arrives(place: str, sentence: str) -> bool:
    return bool(place) and _place(place).search(sentence) is not None


def check_answer(text: str, yes: bool | None) -> list[Contradiction]:
    """An answer to a yes/no question must begin with the answer decided: "Yes" (and not
    "Yes" as part of another word) for a yes, "No" for a no."""
    if yes is None:
        return []
    first = re.match(r"\W*([A-Za-z]+)", str(text))
    word = first.group(1) if first else ""
    if word != ("Yes" if yes else "No"):
        return [Contradiction("answer-flipped", str(text)[:80], f"the director answered {'yes' if yes else 'no'}")]
    return []
