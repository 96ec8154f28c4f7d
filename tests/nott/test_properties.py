"""Invariants over random legal play (hypothesis)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.nott import ASHCAN, PLAYTEST, Game, quick_cast
from solo.nott.actions import Roll

rulesets = st.sampled_from([ASHCAN, PLAYTEST, ASHCAN.with_(fast_setup=True), PLAYTEST.with_(fast_setup=True)])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rules=rulesets, data=st.data())
def test_invariants_hold_after_every_action_and_undo_restores_the_start(seed, rules, data):
    cast = quick_cast(seed)[: rules.max_cast]
    g = Game(cast, rules, seed=seed)
    start = g.state_key()
    keys = [start]
    steps = 0
    while g.outcome() is None and steps < 1500:
        acts = g.legal_actions()
        a = data.draw(st.sampled_from(acts), label="action")
        if isinstance(a, Roll) and data.draw(st.booleans(), label="by hand"):
            a = Roll(data.draw(st.integers(0, 9)), data.draw(st.integers(1, 4)))
        g.push(a)
        steps += 1
        assert g.problems() == [], (str(a), g.problems())
        keys.append(g.state_key())
    assert g.outcome() is not None, "a night must end"
    o = g.outcome()
    assert o.dawn == bool(o.survivors)
    assert all(g.alive(i) for i in o.survivors)
    # pop back through every state, exactly
    for k in reversed(keys[:-1]):
        g.pop()
        assert g.state_key() == k
    assert g.state_key() == start
