"""What an autoplayed line may name: the things of the hazard it answers, never others.

"I rip the boards off with my bare hands" answers a boarded window, not a chain-link fence;
"I try the numbers from the old sign" answers a combination lock by the old sign, not rolling
smoke. A line's nouns (read by :func:`solo.english.parse`) are either the body, the moment or
the deed ("my shoulder", "one step at a time", "the nearest heavy thing"), told anywhere, or
things, told only where the hazard's telling (its Threat Card, its challenge, the place, the
Killer's look and weapon) or the character's own things name them; a deed that needs a kind of
thing ("I rewire it", "I climb it") is told only where the hazard has one. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache

__all__ = ["NEEDS", "deeds_named", "fits_hazard", "things_named"]

#: Nouns of the body, the moment and the deed: no thing of the scene.
ANYWHERE = frozenset(
    "thing something everything shoulder foot feet back hand arm wrist head neck eye teeth tooth toe finger "
    "heartbeat breath face step time count run width piece way pattern plan other tonight dark noise sound swing "
    "twist duck ground item moment weight heel second inch".split())


#: Deeds that need a kind of thing to be done to (their verb's lemma → words of the hazard,
#: any of which will do): "I rewire it" answers wiring, "I climb it" something to climb.
NEEDS = {
    "rewire": ("wire", "fuse", "breaker", "generator", "radio", "truck", "car", "panel", "switch", "motor", "keypad",
               "engine", "pump", "electr", "light", "phone", "power"),
    "climb": ("fence", "wall", "tree", "pine", "ladder", "roof", "window", "ledge", "stair", "rockslide", "slope",
              "bank", "rock", "gate", "shelv", "beam", "trunk", "cliff", "pit", "balcony", "trellis", "rope"),
    "answer": ("phone", "voice", "knock", "call", "radio", "ring", "name", "whisper", "question", "message",
               "door", "song", "laugh", "scream", "crying", "tape"),
    "ease": ("door", "window", "hatch", "lid", "cupboard", "drawer", "trapdoor", "gate", "cabinet", "box", "cage",
             "case", "valve", "latch", "shutter"),
    "reach": ("gap", "hole", "box", "drawer", "cupboard", "window", "cage", "water", "crack", "shelf", "vent", "pipe",
              "cabinet", "hook", "barrel", "pocket", "hatch", "trapdoor", "wall", "fence", "panel", "key"),
    "rewind": ("tape",),
    # a body's deed at a thing: kicked, smashed, torn, dragged, lifted, pulled, crawled under
    "kick": ("door", "window", "lock", "board", "gate", "fence", "wall", "shutter", "hatch", "trapdoor", "plank",
             "panel", "latch", "cage", "grate", "vent", "barricade", "frame"),
    "smash": ("door", "window", "glass", "lock", "board", "wall", "gate", "shutter", "barricade", "fence", "crowd",
              "frame", "padlock"),
    "rip": ("board", "plank", "door", "shutter", "curtain", "tape", "rope", "net", "barricade"),
    "drag": ("body", "friend", "log", "beam", "branch", "pine", "tree", "barrel", "boat", "dresser", "wardrobe",
             "couch", "furniture", "chair", "debris", "stone", "rock", "someone", "guest", "keg", "table", "trunk",
             "birch", "weight", "linebacker", "shelf", "grip", "hand", "ankle"),
    "lift": ("beam", "hatch", "trapdoor", "lid", "log", "pine", "tree", "barrel", "rock", "stone", "friend", "someone",
             "body", "dresser", "wardrobe", "shelf", "door", "boat", "gate", "car", "truck", "keg", "window", "weight",
             "debris", "birch", "coat", "guest", "linebacker", "rowboat"),
    "heave": ("beam", "hatch", "trapdoor", "lid", "log", "pine", "tree", "barrel", "rock", "stone", "friend",
              "someone", "body", "dresser", "wardrobe", "shelf", "door", "boat", "gate", "car", "truck", "keg",
              "window", "weight", "debris", "birch", "rowboat", "guest", "linebacker"),
    "pull": ("door", "rope", "chain", "hand", "wrist", "ankle", "grip", "friend", "someone", "board", "lid", "hatch",
             "trapdoor", "bar", "gate", "drawer", "lever", "branch", "log", "beam", "cord", "net", "body", "guest",
             "boat", "window", "shutter", "pine", "tree", "birch", "wardrobe", "dresser", "stuck", "jam"),
    "crawl": ("under", "table", "beam", "fence", "wire", "gap", "bed", "car", "truck", "hole", "vent", "floor", "brush",
              "bramble", "thicket", "reed", "crawlspace", "branch", "pine", "tree", "birch", "ledge", "crowd", "smoke"),
    "pick": ("lock", "padlock", "latch", "cage", "chain", "drawer", "cabinet", "box"),
    "thread": ("gap", "wire", "fence", "bar", "hole", "window", "crack", "cage", "grate", "railing", "crowd", "bramble"),
    "wedge": ("door", "wall", "wardrobe", "dresser", "beam", "crowd", "barrel", "car", "boat", "gate", "weight", "log",
              "shelf", "debris", "rock", "stone"),
}


@lru_cache(maxsize=1024)
def deeds_named(line: str) -> tuple[str, ...]:
    """The lemmas of ``line``'s verbs that need a kind of thing (:data:`NEEDS`)."""
    from solo import english

    parse = english.parse(line)
    if not getattr(parse, "parsed", False):
        return ()
    return tuple(t.lemma.lower() for t in parse if t.pos == "VERB" and t.lemma.lower() in NEEDS)


@lru_cache(maxsize=1024)
def things_named(line: str) -> tuple[str, ...]:
    """The lemmas of the things ``line`` names (its nouns not in :data:`ANYWHERE`); none
    without a parse."""
    from solo import english

    parse = english.parse(line)
    if not getattr(parse, "parsed", False):
        return ()
    return tuple(t.lemma.lower() for t in parse
                 if t.pos == "NOUN" and t.lemma.lower() not in ANYWHERE and t.lower not in ANYWHERE)


def fits_hazard(hazard: str | None, own: Iterable[str] = (), around: str = "") -> Callable[[str], bool]:
    """Whether a line names only things the ``hazard``'s telling, what is ``around`` it (the
    place, the Killer's look and weapon) or the character's ``own`` things name (a word of it
    holding the thing's lemma: "lock" in "padlocked", "board" in "floorboards"), and does only
    deeds the hazard itself has a thing for. With no hazard, every line fits."""
    if not hazard:
        return lambda line: True
    told = re.findall(r"[a-z]+", str(hazard).lower())
    words = told + re.findall(r"[a-z]+", " ".join([str(around), *map(str, own)]).lower())

    def fits(line: str) -> bool:
        return all(any(thing in w for w in words) for thing in things_named(line)) and \
            all(any(stem in w for w in told for stem in NEEDS[deed]) for deed in deeds_named(line))
    return fits
