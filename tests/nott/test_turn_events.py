"""One Test step by step: the events each action tells, the Fallout die kept on its faces, and
the refusals a player reads when an action does not fit the moment (quoted word for word)."""

import pytest

from solo.nott import Character, Game
from solo.nott.actions import REROLL, RESOLVE, ROLL, Award, Reroll, Resolve, Roll, Test
from solo.nott.errors import (
    DeadCharacterError, IllegalActionError, InvalidActionError, NoGenrePointError, SetupError,
    UnknownCharacterError,
)
from solo.nott.events import GenrePointAwarded, ReserveDry, Rolled, TestBegan, TestResolved

from .helpers import C, of, play_test, stacked

ANN, BEN, CAT, DEE = range(4)


# ---------------------------------------------------------------- the events of a Test


def test_taking_on_the_threat_card_tells_who_what_and_how_hard():
    g = stacked(["J♥", "2♠"], trophy=["6♣"])
    assert g.push(Test(CAT)) == [TestBegan(CAT, C("J♥"), 7)]


def test_a_roll_tells_the_dice_and_whether_they_were_typed_by_hand():
    g = stacked(["7♠", "2♠"], dice=[(4, 2)])
    g.push(Test(BEN))
    assert g.push(ROLL) == [Rolled(BEN, 4, 2, 4, False, False)]
    g.pop()
    assert g.push(Roll(8, 3)) == [Rolled(BEN, 8, 3, 8, True, False)]


def test_an_award_tells_who_received_and_what_the_director_has_left():
    """"The Director starts with 13 Genre Points that they can award you with\""""
    g = stacked(["2♠", "3♠"])
    assert g.push(Award(CAT)) == [GenrePointAwarded(CAT, 12)]
    assert g.push(Award(ANN)) == [GenrePointAwarded(ANN, 11)]


def test_a_resolve_tells_the_rolled_and_the_adjusted_fallout():
    g = stacked(["7♠", "2♠"])
    g.push(Test(ANN))
    g.push(Roll(3, 3))
    (res,) = of(g.push(Resolve(+1)), TestResolved)
    assert res == TestResolved(ANN, C("7♠"), 7, 3, 3, 1, 4, True, False)


@pytest.mark.parametrize("rolled,adjust,kept", [(1, -1, 1), (4, +1, 4), (2, -1, 1), (3, +1, 4)])
def test_aptitude_never_moves_the_fallout_die_off_its_faces(rolled, adjust, kept):
    """"A modifier can never raise the result of a die above or below the ranges" — the d4 reads 1–4."""
    g = stacked(["9♣", "2♠"])
    g.push(Test(CAT))
    g.push(Roll(5, rolled))
    (res,) = of(g.push(Resolve(adjust)), TestResolved)
    assert (res.rolled_fallout, res.adjust, res.fallout, res.total) == (rolled, adjust, kept, 5 + kept)


def test_after_a_resolve_nobody_is_testing_and_the_reroll_is_spent_no_longer():
    """A Genre Point reroll belongs to its Test: the next Test may reroll again."""
    g = stacked(["9♥", "2♥", "3♥"], dice=[(0, 1), (5, 2), (0, 1), (5, 2)])
    g.push(Award(BEN))
    g.push(Award(BEN))
    g.push(Test(BEN))
    g.push(ROLL)
    g.push(REROLL)
    (first,) = of(g.push(RESOLVE), TestResolved)
    assert first.rerolled is True
    assert g.tester == -1 and g.rerolled is False
    assert g.aptitude_applies() is False  # a ♥ card, but nobody is testing
    g.push(Test(BEN))
    g.push(ROLL)
    assert Reroll() in g.legal_actions()
    g.push(RESOLVE)
    g.push(Test(BEN))
    g.push(ROLL)
    (second,) = of(g.push(RESOLVE), TestResolved)
    assert second.rerolled is False


def test_ashcan_with_every_reserve_dry_says_a_number_card_was_wanted():
    """"If there are no cards left in a Reserve you would need to pull from, pull from the next
    highest Reserve pile instead" — and when there is none, nothing joins the deck."""
    g = stacked(["7♠", "2♥"], number_reserve=[], jacks=[], queens=[], kings=[])
    ev = play_test(g, BEN, 9, 1)
    assert of(ev, ReserveDry) == [ReserveDry("number card")]
    assert g.deck == [C("2♥")]


# ---------------------------------------------------------------- refusals


def test_test_and_award_refuse_the_first_index_past_the_cast():
    g = stacked(["2♠", "3♠"])
    with pytest.raises(UnknownCharacterError) as err:
        g.push(Test(4))
    assert str(err.value) == "cannot test: no character number 4 (0–3)"
    with pytest.raises(UnknownCharacterError) as err:
        g.push(Award(4))
    assert str(err.value) == "cannot award: no character number 4 (0–3)"


def test_the_first_character_can_die_and_be_refused_like_any_other():
    g = stacked(["2♠", "3♠"])
    g.strikes[ANN], g.dead[ANN] = 3, "strikes"
    with pytest.raises(DeadCharacterError) as err:
        g.push(Test(ANN))
    assert str(err.value) == "cannot test Ann: Ann is dead"
    with pytest.raises(DeadCharacterError) as err:
        g.push(Award(ANN))
    assert str(err.value) == "cannot award Ann: Ann is dead"
    assert g.push(Award(BEN)) == [GenrePointAwarded(BEN, 12)]


def test_a_second_tester_is_refused_naming_the_test_under_way_and_its_moment():
    g = stacked(["2♠", "3♠"])
    g.push(Test(ANN))
    with pytest.raises(IllegalActionError) as err:
        g.push(Test(BEN))
    assert str(err.value) == "cannot test Ben: Ann's Test is under way (the dice are still to roll)"
    g.push(Roll(5, 1))
    with pytest.raises(IllegalActionError) as err:
        g.push(Test(CAT))
    assert str(err.value) == "cannot test Cat: Ann's Test is under way (the roll waits: resolve or reroll)"


def test_rolling_out_of_turn_is_refused_quoting_the_roll():
    g = stacked(["2♠", "3♠"])
    with pytest.raises(IllegalActionError) as err:
        g.push(ROLL)
    assert str(err.value) == "cannot 'roll': choose who tests first"
    g.push(Test(ANN))
    g.push(Roll(5, 1))
    with pytest.raises(IllegalActionError) as err:
        g.push(Roll(5, 3))
    assert str(err.value) == "cannot 'roll 5 3': the dice are already rolled"


def test_resolving_before_the_roll_is_refused_quoting_the_resolve():
    g = stacked(["2♠", "3♠"])
    g.push(Test(ANN))
    with pytest.raises(IllegalActionError) as err:
        g.push(Resolve(-1))
    assert str(err.value) == "cannot 'resolve -1': roll the dice first"


def test_an_award_from_an_empty_pool_is_refused_quoting_it():
    g = stacked(["2♠", "3♠"])
    g.pool, g.spent = 0, 13
    with pytest.raises(NoGenrePointError) as err:
        g.push(Award(2))
    assert str(err.value) == "cannot 'award 2': the Director has no Genre Points left"


def test_something_that_is_no_action_is_refused_quoting_it():
    g = stacked(["2♠", "3♠"])
    with pytest.raises(IllegalActionError) as err:
        g.push("roll")
    assert str(err.value) == "not an action: 'roll'"


@pytest.mark.parametrize("kind,word", [(Test, "test"), (Award, "award")])
@pytest.mark.parametrize("bad", [-1, True, False, "1", 1.0, None])
def test_a_cast_index_must_be_a_whole_number_from_zero(kind, word, bad):
    with pytest.raises(InvalidActionError) as err:
        kind(bad)
    assert str(err.value) == f"{word} needs a cast index (0, 1, …), got {bad!r}"


@pytest.mark.parametrize("kind", [Roll, Reroll])
@pytest.mark.parametrize("main,fallout", [(5, None), (None, 2)])
def test_dice_by_hand_come_in_pairs(kind, main, fallout):
    with pytest.raises(InvalidActionError) as err:
        kind(main, fallout)
    assert str(err.value) == f"give both dice or neither: main {main!r}, fallout {fallout!r}"


def test_a_resolve_adjustment_outside_minus_one_to_one_is_refused():
    """"you can add or subtract one from the Fallout die result\""""
    for bad in (2, -2, True):
        with pytest.raises(InvalidActionError) as err:
            Resolve(bad)
        assert str(err.value) == f"Aptitude adjusts the Fallout die by -1, 0 or +1, got {bad!r}"


@pytest.mark.parametrize("name", ["", "   "])
def test_a_character_needs_a_name(name):
    """"Choose a Name.\""""
    with pytest.raises(SetupError) as err:
        Character(name, 0)
    assert str(err.value) == f"a character needs a name, got {name!r}"


def test_an_aptitude_must_be_a_suit():
    with pytest.raises(SetupError) as err:
        Character("Ann", 4)
    assert str(err.value) == "aptitude must be a suit 0–3, got 4 for 'Ann'"


def test_cast_size_and_names_are_refused_saying_what_was_given():
    with pytest.raises(SetupError) as err:
        Game([Character("Ann", 0)] * 2 + [Character("ann ", 1), Character("Dee", 3)], seed=1)
    assert str(err.value) == "cast names must differ: ['Ann', 'Ann', 'ann ', 'Dee']"
    with pytest.raises(SetupError) as err:
        Game([Character("Ann", 0)], seed=1)
    assert str(err.value) == "the ashcan rules need a cast of 4, got 1"
