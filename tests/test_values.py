"""The rules core's events, and the other values and records of a night, are value classes
(solo/values.py): what a dataclass with the same fields would be, field for field (frozen for a
:class:`Value`, mutable for a :class:`Record`), but made at import without writing six methods
per class. Each check here is against that dataclass, built beside it."""

from __future__ import annotations

import copy
import os
import dataclasses
import pickle
import subprocess
import sys

import pytest

from solo.nott import events as E
from solo.values import Record, Value, replace

SAMPLES = [E.ThreatRevealed(5, 2), E.CardMoved(3, "threat deck", "trophy pile"),
           E.CardMoved(3, "a", "b", where="top"), E.AllDead(), E.Dawn((1, 2)), E.JokerRevealed(53, 4, 7),
           E.Rolled(who=1, main=3, fallout=2, raw_main=3, by_hand=False, reroll=True), E.TestResolved(
               who=0, card=12, difficulty=5, main=4, rolled_fallout=2, adjust=-1, fallout=1, success=True,
               rerolled=False), E.EndgameBegan((3, 4))]


def as_dataclass(value):
    """The frozen dataclass with ``value``'s class name, fields and defaults, and its values."""
    cls = type(value)
    spec = [(n, object, dataclasses.field(default=cls._defaults[n])) if n in cls._defaults else (n, object)
            for n in cls._fields]
    twin = dataclasses.make_dataclass(cls.__name__, spec, frozen=True)
    twin.__qualname__ = cls.__qualname__
    return twin(*value._values())


@pytest.mark.parametrize("value", SAMPLES, ids=repr)
def test_a_value_is_shown_hashed_and_compared_as_its_dataclass(value):
    twin = as_dataclass(value)
    assert repr(value) == repr(twin)
    assert hash(value) == hash(twin)
    assert value._values() == dataclasses.astuple(twin)
    assert type(value).__match_args__ == type(twin).__match_args__
    assert value == type(value)(*value._values()) and not value != type(value)(*value._values())
    assert value != twin  # another class: never equal, as two dataclasses are not
    assert pickle.loads(pickle.dumps(value)) == value == copy.deepcopy(value)


def test_fields_differ_classes_differ():
    assert E.ThreatRevealed(5, 2) != E.ThreatRevealed(5, 3)
    assert E.GenrePointSpent(1, 2) != E.GenrePointAwarded(1, 2)
    assert len({E.ThreatRevealed(5, 2), E.ThreatRevealed(5, 2), E.ThreatRevealed(6, 2)}) == 2


def test_a_value_never_changes():
    e = E.StrikeGained(0, 1, "fallout")
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'strikes'"):
        e.strikes = 2
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'who'"):
        del e.who
    assert e == E.StrikeGained(0, 1, "fallout")


def test_it_is_made_by_position_or_name_with_its_defaults_and_checked_by_post_init():
    assert E.CardMoved(card=3, source="a", dest="b") == E.CardMoved(3, "a", "b", "")
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'difficulty'"):
        E.ThreatRevealed(1)
    with pytest.raises(TypeError, match="multiple values for argument 'card'"):
        E.ThreatRevealed(1, card=2)

    class Checked(Value):
        n: int = 0

        def __post_init__(self):
            if self.n < 0:
                raise ValueError("negative")

    assert Checked() == Checked(0)
    with pytest.raises(ValueError, match="negative"):
        Checked(-1)


def test_a_pattern_matches_by_position():
    match E.Rolled(2, 5, 3, 5, False, False):
        case E.Rolled(who, main, fallout):
            assert (who, main, fallout) == (2, 5, 3)
        case _:
            pytest.fail("no match")


def test_a_new_value_class_gets_its_own_fields():
    class Pair(Value):
        a: int
        b: str = "x"

    assert repr(Pair(1)) == f"{Pair.__qualname__}(a=1, b='x')" and Pair(1) == Pair(a=1, b="x") and Pair._fields == ("a", "b")


# ---------------------------------------------------------------------- the rest of a night's classes

def _twin_class(cls):
    """The dataclass with ``cls``'s name, fields, defaults and factories, frozen if ``cls`` is a Value."""
    spec = [(n, object, dataclasses.field(default_factory=cls._factories[n])) if n in cls._factories
            else (n, object, dataclasses.field(default=cls._defaults[n])) if n in cls._defaults else (n, object)
            for n in cls._fields]
    twin = dataclasses.make_dataclass(cls.__name__, spec, frozen=issubclass(cls, Value))
    twin.__qualname__ = cls.__qualname__
    return twin


def _night_samples():
    from solo.director.asking import Reply
    from solo.director.awards import Director, Given, Proposal
    from solo.director.continuity import Contradiction, Snapshot
    from solo.director.fiction import Person
    from solo.director.facts import Fact
    from solo.director.material import Material
    from solo.director.oracle import Answer
    from solo.director.questions import Question
    from solo.director.state import StateAnswer
    from solo.director.tropes import Trope, Verdict
    from solo.lucky13.beats import LUCKY13_BEAT_KINDS, Lucky13Beat
    from solo.narration.beats import Beat
    from solo.nott.actions import Award, Reroll, Resolve, Roll, Test
    from solo.nott.game import Character, Outcome, Preview
    from solo.play.night import Step
    from solo.pronouns import Pronouns
    from solo.t13.narrator import RaceBeat

    question = Question("is it locked?", 0, "even", False)
    verdict = Verdict("the final girl", "she said so", "templates")
    return [Step(), Step([Test(1)], say="I run", who=1, narration=[("threat", "A door.")]),
            Person("Ann", "Jock", "hearts", "a dare", items=["torch"], dead=True), Snapshot(),
            Snapshot(dead=frozenset({"Ann"}), living=("Bo",), location="the lake"),
            Contradiction("dead", "Ann runs.", "Ann is dead"), Reply("oracle", question, yes=True),
            question, Pronouns("she", "her", "her", "hers", "herself", False), Test(0), Roll(3, 2),
            Reroll(4, 1), Resolve(-1), Award(2), StateAnswer("dead", "No one is dead.", False),
            Material({"name": "the Killer"}, ("the lake",), ("a branch",), ("It is cold.",), ("a rope",), {}),
            Character("Ann", 2, "Jock", "a dare", "she/her"), Outcome(True, (0, 2), 7),
            Preview(0, 4, 2, 6, 5, True, False, False), Answer("yes", 5, "likely", 2), verdict,
            Beat("threat", {"card": 5}), Lucky13Beat(LUCKY13_BEAT_KINDS[0], {"summary": ""}),
            RaceBeat("race_opening"), Trope("the final girl", ("final girl",)), Given(3, 1, "the final girl", "model"),
            Proposal(1, verdict, 4), Director(None, "off", {(1, "the final girl")}),
            Fact(frozenset({"door"}), "door", frozenset({"lock"}), True, "yesno", statement="the door is locked")]  # a judge is compared by identity


@pytest.mark.parametrize("value", _night_samples(), ids=lambda v: type(v).__qualname__)
def test_each_value_and_record_of_a_night_is_its_dataclass(value):
    cls = type(value)
    twin = _twin_class(cls)(*value._values())
    assert repr(value) == repr(twin)
    assert cls.__match_args__ == type(twin).__match_args__
    assert value == cls(*value._values()) and not value != cls(*value._values()) and value != twin
    assert cls(**{n: getattr(value, n) for n in cls._fields}) == value
    if isinstance(value, Record):
        assert cls.__hash__ is None and type(twin).__hash__ is None
        with pytest.raises(TypeError, match="unhashable"):
            hash(value)
    else:
        try:
            expected = hash(twin)
        except TypeError:  # a dict among its fields: neither can be hashed
            with pytest.raises(TypeError, match="unhashable"):
                hash(value)
        else:
            assert hash(value) == expected
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, cls._fields[0], None)
    assert pickle.loads(pickle.dumps(value)) == value == copy.deepcopy(value) == copy.copy(value)


def test_the_autoplay_path_writes_no_dataclass(tmp_path):
    # Each dataclass writes its methods at import: the classes of a night are values instead.
    code = ("import dataclasses, runpy, sys\n"
            "made = []\n"
            "write = dataclasses._process_class\n"
            "def noted(cls, *a, **k):\n"
            "    made.append(f'{cls.__module__}.{cls.__qualname__}')\n"
            "    return write(cls, *a, **k)\n"
            "dataclasses._process_class = noted\n"
            f"sys.argv = ['solo', 'autoplay', '--seed', '7', '--out', {str(tmp_path / 'night.md')!r}]\n"
            "try:\n"
            "    runpy.run_module('solo', run_name='__main__')\n"
            "finally:\n"
            "    print(' '.join(made), file=sys.stderr)\n")
    for _ in range(2):  # the first night's questions are parsed (spaCy writes dataclasses), then kept
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                             env={**os.environ, "SOLO_HOME": str(tmp_path)})
        assert out.returncode == 0 and (tmp_path / "night.md").exists(), out.stderr[-2000:]
        (tmp_path / "night.md").unlink()
    assert out.stderr.split() == []


# ---------------------------------------------------------------------- what a dataclass gave beyond frozen fields

class Bag(Value):
    name: str
    items: list = dataclasses.field(default_factory=list)
    tags: dict = dataclasses.field(default_factory=dict)
    size: int = dataclasses.field(default=3)


class Tally(Record):
    who: int
    marks: list = dataclasses.field(default_factory=list)
    note: str = ""

    def __post_init__(self):
        if self.who < 0:
            raise ValueError("no one")


def test_a_default_factory_makes_a_fresh_object_for_each_instance():
    a, b = Bag("a"), Bag("b")
    assert a.items == [] and a.tags == {} and a.size == 3
    assert a.items is not b.items and a.tags is not b.tags
    a.items.append("torch")
    assert b.items == [] and Bag("c").items == []
    given = ["rope"]
    assert Bag("d", given).items is given  # a value given is kept, not copied
    assert not hasattr(Bag, "items") and Bag.size == 3  # as a dataclass: a factory is no class attribute
    t, u = Tally(1), Tally(2)
    t.marks.append(1)
    assert u.marks == [] and Tally(3).marks == []


def test_a_record_can_be_changed_and_is_never_hashed():
    t = Tally(1, note="x")
    t.note, t.who = "y", 4
    t.marks.append("z")
    assert t == Tally(4, ["z"], "y") and t != Tally(4, ["z"], "x") and t != Tally(5, ["z"], "y")
    assert repr(t) == f"{Tally.__qualname__}(who=4, marks=['z'], note='y')"
    assert Tally.__hash__ is None
    with pytest.raises(TypeError, match="unhashable type"):
        hash(t)
    with pytest.raises(TypeError, match="unhashable type"):
        {t}
    del t.note
    assert not hasattr(t, "note") or t.note == ""  # the class default shows through, as in a dataclass
    with pytest.raises(ValueError, match="no one"):
        Tally(-1)
    assert Tally.__match_args__ == ("who", "marks", "note")


def test_a_value_with_factories_is_still_frozen_and_compared_by_fields_and_class():
    bag = Bag("a", ["torch"])
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'items'"):
        bag.items = []
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'other'"):
        bag.other = 1
    assert bag == Bag("a", ["torch"], {}, 3) and bag != Bag("a", ["torch"], {}, 4) and bag != Bag("b", ["torch"])
    assert repr(bag) == f"{Bag.__qualname__}(name='a', items=['torch'], tags={{}}, size=3)"

    class Other(Value):
        name: str
        items: list = dataclasses.field(default_factory=list)
        tags: dict = dataclasses.field(default_factory=dict)
        size: int = 3

    assert Other("a", ["torch"]) != bag and Other("a", ["torch"])._values() == bag._values()


def test_a_subclass_adds_its_fields_after_its_parents_and_gets_its_own_init():
    class Base(Value):
        a: int
        b: int = 2

        def __post_init__(self):
            if self.a < 0:
                raise ValueError("negative")

    assert Base(1) == Base(1, 2)  # the parent's __init__ is written first

    class Child(Base):
        c: list = dataclasses.field(default_factory=list)
        b: int = 5  # declared again: a new default, the same place

    class Same(Base):
        def __post_init__(self):
            if self.b > 9:
                raise ValueError("too big")

    assert Child._fields == Child.__match_args__ == ("a", "b", "c")
    assert repr(Child(1)) == f"{Child.__qualname__}(a=1, b=5, c=[])" and Child(1, 2, [3]).c == [3]
    assert Child(1) != Base(1, 5) and Same(1) != Base(1)
    with pytest.raises(ValueError, match="negative"):
        Child(-1)
    assert Same(-1).a == -1  # its own check, not its parent's
    with pytest.raises(ValueError, match="too big"):
        Same(1, 10)


def test_a_field_without_a_default_after_one_with_is_refused_when_the_class_is_made():
    with pytest.raises(TypeError, match="non-default field 'b'"):
        class Bad(Value):
            a: int = 0
            b: int

    with pytest.raises(TypeError, match="non-default field 'b'"):
        class Worse(Record):
            a: list = dataclasses.field(default_factory=list)
            b: int


def test_only_a_default_or_a_factory_is_taken_from_field():
    with pytest.raises(TypeError, match="only field"):
        class Hidden(Value):
            a: int = dataclasses.field(default=0, repr=False)


def test_a_class_variable_is_no_field():
    from typing import ClassVar

    class Counted(Value):
        LIMIT: ClassVar[int] = 3
        n: int = 0

    assert Counted._fields == ("n",) and Counted(2) == Counted(n=2) and Counted.LIMIT == 3
    unpostponed = type("Unpostponed", (Value,), {"__annotations__": {"LIMIT": ClassVar[int], "n": int}, "LIMIT": 3})
    assert unpostponed._fields == ("n",) and unpostponed(n=2).n == 2


def test_a_class_with_its_own_init_keeps_it_and_its_parent_writes_its_own():
    class Pair(Value):
        a: int
        b: int = 0

    class Doubled(Pair):
        def __init__(self, a):
            super().__init__(a, 2 * a)

    assert Doubled(3) == Doubled(3) and (Doubled(3).a, Doubled(3).b) == (3, 6)
    assert "_first" not in repr(Doubled.__init__) and Pair(1) == Pair(1, 0) and Doubled(4).b == 8


def test_replace_makes_a_changed_copy_checked_as_any_other():
    bag = Bag("a", ["torch"])
    other = replace(bag, size=4)
    assert other == Bag("a", ["torch"], {}, 4) and bag.size == 3 and other.items is bag.items
    t = Tally(1, ["x"])
    assert replace(t, note="n") == Tally(1, ["x"], "n") and t.note == ""
    with pytest.raises(ValueError, match="no one"):
        replace(t, who=-1)
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        replace(bag, colour="red")
    with pytest.raises(TypeError, match="Value or a Record"):
        replace(dataclasses.make_dataclass("D", ["a"])(1), a=2)


def _kinds():
    """A fresh value class and a fresh record class, none of their kind made yet."""
    class Made(Value):
        a: int
        b: str = "b"
        c: list = dataclasses.field(default_factory=list)

        def __post_init__(self):
            if self.a == 13:
                raise ValueError("unlucky")

    class Kept(Record):
        a: int
        b: dict = dataclasses.field(default_factory=dict)
        c: int = 0

    return Made, Kept


CALLS = [((1,), {}), ((1, "x"), {}), ((1, "x", [2]), {}), ((), {"a": 1}), ((1,), {"c": [3], "b": "y"}),
         ((13,), {}), ((), {}), ((1, "x", [2], 4), {}), ((1,), {"a": 2}), ((1,), {"z": 0}), ((), {"b": "y"})]


def _made(cls, args, kwargs):
    try:
        obj = cls(*args, **kwargs)
    except (TypeError, ValueError) as exc:
        return type(exc), str(exc)
    return obj._values()


@pytest.mark.parametrize("args, kwargs", CALLS, ids=repr)
def test_the_first_of_a_kind_are_made_as_the_written_init_makes_them(args, kwargs):
    """The first of a kind are made by a shared ``__init__`` that binds the fields itself;
    once many are made, a class's own is written. Both make the same values (a factory's
    object fresh each time) and refuse the same calls with the same error."""
    from solo import values

    for i in range(2):
        first = _kinds()[i]
        written = _kinds()[i]
        written.__init__ = values._init_for(written)
        assert _made(first, args, kwargs) == _made(written, args, kwargs)
    first, _ = _kinds()
    a, b = first(1), first(1)
    assert a.c == [] and a.c is not b.c


def test_a_class_writes_its_own_init_once_many_of_its_kind_are_made():
    from solo.values import WRITE_AFTER

    made, _ = _kinds()
    shared = made.__init__
    for n in range(WRITE_AFTER):
        made(100 + n)
    assert made.__init__ is shared
    made(1)
    assert made.__init__ is not shared and made(2, "q") == made(2, "q", [])
    refused, _ = _kinds()
    with pytest.raises(TypeError, match="unexpected keyword argument 'z'"):
        refused(1, z=2)  # Python's own words: the written __init__ says it
