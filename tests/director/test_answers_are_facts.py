"""Answers are facts: over a thousand generated questions on generated nights, the same
question gives the same answer — asked again, after undo, after resume and in a replay; asking
never changes the cards or dice; every yes/no answer begins "Yes" or "No"; and the
continuity checker finds nothing in the answers to hold against the story."""

from __future__ import annotations

import random
import re

import pytest

from solo.director.recap import recap
from solo.director.continuity import check
from solo.narration.factory import make_narrator
from solo.nott.cast import quick_cast
from solo.nott.rules import ASHCAN, PLAYTEST
from solo.play.night import Night
from solo.sim.autoplay import autoplay
from solo.sim.policies import get_policy, next_actions

from .nights import night_some_way_in

THINGS = ("cellar door", "back window", "truck", "radio", "boathouse door", "phone", "gate", "attic hatch")
STATES = ("locked", "open", "broken", "empty", "working", "dark", "blocked")
PLACES = ("boathouse", "mess hall", "chapel", "woods", "basement", "garage")


def questions(rng: random.Random, night: Night, n: int) -> list[tuple[str, int | None, str | None]]:
    """``n`` questions a table might ask at this point of ``night``: about the state, yes or no
    about the unknown, and open ones; with speakers and stated odds."""
    names = night.names
    items = [i for p in night.story.people for i in p.items + p.lost] or ["flashlight"]
    made = []
    for _ in range(n):
        name, item = rng.choice(names), rng.choice(items)
        thing, state, place = rng.choice(THINGS), rng.choice(STATES), rng.choice(PLACES)
        text = rng.choice([
            "How many of us are left?", f"Is {name} hurt?", f"Who has the {item}?", "What have we lost?",
            "Where are we?", "What do we know about the killer?", f"Is {name} dead?", f"Does {name} have the {item}?",
            "How many Genre Points do we have?", "What's the difficulty?",
            f"Is the {thing} {state}?", f"Is anyone in the {place}?", f"Is there a way out through the {thing}?",
            f"Can we reach the {place}?", f"Is it waiting in the {place}?", "Is anyone out there?",
            f"What is making that noise in the {place}?", f"Who left the {thing} {state}?", "Where did it come from?",
            f"Why is the {thing} {state}?", f"How do we get past the {thing}?",
        ])
        who = rng.choice([None] + [i for i in night.game.living()])
        odds = rng.choice([None, None, None, "likely", "unlikely", "very likely", "very unlikely", "even"])
        made.append((text, who, odds))
    return made


def told(night: Night) -> str:
    return " ".join(t for _, t in night.steps[-1].narration)


def night_at(seed: int, tmp_path) -> Night:
    rules = ASHCAN if seed % 2 else PLAYTEST
    return night_some_way_in(seed, rules, "naive", 40, save_path=tmp_path / f"n{seed}.json")


@pytest.mark.parametrize("seed", [*range(8), *(pytest.param(s, marks=pytest.mark.corpus) for s in range(8, 20))])
def test_fifty_questions_a_night_are_answered_the_same_every_way(seed, tmp_path):
    """Eight nights in ``make test``; twenty in the long sweeps."""
    night = night_at(seed, tmp_path)
    rng = random.Random(1000 + seed)
    found = []

    def on_told(beat, text, before, after):
        found.extend(check(text, beat.kind, before, after, beat.get("name")))

    night.on_told = on_told
    first: dict[tuple, str] = {}
    for text, who, odds in questions(rng, night, 50):
        reply = night.ask(text, who, odds)
        answer = told(night)
        if reply.yes is not None:
            assert answer.startswith(("Yes", "No")), (text, answer)
            assert answer.startswith("Yes") is reply.yes, (text, answer, reply.yes)
        night.undo(1)  # taken back exactly: asked at the same moment, the same answer
        assert night.ask(text, who, odds).kind == reply.kind and told(night) == answer, text
        again = night.ask(text, who, odds)  # asked once more: a fact, or the same state
        assert told(night) == answer, (text, again.kind)
        first.setdefault((text, odds), answer)
        assert first[(text, odds)] == answer or reply.kind == "state", text
    assert found == []
    # resumed from the save, the night has the same answers, and a fact asked again is kept
    resumed = Night.from_save(night.save_path, narrator=make_narrator("template", seed=seed))
    assert [s.narration for s in resumed.steps] == [s.narration for s in night.steps]
    for (text, odds), answer in list(first.items())[:10]:
        reply = resumed.ask(text, None, odds)
        if reply.kind != "state":
            assert told(resumed) == answer, text


def test_asked_the_other_way_round_gives_the_opposite_from_the_same_fact(tmp_path):
    night = night_at(3, tmp_path)
    first = night.ask("Is the cellar door locked?")
    flipped = night.ask("Is the cellar door unlocked?")
    assert flipped.kind == "repeat" and flipped.yes is (not first.yes)
    assert told(night).startswith("No" if first.yes else "Yes")
    assert night.ask("Is the door to the cellar locked?").yes is first.yes


@pytest.mark.parametrize("seed", [1, 4, 7])
def test_thirty_questions_change_no_card_die_or_outcome(seed, tmp_path):
    """The same seed and choices, once with thirty questions between the Tests and once
    without: the same events, in order, and the same end."""
    def play(asking: bool) -> tuple[list, object]:
        night = Night(quick_cast(seed), ASHCAN, seed, narrator=make_narrator("template", seed=seed))
        night.start()
        rng, ask_rng = random.Random(seed), random.Random(seed + 7)
        asked = 0
        events = []
        while night.game.outcome() is None:
            if asking and asked < 30 and ask_rng.random() < 0.5:
                text, who, odds = questions(ask_rng, night, 1)[0]
                night.ask(text, who, odds)
                asked += 1
            night.act(next_actions(night.game, get_policy("careful"), rng))
            events.append(night.last_events)
        assert not asking or asked == 30
        return events, night.game.outcome()

    assert play(True) == play(False)


@pytest.mark.parametrize("seed", [3, 11])
def test_autoplay_with_and_without_questions_plays_the_same_night(seed):
    """Autoplay's questions take nothing from the night: the same events, the same awards and
    the same narration, with the answers in between; only a promise an answer made (help is
    coming) is kept at the end, in a sentence of its own."""
    with_q = autoplay(seed, ASHCAN, "careful", out=None)
    without = autoplay(seed, ASHCAN, "careful", out=None, questions=False)
    asked = [s for s in with_q.steps if s.ask is not None]
    assert asked
    kept = [s for s in with_q.steps if s.ask is None]
    assert [e for s in with_q.step_events for e in s] == [e for s in without.step_events for e in s]

    def unpromised(narration):
        return [(k, re.sub(r" [^.]*\bthe help that was (?:coming|promised)\b[^.]*\.", "", t)) for k, t in narration]
    assert [(s.actions, s.say, s.note, unpromised(s.narration)) for s in kept] == \
        [(s.actions, s.say, s.note, s.narration) for s in without.steps]


@pytest.mark.parametrize("seed", range(8))
def test_the_recap_lists_exactly_the_dead_the_hurt_and_the_lost(seed):
    night = autoplay(seed, ASHCAN, "naive", out=None, questions=False)
    rng = random.Random(seed)
    for _ in range(4):
        g, f = night.game, night.story
        lines = recap(g, f, night.last_test_events)
        assert 1 <= len(lines) <= 5 and lines[0].startswith("Previously")
        text = "\n".join(lines)
        names = night.names
        dead = {names[i] for i in range(len(names)) if g.dead[i] is not None}
        hurt = {names[i] for i in g.living() if g.strikes[i] or f.people[i].hurts or f.people[i].scrapes}
        lost = {f"{names[i]}'s {x}" for i, p in enumerate(f.people) for x in p.lost}
        dead_line = next((ln for ln in lines if ln.startswith("Dead: ")), "")
        hurt_line = next((ln for ln in lines if ln.startswith("Hurt: ")), "")
        lost_line = next((ln for ln in lines if ln.startswith("Lost: ")), "")
        assert {n for n in names if f"{n} \u2014 " in dead_line} == dead, text
        assert {n for n in names if f"{n} (" in hurt_line} == hurt, text
        assert {x for x in lost if x in lost_line} == lost and lost_line.count("'s ") == len(lost), text
        for i in g.living():
            for wound in f.people[i].hurts + f.people[i].scrapes:
                assert wound in hurt_line
        night.undo(min(len(night.steps) - 1, rng.randrange(5, 25)))
