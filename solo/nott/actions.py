"""Actions a driver pushes onto a :class:`~solo.nott.game.Game`.

A Test is played as a short sequence, the way it happens at the table:

1. ``Test(who)`` — a character takes on the Threat Card.
2. ``Roll()`` — roll the d13, from the chance source or by hand: ``Roll(main, fallout)``.
3. optionally ``Reroll()`` — "spend one Genre Point to reroll your entire d13 and add a +1
   to that roll's main die. You must accept the second result."
4. ``Resolve(adjust)`` — apply Aptitude (−1, 0 or +1 on the Fallout die) and resolve.

``Award(who)`` moves one Genre Point from the Director's pool to a character at any time.

``Draw(card)`` says which card came up when the cards are drawn by hand from a real deck:
the Threat Card just revealed (``draw 7S``), the Trophy Pile's top after a shuffle or at
set-up (``draw trophy 10C``), the card of a rank the faster game removed (``draw removed
2H``). The rules check it can be there (:class:`~.errors.ImpossibleDrawError` says why not),
and it is an action like the others: undo, saves and replays hold it.

Each action has a short text form (``test 0``, ``roll 5 3``, ``reroll``, ``resolve -1``,
``award 2``, ``draw 7S``) used by save files and replays; :func:`parse_action` reads it back.
"""

from __future__ import annotations

import re

from .cards import card_ascii, card_str, parse_card, shown_input
from .chance import check_dice
from .errors import InvalidActionError, InvalidCardError
from dataclasses import dataclass


@dataclass(frozen=True)
class Test:
    """A character (cast index) takes on the current Threat Card."""

    __test__ = False  # not a pytest class

    who: int

    def __post_init__(self) -> None:
        if not isinstance(self.who, int) or isinstance(self.who, bool) or self.who < 0:
            raise InvalidActionError(f"test needs a cast index (0, 1, …), got {self.who!r}")

    def __str__(self) -> str:
        return f"test {self.who}"


def _dice(main: int | None, fallout: int | None) -> None:
    if (main is None) != (fallout is None):
        raise InvalidActionError(f"give both dice or neither: main {main!r}, fallout {fallout!r}")
    if main is not None:
        check_dice(main, fallout)


@dataclass(frozen=True)
class Roll:
    """Roll the d13 for the Test under way; dice given by hand bypass the chance source."""

    main: int | None = None
    fallout: int | None = None

    def __post_init__(self) -> None:
        _dice(self.main, self.fallout)

    def __str__(self) -> str:
        return "roll" if self.main is None else f"roll {self.main} {self.fallout}"


@dataclass(frozen=True)
class Reroll:
    """Spend the tester's Genre Point: reroll the whole d13, +1 on the main die (at most 9).

    Dice given by hand are the faces rolled; the rules add the +1.
    """

    main: int | None = None
    fallout: int | None = None

    def __post_init__(self) -> None:
        _dice(self.main, self.fallout)

    def __str__(self) -> str:
        return "reroll" if self.main is None else f"reroll {self.main} {self.fallout}"


@dataclass(frozen=True)
class Resolve:
    """Commit the roll: ``adjust`` −1/0/+1 on the Fallout die (Aptitude), then resolve."""

    adjust: int = 0

    def __post_init__(self) -> None:
        if self.adjust not in (-1, 0, 1) or isinstance(self.adjust, bool):
            raise InvalidActionError(f"Aptitude adjusts the Fallout die by -1, 0 or +1, got {self.adjust!r}")

    def __str__(self) -> str:
        return "resolve" if not self.adjust else f"resolve {self.adjust:+d}"


@dataclass(frozen=True)
class Award:
    """The Director awards one Genre Point from the pool to a character."""

    who: int

    def __post_init__(self) -> None:
        if not isinstance(self.who, int) or isinstance(self.who, bool) or self.who < 0:
            raise InvalidActionError(f"award needs a cast index (0, 1, …), got {self.who!r}")

    def __str__(self) -> str:
        return f"award {self.who}"


#: Where a card drawn by hand comes from: the Threat Deck (the Threat Card), the Trophy Pile
#: (its top), or the cards the faster game removed at set-up (which of a rank).
DRAW_PILES = ("threat", "trophy", "removed")
#: The words a player types for each pile (``draw trophy 10C``).
DRAW_WORDS = {"threat": "threat", "trophy": "trophy", "removed": "removed", "remove": "removed"}
CARD_FORMS = "7♠, 7S, 10h, TH, QD, A♣, seven of spades, red joker (RJ), black joker (BJ)"


@dataclass(frozen=True)
class Draw:
    """A card drawn by hand from a real deck, played where the rules draw it.

    ``pile`` ``"threat"``: the Threat Card now (in place of the one the chance source
    revealed); ``"trophy"``: the Trophy Pile's new top card (at set-up, or after a shuffle);
    ``"removed"``: the card of its rank the faster game removed at set-up.
    """

    card: int
    pile: str = "threat"

    def __post_init__(self) -> None:
        if not isinstance(self.card, int) or isinstance(self.card, bool) or not 0 <= self.card < 54:
            raise InvalidActionError(f"draw needs a card (0–53), got {self.card!r}")
        if self.pile not in DRAW_PILES:
            raise InvalidActionError(f"draw from the {' or '.join(DRAW_PILES)} pile, not {self.pile!r}")

    def __str__(self) -> str:
        where = "" if self.pile == "threat" else f"{self.pile} "
        return f"draw {where}{card_ascii(self.card)}"


#: "seven of spades", "7 of hearts", "queen of clubs", "A spades".
_SPOKEN = re.compile(r"(\w+) (?:of )?(spades?|hearts?|clubs?|diamonds?)")
_RANK_WORDS = {"ace": "A", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
               "eight": "8", "nine": "9", "ten": "10", "jack": "J", "queen": "Q", "king": "K"}


def parse_draw(text: str) -> Draw:
    """A draw as typed: ``7S``, ``7♠``, ``red joker``, ``the seven of spades``, ``trophy 10C``,
    ``removed 2H``.

    Raises :class:`~.errors.InvalidCardError` (one line, quoting the card typed) for a card
    that is no card, :class:`~.errors.InvalidActionError` for nothing at all."""
    words = str(text).split()
    pile = "threat"
    if words and words[0].lower() in DRAW_WORDS:
        pile = DRAW_WORDS[words.pop(0).lower()]
    typed = " ".join(words)
    if not typed:
        raise InvalidActionError(f"draw which card? e.g. draw 7S ({CARD_FORMS})")
    try:
        card = _card(typed)
    except InvalidCardError:
        if len(words) < 2 or words[0].lower() not in ("the", "a", "an"):
            raise InvalidCardError(f"{shown_input(typed)} is not a card: try forms like {CARD_FORMS}") from None
        try:  # "the seven of spades"
            card = _card(" ".join(words[1:]))
        except InvalidCardError:
            raise InvalidCardError(f"{shown_input(typed)} is not a card: try forms like {CARD_FORMS}") from None
    return Draw(card, pile)


def _card(typed: str) -> int:
    spoken = _SPOKEN.fullmatch(typed.lower())
    return parse_card(_RANK_WORDS.get(spoken.group(1), spoken.group(1)) + spoken.group(2)[0] if spoken else typed)


#: The words a card is spoken in: a line of only these after ``draw`` is a card mistyped.
_CARD_WORDS = frozenset((*_RANK_WORDS, "a", "j", "q", "k", "t", "of", "the", "an", "red", "black", "joker",
                         "jokers", "card", "cards", "deck", "pile", "top", "threat", "trophy", "removed",
                         *(f"{s}{p}" for s in ("spade", "heart", "club", "diamond") for p in ("", "s"))))
#: What a program writes for nothing, or for a number it could not make: never a card, never story.
_LITERALS = frozenset(("none", "null", "nil", "nan", "inf", "infinity", "true", "false", "undefined", "void"))
#: What may stand about a word of a told line: quotes, brackets, punctuation.
_ABOUT = "\"'“‘”’(),.;:!?…-—–"
_SUITS = r"(?:spades?|hearts?|clubs?|diamonds?)"
#: A card spoken anywhere in a line: "seven of spades", "the q hearts", "ace of …", "red joker".
_SPOKEN_IN = re.compile(rf"\b(?:{'|'.join(_RANK_WORDS)}|10|[2-9ajqkt]) (?:of )?{_SUITS}\b"
                        rf"|\b(?:{'|'.join(_RANK_WORDS)}) of\b|\bjokers?\b")


def is_told_draw(text: str) -> bool:
    """Is ``draw TEXT`` a character's action told in words ("draw my knife", "draw a deep
    breath"), not a card mistyped? Only words of letters; at least one word that no card is
    spoken in; no card spoken in it; not a program's literal ("None", "NaN", "true")."""
    bare = [w.strip(_ABOUT).lower() for w in str(text).split()]
    if not bare or not all(b and all(part.isalpha() for part in re.split("['’-]", b)) for b in bare):
        return False  # letters only (an apostrophe or hyphen inside): no digit, sign or symbol
    if all(b in _LITERALS for b in bare):
        return False
    if all(b in _CARD_WORDS or _is_card(b) for b in bare):
        return False
    return _SPOKEN_IN.search(" ".join(bare)) is None


def _is_card(word: str) -> bool:
    try:
        parse_card(word)
    except InvalidCardError:
        return False
    return True


Action = Test | Roll | Reroll | Resolve | Award | Draw


def describe(action: Action, names: "list[str] | tuple[str, ...]") -> str:
    """The action for a player to read: the character by name (``test Hank``, ``award Jesse``),
    where :meth:`str` gives the cast index of the save files (``test 0``, ``award 3``)."""
    if isinstance(action, (Test, Award)) and 0 <= action.who < len(names):
        return f"{'test' if isinstance(action, Test) else 'award'} {names[action.who]}"
    if isinstance(action, Draw):
        return f"draw {'' if action.pile == 'threat' else action.pile + ' '}{card_str(action.card)}"
    return str(action)

ROLL = Roll()
REROLL = Reroll()
RESOLVE = Resolve(0)


def _int(text: str, line: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InvalidActionError(f"not a number: {text!r} in {line!r}") from None


def parse_action(text: str) -> Action:
    """Read an action from its text form; raises :class:`InvalidActionError` quoting the text,
    or :class:`~.errors.InvalidDiceError` (quoting the die) for dice the d13 does not show."""
    words = str(text).split()
    if not words:
        raise InvalidActionError(f"empty action: {text!r}")
    verb, args = words[0].lower(), words[1:]
    try:
        if verb in ("test", "award") and len(args) == 1:
            who = _int(args[0], text)
            return Test(who) if verb == "test" else Award(who)
        if verb in ("roll", "reroll") and len(args) in (0, 2):
            kind = Roll if verb == "roll" else Reroll
            return kind(*(_int(a, text) for a in args))
        if verb == "resolve" and len(args) <= 1:
            return Resolve(_int(args[0], text) if args else 0)
        if verb == "draw" and args:
            return parse_draw(" ".join(args))
    except (InvalidActionError, InvalidCardError) as exc:
        if repr(text) in str(exc) and isinstance(exc, InvalidActionError):
            raise
        raise InvalidActionError(f"{exc} in {text!r}") from None
    raise InvalidActionError(f"unknown action: {text!r} (test N, roll [M F], reroll [M F], resolve [-1|+1], award N, "
                             "draw [trophy|removed] CARD)")
