"""Does a model's prose make sense as the director's? Read before it is kept.

A small model writes loose prose; the director must not pass it through. A text is refused
(and the templates tell the beat instead) when it

- ``fourth-wall``: talks about the game, the player, the story or its own writing, or answers
  as an assistant ("Sure! Here is…", "This is what I created:", "The player says: 3
  challenges…", "As an AI…", a numbered list: "1. The group … 2. A second man …"), or
  echoes its request ("The night so far: …", "already decided, in this order", "The night's
  stage is unease");
- ``off-beat``: names nothing of the night, though the moment is someone's (a Test's outcome,
  a Strike, a death, a Genre Point, the opening, the dawn): no one of the cast, no place, nothing
  carried, nothing of the Killer or the Threat, not a word of a horror night ("Magic is real,
  and everyone is happy.").

The continuity checker (:mod:`solo.director.continuity`) reads the same text against what the
story established; this reads it for sense.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from .continuity import Contradiction

__all__ = ["SCENE_WORDS", "SENSE_KINDS", "WHOSE", "anchors", "check_sense"]

SENSE_KINDS = ("fourth-wall", "off-beat")

_FOURTH_WALL = re.compile(
    r"\b(?:as an ai|language model|i am an? (?:ai|assistant|narrator)|i'm an? (?:ai|assistant)"
    r"|(?:the|this|our|a) (?:game(?! of\b)|players?|user|prompt|reader|narrator|narrative|paragraph|chapter|sentences?)\b"
    r"|this story|your story|the story so far|in this scene|the scene description|(?:three|two|four|last|next) sentences"
    r"|here(?: is|'s) (?:a|the|your|my)\b|^\W*(?:sure|certainly|of course|okay|ok)\b[,.!]"
    r"|i (?:created|wrote|have written|will write|can(?:not|'t) (?:help|write|continue))"
    r"|let me (?:write|describe|continue|tell)|\bfacts?:"
    r"|(?:^|[.!?]\s+)(?:introduce|narrate|describe|set a mood|do not (?:describe|name|mention))\b"
    r"|\bthe (?:two |three |four |five )?characters\b|\bin (?:one|two|three) (?:short )?sentences?\b"
    r"|the night so far:|already decided|in this order:|the night's stage is|\bafter \d+ tests\b"
    r"|\d/4 weaknesses|the weakness is exactly this|use these words|describe the discovery|\b[0-4] of 4\b"
    r"|\bits nature:|\bseverity:)",
    re.I | re.M)
#: The table's own words (the Director, the dice, Genre Points): table talk may use them (an
#: award, a Genre Point spent); a scene may not.
_GAME_TALK = re.compile(r"\b(?:genre points?|(?:the )?(?:d13|d10|d4)|difficulty|the dice|\d+ challenges"
                        r"|the (?:director|dm|game master))\b", re.I)
TABLE_TALK = ("award", "genre_point")
#: Answers to questions about the table itself ("how dangerous is this?", "what's the difficulty?").
TABLE_TOPICS = ("danger", "difficulty", "genre", "confront")
#: An item of a numbered list ("…: 1. The group … 2. A second man …"): an assistant's answer.
_LIST_ITEM = re.compile(r"(?:^|[\s:;(])\d{1,2}[.)]\s+[A-Za-z]")

#: Moments that are someone's: a text of one names someone of the cast.
WHOSE = ("opening", "challenge", "outcome", "strike", "death", "award", "genre_point", "weakness", "dawn",
         "all_dead")


#: Words of a horror night in any setting: a text with none of them, and no name, place or
#: thing of the beat, is about something else.
SCENE_WORDS = frozenset("""
door doors window windows dark darkness shadow shadows blood scream screams footsteps knife blade axe
woods trees forest lake cabin house wall walls stairs basement cellar attic roof night moon fog mist breath
breathing heart dead death body mask killer thing shape figure fear terror dread kill killed hunt eyes voice
whisper glass lock locked key keys path trail fire smoke knock creak scratch drip hall hallway porch room
light lights flicker floor noise sound silence quiet cold wind rain water alone hand hands run
""".split())
_STOP = frozenset("the a an of in on at by to for and or with from into over under behind beside near".split())


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z][a-z'-]{2,}", str(text).lower()) if w not in _STOP}


def anchors(beats: Iterable[Mapping[str, Any]]) -> tuple[set[str], set[str]]:
    """What a text of these beats may name, when a beat is someone's: (the cast's names, words
    of the places, the Killer, what is carried, the Threat and any horror night). Both empty
    when no beat is anyone's."""
    names: set[str] = set()
    words: set[str] = set()
    for ctx in beats:
        if ctx.get("kind") not in WHOSE:
            continue
        words |= SCENE_WORDS
        f = ctx.get("f") or {}
        for key in ("location", "nature", "lost_item", "hurt", "weakness_words", "trope"):
            if isinstance(ctx.get(key), str):
                words |= _words(ctx[key])
        words |= _words(f.get("location") or "")
        killer = ctx.get("the_killer") or f.get("killer")
        if isinstance(killer, Mapping):
            words |= _words(killer.get("name") or "")
        for p in f.get("people") or ():
            for item in list(p.get("items") or ()) + list(p.get("lost") or ()):
                words |= _words(item)
        if isinstance(ctx.get("name"), str):
            names.add(ctx["name"])
        for key in ("names", "living", "survivors", "dead", "left"):
            value = ctx.get(key)
            if isinstance(value, (list, tuple)):
                names.update(n for n in value if isinstance(n, str))
        for p in (ctx.get("f") or {}).get("people") or ():
            names.add(str(p.get("name", "")))
    names.discard("")
    return names, words


def check_sense(text: str, beats: Iterable[Mapping[str, Any]]) -> list[Contradiction]:
    """Why ``text`` (a model's telling of ``beats``, their contexts) is not the director's
    prose, or [] when it may be kept."""
    found: list[Contradiction] = []
    plain = re.sub(r"“[^”]*”|\"[^\"]*\"", "“…”", " ".join(str(text).split()))  # the player's words aside
    beats = list(beats)
    m = _FOURTH_WALL.search(plain)
    if m is None and not any(b.get("kind") in TABLE_TALK or b.get("topic") in TABLE_TOPICS for b in beats):
        m = _GAME_TALK.search(plain)
    if m:
        found.append(Contradiction("fourth-wall", plain[:120], f"it speaks of {m.group(0).strip()!r}, not the night"))
    elif len(_LIST_ITEM.findall(plain)) >= 2:
        found.append(Contradiction("fourth-wall", plain[:120], "it is a numbered list, not the night's prose"))
    names, words = anchors(b for b in beats if b.get("kind") != "answer")  # an answer's words are decided
    if names and not any(re.search(r"(?<![\w'])" + re.escape(n) + r"(?![\w])", plain) for n in names) \
            and not _words(plain) & words:
        found.append(Contradiction("off-beat", plain[:120], "it names no one and nothing of the night"))
    return found
