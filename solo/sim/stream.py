"""The fast engine's chance stream, in Python: the same draws, in the same order, as
``_fastnight.c``, so the core :class:`~solo.nott.game.Game` can play the very nights the fast
engine plays (the differential test compares them after every Test).

The generator is xoshiro256** seeded through splitmix64. Every draw is an integer below ``n``:
``((next() >> 32) * n) >> 32``. Dice are ``below(10)`` then ``below(4) + 1``; a shuffle is
Fisher–Yates from the end; a Trophy Pile shuffle draws its new top card uniformly (as
:class:`~solo.nott.chance.SeededChance` does, see docs/rulings.md); a choice is ``below(len)``.
Night ``i`` of a run with seed ``S`` is seeded ``(S * 1_000_003 + i) mod 2**64``; its policy
stream (the naive policy's random tester) is seeded with that number xor ``0x5EED``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

MASK = (1 << 64) - 1


def night_seed(seed: int, i: int) -> int:
    return (seed * 1_000_003 + i) & MASK


class Xoshiro:
    """xoshiro256** with splitmix64 seeding."""

    __slots__ = ("s",)

    def __init__(self, seed: int) -> None:
        x = seed & MASK
        s = []
        for _ in range(4):
            x = (x + 0x9E3779B97F4A7C15) & MASK
            z = x
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            s.append(z ^ (z >> 31))
        self.s = s

    def next(self) -> int:
        s0, s1, s2, s3 = self.s
        x = (s1 * 5) & MASK
        result = ((((x << 7) | (x >> 57)) & MASK) * 9) & MASK
        t = (s1 << 17) & MASK
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = ((s3 << 45) | (s3 >> 19)) & MASK
        self.s = [s0, s1, s2, s3]
        return result

    def below(self, n: int) -> int:
        return ((self.next() >> 32) * n) >> 32

    def random(self) -> float:
        """A float in [0, 1) with ``int(random() * n) == below(n)`` for the same state: what
        the policies call (``living[int(rng.random() * len(living))]``)."""
        return (self.next() >> 32) * (1.0 / 4294967296.0)


class StreamChance:
    """A :class:`~solo.nott.chance.Chance` drawing from the fast engine's stream.

    Raw outputs come in blocks (from the compiled generator when it is built, else from
    :class:`Xoshiro`); the position in the stream is the whole state."""

    BLOCK = 512

    def __init__(self, seed: int) -> None:
        self.seed = seed & MASK
        self.pos = 0
        self._raw: list[int] = []
        self._rng = Xoshiro(self.seed)
        from . import fast

        m = fast.module()
        self._draws = m.draws if m is not None else None

    def _more(self) -> None:
        have = len(self._raw)
        if self._draws is not None:
            self._raw += self._draws(self.seed, have, self.BLOCK)
        else:
            nxt = self._rng.next
            self._raw += [nxt() for _ in range(self.BLOCK)]

    def below(self, n: int) -> int:
        if self.pos >= len(self._raw):
            self._more()
        x = self._raw[self.pos]
        self.pos += 1
        return ((x >> 32) * n) >> 32

    def roll(self) -> tuple[int, int]:
        b = self.below
        main = b(10)
        return main, b(4) + 1

    def shuffle(self, pile: list[int], what: str) -> None:
        b = self.below
        n = len(pile)
        if what == "trophy":
            if n > 1:
                j = b(n)
                pile[0], pile[j] = pile[j], pile[0]
            return
        for i in range(n - 1, 0, -1):
            j = b(i + 1)
            pile[i], pile[j] = pile[j], pile[i]

    def choose(self, cards: Sequence[int], what: str) -> int:
        return self.below(len(cards))

    def getstate(self) -> Any:
        return self.pos

    def setstate(self, state: Any) -> None:
        self.pos = state


def policy_rng(night: int) -> Xoshiro:
    """The policy's own stream for a night seeded ``night``."""
    return Xoshiro(night ^ 0x5EED)
