"""The Endgame and both Jokers."""

import pytest

from solo.nott.actions import ROLL, Resolve, Test
from solo.nott.cards import BLACK_JOKER, RED_JOKER
from solo.nott.errors import AptitudeError, GameOverError
from solo.nott.events import (
    AllDead, BlackJokerResolved, CharacterDied, Dawn, EndgameBegan, JokerRevealed, StrikeGained,
    ThreatRevealed,
)

from .helpers import C, cards, of, play_test, stacked

ANN, BEN, CAT, DEE = range(4)


def test_fourth_weakness_triggers_the_endgame():
    g = stacked(["J♦", "5♠", "2♥", "Q♣"], trophy=["A♥"], weaknesses=["J♠", "J♥", "K♣"],
                shuffles={"threat": [["Q♣"]]})
    ev = play_test(g, BEN, 9, 1)
    (eg,) = of(ev, EndgameBegan)
    # "The Director removes all number cards from the Threat Deck ... Both Jokers are shuffled in"
    assert sorted(eg.removed) == sorted(cards("5♠", "2♥"))
    assert g.endgame and g.found() == 4 and g.tests_to_endgame == 1
    assert RED_JOKER in g.deck and BLACK_JOKER in g.deck
    assert all(c >= 52 or c % 13 >= 10 for c in g.deck)
    assert g.problems() == []


def endgame(threat, **kw):
    kw.setdefault("trophy", ["7♥", "3♣"])
    return stacked(threat, weaknesses=["J♠", "J♥", "J♣", "J♦"], **kw)


def test_a_joker_is_not_shown_it_triggers_with_the_trophy_shuffled_first():
    g = endgame(["Q♠", "BJ", "RJ"], shuffles={"trophy": [["7♥"], ["3♣"]], "threat": [["BJ"]]})
    ev = play_test(g, BEN, 0, 1)  # fail vs Q♠; shuffle puts BJ on top
    (jr,) = of(ev, JokerRevealed)
    assert jr.joker == BLACK_JOKER
    assert not of(ev, ThreatRevealed)
    # "the Director first shuffles the Trophy Pile, and the value of its top card becomes the Difficulty"
    assert g.trophy[0] == C("3♣") and jr.difficulty == 3 and g.difficulty() == 3


def test_black_joker_success_removes_the_highest_face_card_then_leaves():
    g = endgame(["BJ", "Q♠", "K♥", "Q♦", "RJ"], trophy=["5♥"])
    ev = play_test(g, BEN, 5, 1)
    (bj,) = of(ev, BlackJokerResolved)
    assert bj.success and bj.removed == C("K♥")
    assert C("K♥") in g.removed and BLACK_JOKER in g.removed
    assert g.deck == cards("Q♠", "Q♦", "RJ")


def test_black_joker_highest_face_tie_is_chosen_by_chance():
    g = endgame(["BJ", "K♠", "K♦", "RJ"], trophy=["5♥"], choices={"black_joker": ["K♦"]})
    play_test(g, BEN, 5, 1)
    assert g.deck == cards("K♠", "RJ")


def test_black_joker_failure_adds_a_king_then_leaves():
    g = endgame(["BJ", "Q♠", "RJ"], trophy=["9♥"], kings=["K♣"])
    ev = play_test(g, BEN, 1, 1)
    (bj,) = of(ev, BlackJokerResolved)
    assert not bj.success and bj.added == C("K♣")
    assert g.deck == cards("Q♠", "RJ", "K♣") and BLACK_JOKER in g.removed
    assert g.strikes[BEN] == 0  # the Black Joker is no face card: plain failure, no Strike


def test_black_joker_failure_with_no_king_left_adds_nothing():
    g = endgame(["BJ", "Q♠", "RJ"], trophy=["9♥"], kings=[])
    ev = play_test(g, BEN, 1, 1)
    assert of(ev, BlackJokerResolved)[0].added is None
    assert g.deck == cards("Q♠", "RJ")


def test_black_joker_dire_failure_strikes():
    g = endgame(["BJ", "Q♠", "RJ"], trophy=["9♥"])
    ev = play_test(g, BEN, 0, 4)
    assert of(ev, StrikeGained)


def test_red_joker_success_is_dawn_for_every_survivor():
    g = endgame(["RJ", "Q♠"], trophy=["6♥"])
    g.strikes[ANN] = 3
    g.dead[ANN] = "strikes"
    ev = play_test(g, BEN, 4, 2)
    assert of(ev, Dawn)[0].survivors == (BEN, CAT, DEE)
    o = g.outcome()
    assert o.dawn and o.survivors == (BEN, CAT, DEE) and o.winner
    with pytest.raises(GameOverError):
        g.push(Test(CAT))


def test_red_joker_failure_kills_the_tester_and_is_shuffled_back():
    g = endgame(["RJ", "Q♠"], trophy=["6♥"], shuffles={"threat": [["Q♠"]]})
    ev = play_test(g, BEN, 1, 1)
    assert of(ev, CharacterDied)[0].cause == "red joker"
    assert not g.alive(BEN) and g.strikes[BEN] == 0
    assert RED_JOKER in g.deck and g.threat == C("Q♠")
    assert g.outcome() is None


def test_red_joker_failure_of_the_last_survivor_ends_with_everyone_dead():
    g = endgame(["RJ", "Q♠"], trophy=["6♥"])
    for i in (ANN, CAT, DEE):
        g.strikes[i] = 3
        g.dead[i] = "strikes"
    ev = play_test(g, BEN, 1, 1)
    assert of(ev, AllDead)
    assert g.outcome().dawn is False and g.outcome().survivors == ()


def test_no_aptitude_against_a_joker():
    g = endgame(["RJ", "Q♠"], trophy=["6♥"], dice=[(4, 2)])
    g.push(Test(ANN))
    g.push(ROLL)
    assert not g.aptitude_applies()
    with pytest.raises(AptitudeError, match="Joker has no suit"):
        g.push(Resolve(-1))


def test_killer_confrontations_go_on_in_the_endgame():
    g = endgame(["K♠", "RJ"], trophy=["10♥"])
    ev = play_test(g, BEN, 0, 1)
    assert of(ev, StrikeGained)


def test_everyone_dead_ends_the_night():
    g = stacked(["K♠", "2♥"], trophy=["10♥"])
    for i in (ANN, CAT, DEE):
        g.strikes[i] = 3
        g.dead[i] = "strikes"
    g.strikes[BEN] = 2
    ev = play_test(g, BEN, 0, 1)
    assert of(ev, AllDead) and g.outcome() == type(g.outcome())(False, (), 1)


def test_a_joker_on_top_when_the_endgame_begins_triggers_at_once():
    g = stacked(["J♦", "Q♠"], trophy=["A♥", "8♣"], weaknesses=["J♠", "J♥", "J♣"],
                shuffles={"threat": [["RJ"]], "trophy": [["A♥"], ["8♣"]]})
    ev = play_test(g, DEE, 9, 1)
    (jr,) = of(ev, JokerRevealed)
    assert jr.joker == RED_JOKER and jr.difficulty == 8 and g.threat == RED_JOKER
