"""push/pop, determinism, replay, action text and specific errors."""

import random

import pytest

from solo.nott import Game, quick_cast
from solo.nott.actions import RESOLVE, ROLL, Award, Reroll, Resolve, Roll, Test, parse_action
from solo.nott.errors import (
    DeadCharacterError, GameOverError, IllegalActionError, InvalidActionError, InvalidDiceError,
    UnknownCharacterError,
)

from .helpers import CAST, stacked

ANN, BEN, CAT, DEE = range(4)


def random_night(seed, record=True, manual_every=0):
    """Play a seeded night with random legal choices; returns the game."""
    g = Game(quick_cast(seed), seed=seed, record=record)
    rng = random.Random(seed)
    n = 0
    while g.outcome() is None:
        acts = g.legal_actions()
        a = rng.choice(acts)
        if isinstance(a, Roll) and manual_every and n % manual_every == 0:
            a = Roll(rng.randrange(10), rng.randrange(1, 5))
        g.push(a)
        n += 1
    return g


def test_a_seeded_night_reaches_dawn_or_death():
    g = Game(quick_cast(7), seed=7)
    while g.outcome() is None:
        g.push(Test(g.living()[0]))
        g.push(ROLL)
        g.push(RESOLVE)
    o = g.outcome()
    assert o.tests == g.tests > 4
    assert o.dawn == bool(o.survivors)


def test_same_seed_same_choices_same_game_bit_for_bit():
    a, b = random_night(11), random_night(11)
    assert a.move_stack == b.move_stack and a.state_key() == b.state_key()


def test_replaying_the_move_list_reproduces_the_game():
    a = random_night(5, manual_every=3)
    b = Game(quick_cast(5), seed=5)
    for act in a.move_stack:
        b.push(parse_action(str(act)))
    assert b.state_key() == a.state_key() and b.outcome() == a.outcome()


def test_undo_to_the_start_restores_the_initial_state_exactly():
    g = Game(quick_cast(3), seed=3)
    start = g.state_key()
    g2 = random_night(3)
    for act in g2.move_stack:
        g.push(act)
    while g.move_stack:
        g.pop()
    assert g.state_key() == start


def test_undo_rewinds_the_chance_source_so_the_same_dice_come_again():
    g = Game(CAST, seed=1)
    g.push(Test(ANN))
    first = (g.push(ROLL)[0].main, g.fallout)
    assert g.pop() == ROLL
    second = (g.push(ROLL)[0].main, g.fallout)
    assert first == second


def test_undo_with_nothing_played_and_without_history():
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        Game(CAST, seed=1).pop()
    with pytest.raises(IllegalActionError, match="record=False"):
        Game(CAST, seed=1, record=False).pop()


def test_record_false_plays_the_same_night():
    a, b = random_night(21), random_night(21, record=False)
    assert a.outcome() == b.outcome() and a.deck == b.deck


def test_illegal_action_leaves_state_unchanged():
    g = Game(CAST, seed=4)
    before = g.state_key()
    for bad in (ROLL, RESOLVE, Reroll(), Test(9), Award(7)):
        with pytest.raises(IllegalActionError):
            g.push(bad)
        assert g.state_key() == before and g.move_stack == []


def test_dead_character_cannot_test_or_be_awarded():
    g = stacked(["K♠", "2♥"], trophy=["10♥"])
    g.strikes[BEN], g.dead[BEN] = 3, "strikes"
    with pytest.raises(DeadCharacterError, match="Ben is dead"):
        g.push(Test(BEN))
    with pytest.raises(DeadCharacterError, match="Ben is dead"):
        g.push(Award(BEN))


def test_no_action_after_the_night_is_over():
    g = random_night(8)
    with pytest.raises(GameOverError, match="'roll'"):
        g.push(ROLL)
    assert g.legal_actions() == []


@pytest.mark.parametrize("text,action", [
    ("test 2", Test(2)), ("roll", Roll()), ("roll 5 3", Roll(5, 3)), ("reroll", Reroll()),
    ("reroll 0 4", Reroll(0, 4)), ("resolve", Resolve(0)), ("resolve -1", Resolve(-1)),
    ("resolve +1", Resolve(1)), ("award 0", Award(0)), ("  ROLL  9 1 ", Roll(9, 1)),
])
def test_action_text_round_trip(text, action):
    assert parse_action(text) == action
    assert parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["", "jump", "test", "test x", "roll 5", "resolve 2", "award -1", "roll 1 2 3"])
def test_bad_action_text_is_refused_quoting_it(text):
    with pytest.raises(InvalidActionError) as err:
        parse_action(text)
    assert repr(text) in str(err.value) or repr(text.split()[-1] if text.split() else text) in str(err.value)


@pytest.mark.parametrize("text", ["roll 10 1", "roll 5 0", "reroll 3 5"])
def test_dice_out_of_range_are_refused(text):
    with pytest.raises(InvalidDiceError):
        parse_action(text)


def test_character_lookup_by_name_prefix_or_index():
    g = Game(CAST, seed=1)
    assert g.who("ben") == BEN and g.who("D") == DEE and g.who(2) == CAT and g.who("3") == DEE
    with pytest.raises(UnknownCharacterError, match="'Zed'"):
        g.who("Zed")
    with pytest.raises(UnknownCharacterError, match="no character number 4"):
        g.who(4)
