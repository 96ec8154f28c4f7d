"""Ruleset knobs: the smallest values they take, and the wording of every refusal."""

import pytest

from solo.nott import ASHCAN, Character, Game, Ruleset, ScriptedChance, get_ruleset
from solo.nott.actions import Resolve, Roll, Test
from solo.nott.errors import SetupError


@pytest.mark.parametrize("knobs,message", [
    (dict(trophy_start="full"), "trophy_start must be 'ten' or 'empty', got 'full'"),
    (dict(face_modifiers=(1, 2)), "face_modifiers needs three values (J, Q, K), got (1, 2)"),
    (dict(genre_points=-1), "genre_points cannot be negative, got -1"),
    (dict(strikes_to_die=0), "strikes_to_die must be at least 1, got 0"),
    (dict(min_cast=0, max_cast=4), "cast size 0–4 is not a range"),
    (dict(min_cast=5, max_cast=4), "cast size 5–4 is not a range"),
])
def test_a_knob_out_of_range_is_refused_saying_which_and_what(knobs, message):
    with pytest.raises(SetupError) as err:
        Ruleset(**knobs)
    assert str(err.value) == message


def test_the_smallest_knob_values_are_allowed():
    rules = Ruleset(genre_points=0, strikes_to_die=1, min_cast=1, max_cast=1)
    assert (rules.genre_points, rules.strikes_to_die, rules.min_cast, rules.max_cast) == (0, 1, 1, 1)


def test_one_strike_to_die_kills_at_the_first_strike():
    """With ``strikes_to_die=1`` a failed Test against the Killer ("you gain one Strike") ends
    the character's story at once."""
    cast = [Character("Ann", 0), Character("Ben", 1)]
    rules = ASHCAN.with_(strikes_to_die=1, min_cast=1, max_cast=4)
    g = Game.stacked(cast, rules, ScriptedChance(), threat=["K♥", "2♠"], trophy=["10♥"])
    g.push(Test(0))
    g.push(Roll(0, 1))
    g.push(Resolve(0))
    assert g.strikes[0] == 1 and not g.alive(0) and g.alive(1)


def test_a_cast_of_one_plays_under_a_ruleset_that_allows_it():
    g = Game([Character("Solo", 2)], Ruleset(min_cast=1, max_cast=1), seed=1)
    assert g.living() == [0] and g.problems() == []


def test_an_unknown_ruleset_lists_the_built_in_ones():
    with pytest.raises(SetupError) as err:
        get_ruleset("nightmare")
    assert str(err.value) == "unknown ruleset: 'nightmare' (choose from ashcan, playtest)"
