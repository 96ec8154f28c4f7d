"""Text from outside — typed, read from a file, or written by a model — made safe.

Two functions, used everywhere, so that every text obeys one rule:

- :func:`clean` is the door. Text a person, a file or a model hands us passes it once before
  it is used: terminal escape sequences, control and invisible format characters (a zero-width
  space pasted from a web page, a byte-order mark, a soft hyphen, bidirectional overrides) are
  removed, line and paragraph separators become spaces, the text is put in Unicode NFC form,
  and its length is bounded (refused in one line, or cut for a model's prose).
- :func:`safe` is the edge. Whatever is shown on a terminal or written to a transcript passes
  it on the way out, wherever it came from: escape sequences and control and format characters
  are removed, newlines and tabs kept, and any secret solo holds (the API key, a bearer
  token: :mod:`solo.secrets`) is masked. The command line prints through :func:`echo` (and its
  JSON through :func:`safe_json`), which apply it.

Kept on purpose: the zero-width joiner and non-joiner (U+200D, U+200C), which join emoji and
letters of some scripts, and private-use characters, which show as a glyph or a box.
"""

from __future__ import annotations

import argparse
import re
import sys
import unicodedata

from .secrets import redact

__all__ = ["SafeArgumentParser", "TextRefused", "clean", "echo", "guard_console", "safe", "safe_json",
           "shell_quoted", "shown_name", "strip_control", "unsafe_reason"]

#: Format characters (Unicode category Cf) that are kept: they change how letters join.
KEPT_FORMAT = frozenset("\u200c\u200d")


class TextRefused(ValueError):
    """Text that is refused: not UTF-8, too long, or not fit for its place."""


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
_ASCII_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f]")


def strip_control(text: str) -> str:
    """``text`` with terminal control sequences removed: ANSI CSI and OSC escapes (and the
    other ESC/C1 sequences), C0 controls except newline and tab, DEL and C1 controls.

    ``\\r`` is dropped too, so carriage-return overwrite tricks show every character; a
    ``\\r\\n`` line end becomes ``\\n``. Apply it to whole texts (or buffered lines): an escape
    split across two streamed chunks is only recognised when both halves are together.
    """
    if not text:
        return ""
    if _CONTROLS.search(text) is None:
        return text  # every sequence begins with a character of _CONTROLS: nothing to strip
    text = _STRING_SEQ.sub("", text)
    text = _CSI.sub("", text)
    text = _ESC.sub("", text)
    return _CONTROLS.sub("", text)


def _invisible(ch: str) -> bool:
    """A character no text of ours keeps: controls (but newline and tab), format characters
    (but the joiners), lone surrogates, and the line and paragraph separators."""
    cat = unicodedata.category(ch)
    if cat == "Cc":
        return ch not in "\n\t"
    if cat == "Cf":
        return ch not in KEPT_FORMAT
    return cat in ("Cs", "Zl", "Zp")


def _drop_invisible(text: str, separators: str = "") -> str:
    """``text`` without :func:`_invisible` characters; line and paragraph separators become
    ``separators``."""
    if text.isascii():
        return _ASCII_CONTROLS.sub("", text)
    if text.replace("\n", "").replace("\t", "").isprintable():
        return text  # no control, format or surrogate character, no line or paragraph separator
    out = []
    for ch in text:
        if ch in "\u2028\u2029":
            out.append(separators)
        elif ch < "\x80" and ch not in "\x00\x7f" and (ch >= " " or ch in "\n\t"):
            out.append(ch)
        elif not _invisible(ch):
            out.append(ch)
    return "".join(out)


def _no_surrogates(text: str) -> str:
    """Lone surrogates (bytes that were not UTF-8) replaced by U+FFFD."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")


def has_surrogates(text: str) -> bool:
    """True if ``text`` holds bytes that were not UTF-8 (decoded as lone surrogates)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def safe(text) -> str:
    """The edge: ``text`` as it may be shown on a terminal or written to a file. Escape
    sequences, control characters (newline and tab kept) and invisible format characters are
    removed; a lone surrogate becomes U+FFFD. Idempotent."""
    text = str(text)
    if not text:
        return ""
    return redact(_drop_invisible(strip_control(_no_surrogates(text)), "\n"))


def echo(text="", *, file=None, end: str = "\n") -> None:
    """Print ``text`` through :func:`safe` to stdout (or ``file``): how the command line prints."""
    print(safe(text), end=end, file=sys.stdout if file is None else file)


def safe_json(data, **dumps) -> str:
    """``data`` as JSON fit for a terminal: ``json.dumps(data, ensure_ascii=False)`` when
    :func:`safe` would remove nothing from it, else every non-ASCII character escaped (the
    data kept whole, nothing raw left for a terminal to obey)."""
    import json

    text = json.dumps(data, ensure_ascii=False, **dumps)
    return text if safe(text) == text else json.dumps(data, ensure_ascii=True, **dumps)


class SafeArgumentParser(argparse.ArgumentParser):
    """argparse, its usage, help and errors (which quote what was typed) printed through
    :func:`safe`; its subcommands' parsers are of this class too."""

    def _print_message(self, message, file=None):
        super()._print_message(safe(message) if message else message, file)


def clean(text, *, what: str = "the text", limit: int | None = None, one_line: bool = True,
          cut: bool = False, undecodable: str = "refuse") -> str:
    """The door: ``text`` from a person, a file or a model, fit to use and to save.

    Escape sequences and invisible characters are removed (see :func:`safe`), the text is put
    in NFC form and, when ``one_line``, every run of white space (newlines, tabs, line and
    paragraph separators) becomes one space and the ends are trimmed. Bytes that were not
    UTF-8 refuse the text (``undecodable="refuse"``, for what a person typed) or become
    U+FFFD (``"replace"``). Longer than ``limit`` after cleaning: refused with
    :class:`TextRefused` in one line, or cut at a word with an ellipsis when ``cut`` (a
    model's prose, a judge's reason).
    """
    text = str(text)
    if has_surrogates(text):
        if undecodable == "refuse":
            raise TextRefused(f"{what} is not UTF-8 text (undecodable bytes): ignored")
        text = _no_surrogates(text)
    text = strip_control(text)
    if not text.isascii():
        text = unicodedata.normalize("NFC", text)
    text = redact(_drop_invisible(text, " "))
    if one_line:
        text = " ".join(text.split())
    if limit is not None and len(text) > limit:
        if not cut:
            raise TextRefused(f"{what} is too long ({len(text):,} characters; at most {limit:,})")
        text = shorten(text, limit)
    return text


def shorten(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, at a word where one is near, with an
    ellipsis."""
    if len(text) <= limit:
        return text
    if limit < 2:
        return text[:limit]
    head = text[: limit - 1]
    space = head.rfind(" ")
    if space >= limit * 2 // 3:
        head = head[:space]
    return head.rstrip(" ,;:") + "…"


def shown_name(name) -> str:
    """A file's name as it may be shown: every character that is not printable (an escape, a
    control or zero-width character, a byte that was not UTF-8) written as its Python escape
    (``\\x1b``, ``\\u200b``), the rest as it is. A name is never cleaned to be used, only to be
    shown: this shows it whole, so a name is never shown as another file's."""
    text = str(name)
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def shell_quoted(name) -> str:
    """``name`` as a POSIX shell word that gives it back exactly, fit to show: quoted as
    :func:`shlex.quote` does, or, when it holds a character that is not printable, in ANSI-C
    quotes (``$'e\\x1b.json'``, as bash and zsh read them; a byte that was not UTF-8 as
    ``\\xNN``)."""
    import shlex

    text = str(name)
    if text.isprintable():
        return shlex.quote(text)
    out = []
    for c in text:
        if c in "\\'":
            out.append("\\" + c)
        elif c.isprintable():
            out.append(c)
        else:
            out.extend(f"\\x{b:02x}" for b in c.encode("utf-8", "surrogateescape"))
    return "$'" + "".join(out) + "'"


def unsafe_reason(text: str) -> str | None:
    """Why ``text`` may not be kept as one line of a save as it is, or None if it may: it is
    not UTF-8, holds a newline, tab, control or invisible format character, or a terminal
    control sequence."""
    if text.isprintable():
        return None  # no control, format, surrogate or separator character: none of the above
    return _every_check(text)


def _every_check(text: str) -> str | None:
    """:func:`unsafe_reason`, read through every check in turn."""
    if has_surrogates(text):
        return "it is not UTF-8 text"
    for ch in text:
        if ch in "\n\t" or _invisible(ch):
            return f"it holds the invisible or control character U+{ord(ch):04X}"
    if strip_control(text) != text:
        return "it holds a terminal control sequence"
    return None


def guard_console(console):
    """Make a rich ``Console`` pass everything it prints through :func:`safe` (its own styles and
    cursor controls are kept). Returns the console."""
    if not any(isinstance(h, _SafeHook) for h in getattr(console, "_render_hooks", ())):
        console.push_render_hook(_SafeHook())
        console.on_broken_pipe = lambda: _reader_gone(console)
    return console


def _reader_gone(console) -> None:
    """The reader of a pipe has gone (``solo sim | head -2``): it has read all it wanted, so
    nothing more is written and solo leaves quietly with success (rich's own way exits 1)."""
    import os
    import sys

    console.quiet = True
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    raise SystemExit(0)


class _SafeRenderable:
    """Renders its renderable with :func:`safe` applied to the text of every segment."""

    __slots__ = ("inner",)

    def __init__(self, inner) -> None:
        self.inner = inner

    def __rich_console__(self, console, options):
        from rich.segment import Segment

        def made_safe():
            for segment in console.render(self.inner, options):
                if segment.control or not segment.text:
                    yield segment
                else:
                    text = safe(segment.text)
                    yield segment if text == segment.text else Segment(text, segment.style)

        # on a terminal the padding is invisible; in a pipe or a file it is trailing blanks
        yield from made_safe() if console.is_terminal else _without_trailing_blanks(made_safe())


def _without_trailing_blanks(segments):
    """``segments`` with the blanks at the end of every finished line taken out (a table's or a
    centred title's padding to the console's width); a line not yet finished is left as it is."""
    from rich.segment import Segment

    line: list = []
    for segment in segments:
        if segment.control or "\n" not in segment.text:
            line.append(segment)
            continue
        parts = segment.text.split("\n")
        for k, part in enumerate(parts):
            if k:
                yield from _rstrip(line)
                yield Segment("\n")
                line = []
            if part:
                line.append(Segment(part, segment.style))
    yield from line


def _rstrip(line: list) -> list:
    from rich.segment import Segment

    while line and not line[-1].control and not line[-1].text.rstrip():
        line.pop()
    if line and not line[-1].control:
        last = line[-1]
        line[-1] = Segment(last.text.rstrip(), last.style)
    return line


class _SafeHook:
    """A rich render hook (rich.console.RenderHook) wrapping every renderable printed."""

    def process_renderables(self, renderables):
        return [_SafeRenderable(r) for r in renderables]
