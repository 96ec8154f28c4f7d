"""What T13 reads from an Ordeal Card: its Pips, its suit and its colour.

Cards are the ints of :mod:`solo.nott.cards` (0–51 suited, 52 Red Joker, 53 Black Joker);
this module adds only what the Card Draw Test needs on top.
"""

from __future__ import annotations

from ..nott import cards as _c
from ..nott.cards import (  # noqa: F401  (re-exported for users of solo.t13)
    ALL_CARDS,
    BLACK_JOKER,
    CLUBS,
    DIAMONDS,
    HEARTS,
    RED_JOKER,
    SPADES,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    card_str,
    is_joker,
    rank,
    suit,
)
from ..nott.errors import InvalidCardError as _NottCardError
from .errors import InvalidCardError, InvalidSuitError

BLACK, RED = "black", "red"
#: ♠ and ♣ are black, ♥ and ♦ red.
COLOUR = {SPADES: BLACK, CLUBS: BLACK, HEARTS: RED, DIAMONDS: RED}


def as_card(value: int | str) -> int:
    """A card from its number (0–53) or its text (``7♠``, ``7S``, ``10h``, ``RJ``…).

    Raises :class:`~solo.t13.errors.InvalidCardError` quoting the input.
    """
    if isinstance(value, bool):
        raise InvalidCardError(f"invalid card: {value!r}")
    if isinstance(value, int):
        if 0 <= value < 54:
            return value
        raise InvalidCardError(f"no such card number: {value!r} (cards are 0–53)")
    try:
        return _c.parse_card(value)
    except _NottCardError as exc:
        raise InvalidCardError(str(exc)) from None


def pips(c: int) -> int:
    """"adds its Pips": the rank of a suited card (A 1 … 10, J 11, Q 12, K 13); a Joker has none (0)."""
    return rank(c)


def colour(s: int) -> str:
    """``"black"`` for ♠ ♣, ``"red"`` for ♥ ♦."""
    return COLOUR[s]


_SUIT_WORDS = {
    "♠": SPADES, "♤": SPADES, "s": SPADES, "spade": SPADES, "spades": SPADES,
    "♥": HEARTS, "♡": HEARTS, "h": HEARTS, "heart": HEARTS, "hearts": HEARTS,
    "♣": CLUBS, "♧": CLUBS, "c": CLUBS, "club": CLUBS, "clubs": CLUBS,
    "♦": DIAMONDS, "♢": DIAMONDS, "d": DIAMONDS, "diamond": DIAMONDS, "diamonds": DIAMONDS,
}


def parse_suit(value: int | str) -> int:
    """A suit from ``0``–``3``, ``♠``/``S``/``Spades``, ``♥``/``H``/``Hearts``, ``♣``/``C``/``Clubs``, ``♦``/``D``/``Diamonds``."""
    if isinstance(value, int) and not isinstance(value, bool):
        if value in SUITS:
            return value
    elif isinstance(value, str):
        s = _SUIT_WORDS.get(value.strip().lower())
        if s is not None:
            return s
    raise InvalidSuitError(f"invalid suit: {value!r} (Spades/♠/S, Hearts/♥/H, Clubs/♣/C, Diamonds/♦/D)")
