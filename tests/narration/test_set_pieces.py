"""Set pieces used up before reused (issue: a typed night reads as a story). A playset's
challenges of a suit (its flavour, and the ones the place the group is at owns) are each told
once before any is told again; when they run short, a scene is made of the place's props, the
Killer's signs and what the night established (a place cut off) rather than a piece again.
Read off whole nights of both built-in playsets, each scene against the pieces there were."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from solo.narration.factory import make_narrator
from solo.nott.cards import SUIT_APTITUDES
from solo.nott.cast import quick_cast
from solo.nott.rules import ASHCAN, PLAYTEST
from solo.play.night import Night
from solo.world.places import fits, lacking
from solo.playsets import load_playset
from solo.sim.policies import get_policy, next_actions


def scenes(playset: str, seed: int, rules=ASHCAN):
    """Each threat told in a night: (the pieces there were for its suit, the one it told)."""
    ps = load_playset(playset)
    night = Night(quick_cast(seed), rules, seed, narrator=make_narrator("template", seed=seed, playset=ps),
                  setting=ps.setting(), playset=playset)
    night.start()
    rng, policy = random.Random(seed), get_policy("careful")
    narration = night.opening  # the first Threat Card is told with the opening
    while not night.game.is_over():
        told = [t for k, t in narration if k.partition(".")[0] == "threat"]
        if told and night.game.threat < 52:
            yield _pieces(night, ps, SUIT_APTITUDES[night.game.threat // 13], told[-1])
        night.act(next_actions(night.game, policy, rng))
        narration = night.steps[-1].narration


def _pieces(night, ps, suit: str, told: str):
    """The pieces of ``suit`` that fit where the group is (the setting model; no thing gone, no
    "everyone" to the last one alive), and the one ``told`` tells (None: none)."""
    story = night.story
    here = story.here
    gone = {i.split()[-1].lower() for p in story.people for i in p.lost + (p.items if p.dead else [])}
    alone = len(story.living()) == 1
    own = here["threats"].get(suit, [])
    lacks = lacking(story.location, story.places.get(story.location), story.wild, tuple(story.locations))
    pieces = [p for p in own + list(ps.setting()["flavour"][suit])
              if fits(p, story.wild, here["indoors"], here["outdoors"], tuple(story.locations))
              and (p in own or not any(w in p.lower() for w in lacks))  # "a heavy door " at the rope bridge
              and not any(re.search(rf"\b{re.escape(w)}s?\b", p, re.I) for w in gone)
              and not (alone and re.search(r"\b(?:everyone|the others|of you)\b", p))]
    found = [p for p in pieces if p[1:].rstrip(".").lower() in told.lower()]
    return pieces, (found[0] if found else None)


@pytest.mark.parametrize("playset", ["house-party", "cabin-in-the-woods"])
def test_set_pieces_are_used_up_before_any_is_told_again(playset):
    early = combined = 0
    for seed in range(6):
        told: Counter = Counter()
        for pieces, piece in scenes(playset, seed, (ASHCAN, PLAYTEST)[seed % 2]):
            if piece is None:
                combined += 1  # a scene made of the place, its props and the night
                continue
            if told[piece] and any(not told[p] for p in pieces):
                early += 1  # told again while another was never told
            told[piece] += 1
    assert early == 0
    assert combined > 0  # the pieces ran short somewhere, and the night did not repeat one


def test_a_death_tells_the_last_stand_the_player_typed_not_another():
    """"I hold still and stare it down", then the Strike that kills: the death tells that stand
    as the character's own ("holds still and stares it down, to the very end"), never a flight
    the player did not choose; a character who said nothing at that Test gets the death's own lines."""
    from solo.narration.templates import TemplateNarrator
    from solo.nott.actions import Resolve, Roll, Test
    from solo.nott.game import Game
    from solo.nott.rules import ASHCAN as RULES
    from solo.play.night import Night as PlayNight
    from tests.play.helpers import CAST as FOUR

    rules = RULES.with_(strikes_to_die=1)

    def death(seed: int, line: str | None) -> str:
        game = Game.stacked(FOUR, rules, threat=["JH", "QH", "2C", "3D"])
        night = PlayNight(FOUR, rules, seed, game=game, narrator=TemplateNarrator(seed=seed))
        night.start()
        who = night.game.living()[0]
        if line:
            night.say(line, who)
        night.act([Test(who)])
        night.act([Roll(0, 1)])
        if night.game.phase != "choose tester":
            night.act([Resolve(0)])
        return " ".join(t for s in night.steps[-2:] for k, t in s.narration if k == "death")

    for seed in range(4):
        told = death(seed, "I hold still and stare it down.")
        assert "holds still and stares it down" in told and "run" not in told, told
        told = death(seed, None)
        assert told and "stares it down" not in told, told
