"""Totals over simulated nights: what both engines return for a range of nights.

A tally is a plain dict of whole numbers (so it pickles small, travels to and from workers,
and adds up to the same totals in any order):

- ``games``, ``wins``, ``alive`` (nights each character saw dawn), ``tests_sum``,
  ``won_tests_sum``, ``endgames``, ``tests_to_endgame_sum``, ``strikes``,
  ``deaths_by_strikes``, ``deaths_by_red_joker``, ``genre_spent``, ``black_joker_success``,
  ``black_joker_failure``, ``red_joker_failure``;
- ``tests_hist``: ``tests_hist[t]`` nights ended after ``t`` Tests (a list, no trailing zeros
  needed).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

COUNTS = ("games", "wins", "tests_sum", "won_tests_sum", "endgames", "tests_to_endgame_sum", "strikes",
          "deaths_by_strikes", "deaths_by_red_joker", "genre_spent", "black_joker_success",
          "black_joker_failure", "red_joker_failure")


def empty(k: int) -> dict:
    t = dict.fromkeys(COUNTS, 0)
    t["alive"] = (0,) * k
    t["tests_hist"] = []
    return t


def merge(a: dict, b: dict) -> dict:
    """The tally of both ranges of nights."""
    out = {key: a[key] + b[key] for key in COUNTS}
    out["alive"] = tuple(x + y for x, y in zip(a["alive"], b["alive"], strict=True))
    ha, hb = a["tests_hist"], b["tests_hist"]
    if len(ha) < len(hb):
        ha, hb = hb, ha
    h = list(ha)
    for i, v in enumerate(hb):
        h[i] += v
    out["tests_hist"] = h
    return out


def total(tallies: Iterable[dict], k: int) -> dict:
    out = empty(k)
    for t in tallies:
        out = merge(out, t)
    return out


def from_records(records: Sequence) -> dict:
    """The tally of :class:`~solo.sim.run.GameRecord` s (the core engine's nights)."""
    if not records:
        return empty(0)
    t = empty(len(records[0].alive))
    hist: list[int] = []
    alive = [0] * len(records[0].alive)
    for r in records:
        t["games"] += 1
        if r.dawn:
            t["wins"] += 1
            t["won_tests_sum"] += r.tests
        t["tests_sum"] += r.tests
        if r.tests >= len(hist):
            hist.extend([0] * (r.tests + 1 - len(hist)))
        hist[r.tests] += 1
        if r.tests_to_endgame is not None:
            t["endgames"] += 1
            t["tests_to_endgame_sum"] += r.tests_to_endgame
        for i, a in enumerate(r.alive):
            alive[i] += a
        t["strikes"] += sum(r.strikes)
        t["deaths_by_strikes"] += r.deaths_by_strikes
        t["deaths_by_red_joker"] += r.deaths_by_red_joker
        t["genre_spent"] += r.genre_spent
        t["black_joker_success"] += r.black_joker[0]
        t["black_joker_failure"] += r.black_joker[1]
        t["red_joker_failure"] += r.red_joker_failures
    t["alive"] = tuple(alive)
    t["tests_hist"] = hist
    return t


def _kth(hist: Sequence[int], k: int) -> int:
    """The ``k``-th smallest (0-based) number of Tests."""
    seen = 0
    for t, c in enumerate(hist):
        seen += c
        if seen > k:
            return t
    raise IndexError(k)


def median(hist: Sequence[int], n: int) -> float | int:
    """As :func:`statistics.median` of the nights' Tests."""
    if n % 2:
        return _kth(hist, n // 2)
    return (_kth(hist, n // 2 - 1) + _kth(hist, n // 2)) / 2


def sd_tests_per_night(t: dict) -> float:
    """Standard deviation of Tests per night."""
    n = t["games"]
    mean = t["tests_sum"] / n
    return math.sqrt(sum(c * (x - mean) ** 2 for x, c in enumerate(t["tests_hist"])) / n)
