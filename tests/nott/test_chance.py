import pytest

from solo.nott.chance import ScriptedChance, SeededChance, check_dice
from solo.nott.errors import ChanceError, InvalidDiceError

from .helpers import cards


def test_seeded_dice_stay_in_range_and_cover_every_face():
    ch = SeededChance(1)
    rolls = [ch.roll() for _ in range(4000)]
    assert {m for m, _ in rolls} == set(range(10))
    assert {f for _, f in rolls} == {1, 2, 3, 4}


def test_d13_totals_run_1_to_13():
    ch = SeededChance(2)
    totals = {m + f for m, f in (ch.roll() for _ in range(5000))}
    assert totals == set(range(1, 14))


def test_same_seed_same_chance_and_state_round_trip():
    a, b = SeededChance(7), SeededChance(7)
    assert [a.roll() for _ in range(20)] == [b.roll() for _ in range(20)]
    state = a.getstate()
    first = [a.roll() for _ in range(5)]
    a.setstate(state)
    assert [a.roll() for _ in range(5)] == first


def test_seeded_shuffle_is_a_permutation():
    ch = SeededChance(3)
    pile = list(range(30))
    ch.shuffle(pile, "threat")
    assert sorted(pile) == list(range(30)) and pile != list(range(30))


def test_scripted_dice_then_exhaustion_error():
    ch = ScriptedChance(dice=[(9, 4), (0, 1)])
    assert ch.roll() == (9, 4) and ch.roll() == (0, 1)
    with pytest.raises(ChanceError, match="ran out"):
        ch.roll()


def test_scripted_dice_fall_back_to_another_source():
    ch = ScriptedChance(dice=[(5, 2)], then=SeededChance(1))
    assert ch.roll() == (5, 2)
    assert ch.roll() == SeededChance(1).roll()


def test_scripted_shuffle_puts_named_cards_on_top_keeping_the_rest_in_order():
    ch = ScriptedChance(shuffles={"threat": [["QH", "2S"]]})
    pile = cards("2S", "3S", "QH", "4D")
    ch.shuffle(pile, "threat")
    assert pile == cards("QH", "2S", "3S", "4D")
    ch.shuffle(pile, "threat")  # script exhausted: order kept
    assert pile == cards("QH", "2S", "3S", "4D")


def test_scripted_shuffle_of_missing_card_is_refused():
    ch = ScriptedChance(shuffles={"trophy": [["KS"]]})
    with pytest.raises(ChanceError, match="K♠"):
        ch.shuffle(cards("10H", "5D"), "trophy")


def test_scripted_choice():
    ch = ScriptedChance(choices={"jack": ["JD"]})
    assert ch.choose(cards("JS", "JH", "JD"), "jack") == 2
    assert ch.choose(cards("JS", "JH"), "jack") == 0  # exhausted: first card


@pytest.mark.parametrize("m,f", [(10, 1), (-1, 2), (3, 0), (3, 5), ("x", 2), (2.5, 1), (True, 1)])
def test_bad_dice_refused_quoting_input(m, f):
    with pytest.raises(InvalidDiceError) as err:
        check_dice(m, f)
    assert repr(m) in str(err.value) or repr(f) in str(err.value)


def test_dice_text_is_accepted():
    assert check_dice("9", "4") == (9, 4)


def test_seeded_trophy_shuffle_gives_a_uniform_top_card_and_keeps_the_pile():
    # Only the Trophy Pile's top is ever read, so the seeded source draws the new top uniformly.
    ch = SeededChance(5)
    counts = {c: 0 for c in range(6)}
    for _ in range(6000):
        pile = list(range(6))
        ch.shuffle(pile, "trophy")
        assert sorted(pile) == list(range(6))
        counts[pile[0]] += 1
    assert all(900 < n < 1100 for n in counts.values()), counts


def test_seeded_threat_shuffle_is_uniform_over_positions():
    ch = SeededChance(6)
    seen = [[0] * 4 for _ in range(4)]
    for _ in range(8000):
        pile = [0, 1, 2, 3]
        ch.shuffle(pile, "threat")
        for pos, c in enumerate(pile):
            seen[c][pos] += 1
    assert all(1800 < n < 2200 for row in seen for n in row), seen
