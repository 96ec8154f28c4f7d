"""Die types, stepping, parsing, pools and the chance sources."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solo.lucky13 import (
    D4,
    D6,
    D8,
    D10,
    D12,
    NONE,
    ChanceError,
    Die,
    InvalidDieError,
    Pool,
    ScriptedChance,
    ScriptExhaustedError,
    ScriptValueError,
    SeededChance,
    as_die,
    parse_die,
    parse_pool,
)
from solo.lucky13.dice import ABILITY, DIFFICULTY, EXTRA, SKILL

# "Original die / Step up result / Step down result", row by row from the text.
STEP_TABLE = [
    ("d4", "d6", "none"),  # "Remove die"
    ("d6", "d8", "d4"),
    ("d8", "d10", "d6"),
    ("d10", "d12", "d8"),
    ("d12", "d12+d4", "d10"),
]


@pytest.mark.parametrize("original,up,down", STEP_TABLE)
def test_stepping_table(original, up, down):
    d = parse_die(original)
    assert str(d.up()) == up
    assert str(d.down()) == down


def test_five_dice():
    # "Lucky 13 uses five dice during gameplay: d4, d6, d8, d10, and d12."
    assert [d.sizes for d in (D4, D6, D8, D10, D12)] == [(4,), (6,), (8,), (10,), (12,)]
    assert NONE.sizes == ()


def test_step_up_past_d12_plus_d4():
    # R1: "Stepping up may continue indefinitely"; the added die keeps stepping
    chain = [str(D12.up(n)) for n in range(1, 7)]
    assert chain == ["d12+d4", "d12+d6", "d12+d8", "d12+d10", "d12+d12", "d12+d12+d4"]


def test_step_down_from_chain_removes_the_d4():
    # "When stepping down a d4, the die is removed from the pool altogether."
    assert parse_die("d12+d4").down() == D12
    assert parse_die("d12+d12+d4").down() == parse_die("d12+d12")


def test_step_down_stops_at_no_die():
    # R2: "you cannot step down any farther than from a d4 to no die"
    assert D4.down() == NONE
    assert NONE.down() == NONE
    assert D6.down(5) == NONE
    assert D8.stepped(-2) == D4


@pytest.mark.parametrize("text,expected", [
    ("d10", D10), ("D8", D8), (" d6 ", D6), ("d12+d4", D12.up()), ("d12 + d4", D12.up()),
    ("d4+d12", D12.up()), ("D12+D12", D12.up(5)), ("none", NONE), ("-", NONE), ("None", NONE),
])
def test_parse_die(text, expected):
    assert parse_die(text) == expected


@pytest.mark.parametrize("bad", ["d7", "d20", "d100", "", "x", "2d6", "d6+d8", "d4+d4", "12", "d12+", "d 8"])
def test_parse_die_rejects_and_quotes(bad):
    with pytest.raises(InvalidDieError) as e:
        parse_die(bad)
    assert repr(bad) in str(e.value)


def test_bad_die_message_matches_brief_example():
    with pytest.raises(InvalidDieError, match=r"^not a die: 'd7'"):
        parse_die("d7")


@pytest.mark.parametrize("bad", [7, 0, 20, True])
def test_as_die_rejects_bad_sizes(bad):
    with pytest.raises(InvalidDieError) as e:
        as_die(bad)
    assert repr(bad) in str(e.value)


def test_die_rejects_negative_step():
    with pytest.raises(InvalidDieError, match="-1"):
        Die(-1)


def test_size_of_chain_is_an_error():
    with pytest.raises(InvalidDieError, match="d12\\+d4"):
        D12.up().size
    assert D10.size == 10


def test_parse_pool_in_rulebook_order():
    pool = parse_pool("d10 d8 d6")
    assert pool.parts == ((ABILITY, D10), (SKILL, D8), (DIFFICULTY, D6))
    pool = parse_pool("d12 + d4, d8, d6, d4")
    assert pool.parts == ((ABILITY, D12.up()), (SKILL, D8), (DIFFICULTY, D6), (EXTRA, D4))
    assert pool.sizes == (12, 4, 8, 6, 4)


@pytest.mark.parametrize("bad", ["", "d10 d7", "dice"])
def test_parse_pool_rejects_and_quotes(bad):
    with pytest.raises(InvalidDieError) as e:
        parse_pool(bad)
    assert repr(bad) in str(e.value)


def test_pool_step_and_unknown_role():
    pool = Pool.check("d8", "d6", "d10")
    assert pool.step(SKILL, 2).die(SKILL) == D10
    with pytest.raises(InvalidDieError, match="'charisma'"):
        Pool((("charisma", D8),))
    with pytest.raises(InvalidDieError, match="'damage'"):
        pool.step("damage", 1)


# ---------------------------------------------------------------------- chance

def test_scripted_values_in_order_then_exhausted():
    chance = ScriptedChance([3, 7])
    assert chance.roll(6) == 3
    assert chance.roll(8) == 7
    with pytest.raises(ScriptExhaustedError, match="after 2 rolls.*d10"):
        chance.roll(10)


def test_scripted_value_out_of_range_quotes_value_and_die():
    chance = ScriptedChance([9])
    with pytest.raises(ScriptValueError) as e:
        chance.roll(8)
    assert "9" in str(e.value) and "d8" in str(e.value)


@pytest.mark.parametrize("bad", [0, -2, "five", 2.5, True, None])
def test_scripted_rejects_non_values(bad):
    with pytest.raises(ScriptValueError) as e:
        ScriptedChance([4, bad])
    assert repr(bad) in str(e.value)


def test_scripted_label_must_fit_its_die_and_match_the_roll():
    with pytest.raises(ScriptValueError, match=r"\('d6', 7\)"):
        ScriptedChance([("d6", 7)])
    chance = ScriptedChance([("d8", 4)])
    with pytest.raises(ScriptValueError, match="d8.*d10"):
        chance.roll(10)


def test_scripted_then_falls_back():
    chance = ScriptedChance([2], then=SeededChance(1))
    assert chance.roll(4) == 2
    assert 1 <= chance.roll(12) <= 12


def test_bad_sides():
    with pytest.raises(ChanceError, match="'d6'"):
        SeededChance(1).roll("d6")


def test_seeded_is_reproducible_and_in_range():
    a, b = SeededChance(13), SeededChance(13)
    rolls = [a.roll(s) for s in (4, 6, 8, 10, 12) * 20]
    assert rolls == [b.roll(s) for s in (4, 6, 8, 10, 12) * 20]
    assert all(1 <= r <= s for r, s in zip(rolls, (4, 6, 8, 10, 12) * 20))


def test_seeded_state_round_trip():
    a = SeededChance(5)
    state = a.getstate()
    first = [a.roll(12) for _ in range(5)]
    a.setstate(state)
    assert [a.roll(12) for _ in range(5)] == first


# ---------------------------------------------------------------------- properties

dice = st.integers(min_value=0, max_value=40).map(Die)
steps = st.integers(min_value=0, max_value=30)


@given(dice, steps)
def test_up_then_down_round_trips(die, n):
    assert die.up(n).down(n) == die


@given(dice, steps)
def test_down_then_up_round_trips_while_above_no_die(die, n):
    # "you cannot step down any farther than from a d4 to no die"
    if die.step >= n:
        assert die.down(n).up(n) == die
    else:
        assert die.down(n) == NONE


@given(steps)
def test_nothing_below_no_die(n):
    assert NONE.down(n) == NONE
    assert NONE.down(n).step == 0


@given(dice)
def test_chains_stay_valid(die):
    sizes = die.sizes
    assert all(s in (4, 6, 8, 10, 12) for s in sizes)
    assert all(s == 12 for s in sizes[:-1])  # d12s, then at most one smaller die
    assert parse_die(str(die)) == die


@given(dice)
def test_step_up_always_raises_the_top_total(die):
    assert sum(die.up().sizes) > sum(die.sizes)
    assert die.up() > die
