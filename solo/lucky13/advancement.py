"""Adventure Points, buying specializations and abilities, and Reputation.

"Lucky 13 does not use discreet levels for characters, opting instead for a smoother,
more natural advancement by allowing characters to improve their skills at the end of
each adventure." Each function returns a changed copy of the :class:`Character`.
"""

from __future__ import annotations

from dataclasses import replace

from .character import (
    SPECIALIZATION_MAX,
    Ability,
    Character,
    Specialization,
    parse_ability,
)
from .checks import difficulty_die
from .dice import D12, Die, Pool, as_die
from .errors import AdvancementError, ReputationError

#: "Adding a new Specialization or increasing a Specialization Level costs 4 Adventure Points."
SPECIALIZATION_COST = 4
#: "Increasing an Ability costs the current Ability Die type x4 Adventure Points."
ABILITY_COST_PER_SIDE = 4
#: The Ability Score Increase table ends at d10 → d12 (R25).
ABILITY_MAX = D12


def ability_increase_cost(current: Die | str) -> int:
    """d4 → d6 costs 16, d6 → d8 24, d8 → d10 32, d10 → d12 40."""
    d = as_die(current)
    if not d.is_single or d >= ABILITY_MAX:
        raise AdvancementError(f"an ability can be increased from d4–d10 only, got {str(d)!r}")
    return d.size * ABILITY_COST_PER_SIDE


def _whole(n: object, what: str) -> int:
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise AdvancementError(f"{what} must be a whole number 0 or more, got {n!r}")
    return n


def _living(character: Character, doing: str) -> None:
    if character.health is not None and character.health.dead:
        raise AdvancementError(f"{character.name!r} is dead and cannot {doing}")


def _spend(character: Character, cost: int, doing: str) -> int:
    if character.adventure_points < cost:
        raise AdvancementError(f"{character.name!r} needs {cost} Adventure Points to {doing}, "
                               f"has {character.adventure_points}")
    return character.adventure_points - cost


def award(character: Character, points: int) -> Character:
    """Add Adventure Points: "Adventure Points may be saved and accumulated"."""
    _whole(points, "Adventure Points awarded")
    return replace(character, adventure_points=character.adventure_points + points)


def buy_specialization(character: Character, name: str, skill: str | None = None) -> Character:
    """Spend 4 Adventure Points: a new specialization at level 1 (``skill`` names its parent
    skill), or one more level of an existing one, up to level 5."""
    _living(character, f"learn {name!r}")
    if character.has_specialization(name):
        old = character.specialization(name)
        if skill is not None and skill.strip().lower() != old.skill.lower():
            raise AdvancementError(f"{old.name!r} falls within {old.skill!r}, not {skill!r}")
        if old.level >= SPECIALIZATION_MAX:
            raise AdvancementError(f"{old.name!r} is already at the maximum level {SPECIALIZATION_MAX}")
        ap = _spend(character, SPECIALIZATION_COST, f"raise {old.name!r} to level {old.level + 1}")
        specs = tuple(replace(s, level=s.level + 1) if s is old else s for s in character.specializations)
    else:
        if skill is None:
            raise AdvancementError(f"a new specialization {name!r} needs its parent skill")
        key = character._skill_key(skill)
        ap = _spend(character, SPECIALIZATION_COST, f"learn {name!r}")
        specs = character.specializations + (Specialization(name, key, 1),)
    return replace(character, specializations=specs, adventure_points=ap)


def raise_ability(character: Character, ability: Ability | str) -> Character:
    """Step an ability up one die type for its current die × 4 Adventure Points.

    Raising Pulse raises maximum hit points by 10 and current hit points with them (R26);
    not while dying."""
    a = parse_ability(ability)
    _living(character, f"raise {a.value}")
    current = character.abilities[a]
    cost = ability_increase_cost(current)
    ap = _spend(character, cost, f"raise {a.value} from {current}")
    new = current.up()
    abilities = dict(character.abilities)
    abilities[a] = new
    health = character.health
    if a is Ability.PULSE and health is not None:
        if health.dying:
            raise AdvancementError(f"{character.name!r} is dying and cannot raise Pulse")
        health = health.with_base(new)
    return replace(character, abilities=abilities, adventure_points=ap, health=health)


# ---------------------------------------------------------------------- reputation

#: "Every character begins with a Reputation of zero, which can increase as high as level 5,
#: or even decrease into negative territory, down to -5."
REPUTATION_MIN, REPUTATION_MAX = -5, 5


def adjust_reputation(reputation: int, change: int) -> int:
    """Reputation after ``change``, held within -5..+5 (R27)."""
    for v, what in ((reputation, "Reputation"), (change, "a Reputation change")):
        if not isinstance(v, int) or isinstance(v, bool):
            raise ReputationError(f"{what} must be a whole number, got {v!r}")
    if not REPUTATION_MIN <= reputation <= REPUTATION_MAX:
        raise ReputationError(f"Reputation runs from -5 to +5, got {reputation!r}")
    return max(REPUTATION_MIN, min(REPUTATION_MAX, reputation + change))


def change_reputation(character: Character, change: int) -> Character:
    return replace(character, reputation=adjust_reputation(character.reputation, change))


def reputation_charm(charm: Die | str, reputation: int) -> Die:
    """"The PC's reputation will cause the Charm die to step up or down according to their
    reputation level": one step per level (R28)."""
    adjust_reputation(reputation, 0)
    return as_die(charm).stepped(reputation)


def reaction_pool(character: Character, skill: str, decision: Die | str) -> Pool:
    """"a Reaction skill check, which consists of Charm + HUMINT (a Top Secret NWO skill) + a
    decision die", Charm stepped by Reputation; ``skill`` stands in for HUMINT."""
    charm = reputation_charm(character.ability(Ability.CHARM), character.reputation)
    return Pool.check(charm, character.skill(skill), difficulty_die(decision))
