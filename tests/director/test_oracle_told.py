"""The oracle as the player meets it (solo/director/oracle.py, asking.py): the "and" or "but"
each band adds, the dread the player turned, the odds of each band the ``oracle`` table
shows, and the log's line for an answer.

Each test names, in its docstring, the broken copy of the code it fails on (a mutant of
``make mutate GROUPS=asking``, docs/testing.md)."""

from __future__ import annotations

import re

import pytest

from solo.director.material import BOONS, COSTS, WORSE
from solo.director.oracle import BANDS, ODDS, decide, probabilities
from solo.narration.factory import make_narrator
from solo.nott.cast import quick_cast
from solo.nott.rules import ASHCAN
from solo.play.night import Night


def night_of(seed: int = 12) -> Night:
    night = Night(quick_cast(seed), ASHCAN, seed, narrator=make_narrator("template", seed=seed))
    night.start()
    return night


def test_each_band_adds_its_own_kind_of_turn():
    """Forty questions of the unknown: a "Yes, and" adds a boon (or a thing within reach), a
    "Yes, but" a cost (or a place it leads toward), a "No, and" something worse (or the
    Killer's calling card); a plain Yes or No adds nothing; a place is named by its name, not
    its whole description. Breaks: a band's test turned round or misspelled (a boon for a
    cost), a band's options emptied."""
    night = night_of()
    seen = set()
    for k in range(40):
        night.ask(f"is there anything in locker {k}?")
        reply = night.last_reply
        band = reply.answer.band
        seen.add(band)
        if band == "yes-and":
            assert reply.turn in BOONS or re.fullmatch(r"you spot .+ within reach", reply.turn), reply.turn
        elif band == "yes-but":
            assert reply.turn in COSTS or reply.turn.startswith("it leads you toward ") and "," not in reply.turn, \
                reply.turn
        elif band == "no-and":
            assert reply.turn in WORSE or reply.turn.startswith("somewhere close there is "), reply.turn
        else:
            assert reply.turn is None
    assert {"yes-and", "yes-but", "no-and"} <= seen


def test_the_dread_the_player_turns_up_is_the_oracles():
    """``dread +2`` before any Test: the oracle answers at dread 3 (1 from the rules state, 2
    turned up). Breaks: the player's turn taken off instead of added."""
    night = night_of()
    night.turn_dread(2)
    night.ask("is the radio working?")
    assert night.last_reply.answer.dread == 3
    night.turn_dread(-1)
    night.ask("is the generator working?")
    assert night.last_reply.answer.dread == 2


def test_the_oracle_tables_odds_are_each_bands_share_of_a_d100():
    """Even odds at dread 1: the bands cover 10, 37, 3, 47 and 3 of the hundred rolls
    (docs/director.md's formula: Y = 50, A = round(Y × 9 / 45), B = round(Y / 18),
    C = round(50 × 2 / 30)); a band with no roll has no chance. Breaks: the share multiplied
    by 100 or divided by 101, a band's width off by one either way, an empty band given one
    roll."""
    assert probabilities("even", 1) == {"yes-and": 0.10, "yes": 0.37, "yes-but": 0.03, "no": 0.47, "no-and": 0.03}
    assert probabilities("very unlikely", 9)["yes-and"] == 0


def test_the_logs_line_says_how_an_answer_was_decided():
    """The transcript's log line: the roll and its band, "— an interruption" when the Killer
    breaks in; a question already answered says so. Breaks: the interruption left out or
    misspelled, the repeat's line changed."""
    assert decide("even", 5, 22).describe() == \
        "oracle: even, dread 5: rolled 22, yes on 1–50 → Yes — an interruption"
    assert decide("even", 5, 23).describe() == "oracle: even, dread 5: rolled 23, yes on 1–50 → Yes"
    night = night_of()
    night.ask("is the radio working?")
    night.ask("is the radio working?")
    assert night.last_reply.describe() == "already answered tonight, no new roll"


def test_a_question_that_names_nothing_is_still_answered():
    """"is it?" names nothing to keep as a fact: the oracle answers it all the same, and the
    same again. Breaks: the roll's key for a question with no fact made of None (a crash)."""
    night = night_of()
    night.ask("is it?")
    first = night.steps[-1].narration[0][1]
    assert first.startswith(("Yes", "No"))
    night.ask("is it?")
    assert night.steps[-1].narration[0][1][:2] == first[:2]


def test_the_oracle_table_is_the_one_docs_director_md_prints():
    """Every odds at every dread: each band's share is the table's cell exactly (the docs
    print it; test_oracle.py measures draws against it within Monte Carlo error, which a band
    one roll wider passes). Breaks: A's divisor 46, B bounded by Y + A, C counted from 101;
    an unknown odds' message listing them wrongly; a roll of 101 taken."""
    from .test_oracle import documented_table

    for (odds, dread), cells in documented_table().items():
        shares = probabilities(odds, dread)
        assert [round(shares[b] * 100, 9) for b in BANDS] == cells, (odds, dread)
    with pytest.raises(ValueError) as err:
        probabilities("certain", 1)
    assert str(err.value) == f"unknown odds 'certain': one of {', '.join(ODDS)}"
    with pytest.raises(ValueError, match="a d100 roll is 1 to 100, not 101"):
        decide("even", 5, 101)


def test_where_the_killer_is_is_asked_anew_after_each_test():
    """"where is the killer?" asked twice between two Tests is one answer; after a Test it is
    asked anew (the Killer moves between Tests). Breaks: the answer kept with no Test number
    (``tests=None``: the first answer forever)."""
    import random

    from solo.sim.policies import get_policy, next_actions

    night = night_of()
    night.ask("where is the killer?")
    night.ask("where is the killer?")
    assert night.last_reply.kind == "repeat"
    rng = random.Random(1)
    tests = night.game.tests
    while night.game.tests == tests:
        night.act(next_actions(night.game, get_policy("careful"), rng))
    night.ask("where is the killer?")
    assert night.last_reply.kind != "repeat"
