"""Options of the Card Draw Test: the switches the text offers and the rulings one may turn.

See docs/rulings-t13.md for each default.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .errors import RulesError

JOKER_POLICIES = ("zero", "redraw")
TIE_POLICIES = ("share", "draw_off")


@dataclass(frozen=True, slots=True)
class Rules:
    """Card Draw Test options.

    - ``opposite_colour_failure``: "Any Suit with the opposite colour may also incur a
      Failure Level" — on by default, as in the Trial example.
    - ``stack_suit_failures``: whether an Opposed Suit that is also of the opposite colour
      incurs two Failure Levels (default: one; ruling R6).
    - ``joker``: ``"zero"`` — a Joker adds no Pips and has no suit (R2); ``"redraw"`` — it is
      set aside and the character draws again.
    - ``shared_deck``: everyone draws from one 54-card deck, so no card is drawn twice (R3).
    - ``success_places``: how many placings earn an additional Success Level: 1 — "the
      Character with the highest Pips being granted an additional Success Level"; 2 or 3 —
      "additional Success Levels for second and even third place"; 0 — none (R11).
    - ``failure_below``: a placing p ≥ 1; every Character placed below p gains a Failure
      Level; ``None`` — off (R12).
    - ``ties``: ``"share"`` — equal totals share a placing; ``"draw_off"`` — tied characters
      draw again until the tie is broken (R10).
    - ``levels_require_pass``: placing Success Levels only for characters who passed — the
      "additional" Success Level is on top of a pass (default; R13). False grades everyone.
    """

    opposite_colour_failure: bool = True
    stack_suit_failures: bool = False
    joker: str = "zero"
    shared_deck: bool = True
    success_places: int = 1
    failure_below: int | None = None
    ties: str = "share"
    levels_require_pass: bool = True

    def __post_init__(self) -> None:
        for name in ("opposite_colour_failure", "stack_suit_failures", "shared_deck", "levels_require_pass"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} must be True or False, got {getattr(self, name)!r}")
        if self.joker not in JOKER_POLICIES:
            raise RulesError(f"joker must be one of {JOKER_POLICIES}, got {self.joker!r}")
        if self.ties not in TIE_POLICIES:
            raise RulesError(f"ties must be one of {TIE_POLICIES}, got {self.ties!r}")
        sp = self.success_places
        if isinstance(sp, bool) or not isinstance(sp, int) or sp < 0:
            raise RulesError(f"success_places must be a whole number of at least 0, got {sp!r}")
        fb = self.failure_below
        if fb is not None and (isinstance(fb, bool) or not isinstance(fb, int) or fb < 1):
            raise RulesError(f"failure_below must be None or a placing of at least 1, got {fb!r}")

    def with_(self, **changes: Any) -> "Rules":
        """A copy with some options changed."""
        try:
            return replace(self, **changes)
        except TypeError as exc:
            raise RulesError(f"unknown option in {sorted(changes)!r}: {exc}") from None
