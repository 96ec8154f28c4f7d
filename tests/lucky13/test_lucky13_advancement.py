"""Adventure Points, advancement costs, and Reputation."""

import pytest

from solo.lucky13 import (
    D4,
    D6,
    D8,
    D10,
    D12,
    NONE,
    Ability,
    AdvancementError,
    ReputationError,
    ScriptedChance,
    SPECIALIZATION_COST,
    ability_increase_cost,
    adjust_reputation,
    award,
    buy_specialization,
    change_reputation,
    create_character,
    raise_ability,
    reaction_pool,
    reputation_charm,
    skill_check,
)
from solo.lucky13.dice import ABILITY

# "Ability Score Increase": Current / Increased / Adventure Point cost
ABILITY_TABLE = [(D4, D6, 16), (D6, D8, 24), (D8, D10, 32), (D10, D12, 40)]


def hero(**over):
    dice = {a: D6 for a in Ability}
    dice.update({Ability(k.capitalize()): v for k, v in over.items()})
    return create_character("Hero", dice, {"Sneaking": D6, "HUMINT": D8}, [("Sneaking", "Pick locks")], allowance=1)


@pytest.mark.parametrize("current,increased,cost", ABILITY_TABLE)
def test_ability_increase_table(current, increased, cost):
    # "Increasing an Ability costs the current Ability Die type x4 Adventure Points."
    assert ability_increase_cost(current) == cost
    c = award(hero(will=current), cost)
    raised = raise_ability(c, "Will")
    assert raised.abilities[Ability.WILL] == increased
    assert raised.adventure_points == 0


def test_ability_stops_at_d12():
    # R25
    with pytest.raises(AdvancementError, match="'d12'"):
        ability_increase_cost(D12)
    with pytest.raises(AdvancementError, match="'d12'"):
        raise_ability(award(hero(will=D12), 100), "Will")


def test_not_enough_adventure_points():
    with pytest.raises(AdvancementError, match="needs 24 .* has 23"):
        raise_ability(award(hero(), 23), "Charm")


def test_specialization_costs_four():
    # "Adding a new Specialization or increasing a Specialization Level costs 4 Adventure Points."
    assert SPECIALIZATION_COST == 4
    c = award(hero(), 10)
    c = buy_specialization(c, "Pick locks")
    assert c.specialization("Pick locks").level == 2 and c.adventure_points == 6
    c = buy_specialization(c, "Disguise", "sneaking")
    assert c.specialization("Disguise").level == 1 and c.specialization("Disguise").skill == "Sneaking"
    assert c.adventure_points == 2
    with pytest.raises(AdvancementError, match="needs 4"):
        buy_specialization(c, "Disguise")


def test_specialization_maximum_is_five():
    c = award(hero(), 100)
    for _ in range(4):
        c = buy_specialization(c, "Pick locks")
    assert c.specialization("Pick locks").level == 5
    assert c.skill_die("Sneaking", specialization="Pick locks") == D6.up(5)
    with pytest.raises(AdvancementError, match="maximum level 5"):
        buy_specialization(c, "Pick locks")


def test_new_specialization_needs_a_known_skill():
    with pytest.raises(AdvancementError, match="'Climbing'"):
        buy_specialization(award(hero(), 4), "Climbing")


def test_points_accumulate():
    # "Adventure Points may be saved and accumulated"
    assert award(award(hero(), 12), 15).adventure_points == 27
    with pytest.raises(AdvancementError, match="-3"):
        award(hero(), -3)


def test_raising_pulse_raises_hit_points():
    c = raise_ability(award(hero(pulse=D8), 32), "Pulse")
    assert c.health.max_hp == 40 and c.health.hp == 40 and c.ability("Pulse") == D10


def test_dying_character_cannot_raise_pulse():
    c = award(hero(pulse=D4), 16)
    c = c.__class__(c.name, c.abilities, c.skills, c.specializations, adventure_points=16,
                    health=c.health.take_damage(11))
    with pytest.raises(AdvancementError, match="dying"):
        raise_ability(c, "Pulse")


# ---------------------------------------------------------------------- reputation

def test_reputation_starts_at_zero_and_stays_in_range():
    # "Every character begins with a Reputation of zero, which can increase as high as level
    # 5, or even decrease into negative territory, down to -5." (R27)
    c = hero()
    assert c.reputation == 0
    assert change_reputation(c, 7).reputation == 5
    assert change_reputation(c, -9).reputation == -5
    assert adjust_reputation(3, -1) == 2


@pytest.mark.parametrize("bad", [6, -6, 1.5, "2"])
def test_bad_reputation(bad):
    with pytest.raises(ReputationError) as e:
        adjust_reputation(bad, 0)
    assert repr(bad) in str(e.value)


@pytest.mark.parametrize("rep,charm", [(-5, NONE), (-2, D4), (-1, D6), (0, D8), (1, D10), (2, D12), (5, D12.up(3))])
def test_reputation_steps_charm(rep, charm):
    # "The PC's reputation will cause the Charm die to step up or down" (R28)
    assert reputation_charm(D8, rep) == charm


def test_reaction_check_uses_stepped_charm():
    # "Charm + HUMINT ... + a decision die"
    c = change_reputation(hero(charm=D8), 2)
    pool = reaction_pool(c, "HUMINT", "Moderate")
    assert pool.sizes == (12, 8, 10) and pool.die(ABILITY) == D12
    assert c.ability("Charm") == D8  # only the Reaction check is stepped
    r = skill_check(pool.parts[0][1], pool.parts[1][1], pool.parts[2][1], ScriptedChance([6, 4, 3]))
    assert r.success
