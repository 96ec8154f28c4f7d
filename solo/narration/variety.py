"""Measuring variety: how much of a night's prose is said only once.

The figures the tests hold the template director to: the share of distinct sentences
(13 characters or more, the director's short questions left out) and the sentences of six
words or more told twice in one night. Both read the story transcript's prose — the
director's text and the player's lines — not the dice lines or headings.
"""

from __future__ import annotations

import re
from collections import Counter

from .compose import is_question, norm, sentences

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


def _masked(markdown: str, names) -> list[list[str]]:
    """The prose's sentences as words, with the cast's names, numbers and other capitalised
    words (places, the Killer's name) masked: what is left is the frame."""
    out = []
    for s in prose(markdown):
        for n in names:
            s = re.sub(r"\b" + re.escape(n) + r"\b", "NAME", s)
        s = re.sub(r"\d+", "N", s)
        s = re.sub(r"(?<!^)(?<![.!?] )\b[A-Z][a-z'’]+", "CAP", s)
        out.append(" ".join(s.lower().split()).split())
    return out


def frame_share(markdown: str, names=(), opening: int = 5, limit: int = 3) -> float:
    """The share of sentences whose first ``opening`` words (masked) open more than ``limit``
    sentences of the night."""
    sents = [w for w in _masked(markdown, names) if len(w) >= opening]
    counts = Counter(" ".join(w[:opening]) for w in sents)
    return sum(counts[" ".join(w[:opening])] > limit for w in sents) / len(sents) if sents else 0.0


def most_repeated_run(markdown: str, names=(), words: int = 6) -> tuple[int, str]:
    """The masked run of ``words`` words found in the most sentences of the night, and in how many."""
    counts: Counter = Counter()
    for w in _masked(markdown, names):
        counts.update({" ".join(w[k:k + words]) for k in range(len(w) - words + 1)})
    if not counts:
        return 0, ""
    run, n = counts.most_common(1)[0]
    return n, run
