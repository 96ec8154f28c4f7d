"""The pace a beat is told at: the events are fixed, the telling picks speed and focus.

A ``"quiet"`` beat (an atmospheric or dangerous card, no Killer; for an outcome also no
Strike, no death, nothing lost) is told short, and a run of them folded into one sentence; a
``"scene"`` (a Killer card, a Joker, a Strike, a death, a deadly card, a weakness found) is
told at length; the rest is ``"tense"``. Pure: reads a beat's context, changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["FOLD", "PACES", "pace_of", "run_after", "run_context"]

PACES = ("quiet", "tense", "scene")
#: The quiet Tests in a row whose last outcome tells the run in one sentence.
FOLD = 3
_PACED = ("threat", "challenge", "outcome")


def pace_of(kind: str, ctx: Mapping[str, Any]) -> str | None:
    """``"quiet"``, ``"tense"`` or ``"scene"`` for a threat, challenge or outcome beat (None
    for other kinds)."""
    if kind not in _PACED:
        return None
    severity = ctx.get("severity")
    if ctx.get("killer") or ctx.get("joker") or severity in ("killer", "joker", "deadly"):
        return "scene"
    if kind == "outcome":
        if ctx.get("strike") or ctx.get("dies") or ctx.get("weakness"):
            return "scene"
        if ctx.get("fallout") == 3 or ctx.get("fallout_name") == "Costly":
            return "tense"  # something is lost, or someone is hurt: not told in passing
    if severity in ("atmospheric", "dangerous"):
        return "quiet"
    return "tense"


def _deed(ctx: Mapping[str, Any]) -> dict[str, Any]:
    return {"name": ctx.get("name"), "suit": ctx.get("suit"), "success": bool(ctx.get("success")),
            "severity": ctx.get("severity")}


def _foldable(deeds: tuple) -> bool:
    """One sentence can tell these deeds naming nobody twice: a name comes back only right after
    itself ("Sid threads it, then slips")."""
    names = [d["name"] for k, d in enumerate(deeds) if k == 0 or d["name"] != deeds[k - 1]["name"]]
    return len(names) == len(set(names))


def _quiet(kind: str, ctx: Mapping[str, Any]) -> bool:
    """A quiet outcome that pays no thread: one that keeps a promise ("It was coming for Dana,
    and Jesse would not let it through") is not told in passing."""
    return kind == "outcome" and ctx.get("pace", pace_of(kind, ctx)) == "quiet" and not ctx.get("pays")


def _window(run: tuple, kind: str, ctx: Mapping[str, Any]) -> tuple | None:
    """The deeds a quiet outcome folds with its own, when it closes a run of :data:`FOLD`:
    the last ``FOLD - 1`` of the run, or fewer when that would name someone twice apart
    (always at least the one before). None: no fold."""
    if not _quiet(kind, ctx) or len(run) < FOLD - 1 or not ctx.get("success", True):
        return None  # a failure closes no run: "nothing comes for a while … and it goes wrong" reads wrong
    me = (_deed(ctx),)
    return next(run[len(run) - k:] for k in range(FOLD - 1, 0, -1) if _foldable(run[len(run) - k:] + me))


def _folds(run: tuple, kind: str, ctx: Mapping[str, Any]) -> bool:
    return _window(run, kind, ctx) is not None


def run_after(run: tuple, kind: str, ctx: Mapping[str, Any]) -> tuple:
    """The quiet Tests in a row after a beat, each a deed (``{"name", "suit", "success",
    "severity"}``): a quiet outcome adds its deed, and one that folds the run starts it over;
    any other outcome (one that pays a thread, a Joker, a Strike, a death) ends it; other beats leave it as it is."""
    if kind != "outcome" and kind not in ("red_joker", "black_joker", "death", "strike"):
        return run
    if not _quiet(kind, ctx) or _folds(run, kind, ctx):
        return ()
    return (run + (_deed(ctx),))[-8:]


def run_context(run: tuple, kind: str, ctx: Mapping[str, Any]) -> dict[str, Any]:
    """What a challenge or an outcome is told with of the run before it: ``run`` (how many
    quiet Tests in a row came just before, as far as kept), ``run_deeds`` (the deeds a fold
    tells before this one, oldest first) and, for an outcome, ``fold`` (tell those and this
    Test's in one sentence)."""
    if kind not in ("challenge", "outcome"):
        return {}
    window = _window(run, kind, ctx)
    fold = window is not None
    out: dict[str, Any] = {"run": len(run), "run_deeds": [dict(d) for d in window or ()]}
    if kind == "outcome":
        out["fold"] = fold
    return out
