"""Places as the story names them: the short name of a place described at length."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

__all__ = [
    "ABSENT",
    "BUILDING_WORDS",
    "FEATURES",
    "INSIDE_WORDS",
    "MASK_WORDS",
    "NEEDS",
    "OUTSIDE_WORDS",
    "WILD_WORDS",
    "absent",
    "buildings_of",
    "elsewhere",
    "features",
    "fits",
    "inside_word",
    "lacking",
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


#: What a scene line needs of the place it is told at, by the words that need it (read as plain
#: lower-case substrings of the line): "under the bed" needs a place with beds, "the floor above
#: you" one with a floor above. A line that says a word whose need the place lacks is not told
#: there (:func:`lacking`); a line the place owns itself always fits it.
NEEDS: dict[str, tuple[str, ...]] = {
    "inside": ("floorboard", "the floor", "the ceiling", "the rafters", "the wall", "these walls", "every wall",
               "the shelf", "fuse box", "breaker panel", "gas line", "pilot light", "boiler", "cellar hatch",
               "in the room", "laid the table", "in the chair", "the building", "the barricade", "cupboard",
               "the stairs", "three doors", "the lights flicker", "map pins", "clippings", "the radio crackles",
               "the roof", "shelving"),
    "outside": ("the path", "the trail", "the road", "the mud", "a branch", "the crossroads", "fallen pine",
                "the trees", "a swing", "chain-link", "the brush", "dry leaves", "ditch", "fence post"),
    "building": ("the door", "doorway", "doorframe", "window", "the glass", "an open door", "door ", "door,", "doors "),
    "beds": ("the bed", "the bunks", "has to sleep", "closet", "wardrobe"),
    "upper": ("the floor above", "second floor", "upper window", "the stairs collapse", "up the stairs", "drainpipe"),
    "hallway": ("hallway", "corridor"),
    "water": ("floodwater", "the water below", "the water underneath", "the water is still coming", "under water"),
    "lake": ("the boat", "outboard", "the reeds", "the current", "the weir"),
    "porch": ("the porch",),
    "tin roof": ("tin roof",),
    "office": ("office",),
    "freezer": ("freezer",),
    "mirror": ("mirror",),
    "vehicle": ("the truck won", "the truck is", "the car won", "the car is", "the car bogged", "the dash"),
    "fireside": ("campfire",),
}

#: What shows that a place has what a need names: whole words of its name, props, sounds or
#: threats ("the row of cabins by the lake" has beds, a porch and water). "inside", "outside"
#: and "fireside" are read from the place itself (indoors, out of doors, out of doors in the wild).
FEATURES: dict[str, tuple[str, ...]] = {
    "building": ("cabin", "cabins", "house", "lodge", "shed", "woodshed", "porch", "garage", "chapel", "hall",
                 "outhouse", "treehouse", "boathouse", "washhouse", "shack"),
    "beds": ("bunk", "bunks", "bed", "beds", "bedroom", "mattress", "mattresses", "cabin", "cabins", "sleeping"),
    "upper": ("upstairs", "tower", "loft", "attic", "landing", "lodge", "stairs", "bedroom"),
    "hallway": ("hallway", "corridor", "infirmary", "lodge"),
    "water": ("lake", "dock", "boathouse", "pool", "creek", "river", "gorge", "water", "shore", "reeds"),
    "lake": ("lake", "dock", "boat", "boats", "boathouse", "rowboat", "canoe", "shore", "reeds"),
    "porch": ("porch", "cabin", "cabins", "lodge", "house"),
    "tin roof": ("shed", "woodshed", "boathouse", "outhouse"),
    "office": ("office", "caretaker", "caretaker's", "infirmary", "lodge"),
    "freezer": ("freezer", "mess", "kitchen", "pantry"),
    "mirror": ("mirror", "mirrors", "bathroom", "washhouse"),
    "vehicle": ("truck", "car", "garage", "road", "lot", "driveway", "parked"),
}


def features(place: str, own: Any, wild: bool = True, upstairs: bool = False) -> frozenset[str]:
    """What the place (its name and ``own`` data: ``indoors``, props, sounds, threats) has, of
    :data:`NEEDS`. ``upstairs``: the setting has an upstairs (a place indoors then has a floor above)."""
    own = own or {}
    indoors = bool(own.get("indoors"))
    texts = [place, *(own.get("props") or ()), *(own.get("sounds") or ()),
             *(t for v in (own.get("threats") or {}).values() for t in v)]
    words = frozenset(re.findall(r"[a-z']+", " ".join(str(t) for t in texts).lower()))
    has = {k for k, cues in FEATURES.items() if words & set(cues)}
    if not indoors:  # out of doors: no room of a building at hand
        has -= {"beds", "upper", "hallway", "office", "freezer", "mirror"}
    has |= {"inside", "building"} if indoors else {"outside"}
    if not indoors and wild:
        has.add("fireside")
    if indoors and upstairs:
        has.add("upper")
    return frozenset(has)


def lacking(place: str, own: Any, wild: bool = True, places: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The words of :data:`NEEDS` a line may not say at ``place`` (what it lacks); nothing for a
    place the setting says nothing of (``own`` None: it may be anything)."""
    if own is None:
        return ()
    threats = tuple(t for v in (own.get("threats") or {}).values() for t in v)
    return _lacking(place, bool(own.get("indoors")), tuple(own.get("props") or ()), tuple(own.get("sounds") or ()),
                    threats, wild, any("upstairs" in str(p).lower() for p in places))


@lru_cache(maxsize=512)
def _lacking(place: str, indoors: bool, props: tuple, sounds: tuple, threats: tuple, wild: bool,
             upstairs: bool) -> tuple[str, ...]:
    own = {"indoors": indoors, "props": props, "sounds": sounds, "threats": {"": threats}}
    has = features(place, own, wild, upstairs)
    return tuple(w for k, ws in NEEDS.items() if k not in has for w in ws)


#: How an answer says a thing is not there ("the car is gone", "No: the car is not there").
ABSENT = r"(?:is|are|was|were|has been|have been|'s) (?:gone|missing|stolen|taken|destroyed|wrecked|not there|" \
         r"nowhere)"


def absent(facts: Any) -> tuple[str, ...]:
    """The things the answers' ``facts`` say are not there, as a line would name them ("the car ",
    "the car's"; not "the carpet"): no scene shows them again."""
    out: list[str] = []
    for f in facts:
        head = str(getattr(f, "head", "") or "")
        if not head or ":" in head or getattr(f, "yes", None) is None:
            continue
        told = " ".join(str(x or "") for x in (getattr(f, "statement", None), getattr(f, "text", None))).lower()
        asked = str(getattr(f, "question", None) or "").lower()
        said = re.search(rf"\b{re.escape(head)}s? {ABSENT}", told) and not re.search(
            rf"\b{re.escape(head)}s? (?:is|are|was|were) not (?:gone|missing|stolen|taken)", told)
        named = rf"\bthe {re.escape(head)}s? (?:\w+ )?"  # "is the car (still) …?", not "is there a car …?"
        if not said and asked:
            if re.search(named + r"(?:gone|missing|stolen|taken|destroyed|wrecked)\b", asked):
                said = f.yes
            elif re.search(named + r"(?:there|here|parked|where (?:we|you|i|they) left)\b", asked):
                said = not f.yes
        if said and f"the {head} " not in out:
            out += [f"the {head}{end}" for end in (" ", ",", ".", ";", ":", "'s")]
    return tuple(out)
