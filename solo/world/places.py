"""Places as the story names them: the short name of a place described at length."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

__all__ = [
    "BUILDING_WORDS",
    "INSIDE_WORDS",
    "MASK_WORDS",
    "OUTSIDE_WORDS",
    "WILD_WORDS",
    "buildings_of",
    "elsewhere",
    "fits",
    "inside_word",
    "masked",
    "said",
    "short_place",
]

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

#: Words that name the kind of building the group is in ("The Killer is in the house"): told only
#: in a setting one of whose places, or whose premise, names that kind (a house party; never at
#: the camp's row of cabins). Each word, a building kind; said as "the house".
BUILDING_WORDS = ("house", "farmhouse", "mansion", "motel", "hotel", "school", "hospital", "apartment")
#: Words that speak of the Killer's mask as known ("The mask is at the window again"): told only
#: of a Killer whose look has a mask (never of one whose face is never in the light).
MASK_WORDS = ("the mask", "its mask", "the masked", "a masked")


@lru_cache(maxsize=256)
def buildings_of(texts: tuple[str, ...]) -> frozenset[str]:
    """The kinds of :data:`BUILDING_WORDS` that ``texts`` (a setting's place names, its title and
    premise) name, as whole words: ``{"house"}`` for "the cul-de-sac, every other house dark";
    nothing for "the boathouse" or "the washhouse"."""
    said_ = " ".join(str(t) for t in texts).lower()
    return frozenset(w for w in BUILDING_WORDS if re.search(rf"\b{w}s?\b", said_))


def masked(look: str | None) -> bool:
    """Whether the Killer's ``look`` has a mask ("a grinning rubber mask", "a mask carved from
    birch bark"; not "its face never quite in the light")."""
    return re.search(r"\bmask(?:s|ed)?\b", str(look or ""), re.IGNORECASE) is not None


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


def fits(text: str, wild: bool, indoors: bool, outdoors: bool = False, places: tuple[str, ...] = (),
         buildings: frozenset[str] | None = None, mask: bool | None = None) -> bool:
    """Whether ``text`` fits the place: no woods in a setting that has none, no trees
    overhead indoors, no stairs or hallways out of doors (``outdoors``: the setting says the
    place is not indoors; a place it says nothing of may be either; the names of the
    setting's ``places`` are not read for it). ``buildings`` (the kinds of building the setting
    has, :func:`buildings_of`; None: not known, not read): no "the house" where there is none.
    ``mask`` (whether the Killer's look has a mask; None: not known): no "the mask" of a Killer
    that wears none."""
    return ((wild or not _says_wild(text)) and not (indoors and _says_outside(text))
            and not (outdoors and _inside(text, places))
            and (buildings is None or _building(text) is None or _building(text) in buildings)
            and (mask is None or mask or _read_mask(text) is None))


@lru_cache(maxsize=16384)
def _building(text: str) -> str | None:
    """The kind of building ``text`` puts the group in ("house" for "in the house"), or None."""
    word = _read_building(text)
    return word.split()[-1] if word is not None else None


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
_read_building = _reader(tuple(f"the {w}" for w in BUILDING_WORDS))
_read_mask = _reader(MASK_WORDS)


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
