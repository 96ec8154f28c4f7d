"""Whole nights played through the shell as a player types them: first-person lines, asides,
questions, handovers (``give`` and "I hand my … to …") and the odd award of the player's own.
The continuity checker reads every text told, and finds nothing (docs/narration.md)."""

from __future__ import annotations

import random

import pytest

from solo.director.continuity import check

from .conftest import make_shell

LINES = (
    "I grab whatever is closest and go for it.",
    "I go in slowly, keeping low.",
    "I tell the others to stay behind me, and I go first.",
    "I'll be right back, I just need to check something.",
    "I read the words aloud, the way the legend says.",
    "I dare you to say its name three times.",
    "I feint left and go right.",
    "I hold my breath and wait for it to pass.",
    "It's just a prank, come out now.",
    "I go down to the basement alone.",
)
ASIDES = ("# the music is very loud here", "Everyone is very quiet for a while.")
QUESTIONS = ("Is the back door locked?", "Is it following us?", "Where did it go?", "Is there a phone that works?")


def play_night(seed: int, playset: str | None) -> tuple[list[str], int, int]:
    """Play night ``seed`` through the shell; what the checker found, how many texts it read
    and how many handovers were made."""
    sh = make_shell(seed=seed, playset=playset)
    assert sh.run_line("quick")
    assert sh.run_line("director awards on")
    night = sh.night
    found: list[str] = []
    read = [0]

    def told(beat, text, before, after):
        read[0] += 1
        found.extend(f"seed {seed}, {beat.kind}: {c}" for c in check(text, beat.kind, before, after, beat.get("name")))

    night.on_told = told
    rng = random.Random(seed)
    g = night.game
    handed = 0
    while not g.is_over() and g.tests < 60:
        who = g.living()[rng.randrange(len(g.living()))]
        name = g.cast[who].name
        assert sh.run_line(f"test {name}")
        if g.is_over():
            break
        roll = rng.random()
        if roll < 0.15:
            sh.run_line(rng.choice(QUESTIONS))
        elif roll < 0.25:
            sh.run_line(rng.choice(ASIDES))
        holder = night.story.find(name)
        others = [p.name for p in night.story.people if not p.dead and p.name != name]
        if holder.items and others and rng.random() < 0.2:
            thing, to = rng.choice(holder.items), rng.choice(others)
            line = (f"{name}: I hand my {thing} to {to}." if rng.random() < 0.5 else f"give {name} {thing} to {to}")
            assert sh.run_line(line)
            assert thing in night.story.find(to).items
            handed += 1
        else:
            sh.run_line(f"{name}: {rng.choice(LINES)}")
        sh.run_line("roll")
        if not g.is_over() and g.tester >= 0:
            sh.run_line("resolve")
        if sh.deaths:
            sh.run_line("")  # Enter: the director's telling of the death stands
        if not g.is_over() and rng.random() < 0.05 and g.pool > 0:
            sh.run_line(f"award {g.cast[g.living()[0]].name}")
    return found, read[0], handed


@pytest.mark.parametrize("seed, playset", [(3, None), (5, "house-party"), (8, "cabin-in-the-woods")])
def test_typed_nights_through_the_shell_contradict_nothing(seed, playset):
    found, read, handed = play_night(seed, playset)
    assert read > 40 and handed >= 1  # whole nights, with things handed over
    assert found == []
