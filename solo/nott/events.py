"""Events: what the rules resolved, as data, for narrators, transcripts and the table view.

``Game.push`` returns the events its action produced, in the order they happened at the
table. Nothing here decides anything; it only reports.
"""

from __future__ import annotations

from ..values import Value

#: Names of the places a card can be.
THREAT, TROPHY, NUMBER_RESERVE, JACKS, QUEENS, KINGS, JOKERS, REMOVED = (
    "threat deck", "trophy pile", "number reserve", "jack reserve", "queen reserve",
    "king reserve", "jokers aside", "out of the game",
)

FALLOUT_NAMES = {1: "Clean", 2: "Messy", 3: "Costly", 4: "Dire"}


class ThreatRevealed(Value):
    """A new Threat Card is face up on top of the Threat Deck (not sent for Jokers)."""

    card: int
    difficulty: int


class JokerRevealed(Value):
    """A Joker would be revealed: not shown, it triggers; the Trophy Pile is shuffled first."""

    joker: int
    difficulty: int
    trophy_top: int | None


class TestBegan(Value):
    __test__ = False  # not a pytest class

    who: int
    card: int
    difficulty: int


class Rolled(Value):
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


class GenrePointSpent(Value):
    who: int
    left: int


class GenrePointAwarded(Value):
    who: int
    pool_left: int


class TestResolved(Value):
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


class CardMoved(Value):
    card: int
    source: str
    dest: str
    where: str = ""  # "top" or "bottom" where it matters


class Shuffled(Value):
    pile: str


class ReserveDry(Value):
    """A reserve had no card to give (and the ruleset gives no fallback, or none was left)."""

    __test__ = False  # not a pytest class

    wanted: str


class WeaknessFound(Value):
    suit: int
    card: int
    found: int  # how many suits so far


class StrikeGained(Value):
    who: int
    strikes: int
    reason: str


class CharacterDied(Value):
    who: int
    cause: str  # "strikes" or "red joker"


class EndgameBegan(Value):
    removed: tuple[int, ...]


class BlackJokerResolved(Value):
    success: bool
    removed: int | None
    added: int | None


class RedJokerResolved(Value):
    success: bool


class Dawn(Value):
    survivors: tuple[int, ...]


class AllDead(Value):
    pass


Event = (ThreatRevealed | JokerRevealed | TestBegan | Rolled | GenrePointSpent | GenrePointAwarded
         | TestResolved | CardMoved | Shuffled | ReserveDry | WeaknessFound | StrikeGained
         | CharacterDied | EndgameBegan | BlackJokerResolved | RedJokerResolved | Dawn | AllDead)
