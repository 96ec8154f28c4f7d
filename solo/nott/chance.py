"""Chance sources: where every die and every shuffle of a game comes from.

The rules core never rolls a die or shuffles a pile by itself. It asks its chance source,
so a game replays exactly from a seed (:class:`SeededChance`), a test or a tutorial can
stack the deck and choose the dice (:class:`ScriptedChance`), and a player can type the
dice they rolled by hand (the dice of a :class:`~solo.nott.actions.Roll` action, which
then bypass the source).

A source must be able to save and restore its position (``getstate``/``setstate``) so
that undo restores the exact future as well as the exact past.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from ..chance import SeededSource
from .cards import card_str, parse_card
from .errors import ChanceError, InvalidDiceError


class Chance(Protocol):
    """What the rules ask of chance. ``what`` names the pile or choice (see :data:`CHANCE_POINTS`)."""

    def roll(self) -> tuple[int, int]:
        """One d13: (main d10 0–9, Fallout d4 1–4)."""

    def shuffle(self, pile: list[int], what: str) -> None:
        """Shuffle ``pile`` in place."""

    def choose(self, cards: Sequence[int], what: str) -> int:
        """Index of a card chosen at random from ``cards`` (never empty)."""

    def getstate(self) -> Any: ...

    def setstate(self, state: Any) -> None: ...


#: Every point where the rules consult chance, with what is decided there.
CHANCE_POINTS = {
    "aces": "order of the four Aces placed face up on the Threat Deck",
    "first_jack": "which Jack is shuffled into the starting Threat Deck",
    "fast_setup": "which card of a rank the faster game removes (once per rank 2–10)",
    "number_reserve": "order of the suits within each rank of the Number Reserve (so which 10 is at the bottom)",
    "threat": "a shuffle of the Threat Deck",
    "trophy": "a shuffle of the Trophy Pile",
    "jack": "a random Jack from the Jack Reserve",
    "queen": "a random Queen from the Queen Reserve",
    "king": "a random King from the King Reserve",
    "black_joker": "which of several equally high face cards the Black Joker removes",
}


class SeededChance(SeededSource):
    """Pseudo-random chance from a seed: same seed, same night."""

    __slots__ = ("_random", "_state")

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed)
        self._random = self._rng.random
        self._state = None  # the state as last read or set, until the next draw

    def getstate(self) -> Any:
        """The source's position (read once between draws: a game keeps it before every action)."""
        if self._state is None:
            self._state = self._rng.getstate()
        return self._state

    def setstate(self, state: Any) -> None:
        self._rng.setstate(state)
        self._state = state

    def roll(self) -> tuple[int, int]:
        self._state = None
        r = self._random
        return int(r() * 10), int(r() * 4) + 1

    def shuffle(self, pile: list[int], what: str) -> None:
        self._state = None
        r = self._random
        if what == "trophy":
            # Only the Trophy Pile's top card is ever read, cards are only ever added on top,
            # and every later shuffle re-randomises the whole pile: drawing the new top card
            # uniformly is, for every rule, the same as a full shuffle (docs/rulings.md).
            n = len(pile)
            if n > 1:
                j = int(r() * n)
                pile[0], pile[j] = pile[j], pile[0]
            return
        # Sorting by independent uniform keys is a uniform random permutation, and
        # list.sort runs in C: about twice as fast here as a Python Fisher-Yates loop.
        pile.sort(key=lambda _card: r())

    def choose(self, cards: Sequence[int], what: str) -> int:
        self._state = None
        return int(self._random() * len(cards))


def _cards(items: Iterable[int | str]) -> list[int]:
    return [c if isinstance(c, int) else parse_card(c) for c in items]


class ScriptedChance:
    """Chance written out in advance: a stacked deck and chosen dice.

    ``dice`` is a list of ``(main, fallout)`` pairs used in order. ``shuffles`` maps a pile
    name (``"threat"``, ``"trophy"``, …) to a list of results; each result lists the cards
    that must end on top, in order, the rest keeping their relative order. ``choices`` maps
    a choice name (``"jack"``, ``"king"``, …) to the cards to pick, in order. When a script
    runs out, ``then`` (another source) takes over; without one, a roll raises
    :class:`ChanceError`, a shuffle keeps the pile as it is and a choice takes the first card.
    """

    def __init__(
        self,
        dice: Iterable[tuple[int, int]] = (),
        shuffles: Mapping[str, Iterable[Iterable[int | str]]] | None = None,
        choices: Mapping[str, Iterable[int | str]] | None = None,
        then: Chance | None = None,
    ) -> None:
        self.dice = [check_dice(m, f) for m, f in dice]
        self.shuffles = {k: [_cards(v) for v in vs] for k, vs in (shuffles or {}).items()}
        self.choices = {k: _cards(vs) for k, vs in (choices or {}).items()}
        self.then = then
        self._pos = {"dice": 0}

    def _next(self, key: str, seq: list) -> Any:
        i = self._pos.get(key, 0)
        if i < len(seq):
            self._pos[key] = i + 1
            return seq[i]
        return None

    def roll(self) -> tuple[int, int]:
        d = self._next("dice", self.dice)
        if d is not None:
            return d
        if self.then is not None:
            return self.then.roll()
        raise ChanceError(f"the scripted dice ran out after {len(self.dice)} rolls")

    def shuffle(self, pile: list[int], what: str) -> None:
        top = self._next("shuffle:" + what, self.shuffles.get(what, []))
        if top is None:
            if self.then is not None:
                self.then.shuffle(pile, what)
            return
        missing = [card_str(c) for c in top if c not in pile]
        if missing or len(set(top)) != len(top):
            raise ChanceError(f"scripted {what} shuffle puts {', '.join(missing) or 'a card twice'} on top, "
                              f"but the pile holds {' '.join(card_str(c) for c in pile)}")
        rest = [c for c in pile if c not in top]
        pile[:] = list(top) + rest

    def choose(self, cards: Sequence[int], what: str) -> int:
        want = self._next("choice:" + what, self.choices.get(what, []))
        if want is None:
            return self.then.choose(cards, what) if self.then is not None else 0
        if want not in cards:
            raise ChanceError(f"scripted {what} choice {card_str(want)} is not among "
                              f"{' '.join(card_str(c) for c in cards)}")
        return list(cards).index(want)

    def getstate(self) -> Any:
        return dict(self._pos), (self.then.getstate() if self.then is not None else None)

    def setstate(self, state: Any) -> None:
        pos, then = state
        self._pos = dict(pos)
        if self.then is not None:
            self.then.setstate(then)


def _die(value: Any, name: str, lo: int, hi: int) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        n = value
    elif isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
        n = int(value)
    else:
        raise InvalidDiceError(f"{name} must be a whole number, got {value!r}")
    if not lo <= n <= hi:
        face = " (the side that says 0 is a zero, not 10: type 0)" if lo == 0 and n == hi + 1 == 10 else ""
        raise InvalidDiceError(f"{name} reads {lo}–{hi}, got {value!r}{face}")
    return n


def check_dice(main: Any, fallout: Any) -> tuple[int, int]:
    """Validate a d13 roll typed by hand: main d10 0–9, Fallout d4 1–4."""
    return _die(main, "main die (d10)", 0, 9), _die(fallout, "Fallout die (d4)", 1, 4)
