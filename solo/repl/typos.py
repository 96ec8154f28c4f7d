"""Typed commands that are one slip away from a command: ``tset Tina``, ``rol``, ``qiuck``.

A line whose first word is one edit (a letter added, dropped, changed, or two side by side
swapped) from a command word of three letters or more, and whose other words are what that
command takes (a character's name, numbers, the command's own keywords), is a mistyped
command, not story: it is refused with "did you mean …?" and nothing is recorded. Story that
happens to begin with such a word (``Rest here a while``, ``Day breaks``) goes on as story, and
a question (ending in ``?``) always goes to the director; ``say …`` records any text as typed.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..english import one_edit
from .commands import Command, Registry

MIN_COMMAND = 3  # shorter command words (s, ?, no) are too close to everyday words
_NUMBER = re.compile(r"[+-]?\d+")


def keywords(cmd: Command) -> set[str]:
    """The literal words a command's usage names (``[ashcan|playtest] [fast]`` → ashcan, playtest, fast)."""
    plain = re.sub(r"<[^>]*>", " ", cmd.usage)
    return {w.lstrip("-") for w in re.findall(r"-{0,2}[a-z][a-z0-9-]*", plain)}


def fits(cmd: Command, args: list[str], is_name: Callable[[str], bool]) -> bool:
    """Could ``args`` be what ``cmd`` takes? Each is a number, one of its keywords or a name."""
    words = keywords(cmd)
    return all(_NUMBER.fullmatch(a) or a.lower() in words or is_name(a) for a in args)


def near_commands(registry: Registry, word: str) -> list[tuple[str, Command]]:
    """The command words (of three letters or more) ``word`` is one edit away from, with their
    commands, one word a command, in the registry's order."""
    word = word.lower()
    if registry.find(word) is not None:
        return []
    seen: dict[str, tuple[str, Command]] = {}
    for w in registry.words():
        cmd = registry.by_word[w]
        if len(w) >= MIN_COMMAND and one_edit(word, w) and cmd.name not in seen:
            seen[cmd.name] = (w, cmd)
    return list(seen.values())


def did_you_mean(registry: Registry, line: str, is_name: Callable[[str], bool],
                 is_exact_name: Callable[[str], bool], loose: bool = False) -> str | None:
    """The one-line refusal for a mistyped command, or None when ``line`` is not one.
    ``loose``: whatever follows the word (before the night, when no line can be story)."""
    from ..director.questions import is_question

    words = line.split()
    if not words or ":" in words[0] or is_question(line, chat=False) or is_exact_name(words[0]):
        return None
    first, args = words[0], words[1:]
    near = [w for w, c in near_commands(registry, first) if loose or fits(c, args, is_name)]
    return refusal(first, args, near, "" if loose else f" (to write it as story: say {line})")


def refusal(first: str, args: list[str], near: list[str], aside: str = "") -> str | None:
    """"'chek' is not a command: did you mean `check …`?" for the commands ``near`` the word
    typed (None when there is none), the rest of the line kept after each; ``aside`` ends it."""
    if not near:
        return None
    tail = (" " + " ".join(args)) if args else ""
    guesses = " or ".join(f"`{w}{tail}`" for w in near)
    return f"{first!r} is not a command: did you mean {guesses}?{aside}"


def closest(word: str, choices) -> str | None:
    """The one of ``choices`` ``word`` was most likely meant as (``ashcna`` → ``ashcan``), or None."""
    import difflib

    found = difflib.get_close_matches(word.lower(), [c.lower() for c in choices], n=1, cutoff=0.6)
    return next((c for c in choices if c.lower() == found[0]), None) if found else None
