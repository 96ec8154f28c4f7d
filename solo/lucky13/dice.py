"""Die types, stepping, pools, and the chance sources every roll comes from.

"Lucky 13 uses five dice during gameplay: d4, d6, d8, d10, and d12."

A :class:`Die` is a *die type* as the rules step it: a place on one ladder that runs
no die, d4, d6, d8, d10, d12, d12+d4, d12+d6, …, d12+d12, d12+d12+d4, … ("Stepping up
may continue indefinitely, but you cannot step down any farther than from a d4 to no
die."). A :class:`Pool` is the dice of one roll, each tagged with its role (Ability,
Skill, Difficulty, …) because the modes of play treat roles differently.

The core never rolls by itself: it asks a :class:`Chance` for ``roll(sides)``.
:class:`SeededChance` replays from a seed; :class:`ScriptedChance` plays the values
you give it, so any worked example can be reproduced with its own dice.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from ..chance import SeededSource
from .errors import ChanceError, InvalidDieError, ScriptExhaustedError, ScriptValueError

#: "d4, d6, d8, d10, and d12", smallest first.
SIZES: tuple[int, ...] = (4, 6, 8, 10, 12)
_STEPS_PER_D12 = len(SIZES)


@dataclass(frozen=True, order=True, slots=True)
class Die:
    """A die type: ``step`` 0 is no die, 1–5 are d4–d12, 6 is d12+d4, 10 is d12+d12, ….

    "Step up means to increase the die size, say from a d6 to a d8. Step down is the
    opposite. When the die is already the largest size, d12, then stepping up means to add
    a d4 to the die pool. When stepping down a d4, the die is removed from the pool
    altogether." Past d12+d4 the added die keeps stepping (d12+d6 … d12+d12, then another
    d4 joins): see docs/rulings-lucky13.md, R1.
    """

    step: int

    def __post_init__(self) -> None:
        if not isinstance(self.step, int) or isinstance(self.step, bool) or self.step < 0:
            raise InvalidDieError(f"a die step must be a whole number 0 or more, got {self.step!r}")

    @property
    def sizes(self) -> tuple[int, ...]:
        """The dice actually rolled, largest first: ``(12, 4)`` for d12+d4, ``()`` for no die."""
        if self.step == 0:
            return ()
        twelves, rest = divmod(self.step - 1, _STEPS_PER_D12)
        return (12,) * twelves + (SIZES[rest],)

    @property
    def is_none(self) -> bool:
        return self.step == 0

    @property
    def is_single(self) -> bool:
        """One of the five dice d4–d12 (not no die, not a chain)."""
        return 1 <= self.step <= _STEPS_PER_D12

    @property
    def size(self) -> int:
        """Sides of a single die d4–d12; raises for no die or a chain."""
        if not self.is_single:
            raise InvalidDieError(f"{str(self)!r} is not a single die d4–d12")
        return SIZES[self.step - 1]

    def up(self, steps: int = 1) -> Die:
        """Step up ``steps`` times (never fails: "Stepping up may continue indefinitely")."""
        return self.stepped(steps)

    def down(self, steps: int = 1) -> Die:
        """Step down ``steps`` times, stopping at no die ("you cannot step down any farther")."""
        return self.stepped(-steps)

    def stepped(self, steps: int) -> Die:
        """Step up (positive) or down (negative); below no die stays no die (R2)."""
        if not isinstance(steps, int) or isinstance(steps, bool):
            raise InvalidDieError(f"steps must be a whole number, got {steps!r}")
        return Die(max(0, self.step + steps))

    def __str__(self) -> str:
        return "+".join(f"d{s}" for s in self.sizes) if self.step else "none"

    def __repr__(self) -> str:
        return f"Die({str(self)!r})"

    @classmethod
    def of_size(cls, size: int) -> Die:
        """The single die with ``size`` sides (4, 6, 8, 10 or 12)."""
        if isinstance(size, bool) or size not in SIZES:
            raise InvalidDieError(f"not a die: {size!r} (dice are d4, d6, d8, d10, d12)")
        return cls(SIZES.index(size) + 1)

    @classmethod
    def parse(cls, text: str) -> Die:
        return parse_die(text)


NONE = Die(0)
D4, D6, D8, D10, D12 = (Die(i) for i in range(1, 6))

_NONE_WORDS = {"none", "-", "no die", "no", "remove die", "—", "–"}
_ONE = re.compile(r"d(\d+)")


def parse_die(text: str) -> Die:
    """A die type from text: ``d10``, ``D8``, ``d12+d4``, ``d4 + d12``, ``none`` or ``-``.

    The dice of a chain may come in any order but must sit on the ladder: some d12s and at
    most one smaller die (``d12+d4``, ``d12+d12+d6``); ``d6+d8`` is a pool, not a die type.
    """
    if isinstance(text, Die):
        return text
    if not isinstance(text, str):
        raise InvalidDieError(f"not a die: {text!r}")
    key = text.strip().lower()
    if key in _NONE_WORDS:
        return NONE
    parts = [p.strip() for p in key.split("+")]
    sizes = []
    for p in parts:
        m = _ONE.fullmatch(p)
        if not m or int(m.group(1)) not in SIZES:
            raise InvalidDieError(f"not a die: {text!r}")
        sizes.append(int(m.group(1)))
    sizes.sort(reverse=True)
    small = [s for s in sizes if s != 12]
    if len(small) > 1:
        raise InvalidDieError(f"not a die: {text!r} (a die type is d4–d12, or d12s plus one smaller die)")
    twelves = len(sizes) - len(small)
    return Die(twelves * _STEPS_PER_D12 + (SIZES.index(small[0]) + 1 if small else 0))


def as_die(value: Die | str | int) -> Die:
    """Accept a :class:`Die`, die text (``"d8"``) or a size (``8``)."""
    if isinstance(value, Die):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Die.of_size(value)
    return parse_die(value)


# ---------------------------------------------------------------------- pools

ABILITY = "ability"
SKILL = "skill"
DIFFICULTY = "difficulty"
ACCURACY = "accuracy"
DEFENSE = "defense"
DAMAGE = "damage"
EXTRA = "extra"
ROLES = (ABILITY, SKILL, DIFFICULTY, ACCURACY, DEFENSE, DAMAGE, EXTRA)


@dataclass(frozen=True, slots=True)
class Pool:
    """The dice of one roll, in rolling order, each part a ``(role, Die)``.

    "Skill checks use three core dice, Ability, Skill, and a Difficulty Die, which are added
    to try and reach 13." No-die parts are kept (they roll nothing) so a pool still says
    which die was stepped away.
    """

    parts: tuple[tuple[str, Die], ...] = ()

    def __post_init__(self) -> None:
        fixed = []
        for part in self.parts:
            try:
                role, die = part
            except (TypeError, ValueError):
                raise InvalidDieError(f"a pool part is (role, die), got {part!r}") from None
            if role not in ROLES:
                raise InvalidDieError(f"unknown role {role!r} in a pool (roles: {', '.join(ROLES)})")
            fixed.append((role, as_die(die)))
        object.__setattr__(self, "parts", tuple(fixed))

    @classmethod
    def check(cls, ability: Die | str, skill: Die | str = NONE, difficulty: Die | str = NONE,
              extra: Iterable[Die | str] = ()) -> Pool:
        """Ability + Skill + Difficulty (+ any added dice), in that order."""
        return cls(((ABILITY, ability), (SKILL, skill), (DIFFICULTY, difficulty))
                   + tuple((EXTRA, e) for e in extra))

    def add(self, role: str, die: Die | str) -> Pool:
        return Pool(self.parts + ((role, die),))

    def die(self, role: str) -> Die:
        """The first part with ``role`` (no die if there is none)."""
        return next((d for r, d in self.parts if r == role), NONE)

    def step(self, role: str, steps: int) -> Pool:
        """Step the first part with ``role`` up (or down)."""
        for i, (r, d) in enumerate(self.parts):
            if r == role:
                return Pool(self.parts[:i] + ((r, d.stepped(steps)),) + self.parts[i + 1:])
        raise InvalidDieError(f"the pool {str(self)!r} has no {role!r} die to step")

    def dice(self) -> tuple[tuple[str, int], ...]:
        """Every die rolled, flattened: ``(role, sides)`` in rolling order."""
        return tuple((r, s) for r, d in self.parts for s in d.sizes)

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(s for _, s in self.dice())

    def __iter__(self) -> Iterator[tuple[str, Die]]:
        return iter(self.parts)

    def __str__(self) -> str:
        return " + ".join(str(d) for _, d in self.parts if not d.is_none) or "none"


def single_die(value: Die | str | int, what: str, error: type[Exception]) -> Die:
    """``value`` as one die d4–d12 (no chain, no "no die"), else ``error`` naming ``what``."""
    try:
        d = as_die(value)
    except InvalidDieError:
        raise error(f"{what} must be a die d4–d12, got {value!r}") from None
    if not d.is_single:
        raise error(f"{what} must be a die d4–d12, got {str(d)!r}")
    return d


def parse_pool(text: str) -> Pool:
    """A pool from text such as ``"d10 d8 d6"`` or ``"d12+d4, d8, d6"``.

    Dice are read as Ability, Skill, Difficulty in that order (the rulebook's order), any
    further die as an added die. Each space- or comma-separated item is a die type.
    """
    if not isinstance(text, str):
        raise InvalidDieError(f"not a pool of dice: {text!r}")
    items = [t for t in re.split(r"[\s,]+", re.sub(r"\s*\+\s*", "+", text.strip())) if t]
    if not items:
        raise InvalidDieError(f"not a pool of dice: {text!r}")
    try:
        dice = [parse_die(t) for t in items]
    except InvalidDieError:
        raise InvalidDieError(f"not a pool of dice: {text!r}") from None
    roles = (ABILITY, SKILL, DIFFICULTY)
    return Pool(tuple((roles[i] if i < 3 else EXTRA, d) for i, d in enumerate(dice)))


# ---------------------------------------------------------------------- chance

class Chance(Protocol):
    """Where every die comes from: ``roll(sides)`` returns 1..sides."""

    def roll(self, sides: int) -> int: ...


def _check_sides(sides: Any) -> int:
    if not isinstance(sides, int) or isinstance(sides, bool) or sides < 1:
        raise ChanceError(f"cannot roll a die with {sides!r} sides")
    return sides


class SeededChance(SeededSource):
    """Pseudo-random dice from ``random.Random(seed)``: same seed, same rolls."""

    __slots__ = ()

    def roll(self, sides: int) -> int:
        return self._rng.randint(1, _check_sides(sides))


def _script_value(item: Any, index: int) -> tuple[int | None, int]:
    """``(sides or None, value)`` from a script item: ``5`` or ``("d8", 5)`` / ``(8, 5)``."""
    if isinstance(item, tuple):
        if len(item) != 2:
            raise ScriptValueError(f"script item {index + 1} must be a value or (die, value), got {item!r}")
        die, value = item
        sides = die if isinstance(die, int) and not isinstance(die, bool) else None
        if sides is None:
            m = _ONE.fullmatch(str(die).strip().lower())
            if not m:
                raise ScriptValueError(f"script item {index + 1} names no die: {item!r}")
            sides = int(m.group(1))
    else:
        sides, value = None, item
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ScriptValueError(f"script item {index + 1} is not a die value: {item!r}")
    if sides is not None and value > sides:
        raise ScriptValueError(f"script item {index + 1} is out of range for a d{sides}: {item!r}")
    return sides, value


class ScriptedChance:
    """Dice written out in advance, used in order.

    Each item is a value (``5``) or a labelled value (``("d8", 5)``): a label is checked
    against the die the rules ask for, so a test also pins the rolling order. A value the
    die cannot show raises :class:`ScriptValueError`; running out raises
    :class:`ScriptExhaustedError`, unless ``then`` (another source) takes over.
    """

    def __init__(self, values: Iterable[Any] = (), then: Chance | None = None) -> None:
        self.values = tuple(_script_value(v, i) for i, v in enumerate(values))
        self.then = then
        self.pos = 0
        self.asked: list[int] = []  # sides of every die asked for, in order

    @property
    def remaining(self) -> int:
        return len(self.values) - self.pos

    def roll(self, sides: int) -> int:
        _check_sides(sides)
        if self.pos >= len(self.values):
            if self.then is not None:
                self.asked.append(sides)
                return self.then.roll(sides)
            raise ScriptExhaustedError(
                f"the scripted dice ran out after {len(self.values)} rolls (a d{sides} was asked for)")
        label, value = self.values[self.pos]
        if label is not None and label != sides:
            raise ScriptValueError(
                f"script item {self.pos + 1} is for a d{label}, but a d{sides} was rolled: {('d%d' % label, value)!r}")
        if value > sides:
            raise ScriptValueError(
                f"script item {self.pos + 1} is out of range for a d{sides}: {value!r}")
        self.pos += 1
        self.asked.append(sides)
        return value

    def getstate(self) -> Any:
        return self.pos, len(self.asked), (self.then.getstate() if hasattr(self.then, "getstate") else None)

    def setstate(self, state: Any) -> None:
        self.pos, n, then = state
        del self.asked[n:]
        if then is not None:
            self.then.setstate(then)  # type: ignore[union-attr]

    def __repr__(self) -> str:
        return f"ScriptedChance({[v for _, v in self.values]!r}, at {self.pos})"
