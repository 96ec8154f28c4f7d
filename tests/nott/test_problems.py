"""``Game.problems()`` finds every broken invariant of the table: a sound table has none, and
each unsound table planted here is reported in its own words (the property tests rely on it)."""

from solo.nott import OVER
from solo.nott.cards import BLACK_JOKER, RED_JOKER

from .helpers import C, stacked

ANN, BEN, CAT, DEE = range(4)
ALL_FOUND = ["J♠", "J♥", "J♣", "J♦"]


def table():
    g = stacked(["2♠", "Q♥", "3♠"], trophy=["10♦"])
    assert g.problems() == []
    return g


def test_a_card_in_two_places_is_reported_with_the_count():
    g = table()
    g.deck.append(C("5♠"))  # 5♠ is still in the Number Reserve too
    assert g.problems() == ["cards are not each in exactly one place (55 placed)"]


def test_a_lost_card_is_reported():
    g = table()
    g.number_reserve.pop()
    assert g.problems() == ["cards are not each in exactly one place (53 placed)"]


def test_strikes_past_the_limit_are_reported():
    g = table()
    g.strikes[ANN] = 4
    g.dead[ANN] = "strikes"
    assert g.problems() == ["Ann has 4 strikes"]


def test_negative_strikes_are_reported():
    g = table()
    g.strikes[BEN] = -1
    assert g.problems() == ["Ben has -1 strikes"]


def test_a_third_strike_without_death_is_reported():
    """"When you get your third Strike, the character's story is over.\""""
    g = table()
    g.strikes[CAT] = 3
    assert g.problems() == ["Cat has 3 strikes but lives"]
    g.strikes[CAT] = 2
    assert g.problems() == []


def test_genre_points_made_from_nothing_are_reported():
    """"The Director starts with 13 Genre Points": pool + held + spent stays 13."""
    g = table()
    g.genre[DEE] = 1
    assert g.problems() == ["Genre Points not conserved: pool 13 + held [0, 0, 0, 1] + spent 0"]


def test_a_negative_holding_is_reported_even_when_the_sum_is_thirteen():
    g = table()
    g.genre[ANN], g.genre[BEN] = -1, 1
    assert g.problems() == ["Genre Points not conserved: pool 13 + held [-1, 1, 0, 0] + spent 0"]


def test_a_negative_pool_is_reported_even_when_the_sum_is_thirteen():
    g = table()
    g.pool, g.genre[ANN] = -1, 14
    assert g.problems() == ["Genre Points not conserved: pool -1 + held [14, 0, 0, 0] + spent 0"]


def test_no_threat_card_while_the_night_goes_on_is_reported():
    g = table()
    g.removed += g.deck
    g.deck = []
    assert g.problems() == ["no Threat Card while the game runs"]


def test_an_empty_deck_after_the_night_is_over_is_no_problem_of_the_deck():
    g = table()
    g.removed += g.deck
    g.deck = []
    g._end(True)
    assert g.problems() == []


def test_an_endgame_flag_that_disagrees_with_the_weaknesses_is_reported():
    g = table()
    g.endgame = True
    assert g.problems() == ["endgame True with 0 weaknesses", "number cards in the Threat Deck during the Endgame"]


def test_number_cards_left_in_the_endgame_deck_are_reported():
    """"The Director removes all number cards from the Threat Deck, leaving only the monstrous face cards.\""""
    g = stacked(["Q♠", "5♥", "RJ", "BJ"], weaknesses=ALL_FOUND)
    assert g.problems() == ["number cards in the Threat Deck during the Endgame"]


def test_a_joker_in_the_deck_before_the_endgame_is_reported():
    """The Jokers are "kept separate for the final act"."""
    for joker in (RED_JOKER, BLACK_JOKER):
        g = table()
        g.jokers.remove(joker)
        g.deck.append(joker)
        assert g.problems() == ["a Joker in the Threat Deck before the Endgame"]


def test_a_face_card_or_joker_in_the_trophy_pile_is_reported():
    """Only defeated number cards go "on top of the Trophy Pile"."""
    for card in (C("J♦"), C("K♣"), RED_JOKER):
        g = table()
        for pile in [g.deck, g.jokers] + g.reserves:
            if card in pile:
                pile.remove(card)
        g.trophy.append(card)
        assert g.problems() == ["a face card or Joker in the Trophy Pile"], card


def test_a_weakness_card_still_in_play_is_reported():
    g = table()
    g.weaknesses[1] = C("Q♥")  # marked found, but still in the Threat Deck
    assert g.problems() == ["weakness card Q♥ is not out of the game"]


def test_a_weakness_card_under_the_wrong_suit_is_reported():
    g = stacked(["2♠", "3♠"], weaknesses=["J♠"])
    g.weaknesses[0], g.weaknesses[1] = -1, C("J♠")
    assert g.problems() == ["weakness card J♠ is not out of the game"]


def test_a_phase_that_disagrees_with_the_outcome_is_reported():
    g = table()
    g.phase = OVER
    assert g.problems() == ["phase 'over' disagrees with outcome None"]


def test_everyone_dead_while_the_night_goes_on_is_reported():
    g = table()
    g.dead = ["red joker"] * 4
    assert g.problems() == ["everyone is dead but the night goes on"]
