"""Card classes over the whole deck, suit and Aptitude names, and the card errors' wording."""

import pytest

from solo.nott.cards import (
    BLACK_JOKER, CLUBS, DIAMONDS, HEARTS, RED_JOKER, SPADES, card, card_str, is_atmospheric, is_face,
    is_joker, is_number, parse_card, parse_suit, severity,
)
from solo.nott.errors import InvalidCardError

SUITED = [(r, s) for s in (SPADES, HEARTS, CLUBS, DIAMONDS) for r in range(1, 14)]


def band(r):
    """The Threat Card bands of the rulebook: "1–4: Atmospheric", "5–7: Potentially dangerous",
    "8–10: Difficult and dangerous", and the face cards, the Killer."""
    return "atmospheric" if r <= 4 else "dangerous" if r <= 7 else "deadly" if r <= 10 else "killer"


@pytest.mark.parametrize("r,s", SUITED)
def test_every_suited_card_is_classed_by_its_rank_alone(r, s):
    c = card(r, s)
    assert severity(c) == band(r)
    assert is_number(c) is (r <= 10)
    assert is_face(c) is (r >= 11)
    assert is_atmospheric(c) is (r <= 4)
    assert is_joker(c) is False


@pytest.mark.parametrize("joker", [RED_JOKER, BLACK_JOKER])
def test_a_joker_is_neither_number_nor_face_nor_atmospheric(joker):
    """The Jokers are "kept separate for the final act": no rank, no band of their own but 'joker'."""
    assert is_joker(joker)
    assert not is_number(joker) and not is_face(joker) and not is_atmospheric(joker)
    assert severity(joker) == "joker"


@pytest.mark.parametrize("bad", [-1, 54, 99])
def test_a_number_that_is_no_card_is_refused_quoting_it(bad):
    with pytest.raises(InvalidCardError) as err:
        card_str(bad)
    assert str(err.value) == f"no such card number: {bad!r}"


@pytest.mark.parametrize("bad", [7, None, 7.5])
def test_parse_card_refuses_what_is_not_text_quoting_it(bad):
    with pytest.raises(InvalidCardError) as err:
        parse_card(bad)
    assert str(err.value) == f"invalid card: {bad!r}"


def test_parse_card_refusal_shows_the_forms_it_reads():
    with pytest.raises(InvalidCardError) as err:
        parse_card("7X")
    assert str(err.value) == "invalid card: '7X' (try forms like 7♠, 7S, 10h, QH, A♦, RJ, BJ)"


@pytest.mark.parametrize("text,s", [
    ("int", CLUBS), ("Intel", CLUBS), ("pow", SPADES), ("fin", DIAMONDS), ("res", HEARTS),
    ("dia", DIAMONDS), ("spa", SPADES), ("hea", HEARTS), ("clu", CLUBS), ("RESOLV", HEARTS),
])
def test_parse_suit_reads_an_unambiguous_beginning_of_a_name(text, s):
    assert parse_suit(text) == s


@pytest.mark.parametrize("text,s", [
    ("S", SPADES), ("h", HEARTS), ("♣", CLUBS), ("♦", DIAMONDS), ("♤", SPADES), ("♡", HEARTS),
    ("Spades", SPADES), ("HEARTS", HEARTS), ("club", CLUBS), ("Diamond", DIAMONDS),
    ("Power", SPADES), ("Resolve", HEARTS), ("intellect", CLUBS), (" Finesse ", DIAMONDS),
])
def test_parse_suit_reads_symbols_letters_names_and_aptitudes(text, s):
    """"♠ (Spades): Power", "♥ (Hearts): Resolve", "♣ (Clubs): Intellect", "♦ (Diamonds): Finesse"."""
    assert parse_suit(text) == s


@pytest.mark.parametrize("bad", ["Luck", "", "pades", "x", "powers", "spadess"])
def test_parse_suit_refuses_other_words_quoting_them(bad):
    with pytest.raises(InvalidCardError) as err:
        parse_suit(bad)
    hint = ": did you mean Power?" if bad == "powers" else ""  # refused, with the word likely meant
    assert str(err.value) == f"invalid suit or aptitude: {bad!r}{hint} (Power/♠, Resolve/♥, Intellect/♣, Finesse/♦)"
