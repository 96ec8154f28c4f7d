"""Events: what the rules resolved, as data, for narrators, transcripts and the table view.

``Game.push`` returns the events its action produced, in the order they happened at the
table. Nothing here decides anything; it only reports.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Names of the places a card can be.
THREAT, TROPHY, NUMBER_RESERVE, JACKS, QUEENS, KINGS, JOKERS, REMOVED = (
    "threat deck", "trophy pile", "number reserve", "jack reserve", "queen reserve",
    "king reserve", "jokers aside", "out of the game",
)

FALLOUT_NAMES = {1: "Clean", 2: "Messy", 3: "Costly", 4: "Dire"}


@dataclass(frozen=True)
class ThreatRevealed:
    """A new Threat Card is face up on top of the Threat Deck (not sent for Jokers).

    ``by_hand``: the player drew it from a real deck (``draw 7S``), ``instead`` of the card the
    chance source had revealed (None when it was the same card)."""

    card: int
    difficulty: int
    by_hand: bool = False
    instead: int | None = None


@dataclass(frozen=True)
class JokerRevealed:
    """A Joker would be revealed: not shown, it triggers; the Trophy Pile is shuffled first.
    ``by_hand`` and ``instead`` as for :class:`ThreatRevealed`."""

    joker: int
    difficulty: int
    trophy_top: int | None
    by_hand: bool = False
    instead: int | None = None


@dataclass(frozen=True)
class DrawnByHand:
    """A card the player drew by hand for the Trophy Pile's top (``pile`` "trophy") or named
    as the one the faster game removed ("removed"), ``instead`` of the chance source's card
    (None when it was the same). ``threat`` and ``difficulty``: the Threat Card and its
    Difficulty now (a face card's or a Joker's follows the Trophy Pile's top)."""

    card: int
    pile: str
    instead: int | None
    threat: int
    difficulty: int


@dataclass(frozen=True)
class TestBegan:
    __test__ = False  # not a pytest class

    who: int
    card: int
    difficulty: int


@dataclass(frozen=True)
class Rolled:
    """A d13 roll. ``raw_main`` is the face shown; ``main`` includes a reroll's +1 (max 9)."""

    who: int
    main: int
    fallout: int
    raw_main: int
    by_hand: bool
    reroll: bool

    @property
    def total(self) -> int:
        return self.main + self.fallout


@dataclass(frozen=True)
class GenrePointSpent:
    who: int
    left: int


@dataclass(frozen=True)
class GenrePointAwarded:
    who: int
    pool_left: int


@dataclass(frozen=True)
class TestResolved:
    """The resolved Test: dice after Aptitude, success, Fallout."""

    __test__ = False  # not a pytest class

    who: int
    card: int
    difficulty: int
    main: int
    rolled_fallout: int
    adjust: int
    fallout: int
    success: bool
    rerolled: bool

    @property
    def total(self) -> int:
        return self.main + self.fallout

    @property
    def fallout_name(self) -> str:
        return FALLOUT_NAMES[self.fallout]


@dataclass(frozen=True)
class CardMoved:
    card: int
    source: str
    dest: str
    where: str = ""  # "top" or "bottom" where it matters


@dataclass(frozen=True)
class Shuffled:
    pile: str


@dataclass(frozen=True)
class ReserveDry:
    """A reserve had no card to give (and the ruleset gives no fallback, or none was left)."""

    __test__ = False  # not a pytest class

    wanted: str


@dataclass(frozen=True)
class WeaknessFound:
    suit: int
    card: int
    found: int  # how many suits so far


@dataclass(frozen=True)
class StrikeGained:
    who: int
    strikes: int
    reason: str


@dataclass(frozen=True)
class CharacterDied:
    who: int
    cause: str  # "strikes" or "red joker"


@dataclass(frozen=True)
class EndgameBegan:
    removed: tuple[int, ...]


@dataclass(frozen=True)
class BlackJokerResolved:
    success: bool
    removed: int | None
    added: int | None


@dataclass(frozen=True)
class RedJokerResolved:
    success: bool


@dataclass(frozen=True)
class Dawn:
    survivors: tuple[int, ...]


@dataclass(frozen=True)
class AllDead:
    pass


Event = (ThreatRevealed | JokerRevealed | TestBegan | Rolled | GenrePointSpent | GenrePointAwarded
         | TestResolved | CardMoved | Shuffled | ReserveDry | DrawnByHand | WeaknessFound | StrikeGained
         | CharacterDied | EndgameBegan | BlackJokerResolved | RedJokerResolved | Dawn | AllDead)
