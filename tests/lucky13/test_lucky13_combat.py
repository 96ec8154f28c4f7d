"""Combat rounds, weapons, armor, damage and initiative."""

import pytest

from solo.lucky13 import (
    D4,
    D6,
    D8,
    D10,
    D12,
    NONE,
    Armor,
    CombatError,
    Mode,
    ScriptedChance,
    Weapon,
    attack,
    attack_pool,
    defense_pool,
    roll_initiative,
)
from solo.lucky13.dice import ACCURACY, DEFENSE


def test_pools_are_reflex_combat_and_weapon_or_defensive_die():
    # "Reflex + Combat + Weapon Accuracy VS Reflex + Combat + Defensive Die"
    assert attack_pool(D8, D6, D10).die(ACCURACY) == D10
    assert defense_pool(D6, D10, D6).die(DEFENSE) == D6
    assert defense_pool(D6, D10).sizes == (6, 10)  # "may get no Defensive Die at all"


def test_draw_is_a_failed_attack():
    # "A draw is considered a failed attack."
    chance = ScriptedChance([3, 3, 3, 3, 3, 3])
    r = attack(attack_pool(D8, D8, D8), defense_pool(D8, D8, D8), D10, chance, mode=Mode.PLAIN)
    assert not r.hit and r.damage == 0 and r.damage_roll is None and r.margin == 0
    assert chance.remaining == 0  # no damage die rolled


def test_damage_is_damage_die_plus_margin():
    # "roll the weapon's damage die and add the difference between attack die rolls"
    chance = ScriptedChance([5, 5, 5, 2, 2, ("d12", 9)])
    r = attack(attack_pool(D6, D6, D6), defense_pool(D4, D4), Weapon("Axe", D6, D12), chance, mode=Mode.PLAIN)
    assert r.margin == 11 and r.damage == 20


def test_damage_die_explodes_in_cinematic_only():
    # R30
    script = [5, 5, 5, 2, 2, ("d6", 6), ("d6", 3)]
    cin = attack(attack_pool(D6, D6, D6), defense_pool(D4, D4), D6, ScriptedChance(script), mode=Mode.CINEMATIC)
    assert cin.damage_roll.total == 9 and cin.damage == 11 + 9
    grit = attack(attack_pool(D6, D6, D6), defense_pool(D4, D4), D6, ScriptedChance(script[:-1]), mode=Mode.GRITTY)
    assert grit.damage_roll.total == 6 and grit.damage == 11 + 6


def test_dilemmas_name_whose_die_imploded():
    chance = ScriptedChance([5, 5, 5, 1, 2, 1])
    r = attack(attack_pool(D6, D6, D6), defense_pool(D4, D4), D6, chance, mode=Mode.CINEMATIC)
    assert r.hit and r.dilemmas == ("defender", "damage")


@pytest.mark.parametrize("bad", ["d20", "none", "d12+d4"])
def test_weapon_and_armor_ratings_d4_to_d12(bad):
    # "A weapon's Accuracy Die can be anything from a d4 through a d12." / "Armor is rated
    # from d4 (least effective) to d12 (most effective)." (R29 for the Damage die)
    with pytest.raises(CombatError) as e:
        Weapon("Thing", bad, D6)
    assert repr(bad) in str(e.value)
    with pytest.raises(CombatError) as e:
        Weapon("Thing", D6, bad)
    assert repr(bad) in str(e.value)
    with pytest.raises(CombatError) as e:
        Armor("Plate", bad)
    assert repr(bad) in str(e.value)


# ---------------------------------------------------------------------- initiative

def test_initiative_highest_roll_first():
    # "Initiative proceeds with the highest roll going first, and so on until reaching the
    # lowest roll, which goes last."
    chance = ScriptedChance([("d8", 3), ("d10", 9), ("d6", 5)])
    init = roll_initiative({"Ann": D8, "Bo": D10, "goblins": D6}, chance)
    assert init.order == ("Bo", "goblins", "Ann")
    assert dict(init.rolls) == {"Ann": 3, "Bo": 9, "goblins": 5}


def test_initiative_roll_does_not_explode():
    # R31: one Reflex roll each, so a maximum roll asks for no further die
    chance = ScriptedChance([("d6", 6), ("d4", 1)])
    init = roll_initiative({"Ann": D6, "Bo": D4}, chance)
    assert init.order == ("Ann", "Bo") and chance.remaining == 0


def test_tie_goes_to_higher_reflex_then_roll_off():
    # "This can be done by awarding a higher spot to the character with the higher Reflex,
    # or by having a roll-off to decide." (R32)
    chance = ScriptedChance([4, 4, 4, ("d6", 2), ("d6", 5)])
    init = roll_initiative([("Ann", D6), ("Bo", D10), ("Cy", D6)], chance, tie_break="reflex")
    assert init.order == ("Bo", "Cy", "Ann")
    assert [dict(r) for r in init.rolloffs] == [{"Ann": 2, "Cy": 5}]


def test_roll_off_repeats_until_settled():
    chance = ScriptedChance([5, 5, 3, 3, 2, 6])
    init = roll_initiative([("Ann", D6), ("Bo", D10)], chance, tie_break="roll-off")
    assert init.order == ("Bo", "Ann")
    assert len(init.rolloffs) == 2


def test_gm_tie_order():
    init = roll_initiative([("Ann", D6), ("Bo", D6)], ScriptedChance([4, 4]), tie_break=["Bo", "Ann"])
    assert init.order == ("Bo", "Ann")
    with pytest.raises(CombatError, match="'Ann'"):
        roll_initiative([("Ann", D6), ("Bo", D6)], ScriptedChance([4, 4]), tie_break=["Bo"])


def test_order_stays_for_the_encounter_and_latecomer_joins():
    # "Initiative is rolled once per encounter, and the initiative order remains the same"
    init = roll_initiative({"Ann": D8, "Bo": D10}, ScriptedChance([3, 9]))
    assert [init.turn(n) for n in range(5)] == ["Bo", "Ann", "Bo", "Ann", "Bo"]
    later = init.join("Cy", D12, ScriptedChance([3]))  # R33: ties go after those already placed
    assert later.order == ("Bo", "Ann", "Cy")
    assert init.order == ("Bo", "Ann")
    assert init.join("Di", D12, ScriptedChance([12])).order == ("Di", "Bo", "Ann")


@pytest.mark.parametrize("bad", ["none", "d3"])
def test_initiative_needs_a_reflex_die(bad):
    with pytest.raises(CombatError) as e:
        roll_initiative({"Ann": bad}, ScriptedChance([1]))
    assert repr(bad) in str(e.value)


def test_unknown_tie_break():
    with pytest.raises(CombatError, match="'coin'"):
        roll_initiative({"Ann": D6}, ScriptedChance([1]), tie_break="coin")


def test_no_die_attack_parts():
    assert attack_pool(D8, D6, D8).sizes == (8, 6, 8)
    assert defense_pool(D6, D10, NONE).sizes == (6, 10)
