"""The middle of a night, measured: does the Killer's presence grow through events a reader can
follow? Between Tests 15 and 45 (the middle, where a night sags) it counts the events (a thing
taken, a place cut off, a sign left, the Killer seen, stalking or coming, someone hurt, someone
dead) and the longest run of Tests without one. Read from the night's history and its fiction:
the log's totals and ``solo autoplay`` report it."""

from __future__ import annotations

from dataclasses import dataclass

from ..nott import events as E

#: The Killer's moves a reader follows (being heard is the night's background, not an event).
SEEN_MOVES = frozenset(("sign", "glimpsed", "takes", "cuts", "stalks", "comes"))
FIRST, LAST = 15, 45


@dataclass(frozen=True)
class Middle:
    first: int  # the Tests measured, first to last (the last a night reached)
    last: int
    events: int  # events at those Tests
    longest: int  # the longest run of those Tests without one

    def __str__(self) -> str:
        return (f"the middle (Tests {self.first}–{self.last}): {self.events} events of the Killer's, "
                f"the longest stretch without one {self.longest} Test{'s' if self.longest != 1 else ''}")


def eventful_tests(night) -> set[int]:
    """The Tests at which a reader sees the Killer's presence: a Strike or a death there, or a
    move of the Killer's just before its Threat Card."""
    found: set[int] = set()
    test = 0
    for events in night.step_events:
        for e in events:
            t = type(e)
            if t is E.TestBegan:
                test += 1
            elif t is E.StrikeGained or t is E.CharacterDied:
                found.add(max(test, 1))
    found.update(int(m.get("tests", 0)) + 1 for m in night.story.moves if m.get("kind") in SEEN_MOVES)
    return found


def middle(night, first: int = FIRST, last: int = LAST) -> Middle | None:
    """The middle of ``night`` as far as it went (None when it ended before Test ``first``)."""
    end = min(last, night.game.tests)
    if end < first:
        return None
    seen = eventful_tests(night)
    events = longest = run = 0
    for t in range(first, end + 1):
        if t in seen:
            events += 1
            run = 0
        else:
            run += 1
            longest = max(longest, run)
    return Middle(first, end, events, longest)
