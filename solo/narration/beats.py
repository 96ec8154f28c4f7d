"""A beat: one moment the director has decided to tell, handed to a voice.

A :class:`Beat` is a kind plus a context of plain data (strings, ints, bools, ``None``,
lists and dicts of those), so a template, a prompt or a transcript can use it as is. The
director builds them (:mod:`solo.director.beats` from the rules core's events, an answer from
a question); the voices (:mod:`solo.narration.templates`, :mod:`solo.narration.llm`) tell them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["BEAT_KINDS", "Beat"]

#: Every beat kind, in roughly the order a night meets them.
BEAT_KINDS = (
    "opening", "threat", "challenge", "outcome", "genre_point", "award", "weakness", "strike",
    "death", "endgame", "black_joker", "red_joker", "dawn", "all_dead", "answer",
)


@dataclass(frozen=True)
class Beat:
    """One moment to narrate: ``kind`` (one of :data:`BEAT_KINDS`) and its ``context``.

    Every context carries ``player_action`` (the player's last free-text line, or ``None``)
    and ``summary`` (a short rolling summary of the night so far).
    """

    kind: str
    context: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in BEAT_KINDS:
            raise ValueError(f"unknown beat kind {self.kind!r} (one of {', '.join(BEAT_KINDS)})")
        object.__setattr__(self, "context", dict(self.context))

    def __getitem__(self, key: str) -> Any:
        return self.context[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.context.get(key, default)

    @property
    def player_action(self) -> str | None:
        return self.context.get("player_action")

    @property
    def summary(self) -> str:
        return self.context.get("summary", "")

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "context": dict(self.context)}
