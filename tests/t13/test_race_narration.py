"""The race narrator (solo/t13/narrator.py) and its templates in prompts/t13/."""

from __future__ import annotations

import itertools

import jinja2
import pytest

from solo.narration import Beat, Narrator, narrate_text
from solo.narration.environment import PROMPTS_DIR
from solo.nott import Game, quick_cast
from solo.t13 import Participant, Rules, ScriptedChance, run_test
from solo.t13.narrator import RACE_BEAT_KINDS, RaceBeat, RaceNarrator, race_beats, template_name
from solo.t13.race import run_race

LEAKS = ("None", "Undefined", "{{", "}}", "{%", "  ")


def racer(**kw):
    base = dict(name="Dana", archetype="The Jock", aptitude="Power", card="7♠", suit_class="trump", total=25,
                margin=5, passed=True, place=2, place_word="second", success=0, failure=0, failure_kinds=[],
                draw_off=False, facet="Trial", suit="♠", difficulty=20, n=4, scene="")
    return base | kw


#: Representative contexts for every kind (each cell the templates key on).
CASES = {
    "race_opening": [racer(racers=[racer()], names=["Dana", "Eddie", "Iris", "Kit"]),
                     racer(racers=[racer()], names=["Dana"], n=1, scene="the boathouse")],
    "race_winner": [racer(place=1, alone=False, lead=7), racer(place=1, passed=False, alone=False, lead=1),
                    racer(place=1, alone=True, lead=0, n=1, archetype="")],
    "race_placing": [racer(), racer(passed=False, suit_class="opposed"), racer(suit_class="joker", card="RJ")],
    "race_loser": [racer(place=4, winner="Eddie", behind=6), racer(place=4, passed=False, winner="Eddie", behind=9)],
    "race_tie": [dict(names=["Dana", "Eddie"], count=2, place=1, place_word="first", total=25, passed=True,
                      first=True, last=False, facet="Trial", suit="♠", difficulty=20, n=4, scene=""),
                 dict(names=["Dana", "Eddie", "Iris"], count=3, place=2, place_word="second", total=19,
                      passed=False, first=False, last=True, facet="Trial", suit="♠", difficulty=20, n=4, scene=""),
                 dict(names=["Dana", "Eddie"], count=2, place=2, place_word="second", total=22, passed=True,
                      first=False, last=False, facet="Trial", suit="♠", difficulty=20, n=4, scene="")],
    "race_failure": [racer(failure=1, failure_kinds=["opposed"]),
                     racer(failure=2, success=1, failure_kinds=["opposite_colour", "below_placing"]),
                     racer(failure=1, failure_kinds=["below_placing"]), racer(failure=3, failure_kinds=["yarn"])],
}


@pytest.fixture(scope="module")
def narrator():
    return RaceNarrator(1)


def test_every_kind_has_a_template_and_a_case():
    assert set(CASES) == set(RACE_BEAT_KINDS)
    for kind in RACE_BEAT_KINDS:
        assert (PROMPTS_DIR / template_name(kind)).is_file()
    assert sorted(p.name for p in (PROMPTS_DIR / "t13").glob("*.j2")) == sorted(
        template_name(k).split("/")[1] for k in RACE_BEAT_KINDS)


@pytest.mark.parametrize("kind,ctx", [(k, c) for k, cs in CASES.items() for c in cs])
def test_at_least_three_variants_and_no_leaks(narrator, kind, ctx):
    beat = RaceBeat(kind, ctx)
    texts = {narrator.render(beat, v) for v in range(RaceNarrator.VARIANTS)}
    assert len(texts) >= 3
    for t in texts:
        assert t and not any(leak in t for leak in LEAKS), t
        assert t[0].isupper() or t[0].isdigit(), t
        names = ctx.get("names") if kind in ("race_tie", "race_opening") else [ctx["name"]]
        assert any(n in t for n in names) or kind == "race_opening"


def test_strict_undefined(narrator):
    with pytest.raises(jinja2.UndefinedError):
        narrator.render(RaceBeat("race_winner", {"name": "Dana"}), 0)


def test_race_beats_are_not_nott_beats():
    with pytest.raises(ValueError):
        RaceBeat("outcome", {})
    with pytest.raises(ValueError):
        template_name("opening")
    assert isinstance(RaceBeat("race_opening", {}), Beat)


def test_is_a_narrator_and_deterministic():
    g = Game(quick_cast(7), seed=7)
    beats = run_race(g, "Trial").beats()
    a, b = RaceNarrator("x"), RaceNarrator("x")
    assert isinstance(a, Narrator)
    assert [narrate_text(a, bt) for bt in beats] == b.tell_all(beats)
    c = RaceNarrator("y")
    many = [tuple(RaceNarrator(s).tell_all(beats)) for s in range(8)]
    assert len(set(many)) > 1 and c.count == 0


def test_never_the_same_line_twice_in_a_row():
    for seed in range(6):
        g = Game(quick_cast(seed), seed=seed)
        nar = RaceNarrator(seed)
        told = []
        for k in range(12):
            told += nar.tell_all(run_race(g, ("Trial", "Awe", "Key", "Heresy")[k % 4], races_so_far=k).beats())
        assert all(x != y for x, y in itertools.pairwise(told))
    # even the same beat, told again and again
    nar = RaceNarrator(0)
    beat = RaceBeat("race_loser", CASES["race_loser"][1])
    told = [nar.tell(beat) for _ in range(30)]
    assert all(x != y for x, y in itertools.pairwise(told))
    assert len(set(told)) >= 3


def test_beats_in_table_order():
    people = [Participant(n, "Trial", d) for n, d in (("A", 10), ("B", 10), ("C", 5), ("D", 1))]
    result = run_test(people, 12, ScriptedChance(["7♠", "9♣", "3♦", "2♥"]))
    # A 19, B 19 (9♣), C 8 (3♦), D 3 (2♥)
    beats = race_beats(result)
    assert [b.kind for b in beats] == ["race_opening", "race_tie", "race_placing", "race_loser",
                                       "race_failure", "race_failure", "race_failure"]
    assert beats[1]["names"] == ["A", "B"] and beats[1]["first"] is True
    assert [b["name"] for b in beats[4:]] == ["B", "C", "D"]
    assert beats[3]["winner"] == "A" and beats[3]["behind"] == 16
    solo = race_beats(run_test([Participant("Z", "Awe", 9)], 5, ScriptedChance(["KD"])))
    assert [b.kind for b in solo] == ["race_opening", "race_winner"] and solo[1]["alone"] is True
    shared_last = run_test(people[:3], 12, ScriptedChance(["KS", "3D", "8H"]), Rules())  # 25, 13, 13
    assert [b.kind for b in race_beats(shared_last)][:3] == ["race_opening", "race_winner", "race_tie"]
    assert race_beats(shared_last)[2]["last"] is True
    with pytest.raises(ValueError):
        race_beats(result, [{}])


def test_a_scene_given_is_named_in_every_opening():
    """``draw-test --scene the boathouse``: whatever opening is told, it says where they race."""
    n = RaceNarrator(1)
    for v in range(12):
        text = n.render(RaceBeat("race_opening", racer(racers=[racer()], names=["Dana", "Eddie"], n=2,
                                                       scene="the boathouse")), v)
        assert "the boathouse" in text, text
