"""Chance sources: where every Ordeal Card of a Card Draw Test comes from.

The core never shuffles or draws by itself. It asks a chance source for a card, telling
it which cards are already out of the deck, so a test replays exactly from a seed
(:class:`SeededChance`) and every worked example can be replayed by scripting its cards
(:class:`ScriptedChance`). A card typed by hand (a participant's ``card``) bypasses chance.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any, Protocol

from ..chance import SeededSource
from .cards import ALL_CARDS, as_card, card_str
from .errors import ChanceError, DeckExhaustedError, ScriptExhaustedError


class Chance(Protocol):
    """What the rules ask of chance. ``what`` names the draw (see :data:`CHANCE_POINTS`)."""

    def draw(self, out: Collection[int], what: str) -> int:
        """One card of the 54-card deck that is not in ``out``."""

    def getstate(self) -> Any: ...

    def setstate(self, state: Any) -> None: ...


#: Every point where the rules draw, with what is decided there (``name`` is the participant's).
CHANCE_POINTS = {
    "difficulty": "the Ordeal Card that creates the Difficulty",
    "card:NAME": "the Ordeal Card a character draws for the test",
    "redraw:NAME": "a card drawn again after a Joker (joker='redraw')",
    "draw_off:NAME": "a card drawn to break a tie (ties='draw_off')",
}


class SeededChance(SeededSource):
    """Pseudo-random draws from ``random.Random(seed)``: same seed, same cards."""

    __slots__ = ()

    def draw(self, out: Collection[int], what: str) -> int:
        left = [c for c in ALL_CARDS if c not in out]
        if not left:
            raise DeckExhaustedError(f"no card left in the 54-card deck for {what!r}")
        return left[int(self._rng.random() * len(left))]


class ScriptedChance:
    """Cards written out in advance, dealt in order (``"7♠"``, ``"QH"``, ``"RJ"`` or 0–53).

    Raises :class:`ScriptExhaustedError` when asked for more cards than it holds, and
    :class:`ChanceError` when its next card is already out of the deck.
    """

    def __init__(self, cards: Iterable[int | str]) -> None:
        self.cards = [as_card(c) for c in cards]
        self._pos = 0

    def draw(self, out: Collection[int], what: str) -> int:
        if self._pos >= len(self.cards):
            raise ScriptExhaustedError(f"the scripted cards ran out after {len(self.cards)} "
                                       f"({' '.join(card_str(c) for c in self.cards) or 'none'}) "
                                       f"when {what!r} needed one")
        c = self.cards[self._pos]
        if c in out:
            raise ChanceError(f"scripted card {card_str(c)} for {what!r} is already out of the deck")
        self._pos += 1
        return c

    @property
    def left(self) -> int:
        return len(self.cards) - self._pos

    def getstate(self) -> Any:
        return self._pos

    def setstate(self, state: Any) -> None:
        self._pos = state

    def __repr__(self) -> str:
        return f"ScriptedChance([{', '.join(repr(card_str(c)) for c in self.cards)}])"


def draw_card(chance: Chance, out: Collection[int], what: str) -> int:
    """Ask ``chance`` for a card and check it is a card still in the deck."""
    c = chance.draw(frozenset(out), what)
    if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 54:
        raise ChanceError(f"chance source {chance!r} gave {c!r} for {what!r}, which is no card (0–53)")
    if c in out:
        raise ChanceError(f"chance source {chance!r} gave {card_str(c)} for {what!r}, which is already out of the deck")
    return c
