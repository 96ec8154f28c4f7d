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
    # pop back through every state, exactly (a failure says where, in a line or two: pytest's
    # own comparison of two whole tables, repeated while hypothesis shrinks, once ate the memory)
    for n, k in enumerate(reversed(keys[:-1]), 1):
        g.pop()
        now = g.state_key()
        if now != k:
            raise AssertionError(f"undo {n} of {steps} did not restore the table: {first_difference(now, k)}")
    if g.state_key() != start:
        raise AssertionError("undoing everything did not restore the start")


def first_difference(a: tuple, b: tuple, limit: int = 300) -> str:
    """Where two state keys first differ, as a short text (at most ``limit`` characters)."""
    if len(a) != len(b):
        return f"{len(a)} fields against {len(b)}"
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"field {i}: {repr(x)[:limit // 2]} != {repr(y)[:limit // 2]}"
    return "no field differs"


def test_first_difference_is_short():
    big = tuple(range(10_000))
    assert first_difference((1, big), (1, big[::-1])).startswith("field 1: (0, 1, 2")
    assert len(first_difference((1, big), (1, big[::-1]))) < 320
    assert first_difference((1,), (1, 2)) == "1 fields against 2"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rules=rulesets, data=st.data())
def test_an_action_taken_back_and_played_again_leaves_the_night_as_it_was(seed, rules, data):
    """Undo puts the chance source back where it stood too: a night where every action is
    taken back and played again (and, now and then, the last two) draws the same cards and
    dice, action for action, as the night played straight (the source's position is read
    once between draws: a read kept past a draw would rewind it too far)."""
    cast = quick_cast(seed)[: rules.max_cast]
    straight, again = Game(cast, rules, seed=seed), Game(cast, rules, seed=seed)
    played = []
    while straight.outcome() is None and len(played) < 1500:
        a = data.draw(st.sampled_from(straight.legal_actions()), label="action")
        straight.push(a)
        again.push(a)
        played.append(a)
        again.pop()
        again.push(a)
        if len(played) >= 2 and data.draw(st.booleans(), label="take back two"):
            again.pop()
            again.pop()
            again.push(played[-2])
            again.push(a)
        if again.state_key() != straight.state_key():
            raise AssertionError(f"after {len(played)} actions: {first_difference(again.state_key(), straight.state_key())}")
    assert again.outcome() == straight.outcome()
