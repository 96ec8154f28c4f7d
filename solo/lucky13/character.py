"""Abilities, skills, specializations, backgrounds, impairments, assets, assistance, characters.

"In every skill roll, there are three core dice, which we'll generically call Ability,
Skill, and Difficulty." This module builds the first two for a character: the five
abilities, skills and their specializations, and the steps that assets and helpers add.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any, TypeVar

from .checks import difficulty_die
from .dice import D4, D6, D8, D10, D12, NONE, Chance, Die, Pool, as_die, single_die
from .errors import (
    AssetError,
    AssistError,
    CreationError,
    ReputationError,
    SpecializationError,
    UnknownAbilityError,
    UnknownSkillError,
)
from .health import Health


class Ability(str, Enum):
    """"When creating a character, five basic abilities are assigned." In rulebook order."""

    WILL = "Will"
    CHARM = "Charm"
    PULSE = "Pulse"
    INTELLECT = "Intellect"
    REFLEX = "Reflex"

    def __str__(self) -> str:
        return self.value


ABILITIES: tuple[Ability, ...] = tuple(Ability)


def parse_ability(name: Ability | str) -> Ability:
    """An ability from its name, any case (``"pulse"`` → ``Ability.PULSE``)."""
    if isinstance(name, Ability):
        return name
    if isinstance(name, str):
        key = name.strip().lower()
        for a in ABILITIES:
            if a.value.lower() == key:
                return a
    raise UnknownAbilityError(f"not an ability: {name!r} (abilities: {', '.join(a.value for a in ABILITIES)})")


def _single(die: Die | str, what: str) -> Die:
    return single_die(die, what, CreationError)


# ---------------------------------------------------------------------- ability scores

#: "For each ability, in order, roll percentile dice (d100)": 01-20 d4 … 81-00 d12.
PERCENTILE_TABLE: tuple[tuple[int, int, Die], ...] = (
    (1, 20, D4), (21, 40, D6), (41, 60, D8), (61, 80, D10), (81, 100, D12),
)


def ability_for_percentile(roll: int) -> Die:
    """The ability die for a d100 roll, 1–100 (a roll of "00" is 100)."""
    if isinstance(roll, int) and not isinstance(roll, bool):
        for lo, hi, die in PERCENTILE_TABLE:
            if lo <= roll <= hi:
                return die
    raise CreationError(f"a percentile roll is 1–100 (00 = 100), got {roll!r}")


def roll_abilities(chance: Chance) -> dict[Ability, Die]:
    """Random ability method: one d100 per ability, in order Will, Charm, Pulse, Intellect, Reflex."""
    return {a: ability_for_percentile(chance.roll(100)) for a in ABILITIES}


#: The ARRAY METHOD sets. "balanced" is as printed (d4, d6, d6, d8, d10). The printed
#: "specialized" column (2×d4, 3×d6, d10, d12) holds seven dice for five abilities; it is
#: read as d4, d4, d6, d10, d12 (R20).
ARRAYS: dict[str, tuple[Die, ...]] = {
    "balanced": (D4, D6, D6, D8, D10),
    "specialized": (D4, D4, D6, D10, D12),
}
PRINTED_SPECIALIZED_COLUMN: tuple[Die, ...] = (D4, D4, D6, D6, D6, D10, D12)

K = TypeVar("K")


def assign_from_array(array: Sequence[Die | str], assignment: Mapping[K, Die | str], what: str = "array") -> dict[K, Die]:
    """Check that ``assignment`` uses exactly the dice of ``array``, each once."""
    want = Counter(as_die(d) for d in array)
    got = {k: _single(v, f"the die for {k!s}") for k, v in assignment.items()}
    if Counter(got.values()) != want:
        have = " ".join(str(d) for d in sorted(got.values()))
        need = " ".join(str(d) for d in sorted(want.elements()))
        raise CreationError(f"the {what} is {need}, but the dice assigned are {have}: {dict((str(k), str(v)) for k, v in assignment.items())!r}")
    return got


def assign_array(kind: str | Sequence[Die | str], assignment: Mapping[Ability | str, Die | str]) -> dict[Ability, Die]:
    """Array method: "Assign one die type to each ability" from the balanced or specialized set."""
    if isinstance(kind, str):
        if kind.strip().lower() not in ARRAYS:
            raise CreationError(f"no ability array called {kind!r} (arrays: {', '.join(ARRAYS)})")
        name, array = kind.strip().lower(), ARRAYS[kind.strip().lower()]
    else:
        name, array = "array", tuple(kind)
    by_ability = {parse_ability(k): v for k, v in assignment.items()}
    missing = [a.value for a in ABILITIES if a not in by_ability]
    if missing or len(by_ability) != len(assignment):
        given = ", ".join(f"{parse_ability(k).value}={v}" for k, v in assignment.items()) or "nothing"
        raise CreationError(f"assign one die to each of the five abilities; {', '.join(missing) or 'one'} "
                            f"missing (given: {given})")
    got = assign_from_array(array, by_ability, f"{name} array")
    return {a: got[a] for a in ABILITIES}


# ---------------------------------------------------------------------- skills

#: "A few examples are given below to get you started."
SKILL_EXAMPLES: dict[str, tuple[str, ...]] = {
    "fantasy": ("Spellcasting", "Scholarship", "Healing", "Sneaking", "Fighting"),
    "post-apocalyptic": ("History", "Communication", "Technology", "Weaponry"),
    "sci-fi": ("Technology", "Astrogation", "Mysticism", "Mechanics", "Diplomacy", "Combat"),
}

#: "Some examples of specializations you might choose to create": (parent skill, specialization).
SPECIALIZATION_EXAMPLES: dict[str, tuple[tuple[str, str], ...]] = {
    "fantasy": (
        ("Spellcasting", "Teleport"), ("Sneaking", "Pick locks"), ("Sneaking", "Disguise"),
        ("Healing", "Heal simple injury"), ("Fighting", "Broadsword"), ("Fighting", "Tightrope walking"),
    ),
    "sci-fi": (
        ("Technology", "Understand alien equipment"), ("Astrogation", "Pilot light starcraft"),
        ("Astrogation", "Dead reckoning"), ("Mysticism", "Mind energy shield"),
        ("Mechanics", "Craft simple radio"), ("Combat", "Nerve pinch"),
    ),
    "post-apocalyptic": (
        ("History", "Use artifacts"), ("History", "Read dead languages"), ("Communication", "Sign language"),
        ("Technology", "Siphon fuel"), ("Technology", "Welding"), ("Weaponry", "Club fighting"),
        ("Weaponry", "Chains"),
    ),
}


def skills_from_abilities(links: Mapping[str, Ability | str], abilities: Mapping[Ability | str, Die | str]) -> dict[str, Die]:
    """"Character creation in Top Secret NWO involves basing each skill on an ability score":
    each skill starts at the die of the ability it is linked to (R21)."""
    dice = {parse_ability(k): as_die(v) for k, v in abilities.items()}
    out = {}
    for skill, ability in links.items():
        a = parse_ability(ability)
        if a not in dice:
            raise CreationError(f"skill {skill!r} is based on {a.value}, which has no die in {dict(abilities)!r}")
        out[skill] = _single(dice[a], f"skill {skill!r}")
    return out


def roll_skills(names: Iterable[str], chance: Chance) -> dict[str, Die]:
    """Skills by rolling: one d100 per skill on the ability table (R21)."""
    return {n: ability_for_percentile(chance.roll(100)) for n in names}


# ---------------------------------------------------------------------- specializations

#: "Specializations have a minimum level of 1 and a maximum level of 5."
SPECIALIZATION_MIN, SPECIALIZATION_MAX = 1, 5


def _level(level: Any, lo: int, hi: int, error: type[Exception], what: str) -> int:
    if not isinstance(level, int) or isinstance(level, bool) or not lo <= level <= hi:
        raise error(f"{what} level must be {lo}–{hi}, got {level!r}")
    return level


@dataclass(frozen=True, slots=True)
class Specialization:
    """"Specializations fall within one of the Skills"; "each level in a specialization lets
    the player step up one die type when rolling that skill." New ones begin at level 1."""

    name: str
    skill: str
    level: int = SPECIALIZATION_MIN

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise SpecializationError(f"a specialization needs a name, got {self.name!r}")
        if not isinstance(self.skill, str) or not self.skill.strip():
            raise SpecializationError(f"specialization {self.name!r} needs a parent skill, got {self.skill!r}")
        _level(self.level, SPECIALIZATION_MIN, SPECIALIZATION_MAX, SpecializationError, f"specialization {self.name!r}")


def specialized(skill: Die | str, level: int) -> Die:
    """The skill die stepped up once per specialization level (0 = no specialization)."""
    _level(level, 0, SPECIALIZATION_MAX, SpecializationError, "specialization")
    return as_die(skill).up(level)


# ---------------------------------------------------------------------- backgrounds, impairments

@dataclass(frozen=True, slots=True)
class Background:
    """"Backgrounds give them an advantage during a die roll" (see :func:`~.checks.edge`)."""

    name: str
    description: str = ""


@dataclass(frozen=True, slots=True)
class Impairment:
    """"Impairments work like Backgrounds, but in reverse"; each taken at creation allows
    one additional specialization (R22)."""

    name: str
    description: str = ""


T = TypeVar("T")


def roll_on_table(table: Sequence[T], chance: Chance) -> T:
    """"backgrounds that players may roll for or choose from": one roll of a die with as many
    sides as the table has entries (a d20 for 20 backgrounds)."""
    if not table:
        raise CreationError("cannot roll on an empty table")
    return table[chance.roll(len(table)) - 1]


# ---------------------------------------------------------------------- assets and assistance

#: "Assets are rated based on their quality, from level 1 (inferior) to level 5 (perfect)."
ASSET_QUALITIES: dict[str, int] = {"Perfect": 5, "Excellent": 4, "Standard": 3, "Adequate": 2, "Inferior": 1}


def asset_level(quality: int | str) -> int:
    """An asset level from a quality name (``"adequate"`` → 2) or a level 1–5."""
    if isinstance(quality, str):
        for name, level in ASSET_QUALITIES.items():
            if name.lower() == quality.strip().lower():
                return level
        raise AssetError(f"not an asset quality: {quality!r} (qualities: {', '.join(ASSET_QUALITIES)})")
    return _level(quality, 1, 5, AssetError, "asset")


@dataclass(frozen=True, slots=True)
class Asset:
    """"any thing or person that a character uses to increase their chances of succeeding"."""

    name: str
    level: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "level", asset_level(self.level))

    @property
    def quality(self) -> str:
        return next(n for n, lv in ASSET_QUALITIES.items() if lv == self.level)


def with_asset(die: Die | str, asset: Asset | int | str) -> Die:
    """"When using an asset, the skill die steps up based on the level of the asset."
    (The die stepped is the caller's: the Knuckles example steps an Ability die, R23.)"""
    level = asset.level if isinstance(asset, Asset) else asset_level(asset)
    return as_die(die).up(level)


#: "When assisting with a roll, use the following table to determine how many steps a die can increase."
ASSIST_TABLE: dict[Die, int] = {D12: 5, D10: 4, D8: 3, D6: 2, D4: 1}


def assist_steps(helper: Die | str) -> int:
    """The most steps a helper whose relevant die is ``helper`` can give (no die: 0; past d12: 5, R24)."""
    d = as_die(helper)
    if d.is_none:
        return 0
    return ASSIST_TABLE.get(d, 5)


def assisted(die: Die | str, helper: Die | str, steps: int | None = None) -> Die:
    """``die`` stepped up by a helper: "they can provide a step or more up to the appropriate
    die type". ``steps`` defaults to the most the table allows."""
    most = assist_steps(helper)
    if steps is None:
        steps = most
    if not isinstance(steps, int) or isinstance(steps, bool) or not 0 <= steps <= most:
        raise AssistError(f"a {str(as_die(helper))!r} helper gives 0–{most} steps, got {steps!r}")
    return as_die(die).up(steps)


# ---------------------------------------------------------------------- characters

def _reputation(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not -5 <= value <= 5:
        raise ReputationError(f"Reputation runs from -5 to +5, got {value!r}")
    return value


@dataclass(frozen=True)
class Character:
    """A character: full-strength abilities, skills, specializations and the rest.

    Immutable; the advancement functions return changed copies. The Pulse rolled is the
    current one from :attr:`health` ("as your hit points are depleted, your Pulse
    temporarily goes down as well").
    """

    name: str
    abilities: Mapping[Ability, Die]
    skills: Mapping[str, Die]
    specializations: tuple[Specialization, ...] = ()
    background: Background | None = None
    impairments: tuple[Impairment, ...] = ()
    adventure_points: int = 0
    reputation: int = 0
    health: Health | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise CreationError(f"a character needs a name, got {self.name!r}")
        ab = {parse_ability(k): as_die(v) for k, v in dict(self.abilities).items()}
        missing = [a.value for a in ABILITIES if a not in ab]
        if missing:
            raise CreationError(f"{self.name!r} has no die for {', '.join(missing)}")
        for a, d in ab.items():
            if d.is_none:
                raise CreationError(f"{self.name!r} needs a {a.value} die, got {str(d)!r}")
        skills = {str(k): as_die(v) for k, v in dict(self.skills).items()}
        object.__setattr__(self, "abilities", MappingProxyType({a: ab[a] for a in ABILITIES}))
        object.__setattr__(self, "skills", MappingProxyType(skills))
        specs = tuple(self.specializations)
        seen: set[str] = set()
        for s in specs:
            if not isinstance(s, Specialization):
                raise SpecializationError(f"not a specialization: {s!r}")
            self._skill_key(s.skill)
            if s.name.lower() in seen:
                raise SpecializationError(f"{self.name!r} has specialization {s.name!r} twice")
            seen.add(s.name.lower())
        object.__setattr__(self, "specializations", specs)
        object.__setattr__(self, "impairments", tuple(self.impairments))
        if not isinstance(self.adventure_points, int) or isinstance(self.adventure_points, bool) or self.adventure_points < 0:
            raise CreationError(f"Adventure Points must be a whole number 0 or more, got {self.adventure_points!r}")
        _reputation(self.reputation)
        pulse = ab[Ability.PULSE]
        if self.health is None:
            object.__setattr__(self, "health", Health(pulse))
        elif self.health.base != pulse:
            raise CreationError(f"health is for a {self.health.base} Pulse but {self.name!r} has {pulse}")

    def _skill_key(self, skill: str) -> str:
        if isinstance(skill, str):
            for k in self.skills:
                if k.lower() == skill.strip().lower():
                    return k
        raise UnknownSkillError(f"{self.name!r} has no skill {skill!r} (skills: {', '.join(self.skills) or 'none'})")

    def ability(self, ability: Ability | str) -> Die:
        """The ability die rolled now (Pulse as stepped down by lost hit points)."""
        a = parse_ability(ability)
        return self.health.pulse if a is Ability.PULSE else self.abilities[a]  # type: ignore[union-attr]

    def skill(self, skill: str) -> Die:
        return self.skills[self._skill_key(skill)]

    def specialization(self, name: str) -> Specialization:
        for s in self.specializations:
            if isinstance(name, str) and s.name.lower() == name.strip().lower():
                return s
        raise SpecializationError(f"{self.name!r} has no specialization {name!r}")

    def has_specialization(self, name: str) -> bool:
        return any(isinstance(name, str) and s.name.lower() == name.strip().lower() for s in self.specializations)

    def skill_die(self, skill: str, *, specialization: str | None = None,
                  asset: Asset | int | str | None = None, steps: int = 0) -> Die:
        """The skill die for a roll: stepped up by the specialization's level and the asset's level."""
        key = self._skill_key(skill)
        die = self.skills[key]
        if specialization is not None:
            spec = self.specialization(specialization)
            if spec.skill.lower() != key.lower():
                raise SpecializationError(f"{spec.name!r} falls within {spec.skill!r}, not {key!r}")
            die = specialized(die, spec.level)
        if asset is not None:
            die = with_asset(die, asset)
        return die.stepped(steps)

    def check_pool(self, ability: Ability | str, skill: str, difficulty: Die | str = NONE, *,
                   specialization: str | None = None, asset: Asset | int | str | None = None,
                   ability_steps: int = 0, skill_steps: int = 0, extra: Iterable[Die | str] = ()) -> Pool:
        """Ability + Skill + Difficulty for this character, modifiers applied as steps."""
        return Pool.check(
            self.ability(ability).stepped(ability_steps),
            self.skill_die(skill, specialization=specialization, asset=asset, steps=skill_steps),
            difficulty_die(difficulty),
            extra,
        )


def create_character(
    name: str,
    abilities: Mapping[Ability | str, Die | str],
    skills: Mapping[str, Die | str],
    specializations: Iterable[Specialization | tuple[str, str]] = (),
    *,
    allowance: int,
    background: Background | None = None,
    impairments: Iterable[Impairment] = (),
) -> Character:
    """A new character. ``allowance`` is the game's number of starting specializations (the
    engine sets none, R22); each impairment adds one: "If they do choose to have an
    impairment, they may select one additional Specialization during creation." Every
    specialization starts at level 1 ("When a character acquires a new Specialization, it
    begins at level 1"). Abilities and skills must be single dice d4–d12."""
    ab = {parse_ability(k): _single(v, f"{k!s}") for k, v in abilities.items()}
    sk = {k: _single(v, f"skill {k!r}") for k, v in skills.items()}
    specs = []
    for s in specializations:
        if isinstance(s, tuple) and len(s) == 2:
            s = Specialization(name=s[1], skill=s[0])
        if not isinstance(s, Specialization):
            raise CreationError(f"not a specialization: {s!r}")
        if s.level != SPECIALIZATION_MIN:
            raise CreationError(f"a new specialization begins at level 1, got {s.name!r} at level {s.level}")
        specs.append(s)
    imps = tuple(impairments)
    if not isinstance(allowance, int) or isinstance(allowance, bool) or allowance < 0:
        raise CreationError(f"the starting specialization allowance must be a whole number 0 or more, got {allowance!r}")
    limit = allowance + len(imps)
    if len(specs) > limit:
        raise CreationError(f"{name!r} may start with {limit} specializations ({allowance} + {len(imps)} for "
                            f"impairments), got {len(specs)}: {[s.name for s in specs]!r}")
    return Character(name, ab, sk, tuple(specs), background, imps)
