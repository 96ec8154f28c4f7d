"""A model's reply shown sentence by sentence, each as soon as the director's reading lets it.

The director reads a model's words before anyone sees them (``guard``, given by the teller).
Held whole, a reply shows nothing until its last token; read as it comes, each sentence is
shown once the reply so far passes. A finding is one of two sorts:

- it may still be answered by a sentence to come (``waits``): a decided fact not told yet,
  a success's cost not told yet ("…without a sound" before "…but the lighter stays behind"),
  a paragraph that has named nothing of the night yet. Such a sentence is held, and shown
  with the sentence that answers it;
- it is the sentence's own fault (the dead acting, a thing in the wrong hands, a deed nobody
  did …). The sentence is set aside and the reading goes on; a second one set aside ends it
  (the rest is not read), and so does a first sentence at fault (nothing of it is shown: the
  templates tell the beat).

At the end of the reply what is still held is read with the whole reading; what the shown part
left untold is the templates' to tell (see ``LLMNarrator``). Nothing refused is ever shown.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Gate", "sentences"]

#: A sentence ends at . ! ? or … (and a closing quote), before the capital that opens the next.
_END = re.compile(r"(?<!\bMr\.)(?<!\bMrs\.)(?<!\bMs\.)(?<!\bDr\.)(?<!\bSt\.)(?<=[.!?…])[\"”’)]*\s+(?=[\"“(]?[A-Z])")
#: Sentences set aside before the reading stops.
MOST_SET_ASIDE = 2


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _END.split(text) if s.strip()]


@dataclass
class Gate:
    """Feed it the reply so far (cleaned), again and again; it returns what may be shown now."""

    read: Callable[[str], list]
    waits: Callable[[Any], bool]
    shown: list[str] = field(default_factory=list)
    held: list[str] = field(default_factory=list)
    set_aside: list[tuple[str, Any]] = field(default_factory=list)  # (sentence, the first finding)
    findings: list = field(default_factory=list)  # every finding that set a sentence aside
    refused: list = field(default_factory=list)  # the findings that stopped it at its first sentence
    closed: bool = False
    _seen: int = 0

    def feed(self, text: str, final: bool = False) -> list[str]:
        """The sentences of ``text`` that may be shown now, in order (a sentence is whole once
        the next one begins, or at the end: ``final``)."""
        parts = sentences(text)
        whole = parts if final else parts[:-1]
        out: list[str] = []
        for s in whole[self._seen:]:
            out += self._one(s)
        self._seen = max(self._seen, len(whole))
        if final:
            out += self._end()
        return out

    def _one(self, s: str) -> list[str]:
        if self.closed:
            self.set_aside.append((s, None))
            return []
        found = self.read(" ".join(self.shown + self.held + [s]))
        own = [c for c in found if not self.waits(c)]
        if own:
            if not self.shown and not self.held:
                self.refused, self.closed = own, True  # who acts is never left to a later sentence
            else:
                self.set_aside.append((s, own[0]))
                self.findings += own
                self.closed = len(self.set_aside) >= MOST_SET_ASIDE
            return []
        if any(getattr(c, "kind", "") != "untold" for c in found):
            self.held.append(s)
            return []
        out, self.held = self.held + [s], []
        self.shown += out
        return out

    def _end(self) -> list[str]:
        """What is still held, read whole: shown when nothing but an untold fact is against it."""
        if not self.held:
            return []
        found = self.read(" ".join(self.shown + self.held))
        if all(getattr(c, "kind", "") == "untold" for c in found):
            out, self.held = self.held, []
            self.shown += out
            return out
        if not self.shown:
            self.refused = found
        else:
            self.set_aside += [(s, found[0]) for s in self.held]
            self.findings += found
        self.held = []
        return []

    @property
    def text(self) -> str:
        return " ".join(self.shown)

    @property
    def whole(self) -> bool:
        """Every sentence of the reply shown."""
        return bool(self.shown) and not self.set_aside and not self.refused
