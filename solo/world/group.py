"""What a word for the group needs: how many are alive for it to be said.

One table for every reader of the story: the template voice leaves out a line whose group
words the living cannot bear (:func:`crowd`, :data:`CROWD`), and the continuity checker
refuses a model's sentence that speaks of a group that is not there (:data:`GROUP_WORDS` with
one left, :data:`BOTH` unless two are, :data:`N_OF_YOU` counted).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = ["AS_DECIDED", "BOTH", "CROWD", "GROUP_WORDS", "N_OF_YOU", "crowd"]

#: Words that speak of the group, by how many are alive for them not to fit: "everyone", "the
#: others" with one left; "the others" (two or more besides) with two; "both of you" with three.
CROWD = {
    1: re.compile(r"\b(?:all|each|one|any|both|two|three|the rest) of (?:you|us)\b|\b(?:everyone|everybody|"
                  r"the others|the rest|someone else|somebody else|your friends|you all|all eyes|together|"
                  r"each other|one another)\b", re.IGNORECASE),
    2: re.compile(r"\b(?:the others|the rest of (?:you|us)|three of (?:you|us)|all three|everyone else|"
                  r"everybody else)\b", re.IGNORECASE),
    3: re.compile(r"\bboth of (?:you|us)\b|\bthe two of (?:you|us)\b", re.IGNORECASE),
}
#: Beats that speak of the group as it was (the night's ends) or word for word (answers).
AS_DECIDED = frozenset(("answer", "dawn", "all_dead"))

#: The group words a model's sentence may not say to the last one alive (the checker's
#: ``wrong-count``): the unmistakable ones of :data:`CROWD` ``[1]``.
GROUP_WORDS = re.compile(r"\b(?:the others|the rest of you|everyone else|all of you|each of you|any of you|"
                         r"both of you|the two of you|the group|the others')\b", re.I)
#: "the three of you": a count the living must match.
N_OF_YOU = re.compile(r"\b(?:the|all) (two|three|four|five|six|seven|eight) of you\b", re.I)
#: "both of you": two alive, no more, no fewer.
BOTH = re.compile(r"\bboth of you\b", re.I)


def crowd(kind: Any, f: Mapping[str, Any]) -> int | None:
    """Which of :data:`CROWD` a line of a beat of ``kind`` is read against, by the living of the
    fiction's view ``f`` (None: any fits)."""
    if kind in AS_DECIDED or not f.get("people"):
        return None
    n = int(f.get("living_count") or 0)
    return 1 if n <= 1 else 2 if n == 2 else 3
