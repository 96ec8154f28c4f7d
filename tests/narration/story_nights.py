"""Whole autoplay nights read by the continuity checker and the variety measures.

Importable by worker processes: the night-reading runs in parallel (the machine's cores).
"""

from __future__ import annotations

from solo.director.continuity import check
from solo.narration.variety import distinct_share, repeated_long
from solo.nott.rules import ASHCAN, PLAYTEST
from solo.play.transcript import render
from solo.sim.autoplay import autoplay

PLAYSETS = (None, "cabin-in-the-woods", "house-party")


def setup(i: int):
    """Night ``i`` of the sweep: ruleset, policy and playset all turn over."""
    from solo.playsets import load_playset

    ps = PLAYSETS[(i // 4) % 3]
    playset = load_playset(ps) if ps else None
    rules = playset.ruleset() if playset else (ASHCAN, PLAYTEST)[i % 2]
    return rules, ("naive", "careful")[(i // 2) % 2], playset


def read_night(i: int) -> dict:
    """Play night ``i``; what the checker found and what the variety measures say."""
    rules, policy, playset = setup(i)
    found: list[str] = []

    def told(beat, text, before, after):
        for c in check(text, beat.kind, before, after, beat.get("name")):
            found.append(f"night {i}, {beat.kind}: {c}")

    night = autoplay(i, rules, policy, out=None, playset=playset, on_told=told)
    md = render(night, "story")
    # the player's lines (autoplay's) are held to the fiction too: nothing lost in hand
    last = night.story.snapshot()
    for step in night.steps:
        if step.say:
            for c in check(step.say, "response", last, last):
                if c.kind == "lost-in-hand" and _lost_before(night, step, c):
                    found.append(f"night {i}, player line: {c}")
    # the director's answers are decided word for word (the state, a fact asked again): not
    # narration whose frames could repeat, so the variety measures leave them out
    for step in night.steps:
        if step.ask is not None:
            for _kind, text in step.narration:
                md = md.replace(f"> {text}\n", "")
    return {"night": i, "found": found, "share": distinct_share(md), "repeats": repeated_long(md)}


def _lost_before(night, step, c) -> bool:
    """True if the thing the line names was already lost when the line was said."""
    k = night.steps.index(step)
    before = night._stories[k].snapshot()
    return any(item.lower() in c.sentence.lower() for item in before.lost)


def read_nights(indices) -> list[dict]:
    return [read_night(i) for i in indices]
