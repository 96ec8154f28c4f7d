"""The rules core's events are frozen value classes (solo/values.py): what a
frozen dataclass with the same fields would be, field for field, but made at import without
writing six methods per class. Each check here is against that dataclass, built beside it."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from solo.nott import events as E
from solo.values import Value

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
