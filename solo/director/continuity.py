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
  (a sentence that does not speak of the way as cut, blocked or gone).

The player's own words (in quotation marks) are not held against the story. Autoplay's
tests run it over whole nights; the LLM narrator runs it on the model's text before that
text is kept, and falls back to the templates when it finds anything.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from .catalogue import EPITHETS, MEMORY_WORDS, WEAKNESSES

__all__ = ["Contradiction", "Snapshot", "check", "check_answer", "KINDS"]

KINDS = ("dead-acting", "lost-in-hand", "nobody-hurt", "wrong-count", "epitaph", "weakness", "asked-again",
         "answer-flipped", "cut-off", "strike-text")

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
_GROUP_WORDS = re.compile(r"\b(?:the others|the rest of you|everyone else|all of you|each of you|any of you|"
                          r"both of you|the two of you|the group|the others')\b", re.I)
_N_OF_YOU = re.compile(r"\b(?:the|all) (two|three|four|five|six|seven|eight) of you\b", re.I)
_BOTH = re.compile(r"\bboth of you\b", re.I)
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


def check(text: str, kind: str, before: Snapshot, after: Snapshot, who: str | None = None) -> list[Contradiction]:
    """Every contradiction of ``text`` (a beat of ``kind`` about ``who``) with the fiction."""
    found: list[Contradiction] = []
    plain = _QUOTED.sub("“…”", " ".join(str(text).split()))
    sentences = [s for s in _SENTENCE_END.split(plain) if s.strip()]
    count = len(after.living)
    for s in sentences:
        low = s.lower()
        for name in sorted(before.dead):
            if _named(name, s) and not _has(MEMORY_WORDS, low):
                found.append(Contradiction("dead-acting", s, f"{name} is already dead"))
        for item in sorted(before.lost, key=len, reverse=True):
            if _has((item.lower(),), low) and not _has(LOSS_WORDS, low):
                found.append(Contradiction("lost-in-hand", s, f"the {item} was already lost"))
        if before.anyone_hurt and _NOBODY_HURT.search(s):
            found.append(Contradiction("nobody-hurt", s, "someone has already been hurt"))
        if count == 1 and _GROUP_WORDS.search(s):
            found.append(Contradiction("wrong-count", s, f"only {after.living[0]} is left"))
        m = _N_OF_YOU.search(s)
        if m and _NUMBERS[m.group(1).lower()] != count:
            found.append(Contradiction("wrong-count", s, f"{count} are left, not {m.group(1)}"))
        if _BOTH.search(s) and count != 2:
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
            for apt, words in EPITHETS.items():
                if apt != own and _has(words, low) and not _has(EPITHETS.get(own, ()), low):
                    found.append(Contradiction("epitaph", s, f"{who} was {own}, not {apt}"))
        if kind == "strike" and _ALMOST.search(s):
            found.append(Contradiction("strike-text", s, "the Strike left its mark: it did not almost happen"))
        for place in sorted(before.cut):
            if _arrives(place, s) and not _has(CUT_WORDS, low):
                found.append(Contradiction("cut-off", s, f"the way to {place} is cut off"))
        if kind == "challenge" and who and who in before.spoke and _ASK.search(s):
            found.append(Contradiction("asked-again", s, f"the player already said what {who} does"))
    return found


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
