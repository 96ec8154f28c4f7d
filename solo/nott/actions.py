"""Actions a driver pushes onto a :class:`~solo.nott.game.Game`.

A Test is played as a short sequence, the way it happens at the table:

1. ``Test(who)`` — a character takes on the Threat Card.
2. ``Roll()`` — roll the d13, from the chance source or by hand: ``Roll(main, fallout)``.
3. optionally ``Reroll()`` — "spend one Genre Point to reroll your entire d13 and add a +1
   to that roll's main die. You must accept the second result."
4. ``Resolve(adjust)`` — apply Aptitude (−1, 0 or +1 on the Fallout die) and resolve.

``Award(who)`` moves one Genre Point from the Director's pool to a character at any time.

Each action has a short text form (``test 0``, ``roll 5 3``, ``reroll``, ``resolve -1``,
``award 2``) used by save files and replays; :func:`parse_action` reads it back.
"""

from __future__ import annotations


from .chance import check_dice
from .errors import InvalidActionError
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


Action = Test | Roll | Reroll | Resolve | Award


def describe(action: Action, names: "list[str] | tuple[str, ...]") -> str:
    """The action for a player to read: the character by name (``test Hank``, ``award Jesse``),
    where :meth:`str` gives the cast index of the save files (``test 0``, ``award 3``)."""
    if isinstance(action, (Test, Award)) and 0 <= action.who < len(names):
        return f"{'test' if isinstance(action, Test) else 'award'} {names[action.who]}"
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
    except InvalidActionError as exc:
        if repr(text) in str(exc):
            raise
        raise InvalidActionError(f"{exc} in {text!r}") from None
    raise InvalidActionError(f"unknown action: {text!r} (test N, roll [M F], reroll [M F], resolve [-1|+1], award N)")
