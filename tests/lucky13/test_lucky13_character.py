"""Abilities, creation methods, skills, specializations, assets and assistance."""

import pytest

from solo.lucky13 import (
    ABILITIES,
    ARRAYS,
    D4,
    D6,
    D8,
    D10,
    D12,
    NONE,
    SKILL_EXAMPLES,
    SPECIALIZATION_EXAMPLES,
    Ability,
    Asset,
    AssetError,
    AssistError,
    Background,
    Character,
    CreationError,
    Impairment,
    ScriptedChance,
    ScriptValueError,
    Specialization,
    SpecializationError,
    UnknownAbilityError,
    UnknownSkillError,
    ability_for_percentile,
    asset_level,
    assign_array,
    assist_steps,
    assisted,
    create_character,
    parse_ability,
    roll_abilities,
    roll_on_table,
    roll_skills,
    skills_from_abilities,
    specialized,
    with_asset,
)
from solo.lucky13.character import PRINTED_SPECIALIZED_COLUMN
from solo.lucky13.dice import ABILITY, SKILL


def test_five_abilities_in_order():
    assert [a.value for a in ABILITIES] == ["Will", "Charm", "Pulse", "Intellect", "Reflex"]
    assert parse_ability("intellect") is Ability.INTELLECT
    with pytest.raises(UnknownAbilityError, match="'Strength'"):
        parse_ability("Strength")


# "PERCENTILE ROLL / ABILITY DIE RESULT": 01-20 d4, 21-40 d6, 41-60 d8, 61-80 d10, 81-00 d12
@pytest.mark.parametrize("roll,die", [(1, D4), (20, D4), (21, D6), (40, D6), (41, D8), (60, D8),
                                      (61, D10), (80, D10), (81, D12), (99, D12), (100, D12)])
def test_percentile_table(roll, die):
    assert ability_for_percentile(roll) == die


@pytest.mark.parametrize("bad", [0, 101, -5, "50"])
def test_percentile_out_of_range(bad):
    with pytest.raises(CreationError) as e:
        ability_for_percentile(bad)
    assert repr(bad) in str(e.value)


def test_random_abilities_roll_d100_in_order():
    # "For each ability, in order, roll percentile dice (d100)"
    chance = ScriptedChance([("d100", 5), ("d100", 33), ("d100", 59), ("d100", 77), ("d100", 100)])
    assert roll_abilities(chance) == {Ability.WILL: D4, Ability.CHARM: D6, Ability.PULSE: D8,
                                      Ability.INTELLECT: D10, Ability.REFLEX: D12}


def test_random_abilities_reject_out_of_range_percentile():
    with pytest.raises(ScriptValueError, match="d100"):
        roll_abilities(ScriptedChance([101]))


def test_balanced_array_as_printed():
    # BALANCED: d4 1, d6 2, d8 1, d10 1
    assert sorted(ARRAYS["balanced"]) == [D4, D6, D6, D8, D10]


def test_specialized_array():
    # R20: the printed column (d4 2, d6 3, d10 1, d12 1) is seven dice for five abilities
    assert len(PRINTED_SPECIALIZED_COLUMN) == 7
    assert sorted(ARRAYS["specialized"]) == [D4, D4, D6, D10, D12]
    assert len(ARRAYS["specialized"]) == len(ABILITIES)


def test_assign_array():
    got = assign_array("balanced", {"Will": "d6", "Charm": "d4", "Pulse": "d10", "Intellect": "d8", "Reflex": "d6"})
    assert got[Ability.PULSE] == D10 and got[Ability.CHARM] == D4


def test_assign_array_rejects_wrong_dice():
    with pytest.raises(CreationError, match="d12"):
        assign_array("balanced", {"Will": "d12", "Charm": "d4", "Pulse": "d10", "Intellect": "d8", "Reflex": "d6"})
    with pytest.raises(CreationError, match="Reflex"):
        assign_array("specialized", {"Will": "d12", "Charm": "d4", "Pulse": "d10", "Intellect": "d4"})
    with pytest.raises(CreationError, match="'heroic'"):
        assign_array("heroic", {})


def test_skill_examples():
    assert SKILL_EXAMPLES["fantasy"] == ("Spellcasting", "Scholarship", "Healing", "Sneaking", "Fighting")
    assert SKILL_EXAMPLES["post-apocalyptic"] == ("History", "Communication", "Technology", "Weaponry")
    assert SKILL_EXAMPLES["sci-fi"] == ("Technology", "Astrogation", "Mysticism", "Mechanics", "Diplomacy", "Combat")
    for genre, pairs in SPECIALIZATION_EXAMPLES.items():
        assert {skill for skill, _ in pairs} <= set(SKILL_EXAMPLES[genre])
    assert ("Spellcasting", "Teleport") in SPECIALIZATION_EXAMPLES["fantasy"]


def test_skills_based_on_abilities_and_rolled():
    # R21
    abilities = {"Pulse": D10, "Intellect": D6}
    assert skills_from_abilities({"Fighting": "Pulse", "Scholarship": "Intellect"}, abilities) == \
        {"Fighting": D10, "Scholarship": D6}
    assert roll_skills(["History", "Weaponry"], ScriptedChance([22, 90])) == {"History": D6, "Weaponry": D12}


# ---------------------------------------------------------------------- specializations

@pytest.mark.parametrize("level,die", [(0, D6), (1, D8), (2, D10), (3, D12), (4, D12.up()), (5, D12.up(2))])
def test_each_specialization_level_steps_up(level, die):
    # "each level in a specialization lets the player step up one die type"
    assert specialized(D6, level) == die


@pytest.mark.parametrize("bad", [0, 6, -1, 2.0])
def test_specialization_levels_1_to_5(bad):
    with pytest.raises(SpecializationError) as e:
        Specialization("Pick locks", "Sneaking", bad)
    assert repr(bad) in str(e.value)


def test_new_specialization_starts_at_level_1():
    assert Specialization("Pick locks", "Sneaking").level == 1


def base(**over):
    dice = {a: D6 for a in Ability}
    dice.update(over)
    return dice


def test_specialization_must_fall_within_skill():
    c = create_character("Rook", base(), {"Sneaking": D6, "Fighting": D8}, [("Sneaking", "Pick locks")], allowance=1)
    assert c.skill_die("Sneaking", specialization="Pick locks") == D8
    with pytest.raises(SpecializationError, match="'Sneaking'.*'Fighting'"):
        c.skill_die("Fighting", specialization="Pick locks")
    with pytest.raises(UnknownSkillError, match="'Flying'"):
        c.skill("Flying")
    with pytest.raises(UnknownSkillError, match="'Healing'"):
        create_character("X", base(), {"Sneaking": D6}, [("Healing", "Heal simple injury")], allowance=1)


def test_creation_allowance_and_impairment_bonus():
    # R22: "If they do choose to have an impairment, they may select one additional
    # Specialization during creation."
    specs = [("Sneaking", "Pick locks"), ("Sneaking", "Disguise")]
    with pytest.raises(CreationError, match="may start with 1"):
        create_character("X", base(), {"Sneaking": D6}, specs, allowance=1)
    c = create_character("X", base(), {"Sneaking": D6}, specs, allowance=1, impairments=[Impairment("Bad knee")])
    assert len(c.specializations) == 2 and c.impairments[0].name == "Bad knee"


def test_creation_checks_dice():
    with pytest.raises(CreationError, match="'d12\\+d4'"):
        create_character("X", base(Will=D12.up()), {}, allowance=0)
    with pytest.raises(CreationError, match="Reflex"):
        create_character("X", {a: D6 for a in ABILITIES[:4]}, {}, allowance=0)
    with pytest.raises(CreationError, match="level 2"):
        create_character("X", base(), {"Sneaking": D6}, [Specialization("Disguise", "Sneaking", 2)], allowance=1)


def test_background_and_table_roll():
    table = [Background(f"Background {i}") for i in range(1, 21)]
    assert roll_on_table(table, ScriptedChance([("d20", 7)])).name == "Background 7"
    c = create_character("X", base(), {}, allowance=0, background=table[0])
    assert c.background.name == "Background 1"


def test_current_pulse_is_rolled():
    # "as your hit points are depleted, your Pulse temporarily goes down as well"
    c = create_character("X", base(Pulse=D8), {"Fighting": D6}, allowance=0)
    hurt = Character(c.name, c.abilities, c.skills, health=c.health.take_damage(10))
    assert hurt.ability("Pulse") == D6
    assert hurt.abilities[Ability.PULSE] == D8
    assert hurt.check_pool("Pulse", "Fighting").die(ABILITY) == D6


# ---------------------------------------------------------------------- assets

# "Asset quality / Level (step up)"
@pytest.mark.parametrize("quality,level", [("Perfect", 5), ("Excellent", 4), ("Standard", 3),
                                           ("Adequate", 2), ("Inferior", 1)])
def test_asset_quality_table(quality, level):
    assert asset_level(quality) == level
    assert Asset("thing", quality).quality == quality
    assert with_asset(D4, quality) == D4.up(level)


@pytest.mark.parametrize("bad", [0, 6, "Legendary"])
def test_bad_asset(bad):
    with pytest.raises(AssetError) as e:
        Asset("thing", bad)
    assert repr(bad) in str(e.value)


def test_asset_steps_skill_die_in_character_pool():
    # "When using an asset, the skill die steps up based on the level of the asset."
    c = create_character("X", base(), {"Technology": D6}, allowance=0)
    pool = c.check_pool("Intellect", "Technology", "Moderate", asset=Asset("kit", "Standard"))
    assert pool.die(SKILL) == D12 and pool.die(ABILITY) == D6


# ---------------------------------------------------------------------- assistance

# "Assisting / Level (step up)": d12 5, d10 4, d8 3, d6 2, d4 1
@pytest.mark.parametrize("helper,steps", [(D12, 5), (D10, 4), (D8, 3), (D6, 2), (D4, 1)])
def test_assist_table(helper, steps):
    assert assist_steps(helper) == steps
    assert assisted(D4, helper) == D4.up(steps)


def test_assist_a_step_or_more_up_to_the_table():
    # "they can provide a step or more up to the appropriate die type"
    assert assisted(D6, D10, steps=1) == D8
    with pytest.raises(AssistError, match="5"):
        assisted(D6, D10, steps=5)
    assert assist_steps(NONE) == 0  # R24
    assert assist_steps(D12.up()) == 5


def test_several_helpers_stack():
    # R24: each helper's steps are added in turn
    assert assisted(assisted(D4, D6), D4) == D4.up(3)
