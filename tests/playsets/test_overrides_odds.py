"""Rule overrides move the simulated odds the way they should (a few thousand nights each)."""

from solo.playsets import load_playset, parse_overrides
from solo.sim.report import wilson
from solo.sim.run import simulate

N = 3000


def rates(rules, policy="careful"):
    recs = simulate(N, rules, policy, seed=17)
    wins = sum(r.dawn for r in recs)
    surv = sum(sum(r.alive) for r in recs)
    return wilson(wins, N), wilson(surv, N * 4), sum(r.tests for r in recs) / N


def with_(*items):
    return parse_overrides(list(items), load_playset("cabin-in-the-woods").rules).ruleset()


def test_fewer_genre_points_lose_more_nights():
    base, _, _ = rates(with_())
    poor, _, _ = rates(with_("genre_points=0"))
    assert poor[1] < base[0]


def test_a_fourth_strike_saves_characters():
    _, base, _ = rates(with_(), "naive")
    _, tough, _ = rates(with_("strikes_to_die=4"), "naive")
    assert tough[0] > base[1]


def test_a_harder_killer_wins_more():
    base, _, _ = rates(with_(), "naive")
    hard, _, _ = rates(with_("face_modifiers=3,4,5"), "naive")
    assert hard[1] < base[0]


def test_fast_setup_shortens_the_night():
    _, _, slow = rates(with_(), "naive")
    _, _, fast = rates(with_("fast_setup=true"), "naive")
    assert fast < slow - 3
