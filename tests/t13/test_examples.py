"""The text's worked examples, with the numbers the text gives."""

import pytest

from solo.t13 import (
    Boosts, Participant, Rules, ScriptedChance, Tracks, card_difficulty, resolve_draw, run_test,
)

from .text import DIAMOND_FACETS, HEART_FACETS, RANKS, SUIT


def test_trial_of_16_adds_2_pips():
    # "E.g. a Trial of 16 could add +2 Pips to a Trial Test." A two adds its 2 Pips.
    for card in ("2♥", "2♦", "2♣"):
        r = resolve_draw("Trial", 16, card)
        assert [(l.kind, l.pips) for l in r.lines] == [("draw", 16), ("card", 2)]
        assert r.total == 18


@pytest.mark.parametrize("rank", list(RANKS))
def test_spades_trump_on_trial(rank):
    # "Each Facet's own Suit acts as a Trump for its Tests, adding +2 Pips. E.g. Spades ♠ will add
    # +2 Pips on a Trial Test."
    r = resolve_draw("Trial", 16, rank + "♠")
    assert r.suit_class == "trump"
    assert ("trump", 2) in [(l.kind, l.pips) for l in r.lines]
    assert r.total == 16 + RANKS[rank] + 2
    assert r.suit_failures == 0
    for other in "♥♦♣":
        o = resolve_draw("Trial", 16, rank + other)
        assert o.total == 16 + RANKS[rank]
        assert "trump" not in [l.kind for l in o.lines]


@pytest.mark.parametrize("rank", list(RANKS))
def test_clubs_opposed_on_trial(rank):
    # "For Trial, Rook is the Anti-Facet, so Clubs ♣ suffer a Failure Level automatically."
    r = resolve_draw("Trial", 16, rank + "♣")
    assert r.suit_class == "opposed"
    assert [(l.kind, l.failure) for l in r.suit_levels] == [("opposed", 1)]
    assert r.suit_failures == 1
    # The Opposed Suit costs a Failure Level, never Pips.
    assert r.total == 16 + RANKS[rank]


@pytest.mark.parametrize("card", ["5♦", "5♥", "K♦", "A♥"])
def test_red_suits_on_trial_add_a_failure_level(card):
    # "So in this example Trial case all Diamonds ♦ and Hearts ♥ add a Failure Level."
    r = resolve_draw("Trial", 16, card)
    assert r.suit_class == "opposite_colour"
    assert r.suit_failures == 1
    # "may also incur": the switch turns it off.
    assert resolve_draw("Trial", 16, card, rules=Rules(opposite_colour_failure=False)).suit_failures == 0
    # and the Opposed Suit stays, switch or not.
    assert resolve_draw("Trial", 16, "5♣", rules=Rules(opposite_colour_failure=False)).suit_failures == 1


def test_diamond_card_proficiencies():
    # "If the card Played is a Diamond ♦ then any Awe, Craft, Orthodoc, Quiet, Virtue and Zeal
    # Proficiencies ... will add +5 each, any Hearts ♥ Facet Proficiencies (Enigma, Heresy, Jeer,
    # Liberty, Nature or Phoenix) would add +2, anything else +1."
    for facet in SUIT:
        r = resolve_draw("Trial", 10, "7♦", proficiencies=[facet])
        expected = 5 if facet in DIAMOND_FACETS else 2 if facet in HEART_FACETS else 1
        assert [l.pips for l in r.lines if l.kind == "proficiency"] == [expected], facet
    # "+5 each": two Diamond Proficiencies add 10; mixed ones add up line by line.
    r = resolve_draw("Trial", 10, "7♦", proficiencies=["Awe", "Zeal", "Nature", "Trial", "Orthodoc"])
    assert [l.pips for l in r.lines if l.kind == "proficiency"] == [5, 5, 2, 1, 5]
    assert r.total == 10 + 7 + 18


def test_two_of_diamonds_saved_by_suited_proficiencies():
    # "a two is a pretty terrible result and while you may beat a Difficulty if you can find
    # enough applicable Suited Proficiencies": 2♦ on a Quiet (♦) Test with three ♦ Proficiencies.
    bare = resolve_draw("Quiet", 10, "2♦")
    boosted = resolve_draw("Quiet", 10, "2♦", proficiencies=["Awe", "Craft", "Virtue"])
    assert bare.total == 10 + 2 + 2
    assert boosted.total == 10 + 2 + 2 + 15


def test_boost_values():
    # "Chi can be spent to add a +1. Stress can be Gained ... to add +1. Strains can be Gained by
    # the Die to add a +2. A Shock may be Gained to add +5."
    t = Tracks(chi=3)
    base = resolve_draw("Trial", 10, "4♥").total
    assert resolve_draw("Trial", 10, "4♥", boosts=Boosts(chi=1), tracks=t).total == base + 1
    assert resolve_draw("Trial", 10, "4♥", boosts=Boosts(chi=3), tracks=t).total == base + 3
    assert resolve_draw("Trial", 10, "4♥", boosts=Boosts(stress=1), tracks=t).total == base + 1
    assert resolve_draw("Trial", 10, "4♥", boosts=Boosts(strain=1), tracks=t).total == base + 2
    assert resolve_draw("Trial", 10, "4♥", boosts=Boosts(shock=1), tracks=t).total == base + 5
    all_ = resolve_draw("Trial", 10, "4♥", boosts=Boosts(chi=2, stress=2, strain=1, shock=1), tracks=t)
    assert all_.total == base + 2 + 2 + 2 + 5
    # "All Gained Stress, Strains and Shock will apply after this Test is completed"
    assert (all_.tracks_after.chi, all_.tracks_after.stress, all_.tracks_after.strain,
            all_.tracks_after.shock) == (1, 2, 1, 1)
    assert all_.tracks_before == t


def _podium(rules):
    # Four runners, trump cards only so no suit Failure Level muddles the counts.
    people = [Participant("A", "Trial", 20, card="9♠"), Participant("B", "Trial", 20, card="7♠"),
              Participant("C", "Trial", 20, card="5♠"), Participant("D", "Trial", 20, card="3♠")]
    return {e.name: e for e in run_test(people, 10, rules=rules).entries}


def test_highest_pips_gains_a_success_level():
    # "with the Character with the highest Pips being granted an additional Success Level"
    e = _podium(Rules())
    assert [e[n].success_levels for n in "ABCD"] == [1, 0, 0, 0]
    assert [e[n].place for n in "ABCD"] == [1, 2, 3, 4]


def test_second_and_third_place_make_three_for_first():
    # "Yarn-Tellers may add additional Success Levels for second and even third place if they like,
    # noting that would add three Success Levels to the highest scoring Character."
    e = _podium(Rules(success_places=3))
    assert [e[n].success_levels for n in "ABCD"] == [3, 2, 1, 0]


def test_second_place_with_two_successes_and_a_failure():
    # "Failure Levels may be added to each Character below any arbitary placing below first. This can
    # mean the Character in second placing might have 2 Success Levels and a Failure Level"
    e = _podium(Rules(success_places=3, failure_below=1))
    assert (e["B"].success_levels, e["B"].failure_levels) == (2, 1)
    assert (e["A"].success_levels, e["A"].failure_levels) == (3, 0)
    assert [e[n].failure_levels for n in "ABCD"] == [0, 1, 1, 1]
    e = _podium(Rules(failure_below=2))
    assert [e[n].failure_levels for n in "ABCD"] == [0, 0, 1, 1]


def test_pass_means_beat():
    # "To Pass the Test you need to beat the Difficulty of the Test" — 16 + 4 = 20
    people = [Participant("A", "Trial", 16, card="4♥")]
    assert run_test(people, 19).entries[0].passed
    assert not run_test(people, 20).entries[0].passed
    assert run_test(people, 20).entries[0].margin == 0


def test_highest_need_not_have_most_success_levels():
    # "the person who rolled Highest may not have the most Success Levels": first place on a Club
    # (Opposed) versus second on a Spade, with a Yarn-Teller granted Success Level for the second.
    people = [Participant("A", "Trial", 20, card="K♣"), Participant("B", "Trial", 20, card="9♠", yarn_success=2)]
    e = {x.name: x for x in run_test(people, 10).entries}
    assert e["A"].place == 1 and (e["A"].success_levels, e["A"].failure_levels) == (1, 1)
    assert e["B"].place == 2 and e["B"].success_levels == 2


def test_difficulty_from_an_ordeal_card():
    # "This Difficulty can also be created with an Ordeal Card." (R9: base + Pips)
    assert card_difficulty("9♥").pips == 9
    assert card_difficulty("9♥", base=10, label="Bold").pips == 19
    assert card_difficulty("Q♣", base=5).pips == 17


def test_scripted_cards_replay_the_foot_race():
    # The cafeteria foot race, replayed by supplying its cards.
    people = [Participant("Ada", "Trial", 16), Participant("Bo", "Trial", 15), Participant("Cy", "Awe", 14)]
    result = run_test(people, 20, ScriptedChance(["7♠", "9♣", "J♦"]))
    assert [(e.name, e.total) for e in result.ranked()] == [("Cy", 27), ("Ada", 25), ("Bo", 24)]
    # Awe is a Diamonds Facet: J♦ is trump (14 + 11 + 2).
    assert result.entry("Cy").success_levels == 1
    assert result.entry("Bo").failure_levels == 1  # ♣ is Trial's Opposed Suit
