"""A night played some way in by a policy, for the director's answers to be asked about."""

from __future__ import annotations

import random

from solo.narration.factory import make_narrator
from solo.nott.cast import quick_cast
from solo.play.night import Night
from solo.sim.policies import get_policy, next_actions


def night_some_way_in(seed: int, rules, policy: str, most: int, **kw) -> Night:
    """Night ``seed`` (the template narrator) after up to ``most`` steps of ``policy``, never
    over: a last step that ended it is taken back. ``kw`` goes to :class:`Night`."""
    night = Night(quick_cast(seed)[: rules.max_cast], rules, seed, narrator=make_narrator("template", seed=seed), **kw)
    night.start()
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, most)):
        if night.game.is_over():
            break
        night.act(next_actions(night.game, get_policy(policy), rng))
    if night.game.is_over():
        night.undo(1)
    return night
