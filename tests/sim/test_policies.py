"""The policies, pinned on hand-made situations."""

import random

from solo.nott.actions import REROLL, ROLL, Award, Resolve, Roll, Test
from solo.sim.policies import Careful, Naive, Spread, best_adjust, get_policy, next_actions

from tests.nott.helpers import stacked

ANN, BEN, CAT, DEE = range(4)  # ♠ ♥ ♣ ♦
RNG = random.Random(0)


def rolled(threat, who, main, fallout, **kw):
    g = stacked(threat, **kw)
    g.push(Test(who))
    g.push(Roll(main, fallout))
    return g


def test_careful_tester_is_the_aptitude_match():
    g = stacked(["7♣", "2♠"])
    assert Careful().tester(g, RNG) == CAT


def test_careful_tester_without_a_match_has_fewest_strikes_then_cast_order():
    g = stacked(["7♣", "2♠"])
    g.strikes[CAT], g.dead[CAT] = 3, "strikes"
    g.strikes[ANN] = 1
    assert Careful().tester(g, RNG) == BEN
    g.strikes[BEN] = 2
    assert Careful().tester(g, RNG) == DEE


def test_careful_tester_for_a_joker_has_fewest_strikes():
    g = stacked(["RJ", "Q♠"], trophy=["5♥"], weaknesses=["J♠", "J♥", "J♣", "J♦"])
    g.strikes[ANN] = 2
    g.strikes[BEN] = 1
    assert Careful().tester(g, RNG) == CAT


def test_aptitude_choice_avoids_a_strike_first():
    # Ann vs J♠ (10 + 1 = 11): 7 + 4 = 11 is a Dire success (a Strike); -1 → 7 + 3 = 10, a failure (a Strike);
    # no adjustment avoids both, so: prefer success. Here: 8 + 4 = 12 Dire success; -1 → 11 Costly success.
    g = rolled(["J♠", "2♥"], ANN, 8, 4, trophy=["10♥"])
    assert best_adjust(g) == (-1, False, True)


def test_aptitude_choice_prefers_success_then_lower_fallout():
    g = rolled(["7♠", "2♥"], ANN, 4, 2, trophy=["10♥"])  # 6: +1 → 7 success Costly
    assert best_adjust(g) == (1, False, True)
    g = rolled(["5♠", "2♥"], ANN, 6, 2, trophy=["10♥"])  # success either way: -1 → Clean
    assert best_adjust(g) == (-1, False, True)


def test_no_aptitude_when_suits_differ():
    g = rolled(["7♠", "2♥"], BEN, 4, 2)
    assert best_adjust(g) == (0, False, False)


def test_careful_spends_a_genre_point_from_the_shared_pool_on_a_killer_failure():
    g = rolled(["K♥", "2♠"], ANN, 1, 1, trophy=["10♥"], dice=[(2, 2)])
    acts = Careful().decide(g, RNG)
    assert acts == [Award(ANN), REROLL]
    for a in acts:
        g.push(a)
    # after the reroll the result stands: only an Aptitude choice remains
    assert all(isinstance(a, Resolve) for a in Careful().decide(g, RNG))


def test_careful_does_not_spend_on_a_harmless_number_failure():
    g = rolled(["9♥", "2♠"], ANN, 1, 2)
    assert Careful().decide(g, RNG) == [Resolve(0)]


def test_careful_spends_on_a_dire_number_failure():
    g = rolled(["9♥", "2♠"], ANN, 1, 4)
    assert Careful().decide(g, RNG)[-1] == REROLL


def test_careful_uses_the_testers_own_point_first():
    g = stacked(["K♥", "2♠"], trophy=["10♥"])
    g.push(Award(ANN))
    g.push(Test(ANN))
    g.push(Roll(1, 1))
    assert Careful().decide(g, RNG) == [REROLL]


def test_careful_with_no_points_left_resolves():
    g = stacked(["K♥", "2♠"], trophy=["10♥"])
    g.pool = 0
    g.spent = 13
    g.push(Test(ANN))
    g.push(Roll(1, 1))
    assert Careful().decide(g, RNG) == [Resolve(0)]


def test_naive_never_adjusts_or_spends_and_picks_among_the_living():
    g = rolled(["K♠", "2♥"], ANN, 1, 4, trophy=["10♥"])
    assert Naive().decide(g, RNG) == [Resolve(0)]
    g2 = stacked(["7♣", "2♠"])
    g2.strikes[BEN], g2.dead[BEN] = 3, "strikes"
    picks = {Naive().tester(g2, random.Random(i)) for i in range(60)}
    assert picks == {ANN, CAT, DEE}


def test_spread_picks_fewest_strikes_even_against_an_aptitude_match():
    g = stacked(["7♣", "2♠"])
    g.strikes[CAT] = 1
    assert Spread().tester(g, RNG) == ANN


def test_next_actions_follows_the_phases():
    g = stacked(["7♣", "2♠"])
    assert next_actions(g, get_policy("careful"), RNG) == [Test(CAT)]
    g.push(Test(CAT))
    assert next_actions(g, get_policy("careful"), RNG) == [ROLL]


def test_unknown_policy_is_refused():
    import pytest

    with pytest.raises(ValueError, match="'reckless'"):
        get_policy("reckless")
