"""Questions to the table, not to the story: "what do I do now?", "how do I play?" are about
playing, answered by what to type next; nothing of them is written into the night."""

from __future__ import annotations

import re

_LEAD = r"(?:(?:so|ok|okay|um|uh|umm|wait|hmm|hey|and|but|like)[,\s]+)*"
_GAME_VERBS = r"(?:play|win|start|begin|roll|test|save|quit|undo|resume|continue|go\s+on|proceed|type|spend|award)"
_ABOUT_PLAY = re.compile(
    rf"""^{_LEAD}(?:
        (?:what|wat|wht)\s+(?:do|should|can|must|shall|am)\s+(?:i|we)\s+(?:do|doing|supposed\s+to\s+do|type)
            (?:\s+(?:now|next|here|then|first|at\s+this\s+point))?
      | how\s+(?:do|should|can|shall)\s+(?:i|we)\s+{_GAME_VERBS}\b.*
      | how\s+(?:does|do)\s+(?:this|it|the\s+game)\s+work
      | what\s+(?:are|r)\s+(?:the\s+)?(?:commands|options|rules)
      | what\s+(?:can|could)\s+i\s+type
      | what'?s\s+next | whats\s+next | now\s+what | what\s+next
      | i'?m\s+(?:stuck|lost|confused) | im\s+(?:stuck|lost|confused)
      | whose\s+(?:turn|go|move)(?:\s+is\s+it)?(?:\s+(?:now|next))? | who'?s\s+(?:up|next|turn\s+is\s+it)
      | who\s+(?:goes|is\s+up|plays|tests|rolls)(?:\s+(?:next|now|first))? | is\s+it\s+my\s+turn
      | what\s+(?:do|should)\s+i\s+roll | which\s+(?:dice|die)(?:\s+do\s+i\s+roll)?
    )[\s?!.]*$""",
    re.I | re.X)


def about_play(line: str) -> bool:
    """Whether a line typed with no speaker asks about playing rather than about the story."""
    text = " ".join(str(line).replace("\u2019", "'").split())
    return bool(_ABOUT_PLAY.match(text))
