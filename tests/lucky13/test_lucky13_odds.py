"""Exact odds, checked against hand counts and against every roll the roller can make."""

from fractions import Fraction
from itertools import product

import pytest

from solo.lucky13 import (
    D4,
    D6,
    D8,
    D10,
    D12,
    Edge,
    InvalidDieError,
    Mode,
    Pool,
    check_odds,
    parse_pool,
    pool_odds,
    reach_probability,
    roll_pool,
)


def plain_count(sizes, target=13):
    """Hand-style count of plain faces reaching the target."""
    hits = sum(1 for faces in product(*(range(1, s + 1) for s in sizes)) if sum(faces) >= target)
    total = 1
    for s in sizes:
        total *= s
    return Fraction(hits, total)


# ---------------------------------------------------------------------- hand counts

def test_two_d12_heroic():
    # 2d12 >= 13: for a = 1..12 there are a values of b with a + b >= 13 -> 78 of 144
    assert reach_probability("d12 d12") == Fraction(78, 144)
    assert check_odds(D12, D12, "Heroic", mode=Mode.PLAIN).success == Fraction(78, 144)


def test_three_d4_cannot_reach_13_without_exploding():
    assert reach_probability("d4 d4 d4") == 0


def test_single_exploding_d4_needs_three_fours():
    # 4 + 4 + 4 + (anything >= 1) = 13: (1/4)^3
    assert reach_probability("d4", exploding=True) == Fraction(1, 64)


def test_gritty_d4s_one_explosion():
    # only the Ability d4 explodes, once: needs a 4 (1/4), then re-roll + two d4 >= 9,
    # which is 20 of the 64 ways three d4 fall (sums 9, 10, 11, 12: 10 + 6 + 3 + 1)
    assert pool_odds("d4 d4 d4", mode=Mode.GRITTY).success == Fraction(1, 4) * Fraction(20, 64)


def test_dilemma_is_any_first_face_one():
    odds = pool_odds("d4 d4 d4", mode=Mode.CINEMATIC)
    assert odds.dilemma == 1 - Fraction(3, 4) ** 3
    assert pool_odds("d4 d4 d4", mode=Mode.PLAIN).dilemma == 0


def test_advantage_and_disadvantage_on_a_d6():
    # a d6 rolled twice reaches 6 when either (keep higher: 11/36) or both (keep lower: 1/36) show 6
    pool = Pool.check(D6)
    assert pool_odds(pool, mode=Mode.PLAIN, edge=Edge.ADVANTAGE, target=6).success == Fraction(11, 36)
    assert pool_odds(pool, mode=Mode.PLAIN, edge=Edge.DISADVANTAGE, target=6).success == Fraction(1, 36)


@pytest.mark.parametrize("text", ["d10 d8 d6", "d12 d12 d4", "d6 d6 d6", "d12+d4 d8 d4", "d4 d4"])
def test_plain_odds_match_counting(text):
    pool = parse_pool(text)
    assert reach_probability(pool) == plain_count(pool.sizes)


def test_odds_add_up():
    o = pool_odds("d10 d8 d6")
    assert 0 < o.success < 1 and o.failure == 1 - o.success
    assert o.clean_success + o.success_and_dilemma == o.success
    assert o.success_and_dilemma <= min(o.success, o.dilemma)


def test_exploding_helps():
    for text in ("d10 d8 d6", "d6 d6 d4", "d4 d4 d4"):
        assert reach_probability(text, exploding=True) > reach_probability(text)


@pytest.mark.parametrize("bad", [0, -1, 2.5])
def test_bad_target(bad):
    with pytest.raises(InvalidDieError) as e:
        pool_odds("d8 d8", target=bad)
    assert repr(bad) in str(e.value)


# ---------------------------------------------------------------------- against the roller

class _Branch(Exception):
    def __init__(self, sides):
        self.sides = sides


class _Prefix:
    def __init__(self, values):
        self.values, self.i = values, 0

    def roll(self, sides):
        if self.i < len(self.values):
            self.i += 1
            return self.values[self.i - 1]
        raise _Branch(sides)


def enumerate_roller(pool, mode, edge, target=13):
    """Run roll_pool on every sequence of dice (depth first). A Cinematic branch whose dice
    already sum to the target counts as a success without rolling on (R34's argument, applied
    independently); with no edge that is exact. Returns (success, dilemma or None)."""
    success = dilemma = Fraction(0)
    exact_dilemma = True
    stack = [((), Fraction(1))]
    while stack:
        prefix, p = stack.pop()
        try:
            r = roll_pool(pool, _Prefix(prefix), mode=mode, edge=edge)
        except _Branch as b:
            if mode is Mode.CINEMATIC and edge is Edge.NONE and sum(prefix) >= target:
                success += p
                exact_dilemma = False
                continue
            stack += [(prefix + (v,), p / b.sides) for v in range(1, b.sides + 1)]
            continue
        if r.total >= target:
            success += p
        if r.dilemma:
            dilemma += p
    return success, (dilemma if exact_dilemma else None)


CASES = [
    ("d10 d8 d6", Mode.PLAIN, Edge.NONE, 13),
    ("d10 d8 d6", Mode.CINEMATIC, Edge.NONE, 13),
    ("d10 d8 d6", Mode.GRITTY, Edge.NONE, 13),
    ("d10 d8 d6", Mode.GRITTY, Edge.ADVANTAGE, 13),
    ("d8 d6 d4", Mode.GRITTY, Edge.DISADVANTAGE, 13),
    ("d12+d4 d4", Mode.GRITTY, Edge.NONE, 13),
    ("d12+d4 d4", Mode.GRITTY, Edge.NONE, 22),  # R7: only the first Ability die at its maximum explodes
    ("d12+d4 d4", Mode.GRITTY, Edge.ADVANTAGE, 22),
    ("d6 d4 d4", Mode.CINEMATIC, Edge.NONE, 13),
    ("d4 d6", Mode.PLAIN, Edge.ADVANTAGE, 9),
]


@pytest.mark.parametrize("text,mode,edge,target", CASES)
def test_odds_match_every_roll_of_the_roller(text, mode, edge, target):
    pool = parse_pool(text)
    success, dilemma = enumerate_roller(pool, mode, edge, target)
    odds = pool_odds(pool, mode=mode, edge=edge, target=target)
    assert 0 < success < 1
    assert odds.success == success
    if dilemma is not None:
        assert odds.dilemma == dilemma


def test_check_odds_uses_skill_check_pool():
    assert check_odds(D10, D8, "Challenging", mode=Mode.PLAIN).success == plain_count((10, 8, 6))
    assert check_odds(D4, D4, D4, extra=[D8], mode=Mode.PLAIN).success == plain_count((4, 4, 4, 8))
    assert check_odds("d10", "d8", "d6").success == reach_probability("d10 d8 d6", exploding=True)
