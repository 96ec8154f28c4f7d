"""What is still there to be named: a thing lost, taken or left with the dead is not in the
scene any more ("The lantern gutters" after the Killer took the lantern)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

__all__ = ["TELLS_LOSSES", "gone", "gone_word", "unplaced"]

#: Beats that may name a thing that is gone: an answer ("what did we lose?") and the ends of the night.
TELLS_LOSSES = frozenset(("answer", "dawn", "all_dead", "death"))


def gone(ctx: Mapping[str, Any], f: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The last words of the things nobody alive holds any more (lost, taken, or with the
    dead: "lantern" for the kerosene lantern the Killer took), which no line may show as
    present ("The lantern gutters"); not the thing this beat tells the loss or absence of.
    And the names of the things that are there (held, or this beat's own), not read for them
    ("flare" is gone with the road flare; the flare gun is still in hand)."""
    if ctx.get("kind") in TELLS_LOSSES:
        return (), ()
    people = f.get("people") or ()
    away = [i for p in people for i in (p.get("lost") or ())]
    away += [i for p in people if not p.get("alive", True) for i in (p.get("items") or ())]
    if not away:
        return (), ()
    move = ctx.get("killer_move") or {}
    missing = ctx.get("missing") or {}
    told = {str(x).lower() for x in (ctx.get("lost_item"), missing.get("thing"), move.get("item")) if x}
    held = {str(i).lower().split()[-1] for p in people if p.get("alive", True) for i in (p.get("items") or ())}
    held |= {str(p.get("name", "")).lower() for p in people}  # "Kit" is a name, not the first-aid kit
    words = tuple(sorted({w for i in away if str(i).lower() not in told
                          for w in [str(i).lower().split()[-1]] if w not in held and len(w) > 2}))
    present = told | {str(i).lower() for p in people if p.get("alive", True) for i in (p.get("items") or ())}
    return words, tuple(sorted(present, key=len, reverse=True)) if words else ()


def unplaced(line: str, names: tuple[str, ...]) -> str:
    """``line``, lower-cased, without ``names`` (the setting's places and the things still there:
    "the lantern path" is a place, not a lantern)."""
    low = line.lower()
    for name in names:
        low = low.replace(str(name).lower(), " ")
    return low


@lru_cache(maxsize=64)
def gone_word(words: tuple[str, ...]) -> re.Pattern:
    """Any of ``words`` (the last words of things gone), whole, or with a plural s."""
    return re.compile(r"\b(?:" + "|".join(map(re.escape, words)) + r")s?\b", re.IGNORECASE)
