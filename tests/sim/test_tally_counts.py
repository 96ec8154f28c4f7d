"""Tallies counted by hand: what a handful of made-up nights add up to, and the statistics of
Tests per night against the standard library's."""

from __future__ import annotations

import statistics

import pytest

from solo.sim.run import GameRecord
from solo.sim.tally import _kth, empty, from_records, median, merge, sd_tests_per_night, total

ZERO = {"games": 0, "wins": 0, "tests_sum": 0, "won_tests_sum": 0, "endgames": 0, "tests_to_endgame_sum": 0,
        "strikes": 0, "deaths_by_strikes": 0, "deaths_by_red_joker": 0, "genre_spent": 0,
        "black_joker_success": 0, "black_joker_failure": 0, "red_joker_failure": 0}


def night(tests, dawn, alive, *, endgame=None, strikes=(0, 0, 0), by_strikes=0, by_red=0, spent=0, bj=(0, 0),
          rj_fail=0) -> GameRecord:
    return GameRecord(dawn=dawn, alive=alive, tests=tests, tests_to_endgame=endgame, strikes=strikes,
                      deaths_by_strikes=by_strikes, deaths_by_red_joker=by_red, genre_spent=spent, black_joker=bj,
                      red_joker_failures=rj_fail)


#: Three nights of a three-character cast, every field different, and their totals by hand.
NIGHTS = [
    night(3, True, (True, False, True), endgame=2, strikes=(1, 3, 0), by_strikes=1, spent=4, bj=(1, 0)),
    night(5, False, (False, False, False), endgame=4, strikes=(3, 3, 2), by_strikes=2, by_red=1, spent=7,
          bj=(0, 2), rj_fail=1),
    night(1, True, (True, True, False), strikes=(0, 1, 3), by_strikes=1, spent=1, bj=(2, 1)),
]
NIGHTS_TALLY = {"games": 3, "wins": 2, "tests_sum": 9, "won_tests_sum": 4, "endgames": 2, "tests_to_endgame_sum": 6,
                "strikes": 16, "deaths_by_strikes": 4, "deaths_by_red_joker": 1, "genre_spent": 12,
                "black_joker_success": 3, "black_joker_failure": 3, "red_joker_failure": 1,
                "alive": (2, 1, 1), "tests_hist": [0, 1, 0, 1, 0, 1]}


def test_an_empty_tally_counts_nothing_for_each_character():
    assert empty(3) == {**ZERO, "alive": (0, 0, 0), "tests_hist": []}
    assert empty(0)["alive"] == ()


def test_nights_add_up_field_by_field():
    assert from_records(NIGHTS) == NIGHTS_TALLY


def test_no_nights_are_an_empty_tally():
    assert from_records([]) == {**ZERO, "alive": (), "tests_hist": []}


def test_a_night_one_test_longer_than_any_before_extends_the_histogram():
    """Nights of 0, then 1, then 2 Tests: each is one past the histogram's end."""
    t = from_records([night(0, False, (False,)), night(1, False, (False,)), night(2, True, (True,))])
    assert t["tests_hist"] == [1, 1, 1] and t["tests_sum"] == 3 and t["won_tests_sum"] == 2


def test_a_night_with_its_endgame_at_test_zero_still_counts_as_an_endgame():
    t = from_records([night(4, False, (False,), endgame=0)])
    assert t["endgames"] == 1 and t["tests_to_endgame_sum"] == 0


def test_merging_adds_every_count_and_the_longer_histogram_keeps_its_tail():
    a = from_records(NIGHTS[:1])  # hist [0, 0, 0, 1]
    b = from_records(NIGHTS[1:])  # hist [0, 1, 0, 0, 0, 1]
    want = NIGHTS_TALLY
    assert merge(a, b) == want
    assert merge(b, a) == want


def test_merging_does_not_change_either_tally():
    a, b = from_records(NIGHTS[:1]), from_records(NIGHTS[1:])
    merge(a, b)
    merge(b, a)
    assert a == from_records(NIGHTS[:1]) and b == from_records(NIGHTS[1:])


def test_merging_refuses_casts_of_different_sizes():
    with pytest.raises(ValueError):
        merge(empty(3), empty(4))


def test_a_total_of_no_tallies_is_empty_and_of_several_their_sum():
    assert total([], 3) == empty(3)
    assert total([from_records([n]) for n in NIGHTS], 3) == NIGHTS_TALLY


def hist_of(tests: list[int]) -> list[int]:
    h = [0] * (max(tests) + 1)
    for t in tests:
        h[t] += 1
    return h


@pytest.mark.parametrize("tests", [[7], [7, 9], [3, 3, 3], [2, 8, 5, 5], [0, 0, 1, 4, 4, 9, 9, 9],
                                   [12, 40, 41, 60, 61], [1, 2]])
def test_median_is_the_standard_librarys(tests):
    assert median(hist_of(tests), len(tests)) == statistics.median(tests)


def test_the_kth_night_counts_from_zero_and_stops_at_the_last():
    h = hist_of([2, 2, 5])
    assert [_kth(h, k) for k in range(3)] == [2, 2, 5]
    with pytest.raises(IndexError):
        _kth(h, 3)


@pytest.mark.parametrize("tests", [[7], [1, 3], [0, 10, 10, 4], [50, 61, 62, 70, 33, 48]])
def test_the_spread_of_tests_is_the_population_standard_deviation(tests):
    t = {"games": len(tests), "tests_sum": sum(tests), "tests_hist": hist_of(tests)}
    assert sd_tests_per_night(t) == pytest.approx(statistics.pstdev(tests), rel=1e-12, abs=1e-12)


def test_asking_past_the_last_night_names_the_index():
    with pytest.raises(IndexError) as exc:
        _kth(hist_of([1, 2]), 7)
    assert str(exc.value) == "7"
