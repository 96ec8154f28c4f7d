"""A step of a night: one command's worth of play — the rules actions it pushed and/or a line
of free text, a question, a note … — and the unit of ``undo``."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..nott import events as E
from ..nott.actions import Action

__all__ = ["Step", "last_test"]


@dataclass
class Step:
    actions: list[Action] = field(default_factory=list)
    say: str | None = None
    who: int | None = None
    note: str | None = None
    #: What the director told for this step: (beat kind, text), in order.
    narration: list[tuple[str, str]] = field(default_factory=list)
    #: A question to the director (``say`` is the question): the odds the player stated, or
    #: "" when none were. None for any other step.
    ask: str | None = None
    #: The director's answer to it (rebuilt on replay, never saved).
    reply: object = None
    #: The player's telling of ``who``'s death (``say`` holds it): see :meth:`Night.write_death`.
    death: bool = False
    #: The player turned the oracle's dread by this much (``dread +1``): see :meth:`Night.turn_dread`.
    dread: int | None = None
    #: The dread it came to (rebuilt on replay, never saved).
    dread_to: int | None = None
    #: A note of the player's (``say`` holds it): see :meth:`Night.jot`.
    noted: bool = False
    #: The X-card (``say`` holds what the player flagged, or None): see :meth:`Night.xcard`.
    xcard: bool = False
    #: The told beat the X-card took out ((tag, text), rebuilt on replay, never saved).
    struck: tuple | None = None
    #: Changed when an X-card takes out a beat this step told, or gives it back (the transcript
    #: renders the step again; never saved).
    xmark: int = 0


def last_test(step_events: list[list]) -> list:
    """Every event of the last resolved Test among the steps' events (``step_events``, one list
    a step), from its first action to its resolution and the consequences up to the next Test."""
    flat: list = []
    for events in reversed(step_events):
        flat[:0] = events
        if any(type(e) is E.TestBegan for e in events) and any(type(e) is E.TestResolved for e in flat):
            break
    end = max((i for i, e in enumerate(flat) if type(e) is E.TestResolved), default=None)
    if end is None:
        return []
    start = max(i for i, e in enumerate(flat[: end + 1]) if type(e) is E.TestBegan or i == 0)
    # the resolution's own consequences follow it up to the next Test
    stop = next((i for i in range(end + 1, len(flat)) if type(flat[i]) is E.TestBegan), len(flat))
    return flat[start:stop]
