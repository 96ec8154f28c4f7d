"""Places as the story names them: the short name of a place described at length."""

from __future__ import annotations

import re

__all__ = ["short_place"]

_PLACE_END = re.compile(r",|;| (?:with|where|under|behind|on|at|by|beside|near|up|lit|off|above|below|across|in|over|"
                        r"full of|all|that|which|from) ")


def short_place(place: str) -> str:
    """A place's short name: its words before the first comma or clause ("the clearing with
    the stone table" → "the clearing"), when that leaves two words or more."""
    head = _PLACE_END.split(place, 1)[0].strip()
    return head if len(head.split()) >= 2 and head != place.strip() else place
