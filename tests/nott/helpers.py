"""Shared helpers for the rules-core tests."""

from solo.nott import ASHCAN, Character, Game, ScriptedChance, parse_card
from solo.nott.actions import RESOLVE, ROLL, Resolve, Roll, Test

# Ann ♠ Power, Ben ♥ Resolve, Cat ♣ Intellect, Dee ♦ Finesse
CAST = [
    Character("Ann", 0, "The Jock"),
    Character("Ben", 1, "The Babysitter"),
    Character("Cat", 2, "The Reporter"),
    Character("Dee", 3, "The Thief"),
]


def C(text):
    return parse_card(text)


def cards(*texts):
    return [parse_card(t) for t in texts]


def stacked(threat, dice=(), shuffles=None, choices=None, rules=ASHCAN, **piles):
    chance = ScriptedChance(dice=dice, shuffles=shuffles, choices=choices)
    return Game.stacked(CAST, rules, chance, threat=threat, **piles)


def play_test(game, who, main=None, fallout=None, adjust=0):
    """One whole Test; returns every event it caused."""
    events = game.push(Test(who))
    events += game.push(ROLL if main is None else Roll(main, fallout))
    events += game.push(Resolve(adjust) if adjust else RESOLVE)
    return events


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]
