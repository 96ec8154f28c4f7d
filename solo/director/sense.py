"""Does a model's prose make sense as the director's? Read before it is kept.

A small model writes loose prose; the director must not pass it through. A text is refused
(and the templates tell the beat instead) when it

- ``fourth-wall``: talks about the game, the player, the story or its own writing, or answers
  as an assistant ("Sure! Here is…", "This is what I created:", "The player says: 3
  challenges…", "As an AI…");
- ``off-beat``: names no one of the cast, though the moment is someone's (a Test's outcome, a
  Strike, a death, a Genre Point, the opening, the dawn): "You're in a room where magic is real".

The continuity checker (:mod:`solo.director.continuity`) reads the same text against what the
story established; this reads it for sense.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from .continuity import Contradiction

__all__ = ["SENSE_KINDS", "WHOSE", "anchors", "check_sense"]

SENSE_KINDS = ("fourth-wall", "off-beat")

_FOURTH_WALL = re.compile(
    r"\b(?:as an ai|language model|i am an? (?:ai|assistant|narrator)|i'm an? (?:ai|assistant)"
    r"|(?:the|this|our|a) (?:game|players?|user|prompt|reader|narrator|narrative|paragraph|chapter|sentences?)\b"
    r"|this story|your story|the story so far|in this scene|the scene description|(?:three|two|four|last|next) sentences"
    r"|here(?: is|'s) (?:a|the|your|my)\b|^\W*(?:sure|certainly|of course|okay|ok)\b[,.!]"
    r"|i (?:created|wrote|have written|will write|can(?:not|'t) (?:help|write|continue))"
    r"|let me (?:write|describe|continue|tell)|\bfacts?:"
    r"|(?:^|[.!?]\s+)(?:introduce|narrate|describe|set a mood|do not (?:describe|name|mention))\b"
    r"|\bthe (?:two |three |four |five )?characters\b|\bin (?:one|two|three) (?:short )?sentences?\b)",
    re.I | re.M)
#: The table's own words (the Director, the dice, Genre Points): table talk may use them (an
#: award, a Genre Point spent); a scene may not.
_GAME_TALK = re.compile(r"\b(?:genre points?|(?:the )?(?:d13|d10|d4)|difficulty|the dice|\d+ challenges"
                        r"|the (?:director|dm|game master))\b", re.I)
TABLE_TALK = ("award", "genre_point")

#: Moments that are someone's: a text of one names someone of the cast.
WHOSE = ("opening", "challenge", "outcome", "strike", "death", "award", "genre_point", "weakness", "dawn",
         "all_dead")


def anchors(beats: Iterable[Mapping[str, Any]]) -> set[str]:
    """The cast's names a text of these beats may name (empty when no beat is anyone's)."""
    names: set[str] = set()
    for ctx in beats:
        if ctx.get("kind") not in WHOSE:
            continue
        if isinstance(ctx.get("name"), str):
            names.add(ctx["name"])
        for key in ("names", "living", "survivors", "dead", "left"):
            value = ctx.get(key)
            if isinstance(value, (list, tuple)):
                names.update(n for n in value if isinstance(n, str))
        for p in (ctx.get("f") or {}).get("people") or ():
            names.add(str(p.get("name", "")))
    names.discard("")
    return names


def check_sense(text: str, beats: Iterable[Mapping[str, Any]]) -> list[Contradiction]:
    """Why ``text`` (a model's telling of ``beats``, their contexts) is not the director's
    prose, or [] when it may be kept."""
    found: list[Contradiction] = []
    plain = re.sub(r"“[^”]*”|\"[^\"]*\"", "“…”", " ".join(str(text).split()))  # the player's words aside
    beats = list(beats)
    m = _FOURTH_WALL.search(plain)
    if m is None and not any(b.get("kind") in TABLE_TALK for b in beats):
        m = _GAME_TALK.search(plain)
    if m:
        found.append(Contradiction("fourth-wall", plain[:120], f"it speaks of {m.group(0).strip()!r}, not the night"))
    names = anchors(b for b in beats if b.get("kind") != "answer")  # an answer's words are decided for it
    if names and not any(re.search(r"(?<![\w'])" + re.escape(n) + r"(?![\w])", plain) for n in names):
        found.append(Contradiction("off-beat", plain[:120], "it names no one, though the moment is someone's"))
    return found
