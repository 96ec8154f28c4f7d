"""``--set`` and [rules] as a player types them: every spelling of true and false, the
aliases, and errors that say which knob and which value, in one line."""

from __future__ import annotations

import pytest

from solo.playsets import PlaysetError, list_playsets, parse_overrides
from solo.playsets.model import RuleOverrides


@pytest.mark.parametrize("word,value", [("true", True), ("YES", True), ("on", True), ("1", True),
                                        ("false", False), ("No", False), ("off", False), ("0", False)])
@pytest.mark.parametrize("key", ["reserve_fallback", "fallback", "fast_setup", "fast"])
def test_switches_take_every_spelling(key, word, value):
    knob = {"fallback": "reserve_fallback", "fast": "fast_setup"}.get(key, key)
    start = RuleOverrides(base="ashcan" if not value else "playtest", **{knob: not value})
    assert getattr(parse_overrides([f"{key}={word}"], start).ruleset(), knob) is value


@pytest.mark.parametrize("item", ["reserve_fallback=maybe", "fallback=2", "fast_setup=sometimes"])
def test_a_switch_that_is_not_true_or_false_is_refused(item):
    key = item.split("=")[0]
    with pytest.raises(PlaysetError) as exc:
        parse_overrides([item])
    assert str(exc.value) == f"--set {item!r}: {'reserve_fallback' if key == 'fallback' else key} is true or false"


def test_aliases_and_spaces():
    r = parse_overrides([" GP = 6 ", "trophy=empty", "strikes=2", "ruleset=playtest"]).ruleset()
    assert (r.genre_points, r.trophy_start, r.strikes_to_die, r.name) == (6, "empty", 2, "playtest")


def test_an_unknown_knob_lists_the_knobs():
    with pytest.raises(PlaysetError) as exc:
        parse_overrides(["gpoints=3"])
    knobs = ", ".join(RuleOverrides.model_fields)
    assert str(exc.value) == (f"--set 'gpoints=3': unknown rule knob 'gpoints': did you mean genre_points? "
                              f"(knobs: {knobs})")
    with pytest.raises(PlaysetError) as exc:
        parse_overrides(["zzz=3"])  # no knob near it: none guessed
    assert str(exc.value) == f"--set 'zzz=3': unknown rule knob 'zzz' (knobs: {knobs})"


def test_a_value_with_an_equals_sign_is_the_knobs_value():
    with pytest.raises(PlaysetError, match=r"^--set: genre_points: "):
        parse_overrides(["genre_points=5=6"])


def test_a_bad_face_modifier_is_named_by_its_place():
    with pytest.raises(PlaysetError, match=r"^--set: face_modifiers\.1: "):
        parse_overrides(["face_modifiers=1,x,3"])


def test_the_built_ins_are_listed_as_built_in():
    assert [(n, where) for n, where, _ in list_playsets() if where == "built-in"] == [
        ("cabin-in-the-woods", "built-in"), ("house-party", "built-in")]
