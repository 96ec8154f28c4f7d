"""The save's plain-Python form (solo/play/saveform.py) and its pydantic models
(solo/play/saves.py) are one format: the same fields, bounds and defaults; whatever the plain
check accepts the models accept and write the same way; whatever the models refuse the plain
check never takes (the night then asks the models, which give their one-line reason). A field
added to a model, or a bound changed, without the same in the plain form fails here."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.nott.actions import Test
from solo.nott.rules import ASHCAN, PLAYTEST
from solo.play import saveform
from solo.play.night import Night, Step
from solo.play.saveform import (CHARACTER, REQUIRED, RULES, SAVE, STEP, Bool, Either, Form, Int, List, Lit, Opt,
                                Text, Tuple)
from solo.play.saves import NotSavable, SavedCharacter, SavedRules, SavedStep, SaveFile, check_savable, write_save
from solo.sim.autoplay import autoplay

from .helpers import night_of, play_on
from .scripted import Scripted

PAIRS = [(SAVE, SaveFile), (RULES, SavedRules), (CHARACTER, SavedCharacter), (STEP, SavedStep)]


# ---------------------------------------------------------------------- one schema


def _plain(schema, defs=None):
    """A pydantic JSON schema with references inlined, and titles, descriptions and defaults
    left out (defaults are compared from the fields)."""
    defs = schema.get("$defs", {}) if defs is None else defs
    if isinstance(schema, dict):
        if "$ref" in schema:
            return _plain(defs[schema["$ref"].rsplit("/", 1)[1]], defs)
        out = {k: _plain(v, defs) for k, v in schema.items() if k not in ("title", "description", "default", "$defs")}
        if out.get("required") == []:
            del out["required"]
        return out
    if isinstance(schema, list):
        return [_plain(v, defs) for v in schema]
    return schema


def _form_schema(form):
    s = form.schema()
    return _plain(json.loads(json.dumps(s)), {})


@pytest.mark.parametrize("form,model", PAIRS, ids=[m.__name__ for _, m in PAIRS])
def test_the_plain_form_has_the_models_fields_in_order_with_their_defaults(form, model):
    assert list(form.fields) == list(model.model_fields)
    for name, (kind, default) in form.fields.items():
        field = model.model_fields[name]
        if default is REQUIRED:
            assert field.is_required(), name
        else:
            assert not field.is_required(), name
            assert field.get_default(call_default_factory=True) == default, name


@pytest.mark.parametrize("form,model", PAIRS, ids=[m.__name__ for _, m in PAIRS])
def test_the_plain_form_has_the_models_types_and_bounds(form, model):
    """Types, lengths, ranges, choices and patterns, field by field (as JSON schema)."""
    theirs = _plain(model.model_json_schema())
    ours = _form_schema(form)
    assert list(ours["properties"]) == list(theirs["properties"])
    for name in theirs["properties"]:
        assert ours["properties"][name] == theirs["properties"][name], name
    assert ours == theirs


# ---------------------------------------------------------------------- the same answers

#: Characters that test the text checks: plain, wide, joiners kept, and each kind refused.
CHARS = ["a", "Z", "0", "-", " ", ",", "é", "\u00a6", "😀", "\u200d", "\n", "\t", "\r", "\x1b", "\x00", "\x7f",
         "\x9b", "\u200b", "\u2028", "\ud800", "\u202e", "\ufeff", "[", "\x1b[31m"]


@st.composite
def text_of(draw, kind: Text):
    if draw(st.integers(0, 9)) == 9:
        return draw(st.sampled_from([None, 0, 1, True, 2.5, b"x", ["a"], {"a": 1}]))
    most = kind.most if kind.most is not None else 60
    sizes = [0, 1, 2, kind.least - 1, kind.least, kind.least + 1, most - 1, most, most + 1]
    size = draw(st.sampled_from([n for n in sizes if n >= 0]) | st.integers(0, min(most + 2, 30)))
    filler = draw(st.sampled_from(["a", "b", "é", "7", "x-"]))
    text = (filler * size)[:size]
    for _ in range(draw(st.integers(0, 2))):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(CHARS)) + text[at:]
    if draw(st.booleans()) and text:
        text = draw(st.sampled_from([" " + text, text + " ", text.replace("a", "a  ", 1), text.upper()]))
    return text


@st.composite
def value_of(draw, kind):
    """Data near what ``kind`` takes: on its bounds, just past them, of another type."""
    if isinstance(kind, Text):
        return draw(text_of(kind))
    if isinstance(kind, Int):
        near = [0, 1, -1, 10**39, 10**40, -10**41, 10**41]
        for b in (kind.ge, kind.le):
            if b is not None:
                near += [b - 1, b, b + 1]
        return draw(st.sampled_from([True, False, 2.0, "3", None]) | st.sampled_from(near) | st.integers(-5, 20))
    if isinstance(kind, Bool):
        return draw(st.sampled_from([True, False, 0, 1, "true", None]))
    if isinstance(kind, Lit):
        near = list(kind.values) + [1, True, "1", None, "Power ", "power", "llm ", "very  likely"]
        return draw(st.sampled_from(near))
    if isinstance(kind, Opt):
        return None if draw(st.integers(0, 3)) == 3 else draw(value_of(kind.kind))
    if isinstance(kind, Either):
        return draw(st.one_of([value_of(k) for k in kind.kinds]))
    if isinstance(kind, (List, Tuple)) and draw(st.integers(0, 7)) == 7:
        return draw(st.sampled_from(["ab", "abc", {"a": 1, "b": 2}, 2, None]))
    if isinstance(kind, List):
        most = kind.most if kind.most is not None else 4
        size = draw(st.sampled_from([0, 1, 2, most, most + 1]) if kind.most is not None and kind.most <= 20
                    else st.integers(0, 3))
        items = [draw(value_of(kind.kind)) for _ in range(size)] if size <= 21 else \
            [draw(value_of(kind.kind))] * size
        return draw(st.sampled_from([items, items, items, tuple(items)]))
    if isinstance(kind, Tuple):
        items = [draw(value_of(k)) for k in kind.kinds]
        n = draw(st.integers(0, 5))
        if n == 0:
            items = items[:-1]
        elif n == 1:
            items = items + items[:1]
        return tuple(items) if draw(st.booleans()) else items
    if isinstance(kind, Form):
        return draw(form_data(kind))
    raise AssertionError(kind)


@st.composite
def good_of(draw, kind):
    """A value ``kind`` takes (most of a generated document is good, so that the bad part is
    what is tried)."""
    if isinstance(kind, Text):
        if kind.check is saveform.saved_name:
            return draw(st.sampled_from(["Ann", "Zoë", "Mary Jane", "X" * 40]))
        if kind.check is saveform.saved_pronouns:  # the last two the models take, written otherwise
            return draw(st.sampled_from(["they/them", "she/her", "he/him", "it/its", "xe/xem/xyr/xyrs/xemself",
                                         "She/Her", " he / him "]))
        if kind.pattern is not None:
            return draw(st.sampled_from(["a", "camp-crystal", "0-9"]))
        most = kind.most if kind.most is not None else 80
        size = draw(st.sampled_from([kind.least, most]) | st.integers(kind.least, min(most, 30)))
        return (draw(st.sampled_from(["a", "é", "😀", "Zoë ¦ “yes” "])) * size)[:size]
    if isinstance(kind, Int):
        lo = kind.ge if kind.ge is not None else -(10**39)
        hi = kind.le if kind.le is not None else 10**39
        return draw(st.integers(lo, hi))
    if isinstance(kind, Bool):
        return draw(st.booleans())
    if isinstance(kind, Lit):
        return draw(st.sampled_from(kind.values))
    if isinstance(kind, Opt):
        return None if draw(st.booleans()) else draw(good_of(kind.kind))
    if isinstance(kind, Either):
        return draw(st.one_of([good_of(k) for k in kind.kinds]))
    if isinstance(kind, List):
        return [draw(good_of(kind.kind)) for _ in range(draw(st.integers(0, min(kind.most or 3, 3))))]
    if isinstance(kind, Tuple):
        return [draw(good_of(k)) for k in kind.kinds]
    if isinstance(kind, Form):
        return draw(form_data(kind, bad=False))
    raise AssertionError(kind)


@st.composite
def form_data(draw, form: Form, bad: bool = True):
    """A document for ``form``: good but for up to two fields drawn near their bounds or
    left out; now and then a key that is no field, or no document at all."""
    if bad and draw(st.integers(0, 40)) == 40:
        return draw(st.sampled_from([None, [], "x", 1]))
    names = list(form.fields)
    odd = draw(st.sets(st.sampled_from(names), min_size=draw(st.integers(0, 1)), max_size=2)) if bad else set()
    data = {}
    for name, (kind, default) in form.fields.items():
        if name in odd:
            if draw(st.integers(0, 5)) == 5:
                continue  # left out (a required one: refused)
            data[name] = draw(value_of(kind))
        elif default is not REQUIRED and draw(st.integers(0, 4)) == 4:
            continue  # left out: its default
        else:
            data[name] = draw(good_of(kind))
    if bad and draw(st.integers(0, 20)) == 20:
        data[draw(st.sampled_from(["extra", "Name", "pronoun", "x"]))] = "a"
    return data


def models_answer(model, data):
    """The models' answer: the dump as written, or the refusal's one line."""
    try:
        saved = check_savable(model, data, "it cannot be saved")
    except NotSavable as exc:
        return "refused", str(exc)
    return "taken", saved.dump() if model is SaveFile else saved.model_dump(mode="json")


def _assert_agrees(form, model, data):
    plain = saveform.save_body(data) if form is SAVE else saveform.checked(form, data)
    kind, theirs = models_answer(model, data)
    if plain is not None:
        assert kind == "taken", (data, theirs)
        assert plain == theirs
        assert json.dumps(plain, ensure_ascii=False) == json.dumps(theirs, ensure_ascii=False)  # key order too
    return plain is not None, kind


SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                            HealthCheck.data_too_large])


@pytest.mark.parametrize("form,model", PAIRS[1:], ids=[m.__name__ for _, m in PAIRS[1:]])
@SETTINGS
@given(data=st.data())
def test_what_the_plain_check_takes_the_models_take_and_write_the_same(form, model, data):
    _assert_agrees(form, model, data.draw(form_data(form)))


@SETTINGS
@given(data=form_data(SAVE))
def test_a_whole_save_taken_by_the_plain_check_is_the_models_dump(data):
    _assert_agrees(SAVE, SaveFile, data)


def test_the_generated_documents_reach_both_answers_on_each_side():
    """The property above is not empty: documents the plain check takes, and documents the
    models refuse, are both generated (so the bounds are really tried)."""
    seen = set()

    @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
    @given(data=form_data(STEP))
    def collect(data):
        seen.add(_assert_agrees(STEP, SavedStep, data))

    collect()
    assert (True, "taken") in seen and (False, "refused") in seen


@pytest.mark.parametrize("bad", [
    {"say": "a" * 4001}, {"say": "a\x1b[31mb"}, {"who": 8}, {"who": -1}, {"actions": ["a"] * 21},
    {"actions": ["a" * 101]}, {"note": "x\ty"}, {"ask": "maybe"}, {"death": False}, {"narration": [["k"]]},
    {"narration": [["k", "t\u200b"]]}, {"extra": 1}, {"say": "\ud800"},
])
def test_a_step_the_models_refuse_the_night_refuses_with_their_line(bad):
    """The plain check declines; the night asks the models and refuses in their words."""
    assert saveform.checked(STEP, bad) is None
    kind, line = models_answer(SavedStep, bad)
    assert kind == "refused"
    night = night_of(12)
    step = Step(bad.get("actions", []), bad.get("say"), bad.get("who"), bad.get("note"), ask=bad.get("ask"),
                death=bool(bad.get("death")))
    if set(bad) - {"actions", "say", "who", "note", "ask", "death"} or bad.get("death") is False:
        return  # not something a step can hold: the models' line above is the whole answer
    with pytest.raises(NotSavable) as info:
        night._check_step(step)
    assert str(info.value) == line.replace("it cannot be saved", "this step cannot be saved")


def test_a_cast_the_models_refuse_is_refused_before_the_night_with_their_line():
    from solo.nott.game import Character

    cast = [Character("Ann, Bo", 0), Character("Cy", 1), Character("Di", 2), Character("Ed", 3)]
    with pytest.raises(NotSavable) as info:
        Night(cast, ASHCAN, 5)
    data = night_of(12)._save_data()
    data["cast"][0]["name"] = "Ann, Bo"
    assert str(info.value) == models_answer(SaveFile, data)[1].replace("it cannot", "this night cannot")


# ---------------------------------------------------------------------- real nights


def _nights():
    yield autoplay(7, ASHCAN, "careful", out=None)
    yield autoplay(3, ASHCAN, "naive", out=None)
    yield autoplay(9, PLAYTEST, "careful", out=None)
    llm = night_of(21, narrator=Scripted(merge=True), narrator_name="llm")  # a model's prose is kept
    play_on(llm, 40)
    llm.say("I hold the door — “now”, I say, and wait…", 0)
    llm.ask("is anyone out there?", 1, "likely")
    yield llm
    from dataclasses import replace

    told = night_of(8)  # pronouns of every kind: the default left out of the save, the rest kept
    forms = ["she/her", "they/them", "he/him", "xe/xem/xyr/xyrs/xemself"]
    told = Night([replace(c, pronouns=p) for c, p in zip(told.cast, forms)], ASHCAN, 8)
    told.start()
    play_on(told, 12)
    yield told
    talk = night_of(5)  # a seed typed as a word, notes between steps
    talk.seed = "Lantern-Night"
    play_on(talk, 8)
    talk.note("a Genre Point for a trope")
    talk.note("and another")
    yield talk


@pytest.fixture(scope="module")
def nights():
    return list(_nights())


def test_every_step_of_real_nights_is_checked_without_the_models_and_as_they_would(nights):
    for night in nights:
        for step in night._save_data()["steps"]:
            for key in ("narration",):
                step.pop(key)
            plain = saveform.checked(STEP, step)
            assert plain is not None, step
            model = SavedStep.model_validate(step)
            assert plain == model.model_dump(mode="json")
            size = len(saveform.compact({k: v for k, v in plain.items() if v is not None}).encode("utf-8"))
            assert size == len(model.model_dump_json(exclude_none=True).encode("utf-8"))


def test_real_nights_write_the_bytes_the_models_write(nights, tmp_path):
    for i, night in enumerate(nights):
        assert saveform.save_body(night._save_data()) is not None  # no model needed
        assert night.save_body() == night.to_save().dump()
        ours = night.write_save(tmp_path / f"ours-{i}.json")
        theirs = write_save(night.to_save(), tmp_path / f"theirs-{i}.json")
        assert ours.read_bytes() == theirs.read_bytes()


def test_a_night_saved_in_plain_python_loads_and_replays(nights, tmp_path):
    night = nights[3]  # the model's prose kept
    path = night.write_save(tmp_path / "night.json")
    again = Night.from_save(path, keep_undo=0)
    assert again.save_body() == night.save_body()


def test_autosave_and_a_played_step_never_need_the_models(tmp_path, monkeypatch):
    """Data the plain form takes never reaches the models: a night played and autosaved with
    the models' check made to fail still plays and saves."""
    import solo.play.saves as saves

    def refuse(*a, **k):
        raise AssertionError("the models were asked")

    monkeypatch.setattr(saves, "check_savable", refuse)
    night = night_of(12, save_path=tmp_path / "n.json")
    rng = random.Random(1)
    night.act([Test(night.game.living()[0])])
    night.say("I run", 0)
    play_on(night, 20, seed=rng.randrange(99))
    monkeypatch.undo()
    assert saves.read_save(tmp_path / "n.json").steps == night.to_save().steps
