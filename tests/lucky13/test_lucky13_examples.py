"""Every worked example in the Lucky 13 text, reproduced with the example's own dice."""

import pytest

from solo.lucky13 import (
    D4,
    D6,
    D8,
    D10,
    D12,
    Ability,
    Armor,
    Asset,
    Character,
    Specialization,
    Mode,
    Pool,
    ScriptedChance,
    Weapon,
    attack,
    attack_pool,
    create_character,
    defense_pool,
    difficulty_die,
    opposed,
    skill_check,
    specialized,
    strike,
    with_asset,
)
from solo.lucky13.dice import ABILITY, SKILL

OTHER = D6  # abilities an example does not mention


def person(name, skills, **abilities):
    dice = {a: OTHER for a in Ability}
    dice.update({Ability(k.capitalize()): v for k, v in abilities.items()})
    return create_character(name, dice, skills, allowance=0)


# --- Hrothgar's door (DIFFICULTY) -------------------------------------------------------
# "The door is moderately strong. That's a d10 difficulty die. Roll a d10 plus your Pulse
# and your Fighting dice" / "I rolled a 5, 3, and a 9. That's 17 total, way more than 13".
# The text does not give Hrothgar's Pulse or Fighting: every pair of dice that can show
# 5 and 3 without exploding is tried (R35).

@pytest.mark.parametrize("mode", list(Mode))
@pytest.mark.parametrize("pulse", [D6, D8, D10, D12])
@pytest.mark.parametrize("fighting", [D4, D6, D8, D10, D12])
def test_hrothgar_forces_the_door(pulse, fighting, mode):
    assert difficulty_die("Moderate") == D10
    chance = ScriptedChance([5, 3, ("d10", 9)])
    result = skill_check(pulse, fighting, "Moderate", chance, mode=mode)
    assert result.total == 17
    assert result.success
    assert not result.dilemma
    assert chance.remaining == 0


# --- Teleport (SPECIALIZATIONS) ---------------------------------------------------------
# "a d10 Intellect, a d8 Spellcasting skill, and the GM declares that the teleportation is
# Challenging, which is a d6 difficulty die. With a 2nd level Teleport spell, the d8
# Spellcasting die would step up two levels, from a d8 to a d12. ... the player would roll
# a d10 + d12 + d6, hoping to get a 13 or better."

def test_teleport_spell_pool():
    assert specialized(D8, 2) == D12
    assert difficulty_die("Challenging") == D6
    abilities = {a: (D10 if a is Ability.INTELLECT else OTHER) for a in Ability}
    mage = Character("Mage", abilities, {"Spellcasting": D8}, (Specialization("Teleport", "Spellcasting", 2),))
    pool = mage.check_pool("Intellect", "Spellcasting", "Challenging", specialization="Teleport")
    assert pool.sizes == (10, 12, 6)
    assert str(pool) == "d10 + d12 + d6"


def test_teleport_spell_succeeds_at_13_not_12():
    pool = Pool.check(D10, specialized(D8, 2), "d6")
    # d10 + d12 + d6 "hoping to get a 13 or better"
    assert skill_check(D10, D12, D6, ScriptedChance([("d10", 5), ("d12", 5), ("d6", 3)]), mode=Mode.PLAIN).success
    assert not skill_check(D10, D12, D6, ScriptedChance([("d10", 5), ("d12", 5), ("d6", 2)]), mode=Mode.PLAIN).success
    assert pool.sizes == (10, 12, 6)


# --- Snake Preacher's map (EQUIPMENT / ASSETS) -------------------------------------------
# "Snake Preacher (who has a Technology skill of d6) ... The map is just adequate, or level
# 2. ... his Technology die is stepped up two times, from a d6 to a d10."

def test_snake_preacher_map():
    snake = person("Snake Preacher", {"Technology": D6})
    map_ = Asset("torn and faded old paper map", "adequate")
    assert map_.level == 2
    assert with_asset(D6, map_) == D10
    assert snake.skill_die("Technology", asset=map_) == D10
    assert snake.check_pool("Intellect", "Technology", "Difficult", asset=map_).die(SKILL) == D10


# --- Knuckles vs Big Tuna (OPPOSED ROLLS) -----------------------------------------------
# "Knuckles rolls his Pulse (d8) + Fighting (d10). Big Tuna has a Pulse of d8, but the level
# 1 door makes the die step up to a d10. He rolls a d10 + his Fighting (d10)." "Knuckles gets
# a total of 9 ... Big Tuna gets a total of 12." "Big Tuna holds the door".

def knuckles_and_tuna():
    knuckles = person("Knuckles", {"Fighting": D10}, pulse=D8)
    tuna = person("Big Tuna", {"Fighting": D10}, pulse=D8)
    door = Asset("interior door", "Inferior")
    k_pool = knuckles.check_pool("Pulse", "Fighting")
    t_pool = Pool(((ABILITY, with_asset(tuna.ability("Pulse"), door)), (SKILL, tuna.skill("Fighting"))))
    return k_pool, t_pool


def test_knuckles_cannot_force_the_door():
    k_pool, t_pool = knuckles_and_tuna()
    assert k_pool.sizes == (8, 10)
    assert t_pool.sizes == (10, 10)
    chance = ScriptedChance([("d8", 4), ("d10", 5), ("d10", 5), ("d10", 7)])
    result = opposed(k_pool, t_pool, chance)
    assert result.totals == (9, 12)
    assert result.winner == 1 and not result.actor_wins


def test_knuckles_draw_still_fails():
    # the same contest, drawn: "A draw is considered a failed attack" (R12)
    k_pool, t_pool = knuckles_and_tuna()
    result = opposed(k_pool, t_pool, ScriptedChance([4, 5, 2, 7]))
    assert result.totals == (9, 9)
    assert result.winner == 1 and not result.actor_wins


# --- Janet's grenade (Example of a dilemma) ---------------------------------------------
# "Her roll is successful, but her Ability die comes up as a 1, so it implodes."
# Her dice are not given; a d8 Reflex, d12 Combat and Difficult (d8) check is assumed.

@pytest.mark.parametrize("mode", [Mode.CINEMATIC, Mode.GRITTY])
def test_janet_success_with_a_dilemma(mode):
    result = skill_check(D8, D12, "Difficult", ScriptedChance([("d8", 1), ("d12", 7), ("d8", 5)]), mode=mode)
    assert result.total == 13
    assert result.success
    assert result.dilemma
    assert [d.role for d in result.roll.implosions] == [ABILITY]


# --- Brunella vs Casimir (Combat) -------------------------------------------------------
# Brunella: Reflex d8, Combat d6, Broadsword accuracy d8, damage d10.
# Casimir: Reflex d6, Combat d10, Pulse d8 (30 hit points), Chainmail d6.
# "She gets 4, 5, and 7 for a total of 16" / "He gets 2, 6, and 4 for a total of 12" /
# "The difference ... is 4 ... rolls ... a d10, and gets a 6 ... the total damage is 10" /
# "He now has 20 hit points, and his Pulse has dropped temporarily to a d6."

BRUNELLA_DICE = [("d8", 4), ("d6", 5), ("d8", 7), ("d6", 2), ("d10", 6), ("d6", 4), ("d10", 6)]


@pytest.mark.parametrize("mode", list(Mode))
def test_brunella_attacks_casimir(mode):
    brunella = person("Brunella", {"Combat": D6}, reflex=D8)
    casimir = person("Casimir", {"Combat": D10}, reflex=D6, pulse=D8)
    broadsword = Weapon("Broadsword", accuracy=D8, damage=D10)
    chainmail = Armor("Chainmail", D6)
    assert casimir.health.hp == 30

    chance = ScriptedChance(BRUNELLA_DICE)
    result = strike(brunella, casimir, broadsword, chance, armor=chainmail, mode=mode)
    assert chance.remaining == 0
    assert result.attack.total == 16
    assert result.defense.total == 12
    assert result.hit
    assert result.margin == 4
    assert result.damage_roll.total == 6
    assert result.damage == 10

    health = casimir.health.take_damage(result.damage)
    assert health.hp == 20
    assert health.pulse == D6
    assert casimir.health.pulse == D8


def test_brunella_attack_from_pools():
    result = attack(attack_pool(D8, D6, D8), defense_pool(D6, D10, D6), D10, ScriptedChance(BRUNELLA_DICE))
    assert (result.attack.total, result.defense.total, result.damage) == (16, 12, 10)
