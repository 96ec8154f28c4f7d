"""A game's start: the cast it accepts, the seed it keeps, what it tells (or, without history,
does not), and what a table that runs out of Threat Cards does."""

import pytest

from solo.nott import PLAYTEST, Character, Game, ScriptedChance, SeededChance
from solo.nott.actions import Resolve, Roll, Test
from solo.nott.cards import BLACK_JOKER
from solo.nott.events import TROPHY, JokerRevealed, Shuffled, ThreatRevealed
from solo.nott.errors import SetupError

from .helpers import CAST, C, play_test, stacked

ANN, BEN, CAT, DEE = range(4)


def test_the_playtest_cast_size_is_given_as_a_range():
    """Playtest allows three or four characters (``min_cast`` 3, ``max_cast`` 4)."""
    with pytest.raises(SetupError) as err:
        Game(CAST[:2], PLAYTEST, seed=1)
    assert str(err.value) == "the playtest rules need a cast of 3–4, got 2"


def test_names_are_told_apart_the_way_who_tells_them_apart():
    """Names must differ ignoring case, as ``who`` looks them up in lower case: "Strauß" and
    "Strauss" are two characters."""
    cast = [Character("Strauß", 0), Character("Strauss", 1), Character("Cat", 2), Character("Dee", 3)]
    g = Game(cast, seed=1)
    assert g.who("strauß") == 0 and g.who("STRAUSS") == 1


def test_the_seed_is_the_seed_of_the_chance_source():
    assert Game(CAST, seed=5).seed == 5
    assert Game(CAST, chance=SeededChance(7)).seed == 7
    assert Game(CAST, chance=SeededChance("night")).seed == "night"


def test_a_source_without_a_seed_keeps_the_seed_given_beside_it():
    assert Game(CAST, chance=ScriptedChance(), seed=3).seed == 3
    assert Game(CAST, chance=ScriptedChance()).seed is None


def test_a_game_without_history_tells_nothing_even_at_the_start():
    assert Game(CAST, seed=2, record=False).opening_events == ()
    assert Game(CAST, seed=2).opening_events == (ThreatRevealed(Game(CAST, seed=2).threat, 1),)


def test_no_endgame_count_before_the_endgame():
    """``tests_to_endgame`` is set when the Endgame begins, and not before."""
    g = stacked(["2♠", "3♠"])
    assert g.tests_to_endgame is None
    play_test(g, BEN, 5, 1)
    assert g.tests_to_endgame is None


def test_a_revealed_joker_is_told_after_the_trophy_shuffle_with_the_new_top_card():
    """"For any Joker-activated Test made during the Endgame, the Director first shuffles the
    Trophy Pile, and the value of its top card becomes the Difficulty.\""""
    g = stacked(["Q♠", "BJ", "RJ"], trophy=["7♥", "3♣"], weaknesses=["J♠", "J♥", "J♣", "J♦"],
                shuffles={"threat": [["BJ"]], "trophy": [["7♥"], ["3♣"]]})
    ev = play_test(g, BEN, 0, 1)
    assert ev[-2:] == [Shuffled(TROPHY), JokerRevealed(BLACK_JOKER, 3, C("3♣"))]


def test_a_hand_laid_table_that_runs_out_of_threat_cards_stops_and_takes_the_step_back():
    """With the playtest's dry reserves a lone number card beaten leaves no Threat Card; the
    rules cannot go on, and the push is undone whole."""
    g = stacked(["7♠"], rules=PLAYTEST, number_reserve=[])
    g.push(Test(BEN))
    g.push(Roll(9, 1))
    before = g.state_key()
    with pytest.raises(RuntimeError) as err:
        g.push(Resolve(0))
    assert str(err.value) == "the Threat Deck is empty (a rules-core bug)"
    assert g.state_key() == before
