"""The oracle: the documented table, the night's dread, and its own stream of chance."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from solo.director import oracle
from solo.director.oracle import BANDS, ODDS, YES_CHANCE, decide, dread, interrupts, probabilities, ranges, roll
from solo.nott.cast import quick_cast
from solo.nott.game import Game

DOC = Path(__file__).resolve().parents[2] / "docs" / "director.md"


def documented_table() -> dict[tuple[str, int], list[int]]:
    """The table in docs/director.md: (odds, dread) → the five bands' chances in %."""
    text = DOC.read_text(encoding="utf-8")
    header = next(line for line in text.splitlines() if line.startswith("| dread |"))
    odds = [c.strip() for c in header.strip("|").split("|")][1:]
    table = {}
    for line in text.splitlines():
        m = re.match(r"^\| (\d) \|(.*)\|$", line)
        if m:
            cells = [c.strip() for c in m.group(2).split("|")]
            for o, cell in zip(odds, cells):
                table[(o, int(m.group(1)))] = [int(x) for x in cell.split(" · ")]
    return table


def test_the_doc_has_every_cell_and_each_sums_to_a_hundred():
    table = documented_table()
    assert set(table) == {(o, d) for o in ODDS for d in range(1, 10)}
    for (o, d), cells in table.items():
        assert len(cells) == 5
        assert abs(sum(cells) - 100) <= 2, (o, d)  # rounded to whole percents
        assert abs(sum(cells[:3]) - YES_CHANCE[o]) <= 2, (o, d)


@pytest.mark.parametrize("odds", ODDS)
@pytest.mark.parametrize("level", range(1, 10))
def test_the_bands_cover_every_roll_once(odds, level):
    seen = []
    for band, (first, last) in ranges(odds, level).items():
        seen += list(range(first, last + 1))
    assert sorted(seen) == list(range(1, 101))
    assert sum(1 for r in range(1, 101) if decide(odds, level, r).yes) == YES_CHANCE[odds]


def test_worked_cells():
    """Two cells worked by hand from the formulas in the module's docstring. Even odds: Y=50.
    Dread 1: A=round(50·9/45)=10, B=round(50·1/18)=3, C=round(50·2/30)=3.
    Dread 9: A=round(50·1/45)=1, B=round(50·9/18)=25, C=round(50·10/30)=17."""
    assert ranges("even", 1) == {"yes-and": (1, 10), "yes": (11, 47), "yes-but": (48, 50), "no": (51, 97),
                                 "no-and": (98, 100)}
    assert ranges("even", 9) == {"yes-and": (1, 1), "yes": (2, 25), "yes-but": (26, 50), "no": (51, 83),
                                 "no-and": (84, 100)}
    assert decide("even", 1, 98).opening == "No, and" and decide("likely", 1, 70).opening == "Yes, but"


@pytest.mark.parametrize("odds", ODDS)
def test_high_dread_tilts_toward_complications(odds):
    rows = [probabilities(odds, d) for d in range(1, 10)]
    for low, high in zip(rows, rows[1:]):
        assert high["yes-and"] <= low["yes-and"]
        assert high["yes-but"] >= low["yes-but"]
        assert high["no-and"] >= low["no-and"]
    assert rows[-1]["yes-but"] + rows[-1]["no-and"] > rows[0]["yes-but"] + rows[0]["no-and"]


def test_ten_thousand_draws_match_the_documented_table():
    """The oracle's own stream, over 10,000 questions asked at different steps of different
    nights, gives each band as often as docs/director.md says, within Monte Carlo error (five
    standard errors, plus the table's rounding to whole percents)."""
    table = documented_table()
    n = 10_000
    for odds in ODDS:
        for level in (1, 4, 9):
            counts = dict.fromkeys(BANDS, 0)
            for i in range(n):
                counts[decide(odds, level, roll(i % 97, i, f"question {i % 13}")).band] += 1
            for band, percent in zip(BANDS, table[(odds, level)]):
                p = percent / 100
                sigma = math.sqrt(n * max(p, 0.001) * (1 - p))
                assert abs(counts[band] - n * p) <= 5 * sigma + 0.005 * n, (odds, level, band, counts[band])


def test_the_roll_is_its_own_stream():
    assert roll(13, 4, "k") == roll(13, 4, "k")
    rolls = {roll(13, step, "k") for step in range(200)}
    assert len(rolls) > 60 and min(rolls) >= 1 and max(rolls) <= 100
    assert roll(13, 4, "k") != roll(13, 4, "other") or roll(13, 5, "k") != roll(13, 4, "k")


def test_interruptions_are_doubles_within_the_dread():
    assert [r for r in range(1, 101) if interrupts(r, 3)] == []
    assert [r for r in range(1, 101) if interrupts(r, 4)] == [11]
    assert [r for r in range(1, 101) if interrupts(r, 9)] == [11, 22, 33, 44, 55, 66]
    assert decide("even", 9, 22).interrupt and not decide("even", 4, 22).interrupt


def test_refused_inputs_say_what_is_allowed():
    with pytest.raises(ValueError, match="unknown odds 'sure'"):
        ranges("sure", 3)
    with pytest.raises(ValueError, match="dread is 1 to 9"):
        ranges("even", 10)
    with pytest.raises(ValueError, match="1 to 100"):
        decide("even", 3, 0)


# ---------------------------------------------------------------------- dread from the rules state


def game_with(**state) -> Game:
    g = Game(quick_cast(1), seed=1)
    for key, value in state.items():
        setattr(g, key, value)
    return g


@pytest.mark.parametrize("state, expected", [
    ({}, 1),
    ({"tests": 9}, 1), ({"tests": 10}, 2), ({"tests": 29}, 3), ({"tests": 60}, 4),  # at most three
    ({"strikes": [1, 0, 0, 0]}, 1), ({"strikes": [1, 1, 0, 0]}, 2), ({"strikes": [2, 2, 2, 0]}, 3),  # at most two
    ({"dead": ["strikes", None, None, None]}, 2), ({"dead": ["strikes", "strikes", None, None]}, 3),
    ({"weaknesses": [12, -1, -1, -1]}, 1), ({"weaknesses": [12, 25, -1, -1]}, 2), ({"weaknesses": [12, 25, 38, 51]}, 3),
    ({"endgame": True}, 3),
    ({"tests": 45, "strikes": [2, 2, 2, 2], "dead": ["strikes", "strikes", None, None],
      "weaknesses": [12, 25, 38, 51], "endgame": True}, 9),  # 1+3+2+2+2+2 = 12, at most 9
])
def test_dread_is_read_from_the_rules_state(state, expected):
    assert dread(game_with(**state)) == expected


def test_asking_never_touches_the_games_chance():
    g = Game(quick_cast(5), seed=5)
    before = g.chance.getstate()
    for step in range(50):
        decide("even", dread(g), roll(g.seed, step, "is anyone there"))
    assert g.chance.getstate() == before
    assert oracle.Answer("yes", 3, "even", 1).describe() == "oracle: even, dread 1: rolled 3, yes on 1\u201350 \u2192 Yes"
