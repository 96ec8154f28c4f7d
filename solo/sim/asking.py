"""What autoplay's players ask the director, and when.

A table talks before its Tests: after a death someone counts who is left, after a Strike
someone asks how bad it is, when the Killer shows itself someone asks what they know, and now
and then someone asks about the dark ("Is anyone out there?"). The questions come from their
own random stream (seeded from the night's seed), so a night with questions plays exactly the
cards and dice of the same night without them.
"""

from __future__ import annotations

import random

from ..nott import events as E
from ..nott.cards import is_face
from ..world.places import short_place

#: Questions about the unknown, asked now and then ({place}: the next place on the night's way,
#: never the one the group stands in: "Is the boathouse locked?" is asked from outside it).
IDLE = (
    "What is that smell?", "Is the {place} locked?", "Is it watching us right now?",
    "Can we get out through the {place}?", "Is there a way out?", "Is anyone coming to help?",
    "Why is this happening to us?", "Is there anyone in the {place}?", "Is it following us?", "Are we safe here?",
    "What does it want with us?",
)
#: Asked when the Killer shows itself (a face card): nothing it has just answered by coming
#: ("Is it the Killer?", "Where is it now?").
KILLER = ("What do we know about it?", "Can we outrun it?", "Has anyone seen its face?")
#: Not asked: what takes for granted a thing nothing told ("Did anyone else hear that?", "Who
#: left the door open?", "Is the road still out?"), or draws a promise the night cannot keep
#: ("is there a phone that works?" answered yes, and nobody calls).


class Curious:
    """Autoplay's questions: ``question(night)`` gives (text, who) or None."""

    def __init__(self, seed, rate: float = 0.12) -> None:
        self.rng = random.Random(f"questions|{seed}")
        self.rate = rate
        self.asked: set[str] = set()

    def question(self, night) -> tuple[str, int | None] | None:
        """A question for the moment before the next Test, or None (most moments)."""
        g = night.game
        living = g.living()
        if not living or g.is_over():
            return None
        rng = self.rng
        events = night.last_events
        who = rng.choice(living + [None]) if len(living) > 1 else living[0]  # "the group" is no one alone
        died = [e for e in events if type(e) is E.CharacterDied]
        struck = [e for e in events if type(e) is E.StrikeGained and g.dead[e.who] is None]
        text = None
        if died and rng.random() < 0.7:
            text = self._fresh(["How many of us are left?", "Who's left?", "Is everyone else alive?"])
        elif struck and rng.random() < 0.5:
            name = g.cast[struck[0].who].name
            who = rng.choice([i for i in living if i != struck[0].who] or living)
            text = self._fresh([f"Is {name} okay?", f"How bad is {name} hurt?", f"Is {name} hurt?"])
        elif is_face(g.threat) and rng.random() < 0.3:
            text = self._fresh(list(KILLER))
        elif rng.random() < self.rate:
            place = short_place(elsewhere(night.story)).removeprefix("the ")  # "the outhouse", not its whole name
            text = self._fresh([q.format(place=place) for q in IDLE])
        return (text, who) if text else None

    def _fresh(self, options: list[str]) -> str | None:
        """One not asked yet tonight, or None (a table does not ask the same thing twice)."""
        fresh = [q for q in options if q not in self.asked]
        if not fresh:
            return None
        text = self.rng.choice(fresh)
        self.asked.add(text)
        return text


def elsewhere(story) -> str:
    """The next place on the night's way that is neither where the group stands nor cut off
    (where the group stands, when there is no other)."""
    here, way = story.location, list(story.route)
    start = way.index(here) + 1 if here in way else 0
    return next((p for p in way[start:] + way[:start] if p != here and p not in story.cut), here)


def split_odds(text: str) -> tuple[str, str | None]:
    """``"likely: is it?"`` → ``("is it?", "likely")``."""
    head, sep, rest = text.partition(":")
    if sep and head in ("very unlikely", "unlikely", "even", "likely", "very likely"):
        rest = rest.strip()
        return rest[:1].upper() + rest[1:], head
    return text, None
