"""Successes and Failures: card flow, Strikes, the Killer's weaknesses."""

import pytest

from solo.nott import PLAYTEST
from solo.nott.cards import JACK, QUEEN, rank
from solo.nott.events import CharacterDied, ReserveDry, Shuffled, StrikeGained, WeaknessFound

from .helpers import C, cards, of, play_test, stacked

ANN, BEN, CAT, DEE = range(4)


# ---------------------------------------------------------------- number cards

def test_number_success_goes_to_trophy_top_and_a_reserve_card_joins_the_bottom():
    g = stacked(["7♠", "2♥", "3♣"], number_reserve=["5♦", "6♦"])
    play_test(g, BEN, 6, 1)
    assert g.trophy[0] == C("7♠")
    assert g.deck == cards("2♥", "3♣", "5♦")
    assert g.number_reserve == cards("6♦")
    assert g.threat == C("2♥")


def test_number_failure_goes_under_the_deck_with_a_reserve_card_under_it():
    g = stacked(["7♠", "2♥", "3♣"], number_reserve=["5♦", "6♦"])
    play_test(g, BEN, 2, 1)
    assert g.deck == cards("2♥", "3♣", "7♠", "5♦")
    assert g.strikes == [0, 0, 0, 0]


def test_dire_failure_on_a_number_card_gives_a_strike():
    g = stacked(["9♠", "2♥"])
    ev = play_test(g, BEN, 2, 4)
    assert [(s.who, s.strikes) for s in of(ev, StrikeGained)] == [(BEN, 1)]


@pytest.mark.parametrize("threat", ["A♠", "2♠", "3♥", "4♦"])
def test_atmospheric_cards_never_strike(threat):
    # "1–4: Atmospheric. There is no risk of Strikes from this challenge." (A Dire d4 already
    # makes 4, so the dice alone cannot fail such a card Dire; the rule itself is pinned here.)
    g = stacked([threat, "2♥"])
    assert g.strike_due(C(threat), False, 4) is False
    assert g.strike_due(C("5♠"), False, 4) is True
    play_test(g, BEN, 0, 4)
    assert g.strikes == [0, 0, 0, 0]


def test_dire_success_on_a_number_card_is_no_strike():
    g = stacked(["8♠", "2♥"])
    play_test(g, BEN, 5, 4)
    assert g.strikes == [0, 0, 0, 0]


def test_ashcan_empty_number_reserve_pulls_from_the_next_highest_reserve():
    g = stacked(["7♠", "2♥"], number_reserve=[], jacks=["J♥"], queens=["Q♣"])
    play_test(g, BEN, 9, 1)
    assert g.deck == cards("2♥", "J♥")
    play_test(g, BEN, 9, 1)  # 2♥ beaten, Jacks dry → a Queen
    assert g.deck == cards("J♥", "Q♣")


def test_playtest_reserves_run_dry():
    g = stacked(["7♠", "2♥"], number_reserve=[], rules=PLAYTEST, trophy=["5♣"])
    ev = play_test(g, BEN, 9, 1)
    assert g.deck == cards("2♥")
    assert of(ev, ReserveDry)


# ---------------------------------------------------------------- face cards

def test_face_success_first_of_suit_finds_a_weakness_removes_card_adds_jack_and_shuffles():
    g = stacked(["J♠", "2♥", "3♣"], trophy=["5♥"], jacks=["J♦"], queens=["Q♦"])
    ev = play_test(g, BEN, 6, 1)  # 7 >= 5+1
    assert C("J♠") in g.removed and C("J♠") not in g.deck
    assert of(ev, WeaknessFound)[0].suit == 0 and g.found() == 1
    assert sorted(g.deck) == sorted(cards("2♥", "3♣", "J♦"))
    assert {e.pile for e in of(ev, Shuffled)} == {"threat deck", "trophy pile"}
    assert g.strikes == [0, 0, 0, 0]


@pytest.mark.parametrize("fallout,added", [(1, JACK), (2, JACK), (3, QUEEN), (4, QUEEN)])
def test_face_success_adds_jack_on_clean_messy_queen_on_costly_dire(fallout, added):
    g = stacked(["J♠", "2♥"], trophy=["A♥"])
    play_test(g, BEN, 9, fallout)
    new = [c for c in g.deck if c not in cards("2♥")]
    assert [rank(c) for c in new] == [added]


def test_dire_success_against_the_killer_gives_a_strike():
    g = stacked(["Q♠", "2♥"], trophy=["A♥"])
    ev = play_test(g, BEN, 9, 4)
    assert [(s.who, s.reason) for s in of(ev, StrikeGained)] == [(BEN, "Dire success against the Killer")]
    assert g.found() == 1


def test_face_success_of_a_suit_already_defeated_keeps_the_card():
    g = stacked(["Q♠", "2♥"], trophy=["A♥"], weaknesses=["J♠"])
    play_test(g, BEN, 9, 1)
    assert C("Q♠") in g.deck and g.found() == 1


def test_face_failure_gives_a_strike_and_a_random_king_at_the_bottom():
    g = stacked(["J♠", "2♥"], trophy=["10♥"], choices={"king": ["K♦"]})
    ev = play_test(g, BEN, 2, 1)
    assert [s.strikes for s in of(ev, StrikeGained)] == [1]
    assert C("K♦") in g.deck and C("J♠") in g.deck
    assert C("K♦") not in g.reserves[2]


def test_only_one_strike_per_test():
    # a Dire failure against the Killer is two triggers but "You can gain only one Strike from any one Test"
    g = stacked(["K♠", "2♥"], trophy=["10♥"])
    ev = play_test(g, BEN, 0, 4)
    assert len(of(ev, StrikeGained)) == 1 and g.strikes[BEN] == 1


def test_third_strike_kills():
    g = stacked(["K♠", "K♥", "K♣", "2♥"], trophy=["10♥"])
    for _ in range(2):
        play_test(g, BEN, 0, 1)
    assert g.strikes[BEN] == 2 and g.alive(BEN)
    ev = play_test(g, BEN, 0, 1)
    assert g.strikes[BEN] == 3 and not g.alive(BEN)
    assert of(ev, CharacterDied)[0].cause == "strikes"


def test_playtest_king_reserve_may_run_dry():
    g = stacked(["K♠", "2♥"], trophy=["10♥"], kings=[], rules=PLAYTEST)
    ev = play_test(g, BEN, 0, 1)
    assert of(ev, ReserveDry)[0].wanted == "king"


def test_ashcan_jack_reserve_dry_falls_back_to_queen_then_king():
    g = stacked(["J♠", "2♥"], trophy=["A♥"], jacks=[], queens=[], kings=["K♣"])
    play_test(g, BEN, 9, 1)
    assert C("K♣") in g.deck


def test_trophy_and_deck_are_shuffled_after_every_confrontation():
    g = stacked(["J♠", "2♥", "3♥"], trophy=["A♥", "9♣"],
                shuffles={"threat": [["3♥"]], "trophy": [["9♣"]]})
    play_test(g, BEN, 0, 1)  # failure
    assert g.threat == C("3♥") and g.trophy[0] == C("9♣") and g.base_difficulty() == 9


def test_the_killing_failure_still_adds_its_king():
    g = stacked(["K♠", "2♥"], trophy=["10♥"], choices={"king": ["K♣"]})
    g.strikes[BEN] = 2
    play_test(g, BEN, 0, 1)
    assert not g.alive(BEN) and C("K♣") in g.deck


def test_difficulty_above_13_is_kept_and_cannot_be_rolled():
    from solo.nott import ASHCAN
    g = stacked(["K♠", "2♥"], trophy=["10♥"], rules=ASHCAN.with_(face_modifiers=(1, 2, 5)))
    assert g.difficulty() == 15
    play_test(g, BEN, 9, 4)
    assert g.strikes[BEN] == 1  # 13 < 15: a failure against the Killer
