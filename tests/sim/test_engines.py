"""The simulator's engines: tallies, the choice of engine and its fallback, workers, Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from solo.nott.game import Game
from solo.nott.rules import ASHCAN, PLAYTEST
from solo.sim import fast
from solo.sim.policies import get_policy
from solo.sim.report import summarize, summarize_tally
from solo.sim.run import SIM_CAST, GameRecord, pick_engine, play_one, record, simulate, tally_games
from solo.sim.stream import StreamChance, night_seed, policy_rng
from solo.sim.tally import from_records, merge

needs_fast = pytest.mark.skipif(not fast.available(), reason="the fast engine is not built here")
ENV = dict(os.environ, PYTHONIOENCODING="utf-8")


def rec(tests: int, dawn: bool = True) -> GameRecord:
    return GameRecord(dawn=dawn, alive=(dawn, False, True, False), tests=tests, tests_to_endgame=None,
                      strikes=(1, 3, 0, 3), deaths_by_strikes=2, deaths_by_red_joker=0, genre_spent=2,
                      black_joker=(0, 0), red_joker_failures=0)


def test_summary_of_a_handful_of_nights_worked_out_by_hand():
    s = summarize([rec(10), rec(31, False), rec(20), rec(40)], rules="ashcan", policy="careful", seed=1,
                  workers=1, seconds=2.0, cast=["A", "B", "C", "D"])
    assert s["median_tests"] == 25.5 and s["min_tests"] == 10 and s["max_tests"] == 40
    assert s["mean_tests"] == 25.25 and s["mean_tests_when_won"] == 70 / 3
    assert s["tests_histogram"] == {"10-19": 1, "20-29": 1, "30-39": 1, "40-49": 1}
    assert s["survival_by_character"] == {"A": 0.75, "B": 0.0, "C": 1.0, "D": 0.0}
    assert s["mean_strikes_per_character"] == 28 / 16 and s["games_per_second"] == 2.0
    odd = summarize([rec(12), rec(12), rec(50)], rules="a", policy="b", seed=1, workers=1, seconds=1, cast="ABCD")
    assert odd["median_tests"] == 12 and odd["tests_histogram"] == {"10-19": 2, "50-59": 1}


def test_tallies_add_up_in_any_order():
    a, b = from_records([rec(10), rec(70)]), from_records([rec(33, False)])
    assert merge(a, b) == merge(b, a) == from_records([rec(10), rec(70), rec(33, False)])


@needs_fast
@pytest.mark.parametrize("rules", [ASHCAN, PLAYTEST.with_(fast_setup=True, genre_points=2)], ids=["ashcan", "mixed"])
@pytest.mark.parametrize("policy", ["naive", "careful", "spread"])
def test_fast_tally_counts_what_the_core_records(rules, policy):
    # The core Game on the fast engine's chance stream, recorded by the core's own record().
    records = []
    for i in range(300):
        night = night_seed(5, i)
        game = Game(SIM_CAST, rules, StreamChance(night), record=False)
        pol, rng = get_policy(policy), policy_rng(night)
        from solo.nott.actions import ROLL
        from solo.nott.game import CHOOSE_TESTER, DECIDE
        from solo.sim.policies import _test

        while game.outcome() is None:
            if game.phase == CHOOSE_TESTER:
                game.push(_test(pol.tester(game, rng)))
            elif game.phase == DECIDE:
                for act in pol.decide(game, rng):
                    game.push(act)
            else:
                game.push(ROLL)
        records.append(record(game))
    want = from_records(records)
    got = fast.tally(rules, policy, 5, 0, 300, SIM_CAST)
    got["tests_hist"] = list(got["tests_hist"])
    assert got == want


@needs_fast
def test_fast_totals_do_not_depend_on_workers_or_chunks():
    one = tally_games(1001, ASHCAN, "naive", 4, workers=1, engine="fast")
    assert one["games"] == 1001
    assert tally_games(1001, ASHCAN, "naive", 4, workers=2, engine="fast", chunk=100) == one
    assert tally_games(1001, ASHCAN, "naive", 4, workers=1, engine="fast", chunk=7) == one


def test_core_totals_keep_every_game_whatever_the_workers():
    one = tally_games(1001, ASHCAN, "careful", 4, workers=1, engine="core")
    two = tally_games(1001, ASHCAN, "careful", 4, workers=2, engine="core")
    assert one == two and one["games"] == 1001 == sum(one["tests_hist"])
    assert len(simulate(1001, ASHCAN, "careful", 4, workers=2)) == 1001


def test_core_tally_is_the_core_engines_records():
    records = [record(play_one(ASHCAN, get_policy("careful"), 7 * 1_000_003 + i)) for i in range(50)]
    assert tally_games(50, ASHCAN, "careful", 7, engine="core") == from_records(records)
    cast = [c.name for c in SIM_CAST]
    assert summarize_tally(from_records(records), rules="a", policy="c", seed=7, workers=1, seconds=1,
                           cast=cast) == summarize(records, rules="a", policy="c", seed=7, workers=1, seconds=1,
                                                   cast=cast)


def test_engine_choice_refuses_what_the_fast_engine_cannot_play():
    huge = ASHCAN.with_(genre_points=10**9)
    engine, note = pick_engine("auto", huge, "careful")
    assert engine == "core" and "genre_points" in note and "core rules engine" in note and "\n" not in note
    with pytest.raises(ValueError, match="genre_points|not built"):
        pick_engine("fast", huge, "careful")
    assert pick_engine("core", ASHCAN, "careful") == ("core", None)
    with pytest.raises(ValueError, match="unknown engine"):
        pick_engine("warp", ASHCAN, "careful")
    with pytest.raises(fast.Unsupported):
        fast.arguments(ASHCAN, "reckless", SIM_CAST)


@needs_fast
def test_engine_choice_takes_the_fast_engine_for_every_knob():
    rules = PLAYTEST.with_(fast_setup=True, genre_points=99, strikes_to_die=9, face_modifiers=(13, 0, 13),
                           empty_trophy_base=13, trophy_start="ten", reserve_fallback=True)
    for policy in ("naive", "careful", "spread"):
        assert pick_engine("auto", rules, policy) == ("fast", None)


def run_cli(*args: str, pre: str = "pass") -> subprocess.CompletedProcess:
    code = f"import sys; {pre}; from solo.cli import main; sys.exit(main({list(args)!r}))"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=ENV, timeout=300)


NO_FAST = "sys.modules['solo.sim._fastnight'] = None"  # as where no compiler built it


def test_sim_without_the_fast_engine_falls_back_to_the_core_in_one_line():
    proc = run_cli("sim", "--games", "300", "--json", "--workers", "1", pre=NO_FAST)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.strip().count("\n") == 0 and "core rules engine" in proc.stderr
    assert json.loads(proc.stdout)["engine"] == "core"
    proc = run_cli("sim", "--games", "300", "--json", "--engine", "fast", pre=NO_FAST)
    assert proc.returncode == 2 and proc.stderr.strip().count("\n") == 0 and "not built" in proc.stderr


@needs_fast
def test_sim_json_names_its_engine_and_the_core_reproduces_the_old_numbers():
    quick = json.loads(run_cli("sim", "--games", "2000", "--json", "--workers", "1").stdout)
    core = json.loads(run_cli("sim", "--games", "2000", "--json", "--workers", "1", "--engine", "core").stdout)
    assert quick["engine"] == "fast" and core["engine"] == "core"
    records = simulate(2000, ASHCAN, "careful", 1)
    assert core["win_rate"] == sum(r.dawn for r in records) / 2000
    assert abs(quick["win_rate"] - core["win_rate"]) < 0.03  # same game, other chance


def _as_from_a_terminal() -> None:
    """Ctrl-C on, as in a terminal, even where this test run was started with it ignored (a
    shell's background job): an ignored SIGINT is inherited."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _wait_for_workers(pid: int, count: int, limit: float = 30.0) -> None:
    """Until ``pid`` has started ``count`` worker processes (the run is under way), polled."""
    import psutil

    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            if len(psutil.Process(pid).children(recursive=True)) >= count:
                return
        except psutil.NoSuchProcess:
            return
        time.sleep(0.05)


def test_sim_stops_quietly_on_ctrl_c():
    proc = subprocess.Popen([sys.executable, "-m", "solo", "sim", "--games", "5000000", "--workers", "2",
                             "--engine", "core", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=ENV, start_new_session=True, preexec_fn=_as_from_a_terminal)
    _wait_for_workers(proc.pid, 2)
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole process group
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # leave no five-million-night run behind
        proc.communicate()
        raise
    assert proc.returncode == 130
    assert "Traceback" not in err and out == ""


@pytest.mark.parametrize("engine,games,workers", [("core", 1001, 2), ("core", 1502, 3), ("fast", 40_001, 2)])
def test_sim_cli_keeps_every_game_on_several_workers(engine, games, workers):
    """``solo sim --workers N`` plays all the games asked for, the remainder over the workers
    included, and its totals are those of one worker."""
    if engine == "fast" and not fast.available():
        pytest.skip("the fast engine is not built here")
    args = ["sim", "--games", str(games), "--seed", "6", "--json", "--engine", engine, "--policy", "naive"]
    many = json.loads(run_cli(*args, "--workers", str(workers)).stdout)
    assert many["workers"] == workers and many["games"] == games
    assert sum(many["tests_histogram"].values()) == games
    one = json.loads(run_cli(*args, "--workers", "1").stdout)
    for key in ("win_rate", "survival_by_character", "mean_tests", "tests_histogram", "jokers"):
        assert many[key] == one[key], key
