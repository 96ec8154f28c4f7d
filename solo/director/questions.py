"""What a player asks: recognising a question, its stated odds, its kind and its topic.

The rules put conversation at the centre of play: "The Director and players narrate the
events leading up to this moment through conversation and asking questions from each other"
(ashcan, The Test); players "describe actions, ask questions, and resolve Tests" (playtest).

A typed line is a question when it reads as one (:func:`is_question`) or is typed after
``ask``. What it is about and what it asks is read by :mod:`solo.director.understand`; the
odds a player states ("surely", "I doubt", ``ask likely: …``) are read here.
"""

from __future__ import annotations

import re

from .oracle import ODDS
from dataclasses import dataclass

#: Words that state odds, checked longest first (``surely not`` before ``surely``).
ODDS_WORDS = {
    "very unlikely": ("surely not", "no way", "there's no way", "very unlikely", "impossible", "not a chance",
                      "certainly not", "definitely not"),
    "unlikely": ("unlikely", "probably not", "i doubt", "doubtful", "hardly", "not likely"),
    "even": ("maybe", "perhaps", "50/50", "fifty-fifty", "even odds", "who knows"),
    "likely": ("likely", "probably", "i bet", "i guess", "presumably", "chances are"),
    "very likely": ("surely", "certainly", "definitely", "must be", "obviously", "of course", "very likely",
                    "no doubt"),
}
_ODDS_FOUND = sorted(((w, o) for o, ws in ODDS_WORDS.items() for w in ws), key=lambda x: -len(x[0]))
_ODDS_RE = re.compile(r"(?<![\w'])(" + "|".join(re.escape(w) for w, _ in _ODDS_FOUND) + r")(?![\w'])", re.I)
#: ``ask likely: …``, ``ask very unlikely …`` — the odds named first.
_ODDS_PREFIX = re.compile(r"^(very unlikely|very likely|unlikely|likely|even|50/50)\s*[:,\-—]?\s+", re.I)

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'"})


@dataclass(frozen=True)
class Question:
    """A question as typed: who asks and at what odds (its reading is the director's:
    :mod:`solo.director.understand`)."""

    text: str  # as asked (cleaned)
    who: int | None  # who asks (None: the group)
    odds: str  # one of oracle.ODDS
    stated: bool  # the player stated the odds (``ask likely: …`` or a word like "surely")


def is_question(line: str, chat: bool = True) -> bool:
    """Whether ``line`` asks the director something (read, not judged by its last character:
    :func:`solo.director.tidy.is_question`; ``chat``: a line typed as players chat counts too)."""
    from .understand import is_question as reads_as_question

    return reads_as_question(line, chat)


def stated_odds(text: str) -> tuple[str, str | None]:
    """(text without a leading odds word, the odds it states or None). ``likely: is it
    there?`` → ``("is it there?", "likely")``; ``surely it's there?`` → (text, "very likely")."""
    text = " ".join(str(text).split())
    m = _ODDS_PREFIX.match(text)
    if m:
        word = m.group(1).lower()
        return text[m.end():], ("even" if word == "50/50" else word)
    found = _ODDS_RE.search(text.translate(_APOSTROPHES))
    if found:
        word = found.group(1).lower()
        return text, next(o for w, o in _ODDS_FOUND if w == word)
    return text, None


def words_of(text: str) -> list[str]:
    """Lower-case words, apostrophes kept inside (``door's``), punctuation dropped."""
    return re.findall(r"[\w]+(?:'[\w]+)*", str(text).lower().translate(_APOSTROPHES))


def parse(text: str, who: int | None = None, odds: str | None = None, names: tuple[str, ...] = ()) -> Question:
    """A question as typed (``odds`` when the player named them: ``ask likely: …``)."""
    text = " ".join(str(text).split())
    rest, found = stated_odds(text)
    if odds is None and found is not None:
        odds = found
    stated = odds is not None
    if odds is not None and odds not in ODDS:
        raise ValueError(f"unknown odds {odds!r}: one of {', '.join(ODDS)}")
    return Question(text, who, odds or "even", stated)
