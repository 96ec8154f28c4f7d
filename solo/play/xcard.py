"""The X-card: the last beat told, taken out of the story and told again without what the
player flagged.

It is a step of the night (:meth:`solo.play.night.Night.xcard`): saved (``xcard: true``, what
was flagged in ``say``), replayed on load, taken back by undo. The beat taken out stays where it
was told, in the transcript too, told again: without the topics flagged (kept out of the
retelling as lines, and veiled for the rest of the night), or, when nothing is flagged, as a
fade of what the rules decided ("The scene cuts away. When it comes back, Iris is hurt.").
The retelling is the templates' (a model's narration is never asked for it). Its sentences
and the ones taken out are in the night's memory: neither is told again. Nothing of the cards,
the dice or the Strikes changes.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..limits import MAX_NARRATION
from ..safetext import clean
from .step import Step
from .text import MAX_LINE

__all__ = ["flagged_veils", "give_back", "last_told", "play", "told_pairs"]


def flagged_veils(steps: Iterable) -> list[str]:
    """The topics the X-cards among ``steps`` flagged: veiled from then on."""
    from ..director.safety import SafetyError, flagged

    out: list[str] = []
    for s in steps:
        if getattr(s, "xcard", False) and s.say:
            try:
                out += [t for t in flagged(s.say) if t not in out]
            except SafetyError:
                continue
    return out


def last_told(night):
    """(the step that told it, or None for the opening; the (tag, text)) of the last beat told
    and not taken out by an X-card; None when nothing has been told."""
    struck = night.teller.struck
    for step in reversed(night.steps):
        for pair in reversed(step.narration):
            held = struck.get(id(pair))
            if held is None or held[0] is not pair:
                return step, pair
    for pair in reversed(night.opening):
        held = struck.get(id(pair))
        if held is None or held[0] is not pair:
            return None, pair
    return None


def play(night, flagged_text: str) -> tuple[str, str]:
    """Play the X-card on ``night`` (see :meth:`~solo.play.night.Night.xcard`)."""
    from ..director.safety import SafetyError, flagged

    text = clean(flagged_text or "", what="what you flag", limit=MAX_LINE) if flagged_text else ""
    try:
        topics = flagged(text)
    except SafetyError as exc:
        raise ValueError(str(exc)) from None
    found = last_told(night)
    if found is None:
        raise ValueError("nothing has been told yet to take out")
    holder, pair = found
    teller = night.teller
    held = teller.beats_told.get(id(pair))
    beats = held[1] if held is not None and held[0] is pair else None
    stored = teller.stored.pop(0) if teller.replaying and teller.stored else None
    if not beats and stored is None:
        raise ValueError("that telling can no longer be told again (undo takes it back)")
    step = Step([], text or None, None, xcard=True)
    safety = night.safety_now.with_lines(topics)  # before this card's own veils are added
    night._push_words(step)
    if stored is not None:
        retold = clean(str(stored[1]), limit=MAX_NARRATION, cut=True, undecodable="replace")
    else:
        retold = teller.retell(beats, safety, fade=not topics)
    new = (pair[0], retold)
    step.narration.append(new)
    step.struck = pair
    teller.keep(new, beats or [])
    teller.struck[id(pair)] = (pair, step)
    _mark(night, holder)
    night.story.heard(retold)
    night._measure(step)
    teller.forget()  # a model is not to hear again what was taken out
    night._attach()  # what it flagged is veiled from now on
    night._kept()
    return pair


def give_back(night, step) -> None:
    """Undo of an X-card: the beat it took out is told as it was."""
    pair = step.struck
    if pair is None:
        return
    struck = night.teller.struck
    held = struck.get(id(pair))
    if held is not None and held[1] is step:
        del struck[id(pair)]
    holder = next((s for s in night.steps if any(p is pair for p in s.narration)), None)
    _mark(night, holder)


def told_pairs(night, pairs: Iterable[tuple]) -> list[tuple]:
    """``pairs`` as the story now tells them: each taken out by an X-card replaced by its
    retelling (and that by a later X-card's, …)."""
    teller = getattr(night, "teller", None)
    struck = teller.struck if teller is not None else None
    if not struck:
        return list(pairs)
    out = []
    for pair in pairs:
        seen = 0
        while seen < 1000:
            held = struck.get(id(pair))
            if held is None or held[0] is not pair or not held[1].narration:
                break
            pair = held[1].narration[0]
            seen += 1
        out.append(pair)
    return out


def _mark(night, holder) -> None:
    """The steps from ``holder`` on render again (the transcript keeps each step's text). A
    retelling is told where the beat it took out was told: an X-card's step as ``holder``
    (a second card taking out the first one's retelling) renders again from the step of the
    beat first taken out."""
    seen = 0
    holds = None  # id(pair) → the first step telling it, made once
    while holder is not None and holder.xcard and holder.struck is not None and seen < 1000:
        if holds is None:
            holds = {id(p): s for s in reversed(night.steps) for p in s.narration}
        holder = holds.get(id(holder.struck))
        seen += 1
    if holder is None:
        return
    night._xmarks = getattr(night, "_xmarks", 0) + 1
    at = next((k for k, s in enumerate(night.steps) if s is holder), None)
    if at is None:
        return
    for s in night.steps[at:]:
        s.xmark = night._xmarks
