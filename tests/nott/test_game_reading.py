"""Reading the table without changing it: who is who, what a resolve would do, which actions
are legal, the last action, and the wording of the refusals a player reads."""

import pytest

from solo.nott import ASHCAN, Character, Game, Preview, ScriptedChance
from solo.nott.actions import REROLL, RESOLVE, ROLL, Award, Reroll, Resolve, Roll, Test
from solo.nott.errors import AptitudeError, IllegalActionError, NoGenrePointError, UnknownCharacterError

from .helpers import CAST, stacked

ANN, BEN, CAT, DEE = range(4)


# ---------------------------------------------------------------- who


def test_who_takes_every_index_of_the_cast_including_zero():
    g = Game(CAST, seed=1)
    assert [g.who(i) for i in range(4)] == [0, 1, 2, 3]
    assert g.who("0") == 0


@pytest.mark.parametrize("ref,message", [
    (4, "no character number 4 (0–3)"),
    (-1, "no character number -1 (0–3)"),
    ("7", "no character number 7 (0–3)"),
    ("Zed", "no character called 'Zed' (cast: Ann, Ben, Cat, Dee)"),
    ("", "no character called '' (cast: Ann, Ben, Cat, Dee)"),
    ("  ", "no character called '' (cast: Ann, Ben, Cat, Dee)"),
])
def test_who_refuses_someone_not_in_the_cast_listing_the_cast(ref, message):
    g = Game(CAST, seed=1)
    with pytest.raises(UnknownCharacterError) as err:
        g.who(ref)
    assert str(err.value) == message


SHARED = [Character("Ann", 0), Character("Annie", 1), Character("Anya", 2), Character("Bob", 3)]


def test_an_exact_name_wins_over_a_longer_name_it_begins():
    g = Game(SHARED, seed=1)
    assert g.who("ann") == 0 and g.who("ANN") == 0 and g.who("Annie") == 1 and g.who("any") == 2


@pytest.mark.parametrize("ref,message", [
    ("an", "'an' could be Ann or Annie or Anya"),
    ("A", "'A' could be Ann or Annie or Anya"),
])
def test_an_ambiguous_beginning_names_every_candidate(ref, message):
    g = Game(SHARED, seed=1)
    with pytest.raises(UnknownCharacterError) as err:
        g.who(ref)
    assert str(err.value) == message


# ---------------------------------------------------------------- preview


def decide(threat, main, fallout, who=BEN, **kw):
    g = stacked(threat, **kw)
    g.push(Test(who))
    g.push(Roll(main, fallout))
    return g


def test_preview_without_an_adjustment_is_the_plain_resolve():
    g = decide(["7♠", "2♠"], 5, 2, who=ANN)  # Ann's Power matches ♠, so ±1 would be allowed
    assert g.preview() == g.preview(0)
    assert g.preview() == Preview(0, 5, 2, 7, 7, True, False, False)


def test_preview_reports_every_field_of_an_adjusted_resolve():
    # Ann (Power ♠) against 9♠: 6+2 = 8 fails; +1 makes 6+3 = 9, a Costly success.
    g = decide(["9♠", "2♠"], 6, 2, who=ANN)
    assert g.preview(+1) == Preview(1, 6, 3, 9, 9, True, False, False)
    assert g.preview(-1) == Preview(-1, 6, 1, 7, 9, False, False, False)


def test_preview_keeps_a_clean_fallout_at_one():
    """"A modifier can never raise the result of a die above or below the ranges"."""
    g = decide(["5♣", "2♠"], 4, 1, who=CAT)
    assert g.preview(-1).fallout == 1 and g.preview(-1).total == 5
    assert g.preview(0).fallout == 1


def test_preview_of_a_clean_success_against_the_killer_gives_no_strike():
    g = decide(["J♥", "2♠"], 9, 1, trophy=["5♣"])
    p = g.preview(0)
    assert (p.success, p.strike, p.dies) == (True, False, False)


def test_preview_of_a_dire_success_against_the_killer_gives_a_strike():
    """"When you succeed with a fallout of 4 while confronting the Killer ... you gain one Strike.\""""
    g = decide(["J♥", "2♠"], 9, 4, trophy=["5♣"])
    p = g.preview(0)
    assert (p.success, p.strike, p.dies) == (True, True, False)


@pytest.mark.parametrize("strikes,dies", [(0, False), (1, False), (2, True)])
def test_preview_says_a_strike_kills_only_at_the_third(strikes, dies):
    """"When you get your third Strike, the character's story is over.\""""
    g = decide(["K♥", "2♠"], 0, 1, trophy=["5♣"])
    g.strikes[BEN] = strikes
    p = g.preview(0)
    assert (p.success, p.strike, p.dies) == (False, True, dies)


def test_preview_of_a_plain_failure_without_a_strike_kills_nobody():
    g = decide(["9♥", "2♠"], 1, 2)
    g.strikes[BEN] = 2
    p = g.preview(0)
    assert (p.success, p.strike, p.dies) == (False, False, False)


def test_preview_says_failing_the_red_joker_kills_and_beating_it_does_not():
    """Red Joker: "Failure: The character making the Test is killed.\""""
    endgame = dict(trophy=["6♥"], weaknesses=["J♠", "J♥", "J♣", "J♦"])
    p = decide(["RJ", "Q♠"], 1, 1, **endgame).preview(0)
    assert (p.difficulty, p.success, p.strike, p.dies) == (6, False, False, True)
    p = decide(["RJ", "Q♠"], 5, 1, **endgame).preview(0)
    assert (p.success, p.strike, p.dies) == (True, False, False)


def test_preview_before_a_roll_is_refused_naming_the_phase():
    g = stacked(["2♠", "3♠"])
    with pytest.raises(IllegalActionError) as err:
        g.preview()
    assert str(err.value) == "nothing to preview: the game is at 'choose tester', not after a roll"


def test_preview_with_aptitude_off_suit_is_an_aptitude_error():
    g = decide(["7♠", "2♠"], 3, 3, who=BEN)
    with pytest.raises(AptitudeError) as err:
        g.preview(+1)
    assert str(err.value) == "cannot adjust Fallout by +1: Ben's Aptitude is Resolve (♥) and the Threat Card is 7♠"


def test_aptitude_against_a_joker_is_refused_saying_it_has_no_suit():
    g = decide(["RJ", "Q♠"], 4, 2, who=ANN, trophy=["6♥"], weaknesses=["J♠", "J♥", "J♣", "J♦"])
    with pytest.raises(AptitudeError) as err:
        g.push(Resolve(-1))
    assert str(err.value) == "cannot adjust Fallout by -1: Ann's Aptitude is Power (♠) and a Joker has no suit"


# ---------------------------------------------------------------- legal actions


def test_legal_actions_when_a_tester_is_wanted():
    g = stacked(["2♠", "3♠"])
    assert g.legal_actions() == [Test(0), Test(1), Test(2), Test(3), Award(0), Award(1), Award(2), Award(3)]
    g.dead[CAT] = "strikes"
    g.strikes[CAT] = 3
    assert g.legal_actions() == [Test(0), Test(1), Test(3), Award(0), Award(1), Award(3)]


def test_legal_actions_list_awards_while_one_genre_point_is_left_and_none_after():
    g = stacked(["2♠", "3♠"])
    g.pool = 1
    g.spent = 12
    assert Award(0) in g.legal_actions()
    g.push(Award(0))
    assert g.legal_actions() == [Test(0), Test(1), Test(2), Test(3)]


def test_legal_actions_at_the_roll():
    g = stacked(["2♠", "3♠"])
    for _ in range(13):
        g.push(Award(DEE))
    g.push(Test(BEN))
    assert g.legal_actions() == [Roll()]


def test_legal_actions_after_the_roll_off_suit_without_a_genre_point():
    g = stacked(["2♠", "3♠"])
    g.pool = 0
    g.spent = 13
    g.push(Test(BEN))
    g.push(Roll(5, 1))
    assert g.legal_actions() == [Resolve(0)]


def test_legal_actions_after_the_roll_with_aptitude_and_one_genre_point():
    """One Genre Point buys the reroll; a matching suit allows -1 and +1 on the Fallout die."""
    g = stacked(["2♠", "3♠"])
    g.push(Award(ANN))
    g.pool = 0
    g.spent = 12
    g.push(Test(ANN))
    g.push(Roll(5, 2))
    assert g.legal_actions() == [Reroll(), Resolve(0), Resolve(-1), Resolve(1)]
    g.push(Reroll(3, 2))
    # "You must accept the second result": no second reroll
    assert g.legal_actions() == [Resolve(0), Resolve(-1), Resolve(1)]


def test_legal_actions_after_the_roll_with_the_pool_open():
    g = stacked(["2♠", "3♠"])
    g.push(Test(BEN))
    g.push(Roll(5, 2))
    assert g.legal_actions() == [Resolve(0), Award(0), Award(1), Award(2), Award(3)]


# ---------------------------------------------------------------- history and refusals


def test_peek_shows_the_last_action_played():
    g = stacked(["2♠", "3♠"])
    assert g.peek() is None
    g.push(Award(CAT))
    g.push(Test(BEN))
    g.push(Roll(5, 2))
    assert g.peek() == Roll(5, 2)
    g.pop()
    assert g.peek() == Test(BEN)
    g.pop()
    assert g.peek() == Award(CAT)
    g.pop()
    assert g.peek() is None


def test_undo_refusals_say_why():
    with pytest.raises(IllegalActionError) as err:
        Game(CAST, seed=1).pop()
    assert str(err.value) == "nothing to undo: no action has been played"
    with pytest.raises(IllegalActionError) as err:
        Game(CAST, seed=1, record=False).pop()
    assert str(err.value) == "this game keeps no history (record=False), so it cannot undo"


def test_reroll_refusals_quote_the_action_and_say_why():
    g = stacked(["9♦", "2♠"])
    with pytest.raises(IllegalActionError) as err:
        g.push(REROLL)
    assert str(err.value) == "cannot 'reroll': there is no roll to reroll"
    g.push(Test(DEE))
    g.push(Roll(0, 1))
    with pytest.raises(NoGenrePointError) as err:
        g.push(Reroll(4, 2))
    assert str(err.value) == "cannot 'reroll 4 2': Dee has no Genre Point"
    g.push(Award(DEE))
    g.push(Award(DEE))
    g.push(Reroll(4, 2))
    with pytest.raises(IllegalActionError) as err:
        g.push(REROLL)
    assert str(err.value) == "cannot 'reroll': a Genre Point reroll stands — \"You must accept the second result\""


def test_repr_names_the_ruleset_seed_count_phase_and_threat():
    g = stacked(["A♠", "2♠"])
    assert repr(g) == "<Game ashcan seed=None tests=0 phase='choose tester' threat=A♠>"
    g = Game(CAST, seed=5)
    assert repr(g).startswith("<Game ashcan seed=5 tests=0 phase='choose tester' threat=A")


def test_repr_of_a_table_without_a_threat_card_still_reads():
    g = stacked(["A♠", "2♠"])
    g.deck = []
    assert repr(g) == "<Game ashcan seed=None tests=0 phase='choose tester' threat=None>"
