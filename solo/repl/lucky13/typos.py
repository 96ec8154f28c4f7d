"""Typed commands a slip away from a Lucky 13 command: ``chek Vera pulse fighting``, ``atak Ann Cas``.

The rule of the Night of the Thirteenth shell (:mod:`solo.repl.typos`, whose helpers this
reuses): a line whose first word is near a command word, and whose other words are what a
Lucky 13 command takes, is a mistyped command, not the character's action; it is refused with
"did you mean …?" and nothing is written. What a Lucky 13 command takes is wider than a name
and a number: abilities, skills, specializations, difficulties, dice, option words
(``adv``, ``a+1``, ``spec=…``) — :func:`takes`. Near is one edit (as in the other shell), or two
for a command word of five letters or more typed with its first letter (``atak`` → ``attack``,
``chck`` is already one). Before a scene no line can be an action, so any near word is a slip.
A question (ending in ``?``) and ``Name: text`` are never slips; ``say …`` writes any text.
"""

from __future__ import annotations

import re

from ...lucky13.character import ABILITIES, SKILL_EXAMPLES, SPECIALIZATION_EXAMPLES
from ...lucky13.checks import DIFFICULTY_LEVELS
from ...lucky13.odds import ADV_WORDS, DIS_WORDS
from ..base import BaseShell
from ..typos import MIN_COMMAND, fits, near_commands, refusal

#: An ability's name and its first three letters (as the shell reads them).
ABILITY_WORDS = frozenset({a.value.lower() for a in ABILITIES} | {a.value.lower()[:3] for a in ABILITIES})

#: Words of the commands' own (usage keywords aside): what follows ``vs``, ``heal``, ``damage``,
#: ``initiative``, ``new``, ``character``, ``odds`` and the rest.
WORDS = frozenset({
    "vs", "in", "drop", "none", "no", "-", "bleed", "stabilise", "stabilize", "rest", "join", "show", "end",
    "roll-off", "spec", "ability", "clear", "seed", "title", "allowance", "specs", "retry", "target", "even",
    "likely", "unlikely", "very", "cinematic", "gritty", "plain", "random", "balanced", "specialized",
    "specialised", "custom", "npc", "off", "hard", *ADV_WORDS, *DIS_WORDS,
})
_DIE_OR_OPTION = re.compile(r"[+-]?\d{1,7}|\+?d\d{1,3}(\+d\d{1,3})*|(d\d{1,3}|\d{1,3})/(d\d{1,3}|\d{1,3})"
                            r"|[as][+-]\d{1,2}", re.IGNORECASE)
#: Two edits only for command words this long (shorter ones are too near everyday words).
TWO_EDITS = 5


def edits(a: str, b: str) -> int:
    """Letters added, dropped or changed, or two neighbours swapped, that make ``a`` into ``b``
    (optimal string alignment distance)."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], prev2[j - 2] + 1)
        prev2, prev = prev, row
    return prev[-1]


def closest_skill(word: str, names) -> str | None:
    """The one of ``names`` that ``word`` is a slip of (any case; at most one edit in a word of up
    to five letters, two in a longer one), the nearest first; None when none is that near."""
    word = word.replace("_", " ").strip().lower()
    most = 1 if len(word) <= 5 else 2
    best = None
    for name in names:
        n = edits(word, name.lower())
        if 0 < n <= most and (best is None or n < best[0]):
            best = (n, name)
    return best[1] if best else None


def known_skills(shell: BaseShell) -> list[str]:
    """Skill names a line may hold: every character's skills and specializations in the scene,
    then the rulebook's examples."""
    names: list[str] = []
    scene = shell.scene
    if scene is not None:
        for ch in scene.characters.values():
            names += list(ch.skills) + [s.name for s in ch.specializations]
    for genre in SKILL_EXAMPLES.values():
        names += list(genre)
    for pairs in SPECIALIZATION_EXAMPLES.values():
        names += [name for _, name in pairs]
    return list(dict.fromkeys(names))


def takes(shell: BaseShell):
    """The test of one word a Lucky 13 command may take after its command word."""
    scene = shell.scene
    names = {w.lower() for n in (scene.names if scene is not None else []) for w in n.split()}
    skills = {w.lower() for s in known_skills(shell) for w in (s, s.replace(" ", "_"), *s.split())}
    weapons = {w.lower() for g in (scene.gear.values() if scene is not None else ()) for wp in g.weapons
               for w in wp.name.split()}
    levels = {n.lower() for n, _ in DIFFICULTY_LEVELS}

    def ok(word: str) -> bool:
        w = word.lower()
        return (w in WORDS or w in names or w in skills or w in weapons or w in levels or w in ABILITY_WORDS
                or shell.is_name(word) or "=" in w or ":" in w or bool(_DIE_OR_OPTION.fullmatch(w)))

    return ok


def _checked(shell: BaseShell, args: list[str]) -> list[str]:
    """``args`` with the skill of ``<who> <ability> <skill>`` left out: any word may name a skill."""
    if len(args) >= 3 and shell.is_name(args[0]) and args[1].lower() in ABILITY_WORDS:
        return args[:2] + args[3:]
    return args


def near_two(shell: BaseShell, word: str) -> list[str]:
    """Command words two edits from ``word`` (five letters or more, the same first letter)."""
    word = word.lower()
    reg = shell.registry
    if len(word) < MIN_COMMAND + 1 or reg.find(word) is not None:
        return []
    seen: dict[str, str] = {}
    for w in reg.words():
        cmd = reg.by_word[w]
        if len(w) >= TWO_EDITS and w[0] == word[0] and edits(word, w) == 2 and cmd.name not in seen:
            seen[cmd.name] = w
    return list(seen.values())


def did_you_mean(shell: BaseShell, line: str) -> str | None:
    """The one-line refusal of a mistyped Lucky 13 command, or None when ``line`` is not one."""
    from ...director.questions import is_question

    words = line.split()
    if not words or ":" in words[0] or shell.is_name(words[0], exact=True) or is_question(line, chat=False):
        return None
    first, args = words[0], words[1:]
    loose = shell.scene is None  # before a scene no line is an action
    ok = takes(shell)
    checked = _checked(shell, args)
    reg = shell.registry
    near = [w for w, c in near_commands(reg, first) if loose or fits(c, checked, ok)]
    if not near:
        near = [w for w in near_two(shell, first) if loose or fits(reg.by_word[w], checked, ok)]
    return refusal(first, args, near, "" if loose else f" (to write it as the character's action: say {line})")
