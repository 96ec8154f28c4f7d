"""The pieces of a played Lucky 13 scene: steps, outcomes, gear, typed dice, and the
words the REPL parses (abilities, difficulties)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .character import ABILITIES, Ability, Character
from .checks import DIFFICULTY_LEVELS, PoolRoll, difficulty_die
from .combat import Armor, Weapon
from .dice import Die, SeededChance
from .errors import Lucky13Error
from .saves import MAX_TYPED
from ..play.text import unsafe_reason


#: Skills a combat roll uses when none is named ("Reflex + Combat + Weapon Accuracy").
COMBAT_SKILLS = ("Combat", "Fighting", "Weaponry")
#: Most steps a modifier may move a die in one roll (keeps pools and odds small).
MAX_STEPS = 5

#: Steps that roll dice (and so may be given typed dice).
ROLLING = ("create", "skill", "check", "contest", "attack", "initiative", "join")


class SceneError(Lucky13Error):
    """A step the scene cannot take as asked (its message is one line)."""


# ---------------------------------------------------------------------- parsing helpers (shared with the REPL)

#: Extra words for the difficulty levels ("check Hrothgar pulse fighting hard").
DIFFICULTY_ALIASES = {"hard": "Difficult", "medium": "Moderate", "normal": "Moderate", "average": "Moderate",
                      "very hard": "Challenging", "impossible": "Heroic"}


def parse_ability_word(word: str) -> Ability:
    """An ability from its name or any unique beginning of it (``pul``, ``ref``, ``i``)."""
    key = str(word).strip().lower()
    if key:
        hits = [a for a in ABILITIES if a.value.lower().startswith(key)]
        if len(hits) == 1:
            return hits[0]
    raise SceneError(f"not an ability: {word!r} (abilities: {', '.join(a.value for a in ABILITIES)})")


def parse_difficulty_word(word: str) -> Die:
    """A Difficulty die from a level name (or its beginning, ``mod``), an alias (``hard`` =
    Difficult, d8) or a die (``d10``, ``none``)."""
    key = " ".join(str(word).strip().lower().replace("-", " ").split())
    key = DIFFICULTY_ALIASES.get(key, key)
    if key:
        hits = [(n, d) for n, d in DIFFICULTY_LEVELS if n.lower().startswith(key.lower())]
        if len(hits) == 1:
            return hits[0][1]
    try:
        return difficulty_die(key)
    except Lucky13Error:
        pass
    names = ", ".join(n.lower() for n, _ in DIFFICULTY_LEVELS)
    raise SceneError(f"not a difficulty: {word!r} (levels: {names}, hard = difficult; or a die d4–d12)")


def difficulty_label(die: Die) -> str:
    """``"Moderate (d10)"``, ``"Heroic (no die)"`` or ``"d12+d4"``."""
    for name, d in DIFFICULTY_LEVELS:
        if d == die:
            return f"{name} ({die if not die.is_none else 'no die'})"
    return str(die)


def _clean(text: Any, what: str, limit: int = 40) -> str:
    if not isinstance(text, str):
        raise SceneError(f"{what} must be text, got {text!r}")
    t = " ".join(text.split())
    if not t:
        raise SceneError(f"{what} cannot be empty")
    if len(t) > limit:
        raise SceneError(f"{what} is at most {limit} characters, got {t!r}")
    if re.search(r"[=:,;\"'#|*_`<>\\]", t) or any(ord(c) < 32 for c in t) or unsafe_reason(t):
        raise SceneError(f"{what} {t!r} cannot hold = : , ; quotes # | * _ ` < > or \\")
    words = t.lower().split()
    if any(re.fullmatch(r"[+-]?\d+", w) for w in words):
        raise SceneError(f"{what} {t!r} cannot hold a bare number (numbers are typed dice)")
    if any(w in ("vs", "versus") for w in words):
        raise SceneError(f"{what} {t!r} cannot hold the word 'vs'")
    if t[0] in "+-":
        raise SceneError(f"{what} {t!r} cannot start with + or -")
    return t


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``"1 step"``, ``"2 steps"``: a count with its noun agreeing."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def _whole(n: Any, what: str, lo: int = 0, hi: int = 10**6) -> int:
    if not isinstance(n, int) or isinstance(n, bool) or not lo <= n <= hi:
        raise SceneError(f"{what} must be a whole number {lo}–{hi}, got {n!r}")
    return n


# ---------------------------------------------------------------------- dice text

def die_text(d) -> str:
    """One die of a roll: ``d8 5``, ``d6 6!+6!+2`` (``!``: it exploded), ``d8 1 (implodes)``,
    ``d8 7 (rolled twice, 3 dropped)``."""
    faces = "+".join(f"{f}!" if i < len(d.faces) - 1 else str(f) for i, f in enumerate(d.faces))
    text = f"d{d.size} {faces}"
    if d.discarded is not None:
        text += f" (rolled twice, {d.discarded} dropped)"
    if d.imploded:
        text += " (implodes)"
    return text


def roll_text(roll: PoolRoll, labels: Mapping[str, str]) -> str:
    """A pool's dice arithmetic: ``Pulse d8 5 + Fighting d10 3 + Moderate d10 9 = 17``."""
    parts, seen = [], set()
    for d in roll.dice:
        label = "" if d.role in seen else labels.get(d.role, d.role)
        seen.add(d.role)
        parts.append(f"{label} {die_text(d)}".strip())
    return (" + ".join(parts) or "no dice") + f" = {roll.total}"


# ---------------------------------------------------------------------- chance wrappers

class _Recorder:
    """The scene's seeded chance, writing down every face it gives."""

    def __init__(self, chance: SeededChance) -> None:
        self.chance = chance
        self.faces: list[int] = []
        self.sides: list[int] = []

    def roll(self, sides: int) -> int:
        v = self.chance.roll(sides)
        self.faces.append(v)
        self.sides.append(sides)
        return v


class _Typed:
    """Dice the player rolled at the table, used in rolling order."""

    def __init__(self, values: Sequence[int]) -> None:
        vals = list(values)
        if len(vals) > MAX_TYPED:
            raise SceneError(f"at most {MAX_TYPED} typed dice at once, got {len(vals)}")
        for i, v in enumerate(vals, 1):
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise SceneError(f"typed die {i} must be a whole number 1 or more, got {v!r}")
        self.values = vals
        self.pos = 0
        self.sides: list[int] = []

    def so_far(self) -> str:
        return ", ".join(f"d{s} {v}" for s, v in zip(self.sides, self.values)) or "nothing yet"

    def roll(self, sides: int) -> int:
        if self.pos >= len(self.values):
            raise SceneError(f"not enough dice typed: {len(self.values)} given ({self.so_far()}) and a d{sides} is "
                             "needed next (an exploding die rolls again: type its extra roll straight after it)")
        v = self.values[self.pos]
        if v == 0 and sides == 100:  # percentile dice: "00" is 100 (R36)
            v = self.values[self.pos] = 100
        if not 1 <= v <= sides:
            raise SceneError(f"typed die {self.pos + 1} is {v}, but it is a d{sides} (1–{sides}); "
                             f"rolling order so far: {self.so_far()}")
        self.pos += 1
        self.sides.append(sides)
        return v

    @property
    def faces(self) -> list[int]:
        return self.values[: self.pos]


# ---------------------------------------------------------------------- records

@dataclass(frozen=True)
class Gear:
    """What a character carries into combat."""

    weapons: tuple[Weapon, ...] = ()
    armor: Armor | None = None

    def weapon(self, name: str) -> Weapon | None:
        key = " ".join(str(name).lower().split())
        exact = [w for w in self.weapons if w.name.lower() == key]
        if exact:
            return exact[0]
        hits = [w for w in self.weapons if w.name.lower().startswith(key)]
        return hits[0] if len(hits) == 1 else None

    def text(self) -> str:
        parts = [f"{w.name} ({w.accuracy}/{w.damage})" for w in self.weapons]
        if self.armor:
            parts.append(f"{self.armor.name} armor {self.armor.die}")
        return ", ".join(parts)


@dataclass
class Outcome:
    """What one step did, for the REPL to show: a heading, mechanical lines (the dice
    arithmetic), notes, and the narration told."""

    kind: str
    heading: str | None = None
    lines: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    beats: list = field(default_factory=list)
    narration: list[tuple[str, str]] = field(default_factory=list)
    result: Any = None
    summary: str = ""
    speaker: str | None = None
    said: str | None = None


@dataclass
class Step:
    """One step played: its kind and arguments (plain data), the dice it used, whether they
    were typed, a one-line summary, and the state before it (for undo)."""

    kind: str
    args: dict[str, Any]
    dice: list[int]
    typed: bool
    summary: str
    before: Any = field(default=None, repr=False, compare=False)


def sheet_line(ch: Character, gear: Gear | None = None) -> str:
    """One line: abilities, skills, specializations, hit points, gear."""
    h = ch.health
    abil = " · ".join(f"{a.value} {ch.abilities[a]}" for a in ABILITIES)
    parts = [abil]
    if ch.skills:
        parts.append("Skills " + ", ".join(f"{k} {v}" for k, v in ch.skills.items()))
    if ch.specializations:
        parts.append("Specializations " + ", ".join(f"{s.name} ({s.skill}) {s.level}" for s in ch.specializations))
    if ch.background:
        parts.append(f"Background {ch.background.name}")
    if ch.impairments:
        parts.append("Impairments " + ", ".join(i.name for i in ch.impairments))
    parts.append(f"{h.hp}/{h.max_hp} hp")
    if gear and gear.text():
        parts.append(gear.text())
    return " — ".join(parts)
