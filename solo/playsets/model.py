"""The playset schema (pydantic), with the rule knobs the engine really supports."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from ..nott.rules import RULESETS, Ruleset
from ..limits import MAX_ARCHETYPE
from ..safetext import clean


def _clean(text):
    """A playset's text, through the one door: escape sequences and invisible characters
    removed, one line, NFC (a playset is a file from anyone)."""
    return clean(text, what="the text") if isinstance(text, str) else text


#: One line of a playset's text (a place, a prop, a trope, a line of flavour).
Line = Annotated[str, BeforeValidator(_clean), Field(min_length=1, max_length=300)]

# What a playset may hold, so that one that passes plays a night in seconds (the built-in ones
# hold a dozen places and a handful of anything else; each line is read at every beat that
# may tell it).
#: Most places (``locations``).
MAX_PLACES = 60
#: Most lines in any one list (props, sounds, tropes, a suit's flavour, a band of dread …).
MAX_LINES = 100
#: Most lines a place owns in each of its lists (its props, its sounds, its threats of a suit).
MAX_OWNED = 20
#: Most challenges of a suit in all, with the ones the places own.
MAX_THREATS = 100
#: Most facts (each is read by the director's English when a night begins).
MAX_FACTS = 50

Lines = Annotated[list[Line], Field(max_length=MAX_LINES)]
Owned = Annotated[list[Line], Field(max_length=MAX_OWNED)]
#: How the director recognises a trope (docs/playsets.md, "Trope phrasings"): longer than a line.
MAX_PHRASING = 2000
Phrasing = Annotated[str, BeforeValidator(_clean), Field(min_length=1, max_length=MAX_PHRASING)]
#: A title, a name of the Killer: short.
Short = Annotated[str, BeforeValidator(_clean), Field(min_length=1, max_length=80)]


class PlaysetError(ValueError):
    """A playset that cannot be used; the message names the file, the key and the line.
    ``problems``: a file's problems one line each, the first of them when there are very many
    (``problem_count`` says how many there are; the message names the first and counts the rest)."""

    def __init__(self, message: str, problems: tuple[str, ...] = (), problem_count: int | None = None) -> None:
        super().__init__(message)
        self.problems = tuple(problems)
        self.problem_count = len(self.problems) if problem_count is None else problem_count


class Killer(BaseModel):
    """Who the Director plays: what people call it, its look, its calling card (the sign it
    leaves) and, optionally, its weapon and the legend told about it (the director has
    defaults for both: docs/director.md, "The Killer")."""

    model_config = ConfigDict(extra="forbid")
    name: Short
    look: Line
    calling_card: Line
    weapon: Line | None = None
    legend: Line | None = None


SUITS = ("Power", "Resolve", "Intellect", "Finesse")


class Flavour(BaseModel):
    """What a challenge of each suit looks like anywhere in the setting (with the threats the
    locations own, at least three each: :class:`Playset`)."""

    model_config = ConfigDict(extra="forbid")
    Power: Lines = Field(default_factory=list)
    Resolve: Lines = Field(default_factory=list)
    Intellect: Lines = Field(default_factory=list)
    Finesse: Lines = Field(default_factory=list)


class Location(BaseModel):
    """A place of the setting and what belongs to it: the props found there (dealt to the
    cast with the playset's own), the sounds heard there, the threats (challenges, by suit)
    that can happen only there, and whether it is indoors (no sky, no trees overhead)."""

    model_config = ConfigDict(extra="forbid")
    place: Line
    indoors: bool = False
    props: Owned = Field(default_factory=list)
    sounds: Owned = Field(default_factory=list)
    threats: Flavour = Field(default_factory=Flavour)

    @model_validator(mode="after")
    def _owned(self):
        for suit in SUITS:
            if len(getattr(self.threats, suit)) > MAX_OWNED:
                raise ValueError(f"threats.{suit}: {len(getattr(self.threats, suit)):,} threats, more than a place "
                                 f"may own ({MAX_OWNED})")
        return self


class Dread(BaseModel):
    """Words of dread for each severity band (at least two each)."""

    model_config = ConfigDict(extra="forbid")
    atmospheric: Lines = Field(min_length=2)
    dangerous: Lines = Field(min_length=2)
    deadly: Lines = Field(min_length=2)
    killer: Lines = Field(min_length=2)


class Meaning(BaseModel):
    """What the playset adds to the director's meaning tables: when an open question asks
    what nothing in the night decides ("What is making that noise?"), the director draws a
    subject and an action ("an old recording, repeating itself"), who did it, or why
    (docs/director.md, "Meanings")."""

    model_config = ConfigDict(extra="forbid")
    subjects: Lines = Field(default_factory=list)
    actions: Lines = Field(default_factory=list)
    whos: Lines = Field(default_factory=list)
    whys: Lines = Field(default_factory=list)


#: An archetype dealt to a character: held to the bound a save holds.
Archetype = Annotated[str, BeforeValidator(_clean), Field(min_length=1, max_length=MAX_ARCHETYPE)]


class Archetypes(BaseModel):
    """Suggested archetypes for a quick cast, by Aptitude (at least one each)."""

    model_config = ConfigDict(extra="forbid")
    Power: list[Archetype] = Field(min_length=1, max_length=MAX_LINES)
    Resolve: list[Archetype] = Field(min_length=1, max_length=MAX_LINES)
    Intellect: list[Archetype] = Field(min_length=1, max_length=MAX_LINES)
    Finesse: list[Archetype] = Field(min_length=1, max_length=MAX_LINES)


class RuleOverrides(BaseModel):
    """Rule knobs a playset may turn (each documented in docs/playsets.md):

    - ``base``: the ruleset to start from, ``ashcan`` or ``playtest``.
    - ``fast_setup``: remove a random 2–10 before building the decks.
    - ``genre_points``: the Director's starting pool (rulebook: 13).
    - ``trophy_start``: ``ten`` (a random 10 starts the Trophy Pile) or ``empty``.
    - ``empty_trophy_base``: the base difficulty while the Trophy Pile is empty (rulebook: 1).
    - ``face_modifiers``: Jack, Queen, King modifiers (rulebook: 1, 2, 3).
    - ``strikes_to_die``: Strikes that kill (rulebook: 3).
    - ``reserve_fallback``: pull from the next highest reserve when one is empty (ashcan) or
      let reserves run dry (playtest).
    - ``awards_per_night``: the most Genre Points the Director awards in a night (for the
      simulator's what-ifs: "how does the win rate move with the award rate?"). The rulebook's
      Director may award the whole pool; a night's points come only from those awards, so
      capping the awards is capping the pool: it plays as ``genre_points`` = the smaller.
    """

    model_config = ConfigDict(extra="forbid")
    base: Literal["ashcan", "playtest"] = "ashcan"
    fast_setup: bool | None = None
    genre_points: int | None = Field(default=None, ge=0, le=99)
    trophy_start: Literal["ten", "empty"] | None = None
    empty_trophy_base: int | None = Field(default=None, ge=0, le=13)
    face_modifiers: tuple[int, int, int] | None = None
    strikes_to_die: int | None = Field(default=None, ge=1, le=9)
    reserve_fallback: bool | None = None
    awards_per_night: int | None = Field(default=None, ge=0, le=99)

    @field_validator("face_modifiers")
    @classmethod
    def _mods(cls, v):
        if v is not None and not all(0 <= m <= 13 for m in v):
            raise ValueError("each face modifier must be 0–13")
        return v

    def ruleset(self) -> Ruleset:
        rules = RULESETS[self.base]
        changes = {k: v for k, v in self.model_dump(exclude={"base", "awards_per_night"}).items() if v is not None}
        if self.awards_per_night is not None:
            changes["genre_points"] = min(changes.get("genre_points", rules.genre_points), self.awards_per_night)
        return rules.with_(**changes) if changes else rules


def first_repeat(items):
    """The first item of ``items`` that an earlier one equals, or None: one pass and a set, so
    a file of 100,000 places is checked as fast as it is read."""
    seen = set()
    for item in items:
        if item in seen:
            return item
        seen.add(item)
    return None


def _as_location(value):
    """A location written as a plain line is a place that owns nothing."""
    return {"place": value} if isinstance(value, str) else value


class Playset(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str  # a save names its playset by it: see _name
    title: Short
    premise: Annotated[str, BeforeValidator(_clean), Field(min_length=20, max_length=2000)]
    killer: Killer
    #: Places: a line each, or a table that owns props, sounds and threats (:class:`Location`).
    locations: list[Annotated[Location, BeforeValidator(_as_location)]] = Field(min_length=6, max_length=MAX_PLACES)
    props: Lines  # with the props the locations own, at least 3
    #: Sounds that fit anywhere in the setting.
    sounds: Lines = Field(default_factory=list)
    #: Out in the wild (woods, trees, a campfire): lines that assume it are told only here.
    wild: bool = False
    tropes: Lines = Field(min_length=3)
    #: How the director recognises a trope in what the player types: trope → phrasings
    #: (see solo/narration/tropes.py; a trope left out is recognised by its own key words).
    trope_phrasings: dict[Line, list[Phrasing]] = Field(default_factory=dict)
    flavour: Flavour
    dread: Dread
    archetypes: Archetypes
    rules: RuleOverrides = Field(default_factory=RuleOverrides)
    #: What the premise makes true, as plain statements ("the landline is unplugged"): the
    #: director answers questions about them from them, never by chance.
    facts: list[Line] = Field(default_factory=list, max_length=MAX_FACTS)
    meaning: Meaning = Field(default_factory=Meaning)

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        import re

        if not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,79}", v):
            shown = v if len(v) <= 40 else v[:37] + "..."
            raise ValueError(f"a playset's name is 1\u201380 lowercase letters, digits and hyphens, not {shown!r}")
        return v

    @field_validator("trope_phrasings")
    @classmethod
    def _phrasings(cls, v, info):
        from ..director.tropes import MAX_PHRASINGS, parse_phrasing

        tropes = set(info.data.get("tropes") or ())
        for trope, phrasings in v.items():
            if trope not in tropes:
                raise ValueError(f"{trope!r} is not one of this playset's tropes (add it to tropes first)")
            if not phrasings:
                raise ValueError(f"{trope!r} has no phrasings")
            if len(phrasings) > MAX_PHRASINGS:
                raise ValueError(f"{trope!r} has {len(phrasings)} phrasings; at most {MAX_PHRASINGS}")
            for p in phrasings:
                parse_phrasing(p)
        return v

    @model_validator(mode="after")
    def _enough(self):
        twice = first_repeat(loc.place for loc in self.locations)
        if twice is not None:
            raise ValueError(f"locations: two locations are {twice!r}")
        # "key.path: what is wrong": the loader names the key and its line
        if len(self.all_props()) < 3:
            raise ValueError(f"props: too few props ({len(self.all_props())}, with the ones the locations own; "
                             "at least 3)")
        for suit in SUITS:
            if len(self.threats(suit)) < 3:
                raise ValueError(f"flavour.{suit}: too few {suit} threats ({len(self.threats(suit))}, with the ones "
                                 "the locations own; at least 3)")
            if len(self.threats(suit)) > MAX_THREATS:
                raise ValueError(f"flavour.{suit}: {len(self.threats(suit)):,} {suit} threats with the ones the "
                                 f"locations own, more than a playset may hold ({MAX_THREATS})")
        return self

    def places(self) -> list[Location]:
        """Every location (one written as a plain line owns nothing)."""
        return list(self.locations)

    def all_props(self) -> list[str]:
        """The playset's props, then the props its locations own, in order."""
        return list(self.props) + [p for loc in self.places() for p in loc.props]

    def threats(self, suit: str) -> list[str]:
        """Every challenge of ``suit``: the setting-wide flavour, then the located ones."""
        return list(getattr(self.flavour, suit)) + [t for loc in self.places() for t in getattr(loc.threats, suit)]

    def ruleset(self) -> Ruleset:
        return self.rules.ruleset()

    def setting(self) -> dict:
        """Plain data for narrators (templates and LLM prompts)."""
        return {
            "name": self.name, "title": self.title, "premise": self.premise,
            "killer": self.killer.model_dump(exclude_none=True),
            "locations": [loc.place for loc in self.places()], "props": self.all_props(),
            "places": {loc.place: {"indoors": loc.indoors, "props": list(loc.props), "sounds": list(loc.sounds),
                                   "threats": loc.threats.model_dump()} for loc in self.places()},
            "sounds": list(self.sounds), "wild": self.wild, "tropes": list(self.tropes),
            "trope_phrasings": {k: list(v) for k, v in self.trope_phrasings.items()}, "flavour": self.flavour.model_dump(), "dread": self.dread.model_dump(),
            "facts": list(self.facts), "meaning": self.meaning.model_dump(),
        }

    def describe(self) -> str:
        """One paragraph for an LLM system prompt."""
        weapon = f", carrying {self.killer.weapon}" if getattr(self.killer, "weapon", None) else ""
        legend = f"; the legend: {self.killer.legend}" if getattr(self.killer, "legend", None) else ""
        return (f"{self.title}. {self.premise} The Killer: {self.killer.name} — {self.killer.look}{weapon}; "
                f"calling card: {self.killer.calling_card}{legend}. Places: {'; '.join(self.setting_places())}.")

    def setting_places(self) -> list[str]:
        return [loc.place for loc in self.places()]
