"""The narrator interface, in the style of simonw/llm: a narrator turns a :class:`Beat`
into text chunks. The offline :class:`~solo.narration.templates.TemplateNarrator` yields
whole texts; an LLM backend will stream chunks through the same interface.

Narrators only tell; the rules core decides. Any text that did not come from our own
templates (model output, player names) should pass through :func:`strip_control` before
it reaches a terminal.
"""

from __future__ import annotations

import re
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


# String-type sequences carry a payload up to a terminator (BEL, ESC \ or 8-bit ST):
# OSC (ESC ] / 0x9d), DCS (ESC P / 0x90), SOS (ESC X / 0x98), PM (ESC ^ / 0x9e),
# APC (ESC _ / 0x9f). An unterminated one swallows the rest of the text, as a terminal would.
_STRING_SEQ = re.compile(r"(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f]).*?(?:\x07|\x1b\\|\x9c|\Z)", re.S)
# CSI: ESC [ or 8-bit 0x9b, parameter bytes, intermediate bytes, a final byte (maybe cut off).
_CSI = re.compile(r"(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?")
# Any other escape: ESC, intermediates, a final byte (charset switches, ESC c reset, ESC 7 …).
_ESC = re.compile(r"\x1b[\x20-\x2f]*[\x30-\x7e]?")
# Remaining C0 controls except \t and \n (so \r, \b, BEL, VT, FF go), DEL, and all of C1;
# plus Unicode bidirectional overrides and isolates, which reorder what a reader sees.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def strip_control(text: str) -> str:
    """``text`` with terminal control sequences removed: ANSI CSI and OSC escapes (and the
    other ESC/C1 sequences), C0 controls except newline and tab, DEL and C1 controls.

    ``\\r`` is dropped too, so carriage-return overwrite tricks show every character; a
    ``\\r\\n`` line end becomes ``\\n``. Apply it to whole texts (or buffered lines): an escape
    split across two streamed chunks is only recognised when both halves are together.
    """
    if not text:
        return ""
    text = _STRING_SEQ.sub("", text)
    text = _CSI.sub("", text)
    text = _ESC.sub("", text)
    return _CONTROLS.sub("", text)
