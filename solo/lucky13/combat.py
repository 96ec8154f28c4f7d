"""Combat: weapons, armor, the attack roll, damage, and initiative.

"Reflex + Combat + Weapon Accuracy VS Reflex + Combat + Defensive Die". "The higher roll
wins that round of combat ... A draw is considered a failed attack." "To determine damage,
roll the weapon's damage die and add the difference between attack die rolls."
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from .character import Ability, Character
from .checks import ContestResult, Edge, Mode, PoolRoll, contest, roll_pool
from .dice import ABILITY, ACCURACY, DAMAGE, DEFENSE, NONE, SKILL, Chance, Die, Pool, as_die, single_die
from .errors import CombatError, InvalidDieError


def _rated(die: Die | str, what: str) -> Die:
    return single_die(die, what, CombatError)


@dataclass(frozen=True, slots=True)
class Weapon:
    """"Weapons have two abilities, Accuracy and Damage." "A weapon's Accuracy Die can be
    anything from a d4 through a d12." The Damage die is held to d4–d12 as well (R29)."""

    name: str
    accuracy: Die
    damage: Die

    def __post_init__(self) -> None:
        object.__setattr__(self, "accuracy", _rated(self.accuracy, f"{self.name!r} accuracy"))
        object.__setattr__(self, "damage", _rated(self.damage, f"{self.name!r} damage"))


@dataclass(frozen=True, slots=True)
class Armor:
    """"Armor is rated from d4 (least effective) to d12 (most effective)." """

    name: str
    die: Die

    def __post_init__(self) -> None:
        object.__setattr__(self, "die", _rated(self.die, f"{self.name!r} armor"))


def attack_pool(reflex: Die | str, combat: Die | str, accuracy: Die | str) -> Pool:
    """Reflex + Combat + Weapon Accuracy."""
    return Pool(((ABILITY, reflex), (SKILL, combat), (ACCURACY, accuracy)))


def defense_pool(reflex: Die | str, combat: Die | str, defensive: Die | str = NONE) -> Pool:
    """Reflex + Combat + Defensive Die ("a defender with nothing but their natural abilities
    to protect them in an attack may get no Defensive Die at all")."""
    return Pool(((ABILITY, reflex), (SKILL, combat), (DEFENSE, defensive)))


@dataclass(frozen=True, slots=True)
class AttackResult:
    """One round of combat: the opposed roll, then damage on a hit."""

    contest: ContestResult
    damage_roll: PoolRoll | None

    @property
    def attack(self) -> PoolRoll:
        return self.contest.rolls[0]

    @property
    def defense(self) -> PoolRoll:
        return self.contest.rolls[1]

    @property
    def hit(self) -> bool:
        """"The higher roll wins ... A draw is considered a failed attack." """
        return self.contest.winner == 0

    @property
    def margin(self) -> int:
        """"the difference between attack die rolls" (0 on a miss)."""
        return self.attack.total - self.defense.total if self.hit else 0

    @property
    def damage(self) -> int:
        """Damage die + margin on a hit, else 0."""
        return self.damage_roll.total + self.margin if self.damage_roll is not None else 0

    @property
    def dilemmas(self) -> tuple[str, ...]:
        """Whose dice imploded: ``"attacker"``, ``"defender"``, ``"damage"`` (R30)."""
        out = tuple(("attacker", "defender")[i] for i in self.contest.dilemmas)
        if self.damage_roll is not None and self.damage_roll.dilemma:
            out += ("damage",)
        return out


def attack(attacker: Pool, defender: Pool, damage: Die | str | Weapon, chance: Chance, *,
           mode: Mode = Mode.CINEMATIC, attacker_edge: Edge = Edge.NONE,
           defender_edge: Edge = Edge.NONE) -> AttackResult:
    """Attacker's pool, then defender's, then (on a hit) the damage die, in that order."""
    dmg = damage.damage if isinstance(damage, Weapon) else as_die(damage)
    result = contest((attacker, defender), chance, mode=mode, edges=(attacker_edge, defender_edge), actor=0)
    damage_roll = None
    if result.winner == 0:
        damage_roll = roll_pool(Pool(((DAMAGE, dmg),)), chance, mode=mode)
    return AttackResult(result, damage_roll)


def strike(attacker: Character, defender: Character, weapon: Weapon, chance: Chance, *,
           armor: Armor | Die | str | None = None, skill: str = "Combat", defender_skill: str | None = None,
           specialization: str | None = None, mode: Mode = Mode.CINEMATIC,
           attacker_edge: Edge = Edge.NONE, defender_edge: Edge = Edge.NONE) -> AttackResult:
    """``attacker`` attacks ``defender`` with ``weapon``; ``armor`` is the Defensive Die.
    ``specialization`` (e.g. "Broadsword") steps the attacker's skill die."""
    defensive = armor.die if isinstance(armor, Armor) else (NONE if armor is None else as_die(armor))
    a = attack_pool(attacker.ability(Ability.REFLEX),
                    attacker.skill_die(skill, specialization=specialization), weapon.accuracy)
    d = defense_pool(defender.ability(Ability.REFLEX), defender.skill(defender_skill or skill), defensive)
    return attack(a, d, weapon, chance, mode=mode, attacker_edge=attacker_edge, defender_edge=defender_edge)


# ---------------------------------------------------------------------- initiative

TIE_BREAKS = ("reflex", "roll-off")


def _roll(die: Die, chance: Chance) -> int:
    return sum(chance.roll(s) for s in die.sizes)


@dataclass(frozen=True)
class Initiative:
    """"The GM notes the initiative order based on the die rolls." ``order`` is highest
    first; ``rolls`` the Reflex rolls; ``rolloffs`` the roll-offs that settled ties.
    "Initiative is rolled once per encounter, and the initiative order remains the same
    for the entire encounter": this value never changes; :meth:`join` adds a latecomer."""

    order: tuple[str, ...]
    rolls: Mapping[str, int]
    rolloffs: tuple[Mapping[str, int], ...] = ()

    def turn(self, n: int) -> str:
        """Who acts on turn ``n`` (0-based), round after round in the same order."""
        return self.order[n % len(self.order)]

    def join(self, name: str, reflex: Die | str, chance: Chance) -> Initiative:
        """A latecomer rolls Reflex and slots in below everyone who rolled as high (R33)."""
        if name in self.rolls:
            raise CombatError(f"{name!r} already has a place in the initiative order")
        r = _roll(_reflex(name, reflex), chance)
        at = next((i for i, n in enumerate(self.order) if self.rolls[n] < r), len(self.order))
        rolls = dict(self.rolls)
        rolls[name] = r
        return Initiative(self.order[:at] + (name,) + self.order[at:], MappingProxyType(rolls), self.rolloffs)


def _reflex(name: object, die: Die | str) -> Die:
    try:
        d = as_die(die)
    except InvalidDieError:
        raise CombatError(f"{name!r} needs a Reflex die to roll initiative, got {die!r}") from None
    if d.is_none:
        raise CombatError(f"{name!r} needs a Reflex die to roll initiative, got {str(d)!r}")
    return d


def roll_initiative(entrants: Mapping[str, Die | str] | Iterable[tuple[str, Die | str]], chance: Chance, *,
                    tie_break: str | Sequence[str] = "reflex") -> Initiative:
    """"each character rolls their Reflex die, and the GM rolls Reflex for their opponents.
    Initiative proceeds with the highest roll going first". Entrants roll in the order given;
    a group the GM rolls for once is one entrant. Ties, as the text allows:

    - ``"reflex"``: "awarding a higher spot to the character with the higher Reflex", and a
      roll-off among those whose Reflex is also equal (R32);
    - ``"roll-off"``: "having a roll-off to decide" (repeated until no one is tied);
    - a list of names: the GM's own ruling, earlier names higher.

    The Reflex die is rolled plainly: no exploding or imploding (R31).
    """
    items = list(entrants.items()) if isinstance(entrants, Mapping) else [tuple(e) for e in entrants]
    reflex: dict[str, Die] = {}
    for name, die in items:
        if name in reflex:
            raise CombatError(f"{name!r} is entered twice")
        reflex[name] = _reflex(name, die)
    if not reflex:
        raise CombatError("initiative needs at least one entrant")
    if isinstance(tie_break, str):
        if tie_break not in TIE_BREAKS:
            raise CombatError(f"not a tie-break: {tie_break!r} (use {', '.join(TIE_BREAKS)} or a list of names)")
        gm: list[str] | None = None
    else:
        gm = list(tie_break)
    names = list(reflex)
    rolls = {n: _roll(reflex[n], chance) for n in names}
    rolloffs: list[dict[str, int]] = []

    def roll_off(group: list[str]) -> list[str]:
        r = {n: _roll(reflex[n], chance) for n in group}
        rolloffs.append(r)
        return _ranked(group, r, roll_off)

    def settle(group: list[str]) -> list[str]:
        if gm is not None:
            unknown = [n for n in group if n not in gm]
            if unknown:
                raise CombatError(f"the GM's tie order {gm!r} does not place {unknown!r}")
            return sorted(group, key=gm.index)
        if tie_break == "roll-off":
            return roll_off(group)
        steps = {n: reflex[n].step for n in group}
        return _ranked(group, steps, roll_off)

    order = _ranked(names, rolls, settle)
    return Initiative(tuple(order), MappingProxyType(rolls), tuple(MappingProxyType(r) for r in rolloffs))


def _ranked(names: list[str], score: Mapping[str, int], settle) -> list[str]:
    out: list[str] = []
    for value in sorted({score[n] for n in names}, reverse=True):
        tied = [n for n in names if score[n] == value]
        out += tied if len(tied) == 1 else settle(tied)
    return out
