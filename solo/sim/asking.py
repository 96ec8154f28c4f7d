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
#: The same question asked again in other words, by another at the table (relation: "same",
#: the same answer; "opposite", asked the other way round): a fact holds however it is asked.
#: Of the moment ("right now", where it is): again at once, or never.
AGAIN: dict[str, tuple[tuple[str, str], ...]] = {
    "Is the {place} locked?": (("same", "Is the {place} locked up?"), ("opposite", "Is the {place} unlocked?")),
    "Is there a way out?": (("same", "Is there any way out of here?"),),
    "Is anyone coming to help?": (("same", "Is help on the way?"), ("same", "Is someone coming to help us?")),
    "Is there anyone in the {place}?": (("opposite", "Is the {place} empty?"), ("same", "Anybody in the {place}?")),
    "Can we get out through the {place}?": (("same", "Is there a way out through the {place}?"),),
    "Is it watching us right now?": (("same", "Is the killer watching us right now?"),),
    "Is it following us?": (("same", "Is the killer following us?"), ("same", "Is it still after us?")),
}
_OF_THE_MOMENT = frozenset({"Is it watching us right now?", "Is it following us?"})
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
        self.again_rng = random.Random(f"again|{seed}")  # (its own: the first questions are as they were)
        self.rate = rate
        self.asked: set[str] = set()
        self.later: list[tuple[str, int | None, str | None]] = []  # asked again at a later moment
        self._forms: dict[str, str] = {}  # a question asked → the form it was asked from
        self._places: dict[str, str] = {}  # … and the place it named

    def again(self, night, text: str, who: int | None) -> tuple[str, int | None] | None:
        """``text``, just asked by ``who``, asked again in other words (:data:`AGAIN`) by
        another at once, or kept for a later moment (not a question of the moment); None when
        nobody asks it again."""
        form = self._forms.get(text)
        if form is None or form not in AGAIN:
            return None
        rng = self.again_rng
        roll = rng.random()
        if roll >= 0.6 or (roll >= 0.3 and form in _OF_THE_MOMENT):
            return None
        _relation, other = rng.choice(AGAIN[form])
        place = self._places.get(text)
        said = other.format(place=place) if place is not None else other
        living = night.game.living()
        asker = rng.choice([i for i in living if i != who] or living) if len(living) > 1 else living[0]
        if roll < 0.3:
            return said, asker
        self.later.append((said, asker, place))
        return None

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
        if self.later and self.again_rng.random() < 0.5:
            said, asker, place = self.later.pop(0)
            here = short_place(night.story.location).removeprefix("the ")
            cut = {short_place(p).removeprefix("the ") for p in night.story.cut}
            if asker in living and place != here and place not in cut:  # (as a first asking would)
                return said, asker
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
            forms = {q.format(place=place): q for q in IDLE}
            text = self._fresh(list(forms))
            if text is not None:
                self._forms[text] = forms[text]
                self._places[text] = place
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
