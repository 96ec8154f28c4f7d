"""The simulator's report: its figures worked out by hand from a made-up tally, the Wilson
interval solved numerically, the claims' verdicts at their edges, and the printed text."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from solo.sim.report import (
    POLICY_DOES,
    claims,
    histogram,
    ordinal,
    render,
    rule_changes,
    summarize,
    summarize_tally,
    wilson,
)
from solo.sim.run import GameRecord

Z95 = 1.959963984540054


def wilson_by_bisection(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson interval as its definition: the proportions ``q`` for which the observed
    ``p`` is within ``z`` standard errors of ``q`` (``(p - q)^2 = z^2 q (1 - q) / n``)."""
    p = k / n

    def outside(q: float) -> bool:
        return (p - q) ** 2 > z * z * q * (1 - q) / n

    def edge(a: float, b: float, a_outside: bool) -> float:
        for _ in range(200):
            m = (a + b) / 2
            if outside(m) == a_outside:
                a = m
            else:
                b = m
        return (a + b) / 2

    lo = edge(0.0, p, True) if k > 0 else 0.0
    hi = edge(1.0, p, True) if k < n else 1.0
    return lo, hi


@pytest.mark.parametrize("k,n", [(3, 8), (50, 100), (1, 3), (357, 1000), (0, 10), (10, 10), (1, 1)])
def test_wilson_interval_solves_its_definition(k, n):
    lo, hi = wilson(k, n)
    want_lo, want_hi = wilson_by_bisection(k, n)
    assert lo == pytest.approx(want_lo, abs=1e-12) and hi == pytest.approx(want_hi, abs=1e-12)


def test_wilson_interval_takes_another_z():
    lo, hi = wilson(50, 100, z=1.0)
    want_lo, want_hi = wilson_by_bisection(50, 100, z=1.0)
    assert lo == pytest.approx(want_lo, abs=1e-12) and hi == pytest.approx(want_hi, abs=1e-12)


def test_wilson_interval_of_no_trials_is_zero_zero():
    assert wilson(0, 0) == (0.0, 0.0)


def test_wilson_interval_never_leaves_zero_to_one():
    """All successes or none, at the sizes where rounding would carry the edge past 1 or below 0."""
    for n in range(1, 120):
        lo, hi = wilson(n, n)
        assert hi <= 1.0, n
        lo, hi = wilson(0, n)
        assert lo >= 0.0, n
    assert wilson(16, 16)[1] == 1.0 and wilson(0, 21)[0] == 0.0


#: Eight made-up nights: Tests 5, 12, 12, 19, 20, 33, 33, 64; won the 12, 20 and 64; four
#: reached the Endgame after 50 Tests in all.
TALLY = {"games": 8, "wins": 3, "tests_sum": 198, "won_tests_sum": 96, "endgames": 4, "tests_to_endgame_sum": 50,
         "strikes": 20, "deaths_by_strikes": 10, "deaths_by_red_joker": 2, "genre_spent": 36,
         "black_joker_success": 3, "black_joker_failure": 2, "red_joker_failure": 2, "alive": (2, 4, 0, 1),
         "tests_hist": [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 1, 1] + [0] * 12 + [2] + [0] * 30 + [1]}


def test_summary_of_a_tally_worked_out_by_hand():
    s = summarize_tally(TALLY, rules="ashcan", policy="spread", seed=17, workers=3, seconds=2.0004,
                        cast=["Ann", "Ben", "Cat", "Dee"])
    lo, hi = wilson_by_bisection(3, 8)
    ci = s.pop("win_rate_ci95")
    assert ci == pytest.approx([lo, hi], abs=1e-12)
    assert s == {
        "games": 8, "rules": "ashcan", "policy": "spread", "seed": 17, "workers": 3,
        "seconds": 2.0, "games_per_second": 4.0,
        "win_rate": 0.375,
        "survival_rate": 0.21875,
        "survival_by_character": {"Ann": 0.25, "Ben": 0.5, "Cat": 0.0, "Dee": 0.125},
        "mean_tests": 24.75, "median_tests": 19.5, "min_tests": 5, "max_tests": 64,
        "mean_tests_when_won": 32.0,
        "tests_histogram": {"0-9": 1, "10-19": 3, "20-29": 1, "30-39": 2, "60-69": 1},
        "endgame_rate": 0.5, "mean_tests_to_endgame": 12.5,
        "mean_strikes_per_character": 0.625,
        "deaths_per_game": {"third strike": 1.25, "red joker": 0.25},
        "mean_genre_points_spent": 4.5,
        "jokers": {"black_joker_success": 3, "black_joker_failure": 2, "red_joker_failure": 2, "red_joker_dawn": 3},
    }


def test_a_summary_without_wins_endgames_or_time_says_none():
    t = dict(TALLY, wins=0, won_tests_sum=0, endgames=0, tests_to_endgame_sum=0)
    s = summarize_tally(t, rules="a", policy="b", seed=1, workers=1, seconds=0.0, cast="ABCD")
    assert s["mean_tests_when_won"] is None and s["mean_tests_to_endgame"] is None
    assert s["games_per_second"] is None and s["seconds"] == 0.0
    assert s["win_rate"] == 0.0 and s["win_rate_ci95"][0] == 0.0


def test_speed_under_a_second_is_still_a_speed():
    s = summarize_tally(TALLY, rules="a", policy="b", seed=1, workers=1, seconds=0.5, cast="ABCD")
    assert s["games_per_second"] == 16.0


def test_a_night_of_zero_tests_is_the_minimum():
    t = dict(TALLY, tests_hist=[1] + TALLY["tests_hist"][1:-1], tests_sum=198 - 64)
    s = summarize_tally(t, rules="a", policy="b", seed=1, workers=1, seconds=1, cast="ABCD")
    assert s["min_tests"] == 0 and s["max_tests"] == 33 and s["tests_histogram"]["0-9"] == 2


def test_nothing_to_summarise_is_refused():
    with pytest.raises(ValueError, match="^no games to summarise$"):
        summarize([], rules="a", policy="b", seed=1, workers=1, seconds=1, cast="ABCD")
    with pytest.raises(ValueError, match="^no games to summarise$"):
        summarize_tally(dict(TALLY, games=0), rules="a", policy="b", seed=1, workers=1, seconds=1, cast="ABCD")


def test_summary_of_records_carries_what_the_run_was():
    r = GameRecord(dawn=True, alive=(True, False), tests=30, tests_to_endgame=20, strikes=(1, 3),
                   deaths_by_strikes=1, deaths_by_red_joker=0, genre_spent=3, black_joker=(1, 0),
                   red_joker_failures=0)
    s = summarize([r, r], rules="playtest", policy="naive", seed=5, workers=2, seconds=4.0, cast=["X", "Y"])
    assert (s["games"], s["rules"], s["policy"], s["seed"], s["workers"], s["seconds"]) == (
        2, "playtest", "naive", 5, 2, 4.0)
    assert s["games_per_second"] == 0.5 and s["survival_by_character"] == {"X": 1.0, "Y": 0.0}


# ------------------------------------------------------------------ the claims

def figures(tests=61.26, won=70.04, win=0.3571, ci=(0.3402, 0.3748), survival=0.2225, rules="ashcan") -> dict:
    return {"mean_tests": tests, "mean_tests_when_won": won, "win_rate": win, "win_rate_ci95": list(ci),
            "survival_rate": survival, "rules": rules}


TESTS_CLAIM = "\"It takes some 60 Tests to defeat an average Killer\" (ashcan)"
WIN_CLAIM = "\"players are expected to win only about one-third of the time\" (intro)"
SURVIVAL_CLAIM = "\"roughly 20–25% chance for each character\" (playtest)"


def test_claims_rows_say_the_rulebook_and_the_simulation():
    assert claims(figures()) == [
        (TESTS_CLAIM, "≈ 60", "61.3 per night; 70.0 in nights won", "close"),
        (WIN_CLAIM, "≈ 33 %", "35.7% (95 % CI 34.0%–37.5%)", "higher"),
    ]
    assert claims(figures(rules="playtest")) == [(SURVIVAL_CLAIM, "20–25 %", "22.2%", "inside")]


def test_a_claim_is_set_against_its_own_documents_ruleset_only():
    """Catches the playtest's "roughly 20–25% for each character" (nott-playtest-configuration.md)
    printed under an ashcan run, and the ashcan's "some 60 Tests" (nott-ashcan-2025.md) and the
    intro's one-third (its Trophy Pile starts with "a random 10", the ashcan's set-up) under a
    playtest run."""
    ashcan = [row[0] for row in claims(figures(rules="ashcan"))]
    playtest = [row[0] for row in claims(figures(rules="playtest"))]
    assert ashcan == [TESTS_CLAIM, WIN_CLAIM] and SURVIVAL_CLAIM not in ashcan
    assert playtest == [SURVIVAL_CLAIM]
    assert "20–25" not in printed(SUMMARY)  # an ashcan report
    text = printed(dict(SUMMARY, rules="playtest"))
    assert "20–25" in text and "60 Tests" not in text and "one-third" not in text


@pytest.mark.parametrize("won,verdict", [(48.0, "close"), (47.9, "fewer"), (72.0, "close"), (72.1, "more"),
                                         (60.0, "close")])
def test_the_tests_claim_is_judged_on_nights_won_within_twelve(won, verdict):
    row = claims(figures(tests=200.0, won=won))[0]
    assert row[2] == f"200.0 per night; {won:.1f} in nights won" and row[3] == verdict


@pytest.mark.parametrize("tests,verdict", [(48.0, "close"), (47.9, "fewer"), (72.1, "more")])
def test_without_a_night_won_the_tests_claim_is_judged_on_every_night(tests, verdict):
    row = claims(figures(tests=tests, won=None))[0]
    assert row[2] == f"{tests:.1f} per night" and row[3] == verdict


@pytest.mark.parametrize("ci,verdict", [((0.30, 0.36), "consistent"), ((1 / 3, 0.4), "consistent"),
                                        ((0.3, 1 / 3), "consistent"), ((0.334, 0.4), "higher"),
                                        ((0.2, 0.333), "lower"), ((0.30, 0.33), "lower")])
def test_the_win_claim_is_judged_by_the_interval(ci, verdict):
    assert claims(figures(ci=ci))[1][3] == verdict


@pytest.mark.parametrize("survival,verdict", [(0.20, "inside"), (0.25, "inside"), (0.2501, "higher"),
                                              (0.1999, "lower")])
def test_the_survival_claim_is_judged_against_twenty_to_twenty_five(survival, verdict):
    assert claims(figures(survival=survival, rules="playtest"))[0][3] == verdict


# ------------------------------------------------------------------ the printed report

def test_histogram_bars_scale_to_the_tallest():
    assert histogram({"10-19": 1000, "60-69": 2000}) == (
        "Tests per night\n"
        "      10-19 │████████████████████ 33.3%\n"
        "      60-69 │████████████████████████████████████████ 66.7%")


def test_histogram_keeps_a_sliver_for_a_rare_bin_and_none_for_an_empty_one():
    assert histogram({"0-9": 1, "10-19": 999, "20-29": 0}, width=10) == (
        "Tests per night\n"
        "        0-9 │█ 0.1%\n"
        "      10-19 │██████████ 99.9%\n"
        "      20-29 │ 0.0%")


def test_histogram_of_nothing_is_empty():
    assert histogram({}) == ""


SUMMARY = {
    "games": 3000, "rules": "ashcan", "policy": "naive", "seed": 3, "workers": 2, "seconds": 1.5,
    "games_per_second": 2000.0, "win_rate": 0.3571, "win_rate_ci95": [0.3402, 0.3748], "survival_rate": 0.2225,
    "survival_by_character": {"Power": 0.25, "Resolve": 0.2, "Intellect": 0.3, "Finesse": 0.14},
    "mean_tests": 61.26, "median_tests": 60.5, "min_tests": 12, "max_tests": 129, "mean_tests_when_won": 70.04,
    "tests_histogram": {"10-19": 1000, "60-69": 2000}, "endgame_rate": 0.75, "mean_tests_to_endgame": 40.57,
    "mean_strikes_per_character": 1.876, "deaths_per_game": {"third strike": 2.5, "red joker": 0.127},
    "mean_genre_points_spent": 4.5,
    "jokers": {"black_joker_success": 1234, "black_joker_failure": 56, "red_joker_failure": 7,
               "red_joker_dawn": 1071},
    "engine": "fast",
}


def printed(summary: dict, width: int = 200, **console) -> str:
    c = Console(file=io.StringIO(), width=width, highlight=False, **console)
    render(summary, c)
    return c.file.getvalue()


def lines(text: str) -> list[str]:
    """The text's lines with runs of spaces made one (the layout's padding), blank lines left out,
    a rule under a header as ``───``."""
    out = [" ".join(line.split()) for line in text.splitlines() if line.strip()]
    return ["───" if set(line) == {"─"} else line for line in out]


def test_the_report_prints_every_figure():
    assert lines(printed(SUMMARY)) == [
        "3,000 nights · ashcan rules · naive policy · seed 3",
        f"Policy naive: {POLICY_DOES['naive']}",
        "Dawn (win rate) 35.7% (95 % CI 34.0%–37.5%)",
        "Survival per character Power 25.0%, Resolve 20.0%, Intellect 30.0%, Finesse 14.0% (mean 22.2%)",
        "Tests per night mean 61.3, median 60.5, range 12–129",
        "Endgame reached 75.0%, after 40.6 tests on average",
        "Strikes 1.88 per character",
        "Deaths per night 2.50 by third Strike, 0.13 by the Red Joker",
        "Genre Points spent 4.50 per night",
        "Jokers Black Joker 1,234 beaten / 56 lost; Red Joker 1,071 dawns / 7 deaths",
        "Speed 2,000 games/s with 2 worker(s), fast engine",
        "Tests per night",
        "10-19 │████████████████████ 33.3%",
        "60-69 │████████████████████████████████████████ 66.7%",
        "The rulebook's claims",
        "Claim Rulebook Simulated Verdict",
        "───",
        f"{TESTS_CLAIM} ≈ 60 61.3 per night; 70.0 in nights won close",
        f"{WIN_CLAIM} ≈ 33 % 35.7% (95 % CI 34.0%–37.5%) higher",
    ]


def test_the_report_leaves_out_what_was_not_measured():
    s = dict(SUMMARY, games_per_second=None, mean_tests_to_endgame=None)
    text = lines(printed(s))
    assert "Endgame reached 75.0%" in text
    assert not any(line.startswith("Speed") for line in text)


def test_the_speed_line_names_the_engine_only_when_known():
    s = dict(SUMMARY)
    del s["engine"]
    assert "Speed 2,000 games/s with 2 worker(s)" in lines(printed(s))


def test_the_report_labels_are_bold_on_a_terminal():
    text = printed(SUMMARY, force_terminal=True, color_system="standard")
    for label in ("Dawn (win rate)", "Survival per character", "Jokers", "Speed"):
        assert re.search(r"\x1b\[1m" + re.escape(label), text), label
    assert not re.search(r"\x1b\[1m *35\.7%", text)  # the figures are not


def test_the_headline_rows_are_indented_under_a_blank_line():
    """As the claims table below it: the title, a blank line, then rows indented two spaces."""
    text = printed(SUMMARY).splitlines()
    assert text[0].strip() == "3,000 nights · ashcan rules · naive policy · seed 3" and text[1].strip() == ""
    assert text[2].startswith("  Policy   ") and text[3].startswith("  Dawn (win rate)   ")
    assert text[11].startswith("  Speed   ") and text[12].strip() == ""


def test_speed_is_rounded_to_a_tenth_and_time_to_a_millisecond():
    s = summarize_tally(TALLY, rules="a", policy="b", seed=1, workers=1, seconds=3.00049, cast="ABCD")
    assert s["games_per_second"] == 2.7 and s["seconds"] == 3.0
    s = summarize_tally(TALLY, rules="a", policy="b", seed=1, workers=1, seconds=2.5004, cast="ABCD")
    assert s["seconds"] == 2.5


# ------------------------------------------------------------------ what-ifs (issue: item 6)

def test_rule_changes_are_the_knobs_played_that_are_not_the_rulebooks():
    """What a report names as changed, against the rulebooks' own values (ashcan.md: "When you
    get your third Strike", "13 Genre Points", "Jack: +1, Queen: +2, King: +3")."""
    from solo.nott.rules import ASHCAN, PLAYTEST

    assert rule_changes(ASHCAN) == {} and rule_changes(PLAYTEST) == {}
    assert rule_changes(ASHCAN.with_(fast_setup=True)) == {}  # named as "(fast setup)" instead
    assert rule_changes(ASHCAN.with_(strikes_to_die=2)) == {"strikes_to_die": [3, 2]}
    assert rule_changes(ASHCAN.with_(genre_points=13)) == {}  # the rulebook's own value: no change
    assert rule_changes(PLAYTEST.with_(face_modifiers=(1, 2, 4), reserve_fallback=True)) == {
        "reserve_fallback": [False, True], "face_modifiers": [[1, 2, 3], [1, 2, 4]]}


@pytest.mark.parametrize("n,word", [(1, "first"), (2, "second"), (3, "third"), (4, "fourth"), (9, "ninth")])
def test_ordinals_of_the_strikes_that_kill(n, word):
    assert ordinal(n) == word


WHAT_IF = dict(SUMMARY, ruleset={"strikes_to_die": 2}, changes={"strikes_to_die": [3, 2]})


def test_a_what_if_is_named_in_the_title_and_the_strikes_follow_it():
    """Catches `solo sim --set strikes_to_die=2` printing the plain "ashcan rules" title and "by
    third Strike": the title names the change and its rulebook value, two Strikes kill."""
    text = lines(printed(WHAT_IF))
    assert text[0] == "3,000 nights · ashcan rules with strikes_to_die=2 (rulebook: 3) · naive policy · seed 3"
    assert "Deaths per night 2.50 by second Strike, 0.13 by the Red Joker" in text
    assert not any("third Strike" in line for line in text)


def test_every_change_is_named_in_the_title():
    s = dict(SUMMARY, ruleset={"strikes_to_die": 4, "genre_points": 5},
             changes={"face_modifiers": [[1, 2, 3], [1, 2, 4]], "genre_points": [13, 5], "strikes_to_die": [3, 4]})
    text = lines(printed(s))
    assert " ".join(text).startswith(  # the title, wrapped to the table's width
        "3,000 nights · ashcan rules with face_modifiers=1,2,4 (rulebook: 1,2,3); genre_points=5 "
        "(rulebook: 13); strikes_to_die=4 (rulebook: 3) · naive policy · seed 3 Policy naive:")
    assert "Deaths per night 2.50 by fourth Strike, 0.13 by the Red Joker" in text


def test_a_what_if_leaves_the_rulebooks_claims_out_and_says_why():
    """Catches the published win rate and Tests per night set against a run whose rules are not
    the rulebook's: no claims table, one line saying why."""
    text = printed(WHAT_IF)
    assert claims(WHAT_IF) == []
    assert "The rulebook's claims" not in text
    for claim in (TESTS_CLAIM, WIN_CLAIM, SURVIVAL_CLAIM):
        assert claim not in " ".join(text.split())
    assert lines(text)[-1] == ("Not compared with the rulebook's claims: they are about the ashcan rules as "
                               "published, and this run changes strikes_to_die.")


def test_the_fast_setup_is_not_the_deck_the_claims_are_about():
    s = dict(SUMMARY, rules="ashcan (fast setup)", ruleset={"fast_setup": True})
    assert claims(s) == []
    assert lines(printed(s))[-1].endswith("and the fast setup plays a smaller deck.")


def test_a_playset_is_named_in_the_title():
    s = dict(SUMMARY, playset="house-party")
    assert lines(printed(s))[0] == "3,000 nights · ashcan rules · house-party playset · naive policy · seed 3"


# ------------------------------------------------------------------ what the policy does (item 8)

@pytest.mark.parametrize("policy", ["naive", "careful", "spread"])
def test_the_report_says_what_the_policy_played_does(policy):
    """Catches a report that names the policy but never says what it does: one row, the policy's
    doing (as solo/sim/policies.py documents it)."""
    text = lines(printed(dict(SUMMARY, policy=policy), width=300))
    assert text[1] == f"Policy {policy}: {POLICY_DOES[policy]}"


def test_the_policies_are_said_as_policies_py_plays_them():
    """The words against solo/sim/policies.py: naive, a random tester, no Aptitude, no Genre
    Points; careful, the tester of the Threat's suit, Aptitude and the Genre Points spent;
    spread, the fewest Strikes test."""
    from solo.sim.cli import POLICIES

    assert set(POLICY_DOES) == set(POLICIES)
    assert "random" in POLICY_DOES["naive"] and "no Aptitude, no Genre Points" in POLICY_DOES["naive"]
    careful = POLICY_DOES["careful"]
    assert "Aptitude is the Threat's suit tests" in careful and "fewest Strikes" in careful
    assert "Genre Points" in careful and "from the start" in careful and "random" not in careful
    assert POLICY_DOES["spread"].startswith("the character with the fewest Strikes tests")
