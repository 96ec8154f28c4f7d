"""Simulation: determinism across workers, the JSON shape, sane statistics, autoplay."""

import re

import json
import os
import subprocess
import sys

from solo.nott.rules import ASHCAN, PLAYTEST
from solo.sim.autoplay import autoplay
from solo.sim.report import summarize, wilson
from solo.sim.run import SIM_CAST, simulate


def test_same_totals_for_one_worker_and_two():
    a = simulate(1200, ASHCAN, "careful", seed=9, workers=1, chunk=200)
    b = simulate(1200, ASHCAN, "careful", seed=9, workers=2, chunk=200)
    assert a == b


def test_different_seeds_differ_and_each_game_is_its_own():
    a = simulate(300, ASHCAN, "naive", seed=1)
    b = simulate(300, ASHCAN, "naive", seed=2)
    assert a != b
    assert simulate(300, ASHCAN, "naive", seed=1, chunk=7) == a


def test_statistics_are_sane_and_naive_wins_less_than_careful():
    naive = summarize(simulate(3000, ASHCAN, "naive", seed=3), rules="ashcan", policy="naive", seed=3,
                      workers=1, seconds=1.0, cast=[c.name for c in SIM_CAST])
    careful = summarize(simulate(3000, ASHCAN, "careful", seed=3), rules="ashcan", policy="careful", seed=3,
                        workers=1, seconds=1.0, cast=[c.name for c in SIM_CAST])
    assert naive["win_rate_ci95"][1] < careful["win_rate_ci95"][0]
    assert naive["mean_genre_points_spent"] == 0 and careful["mean_genre_points_spent"] > 0
    for s in (naive, careful):
        assert 0 <= s["win_rate"] <= 1 and s["min_tests"] >= 4
        assert abs(s["survival_rate"] - sum(s["survival_by_character"].values()) / 4) < 1e-12
        assert sum(s["tests_histogram"].values()) == 3000
        # a night is won exactly when the Red Joker is beaten
        assert s["jokers"]["red_joker_dawn"] == round(s["win_rate"] * 3000)
        assert s["endgame_rate"] >= s["win_rate"]
    # the rulebook's ballpark for naive play: about a third win, a fifth to a quarter survive
    assert 0.25 < naive["win_rate"] < 0.45 and 0.15 < naive["survival_rate"] < 0.30


def test_playtest_rules_simulate_too():
    recs = simulate(500, PLAYTEST, "careful", seed=4)
    assert len(recs) == 500 and all(r.tests > 0 for r in recs)


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and round(hi - lo, 3) == 0.192
    assert wilson(0, 10)[0] == 0.0


def test_sim_json_shape():
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    proc = subprocess.run([sys.executable, "-m", "solo", "sim", "--games", "400", "--seed", "5", "--workers", "1",
                           "--json", "--policy", "naive"], capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    for key in ("games", "rules", "policy", "seed", "win_rate", "survival_rate", "mean_tests", "endgame_rate",
                "mean_tests_to_endgame", "games_per_second"):
        assert key in data
    assert data["games"] == 400 and data["policy"] == "naive" and data["seed"] == 5 and data["rules"] == "ashcan"


def test_autoplay_is_byte_identical_for_a_seed(tmp_path):
    a = autoplay(12, ASHCAN, "careful", out=tmp_path / "a.md")
    b = autoplay(12, ASHCAN, "careful", out=tmp_path / "b.md")
    ta, tb = (tmp_path / "a.md").read_bytes(), (tmp_path / "b.md").read_bytes()
    assert ta == tb and a.game.outcome() == b.game.outcome()
    text = ta.decode()
    assert "## Epilogue" in text and len(re.findall(r"^### \d+\. ", text, re.M)) == a.game.tests
    assert text.count("**") > 10  # the players' answers are in


def test_autoplay_plays_the_same_night_as_the_simulator(tmp_path):
    from solo.nott.cast import quick_cast
    from solo.sim.policies import get_policy
    from solo.sim.run import play_one

    night = autoplay(21, ASHCAN, "naive", out=tmp_path / "n.md")
    g = play_one(ASHCAN, get_policy("naive"), 21, cast=quick_cast(21))
    assert night.game.outcome() == g.outcome()
