"""The conversation a model narrator holds with its server over a night: it only grows.

Each request sends the system prompt, then every earlier request and what was told for it
(user and assistant turns, word for word), then the new beat's facts as the last user turn.
What the model has read before is the beginning of what it reads next, so a server that keeps
a prompt cache (llama.cpp's server, llama-cpp-python's, vLLM, Ollama) reads only the new turn.

What the story has established is stated in full once, then only its lines that changed.
When the next request would not fit the model's window (with room for the reply), the later
turns are dropped all at once (a checkpoint): the fewest first turns are kept that make, with
the system prompt, at least :data:`KEEP_SHARE` of the request (what the server has cached of
it), the new turn states what changed since them and the end of the last narration, and the
conversation grows from there. The system prompt and the first turn (the opening) stay the
beginning of every request all night; only when even they would not fit does the
conversation start afresh.
"""

from __future__ import annotations

from typing import NamedTuple

FULL = "What the story has established (never contradict it):"
SINCE = "Since then, the story has established (never contradict it):"
#: Characters of the last narration restated after a checkpoint: the paragraph whole when it
#: fits, else its last whole sentences that do (never a tail cut mid-sentence).
LAST_TOLD = 600
#: At a checkpoint, the share of the request (by the estimate) that its beginning, the system
#: prompt and the turns kept, must make: a server's cache holds those, so it reads at most the
#: rest (the goal is 70 %; the estimate is a few tokens off).
KEEP_SHARE = 0.75


class Pending(NamedTuple):
    """A request not yet answered: its messages, the story's lines it leaves stated, how many
    earlier turns it resends, and whether it dropped some (a checkpoint)."""

    messages: list[dict[str, str]]
    lines: tuple[str, ...]
    kept: int
    dropped: bool


class Conversation:
    """The turns kept for the next request, within ``window`` tokens (the model's context)."""

    def __init__(self, window: int = 4096) -> None:
        self.window = window
        #: (what was asked, what was told, the story's lines as stated then)
        self.turns: list[tuple[str, str, tuple[str, ...]]] = []
        self.chars_per_token = 3.5  # until a server reports its count (English: 3.7 for SmolLM2)
        self.checkpoints = 0

    @property
    def stated(self) -> tuple[str, ...]:
        """The story's lines as the conversation last stated them."""
        return self.turns[-1][2] if self.turns else ()

    def tokens(self, messages: list[dict[str, str]]) -> int:
        """About how many tokens ``messages`` take (a few more per message for its markers)."""
        return int(sum(len(m["content"]) / self.chars_per_token + 5 for m in messages))

    def request(self, system: str, lines: list[str], news: str, room: int) -> Pending:
        """The next request: the system prompt, the turns kept, and a user turn of the story's
        lines (those new since the last turn kept, or all) and then ``news``. Every earlier
        turn while they leave ``room`` tokens for the reply in the window; else (a checkpoint)
        the fewest first turns that make :data:`KEEP_SHARE` of the request, with the end of
        the last narration (the most that fit, when none make it); else none, the story told
        in full."""
        lines = tuple(lines)
        n = len(self.turns)

        def ask(kept: int) -> list[dict[str, str]]:
            stated = self.turns[kept - 1][2] if kept else ()
            told = self.turns[-1][1] if kept < n else ""
            if len(told) > LAST_TOLD:  # its end, from a sentence on
                told = _last_sentences(told, LAST_TOLD)
            new = [line for line in lines if line not in stated]
            user = _user(SINCE if kept else FULL, new, told, news)
            return [{"role": "system", "content": system}] + self.history(kept) + [{"role": "user", "content": user}]

        def fits(asked: list[dict[str, str]]) -> bool:
            return self.tokens(asked) + room <= self.window

        asked = ask(n)
        if n and fits(asked):
            return Pending(asked, lines, n, False)
        chosen: tuple[int, list[dict[str, str]]] | None = None
        for kept in range(1, n):  # a checkpoint: the first turns, as few as make the share
            asked = ask(kept)
            if not fits(asked):
                break
            chosen = kept, asked
            if self.tokens(asked[:-1]) >= KEEP_SHARE * self.tokens(asked):
                break
        if chosen is None:
            return Pending(ask(0), lines, 0, n > 0)
        return Pending(chosen[1], lines, chosen[0], True)

    def history(self, kept: int | None = None) -> list[dict[str, str]]:
        return [{"role": role, "content": text} for asked, told, _lines in self.turns[:kept]
                for role, text in (("user", asked), ("assistant", told))]

    def keep(self, pending: Pending, told: str) -> None:
        """Remember ``pending`` and what was told for it (the model's reply, or the templates'
        text that replaced a reply not kept)."""
        self.checkpoints += pending.dropped
        del self.turns[pending.kept:]
        self.turns.append((pending.messages[-1]["content"], told, pending.lines))

    def measured(self, messages: list[dict[str, str]], prompt_tokens: int) -> None:
        """The server counted ``prompt_tokens`` for ``messages``: estimate by that from now on."""
        chars = sum(len(m["content"]) for m in messages)
        if prompt_tokens > 0 and chars:
            self.chars_per_token = max(1.0, chars / prompt_tokens)

    def reset(self) -> None:
        """Start afresh at the next request (a server refused the last one, e.g. as too long)."""
        self.checkpoints += bool(self.turns)
        self.turns.clear()


def _user(header: str, lines, told: str, news: str) -> str:
    parts = [header + "\n" + "\n".join(lines)] if lines else []
    if told:
        parts.append(f"Last narrated: {told}")
    if news:
        parts.append(news)
    return "\n".join(parts)


def _last_sentences(text: str, room: int) -> str:
    """The last whole sentences of ``text`` that fit in ``room`` characters (the last sentence's
    end, from a word on, when even it does not)."""
    import re

    sentences = [s for s in re.split(r"(?<=[.!?…])[\"”’)]*\s+", text) if s.strip()]
    out: list[str] = []
    for s in reversed(sentences):
        if sum(len(x) + 1 for x in out) + len(s) > room:
            break
        out.insert(0, s)
    return " ".join(out) if out else text[-room:].split(" ", 1)[-1]
