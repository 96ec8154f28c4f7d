"""``autoplay``: a whole night played by a policy, narrated and written as the same Markdown
transcript a human game writes. Same seed + template narrator → the same bytes."""

from __future__ import annotations

import random
from pathlib import Path

from ..narration.beats import Beat
from ..nott.actions import Test
from ..nott.cast import quick_cast
from ..nott.rules import Ruleset
from ..play.night import Night
from .asking import Curious, split_odds
from .policies import get_policy, next_actions


def autoplay(seed: int, rules: Ruleset, policy_name: str = "careful", *, out: Path | None,
             narrator_kind: str = "template", model: str | None = None, notice=None, playset=None,
             form: str = "story", on_step=None, on_told=None, questions: bool = True,
             keep_fiction: bool = True, safety=None) -> Night:
    """Play a whole night; ``playset`` (a :class:`~solo.playsets.Playset`) sets the scene and
    the quick cast's archetypes (its rules are the caller's to apply to ``rules``). With
    ``questions``, the players ask the director a few questions at plausible moments (from a
    stream of their own: the cards and dice are the same either way). Without
    ``keep_fiction``, the fiction before each step is not kept (an undo rebuilds it). ``safety``
    (a :class:`~solo.director.safety.Safety`): the lines and veils it is told under (the cards and
    dice are the same either way)."""
    from ..narration.factory import make_narrator
    from ..nott.cards import SUIT_APTITUDES

    policy = get_policy(policy_name)
    narrator = make_narrator(narrator_kind, seed=seed, model=model, notice=notice, playset=playset)
    archetypes = ({i: tuple(getattr(playset.archetypes, SUIT_APTITUDES[i])) for i in range(4)}
                  if playset is not None else None)
    cast = quick_cast(seed, archetypes=archetypes)[: rules.max_cast]
    night = Night(cast, rules, seed, narrator=narrator, transcript_path=out, narrator_name=narrator_kind,
                  playset=playset.name if playset is not None else None, transcript_form=form)
    night.playset_title = playset.title if playset is not None else None
    night.live_transcript = False  # written once, at the end
    night._keep_stories = keep_fiction
    night.on_told = on_told
    if safety:
        night.safety = safety
    night.start()
    game = night.game
    rng = random.Random(seed ^ 0x5EED)
    responder = getattr(narrator, "respond", None) or getattr(getattr(narrator, "fallback", None), "respond", None)
    from ..director.awards import Director

    director = Director()  # the template judge: the same line always earns the same award
    curious = Curious(seed) if questions else None
    while game.outcome() is None:
        asked = curious.question(night) if curious is not None and game.tester < 0 else None
        if asked is not None:
            text, odds = split_odds(asked[0])
            night.ask(text, asked[1], odds)
            again = curious.again(night, asked[0], asked[1])
            if again is not None:  # another asks the same in other words, at once
                night.ask(*again)
        actions = next_actions(game, policy, rng)
        night.act(actions)
        if isinstance(actions[0], Test) and responder is not None:
            beat = next((b for b in reversed(night.last_beats) if b.kind == "challenge"), None)
            if beat is not None:
                who = actions[0].who
                hazard, around = hazard_told(night, beat)
                line = responder(game.cast[who], Beat(beat.kind, {**beat.context, "hazard": hazard, "around": around}))
                night.say(line, who)
                verdict, withheld = director.consider(night, line, who)
                if verdict is not None and withheld is None:
                    director.award(night, who, verdict)
        if on_step is not None:
            on_step(night)
    night.live_transcript = True
    night.write_transcript()
    return night


#: The beats that tell the hazard itself: a deed needs its thing to be in one of these.
_HAZARD_KINDS = frozenset(("threat", "challenge", "red_joker", "black_joker"))


def hazard_told(night: Night, challenge) -> tuple[str, str]:
    """What the line answering ``challenge`` answers, as the story told it: the Threat Card's
    telling and the challenge's; and what is around it: the place, the Killer's look and
    weapon, and whatever else was told since the card (answers, the last outcome), whose
    things may be named but whose things no deed is done to ("I reach in" answers a hole in
    the hazard, not "lake water" in an answer about a smell)."""
    told: list[str] = []
    else_told: list[str] = []
    for step in reversed(night.steps):
        pairs = list(step.narration)
        for k, t in pairs:
            (told if k.partition(".")[0] in _HAZARD_KINDS else else_told).append(t)
        if any(k.partition(".")[0] == "threat" or k.endswith(".revealed") for k, _t in pairs):
            break
    killer = (challenge.get("f") or {}).get("killer") or {}
    return " ".join(told), " ".join([str(challenge.get("location") or ""),
                                     *(str(killer.get(k) or "") for k in ("look", "weapon")), *else_told])

