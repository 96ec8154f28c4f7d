"""Lucky 13 shell commands — Asking: ask (a plain typed question is asked too)."""

from __future__ import annotations

from ..commands import CommandError
from .shell import Lucky13Shell, command


@command("ask", "[likely|unlikely|very likely|very unlikely|even:] [Name:] question", group="play")
def cmd_ask(sh: Lucky13Shell, arg: str) -> None:
    """Ask the scene: what the sheets decide is answered from them; any other yes/no question by the oracle.

    e.g. ask who is hurt?, ask what skills does Rook have?, ask is the door locked?,
    ask likely: Brunella: is the guard asleep? (the odds: very unlikely, unlikely, even, likely, very likely;
    or a word in the question: surely, probably, maybe, I doubt). The oracle rolls a d100 of the scene's dice
    against the odds and the scene's tension; its answer is kept: asked again, the same answer.
    A plain typed question (who is hurt?) is asked the same way.
    """
    from ...director.questions import stated_odds

    sh.need_scene()
    text, odds = arg.strip(), None
    rest, found = stated_odds(text)
    if rest != text:  # "likely: …" named first
        text, odds = rest.strip(), found
    who, text = sh.speaker(text)
    head, sep, tail = text.partition(":")
    if who is None and sep and tail.strip() and head.strip().isalpha():  # "ask probable: …", "ask Brunela: …"
        from ...director.oracle import ODDS

        names = ", ".join(sh.need_scene().names) or "none yet"
        raise CommandError(f"{head.strip()!r} is neither a character ({names}) nor odds ({', '.join(ODDS)}): "
                           "e.g. ask likely: is the door locked?")
    if not text.strip():
        raise CommandError("ask what? e.g. ask is the door locked?  or  ask likely: Brunella: is the guard asleep?")
    sh.ask(text, who, odds)
