"""Text from outside — a typed line, a name in a shared save — made safe to show and to write.

A typed line is decoded strictly (a line that is not UTF-8 is refused, never half-kept),
bounded in length and cleaned at the one door, :func:`solo.safetext.clean`. A name is held to one rule
wherever it comes from (typed or read from a save): one line of printable text, not too
long, no control or format characters.
"""

from __future__ import annotations

from ..safetext import TextRefused, clean, has_surrogates, unsafe_reason  # noqa: F401  (re-exported)

from ..limits import MAX_ARCHETYPE, MAX_LINE, MAX_NAME, MAX_WHY  # noqa: F401  (re-exported)


def clean_line(line: str, limit: int = MAX_LINE) -> str:
    """A typed line fit to run, through the one door (:func:`solo.safetext.clean`): refused
    (one line) if it is not UTF-8 or longer than ``limit``; otherwise with terminal control
    sequences and invisible characters removed, NFC, tabs and separators made spaces."""
    if isinstance(line, LongLine):
        raise TextRefused(f"line too long ({line.length:,} bytes; at most {limit:,} characters): ignored")
    if len(line) > 4 * limit:  # not worth cleaning: far too long whatever it holds
        raise TextRefused(f"line too long ({len(line):,} characters; at most {limit:,}): ignored")
    line = clean(line, what="the line", one_line=False).replace("\t", " ").replace("\n", " ")
    if len(line) > limit:
        raise TextRefused(f"line too long ({len(line):,} characters; at most {limit:,}): ignored")
    return line


def check_text(text: str, what: str = "text") -> str:
    """``text`` if it holds no control characters (tabs and newlines refused too), else
    :class:`TextRefused`."""
    why = unsafe_reason(text)
    if why:
        raise TextRefused(f"{what} is refused: {why}")
    return text


def check_name(name: str, what: str = "a name", limit: int = MAX_NAME, forbid: str = ",") -> str:
    """A character name: one line of printable text, 1–``limit`` characters, none of
    ``forbid``; surrounding and repeated spaces are not allowed either (they are collapsed
    when typed). Raises :class:`TextRefused` in one line."""
    if not isinstance(name, str):
        raise TextRefused(f"{what} must be text")
    check_text(name, what)
    if not name.strip():
        raise TextRefused(f"{what} cannot be empty")
    if " ".join(name.split()) != name:
        raise TextRefused(f"{what} {name!r} has spaces at its ends or doubled")
    if len(name) > limit:
        raise TextRefused(f"{what} is at most {limit} characters, got {len(name)}")
    bad = sorted({c for c in name if c in forbid})
    if bad:
        raise TextRefused(f"{what} {name!r} cannot hold {' '.join(bad)}")
    return name


class LongLine(str):
    """Stands for a line that was too long to read (its text is not kept); ``length`` is how
    many bytes it had."""

    length: int = 0


def read_lines(source, limit: int = MAX_LINE):
    """Lines from ``source`` for a shell: a binary stream (or a text stream's ``buffer``) is
    read line by line with a bound, so a line never costs more than a few times ``limit`` in
    memory; bytes that are not UTF-8 are kept as lone surrogates (so the line is refused, not
    the whole input). An over-long line is yielded as a :class:`LongLine`. Other iterables of
    text are passed through."""
    buffer = getattr(source, "buffer", None)
    if buffer is None and hasattr(source, "readline") and not hasattr(source, "encoding"):
        buffer = source  # a binary stream
    if buffer is None or not hasattr(buffer, "readline"):
        yield from source
        return
    cap = 4 * limit + 2
    while True:
        raw = buffer.readline(cap)
        if not raw:
            return
        if len(raw) >= cap and not raw.endswith(b"\n"):
            length = len(raw)
            while True:  # skip the rest of the line, a piece at a time
                more = buffer.readline(1 << 16)
                length += len(more)
                if not more or more.endswith(b"\n"):
                    break
            long = LongLine("")
            long.length = length
            yield long
            continue
        yield raw.decode("utf-8", errors="surrogateescape").rstrip("\r\n")


def shown_line(line: str) -> str:
    """A typed line as it may be echoed: cleaned, or a mark when it is refused."""
    try:
        return clean_line(line)
    except TextRefused:
        return "(unreadable line)"
