"""Hit points, the Pulse die they carry, dying and death.

"Each Pulse die has 10 hit points associated with it. Once all of the hit points for that
die have been depleted, the character's Pulse goes down by one die type, continuing until
the character reaches zero hit points." "Restoring hit points also restores the
character's Pulse." A :class:`Health` is an immutable value: every change returns a new one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .dice import NONE, Die, as_die
from .errors import HealthError

#: "Each Pulse die has 10 hit points associated with it."
HP_PER_DIE = 10
#: Top Secret NWO, quoted for reference: "a maximum of 4 hp from resting alone, at a rate of
#: 1 hp every 15 minutes."
REST_CAP = 4
REST_MINUTES_PER_HP = 15


def _whole(n: object, what: str) -> int:
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise HealthError(f"{what} must be a whole number 0 or more, got {n!r}")
    return n


def _pulse(die: Die | str) -> Die:
    d = as_die(die)
    if not d.is_single:
        raise HealthError(f"the hit point chart covers Pulse d4–d12, got {str(d)!r}")
    return d


def max_hit_points(pulse: Die | str, hp_per_die: int = HP_PER_DIE) -> int:
    """"A character with a d4 would have 10 hit points when at full strength, a character
    with a d12 has 50 hit points, and so on for all die types in between." """
    return _pulse(pulse).step * hp_per_die


def death_threshold(pulse: Die | str) -> int:
    """"Death occurs when a character's negative hit point total equals their Pulse die
    type": d4 → -4 … d12 → -12, from the full-strength Pulse (R15)."""
    return -_pulse(pulse).size


def pulse_for(hp: int, base: Die | str, hp_per_die: int = HP_PER_DIE) -> Die:
    """The Pulse die that ``hp`` hit points leave: the die whose 10 slots hold the last
    hit point (21–30 → d8); no die at 0 or below (R14)."""
    base = _pulse(base)
    if hp <= 0:
        return NONE
    return Die(min(base.step, -(-hp // hp_per_die)))


@dataclass(frozen=True, slots=True)
class Health:
    """Hit points of a character whose full-strength Pulse is ``base``.

    ``hp`` defaults to the maximum. ``stable`` only matters while dying. ``rested`` counts
    hit points recovered by resting since the character was last at full strength.
    """

    base: Die
    hp: int | None = None
    stable: bool = False
    rested: int = 0
    hp_per_die: int = HP_PER_DIE

    def __post_init__(self) -> None:
        object.__setattr__(self, "base", _pulse(self.base))
        if not isinstance(self.hp_per_die, int) or isinstance(self.hp_per_die, bool) or self.hp_per_die < 1:
            raise HealthError(f"hit points per Pulse die must be a whole number 1 or more, got {self.hp_per_die!r}")
        if self.hp is None:
            object.__setattr__(self, "hp", self.max_hp)
        if not isinstance(self.hp, int) or isinstance(self.hp, bool):
            raise HealthError(f"hit points must be a whole number, got {self.hp!r}")
        if not self.death_at <= self.hp <= self.max_hp:
            raise HealthError(f"hit points run from {self.death_at} to {self.max_hp} for a "
                              f"{self.base} Pulse, got {self.hp!r}")
        _whole(self.rested, "rested hit points")

    @property
    def max_hp(self) -> int:
        return self.base.step * self.hp_per_die

    @property
    def death_at(self) -> int:
        return death_threshold(self.base)

    @property
    def pulse(self) -> Die:
        """The Pulse die rolled now: "as your hit points are depleted, your Pulse
        temporarily goes down as well." """
        return pulse_for(self.hp, self.base, self.hp_per_die)

    @property
    def dead(self) -> bool:
        return self.hp <= self.death_at

    @property
    def alive(self) -> bool:
        return not self.dead

    @property
    def dying(self) -> bool:
        """"Once a character reaches zero hit points, they are dying. A dying character is
        unconscious." """
        return self.death_at < self.hp <= 0

    @property
    def conscious(self) -> bool:
        return self.hp > 0

    # -------------------------------------------------------------- changes

    def take_damage(self, amount: int) -> Health:
        """Lose ``amount`` hit points. Hit points stop at the death threshold (R16); fresh
        damage to a dying character undoes stabilising (R17)."""
        _whole(amount, "damage")
        if self.dead:
            raise HealthError(f"cannot damage the dead ({amount!r} damage at {self.hp} hp)")
        hp = max(self.death_at, self.hp - amount)
        return replace(self, hp=hp, stable=self.stable and amount == 0)

    def heal(self, amount: int) -> Health:
        """Regain ``amount`` hit points, never above the maximum ("They may then be healed
        ... up to their maximum hit points"). Healing a dying character stabilises them (R18)."""
        _whole(amount, "healing")
        if self.dead:
            raise HealthError(f"cannot heal the dead ({amount!r} healing at {self.hp} hp)")
        hp = min(self.max_hp, self.hp + amount)
        return self._settled(hp, self.stable or (amount > 0 and self.dying), self.rested)

    def stabilise(self) -> Health:
        """Stabilise a dying character: they stop losing hit points (no hit points regained)."""
        if self.dead:
            raise HealthError(f"cannot stabilise the dead (at {self.hp} hp)")
        return replace(self, stable=True) if self.dying else self

    def bleed(self, minutes: int) -> Health:
        """"A dying character ... loses one hit point per minute if they are not given some
        kind of healing treatment to stabilize them." Others lose nothing."""
        _whole(minutes, "minutes")
        if not self.dying or self.stable:
            return self
        return replace(self, hp=max(self.death_at, self.hp - minutes))

    def rest(self, minutes: int, *, per_hp: int = REST_MINUTES_PER_HP, cap: int = REST_CAP) -> Health:
        """Top Secret NWO rest, for reference: 1 hp every 15 minutes, at most 4 hp from
        resting alone (counted since last at full strength, R19)."""
        _whole(minutes, "minutes")
        if self.dead:
            raise HealthError(f"the dead do not rest (at {self.hp} hp)")
        if self.dying and not self.stable:
            raise HealthError(f"a dying character who is not stabilised loses hit points instead of resting "
                              f"(at {self.hp} hp, {minutes!r} minutes)")
        gain = min(minutes // per_hp, max(0, cap - self.rested), self.max_hp - self.hp)
        return self._settled(self.hp + gain, self.stable, self.rested + gain)

    def with_base(self, pulse: Die | str) -> Health:
        """A new full-strength Pulse (an ability increase): the new die's hit point slots
        arrive filled, so current hit points move by the same amount as the maximum (R26)."""
        new = _pulse(pulse)
        if self.dead or self.dying:
            raise HealthError(f"cannot change the Pulse of a {'dead' if self.dead else 'dying'} character to {str(new)!r}")
        hp = max(1, self.hp + (new.step - self.base.step) * self.hp_per_die)
        return Health(new, hp, False, self.rested if hp < new.step * self.hp_per_die else 0, self.hp_per_die)

    def _settled(self, hp: int, stable: bool, rested: int) -> Health:
        if hp > 0:
            stable = False
        if hp >= self.max_hp:
            rested = 0
        return replace(self, hp=hp, stable=stable, rested=rested)
