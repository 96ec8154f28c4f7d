"""The Table Setup asks chance at its named points (CHANCE_POINTS), so a script can lay out
every random part of the opening table: which Jack, the Threat Deck's order, the Aces' order,
and the Number Reserve's order within each rank (so which 10 starts the Trophy Pile)."""

from solo.nott import ASHCAN, Game, ScriptedChance
from solo.nott.chance import CHANCE_POINTS

from .helpers import CAST, cards


def scripted_table():
    ch = ScriptedChance(
        choices={"first_jack": ["J♦"]},
        shuffles={
            "threat": [["J♦", "4♣"]],
            "aces": [["A♦", "A♣", "A♥", "A♠"]],
            # one shuffle per rank, 5s to 10s: the 5♦ first; the 10♥ last, so at the bottom
            "number_reserve": [["5♦"], [], [], [], [], ["10♦", "10♣", "10♠"]],
        },
    )
    return Game(CAST, ASHCAN, ch)


def test_setup_consults_chance_only_at_documented_points():
    assert {"first_jack", "threat", "aces", "number_reserve"} <= set(CHANCE_POINTS)


def test_the_first_jack_is_the_one_chance_chooses():
    """"The Director shuffles the 2s, 3s, 4s, and one Jack together.\""""
    g = scripted_table()
    assert cards("J♦") == [c for c in g.deck if c % 13 == 10]
    assert g.reserves[0] == cards("J♠", "J♥", "J♣")


def test_the_aces_lie_on_top_in_the_order_chance_gives():
    """"The four Aces are placed on top of this stack face up.\""""
    g = scripted_table()
    assert g.deck[:4] == cards("A♦", "A♣", "A♥", "A♠")


def test_the_threat_deck_below_the_aces_is_in_the_order_chance_gives():
    g = scripted_table()
    assert g.deck[4:6] == cards("J♦", "4♣")
    assert g.deck[6:] == cards("2♠", "2♥", "2♣", "2♦", "3♠", "3♥", "3♣", "3♦", "4♠", "4♥", "4♦")


def test_the_number_reserve_is_shuffled_rank_by_rank_and_its_bottom_ten_starts_the_trophy():
    """"the Director takes the bottom card (a random 10) from the Number Reserve and places it
    face-up to start the Trophy Pile\""""
    g = scripted_table()
    assert g.number_reserve[:4] == cards("5♦", "5♠", "5♥", "5♣")
    assert g.number_reserve[-3:] == cards("10♦", "10♣", "10♠")
    assert g.trophy == cards("10♥")
    assert g.problems() == []
