"""The fast engine plays the core's game: both drawn from one chance stream, the table is
compared after every Test, on 10,000 nights for each ruleset × policy × override set (and a
hundred for each knob turned alone)."""

from __future__ import annotations

import multiprocessing as mp

import pytest

from solo.nott.rules import ASHCAN, PLAYTEST
from solo.sim import fast
from solo.sim.run import SIM_CAST
from solo.sim.stream import StreamChance, Xoshiro, night_seed

from .differential import core_trace

pytestmark = pytest.mark.skipif(not fast.available(), reason="the fast engine is not built here")

#: Nights compared per ruleset, policy and knobs: a sample in ``make test``, all of them in
#: the long sweeps (``-m corpus``).
NIGHTS, ALL_NIGHTS = 2_000, 10_000
#: Every knob a playset or --set may turn, turned at once (and away from both rulesets).
EVERY_KNOB = dict(fast_setup=True, genre_points=4, strikes_to_die=2, face_modifiers=(0, 3, 5),
                  empty_trophy_base=3)
OVERRIDES = {"none": {}, "every knob": EVERY_KNOB}
RULESETS = {"ashcan": ASHCAN, "playtest": PLAYTEST}
POLICIES = ("naive", "careful", "spread")


def first_difference(rules, policy: str, seed: int, nights: range) -> str | None:
    for i in nights:
        night = night_seed(seed, i)
        core, quick = core_trace(night, rules, policy, SIM_CAST), fast.trace(night, rules, policy, SIM_CAST)
        if core != quick:
            for k, (a, b) in enumerate(zip(core, quick)):
                if a != b:
                    diff = {key: (x, y) for key, x, y in zip(fast.TABLE_FIELDS, a, b) if x != y}
                    return f"night {i}, after Test {k + 1}: (core, fast) {diff}"
            return f"night {i}: the core played {len(core)} Tests, the fast engine {len(quick)}"
    return None


def _job(args):
    return first_difference(*args)


def across_cores(rules, policy: str, seed: int, nights: int) -> list[str]:
    half = nights // 2
    jobs = [(rules, policy, seed, range(0, half)), (rules, policy, seed, range(half, nights))]
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    with ctx.Pool(2) as pool:
        return [d for d in pool.map(_job, jobs) if d]


def _rules(ruleset: str, override: str):
    return RULESETS[ruleset].with_(**OVERRIDES[override]) if OVERRIDES[override] else RULESETS[ruleset]


@pytest.mark.parametrize("override", OVERRIDES)
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("policy", POLICIES)
def test_same_table_after_every_test(ruleset, policy, override):
    assert across_cores(_rules(ruleset, override), policy, 20_26, NIGHTS) == []


@pytest.mark.corpus
@pytest.mark.parametrize("override", OVERRIDES)
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("policy", POLICIES)
def test_same_table_after_every_test_of_ten_thousand_nights(ruleset, policy, override):
    assert across_cores(_rules(ruleset, override), policy, 20_26, ALL_NIGHTS) == []


KNOBS = [dict(fast_setup=True), dict(genre_points=0), dict(genre_points=99), dict(strikes_to_die=1),
         dict(strikes_to_die=9), dict(face_modifiers=(13, 13, 13)), dict(face_modifiers=(0, 0, 0)),
         dict(empty_trophy_base=0), dict(empty_trophy_base=13), dict(trophy_start="empty"),
         dict(trophy_start="ten"), dict(reserve_fallback=False), dict(reserve_fallback=True)]


@pytest.mark.parametrize("knob", KNOBS, ids=lambda k: ",".join(f"{a}={b}" for a, b in k.items()))
def test_each_knob_alone(knob):
    for ruleset in (ASHCAN, PLAYTEST):
        for policy in POLICIES:
            assert first_difference(ruleset.with_(**knob), policy, 7, range(100)) is None


def test_the_nights_differ_and_the_traces_are_whole():
    a = fast.trace(night_seed(1, 0), ASHCAN, "careful", SIM_CAST)
    b = fast.trace(night_seed(1, 1), ASHCAN, "careful", SIM_CAST)
    assert a != b
    tests, dawn = fast.TABLE_FIELDS.index("tests"), fast.TABLE_FIELDS.index("dawn")
    for trace in (a, b):
        assert [t[tests] for t in trace] == list(range(1, len(trace) + 1))
        assert all(t[dawn] is None for t in trace[:-1]) and trace[-1][dawn] is not None


def test_the_stream_is_xoshiro256starstar_seeded_by_splitmix64():
    # Reference values of the published generators: splitmix64 from 0 starts 0xE220A8397B1DCDAF;
    # xoshiro256** from the state (1, 2, 3, 4) starts 11520, 0, 1509978240, 1215971899390074240.
    x = Xoshiro(0)
    assert x.s[0] == 0xE220A8397B1DCDAF
    x.s = [1, 2, 3, 4]
    assert [x.next() for _ in range(4)] == [11520, 0, 1509978240, 1215971899390074240]
    # the C stream is the same
    y = Xoshiro(12345)
    ys = [y.next() for _ in range(50)]
    assert fast.module().draws(12345, 0, 50) == ys and fast.module().draws(12345, 20, 30) == ys[20:]


def test_stream_draws_are_in_range_and_uniform_enough():
    r = Xoshiro(99)
    counts = [0] * 13
    for _ in range(13_000):
        counts[r.below(13)] += 1
    assert all(900 < c < 1100 for c in counts)
    r2 = Xoshiro(5)
    assert all(int(r2.random() * 7) == Xoshiro(5).below(7) for _ in range(1))


def test_stream_chance_shuffles_are_permutations_and_undo_restores_the_future():
    ch = StreamChance(3)
    pile = list(range(20))
    state = ch.getstate()
    ch.shuffle(pile, "threat")
    assert sorted(pile) == list(range(20)) and pile != list(range(20))
    again = list(range(20))
    ch.setstate(state)
    ch.shuffle(again, "threat")
    assert again == pile
