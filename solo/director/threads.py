"""Threads: the promises the telling makes, and the beats that keep them.

When the Killer "comes for" someone, is "stalking" someone or has someone "by the collar",
the story owes the reader what happens next. A thread is a dict ``{"kind", "target",
"opened", "closed"}``: ``kind`` one of :data:`KINDS`, ``target`` a character's name (None
for "dragging" until its Test says who it had), ``opened`` the Test it hangs over, ``closed``
the Test (the Test count) of the beat that paid it, or None while it is open; ``n`` how many
of its kind on its target came before it and, once paid, ``i`` its place among the threads the
same beat paid (so each pay-off is told in other words).

The rules (pure: the same threads, beat and roll give the same answer):

- a Threat Card whose Killer's move is "comes" or "stalks" opens one on the move's target;
  a Power card of the Killer may open a "dragging" one (its telling says so). Never on a
  Joker's card for a thread its own Test must pay (a Joker's Test has no plain outcome);
- "comes" and "dragging" are paid by the outcome of the next Test, whoever tests (or the
  death that ends it); "stalks" by its target's next Strike or death, or its target's Test
  against a Killer card;
- a death pays every thread on the dead; ``dawn`` and ``all_dead`` pay every one still open.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["DRAG_CHANCE", "KINDS", "open_threads", "step"]

#: Every kind of thread.
KINDS = ("comes", "stalks", "dragging")
#: Out of 100: how often a Power card of the Killer, with no other thread opened, has it drag someone.
DRAG_CHANCE = 35
#: The beats that can pay a thread.
PAYING = ("outcome", "strike", "death", "dawn", "all_dead")


def open_threads(threads: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The threads not yet paid."""
    return [t for t in threads if t.get("closed") is None]


def step(threads: list[dict[str, Any]], kind: str, ctx: Mapping[str, Any], details: Mapping[str, Any],
         tests: int, roll: Callable[..., int]) -> tuple[list[dict[str, Any]], dict[str, Any] | None,
                                                      list[dict[str, Any]]]:
    """One beat of ``kind`` (its context ``ctx``, the fiction's ``details`` for it) at Test
    count ``tests``: the threads after it, the one it opens (or None) and the ones it pays.
    Threads are never changed in place: a paid one is replaced by its closed copy."""
    if kind == "threat":
        new = _opens(threads, ctx, details, tests, roll)
        return (threads + [new], new, []) if new else (threads, None, [])
    if kind not in PAYING:
        return threads, None, []
    name = ctx.get("name")
    paid: list[dict[str, Any]] = []
    kept: list[dict[str, Any]] = []
    for t in threads:
        if t.get("closed") is None and _pays(t, kind, ctx, name):
            t = {**t, "closed": tests, "i": len(paid)}  # i: its place among the beat's pay-offs
            if t["kind"] == "dragging" and t.get("target") is None and name:
                t["target"] = name  # its Test says who it had
            paid.append(t)
        kept.append(t)
    return (kept, None, paid) if paid else (threads, None, [])


def _opens(threads: list[dict[str, Any]], ctx: Mapping[str, Any], details: Mapping[str, Any], tests: int,
           roll: Callable[..., int]) -> dict[str, Any] | None:
    if ctx.get("instead"):  # the same moment, told again with another card
        return None
    joker = ctx.get("suit") is None
    move = details.get("killer_move") or {}
    if move.get("kind") in ("comes", "stalks") and move.get("target"):
        if move["kind"] == "comes" and joker:
            return None  # not told: a Joker's Test pays no promise
        if any(t["kind"] == move["kind"] and t.get("target") == move["target"] for t in open_threads(threads)):
            return None  # already owed
        return {"kind": move["kind"], "target": move["target"], "opened": tests + 1, "closed": None,
                "n": _told(threads, move["kind"], move["target"])}
    if (not joker and ctx.get("suit") == "Power" and ctx.get("severity") == "killer"
            and int(ctx.get("living_count") or 0) > 1 and roll("drag", tests) % 100 < DRAG_CHANCE):
        return {"kind": "dragging", "target": None, "opened": tests + 1, "closed": None,
                "n": _told(threads, "dragging", None)}
    return None


def _told(threads: list[dict[str, Any]], kind: str, target: str | None) -> int:
    """How many threads of ``kind`` on ``target`` the night has had (any target, for "dragging"):
    the telling of each pay-off turns on it, so none is told twice in the same words."""
    return sum(t["kind"] == kind and (kind == "dragging" or t.get("target") == target) for t in threads)


def _pays(t: Mapping[str, Any], kind: str, ctx: Mapping[str, Any], name: str | None) -> bool:
    if kind in ("dawn", "all_dead"):
        return True
    if kind == "death":
        return t["kind"] in ("comes", "dragging") or t.get("target") == name
    if t["kind"] in ("comes", "dragging"):
        return kind == "outcome"
    # stalks: its target's Strike, or its target's Test against the Killer
    return t.get("target") == name and (kind == "strike" or (kind == "outcome" and bool(ctx.get("killer"))))
