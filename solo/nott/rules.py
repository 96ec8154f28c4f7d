"""Rulesets: the knobs where the two seed texts differ, and that playsets may turn.

``ashcan`` is the ROPECON 2025 ashcan (nott-ashcan-2025.md); ``playtest`` is the playtest
configuration (nott-playtest-configuration.md). See docs/rulings.md for every difference.
"""

from __future__ import annotations

from typing import Any

from dataclasses import dataclass, replace
from .errors import SetupError


@dataclass(frozen=True)
class Ruleset:
    """Rule knobs the engine supports.

    - ``trophy_start``: ``"ten"`` — "the Director takes the bottom card (a random 10) from the
      Number Reserve and places it face-up to start the Trophy Pile" (ashcan); ``"empty"`` —
      "Start empty - no initial card is placed" (playtest).
    - ``empty_trophy_base``: "If empty, face cards use difficulty 1 as base."
    - ``reserve_fallback``: "If there are no cards left in a Reserve you would need to pull from,
      pull from the next highest Reserve pile instead" (ashcan) versus "Reserves may run dry;
      this is acceptable" (playtest).
    - ``face_modifiers``: "Jack: +1, Queen: +2, King: +3".
    - ``genre_points``: "The Director starts with 13 Genre Points".
    - ``strikes_to_die``: "When you get your third Strike, the character's story is over."
    - ``fast_setup``: "For a faster game they can remove a random 2, 3, 4, 5, 6, 7, 8, 9 and 10".
    """

    name: str = "ashcan"
    trophy_start: str = "ten"
    empty_trophy_base: int = 1
    reserve_fallback: bool = True
    face_modifiers: tuple[int, int, int] = (1, 2, 3)
    genre_points: int = 13
    strikes_to_die: int = 3
    fast_setup: bool = False
    min_cast: int = 4
    max_cast: int = 4

    def __post_init__(self) -> None:
        if self.trophy_start not in ("ten", "empty"):
            raise SetupError(f"trophy_start must be 'ten' or 'empty', got {self.trophy_start!r}")
        if len(self.face_modifiers) != 3:
            raise SetupError(f"face_modifiers needs three values (J, Q, K), got {self.face_modifiers!r}")
        if self.genre_points < 0:
            raise SetupError(f"genre_points cannot be negative, got {self.genre_points!r}")
        if self.strikes_to_die < 1:
            raise SetupError(f"strikes_to_die must be at least 1, got {self.strikes_to_die!r}")
        if not 1 <= self.min_cast <= self.max_cast:
            raise SetupError(f"cast size {self.min_cast}–{self.max_cast} is not a range")

    def with_(self, **changes: Any) -> "Ruleset":
        """A copy with some knobs changed (``ruleset.with_(fast_setup=True)``)."""
        try:
            return replace(self, **changes)
        except TypeError as exc:
            raise SetupError(f"unknown rule knob in {sorted(changes)!r}: {exc}") from None


#: The bounds of the knobs a player may turn (``--set``, a playset's ``[rules]``), and so of
#: the rules a save may hold: a save is refused at load with a rule outside them.
GENRE_POINTS = (0, 99)
STRIKES_TO_DIE = (1, 9)
EMPTY_TROPHY_BASE = (0, 13)
FACE_MODIFIER = (0, 13)

ASHCAN = Ruleset()
PLAYTEST = Ruleset(name="playtest", trophy_start="empty", reserve_fallback=False, min_cast=3)
RULESETS = {"ashcan": ASHCAN, "playtest": PLAYTEST}


def get_ruleset(name: str) -> Ruleset:
    """The built-in ruleset called ``name`` (``ashcan`` or ``playtest``)."""
    try:
        return RULESETS[name.strip().lower()]
    except (KeyError, AttributeError):
        raise SetupError(f"unknown ruleset: {name!r} (choose from {', '.join(RULESETS)})") from None
