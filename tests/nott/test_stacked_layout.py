"""``Game.stacked``: a table laid out by hand, the piles it fills in, and the layouts it refuses
(each refusal a SetupError saying what is wrong, word for word)."""

import pytest

from solo.nott import ASHCAN, PLAYTEST, Game, ScriptedChance
from solo.nott.actions import ROLL, Test
from solo.nott.cards import BLACK_JOKER, RED_JOKER, card
from solo.nott.errors import IllegalActionError, SetupError

from .helpers import CAST, C, cards, stacked


def test_the_ashcan_trophy_pile_starts_with_a_ten_when_none_is_given():
    """Ashcan: "the Director takes the bottom card (a random 10) from the Number Reserve and places
    it face-up to start the Trophy Pile"; stacked lays the 10♦ (the Number Reserve's last card)."""
    g = stacked(["2♠", "3♠"])
    assert g.trophy == cards("10♦") and g.base_difficulty() == 10
    assert C("10♦") not in g.number_reserve


def test_the_playtest_trophy_pile_starts_empty_when_none_is_given():
    """Playtest: "Start empty - no initial card is placed"."""
    g = stacked(["2♠", "3♠"], rules=PLAYTEST)
    assert g.trophy == [] and C("10♦") in g.number_reserve


def test_piles_left_out_get_their_ordinary_contents_less_the_cards_placed():
    """"Number Reserve: 5s through 10s, in order", the face cards in their reserves, Jokers aside."""
    g = stacked(["5♥", "J♣", "2♠"], trophy=["6♦"])
    expected = [card(r, s) for r in range(5, 11) for s in range(4)]
    expected = [c for c in expected if c not in cards("5♥", "6♦")]
    assert g.number_reserve == expected
    assert g.reserves == [cards("J♠", "J♥", "J♦"), cards("Q♠", "Q♥", "Q♣", "Q♦"), cards("K♠", "K♥", "K♣", "K♦")]
    assert g.jokers == [RED_JOKER, BLACK_JOKER]
    assert g.problems() == []


def test_cards_may_be_given_as_card_numbers_as_well_as_text():
    g = stacked([C("2♠"), "3♠"], trophy=[C("9♥")], kings=[C("K♦")])
    assert g.deck == cards("2♠", "3♠") and g.trophy == cards("9♥") and g.reserves[2] == cards("K♦")


def test_four_weaknesses_laid_out_mean_the_endgame_is_on():
    """"Should you survive long enough to defeat a face card from all four suits, the night
    reaches its bloody climax.\""""
    g = stacked(["Q♠", "RJ"], weaknesses=["J♠", "J♥", "J♣", "J♦"], jokers=["BJ"])
    assert g.endgame is True and g.found() == 4
    assert g.problems() == []


def test_fewer_weaknesses_mean_no_endgame_yet():
    g = stacked(["Q♠", "2♠"], weaknesses=["J♠", "J♥", "J♣"])
    assert g.endgame is False and g.found() == 3


def test_an_explicit_endgame_flag_is_laid_out_as_given():
    g = stacked(["Q♠", "2♠"], weaknesses=["J♠", "J♥", "J♣", "J♦"], endgame=False)
    assert g.endgame is False
    assert g.problems() == ["endgame False with 4 weaknesses"]
    g = stacked(["Q♠", "RJ", "BJ"], weaknesses=["J♠"], endgame=True)
    assert g.endgame is True
    assert g.problems() == ["endgame True with 1 weaknesses"]


def test_a_stacked_game_without_history_plays_the_same_but_keeps_none():
    g = Game.stacked(CAST, ASHCAN, ScriptedChance(dice=[(5, 1)]), threat=["2♠", "3♠"], record=False)
    assert g.record is False
    assert g.push(Test(0)) == [] and g.push(ROLL) == []
    with pytest.raises(IllegalActionError):
        g.pop()


@pytest.mark.parametrize("layout,message", [
    (dict(threat=[]), "the Threat Deck cannot start empty"),
    (dict(threat=["2♠"], weaknesses=["5♠"]), "weaknesses must be face cards, one per suit: '5♠'"),
    (dict(threat=["2♠"], weaknesses=["RJ"], jokers=["BJ"]), "weaknesses must be face cards, one per suit: 'RJ'"),
    (dict(threat=["2♠"], weaknesses=["J♠", "K♥", "Q♠"]), "weaknesses must be face cards, one per suit: 'Q♠'"),
    (dict(threat=["2♠", "5♠"], number_reserve=["5♠", "5♥"]), "a card is in two places: 5♠"),
    (dict(threat=["6♥", "5♠", "2♠"], number_reserve=["5♠", "6♥", "7♥"]), "a card is in two places: 5♠, 6♥"),
    (dict(threat=["2♠"], trophy=["J♠"]), "the Trophy Pile holds defeated number cards only"),
    (dict(threat=["2♠"], trophy=["K♦"]), "the Trophy Pile holds defeated number cards only"),
    (dict(threat=["2♠"], trophy=["RJ"], jokers=["BJ"]), "the Trophy Pile holds defeated number cards only"),
])
def test_a_layout_the_rules_cannot_start_from_is_refused_saying_why(layout, message):
    with pytest.raises(SetupError) as err:
        stacked(**layout)
    assert str(err.value) == message


def test_a_trophy_of_number_cards_up_to_ten_is_accepted():
    g = stacked(["2♠"], trophy=["10♣", "A♥", "9♦"])
    assert g.trophy == cards("10♣", "A♥", "9♦")

