"""The Killer, played: what it does between Tests.

The rulebook's Director "plays the killer". Between one Test and the next Threat Card the
director may give the Killer a move: it is heard, it leaves its calling card, it is glimpsed,
it takes something from someone's hands, it cuts the group off from a place, it stalks the
hurt, and at last it comes for someone. A move that promises what comes next (it comes for
someone, it stalks someone) opens a thread the story pays (:mod:`solo.director.threads`).
Moves are narration only: they never touch the rules state. What a move establishes (a thing
taken, a place cut off) becomes part of the fiction, which later narration and the director's
answers respect; a move never acts on a thing already lost or on a character already dead.

How often and how boldly it moves follows the night's stage (:mod:`solo.director.stages`).
Which move, and on whom, is chosen from the seed and the Test count, so a night replays
exactly.
"""

from __future__ import annotations

import re

from typing import Any

__all__ = ["CHANCE", "KINDS", "MOVES", "QUIET_LIMIT", "choose_move"]

#: Every kind of move.
KINDS = ("heard", "sign", "glimpsed", "takes", "cuts", "stalks", "comes")

#: The moves each stage draws from, most likely first.
MOVES = {
    0: ("heard", "sign", "heard", "takes"),
    1: ("sign", "glimpsed", "takes", "cuts", "heard"),
    2: ("stalks", "takes", "cuts", "glimpsed", "comes"),
    3: ("comes", "stalks", "cuts"),
}
#: Out of 100: how often the Killer moves before a Threat Card, by stage.
CHANCE = {0: 25, 1: 40, 2: 55, 3: 70}
#: After this many Tests in the middle of the night with nothing a reader can follow (a Strike,
#: a death, a move other than being heard), the Killer moves, and is not only heard: the middle
#: builds instead of sagging (from the dread on; the unease may stay quiet).
QUIET_LIMIT = 3
#: Places a cut leaves open at least (the group has somewhere to go), and the most cuts in a night.
OPEN_PLACES = 4
MAX_CUTS = 3


def choose_move(fiction: Any, stage: int, roll, quiet: int = 0) -> dict[str, Any] | None:
    """The Killer's move before this Threat Card, or None (it keeps still).

    ``fiction`` is the story so far (its people, route and cut places); ``roll(*key)`` a
    seeded integer; ``quiet`` the Tests since a reader last saw the Killer's presence (past
    :data:`QUIET_LIMIT` from the dread on, it moves, and not only to be heard). The move is
    plain data: ``kind``, and as it needs, ``target`` (a living character's name), ``item``
    and ``phrase`` (a thing that character holds), ``place``.
    """
    due = stage >= 1 and quiet >= QUIET_LIMIT
    if not due and roll("moves?") % 100 >= CHANCE[stage]:
        return None
    living = fiction.living()
    if not living:
        return None
    options = tuple(k for k in MOVES[stage] if k != "heard") if due else MOVES[stage]
    start = roll("move") % len(options)
    last = fiction.moves[-1] if fiction.moves else {}
    for k in range(len(options)):
        kind = options[(start + k) % len(options)]
        if kind == last.get("kind"):
            continue  # never the same move twice running
        move = _shape(kind, fiction, living, roll)
        if move is not None:
            return move
    return None


#: Words of holding on: "I keep a hand on my walkie-talkie", "I don't let go of it".
_HOLDING = re.compile(r"\b(?:keep|keeps|hold|holds|holding|let go|still got|clutch|grip)\b", re.IGNORECASE)


def _takeable(p) -> list[str]:
    """``p``'s things the Killer may take unseen: not one the player has just said they hold on
    to (their last two lines): that one it tears away, in plain sight."""
    said = [d for d in getattr(p, "deeds", [])[-2:] if _HOLDING.search(str(d))]
    return [i for i in p.items if not any(i.lower() in str(d).lower() or i.split()[-1].lower() in str(d).lower()
                                          for d in said)]


def _hurt_first(people: list, roll) -> list:
    """The living, the most hurt first (the Killer favours the hurt); ties by the seed."""
    return sorted(people, key=lambda p: (-len(p.hurts), -len(p.scrapes), roll("prey", p.name) % 1000))


def _followed(fiction: Any, living: list):
    """The one the Killer is still after: the living target of a thread not yet paid (it is
    following them, it has come for them). It does not turn to another while that is owed."""
    names = {p.name: p for p in living}
    for t in reversed(list(getattr(fiction, "threads", ()))):
        if t.get("closed") is None and t.get("kind") in ("stalks", "comes") and t.get("target") in names:
            return names[t["target"]]
    return None


def _shape(kind: str, fiction: Any, living: list, roll) -> dict[str, Any] | None:
    if kind in ("heard", "sign"):
        return {"kind": kind}
    if kind == "glimpsed":
        return {"kind": kind, "place": fiction.location}
    if kind == "takes":
        holders = [p for p in living if p.items]
        if not holders:
            return None
        p = holders[roll("takes from") % len(holders)]
        item = p.items[roll("takes", p.name) % len(p.items)]
        move = {"kind": kind, "target": p.name, "item": item, "phrase": p.phrases.get(item, item)}
        if item not in _takeable(p):  # held on to, as the player just said: torn away, never taken unseen
            move["held"] = True
        return move
    if kind == "cuts":
        open_places = [x for x in fiction.route if x not in fiction.cut and x != fiction.location]
        if len(open_places) < OPEN_PLACES or len(fiction.cut) >= MAX_CUTS:
            return None
        return {"kind": kind, "place": open_places[roll("cuts") % len(open_places)]}
    if kind in ("stalks", "comes"):
        if kind == "stalks" and not any(p.hurts or p.scrapes for p in living):
            return None
        prey = _followed(fiction, living) or _hurt_first(living, roll)[0]
        if kind == "stalks" and any(t["kind"] == "stalks" and t.get("target") == prey.name
                                    for t in getattr(fiction, "threads", ()) if t.get("closed") is None):
            return None  # already following them: that promise is still owed
        return {"kind": kind, "target": prey.name, "wounds": list(prey.hurts)}
    return None
