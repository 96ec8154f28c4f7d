"""Does a model's prose make sense as the director's? Read before it is kept.

A small model writes loose prose; the director must not pass it through. A text is refused
(and the templates tell the beat instead) when it

- ``fourth-wall``: talks about the game, the player, the story or its own writing, or answers
  as an assistant ("Sure! Here is…", "This is what I created:", "The player says: 3
  challenges…", "As an AI…");
- ``off-beat``: names nothing of the beat: no character, no place the night has been, nothing
  of the Killer, the Threat or what the characters carry ("You're in a room where magic is
  real").

The continuity checker (:mod:`solo.director.continuity`) reads the same text against what the
story established; this reads it for sense.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from .continuity import Contradiction

__all__ = ["SENSE_KINDS", "anchors", "check_sense"]

SENSE_KINDS = ("fourth-wall", "off-beat")

_FOURTH_WALL = re.compile(
    r"\b(?:as an ai|language model|i am an? (?:ai|assistant|narrator)|i'm an? (?:ai|assistant)"
    r"|(?:the|this|our|a) (?:game|players?|user|prompt|reader|narrator|narrative|paragraph|chapter|sentences?)\b"
    r"|the story(?! goes\b)|this story|your story|in this scene|the scene description|(?:three|two|four|last|next) sentences"
    r"|here(?: is|'s) (?:a|the|your|my)\b|^\W*(?:sure|certainly|of course|okay|ok)\b[,.!]"
    r"|i (?:created|wrote|have written|will write|can(?:not|'t) (?:help|write|continue))"
    r"|let me (?:write|describe|continue|tell)|(?:the )?(?:d13|d10|d4)\b|\bdifficulty\b|\bthe dice\b"
    r"|\bgenre points?\b|\b\d+ challenges\b|\bthe (?:director|dm|game master)\b|\bfacts?:"
    r"|(?:^|[.!?]\s+)(?:introduce|narrate|describe|set a mood|do not (?:describe|name|mention))\b"
    r"|\bthe (?:two |three |four |five )?characters\b|\bin (?:one|two|three) (?:short )?sentences?\b)",
    re.I | re.M)

#: Words of a horror night in any setting: a text with none of them, and no name, place or
#: thing of the beat, is about something else.
SCENE_WORDS = frozenset("""
door doors window windows dark darkness shadow shadows blood bloody scream screams screaming
footsteps footstep knife blade axe machete woods trees forest lake cabin house wall walls stairs
basement cellar attic roof night moon moonlight fog mist breath breathing heart hearts hide hiding
dead death body corpse mask killer thing shape figure fear afraid terror dread grave kill killed
hunt hunting watching eyes voice whisper whispers glass lock locked key keys truck path trail fire
flame smoke knock knocking creak creaks scratch scratching drip dripping hall hallway corridor porch
room rooms light lights flicker flickers lamp floor floors noise sound sounds silence quiet cold wind rain water
run running alone hand hands car road
""".split())

_STOP = frozenset("the a an of in on at by to for and or with from into over under behind beside near its his her "
                  "their your our this that there here where what who old new one two".split())


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z][a-z'-]{2,}", str(text).lower()) if w not in _STOP}


def anchors(beats: Iterable[Mapping[str, Any]]) -> tuple[set[str], set[str]]:
    """What a text of these beats may name: (names, words). Names are the cast's (matched
    whole); words come from the places, the Killer, the Threat's nature and what is carried."""
    names: set[str] = set()
    words: set[str] = set(SCENE_WORDS)
    for ctx in beats:
        f = ctx.get("f") or {}
        for key in ("name", "suited"):
            if ctx.get(key):
                names.add(str(ctx[key]))
        for key in ("names", "living", "survivors", "dead", "left"):
            names.update(str(n) for n in (ctx.get(key) or ()) if isinstance(n, str))
        for p in f.get("people") or ():
            names.add(str(p.get("name", "")))
            for item in list(p.get("items") or ()) + list(p.get("lost") or ()):
                words |= _words(item)
        for key in ("location", "nature", "item", "hurt", "lost_item", "weakness_words", "detail", "trope"):
            words |= _words(ctx.get(key) or "")
        words |= _words(f.get("location") or "")
        killer = ctx.get("the_killer") or f.get("killer") or {}
        words |= _words(killer.get("name") or "") if isinstance(killer, Mapping) else set()
        if ctx.get("kind") in ("dawn", "all_dead"):
            words |= {"dawn", "morning", "sunrise", "light", "dead", "night"}
    names.discard("")
    return names, words


def check_sense(text: str, beats: Iterable[Mapping[str, Any]]) -> list[Contradiction]:
    """Why ``text`` (a model's telling of ``beats``, their contexts) is not the director's
    prose, or [] when it may be kept."""
    found: list[Contradiction] = []
    plain = re.sub(r"“[^”]*”|\"[^\"]*\"", "“…”", " ".join(str(text).split()))  # the player's words aside
    m = _FOURTH_WALL.search(plain)
    if m:
        found.append(Contradiction("fourth-wall", plain[:120], f"it speaks of {m.group(0).strip()!r}, not the night"))
    beats = [b for b in beats if b.get("kind") != "answer"]  # an answer's words are decided for it
    names, words = anchors(beats)
    named = any(re.search(r"(?<![\w'])" + re.escape(n) + r"(?![\w])", plain) for n in names)
    if not named and not (_words(plain) & words) and beats:
        found.append(Contradiction("off-beat", plain[:120], "it names no one and nothing of this moment"))
    return found
