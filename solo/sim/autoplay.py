"""``autoplay``: a whole night played by a policy, narrated and written as the same Markdown
transcript a human game writes. Same seed + template narrator → the same bytes."""

from __future__ import annotations

import random
from pathlib import Path

from ..nott.actions import Test
from ..nott.cast import quick_cast
from ..nott.rules import Ruleset
from ..play.night import Night
from .policies import get_policy, next_actions


def autoplay(seed: int, rules: Ruleset, policy_name: str = "careful", *, out: Path,
             narrator_kind: str = "template", model: str | None = None, notice=None) -> Night:
    from ..narration.factory import make_narrator

    policy = get_policy(policy_name)
    narrator = make_narrator(narrator_kind, seed=seed, model=model, notice=notice)
    cast = quick_cast(seed)[: rules.max_cast]
    night = Night(cast, rules, seed, narrator=narrator, transcript_path=out, narrator_name=narrator_kind)
    night.start()
    game = night.game
    rng = random.Random(seed ^ 0x5EED)
    responder = getattr(narrator, "respond", None) or getattr(getattr(narrator, "fallback", None), "respond", None)
    while game.outcome() is None:
        actions = next_actions(game, policy, rng)
        night.act(actions)
        if isinstance(actions[0], Test) and responder is not None:
            beat = next((b for b in reversed(night.last_beats) if b.kind == "challenge"), None)
            if beat is not None:
                night.say(responder(game.cast[actions[0].who], beat), actions[0].who)
    return night
