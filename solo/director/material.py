"""What the director answers with: the setting's own material, and a default that fits any.

A playset gives the Killer (name, look, calling card), places, props and lines of dread; the
default night (no playset) has the camp's. An open question ("What is making that noise?")
is answered with one concrete thing from here; a "Yes, and", "Yes, but" or "No, and" draws its
turn from here too. Nothing here names a thing a character carries or a character at all:
those come from the fiction, which knows who is alive and what is held.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

#: The Killer of a night without a playset. It fits any setting.
DEFAULT_KILLER = {
    "name": "the Killer",
    "look": "a tall shape in a stained work coat, its face never quite in the light",
    "calling_card": "a door left standing open that you closed behind you",
    "weapon": "a machete, dark to the handle",
    "legend": "thirteen years ago tonight a counsellor walked into the woods and did not come out, and every thirteenth since, someone has",
}

#: Signs and sounds of a night without a playset: what "What was that?" may turn out to be.
DEFAULT_SIGNS = (
    "a door somewhere behind you, closing very gently",
    "footsteps that stop a moment after yours do",
    "a light that was on a minute ago, now off",
    "something dragged slowly across a wooden floor",
    "a window open that nobody opened",
    "wet footprints that lead in and do not lead out",
)

#: Things found that help ("Yes, and …"), as clauses.
BOONS = (
    "it buys you a moment to breathe",
    "nothing seems to have noticed",
    "the way back is clear, for now",
    "you see it before it sees you",
)

#: What a "but" costs, as clauses.
COSTS = (
    "it takes longer than it should",
    "the noise it makes carries a long way",
    "it means leaving the light behind",
    "you are not the only one who knows it now",
    "it means staying put longer than is safe",
)

#: What a "No, and …" makes worse, as clauses.
WORSE = (
    "the quiet that follows is worse",
    "whatever is out there has heard you ask",
    "the way you came is no longer the way out",
    "the dark is closer than it was",
)

#: Why things happen here, for "why" questions: the night's own logic, as sentences.
WHYS = (
    "Because it is the thirteenth, and tonight it always is.",
    "Because somebody wants you exactly where you are.",
    "Because nobody was ever meant to leave this place.",
    "Nobody here will ever tell you why. Whatever knows is not talking.",
)

#: "When" answers.
WHENS = (
    "Sooner than you would like.",
    "Not yet. But it is coming.",
    "When the lights go out. They will.",
    "When you are alone. It waits for that.",
)


@dataclass(frozen=True)
class Material:
    """The setting's material for answers (a playset's, or the default camp's)."""

    killer: dict
    places: tuple[str, ...]
    signs: tuple[str, ...]  # noun phrases: what a sound or a sign turns out to be
    dread: tuple[str, ...]  # whole sentences of dread
    props: tuple[str, ...]  # things lying about that no one carries
    meaning: dict  # the playset's meaning tables (subjects, actions, whys, whos) added to the director's

    @classmethod
    def of(cls, setting: dict | None, fiction=None) -> "Material":
        """The material of ``setting`` (a ``Playset.setting()`` dict, or None for the camp);
        with the ``fiction``, the props nobody was dealt."""
        from ..director.catalogue import CAMP_ITEMS, CAMP_LOCATIONS

        setting = setting or {}
        killer = dict(DEFAULT_KILLER)
        killer.update({k: v for k, v in (setting.get("killer") or {}).items() if v})
        places = tuple(setting.get("locations") or CAMP_LOCATIONS)
        dread_table = setting.get("dread") or {}
        dread = tuple(x for band in ("atmospheric", "dangerous") for x in dread_table.get(band, ()))
        signs = (killer["calling_card"],) + DEFAULT_SIGNS
        props = tuple(setting.get("props") or (p for p, _ in CAMP_ITEMS))
        if fiction is not None:
            dealt = {phrase for p in fiction.people for phrase in p.phrases.values()}
            props = tuple(p for p in props if p not in dealt) or props[:0]
        return cls(killer, places, signs, dread, props, dict(setting.get("meaning") or {}))


def choose(options, *key) -> str:
    """One of ``options``, chosen by a hash of ``key`` (the same key, the same choice)."""
    options = list(options)
    if not options:
        return ""
    digest = hashlib.blake2b("|".join(str(k) for k in key).encode("utf-8", "surrogatepass"), digest_size=8).digest()
    return options[int.from_bytes(digest, "big") % len(options)]
