"""The Table Setup: Threat Deck, Reserves, Trophy Pile, fast setup — for both rulesets."""

import pytest

from solo.nott import ASHCAN, PLAYTEST, Character, Game, ScriptedChance, SeededChance, get_ruleset
from solo.nott.cards import ACE, BLACK_JOKER, JACK, KING, QUEEN, RED_JOKER, rank, suit
from solo.nott.errors import SetupError

from .helpers import CAST, cards


@pytest.mark.parametrize("seed", range(20))
def test_ashcan_threat_deck_is_aces_on_top_of_2s_3s_4s_and_one_jack(seed):
    g = Game(CAST, seed=seed)
    # "The four Aces are placed on top of this stack face up."
    assert [rank(c) for c in g.deck[:4]] == [ACE] * 4
    rest = g.deck[4:]
    # "The Director shuffles the 2s, 3s, 4s, and one Jack together."
    assert sorted(rank(c) for c in rest) == [2] * 4 + [3] * 4 + [4] * 4 + [JACK]
    assert g.threat == g.deck[0] and rank(g.threat) == ACE


@pytest.mark.parametrize("seed", range(20))
def test_ashcan_reserves_and_trophy(seed):
    g = Game(CAST, seed=seed)
    # "Number Reserve: 5s through 10s, in order" less the bottom 10 that starts the Trophy Pile.
    assert [rank(c) for c in g.number_reserve] == [5] * 4 + [6] * 4 + [7] * 4 + [8] * 4 + [9] * 4 + [10] * 3
    assert len(g.trophy) == 1 and rank(g.trophy[0]) == 10
    assert g.base_difficulty() == 10
    jacks, queens, kings = g.reserves
    assert len(jacks) == 3 and all(rank(c) == JACK for c in jacks)
    assert sorted(map(suit, queens)) == [0, 1, 2, 3] and all(rank(c) == QUEEN for c in queens)
    assert sorted(map(suit, kings)) == [0, 1, 2, 3] and all(rank(c) == KING for c in kings)
    assert sorted(g.jokers) == [RED_JOKER, BLACK_JOKER]
    assert g.pool == 13 and g.problems() == []


def test_trophy_ten_is_random_across_seeds():
    assert len({suit(Game(CAST, seed=s).trophy[0]) for s in range(40)}) == 4


def test_first_jack_is_random_across_seeds():
    jack_suits = {suit(next(c for c in Game(CAST, seed=s).deck if rank(c) == JACK)) for s in range(40)}
    assert jack_suits == {0, 1, 2, 3}


def test_playtest_trophy_starts_empty_with_base_one():
    g = Game(CAST, PLAYTEST, seed=1)
    assert g.trophy == [] and g.base_difficulty() == 1
    assert len(g.number_reserve) == 24 and g.problems() == []


def test_playtest_allows_three_characters_ashcan_wants_four():
    Game(CAST[:3], PLAYTEST, seed=1)
    with pytest.raises(SetupError, match="cast of 4, got 3"):
        Game(CAST[:3], ASHCAN, seed=1)


@pytest.mark.parametrize("rules", [ASHCAN, PLAYTEST])
@pytest.mark.parametrize("seed", range(10))
def test_fast_setup_removes_one_random_card_of_each_rank_2_to_10(rules, seed):
    g = Game(CAST, rules.with_(fast_setup=True), seed=seed)
    assert sorted(rank(c) for c in g.removed) == list(range(2, 11))
    assert len(g.deck) == 4 + 9 + 1
    assert len(g.number_reserve) + len(g.trophy) == 6 * 3
    assert g.problems() == []


def test_fast_setup_removal_follows_the_chance_source():
    ch = ScriptedChance(choices={"fast_setup": cards("2H", "3C", "4D", "5S", "6H", "7C", "8D", "9S", "10H")},
                        then=SeededChance(0))
    g = Game(CAST, ASHCAN.with_(fast_setup=True), ch)
    assert sorted(g.removed) == sorted(cards("2H", "3C", "4D", "5S", "6H", "7C", "8D", "9S", "10H"))


def test_same_seed_same_table():
    a, b = Game(CAST, seed=99), Game(CAST, seed=99)
    assert a.state_key() == b.state_key()
    assert Game(CAST, seed=98).deck != a.deck


def test_cast_names_must_differ():
    with pytest.raises(SetupError, match="must differ"):
        Game([Character("Ann", 0)] * 4, seed=1)


def test_character_needs_name_and_suit_aptitude():
    with pytest.raises(SetupError):
        Character("", 0)
    with pytest.raises(SetupError, match="'Ann'"):
        Character("Ann", 7)


def test_unknown_ruleset_is_refused():
    assert get_ruleset("Playtest") is PLAYTEST
    with pytest.raises(SetupError, match="'nightmare'"):
        get_ruleset("nightmare")


def test_unknown_rule_knob_is_refused():
    with pytest.raises(SetupError, match="bogus"):
        ASHCAN.with_(bogus=1)


def test_playtest_number_reserve_is_in_rank_order_too():
    g = Game(CAST, PLAYTEST, seed=5)
    assert [rank(c) for c in g.number_reserve] == sorted(rank(c) for c in g.number_reserve)
