"""The 24 T13 Facets, their suits and their Anti-Facets.

The text fixes the red Facets: "If the card Played is a Diamond ♦ then any Awe, Craft,
Orthodoc, Quiet, Virtue and Zeal Proficiencies … will add +5 each, any Hearts ♥ Facet
Proficiencies (Enigma, Heresy, Jeer, Liberty, Nature or Phoenix) would add +2". It fixes
two black ones: "Spades ♠ will add +2 Pips on a Trial Test" and "For Trial, Rook is the
Anti-Facet, so Clubs ♣ suffer a Failure Level". It does not say how the other ten split
between Spades and Clubs, so that split is data (:data:`DEFAULT_BLACK_SPLIT`) that a user
may override with :func:`facet_table` (ruling R4 in docs/rulings-t13.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .cards import CLUBS, DIAMONDS, HEARTS, SPADES, SUIT_NAMES, parse_suit
from .errors import FacetTableError, InvalidSuitError, UnknownFacetError

#: Anti-Facet pairs, as listed for T13.
ANTI_PAIRS: tuple[tuple[str, str], ...] = (
    ("Awe", "Jeer"), ("Burden", "Gossamer"), ("Craft", "Nature"), ("Dominion", "Yonder"),
    ("Enigma", "Key"), ("Fury", "Quiet"), ("Heresy", "Orthodox"), ("Inertia", "Zeal"),
    ("Liberty", "Wyrd"), ("Miasma", "Phoenix"), ("Rook", "Trial"), ("Sin", "Virtue"),
)
ANTI_FACET: dict[str, str] = {a: b for a, b in ANTI_PAIRS} | {b: a for a, b in ANTI_PAIRS}
FACETS: tuple[str, ...] = tuple(sorted(ANTI_FACET))

#: Suits the text itself gives; an override may not move these.
TEXT_SUITS: dict[str, int] = (
    {f: DIAMONDS for f in ("Awe", "Craft", "Orthodox", "Quiet", "Virtue", "Zeal")}
    | {f: HEARTS for f in ("Enigma", "Heresy", "Jeer", "Liberty", "Nature", "Phoenix")}
    | {"Trial": SPADES, "Rook": CLUBS}
)
#: Facets the text leaves black without saying which black suit.
UNSETTLED: tuple[str, ...] = tuple(f for f in FACETS if f not in TEXT_SUITS)

#: Default split (ruling R4): each black Anti-Facet pair is split across ♠/♣ as Rook–Trial
#: is (and as the red pairs Awe–Jeer, Craft–Nature, Heresy–Orthodox split across ♦/♥);
#: the black Anti-Facets of the ♦ Facets go to ♠, those of the ♥ Facets to ♣; six per suit.
DEFAULT_BLACK_SPLIT: dict[str, int] = (
    {f: SPADES for f in ("Burden", "Dominion", "Fury", "Inertia", "Sin")}
    | {f: CLUBS for f in ("Gossamer", "Key", "Miasma", "Wyrd", "Yonder")}
)

# "Orthodoc" is how the text spells Orthodox once; accept it.
_ALIASES = {f.lower(): f for f in FACETS} | {"orthodoc": "Orthodox"}


def parse_facet(name: str) -> str:
    """The Facet called ``name`` (any case, surrounding spaces ignored)."""
    if isinstance(name, str):
        f = _ALIASES.get(name.strip().lower())
        if f is not None:
            return f
    raise UnknownFacetError(f"unknown Facet: {name!r} (T13 Facets: {', '.join(FACETS)})")


def anti_facet(name: str) -> str:
    """"The Anti-Facet of the Suit being Tested": Trial → Rook, Awe → Jeer …"""
    return ANTI_FACET[parse_facet(name)]


@dataclass(frozen=True, slots=True)
class FacetTable:
    """Which suit each Facet belongs to. Build one with :func:`facet_table`."""

    suits: tuple[int, ...]  # one suit per Facet, in FACETS order

    def suit_of(self, facet: str) -> int:
        """The Facet's own suit: "Each Facet's own Suit acts as a Trump for its Tests"."""
        return self.suits[FACETS.index(parse_facet(facet))]

    def trump(self, facet: str) -> int:
        return self.suit_of(facet)

    def opposed(self, facet: str) -> int:
        """"The Anti-Facet of the Suit being Tested defines the Opposed Suit.\""""
        return self.suit_of(anti_facet(facet))

    def facets_of(self, s: int) -> tuple[str, ...]:
        return tuple(f for f, fs in zip(FACETS, self.suits) if fs == s)

    def as_dict(self) -> dict[str, int]:
        return dict(zip(FACETS, self.suits))


def facet_table(overrides: Mapping[str, int | str] | None = None) -> FacetTable:
    """The Facet→suit table: the text's suits, :data:`DEFAULT_BLACK_SPLIT`, then ``overrides``.

    ``overrides`` maps Facet names to ``"Spades"``/``"Clubs"`` (or ``♠``, ``S``, ``0``…).
    Raises :class:`FacetTableError` quoting the offending entry when it names no Facet or
    suit, moves a Facet the text places, puts a black Facet in a red suit, or puts a Facet
    in the same suit as its Anti-Facet (that suit would be both Trump and Opposed).
    """
    table = {**TEXT_SUITS, **DEFAULT_BLACK_SPLIT}
    if overrides is None:
        overrides = {}
    if not isinstance(overrides, Mapping):
        raise FacetTableError(f"the suit table override must be a mapping of Facet to suit, got {overrides!r}")
    seen: dict[str, str] = {}
    for key, value in overrides.items():
        try:
            f = parse_facet(key)
        except UnknownFacetError:
            raise FacetTableError(f"unknown Facet {key!r} in the suit table override "
                                  f"(T13 Facets: {', '.join(FACETS)})") from None
        if f in seen:
            raise FacetTableError(f"Facet {f} is given twice in the suit table override: {seen[f]!r} and {key!r}")
        seen[f] = key
        try:
            s = parse_suit(value)
        except InvalidSuitError:
            raise FacetTableError(f"invalid suit {value!r} for {key!r} in the suit table override") from None
        if f in TEXT_SUITS:
            if s != TEXT_SUITS[f]:
                raise FacetTableError(f"the text puts {f} in {SUIT_NAMES[TEXT_SUITS[f]]}; "
                                      f"the override {key!r}: {value!r} cannot move it")
            continue
        if s not in (SPADES, CLUBS):
            raise FacetTableError(f"{key!r}: {value!r} puts a black Facet in a red suit; "
                                  f"the text lists every Diamonds and Hearts Facet, so {f} is Spades or Clubs")
        table[f] = s
    for a, b in ANTI_PAIRS:
        if table[a] == table[b]:
            raise FacetTableError(f"the suit table override {dict(overrides)!r} puts {a} and its Anti-Facet {b} "
                                  f"both in {SUIT_NAMES[table[a]]}, which would be Trump and Opposed Suit at once")
    return FacetTable(tuple(table[f] for f in FACETS))


#: The table with the default black split.
DEFAULT_TABLE = facet_table()
