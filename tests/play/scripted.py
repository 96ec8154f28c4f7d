"""A narrator that tells numbered lines instead of prose, in the manner of the model director:
one request per beat, or (``merge``) one per stretch from an outcome to the next Threat Card,
with short table talk told by its template fallback."""

from __future__ import annotations

from solo.narration.base import Retraction
from solo.narration.templates import TemplateNarrator


class Scripted:
    TABLE_TALK = ("challenge", "award", "genre_point")
    ALONE = ("dawn", "all_dead")

    def __init__(self, merge: bool = False, seed: int = 1, broken: set[int] | None = None):
        self.merge = merge
        self.fallback = TemplateNarrator(seed=seed)
        self.calls: list[list[str]] = []  # the beat kinds of each request
        self.beats: list = []  # every beat handed over
        self.broken = broken or set()  # requests whose stream breaks (their text is retracted)
        self.cast = None

    def set_cast(self, cast):
        self.cast = cast

    def _line(self, kinds):
        n = len(self.calls)
        if n in self.broken:
            yield "half a sentence"
            yield Retraction("")
            yield f"Line {n} retold."
            return
        yield f"Line {n}: "
        yield " + ".join(kinds) + "."

    def narrate(self, beat):
        self.beats.append(beat)
        self.calls.append([beat.kind])
        return self._line([beat.kind])

    def narrate_stretch(self, beats):
        self.beats.extend(beats)
        self.calls.append([b.kind for b in beats])
        return self._line([b.kind for b in beats])
