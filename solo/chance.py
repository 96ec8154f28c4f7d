"""Seeded chance shared by every rules kit: a seed (drawn at random and kept when none is
given, so any game can be replayed), a ``random.Random`` behind it, and its state saved and
restored for exact undo. Each kit subclasses it with the draws its rules ask for."""

from __future__ import annotations

import random
from typing import Any


class SeededSource:
    __slots__ = ("seed", "_rng")

    def __init__(self, seed: int | str | None = None) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(10**9)
        self.seed = seed
        self._rng = random.Random(seed)

    def getstate(self) -> Any:
        return self._rng.getstate()

    def setstate(self, state: Any) -> None:
        self._rng.setstate(state)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.seed!r})"
