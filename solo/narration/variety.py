"""Measuring variety: how much of a night's prose is said only once.

The figures the tests hold the template director to: the share of distinct sentences
(13 characters or more, the director's short questions left out) and the sentences of six
words or more told twice in one night. Both read the story transcript's prose — the
director's text and the player's lines — not the dice lines or headings.
"""

from __future__ import annotations

import re
from collections import Counter

from .templates import is_question, norm, sentences

_PLAYER = re.compile(r"^\*\*[^*]+:\*\* “(.*)”$")


def prose(markdown: str) -> list[str]:
    """Every sentence of the director's text (``> `` lines) and the player's lines."""
    out: list[str] = []
    for line in markdown.splitlines():
        if line.startswith("> "):
            out += sentences(line[2:])
        else:
            m = _PLAYER.match(line)
            if m:
                out += sentences(m.group(1))
    return out


def measured(markdown: str) -> list[str]:
    """The sentences the distinct share counts: 13 characters or more, no short questions."""
    return [s for s in prose(markdown) if len(s) >= 13 and not is_question(s)]


def distinct_share(markdown: str) -> float:
    counted = [norm(s) for s in measured(markdown)]
    return len(set(counted)) / len(counted) if counted else 1.0


def repeated_long(markdown: str, words: int = 6) -> list[str]:
    """Sentences of ``words`` words or more (short questions aside) told more than once."""
    counts = Counter(norm(s) for s in prose(markdown) if len(s.split()) >= words and not is_question(s))
    return sorted(s for s, n in counts.items() if n > 1)
