"""The group test: chance, Jokers, the shared deck, ties and the line-by-line breakdown."""

import doctest

import pytest

import solo.t13
from solo.t13 import (
    ChanceError, DeckExhaustedError, Difficulty, Participant, ParticipantError, Rules, ScriptExhaustedError,
    ScriptedChance, SeededChance, draw_difficulty, resolve_draw, run_test,
)
from solo.t13.cards import as_card, card_str


def test_docstring_example():
    assert doctest.testmod(solo.t13).failed == 0


def test_joker_adds_nothing_and_has_no_suit():
    # R2: "adds its Pips" — a Joker has none; no suit, so no Trump, no Opposed Suit, every
    # Proficiency Unsuited (+1).
    for j in ("RJ", "BJ"):
        r = resolve_draw("Trial", 16, j, proficiencies=["Trial", "Quiet", "Jeer"])
        assert r.suit_class == "joker"
        assert r.total == 16 + 0 + 1 + 1 + 1
        assert r.suit_failures == 0


def test_joker_redraw_option():
    people = [Participant("A", "Trial", 16)]
    res = run_test(people, 10, ScriptedChance(["RJ", "BJ", "5♠"]), Rules(joker="redraw"))
    e = res.entries[0]
    assert [card_str(j) for j in e.result.jokers] == ["RJ", "BJ"]
    assert card_str(e.result.card) == "5♠" and e.total == 16 + 5 + 2
    assert [l.kind for l in e.result.lines][:3] == ["draw", "joker", "joker"]
    # Under the default a Joker stays and scores 0.
    assert run_test(people, 10, ScriptedChance(["RJ"])).entries[0].total == 16


def test_shared_deck_never_deals_a_card_twice():
    people = [Participant(f"P{i}", "Trial", 10) for i in range(54)]
    res = run_test(people, 10, SeededChance(7))
    assert sorted(e.result.card for e in res.entries) == list(range(54))
    with pytest.raises(DeckExhaustedError):
        run_test(people + [Participant("late", "Trial", 1)], 10, SeededChance(7))


def test_own_decks_may_repeat_cards():
    people = [Participant("A", "Trial", 10), Participant("B", "Trial", 10)]
    res = run_test(people, 10, ScriptedChance(["7♠", "7♠"]), Rules(shared_deck=False))
    assert [card_str(e.result.card) for e in res.entries] == ["7♠", "7♠"]
    with pytest.raises(ChanceError) as e:
        run_test(people, 10, ScriptedChance(["7♠", "7♠"]))
    assert "7♠" in str(e.value)


def test_hand_cards_leave_the_deck_before_anyone_draws():
    people = [Participant("A", "Trial", 10), Participant("B", "Trial", 10, card="7♠")]
    with pytest.raises(ChanceError) as e:
        run_test(people, 10, ScriptedChance(["7♠"]))
    assert "7♠" in str(e.value)
    with pytest.raises(ParticipantError) as e:
        run_test([Participant("A", "Trial", 1, card="7S"), Participant("B", "Trial", 1, card="7♠")], 5)
    assert "7♠" in str(e.value) and "'B'" in str(e.value)


def test_difficulty_card_is_out_of_the_shared_deck():
    d = draw_difficulty(ScriptedChance(["Q♣"]), base=5, label="Bold")
    assert (d.pips, card_str(d.card), d.label) == (17, "Q♣", "Bold")
    with pytest.raises(ChanceError):
        run_test([Participant("A", "Trial", 1)], d, ScriptedChance(["Q♣"]))
    d = draw_difficulty(ScriptedChance(["BJ", "3♦"]), rules=Rules(joker="redraw"))
    assert d.pips == 3 and d.jokers == (as_card("BJ"),)
    assert draw_difficulty(ScriptedChance(["BJ"])).pips == 0


def test_seeded_chance_replays():
    people = [Participant(n, "Trial", 10) for n in "ABCDE"]
    a = run_test(people, 15, SeededChance(13))
    b = run_test(people, 15, SeededChance(13))
    assert a == b
    c = SeededChance(1)
    state = c.getstate()
    first = c.draw((), "x")
    c.setstate(state)
    assert c.draw((), "x") == first


def test_scripted_chance_runs_out():
    with pytest.raises(ScriptExhaustedError) as e:
        run_test([Participant("A", "Trial", 1), Participant("B", "Trial", 1)], 5, ScriptedChance(["4♥"]))
    assert "4♥" in str(e.value) and "card:B" in str(e.value)


def test_no_chance_source_for_a_needed_draw():
    with pytest.raises(ChanceError) as e:
        run_test([Participant("A", "Trial", 1)], 5)
    assert "card:A" in str(e.value)


def test_shared_tie():
    # R10 default: equal totals share a placing; both have "the highest Pips".
    people = [Participant("A", "Trial", 10, card="5♠"), Participant("B", "Trial", 12, card="3♠"),
              Participant("C", "Trial", 1, card="2♠")]
    res = run_test(people, 5, rules=Rules(success_places=2, failure_below=2))
    assert [e.place for e in res.entries] == [1, 1, 3]
    assert [e.success_levels for e in res.entries] == [2, 2, 0]
    assert [e.failure_levels for e in res.entries] == [0, 0, 1]
    assert [e.name for e in res.winners] == ["A", "B"]
    assert res.ranking == (0, 1, 2)


def test_draw_off_tie():
    # R10 option: tied characters draw in the order given; higher Pips wins; a second tie draws again.
    people = [Participant("A", "Trial", 10, card="5♠"), Participant("B", "Trial", 12, card="3♠"),
              Participant("C", "Trial", 14, card="A♠"), Participant("D", "Trial", 1, card="2♠")]
    # Round 1: A 9♥, B 9♦, C 4♣ -> C third; round 2: A 2♥, B K♥ -> B first.
    res = run_test(people, 5, ScriptedChance(["9♥", "9♦", "4♣", "2♥", "K♥"]), Rules(ties="draw_off"))
    assert [e.name for e in res.ranked()] == ["B", "A", "C", "D"]
    assert [e.place for e in res.entries] == [2, 1, 3, 4]
    assert [e.success_levels for e in res.entries] == [0, 1, 0, 0]
    assert [[card_str(c) for c in e.draw_off] for e in res.entries] == [["9♥", "2♥"], ["9♦", "K♥"], ["4♣"], []]
    # The draw-off changes placings only, never totals.
    assert {e.total for e in res.entries[:3]} == {17}


def test_breakdown_lines_add_up_and_read_well():
    p = Participant("Ada", "Trial", 12, annex="Running", card="8♠",
                    proficiencies=[("Sprinting", "Trial"), "Burden", "Quiet"])
    e = run_test([p], 20).entries[0]
    assert [(l.label, l.pips) for l in e.result.lines] == [
        ("Running Annex Draw (Trial)", 12),
        ("Ordeal Card 8♠", 8),
        ("Trump: ♠ is Trial's own suit", 2),
        ("Proficiency Sprinting (Trial ♠): suited", 5),
        ("Proficiency Burden ♠: suited", 5),
        ("Proficiency Quiet ♦: unsuited", 1),
    ]
    assert e.total == 33 and e.margin == 13 and e.passed


def test_levels_require_pass_option():
    # R13: the top Success Level is "additional", on top of a pass: a failing first place gets none
    people = [Participant("A", "Trial", 1, card="2♠"), Participant("B", "Trial", 1, card="A♠")]
    assert run_test(people, 10).entries[0].success_levels == 0
    assert run_test(people, 10, rules=Rules(levels_require_pass=False)).entries[0].success_levels == 1


def test_success_places_zero_turns_grading_off():
    people = [Participant("A", "Trial", 10, card="2♠"), Participant("B", "Trial", 1, card="A♠")]
    assert [e.success_levels for e in run_test(people, 1, rules=Rules(success_places=0)).entries] == [0, 0]


def test_difficulty_as_plain_pips():
    assert run_test([Participant("A", "Trial", 10, card="2♠")], 13).difficulty == Difficulty(13)
