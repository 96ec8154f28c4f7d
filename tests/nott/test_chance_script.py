"""Scripted chance in detail: each named pile and choice keeps its own place in the script, a
source behind the script takes over with the same name, undo rewinds both, and the errors say
what the script asked for and what was there."""

import pytest

from solo.nott.chance import ScriptedChance, SeededChance, check_dice
from solo.nott.errors import ChanceError, InvalidDiceError

from .helpers import cards


def test_each_choice_name_keeps_its_own_place_in_the_script():
    ch = ScriptedChance(choices={"jack": ["JD", "JS"], "queen": ["QH"]})
    assert ch.choose(cards("JS", "JH", "JD"), "jack") == 2
    assert ch.choose(cards("QS", "QH"), "queen") == 1
    assert ch.choose(cards("JS", "JH"), "jack") == 0


def test_a_choice_and_a_shuffle_of_the_same_name_do_not_share_a_place():
    ch = ScriptedChance(shuffles={"king": [["KH"]]}, choices={"king": ["KD", "KC"]})
    assert ch.choose(cards("KS", "KD"), "king") == 1
    pile = cards("KS", "KH")
    ch.shuffle(pile, "king")
    assert pile == cards("KH", "KS")
    assert ch.choose(cards("KS", "KC"), "king") == 1


def test_dice_and_piles_keep_their_own_places():
    ch = ScriptedChance(dice=[(1, 2), (3, 4)], shuffles={"threat": [["3S"]]}, choices={"jack": ["JH"]})
    assert ch.roll() == (1, 2)
    assert ch.choose(cards("JS", "JH"), "jack") == 1
    pile = cards("2S", "3S")
    ch.shuffle(pile, "threat")
    assert pile == cards("3S", "2S")
    assert ch.roll() == (3, 4)


def test_an_exhausted_choice_asks_the_source_behind_by_the_same_name():
    behind = ScriptedChance(choices={"queen": ["QC"], "jack": ["JH"]})
    ch = ScriptedChance(choices={"jack": ["JS"]}, then=behind)
    assert ch.choose(cards("JS", "JH"), "jack") == 0
    assert ch.choose(cards("JS", "JH"), "jack") == 1  # from behind, its "jack" script
    assert ch.choose(cards("QS", "QC"), "queen") == 1


def test_an_exhausted_shuffle_asks_the_source_behind_by_the_same_name():
    behind = ScriptedChance(shuffles={"trophy": [["5D"]]})
    ch = ScriptedChance(then=behind)
    pile = cards("10H", "5D")
    ch.shuffle(pile, "trophy")
    assert pile == cards("5D", "10H")


def test_the_state_of_the_source_behind_is_saved_and_restored_too():
    """Undo restores "the exact future as well as the exact past" (chance.py), behind the script too."""
    ch = ScriptedChance(dice=[(0, 1)], then=SeededChance(3))
    assert ch.roll() == (0, 1)
    state = ch.getstate()
    later = [ch.roll() for _ in range(5)]
    ch.setstate(state)
    assert [ch.roll() for _ in range(5)] == later
    fresh = ScriptedChance(dice=[(2, 2), (4, 4)])
    start = fresh.getstate()
    fresh.roll()
    fresh.setstate(start)
    assert fresh.roll() == (2, 2)


def test_a_choice_off_the_script_says_which_card_and_what_was_offered():
    ch = ScriptedChance(choices={"jack": ["JD"]})
    with pytest.raises(ChanceError) as err:
        ch.choose(cards("JS", "JH"), "jack")
    assert str(err.value) == "scripted jack choice J♦ is not among J♠ J♥"


def test_a_shuffle_naming_missing_cards_lists_them_and_the_pile():
    ch = ScriptedChance(shuffles={"trophy": [["KS", "QS"]]})
    with pytest.raises(ChanceError) as err:
        ch.shuffle(cards("10H", "5D"), "trophy")
    assert str(err.value) == "scripted trophy shuffle puts K♠, Q♠ on top, but the pile holds 10♥ 5♦"


def test_a_shuffle_naming_a_card_twice_is_refused():
    ch = ScriptedChance(shuffles={"threat": [["2S", "2S"]]})
    with pytest.raises(ChanceError) as err:
        ch.shuffle(cards("2S", "3S"), "threat")
    assert str(err.value) == "scripted threat shuffle puts a card twice on top, but the pile holds 2♠ 3♠"


@pytest.mark.parametrize("m,f,message", [
    (10, 1, "main die (d10) reads 0–9, got 10 (the side that says 0 is a zero, not 10: type 0)"),
    (-1, 1, "main die (d10) reads 0–9, got -1"),
    ("x", 1, "main die (d10) must be a whole number, got 'x'"),
    (3, 0, "Fallout die (d4) reads 1–4, got 0"),
    (3, 5, "Fallout die (d4) reads 1–4, got 5"),
    (3, "5", "Fallout die (d4) reads 1–4, got '5'"),
    (3, 2.5, "Fallout die (d4) must be a whole number, got 2.5"),
])
def test_dice_errors_name_the_die_and_its_faces(m, f, message):
    """"The d10 (Main die) ... produces results ranging from 0 to 9"; "The d4 (Fallout die)
    produces a result between 1 and 4"."""
    with pytest.raises(InvalidDiceError) as err:
        check_dice(m, f)
    assert str(err.value) == message


# ---------------------------------------------------------------- the seeded Trophy Pile shuffle


def test_a_seeded_trophy_shuffle_moves_one_card_to_the_top_and_leaves_the_rest_in_place():
    """docs/rulings.md 30: the seeded source "moves a uniformly chosen card to the top" (only the
    top is ever read), where a shuffle of any other pile permutes it whole."""
    for seed in range(20):
        ch = SeededChance(seed)
        pile = list(range(12))
        ch.shuffle(pile, "trophy")
        moved = [i for i in range(12) if pile[i] != i]
        assert moved in ([], [0, pile[0]]), (seed, pile)
    whole = list(range(12))
    SeededChance(0).shuffle(whole, "threat")
    assert sum(1 for i in range(12) if whole[i] != i) > 2


def test_a_seeded_trophy_shuffle_brings_either_of_two_cards_on_top():
    tops = set()
    for seed in range(40):
        pile = [7, 8]
        SeededChance(seed).shuffle(pile, "trophy")
        assert sorted(pile) == [7, 8]
        tops.add(pile[0])
    assert tops == {7, 8}


def test_shuffling_a_one_card_trophy_pile_takes_nothing_from_the_stream():
    """Nothing to shuffle, so the dice that follow are the ones a fresh source of the seed rolls."""
    ch = SeededChance(9)
    pile = [4]
    ch.shuffle(pile, "trophy")
    ch.shuffle([], "trophy")
    assert pile == [4]
    fresh = SeededChance(9)
    assert [ch.roll() for _ in range(3)] == [fresh.roll() for _ in range(3)]
