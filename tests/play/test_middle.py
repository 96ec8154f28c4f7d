"""The middle of a night builds (issue: a typed night reads as a story): between Tests 15 and 45
the Killer's presence grows through events a reader can follow, and the log and ``autoplay``
report how many and the longest run of Tests without one."""

from __future__ import annotations

from types import SimpleNamespace

from solo.director.killer import QUIET_LIMIT
from solo.nott import events as E
from solo.nott.rules import ASHCAN, PLAYTEST
from solo.play.middle import middle
from solo.play.transcript import render
from solo.sim.autoplay import autoplay


def fake(tests: int, strikes: dict[int, int], moves: list[tuple[int, str]]):
    """A night of ``tests`` Tests, a Strike at each Test in ``strikes``, the Killer's ``moves``
    (made after that many Tests)."""
    steps = []
    for t in range(1, tests + 1):
        events = [E.TestBegan(0, 5, 5)]
        if t in strikes:
            events.append(E.StrikeGained(0, strikes[t], "fallout"))
        steps.append(events)
    return SimpleNamespace(step_events=steps, game=SimpleNamespace(tests=tests),
                           story=SimpleNamespace(moves=[{"kind": k, "tests": n} for n, k in moves]))


def test_events_and_the_longest_quiet_stretch_are_counted_by_hand():
    # Tests 15..30: a Strike at 16, a sign before 20 (made after 19), heard before 25 (not an
    # event), a place cut before 29. Eventful: 16, 20, 29; quiet runs: 15 (1), 17-19 (3),
    # 21-28 (8), 30 (1).
    night = fake(30, {16: 1}, [(19, "sign"), (24, "heard"), (28, "cuts"), (3, "takes")])
    m = middle(night)
    assert (m.first, m.last, m.events, m.longest) == (15, 30, 3, 8)
    assert "Tests 15–30" in str(m) and "8 Tests" in str(m)
    assert middle(fake(14, {}, [])) is None  # a night over before the middle


def test_the_middle_builds_in_every_night():
    """Over 12 nights of both rulesets (a thousand under -m stats: tests/narration/test_story.py):
    from the dread on, the Killer never stays out of sight for more than QUIET_LIMIT Tests
    running, and a Clean success's breath adds one at most."""
    worst = []
    for seed in range(12):
        night = autoplay(seed, (ASHCAN, PLAYTEST)[seed % 2], ("naive", "careful")[seed // 2 % 2], out=None)
        m = middle(night)
        if m is not None:
            worst.append(m.longest)
            assert m.longest <= QUIET_LIMIT + 2, (seed, m)
    assert len(worst) > 6


def test_the_log_reports_the_middle():
    night = autoplay(6, ASHCAN, "careful", out=None)
    assert f"- {str(middle(night))[:1].upper()}{str(middle(night))[1:]}" in render(night, "log")
