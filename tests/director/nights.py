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


def hurt(night, i: int) -> bool:
    """Hurt as the fiction records it: a Strike's hurt, or a scrape a costly Test left."""
    view = night.story.view()["people"][i]
    return bool(view["hurts"] or view["scrapes"])


def first_death_night(rules, seeds, also=lambda night, living: True) -> Night | None:
    """The first night of ``seeds`` played (naively) until its first death, with someone hurt
    and someone unhurt among the living, and ``also(night, living)``; None if none is."""
    for seed in seeds:
        n = Night(quick_cast(seed), rules, seed, narrator=make_narrator("template", seed=seed))
        n.start()
        rng = random.Random(seed)
        while not any(d is not None for d in n.game.dead) and n.game.outcome() is None:
            n.act(next_actions(n.game, get_policy("naive"), rng))
        living = [i for i, d in enumerate(n.game.dead) if d is None]
        if any(d is not None for d in n.game.dead) and any(hurt(n, i) for i in living) \
                and any(not hurt(n, i) for i in living) and also(n, living):
            return n
    return None


def yes_to(night, text: str) -> bool:
    """Whether the director's answer to ``text`` is Yes (it must be a Yes or a No)."""
    night.ask(text)
    told = night.steps[-1].narration[0][1]
    assert told.startswith(("Yes", "No")), (text, told)
    return told.startswith("Yes")
