import pytest

from solo.nott.cards import (
    ACE, BLACK_JOKER, CLUBS, DIAMONDS, HEARTS, JACK, KING, QUEEN, RED_JOKER, SPADES, card, card_ascii,
    card_str, is_atmospheric, is_face, is_joker, is_number, parse_card, parse_suit, rank, severity, suit,
)
from solo.nott.errors import InvalidCardError


def test_deck_has_52_cards_and_two_distinct_jokers():
    names = {card_str(c) for c in range(54)}
    assert len(names) == 54
    assert card_str(RED_JOKER) == "RJ" and card_str(BLACK_JOKER) == "BJ"


@pytest.mark.parametrize("text,r,s", [
    ("7♠", 7, SPADES), ("10♥", 10, HEARTS), ("A♦", ACE, DIAMONDS), ("Q♣", QUEEN, CLUBS),
    ("7S", 7, SPADES), ("QH", QUEEN, HEARTS), ("10d", 10, DIAMONDS), ("kc", KING, CLUBS),
    ("jS", JACK, SPADES), (" a ♥ ", ACE, HEARTS), ("TD", 10, DIAMONDS), ("1s", ACE, SPADES),
])
def test_parse_card_forms(text, r, s):
    c = parse_card(text)
    assert (rank(c), suit(c)) == (r, s)


@pytest.mark.parametrize("text,joker", [("RJ", RED_JOKER), ("bj", BLACK_JOKER), ("Red Joker", RED_JOKER)])
def test_parse_jokers(text, joker):
    assert parse_card(text) == joker
    assert is_joker(joker) and suit(joker) == -1 and rank(joker) == 0


def test_text_round_trip_for_every_card():
    for c in range(54):
        assert parse_card(card_str(c)) == c
        assert parse_card(card_ascii(c)) == c


def test_aces_are_one():
    assert rank(parse_card("A♠")) == 1


@pytest.mark.parametrize("bad", ["", "11S", "0H", "7X", "ZZ", "♠7", "10", "QQ", "joker"])
def test_bad_card_text_is_refused_quoting_input(bad):
    with pytest.raises(InvalidCardError) as err:
        parse_card(bad)
    assert repr(bad) in str(err.value)
    assert isinstance(err.value, ValueError)


def test_severity_bands():
    # "1–4: Atmospheric", "5–7: Potentially dangerous", "8–10: Difficult and dangerous", faces = the Killer
    assert [severity(card(r, 0)) for r in range(1, 14)] == (
        ["atmospheric"] * 4 + ["dangerous"] * 3 + ["deadly"] * 3 + ["killer"] * 3)
    assert severity(RED_JOKER) == "joker"
    assert all(is_atmospheric(card(r, 1)) for r in range(1, 5)) and not is_atmospheric(card(5, 1))
    assert is_face(card(11, 2)) and not is_face(card(10, 2)) and not is_face(RED_JOKER)
    assert is_number(card(1, 3)) and not is_number(card(12, 3))


@pytest.mark.parametrize("text,s", [("Power", 0), ("resolve", 1), ("♣", 2), ("D", 3), ("spades", 0), ("Heart", 1)])
def test_parse_suit_and_aptitude(text, s):
    assert parse_suit(text) == s


def test_parse_suit_refuses_quoting():
    with pytest.raises(InvalidCardError, match="'Luck'"):
        parse_suit("Luck")
