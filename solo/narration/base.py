"""The narrator interface, in the style of simonw/llm: a narrator turns a :class:`Beat`
into text chunks. The offline :class:`~solo.narration.templates.TemplateNarrator` yields
whole texts; an LLM backend will stream chunks through the same interface.

Narrators only tell; the rules core decides. Any text that did not come from our own
templates (model output, player names) should pass through :func:`strip_control` before
it reaches a terminal.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol, runtime_checkable

from .beats import Beat

__all__ = ["Narrator", "Retraction", "narrate_text", "strip_control"]


class Retraction(str):
    """Yielded (empty) by a streaming narrator when the text it already streamed for a beat
    must be taken back (the stream broke mid-way); the replacement text follows."""


@runtime_checkable
class Narrator(Protocol):
    """Anything that can tell a beat: ``narrate(beat)`` yields text chunks."""

    def narrate(self, beat: Beat) -> Iterator[str]: ...


def narrate_text(narrator: Narrator, beat: Beat) -> str:
    """The whole text a narrator tells for ``beat`` (its chunks joined, retractions applied)."""
    chunks: list[str] = []
    for chunk in narrator.narrate(beat):
        if isinstance(chunk, Retraction):
            chunks.clear()
        else:
            chunks.append(chunk)
    return "".join(chunks)


from ..safetext import strip_control  # noqa: E402  (kept here for its users)
