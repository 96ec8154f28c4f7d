"""One character's draw: the arithmetic of a single Ordeal Card on a Facet or Annex Draw.

"Each Character involved in the Test should Draw a single Ordeal Card, this card is not
added to a Pool, but instead adds its Pips to the Facet or Annex Draw."
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .boosts import CHI_PIPS, SHOCK_PIPS, STRAIN_PIPS, STRESS_PIPS, Boosts, Tracks, apply_boosts
from .cards import SUIT_SYMBOLS, as_card, card_str, colour, is_joker, pips, suit
from .errors import ParticipantError
from .facets import DEFAULT_TABLE, FacetTable, anti_facet, parse_facet
from .rules import Rules

TRUMP_PIPS = 2  # "Each Facet's own Suit acts as a Trump for its Tests, adding +2 Pips."
#: "+1 if it is from an Unsuited Facet, +2 for an Unsuited but same coloured Facet and +5 for a Suited Facet"
SUITED_PIPS, SAME_COLOUR_PIPS, UNSUITED_PIPS = 5, 2, 1

TRUMP, OPPOSED, OPPOSITE_COLOUR, SAME_COLOUR, JOKER = "trump", "opposed", "opposite_colour", "same_colour", "joker"


@dataclass(frozen=True, slots=True)
class Proficiency:
    """An applicable Proficiency, known by its Facet (its suit decides its worth); ``name`` is for show."""

    facet: str
    name: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "facet", parse_facet(self.facet))
        if not isinstance(self.name, str):
            raise ParticipantError(f"Proficiency name must be text, got {self.name!r}")


def as_proficiency(value: str | Proficiency | tuple[str, str]) -> Proficiency:
    """``"Quiet"``, ``("Sneaking", "Quiet")`` or a :class:`Proficiency`."""
    if isinstance(value, Proficiency):
        return value
    if isinstance(value, tuple) and len(value) == 2:
        return Proficiency(value[1], value[0])
    return Proficiency(value)


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the arithmetic: ``kind`` is draw, joker, card, trump, proficiency, chi, stress, strain or shock."""

    kind: str
    label: str
    pips: int


@dataclass(frozen=True, slots=True)
class Level:
    """A Success or Failure Level and why: ``kind`` is opposed, opposite_colour, placing, below_placing or yarn."""

    kind: str
    label: str
    success: int = 0
    failure: int = 0


@dataclass(frozen=True, slots=True)
class DrawResult:
    """A character's card, every line that makes their total, and the Failure Levels their suit brings."""

    facet: str
    annex: str | None
    draw: int
    card: int
    jokers: tuple[int, ...]
    suit_class: str
    lines: tuple[Line, ...]
    suit_levels: tuple[Level, ...]
    boosts: Boosts
    tracks_before: Tracks
    tracks_after: Tracks

    @property
    def total(self) -> int:
        return sum(line.pips for line in self.lines)

    @property
    def suit_failures(self) -> int:
        return sum(level.failure for level in self.suit_levels)


def suit_class(card: int, facet: str, table: FacetTable = DEFAULT_TABLE) -> str:
    """How the card's suit stands to the tested Facet: trump, opposed, opposite_colour, same_colour or joker."""
    if is_joker(card):
        return JOKER
    s, trump = suit(card), table.trump(facet)
    if s == trump:
        return TRUMP
    if s == table.opposed(facet):
        return OPPOSED
    return OPPOSITE_COLOUR if colour(s) != colour(trump) else SAME_COLOUR


def proficiency_pips(card: int, facet: str, table: FacetTable = DEFAULT_TABLE) -> tuple[int, str]:
    """What one Proficiency of ``facet`` adds with ``card`` played: (5, "suited"), (2, "same colour") or (1, "unsuited").

    A Joker has no suit, so every Proficiency is Unsuited with it (R2).
    """
    if is_joker(card):
        return UNSUITED_PIPS, "unsuited"
    s, ps = suit(card), table.suit_of(facet)
    if ps == s:
        return SUITED_PIPS, "suited"
    if colour(ps) == colour(s):
        return SAME_COLOUR_PIPS, "same colour"
    return UNSUITED_PIPS, "unsuited"


def suit_levels(card: int, facet: str, table: FacetTable = DEFAULT_TABLE, rules: Rules = Rules()) -> tuple[Level, ...]:
    """Failure Levels the card's suit brings on a Test of ``facet`` (R5, R6)."""
    if is_joker(card):
        return ()
    f = parse_facet(facet)
    s, trump = suit(card), table.trump(f)
    sym = SUIT_SYMBOLS[s]
    levels = []
    opposed = s == table.opposed(f)
    if opposed:
        levels.append(Level(OPPOSED, f"Opposed Suit {sym}: {anti_facet(f)} is the Anti-Facet of {f}", failure=1))
    if rules.opposite_colour_failure and colour(s) != colour(trump) and (not opposed or rules.stack_suit_failures):
        levels.append(Level(OPPOSITE_COLOUR, f"{sym} is the opposite colour to {f}'s {SUIT_SYMBOLS[trump]}",
                            failure=1))
    return tuple(levels)


def check_draw(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ParticipantError(f"a Facet or Annex Draw must be a whole number of Pips of at least 0, got {value!r}")
    return value


def resolve_draw(
    facet: str,
    draw: int,
    card: int | str,
    *,
    proficiencies: Iterable[str | Proficiency | tuple[str, str]] = (),
    boosts: Boosts = Boosts(),
    tracks: Tracks = Tracks(),
    annex: str | None = None,
    jokers: Iterable[int | str] = (),
    table: FacetTable = DEFAULT_TABLE,
    rules: Rules = Rules(),
) -> DrawResult:
    """The arithmetic of one character's card on a Test of ``facet``.

    ``draw`` is the Pips of the Facet or Annex Draw the player enters (R1); ``card`` the
    Ordeal Card drawn; ``jokers`` any Jokers set aside before it (``joker="redraw"``).
    Raises a :class:`~solo.t13.errors.BoostLimitError` when the Boosts cannot be paid.
    """
    f = parse_facet(facet)
    draw = check_draw(draw)
    c = as_card(card)
    set_aside = tuple(as_card(j) for j in jokers)
    profs = tuple(as_proficiency(p) for p in proficiencies)
    if not isinstance(boosts, Boosts) or not isinstance(tracks, Tracks):
        raise ParticipantError(f"boosts and tracks must be Boosts and Tracks, got {boosts!r} and {tracks!r}")
    if annex is not None and not isinstance(annex, str):
        raise ParticipantError(f"annex must be a name or None, got {annex!r}")
    after = apply_boosts(boosts, tracks)

    lines = [Line("draw", f"{annex} Annex Draw ({f})" if annex else f"{f} Draw", draw)]
    lines += [Line("joker", f"{card_str(j)} set aside: a Joker is drawn again", 0) for j in set_aside]
    if is_joker(c):
        lines.append(Line("card", f"Ordeal Card {card_str(c)}: a Joker has no Pips", 0))
    else:
        lines.append(Line("card", f"Ordeal Card {card_str(c)}", pips(c)))
    cls = suit_class(c, f, table)
    if cls == TRUMP:
        lines.append(Line("trump", f"Trump: {SUIT_SYMBOLS[suit(c)]} is {f}'s own suit", TRUMP_PIPS))
    for p in profs:
        n, how = proficiency_pips(c, p.facet, table)
        sym = SUIT_SYMBOLS[table.suit_of(p.facet)]
        name = f"{p.name} ({p.facet} {sym})" if p.name else f"{p.facet} {sym}"
        lines.append(Line("proficiency", f"Proficiency {name}: {how}", n))
    for kind, count, each, verb in (("chi", boosts.chi, CHI_PIPS, "Chi spent"),
                                    ("stress", boosts.stress, STRESS_PIPS, "Stress Gained"),
                                    ("strain", boosts.strain, STRAIN_PIPS, "Strain Gained"),
                                    ("shock", boosts.shock, SHOCK_PIPS, "Shock Gained")):
        if count:
            lines.append(Line(kind, f"{verb} ×{count} (+{each} each)", count * each))
    return DrawResult(f, annex, draw, c, set_aside, cls, tuple(lines), suit_levels(c, f, table, rules),
                      boosts, tracks, after)
