"""The rule knobs a playset's [rules] or ``--set`` may turn, each played by the core and each
reaching the core from an override (not only from the two built-in rulesets).

The rulebooks: "the Director takes the bottom card (a random 10) from the Number Reserve and
places it face-up to start the Trophy Pile" (ashcan) or "Start empty - no initial card is
placed" (playtest); "If empty, face cards use difficulty 1 as base"; "If there are no cards
left in a Reserve you would need to pull from, pull from the next highest Reserve pile
instead" (ashcan) or "Reserves may run dry; this is acceptable" (playtest)."""

from __future__ import annotations

import pytest

from solo.nott import ASHCAN, PLAYTEST
from solo.nott.cards import rank
from solo.nott.events import ReserveDry, ThreatRevealed
from solo.nott.game import Game
from solo.playsets import parse_overrides
from solo.playsets.model import RuleOverrides

from .helpers import CAST, C, cards, of, play_test, stacked

BEN = 1


def via(kind: str, base: str, **knobs):
    """The ruleset ``knobs`` give when they come from ``kind``: a playset's [rules] table or
    the ``--set key=value`` what-ifs."""
    if kind == "playset":
        return RuleOverrides(base=base, **knobs).ruleset()
    items = [f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in knobs.items()]
    return parse_overrides(items, RuleOverrides(base=base)).ruleset()


KINDS = ("playset", "--set")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("base", [0, 1, 4, 13])
def test_empty_trophy_base_sets_the_face_cards_base_while_the_trophy_is_empty(kind, base):
    rules = via(kind, "playtest", empty_trophy_base=base)
    g = Game(CAST, rules, seed=2)
    assert g.trophy == [] and g.base_difficulty() == base
    # Jack +1, Queen +2, King +3 on the base; a Joker's difficulty is the base itself
    for card, mod in (("J♠", 1), ("Q♥", 2), ("K♣", 3)):
        assert g.difficulty(C(card)) == base + mod
    assert g.difficulty(53) == base
    # and as played: the Threat Card's difficulty the table is told
    g = stacked(["9♥", "Q♦", "3♣"], rules=rules, trophy=[], number_reserve=["5♦", "6♦"])
    ev = play_test(g, BEN, 2, 1)  # 9♥ fails: the Queen comes up on a still empty Trophy Pile
    assert g.trophy == []
    assert of(ev, ThreatRevealed)[0].difficulty == base + 2


@pytest.mark.parametrize("kind", KINDS)
def test_empty_trophy_base_is_not_used_once_a_card_is_on_the_trophy_pile(kind):
    rules = via(kind, "playtest", empty_trophy_base=9)
    g = stacked(["2♥", "J♦"], rules=rules, trophy=["4♣"])
    assert g.difficulty(C("J♦")) == 4 + 1


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seed", range(6))
def test_trophy_start_turned_either_way(kind, seed):
    empty = Game(CAST, via(kind, "ashcan", trophy_start="empty"), seed=seed)
    assert empty.trophy == [] and len(empty.number_reserve) == 24 and empty.problems() == []
    ten = Game(CAST, via(kind, "playtest", trophy_start="ten"), seed=seed)
    assert len(ten.trophy) == 1 and rank(ten.trophy[0]) == 10
    assert len(ten.number_reserve) == 23 and ten.problems() == []
    assert ten.base_difficulty() == 10


@pytest.mark.parametrize("kind", KINDS)
def test_reserve_fallback_turned_off_lets_an_ashcan_reserve_run_dry(kind):
    rules = via(kind, "ashcan", reserve_fallback=False)
    g = stacked(["7♠", "2♥"], rules=rules, number_reserve=[], jacks=["J♥"], queens=["Q♣"])
    ev = play_test(g, BEN, 9, 1)
    assert g.deck == cards("2♥") and of(ev, ReserveDry)[0].wanted == "number card"
    assert g.reserves[0] == cards("J♥")


@pytest.mark.parametrize("kind", KINDS)
def test_reserve_fallback_turned_on_pulls_from_the_next_highest_in_playtest(kind):
    rules = via(kind, "playtest", reserve_fallback=True)
    g = stacked(["7♠", "2♥"], rules=rules, trophy=["5♣"], number_reserve=[], jacks=[], queens=["Q♣"])
    ev = play_test(g, BEN, 9, 1)
    assert g.deck == cards("2♥", "Q♣") and not of(ev, ReserveDry)
