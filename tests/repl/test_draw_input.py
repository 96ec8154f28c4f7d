"""Cards typed by hand that are no card (issue 49, class 5): ``draw 7S 7S``, ``draw 1e9S``,
``draw None``, ``draw -1S`` and every token like them are refused in one line quoting what was
typed (an :class:`~solo.nott.errors.InvalidCardError`, a ``ValueError``); nothing changes: no
card drawn, no line of story. A character's action told in words stays story."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solo.nott.actions import is_told_draw, parse_draw
from solo.nott.cards import card, parse_card
from solo.nott.errors import InvalidCardError

from .conftest import make_shell, output

#: Each names no card; none may draw one or be written as story.
NOT_CARDS = [
    "7S 7S", "1e9S", "None", "-1S",  # as found
    "7♠7♠", "A♠A♠", "AS AS", "7 S S", "7S 8H", "7S, 8H", "7S and", "ace ace", "seven", "seven seven",  # two, or half
    "+7S", "07S", "7.0S", "0S", "11S", "1 0 S", "99999999999", "-1", "0", "53", "1e9", "0x1f", "1/2",  # numbers
    "null", "nil", "NaN", "inf", "Infinity", "true", "False", "undefined", "void", "none none",  # a program's words
    "{7S}", "(7S)", "[7S]", "'7S'x", "7S;rm", "7S!", "%s", "{}", "\\x00", "S7", "7SS", "7X", "J", "♠",  # marks
    "７S", "𝟕S", "⑦S", "Ⅶ S", "١S", "7ｓ",  # digits that are not 0–9
    "joker", "jokers", "the joker", "of spades", "spades", "7 of", "ace of knives", "a jack",  # card words only
    "x7" * 150, "7S " * 50,  # long
]

#: A character's action told in words: story, as before.
TOLD = ["my knife", "my knife and back toward the door", "a deep breath", "the curtains", "back", "blood",
        "Kit's knife, slowly.", "as fast as I can", "my club", "\"the knife\"", "x-ray film", "nothing—"]


def started():
    sh = make_shell()
    assert sh.run_line("new ashcan seed 3") and sh.run_line("quick")
    return sh


def state(sh):
    """What a draw changes: the table, the steps, the save and the transcript."""
    night = sh.night

    def text(path):
        return path.read_bytes() if path is not None and path.exists() else None

    return night.game.state_key(), list(night.steps), text(night.save_path), text(night.transcript.path)


@pytest.mark.parametrize("typed, pile", [(t, "") for t in NOT_CARDS]
                         + [(t, "trophy ") for t in ("7S 7S", "1e9S", "None", "-1S", "seven", "my 7S")])
def test_a_token_that_is_no_card_is_refused_in_one_line_and_nothing_changes(typed, pile):
    sh = started()
    before, n = state(sh), len(output(sh))
    ok = sh.run_line(f"draw {pile}{typed}")
    shown = output(sh)[n:]
    assert not ok and shown.startswith("error: ") and shown.count("\n") == 1, shown
    assert "is not a card" in shown
    quoted = " ".join(typed.split())
    assert repr(quoted if len(quoted) <= 40 else quoted[:39] + "…") in shown, shown  # what was typed, cut short
    assert state(sh) == before


@pytest.mark.parametrize("typed", NOT_CARDS)
def test_parse_draw_raises_the_card_error_quoting_the_input(typed):
    with pytest.raises(InvalidCardError) as err:
        parse_draw(typed)
    assert isinstance(err.value, ValueError) and "\n" not in str(err.value)
    assert not is_told_draw(typed)


@pytest.mark.parametrize("typed", TOLD)
def test_a_characters_action_told_after_draw_stays_story(typed):
    sh = started()
    steps = len(sh.night.steps)
    assert sh.run_line(f"draw {typed}")
    assert len(sh.night.steps) == steps + 1 and not sh.night.steps[-1].actions
    assert sh.night.steps[-1].say == f"draw {typed}"


def test_a_word_refused_says_how_to_write_it_as_story():
    sh = started()
    n = len(output(sh))
    assert not sh.run_line("draw seven")
    assert "to write it as story: say draw seven" in output(sh)[n:]


def test_one_space_at_most_between_rank_and_suit():
    assert parse_card("7 S") == parse_card("7S") == card(7, 0)
    for bad in ("1 0 S", "7 S S", "7\tS x"):
        with pytest.raises(InvalidCardError):
            parse_card(bad)


def test_a_card_spoken_with_the_is_that_card():
    assert parse_draw("the seven of spades").card == card(7, 0)
    assert parse_draw("the 7S").card == card(7, 0) and parse_draw("a seven of hearts").card == card(7, 1)


#: The forms a card is typed in (after an article, "the 7S"): one rank, one suit, a space between at most.
CARD_TYPED = re.compile(r"(?i)(?:(?:the|an?) )?(?:10|[2-9ajqkt1]) ?[shcd♠♥♣♦♤♡♧♢]|rj|bj")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("0123456789SHCDshcdAJQKT♠♥-+.,e xN/oneul()"), min_size=1, max_size=8))
def test_any_token_either_names_one_card_or_is_refused(typed):
    """A token draws a card only when it is one rank and one suit; one with a digit, sign or
    mark in it is never story."""
    try:
        parse_draw(typed)
    except InvalidCardError:
        if is_told_draw(typed):
            assert all(c.isalpha() or c in " ,.()-" for c in typed), typed
        return
    except ValueError:  # nothing typed at all
        assert not typed.split() or typed.split()[0].lower() in ("trophy", "removed", "remove", "threat")
        return
    assert CARD_TYPED.fullmatch(" ".join(typed.split())), typed
