"""Every error is a specific ValueError quoting the bad input."""

import pytest

from solo.nott.errors import InvalidCardError as NottInvalidCardError
from solo.t13 import (
    DifficultyError, InvalidCardError, Participant, ParticipantError, Rules, RulesError, ScriptedChance,
    T13Error, UnknownFacetError, card_difficulty, resolve_draw, run_test,
)
from solo.t13.cards import as_card, parse_suit
from solo.t13.errors import InvalidSuitError


@pytest.mark.parametrize("bad", ["11♠", "ZZ", "7X", "", "joker", 54, -1, True, 3.0])
def test_bad_card(bad):
    with pytest.raises(InvalidCardError) as e:
        as_card(bad)
    assert repr(bad) in str(e.value)
    assert isinstance(e.value, ValueError) and isinstance(e.value, NottInvalidCardError)


def test_bad_card_everywhere_it_enters():
    for call in (lambda: resolve_draw("Trial", 1, "Q★"), lambda: Participant("A", "Trial", 1, card="Q★"),
                 lambda: ScriptedChance(["7♠", "Q★"]), lambda: card_difficulty("Q★")):
        with pytest.raises(InvalidCardError) as e:
            call()
        assert "'Q★'" in str(e.value)


def test_unknown_facet_everywhere_it_enters():
    for call in (lambda: resolve_draw("Stealth", 1, "7♠"), lambda: Participant("A", "Stealth", 1),
                 lambda: resolve_draw("Trial", 1, "7♠", proficiencies=["Stealth"]),
                 lambda: Participant("A", "Trial", 1, proficiencies=[("Sneak", "Stealth")])):
        with pytest.raises(UnknownFacetError) as e:
            call()
        assert "'Stealth'" in str(e.value)


@pytest.mark.parametrize("bad", ["Stars", 4, "", None])
def test_bad_suit(bad):
    with pytest.raises(InvalidSuitError) as e:
        parse_suit(bad)
    assert repr(bad) in str(e.value)


@pytest.mark.parametrize("kwargs, quoted", [
    ({"joker": "wild"}, "'wild'"), ({"ties": "coin"}, "'coin'"), ({"success_places": -1}, "-1"),
    ({"failure_below": 0}, "0"), ({"opposite_colour_failure": "yes"}, "'yes'"),
])
def test_bad_rules(kwargs, quoted):
    with pytest.raises(RulesError) as e:
        Rules(**kwargs)
    assert quoted in str(e.value)


def test_bad_rules_knob():
    with pytest.raises(RulesError) as e:
        Rules().with_(jokers="zero")
    assert "'jokers'" in str(e.value)


@pytest.mark.parametrize("bad", [-3, "12", 2.5])
def test_bad_draw_value(bad):
    with pytest.raises(ParticipantError) as e:
        Participant("A", "Trial", bad)
    assert repr(bad) in str(e.value)


@pytest.mark.parametrize("bad", [-1, "9", None])
def test_bad_difficulty(bad):
    with pytest.raises((DifficultyError, ParticipantError)) as e:
        run_test([Participant("A", "Trial", 1, card="2♠")], bad)
    assert repr(bad) in str(e.value)


def test_bad_group():
    with pytest.raises(ParticipantError):
        run_test([], 5)
    with pytest.raises(ParticipantError) as e:
        run_test([Participant("Ada", "Trial", 1, card="2♠"), Participant("Ada", "Awe", 1, card="3♠")], 5)
    assert "'Ada'" in str(e.value)
    with pytest.raises(ParticipantError) as e:
        Participant("", "Trial", 1)
    assert "''" in str(e.value)
    with pytest.raises(ParticipantError) as e:
        Participant("A", "Trial", 1, proficiencies="Trial")
    assert "'Trial'" in str(e.value)


def test_all_errors_are_value_errors():
    assert issubclass(T13Error, ValueError)
