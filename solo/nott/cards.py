"""Playing cards for Night of the Thirteenth.

"A standard playing card deck with two distinct Jokers." Cards are small ints so the
rules core stays fast: ``suit * 13 + rank - 1`` for the 52 suited cards (Aces are 1,
Jacks 11, Queens 12, Kings 13), then the Red Joker (52) and the Black Joker (53).

Suits carry the Threat Card's meaning: ♠ Power, ♥ Resolve, ♣ Intellect, ♦ Finesse.
"""

from __future__ import annotations

import re

from .errors import InvalidCardError

SPADES, HEARTS, CLUBS, DIAMONDS = 0, 1, 2, 3
SUITS = (SPADES, HEARTS, CLUBS, DIAMONDS)
SUIT_SYMBOLS = ("♠", "♥", "♣", "♦")
SUIT_LETTERS = ("S", "H", "C", "D")
SUIT_NAMES = ("Spades", "Hearts", "Clubs", "Diamonds")
#: "♠ (Spades): Power - physical challenges" and so on.
SUIT_APTITUDES = ("Power", "Resolve", "Intellect", "Finesse")
SUIT_NATURES = ("physical challenges", "challenges of nerves", "knowhow challenges", "precise challenges")

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RED_JOKER, BLACK_JOKER = 52, 53
ALL_CARDS = tuple(range(54))

RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}


def card(rank: int, suit: int) -> int:
    """The card of ``rank`` (1–13) and ``suit`` (0–3)."""
    return suit * 13 + rank - 1


def rank(c: int) -> int:
    """Rank 1–13 of a suited card; 0 for a Joker."""
    return c % 13 + 1 if c < 52 else 0


def suit(c: int) -> int:
    """Suit 0–3 of a suited card; -1 for a Joker (Jokers have no suit)."""
    return c // 13 if c < 52 else -1


def is_joker(c: int) -> bool:
    return c >= 52


def is_face(c: int) -> bool:
    """Jacks, Queens and Kings: "Face cards represent an upcoming confrontation with the Killer"."""
    return c < 52 and c % 13 >= 10


def is_number(c: int) -> bool:
    """Aces (1) through 10s."""
    return c < 52 and c % 13 < 10


def is_atmospheric(c: int) -> bool:
    """"1–4: Atmospheric. There is no risk of Strikes from this challenge." """
    return c < 52 and c % 13 < 4


def severity(c: int) -> str:
    """Severity band of a Threat Card: atmospheric, dangerous, deadly, killer or joker."""
    if c >= 52:
        return "joker"
    r = c % 13 + 1
    if r <= 4:
        return "atmospheric"
    if r <= 7:
        return "dangerous"
    if r <= 10:
        return "deadly"
    return "killer"


def card_str(c: int) -> str:
    """Text form: ``7♠``, ``10♥``, ``A♦``, ``Q♣``, ``RJ``, ``BJ``."""
    if c == RED_JOKER:
        return "RJ"
    if c == BLACK_JOKER:
        return "BJ"
    if not 0 <= c < 52:
        raise InvalidCardError(f"no such card number: {c!r}")
    r = c % 13 + 1
    return RANK_TEXT.get(r, str(r)) + SUIT_SYMBOLS[c // 13]


def card_ascii(c: int) -> str:
    """ASCII form: ``7S``, ``10H``, ``AD``, ``QC``, ``RJ``, ``BJ``."""
    if c >= 52:
        return card_str(c)
    r = c % 13 + 1
    return RANK_TEXT.get(r, str(r)) + SUIT_LETTERS[c // 13]


_SUIT_ALIASES = {
    "♠": SPADES, "♤": SPADES, "s": SPADES,
    "♥": HEARTS, "♡": HEARTS, "h": HEARTS,
    "♣": CLUBS, "♧": CLUBS, "c": CLUBS,
    "♦": DIAMONDS, "♢": DIAMONDS, "d": DIAMONDS,
}
_RANK_ALIASES = {"a": 1, "1": 1, "j": 11, "q": 12, "k": 13, "t": 10}
_JOKERS = {"rj": RED_JOKER, "redjoker": RED_JOKER, "bj": BLACK_JOKER, "blackjoker": BLACK_JOKER}
#: A rank, then its suit (one space between them at most): "7S", "7 ♠", "10h". ASCII digits only.
_CARD_RE = re.compile(r"(10|[2-9]|[ajqkt1]) ?(\S)")


def shown_input(text, limit: int = 40) -> str:
    """``text`` quoted for an error line: its ``repr``, cut to about ``limit`` characters."""
    text = str(text)
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def parse_card(text: str) -> int:
    """Parse ``7♠``, ``7S``, ``10h``, ``QH``, ``A♦``, ``RJ`` or ``BJ`` (any case).

    Raises :class:`InvalidCardError` quoting the input when it names no card: anything more
    or less than one rank and one suit ("7S 7S", "-1S", "1e9S", "None", "1 0 S").
    """
    if not isinstance(text, str):
        raise InvalidCardError(f"invalid card: {repr(text)[:40]}")
    key = " ".join(text.split()).lower()
    joker = re.sub(r"[\s_-]", "", key)
    if joker in _JOKERS:
        return _JOKERS[joker]
    m = _CARD_RE.fullmatch(key)
    if not m or m.group(2) not in _SUIT_ALIASES:
        raise InvalidCardError(f"invalid card: {shown_input(text)} (try forms like 7♠, 7S, 10h, QH, A♦, RJ, BJ)")
    r = _RANK_ALIASES.get(m.group(1))
    if r is None:
        r = int(m.group(1))
    return card(r, _SUIT_ALIASES[m.group(2)])


def parse_suit(text: str) -> int:
    """Parse a suit or an Aptitude name: ``♠``, ``S``, ``spades``, ``Power`` …"""
    key = text.strip().lower()
    for i in SUITS:
        if key in (SUIT_SYMBOLS[i], SUIT_LETTERS[i].lower(), SUIT_NAMES[i].lower(),
                   SUIT_NAMES[i].lower().rstrip("s"), SUIT_APTITUDES[i].lower()):
            return i
    if key in _SUIT_ALIASES:
        return _SUIT_ALIASES[key]
    # an unambiguous beginning of an Aptitude or suit name: "int", "pow", "dia"
    starts = {i for i in SUITS for word in (SUIT_APTITUDES[i], SUIT_NAMES[i]) if key and word.lower().startswith(key)}
    if len(starts) == 1:
        return starts.pop()
    import difflib

    near = difflib.get_close_matches(key, [a.lower() for a in SUIT_APTITUDES], n=1, cutoff=0.6)
    hint = f": did you mean {near[0].capitalize()}?" if near else ""
    raise InvalidCardError(f"invalid suit or aptitude: {text!r}{hint} (Power/♠, Resolve/♥, Intellect/♣, Finesse/♦)")
