"""Skill checks, difficulty, exploding and imploding dice, modes, edges and contests."""

import pytest

from solo.lucky13 import (
    D4,
    D6,
    D8,
    D10,
    D12,
    DIFFICULTY_LEVELS,
    NONE,
    Edge,
    InvalidDieError,
    Mode,
    Pool,
    ScriptedChance,
    ScriptExhaustedError,
    UnknownDifficultyError,
    check,
    contest,
    difficulty_die,
    difficulty_name,
    edge,
    opposed,
    roll_pool,
    skill_check,
)
from solo.lucky13.dice import ABILITY, DIFFICULTY, EXTRA, SKILL

# "Level of difficulty / Difficulty die"
DIFFICULTY_TABLE = [("Easy", "d12"), ("Moderate", "d10"), ("Difficult", "d8"),
                    ("Challenging", "d6"), ("Extraordinary", "d4"), ("Heroic", "none")]


@pytest.mark.parametrize("level,die", DIFFICULTY_TABLE)
def test_difficulty_table(level, die):
    assert str(difficulty_die(level)) == die
    assert str(difficulty_die(level.upper())) == die
    assert difficulty_name(die) == level


def test_difficulty_levels_are_the_table():
    assert [(n, str(d)) for n, d in DIFFICULTY_LEVELS] == DIFFICULTY_TABLE


def test_difficulty_accepts_a_die():
    assert difficulty_die("d10") == D10
    assert difficulty_die(D6) == D6


@pytest.mark.parametrize("bad", ["Impossible", "d7", "", 3])
def test_unknown_difficulty_quotes_input(bad):
    with pytest.raises(UnknownDifficultyError) as e:
        difficulty_die(bad)
    assert repr(bad) in str(e.value)


# ---------------------------------------------------------------------- 13 or more

def test_thirteen_succeeds_twelve_fails():
    # "skill checks always require a 13 to succeed"
    assert skill_check(D8, D8, D10, ScriptedChance([4, 4, 5]), mode=Mode.PLAIN).success
    r = skill_check(D8, D8, D10, ScriptedChance([4, 4, 4]), mode=Mode.PLAIN)
    assert r.total == 12 and not r.success and r.margin == -1


def test_heroic_rolls_no_difficulty_die():
    # "Heroic / none": Ability + Skill alone must reach 13 (R11)
    chance = ScriptedChance([("d10", 6), ("d12", 7)])
    r = skill_check(D10, D12, "Heroic", chance, mode=Mode.PLAIN)
    assert r.total == 13 and r.success
    assert chance.remaining == 0
    assert len(r.roll.dice) == 2


def test_extra_dice_are_added():
    # "In some cases, other dice can be added when an object or character is used to help."
    r = skill_check(D4, D4, D4, ScriptedChance([2, 2, 2, ("d8", 7)]), extra=["d8"], mode=Mode.PLAIN)
    assert r.total == 13 and r.success
    assert r.roll.dice[-1].role == EXTRA


def test_chain_die_rolls_both_dice():
    chance = ScriptedChance([("d12", 5), ("d4", 3), ("d6", 2), ("d4", 3)])
    r = skill_check(D12.up(), D6, D4, chance, mode=Mode.PLAIN)
    assert r.total == 13
    assert [d.size for d in r.roll.dice] == [12, 4, 6, 4]


def test_default_mode_is_cinematic():
    # R4: a d6 showing 6 explodes with no mode given
    r = skill_check(D6, D4, D4, ScriptedChance([6, 5, 2, 2]))
    assert r.roll.mode is Mode.CINEMATIC
    assert r.roll.dice[0].faces == (6, 5)


# ---------------------------------------------------------------------- exploding / imploding

def test_cinematic_any_die_explodes_indefinitely_each_reroll_after_its_die():
    # "In Cinematic mode, any die can explode or implode. Exploding dice can continue to
    # explode indefinitely." Re-rolls come straight after their die (R5).
    chance = ScriptedChance([("d4", 4), ("d4", 4), ("d4", 4), ("d4", 2),
                             ("d6", 6), ("d6", 3), ("d8", 8), ("d8", 1)])
    r = skill_check(D4, D6, D8, chance, mode=Mode.CINEMATIC)
    assert [d.faces for d in r.roll.dice] == [(4, 4, 4, 2), (6, 3), (8, 1)]
    assert r.total == 14 + 9 + 9
    assert all(d.exploded for d in r.roll.dice)
    assert not r.dilemma  # R8: a re-roll of 1 adds 1, no dilemma


def test_gritty_only_ability_die_explodes_once():
    # "In Gritty mode, only an Ability die can explode, and it can only explode one time."
    chance = ScriptedChance([("d6", 6), ("d6", 6), ("d8", 8), ("d10", 10)])
    r = skill_check(D6, D8, D10, chance, mode=Mode.GRITTY)
    assert [d.faces for d in r.roll.dice] == [(6, 6), (8,), (10,)]
    assert r.total == 30
    assert chance.remaining == 0


def test_gritty_any_die_implodes():
    # R6: "A die implodes when the lowest number (1) on the die is rolled."
    r = skill_check(D8, D8, D10, ScriptedChance([6, 1, 7]), mode=Mode.GRITTY)
    assert r.dilemma and r.success
    assert [d.role for d in r.roll.implosions] == [SKILL]


def test_gritty_chain_ability_explodes_once_in_all():
    # R7: at most one explosion per Gritty roll, from the first Ability die at its maximum
    chance = ScriptedChance([("d12", 12), ("d12", 12), ("d4", 4), ("d6", 3), ("d6", 3)])
    r = roll_pool(Pool.check(D12.up(), D6, D6), chance, mode=Mode.GRITTY)
    assert [d.faces for d in r.dice] == [(12, 12), (4,), (3,), (3,)]


def test_plain_mode_neither_explodes_nor_implodes():
    r = skill_check(D6, D8, D4, ScriptedChance([6, 1, 4]), mode=Mode.PLAIN)
    assert r.total == 11 and not r.dilemma
    assert not any(d.exploded for d in r.roll.dice)


def test_imploded_die_is_a_dilemma_not_a_failure():
    # "This is not an automatic failure ... The result of an imploding die is a dilemma."
    ok = skill_check(D12, D12, D4, ScriptedChance([1, 11, 3]), mode=Mode.CINEMATIC)
    assert ok.success and ok.dilemma
    bad = skill_check(D4, D4, D4, ScriptedChance([1, 2, 3]), mode=Mode.CINEMATIC)
    assert not bad.success and bad.dilemma


def test_endless_explosions_run_out_of_script():
    with pytest.raises(ScriptExhaustedError):
        skill_check(D4, D4, D4, ScriptedChance([4] * 10), mode=Mode.CINEMATIC)


def test_bad_mode():
    with pytest.raises(InvalidDieError, match="'gritty'"):
        roll_pool(Pool.check(D4, D4), ScriptedChance([1, 1]), mode="gritty")


# ---------------------------------------------------------------------- backgrounds / impairments

def test_edge_from_background_and_impairment():
    assert edge(background=True) is Edge.ADVANTAGE
    assert edge(impairment=True) is Edge.DISADVANTAGE
    assert edge(True, True) is Edge.NONE  # R10
    assert edge() is Edge.NONE


def test_background_rolls_ability_twice_keeps_higher():
    # "they may roll their Ability die twice, and choose the higher of the two rolls."
    chance = ScriptedChance([("d8", 3), ("d8", 7), ("d6", 2), ("d6", 4)])
    r = skill_check(D8, D6, D6, chance, mode=Mode.PLAIN, edge=Edge.ADVANTAGE)
    assert r.roll.dice[0].faces == (7,) and r.roll.dice[0].discarded == 3
    assert r.total == 13 and r.success


def test_impairment_rolls_ability_twice_keeps_lower():
    # "they will roll their Ability die twice, and select the lower of the two rolls."
    chance = ScriptedChance([("d8", 3), ("d8", 7), ("d6", 2), ("d6", 4)])
    r = skill_check(D8, D6, D6, chance, mode=Mode.PLAIN, edge=Edge.DISADVANTAGE)
    assert r.roll.dice[0].faces == (3,) and r.roll.dice[0].discarded == 7
    assert r.total == 9


def test_discarded_one_is_no_dilemma_and_kept_die_explodes():
    # R9: the roll not chosen does not count; the kept die explodes as usual
    chance = ScriptedChance([("d6", 1), ("d6", 6), ("d6", 2), ("d8", 3), ("d4", 2)])
    r = skill_check(D6, D8, D4, chance, mode=Mode.CINEMATIC, edge=Edge.ADVANTAGE)
    assert r.roll.dice[0].faces == (6, 2)
    assert not r.dilemma
    assert r.total == 13


def test_impairment_keeps_a_one_and_implodes():
    chance = ScriptedChance([("d6", 1), ("d6", 6), ("d8", 8), ("d8", 2), ("d4", 2)])
    r = skill_check(D6, D8, D4, chance, mode=Mode.CINEMATIC, edge=Edge.DISADVANTAGE)
    assert r.roll.dice[0].faces == (1,)
    assert r.dilemma
    assert r.total == 1 + 10 + 2


def test_edge_tie_keeps_first_roll_set():
    chance = ScriptedChance([("d12", 5), ("d4", 2), ("d12", 3), ("d4", 4), ("d6", 5)])
    r = roll_pool(Pool.check(D12.up(), D6), chance, mode=Mode.PLAIN, edge=Edge.ADVANTAGE)
    assert [d.faces for d in r.dice[:2]] == [(5,), (2,)]
    assert [d.discarded for d in r.dice[:2]] == [3, 4]


# ---------------------------------------------------------------------- contests

def test_contest_higher_total_wins():
    # "Contests are a simple matter of each side trying for a higher roll."
    r = opposed(Pool.check(D8, D8), Pool.check(D6, D6), ScriptedChance([5, 5, 3, 3]), mode=Mode.PLAIN)
    assert r.totals == (10, 6) and r.winner == 0 and r.actor_wins and r.margin == 4


def test_draw_fails_actor():
    # "A draw is considered a failed attack." (R12)
    r = opposed(Pool.check(D8, D8), Pool.check(D6, D6), ScriptedChance([3, 3, 3, 3]), mode=Mode.PLAIN)
    assert r.draw and r.winner == 1 and not r.actor_wins and r.margin == 0


def test_symmetric_draw_has_no_winner():
    r = contest([Pool.check(D8), Pool.check(D8)], ScriptedChance([4, 4]), mode=Mode.PLAIN, actor=None)
    assert r.draw and r.winner is None


def test_three_way_contest():
    pools = [Pool.check(D10), Pool.check(D10), Pool.check(D10)]
    r = contest(pools, ScriptedChance([7, 7, 5]), mode=Mode.PLAIN, actor=0)
    assert r.winner == 1  # actor drops out of the tied lead
    r = contest(pools, ScriptedChance([7, 8, 8]), mode=Mode.PLAIN, actor=0)
    assert r.winner is None  # two others tie for the lead
    r = contest(pools, ScriptedChance([9, 8, 8]), mode=Mode.PLAIN, actor=0)
    assert r.winner == 0 and r.margin == 1


def test_contest_dilemma_does_not_change_winner():
    r = opposed(Pool.check(D8, D8), Pool.check(D6, D6), ScriptedChance([1, 7, 2, 3]), mode=Mode.CINEMATIC)
    assert r.winner == 0 and r.dilemmas == (0,)


def test_contest_needs_two_sides():
    with pytest.raises(InvalidDieError, match="got 1"):
        contest([Pool.check(D8)], ScriptedChance([1]))


def test_check_with_prepared_pool_and_target():
    pool = Pool(((ABILITY, D8), (SKILL, D6), (DIFFICULTY, NONE)))
    r = check(pool, ScriptedChance([4, 4]), mode=Mode.PLAIN, target=8)
    assert r.success and r.target == 8
