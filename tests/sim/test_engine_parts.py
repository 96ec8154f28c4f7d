"""The simulator's parts one by one: the fast engine's arguments and refusals, its tallies and
traces against the core, the chance stream against xoshiro256**'s published seeding, the work
split into chunks and workers, and the careful policy with two characters of one Aptitude."""

from __future__ import annotations

import os
import random
import signal
import sys
from dataclasses import dataclass, fields

import pytest

import solo.sim
from solo.nott import Character, Game, ScriptedChance
from solo.nott.rules import ASHCAN, PLAYTEST, Ruleset
from solo.sim import fast, run
from solo.sim.policies import Careful, Spread, _BY_SUIT, _by_suit
from solo.sim.run import SIM_CAST, pick_engine, simulate, tally_games, tally_range
from solo.sim.stream import MASK, StreamChance, Xoshiro, night_seed, policy_rng

from .differential import core_trace

needs_fast = pytest.mark.skipif(not fast.available(), reason="the fast engine is not built here")


@pytest.fixture
def pool_sizes(monkeypatch) -> list[int]:
    """The size of every worker pool the simulator opens (the pools are real)."""
    sizes: list[int] = []
    pool = run._pool

    def spy(n):
        sizes.append(n)
        return pool(n)

    monkeypatch.setattr(run, "_pool", spy)
    return sizes


# ------------------------------------------------------------------ the fast engine's arguments

def test_the_fast_engines_arguments_for_each_ruleset():
    """Policy code, the cast's Aptitudes in suit order, and the rules as numbers: Trophy Pile
    started with a ten, empty base 1, Reserve fallback, J/Q/K +1/+2/+3, 13 Genre Points, three
    Strikes, no fast setup (ashcan); the playtest starts the Trophy Pile empty, no fallback."""
    assert fast.arguments(ASHCAN, "careful", SIM_CAST) == (1, (0, 1, 2, 3), (1, 1, 1, 1, 2, 3, 13, 3, 0))
    assert fast.arguments(PLAYTEST, "naive", SIM_CAST) == (0, (0, 1, 2, 3), (0, 1, 0, 1, 2, 3, 13, 3, 0))
    turned = ASHCAN.with_(empty_trophy_base=4, face_modifiers=(0, 5, 7), genre_points=2, strikes_to_die=6,
                          fast_setup=True)
    cast = [Character("A", 3), Character("B", 3)]
    assert fast.arguments(turned, "spread", cast) == (2, (3, 3), (1, 4, 1, 0, 5, 7, 2, 6, 1))


def refusal(rules, policy="careful", cast=SIM_CAST) -> str:
    with pytest.raises(fast.Unsupported) as exc:
        fast.arguments(rules, policy, cast)
    return str(exc.value)


@dataclass(frozen=True)
class Loose:
    """A ruleset's fields without its checks (the fast engine's own checks are tested)."""

    name: str = "loose"
    trophy_start: str = "ten"
    empty_trophy_base: object = 1
    reserve_fallback: bool = True
    face_modifiers: tuple = (1, 2, 3)
    genre_points: object = 13
    strikes_to_die: object = 3
    fast_setup: bool = False
    min_cast: int = 4
    max_cast: int = 4


@dataclass(frozen=True)
class OneMoreKnob(Ruleset):
    moon_phase: int = 0


@dataclass(frozen=True)
class TwoMoreKnobs(OneMoreKnob):
    tide: int = 0


def test_a_loose_ruleset_is_played_like_the_ashcan():
    assert [f.name for f in fields(Loose)] == [f.name for f in fields(Ruleset)]
    assert fast.arguments(Loose(), "careful", SIM_CAST) == fast.arguments(ASHCAN, "careful", SIM_CAST)


def test_the_fast_engine_refuses_in_words_what_it_cannot_play():
    assert refusal(ASHCAN, "reckless") == "the 'reckless' policy"
    assert refusal(OneMoreKnob()) == "the rule knob moon_phase"
    assert refusal(TwoMoreKnobs()) == "the rule knobs moon_phase, tide"
    assert refusal(ASHCAN, cast=[]) == "a cast of 0"
    assert refusal(ASHCAN, cast=[Character("X", 0)] * 9) == "a cast of 9"
    assert refusal(Loose(genre_points=1_000_001)) == "genre_points = 1000001"
    assert refusal(Loose(empty_trophy_base=-1_000_001)) == "empty_trophy_base = -1000001"
    assert refusal(Loose(strikes_to_die=2**40)) == f"strikes_to_die = {2**40}"
    assert refusal(Loose(face_modifiers=(True, 2, 3))) == "jack modifier = True"
    assert refusal(Loose(face_modifiers=(1, 2.5, 3))) == "queen modifier = 2.5"
    assert refusal(Loose(face_modifiers=(1, 2, 1_000_001))) == "king modifier = 1000001"
    assert refusal(Loose(genre_points="13")) == "genre_points = '13'"
    assert refusal(Loose(trophy_start="middle")) == "trophy_start = 'middle'"


def test_the_fast_engine_plays_numbers_up_to_its_bounds_and_casts_of_one_to_eight():
    assert fast.arguments(Loose(genre_points=1_000_000, empty_trophy_base=-1_000_000), "naive", SIM_CAST)[2][1] == (
        -1_000_000)
    assert fast.arguments(Loose(face_modifiers=(-1_000_000, 0, 1_000_000)), "naive", SIM_CAST)[2][3:6] == (
        -1_000_000, 0, 1_000_000)
    assert fast.arguments(ASHCAN, "naive", [Character("X", 1)])[1] == (1,)
    assert fast.arguments(ASHCAN, "naive", [Character("X", 2)] * 8)[1] == (2,) * 8
    assert fast.arguments(Loose(trophy_start="empty"), "naive", SIM_CAST)[2][0] == 0


def test_engine_choice_notes_and_refusals_word_for_word():
    huge = ASHCAN.with_(genre_points=10**9)
    assert pick_engine("auto", huge, "careful") == (
        "core", "the fast engine cannot play genre_points = 1000000000; simulating with the core rules engine")
    with pytest.raises(ValueError) as exc:
        pick_engine("fast", huge, "careful")
    assert str(exc.value) == "the fast engine cannot play genre_points = 1000000000"
    with pytest.raises(ValueError) as exc:
        pick_engine("warp", ASHCAN, "careful")
    assert str(exc.value) == "unknown engine 'warp' (choose from auto, fast, core)"
    with pytest.raises(ValueError, match="unknown policy 'reckless'"):
        pick_engine("core", ASHCAN, "reckless")


@needs_fast
def test_engine_choice_takes_the_fast_engine_when_asked_and_able():
    assert pick_engine("fast", ASHCAN, "naive") == ("fast", None)
    assert pick_engine("auto", PLAYTEST, "spread") == ("fast", None)


def test_engine_choice_without_the_fast_engine(no_fast_engine):
    assert pick_engine("auto", ASHCAN, "careful") == (
        "core", "the fast engine is not built here (no C compiler at install time); "
                "simulating with the core rules engine")
    assert pick_engine("core", ASHCAN, "careful") == ("core", None)


def test_without_the_extension_the_fast_engine_refuses_to_tally_or_trace(no_fast_engine):
    for call in (lambda: fast.tally(ASHCAN, "naive", 1, 0, 5, SIM_CAST), lambda: fast.trace(7, ASHCAN, "naive",
                                                                                           SIM_CAST)):
        with pytest.raises(fast.Unsupported) as exc:
            call()
        assert str(exc.value) == "the fast engine is not built here (no C compiler at install time)"


def test_a_missing_extension_is_looked_for_once(monkeypatch):
    monkeypatch.setattr(fast, "_MODULE", None)
    monkeypatch.setattr(fast, "_TRIED", False)
    monkeypatch.setitem(sys.modules, "solo.sim._fastnight", None)  # the import fails
    monkeypatch.delattr(solo.sim, "_fastnight", raising=False)
    assert fast.module() is None and fast.available() is False
    monkeypatch.delitem(sys.modules, "solo.sim._fastnight")
    assert fast.module() is None  # not looked for again


@needs_fast
def test_the_built_extension_is_found(monkeypatch):
    monkeypatch.setattr(fast, "_MODULE", None)
    monkeypatch.setattr(fast, "_TRIED", False)
    m = fast.module()
    assert m is not None and m.__name__ == "solo.sim._fastnight" and fast.available()
    assert fast.module() is m


# ------------------------------------------------------------------ the fast engine against the core

@needs_fast
@pytest.mark.parametrize("policy", ["naive", "careful", "spread"])
def test_the_fast_trace_is_the_core_night_on_the_same_stream(policy):
    rules = PLAYTEST.with_(genre_points=3)
    for i in range(15):
        night = night_seed(8, i)
        assert fast.trace(night, rules, policy, SIM_CAST) == core_trace(night, rules, policy, SIM_CAST), i


@needs_fast
def test_the_fast_tally_of_a_negative_seed_plays_the_nights_it_names():
    """Night ``i`` of seed ``S`` is seeded ``(S * 1,000,003 + i) mod 2**64``, negative seeds too."""
    t = fast.tally(ASHCAN, "careful", -2, 3, 23, SIM_CAST)
    wins = tests = 0
    for i in range(3, 23):
        last = core_trace(night_seed(-2, i), ASHCAN, "careful", SIM_CAST)[-1]
        wins += bool(last[-1])
        tests += last[14]
    assert t["games"] == 20 and t["wins"] == wins and t["tests_sum"] == tests


# ------------------------------------------------------------------ the chance stream

def test_seeding_is_splitmix64():
    """The published splitmix64 outputs for seed 0."""
    assert Xoshiro(0).s == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC]


def test_seeds_are_taken_modulo_two_to_the_64():
    assert Xoshiro(-1).s == Xoshiro(MASK).s and Xoshiro(2**64 + 5).s == Xoshiro(5).s


def xoshiro256ss(s: list[int], count: int) -> list[int]:
    """xoshiro256** as its authors publish it (Blackman and Vigna), on a copy of the state."""
    s = list(s)
    out = []
    for _ in range(count):
        rotl = lambda x, k: ((x << k) | (x >> (64 - k))) & MASK  # noqa: E731
        out.append((rotl((s[1] * 5) & MASK, 7) * 9) & MASK)
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
    return out


@pytest.mark.parametrize("seed", [0, 1, 2026, MASK])
def test_the_generator_is_xoshiro256starstar(seed):
    g = Xoshiro(seed)
    want = xoshiro256ss(g.s, 40)
    assert [g.next() for _ in range(40)] == want


@needs_fast
def test_the_python_generator_draws_what_the_extension_draws():
    assert [Xoshiro(77).next() for _ in range(1)] == list(fast.module().draws(77, 0, 1))
    g = Xoshiro(77)
    assert [g.next() for _ in range(30)] == list(fast.module().draws(77, 0, 30))


@pytest.mark.parametrize("n", [1, 2, 4, 10, 52, 2**32])
def test_a_draw_below_n_is_the_top_32_bits_scaled(n):
    g, raw = Xoshiro(99), xoshiro256ss(Xoshiro(99).s, 50)
    got = [g.below(n) for _ in range(50)]
    assert got == [((x >> 32) * n) >> 32 for x in raw] and all(0 <= v < n for v in got)


def test_random_floats_pick_as_draws_below_n_do():
    for n in (3, 4, 7):
        a, b = Xoshiro(5), Xoshiro(5)
        for _ in range(200):
            f = a.random()
            assert 0.0 <= f < 1.0 and int(f * n) == b.below(n)
    assert Xoshiro(5).random() == (xoshiro256ss(Xoshiro(5).s, 1)[0] >> 32) / 2**32


def raw_stream(seed: int, count: int) -> list[int]:
    return xoshiro256ss(Xoshiro(seed).s, count)


@pytest.mark.parametrize("built", [True, False], ids=["extension", "python"])
def test_stream_chance_draws_the_stream_in_order_across_blocks(built, monkeypatch):
    if built and not fast.available():
        pytest.skip("the fast engine is not built here")
    if not built:
        monkeypatch.setattr(fast, "_MODULE", None)
        monkeypatch.setattr(fast, "_TRIED", True)
    c = StreamChance(-3)
    assert c.seed == (-3) & MASK and c.pos == 0
    got = [c.below(1000) for _ in range(1100)]  # two blocks of 512 and some
    assert got == [((x >> 32) * 1000) >> 32 for x in raw_stream(-3, 1100)] and c.pos == 1100


def test_stream_chance_rolls_the_main_die_then_fallout():
    c, raw = StreamChance(11), raw_stream(11, 40)
    rolls = [c.roll() for _ in range(20)]
    want = [(((raw[2 * k] >> 32) * 10) >> 32, (((raw[2 * k + 1] >> 32) * 4) >> 32) + 1) for k in range(20)]
    assert rolls == want and all(0 <= m <= 9 and 1 <= f <= 4 for m, f in rolls)


def below_from(raw: list[int]):
    it = iter(raw)
    return lambda n: ((next(it) >> 32) * n) >> 32


def test_stream_chance_shuffles_a_pile_fisher_yates_from_the_end():
    pile = list(range(12))
    c = StreamChance(4)
    c.shuffle(pile, "deck")
    b, want = below_from(raw_stream(4, 11)), list(range(12))
    for i in range(11, 0, -1):
        j = b(i + 1)
        want[i], want[j] = want[j], want[i]
    assert pile == want and c.pos == 11 and sorted(pile) == list(range(12))


def test_stream_chance_shuffles_the_trophy_pile_by_a_new_top_card():
    pile = list(range(10, 20))
    c = StreamChance(6)
    c.shuffle(pile, "trophy")
    j = below_from(raw_stream(6, 1))(10)
    want = list(range(10, 20))
    want[0], want[j] = want[j], want[0]
    assert pile == want and c.pos == 1


def test_stream_chance_draws_nothing_to_shuffle_a_single_card_or_nothing():
    c = StreamChance(6)
    one = [5]
    c.shuffle(one, "trophy")
    c.shuffle(one, "deck")
    c.shuffle([], "deck")
    assert one == [5] and c.pos == 0


def test_stream_chance_chooses_among_the_cards():
    c = StreamChance(12)
    got = [c.choose([7, 8, 9], "reserve") for _ in range(30)]
    assert got == [((x >> 32) * 3) >> 32 for x in raw_stream(12, 30)]


def test_stream_chance_state_is_its_position():
    c = StreamChance(13)
    c.below(5)
    state = c.getstate()
    ahead = [c.below(100) for _ in range(5)]
    c.setstate(state)
    assert state == 1 and [c.below(100) for _ in range(5)] == ahead


def test_night_seeds_wrap_at_two_to_the_64():
    assert night_seed(3, 4) == 3 * 1_000_003 + 4
    assert night_seed(-1, 0) == 2**64 - 1_000_003
    assert night_seed(2**64, 9) == 9


def test_the_policy_stream_is_the_night_seed_xor_5eed():
    night = night_seed(5, 2)
    g = policy_rng(night)
    assert [g.next() for _ in range(5)] == raw_stream(night ^ 0x5EED, 5)


# ------------------------------------------------------------------ chunks and workers

def test_a_tally_of_no_nights_is_refused():
    with pytest.raises(ValueError, match="^no games to simulate$"):
        tally_games(0, ASHCAN, "naive", 1)


def test_a_tally_of_an_unknown_engine_is_refused():
    with pytest.raises(ValueError) as exc:
        tally_range("warp", ASHCAN, "naive", 1, 0, 3)
    assert str(exc.value) == "unknown engine 'warp'"


def test_core_nights_come_in_chunks_of_500(monkeypatch):
    monkeypatch.setattr(run, "_pool", lambda n: pytest.fail("a pool for one chunk at a time"))
    seen = []
    t = tally_games(501, ASHCAN, "naive", 2, workers=1, engine="core", progress=seen.append)
    assert seen == [500, 1] and t["games"] == 501


@needs_fast
def test_fast_nights_come_in_chunks_of_20000(monkeypatch):
    monkeypatch.setattr(run, "_pool", lambda n: pytest.fail("a pool for one worker"))
    seen = []
    t = tally_games(40_001, ASHCAN, "naive", 2, workers=1, engine="fast", progress=seen.append)
    assert seen == [20_000, 20_000, 1] and t["games"] == 40_001
    seen.clear()
    tally_games(20, ASHCAN, "naive", 2, engine="fast", progress=seen.append, chunk=7)
    assert seen == [7, 7, 6]


@needs_fast
def test_more_workers_than_chunks_run_here(monkeypatch):
    monkeypatch.setattr(run, "_pool", lambda n: pytest.fail("a pool for a single chunk"))
    assert tally_games(100, ASHCAN, "naive", 2, workers=4, engine="fast")["games"] == 100


@needs_fast
def test_workers_report_every_chunk_and_add_up_to_one_workers_totals():
    seen = []
    many = tally_games(40_001, ASHCAN, "naive", 3, workers=2, engine="fast", progress=seen.append)
    assert sorted(seen) == [1, 20_000, 20_000]
    assert many == tally_games(40_001, ASHCAN, "naive", 3, workers=1, engine="fast")


def test_a_failing_chunk_on_the_workers_fails_the_tally():
    with pytest.raises(ValueError, match="unknown engine 'warp'"):
        tally_games(30, ASHCAN, "naive", 1, workers=2, engine="warp", chunk=10)


def test_simulate_refuses_an_unknown_policy_before_playing():
    with pytest.raises(ValueError, match="unknown policy 'reckless'"):
        simulate(0, ASHCAN, "reckless", 1)


def test_simulate_reports_progress_chunk_by_chunk():
    seen = []
    recs = simulate(25, ASHCAN, "naive", 1, progress=seen.append, chunk=10)
    assert seen == [10, 10, 5] and len(recs) == 25
    seen.clear()
    recs2 = simulate(25, ASHCAN, "naive", 1, workers=2, progress=seen.append, chunk=10)
    assert seen == [10, 10, 5] and recs2 == recs


def test_simulate_of_no_games_is_no_records():
    assert simulate(0, ASHCAN, "naive", 1) == []


def test_a_quiet_worker_ignores_ctrl_c():
    """Run in this process: both signals it sets are put back (SIGPIPE left at its default would
    kill this test worker at a later test's write to a closed socket)."""
    before = signal.getsignal(signal.SIGINT)
    pipe = signal.getsignal(signal.SIGPIPE) if hasattr(signal, "SIGPIPE") else None
    try:
        run._quiet_worker()
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)
        if pipe is not None:
            signal.signal(signal.SIGPIPE, pipe)
        run._STOP = None


SEEN_BY_WORKERS = []


def _worker_view(_):
    return os.getpid(), signal.getsignal(signal.SIGINT), list(SEEN_BY_WORKERS)


def test_the_pool_forks_quiet_workers(monkeypatch):
    """Workers ignore Ctrl-C (the parent stops them) and, with no other thread running here,
    start as copies of this process."""
    import threading

    monkeypatch.setattr(threading, "active_count", lambda: 1)  # (earlier tests may leave threads behind)
    SEEN_BY_WORKERS.append("set after import")
    try:
        with run._pool(2) as pool:
            views = pool.map(_worker_view, range(8), chunksize=1)
    finally:
        SEEN_BY_WORKERS.clear()
    assert {h for _, h, _ in views} == {signal.SIG_IGN}
    assert all(seen == ["set after import"] for _, _, seen in views)
    assert 1 <= len({pid for pid, _, _ in views}) <= 2 and os.getpid() not in {pid for pid, _, _ in views}


def test_with_another_thread_running_the_workers_are_no_copies_and_still_quiet():
    """A fork while another thread runs may copy a lock that thread holds (an import's): the
    workers then come from a server process of their own, not from this one."""
    import threading

    stop = threading.Event()
    other = threading.Thread(target=stop.wait, daemon=True)
    other.start()
    SEEN_BY_WORKERS.append("set after import")
    try:
        with run._pool(2) as pool:
            views = pool.map(_worker_view, range(4), chunksize=1)
        assert tally_games(1200, ASHCAN, "naive", 1, workers=3) == tally_games(1200, ASHCAN, "naive", 1)
    finally:
        SEEN_BY_WORKERS.clear()
        stop.set()
    assert {h for _, h, _ in views} == {signal.SIG_IGN}
    assert all(seen == [] for _, _, seen in views)  # not copies of this process


# ------------------------------------------------------------------ two characters of one Aptitude

TWINS = [Character("Ann", 0), Character("Bob", 0), Character("Cat", 2), Character("Dee", 3)]


def twins_facing(threat: list[str]) -> Game:
    return Game.stacked(TWINS, ASHCAN, ScriptedChance(), threat=threat)


def test_careful_picks_the_matching_twin_with_fewer_strikes():
    g = twins_facing(["7♠", "2♥"])
    assert Careful().tester(g, random.Random(0)) == 0  # a tie: cast order
    g.strikes[0] = 1
    assert Careful().tester(g, random.Random(0)) == 1
    g.strikes[1] = 2
    assert Careful().tester(g, random.Random(0)) == 0


def test_careful_passes_over_a_dead_twin():
    g = twins_facing(["7♠", "2♥"])
    g.strikes[1], g.dead[1] = 3, "strikes"
    g.strikes[0] = 2
    assert Careful().tester(g, random.Random(0)) == 0


def test_careful_with_both_twins_dead_takes_the_fewest_strikes_of_the_rest():
    g = twins_facing(["7♠", "2♥"])
    g.dead[0] = g.dead[1] = "strikes"
    g.strikes[2] = 2
    g.strikes[3] = 1
    assert Careful().tester(g, random.Random(0)) == 3


def test_careful_with_no_one_of_the_suit_takes_the_fewest_strikes():
    g = twins_facing(["7♥", "2♠"])
    g.strikes[0] = 1
    assert Careful().tester(g, random.Random(0)) == 1


def test_the_suit_lookup_is_not_fooled_by_a_reused_id():
    """A cast made where an old one was (the same ``id``) is looked up anew."""
    old = [Character("Old", 1)] * 4
    _BY_SUIT[id(TWINS)] = (old, ((), (0, 1, 2, 3), (), ()))
    assert _by_suit(TWINS) == ((0, 1), (), (2,), (3,))


def test_spread_prefers_the_tester_holding_more_genre_points_on_equal_strikes():
    g = twins_facing(["7♠", "2♥"])
    g.genre[2] = 1
    assert Spread().tester(g, random.Random(0)) == 2
    g.genre[3] = 2
    assert Spread().tester(g, random.Random(0)) == 3


def test_a_tally_is_played_by_the_core_unless_told_otherwise():
    from solo.sim.policies import get_policy
    from solo.sim.run import game_seed, play_one, record
    from solo.sim.tally import from_records

    want = from_records([record(play_one(ASHCAN, get_policy("naive"), game_seed(4, i))) for i in range(12)])
    assert tally_games(12, ASHCAN, "naive", 4) == want


@pytest.mark.parametrize("workers", [1, 3])
def test_a_tally_of_an_unknown_engine_fails_in_words_here_or_on_workers(workers):
    with pytest.raises(ValueError) as exc:
        tally_games(1200, ASHCAN, "naive", 1, workers=workers, engine="warp")
    assert str(exc.value) == "unknown engine 'warp'"


@needs_fast
def test_two_workers_are_a_pool_of_two_processes(pool_sizes):
    sizes = pool_sizes
    tally_games(40_001, ASHCAN, "naive", 3, workers=2, engine="fast")
    assert sizes == [2]


def test_a_trophy_pile_of_two_is_shuffled_too():
    for seed in range(40):
        pile = [30, 31]
        c = StreamChance(seed)
        c.shuffle(pile, "trophy")
        j = below_from(raw_stream(seed, 1))(2)
        assert c.pos == 1 and pile == ([30, 31] if j == 0 else [31, 30])


# ------------------------------------------------------------------ the core engine's loop

def test_a_simulated_night_keeps_no_history():
    from solo.nott.errors import IllegalActionError
    from solo.sim.policies import get_policy
    from solo.sim.run import play_one

    g = play_one(ASHCAN, get_policy("careful"), 5)
    with pytest.raises(IllegalActionError, match="keeps no history"):
        g.pop()


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_the_naive_testers_are_drawn_from_the_seed_xor_5eed(seed):
    """A naive night replayed by hand: a uniformly random living tester from
    ``random.Random(seed ^ 0x5EED)``, no Aptitude, no Genre Points."""
    from solo.nott.actions import ROLL, Resolve, Test
    from solo.nott.chance import SeededChance
    from solo.nott.game import CHOOSE_TESTER, DECIDE
    from solo.sim.policies import get_policy
    from solo.sim.run import play_one

    g = Game(SIM_CAST, ASHCAN, SeededChance(seed), record=False)
    rng = random.Random(seed ^ 0x5EED)
    while g.outcome() is None:
        if g.phase == CHOOSE_TESTER:
            living = g.living()
            g.push(Test(living[int(rng.random() * len(living))]))
        elif g.phase == DECIDE:
            g.push(Resolve(0))
        else:
            g.push(ROLL)
    played = play_one(ASHCAN, get_policy("naive"), seed)
    assert (played.tests, played.dead, played.strikes, played.outcome()) == (g.tests, g.dead, g.strikes,
                                                                             g.outcome())


def test_simulate_plays_here_unless_given_workers(monkeypatch):
    monkeypatch.setattr(run, "_pool", lambda n: pytest.fail(f"a pool of {n}"))
    assert len(simulate(30, ASHCAN, "naive", 1, chunk=10)) == 30
    assert len(simulate(30, ASHCAN, "naive", 1, workers=1, chunk=10)) == 30
    assert len(simulate(10, ASHCAN, "naive", 1, workers=2, chunk=10)) == 10  # one chunk: no pool for it


@pytest.mark.parametrize("chunks", [2, 3])
def test_simulate_with_two_workers_is_a_pool_of_two(pool_sizes, chunks):
    sizes = pool_sizes
    assert simulate(10 * chunks, ASHCAN, "naive", 1, workers=2, chunk=10) == simulate(10 * chunks, ASHCAN, "naive",
                                                                                        1, chunk=10)
    assert sizes == [2]


def test_simulate_plays_500_core_nights_a_chunk():
    seen = []
    simulate(501, ASHCAN, "naive", 1, progress=seen.append)
    assert seen == [500, 1]


def _pid(_):
    import time

    time.sleep(0.02)
    return os.getpid()


def test_a_pool_of_one_is_one_process():
    with run._pool(1) as pool:
        pids = set(pool.map(_pid, range(12), chunksize=1))
    assert len(pids) == 1


# ------------------------------------------------------------------ the policies' parts

def test_test_and_award_actions_are_made_once_and_reused(monkeypatch):
    from solo.nott.actions import Award, Test
    from solo.sim import policies

    monkeypatch.setattr(policies, "_TESTS", {})
    monkeypatch.setattr(policies, "_AWARDS", {})
    t, a = policies._test(5), policies._award(2)
    assert t == Test(5) and a == Award(2)
    assert policies._test(5) is t and policies._award(2) is a


def test_the_suits_of_a_cast_are_worked_out_once():
    cast = [Character("A", 1), Character("B", 1), Character("C", 0), Character("D", 3)]
    first = _by_suit(cast)
    assert first == ((2,), (0, 1), (), (3,)) and _by_suit(cast) is first


def test_aptitude_choice_against_a_killer_of_another_suit_names_the_strike():
    """"You get a Strike when you: Fail any Test against the Killer": Ann (♠) fails against K♥."""
    g = Game.stacked(TWINS, ASHCAN, ScriptedChance(), threat=["K♥", "2♠"], trophy=["10♥"])
    from solo.nott.actions import Roll, Test

    g.push(Test(0))
    g.push(Roll(1, 1))
    from solo.sim.policies import best_adjust

    assert best_adjust(g) == (0, True, False)


def test_an_unknown_policy_is_refused_with_the_choices():
    from solo.sim.policies import get_policy

    with pytest.raises(ValueError) as exc:
        get_policy("reckless")
    assert str(exc.value) == "unknown policy 'reckless' (choose from naive, careful, spread)"
    with pytest.raises(ValueError, match="unknown policy None"):
        get_policy(None)


def test_a_ctrl_c_while_the_workers_start_stops_the_pool_once_it_is_whole(monkeypatch):
    """A Ctrl-C that lands while the pool is being made would leave a pool half made that nobody
    stops (the process then hangs on it at exit): it waits until the pool is whole, which is
    stopped, and the Ctrl-C goes on."""
    import multiprocessing
    import multiprocessing.context
    import threading

    made = []
    real = multiprocessing.context.ForkContext.Pool

    def pool_with_a_ctrl_c(self, *args, **kwargs):
        os.kill(os.getpid(), signal.SIGINT)  # the player presses Ctrl-C while the workers start
        made.append(real(self, *args, **kwargs))
        return made[-1]

    monkeypatch.setattr(multiprocessing.context.ForkContext, "Pool", pool_with_a_ctrl_c)
    monkeypatch.setattr(threading, "active_count", lambda: 1)  # the fork path
    with pytest.raises(KeyboardInterrupt):
        run._pool(2)
    assert len(made) == 1 and made[0]._state != "RUN"  # made whole, then stopped
    assert not multiprocessing.active_children()


def test_a_failing_chunk_tells_the_other_workers_to_skip_at_once(monkeypatch):
    """A worker whose chunk fails sets the pool's stop itself: the chunks left are skipped by
    every worker from then on, not played until the parent reaches the failure in order (a
    failing `solo sim --workers N` ran on for minutes). Break it catches: the stop set only by
    the parent."""
    import threading

    stop = threading.Event()
    monkeypatch.setattr(run, "_STOP", stop)

    def failing(*_args):
        raise ValueError("a chunk that fails")

    monkeypatch.setattr(run, "run_range", failing)
    with pytest.raises(ValueError, match="a chunk that fails"):
        run._chunk((ASHCAN, "naive", 1, 0, 10))
    assert stop.is_set()
    played = []
    monkeypatch.setattr(run, "run_range", lambda *a: played.append(a) or [])
    assert run._chunk((ASHCAN, "naive", 1, 10, 20)) == [] and played == []  # skipped, not played
    monkeypatch.setattr(run, "tally_range", failing)
    stop.clear()
    with pytest.raises(ValueError):
        run._tally_chunk(("core", ASHCAN, "naive", 1, 0, 10))
    assert stop.is_set() and run._tally_chunk(("core", ASHCAN, "naive", 1, 10, 20)) is None


def test_a_tally_whose_workers_skip_after_a_failure_still_reports_the_failure():
    with pytest.raises(ValueError, match="unknown engine 'warp'"):
        tally_games(200, ASHCAN, "naive", 1, workers=2, engine="warp", chunk=10, progress=lambda n: None)
