"""Hypothesis properties of the arithmetic, the ranking and the Levels."""

from hypothesis import given, settings
from hypothesis import strategies as st

from solo.t13 import Boosts, Participant, Rules, SeededChance, Tracks, resolve_draw, run_test
from solo.t13.cards import card_str

from .text import ANTI, RANKS, SUIT, colour

FACET_NAMES = sorted(SUIT)
SYMBOL = {"♠": "S", "♥": "H", "♣": "C", "♦": "D"}


@st.composite
def groups(draw, max_size=7):
    n = draw(st.integers(1, max_size))
    cards = draw(st.lists(st.integers(0, 53), min_size=n, max_size=n, unique=True))
    return [Participant(f"P{i}", draw(st.sampled_from(FACET_NAMES)), draw(st.integers(0, 25)), card=c)
            for i, c in enumerate(cards)]


rules_st = st.builds(Rules, success_places=st.integers(0, 4),
                     failure_below=st.none() | st.integers(1, 6),
                     opposite_colour_failure=st.booleans(), levels_require_pass=st.booleans())


@given(facet=st.sampled_from(FACET_NAMES), draw=st.integers(0, 30), card=st.integers(0, 51),
       profs=st.lists(st.sampled_from(FACET_NAMES), max_size=4),
       chi=st.integers(0, 3), stress=st.integers(0, 5), strain=st.integers(0, 2), shock=st.integers(0, 1))
def test_total_follows_the_text(facet, draw, card, profs, chi, stress, strain, shock):
    text = card_str(card)
    r, s = RANKS[text[:-1]], SYMBOL[text[-1]]
    res = resolve_draw(facet, draw, card, proficiencies=profs,
                       boosts=Boosts(chi, stress, strain, shock), tracks=Tracks(chi=3))
    trump = SUIT[facet]
    expected = draw + r + (2 if s == trump else 0)
    expected += sum(5 if SUIT[p] == s else 2 if colour(SUIT[p]) == colour(s) else 1 for p in profs)
    expected += chi + stress + 2 * strain + 5 * shock
    assert res.total == expected
    opposed = SUIT[ANTI[facet]]
    assert res.suit_failures == (1 if s == opposed or colour(s) != colour(trump) else 0)


@given(people=groups(), rules=rules_st, difficulty=st.integers(0, 50))
def test_shared_ranking_and_levels(people, rules, difficulty):
    res = run_test(people, difficulty, rules=rules)
    totals = [e.total for e in res.entries]
    assert sorted(res.ranking) == list(range(len(people)))
    ranked = [totals[i] for i in res.ranking]
    assert ranked == sorted(ranked, reverse=True)
    for e in res.entries:
        assert e.place == 1 + sum(t > e.total for t in totals)
        assert e.passed == (e.total > difficulty)
        placing_sl = sum(l.success for l in e.levels if l.kind == "placing")
        graded = e.passed or not rules.levels_require_pass  # R13: "additional" is on top of a pass
        assert placing_sl == (max(0, rules.success_places - e.place + 1) if graded else 0)
        below = sum(l.failure for l in e.levels if l.kind == "below_placing")
        assert below == (1 if rules.failure_below is not None and e.place > rules.failure_below else 0)
        assert e.failure_levels == below + e.result.suit_failures
    if rules.success_places >= 1:
        top = [e for e in res.entries if any(l.label == "highest Pips" for l in e.levels)]
        assert {e.index for e in top} == {i for i, t in enumerate(totals) if t == max(totals)
                                          and (t > difficulty or not rules.levels_require_pass)}
        if totals.count(max(totals)) == 1 and top:
            assert len(top) == 1


@settings(max_examples=60)
@given(people=groups(), rules=rules_st, seed=st.integers(0, 10**6))
def test_draw_off_gives_one_of_each_place(people, rules, seed):
    res = run_test(people, 10, SeededChance(seed), rules.with_(ties="draw_off"))
    n = len(people)
    totals = [e.total for e in res.entries]
    assert sorted(e.place for e in res.entries) == list(range(1, n + 1))
    assert [res.entries[i].place for i in res.ranking] == list(range(1, n + 1))
    ranked = [totals[i] for i in res.ranking]
    assert ranked == sorted(ranked, reverse=True)
    for e in res.entries:
        assert bool(e.draw_off) == (totals.count(e.total) > 1)
    if rules.success_places >= 1:  # R13: the placing level is on top of a pass
        winner = res.entries[res.ranking[0]]
        passed = winner.total > 10 or not rules.levels_require_pass
        assert sum(any(l.label == "highest Pips" for l in e.levels) for e in res.entries) == (1 if passed else 0)
    # All cards in play, hand-given and drawn, are distinct (one shared deck).
    used = [e.result.card for e in res.entries] + [c for e in res.entries for c in e.draw_off]
    assert len(used) == len(set(used))


@given(people=groups(), seed=st.integers(0, 10**6))
def test_drawn_cards_are_distinct_and_seeded_replays(people, seed):
    drawn = [Participant(p.name, p.facet, p.draw) for p in people]
    a = run_test(drawn, 10, SeededChance(seed))
    assert len({e.result.card for e in a.entries}) == len(drawn)
    assert a == run_test(drawn, 10, SeededChance(seed))
