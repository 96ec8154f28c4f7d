"""The secrets this process holds, and every text from outside with them taken out.

Solo knows a few values that must never leave it: the API key (``OPENAI_API_KEY``, the key
given to a narrator or the judge), a bearer token, and credentials written into a server's
URL (``user:password@``, or a query value named like a key: ``?key=…``, ``&token=…``). A server
may say any of them back (an echo, a logging proxy, an error page): :func:`redact` takes each
out of a text before it is shown, kept, logged or sent back to a model, even when the value
is split by characters a screen would not show (a zero-width space, an escape sequence).

Values shorter than :data:`SHORTEST` characters, and values that are one lower-case word
("dummy", "anything": what a local server is given for a key), are not treated as secrets:
taking them out of every sentence would break the story and guard nothing. Likewise a run of
:data:`PART` characters of a secret is masked only when it holds a digit, a sign or a capital
letter after a small one: a word of a key ("required" in ``sk-no-key-required``) stays prose."""

from __future__ import annotations

import os
import re
import threading
from urllib.parse import parse_qsl, unquote, urlsplit

__all__ = ["MASK", "SHORTEST", "forget_all", "known", "redact", "redact_data", "remember", "remember_url"]

#: What a secret becomes.
MASK = "[secret]"
#: The shortest value taken for a secret.
SHORTEST = 6
#: A run of this many characters of a secret is masked too, wherever it stands (a reply that
#: hides the key's first character in an escape still shows the rest).
PART = 8
#: Query keys whose values are credentials (any key holding one of these words).
SECRET_WORDS = ("key", "token", "auth", "secret", "pass", "pwd", "sig", "credential", "session", "cookie")

_lock = threading.Lock()
_values: set[str] = set()
_pattern: re.Pattern | None = None
_grams: dict[str, frozenset[str]] = {}

#: What may stand between two characters of a secret and still let a reader see it whole:
#: controls, escape sequences (their parameter bytes), format characters (zero-width, bidi,
#: soft hyphen, BOM) and the line and paragraph separators.
_BETWEEN = (r"(?:(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?"
            r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
            r"|\x1b[\x20-\x2f]*[\x30-\x7e]?"
            r"|[\x00-\x08\x0b-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff])*")
#: One stretch of what :data:`_BETWEEN` lets stand between a secret's characters.
_GAP = re.compile(_BETWEEN[:-1] + "+")


def _variants(value: str) -> set[str]:
    """The value and how it may appear written out: URL-quoted, ``%``-decoded."""
    from urllib.parse import quote

    out = {value, quote(value, safe=""), unquote(value)}
    return {v for v in out if len(v) >= SHORTEST and not (v.isalpha() and v.islower())}


def remember(value: str | None) -> None:
    """Hold ``value`` as a secret from now on (ignored when short or empty)."""
    global _pattern
    if not value:
        return
    value = str(value).strip()
    if value.lower().startswith("bearer "):
        value = value[7:].strip()
    new = _variants(value) - _values
    if not new:
        return
    with _lock:
        _values.update(new)
        _pattern = None
        _grams.update({v: frozenset(g for g in (v[i:i + PART] for i in range(len(v) - PART + 1)) if _keylike(g))
                       for v in new if len(v) >= PART})


def _keylike(run: str) -> bool:
    """A run of a key that is not a piece of prose: a digit or a sign in it, or a capital
    after a small letter."""
    return not run.isalpha() or any(a.islower() and b.isupper() for a, b in zip(run, run[1:]))


def remember_url(url: str | None) -> None:
    """Hold the credentials written into ``url`` as secrets: ``user:password@`` and the value
    of every query or fragment parameter named like a credential."""
    if not url:
        return
    try:
        parts = urlsplit(str(url))
    except ValueError:
        return
    if parts.password:
        remember(parts.password)
    if parts.username and parts.password:
        remember(f"{parts.username}:{parts.password}")
    for piece in (parts.query, parts.fragment):
        for name, value in parse_qsl(piece, keep_blank_values=False):
            if any(word in name.casefold() for word in SECRET_WORDS):
                remember(value)


def remember_environment() -> None:
    """The secrets the environment gives solo: ``OPENAI_API_KEY`` and the credentials in
    ``OPENAI_BASE_URL``."""
    remember(os.environ.get("OPENAI_API_KEY"))
    remember_url(os.environ.get("OPENAI_BASE_URL"))


def known() -> int:
    """How many secret values (and their written forms) are held."""
    return len(_values)


def forget_all() -> None:
    """Hold no secret (for tests)."""
    global _pattern
    with _lock:
        _values.clear()
        _grams.clear()
        _pattern = None


def _compiled() -> re.Pattern | None:
    global _pattern
    with _lock:
        if _pattern is None and _values:
            # longest first, so a value that holds another is taken whole
            alts = [_BETWEEN.join(re.escape(ch) for ch in v) for v in sorted(_values, key=len, reverse=True)]
            _pattern = re.compile("|".join(alts))
        return _pattern


def redact(text):
    """``text`` with every secret held replaced by :data:`MASK`; anything not a str is
    returned as it is."""
    if not isinstance(text, str) or not text or not _values:
        return text
    pattern = _compiled()
    if pattern is not None:
        text = pattern.sub(MASK, text)
    return _mask_runs(text)


def _mask_runs(text: str) -> str:
    """``text`` with every run of :data:`PART` or more characters of a secret masked, read as a
    screen shows it: what stands between characters unseen (:data:`_BETWEEN`) does not break a
    run ("-Q7wPz4\u200bKmR2" is a run of ten)."""
    if len(text) < PART:
        return text
    keep: list[int] = []  # where each character a reader sees stands in ``text``
    at = 0
    for gap in _GAP.finditer(text):
        keep.extend(range(at, gap.start()))
        at = gap.end()
    keep.extend(range(at, len(text)))
    seen = "".join(text[k] for k in keep)
    spans: list[tuple[int, int]] = []
    for value, grams in list(_grams.items()):
        i = 0
        while i <= len(seen) - PART:
            if seen[i:i + PART] in grams:
                j = i + PART
                while j < len(seen) and seen[i:j + 1] in value:
                    j += 1
                spans.append((keep[i], keep[j - 1] + 1))
                i = j
            else:
                i += 1
    if not spans:
        return text
    out, last = [], 0
    for start, end in sorted(spans):
        if start < last:  # overlaps one masked already
            last = max(last, end)
            continue
        out += [text[last:start], MASK]
        last = end
    return "".join(out) + text[last:]


def redact_data(data):
    """``data`` (dicts, lists, strings, as JSON holds them) with every string redacted."""
    if not _values:
        return data
    if isinstance(data, str):
        return redact(data)
    if isinstance(data, dict):
        return {redact(k) if isinstance(k, str) else k: redact_data(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [redact_data(v) for v in data]
    return data


def trailing_part(text: str, shortest: int = 4) -> int:
    """Where a secret's beginning, cut off at the end of ``text`` (a reply cut at a cap), starts;
    ``len(text)`` when the text ends with no such part."""
    if not _values or not text:
        return len(text)
    for value in sorted(_values, key=len, reverse=True):
        for n in range(min(len(value) - 1, len(text)), shortest - 1, -1):
            if text.endswith(value[:n]):
                return len(text) - n
    return len(text)
