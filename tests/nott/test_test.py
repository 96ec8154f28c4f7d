"""The Test: difficulty, success on >=, Fallout, Aptitude, Genre Points."""

import pytest

from solo.nott import PLAYTEST
from solo.nott.actions import RESOLVE, ROLL, REROLL, Award, Reroll, Resolve, Roll, Test
from solo.nott.errors import AptitudeError, IllegalActionError, NoGenrePointError
from solo.nott.events import GenrePointSpent, Rolled, TestResolved

from .helpers import of, play_test, stacked

ANN, BEN, CAT, DEE = range(4)


@pytest.mark.parametrize("threat,trophy,diff", [
    ("7♠", ["10♥"], 7), ("A♦", ["10♥"], 1), ("10♣", ["5♥"], 10),
    ("J♠", ["10♥"], 11), ("Q♠", ["10♥"], 12), ("K♠", ["10♥"], 13),
    ("J♥", ["4♣", "10♥"], 5), ("K♦", ["A♣"], 4),
])
def test_difficulty_number_is_its_number_face_is_trophy_top_plus_modifier(threat, trophy, diff):
    g = stacked([threat, "2♠"], trophy=trophy)
    assert g.difficulty() == diff


def test_empty_trophy_uses_base_one_in_playtest():
    g = stacked(["Q♥", "2♠"], trophy=[], rules=PLAYTEST)
    assert g.difficulty() == 1 + 2


@pytest.mark.parametrize("main,fallout,success", [(5, 2, True), (5, 1, False), (9, 4, True), (4, 2, False)])
def test_success_on_equal_or_greater(main, fallout, success):
    g = stacked(["7♠", "2♠"])
    ev = play_test(g, DEE, main, fallout)  # Dee's Finesse does not match ♠
    (res,) = of(ev, TestResolved)
    assert res.total == main + fallout and res.success is success and res.difficulty == 7


@pytest.mark.parametrize("f,name", [(1, "Clean"), (2, "Messy"), (3, "Costly"), (4, "Dire")])
def test_fallout_names(f, name):
    g = stacked(["2♠", "3♠"])
    (res,) = of(play_test(g, BEN, 5, f), TestResolved)
    assert res.fallout_name == name


def test_aptitude_adjusts_fallout_and_total_when_suits_match():
    # Ann (Power ♠) against 7♠ rolls 3+3=6: a failure; +1 makes 3+4=7, a Dire success.
    g = stacked(["7♠", "2♠"], dice=[(3, 3)])
    g.push(Test(ANN))
    g.push(ROLL)
    assert g.aptitude_applies()
    assert g.preview(0).success is False
    p = g.preview(+1)
    assert (p.total, p.success, p.fallout_name) == (7, True, "Dire")
    (res,) = of(g.push(Resolve(+1)), TestResolved)
    assert (res.rolled_fallout, res.fallout, res.total, res.success) == (3, 4, 7, True)


def test_aptitude_minus_one_turns_dire_failure_into_costly():
    g = stacked(["9♥", "2♠"], dice=[(2, 4)])
    g.push(Test(BEN))
    g.push(ROLL)
    assert g.preview(0).strike is True
    p = g.preview(-1)
    assert (p.fallout_name, p.strike, p.success) == ("Costly", False, False)


def test_aptitude_cannot_push_the_fallout_die_out_of_range():
    # "A modifier can never raise the result of a die above or below the ranges"
    g = stacked(["5♣", "2♠"], dice=[(1, 4)])
    g.push(Test(CAT))
    g.push(ROLL)
    assert g.preview(+1).fallout == 4 and g.preview(+1).total == 5


def test_aptitude_refused_when_suits_differ_quoting_the_cards():
    g = stacked(["7♠", "2♠"], dice=[(3, 3)])
    g.push(Test(BEN))
    g.push(ROLL)
    with pytest.raises(AptitudeError, match="Resolve.*7♠"):
        g.push(Resolve(+1))
    assert g.phase == "decide"


def test_genre_point_reroll_adds_one_to_main_die_and_must_be_accepted():
    g = stacked(["9♦", "2♠"], dice=[(1, 1), (6, 2)])
    g.push(Award(DEE))
    g.push(Test(DEE))
    g.push(ROLL)
    ev = g.push(REROLL)
    assert of(ev, GenrePointSpent)[0].left == 0
    (r,) = of(ev, Rolled)
    assert (r.raw_main, r.main, r.fallout, r.reroll) == (6, 7, 2, True)
    with pytest.raises(IllegalActionError, match="accept the second result"):
        g.push(REROLL)
    (res,) = of(g.push(RESOLVE), TestResolved)
    assert res.total == 9 and res.success and res.rerolled


def test_genre_point_plus_one_is_capped_at_nine():
    g = stacked(["9♦", "2♠"])
    g.push(Award(DEE))
    g.push(Test(DEE))
    g.push(Roll(0, 1))
    g.push(Reroll(9, 3))
    assert (g.main, g.fallout) == (9, 3)


def test_reroll_needs_a_genre_point_of_the_tester():
    g = stacked(["9♦", "2♠"])
    g.push(Award(ANN))
    g.push(Test(DEE))
    g.push(Roll(0, 1))
    with pytest.raises(NoGenrePointError, match="Dee has no Genre Point"):
        g.push(REROLL)


def test_aptitude_applies_after_the_reroll():
    g = stacked(["8♦", "2♠"], dice=[(0, 1), (2, 4)])
    g.push(Award(DEE))
    g.push(Test(DEE))
    g.push(ROLL)
    g.push(REROLL)
    (res,) = of(g.push(Resolve(-1)), TestResolved)
    assert (res.main, res.fallout, res.total, res.success) == (3, 3, 6, False)


def test_award_moves_points_from_the_directors_pool_of_13():
    g = stacked(["2♠", "3♠"])
    for _ in range(13):
        g.push(Award(BEN))
    assert g.pool == 0 and g.genre[BEN] == 13
    with pytest.raises(NoGenrePointError, match="no Genre Points left"):
        g.push(Award(ANN))
    assert g.problems() == []


def test_test_sequence_is_enforced():
    g = stacked(["2♠", "3♠"], dice=[(5, 1)])
    with pytest.raises(IllegalActionError, match="choose who tests first"):
        g.push(ROLL)
    with pytest.raises(IllegalActionError, match="roll the dice first"):
        g.push(RESOLVE)
    g.push(Test(ANN))
    with pytest.raises(IllegalActionError, match="Ann's Test is under way"):
        g.push(Test(BEN))
    g.push(ROLL)
    with pytest.raises(IllegalActionError, match="already rolled"):
        g.push(ROLL)
