"""Hit points, Pulse bands, dying and death."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solo.lucky13 import D4, D6, D8, D10, D12, NONE, Health, HealthError, death_threshold, max_hit_points, pulse_for

# "Hit point chart": Pulse die / Total hit points
HP_CHART = [(D4, 10), (D6, 20), (D8, 30), (D10, 40), (D12, 50)]
# "Dying": Pulse / Death occurs at
DEATH_TABLE = [(D4, -4), (D6, -6), (D8, -8), (D10, -10), (D12, -12)]


def band(hp: int, base) -> object:
    """The Pulse a rulebook reader gets from the chart: the smallest die whose total covers hp."""
    if hp <= 0:
        return NONE
    for die, total in HP_CHART:
        if hp <= total and die <= base:
            return die
    return base


@pytest.mark.parametrize("pulse,total", HP_CHART)
def test_hit_point_chart(pulse, total):
    assert max_hit_points(pulse) == total
    assert Health(pulse).hp == total and Health(pulse).pulse == pulse


@pytest.mark.parametrize("pulse,death", DEATH_TABLE)
def test_death_table(pulse, death):
    assert death_threshold(pulse) == death
    h = Health(pulse).take_damage(max_hit_points(pulse) - death - 1)
    assert h.hp == death + 1 and h.dying and h.alive
    assert h.take_damage(1).dead


def test_pulse_drops_when_a_die_is_depleted():
    # "Once all of the hit points for that die have been depleted, the character's Pulse
    # goes down by one die type"
    h = Health(D8)
    assert h.take_damage(9).pulse == D8
    assert h.take_damage(10).pulse == D6
    assert h.take_damage(20).pulse == D4
    assert h.take_damage(29).pulse == D4


def test_pulse_at_zero_is_no_die():
    # R14
    assert Health(D6).take_damage(20).pulse == NONE
    assert pulse_for(0, D6) == NONE


def test_healing_restores_pulse_up_to_maximum():
    # "Restoring hit points also restores the character's Pulse."
    h = Health(D8).take_damage(15)
    assert h.pulse == D6
    assert h.heal(5).pulse == D6  # 20 hp: the d6's ten slots, the d8's still empty
    assert h.heal(6).pulse == D8
    assert h.heal(100).hp == 30


def test_dying_at_zero_loses_one_per_minute():
    # "Once a character reaches zero hit points, they are dying ... loses one hit point per
    # minute if they are not given some kind of healing treatment to stabilize them."
    h = Health(D6).take_damage(20)
    assert h.hp == 0 and h.dying and not h.conscious
    assert h.bleed(3).hp == -3
    assert h.bleed(6).dead
    assert h.stabilise().bleed(10).hp == 0


def test_conscious_characters_do_not_bleed():
    assert Health(D6).take_damage(5).bleed(10).hp == 15


def test_death_threshold_uses_full_pulse():
    # R15: a d12 character dies at -12 although their current Pulse is no die
    h = Health(D12).take_damage(61)
    assert h.hp == -11 and h.alive and h.pulse == NONE
    assert h.take_damage(1).dead


def test_overkill_stops_at_threshold():
    # R16
    h = Health(D4).take_damage(100)
    assert h.dead and h.hp == -4


def test_healing_a_dying_character_stabilises_them():
    # R18
    h = Health(D6).take_damage(25).heal(2)
    assert h.hp == -3 and h.stable and h.bleed(5).hp == -3


def test_fresh_damage_undoes_stabilising():
    # R17
    h = Health(D6).take_damage(22).stabilise().take_damage(1)
    assert not h.stable and h.bleed(1).hp == -4


def test_rest_heals_one_per_fifteen_minutes_up_to_four():
    # R19: Top Secret NWO reference rule
    h = Health(D8).take_damage(10)
    assert h.rest(30).hp == 22
    assert h.rest(600).hp == 24
    assert h.rest(600).rest(600).hp == 24
    with pytest.raises(HealthError, match="not stabilised.*15 minutes"):
        Health(D8).take_damage(31).rest(15)


def test_rest_cap_resets_at_full_strength():
    h = Health(D4).take_damage(3).rest(100)
    assert h.hp == 10 and h.rested == 0
    assert h.take_damage(5).rest(100).hp == 9


@pytest.mark.parametrize("bad", [-1, 1.5, "3", True])
def test_bad_damage_and_healing(bad):
    with pytest.raises(HealthError) as e:
        Health(D6).take_damage(bad)
    assert repr(bad) in str(e.value)
    with pytest.raises(HealthError) as e:
        Health(D6).heal(bad)
    assert repr(bad) in str(e.value)


def test_the_dead_cannot_be_healed_or_hurt():
    dead = Health(D4).take_damage(14)
    with pytest.raises(HealthError, match="dead"):
        dead.heal(5)
    with pytest.raises(HealthError, match="dead"):
        dead.take_damage(1)


def test_pulse_must_be_on_the_chart():
    with pytest.raises(HealthError, match="'d12\\+d4'"):
        Health(D12.up())
    with pytest.raises(HealthError, match="'none'"):
        Health(NONE)
    with pytest.raises(HealthError, match="31"):
        Health(D8, 31)


def test_raising_pulse_adds_filled_slots():
    # R26
    h = Health(D8).take_damage(5).with_base(D10)
    assert (h.hp, h.max_hp, h.pulse) == (35, 40, D10)


# ---------------------------------------------------------------------- properties

pulses = st.sampled_from([D4, D6, D8, D10, D12])
ops = st.lists(st.tuples(st.sampled_from(["damage", "heal", "bleed", "stabilise", "rest"]),
                         st.integers(min_value=0, max_value=40)), max_size=30)


@given(pulses, ops)
def test_hp_bookkeeping(pulse, operations):
    h = Health(pulse)
    for op, n in operations:
        if h.dead:
            break
        if op == "damage":
            h = h.take_damage(n)
        elif op == "heal":
            h = h.heal(n)
        elif op == "bleed":
            h = h.bleed(n)
        elif op == "stabilise":
            h = h.stabilise()
        elif not (h.dying and not h.stable):
            h = h.rest(n * 5)
        assert h.hp <= max_hit_points(pulse)
        assert h.hp >= death_threshold(pulse)
        if h.alive:
            assert h.hp > death_threshold(pulse)
        else:
            assert h.hp == death_threshold(pulse)
        assert h.pulse == band(h.hp, pulse)
        assert h.dying == (death_threshold(pulse) < h.hp <= 0)


@given(pulses, st.integers(min_value=0, max_value=80), st.integers(min_value=0, max_value=80))
def test_damage_then_heal_restores_pulse(pulse, damage, healing):
    h = Health(pulse).take_damage(damage)
    if h.alive:
        healed = h.heal(healing)
        assert healed.pulse >= h.pulse
        assert healed.pulse == band(healed.hp, pulse)
        assert h.heal(1000).pulse == pulse
