"""Cards drawn by hand from a real deck (issue 38): ``Draw(card)`` plays the typed card where the
rules draw one — the Threat Card, the Trophy Pile's top, the faster game's removed cards — and
refuses, in one line that says why, a card that cannot be there now. Expected sets come from the
rules text (nott-ashcan-2025.md), not from the engine's own bookkeeping."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.nott import events as E
from solo.nott.actions import Draw, Resolve, Roll, Test, parse_action, parse_draw
from solo.nott.cards import (ALL_CARDS, BLACK_JOKER, CLUBS, DIAMONDS, HEARTS, JACK, QUEEN, RED_JOKER, SPADES,
                             card, card_str, parse_card)
from solo.nott.cast import quick_cast
from solo.nott.chance import ScriptedChance, SeededChance
from solo.nott.errors import ImpossibleDrawError, InvalidActionError, InvalidCardError
from solo.nott.game import CHOOSE_TESTER, Game
from solo.nott.rules import ASHCAN, PLAYTEST, RULESETS

from .test_properties import first_difference

SEVEN_SPADES = card(7, SPADES)
EVERY_RULESET = [*RULESETS.values(), *(r.with_(fast_setup=True) for r in RULESETS.values())]
RULESET_IDS = [f"{r.name}{'-fast' if r.fast_setup else ''}" for r in EVERY_RULESET]


def game(rules=ASHCAN, seed: int = 7) -> Game:
    return Game(quick_cast(seed)[: rules.max_cast], rules, seed=seed)


def win(g: Game) -> list:
    """The first living character takes the Threat Card on and rolls 9 + 1 (a success on any
    number card; Clean)."""
    return g.push(Test(g.living()[0])) + g.push(Roll(9, 1)) + g.push(Resolve(0))


def lose(g: Game) -> list:
    return g.push(Test(g.living()[0])) + g.push(Roll(0, 1)) + g.push(Resolve(0))


def refused(g: Game, action: Draw) -> str:
    """The one-line reason a draw is refused; the table is left exactly as it was."""
    before = g.state_key()
    with pytest.raises(ImpossibleDrawError) as err:
        g.push(action)
    assert g.state_key() == before
    text = str(err.value)
    assert "\n" not in text and text.startswith(
        {RED_JOKER: "the Red Joker", BLACK_JOKER: "the Black Joker"}.get(action.card, card_str(action.card)))
    return text


# ---------------------------------------------------------------------- the Threat Card


@pytest.mark.parametrize("rules", EVERY_RULESET, ids=RULESET_IDS)
def test_draw_7s_plays_exactly_that_card_as_the_next_threat_card_in_every_ruleset(rules):
    """7♠ joins the Threat Deck from the Number Reserve ("the next card from the Number Reserve
    to the bottom"); once there, drawn by hand it is the Threat Card, whatever the seed had put on
    top, and the rest of the deck keeps the seed's order."""
    g = game(rules, seed=3)
    if SEVEN_SPADES in g.removed:  # the faster game took it out: say it was another 7 (at set-up)
        g.push(parse_action("draw removed 7H"))
        assert SEVEN_SPADES in g.number_reserve
    for _ in range(200):  # play on until 7♠ can come up: among the cards whose order no one knows
        if SEVEN_SPADES in g.deck[: g.blocks[0]] and g.phase == CHOOSE_TESTER:
            break
        if g.threat < 52 and g.threat % 13 < 10:
            lose(g)  # number cards go to the bottom, and the Number Reserve's cards join them
        else:
            win(g)  # a confrontation shuffles the whole Threat Deck
    else:
        pytest.fail("7♠ never came into reach")
    deck, old = list(g.deck), g.threat
    events = g.push(parse_action("draw 7S"))
    assert g.threat == SEVEN_SPADES and g.problems() == []
    assert events == [E.ThreatRevealed(SEVEN_SPADES, 7, True, None if old == SEVEN_SPADES else old)]
    k = deck.index(SEVEN_SPADES)
    deck[0], deck[k] = SEVEN_SPADES, old  # the seed's card goes where 7♠ was
    assert g.deck == deck
    g.pop()
    assert g.threat == old


@pytest.mark.parametrize("rules", EVERY_RULESET, ids=RULESET_IDS)
def test_the_first_threat_card_is_one_of_the_aces_laid_face_up_on_top(rules):
    """"The four Aces are placed on top of this stack face up": the first Threat Card is
    whichever Ace the Director laid on top; nothing under them can come first."""
    g = game(rules)
    aces = {card(1, s) for s in (SPADES, HEARTS, CLUBS, DIAMONDS)}
    for c in ALL_CARDS:
        if c in aces:
            g.push(Draw(c))
            assert g.threat == c
            g.pop()
        elif c in g.deck:
            assert "the Aces lie face up on top of the Threat Deck" in refused(g, Draw(c))
        else:
            refused(g, Draw(c))


@pytest.mark.parametrize("rules", [ASHCAN, PLAYTEST], ids=["ashcan", "playtest"])
def test_after_the_aces_only_the_cards_shuffled_in_at_set_up_can_come_up(rules):
    """After the four Aces, the next card is one of the face-down stack: "the 2s, 3s, 4s, and one
    Jack" (any Jack: which one was shuffled in no one has seen). The 5s the Aces' successes put
    "to the bottom of the Threat Deck" come only after them; the Aces are trophies."""
    g = game(rules)
    for _ in range(4):
        win(g)
    stack = {card(r, s) for r in (2, 3, 4) for s in range(4)} | {card(JACK, s) for s in range(4)}
    fives = {card(5, s) for s in range(4)}
    for c in ALL_CARDS:
        if c in stack:
            g.push(Draw(c))
            assert g.threat == c and g.problems() == []
            g.pop()
            continue
        why = refused(g, Draw(c))
        if c in fives:
            assert "lies lower in the Threat Deck" in why
        elif c % 13 == 0 and c < 52:
            assert why.endswith("it is on top of the Trophy Pile") or why.endswith("it is in the Trophy Pile")
        elif c in (RED_JOKER, BLACK_JOKER):
            assert "the Threat Deck holds no Joker before the Endgame" in why
        elif c % 13 == QUEEN - 1:
            assert why.endswith("it is in the Queen Reserve")


def test_the_set_up_jack_is_the_one_drawn_and_the_others_stay_in_the_reserve():
    g = game()
    for _ in range(4):
        win(g)
    (dealt,) = [c for c in g.deck if c < 52 and c % 13 == JACK - 1]
    other = next(card(JACK, s) for s in range(4) if card(JACK, s) != dealt)
    g.push(Draw(other))
    assert g.threat == other and dealt in g.reserves[0] and other not in g.reserves[0]
    assert sorted(g.reserves[0] + [other]) == [card(JACK, s) for s in range(4)]
    assert g.problems() == []


def test_a_card_failed_to_the_bottom_comes_up_only_after_the_cards_above_it():
    """"The Threat Card is placed on the bottom of the Threat Deck to haunt you again later"."""
    g = game()
    for _ in range(4):
        win(g)
    failed = g.threat  # a 2, 3, 4 or the Jack
    if failed % 13 >= 10:
        g.push(Draw(card(2, SPADES)))
        failed = g.threat
    lose(g)
    assert failed in g.deck
    assert "lies lower in the Threat Deck" in refused(g, Draw(failed))


def test_one_threat_card_is_drawn_by_hand_once_and_only_between_tests():
    g = game()
    ace = card(1, HEARTS)
    g.push(Draw(ace))
    assert "was drawn by hand already (undo to draw another)" in refused(g, Draw(card(1, CLUBS)))
    g.push(Test(0))
    assert "Test of A♥ is under way" in refused(g, Draw(card(1, CLUBS)))


def test_impossible_cards_each_say_why():
    g = game()
    win(g)
    trophy_ace = g.trophy[0]
    assert refused(g, Draw(trophy_ace)).endswith(f"{card_str(trophy_ace)} cannot be drawn: it is on top of the "
                                                 "Trophy Pile")
    assert refused(g, Draw(SEVEN_SPADES)) == "7♠ cannot be drawn: it is still in the Number Reserve"
    assert refused(g, Draw(RED_JOKER)).startswith("the Red Joker cannot be drawn: the Threat Deck holds no Joker "
                                                  "before the Endgame")
    assert refused(g, Draw(card(QUEEN, HEARTS))) == "Q♥ cannot be drawn: it is in the Queen Reserve"
    with pytest.raises(InvalidCardError) as err:
        parse_draw("7X")
    assert str(err.value).startswith("'7X' is not a card: try forms like 7♠, 7S")
    with pytest.raises(InvalidActionError):
        parse_action("draw 7X")


@pytest.mark.parametrize("typed, expected", [
    ("7S", "7♠"), ("7s", "7♠"), ("7♠", "7♠"), ("10H", "10♥"), ("TH", "10♥"), ("QD", "Q♦"),
    ("A♣", "A♣"), ("seven of spades", "7♠"),
    ("red joker", "RJ"), ("Black Joker", "BJ"), ("RJ", "RJ"), ("bj", "BJ"), ("trophy 10c", "10♣"),
])
def test_typed_cards_read_in_every_form(typed, expected):
    d = parse_draw(typed)
    assert card_str(d.card) == expected and d.pile == ("trophy" if typed.startswith("trophy") else "threat")
    assert parse_action(str(d)) == d  # the save's text form reads back


# ---------------------------------------------------------------------- Jokers and the Trophy Pile


def endgame_table(chance=None) -> Game:
    return Game.stacked(quick_cast(1), ASHCAN, chance, threat=["KS", "QH", "RJ", "BJ"], trophy=["5H", "9C", "3D"],
                        weaknesses=["JS", "JH", "JC", "JD"])


def test_a_joker_drawn_by_hand_triggers_with_the_trophy_pile_shuffled_first():
    """"When the Director would reveal a Joker … Its effect is triggered immediately … the
    Director first shuffles the Trophy Pile, and the value of its top card becomes the Difficulty.\""""
    g = endgame_table(ScriptedChance(shuffles={"trophy": [["9C"]]}))
    events = g.push(parse_action("draw red joker"))
    assert g.threat == RED_JOKER and g.trophy_top == card(9, CLUBS)
    assert events == [E.Shuffled(E.TROPHY), E.JokerRevealed(RED_JOKER, 9, card(9, CLUBS), True, card(13, SPADES))]
    g.pop()
    assert g.threat == card(13, SPADES) and g.trophy_top == card(5, HEARTS)


def test_a_card_drawn_in_place_of_a_joker_takes_back_the_jokers_shuffle():
    """The chance source put the Red Joker on top and shuffled the Trophy Pile for it; the card
    drawn by hand is a King, so no Joker came up and the pile is as it was."""
    g = Game.stacked(quick_cast(1), ASHCAN, ScriptedChance(shuffles={"trophy": [["3D"]]}), threat=["RJ", "KS", "QH"],
                     trophy=["5H", "9C", "3D"], weaknesses=["JS", "JH", "JC", "JD"])
    assert g.trophy_top == card(3, DIAMONDS)
    g.push(Draw(card(13, SPADES)))
    assert g.trophy == [card(5, HEARTS), card(9, CLUBS), card(3, DIAMONDS)]
    assert g.difficulty() == 5 + 3  # "Trophy Pile's top card" + King +3
    assert "the Trophy Pile's top, 5♥, was put there face up" in refused(g, Draw(card(9, CLUBS), "trophy"))


def test_the_trophy_top_is_drawn_after_a_shuffle_and_then_sets_the_difficulty():
    """"the entire Threat Deck and Trophy Pile are shuffled and a new Threat Card and the new top
    card of the Trophy Pile get revealed"; a face card's difficulty is "the Trophy Pile's top card"
    plus its modifier."""
    g = endgame_table(ScriptedChance(shuffles={"threat": [["QH"]]}))
    assert g.difficulty() == 5 + 3
    assert "was put there face up" in refused(g, Draw(card(9, CLUBS), "trophy"))
    win(g)  # K♠ beaten (its weakness already found): the deck and the Trophy Pile are shuffled
    assert g.threat == card(QUEEN, HEARTS) and g.trophy_top == card(5, HEARTS)
    events = g.push(Draw(card(9, CLUBS), "trophy"))
    assert g.trophy_top == card(9, CLUBS) and g.difficulty() == 9 + 2
    assert events == [E.DrawnByHand(card(9, CLUBS), "trophy", card(5, HEARTS), card(QUEEN, HEARTS), 11)]
    assert "the Trophy Pile's top 9♣ was drawn by hand already" in refused(g, Draw(card(3, DIAMONDS), "trophy"))
    assert "is not in it" in refused(g, Draw(card(8, CLUBS), "trophy"))


def test_the_ashcan_trophy_starts_with_the_ten_drawn_by_hand():
    """"the Director takes the bottom card (a random 10) from the Number Reserve"."""
    g = game(ASHCAN)
    was = g.trophy_top
    ten = next(card(10, s) for s in range(4) if card(10, s) != was)
    assert "starts with a 10" in refused(g, Draw(card(9, CLUBS), "trophy"))
    g.push(Draw(ten, "trophy"))
    assert g.trophy == [ten] and was in g.number_reserve and ten not in g.number_reserve
    win(g)
    assert "was put there face up" in refused(g, Draw(ten, "trophy"))


def test_the_playtest_trophy_starts_empty_so_nothing_is_drawn_for_it():
    """Playtest: "Start empty - no initial card is placed"."""
    g = game(PLAYTEST)
    assert "the Trophy Pile starts empty in the playtest rules" in refused(g, Draw(card(10, SPADES), "trophy"))


# ---------------------------------------------------------------------- the faster game's removed cards


def test_the_cards_the_faster_game_removed_are_named_before_the_first_test():
    """"For a faster game they can remove a random 2, 3, 4, 5, 6, 7, 8, 9 and 10": which one of
    each rank is the player's; a card the chance source removed comes back in its place."""
    g = game(ASHCAN.with_(fast_setup=True))
    two = next(c for c in g.removed if c % 13 == 1)
    mine = next(card(2, s) for s in range(4) if card(2, s) != two)
    g.push(Draw(mine, "removed"))
    assert mine in g.removed and two in g.deck and mine not in g.deck and g.problems() == []
    another = next(card(2, t) for t in range(4) if card(2, t) != mine)
    assert "the 2 removed was named already" in refused(g, Draw(another, "removed"))
    assert "removes one each of the 2s to 10s" in refused(g, Draw(card(JACK, SPADES), "removed"))
    five = next(c for c in g.removed if c % 13 == 4)
    g.push(Draw(next(card(5, t) for t in range(4) if card(5, t) != five), "removed"))
    assert five in g.number_reserve
    win(g)
    assert "before the first Test" in refused(g, Draw(card(3, SPADES), "removed"))
    assert "the faster set-up is not in play" in refused(game(ASHCAN), Draw(card(3, SPADES), "removed"))


# ---------------------------------------------------------------------- undo over random hand draws

rulesets = st.sampled_from(EVERY_RULESET)


def candidates(g: Game, rng_pick) -> Draw:
    """A draw to try: most often one the rules allow, sometimes any card at all."""
    kind = rng_pick(st.sampled_from(["threat", "threat", "threat", "trophy", "removed", "any"]))
    if kind == "threat":
        return Draw(rng_pick(st.sampled_from(g.deck[: g.blocks[0]])))
    if kind == "trophy" and g.trophy:
        pool = g.trophy if g.trophy_from == "shuffle" else [c for c in ALL_CARDS if c < 52 and c % 13 == 9]
        return Draw(rng_pick(st.sampled_from(pool)), "trophy")
    if kind == "removed":
        return Draw(rng_pick(st.sampled_from([c for c in ALL_CARDS if c < 52 and 1 <= c % 13 <= 9])), "removed")
    return Draw(rng_pick(st.sampled_from(ALL_CARDS)), rng_pick(st.sampled_from(["threat", "trophy", "removed"])))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rules=rulesets, data=st.data())
def test_random_hand_draws_keep_the_table_sound_and_undo_restores_every_state(seed, rules, data):
    g = Game(quick_cast(seed)[: rules.max_cast], rules, SeededChance(seed))
    keys = [copy.deepcopy(g.state_key())]  # a copy: a key that shared a list with the table would follow it
    drawn = 0
    for _ in range(600):
        if g.outcome() is not None:
            break
        if g.phase == CHOOSE_TESTER and data.draw(st.integers(0, 2), label="draw?") == 0:
            d = candidates(g, lambda s: data.draw(s))
            before = g.state_key()
            try:
                g.push(d)
            except ImpossibleDrawError:
                assert g.state_key() == before
                continue
            drawn += 1
            if d.pile == "threat":
                assert g.threat == d.card
            elif d.pile == "trophy":
                assert g.trophy_top == d.card
            else:
                assert d.card in g.removed
        else:
            g.push(data.draw(st.sampled_from(g.legal_actions()), label="action"))
        assert g.problems() == [], g.problems()
        assert sum(g.blocks) == len(g.deck) and min(g.blocks, default=1) >= 1
        keys.append(copy.deepcopy(g.state_key()))
    for n, k in enumerate(reversed(keys[:-1]), 1):
        g.pop()
        if g.state_key() != k:
            raise AssertionError(f"undo {n} did not restore the table: {first_difference(g.state_key(), k)}")


def test_a_hand_drawn_game_replays_from_its_move_list():
    g = game(ASHCAN, seed=11)
    g.push(Draw(card(1, DIAMONDS)))
    win(g)
    g.push(Draw(card(1, SPADES)))
    lose(g)
    again = game(ASHCAN, seed=11)
    for a in g.move_stack:
        again.push(parse_action(str(a)))
    assert again.state_key() == g.state_key()
    assert parse_card("AD") == card(1, DIAMONDS)


def test_a_jack_drawn_while_the_aces_lie_on_top_is_refused_for_the_aces():
    g = game()
    (dealt,) = [c for c in g.deck if c < 52 and c % 13 == JACK - 1]
    other = next(card(JACK, s) for s in range(4) if card(JACK, s) != dealt)
    for j in (dealt, other):
        assert "the Aces lie face up on top of the Threat Deck" in refused(g, Draw(j))
