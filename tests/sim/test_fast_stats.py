"""The fast engine and the core engine, each with its own chance, agree within 3 standard
errors on win rate, survival per Aptitude, Tests per night and Endgame rate: at a million
nights each under the ``stats`` marker (run by .ci/run), and at a few thousand in every
``make test``."""

from __future__ import annotations

import math
import os

import pytest

from solo.nott.rules import ASHCAN, PLAYTEST
from solo.sim import fast
from solo.sim.run import tally_games
from solo.sim.tally import sd_tests_per_night

pytestmark = pytest.mark.skipif(not fast.available(), reason="the fast engine is not built here")


def measures(t: dict) -> dict[str, tuple[float, float]]:
    """name → (estimate, standard error)."""
    n = t["games"]

    def rate(k: int) -> tuple[float, float]:
        p = k / n
        return p, math.sqrt(p * (1 - p) / n)

    out = {"win rate": rate(t["wins"]), "endgame rate": rate(t["endgames"]),
           "tests per night": (t["tests_sum"] / n, sd_tests_per_night(t) / math.sqrt(n))}
    for name, alive in zip(("Power", "Resolve", "Intellect", "Finesse"), t["alive"]):
        out[f"survival, {name}"] = rate(alive)
    return out


def disagreements(rules, policy: str, nights: int) -> list[str]:
    workers = os.cpu_count() or 1
    core = measures(tally_games(nights, rules, policy, seed=11, workers=workers, engine="core"))
    quick = measures(tally_games(nights, rules, policy, seed=12, workers=workers, engine="fast"))
    out = []
    for name, (a, sa) in core.items():
        b, sb = quick[name]
        se = math.sqrt(sa * sa + sb * sb)
        if abs(a - b) > 3 * se:
            out.append(f"{name}: core {a:.5f}, fast {b:.5f}, {abs(a - b) / se:.1f} standard errors apart")
    return out


@pytest.mark.parametrize("rules,policy", [(ASHCAN, "careful"), (ASHCAN, "naive")])
def test_engines_agree_on_a_few_thousand_nights(rules, policy):
    assert disagreements(rules, policy, 6_000) == []


@pytest.mark.stats
@pytest.mark.parametrize("rules,policy", [(ASHCAN, "careful"), (ASHCAN, "naive"), (PLAYTEST, "spread")],
                         ids=["ashcan-careful", "ashcan-naive", "playtest-spread"])
def test_engines_agree_on_a_million_nights(rules, policy):
    assert disagreements(rules, policy, 1_000_000) == []


def test_the_measures_see_a_real_difference():
    # The check can fail: two rule sets that differ are told apart.
    a = measures(tally_games(20_000, ASHCAN, "careful", seed=1, engine="fast"))
    b = measures(tally_games(20_000, ASHCAN.with_(genre_points=8), "careful", seed=2, engine="fast"))
    (wa, sa), (wb, sb) = a["win rate"], b["win rate"]
    assert abs(wa - wb) > 3 * math.sqrt(sa * sa + sb * sb)
