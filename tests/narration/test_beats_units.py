"""Beats from events, one event at a time: each event of the rules core becomes the beat its
docstring names, with the card and character facts worked by hand from the card numbering
(``card(rank, suit) = suit * 13 + rank - 1``; suits ♠ Power, ♥ Resolve, ♣ Intellect,
♦ Finesse) and the cast of ``quick_cast(3)``."""

from __future__ import annotations

import pytest

from solo.narration.beats import Beat
from solo.director.beats import beats_from_events, card_context, character_context, opening_beats, summarize
from solo.nott import Game, quick_cast
from solo.nott import events as E
from solo.nott.cards import BLACK_JOKER, RED_JOKER, card

# quick_cast(3): Hank (Resolve), Sid (Finesse), Randy (Intellect), Eddie (Power)
HANK, SID, RANDY, EDDIE = range(4)


@pytest.fixture
def game():
    return Game(quick_cast(3), seed=3)


def resolved(who=EDDIE, c=card(6, 0), success=False, fallout=1, main=4, rolled=1, adjust=0, diff=7, rerolled=False):
    return E.TestResolved(who=who, card=c, difficulty=diff, main=main, rolled_fallout=rolled, adjust=adjust,
                          fallout=fallout, success=success, rerolled=rerolled)


def kinds(beats):
    return [b.kind for b in beats]


# ---------------------------------------------------------------------- Beat


def test_a_beat_is_a_known_kind_with_its_own_copy_of_the_context():
    ctx = {"player_action": "I run", "summary": "so far", "x": 1}
    b = Beat("dawn", ctx)
    ctx["x"] = 2
    assert b["x"] == 1 and b.get("x") == 1 and b.get("y") is None and b.get("y", 5) == 5
    assert b.player_action == "I run" and b.summary == "so far"
    assert b.to_dict() == {"kind": "dawn", "context": {"player_action": "I run", "summary": "so far", "x": 1}}
    d = b.to_dict()
    d["context"]["x"] = 9
    assert b["x"] == 1
    bare = Beat("dawn")
    assert bare.player_action is None and bare.summary == "" and bare.context == {}
    with pytest.raises(ValueError, match="unknown beat kind 'nap'"):
        Beat("nap")
    with pytest.raises(KeyError):
        b["missing"]


# ---------------------------------------------------------------------- contexts


def test_a_number_card_as_data():
    assert card_context(card(7, 0)) == {
        "card": "7♠", "suit": "Power", "suit_name": "Spades", "suit_symbol": "♠", "nature": "physical challenges",
        "severity": "dangerous", "rank": 7, "face": None, "killer": False, "joker": None}
    assert card_context(card(1, 3))["severity"] == "atmospheric"
    assert card_context(card(10, 2))["severity"] == "deadly" and card_context(card(10, 2))["killer"] is False


def test_face_cards_are_the_killer():
    for r, face in ((11, "Jack"), (12, "Queen"), (13, "King")):
        cc = card_context(card(r, 1))
        assert (cc["face"], cc["killer"], cc["rank"], cc["suit"], cc["suit_name"]) == (face, True, r, "Resolve", "Hearts")
        assert cc["severity"] == "killer" and cc["joker"] is None


@pytest.mark.parametrize("joker,colour,text", [(RED_JOKER, "red", "RJ"), (BLACK_JOKER, "black", "BJ")])
def test_a_joker_as_data(joker, colour, text):
    assert card_context(joker) == {
        "card": text, "suit": None, "suit_name": None, "suit_symbol": None, "nature": None, "severity": "joker",
        "rank": 0, "face": None, "killer": False, "joker": colour}


def test_a_character_as_data(game):
    game.strikes[SID] = 2
    game.genre[SID] = 1
    assert character_context(game, SID) == {
        "who": SID, "name": "Sid", "archetype": "The Thief", "aptitude": "Finesse", "aptitude_symbol": "♦",
        "why": "owes someone here an apology", "strikes": 2, "genre": 1, "alive": True}
    game.dead[SID] = "strikes"
    assert character_context(game, SID)["alive"] is False


def test_the_summary_counts_tests_weaknesses_strikes_and_the_dead(game):
    assert summarize(game) == "After 0 Tests: 0/4 weaknesses found; Hank unhurt, Sid unhurt, Randy unhurt, Eddie unhurt."
    game.strikes[HANK] = 1
    game.strikes[SID] = 2
    game.dead[RANDY] = "strikes"
    game.strikes[RANDY] = 3
    game.tests = 9
    assert summarize(game) == "After 9 Tests: 0/4 weaknesses found; Hank 1 Strike, Sid 2 Strikes, Randy dead, Eddie unhurt."
    game.endgame = True
    assert summarize(game).startswith("After 9 Tests: Endgame; ")


# ---------------------------------------------------------------------- events


def test_the_opening_introduces_the_cast_then_the_first_threat(game):
    beats = opening_beats(game, "We go in.")
    assert kinds(beats) == ["opening", "threat"]
    op = beats[0]
    assert op["names"] == ["Hank", "Sid", "Randy", "Eddie"] and op["ruleset"] == "ashcan"
    assert op["trophy_top"] == "10♣" and op["player_action"] == "We go in."
    assert op["cast"][1] == {"name": "Sid", "archetype": "The Thief", "aptitude": "Finesse",
                             "why": "owes someone here an apology"}
    assert [c["name"] for c in op["cast"]] == op["names"]
    th = beats[1]
    assert th["card"] == "A♥" and th["difficulty"] == 1 and th["suited"] == "Hank"
    assert beats_from_events(game, game.opening_events)[0].kind == "opening"
    assert kinds(beats_from_events(game, list(game.opening_events))) == ["threat"]
    assert kinds(beats_from_events(game, list(game.opening_events), opening=True)) == ["opening", "threat"]
    assert kinds(beats_from_events(game, game.opening_events, opening=False)) == ["threat"]


def test_every_beat_carries_the_common_facts(game):
    game.dead[SID] = "strikes"
    game.tests = 4
    (b,) = beats_from_events(game, [E.ThreatRevealed(card(9, 0), 8)], "I hide.")
    assert b["player_action"] == "I hide." and b["summary"] == summarize(game) and b["tests"] == 4
    assert b["endgame"] is False and b["found"] == 0
    assert b["living"] == ["Hank", "Randy", "Eddie"] and b["living_count"] == 3
    game.endgame = True
    assert beats_from_events(game, [E.ThreatRevealed(card(9, 0), 8)])[0]["endgame"] is True


def test_a_threat_names_the_first_living_character_of_its_suit(game):
    (b,) = beats_from_events(game, [E.ThreatRevealed(card(9, 0), 8)])
    assert b.kind == "threat" and b["suited"] == "Eddie" and b["difficulty"] == 8 and b["card"] == "9♠"
    assert b["severity"] == "deadly" and b["nature"] == "physical challenges"
    game.dead[EDDIE] = "strikes"
    assert beats_from_events(game, [E.ThreatRevealed(card(9, 0), 8)])[0]["suited"] is None


@pytest.mark.parametrize("joker,kind", [(RED_JOKER, "red_joker"), (BLACK_JOKER, "black_joker")])
def test_a_revealed_joker(game, joker, kind):
    (b,) = beats_from_events(game, [E.JokerRevealed(joker, 11, card(4, 2))])
    assert b.kind == kind and b["phase"] == "revealed" and b["success"] is None
    assert b["difficulty"] == 11 and b["trophy_top"] == "4♣" and b["joker"] == ("red" if joker == RED_JOKER else "black")
    (b,) = beats_from_events(game, [E.JokerRevealed(joker, 11, None)])
    assert b["trophy_top"] is None


def test_a_test_begins_with_the_tester_and_whether_the_suit_is_theirs(game):
    (b,) = beats_from_events(game, [E.TestBegan(EDDIE, card(5, 0), 6)])
    assert b.kind == "challenge" and b["name"] == "Eddie" and b["aptitude"] == "Power"
    assert b["aptitude_match"] is True and b["difficulty"] == 6 and b["card"] == "5♠" and b["who"] == EDDIE
    (b,) = beats_from_events(game, [E.TestBegan(HANK, card(5, 0), 6)])
    assert b["aptitude_match"] is False and b["name"] == "Hank"
    (b,) = beats_from_events(game, [E.TestBegan(HANK, RED_JOKER, 6)])
    assert b["aptitude_match"] is False and b["suit"] is None


def test_a_genre_point_spent_tells_the_reroll(game):
    evs = [E.GenrePointSpent(SID, 2), E.Rolled(SID, 5, 2, 4, False, False), E.Rolled(SID, 6, 3, 5, False, True)]
    (b,) = beats_from_events(game, evs)
    assert b.kind == "genre_point" and b["name"] == "Sid" and b["left"] == 2
    assert (b["main"], b["fallout"], b["total"]) == (6, 3, 9)
    assert b["card"] == "A♥" and b["difficulty"] == game.difficulty()
    (b,) = beats_from_events(game, [E.GenrePointSpent(SID, 0)])
    assert (b["main"], b["fallout"], b["total"]) == (None, None, None)
    game.deck = []
    (b,) = beats_from_events(game, [E.GenrePointSpent(SID, 0)])
    assert b["difficulty"] is None and "card" not in b.context


def test_a_genre_point_awarded(game):
    game.genre[RANDY] = 2
    (b,) = beats_from_events(game, [E.GenrePointAwarded(RANDY, 5)])
    assert b.kind == "award" and b["name"] == "Randy" and b["held"] == 2 and b["pool_left"] == 5


def test_an_outcome_tells_the_dice_and_what_followed(game):
    evs = [resolved(EDDIE, card(6, 0), success=False, fallout=2, main=3, rolled=1, adjust=1, rerolled=True),
           E.StrikeGained(EDDIE, 1, "fallout"), E.WeaknessFound(0, card(6, 0), 1)]
    beats = beats_from_events(game, evs)
    assert kinds(beats) == ["outcome", "strike", "weakness"]
    o = beats[0]
    assert (o["difficulty"], o["main"], o["fallout"], o["rolled_fallout"], o["adjust"], o["total"]) == (7, 3, 2, 1, 1, 5)
    assert o["success"] is False and o["rerolled"] is True and o["fallout_name"] == evs[0].fallout_name
    assert o["strike"] is True and o["strike_count"] == 1 and o["dies"] is False and o["weakness"] is True
    assert o["added"] is None and o["added_face"] is None and o["name"] == "Eddie" and o["card"] == "6♠"
    s = beats[1]
    assert s["name"] == "Eddie" and s["strikes"] == 1 and s["strike_number"] == 1 and s["reason"] == "fallout"
    assert s["card"] == "6♠" and s["suit"] == "Power"
    w = beats[2]
    assert w["name"] == "Eddie" and w["found"] == 1 and w["remaining"] == 3 and w["card"] == "6♠"


def test_an_outcome_without_a_strike_counts_the_strikes_already_held(game):
    game.strikes[HANK] = 2
    (o,) = beats_from_events(game, [resolved(HANK, card(2, 1), success=True, fallout=1)])
    assert o["strike"] is False and o["strike_count"] == 2 and o["weakness"] is False and o["success"] is True
    # a Strike for someone else, or after the next Test, is not this outcome's
    o = beats_from_events(game, [resolved(HANK), E.StrikeGained(SID, 1, "x")])[0]
    assert o["strike"] is False
    o = beats_from_events(game, [resolved(HANK), resolved(SID), E.StrikeGained(HANK, 1, "x"),
                                 E.WeaknessFound(1, 0, 1)])[0]
    assert o["strike"] is False and o["weakness"] is False


def test_a_killer_test_names_the_face_card_added_to_the_threat_deck(game):
    evs = [resolved(EDDIE, card(12, 0)), E.CardMoved(card(13, 2), E.KINGS, E.THREAT),
           E.CardMoved(card(11, 3), E.JACKS, E.THREAT)]
    (o,) = beats_from_events(game, evs)
    assert o["killer"] is True and o["added"] == "K♣" and o["added_face"] == "King"
    (o,) = beats_from_events(game, [resolved(EDDIE, card(12, 0)), E.CardMoved(card(3, 2), "number", E.THREAT)])
    assert o["added"] is None and o["added_face"] is None
    (o,) = beats_from_events(game, [resolved(EDDIE, card(9, 0)), E.CardMoved(card(13, 2), E.KINGS, E.THREAT)])
    assert o["added"] is None  # not a Killer card


def test_a_third_strike_is_told_as_a_death(game):
    game.dead[EDDIE] = "strikes"
    evs = [resolved(EDDIE, card(8, 2)), E.StrikeGained(EDDIE, 3, "fallout"), E.CharacterDied(EDDIE, "strikes")]
    beats = beats_from_events(game, evs)
    assert kinds(beats) == ["outcome", "death"]
    o, d = beats
    assert o["dies"] is True and o["strike_count"] == 3
    assert d["name"] == "Eddie" and d["cause"] == "strikes" and d["card"] == "8♣" and d["living_left"] == 3
    assert d["alive"] is False


def test_a_strike_told_before_a_death_in_the_same_batch_is_folded_into_it(game):
    """Lower strikes_to_die: a second Strike that kills is the death beat's."""
    beats = beats_from_events(game, [E.StrikeGained(SID, 2, "x"), E.CharacterDied(SID, "strikes")])
    assert kinds(beats) == ["death"]
    beats = beats_from_events(game, [E.StrikeGained(SID, 2, "x"), E.CharacterDied(HANK, "strikes")])
    assert kinds(beats) == ["strike", "death"]


def test_a_strike_or_death_with_no_test_before_it_has_no_card(game):
    (s,) = beats_from_events(game, [E.StrikeGained(RANDY, 1, "red joker")])
    no_card = {"card": None, "suit": None, "suit_name": None, "suit_symbol": None, "nature": None,
               "severity": "joker", "rank": 0, "face": None, "killer": False, "joker": None}
    assert {k: s[k] for k in no_card} == no_card
    assert s["name"] == "Randy" and s["aptitude"] == "Intellect"
    (d,) = beats_from_events(game, [E.CharacterDied(RANDY, "red joker")])
    assert {k: d[k] for k in no_card} == no_card and d["cause"] == "red joker"


def test_a_weakness_without_a_test_is_found_by_someone(game):
    (w,) = beats_from_events(game, [E.WeaknessFound(2, card(9, 2), 4)])
    assert w["name"] == "someone" and w["who"] is None and w["aptitude"] == "Intellect"
    assert w["aptitude_symbol"] == "♣" and w["found"] == 4 and w["remaining"] == 0 and w["card"] == "9♣"
    assert (w["archetype"], w["why"], w["strikes"], w["genre"], w["alive"]) == ("", "", 0, 0, True)


def test_the_endgame_dawn_and_all_dead(game):
    (b,) = beats_from_events(game, [E.EndgameBegan((1, 2, 3))])
    assert b.kind == "endgame" and b["removed_count"] == 3
    (b,) = beats_from_events(game, [E.Dawn((SID, EDDIE))])
    assert b.kind == "dawn" and b["survivors"] == ["Sid", "Eddie"] and b["survivor_count"] == 2
    assert b["dead"] == ["Hank", "Randy"]
    (b,) = beats_from_events(game, [E.AllDead()])
    assert b.kind == "all_dead" and b["names"] == ["Hank", "Sid", "Randy", "Eddie"]


def test_bookkeeping_events_make_no_beat(game):
    evs = [E.CardMoved(1, "a", "b"), E.Shuffled("threat"), E.Rolled(0, 1, 1, 1, False, False)]
    assert beats_from_events(game, evs) == []


@pytest.mark.parametrize("success", [True, False])
def test_a_black_jokers_test_is_one_beat_with_its_cards(game, success):
    evs = [resolved(SID, BLACK_JOKER, success=success), E.BlackJokerResolved(success, card(2, 0), card(12, 1))]
    (b,) = beats_from_events(game, evs)
    assert b.kind == "black_joker" and b["phase"] == ("success" if success else "failure")
    assert b["removed"] == "2♠" and b["added"] == "Q♥" and b["name"] == "Sid" and b["success"] is success
    assert b["living_left"] == 4 and b["joker"] == "black"
    evs = [resolved(SID, BLACK_JOKER), E.BlackJokerResolved(False, None, None)]
    (b,) = beats_from_events(game, evs)
    assert b["removed"] is None and b["added"] is None


def test_a_red_jokers_test_is_one_beat(game):
    game.dead[HANK] = "red joker"
    evs = [resolved(HANK, RED_JOKER, success=False), E.RedJokerResolved(False), E.CharacterDied(HANK, "red joker")]
    beats = beats_from_events(game, evs)
    assert kinds(beats) == ["red_joker", "death"]
    assert beats[0]["phase"] == "failure" and beats[0]["removed"] is None and beats[0]["living_left"] == 3
    assert beats[1]["card"] == "RJ"
    (b,) = beats_from_events(game, [resolved(HANK, RED_JOKER, success=True)])
    assert b.kind == "red_joker" and b["phase"] == "success"


def test_a_jokers_resolution_on_its_own(game):
    (b,) = beats_from_events(game, [E.BlackJokerResolved(True, card(3, 3), None)])
    assert b.kind == "black_joker" and b["removed"] == "3♦" and b["added"] is None and b["success"] is True
    assert b["phase"] == "success" and b["strike"] is False and b["dies"] is False and b["name"] == "Hank"
    assert b["difficulty"] == game.base_difficulty() and b["living_left"] == 4 and b["joker"] == "black"
    (b,) = beats_from_events(game, [E.BlackJokerResolved(False, None, card(11, 0))])
    assert b["removed"] is None and b["added"] == "J♠" and b["phase"] == "failure"
    game.dead[HANK] = "strikes"
    (b,) = beats_from_events(game, [E.RedJokerResolved(False)])
    assert b.kind == "red_joker" and b["name"] == "Sid" and b["removed"] is None and b["added"] is None
    assert b["joker"] == "red" and b["success"] is False
    evs = [resolved(RANDY, card(3, 0)), E.RedJokerResolved(True)]
    assert beats_from_events(game, evs)[1]["name"] == "Randy"
    for i in range(4):
        game.dead[i] = "strikes"
    assert beats_from_events(game, [E.RedJokerResolved(True)])[0]["name"] == "Hank"


def test_an_unknown_kind_is_refused_with_the_list_of_kinds():
    from solo.narration.beats import BEAT_KINDS

    with pytest.raises(ValueError) as err:
        Beat("nap")
    assert str(err.value) == "unknown beat kind 'nap' (one of " + ", ".join(BEAT_KINDS) + ")"


def test_a_character_without_archetype_or_why_is_told_with_empty_words():
    from dataclasses import replace

    game = Game(quick_cast(3), seed=3)
    game.cast = tuple(replace(c, archetype=None, why=None) for c in game.cast)
    ctx = character_context(game, SID)
    assert ctx["archetype"] == "" and ctx["why"] == ""
    op = beats_from_events(game, game.opening_events)[0]
    assert op["cast"][0]["archetype"] == "" and op["cast"][0]["why"] == ""


def test_the_rules_strikes_to_die_decide_which_strike_the_death_tells(game):
    game.rules = game.rules.with_(strikes_to_die=2)
    assert beats_from_events(game, [E.StrikeGained(SID, 2, "x")]) == []
    assert kinds(beats_from_events(game, [E.StrikeGained(SID, 1, "x")])) == ["strike"]
    game.rules = game.rules.with_(strikes_to_die=4)
    assert kinds(beats_from_events(game, [E.StrikeGained(SID, 3, "x")])) == ["strike"]


class NoRules:
    """A game as another engine may hand it over: no ``rules`` of its own."""

    def __init__(self, game):
        self._game = game

    def __getattr__(self, name):
        if name == "rules":
            raise AttributeError(name)
        return getattr(self._game, name)


def test_a_game_without_rules_dies_at_the_third_strike(game):
    g = NoRules(game)
    assert beats_from_events(g, [E.StrikeGained(SID, 3, "x")]) == []
    assert kinds(beats_from_events(g, [E.StrikeGained(SID, 2, "x")])) == ["strike"]


def test_an_opening_before_any_trophy_names_none(game):
    game.trophy = []
    assert game.trophy_top is None
    assert beats_from_events(game, game.opening_events)[0]["trophy_top"] is None


def test_a_genre_point_tells_the_reroll_that_follows_it_not_an_earlier_one(game):
    evs = [E.Rolled(SID, 2, 1, 2, False, True), E.GenrePointSpent(SID, 1), E.Rolled(SID, 6, 3, 5, False, True)]
    assert beats_from_events(game, evs)[0]["main"] == 6
    (b,) = beats_from_events(game, [E.GenrePointSpent(SID, 1), E.Rolled(SID, 7, 2, 6, False, True)])
    assert (b["main"], b["fallout"], b["total"]) == (7, 2, 9)


def test_a_black_jokers_resolution_is_found_past_other_events(game):
    evs = [resolved(SID, BLACK_JOKER, success=False), E.StrikeGained(SID, 1, "black joker"),
           E.BlackJokerResolved(False, card(5, 0), card(11, 2))]
    beats = beats_from_events(game, evs)
    assert kinds(beats) == ["black_joker", "strike"]
    assert beats[0]["removed"] == "5♠" and beats[0]["added"] == "J♣"


def test_only_a_death_after_a_strike_tells_it(game):
    evs = [E.CharacterDied(SID, "strikes"), E.StrikeGained(SID, 1, "x")]
    assert kinds(beats_from_events(game, evs)) == ["death", "strike"]
