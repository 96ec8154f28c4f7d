"""The events of card flow and Strikes, exactly as a narrator or transcript receives them, and
the Strike rule worked out for every card of the deck."""

import pytest

from solo.nott import PLAYTEST, Game, ScriptedChance
from solo.nott.actions import REROLL, Award, Reroll, Roll, Test
from solo.nott.cards import BLACK_JOKER, RED_JOKER, card
from solo.nott.events import (
    JACKS, KINGS, NUMBER_RESERVE, QUEENS, REMOVED, THREAT, TROPHY, CardMoved, CharacterDied,
    GenrePointSpent, ReserveDry, Rolled, StrikeGained,
)

from .helpers import CAST, C, of, play_test, stacked

ANN, BEN, CAT, DEE = range(4)


# ---------------------------------------------------------------- where the cards go


def test_a_number_success_moves_the_card_to_the_trophy_top_and_a_reserve_card_under_the_deck():
    """"On a Success: The Threat Card is ... placed on top of the Trophy Pile ... The Director then
    adds the next card from the Number Reserve to the bottom of the Threat Deck.\""""
    g = stacked(["7♠", "2♥"], number_reserve=["5♦", "6♦"])
    ev = play_test(g, BEN, 6, 1)
    assert of(ev, CardMoved) == [CardMoved(C("7♠"), THREAT, TROPHY, "top"),
                                 CardMoved(C("5♦"), NUMBER_RESERVE, THREAT, "bottom")]


def test_a_number_failure_moves_the_card_under_the_deck_and_a_reserve_card_under_it():
    """"On a Failure: ... The Threat Card is placed on the bottom of the Threat Deck ... and the
    Director adds the next card from the Number Reserve to the bottom of the deck\""""
    g = stacked(["7♠", "2♥"], number_reserve=["5♦", "6♦"])
    ev = play_test(g, BEN, 2, 1)
    assert of(ev, CardMoved) == [CardMoved(C("7♠"), THREAT, THREAT, "bottom"),
                                 CardMoved(C("5♦"), NUMBER_RESERVE, THREAT, "bottom")]


def test_a_first_defeat_of_a_suit_moves_the_face_card_out_and_a_jack_under_the_deck():
    g = stacked(["J♥", "2♥"], trophy=["5♣"], jacks=["J♠"])
    ev = play_test(g, BEN, 9, 1)
    assert of(ev, CardMoved) == [CardMoved(C("J♠"), JACKS, THREAT, "bottom"),
                                 CardMoved(C("J♥"), THREAT, REMOVED)]


@pytest.mark.parametrize("fallout", [3, 4])
def test_a_costly_or_dire_success_against_the_killer_moves_a_queen_under_the_deck(fallout):
    """"Costy/Dire (3 or 4 on d4): Add a random Queen.\""""
    g = stacked(["J♥", "2♥"], trophy=["5♣"], queens=["Q♦"], weaknesses=["Q♥"])
    ev = play_test(g, BEN, 9, fallout)
    assert of(ev, CardMoved) == [CardMoved(C("Q♦"), QUEENS, THREAT, "bottom")]


def test_a_failure_against_the_killer_moves_a_king_under_the_deck():
    """"Failure is disastrous: you gain one Strike, and a random King is added\""""
    g = stacked(["J♥", "2♥"], trophy=["10♣"], kings=["K♣"])
    ev = play_test(g, BEN, 0, 1)
    assert of(ev, CardMoved) == [CardMoved(C("K♣"), KINGS, THREAT, "bottom")]


# ---------------------------------------------------------------- which face card, and when chance is asked


class CountingChance(ScriptedChance):
    """A scripted source that notes every choice it is asked for."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.asked = []

    def choose(self, cards, what):
        self.asked.append((what, [*cards]))
        return super().choose(cards, what)


def beat_a_jack(jacks, choices=None):
    ch = CountingChance(dice=[(9, 1)], choices=choices)
    g = Game.stacked(CAST, chance=ch, threat=["J♥", "2♥"], trophy=["5♣"], jacks=jacks)
    play_test(g, BEN)
    return g, ch


def test_a_random_jack_is_chosen_by_chance_from_two():
    """"Clean/Messy (1 or 2 on d4): Add a random Jack.\""""
    g, ch = beat_a_jack(["J♠", "J♦"], choices={"jack": ["J♦"]})
    assert ch.asked == [("jack", [C("J♠"), C("J♦")])]
    assert C("J♦") in g.deck and g.reserves[0] == [C("J♠")]


def test_the_last_jack_is_taken_without_asking_chance():
    g, ch = beat_a_jack(["J♠"], choices={"jack": ["J♦"]})
    assert ch.asked == []
    assert C("J♠") in g.deck and g.reserves[0] == []


# ---------------------------------------------------------------- a dry reserve says what was wanted


@pytest.mark.parametrize("fallout,wanted", [(1, "jack"), (2, "jack"), (3, "queen"), (4, "queen")])
def test_playtest_dry_face_reserve_says_which_face_card_was_wanted(fallout, wanted):
    """Playtest: "Reserves may run dry; this is acceptable" — and nothing else is pulled instead."""
    g = stacked(["J♥", "2♥"], trophy=["5♣"], rules=PLAYTEST, jacks=[], queens=[], weaknesses=["Q♥"])
    ev = play_test(g, BEN, 9, fallout)
    assert of(ev, ReserveDry) == [ReserveDry(wanted)]
    assert of(ev, CardMoved) == []


def test_playtest_does_not_pull_a_queen_when_the_jacks_are_gone():
    g = stacked(["J♥", "2♥"], trophy=["5♣"], rules=PLAYTEST, jacks=[], queens=["Q♣"])
    ev = play_test(g, BEN, 9, 1)
    assert of(ev, ReserveDry) == [ReserveDry("jack")]
    assert g.reserves[1] == [C("Q♣")]


def test_ashcan_says_a_queen_was_wanted_when_queens_and_kings_are_gone():
    """Ashcan: "pull from the next highest Reserve pile instead" — Queens, then Kings, then none."""
    g = stacked(["J♥", "2♥"], trophy=["5♣"], jacks=["J♠"], queens=[], kings=[])
    ev = play_test(g, BEN, 9, 3)
    assert of(ev, ReserveDry) == [ReserveDry("queen")]
    assert g.reserves[0] == [C("J♠")]


# ---------------------------------------------------------------- Strikes


@pytest.mark.parametrize("threat,main,fallout,reason", [
    ("J♥", 0, 1, "failed against the Killer"),
    ("J♠", 0, 2, "failed against the Killer"),
    ("Q♦", 0, 3, "failed against the Killer"),
    ("K♣", 0, 1, "failed against the Killer"),
    ("J♥", 9, 4, "Dire success against the Killer"),
    ("Q♦", 9, 4, "Dire success against the Killer"),
    ("9♣", 2, 4, "Dire failure"),
    ("5♥", 0, 4, "Dire failure"),
])
def test_a_strike_says_which_rule_gave_it(threat, main, fallout, reason):
    """"You get a Strike when you: Fail any Test against the Killer. Fail a Test with Dire (4)
    Fallout. Succeed in a Test with Dire (4) Fallout against the Killer.\""""
    g = stacked([threat, "2♥"], trophy=["5♣"])
    ev = play_test(g, BEN, main, fallout)
    assert of(ev, StrikeGained) == [StrikeGained(BEN, 1, reason)]


def test_a_dire_failure_against_the_black_joker_is_a_dire_failure_strike():
    g = stacked(["BJ", "Q♠", "RJ"], trophy=["9♥"], weaknesses=["J♠", "J♥", "J♣", "J♦"])
    ev = play_test(g, BEN, 0, 4)
    assert of(ev, StrikeGained) == [StrikeGained(BEN, 1, "Dire failure")]


def test_the_third_strike_kills_by_strikes():
    """"When you get your third Strike, the character's story is over.\""""
    g = stacked(["K♥", "2♥"], trophy=["10♣"])
    g.strikes[CAT] = 2
    ev = play_test(g, CAT, 0, 1)
    assert of(ev, CharacterDied) == [CharacterDied(CAT, "strikes")]
    assert g.dead == [None, None, "strikes", None]


def expected_strike(c, success, fallout):
    """The rulebook's three triggers, at most one Strike per Test, none from 1–4 cards."""
    r = c % 13 + 1
    if r >= 11:  # a face card: the Killer
        return (not success) or fallout == 4
    return (not success) and fallout == 4 and r >= 5


def test_the_strike_rule_for_every_suited_card_and_every_outcome():
    g = stacked(["2♠", "3♠"])
    for s in range(4):
        for r in range(1, 14):
            c = card(r, s)
            for success in (True, False):
                for fallout in (1, 2, 3, 4):
                    assert g.strike_due(c, success, fallout) is expected_strike(c, success, fallout), (r, s)


def test_the_strike_rule_for_the_jokers():
    """The Red Joker's failure kills outright and its success ends the night: no Strike either
    way; the Black Joker is no face card, so only a Dire failure strikes."""
    g = stacked(["2♠", "3♠"])
    assert not any(g.strike_due(RED_JOKER, s, f) for s in (True, False) for f in (1, 2, 3, 4))
    assert [g.strike_due(BLACK_JOKER, s, f) for s in (True, False) for f in (1, 2, 3, 4)] == (
        [False] * 4 + [False, False, False, True])


# ---------------------------------------------------------------- Aptitude and rerolls


def test_aptitude_applies_only_where_the_suits_match_for_every_card():
    """"If ... the suit of the Aptitude of your character and the suit on the Threat Card are a
    match, you can add or subtract one from the Fallout die result\" (Ann ♠, Ben ♥, Cat ♣, Dee ♦)."""
    for s in range(4):
        for r in range(1, 14):
            c = card(r, s)
            g = stacked([c, C("3♠") if c == C("2♠") else C("2♠")], rules=PLAYTEST)
            assert [g.aptitude_applies(i) for i in range(4)] == [i == s for i in range(4)], (r, s)


def test_aptitude_of_a_named_character_is_read_before_anyone_tests():
    g = stacked(["7♦", "2♠"])
    assert g.tester == -1
    assert g.aptitude_applies(DEE) is True and g.aptitude_applies(ANN) is False
    assert g.aptitude_applies() is False  # nobody is testing yet


def test_a_reroll_tells_who_spent_the_point_and_both_faces_of_the_main_die():
    """"spend one Genre Point to reroll your entire d13 and add a +1 to that roll's main die\""""
    g = stacked(["9♦", "2♠"], dice=[(1, 1), (6, 2)])
    g.push(Award(DEE))
    g.push(Award(DEE))
    g.push(Test(DEE))
    g.push(Roll())
    ev = g.push(REROLL)
    assert ev == [GenrePointSpent(DEE, 1), Rolled(DEE, 7, 2, 6, False, True)]
    g.pop()
    ev = g.push(Reroll(9, 3))
    assert ev == [GenrePointSpent(DEE, 1), Rolled(DEE, 9, 3, 9, True, True)]
