"""Small builders shared by the play tests: a played night, a stacked table, a valid save."""

from __future__ import annotations

import random
from pathlib import Path

from solo.nott import events as E
from solo.nott.cast import quick_cast
from solo.nott.game import Character, Game
from solo.nott.rules import ASHCAN
from solo.play.night import Night
from solo.sim.policies import get_policy, next_actions

CAST = [Character("Ann", 0, "The Jock", "lost a bet"), Character("Bo", 1, "The Nerd", ""),
        Character("Cy", 2, "", "came for the party"), Character("Di", 3, "The Final Girl", "works here")]


def night_of(seed: int = 12, rules=ASHCAN, **kw) -> Night:
    """A started night of the quick cast for ``seed``, no narrator unless given."""
    night = Night(quick_cast(seed)[: rules.max_cast], rules, seed, **kw)
    night.start()
    return night


def play_on(night: Night, steps: int, policy: str = "careful", seed: int = 1) -> Night:
    """Play up to ``steps`` more policy decisions (fewer if the night ends)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if night.game.outcome() is not None:
            break
        night.act(next_actions(night.game, get_policy(policy), rng))
    return night


def play_out(night: Night, policy: str = "careful", seed: int = 1) -> Night:
    return play_on(night, 10_000, policy, seed)


def all_events(night: Night) -> list:
    return [e for events in night.step_events for e in events]


def of_type(night: Night, kind) -> list:
    return [e for e in all_events(night) if type(e) is kind]


def stacked_night(threat, rules=ASHCAN, cast=CAST, seed=5, **piles) -> Night:
    """A night on a table laid out by hand (piles top first)."""
    game = Game.stacked(cast, rules, threat=threat, **piles)
    return Night(cast, rules, seed, game=game)




def lost_quickly() -> Night:
    """A night lost at once: one Strike kills (``strikes_to_die=1``) and every Test is rolled
    0 + 1 by the first character alive, so nobody finds a weakness or reaches the Endgame."""
    from solo.nott.actions import Resolve, Roll, Test

    rules = ASHCAN.with_(strikes_to_die=1)
    night = stacked_night(["JS", "QH", "2C", "3D"], rules=rules)
    night.start()
    for _ in range(200):
        if night.game.is_over():
            break
        night.act([Test(night.game.living()[0])])
        night.act([Roll(0, 1)])
        night.act([Resolve(0)])
    assert night.game.is_over() and not night.game.outcome().dawn
    return night


def to_next_test(night: Night, seed: int = 1) -> Night:
    """Play on until a new Test may begin (a character is to be chosen)."""
    from solo.nott.game import CHOOSE_TESTER

    rng = random.Random(seed)
    while night.game.phase != CHOOSE_TESTER and night.game.outcome() is None:
        night.act(next_actions(night.game, get_policy("careful"), rng))
    return night
