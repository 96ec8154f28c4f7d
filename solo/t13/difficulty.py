"""The Difficulty of a Card Draw Test.

"The Yarn-Teller must set a Difficulty for the Card Draw Test. This is usually done as a
Chi / Bold / (Pips) Difficulty (although this can be altered to Monstrous or Intrepid …).
This Difficulty can also be created with an Ordeal Card."
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import as_card, card_str, is_joker, pips
from .chance import Chance, draw_card
from .errors import DifficultyError
from .rules import Rules


@dataclass(frozen=True, slots=True)
class Difficulty:
    """A Difficulty in Pips. ``label`` names its grade (Chi, Bold, Monstrous, Intrepid…) and
    changes nothing (R9); ``card`` and ``base`` record how a card-made Difficulty was made."""

    pips: int
    label: str = ""
    card: int | None = None
    base: int = 0
    jokers: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        for name in ("pips", "base"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise DifficultyError(f"Difficulty {name} must be a whole number of Pips of at least 0, got {v!r}")
        if not isinstance(self.label, str):
            raise DifficultyError(f"Difficulty label must be text, got {self.label!r}")

    def describe(self) -> str:
        name = f"{self.label} " if self.label else ""
        if self.card is None:
            return f"{name}Difficulty {self.pips}"
        set_aside = "".join(f"{card_str(j)} set aside, " for j in self.jokers)
        return f"{name}Difficulty {self.pips} ({set_aside}{card_str(self.card)}: {pips(self.card)} + base {self.base})"


def set_difficulty(pips_: int, label: str = "") -> Difficulty:
    """A Difficulty the Yarn-Teller sets in Pips."""
    return Difficulty(pips_, label)


def card_difficulty(card: int | str, base: int = 0, label: str = "") -> Difficulty:
    """A Difficulty "created with an Ordeal Card": ``base`` plus the card's Pips (R9)."""
    c = as_card(card)
    if isinstance(base, bool) or not isinstance(base, int) or base < 0:
        raise DifficultyError(f"Difficulty base must be a whole number of Pips of at least 0, got {base!r}")
    return Difficulty(base + pips(c), label, c, base)


def draw_difficulty(chance: Chance, base: int = 0, label: str = "", rules: Rules = Rules()) -> Difficulty:
    """Draw the Difficulty's Ordeal Card from the full deck through ``chance`` (R9).

    Under ``joker="redraw"`` a Joker is set aside and another card drawn.
    """
    c = draw_card(chance, (), "difficulty")
    jokers: list[int] = []
    while rules.joker == "redraw" and is_joker(c):
        jokers.append(c)
        c = draw_card(chance, jokers, "difficulty")
    d = card_difficulty(c, base, label)
    return Difficulty(d.pips, label, c, base, tuple(jokers))
