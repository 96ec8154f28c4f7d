"""The director's answers where the rules are silent (docs/rulings.md 40–42): the time of
night, whether the Threat Card is the Killer, and whether the group is safe."""

from __future__ import annotations

import pytest

from solo.director.asking import answer
from solo.director.state import clock
from solo.nott.cards import is_face, is_joker, severity
from solo.nott.rules import ASHCAN
from solo.sim.autoplay import autoplay

WORDS = "twelve one two three four five six seven eight nine ten eleven".split()


def said(minutes: int) -> str:
    """The time ``minutes`` after midnight of the day before, told to the quarter hour before
    (an independent telling: the ruling's words)."""
    minutes -= minutes % 15
    hour, rest = minutes // 60 % 24, minutes % 60
    name = "midnight" if hour == 0 else WORDS[hour % 12]
    if rest == 0:
        return name if hour == 0 else f"{name} o'clock"
    nxt = "midnight" if hour == 23 else WORDS[(hour + 1) % 12]
    return {15: f"quarter past {name}", 30: f"half past {name}", 45: f"quarter to {nxt}"}[rest]


@pytest.mark.parametrize("tests, endgame, told", [
    (0, False, "ten o'clock"), (2, False, "ten o'clock"), (10, False, "eleven o'clock"), (60, False, "five o'clock"),
    (30, True, "four o'clock"), (45, True, "four o'clock"), (55, True, "quarter past four"), (200, False, "half past five"),
])
def test_the_time_of_night_follows_the_tests(tests, endgame, told):
    # ten, then seven minutes a Test; at least four once the Endgame has begun; never past 5:30
    want = min(max(22 * 60 + 7 * tests, 28 * 60 if endgame else 0), 29 * 60 + 30)
    assert clock(tests, endgame) == said(want) == told
    order = [clock(t, t >= 40) for t in range(0, 80)]
    minutes_of = {said(m): m for m in range(22 * 60, 29 * 60 + 31)}
    assert [minutes_of[o] for o in order] == sorted(minutes_of[o] for o in order)  # never backwards


def _moments(seed):
    night = autoplay(seed, ASHCAN, "naive", out=None, questions=False)
    for back in (0, 5, 10, 20):
        if back:
            night.undo(min(back, len(night.steps) - 1))
        if not night.game.is_over():
            yield night


@pytest.mark.parametrize("seed", range(6))
def test_is_it_the_killer_reads_the_threat_card(seed):
    for night in _moments(seed):
        g = night.game
        reply = answer("is it the killer?", None, game=g, fiction=night.story, seed=seed, step=0)
        assert reply.kind == "state" and reply.yes is (is_face(g.threat) or is_joker(g.threat))


@pytest.mark.parametrize("seed", range(6))
def test_safe_only_while_the_threat_is_atmospheric(seed):
    for night in _moments(seed):
        g = night.game
        reply = answer("are we safe here?", None, game=g, fiction=night.story, seed=seed, step=0)
        assert reply.kind == "state"
        assert reply.yes is (not is_joker(g.threat) and severity(g.threat) == "atmospheric")
