"""The two Jokers in detail: every event they cause, the log the simulator counts from, and
the Black Joker's choice of face card (chance is asked only for a tie)."""

from solo.nott import Game, ScriptedChance
from solo.nott.cards import BLACK_JOKER, RED_JOKER
from solo.nott.events import (
    THREAT, REMOVED, BlackJokerResolved, CardMoved, CharacterDied, RedJokerResolved, ReserveDry, Shuffled,
)

from .helpers import CAST, C, cards, of, play_test, stacked

ANN, BEN, CAT, DEE = range(4)
ALL_FOUND = ["J♠", "J♥", "J♣", "J♦"]


def endgame(threat, **kw):
    kw.setdefault("trophy", ["7♥"])
    return stacked(threat, weaknesses=ALL_FOUND, **kw)


def test_red_joker_failure_kills_the_tester_and_shuffles_it_back_for_the_survivors():
    """"Failure: The character making the Test is killed. The Red Joker is shuffled back into the
    deck, and the nightmare continues for any remaining survivors.\""""
    g = endgame(["RJ", "Q♠"], shuffles={"threat": [["Q♠"]]})
    ev = play_test(g, BEN, 1, 1)
    assert of(ev, RedJokerResolved) == [RedJokerResolved(False)]
    assert of(ev, CharacterDied) == [CharacterDied(BEN, "red joker")]
    assert g.dead == [None, "red joker", None, None]
    assert Shuffled(THREAT) in ev
    assert g.joker_log == [(RED_JOKER, False)]


def test_red_joker_failure_of_the_last_survivor_shuffles_nothing():
    """With no "remaining survivors" the night is over: the deck is not shuffled again."""
    g = endgame(["RJ", "Q♠"], shuffles={"threat": [["Q♠"]]})
    for i in (ANN, CAT, DEE):
        g.dead[i] = "strikes"
        g.strikes[i] = 3
    ev = play_test(g, BEN, 1, 1)
    assert of(ev, Shuffled) == []
    assert g.deck == cards("RJ", "Q♠")
    assert g.dead[BEN] == "red joker"


def test_red_joker_success_is_logged_and_told():
    g = endgame(["RJ", "Q♠"])
    ev = play_test(g, BEN, 9, 1)
    assert of(ev, RedJokerResolved) == [RedJokerResolved(True)]
    assert g.joker_log == [(RED_JOKER, True)]


def test_black_joker_success_events_name_both_cards_leaving_the_game():
    """"Success: ... the highest face card is removed"; "The Black Joker is then removed from the game"."""
    g = endgame(["BJ", "Q♠", "K♥", "RJ"], trophy=["5♥"])
    ev = play_test(g, BEN, 5, 1)
    moved = of(ev, CardMoved)
    assert moved == [CardMoved(C("K♥"), THREAT, REMOVED), CardMoved(BLACK_JOKER, THREAT, REMOVED)]
    assert of(ev, BlackJokerResolved) == [BlackJokerResolved(True, C("K♥"), None)]
    assert g.joker_log == [(BLACK_JOKER, True)]


def test_black_joker_success_removes_a_jack_when_jacks_are_the_highest_left():
    g = stacked(["BJ", "J♥", "RJ"], trophy=["5♥"], weaknesses=["Q♠", "Q♥", "Q♣", "Q♦"])
    ev = play_test(g, BEN, 5, 1)
    assert of(ev, BlackJokerResolved) == [BlackJokerResolved(True, C("J♥"), None)]
    assert g.deck == [RED_JOKER]


def test_black_joker_success_with_no_face_card_left_removes_only_itself():
    g = endgame(["BJ", "RJ"], trophy=["5♥"])
    ev = play_test(g, BEN, 5, 1)
    assert of(ev, BlackJokerResolved) == [BlackJokerResolved(True, None, None)]
    assert g.deck == [RED_JOKER] and RED_JOKER not in g.removed


def test_black_joker_failure_adds_a_king_and_removes_nothing():
    g = endgame(["BJ", "Q♠", "RJ"], trophy=["9♥"], kings=["K♣"])
    ev = play_test(g, BEN, 1, 1)
    assert of(ev, BlackJokerResolved) == [BlackJokerResolved(False, None, C("K♣"))]
    assert g.joker_log == [(BLACK_JOKER, False)]


def test_black_joker_failure_with_the_king_reserve_dry_says_a_king_was_wanted():
    g = endgame(["BJ", "Q♠", "RJ"], trophy=["9♥"], kings=[])
    ev = play_test(g, BEN, 1, 1)
    assert of(ev, ReserveDry) == [ReserveDry("king")]


class CountingChance(ScriptedChance):
    """A scripted source that notes every choice it is asked for."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.asked = []

    def choose(self, cards, what):
        self.asked.append((what, list(cards)))
        return super().choose(cards, what)


def test_the_black_joker_asks_chance_only_between_equally_high_face_cards():
    """CHANCE_POINTS: chance decides "which of several equally high face cards the Black Joker removes"."""
    ch = CountingChance(dice=[(5, 1)])
    g = Game.stacked(CAST, chance=ch, threat=["BJ", "K♠", "Q♦", "RJ"], trophy=["5♥"], weaknesses=ALL_FOUND)
    play_test(g, BEN)
    assert ch.asked == []
    assert C("K♠") in g.removed

    ch = CountingChance(dice=[(5, 1)], choices={"black_joker": ["K♦"]})
    g = Game.stacked(CAST, chance=ch, threat=["BJ", "K♠", "K♦", "RJ"], trophy=["5♥"], weaknesses=ALL_FOUND)
    play_test(g, BEN)
    assert ch.asked == [("black_joker", cards("K♠", "K♦"))]
    assert g.deck == cards("K♠", "RJ")
