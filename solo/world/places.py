"""Places as the story names them: the short name of a place described at length."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

__all__ = ["short_place", "fits", "said", "elsewhere", "WILD_WORDS", "OUTSIDE_WORDS", "INSIDE_WORDS", "inside_word"]

_PLACE_END = re.compile(r",|;| (?:with|where|under|behind|on|at|by|beside|near|up|lit|off|above|below|across|in|over|"
                        r"full of|all|that|which|from) ")


def short_place(place: str) -> str:
    """A place's short name: its words before the first comma or clause ("the clearing with
    the stone table" → "the clearing"), when that leaves two words or more."""
    head = _PLACE_END.split(place, 1)[0].strip()
    return head if len(head.split()) >= 2 and head != place.strip() else place


#: Words that belong to a setting out in the wild (woods, a camp): never told in one that is not.
WILD_WORDS = ("campfire", "campfires", "the woods", "the trees", "pines", "pine trees", "the forest", "an owl",
              "the lake", "a loon", "the trail", "the crickets", "the old sign", "the map says")
#: Words that need the sky or the trees overhead: never told of a place indoors.
OUTSIDE_WORDS = ("between the trees", "through the trees", "out of the trees", "under the trees", "in the trees",
                 "the open sky", "the stars", "the reeds", "through the mud", "a swing", "chain-link fence")
#: Words that need a building around them: never told of a place the setting says is out of
#: doors ("the stairs collapse" on a lake trail, a walk-in freezer at a boathouse).
INSIDE_WORDS = ("hallway", "corridor", "the stairs", "staircase", "the attic", "the ceiling", "wardrobe",
                "walk-in freezer", "closet", "floorboards", "second floor", "upstairs", "downstairs", "the kitchen",
                "the rafters", "in the room", "the bunks", "in the building", "the roof is coming down", "trapdoor",
                "three doors", "the shelf", "on the wall", "the mirror")

_TYPOGRAPHY = str.maketrans(dict.fromkeys("‘’“”–—…", "\x00"))


def said(words: tuple[str, ...], text: str) -> str | None:
    """The first of ``words`` that ``text`` says (whole words, any case), or None."""
    return _reader(words)(text)


@lru_cache(maxsize=256)
def _reader(words: tuple[str, ...]) -> Callable[[str], str | None]:
    """:func:`said` for ``words``: its searches compiled when first needed."""
    plain = all(w.isascii() and w == w.lower() and "\x00" not in w for w in words)
    searches: dict[bool, Callable[[str], re.Match | None]] = {}

    def read(text: str) -> str | None:
        # plain lower-case ASCII words in plain ASCII text (curly quotes and dashes, which neither
        # are word characters nor in any word, read as another such): read lowered, the same
        # match found sooner than in any case
        probe = text if text.isascii() else text.translate(_TYPOGRAPHY)
        lowered = plain and probe.isascii()
        search = searches.get(lowered)
        if search is None:
            search = searches[lowered] = _pattern(words, 0 if lowered else re.I).search
        m = search(probe.lower() if lowered else text)
        return m.group(0).lower() if m else None

    return read


def _pattern(words: tuple[str, ...], flags: int) -> re.Pattern:
    """``words`` as whole words. In lowered text, written to be found sooner: opened on a first
    letter of one, and the words grouped by that letter (in their order: at one place, only
    the words of one letter can match, and the first of them that does is the one told)."""
    if flags or not words or not all(words):
        return re.compile(r"\b(?:" + "|".join(re.escape(w) for w in words) + r")\b", flags)
    by_letter: dict[str, list[str]] = {}
    for w in words:
        by_letter.setdefault(w[0], []).append(re.escape(w[1:]))
    return re.compile("(?=[" + "".join(re.escape(c) for c in sorted(by_letter)) + r"])\b(?:"
                      + "|".join(re.escape(c) + "(?:" + "|".join(rest) + ")" for c, rest in by_letter.items())
                      + r")\b", flags)


def inside_word(text: str, places: tuple[str, ...] = ()) -> str | None:
    """The first word of :data:`INSIDE_WORDS` that ``text`` says outside the names of
    ``places`` ("the way back to the attic crawlspace" names a place; it puts no attic here)."""
    word = _read_inside(text)
    if word is None or not places:
        return word
    low = text.lower()
    for place in sorted({p for place in places for p in (place, short_place(place))}, key=len, reverse=True):
        low = low.replace(place.lower(), " ")
    return _read_inside(low)


def fits(text: str, wild: bool, indoors: bool, outdoors: bool = False, places: tuple[str, ...] = ()) -> bool:
    """Whether ``text`` fits the place: no woods in a setting that has none, no trees
    overhead indoors, no stairs or hallways out of doors (``outdoors``: the setting says the
    place is not indoors; a place it says nothing of may be either; the names of the
    setting's ``places`` are not read for it)."""
    return ((wild or not _says_wild(text)) and not (indoors and _says_outside(text))
            and not (outdoors and _inside(text, places)))


@lru_cache(maxsize=16384)
def _says_wild(text: str) -> bool:
    """Whether ``text`` says one of :data:`WILD_WORDS` (kept by the line alone)."""
    return _read_wild(text) is not None


@lru_cache(maxsize=16384)
def _says_outside(text: str) -> bool:
    """Whether ``text`` says one of :data:`OUTSIDE_WORDS` (kept by the line alone)."""
    return _read_outside(text) is not None


@lru_cache(maxsize=16384)
def _inside(text: str, places: tuple[str, ...]) -> bool:
    return inside_word(text, places) is not None


_read_wild, _read_outside, _read_inside = map(_reader, (WILD_WORDS, OUTSIDE_WORDS, INSIDE_WORDS))


def elsewhere(thing: Any, places: Any, here: Any = None) -> bool:
    """Whether ``thing`` (a line of a playset's flavour) names one of ``places`` other than
    ``here``: "the car bogged in the mud of the logging road" belongs to the logging road, and
    is not told as "here at the attic"."""
    low = str(thing or "").lower()
    here_l = str(here or "").lower()
    for place in places or ():
        head = short_place(str(place).lower())
        key = re.sub(r"^(?:the|a|an) ", "", head).strip()
        if key and len(key) > 3 and key in low and not (here_l.startswith(head) or head in here_l):
            return True
    return False
